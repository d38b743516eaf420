// NcursesScreen on a pseudo-terminal (TERM=xterm-256color): ncurses sets the terminal up, the
// frames are written by the screen's encoder, and everything the terminal receives is played
// on a model of an xterm (XtermModel), which must show exactly each frame, text, attributes
// and colours. The frames scroll by a few lines and by pages, so the terminal's own scrolling
// moves lines, emoji sequences included.

import CNcursesw
import Foundation
import SeededRandom
import Testing
@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct NcursesTerminalTests {
    /// A pseudo-terminal whose master side is read on a thread for as long as it is open.
    final class PseudoTerminal: @unchecked Sendable {
        // @unchecked: `received` and `fencesSeen` are only touched with `condition` locked.
        let master: Int32
        let slavePath: String
        private let slave: Int32
        private let condition = NSCondition()
        private var received: [UInt8] = []
        private var fencesSeen = 0
        private var fencesWritten = 0
        private var matched = 0
        private var closed = false
        /// Whether a `take` gave up waiting for what was written to come through.
        private(set) var timedOut = false
        /// Bytes that never occur in UTF-8 nor in ncurses' output, all different.
        static let fence: [UInt8] = [0xFF, 0xFE, 0xFD, 0xFC, 0xFB, 0xFA, 0xF9, 0xF8]

        /// A C function of the C library by name: the Glibc module leaves out the pseudo-terminal
        /// functions (they need _XOPEN_SOURCE).
        static func function<F>(_ name: String, as type: F.Type) -> F {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
                fatalError("no \(name) in the C library")
            }
            return unsafeBitCast(symbol, to: type)
        }

        init(columns: Int, rows: Int) {
            let openpt = Self.function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
            let grantpt = Self.function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
            let unlockpt = Self.function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
            // ptsname_r, not ptsname: its static buffer is shared by tests opening terminals at once,
            // and two of them could get one slave path.
            let ptsname = Self.function("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
            // Close-on-exec: a program that other tests start meanwhile (tmux, the binary)
            // must not inherit either side and keep the terminal open, or read from it.
            master = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
            precondition(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0)
            var path = [CChar](repeating: 0, count: 128)
            precondition(ptsname(master, &path, path.count) == 0)
            slavePath = String(cString: path)
            slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
            precondition(slave >= 0)
            // The size ncurses reads (TIOCGWINSZ) when it starts.
            var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            precondition(ioctl(master, UInt(TIOCSWINSZ), &size) == 0)
            let thread = Thread { [self] in drain() }
            thread.start()
        }

        /// A new size, as a terminal emulator sets it when its window is resized.
        func resize(columns: Int, rows: Int) {
            var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            precondition(ioctl(master, UInt(TIOCSWINSZ), &size) == 0)
        }

        private func drain() {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                condition.lock()
                if count <= 0 {
                    closed = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                for byte in buffer[0..<count] {
                    received.append(byte)
                    if byte == Self.fence[matched] {
                        matched += 1
                        if matched == Self.fence.count {
                            matched = 0
                            fencesSeen += 1
                            received.removeLast(Self.fence.count)
                        }
                    } else {
                        matched = byte == Self.fence[0] ? 1 : 0
                    }
                }
                condition.broadcast()
                condition.unlock()
            }
        }

        /// Everything written to the terminal since the last call.
        func take() -> [UInt8] {
            condition.lock()
            fencesWritten += 1
            let target = fencesWritten
            condition.unlock()
            _ = Self.fence.withUnsafeBytes { write(slave, $0.baseAddress, $0.count) }
            condition.lock()
            // Never for ever: a test that hangs tells nothing.
            let deadline = Date(timeIntervalSinceNow: 30)
            while fencesSeen < target && !closed {
                if !condition.wait(until: deadline) {
                    timedOut = true
                    break
                }
            }
            let bytes = received
            received.removeAll(keepingCapacity: true)
            condition.unlock()
            return bytes
        }

        /// Closes the slave side, waits for the reader to see the end of the terminal, then
        /// closes the master: closed earlier, its descriptor number could be reused by the next
        /// test's terminal while the reader, still looping, reads from it and takes its bytes.
        func close() {
            Glibc.close(slave)
            condition.lock()
            let deadline = Date(timeIntervalSinceNow: 30)
            while !closed && condition.wait(until: deadline) {}
            condition.unlock()
            Glibc.close(master)
        }
    }

    /// Frames of `steps` views of random content, scrolled by lines and pages, with the focus
    /// and the status line changing; every frame checked on the model of the terminal, text and
    /// styles. Returns the bytes written and the frames where the terminal's scrolling moved lines.
    func run(seed: UInt64, columns: Int, rows: Int, steps: Int) throws -> (bytes: Int, scrolled: Int) {
        let pty = PseudoTerminal(columns: columns, rows: rows)
        defer { pty.close() }
        let screen = try NcursesScreen(colorMode: .auto, terminalPath: pty.slavePath, terminalType: "xterm-256color")
        defer { screen.close() }
        let width = screen.width, height = screen.height
        try #require(width == columns && height == rows)
        var terminal = XtermModel(width: width, height: height)
        terminal.feed(pty.take())
        var frames = RandomFrames(seed: seed, width: width, height: height)
        var total = 0, scrolled = 0
        for step in 0..<steps {
            let frame = frames.next(step: step)
            terminal.lineIDs = Array(0..<height)
            screen.show(frame)
            let bytes = pty.take()
            total += bytes.count
            try #require(!pty.timedOut, "seed \(seed), step \(step): the frame's bytes did not come through")
            terminal.feed(bytes)
            if terminal.lineIDs != Array(0..<height) { scrolled += 1 }
            try #require(terminal.unknown.isEmpty, "sequences the model does not know: \(terminal.unknown)")
            let differences = terminal.differences(from: frame, colors: screen.colors)
            try #require(differences.isEmpty, "seed \(seed), step \(step), offset \(frames.offset): \(differences.prefix(8))")
        }
        return (total, scrolled)
    }

    @Test(.serialized, arguments: [(1, 80, 24, 50), (2, 100, 30, 40), (3, 40, 12, 80), (4, 200, 60, 12)] as [(UInt64, Int, Int, Int)])
    func everyFrameIsShownExactly(seed: UInt64, columns: Int, rows: Int, steps: Int) throws {
        let result = try run(seed: seed, columns: columns, rows: rows, steps: steps)
        // Half the steps scroll by a few lines: the terminal moves those lines itself.
        #expect(result.scrolled >= steps / 6, "the terminal scrolled in \(result.scrolled) of \(steps) frames")
    }

    /// After a resize, ncurses takes the terminal again (and clears it): the next frame is
    /// written whole, at the new size.
    @Test func aResizeRedrawsEverything() throws {
        let pty = PseudoTerminal(columns: 60, rows: 20)
        defer { pty.close() }
        let screen = try NcursesScreen(colorMode: .auto, terminalPath: pty.slavePath, terminalType: "xterm-256color")
        defer { screen.close() }
        var terminal = XtermModel(width: 60, height: 20)
        var frames = RandomFrames(seed: 9, width: 60, height: 20)
        screen.show(frames.next(step: 0))
        terminal.feed(pty.take())
        pty.resize(columns: 50, rows: 16)
        kill(getpid(), SIGWINCH)
        // ncurses reads the new size when it next reads input.
        var event: InputEvent?
        for _ in 0..<50 where event == nil {
            event = screen.nextEvent(timeoutMilliseconds: 20)
        }
        try #require(event == .resize(width: 50, height: 16))
        terminal = XtermModel(width: 50, height: 16)
        var resized = RandomFrames(seed: 10, width: 50, height: 16)
        let frame = resized.next(step: 1)
        screen.show(frame)
        terminal.feed(pty.take())
        #expect(terminal.unknown.isEmpty)
        #expect(terminal.differences(from: frame, colors: screen.colors).isEmpty)
    }
}
