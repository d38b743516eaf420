import Foundation
import TerminalTestSupport
import Testing

/// --preview through the real binary in tmux (issue 28): the command's output beside the
/// items for the focused one, following the focus and the query, its colours kept, scrolled
/// by Shift-Down, hidden by Ctrl-O (`i` while browsing); a command that hangs blocks no key, and none is
/// left running when the browser ends.
@Suite(.serialized, .needs("tmux"))
struct PreviewEndToEndTests {
    func start(_ input: String, _ arguments: String, width: Int = 100, height: Int = 16) throws -> TmuxSession {
        // (TmuxSession runs the command in sh -c '...': its own quotes are escaped.)
        // (And the test runner's NO_COLOR, if any, is not the user's.)
        let command = "\(input) | env -u NO_COLOR \(Support.binary) \(arguments)".replacingOccurrences(
            of: "'", with: "'\\''")
        return try TmuxSession(width: width, height: height, command: command)
    }

    /// Waits up to 5 s for no process to run the command line `marker`, and says which do.
    func expectNoneRunning(_ marker: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var left = ""
        for _ in 0..<100 {
            left = try Support.spawn("/bin/sh", ["-c", "pgrep -f '^\(marker)$' || true"]).stdout
            if left.isEmpty { break }
            usleep(50_000)
        }
        #expect(left.isEmpty, "still running: \(left)", sourceLocation: sourceLocation)
    }

    @Test("the preview shows the focused item's command output, and follows the focus and the query")
    func followsTheFocus() throws {
        let session = try start(
            "printf 'alpha one\\nbeta two\\ngamma three\\n'",
            "--preview 'echo item={} first={1} n={n} q={q}'")
        var screen = try session.waitFor("alpha's preview") { $0.contains("item=alpha one first=alpha n=0 q=") }
        #expect(!screen.contains("item=beta"), "\(screen)")
        try session.send("Down")
        screen = try session.waitFor("beta's preview") { $0.contains("item=beta two first=beta n=1") }
        try session.send("g", "a", "m")
        screen = try session.waitFor("gamma's, with the query") {
            $0.contains("item=gamma three first=gamma n=2 q=gam")
        }
        // Beside the list: the item's row and its preview on the same screen row.
        let row = try #require(screen.split(separator: "\n").first { $0.contains("item=gamma") })
        #expect(row.contains("gamma three"), "\(screen)")
    }

    @Test("Ctrl-O hides and shows the preview (i while browsing); Shift-Down scrolls it; its colours are kept")
    func hideScrollColours() throws {
        let session = try start(
            "printf 'x\\n'", "--preview 'printf \"\\033[31mred\\033[0m\\n\"; seq 2 40'", height: 12)
        var screen = try session.waitFor("the preview") { $0.contains("red") && $0.contains("5") }
        let styled = try session.tmux(["capture-pane", "-p", "-e", "-t", session.name])
        #expect(styled.contains("\u{1B}[31mred"), "\(styled)")
        try session.send("S-Down")
        screen = try session.waitFor("scrolled by one") { !$0.contains("red") }
        #expect(screen.contains("2"), "\(screen)")
        // Typing goes to the query for piped data: i is a letter, so Ctrl-O toggles.
        try session.send("C-o")
        screen = try session.waitFor("hidden") { !$0.contains("10") }
        try session.send("C-o")
        _ = try session.waitFor("shown again") { $0.contains("10") }
    }

    @Test("a command that hangs blocks no key, and is ended with the browser")
    func hangingCommand() throws {
        // A sleep of its own length, to find it by.
        let marker = "sleep 300.\(getpid() % 1000 + 100)"
        let session = try start(
            "printf 'first line\\nsecond line\\n'", "--preview 'echo waiting {}; exec \(marker)'")
        _ = try session.waitFor("the preview") { $0.contains("waiting first line") }
        try session.send("Down")
        _ = try session.waitFor("the next item's") { $0.contains("waiting second line") }
        try session.send("Enter")
        _ = try session.waitFor("the browser gone") { !$0.contains("waiting") }
        try expectNoneRunning(marker)
    }

    @Test("killed by SIGTERM, the browser ends its preview command too")
    func terminated() throws {
        let marker = "sleep 302.\(getpid() % 1000 + 100)"
        let file = NSTemporaryDirectory() + "splitview-preview-parent-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: file) }
        // The preview's shell writes its parent's pid: splitview's.
        let session = try start(
            "printf 'first line\\n'", "--preview 'echo $PPID > \(file); echo started; exec \(marker)'")
        _ = try session.waitFor("the preview") { $0.contains("started") }
        let parent = try #require(
            Int32(
                (try? String(contentsOfFile: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                    ?? ""))
        kill(parent, SIGTERM)
        try expectNoneRunning(marker)
    }
}
