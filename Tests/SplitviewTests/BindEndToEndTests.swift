import Foundation
import TerminalTestSupport
import Testing

/// --bind through the real binary in tmux (issue 28): execute gives the terminal to its command
/// (Ctrl-C reaching the command, not the browser) and takes it back; execute-silent runs out of
/// sight, a hanging one ended by Ctrl-C; become replaces the browser, its exit status the
/// program's; reload replaces the data as it arrives, the focus kept on its item; and the
/// mistakes of --bind and of [bind] are one located line each.
@Suite(.serialized, .needs("tmux"))
struct BindEndToEndTests {
    let scratch = FileManagerHelper.temporaryDirectory()

    /// Starts `input | splitview ARGUMENTS` in tmux, its output and exit status into `out`.
    func start(_ input: String, _ arguments: String, width: Int = 80, height: Int = 14) throws -> TmuxSession {
        let command =
            "\(input) | env -u NO_COLOR \(Support.binary) \(arguments) > \(scratch)/out; echo rc=$? >> \(scratch)/out; sleep 30"
        return try TmuxSession(
            width: width, height: height, command: command.replacingOccurrences(of: "'", with: "'\\''"))
    }

    /// The program's output and status, once it has ended.
    func output(_ session: TmuxSession) -> String {
        session.waitForFile(scratch + "/out", containing: "rc=")
    }

    @Test("execute gives the terminal to its command, Ctrl-C reaching the command, and takes it back")
    func execute() throws {
        let session = try start(
            "printf 'alpha one\\nbeta two\\n'",
            "--bind 'ctrl-e:execute(echo in the shell: {}; sleep 30)'")
        _ = try session.waitFor("the list") { $0.contains("beta two") }
        try session.send("Down")
        try session.send("C-e")
        var screen = try session.waitFor("the command's output") { $0.contains("in the shell: beta two") }
        #expect(!screen.contains("alpha one"), "\(screen)")
        // Ctrl-C ends the command, not the browser, which draws again.
        try session.send("C-c")
        screen = try session.waitFor("the browser back") { $0.contains("alpha one") && $0.contains("2 of 2") }
        try session.send("Enter")
        #expect(output(session) == "beta two\nrc=0\n")
    }

    @Test("execute-silent runs out of sight; a hanging one ends at Ctrl-C, the browser staying")
    func executeSilent() throws {
        let marker = "sleep 310.\(getpid() % 1000 + 100)"
        let session = try start(
            "printf 'alpha one\\nbeta two\\n'",
            "--bind 'ctrl-s:execute-silent(echo {} >> \(scratch)/ran)' --bind 'ctrl-g:execute-silent(exec \(marker))'")
        _ = try session.waitFor("the list") { $0.contains("beta two") }
        try session.send("C-s")
        #expect(session.waitForFile(scratch + "/ran", containing: "alpha one") == "alpha one\n")
        try session.send("C-g")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try Support.shell("pgrep -f '^\(marker)$' || true").isEmpty == false)
        try session.send("C-c")
        // (Keys typed while it ran are taken after it.)
        try session.send("Down")
        _ = try session.waitFor("the focus moved") { _ in true }
        for _ in 0..<100 where try !Support.shell("pgrep -f '^\(marker)$' || true").isEmpty {
            usleep(50_000)
        }
        #expect(try Support.shell("pgrep -f '^\(marker)$' || true").isEmpty)
        try session.send("Enter")
        #expect(output(session) == "beta two\nrc=0\n")
    }

    @Test("become replaces the browser: the terminal given back, its output and status the program's")
    func become() throws {
        let session = try start(
            "printf 'alpha one\\nbeta two\\n'", "--bind 'enter:become(echo became {2}; exit 3)'")
        _ = try session.waitFor("the list") { $0.contains("beta two") }
        try session.send("Down", "Enter")
        #expect(output(session) == "became two\nrc=3\n")
        let screen = try session.screen()
        #expect(!screen.contains("alpha one"), "\(screen)")
    }

    @Test("reload replaces the items as its command prints them, the focus kept on its item")
    func reload() throws {
        let session = try start(
            "seq 100",
            "--bind 'ctrl-r:reload(seq 3 6; sleep 1; seq 50 300)' --bind 'ctrl-t:reload(seq 90 400)'",
            width: 60, height: 10)
        _ = try session.waitFor("the list") { $0.contains("100 of 100") }
        try session.send("C-r")
        // The first part before the command ends.
        var screen = try session.waitFor("the first part") { $0.contains("4 of 4") }
        #expect(screen.contains("3") && screen.contains("6"), "\(screen)")
        _ = try session.waitFor("the whole") { $0.contains("255 of 255") }
        // On 3, then a reload without it: the first item.
        try session.send("C-t")
        screen = try session.waitFor("the third data") { $0.contains("311 of 311") }
        try session.send("Enter")
        #expect(output(session) == "90\nrc=0\n")
    }

    @Test("a reload keeps the focused item when the new data has it")
    func reloadKeepsFocus() throws {
        let session = try start(
            "printf 'one line\\ntwo line\\nthree line\\n'",
            "--bind 'ctrl-r:reload(printf \"zero line\\nthree line\\nfour line\\n\")'")
        _ = try session.waitFor("the list") { $0.contains("3 of 3") && $0.contains("three line") }
        try session.send("Down", "Down")
        try session.send("C-r")
        _ = try session.waitFor("the new data") { $0.contains("zero line") }
        try session.send("Enter")
        #expect(output(session) == "three line\nrc=0\n")
    }

    @Test("a reload's data is laid out for itself: long lines after a short word are a list")
    func reloadLooksAnew() throws {
        let session = try start(
            "printf 'x\\n'",
            "--bind 'start:reload(printf \"the first long line of the new data\\nthe second long line of the new data\\n\")'"
        )
        let screen = try session.waitFor("the new data") { $0.contains("2 of 2") }
        let rows = screen.split(separator: "\n")
        // One line each, not two chips side by side.
        #expect(rows.contains { $0.contains("the first long line") && !$0.contains("the second") }, "\(screen)")
        #expect(rows.contains { $0.contains("the second long line") }, "\(screen)")
    }

    /// Whether a process runs the command line `marker`, waiting up to 2 s for one to start.
    func isRunning(_ marker: String) throws -> Bool {
        for _ in 0..<40 {
            if try !Support.shell("pgrep -f '^\(marker)$' || true").isEmpty { return true }
            usleep(50_000)
        }
        return false
    }

    /// Waits up to 5 s for no process to run the command line `marker`; whether none does.
    func noneRunning(_ marker: String) throws -> Bool {
        for _ in 0..<100 {
            if try Support.shell("pgrep -f '^\(marker)$' || true").isEmpty { return true }
            usleep(50_000)
        }
        return false
    }

    @Test("a reload whose command hangs is ended with the browser")
    func hangingReload() throws {
        let marker = "sleep 320.\(getpid() % 1000 + 100)"
        let session = try start(
            "printf 'the first line\\nthe second line\\n'",
            "--bind 'ctrl-r:reload(echo a new line; exec \(marker))'")
        _ = try session.waitFor("the list") { $0.contains("2 of 2") }
        try session.send("C-r")
        _ = try session.waitFor("the new line") { $0.contains("a new line") }
        #expect(try isRunning(marker), "the reload's command is not running")
        try session.send("Enter")
        #expect(output(session) == "a new line\nrc=0\n")
        #expect(try noneRunning(marker))
    }

    @Test("killed by SIGTERM while a command runs out of sight, the browser ends it too")
    func terminatedDuringSilentCommand() throws {
        let marker = "sleep 330.\(getpid() % 1000 + 100)"
        let pidFile = scratch + "/pid"
        let session = try start(
            "printf 'the first line\\n'",
            "--bind 'ctrl-s:execute-silent(echo $PPID > \(pidFile); exec \(marker))'")
        _ = try session.waitFor("the list") { $0.contains("1 of 1") }
        try session.send("C-s")
        let parent = try #require(
            Int32(session.waitForFile(pidFile, containing: "\n").trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try isRunning(marker))
        kill(parent, SIGTERM)
        #expect(try noneRunning(marker))
        #expect(output(session).hasSuffix("rc=143\n"))
    }

    @Test("a mistake in --bind is one line naming the text and the column, status 64")
    func commandLineMistake() throws {
        let result = try Support.run(["--bind", "ctrl-x:reload("], stdin: "a\n")
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: --bind \"ctrl-x:reload(\": column 14: reload's \"(\" is not closed before the end: end its argument with \")\"\n"
            ), "\(result.stderr)")
    }

    @Test("a mistake in [bind] is one line at the file's line and column, status 2")
    func configurationMistake() throws {
        let config = scratch + "/config.toml"
        try "[bind]\n\"ctrl-x\" = \"down+reload(\"\nfrob = \"up\"\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let result = try Support.run(["--config", config], stdin: "a\n")
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "splitview: \(config):2:24: bind.ctrl-x: reload's \"(\" is not closed before the end: end its argument with \")\"\n",
            "\(result.stderr)")
        try "[bind]\nfrob = \"up\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let key = try Support.run(["--config", config], stdin: "a\n")
        #expect(
            key.stderr.hasPrefix("splitview: \(config):2:1: bind.frob: unknown key or event \"frob\""), "\(key.stderr)")
    }
}

/// --bind's syntax against fzf's own reading of it: what fzf takes splitview takes, and what
/// fzf refuses splitview refuses (fzf exits 2, splitview 64). The machine's fzf is Debian's
/// 0.38; what came later (several keys before one colon, the `one`, `zero` and `result`
/// events) is checked against fzf's source in BindSyntaxTests.
@Suite("--bind against fzf", .needs("fzf"))
struct BindFzfTests {
    static let specs = [
        "ctrl-a:up", "ctrl-r:reload(ls -l | sort -k 2,3)+first", "ctrl-e:execute[vim {} +(3)]+abort",
        "f1:change-query~a,b~", "ctrl-a:up+execute:echo a+b, c:d", ",:up", "::down", "+:first", "alt-,:last",
        "x:put", "ctrl-a:Page-Down", "start:first", "change:first", "load:last", "focus:down", "ctrl-a:",
        "ctrl-a:+first", "alt-enter:toggle+down", "ctrl-a:become(vim {})", "ctrl-a:change-prompt<> >+select-all",
        "ctrl-s:toggle-preview+preview-page-down", "f12:execute-silent@echo {}@",
        "btab:toggle-all,shift-up:preview-up,alt-a:deselect-all", "ctrl-space:clear-query+put(x)",
        // Refused by both.
        "ctrl-x:reload(", "ctrl-x:frobnicate", "ctrl-q", "ctrlx:up", "ctrl-a:up+", "ctrl-a:up(3)", "ctrl-a:reload",
        "ctrl-a:up x", ":up", "ctrl-a,ctrl-b", "ctrl-a:up,,", "enter:accept,",
    ]

    @Test("splitview takes a --bind text exactly when fzf does", arguments: specs)
    func agrees(spec: String) throws {
        let fzf = try Support.spawn(
            TestTools.path(of: "fzf") ?? "/usr/bin/fzf", ["--bind", spec, "--filter", "x"])
        let ours = try Support.run(["--bind", spec, "--filter", "x"], stdin: "")
        #expect([1, 2].contains(fzf.status), "fzf: \(fzf.status) \(fzf.stderr)")
        #expect(
            (fzf.status == 2) == (ours.status == 64),
            "fzf \(fzf.status): \(fzf.stderr); splitview \(ours.status): \(ours.stderr)")
    }
}
