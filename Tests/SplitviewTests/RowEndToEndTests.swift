// Rows of cards in the real binary: in tmux (keys) and on a pseudo-terminal (the wheel, sent as
// the terminal reports it).

import Foundation
import TerminalTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.serialized, .needs("tmux"))
struct RowEndToEndTests {
    /// The browser with `arguments` in tmux, its letters the browsing keys (`--typing keys`).
    func start(width: Int, height: Int, arguments: String) throws -> (TmuxSession, out: String) {
        let out = FileManagerHelper.temporaryDirectory() + "/out.txt"
        let session = try TmuxSession(
            width: width, height: height,
            command: "\(Support.binary) --typing keys \(arguments) > \(out); echo EXIT:$? >> \(out)")
        return (session, out)
    }

    @Test func aCardViewOfRecordsPagesOneCardAKeyAndPicks() throws {
        let (session, out) = try start(
            width: 70, height: 20,
            arguments: "--style row --effect stack \(Support.fixture("data/contacts.csv"))")
        try session.waitFor("the first card") {
            $0.contains("Ada Lovelace") && $0.contains("email: ada@example.org") && $0.contains("page 1 of 2")
        }
        try session.send("Right")
        try session.waitFor("the second card, moved to the front") {
            $0.contains("│ Alan Turing") && $0.contains("phone: +44 20 7946 0002") && $0.contains("page 2 of 2")
        }
        // No third card: Right at the end stays.
        try session.send("Right", "Home")
        try session.waitFor("the first card again") { $0.contains("│ Ada Lovelace") && $0.contains("page 1 of 2") }
        try session.send("End", "Enter")
        let output = session.waitForFile(out, containing: "EXIT:")
        #expect(output == "Alan Turing\nEXIT:0\n")
    }

    @Test func emojiRowsFlickACardAKeyAndVTurnsASectionBackIntoAGrid() throws {
        let (session, out) = try start(width: 100, height: 30, arguments: "--style row")
        try session.waitFor("a row of emoji cards") { $0.contains("grinning face") && $0.contains("page 1 of 171") }
        try session.send("Right", "Right")
        try session.waitFor("the third card") {
            $0.contains("grinning face with smiling eyes") && $0.contains("page 3 of 171")
        }
        try session.send("v")
        // A grid again: the same emoji focused, no page in the status line.
        let grid = try session.waitFor("the grid") { $0.contains("3 of 1884") && !$0.contains("page 3 of 171") }
        #expect(grid.contains("😀  😃  😄"))
        try session.send("q")
        #expect(session.waitForFile(out, containing: "EXIT:") == "EXIT:1\n")
    }
}

@Suite struct RowWheelTests {
    static func send(_ text: String, to master: Int32) { MouseInputTests.send(text, to: master) }
    static func contains(_ bytes: [UInt8], _ text: String) -> Bool { MouseInputTests.contains(bytes, text) }

    /// Runs `body` with the emoji as rows without effect on a 60 x 20 pseudo-terminal, once
    /// its first frame (the bytes given to `body`) is there.
    static func withRows(_ body: (_ master: Int32, _ pid: pid_t, _ start: [UInt8]) throws -> Void) throws {
        let (master, pid) = try Support.startOnPseudoTerminal(
            columns: 60, rows: 20, arguments: ["--typing", "keys", "--style", "row", "--effect", "none"])
        defer {
            kill(pid, SIGTERM)
            close(master)
        }
        let (start, _) = Support.drain(master, pid, for: 20) { Self.contains($0, "page 1 of 171") }
        try #require(Self.contains(start, "page 1 of 171"), "no first frame")
        try body(master, pid, start)
    }

    @Test func aBurstOfWheelNotchesOverARowSnapsToTheNextCard() throws {
        try Self.withRows { master, pid, _ in
            // Three wheel-down reports (SGR button 65) over the first row, at column 20, row 4.
            for _ in 0..<3 {
                Self.send("\u{1B}[<65;20;4M", to: master)
                usleep(20_000)
            }
            // When the notches stop, the fast burst (past no middle) is a flick: the row rests on
            // the next card, which takes the focus (its position in the status line).
            let (after, _) = Support.drain(master, pid, for: 10) {
                Self.contains($0, "page 2 of 171 · 2 of 1884")
            }
            #expect(Self.contains(after, "page 2 of 171 · 2 of 1884"), "the burst did not end on the next card")
        }
    }

    /// The status line of the screen the bytes draw, as an xterm shows it.
    static func statusLine(of bytes: [UInt8]) -> String {
        var screen = XtermModel(width: 60, height: 20)
        screen.feed(bytes)
        return screen.cells[19].joined()
    }

    @Test func aLongBurstOfSlowNotchesMovesOneCardNoMore() throws {
        try Self.withRows { master, pid, start in
            // Nine notches (three cards of sliding) 30 to 140 ms apart, as a hand turning the
            // wheel sends them: one burst, which rests one card on (the snap seed's rule and
            // the docs'), however far the wheel slid the row.
            var seen = start
            for gap in [30, 140, 90, 120, 140, 60, 140, 45, 100] {
                Self.send("\u{1B}[<65;20;4M", to: master)
                seen += Support.drain(master, pid, for: Double(gap) / 1000).bytes
            }
            seen += Support.drain(master, pid, for: 1).bytes
            #expect(Self.statusLine(of: seen).contains("page 2 of 171 · 2 of 1884"), "\(Self.statusLine(of: seen))")
        }
    }

    @Test func aDragOnARowFlicksItToTheNextCardAndDragReportingIsSwitchedOffAtTheEnd() throws {
        try Self.withRows { master, pid, start in
            // The terminal is asked to report motion while a button is held (mode 1002), and
            // each frame is a synchronized update (mode 2026).
            #expect(Self.contains(start, "\u{1B}[?1002h"))
            #expect(Self.contains(start, "\u{1B}[?2026h") && Self.contains(start, "\u{1B}[?2026l"))
            // A press over the first row at column 40, row 4; motion with the button held (SGR
            // button 32) to columns 34 and 28; the release: a quick drag of 12 cells to the left.
            for report in ["\u{1B}[<0;40;4M", "\u{1B}[<32;34;4M", "\u{1B}[<32;28;4M", "\u{1B}[<0;28;4m"] {
                Self.send(report, to: master)
                usleep(10_000)
            }
            let (after, _) = Support.drain(master, pid, for: 10) {
                Self.contains($0, "page 2 of 171 · 2 of 1884")
            }
            #expect(Self.contains(after, "page 2 of 171 · 2 of 1884"), "the drag did not end on the next card")
            Self.send("q", to: master)
            let (end, _) = Support.drain(master, pid, for: 10) { Self.contains($0, "\u{1B}[?1002l") }
            #expect(Self.contains(end, "\u{1B}[?1002l"), "drag reporting left on")
        }
    }
}
