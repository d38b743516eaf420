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
