// Keys after the browser was stopped and went on: the first Esc after `fg` (or after SIGSTOP and
// SIGCONT with no job control) quits as Esc does (exit status 1), typed at once or 12 ms later.
// It was lost 9 times in 10: the SIGWINCH the guard raises on a stop or continue came from
// ncurses at the first read that found no input, the one right after the Esc, and took its place.

import Foundation
import TerminalTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct StopContinueTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Reads the terminal until `pattern` has come (30 s at most); all that came. `pid`: a
    /// process to reap if it ends meanwhile (Support.drain's), or one not the test's child.
    static func read(_ terminal: PseudoTerminal, _ pid: pid_t, until pattern: String, seconds: Double = 30) -> [UInt8] {
        Support.drain(terminal.master, pid, for: seconds) { text($0).contains(pattern) }.bytes
    }

    /// From bash with job control, as a user would: kill -TSTP from elsewhere, `fg`, then Esc
    /// at once or 12 ms after `fg` was typed; 10 times.
    @Test func escQuitsAfterAStopAndFg() throws {
        for attempt in 0..<10 {
            let terminal = try PseudoTerminal(columns: 80, rows: 24)
            defer { terminal.close() }
            let shell = try terminal.startShell()
            defer {
                kill(shell, SIGKILL)
                var status: Int32 = 0
                waitpid(shell, &status, 0)
            }
            try #require(Self.text(Self.read(terminal, shell, until: "READY$ ")).contains("READY$ "), "no prompt")
            terminal.type("sh -c 'echo PID:$$; exec \(Support.binary) --no-recent'\r")
            let started = Self.text(Self.read(terminal, shell, until: "1 of 1884"))
            let pidText = started.components(separatedBy: "PID:").last?.prefix { $0.isNumber } ?? ""
            let pid = try #require(pid_t(pidText), "no browser: \(started.suffix(300))")
            defer { kill(pid, SIGKILL) }

            kill(pid, SIGTSTP)
            // bash's notice, then its prompt: bash reads the next command line.
            var stopped = Self.text(Self.read(terminal, shell, until: "Stopped"))
            try #require(stopped.contains("Stopped"), "attempt \(attempt): not stopped")
            if !stopped.components(separatedBy: "Stopped").last!.contains("READY$ ") {
                stopped += Self.text(Self.read(terminal, shell, until: "READY$ "))
            }
            try #require(
                stopped.components(separatedBy: "Stopped").last!.contains("READY$ "), "attempt \(attempt): no prompt")
            terminal.type("fg\r")
            if attempt % 2 == 1 { usleep(12_000) }
            terminal.type("\u{1B}")
            // The browser ends (bash shows its prompt again), then its exit status.
            _ = Self.read(terminal, shell, until: "READY$ ", seconds: 15)
            terminal.type("echo EXIT:$?\r")
            let after = Self.text(Self.read(terminal, shell, until: "EXIT:1", seconds: 5))
            #expect(after.contains("EXIT:1"), "attempt \(attempt): Esc did not quit")
        }
    }

    /// With no job control (a session of its own, as a program started by tmux new-window):
    /// SIGSTOP then SIGCONT, or SIGTSTP (which the kernel does not act on there, so only the
    /// guard's request to stop happens) then SIGCONT; then Esc at once or 12 ms after; 10 times.
    @Test(arguments: [SIGSTOP, SIGTSTP])
    func escQuitsAfterAStopAndAContinueWithNoJobControl(stop: Int32) throws {
        for attempt in 0..<10 {
            let terminal = try PseudoTerminal(columns: 80, rows: 24)
            defer { terminal.close() }
            let pid = try terminal.start()
            try #require(
                Self.text(Self.read(terminal, pid, until: "1 of 1884")).contains("1 of 1884"), "no first frame")
            kill(pid, stop)
            if stop == SIGSTOP {
                let stopped = Date().addingTimeInterval(10)
                while Date() < stopped && !Support.whereIs(pid).contains("(stopped)") { usleep(5_000) }
            } else {
                _ = Support.drain(terminal.master, pid, for: 0.1)  // the screen given back and taken again
            }
            kill(pid, SIGCONT)
            if attempt % 2 == 1 { usleep(12_000) }
            terminal.type("\u{1B}")
            let (_, ended) = Support.drain(terminal.master, pid, for: 15)
            if ended == nil {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
            let status = try #require(ended, "attempt \(attempt): Esc did not quit")
            #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 1, "attempt \(attempt): wait status \(status)")
        }
    }
}
