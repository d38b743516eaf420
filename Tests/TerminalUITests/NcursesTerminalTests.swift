// NcursesScreen on a pseudo-terminal (TERM=xterm-256color): ncurses sets the terminal up, the
// frames are written by the screen's encoder, and everything the terminal receives is played
// on a model of an xterm (XtermModel), which must show exactly each frame, text, attributes
// and colours. The frames scroll by a few lines and by pages, so the terminal's own scrolling
// moves lines, emoji sequences included.

import Dispatch
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

    /// A wait whose time runs out is no end of `screen`'s input; a hang-up (`master` closed)
    /// is, within a few waits.
    func expectAHangUpEndsTheInput(
        _ screen: NcursesScreen, master: Int32, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(screen.nextEvent(timeoutMilliseconds: 30) == nil, sourceLocation: sourceLocation)
        #expect(!screen.inputHasEnded, sourceLocation: sourceLocation)
        close(master)
        var ended = false
        for _ in 0..<20 where !ended {
            _ = screen.nextEvent(timeoutMilliseconds: 200)
            ended = screen.inputHasEnded
        }
        #expect(ended, sourceLocation: sourceLocation)
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
        expectAHangUpEndsTheInput(screen, master: master)
    }

    /// A wakeup (a search's answer posted) ends the wait under way at once; a wake left over
    /// does not end a wait with no end (the loop waits for a key then); keys, a resize and a
    /// hang-up are read as without one.
    @Test func aWakeEndsAWaitAndNothingElseChanges() throws {
        let (master, slavePath) = try PseudoTerminal.openMaster(columns: 40, rows: 10)
        let screen = try NcursesScreen(colorMode: .auto, terminalPath: slavePath, terminalType: "xterm-256color")
        defer { screen.close() }
        let wakeup = InputWakeup()
        screen.wakeWaits(on: wakeup)
        screen.show(CellBuffer(width: 40, height: 10))
        func milliseconds(_ body: () -> InputEvent?) -> (InputEvent?, Int) {
            let start = Moment.now
            let event = body()
            return (event, Moment.now - start)
        }
        // A wake 50 ms into a wait of 5 s.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { wakeup.wake() }
        let (woken, took) = milliseconds { screen.nextEvent(timeoutMilliseconds: 5_000) }
        #expect(woken == nil && took < 2_000, "\(took) ms")
        #expect(!screen.inputHasEnded)
        // A wake left over, then a wait for a key with no end: the key, typed 100 ms later.
        wakeup.wake()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { _ = write(master, "x", 1) }
        let (key, _) = milliseconds { screen.nextEvent(timeoutMilliseconds: nil) }
        #expect(key == .key(.character("x")))
        // A key typed before the wait is read at once, and one typed during it when it comes.
        _ = write(master, "y", 1)
        #expect(screen.nextEvent(timeoutMilliseconds: 1_000) == .key(.character("y")))
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { _ = write(master, "z", 1) }
        let (typed, waited) = milliseconds { screen.nextEvent(timeoutMilliseconds: 5_000) }
        #expect(typed == .key(.character("z")) && waited < 2_000, "\(waited) ms")
        expectAHangUpEndsTheInput(screen, master: master)
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
