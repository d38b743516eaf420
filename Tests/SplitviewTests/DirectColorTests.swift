// A terminal whose colour numbers are colours (terminfo's direct-colour entries, such as
// xterm-direct: colors#0x1000000, where setaf and setab read a number of 8 or more as red,
// green and blue). The entry is compiled here with tic from a few lines, over xterm-256color,
// so that the test needs no terminfo package.

import Foundation
import TerminalTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.needs("tic")) struct DirectColorTests {
    @Test("on a direct-colour terminal the focus is bright yellow, not the number 11 read as near black")
    func focusInDirectColour() throws {
        let folder = FileManagerHelper.temporaryDirectory()
        let source = "\(folder)/direct.ti"
        // setaf and setab as xterm-direct's, with semicolons: 0-7 the ANSI colours, else RGB.
        let entry = #"""
            splitview-direct|a direct-colour xterm for the tests,
                use=xterm-256color, colors#0x1000000, pairs#0x10000,
                setaf=\E[%?%p1%{8}%<%t3%p1%d%e38;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,
                setab=\E[%?%p1%{8}%<%t4%p1%d%e48;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,

            """#
        try entry.write(toFile: source, atomically: true, encoding: .utf8)
        let compiled = try Support.spawn(TestTools.path(of: "tic")!, ["-x", "-o", "\(folder)/terminfo", source])
        try #require(compiled.status == 0, "tic: \(compiled.stderr)")
        let (master, pid) = try Support.startOnPseudoTerminal(
            columns: 60, rows: 20, arguments: ["--emoji"], term: "splitview-direct",
            environment: ["TERMINFO=\(folder)/terminfo"])
        defer {
            kill(pid, SIGTERM)
            close(master)
        }
        let (frame, _) = Support.drain(master, pid, for: 20) { MouseInputTests.contains($0, "1 of 1884") }
        try #require(MouseInputTests.contains(frame, "1 of 1884"), "no first frame")
        // The focus: black (ANSI 0) on bright yellow, written as its colour.
        #expect(MouseInputTests.contains(frame, "\u{1B}[48;2;255;255;0m"))
        #expect(!MouseInputTests.contains(frame, "\u{1B}[48;2;0;0;11m"))
    }
}
