// The real binary on a pseudo-terminal of the test's own: for what tmux cannot show, such as
// how input that arrives in one read is taken, or a frame whose write is cut by a signal.

import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension Support {
    /// A C function by name: the Glibc module leaves out the pseudo-terminal functions.
    static func function<F>(_ name: String, as type: F.Type) -> F {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { fatalError("no \(name)") }
        return unsafeBitCast(symbol, to: type)
    }

    /// `splitview --no-recent` (and `arguments`) started on a new pseudo-terminal of `columns` x
    /// `rows`, in a session of its own with the pty as its controlling terminal (/dev/tty), with
    /// no user configuration in reach (in `home`, else a new directory); its standard output is
    /// the pty too, or the file `standardOutput` (created or truncated) when given. Returns the
    /// master side (the caller closes it) and the process.
    static func startOnPseudoTerminal(columns: Int, rows: Int, arguments extra: [String] = [],
                                      standardOutput: String? = nil, home: String? = nil) throws -> (master: Int32, pid: pid_t) {
        let openpt = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        let grantpt = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        let unlockpt = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        // ptsname_r, not ptsname: its static buffer is shared by tests opening terminals at once,
        // and two of them could get one slave path.
        let ptsname = function("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
        let master = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0)
        var path = [CChar](repeating: 0, count: 128)
        try #require(ptsname(master, &path, path.count) == 0)
        let slave = String(cString: path)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        try #require(ioctl(master, UInt(TIOCSWINSZ), &size) == 0)

        let home = home ?? FileManagerHelper.temporaryDirectory()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            if descriptor == 1, let standardOutput {
                posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            } else {
                posix_spawn_file_actions_addopen(&actions, descriptor, slave, O_RDWR, 0)
            }
        }
        let arguments: [String] = [binary, "--no-recent"] + extra
        let environment: [String] = ["TERM=xterm-256color", "HOME=\(home)", "XDG_CONFIG_HOME=\(home)",
                                     "XDG_STATE_HOME=\(home)", "LANG=C.UTF-8"]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let setsid: Int16 = 0x80  // POSIX_SPAWN_SETSID (glibc): a session of its own
        try #require(withSpawnAttributes(flags: setsid) { posix_spawn(&pid, binary, &actions, &$0, argv, envp) } == 0)
        return (master, pid)
    }

    /// Everything the pty receives for `seconds`, or until the process has ended and its output
    /// is read, or (with `until`) until what was received satisfies it; and the process's wait
    /// status, when it ended.
    static func drain(_ master: Int32, _ pid: pid_t, for seconds: Double,
                      until done: ([UInt8]) -> Bool = { _ in false }) -> (bytes: [UInt8], status: Int32?) {
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

/// A pseudo-terminal whose slave side the test holds open as well, to read its modes while the
/// program runs and after it ended (the modes stay with the terminal while a side is open), and
/// to write to it as another program sharing the terminal would.
struct PseudoTerminal {
    let master: Int32
    let slave: Int32
    let slavePath: String

    /// A new pseudo-terminal of `columns` x `rows`, in the modes a new one has (a shell's:
    /// canonical, echoing, signals on).
    init(columns: Int, rows: Int) throws {
        let openpt = Support.function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        let grantpt = Support.function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        let unlockpt = Support.function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        let ptsname = Support.function("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
        master = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0)
        var path = [CChar](repeating: 0, count: 128)
        try #require(ptsname(master, &path, path.count) == 0)
        slavePath = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        try #require(slave >= 0)
        resize(columns: columns, rows: rows)
    }

    func close() {
        _ = Glibc.close(slave)
        _ = Glibc.close(master)
    }

    /// As a terminal window resized: the kernel sends SIGWINCH to the foreground process group.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// The terminal's modes now.
    var modes: termios {
        var modes = termios()
        tcgetattr(slave, &modes)
        return modes
    }

    /// Writes `text` as typed on the terminal.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, slavePath, O_RDWR, 0)
        }
        let nowhere = "/nonexistent/splitview-tests"
        let environment: [String] = ["TERM=xterm-256color", "HOME=\(nowhere)", "XDG_CONFIG_HOME=\(nowhere)",
                                     "XDG_STATE_HOME=\(nowhere)", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"] + extra
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let setsid: Int16 = 0x80  // POSIX_SPAWN_SETSID (glibc): a session of its own
        try #require(Support.withSpawnAttributes(flags: setsid) { posix_spawn(&pid, command[0], &actions, &$0, argv, envp) } == 0)
        return pid
    }

    /// Fills what the terminal holds for its reader with `x` until it takes no more, as
    /// another program writing to a terminal whose reader stalled. Returns how many it took.
    /// The kernel moves what was written on to the reader's side in the background, which
    /// makes room again: full is when nothing more goes in after a pause.
    func fillOutput() -> Int {
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        var total = 0
        while true {
            var round = 0
            while true {
                let written = chunk.withUnsafeBytes { write(slave, $0.baseAddress, $0.count) }
                if written <= 0 { break }
                round += written
            }
            total += round
            if round == 0 && total > 0 { return total }
            usleep(100_000)
        }
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
    static func waitUntilBlocked(_ pid: pid_t, in call: SystemCall, descriptor: Int? = nil, seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
            let fields = ((try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "").split(separator: " ")
            if executable.hasSuffix("/splitview"), let number = fields.first.flatMap({ Int($0) }), call.numbers.contains(number),
               descriptor.map({ fields.count > 1 && Int(fields[1].dropFirst(2), radix: 16) == $0 }) ?? true {
                return true
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// Where `pid` is, for a failure's message: its program, state and system call.
    static func whereIs(_ pid: pid_t) -> String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? "?"
        let state = ((try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? "")
            .split(separator: "\n").first { $0.hasPrefix("State:") } ?? "State: gone"
        let call = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "?"
        return "\(executable), \(state), system call \(call.prefix(40))"
    }

    enum SystemCall {
        case read, write
        var numbers: [Int] { self == .read ? [0, 63] : [1, 64] }
    }
}
