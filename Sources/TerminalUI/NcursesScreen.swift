// The real terminal: ncurses sets it up from terminfo (raw mode, the alternate screen,
// keypad and mouse modes), reads keys and mouse events, follows resizes and gives the terminal
// back; the frames are written by FrameEncoder (why not by ncurses' doupdate: see there), with
// write(2) to the same /dev/tty after ncurses' own output has been flushed. /dev/tty, not
// standard output: that belongs to the picked result.
//
// ncurses is kept out of the way of the frames: nothing is ever put in its windows, so it has
// nothing to draw. It draws once when it takes the terminal (at the first frame, after a
// resize, after the terminal was given back): its doupdate then switches to the program's
// modes and clears the screen, and the next frame is written whole. Its idea of where the
// cursor is stays true (each frame leaves the cursor there), as endwin moves it from there.

import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why the terminal could not be used. Nothing was changed on the terminal when it is thrown.
public struct TerminalError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

public final class NcursesScreen: Screen {
    /// `.none` draws attributes only, never a colour (NO_COLOR; the caller reads the
    /// environment). `.auto` uses colours when the terminal has them.
    public enum ColorMode: Sendable, Hashable {
        case auto, none
    }

    private var screen: OpaquePointer?
    private var input: UnsafeMutablePointer<FILE>?
    private var output: UnsafeMutablePointer<FILE>?
    /// What the terminal shows, and the bytes of the next frame.
    private var encoder: FrameEncoder
    /// Whether ncurses must take the terminal (again) before the next frame: at the start,
    /// after a resize.
    private var needsTakeover = true
    /// The size the screen was drawn again at after a stop or continue (see `readEvent`).
    private var redrawnAfterSignal: (width: Int, height: Int)?
    /// Whether the last event returned was a mouse button press (its release is still to come).
    private var lastEventWasPress = false
    /// A resize or mouse event ncurses gave right after an ESC, not part of what the ESC began:
    /// the next read takes it, after the ESC's own event (see `readEscapeSequence`).
    private var inputAfterEscape: DecodedInput?

    /// Takes over the terminal at `terminalPath`: /dev/tty, so that standard output stays free
    /// for the result even when it is piped (the benchmark passes a pseudo-terminal). Throws
    /// without changing anything when there is no terminal or ncurses cannot drive it.
    public convenience init(colorMode: ColorMode = .auto, terminalPath: String = "/dev/tty") throws(TerminalError) {
        try self.init(colorMode: colorMode, terminalPath: terminalPath, terminalType: nil)
    }

    /// `terminalType`: the terminfo entry, instead of $TERM (tests on a pseudo-terminal).
    init(colorMode: ColorMode, terminalPath: String, terminalType: String?) throws(TerminalError) {
        _ = cnc_setlocale_from_environment()
        guard let input = fopen(terminalPath, "re") else {
            throw TerminalError("no terminal to draw on: cannot open \(terminalPath)")
        }
        guard let output = fopen(terminalPath, "we") else {
            fclose(input)
            throw TerminalError("no terminal to draw on: cannot open \(terminalPath)")
        }
        // Fully buffered: what ncurses writes (modes, the clear when it takes the terminal)
        // goes out when it flushes, or before a frame is written.
        setvbuf(output, nil, _IOFBF, 1 << 14)
        let term = terminalType ?? getenv("TERM").map { String(cString: $0) } ?? ""
        // newterm changes the terminal's modes: from here a signal sets back the ones it has now.
        TerminalGuard.willChangeModes(descriptor: fileno(output))
        guard let screen = newterm(terminalType, output, input) else {
            TerminalGuard.giveBack()
            fclose(output)
            fclose(input)
            throw TerminalError("cannot initialise the terminal (TERM=\(term.isEmpty ? "unset" : term))")
        }
        set_term(screen)
        guard let sequences = TerminalSequences.current() else {
            // A terminal without cursor addressing (TERM=dumb): newterm changed the tty modes.
            endwin()
            TerminalGuard.giveBack()
            delscreen(screen)
            fclose(output)
            fclose(input)
            throw TerminalError("cannot initialise the terminal (TERM=\(term)): it cannot move the cursor")
        }
        let colors = colorMode == .auto ? ColorSupport(sequences) : .none
        self.screen = screen
        self.input = input
        self.output = output
        self.encoder = FrameEncoder(sequences: sequences, colors: colors)

        // What a handler writes if a signal comes from the first write on.
        TerminalGuard.setReset(encoder.resetBytes(screenHeight: height, cursor: (max(0, height - 1), 0)))
        TerminalGuard.setLeave(sequences.leave)

        let window = cnc_stdscr()
        raw()  // Ctrl-C arrives as a key, not as SIGINT
        noecho()
        nonl()
        // ncurses has written nothing yet (newterm queues its strings, raw sets modes): keypad
        // sends the queue, the alternate screen first.
        TerminalGuard.willWriteToScreen()
        keypad(window, true)
        curs_set(0)
        set_escdelay(25)
        // Clicks too: a press and its release read at once (a quick click, a slow link) come
        // from ncurses as one click event, dropped unless it is in the mask.
        mousemask(cnc_button1_pressed() | cnc_button1_released() | cnc_button1_clicked()
                  | cnc_button1_double_clicked() | cnc_button4_pressed() | cnc_button5_pressed(), nil)
        mouseinterval(0)
        TerminalGuard.screenDidStart()
    }

    deinit {
        close()
    }

    /// Gives the terminal back (endwin), frees the ncurses screen and closes /dev/tty.
    /// Idempotent; also called from deinit.
    public func close() {
        guard let screen else { return }
        if TerminalGuard.isScreenActive {
            // Input left unread would reach the shell once the program is gone: a click that
            // chose an item on its press has its release still coming (as ^[[<0;60;10m).
            if lastEventWasPress { discardMouseRelease(withinMilliseconds: 100) }
            flushinp()
            learnTerminalSize()
        }
        TerminalGuard.endScreen()
        delscreen(screen)
        self.screen = nil
        if let output { fclose(output) }
        if let input { fclose(input) }
        output = nil
        input = nil
        encoder.forget()
    }

    /// Tells ncurses the terminal's size if it changed since ncurses last read it: a key read
    /// before a resize's SIGWINCH was taken (`q` at the end of a resize storm) left ncurses with
    /// the size before, and endwin puts the cursor on that size's last row for the shell, which
    /// on a terminal without an alternate screen is another row than the last (or none).
    private func learnTerminalSize() {
        guard let output else { return }
        var size = winsize()
        guard ioctl(fileno(output), UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0,
              is_term_resized(Int32(size.ws_row), Int32(size.ws_col)) else { return }
        resizeterm(Int32(size.ws_row), Int32(size.ws_col))
    }

    /// The colours frames are drawn with.
    var colors: ColorSupport { encoder.colors }

    public var width: Int { screen == nil ? 0 : Int(cnc_cols()) }
    public var height: Int { screen == nil ? 0 : Int(cnc_lines()) }

    // MARK: - Output

    public func show(_ frame: CellBuffer) {
        guard screen != nil, let window = cnc_stdscr(), let output else { return }
        _ = takeSignals(stopping: false)
        if needsTakeover || !TerminalGuard.isScreenActive {
            if !TerminalGuard.isScreenActive {
                // Back after an endwin: the program's modes first, on their own, so that a
                // signal while tcsetattr waits for the terminal to read what it was sent
                // (TCSADRAIN) sets the shell's back and writes nothing: nothing has changed on
                // the screen yet. wrefresh sets them again, at once.
                TerminalGuard.willTakeBack()
                reset_prog_mode()
            }
            // ncurses takes the terminal (back after an endwin: the alternate screen, keypad
            // and mouse modes) and clears it; stdscr, always blank, has nothing else to draw.
            TerminalGuard.willWriteToScreen()
            clearok(cnc_curscr(), true)
            wrefresh(window)
            TerminalGuard.screenDidStart()
            needsTakeover = false
            encoder.screenCleared(width: width, height: height)
            TerminalGuard.setReset(encoder.resetBytes(screenHeight: height, cursor: (max(0, height - 1), 0)))
        }
        let bytes = encoder.encode(frame, screenWidth: width, screenHeight: height, cursorAfter: ncursesCursor)
        fflush(output)
        if !bytes.isEmpty { Self.writeAll(bytes, to: fileno(output)) }
    }

    /// Where ncurses believes the terminal's cursor is (its curscr): frames leave it there, as
    /// endwin moves it from there.
    private var ncursesCursor: (row: Int, column: Int) {
        let cursor = cnc_curscr()
        return (Int(cnc_getcury(cursor)), Int(cnc_getcurx(cursor)))
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }

    // MARK: - Input

    public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        let event = readEvent(timeoutMilliseconds: timeoutMilliseconds)
        if case .mouse(let mouse)? = event, mouse.action == .press {
            lastEventWasPress = true
        } else {
            lastEventWasPress = false
        }
        return event
    }

    /// The longest wait in one wget_wch: a stop or a continue signalled just before the call
    /// (whose SIGWINCH then came too early to end the wait) is seen at most this late.
    private static let waitSlice = 250

    private func readEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        guard screen != nil, let window = cnc_stdscr() else { return nil }
        let deadline = timeoutMilliseconds.map { Self.monotonicMilliseconds() + max(0, $0) }
        while true {
            if takeSignals(stopping: true) {
                // Drawn again whole at the same size, as after a resize. The SIGWINCH the
                // handler raised to end the wait comes back as KEY_RESIZE: not drawn twice.
                redrawnAfterSignal = (width, height)
                return .resize(width: width, height: height)
            }
            let wait = min(deadline.map { max(0, $0 - Self.monotonicMilliseconds()) } ?? Self.waitSlice, Self.waitSlice)
            let started = Self.monotonicMilliseconds()
            var input: DecodedInput
            if let pending = inputAfterEscape {
                inputAfterEscape = nil
                input = pending
            } else {
                wtimeout(window, Int32(wait))
                // wget_wch refreshes a window that was touched (a resize touches every window):
                // that would clear the screen under the frame. The next frame redraws anyway.
                cnc_untouchwin(window)
                var value: wint_t = 0
                errno = 0
                let status = wget_wch(window, &value)
                input = Self.decode(status: status, value: UInt32(value))
                if input == .key(.escape) { input = readEscapeSequence(window) }
            }
            switch input {
            case .nothing:
                // The wait ended with nothing: its time was up, or a signal cut it short (the
                // loop looks at what it asked for); otherwise the terminal is gone.
                let cutShort = Self.monotonicMilliseconds() - started < wait / 2
                if cutShort && errno != EINTR { return nil }
            case .key(let key):
                return .key(key)
            case .resize:
                // ncurses' own SIGWINCH handling has resized its windows already.
                let redrawn = redrawnAfterSignal
                redrawnAfterSignal = nil
                if let redrawn, redrawn == (width, height) { break }
                needsTakeover = true
                return .resize(width: width, height: height)
            case .mouse:
                var x: Int32 = 0, y: Int32 = 0
                var state: mmask_t = 0
                if cnc_get_mouse(&x, &y, &state) == cnc_ok(), let action = Self.mouseAction(state) {
                    return .mouse(MouseEvent(action: action, x: Int(x), y: Int(y)))
                }
            case .ignored:
                break
            }
            if let deadline, Self.monotonicMilliseconds() >= deadline { return nil }
        }
    }

    /// What the guard's SIGTSTP and SIGCONT handlers asked for, done here, between two frames
    /// (in a handler it could cut one, or ncurses itself). A stop (only with `stopping`): the
    /// terminal given back, the process stopped until continued. A continue after a stop:
    /// one ncurses did not see (SIGSTOP) left the shell's terminal modes in place, so the
    /// screen is left, to be taken again, which sets them all anew. Returns whether the screen
    /// must be drawn again whole.
    private func takeSignals(stopping: Bool) -> Bool {
        var redraw = false
        if stopping && TerminalGuard.takeStopRequest() {
            TerminalGuard.endScreen()
            TerminalGuard.stopNow()
            redraw = true
        }
        if TerminalGuard.takeResumed() {
            TerminalGuard.endScreen()
            redraw = true
        }
        if redraw { needsTakeover = true }
        return redraw
    }

    /// What an ESC from ncurses stands for. ncurses gives a lone ESC when ESCDELAY passed with
    /// nothing after it (the Esc key), and also when what followed is no sequence its terminfo
    /// entry knows (Home as \e[1~ in tmux with TERM=xterm-256color, Alt+key, an X10 mouse
    /// report): then the rest is already waiting, and reading it here keeps it from being
    /// taken as Esc (quit) plus loose characters.
    ///
    /// A resize or a mouse event read here did not come with the ESC: it is kept for the next
    /// read, and the ESC stands for what came before it. ncurses reports a SIGWINCH (a resize,
    /// or the one the guard raises when the process is stopped or continued) at the first read
    /// that finds no input: after a stop and `fg`, that was this read, right after the user's
    /// first Esc, which was lost.
    private func readEscapeSequence(_ window: UnsafeMutablePointer<WINDOW>) -> DecodedInput {
        var following: [UInt32] = []
        while true {
            // The first read does not wait (ncurses waited already); later ones wait a little
            // for the tail of a sequence split between two reads.
            wtimeout(window, following.isEmpty ? 0 : 20)
            cnc_untouchwin(window)
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == cnc_key_code_yes() {
                // A key ncurses decoded right after the ESC: Alt with a function key, which the
                // browser has no use for; a resize or a mouse event comes next.
                let decoded = Self.decode(status: status, value: UInt32(value))
                guard decoded == .resize || decoded == .mouse else { return .ignored }
                inputAfterEscape = decoded
                return Self.decodeEscapeSequence(following, ended: true) ?? .ignored
            }
            guard status == cnc_ok() else {
                return Self.decodeEscapeSequence(following, ended: true) ?? .ignored
            }
            following.append(UInt32(value))
            if let decoded = Self.decodeEscapeSequence(following, ended: false) { return decoded }
        }
    }

    /// Reads and drops input until a mouse button release (or `limit` passes).
    private func discardMouseRelease(withinMilliseconds limit: Int) {
        guard let window = cnc_stdscr() else { return }
        let deadline = Self.monotonicMilliseconds() + limit
        while true {
            let wait = deadline - Self.monotonicMilliseconds()
            if wait <= 0 { return }
            wtimeout(window, Int32(clamping: wait))
            cnc_untouchwin(window)
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            switch Self.decode(status: status, value: UInt32(value)) {
            case .nothing:
                return
            case .mouse:
                var x: Int32 = 0, y: Int32 = 0
                var state: mmask_t = 0
                if cnc_get_mouse(&x, &y, &state) == cnc_ok(), Self.mouseAction(state) == .release { return }
            default:
                break
            }
        }
    }

    private static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
