// Keys: spatial moves, paging, first/last, section jumps, the split ratio and the ways out.
// After every key the focused item must be fully visible below its column's pinned header.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Keys")
struct NavigationTests {
    @Test("arrows and h j k l move spatially, within a line, between lines and sections")
    func arrowsAndVimKeys() {
        for (right, down, left, up) in [
            (Key.right, Key.down, Key.left, Key.up),
            (.character("l"), .character("j"), .character("h"), .character("k")),
        ] {
            var state = fixtureState(width: 44, height: 8)
            #expect(state.view.focus == path(0, 0))
            state.send(right)
            #expect(state.view.focus == path(0, 1))
            state.send(down)
            #expect(state.view.focus == path(0, 4))
            state.send(left)
            #expect(state.view.focus == path(0, 3))
            state.send(up)
            #expect(state.view.focus == path(0, 0))
            // At the top-left edge nothing moves.
            state.send(up)
            state.send(left)
            #expect(state.view.focus == path(0, 0))
            expectFocusVisible(state)
        }
    }

    @Test("down from a section's last line goes to the next section of the same column")
    func downIntoNextSection() {
        var state = fixtureState(width: 44, height: 8, focus: path(0, 13))
        state.send(.down)
        // a13 is at x 7..<13; Gamma's first line has g1 at the same place.
        #expect(state.view.focus == path(2, 1))
        expectFocusVisible(state)
        state.send(.up)
        #expect(state.view.focus == path(0, 13))
        expectFocusVisible(state)
        // The right column: from Beta's last line into Delta.
        state = fixtureState(width: 44, height: 8, focus: path(1, 9))
        state.send(.down)
        #expect(state.view.focus == path(3, 0))
        expectFocusVisible(state)
        // And off the bottom of a column, nothing.
        state = fixtureState(width: 44, height: 8, focus: path(3, 10))
        state.send(.down)
        #expect(state.view.focus == path(3, 10))
    }

    @Test("left and right cross between the columns at the nearest row")
    func crossColumns() {
        var state = fixtureState(width: 44, height: 8, focus: path(0, 13))
        // a13 ends row 5; the right column's nearest line is Beta's last (row 4).
        state.send(.right)
        #expect(state.view.focus == path(1, 9))
        state.send(.right)
        #expect(state.view.focus == path(1, 9))  // the right edge
        state.send(.left)
        #expect(state.view.focus == path(0, 11))  // last item of the line at row 4
        // One column: left at the start of a line does not wrap.
        state = fixtureState(width: 30, height: 8, focus: path(0, 4))
        state.send(.left)
        #expect(state.view.focus == path(0, 4))
    }

    @Test("moves scroll just enough to keep the focus visible below the pinned header")
    func movesScroll() {
        var state = fixtureState(width: 30, height: 6, focus: path(0, 0))
        var offsets: [Int] = []
        for _ in 0..<12 {
            state.send(.down)
            expectFocusVisible(state, "after down to \(state.view.focus!)")
            offsets.append(state.view.offset)
        }
        #expect(state.view.focus == path(3, 8))
        #expect(offsets == offsets.sorted())
        #expect(state.focusRow == state.viewHeight - 1)
        for _ in 0..<12 {
            state.send(.up)
            expectFocusVisible(state, "after up to \(state.view.focus!)")
        }
        #expect(state.view.focus == path(0, 0))
        #expect(state.view.offset == 0)
    }

    @Test("Page Down / Ctrl-F and Page Up / Ctrl-B scroll a page and keep the focus at its row")
    func paging() {
        for (down, up) in [(Key.pageDown, Key.pageUp), (.control("f"), .control("b"))] {
            var state = fixtureState(width: 44, height: 12, focus: path(0, 0), catalog: longCatalog)
            #expect(state.viewHeight == 11)
            #expect(state.maximumOffset == 33)
            state.send(down)
            // A page is the view's height less one row.
            #expect(state.view.offset == 10)
            #expect(state.view.focus == path(0, 30))  // content row 11 = screen row 1, as before
            #expect(state.focusRow == 1)
            expectFocusVisible(state)
            state.send(down)
            // Row 21 is P's bottom inset; the nearest line is P's last (row 20), which would be
            // under P's header pinned at offset 20, so the view stops a row short.
            #expect(state.view.focus == path(0, 57))
            #expect(state.view.offset == 19)
            #expect(state.focusRow == 1)
            expectFocusVisible(state)
            state.send(down, down, down)
            #expect(state.view.offset == state.maximumOffset)
            expectFocusVisible(state)
            // At the bottom a page down moves the focus a page further instead, to the last line.
            state.send(down, down)
            #expect(state.view.focus == path(2, 57))
            expectFocusVisible(state)
            for _ in 0..<6 {
                state.send(up)
                expectFocusVisible(state)
            }
            #expect(state.view.offset == 0)
            #expect(state.view.focus == path(0, 0))
        }
    }

    @Test("paging in the right column stays in the right column")
    func pagingRightColumn() {
        var state = fixtureState(width: 44, height: 12, focus: path(1, 1), catalog: longCatalog)
        state.send(.pageDown)
        #expect(state.view.focus?.section == 1)
        #expect(state.view.layout.sections[state.view.focus!.section].columnIndex == 1)
        #expect(state.view.focus == path(1, 31))
        expectFocusVisible(state)
    }

    @Test("Home / g go to the first item and the top; End / G to the last item")
    func homeAndEnd() {
        for (home, end) in [(Key.home, Key.end), (.character("g"), .character("G"))] {
            var state = fixtureState(width: 44, height: 12, focus: path(1, 30), catalog: longCatalog)
            state.send(end)
            #expect(state.view.focus == path(2, 59))
            #expect(state.view.offset == state.maximumOffset)
            expectFocusVisible(state)
            state.send(home)
            #expect(state.view.focus == path(0, 0))
            #expect(state.view.offset == 0)
        }
        // With the fixture the last item in section order is in the right column.
        var state = fixtureState(width: 44, height: 6)
        state.send(.end)
        #expect(state.view.focus == path(3, 11))
        expectFocusVisible(state)
    }

    @Test("Tab and Shift-Tab jump to the next / previous section's first item, header at the top")
    func sectionJumps() {
        var state = fixtureState(width: 44, height: 12, focus: path(0, 7), catalog: longCatalog)
        state.send(.tab)
        #expect(state.view.focus == path(1, 0))
        #expect(state.view.offset == 0)
        state.send(.tab)
        #expect(state.view.focus == path(2, 0))
        #expect(state.view.offset == 22)
        #expect(render(state)[0].hasPrefix("  R · 60 "))
        expectFocusVisible(state)
        state.send(.tab)  // the last section: no further
        #expect(state.view.focus == path(2, 0))
        state.send(.down, .down)
        state.send(.backTab)
        #expect(state.view.focus == path(1, 0))
        #expect(state.view.offset == 0)
        state.send(.backTab)
        #expect(state.view.focus == path(0, 0))
        state.send(.backTab)  // the first section: no further
        #expect(state.view.focus == path(0, 0))

        // In one column, each section's header goes to the top row in turn.
        state = fixtureState(width: 30, height: 8, focus: path(0, 0))
        state.send(.tab)
        #expect(state.view.focus == path(1, 0))
        #expect(state.view.offset == 6)
        #expect(render(state)[0].hasPrefix("  Beta · 10 "))
        expectFocusVisible(state)
        state.send(.tab)
        #expect(state.view.focus == path(2, 0))
        #expect(render(state)[0].hasPrefix("  Gamma · 8 "))
        state.send(.tab)
        // Delta's header is at row 15, beyond the last offset (20 - 7 = 13): clamped there.
        #expect(state.view.focus == path(3, 0))
        #expect(state.view.offset == state.maximumOffset)
        expectFocusVisible(state)
    }

    @Test("< and > move the split live; the columns' widths follow")
    func ratioKeys() {
        var state = fixtureState(width: 44, height: 8, focus: path(1, 2))
        #expect(state.view.layout.columns.map(\.width) == [21, 21])
        state.send(.character(">"))
        #expect(state.view.layout.columns.map(\.width) == [23, 19])  // floor(42 x 0.55)
        #expect(state.view.layout.columns[1].x == 25)
        state.send(.character("<"), .character("<"))
        #expect(state.view.layout.columns.map(\.width) == [18, 24])  // floor(42 x 0.45)
        #expect(state.view.focus == path(1, 2))
        expectFocusVisible(state)
        // The frame follows: Beta's header now starts at column 20.
        #expect(render(state)[0] == "  Alpha · 14          Beta · 10             ")
        // The split stops at 0.1 and 0.9.
        for _ in 0..<20 { state.send(.character(">")) }
        #expect(state.view.layout.columns[0].width == Int(42 * 0.9))
        #expect(state.view.ratioSteps == 8)
        for _ in 0..<40 { state.send(.character("<")) }
        #expect(state.view.layout.columns[0].width == Int(42 * 0.1 + 1e-9))
        #expect(state.view.ratioSteps == -8)
        expectFocusVisible(state)
    }

    @Test("< and > do nothing with one column")
    func ratioKeysOneColumn() {
        var state = fixtureState(width: 30, height: 8)
        let before = render(state)
        state.send(.character(">"))
        state.send(.character("<"), .character("<"))
        #expect(state.view.ratioSteps == 0)
        #expect(state.view.layout.columns.count == 1)
        #expect(render(state) == before)
    }

    @Test("Enter chooses the focus; q and Esc cancel; Ctrl-C interrupts")
    func outcomes() {
        var state = fixtureState(width: 44, height: 8, focus: path(2, 3))
        state.send(.enter)
        #expect(state.picking.outcome == .chosen(path(2, 3)))
        for key in [Key.character("q"), .escape] {
            state = fixtureState(width: 44, height: 8)
            state.send(key)
            #expect(state.picking.outcome == .cancelled)
        }
        state = fixtureState(width: 44, height: 8)
        state.send(.control("c"))
        #expect(state.picking.outcome == .interrupted)
        // Enter with nothing to choose ends the session with no pick (status 1), as fzf's.
        state = fixtureState(width: 30, height: 8, catalog: Catalog(sections: [], source: "test"))
        state.send(.enter)
        #expect(state.picking.outcome == .pickedNothing)
    }

    @Test("keys that mean nothing change nothing")
    func unknownKeys() {
        let state = fixtureState(width: 44, height: 8, focus: path(0, 4))
        for key in [Key.character("x"), .character("Q"), .backspace, .delete, .control("a")] {
            var copy = state
            copy.send(key)
            #expect(copy.view.focus == state.view.focus)
            #expect(copy.view.offset == state.view.offset)
            #expect(copy.picking.outcome == nil)
        }
    }

    @Test(
        "after every key from every item, the focus is fully visible below its pinned header",
        arguments: [(44, 6), (44, 8), (30, 5), (30, 7), (60, 5), (20, 5)])
    func focusAlwaysVisible(width: Int, height: Int) {
        let keys: [Key] = [
            .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .tab, .backTab,
            .character("<"), .character(">"),
        ]
        for catalog in [fixtureCatalog, longCatalog] {
            for section in catalog.sections.indices {
                for item in catalog.sections[section].items.indices {
                    let start = fixtureState(width: width, height: height, focus: path(section, item), catalog: catalog)
                    expectFocusVisible(start, "\(width)x\(height) start \(section):\(item)")
                    for key in keys {
                        var state = start
                        state.send(key)
                        expectFocusVisible(state, "\(width)x\(height) \(key) from \(section):\(item)")
                    }
                }
            }
        }
    }
}
