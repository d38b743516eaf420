// The divider under the mouse: dragging the gap between the columns moves the split by the
// steps `<` and `>` take; a double click on it restores the configured ratio.

@testable import Browser
import SplitLayout
import Testing
import TerminalUI

@Suite("Dragging the divider")
struct DividerDragTests {
    @Test("a press in the gap and a drag move the split live; the release lets go; a double click restores it")
    func dragTheDivider() throws {
        var state = fixtureState(width: 80, height: 12)
        try #require(state.view.layout.isSplit)
        let left = state.view.layout.columns[0], right = state.view.layout.columns[1]
        try #require(right.x > left.range.upperBound, "no gap between the columns")
        let gap = left.range.upperBound
        state.mouse(.press, x: gap, y: 2, at: 1_000)
        state.mouse(.drag, x: gap - 16, y: 2, at: 1_020)
        // 16 of 78 cells: four steps of 5% to the left.
        #expect(state.view.ratioSteps == -4)
        #expect(state.view.layout.columns[0].width < left.width - 12)
        state.mouse(.release, x: gap - 16, y: 2, at: 1_040)
        // Let go: the pointer no longer moves it, and the focus did not change.
        state.mouse(.drag, x: gap, y: 2, at: 1_060)
        #expect(state.view.ratioSteps == -4)
        #expect(state.view.focus == path(0, 0))
        let divider = state.view.layout.columns[0].range.upperBound
        state.send(.mouse(MouseEvent(action: .doubleClick, x: divider, y: 2)))
        #expect(state.view.ratioSteps == 0 && state.view.layout.columns[0] == left)
    }
}
