// A signal that arrives while a frame is being written: the frame is cut anywhere (autowrap
// switched off, a scrolling region set, an escape sequence half sent), and endwin restores none
// of that. The guard writes its reset bytes first; what the terminal received must end with
// autowrap on and the whole screen as the scrolling region.

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

    @Test func aSignalInTheMiddleOfAFrameLeavesTheTerminalRight() throws {
        let openpt = Self.function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        let grantpt = Self.function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        let unlockpt = Self.function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        let ptsname = Self.function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        let master = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0)
        defer { close(master) }
        let slave = String(cString: ptsname(master)!)
        var size = winsize(ws_row: 80, ws_col: 300, ws_xpixel: 0, ws_ypixel: 0)
        try #require(ioctl(master, UInt(TIOCSWINSZ), &size) == 0)

        // The binary in a session of its own, the pty its controlling terminal (/dev/tty).
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

        // Nothing is read: the first frame (tens of KiB at 300 x 80) fills the pty's buffer and
        // its write blocks part-way (Linux shows the call a process waits in, write being 1 on
        // x86_64 and 64 on arm64). Then SIGTERM, and everything is read.
        let blockedIn = { (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "" }
        let waitUntil = Date().addingTimeInterval(30)
        while Date() < waitUntil && !(blockedIn().hasPrefix("1 ") || blockedIn().hasPrefix("64 ")) {
            Thread.sleep(forTimeInterval: 0.02)
        }
        kill(pid, SIGTERM)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = Date().addingTimeInterval(10)
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
        try #require(exited, "splitview did not end after SIGTERM")
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
}
