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
        #expect(lines[1].hasPrefix("  alice 30  bob 40"), "\(lines)")
        #expect(lines[4].hasPrefix(" pick one") && lines[5].hasPrefix(" or two") && lines[6].hasPrefix(" NAME AGE"))
        #expect(lines[7].hasPrefix(" alice 30"))
        // Not items: the filter does not find the header line.
        let filter = try Support.run(["--header-lines", "1", "--filter", "NAME"], stdin: "NAME AGE\nalice 30\n")
        #expect(filter.status == 1 && filter.stdout.isEmpty)
        let csv = try Support.run(["--header-lines", "1", "--format", "csv", "--filter", "a"], stdin: "a,b\nc,d\n")
        #expect(csv.status == 2 && csv.stderr.contains("--header-lines applies to plain lines"))
    }

    @Test func printQueryComesFirst() throws {
        let result = try Support.run(["--filter", "U+1F600", "--print-query"])
        #expect(result.stdout == "U+1F600\n😀\n")
        let none = try Support.run(["--filter", "zzzqqq", "--print-query"])
        #expect(none.status == 1 && none.stdout == "zzzqqq\n")
    }
}

/// --expect and --query in the browser, in tmux.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct ScriptingKeysEndToEndTests {
    func start(_ arguments: String) throws -> (TmuxSession, out: String) {
        let out = FileManagerHelper.temporaryDirectory() + "/out.txt"
        let session = try TmuxSession(
            width: 80, height: 12, command: "\(Support.binary) \(arguments) > \(out); echo EXIT:$? >> \(out)")
        return (session, out)
    }

    @Test func anExpectedKeyPicksAndIsPrintedFirstEnterPrintsAnEmptyLine() throws {
        let (session, out) = try start("--expect ctrl-d,tab")
        try session.waitFor("the emoji") { $0.contains("1 of 1898") }
        try session.send("Right", "C-d")
        #expect(session.waitForFile(out, containing: "EXIT:") == "ctrl-d\n😃\nEXIT:0\n")
        let (enter, enterOut) = try start("--expect ctrl-d")
        try enter.waitFor("the emoji") { $0.contains("1 of 1898") }
        try enter.send("Enter")
        #expect(enter.waitForFile(enterOut, containing: "EXIT:") == "\n😀\nEXIT:0\n")
    }

    @Test func withAQueryEnterPicksAtOnce() throws {
        let (session, out) = try start("--query 1F600")
        try session.waitFor("the search") { $0.contains("/1F600") || $0.contains("1 of 1898") }
        try session.send("Enter")
        #expect(session.waitForFile(out, containing: "EXIT:") == "😀\nEXIT:0\n")
    }
}
