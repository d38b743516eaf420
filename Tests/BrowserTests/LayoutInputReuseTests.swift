// A search's answer is laid out from the source sections' specs with the answer's counts
// (`ContentState.countedSpecs`) where a subset of a section's items is laid out alike; these
// tests hold that input equal to the one made anew from the shown catalog, for every kind of
// section (sizes the data gives, rows, groups that measure their items, hints), and after
// what changes the specs kept: the settings, data arriving, folds.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("A search's layout input, reused from the source's")
struct LayoutInputReuseTests {
    /// Sections of each kind; every label holds "a", some "b".
    static var catalog: Catalog {
        var hinted = Section(
            title: "Hinted", items: (0..<9).map { Item(label: "a\($0)" + ($0 % 3 == 0 ? "b" : "")) },
            inset: InsetHint(top: 1, left: 2), interItemSpacing: 1, lineSpacing: 1, headerHeight: 2)
        hinted.side = .right
        var row = Section(title: "Row", items: items("ab", 6))
        row.style = .row
        var chips = Section(
            title: "Chips", items: (0..<7).map { Item(label: String(repeating: "a", count: $0 + 1) + "b") })
        chips.group = .named("chips", line: 1, column: 1)
        let sized = Section(
            title: "Sized",
            items: (0..<8).map { Item(label: "a\($0)b", width: $0 % 2 == 0 ? 12 : nil, height: $0 % 4 == 0 ? 2 : nil) })
        let same = Section(title: "Same size", items: (0..<5).map { Item(label: "a\($0)", width: 10, height: 2) })
        return Catalog(
            sections: [Section(title: "Plain", items: items("a", 12)), hinted, row, chips, sized, same]
                + (0..<20).map { Section(title: "Group \($0)", items: items("ab\($0)x", 3 + $0 % 5)) },
            source: "test")
    }

    /// The state's layout input against the one made anew from its shown catalog.
    func expectFresh(_ state: BrowserState, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var fresh = state.content
        (fresh.specs, fresh.itemsBefore, fresh.rowLooks) = ContentState.layoutInput(
            for: state.content.catalog, settings: state.content.settings, theme: state.options.theme,
            textWidth: state.options.textWidth)
        if !fresh.folded.isEmpty { fresh.foldSpecs() }
        #expect(state.content.specs.count == fresh.specs.count, "\(context)", sourceLocation: sourceLocation)
        for (index, (kept, made)) in zip(state.content.specs, fresh.specs).enumerated() {
            #expect(
                kept == made, "\(context): section \(index) \(state.content.catalog.sections[index].title)",
                sourceLocation: sourceLocation)
        }
        #expect(state.content.itemsBefore == fresh.itemsBefore, "\(context)", sourceLocation: sourceLocation)
        #expect(
            state.content.rowLooks.keys.sorted() == fresh.rowLooks.keys.sorted(), "\(context)",
            sourceLocation: sourceLocation)
    }

    func state(theme: Theme = .standard) -> BrowserState {
        BrowserState(catalog: Self.catalog, settings: fixtureSettings(), theme: theme, width: 80, height: 30)
    }

    /// The standard theme, and one that gives sections backgrounds.
    static let themes: [Theme] = {
        var backgrounds = Theme.standard
        backgrounds.sectionBackgrounds = [.ansi(4), .ansi(6)]
        return [.standard, backgrounds]
    }()

    @Test("every kind of section, along a typed query and back", arguments: themes)
    func alongAQuery(theme: Theme) {
        var state = state(theme: theme)
        for query in ["", "a", "ab", "b", "a3", "zz", "ab", "a", "", "b"] {
            state.applyFilter(query)
            expectFresh(state, "query \(query.debugDescription)")
        }
    }

    @Test("a section turned into a row while searching is laid out as a row")
    func settingsChange() {
        var state = state()
        state.applyFilter("ab")
        let plain = try! #require(state.content.catalog.sections.firstIndex { $0.title == "Group 1" })
        state.view.focus = ItemPath(section: plain, item: 0)
        state.toggleStyleOfFocusedSection()
        expectFresh(state, "after the toggle")
        #expect(state.content.specs[plain].row != nil)
        state.applyFilter("a")
        expectFresh(state, "searched again")
        let shown = try! #require(state.content.catalog.sections.firstIndex { $0.title == "Group 1" })
        #expect(state.content.specs[shown].row != nil)
    }

    @Test("data arriving while searching, and folds, are laid out as made anew")
    func arrivingAndFolded() {
        var state = state()
        state.applyFilter("b")
        var grown = Self.catalog
        grown.sections[0] = Section(title: "Plain", items: items("a", 12) + items("b", 30))
        grown.sections.append(Section(title: "Late", items: items("ba", 4)))
        state.load(grown)
        expectFresh(state, "grown")
        state.setFolded([0, 3], true)
        expectFresh(state, "folded")
        state.applyFilter("a")
        expectFresh(state, "folded, searched again")
    }
}
