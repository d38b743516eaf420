// fzf's --tac in the browser: the input reversed from the first frame (the last line first, the
// last section first), a search's ties in that order, and the view reversed again when the
// query is cleared; what is picked is the item focused, through the reversal.

@testable import Browser
import Catalog
import Testing

@Suite("Reversed input (--tac)")
struct ReversedInputTests {
    func reversedState(_ catalog: Catalog = fixtureCatalog) -> BrowserState {
        var state = fixtureState(width: 30, height: 12, catalog: catalog)
        var options = SearchOptions()
        options.reversed = true
        state.setSearchOptions(options)
        return state
    }

    func focusedLabel(_ state: BrowserState) -> String? {
        state.view.focus.flatMap { state.content.item(at: $0)?.label }
    }

    @Test("the last section first, each from its last item; the focus on the last line")
    func firstFrameIsReversed() {
        let state = reversedState()
        #expect(state.content.catalog.sections.map(\.title) == ["Delta", "Gamma", "Beta", "Alpha"])
        #expect(state.content.catalog.sections[0].items.map(\.label).prefix(3) == ["d11", "d10", "d9"])
        #expect(focusedLabel(state) == "d11")
        // Nothing is searched: no query on the status line, Esc is not "drop the filter".
        #expect(!state.content.isSearching)
        #expect(state.content.sourcePath(path(0, 0)) == path(3, 11))
        #expect(state.content.shownPath(path(3, 11)) == path(0, 0))
        #expect(trimmed(render(state)).first?.contains("Delta") == true)
    }

    @Test("a query's ties come in the reversed order, and clearing it reverses everything again")
    func searchAndClear() {
        var state = reversedState()
        state.send(.character("/"))
        state.type("1")
        // "a1", "a10".."a13", "b1", "d1", "d10", "d11", "g1": equal scores within a section
        // order by length, then by the reversed input.
        let shown = state.content.catalog.sections.flatMap { $0.items.map(\.label) }
        #expect(shown.contains("d11") && shown.firstIndex(of: "d1")! < shown.firstIndex(of: "d11")!)
        let alpha = state.content.catalog.sections.first { $0.title == "Alpha" }!.items.map(\.label)
        #expect(alpha == ["a1", "a13", "a12", "a11", "a10"], "\(alpha)")
        state.send(.escape)
        #expect(state.content.catalog.sections.map(\.title) == ["Delta", "Gamma", "Beta", "Alpha"])
        #expect(!state.content.isSearching)
    }

    @Test("Enter picks the focused item of the reversed view")
    func picksThroughTheReversal() {
        var state = reversedState()
        state.send(.right)
        let focused = state.view.focus.map(state.content.sourcePath)
        #expect(focused.flatMap { state.content.item(atSource: $0)?.label } == focusedLabel(state))
        #expect(focusedLabel(state) == "d10")
    }

    @Test("data arriving keeps the reversal: the newest line first")
    func streamingKeepsTheReversal() {
        var state = reversedState(Catalog(sections: [Section(title: "-", items: items("l", 3))], source: "-"))
        #expect(focusedLabel(state) == "l2")
        state.load(Catalog(sections: [Section(title: "-", items: items("l", 5))], source: "-"))
        #expect(state.content.catalog.sections[0].items.map(\.label) == ["l4", "l3", "l2", "l1", "l0"])
    }
}
