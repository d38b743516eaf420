// Dragging a row with the mouse (press, motion with the button held, release) and Shift with
// the wheel, on the row fixture of RowBrowserTests: cards 14 wide, stride 16, the focused card
// centred at columns 13..<27 of screen rows 4-7.

@testable import Browser
import Catalog
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

    @Test("a long drag rests on the card showing most where it is released, as the snap seed's")
    func longDrag() {
        // 38 cells in 30 ms: nearer the third card's place (32) than the fourth's (48): the
        // third card, two from where it began (not one, as a wheel burst's).
        let state = dragged(from: 38, through: [0], releaseAt: 2_030)
        #expect(state.view.layout.rowOffset(section: 1) == 32)
        #expect(state.view.focus == path(1, 2))
        // Held still before the release, the same: where it was left decides, not the speed.
        let held = dragged(from: 38, through: [0], releaseAt: 2_500)
        #expect(held.view.layout.rowOffset(section: 1) == 32)
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

/// The settle of a row's move (issue 29): a damped spring that starts at the gesture's speed,
/// or the same ease-out whatever the speed.
@Suite("A row's move to rest")
struct RowSettleTests {
    @Test("the spring: from the start at its speed, to the target at the end; a fast one passes it and comes back")
    func spring() {
        for velocity in [0.0, 2, -3, 8, 20] {
            let easing = Easing.spring(velocity: velocity)
            #expect(easing(0) == 0)
            #expect(abs(easing(1) - 1) < 0.01 + 0.001 * abs(velocity), "\(velocity): \(easing(1))")
            // Its speed at the start is the gesture's.
            let slope = (easing(1e-6) - easing(0)) / 1e-6
            #expect(abs(slope - velocity) < 0.01, "\(velocity): \(slope)")
        }
        let still = Easing.spring(velocity: 0)
        let samples = stride(from: 0.0, through: 1, by: 0.02).map(still.callAsFunction)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(stride(from: 0.0, through: 1, by: 0.02).contains { Easing.spring(velocity: 20)($0) > 1.05 })
    }

    /// The row fixture after a drag from column 20 to `end` in `milliseconds`, released there:
    /// its offset `after` ms into the move to rest.
    func offset(draggedTo end: Int, in milliseconds: Int, after: Int, settle: RowSettle = .spring) -> Double {
        var state = rowState(settle: settle)
        state.send(.down)
        state.mouse(.press, x: 20, at: 2_000)
        state.mouse(.drag, x: end, at: 2_000 + milliseconds)
        state.mouse(.release, x: end, at: 2_000 + milliseconds)
        Browser.update(&state, .tick(at: Moment(milliseconds: 2_000 + milliseconds + after)))
        return state.view.layout.rowOffset(section: 1)
    }

    @Test("a flick carries its speed into the settle; with ease-out, the speed does not matter")
    func carriesTheSpeed() {
        // The same 10 cells towards the next card (at 16, past its middle), quickly and
        // slowly: both come to rest there; 20 ms into the settle, the flick is further on.
        let quick = offset(draggedTo: 10, in: 20, after: 20)
        let slow = offset(draggedTo: 10, in: 400, after: 20)
        #expect(quick > slow + 0.5, "\(quick) against \(slow)")
        #expect(offset(draggedTo: 10, in: 20, after: 1_000) == 16 && offset(draggedTo: 10, in: 400, after: 1_000) == 16)
        let quickEased = offset(draggedTo: 10, in: 20, after: 20, settle: .easeOut)
        let slowEased = offset(draggedTo: 10, in: 400, after: 20, settle: .easeOut)
        #expect(quickEased == slowEased)
    }
}
