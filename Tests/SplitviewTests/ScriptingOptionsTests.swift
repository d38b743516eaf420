// fzf's scripting options in the real binary: --read0 and --print0, --select-1 and --exit-0,
// --print-query.

import Foundation
import Testing

@Suite struct ScriptingOptionsTests {
    @Test func read0AndPrint0KeepItemsWholeLineBreaksAndAll() throws {
        let result = try Support.run(["--read0", "--print0", "--filter", ""], stdin: "a\nb c\0d\0")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "a\nb c\0d\0")
        let lines = try Support.run(["--print0", "--filter", "b"], stdin: "a\nb\n")
        #expect(lines.stdout == "b\0")
    }

    @Test func select1PicksTheOnlyMatchAndExit0LeavesWhenNoneMatch() throws {
        // No browser: no terminal is needed (none is given to these runs).
        let one = try Support.run(["--query", "1F600", "--select-1"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == "😀\n")
        let none = try Support.run(["--query", "zzzqqq", "--exit-0"])
        #expect(none.status == 1 && none.stdout.isEmpty)
        // (More than one match opens the browser: the tmux tests are where that is seen.)
    }

    @Test func headerAndHeaderLinesStayAboveTheStatusLine() throws {
        let result = try Support.run(
            ["render", "--header-lines", "1", "--header", "pick one\nor two", "--width", "40", "--height", "8"],
            stdin: "NAME AGE\nalice 30\nbob 40\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Lines are a list: one a row.
        #expect(lines[1].hasPrefix("  alice 30 ") && lines[2].hasPrefix("  bob 40 "), "\(lines)")
        #expect(lines[4].hasPrefix(" pick one") && lines[5].hasPrefix(" or two") && lines[6].hasPrefix(" NAME AGE"))
        #expect(lines[7].hasPrefix(" alice 30"))
        // Not items: the filter does not find the header line.
        let filter = try Support.run(["--header-lines", "1", "--filter", "NAME"], stdin: "NAME AGE\nalice 30\n")
        #expect(filter.status == 1 && filter.stdout.isEmpty)
        let csv = try Support.run(["--header-lines", "1", "--format", "csv", "--filter", "a"], stdin: "a,b\nc,d\n")
        #expect(csv.status == 2 && csv.stderr.contains("--header-lines applies to plain lines"))
    }

    @Test("--header-lines on a CSV, TSV, JSON or JSON Lines file is refused as with --format, not read as lines")
    func headerLinesOnlyForLines() throws {
        for (file, format) in [
            ("fruits.csv", "CSV"), ("fruits.tsv", "TSV"), ("basic.json", "sectioned JSON"),
            ("fruits.jsonl", "JSON Lines"),
        ] {
            let result = try Support.run(["--header-lines", "1", "--filter", "", Support.fixture("data/" + file)])
            #expect(result.status == 2, "\(file)")
            #expect(
                result.stderr.hasSuffix(
                    ": --header-lines applies to plain lines; the file is read as \(format) (--format lines reads it as lines)\n"
                ), "\(file): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let lines = try Support.run([
            "--header-lines", "1", "--format", "lines", "--filter", "", Support.fixture("data/fruits.csv"),
        ])
        #expect(lines.status == 0 && lines.stdout.hasPrefix("🍎,apple") == false && !lines.stdout.contains("section,"))
    }

    @Test("--height takes -N as written, as fzf's")
    func heightTakesANegativeNumber() throws {
        let result = try Support.run(["--height", "-30", "--filter", "heart", "--emoji"], stdin: "")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("❤️\n"))
        let bad = try Support.run(["--height", "-x", "--filter", "heart", "--emoji"], stdin: "")
        #expect(bad.status == 64 && bad.stderr.contains("--height must be"), "\(bad.stderr)")
    }

    @Test("--emoji names the bundled emoji where standard input is not a terminal; an empty one says so")
    func emojiFromScripts() throws {
        // As from cron, an editor's :r !splitview, a window manager's key binding.
        for stdin in ["", "apple\n"] {
            let result = try Support.run(["--filter", "grinning cat", "--emoji"], stdin: stdin)
            #expect(result.status == 0 && result.stdout.hasPrefix("😺\n"), "\(result.stdout) \(result.stderr)")
        }
        let render = try Support.run(["render", "--width", "60", "--height", "6", "--emoji"], stdin: "")
        #expect(render.stdout.contains("Smileys & Emotion"), "\(render.stdout)")
        let empty = try Support.run(["--filter", "heart"], stdin: "")
        #expect(empty.status == 1 && empty.stdout.isEmpty)
        #expect(
            empty.stderr
                == "splitview: stdin: no items: standard input is empty (name a data FILE, or give --emoji for the bundled emoji)\n"
        )
        let both = try Support.run(["--emoji", Support.fixture("data/fruits.csv")])
        #expect(both.status == 64 && both.stderr.contains("--emoji browses the bundled emoji"))
    }

    @Test func printQueryComesFirst() throws {
        let result = try Support.run(["--filter", "U+1F600", "--print-query"])
        #expect(result.stdout == "U+1F600\n😀\n")
        let none = try Support.run(["--filter", "zzzqqq", "--print-query"])
        #expect(none.status == 1 && none.stdout == "zzzqqq\n")
    }
}

/// --expect and --query in the browser, in tmux.
@Suite(.serialized, .needs("tmux"))
struct ScriptingKeysEndToEndTests {
    func start(_ arguments: String) throws -> (TmuxSession, out: String) {
        let out = FileManagerHelper.temporaryDirectory() + "/out.txt"
        let session = try TmuxSession(
            width: 80, height: 12, command: "\(Support.binary) \(arguments) > \(out); echo EXIT:$? >> \(out)")
        return (session, out)
    }

    @Test func anExpectedKeyPicksAndIsPrintedFirstEnterPrintsAnEmptyLine() throws {
        let (session, out) = try start("--expect ctrl-d,tab")
        try session.waitFor("the emoji") { $0.contains("1 of 1884") }
        try session.send("Right", "C-d")
        #expect(session.waitForFile(out, containing: "EXIT:") == "ctrl-d\n😃\nEXIT:0\n")
        let (enter, enterOut) = try start("--expect ctrl-d")
        try enter.waitFor("the emoji") { $0.contains("1 of 1884") }
        try enter.send("Enter")
        #expect(enter.waitForFile(enterOut, containing: "EXIT:") == "\n😀\nEXIT:0\n")
    }

    @Test("Enter with no match prints the query (--print-query) and the key (--expect), and exits 1, as fzf's")
    func enterWithNoMatchPrintsTheQuery() throws {
        for (arguments, printed) in [
            ("--print-query", "zz\n"), ("--print-query --expect ctrl-x", "zz\n\n"), ("", ""),
        ] {
            let out = FileManagerHelper.temporaryDirectory() + "/out.txt"
            let session = try TmuxSession(
                width: 60, height: 10,
                command:
                    "printf \"apple\\nbanana\\n\" | \(Support.binary) \(arguments) > \(out); echo EXIT:$? >> \(out)")
            try session.waitFor("the lines") { $0.contains("of 2") }
            try session.send("z", "z")
            try session.waitFor("no match") { $0.contains("no matches") }
            try session.send("Enter")
            #expect(session.waitForFile(out, containing: "EXIT:") == printed + "EXIT:1\n", "\(arguments)")
        }
    }

    @Test("--expect takes function keys, Alt and modified arrows as the terminal (tmux) sends them")
    func functionAndAltKeysEndTheBrowser() throws {
        let names = "f1,f12,alt-a,alt-enter,ctrl-alt-x,shift-up,ctrl-left,alt-right,alt-shift-down,insert"
        for (tmuxKey, name) in [
            ("F1", "f1"), ("F12", "f12"), ("M-a", "alt-a"), ("M-Enter", "alt-enter"), ("C-M-x", "ctrl-alt-x"),
            ("S-Up", "shift-up"), ("C-Left", "ctrl-left"), ("M-Right", "alt-right"), ("M-S-Down", "alt-shift-down"),
            ("IC", "insert"),
        ] {
            let (session, out) = try start("--expect \(names)")
            try session.waitFor("the emoji") { $0.contains("1 of 1884") }
            try session.send(tmuxKey)
            #expect(session.waitForFile(out, containing: "EXIT:") == "\(name)\n😀\nEXIT:0\n", "\(tmuxKey)")
        }
    }

    @Test func withAQueryEnterPicksAtOnce() throws {
        let (session, out) = try start("--query 1F600")
        try session.waitFor("the search") { $0.contains("/1F600") || $0.contains("1 of 1884") }
        try session.send("Enter")
        #expect(session.waitForFile(out, containing: "EXIT:") == "😀\nEXIT:0\n")
    }
}
