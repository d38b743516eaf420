// Labels line up in a section whatever the glyph: a one-cell glyph is padded to an emoji's two
// cells, and an item without a glyph, among items with one, starts its label where theirs are.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Labels line up")
struct LabelAlignmentTests {
    @Test("one-cell glyphs, emoji and no glyph: every label starts in the same column")
    func alignedLabels() {
        let items = [
            Item(label: "star", glyph: "★"), Item(label: "smile", glyph: "😀"), Item(label: "plain"),
        ]
        let catalog = Catalog(sections: [Section(title: "S", items: items)], source: "test")
        var settings = fixtureSettings(splitFrom: 1000)
        settings.itemWidth = 12
        let state = BrowserState(catalog: catalog, settings: settings, theme: .standard, width: 40, height: 6)
        let lines = render(state)
        // Slots of 12 from column 1, each label 4 cells into its slot (padding, glyph column, space).
        #expect(lines[1].hasPrefix("  ★  star     😀 smile       plain"), "\(lines[1])")
        // Without any glyph in the section, labels start at the slot's padding.
        let bare = Catalog(sections: [Section(title: "S", items: [Item(label: "plain")])], source: "test")
        let plain = render(BrowserState(catalog: bare, settings: settings, theme: .standard, width: 40, height: 6))
        #expect(plain[1].hasPrefix("  plain"), "\(plain[1])")
    }

    @Test("a label with too little room is cut with …, taking the slot's right padding, never dropped")
    func labelsAreCutNotDropped() {
        // The README's fruit.json: banana, "width": 6, with its glyph.
        let items = [Item(label: "apple"), Item(label: "banana", glyph: "🍌", width: 6, height: 2)]
        let catalog = Catalog(sections: [Section(title: "Fruit", items: items)], source: "test")
        var settings = fixtureSettings(splitFrom: 1000)
        settings.itemWidth = 12
        var state = BrowserState(catalog: catalog, settings: settings, theme: .standard, width: 40, height: 6)
        #expect(render(state)[1].contains("🍌 b…"), "\(render(state)[1])")
        // Found by a search, the same, its matched letters lit.
        state.send(.character("/"))
        state.type("ban")
        #expect(render(state).contains { $0.contains("🍌 b…") }, "\(render(state))")
        // Where even the whole slot leaves no cell of the label, the glyph alone (no "🍌 …").
        let narrow = [Item(label: "banana", glyph: "🍌", width: 4)]
        let glyphOnly = BrowserState(
            catalog: Catalog(sections: [Section(title: "F", items: narrow)], source: "test"), settings: settings,
            theme: .standard, width: 40, height: 6)
        #expect(render(glyphOnly)[1].hasPrefix("  🍌  "), "\(render(glyphOnly)[1])")
        #expect(!render(glyphOnly)[1].contains("…"))
    }
}
