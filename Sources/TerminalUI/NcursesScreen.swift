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

// MARK: - Pure parts (tested without a terminal)

extension NcursesScreen {
    /// What one wget_wch result means.
    enum DecodedInput: Hashable {
        case key(Key)
        case resize
        case mouse
        /// A key the browser has no use for: read the next one.
        case ignored
        /// ERR: the timeout passed (or the input failed).
        case nothing
    }

    /// Maps wget_wch's status (OK, KEY_CODE_YES or ERR) and value to an input.
    static func decode(status: Int32, value: UInt32) -> DecodedInput {
        if status == cnc_key_code_yes() {
            return decodeFunctionKey(Int32(bitPattern: value))
        }
        guard status == cnc_ok() else { return .nothing }
        switch value {
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        case 1...26: return .key(.control(Character(Unicode.Scalar(UInt8(value) + 0x60))))
        case 0..<0x20, 0x80..<0xA0: return .ignored
        default:
            guard let scalar = Unicode.Scalar(value) else { return .ignored }
            return .key(.character(Character(scalar)))
        }
    }

    /// What an ESC followed by `following` (characters read at once after it) means; nil when
    /// the sequence is not finished and more may come. `ended`: nothing more came, decide with
    /// what there is. Nothing after the ESC is the Esc key; a sequence the browser has no use
    /// for, an unfinished one and Alt+key are ignored rather than taken for Esc.
    static func decodeEscapeSequence(_ following: [UInt32], ended: Bool) -> DecodedInput? {
        let escape: UInt32 = 0x1B, csi = ascii("["), ss3 = ascii("O")
        guard let first = following.first else { return ended ? .key(.escape) : nil }
        switch first {
        case csi:
            return decodeControlSequence(following.dropFirst(), ended: ended)
        case ss3:
            guard following.count >= 2 else { return ended ? .ignored : nil }
            switch following[1] {
            case ascii("H"): return .key(.home)
            case ascii("F"): return .key(.end)
            case ascii("A"): return .key(.up)
            case ascii("B"): return .key(.down)
            case ascii("C"): return .key(.right)
            case ascii("D"): return .key(.left)
            default: return .ignored
            }
        case escape:
            // Two Esc presses within ESCDELAY still mean Esc; ESC before a sequence is Alt with it.
            if following.count == 1 && ended { return .key(.escape) }
            return decodeEscapeSequence(Array(following.dropFirst()), ended: ended).map { _ in .ignored }
        default:
            return .ignored  // Alt+key
        }
    }

    private static func ascii(_ character: Unicode.Scalar) -> UInt32 { character.value }

    /// A CSI sequence after its "\e[": parameter and intermediate bytes (0x20-0x3F), then a
    /// final byte (0x40-0x7E).
    private static func decodeControlSequence(_ sequence: ArraySlice<UInt32>, ended: Bool) -> DecodedInput? {
        guard let finalIndex = sequence.firstIndex(where: { !(0x20...0x3F).contains($0) }) else {
            // Longer than any key's sequence: give up rather than swallow what follows.
            if sequence.count > 16 { return .ignored }
            return ended ? .ignored : nil
        }
        let final = sequence[finalIndex]
        guard (0x40...0x7E).contains(final) else { return .ignored }
        let parameters = String(decoding: sequence[..<finalIndex].map { UInt8($0) }, as: UTF8.self)
        if final == ascii("M") && parameters.isEmpty {
            // An X10 mouse report: three bytes (button, column, row) follow.
            if sequence.endIndex - finalIndex - 1 < 3 { return ended ? .ignored : nil }
            return .ignored
        }
        let unmodified = parameters.isEmpty || parameters == "1"
        switch (Character(Unicode.Scalar(UInt8(final))), parameters) {
        case ("H", _) where unmodified: return .key(.home)
        case ("F", _) where unmodified: return .key(.end)
        case ("A", _) where unmodified: return .key(.up)
        case ("B", _) where unmodified: return .key(.down)
        case ("C", _) where unmodified: return .key(.right)
        case ("D", _) where unmodified: return .key(.left)
        case ("Z", ""): return .key(.backTab)
        case ("~", "1"), ("~", "7"): return .key(.home)
        case ("~", "4"), ("~", "8"): return .key(.end)
        case ("~", "5"): return .key(.pageUp)
        case ("~", "6"): return .key(.pageDown)
        case ("~", "3"): return .key(.delete)
        default: return .ignored
        }
    }

    private static func decodeFunctionKey(_ code: Int32) -> DecodedInput {
        switch code {
        case cnc_key_up(): return .key(.up)
        case cnc_key_down(): return .key(.down)
        case cnc_key_left(): return .key(.left)
        case cnc_key_right(): return .key(.right)
        case cnc_key_ppage(), cnc_key_a3(): return .key(.pageUp)
        case cnc_key_npage(), cnc_key_c3(): return .key(.pageDown)
        case cnc_key_home(), cnc_key_a1(), cnc_key_find(): return .key(.home)
        case cnc_key_end(), cnc_key_c1(), cnc_key_select(): return .key(.end)
        case cnc_key_btab(): return .key(.backTab)
        case cnc_key_enter(): return .key(.enter)
        case cnc_key_backspace(): return .key(.backspace)
        case cnc_key_dc(): return .key(.delete)
        case cnc_key_resize(): return .resize
        case cnc_key_mouse(): return .mouse
        default: return .ignored
        }
    }

    /// The action of a mouse event's button state, nil for one the browser does not use.
    static func mouseAction(_ state: mmask_t) -> MouseEvent.Action? {
        if state & cnc_button4_pressed() != 0 { return .wheelUp }
        if cnc_button5_pressed() != 0 && state & cnc_button5_pressed() != 0 { return .wheelDown }
        if state & cnc_button1_pressed() != 0 { return .press }
        if state & cnc_button1_released() != 0 { return .release }
        if state & cnc_button1_double_clicked() != 0 { return .doubleClick }
        if state & cnc_button1_clicked() != 0 { return .click }
        return nil
    }
}
