// The real terminal as a Screen: ncurses sets it up and reads its input
// (NcursesTerminalSession, NcursesInputReader), and the frames are written by FrameEncoder (why
// not by ncurses' doupdate: see there), with write(2) to the same /dev/tty after ncurses' own
// output has been flushed. /dev/tty, not standard output: that belongs to the picked result.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

public final class NcursesScreen: Screen {
    /// `.none` draws attributes only, never a colour (NO_COLOR; the caller reads the
    /// environment). `.auto` uses colours when the terminal has them.
    public enum ColorMode: Sendable, Hashable {
        case auto, none
    }

    private let session: NcursesTerminalSession
    private let input: NcursesInputReader
    /// What the terminal shows, and the bytes of the next frame.
    private var encoder: FrameEncoder

    /// Takes over the terminal at `terminalPath`: /dev/tty, so that standard output stays free
    /// for the result even when it is piped (the benchmark passes a pseudo-terminal). Throws
    /// without changing anything when there is no terminal or ncurses cannot drive it.
    /// With `inlineHeight`, the browser takes that many rows below the cursor, on the normal
    /// screen (as fzf's --height), and clears them at the end.
    public convenience init(
        colorMode: ColorMode = .auto, terminalPath: String = "/dev/tty", inlineHeight: InlineHeight? = nil
    ) throws(TerminalError) {
        try self.init(colorMode: colorMode, terminalPath: terminalPath, terminalType: nil, inlineHeight: inlineHeight)
    }

    /// `terminalType`: the terminfo entry, instead of $TERM (tests on a pseudo-terminal).
    init(colorMode: ColorMode, terminalPath: String, terminalType: String?, inlineHeight: InlineHeight? = nil)
        throws(TerminalError)
    {
        let session = try NcursesTerminalSession(
            terminalPath: terminalPath, terminalType: terminalType, inlineHeight: inlineHeight)
        let colors = colorMode == .auto ? ColorSupport(session.sequences) : .none
        self.session = session
        self.input = NcursesInputReader(session: session)
        self.encoder = FrameEncoder(sequences: session.sequences, colors: colors)
        // The bytes a handler writes first, in place before start() sends the first bytes to
        // the terminal. (In inline mode the cursor stays where the shell left it until the
        // browser's rows are placed.)
        let rows = session.terminalHeight
        TerminalGuard.setReset(
            encoder.resetBytes(screenHeight: rows, cursor: inlineHeight == nil ? (max(0, rows - 1), 0) : nil))
        session.start()
    }

    deinit {
        close()
    }

    /// Gives the terminal back (endwin), frees the ncurses screen and closes /dev/tty.
    /// Idempotent; also called from deinit.
    public func close() {
        guard session.isOpen else { return }
        if session.isScreenActive { input.discardUnreadInput() }
        session.close()
        encoder.forget()
    }

    /// The colours frames are drawn with.
    var colors: ColorSupport { encoder.colors }

    public var width: Int { session.width }
    /// The browser's rows: the terminal's, or in inline mode the rows it takes.
    public var height: Int { session.height }

    public func show(_ frame: CellBuffer) {
        guard session.isOpen else { return }
        _ = session.takeSignals(stopping: false)
        let sequences = session.sequences
        var synchronized = false
        var placement: [UInt8] = []
        if session.mustTakeOver {
            synchronized = true
            if session.inlineHeight == nil {
                // The clear of a takeover inside the update too: no blank screen between frames.
                session.writeFrame(sequences.synchronizedBegin)
                _ = session.takeOver()
            } else {
                // (Inline: the terminal is asked where its cursor is first, outside the update.)
                placement = sequences.synchronizedBegin + session.takeOver()
            }
            screenPlaced()
        } else if let region = session.region, region.height != height {
            // An adaptive height that grew: the rows made room for and drawn again whole.
            synchronized = true
            placement = sequences.synchronizedBegin + session.refitRegion()
            screenPlaced()
        }
        let bytes = encoder.encode(frame, screenWidth: width, screenHeight: height, cursorAfter: session.cursor)
        guard synchronized || !bytes.isEmpty else { return }
        let begin = synchronized ? placement : sequences.synchronizedBegin
        session.writeFrame(begin + bytes + sequences.synchronizedEnd)
    }

    /// After a takeover or the rows placed anew: the next frame is written whole, where the
    /// rows are, and a signal's reset leaves the cursor at their top (at the last row's start
    /// without them).
    private func screenPlaced() {
        let rows = session.terminalHeight
        encoder.placement = session.region.map { FrameEncoder.Placement(top: $0.top, terminalHeight: rows) }
        encoder.screenCleared(width: width, height: height)
        let cursor = session.region.map { ($0.top, 0) } ?? (max(0, rows - 1), 0)
        TerminalGuard.setReset(encoder.resetBytes(screenHeight: rows, cursor: cursor))
    }

    public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        while true {
            guard let event = input.nextEvent(timeoutMilliseconds: timeoutMilliseconds) else { return nil }
            guard case .mouse(let mouse) = event, let region = session.region else { return event }
            // Inline mode: the terminal counts rows from its top, the browser from its own.
            if let inside = mouse.inRows(from: region.top, count: region.height) { return .mouse(inside) }
        }
    }

    public func fit(contentRows: Int) -> Bool {
        let before = height
        session.fit(contentRows: contentRows)
        return height != before
    }

    /// SIGTSTP to itself: the guard's handler asks for the stop, which the next wait for input
    /// carries out (the terminal given back, the process stopped, the screen taken again when
    /// it goes on), as for a `kill -TSTP` from outside.
    public func wakeWaits(on wakeup: InputWakeup) { input.wakeup = wakeup }

    public func suspend() {
        guard session.isOpen else { return }
        kill(getpid(), SIGTSTP)
    }

    public func runOutside(_ body: () -> Void) {
        guard session.isOpen, session.isScreenActive else {
            body()
            return
        }
        session.leaveScreen()
        body()
    }

    public func copyToClipboard(_ text: String) {
        guard session.isOpen else { return }
        session.writeFrame(clipboardSequence(text))
    }

    public var inputHasEnded: Bool { input.hasEnded }
}
