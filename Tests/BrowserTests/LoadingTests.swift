// The browser while its data arrives: the status line says that more is coming, the focus
// stays on its item as sections grow, and the end of the input (or its failure) is an event.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Data arriving while the browser runs")
struct LoadingTests {
    func lines(_ count: Int, title: String = "stdin") -> Catalog {
        Catalog(
            sections: [Section(title: title, items: ItemList((1...count).map { Item(label: "line \($0)") }))],
            source: "-")
    }

    @Test func theStatusLineSaysMoreIsComing() {
        var state = BrowserState(
            catalog: Catalog(sections: [], source: "-"), settings: fixtureSettings(), width: 60, height: 10)
        state.content.isLoading = true
        #expect(render(state).last?.hasPrefix(" loading…") == true)
        Browser.update(&state, .loaded(lines(3)))
        #expect(render(state).last?.contains("1 of 3…") == true, "\(render(state).last ?? "")")
        state.send(.right, .right)
        Browser.update(&state, .loaded(lines(40)))
        #expect(state.view.focus == path(0, 2))  // the focus stays on "line 3"
        Browser.update(&state, .loadEnded(headerLines: ["a header"], notice: "stdin: 1 invalid UTF-8 sequence"))
        #expect(!state.content.isLoading)
        #expect(state.headerLines == ["a header"])
        #expect(render(state).last?.contains("invalid UTF-8") == true)
        state.send(.character("l"))
        #expect(render(state).last?.contains("4 of 40") == true && render(state).last?.contains("…") == false)
    }

    @Test("End follows the last item while data arrives, as less +F, until the next key")
    func endFollowsTheEnd() {
        var state = BrowserState(catalog: lines(3), settings: fixtureSettings(), width: 60, height: 10)
        state.content.isLoading = true
        state.send(.end)
        #expect(state.view.focus.map { state.content.item(at: $0)?.label } == "line 3")
        Browser.update(&state, .loaded(lines(700)))
        #expect(state.view.focus.map { state.content.item(at: $0)?.label } == "line 700")
        #expect(render(state).last?.contains("700 of 700…") == true, "\(render(state).last ?? "")")
        Browser.update(&state, .loaded(lines(1000)))
        #expect(state.view.focus.map { state.content.item(at: $0)?.label } == "line 1000")
        // A move ends it: the focus stays where the user put it.
        state.send(.up)
        let moved = state.view.focus.map { state.content.item(at: $0)?.label }
        Browser.update(&state, .loaded(lines(2000)))
        #expect(state.view.focus.map { state.content.item(at: $0)?.label } == moved)
        // G follows again, and Enter picks the last item that has arrived.
        state.send(.character("G"))
        Browser.update(&state, .loaded(lines(3000)))
        state.send(.enter)
        #expect(state.picks.map { state.content.item(atSource: $0)?.label } == ["line 3000"])
    }

    @Test func aFailedInputEndsTheSession() {
        var state = BrowserState(catalog: lines(3), settings: fixtureSettings(), width: 60, height: 10)
        state.content.isLoading = true
        Browser.update(&state, .loadFailed("stdin:7: expected a value"))
        #expect(state.picking.outcome == .failed("stdin:7: expected a value"))
    }

    @Test("a query in force follows the items that arrive, the focus on its item")
    func searchFollowsTheLoad() {
        var state = BrowserState(catalog: lines(30), settings: fixtureSettings(), width: 60, height: 10)
        state.options.searchOptions.matching = .word
        state.content.isLoading = true
        state.send(.character("/"))
        state.type("2")
        #expect(state.content.filter?.count == 11)  // 2, 20...29 at a word start
        state.send(.enter, .right)
        let focused = state.content.sourcePath(state.view.focus!)
        Browser.update(&state, .loaded(lines(300)))
        #expect(state.content.filter?.count == 111)  // and 200...299
        #expect(state.content.sourcePath(state.view.focus!) == focused)
        #expect(state.content.filter == Search.run(SearchQuery("2"), in: state.content.source))
    }
}
