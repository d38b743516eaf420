// A pseudo-terminal of the test's (or the benchmark's) own, for what a real terminal shows and
// tmux cannot: the terminal's modes while a program runs and after it ended, input that arrives
// in one read, a reader that stalls, the exact bytes of a frame.

import CPseudoTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// Why a pseudo-terminal could not be opened or a program started on one.
public struct PseudoTerminalError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A pseudo-terminal whose slave side this process holds open as well: to read its modes while
/// a program runs and after it ended (the modes stay with the terminal while a side is open),
/// and to write to it as another program sharing the terminal would. Its master side is read
/// by the caller, or by a thread (`startReading`).
///
/// `@unchecked Sendable`: its descriptors do not change; `close()` is called once the programs
/// on it are done with it, by the thread that owns it.
public final class PseudoTerminal: @unchecked Sendable {
    public let master: Int32
    /// This process's own descriptor on the slave side, non-blocking (see `fillOutput`).
    public let slave: Int32
    public let slavePath: String
    private var output: PseudoTerminalOutput?
    private var closed = false

    /// A new pseudo-terminal of `columns` x `rows`, in the modes a new one has (a shell's:
    /// canonical, echoing, signals on).
    public init(columns: Int, rows: Int) throws(PseudoTerminalError) {
        (master, slavePath) = try Self.openMaster(columns: columns, rows: rows)
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard slave >= 0 else {
            let error = errno
            Glibc.close(master)
            throw PseudoTerminalError("cannot open \(slavePath): errno \(error)")
        }
    }

    /// Opens a new pseudo-terminal's master side, of `columns` x `rows` (set before any program
    /// starts on it: ncurses reads the size, TIOCGWINSZ, once when it starts). Close-on-exec,
    /// as every descriptor here: a program that other tests start meanwhile (tmux, the binary)
    /// must not inherit either side and keep the terminal open, or read from it.
    public static func openMaster(columns: Int, rows: Int) throws(PseudoTerminalError) -> (
        master: Int32, slavePath: String
    ) {
        var path = [CChar](repeating: 0, count: 128)
        let master = cpseudoterminal_open(Int32(columns), Int32(rows), &path, path.count)
        guard master >= 0 else { throw PseudoTerminalError("cannot open a pseudo-terminal: errno \(errno)") }
        return (master, String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Starts reading the master side on a thread of its own, for as long as the terminal is
    /// open: a program writing to it then never waits on a full terminal. What it read is
    /// given by the returned reader (`take`, `capture`). Call it once; the caller then reads
    /// `master` no more.
    public func startReading(keepingEverything: Bool) -> PseudoTerminalOutput {
        precondition(output == nil, "the terminal is read already")
        let reader = PseudoTerminalOutput(master: master, slave: slave, keepingEverything: keepingEverything)
        output = reader
        return reader
    }

    /// Closes both sides: the slave first; when the master is read by a thread, waits (at most
    /// 30 s) until the thread has seen the terminal end, which it does once every slave
    /// descriptor is closed, then closes the master. Closed earlier, its descriptor number
    /// could be reused (the next test's terminal) while the thread, still reading, takes that
    /// terminal's bytes. Close a screen on the terminal first.
    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(slave)
        output?.waitForEnd(seconds: 30)
        Glibc.close(master)
    }

    /// As a terminal window resized: the kernel sends SIGWINCH to the foreground process group.
    public func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// The terminal's modes now.
    public var modes: termios {
        var modes = termios()
        tcgetattr(slave, &modes)
        return modes
    }

    /// Writes `text` as typed on the terminal.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Fills what the terminal holds for its reader with `x` until it takes no more, as
    /// another program writing to a terminal whose reader stalled. Returns how many it took.
    /// The kernel moves what was written on to the reader's side in the background, which
    /// makes room again: full is when nothing more goes in after a pause.
    public func fillOutput() -> Int {
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

    /// `command` (its first element a path) started in a session of its own with the terminal
    /// at `slavePath` as its controlling terminal (/dev/tty) and its standard input, output and
    /// error, in exactly `environment`. Its standard output is the file `standardOutput`
    /// instead (created or truncated) when given.
    public static func spawn(
        _ command: [String], onTerminal slavePath: String, environment: [String],
        standardOutput: String? = nil
    ) throws(PseudoTerminalError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            if descriptor == 1, let standardOutput {
                posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            } else {
                posix_spawn_file_actions_addopen(&actions, descriptor, slavePath, O_RDWR, 0)
            }
        }
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let setsid: Int16 = 0x80  // POSIX_SPAWN_SETSID (glibc): a session of its own
        let error = withSpawnAttributes(flags: setsid) { posix_spawn(&pid, command[0], &actions, &$0, argv, envp) }
        guard error == 0 else { throw PseudoTerminalError("cannot start \(command[0]): error \(error)") }
        return pid
    }
}

/// Calls `body` with posix_spawn attributes for a child that starts with no signal blocked
/// and default dispositions, plus `flags`. A test runs on a worker thread that blocks
/// signals, and a spawned process inherits that mask: tmux's server then never saw SIGCHLD
/// nor kill-server's signal.
public func withSpawnAttributes<T>(flags: Int16 = 0, _ body: (inout posix_spawnattr_t) throws -> T) rethrows -> T {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t(), allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | flags)
    return try body(&attributes)
}
