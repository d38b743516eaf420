// The real terminal as a Screen: ncurses sets it up and reads its input
// (NcursesTerminalSession, NcursesInputReader), and the frames are written by FrameEncoder (why
// not by ncurses' doupdate: see there), with write(2) to the same /dev/tty after ncurses' own
// output has been flushed. /dev/tty, not standard output: that belongs to the picked result.

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
    public convenience init(colorMode: ColorMode = .auto, terminalPath: String = "/dev/tty") throws(TerminalError) {
        try self.init(colorMode: colorMode, terminalPath: terminalPath, terminalType: nil)
    }

    /// `terminalType`: the terminfo entry, instead of $TERM (tests on a pseudo-terminal).
    init(colorMode: ColorMode, terminalPath: String, terminalType: String?) throws(TerminalError) {
        let session = try NcursesTerminalSession(terminalPath: terminalPath, terminalType: terminalType)
        let colors = colorMode == .auto ? ColorSupport(session.sequences) : .none
        self.session = session
        self.input = NcursesInputReader(session: session)
        self.encoder = FrameEncoder(sequences: session.sequences, colors: colors)
        // The bytes a handler writes first, in place before start() sends the first bytes to
        // the terminal.
        TerminalGuard.setReset(encoder.resetBytes(screenHeight: height, cursor: (max(0, height - 1), 0)))
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
    public var height: Int { session.height }

    public func show(_ frame: CellBuffer) {
        guard session.isOpen else { return }
        _ = session.takeSignals(stopping: false)
        let sequences = session.sequences
        var synchronized = false
        if session.mustTakeOver {
            // The clear of a takeover inside the update too: no blank screen between frames.
            session.writeFrame(sequences.synchronizedBegin)
            synchronized = true
            session.takeOver()
            encoder.screenCleared(width: width, height: height)
            TerminalGuard.setReset(encoder.resetBytes(screenHeight: height, cursor: (max(0, height - 1), 0)))
        }
        let bytes = encoder.encode(frame, screenWidth: width, screenHeight: height, cursorAfter: session.cursor)
        guard synchronized || !bytes.isEmpty else { return }
        session.writeFrame((synchronized ? [] : sequences.synchronizedBegin) + bytes + sequences.synchronizedEnd)
    }

    public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        input.nextEvent(timeoutMilliseconds: timeoutMilliseconds)
    }

    public func copyToClipboard(_ text: String) {
        guard session.isOpen else { return }
        session.writeFrame(clipboardSequence(text))
    }

    public var inputHasEnded: Bool { input.hasEnded }
}
