// Searching beside the input loop (`SessionOptions.searchesInBackground`): an edit of the query
// asks for a search as a command, the last result stays shown meanwhile, only the answer to the
// last search asked is taken, and Enter picks from that answer.

@testable import Browser
import Catalog
import SeededRandom
import SplitLayout
import Testing
import TerminalUI

@Suite("Search beside the input loop")
struct BackgroundSearchTests {
    func state() -> BrowserState {
        var state = fixtureState(width: 44, height: 8)
        state.options.searchesInBackground = true
        state.typingQueries = true
        return state
    }

    /// Runs a search command as the loop's searcher would, its answer as the event.
    func answer(_ command: BrowserCommand) -> BrowserEvent? {
        guard case .search(let request) = command else { return nil }
        return .searched(Search.run(request.query, in: request.catalog), generation: request.generation)
    }

    @Test("a key asks for a search and shows the last result meanwhile; the answer then shows")
    func aKeyAsksAndTheAnswerShows() throws {
        var state = state()
        let before = render(state)
        let commands = state.send(.character("d"), .character("1"))
        let searches = commands.filter { if case .search = $0 { true } else { false } }
        #expect(searches.count == 2)
        // The prompt shows the keys at once, over the last result, with the spinner.
        let waiting = render(state)
        #expect(waiting.last?.hasPrefix(" /d1") == true)
        #expect(waiting.last?.contains("⠿") == true)
        #expect(Array(waiting.dropLast()) == Array(before.dropLast()))
        #expect(state.content.filter == nil)
        // An older answer is stale: nothing changes.
        Browser.update(&state, try #require(answer(searches[0])))
        #expect(state.content.filter == nil && state.content.pendingSearch != nil)
        // The last one shows, as the inline search would.
        Browser.update(&state, try #require(answer(searches[1])))
        var inline = fixtureState(width: 44, height: 8)
        inline.typingQueries = true
        inline.type("d1")
        #expect(render(state) == render(inline))
        #expect(state.content.pendingSearch == nil)
    }

    @Test("Enter while a search runs picks from its answer")
    func enterWaitsForTheAnswer() throws {
        var state = state()
        let commands = state.send(.character("d"), .character("1"), .enter)
        #expect(state.picking.outcome == nil)
        let last = try #require(commands.last { if case .search = $0 { true } else { false } })
        Browser.update(&state, try #require(answer(last)))
        let picked = try #require(state.picking.outcome)
        guard case .chosen(let path) = picked else {
            Issue.record("\(picked)")
            return
        }
        #expect(state.content.item(at: path)?.label == "d1")
    }

    @Test("an empty query, Esc or Backspace to nothing, shows everything at once and drops the answer")
    func emptyQueryIsInline() throws {
        var state = state()
        let commands = state.send(.character("b"))
        let request = try #require(commands.first)
        state.send(.backspace)
        #expect(state.content.pendingSearch == nil && state.content.filter == nil)
        Browser.update(&state, try #require(answer(request)))
        #expect(state.content.filter == nil)
    }

    @Test("random editing with answers coming late, stale or in bursts ends as the inline search does")
    func randomEditingMatchesInline() throws {
        var random = SplitMix64(seed: 26)
        let letters: [Key] = "abdg0123 ".map { .character($0) } + [.backspace, .control("u"), .control("w")]
        for round in 0..<120 {
            var background = state()
            var inline = fixtureState(width: 44, height: 8)
            inline.typingQueries = true
            var waiting: [BrowserCommand] = []
            for _ in 0..<random.next(12) {
                let key = letters[random.next(letters.count)]
                waiting += background.send(key).filter { if case .search = $0 { true } else { false } }
                inline.send(key)
                // Now and then some answers arrive, in any order.
                while !waiting.isEmpty && random.next(3) == 0 {
                    let command = waiting.remove(at: random.next(waiting.count))
                    Browser.update(&background, try #require(answer(command)))
                }
            }
            for command in waiting { Browser.update(&background, try #require(answer(command))) }
            #expect(render(background) == render(inline), "round \(round)")
            #expect(background.content.pendingSearch == nil, "round \(round)")
        }
    }

    @Test("the loop runs the search on its own thread and shows the answer, Enter picking from it")
    func theLoopRunsIt() {
        var state = state()
        let screen = MemoryScreen(width: 44, height: 8)
        screen.pendingEvents = "g7".map { .key(.character($0)) } + [.key(.enter)]
        let outcome = Browser.run(&state, on: screen)
        guard case .chosen(let path)? = outcome else {
            Issue.record("\(String(describing: outcome))")
            return
        }
        #expect(state.content.item(at: path)?.label == "g7")
    }
}
