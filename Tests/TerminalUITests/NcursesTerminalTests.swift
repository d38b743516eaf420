// NcursesScreen on a pseudo-terminal (TERM=xterm-256color): ncurses sets the terminal up, the
// frames are written by the screen's encoder, and everything the terminal receives is played
// on a model of an xterm (XtermModel), which must show exactly each frame, text, attributes
// and colours. The frames scroll by a few lines and by pages, so the terminal's own scrolling
// moves lines, emoji sequences included.

import SeededRandom
import TerminalTestSupport
import Testing
@testable import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.serialized) struct NcursesTerminalTests {
    /// Frames of `steps` views of random content, scrolled by lines and pages, with the focus
    /// and the status line changing; every frame checked on the model of the terminal, text and
    /// styles. Returns the bytes written and the frames where the terminal's scrolling moved lines.
    func run(seed: UInt64, columns: Int, rows: Int, steps: Int) throws -> (bytes: Int, scrolled: Int) {
        let pty = try PseudoTerminal(columns: columns, rows: rows)
        defer { pty.close() }
        let output = pty.startReading(keepingEverything: true)
        let screen = try NcursesScreen(colorMode: .auto, terminalPath: pty.slavePath, terminalType: "xterm-256color")
        defer { screen.close() }
        let width = screen.width, height = screen.height
        try #require(width == columns && height == rows)
        var terminal = XtermModel(width: width, height: height)
        terminal.feed(output.take())
        var frames = RandomFrames(seed: seed, width: width, height: height)
        var total = 0, scrolled = 0
        for step in 0..<steps {
            let frame = frames.next(step: step)
            terminal.lineIDs = Array(0..<height)
            screen.show(frame)
            let bytes = output.take()
            total += bytes.count
            try #require(!output.timedOut, "seed \(seed), step \(step): the frame's bytes did not come through")
            terminal.feed(bytes)
            if terminal.lineIDs != Array(0..<height) { scrolled += 1 }
            try #require(terminal.unknown.isEmpty, "sequences the model does not know: \(terminal.unknown)")
            let differences = terminal.differences(from: frame, colors: screen.colors)
            try #require(
                differences.isEmpty, "seed \(seed), step \(step), offset \(frames.offset): \(differences.prefix(8))")
        }
        return (total, scrolled)
    }

    @Test(
        .serialized,
        arguments: [(1, 80, 24, 50), (2, 100, 30, 40), (3, 40, 12, 80), (4, 200, 60, 12)] as [(UInt64, Int, Int, Int)])
    func everyFrameIsShownExactly(seed: UInt64, columns: Int, rows: Int, steps: Int) throws {
        let result = try run(seed: seed, columns: columns, rows: rows, steps: steps)
        // Half the steps scroll by a few lines: the terminal moves those lines itself.
        #expect(result.scrolled >= steps / 6, "the terminal scrolled in \(result.scrolled) of \(steps) frames")
    }

    /// A wait whose time runs out is not the end of the input; a terminal that hangs up is,
    /// and the screen says so (the browser's loop then stops waiting on it, whatever it was
    /// waiting for).
    @Test func aHangUpEndsTheInput() throws {
        // A terminal of its own, no reader on the master side: closing the master is the
        // hang-up (a PseudoTerminal's close waits for the screen to close the slave first).
        let (master, slavePath) = try PseudoTerminal.openMaster(columns: 40, rows: 10)
        let screen = try NcursesScreen(colorMode: .auto, terminalPath: slavePath, terminalType: "xterm-256color")
        defer { screen.close() }
        screen.show(CellBuffer(width: 40, height: 10))
        #expect(screen.nextEvent(timeoutMilliseconds: 30) == nil)
        #expect(!screen.inputHasEnded)
        close(master)
        var ended = false
        for _ in 0..<20 where !ended {
            _ = screen.nextEvent(timeoutMilliseconds: 200)
            ended = screen.inputHasEnded
        }
        #expect(ended)
    }

    /// After a resize, ncurses takes the terminal again (and clears it): the next frame is
    /// written whole, at the new size.
    @Test func aResizeRedrawsEverything() throws {
        let pty = try PseudoTerminal(columns: 60, rows: 20)
        defer { pty.close() }
        let output = pty.startReading(keepingEverything: true)
        let screen = try NcursesScreen(colorMode: .auto, terminalPath: pty.slavePath, terminalType: "xterm-256color")
        defer { screen.close() }
        var terminal = XtermModel(width: 60, height: 20)
        var frames = RandomFrames(seed: 9, width: 60, height: 20)
        screen.show(frames.next(step: 0))
        terminal.feed(output.take())
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
        terminal.feed(output.take())
        #expect(terminal.unknown.isEmpty)
        #expect(terminal.differences(from: frame, colors: screen.colors).isEmpty)
    }
}
