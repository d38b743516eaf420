import Foundation
import TerminalTestSupport
import Testing

@testable import splitview

/// --action (issue 28): `type` types the pick into the window that had the focus, with xdotool
/// under X11 or wtype under Wayland, once splitview's terminal (here its shell) is gone;
/// without the tool, one line and exit 127 before any screen. `copy` is --copy.
@Suite(.serialized, .needs("tmux"))
struct PickActionTests {
    /// A folder holding stand-ins for xdotool and wtype that write their name and arguments,
    /// one a line, into `record`, with `after` when the caller's output file already ended
    /// (its shell went on past splitview).
    struct FakeTools {
        let folder = FileManagerHelper.temporaryDirectory()
        var record: String { folder + "/record" }
        var out: String { folder + "/out.txt" }

        init() throws {
            for tool in ["xdotool", "wtype"] {
                let path = folder + "/bin/" + tool
                try FileManagerHelper.write(
                    """
                    #!/bin/sh
                    { echo \(tool); for word in "$@"; do echo "$word"; done
                      if grep -q EXIT: \(out); then echo after; fi; } >> \(record)

                    """, to: path)
                chmod(path, 0o755)
            }
        }

        /// splitview with `arguments` in tmux, `input` piped in (else the emoji), the session's
        /// variables `environment` (words of `env`), the stand-ins first on PATH.
        func start(_ arguments: String, input: String? = nil, environment: String) throws -> TmuxSession {
            let pipe = input.map { "printf \"\($0)\" | " } ?? ""
            return try TmuxSession(
                width: 80, height: 16,
                command: "\(pipe)env -u WAYLAND_DISPLAY -u DISPLAY \(environment) PATH=\(folder)/bin:$PATH "
                    + "\(Support.binary) \(arguments) > \(out); echo EXIT:$? >> \(out)")
        }
    }

    @Test("X11: the pick typed by xdotool once splitview's shell is gone, and printed")
    func typesWithXdotool() throws {
        let tools = try FakeTools()
        let session = try tools.start("--action type", input: "alpha\\nbeta\\n", environment: "DISPLAY=:99")
        try session.waitFor("the browser") { $0.contains("2 of 2") }
        try session.send("-l", "bet")
        try session.waitFor("the search") { $0.contains("1 of 2") }
        try session.send("Enter")
        #expect(session.waitForFile(tools.out, containing: "EXIT:") == "beta\nEXIT:0\n")
        let typed = session.waitForFile(tools.record, containing: "after")
        #expect(typed == "xdotool\ntype\n--clearmodifiers\n--delay\n40\n--\nbeta\nafter\n")
    }

    @Test("Wayland (WAYLAND_DISPLAY, with DISPLAY too, as XWayland sets it): wtype types the emoji")
    func typesWithWtype() throws {
        let tools = try FakeTools()
        let session = try tools.start("--action type", environment: "WAYLAND_DISPLAY=wayland-9 DISPLAY=:99")
        try session.waitFor("the emoji") { $0.contains("Smileys & Emotion") }
        try session.send("Enter")
        #expect(session.waitForFile(tools.out, containing: "EXIT:") == "😀\nEXIT:0\n")
        #expect(session.waitForFile(tools.record, containing: "after") == "wtype\n--\n😀\nafter\n")
    }

    @Test("with --multi the picks are typed one after the other; Esc types nothing")
    func multiAndCancel() throws {
        let tools = try FakeTools()
        let session = try tools.start("--action type --multi", input: "a\\nb\\nc\\n", environment: "DISPLAY=:99")
        try session.waitFor("the browser") { $0.contains("3 of 3") }
        try session.send("Tab", "Tab", "Enter")
        #expect(session.waitForFile(tools.out, containing: "EXIT:") == "a\nb\nEXIT:0\n")
        #expect(session.waitForFile(tools.record, containing: "after").hasSuffix("--\nab\nafter\n"))

        let cancelled = try FakeTools()
        let other = try cancelled.start("--action type", input: "a\\n", environment: "DISPLAY=:99")
        try other.waitFor("the browser") { $0.contains("1 of 1") }
        try other.send("Escape")
        #expect(other.waitForFile(cancelled.out, containing: "EXIT:") == "EXIT:1\n")
        Thread.sleep(forTimeInterval: 0.6)
        #expect(!FileManager.default.fileExists(atPath: cancelled.record))
    }

    @Test("no tool for the session, or no session: one line naming what to install, exit 127, no screen")
    func missingTool() throws {
        let empty = FileManagerHelper.temporaryDirectory()
        let cases: [([String: String], String)] = [
            (
                ["DISPLAY": ":99", "WAYLAND_DISPLAY": ""],
                "splitview: --action type types with xdotool under X11 ($DISPLAY is set), and there is no xdotool on PATH: install it (apt-get install xdotool)"
            ),
            (
                ["DISPLAY": ":99", "WAYLAND_DISPLAY": "wayland-9"],
                "splitview: --action type types with wtype under Wayland ($WAYLAND_DISPLAY is set), and there is no wtype on PATH: install it (apt-get install wtype)"
            ),
            (
                ["DISPLAY": "", "WAYLAND_DISPLAY": ""],
                "splitview: --action type types into a desktop's window, and neither $WAYLAND_DISPLAY nor $DISPLAY is set (it types with wtype under Wayland, xdotool under X11)"
            ),
        ]
        for (environment, message) in cases {
            var variables = environment
            variables["PATH"] = empty
            let result = try Support.run(["--action", "type"], environment: variables)
            #expect(result.status == 127, "\(environment)")
            #expect(result.stderr == message + "\n")
            #expect(result.stdout.isEmpty)
        }
        let bad = try Support.run(["--action", "paste"])
        #expect(bad.status == 64 && bad.stderr.contains("--action"))
    }

    @Test("--action copy does what --copy does: the pick on the clipboard (through tmux here)")
    func copyAction() throws {
        let tools = try FakeTools()
        let session = try tools.start("--action copy", environment: "")
        _ = try session.tmux(["set-option", "-g", "set-clipboard", "on"])
        try session.waitFor("the emoji") { $0.contains("Smileys & Emotion") }
        try session.send("Right", "Enter")
        #expect(session.waitForFile(tools.out, containing: "EXIT:") == "😃\nEXIT:0\n")
        #expect(try session.tmux(["show-buffer"]) == "😃")
    }

    @Test(
        "a real X display: xdotool types the pick into the focused window once splitview is gone",
        .needs("Xvfb", "xterm", "xdotool"))
    func realX() throws {
        let display = try RealTerminalTests.Display()
        let typed = FileManagerHelper.temporaryDirectory() + "/typed"
        // The window typed into: an xterm whose cat writes each key as it comes.
        try RealTerminalTests.running(
            "xterm", columns: 40, rows: 5, display: display, name: "splitview-typing-target",
            command: "stty -icanon -echo; exec cat > \(typed)"
        ) { window, environment in
            let xdotool = TestTools.path(of: "xdotool")!
            _ = try Support.spawn(xdotool, ["windowfocus", window], environment: environment)
            _ = try Support.spawn(xdotool, ["mousemove", "--window", window, "5", "5"], environment: environment)
            let tools = try FakeTools()
            // (The real xdotool: the stand-ins are not on this PATH.)
            let session = try TmuxSession(
                width: 80, height: 12,
                command: "printf \"hi 😀 there\\n\" | env -u WAYLAND_DISPLAY DISPLAY=:\(display.number) "
                    + "\(Support.binary) --action type > \(tools.out); echo EXIT:$? >> \(tools.out)")
            try session.waitFor("the browser") { $0.contains("1 of 1") }
            try session.send("Enter")
            #expect(session.waitForFile(tools.out, containing: "EXIT:") == "hi 😀 there\nEXIT:0\n")
            #expect(session.waitForFile(typed, containing: "there") == "hi 😀 there")
        }
    }
}
