import Foundation
import TerminalTestSupport
import Testing

@testable import splitview

/// --tmux (issue 28): inside tmux the browser opens in a popup, the pick and the exit status
/// come back to the caller, piped data reaches the popup; outside tmux it runs as usual.
///
/// A popup is drawn on a tmux client, not in a pane: the caller runs in an inner tmux server,
/// whose client is attached in a pane of an outer one. The outer pane's screen is what a user
/// sees, popup included, and keys sent to it go to the popup.
@Suite(.serialized, .needs("tmux"))
struct TmuxPopupTests {
    struct Nested {
        let inner: TmuxSession
        let outer: TmuxSession
        /// The caller's standard output, then `EXIT:` and its status.
        let out: String
    }

    /// `command` (a shell command line running splitview, `$SPLITVIEW` standing for the
    /// binary) in the inner server once its client is attached; its output in `out`.
    func nested(_ command: String, width: Int = 120, height: Int = 40) throws -> Nested {
        let out = FileManagerHelper.temporaryDirectory() + "/out.txt"
        let line =
            "until tmux list-clients | grep -q .; do sleep 0.05; done; SPLITVIEW=\(Support.binary); "
            + "\(command) > \(out); echo EXIT:$? >> \(out)"
        let inner = try TmuxSession(
            width: width, height: height, command: line.replacingOccurrences(of: "'", with: "'\\''"))
        let outer = try TmuxSession(
            width: width, height: height, command: "env -u TMUX \(TmuxSession.tmux) -S \(inner.socket) attach -t t")
        return Nested(inner: inner, outer: outer, out: out)
    }

    @Test("the pick made in the popup comes back to standard output, from piped data; the pane shows no browser")
    func pickComesBack() throws {
        let session = try nested("seq 100 | $SPLITVIEW --tmux")
        let screen = try session.outer.waitFor("the popup") { $0.contains("100 of 100") }
        // In a popup: a border around it, the pane under it as it was.
        #expect(screen.contains("┌") && screen.contains("┘"), "\(screen)")
        #expect(!(try session.inner.screen()).contains("of 100"))
        try session.outer.send("4", "2")
        try session.outer.waitFor("the search") { $0.contains("/42") && $0.contains("1 of 100") }
        try session.outer.send("Enter")
        #expect(session.outer.waitForFile(session.out, containing: "EXIT:") == "42\nEXIT:0\n")
    }

    @Test("a binding's become runs in the caller once the popup closes, its output and status the caller's")
    func becomeInTheCaller() throws {
        let session = try nested(
            "printf \"the first line of the input\\nthe second line of the input\\n\" | $SPLITVIEW --tmux --bind \"enter:become(echo became {2} \\$TMUX_PANE; exit 4)\""
        )
        try session.outer.waitFor("the popup") { $0.contains("2 of 2") }
        try session.outer.send("C-n", "Enter")
        // In the caller's pane: its $TMUX_PANE, %0 (a popup has none).
        #expect(session.outer.waitForFile(session.out, containing: "EXIT:") == "became second %0\nEXIT:4\n")
    }

    @Test("Ctrl-Z does nothing in the popup (there is no shell to stop to)")
    func noSuspend() throws {
        let session = try nested(
            "printf \"the first line of the input\\nthe second line of the input\\n\" | $SPLITVIEW --tmux")
        try session.outer.waitFor("the popup") { $0.contains("2 of 2") }
        try session.outer.send("C-z")
        Thread.sleep(forTimeInterval: 0.3)
        try session.outer.send("C-n", "Enter")
        #expect(session.outer.waitForFile(session.out, containing: "EXIT:") == "the second line of the input\nEXIT:0\n")
    }

    @Test("Esc in the popup: exit 1 and no output; Ctrl-C: 130")
    func escapeAndInterrupt() throws {
        let session = try nested("printf \"a\\nb\\n\" | $SPLITVIEW --tmux")
        try session.outer.waitFor("the popup") { $0.contains("2 of 2") }
        try session.outer.send("Escape")
        #expect(session.outer.waitForFile(session.out, containing: "EXIT:") == "EXIT:1\n")

        let interrupted = try nested("$SPLITVIEW --tmux --emoji")
        try interrupted.outer.waitFor("the popup") { $0.contains("Smileys") }
        try interrupted.outer.send("C-c")
        #expect(interrupted.outer.waitForFile(interrupted.out, containing: "EXIT:") == "EXIT:130\n")
    }

    @Test("--tmux bottom,30%: the popup is the window's width, on its last rows; --multi's picks all come back")
    func placementAndOptions() throws {
        let session = try nested("seq 20 | $SPLITVIEW --tmux bottom,30% --multi", width: 100, height: 30)
        let screen = try session.outer.waitFor("the popup") { $0.contains("20 of 20") }
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let top = try #require(rows.firstIndex { $0.contains("┌") }, "\(screen)")
        #expect(top > rows.count / 2, "\(screen)")
        #expect(rows[top].hasPrefix("┌") && rows[top].hasSuffix("┐"), "\(rows[top])")
        try session.outer.send("Tab", "Tab", "Enter")
        #expect(session.outer.waitForFile(session.out, containing: "EXIT:") == "1\n2\nEXIT:0\n")
    }

    @Test("the popup's errors reach the caller's standard error, with their exit status")
    func errorsComeBack() throws {
        let errors = FileManagerHelper.temporaryDirectory() + "/errors.txt"
        let session = try nested("$SPLITVIEW --tmux --emoji --config /nonexistent/config.toml 2> \(errors)")
        #expect(session.outer.waitForFile(session.out, containing: "EXIT:") == "EXIT:2\n")
        let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(text.hasPrefix("splitview: ") && text.contains("/nonexistent/config.toml"), "\(text)")
    }

    @Test("outside tmux, --tmux changes nothing: the browser on the terminal")
    func outsideTmux() throws {
        let out = FileManagerHelper.temporaryDirectory() + "/out.txt"
        let session = try TmuxSession(
            width: 80, height: 12,
            command: "seq 100 | env -u TMUX \(Support.binary) --tmux > \(out); echo EXIT:$? >> \(out)")
        try session.waitFor("the browser in the pane") { $0.contains("100 of 100") }
        try session.send("Enter")
        #expect(session.waitForFile(out, containing: "EXIT:") == "1\nEXIT:0\n")
    }

    @Test("placements read as fzf reads them, and as display-popup's options")
    func placements() throws {
        let cases: [(String, [String])] = [
            ("center,50%", ["-xC", "-yC", "-w50%", "-h50%"]),
            ("80%", ["-xC", "-yC", "-w80%", "-h80%"]),
            ("80%,40%", ["-xC", "-yC", "-w80%", "-h40%"]),
            ("top", ["-xC", "-y0", "-w100%", "-h50%"]),
            ("bottom,30%", ["-xC", "-y9999", "-w100%", "-h30%"]),
            ("down:20", ["-xC", "-y9999", "-w100%", "-h20"]),
            ("left,40%", ["-x0", "-yC", "-w40%", "-h100%"]),
            ("right,60,20", ["-xR", "-yC", "-w60", "-h20"]),
            ("center", ["-xC", "-yC", "-w50%", "-h50%"]),
        ]
        for (text, arguments) in cases {
            #expect(TmuxPlacement(parsing: text)?.popupArguments == arguments, "\(text)")
        }
        for bad in ["", "middle", "101%", "0", "50%,50%,50%", "top,", "center,-5", "1.5%", "right,50%,x"] {
            #expect(TmuxPlacement(parsing: bad) == nil, "\(bad)")
        }
        // --tmux alone, or followed by what is not a placement; a bad one is a usage error.
        #expect(Splitview.withPlusOptionsSpelledOut(["--tmux"]) == ["--tmux=center,50%"])
        #expect(Splitview.withPlusOptionsSpelledOut(["--tmux", "top", "x"]) == ["--tmux=top", "x"])
        #expect(Splitview.withPlusOptionsSpelledOut(["--tmux", "data.csv"]) == ["--tmux=center,50%", "data.csv"])
        #expect(Splitview.withPlusOptionsSpelledOut(["--tmux", "+m"]) == ["--tmux=center,50%", "--no-multi"])
        let bad = try Support.run(["--tmux=top,200%", "--emoji"])
        #expect(bad.status == 64 && bad.stderr.contains("--tmux must be [center|top|bottom|left|right]"))
    }
}
