// Inline mode's arithmetic (how many rows a --height means, where they go, how a mouse event
// is moved into them) and its frames: random frames encoded for rows in the middle of a model
// terminal must show exactly there, and leave the rows above (the shell's) untouched.

import SeededRandom
import TerminalTestSupport
import Testing

@testable import TerminalUI

@Suite struct InlineRegionTests {
    @Test func heightsParse() {
        #expect(InlineHeight(parsing: "10") == .rows(10))
        #expect(InlineHeight(parsing: " 40% ") == .percent(40))
        #expect(InlineHeight(parsing: "-3") == .allBut(3))
        #expect(InlineHeight(parsing: "~40%") == InlineHeight(.percent(40), adaptive: true))
        #expect(InlineHeight(parsing: "~12") == InlineHeight(.rows(12), adaptive: true))
        #expect(InlineHeight(parsing: "~-3") == InlineHeight(.allBut(3), adaptive: true))
        for bad in [
            "", "0", "0%", "101%", "-0", "--3", "+5", "5.5", "ten", "%", "-", "40 %", "1e3", "100001", "~", "~~5",
            "5~", "~ 5", "~%", "+5%",
        ] {
            #expect(InlineHeight(parsing: bad) == nil, "\(bad) parsed")
        }
        for height in [InlineHeight.rows(7), .percent(40), .allBut(2), InlineHeight(.percent(30), adaptive: true)] {
            #expect(InlineHeight(parsing: height.description) == height)
        }
    }

    @Test func heightsTakeTheirRowsOfTheTerminal() {
        #expect(InlineHeight.rows(8).rows(ofTerminal: 24) == 8)
        #expect(InlineHeight.rows(80).rows(ofTerminal: 24) == 24)
        #expect(InlineHeight.rows(3).rows(ofTerminal: 24) == 3)  // as asked: the browser says if it is too few
        #expect(InlineHeight.percent(50).rows(ofTerminal: 40) == 20)
        #expect(InlineHeight.percent(40).rows(ofTerminal: 24) == 10)  // 9.6 rows: the least share, 10
        #expect(InlineHeight.percent(10).rows(ofTerminal: 6) == 6)  // the whole of a shorter terminal
        #expect(InlineHeight.allBut(4).rows(ofTerminal: 30) == 26)
        #expect(InlineHeight.allBut(40).rows(ofTerminal: 30) == 10)
        #expect(InlineHeight.rows(5).rows(ofTerminal: 0) == 1)
    }

    @Test func rowsGoBelowTheCursorScrollingWhenTheyMust() {
        // Room below the cursor: from its row.
        #expect(
            InlineRegion.below(cursorRow: 5, cursorColumn: 0, height: 8, terminalHeight: 24)
                == InlineRegion(top: 5, height: 8, scroll: 0, textEndColumn: nil))
        // After text (a prompt without a line break): from the next row; the cursor goes back
        // after the text at the end.
        let afterText = InlineRegion.below(cursorRow: 5, cursorColumn: 3, height: 8, terminalHeight: 24)
        #expect(afterText == InlineRegion(top: 6, height: 8, scroll: 0, textEndColumn: 3))
        #expect(afterText.textEndRow == 5)
        // Near the bottom: the screen scrolls up as far as needed, the text with it.
        let low = InlineRegion.below(cursorRow: 22, cursorColumn: 4, height: 8, terminalHeight: 24)
        #expect(low == InlineRegion(top: 16, height: 8, scroll: 7, textEndColumn: 4))
        #expect(low.textEndRow == 15)
        // Taller than the terminal: all of it.
        #expect(
            InlineRegion.below(cursorRow: 3, cursorColumn: 0, height: 50, terminalHeight: 24)
                == InlineRegion(top: 0, height: 24, scroll: 3, textEndColumn: nil))
        // The cursor unknown: the bottom rows, with the whole of them scrolled in first.
        #expect(
            InlineRegion.below(cursorRow: nil, cursorColumn: 0, height: 8, terminalHeight: 24)
                == InlineRegion(top: 16, height: 8, scroll: 8, textEndColumn: nil))
        // Grown (an adaptive height): from the same top while there is room, then moved up.
        let placed = InlineRegion(top: 16, height: 5, scroll: 0, textEndColumn: 4)
        #expect(
            placed.resized(to: 8, terminalHeight: 24) == InlineRegion(top: 16, height: 8, scroll: 0, textEndColumn: 4))
        #expect(
            placed.resized(to: 12, terminalHeight: 24) == InlineRegion(top: 12, height: 12, scroll: 4, textEndColumn: 4)
        )
        #expect(
            placed.resized(to: 40, terminalHeight: 24) == InlineRegion(top: 0, height: 24, scroll: 16, textEndColumn: 4)
        )
        // Text scrolled off the top: nowhere to go back to.
        #expect(InlineRegion.below(cursorRow: 23, cursorColumn: 9, height: 24, terminalHeight: 24).textEndRow == nil)
    }

    @Test func everyPlacementFitsTheTerminal() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let terminal = Int.random(in: 1...60, using: &generator)
            let cursor = Bool.random(using: &generator) ? Int.random(in: 0..<terminal, using: &generator) : nil
            let column = Int.random(in: 0...3, using: &generator)
            let height = Int.random(in: 1...80, using: &generator)
            let region = InlineRegion.below(
                cursorRow: cursor, cursorColumn: column, height: height, terminalHeight: terminal)
            #expect(region.top >= 0 && region.top + region.height <= terminal)
            #expect(region.height == min(height, terminal))
            if let cursor {
                // Nothing above the cursor's row is drawn over (it scrolls up instead), and
                // nothing scrolls that did not have to.
                let first = cursor + (column > 0 ? 1 : 0)
                #expect(region.top + region.scroll == first)
                #expect(region.scroll == max(0, first + region.height - terminal))
            }
        }
    }

    @Test func mouseEventsCountFromTheRows() {
        let click = MouseEvent(action: .click, x: 7, y: 6)
        #expect(click.inRows(from: 5, count: 8) == MouseEvent(action: .click, x: 7, y: 1))
        #expect(click.inRows(from: 7, count: 8) == nil)
        #expect(MouseEvent(action: .wheelDown, x: 1, y: 20).inRows(from: 5, count: 8) == nil)
        // A drag or a release outside stays the browser's, at the nearest row.
        #expect(
            MouseEvent(action: .drag, x: 3, y: 2).inRows(from: 5, count: 8) == MouseEvent(action: .drag, x: 3, y: 0))
        #expect(
            MouseEvent(action: .release, x: 3, y: 30).inRows(from: 5, count: 8)
                == MouseEvent(action: .release, x: 3, y: 7))
    }

    /// Random frames scrolling like the browser's, 9 rows drawn from row 4 of a 15-row model
    /// terminal whose first rows hold the shell's lines: each frame shows exactly in its rows,
    /// the shell's lines stay, the cursor is left at the rows' top.
    @Test(arguments: FrameEncoderTests.entries.indices)
    func framesShowInTheirRowsOnly(_ entryIndex: Int) throws {
        let entry = FrameEncoderTests.entries[entryIndex]
        let width = 50, height = 9, top = 4, terminalHeight = 15
        var encoder = FrameEncoder(sequences: entry.sequences, colors: entry.colors)
        encoder.placement = FrameEncoder.Placement(top: top, terminalHeight: terminalHeight)
        var terminal = XtermModel(
            width: width, height: terminalHeight, backgroundColorErase: entry.flags.contains("bce"))
        for row in 0..<top { terminal.feed(Array("\u{1B}[\(row + 1);1Hshell line \(row)".utf8)) }
        var frames = RandomFrames(seed: 11 + UInt64(entryIndex), width: width, height: height)
        for step in 0..<60 {
            let frame = frames.next(step: step)
            terminal.feed(encoder.encode(frame, screenWidth: width, screenHeight: height, cursorAfter: (top, 0)))
            try #require(terminal.unknown.isEmpty, "\(entry.name): \(terminal.unknown)")
            var region = terminal
            region.height = height
            region.cells = Array(terminal.cells[top..<(top + height)])
            region.styles = Array(terminal.styles[top..<(top + height)])
            region.lineIDs = Array(terminal.lineIDs[top..<(top + height)])
            let differences = region.differences(from: frame, colors: entry.colors)
            try #require(differences.isEmpty, "\(entry.name), step \(step): \(differences.prefix(4))")
            for row in 0..<top {
                try #require(
                    terminal.cells[row].joined().hasPrefix("shell line \(row)"),
                    "\(entry.name), step \(step): the shell's row \(row) was drawn over")
            }
            #expect(terminal.row == top && terminal.column == 0 && terminal.autowrap)
        }
    }

    @Test func aForgottenFrameClearsOnlyItsRows() {
        var encoder = FrameEncoderTests.encoder()
        encoder.placement = FrameEncoder.Placement(top: 5, terminalHeight: 24)
        let bytes = FrameEncoderTests.text(
            encoder.encode(
                FrameEncoderTests.frame(["ab"], width: 3), screenWidth: 3, screenHeight: 1, cursorAfter: (5, 0)))
        // (The stand-ins have no ed: each row is cleared with el.)
        #expect(bytes == "<rmam><sgr0><cup 5,0><el><cup 5,0>ab<smam><cup 5,0>")
        #expect(
            FrameEncoderTests.text(encoder.resetBytes(screenHeight: 24, cursor: (5, 0)))
                == "\u{18}<sgr0><smam><csr 0,23><cup 5,0>")
    }
}
