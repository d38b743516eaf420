// Emoji a terminal cannot draw ([widths] = 0): a placeholder in the glyph's place, the grid
// whole; or left out, counted in the status line.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Glyphs the terminal cannot draw")
struct UndrawableGlyphTests {
    static let catalog = Catalog(
        sections: [
            Section(
                title: "Faces",
                items: [
                    Item(label: "grinning face", glyph: "😀"), Item(label: "shaking face", glyph: "🫨"),
                    Item(label: "winking face", glyph: "😉"),
                ])
        ], source: "emoji")
    static let tmux = TextWidth(overrides: ["🫨": 0])

    @Test func aPlaceholderStandsInTheGlyphsPlace() {
        var state = BrowserState(
            catalog: Self.catalog, settings: fixtureSettings(), textWidth: Self.tmux, width: 60, height: 8)
        let lines = render(state)
        // The placeholder and then the next emoji where they always are: the grid whole.
        let row = lines[1]
        #expect(row.contains("□"), "\(row)")
        #expect(!row.contains("🫨"))
        let plain = render(BrowserState(catalog: Self.catalog, settings: fixtureSettings(), width: 60, height: 8))[1]
        #expect(row.replacingOccurrences(of: "□ ", with: "🫨") == plain, "\(row) / \(plain)")
        // The status line names it by its code point.
        state.send(.right)
        #expect(render(state).last?.contains("□  shaking face  U+1FAE8") == true, "\(render(state).last ?? "")")
    }

    @Test func hiddenLeavesThemOutAndCountsThem() {
        let (catalog, hidden) = Self.catalog.withoutUndrawable(Self.tmux)
        #expect(hidden == 1)
        #expect(catalog.sections[0].items.map(\.label) == ["grinning face", "winking face"])
        var state = BrowserState(
            catalog: catalog, settings: fixtureSettings(), textWidth: Self.tmux, width: 60, height: 8)
        state.options.hiddenItems = hidden
        #expect(render(state).last?.contains("1 of 2 (1 hidden)") == true, "\(render(state).last ?? "")")
        #expect(Self.catalog.withoutUndrawable(TextWidth()).hidden == 0)
        // A section the hiding empties goes; one empty in the data stays.
        let sections = Catalog(
            sections: [
                Section(title: "Shaking", items: [Item(label: "shaking face", glyph: "🫨")]),
                Section(title: "Empty", items: []), Self.catalog.sections[0],
            ], source: "emoji")
        #expect(sections.withoutUndrawable(Self.tmux).catalog.sections.map(\.title) == ["Empty", "Faces"])
    }
}

@Suite("The newest emoji where the terminal cannot draw them")
struct NewestEmojiUndrawableTests {
    /// Emoji 17.0's distorted face (U+1FAEA) and ballet dancer, from the bundled catalog.
    static let newest = Catalog(
        sections: [
            Section(
                title: "New",
                items: EmojiCatalog.load().sections.flatMap(\.items).filter { ["😀", "🫪", "🧑‍🩰"].contains($0.glyph) })
        ], source: "emoji")

    @Test func theyAreTwoCellsWhereNothingIsKnown() {
        #expect(Self.newest.sections[0].items.count == 3)
        #expect(TextWidth().width(of: "🫪") == 2 && TextWidth().width(of: "🧑‍🩰") == 2)
    }

    @Test("probe-widths' 0 for an Emoji 17 emoji puts □ in its place")
    func placeholder() {
        let tmux = TextWidth(overrides: ["🫪": 0, "🧑‍🩰": 0])
        let state = BrowserState(
            catalog: Self.newest, settings: fixtureSettings(), textWidth: tmux, width: 60, height: 8)
        let row = render(state)[1]
        #expect(row.contains("😀") && !row.contains("🫪") && !row.contains("🧑‍🩰"), "\(row)")
        #expect(row.components(separatedBy: "□").count == 3, "\(row)")
        #expect(Self.newest.withoutUndrawable(tmux).hidden == 2)
    }
}
