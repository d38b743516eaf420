// Signals that arrive while a frame is being written. A termination cuts the frame anywhere
// (autowrap switched off, a scrolling region set, an escape sequence half sent), and endwin
// restores none of that: the guard writes its reset bytes first, so what the terminal received
// ends with autowrap on and the whole screen as the scrolling region. A stop waits for the
// frame to be written whole.

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct InterruptedFrameTests {
    /// The last place `pattern` occurs in `bytes`.
    static func lastIndex(of pattern: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(pattern.utf8)
        guard bytes.count >= pattern.count else { return nil }
        return stride(from: bytes.count - pattern.count, through: 0, by: -1).first {
            Array(bytes[$0..<$0 + pattern.count]) == pattern
        }
    }

    /// The binary on a new pseudo-terminal of 300 x 80; nothing is read from the pty until this
    /// returns, when the first frame (tens of KiB) has filled the pty's buffer and its write is
    /// blocked part-way (Linux shows the call a process waits in: write is 1 on x86_64, 64 on
    /// arm64).
    static func startBlockedInAFrame() throws -> (master: Int32, pid: pid_t) {
        let (master, pid) = try Support.startOnPseudoTerminal(columns: 300, rows: 80, arguments: ["--typing", "keys"])
        let blockedIn = { (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "" }
        let waitUntil = Date().addingTimeInterval(30)
        while Date() < waitUntil && !(blockedIn().hasPrefix("1 ") || blockedIn().hasPrefix("64 ")) {
            Thread.sleep(forTimeInterval: 0.02)
        }
        return (master, pid)
    }

    @Test func aSignalInTheMiddleOfAFrameLeavesTheTerminalRight() throws {
        let (master, pid) = try Self.startBlockedInAFrame()
        defer { close(master) }
        kill(pid, SIGTERM)
        let (received, ended) = Support.drain(master, pid, for: 10)
        let status = try #require(ended, "splitview did not end after SIGTERM")
        #expect(status & 0x7F == SIGTERM)

        let text = String(decoding: received, as: UTF8.self)
        #expect(text.contains("splitview: terminated by SIGTERM"))
        // The frame was cut: what came before the signal has autowrap off and not on again.
        let cut = try #require(Self.lastIndex(of: "\u{18}", in: received), "no reset bytes")
        let before = Array(received[..<cut])
        let autowrapOff = try #require(Self.lastIndex(of: "\u{1B}[?7l", in: before), "the frame had not started")
        #expect(
            Self.lastIndex(of: "\u{1B}[?7h", in: before) ?? -1 < autowrapOff,
            "the frame was not cut: the test proves nothing")
        // After the signal: autowrap on and the scrolling region the whole screen.
        let after = Array(received[cut...])
        #expect(Self.lastIndex(of: "\u{1B}[?7h", in: after) != nil)
        #expect(Self.lastIndex(of: "\u{1B}[1;80r", in: after) != nil)
    }

    /// SIGTSTP while the frame's write is blocked: the frame is finished first, and the process
    /// stops between frames. Here, in a process group the kernel will not stop (its own
    /// session), it goes on: the screen is taken again, drawn whole, and keys still work.
    @Test func aStopInTheMiddleOfAFrameWaitsForItsEnd() throws {
        let (master, pid) = try Self.startBlockedInAFrame()
        defer { close(master) }
        kill(pid, SIGTSTP)
        let (received, ended) = Support.drain(master, pid, for: 1.5)
        try #require(ended == nil, "splitview ended after SIGTSTP")
        // The cut frame went on to its end (autowrap on again), then ncurses took the terminal
        // again (a clear) and a whole frame followed.
        let clears = String(decoding: received, as: UTF8.self).components(separatedBy: "\u{1B}[H\u{1B}[2J").count - 1
        try #require(clears == 2, "\(clears) takeovers, not the first and one after the stop")
        let clear = try #require(Self.lastIndex(of: "\u{1B}[H\u{1B}[2J", in: received))
        let first = Array(received[..<clear])
        #expect(
            Self.lastIndex(of: "\u{1B}[?7h", in: first) ?? -1 > Self.lastIndex(of: "\u{1B}[?7l", in: first) ?? Int.max)
        let after = String(decoding: received[clear...], as: UTF8.self)
        #expect(after.contains("grinning face") && after.contains("\u{1B}[?7h"))
        #expect(!after.contains("\u{18}"), "no reset bytes: the screen was not ended in a handler")
        // Keys are read: q quits (exit status 1).
        _ = "q".utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, 1) }
        let (_, quit) = Support.drain(master, pid, for: 10)
        let status = try #require(quit, "q did not quit")
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 1)
    }
}
