// A signal that ends splitview gives the terminal back whatever it lands on: ncurses starting,
// the first frame's write waiting on a terminal whose reader stalled, the exit's last write
// waiting there after `q`. Each test checks what the terminal is left with: its modes as before
// (canonical, echoing, signals on), and the bytes it received ending with every mode splitview
// turned on turned off again (TerminalGivenBack), then the guard's line.

import Foundation
import TerminalTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SignalRaceTests {
    /// Everything the terminal holds for its reader now, read until it stays quiet for 0.2 s
    /// (the process was reaped already: Support.drain waits for it).
    static func readWhatIsThere(_ master: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { return received }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return received }
            received += buffer[0..<count]
        }
    }

    static func expectGivenBack(
        _ terminal: PseudoTerminal, modesBefore: termios, bytes: [UInt8], status: Int32,
        signal: Int32, leaveRequired: Bool = true, _ context: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(status & 0x7F == signal, "\(context)ended with wait status \(status)", sourceLocation: sourceLocation)
        #expect(
            TerminalGivenBack.sameModes(terminal.modes, modesBefore),
            "\(context)the terminal's modes were not restored",
            sourceLocation: sourceLocation)
        let problems = TerminalGivenBack.problems(
            in: bytes, leaveRequired: leaveRequired,
            message: TerminalGivenBack.terminated(by: signal))
        #expect(problems.isEmpty, "\(context)\(problems.joined(separator: "; "))", sourceLocation: sourceLocation)
    }

    /// The first frame of 300 x 100 cells of emoji (tens of KiB) fills what the pseudo-terminal
    /// holds for its reader, which reads nothing, and its write waits; then the signal. The
    /// reader goes on reading at once, or only after the process has ended: the handler gives
    /// the terminal 250 ms to read, then discards what it has not read and writes its bytes
    /// again, so the process ends all the same.
    @Test(arguments: [
        (SIGINT, false), (SIGTERM, false), (SIGQUIT, false), (SIGINT, true), (SIGTERM, true), (SIGQUIT, true),
    ])
    func aSignalWhileTheFirstFrameWaitsOnAStalledTerminal(signal: Int32, readerStaysStalled: Bool) throws {
        let terminal = try PseudoTerminal(columns: 300, rows: 100)
        defer { terminal.close() }
        let before = terminal.modes
        let pid = try terminal.start()
        try #require(
            Support.waitUntilBlocked(pid, in: .write),
            "the first frame did not fill the terminal: \(Support.whereIs(pid))")
        kill(pid, signal)
        var bytes: [UInt8] = []
        var ended: Int32?
        if readerStaysStalled {
            ended = Support.waitForExit(pid, seconds: 20)
            bytes = Self.readWhatIsThere(terminal.master)
        } else {
            (bytes, ended) = Support.drain(terminal.master, pid, for: 20)
        }
        let status = try #require(ended, "splitview did not end after the signal")
        Self.expectGivenBack(terminal, modesBefore: before, bytes: bytes, status: status, signal: signal)
    }

    /// After `q`, with what the terminal holds for its reader filled by another writer, endwin's
    /// write waits; then the signal.
    @Test(arguments: [SIGINT, SIGTERM, SIGQUIT])
    func aSignalWhileTheExitWaitsOnAStalledTerminal(signal: Int32) throws {
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        defer { terminal.close() }
        let before = terminal.modes
        let pid = try terminal.start()
        let (start, _) = Support.drain(terminal.master, pid, for: 30) {
            String(decoding: $0, as: UTF8.self).contains("1 of 1884")
        }
        try #require(String(decoding: start, as: UTF8.self).contains("1 of 1884"), "no first frame")
        _ = Support.drain(terminal.master, pid, for: 0.5)  // the rest of the frame, if any
        try #require(terminal.fillOutput() > 0)
        terminal.type("q")
        try #require(
            Support.waitUntilBlocked(pid, in: .write), "the exit's write did not wait: \(Support.whereIs(pid))")
        kill(pid, signal)
        let (bytes, ended) = Support.drain(terminal.master, pid, for: 20)
        let status = try #require(ended, "splitview did not end after the signal")
        Self.expectGivenBack(terminal, modesBefore: before, bytes: start + bytes, status: status, signal: signal)
    }

    /// The signal at 40 moments from 0 to 5 ms after the first bytes reach the terminal: while
    /// ncurses sets the terminal up, sends the alternate screen, the keypad and mouse modes,
    /// and the first frame.
    @Test func aSignalRightAfterTheFirstBytes() throws {
        let signals = [SIGINT, SIGTERM, SIGQUIT]
        for attempt in 0..<40 {
            let terminal = try PseudoTerminal(columns: 100, rows: 30)
            defer { terminal.close() }
            let before = terminal.modes
            let pid = try terminal.start()
            let (first, _) = Support.drain(terminal.master, pid, for: 30) { !$0.isEmpty }
            try #require(!first.isEmpty, "nothing written")
            let delay = attempt * 5000 / 40 + (attempt * 7919) % 125  // microseconds, 0 to 5 ms
            usleep(UInt32(delay))
            let signal = signals[attempt % signals.count]
            kill(pid, signal)
            let (rest, ended) = Support.drain(terminal.master, pid, for: 20)
            let status = try #require(ended, "splitview did not end after the signal (attempt \(attempt))")
            Self.expectGivenBack(
                terminal, modesBefore: before, bytes: first + rest, status: status, signal: signal,
                leaveRequired: false, "attempt \(attempt), \(delay) us: ")
        }
    }
}
