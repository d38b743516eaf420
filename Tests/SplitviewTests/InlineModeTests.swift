// Inline mode (--height): the browser in rows below the cursor, on the normal screen, as fzf's
// --height. On a pseudo-terminal the test plays the terminal (it answers where the cursor is, or
// only DA1, as a terminal that does not report the cursor would); in tmux, the real binary from
// a shell, the screen read as a user sees it.

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct InlineModePseudoTerminalTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func send(_ text: String, to master: Int32) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Starts `--height 8` on a 60 x 20 terminal and answers its question with `answer`; what
    /// it wrote up to the first frame.
    func start(answering answer: String) throws -> (master: Int32, pid: pid_t, frame: String) {
        let (master, pid) = try Support.startOnPseudoTerminal(
            columns: 60, rows: 20, arguments: ["--typing", "keys", "--height", "8"])
        let (asked, _) = Support.drain(master, pid, for: 20) { Self.text($0).contains("\u{1B}[6n\u{1B}[c") }
        try #require(Self.text(asked).contains("\u{1B}[6n\u{1B}[c"), "no cursor position request")
        Self.send(answer, to: master)
        let (frame, _) = Support.drain(master, pid, for: 20) { Self.text($0).contains("1 of 1884") }
        try #require(Self.text(frame).contains("1 of 1884"), "no first frame")
        return (master, pid, Self.text(asked + frame))
    }

    @Test("the rows start at the cursor the terminal reports; clicks count from them; the end clears them")
    func rowsStartAtTheReportedCursor() throws {
        // The cursor on row 5 (counted from 1): the browser's rows are 5 to 12.
        let (master, pid, frame) = try start(answering: "\u{1B}[5;1R\u{1B}[?62;22c")
        defer { close(master) }
        #expect(!frame.contains("\u{1B}[?1049h"), "the alternate screen was used")
        #expect(!frame.contains("\u{1B}[2J"), "the whole screen was cleared")
        #expect(frame.contains("\u{1B}[5;1H\u{1B}[J"), "the rows were not cleared from their top")
        #expect(!frame.contains("\u{1B}[4;"), "something was drawn above the rows")
        #expect(!frame.contains("\u{1B}[13;"), "something was drawn below the rows")
        // Row 2 of the browser, column 7: the second emoji of the first line, 😃. The terminal
        // counts from its top: row 6.
        Self.send("\u{1B}[<0;7;6M\u{1B}[<0;7;6m", to: master)
        let (focused, _) = Support.drain(master, pid, for: 10) { Self.text($0).contains("big eyes") }
        #expect(Self.text(focused).contains("big eyes"), "the click did not land on its item")
        // A click above the rows is not the browser's.
        Self.send("\u{1B}[<0;7;2M\u{1B}[<0;7;2m", to: master)
        Self.send("q", to: master)
        let (ended, status) = Support.drain(master, pid, for: 10)
        let exit = try #require(status, "q did not quit")
        #expect((exit >> 8) & 0xFF == 1, "the click above the rows picked something")
        let end = Self.text(ended)
        #expect(!end.contains("\u{1B}[?1049l"))
        // The rows cleared, the cursor left at their top for the shell.
        #expect(end.hasSuffix("\u{1B}[5;1H\u{1B}[J\u{1B}[5;1H"), "ended with \(end.suffix(40).debugDescription)")
    }

    @Test("a terminal that does not report the cursor gets the bottom rows, the screen scrolled up to free them")
    func noCursorReportTakesTheBottomRows() throws {
        let (master, pid, frame) = try start(answering: "\u{1B}[?62;22c")
        defer { close(master) }
        // Eight line feeds on the last row, then the rows from 13 (of 20) down.
        #expect(frame.contains("\u{1B}[20;1H" + String(repeating: "\n", count: 8) + "\u{1B}[13;1H\u{1B}[J"))
        Self.send("q", to: master)
        let (ended, status) = Support.drain(master, pid, for: 10)
        #expect(status != nil)
        #expect(Self.text(ended).hasSuffix("\u{1B}[13;1H\u{1B}[J\u{1B}[13;1H"))
    }

    @Test func aHeightThatIsNoneOfTheFormsIsAUsageError() throws {
        for bad in ["0", "half", "150%"] {
            let result = try Support.run(["--height", bad, "--filter", "cat"])
            #expect(result.status == 64)
            #expect(result.stderr.contains("--height must be \"full\" or N rows"), "\(result.stderr)")
        }
        #expect(try Support.run(["--height", "40%", "--filter", "^cat face$"]).stdout == "🐱\n")
    }

    @Test("keys typed before the terminal answered are not lost")
    func keysTypedBeforeTheAnswerAreKept() throws {
        // "l" (next item) typed before the answer, in the same read.
        let (master, pid, frame) = try start(answering: "l\u{1B}[5;1R\u{1B}[?62;22c")
        defer { close(master) }
        // (The move may come in the same read as the first frame.)
        let (moved, _) = Support.drain(master, pid, for: 10) { (frame + Self.text($0)).contains("big eyes") }
        #expect((frame + Self.text(moved)).contains("big eyes"), "the key typed before the answer was lost")
        Self.send("q", to: master)
        _ = Support.drain(master, pid, for: 10)
    }
}

@Suite(.serialized, .needs("tmux"))
struct InlineModeTmuxTests {
    /// bash in tmux with `before` run first (a command line whose output the browser goes
    /// below), then splitview with `arguments` on 360 words; what it prints goes to the screen.
    func start(width: Int = 80, height: Int = 24, before: String, arguments: String) throws -> TmuxSession {
        let session = try TmuxSession(width: width, height: height, command: "exec bash --norc --noprofile")
        let data = try wordsFile(session)
        try session.send("PS1='READY$ '", "Enter")
        try session.waitFor("the shell") { $0.contains("READY$") }
        try session.send("clear; \(before); \(Support.binary) --no-recent --typing keys \(arguments) \(data)", "Enter")
        try session.waitFor("the browser") { $0.contains("of 360") }
        return session
    }

    /// 360 words in 6 sections, in a TSV file in the session's folder.
    func wordsFile(_ session: TmuxSession) throws -> String {
        let data = session.directory + "/words.tsv"
        let rows = (0..<6).flatMap { section in (0..<60).map { "Section \(section)\tword\(section)x\($0)" } }
        try FileManagerHelper.write((["section\tlabel"] + rows).joined(separator: "\n") + "\n", to: data)
        return data
    }

    func lines(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }

    func value(_ session: TmuxSession, _ format: String) throws -> String {
        try session.tmux(["display-message", "-p", "-t", session.name, format])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        "below what the shell printed, on the normal screen; Esc gives the rows back blank, the prompt where they began"
    )
    func belowTheShellAndGivenBackClean() throws {
        let session = try start(before: "seq 1 5", arguments: "--height 8")
        let screen = try session.screen()
        let rows = lines(screen)
        #expect(Array(rows[0...4]) == ["1", "2", "3", "4", "5"])
        #expect(rows[5].hasPrefix("  Section 0"), "the browser does not start below the output:\n\(screen)")
        #expect(rows[12].contains("1 of 360"), "the status line is not the 8th row:\n\(screen)")
        #expect(rows[13...].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty })
        #expect(try value(session, "#{alternate_on}") == "0")
        try session.send("Escape")
        let after = try session.waitFor("the prompt again") { $0.contains("of 360") == false && $0.contains("READY$") }
        let back = lines(after)
        #expect(Array(back[0...4]) == ["1", "2", "3", "4", "5"])
        #expect(back[5] == "READY$", "the prompt is not where the browser began:\n\(after)")
        #expect(back[6...].allSatisfy { $0.isEmpty }, "the browser's rows were not cleared:\n\(after)")
    }

    @Test("near the bottom the screen scrolls up to make room; what was on it stays, above the browser")
    func scrollsToMakeRoom() throws {
        let session = try start(before: "seq 1 30", arguments: "--height 40%")
        let rows = lines(try session.screen())
        // 40% of 24 rows is under the least share (10 rows): 10 rows, at the bottom.
        #expect(rows[13] == "30" && rows[12] == "29")
        #expect(rows[14].hasPrefix("  Section 0") && rows[23].contains("1 of 360"))
        try session.send("Enter")
        let after = try session.waitFor("the pick printed") { $0.contains("READY$") && !$0.contains("of 360") }
        let back = lines(after)
        #expect(back[13] == "30" && back[14] == "word0x0" && back[15] == "READY$", "\(after)")
    }

    @Test("a resize re-splits the browser within its rows, and the rows follow the terminal's height")
    func resizeReSplits() throws {
        let session = try start(width: 120, before: "echo top", arguments: "--height 50%")
        let wide = try session.screen()
        #expect(wide.contains("Section 0") && wide.contains("Section 1"))
        #expect(lines(wide)[1].hasPrefix("  Section 0") && lines(wide)[1].contains("Section 1"), "not two columns")
        try session.resize(width: 50, height: 30)
        let narrow = try session.waitFor("one column") { screen in
            lines(screen).contains { $0.hasPrefix("  Section 0") && !$0.contains("Section 1") }
        }
        // Half of 30 rows: the status line is the 15th row of the browser.
        let rows = lines(narrow)
        let first = try #require(rows.firstIndex { $0.hasPrefix("  Section 0") })
        #expect(rows[first + 14].contains("of 360"), "not 15 rows:\n\(narrow)")
        #expect(try value(session, "#{alternate_on}") == "0")
        try session.send("q")
        try session.waitFor("the prompt again") { !$0.contains("of 360") && $0.contains("READY$") }
    }

    @Test("a stop gives the rows back to the shell; fg draws the browser below what the shell printed")
    func stopAndFg() throws {
        let session = try TmuxSession(width: 80, height: 24, command: "exec bash --norc --noprofile")
        try session.send("PS1='READY$ '", "Enter")
        try session.waitFor("the shell") { $0.contains("READY$") }
        let pidFile = session.directory + "/pid"
        let data = try wordsFile(session)
        try session.send(
            "clear; sh -c 'echo $$ > \(pidFile); exec \(Support.binary) --no-recent --typing keys --height 8 \(data)'",
            "Enter")
        try session.waitFor("the browser") { $0.contains("of 360") }
        let pid = session.waitForFile(pidFile, containing: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try Support.shell("kill -TSTP \(pid)")
        let stopped = try session.waitFor("the shell, the job stopped") {
            $0.contains("Stopped") && $0.contains("READY$")
        }
        #expect(!stopped.contains("of 360"))
        try session.send("fg", "Enter")
        let back = try session.waitFor("the browser again") { $0.contains("of 360") }
        let rows = lines(back)
        let fg = try #require(rows.lastIndex { $0.hasPrefix("READY$ fg") })
        #expect(rows[(fg + 1)...].contains { $0.contains("of 360") }, "not below the shell:\n\(back)")
        #expect(back.contains("Stopped"), "the shell's lines were drawn over:\n\(back)")
        try session.send("q")
        try session.waitFor("the prompt again") { !$0.contains("of 360") }
    }

    @Test("~ takes only the rows the content needs, and grows as data arrives, up to the limit")
    func adaptiveHeight() throws {
        let session = try TmuxSession(width: 80, height: 24, command: "exec bash --norc --noprofile")
        try session.send("PS1='READY$ '", "Enter")
        try session.waitFor("the shell") { $0.contains("READY$") }
        try session.send("clear; echo top; printf \"yes\\nno\\nmaybe\\n\" | \(Support.binary) --height ~20", "Enter")
        let few = try session.waitFor("the browser") { $0.contains("of 3") }
        var rows = lines(few)
        // The header, the line, the inset, a spare row (the least a browser has: 5), the status.
        #expect(rows[0] == "top" && rows[1].hasPrefix("  stdin") && rows[2].contains("maybe"), "\(few)")
        #expect(rows[5].contains("of 3") && rows[6...].allSatisfy { $0.isEmpty }, "not 5 rows:\n\(few)")
        try session.send("Escape")
        try session.waitFor("the prompt") { !$0.contains("of 3") }

        // Near the bottom, then more data: the rows grow upwards, the screen scrolling.
        let gate = session.directory + "/gate"
        try session.send(
            "clear; seq 1 20; (seq 30; while [ ! -e \(gate) ]; do sleep 0.05; done; seq 31 400) | \(Support.binary) --height ~15",
            "Enter")
        let first = try session.waitFor("the first lines") { $0.contains("30 of 30") }
        rows = lines(first)
        #expect(rows[23].contains("30 of 30") && rows[18] == "20", "\(first)")
        try FileManagerHelper.write("", to: gate)
        let grown = try session.waitFor("all the lines") { $0.contains("400 of 400") }
        rows = lines(grown)
        #expect(rows[23].contains("400 of 400") && rows[8] == "20" && rows[9].hasPrefix("  stdin"), "\(grown)")
        try session.send("Escape")
        let after = try session.waitFor("the prompt") { !$0.contains("of 400") }
        #expect(lines(after)[8] == "20" && lines(after)[9] == "READY$", "\(after)")
    }

    @Test("Ctrl-Z stops it as a shell's Ctrl-Z (and fzf's) does; fg brings it back below the shell's lines")
    func controlZSuspends() throws {
        let session = try start(before: "echo top", arguments: "--height 8")
        try session.send("C-z")
        let stopped = try session.waitFor("the shell, the job stopped") {
            $0.contains("Stopped") && $0.contains("READY$")
        }
        #expect(!stopped.contains("of 360"))
        try session.send("fg", "Enter")
        let back = try session.waitFor("the browser again") { $0.contains("of 360") }
        #expect(back.contains("Stopped") && lines(back)[0] == "top")
        try session.send("l")
        try session.waitFor("a key taken") { $0.contains("2 of 360") }
        try session.send("q")
        try session.waitFor("the prompt again") { !$0.contains("of 360") }
    }

    @Test("[screen] height sets inline mode; --height full goes back to the whole screen")
    func configurationAndFull() throws {
        let session = try TmuxSession(width: 80, height: 24, command: "exec bash --norc --noprofile")
        let home = session.directory + "/home"
        try FileManager.default.createDirectory(atPath: home + "/splitview", withIntermediateDirectories: true)
        try FileManagerHelper.write("[screen]\nheight = 6\n", to: home + "/splitview/config.toml")
        try session.send("PS1='READY$ '", "Enter")
        try session.waitFor("the shell") { $0.contains("READY$") }
        try session.send("clear; echo above; printf 'a\\nb\\n' | \(Support.binary)", "Enter")
        let inline = try session.waitFor("the browser") { $0.contains("of 2") }
        #expect(lines(inline)[0] == "above" && lines(inline)[6].contains("of 2"), "\(inline)")
        #expect(try value(session, "#{alternate_on}") == "0")
        try session.send("Escape")
        try session.waitFor("the prompt") { !$0.contains("of 2") }
        try session.send("clear; printf 'a\\nb\\n' | \(Support.binary) --height full", "Enter")
        try session.waitFor("the browser") { $0.contains("of 2") }
        #expect(try value(session, "#{alternate_on}") == "1")
        try session.send("Escape")
    }
}
