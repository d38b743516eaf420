// Mouse clicks and the wheel, terminal resizes, and whole sessions through `Browser.run` on an
// in-memory screen.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

func click(_ x: Int, _ y: Int, _ action: MouseEvent.Action = .press) -> InputEvent {
    .mouse(MouseEvent(action: action, x: x, y: y))
}

@Suite("Mouse")
struct MouseTests {
    @Test("a click focuses the item under it; a click on the focused item chooses it")
    func clickFocusesThenChooses() {
        for action in [MouseEvent.Action.press, .click] {
            var state = fixtureState(width: 44, height: 8)
            // b4: right column x 23, inset 1, second item: x 30..<36 on row 2.
            state.send(click(31, 2, action))
            #expect(state.view.focus == path(1, 4))
            #expect(state.picking.outcome == nil)
            #expect(Browser.render(state)[30, 2].style == state.options.theme.focus)
            state.send(click(35, 2, .release))
            #expect(state.picking.outcome == nil)
            state.send(click(35, 2, action))
            #expect(state.picking.outcome == .chosen(path(1, 4)))
        }
    }

    @Test("a double click chooses at once")
    func doubleClick() {
        var state = fixtureState(width: 44, height: 8)
        state.send(click(14, 3, .doubleClick))
        #expect(state.picking.outcome == .chosen(path(0, 8)))
    }

    @Test("a click on a header folds or unfolds its section; on empty space, the gap or the status line, nothing")
    func clicksElsewhere() {
        var state = fixtureState(width: 44, height: 8, focus: path(0, 4))
        state.send(click(30, 6))  // Delta's header: folds Delta, the focus kept
        #expect(state.content.isFolded(shown: 3))
        #expect(state.view.focus == path(0, 4))
        expectFocusVisible(state)
        state.send(click(30, 6))  // and unfolds it
        #expect(!state.content.isFolded(shown: 3))
        state = fixtureState(width: 44, height: 8, focus: path(0, 4))
        for (x, y) in [(21, 2), (22, 2), (40, 4), (30, 7), (5, 7), (30, 40), (-1, 0)] {
            state.send(click(x, y))
            #expect(state.view.focus == path(0, 4), "click at \(x), \(y)")
            #expect(state.picking.outcome == nil, "click at \(x), \(y)")
        }
    }

    @Test("a click on a pinned header hits the header, not the item under it")
    func clickPinnedHeader() {
        var state = fixtureState(width: 44, height: 8, focus: path(0, 9))
        state.scroll(to: 2)
        // Row 0 shows Beta's pinned header over b3..b5.
        state.send(click(30, 0))
        #expect(state.content.isFolded(shown: 1))
        #expect(state.view.focus == path(0, 9))
        #expect(state.picking.outcome == nil)
        expectFocusVisible(state)
    }

    @Test("the wheel scrolls three rows and the focus follows into the view")
    func wheel() {
        var state = fixtureState(width: 44, height: 12, catalog: longCatalog)
        state.send(click(0, 0, .wheelDown))
        #expect(state.view.offset == 3)
        expectFocusVisible(state)
        #expect(state.view.focus.map { $0.section } == 0)
        for _ in 0..<20 {
            state.send(click(0, 0, .wheelDown))
            expectFocusVisible(state)
        }
        #expect(state.view.offset == state.maximumOffset)
        state.send(click(0, 0, .wheelUp))
        #expect(state.view.offset == state.maximumOffset - 3)
        expectFocusVisible(state)
        for _ in 0..<20 {
            state.send(click(0, 0, .wheelUp))
            expectFocusVisible(state)
        }
        #expect(state.view.offset == 0)
        // The focus keeps its column: it was in the left column all along.
        #expect(state.view.layout.sections[state.view.focus!.section].columnIndex == 0)
    }

    @Test("after the wheel the focus is not left under a pinned header (two-row headers and items)")
    func wheelNotUnderHeader() {
        // One column, four items a line: P's header is at rows 0-1, its lines at 2, 4, ... 30
        // (p56..p59), its bottom inset at 32; Q's header at 33 and first line at 35.
        let settings = fixtureSettings(itemHeight: 2, headerHeight: 2)
        var state = fixtureState(width: 30, height: 10, catalog: longCatalog, settings: settings)
        state.scroll(to: 26)
        state.send(click(0, 0, .wheelDown))
        // At offset 29, P's header pins to rows 29-30 over p56..p59. The focus follows to the
        // line nearest the row under the header, p56's; it must not stay hidden under it.
        #expect(state.view.focus == path(0, 56))
        expectFocusVisible(state)
        #expect(state.view.offset == 28)
        #expect(Browser.render(state)[1, state.focusRow!].style == state.options.theme.focus)
    }

    @Test("the wheel leaves a focus that is still visible where it is")
    func wheelKeepsVisibleFocus() {
        var state = fixtureState(width: 44, height: 12, focus: path(0, 24), catalog: longCatalog)
        #expect(state.view.offset == 0)
        state.send(click(0, 0, .wheelDown))
        #expect(state.view.offset == 3)
        #expect(state.view.focus == path(0, 24))
    }
}

@Suite("Resize")
struct ResizeTests {
    @Test("from 120 to 60 columns: two columns become one; the focus stays at about its row")
    func twoColumnsToOne() {
        let settings = fixtureSettings(splitFrom: 80)
        var state = fixtureState(width: 120, height: 12, focus: path(2, 30), catalog: longCatalog, settings: settings)
        #expect(state.view.layout.columns.count == 2)
        let row = state.focusRow!
        expectFocusVisible(state)
        state.send(.resize(width: 60, height: 12))
        #expect(state.view.layout.columns.count == 1)
        #expect(state.view.layout.columns[0].width == 60)
        #expect(state.view.focus == path(2, 30))
        expectFocusVisible(state)
        #expect(abs(state.focusRow! - row) <= 1)
        #expect(render(state).allSatisfy { $0.count == 60 })
        // And back.
        state.send(.resize(width: 120, height: 12))
        #expect(state.view.layout.columns.count == 2)
        #expect(state.view.focus == path(2, 30))
        expectFocusVisible(state)
        #expect(abs(state.focusRow! - row) <= 1)
    }

    @Test("a shorter terminal scrolls to keep the focus")
    func shorter() {
        var state = fixtureState(width: 44, height: 40, focus: path(2, 50), catalog: longCatalog)
        state.send(.resize(width: 44, height: 6))
        expectFocusVisible(state)
        state.send(.resize(width: 44, height: 40))
        expectFocusVisible(state)
        #expect(state.view.offset <= state.maximumOffset)
    }

    @Test("below the minimum the too-small screen shows; back at size, the view returns")
    func tooSmallAndBack() {
        var state = fixtureState(width: 44, height: 8, focus: path(3, 4))
        let before = render(state)
        let offset = state.view.offset
        state.send(.resize(width: 15, height: 4))
        #expect(state.isTooSmall)
        #expect(render(state).joined().contains("need 20 x 5"))
        state.send(.resize(width: 44, height: 8))
        #expect(!state.isTooSmall)
        #expect(state.view.focus == path(3, 4))
        #expect(state.view.offset == offset)
        #expect(render(state) == before)

        // On the too-small screen only q, Esc and Ctrl-C act: not moves, Enter, ? or clicks.
        state.send(.resize(width: 15, height: 4))
        state.send(.right, .down, .tab, .end, .enter, .character("?"), .character(">"))
        state.send(click(7, 1))
        state.send(click(7, 1))
        state.send(click(7, 1, .wheelDown))
        #expect(state.picking.outcome == nil)
        #expect(!state.overlays.showingHelp)
        #expect(state.view.focus == path(3, 4))
        state.send(.resize(width: 44, height: 8))
        #expect(render(state) == before)
        for key in [Key.character("q"), .escape] {
            var tiny = state
            tiny.send(.resize(width: 15, height: 4))
            tiny.send(key)
            #expect(tiny.picking.outcome == .cancelled)
        }

        // Even through a size of nothing at all.
        state.send(.resize(width: 0, height: 0))
        #expect(Browser.render(state).lines.isEmpty)
        state.send(.resize(width: 44, height: 8))
        #expect(state.view.focus == path(3, 4))
        expectFocusVisible(state)
    }

    @Test("a session started too narrow to place any item focuses the first one once it can")
    func startedTooNarrow() {
        for size in [(1, 1), (2, 2), (1, 30), (0, 0)] {
            var state = fixtureState(width: size.0, height: size.1)
            state.send(.resize(width: 44, height: 8))
            #expect(state.view.focus == path(0, 0), "started at \(size.0) x \(size.1)")
            expectFocusVisible(state)
            state.send(.enter)
            #expect(state.picking.outcome == .chosen(path(0, 0)))
        }
    }
}

@Suite("Run loop")
struct RunLoopTests {
    @Test("run shows a frame per event and returns the outcome")
    func chooses() {
        var state = fixtureState(width: 44, height: 8)
        let screen = MemoryScreen(width: 44, height: 8)
        screen.pendingEvents = [.key(.right), .key(.down), .key(.character("j")), .key(.enter), .key(.left)]
        let outcome = Browser.run(&state, on: screen)
        #expect(outcome == .chosen(path(0, 7)))
        // The first frame, one after each of the three moves; none after Enter.
        #expect(screen.frames.count == 4)
        #expect(screen.pendingEvents == [.key(.left)])  // nothing is read after the end
        #expect(screen.lastFrame?.lines.last == " a7  · Alpha                8 of 44  ? help ")
    }

    @Test("run fits the state to the screen first and follows resizes")
    func resizes() {
        var state = fixtureState(width: 44, height: 8)
        let screen = MemoryScreen(width: 30, height: 10)
        screen.resize(width: 15, height: 4)
        screen.resize(width: 50, height: 9)
        screen.pendingEvents.append(.key(.escape))
        let outcome = Browser.run(&state, on: screen)
        #expect(outcome == .cancelled)
        #expect(screen.frames.map(\.width) == [30, 15, 50])
        #expect(screen.frames.map(\.height) == [10, 4, 9])
        #expect(screen.frames[1].text.contains("need 20 x 5"))
        #expect(screen.frames[2].lines[0].hasPrefix("  Alpha · 14 "))
        #expect(state.view.width == 50 && state.view.height == 9)
    }

    @Test("run returns nil when the events run out; Ctrl-C and q end it")
    func endings() {
        var state = fixtureState(width: 44, height: 8)
        let screen = MemoryScreen(width: 44, height: 8)
        screen.pendingEvents = [.key(.tab), .key(.character("?"))]
        #expect(Browser.run(&state, on: screen) == nil)
        #expect(screen.frames.count == 3)
        #expect(screen.lastFrame!.text.contains("splitview keys"))
        #expect(state.view.focus == path(1, 0))

        screen.pendingEvents = [.key(.character("q")), .key(.control("c"))]
        #expect(Browser.run(&state, on: screen) == .interrupted)  // q only closed the help

        var fresh = fixtureState(width: 44, height: 8)
        screen.pendingEvents = [.key(.character("q"))]
        #expect(Browser.run(&fresh, on: screen) == .cancelled)
    }

    @Test("events that arrive together, as a paste does, are all taken before the next frame")
    func aPasteIsOneFrame() {
        var state = fixtureState(width: 44, height: 8)
        let screen = MemoryScreen(width: 44, height: 8)
        screen.eventsArriveTogether = true
        let pasted = String(repeating: "a1 ", count: 400)
        screen.pendingEvents = [.key(.character("/"))] + pasted.map { .key(.character($0)) }
        #expect(Browser.run(&state, on: screen) == nil)
        // The first frame, then one for the whole burst (not 1,201).
        #expect(screen.frames.count == 2)
        #expect(state.overlays.searchPrompt?.text == pasted)
        #expect(screen.lastFrame == Browser.render(state))
    }

    @Test("a session driven by clicks: focus, scroll, choose")
    func mouseSession() {
        var state = fixtureState(width: 44, height: 12, catalog: longCatalog)
        let screen = MemoryScreen(width: 44, height: 12)
        screen.pendingEvents = [
            click(0, 0, .wheelDown), click(0, 0, .wheelDown), click(8, 5), click(8, 5, .release),
            click(8, 5),
        ]
        let outcome = Browser.run(&state, on: screen)
        // Offset 6: screen row 5 is content row 11, line 10 of P: p30 p31 p32; x 8 is p31.
        #expect(outcome == .chosen(path(0, 31)))
        #expect(screen.frames.count == 5)
        #expect(screen.frames[4][8, 5].style == state.options.theme.focus)
    }
}
