// Compositional groups in the browser: a hero grid moved through by its drawn frames, and a row
// whose cards each hold a repetition of the group.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Groups in the browser")
struct GroupBrowserTests {
    func state(style: SectionStyleName? = nil) -> BrowserState {
        let catalog = Catalog(sections: [Section(title: "Cards", items: items("c", 7))], source: "test")
        var settings = fixtureSettings(splitFrom: 1000)
        settings.forcedGroup = "hero"
        settings.forcedStyle = style
        settings.rowDefaults.behavior = .groupPaging
        settings.rowDefaults.effect = "none"
        return BrowserState(catalog: catalog, settings: settings, theme: .standard, width: 40, height: 12)
    }

    @Test("in a grid, Right from the large item goes to the upper small one, Down to the lower one")
    func grid() {
        var state = state()
        #expect(state.view.focus == path(0, 0))
        state.send(.right)
        #expect(state.view.focus == path(0, 1))
        state.send(.down)
        #expect(state.view.focus == path(0, 2))
        state.send(.down)
        #expect(state.view.focus == path(0, 4))
        // The large item is a card: its border and label show.
        let lines = render(state)
        #expect(lines[1].hasPrefix(" ╭") && lines[2].contains("c0"), "\(lines)")
    }

    @Test("in a row, the focus goes through a card, then the row moves one card on; clicks pick an item of a card")
    func row() {
        var state = state(style: .row)
        #expect(state.focusedRowPage == "page 1 of 3")
        state.send(.right)
        #expect(state.view.focus == path(0, 1))
        #expect(state.focusedRowPage == "page 1 of 3")
        state.send(.right)
        #expect(state.view.focus == path(0, 3))
        _ = state.settle(section: 0)
        #expect(state.focusedRowPage == "page 2 of 3")
        #expect(state.view.layout.rowOffset(section: 0) == Double(state.view.layout.sections[0].row!.stride))
        // The lower small item of the card on screen, by a click on it (its slot's middle).
        let frame = state.drawnFrame(of: path(0, 5))!
        state.send(.mouse(MouseEvent(action: .click, x: frame.x + 2, y: frame.y + 1 - state.view.offset)))
        #expect(state.view.focus == path(0, 5))
        #expect(state.picking.outcome == nil)
    }

    @Test("a large card wraps the keywords over its spare rows, at their commas")
    func keywordsWrap() {
        let first = Item(
            label: "first", glyph: "😀", keywords: ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"])
        let catalog = Catalog(sections: [Section(title: "S", items: [first] + items("c", 2))], source: "test")
        var settings = fixtureSettings(splitFrom: 1000)
        settings.forcedGroup = "hero"
        let lines = render(BrowserState(catalog: catalog, settings: settings, theme: .standard, width: 40, height: 10))
        // The large card: 20 wide (16 inside its border and padding), 6 high (4 inside).
        #expect(lines[2].contains("│ 😀 first"), "\(lines)")
        #expect(lines[3].contains("│ alpha, bravo,") && lines[4].contains("│ charlie, delta,"), "\(lines)")
        #expect(lines[5].contains("│ echo, foxtrot"), "\(lines)")
    }
}
