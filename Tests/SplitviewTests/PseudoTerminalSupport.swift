// The real binary on a pseudo-terminal of the test's own: for what tmux cannot show, such as
// how input that arrives in one read is taken, or a frame whose write is cut by a signal.

import Foundation
import TerminalTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension Support {
    /// `splitview --no-recent` (and `arguments`) started on a new pseudo-terminal of `columns` x
    /// `rows`, in a session of its own with the pty as its controlling terminal (/dev/tty), with
    /// no user configuration in reach (in `home`, else a new directory); its standard output is
    /// the pty too, or the file `standardOutput` (created or truncated) when given. The test
    /// holds only the master side (the caller closes it): the terminal ends with the program.
    /// Returns the master side and the process.
    static func startOnPseudoTerminal(
        columns: Int, rows: Int, arguments extra: [String] = [],
        standardOutput: String? = nil, home: String? = nil, term: String = "xterm-256color",
        environment more: [String] = []
    ) throws -> (master: Int32, pid: pid_t) {
        let (master, slave) = try PseudoTerminal.openMaster(columns: columns, rows: rows)
        let home = home ?? FileManagerHelper.temporaryDirectory()
        let environment: [String] =
            [
                "TERM=\(term)", "HOME=\(home)", "XDG_CONFIG_HOME=\(home)",
                "XDG_STATE_HOME=\(home)", "LANG=C.UTF-8",
            ] + more
        let pid = try PseudoTerminal.spawn(
            [binary, "--no-recent"] + extra, onTerminal: slave, environment: environment,
            standardOutput: standardOutput)
        return (master, pid)
    }

    /// Everything the pty receives for `seconds`, or until the process has ended and its output
    /// is read, or (with `until`) until what was received satisfies it; and the process's wait
    /// status, when it ended.
    static func drain(
        _ master: Int32, _ pid: pid_t, for seconds: Double,
        until done: ([UInt8]) -> Bool = { _ in false }
    ) -> (bytes: [UInt8], status: Int32?) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        var exited = false
        while Date() < deadline && !done(received) {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 50) > 0 {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count > 0 { received += buffer[0..<count] } else if exited { break }
            } else if exited {
                break
            }
            if !exited && waitpid(pid, &status, WNOHANG) == pid { exited = true }
        }
        return (received, exited ? status : nil)
    }
}

extension PseudoTerminal {
    /// `splitview --no-recent` and `arguments` started on this terminal, in a session of its own
    /// with it as the controlling terminal (/dev/tty), with no user configuration in reach and
    /// no core dump (SIGQUIT's default action makes one where allowed).
    func start(_ arguments: [String] = []) throws -> pid_t {
        try spawn(["/bin/sh", "-c", "ulimit -c 0; exec \"$0\" \"$@\"", Support.binary, "--no-recent"] + arguments)
    }

    /// An interactive bash on this terminal, with job control (its prompt: `READY$ `).
    func startShell() throws -> pid_t {
        try spawn(["/bin/bash", "--norc", "--noprofile", "-i"], environment: ["PS1=READY$ ", "HISTFILE=/dev/null"])
    }

    /// `command` started in a session of its own with this terminal as its controlling terminal
    /// and its standard input, output and error, in an environment with no user files in reach.
    func spawn(_ command: [String], environment extra: [String] = []) throws -> pid_t {
        let nowhere = "/nonexistent/splitview-tests"
        let environment: [String] =
            [
                "TERM=xterm-256color", "HOME=\(nowhere)", "XDG_CONFIG_HOME=\(nowhere)",
                "XDG_STATE_HOME=\(nowhere)", "LANG=C.UTF-8", "PATH=/usr/bin:/bin",
            ] + extra
        return try PseudoTerminal.spawn(command, onTerminal: slavePath, environment: environment)
    }
}

extension Support {
    /// The wait status of `pid` once it has ended, waiting at most `seconds`, without reading
    /// its terminal; nil if it is still running.
    static func waitForExit(_ pid: pid_t, seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return status }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return nil
    }

    /// Waits until `pid` runs `binary` (past the shell that execs it) and waits in the system
    /// call `number` (Linux shows it in /proc/PID/syscall: read is 0 and write 1 on x86_64, 63
    /// and 64 on arm64) with its first argument `descriptor`, at most `seconds`. Returns
    /// whether it does.
    static func waitUntilBlocked(_ pid: pid_t, in call: SystemCall, descriptor: Int? = nil, seconds: Double = 30)
        -> Bool
    {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
            let fields = ((try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "").split(
                separator: " ")
            if executable.hasSuffix("/splitview"), let number = fields.first.flatMap({ Int($0) }),
                call.numbers.contains(number),
                descriptor.map({ fields.count > 1 && Int(fields[1].dropFirst(2), radix: 16) == $0 }) ?? true
            {
                return true
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// Where `pid` is, for a failure's message: its program, state and system call.
    static func whereIs(_ pid: pid_t) -> String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? "?"
        let state =
            ((try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? "")
            .split(separator: "\n").first { $0.hasPrefix("State:") } ?? "State: gone"
        let call = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "?"
        return "\(executable), \(state), system call \(call.prefix(40))"
    }

    enum SystemCall {
        case read, write
        var numbers: [Int] { self == .read ? [0, 63] : [1, 64] }
    }
}
