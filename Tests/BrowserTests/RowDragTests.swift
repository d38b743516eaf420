// Dragging a row with the mouse (press, motion with the button held, release) and Shift with
// the wheel, on the row fixture of RowBrowserTests: cards 14 wide, stride 16, the focused card
// centred at columns 13..<27 of screen rows 4-7.

@testable import Browser
import SplitLayout
import Testing
import TerminalUI

extension BrowserState {
    mutating func mouse(_ action: MouseEvent.Action, x: Int, y: Int = 5, shift: Bool = false, at time: Int) {
        Browser.update(
            &self, .input(.mouse(MouseEvent(action: action, x: x, y: y, shift: shift)), at: Moment(milliseconds: time)))
    }
}

@Suite("Dragging a row")
struct RowDragTests {
    @Test("the row follows the pointer while the button is held, and nothing else moves until the release")
    func followsThePointer() {
        var state = rowState()
        state.send(.down)
        state.mouse(.press, x: 20, at: 2_000)
        #expect(state.view.layout.rowOffset(section: 1) == 0)
        state.mouse(.drag, x: 15, at: 2_020)
        #expect(state.view.layout.rowOffset(section: 1) == 5)
        state.mouse(.drag, x: 23, at: 2_040)
        // Towards the first card the row stops at its start.
        #expect(state.view.layout.rowOffset(section: 1) == 0)
        state.mouse(.drag, x: 8, at: 2_060)
        #expect(state.view.layout.rowOffset(section: 1) == 12)
        // Held: no snap while the button is down, however long.
        Browser.update(&state, .tick(at: Moment(milliseconds: 3_000)))
        #expect(state.view.layout.rowOffset(section: 1) == 12)
        #expect(state.view.focus == path(1, 0))
        #expect(state.picking.outcome == nil)
    }

    @Test("a slow drag past the middle comes to rest on the next card, which takes the focus")
    func slowDragPastTheMiddle() {
        var state = rowState()
        state.send(.down)
        state.mouse(.press, x: 20, at: 2_000)
        for (x, time) in [(15, 2_100), (10, 2_200), (11, 2_300)] { state.mouse(.drag, x: x, at: time) }
        state.mouse(.release, x: 11, at: 2_500)
        _ = state.settle()
        #expect(state.view.layout.rowOffset(section: 1) == 16)
        #expect(state.view.focus == path(1, 1))
        #expect(state.picking.outcome == nil)
    }

    /// The row fixture, focused on its first card, after a press at column `from`, motion
    /// through `xs` 20 ms apart, and a release at `releaseAt`, settled.
    func dragged(from: Int, through xs: [Int], releaseAt: Int) -> BrowserState {
        var state = rowState()
        state.send(.down)
        state.mouse(.press, x: from, at: 2_000)
        for (step, x) in xs.enumerated() { state.mouse(.drag, x: x, at: 2_000 + 20 * (step + 1)) }
        state.mouse(.release, x: xs.last ?? from, at: releaseAt)
        _ = state.settle()
        return state
    }

    @Test("a quick short drag is a flick to the neighbour; the same drag held still before the release goes back")
    func flickOrNot() {
        let flicked = dragged(from: 20, through: [17, 14], releaseAt: 2_050)
        #expect(flicked.view.layout.rowOffset(section: 1) == 16)
        #expect(flicked.view.focus == path(1, 1))
        let held = dragged(from: 20, through: [17, 14], releaseAt: 2_400)
        #expect(held.view.layout.rowOffset(section: 1) == 0)
        #expect(held.view.focus == path(1, 0))
    }

    @Test("a drag across several cards moves one card, as any gesture")
    func atMostOneCard() {
        let state = dragged(from: 38, through: [0], releaseAt: 2_030)
        #expect(state.view.layout.rowOffset(section: 1) == 16)
        #expect(state.view.focus == path(1, 1))
    }

    @Test("a press released where it began is a click: a side card takes the focus, the focused card is picked")
    func pressAndReleaseIsAClick() {
        var state = rowState()
        state.send(.down)
        state.mouse(.press, x: 31, at: 2_000)
        #expect(state.view.focus == path(1, 0))
        state.mouse(.release, x: 31, at: 2_080)
        #expect(state.view.focus == path(1, 1))
        #expect(state.picking.outcome == nil)
        _ = state.settle()
        state.mouse(.press, x: 20, at: 3_000)
        // Up and down inside the card is no drag.
        state.mouse(.drag, x: 20, y: 6, at: 3_020)
        state.mouse(.release, x: 20, at: 3_040)
        #expect(state.picking.outcome == .chosen(path(1, 1)))
    }

    @Test("motion and releases with no press on a row do nothing")
    func strayMotion() {
        var state = rowState()
        state.send(.down)
        #expect(Browser.mouseAction(for: MouseEvent(action: .drag, x: 5, y: 5), in: state) == nil)
        #expect(Browser.mouseAction(for: MouseEvent(action: .release, x: 5, y: 5), in: state) == nil)
        // A press on the grid above still focuses at once.
        state.mouse(.press, x: 8, y: 1, at: 2_000)
        #expect(state.view.focus == path(0, 1))
        state.mouse(.drag, x: 2, y: 1, at: 2_020)
        state.mouse(.release, x: 2, y: 1, at: 2_040)
        #expect(state.view.focus == path(0, 1))
        #expect(state.view.layout.rowOffset(section: 1) == 0)
    }

    @Test("Shift+wheel slides the row under the pointer, else the focused row, and never scrolls the page")
    func shiftWheel() {
        var state = rowState(height: 8)
        state.send(.down)
        let overRow = MouseEvent(action: .wheelDown, x: 20, y: 5, shift: true)
        let overGrid = MouseEvent(action: .wheelDown, x: 20, y: 1, shift: true)
        #expect(Browser.mouseAction(for: overRow, in: state) == .slideRow(section: 1, cells: 5))
        #expect(Browser.mouseAction(for: overGrid, in: state) == .slideRow(section: 1, cells: 5))
        state.send(.up)
        #expect(state.view.focus?.section == 0)
        #expect(Browser.mouseAction(for: overGrid, in: state) == nil)
        var plain = overGrid
        plain.shift = false
        #expect(Browser.mouseAction(for: plain, in: state) == .scroll(rows: 3))
    }
}
