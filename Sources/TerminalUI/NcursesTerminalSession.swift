// The terminal as ncurses holds it for NcursesScreen, from opening /dev/tty to giving the
// terminal back. At each step the signal guard (TerminalGuard) is told which parts of the
// terminal are the program's, so that a signal at any moment gives back what was changed and
// nothing else.
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

/// The terminal at a path (/dev/tty), driven by ncurses: set up from terminfo (raw mode, the
/// alternate screen, keypad and mouse modes), taken over before a frame when it must be,
/// given back and stopped when SIGTSTP asks, and given back at the end.
final class NcursesTerminalSession {
    /// The terminal's strings (terminfo), read once ncurses has started.
    let sequences: TerminalSequences
    private var screen: OpaquePointer?
    private var input: UnsafeMutablePointer<FILE>?
    private var output: UnsafeMutablePointer<FILE>?
    /// Whether ncurses must take the terminal (again) before the next frame: at the start,
    /// after a resize, after a stop or a continue.
    var needsTakeover = true
    /// Bytes to send before the next frame: the modes ncurses does not set, after a takeover
    /// (ncurses' own, written by then, would otherwise switch them back: in xterm, mode 1000
    /// after 1002 means clicks only).
    private var beforeNextFrame: [UInt8] = []

    /// Opens the terminal at `terminalPath` and starts ncurses on it, with `terminalType`
    /// as the terminfo entry (nil: $TERM). ncurses has written nothing yet (newterm queues
    /// its strings): `start()` sends them. Throws without changing anything when there is
    /// no terminal or ncurses cannot drive it.
    init(terminalPath: String, terminalType: String?) throws(TerminalError) {
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
        // newterm changes the terminal's modes: from here a signal sets back the ones it has
        // now.
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
        self.screen = screen
        self.input = input
        self.output = output
        self.sequences = sequences
        // What a handler writes after the reset bytes if a signal comes from the first write
        // on.
        TerminalGuard.setLeave(sequences.leave)
    }

    deinit {
        close()
    }

    /// Sets the program's modes and sends what ncurses queued: the first bytes to the
    /// terminal. The guard's reset bytes must be set before (TerminalGuard.setReset).
    func start() {
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
        // Motion with the button held drags a row; Shift with the wheel slides it.
        mousemask(
            cnc_button1_pressed() | cnc_button1_released() | cnc_button1_clicked()
                | cnc_button1_double_clicked() | cnc_button4_pressed() | cnc_button5_pressed()
                | cnc_report_mouse_position() | cnc_button_shift(), nil)
        mouseinterval(0)
        TerminalGuard.screenDidStart()
    }

    /// Whether the terminal is open (`close()` not called yet).
    var isOpen: Bool { screen != nil }

    /// Whether the screen is showing: ncurses holds the terminal (no endwin since it took it).
    var isScreenActive: Bool { TerminalGuard.isScreenActive }

    /// ncurses' window, which input is read through (always blank: nothing is put in it).
    var window: UnsafeMutablePointer<WINDOW>? { screen == nil ? nil : cnc_stdscr() }

    /// The terminal's size as ncurses last learnt it.
    var width: Int { screen == nil ? 0 : Int(cnc_cols()) }
    var height: Int { screen == nil ? 0 : Int(cnc_lines()) }

    /// Where ncurses believes the terminal's cursor is (its curscr): frames leave it there, as
    /// endwin moves it from there.
    var cursor: (row: Int, column: Int) {
        let cursor = cnc_curscr()
        return (Int(cnc_getcury(cursor)), Int(cnc_getcurx(cursor)))
    }

    /// Whether ncurses must take the terminal before the next frame: `needsTakeover`, or the
    /// terminal was given back since (endwin).
    var mustTakeOver: Bool { needsTakeover || !TerminalGuard.isScreenActive }

    /// ncurses takes the terminal (back after an endwin: the alternate screen, keypad and
    /// mouse modes) and clears it; stdscr, always blank, has nothing else to draw.
    func takeOver() {
        guard let window else { return }
        if !TerminalGuard.isScreenActive {
            // Back after an endwin: the program's modes first, on their own, so that a
            // signal while tcsetattr waits for the terminal to read what it was sent
            // (TCSADRAIN) sets the shell's back and writes nothing: nothing has changed on
            // the screen yet. wrefresh sets them again, at once.
            TerminalGuard.willTakeBack()
            reset_prog_mode()
        }
        TerminalGuard.willWriteToScreen()
        clearok(cnc_curscr(), true)
        wrefresh(window)
        TerminalGuard.screenDidStart()
        needsTakeover = false
        beforeNextFrame = sequences.dragReportingOn
    }

    /// Writes a frame's bytes with write(2), after what ncurses has buffered (the modes and the
    /// clear of a takeover), so that they reach the terminal in that order.
    func writeFrame(_ bytes: [UInt8]) {
        guard let output else { return }
        fflush(output)
        if !beforeNextFrame.isEmpty {
            Self.writeAll(beforeNextFrame, to: fileno(output))
            beforeNextFrame = []
        }
        if !bytes.isEmpty { Self.writeAll(bytes, to: fileno(output)) }
    }

    /// Gives the terminal back (endwin), with the modes ncurses does not know of switched off
    /// first.
    private func endScreen() {
        if TerminalGuard.isScreenActive, let output, !sequences.dragReportingOff.isEmpty {
            fflush(output)
            Self.writeAll(sequences.dragReportingOff, to: fileno(output))
        }
        TerminalGuard.endScreen()
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
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

    /// What the guard's SIGTSTP and SIGCONT handlers asked for, done here, between two frames
    /// (in a handler it could cut one, or ncurses itself). A stop (only with `stopping`): the
    /// terminal given back, the process stopped until continued. A continue after a stop:
    /// one ncurses did not see (SIGSTOP) left the shell's terminal modes in place, so the
    /// screen is left, to be taken again, which sets them all anew. Returns whether the screen
    /// must be drawn again whole.
    func takeSignals(stopping: Bool) -> Bool {
        var redraw = false
        if stopping && TerminalGuard.takeStopRequest() {
            endScreen()
            TerminalGuard.stopNow()
            redraw = true
        }
        if TerminalGuard.takeResumed() {
            endScreen()
            redraw = true
        }
        if redraw { needsTakeover = true }
        return redraw
    }

    /// Gives the terminal back (endwin), frees the ncurses screen and closes the terminal.
    /// Idempotent.
    func close() {
        guard let screen else { return }
        if TerminalGuard.isScreenActive { learnTerminalSize() }
        endScreen()
        delscreen(screen)
        self.screen = nil
        if let output { fclose(output) }
        if let input { fclose(input) }
        output = nil
        input = nil
    }

    /// Tells ncurses the terminal's size if it changed since ncurses last read it: a key
    /// read before a resize's SIGWINCH was taken (`q` at the end of a resize storm) left
    /// ncurses with the size before, and endwin puts the cursor on that size's last row for
    /// the shell, which on a terminal without an alternate screen is another row than the
    /// last (or none).
    private func learnTerminalSize() {
        guard let output else { return }
        var size = winsize()
        guard ioctl(fileno(output), UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0,
            is_term_resized(Int32(size.ws_row), Int32(size.ws_col))
        else { return }
        resizeterm(Int32(size.ws_row), Int32(size.ws_col))
    }
}
