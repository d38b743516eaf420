// Mouse reports as the terminal sends them, on a pseudo-terminal: a quick click (or one over a
// slow link) reaches the program with its press and its release in one read, which ncurses
// reports as one click event rather than a press and a release.

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct MouseInputTests {
    /// Writes `text` to the terminal, as if typed or clicked.
    static func send(_ text: String, to master: Int32) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        String(decoding: bytes, as: UTF8.self).contains(text)
    }

    @Test func aClickWhosePressAndReleaseComeTogetherFocusesThenPicks() throws {
        let (master, pid) = try Support.startOnPseudoTerminal(columns: 60, rows: 20)
        defer { close(master) }
        let (start, _) = Support.drain(master, pid, for: 20) { Self.contains($0, "1 of 1884") }
        try #require(Self.contains(start, "1 of 1884"), "no first frame")
        // An SGR report of button 1 pressed and released at column 7, row 2 (counted from 1):
        // the second emoji of the first row, 😃.
        let click = "\u{1B}[<0;7;2M\u{1B}[<0;7;2m"
        Self.send(click, to: master)
        // (The status line is written where it changed: from "grinning face" to "… with big eyes".)
        let (focused, _) = Support.drain(master, pid, for: 10) { Self.contains($0, "big eyes") }
        #expect(Self.contains(focused, "big eyes"), "the click did not move the focus")
        // A click on the focused item picks it: printed, exit status 0.
        Self.send(click, to: master)
        let (picked, ended) = Support.drain(master, pid, for: 10)
        let status = try #require(ended, "the second click did not pick")
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 0)
        #expect(Self.contains(picked, "😃"))
    }

    @Test("a terminal whose entry knows only X10 reports gets SGR ones asked for, and a click past column 223 lands")
    func sgrReportsPastColumn223() throws {
        // screen-256color (tmux's and screen's entry) has kmous=\E[M: ncurses asks for X10
        // reports, whose bytes cannot carry a column past 223. splitview turns on SGR reports
        // (mode 1006) and reads them itself.
        let (master, pid) = try Support.startOnPseudoTerminal(columns: 260, rows: 20, term: "screen-256color")
        defer { close(master) }
        let (start, _) = Support.drain(master, pid, for: 20) { Self.contains($0, "1 of 1884") }
        try #require(Self.contains(start, "1 of 1884"), "no first frame")
        #expect(Self.contains(start, "\u{1B}[?1006h"))
        // Column 240 of row 2: an item of the right column, People & Body.
        Self.send("\u{1B}[<0;240;2M\u{1B}[<0;240;2m", to: master)
        let (focused, _) = Support.drain(master, pid, for: 10) { Self.contains($0, "· People & Body") }
        #expect(Self.contains(focused, "· People & Body"), "the click did not reach column 240")
        Self.send("\u{1B}", to: master)
        let (ended, status) = Support.drain(master, pid, for: 10)
        #expect(status != nil)
        // Left the way it came: SGR reports off again.
        #expect(Self.contains(ended, "\u{1B}[?1006l"))
    }
}
