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
    /// A C function by name: the Glibc module leaves out the pseudo-terminal functions.
    static func function<F>(_ name: String, as type: F.Type) -> F {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { fatalError("no \(name)") }
        return unsafeBitCast(symbol, to: type)
    }

    /// The last place `pattern` occurs in `bytes`.
    static func lastIndex(of pattern: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(pattern.utf8)
        guard bytes.count >= pattern.count else { return nil }
        return stride(from: bytes.count - pattern.count, through: 0, by: -1).first {
            Array(bytes[$0..<$0 + pattern.count]) == pattern
        }
    }

    /// The binary on a new pseudo-terminal of 300 x 80, in a session of its own with the pty as
    /// its controlling terminal (/dev/tty); nothing is read from the pty until this returns,
    /// when the first frame (tens of KiB) has filled the pty's buffer and its write is blocked
    /// part-way (Linux shows the call a process waits in: write is 1 on x86_64, 64 on arm64).
    static func startBlockedInAFrame() throws -> (master: Int32, pid: pid_t) {
        let openpt = Self.function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        let grantpt = Self.function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        let unlockpt = Self.function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        // ptsname_r, not ptsname: its static buffer is shared by tests opening terminals at once,
        // and two of them could get one slave path.
        let ptsname = Self.function("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
        let master = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0)
        var path = [CChar](repeating: 0, count: 128)
        try #require(ptsname(master, &path, path.count) == 0)
        let slave = String(cString: path)
        var size = winsize(ws_row: 80, ws_col: 300, ws_xpixel: 0, ws_ypixel: 0)
        try #require(ioctl(master, UInt(TIOCSWINSZ), &size) == 0)

        let home = FileManagerHelper.temporaryDirectory()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, slave, O_RDWR, 0)
        }
        let arguments: [String] = [Support.binary, "--no-recent"]
        let environment: [String] = ["TERM=xterm-256color", "HOME=\(home)", "XDG_CONFIG_HOME=\(home)",
                                     "XDG_STATE_HOME=\(home)", "LANG=C.UTF-8"]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let setsid: Int16 = 0x80  // POSIX_SPAWN_SETSID (glibc): a session of its own
        try #require(Support.withSpawnAttributes(flags: setsid) { posix_spawn(&pid, Support.binary, &actions, &$0, argv, envp) } == 0)

        let blockedIn = { (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "" }
        let waitUntil = Date().addingTimeInterval(30)
        while Date() < waitUntil && !(blockedIn().hasPrefix("1 ") || blockedIn().hasPrefix("64 ")) {
            Thread.sleep(forTimeInterval: 0.02)
        }
        return (master, pid)
    }

    /// Everything the pty receives for `seconds`, or until the process has ended and its output
    /// is read; and its wait status, when it ended.
    static func drain(_ master: Int32, _ pid: pid_t, for seconds: Double) -> (bytes: [UInt8], status: Int32?) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        var exited = false
        while Date() < deadline {
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

    @Test func aSignalInTheMiddleOfAFrameLeavesTheTerminalRight() throws {
        let (master, pid) = try Self.startBlockedInAFrame()
        defer { close(master) }
        kill(pid, SIGTERM)
        let (received, ended) = Self.drain(master, pid, for: 10)
        let status = try #require(ended, "splitview did not end after SIGTERM")
        #expect(status & 0x7F == SIGTERM)

        let text = String(decoding: received, as: UTF8.self)
        #expect(text.contains("splitview: terminated by SIGTERM"))
        // The frame was cut: what came before the signal has autowrap off and not on again.
        let cut = try #require(Self.lastIndex(of: "\u{18}", in: received), "no reset bytes")
        let before = Array(received[..<cut])
        let autowrapOff = try #require(Self.lastIndex(of: "\u{1B}[?7l", in: before), "the frame had not started")
        #expect(Self.lastIndex(of: "\u{1B}[?7h", in: before) ?? -1 < autowrapOff,
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
        let (received, ended) = Self.drain(master, pid, for: 1.5)
        try #require(ended == nil, "splitview ended after SIGTSTP")
        // The cut frame went on to its end (autowrap on again), then ncurses took the terminal
        // again (a clear) and a whole frame followed.
        let clears = String(decoding: received, as: UTF8.self).components(separatedBy: "\u{1B}[H\u{1B}[2J").count - 1
        try #require(clears == 2, "\(clears) takeovers, not the first and one after the stop")
        let clear = try #require(Self.lastIndex(of: "\u{1B}[H\u{1B}[2J", in: received))
        let first = Array(received[..<clear])
        #expect(Self.lastIndex(of: "\u{1B}[?7h", in: first) ?? -1 > Self.lastIndex(of: "\u{1B}[?7l", in: first) ?? Int.max)
        let after = String(decoding: received[clear...], as: UTF8.self)
        #expect(after.contains("grinning face") && after.contains("\u{1B}[?7h"))
        #expect(!after.contains("\u{18}"), "no reset bytes: the screen was not ended in a handler")
        // Keys are read: q quits (exit status 1).
        _ = "q".utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, 1) }
        let (_, quit) = Self.drain(master, pid, for: 10)
        let status = try #require(quit, "q did not quit")
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 1)
    }
}
