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
///
/// In inline mode (`inlineHeight`) the browser takes rows below the cursor on the normal
/// screen instead (InlineRegion), placed anew at each takeover: the terminal says where its
/// cursor is, which each frame leaves at the rows' top, so that after a resize (and the
/// reflow some terminals do) the rows are found where the terminal moved them, and after a
/// stop they go below what the shell printed meanwhile. ncurses must not write the alternate
/// screen's strings nor its whole-screen clear: they are emptied in the entry it loaded.
final class NcursesTerminalSession {
    /// The terminal's strings (terminfo), read once ncurses has started.
    let sequences: TerminalSequences
    /// Inline mode's height (nil: the whole screen, the alternate one).
    let inlineHeight: InlineHeight?
    /// Where the browser's rows are in inline mode, from the last takeover.
    private(set) var region: InlineRegion?
    /// With an adaptive height, the most rows the content has needed (nil: not told yet).
    private var contentRows: Int?
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
    init(terminalPath: String, terminalType: String?, inlineHeight: InlineHeight? = nil) throws(TerminalError) {
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
        self.inlineHeight = inlineHeight
        if inlineHeight != nil {
            // ncurses would switch to the alternate screen (at the start and after each stop),
            // back at the end, and clear the whole screen when it takes the terminal. newterm
            // has queued its smcup already: start() drops that.
            for name in ["smcup", "rmcup", "clear"] { cnc_empty_string_capability(name) }
        }
        // What a handler writes after the reset bytes if a signal comes from the first write
        // on; in inline mode the reset leaves the cursor at the browser's first row, and the
        // rows from there down are cleared.
        TerminalGuard.setLeave(
            inlineHeight == nil ? sequences.leave : sequences.leaveModes + sequences.clearToEndOfScreen)
    }

    deinit {
        close()
    }

    /// Sets the program's modes and sends what ncurses queued: the first bytes to the
    /// terminal. The guard's reset bytes must be set before (TerminalGuard.setReset).
    func start() {
        guard let window = cnc_stdscr() else { return }
        if inlineHeight != nil { dropQueuedOutput(window) }
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

    /// The terminal's input descriptor, which ncurses reads (nil once closed).
    var inputDescriptor: Int32? { input.map { fileno($0) } }

    /// ncurses' window, which input is read through (always blank: nothing is put in it).
    var window: UnsafeMutablePointer<WINDOW>? { screen == nil ? nil : cnc_stdscr() }

    /// The terminal's size as ncurses last learnt it.
    var width: Int { screen == nil ? 0 : Int(cnc_cols()) }
    var terminalHeight: Int { screen == nil ? 0 : Int(cnc_lines()) }
    /// The rows the browser has: the terminal's, or in inline mode the height's share of them
    /// (with an adaptive height, no more than the content has needed).
    var height: Int {
        guard let inlineHeight else { return terminalHeight }
        let limit = inlineHeight.rows(ofTerminal: terminalHeight)
        guard inlineHeight.adaptive, let contentRows else { return limit }
        return min(limit, max(1, contentRows))
    }

    /// With an adaptive height: the content needs `rows` rows. The height only grows (rows
    /// that come and go as a search narrows would make the browser jump).
    func fit(contentRows rows: Int) {
        guard inlineHeight?.adaptive == true else { return }
        contentRows = max(contentRows ?? 0, rows)
    }

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
    /// mouse modes) and clears it; stdscr, always blank, has nothing else to draw. In inline
    /// mode the browser's rows are placed (`region`) and ncurses clears nothing: the bytes
    /// returned make room for the rows and clear them, to be written before the frame.
    func takeOver() -> [UInt8] {
        guard let window else { return [] }
        let afterStop = !TerminalGuard.isScreenActive
        if afterStop {
            // Back after an endwin: the program's modes first, on their own, so that a
            // signal while tcsetattr waits for the terminal to read what it was sent
            // (TCSADRAIN) sets the shell's back and writes nothing: nothing has changed on
            // the screen yet. wrefresh sets them again, at once.
            TerminalGuard.willTakeBack()
            reset_prog_mode()
        }
        var placement: [UInt8] = []
        if inlineHeight != nil { placement = placeRegion(window: window, afterStop: afterStop) }
        TerminalGuard.willWriteToScreen()
        clearok(cnc_curscr(), true)
        wrefresh(window)
        TerminalGuard.screenDidStart()
        needsTakeover = false
        beforeNextFrame = sequences.dragReportingOn
        return placement
    }

    /// Inline mode: places the browser's rows below the cursor (asked of the terminal), and
    /// returns the bytes that make room for them and clear them. The takeover's refresh moves
    /// the cursor to their top (`moveBelievedCursor`).
    private func placeRegion(window: UnsafeMutablePointer<WINDOW>, afterStop: Bool) -> [UInt8] {
        let lines = terminalHeight
        let cursor = askCursorPosition()
        var placed = InlineRegion.below(
            cursorRow: cursor?.row, cursorColumn: cursor?.column ?? 0, height: height, terminalHeight: lines)
        // After a resize the cursor is at the rows' top, where the last frame left it: the
        // text the browser started after is still on the line above.
        if !afterStop, placed.textEndColumn == nil, let earlier = region?.textEndColumn {
            placed.textEndColumn = earlier
        }
        region = placed
        moveBelievedCursor(window, toRow: placed.top)
        return bytesPlacing(placed)
    }

    /// The bytes that make room for `region` (line feeds on the last row, as far as it
    /// scrolls), clear its rows and leave the cursor at its top.
    private func bytesPlacing(_ region: InlineRegion) -> [UInt8] {
        var bytes: [UInt8] = []
        if region.scroll > 0 {
            sequences.moveCursor(&bytes, terminalHeight - 1, 0)
            bytes += [UInt8](repeating: 0x0A, count: region.scroll)
        }
        sequences.clearRows(from: region.top, count: region.height, width: width, into: &bytes)
        sequences.moveCursor(&bytes, region.top, 0)
        return bytes
    }

    /// Inline mode, with the rows placed: makes them `height` rows from the same top, scrolled
    /// up as far as the screen needs to fit them, and returns the bytes that do so and clear
    /// them (to be written before the frame).
    func refitRegion() -> [UInt8] {
        guard let current = region, let window else { return [] }
        let placed = current.resized(to: height, terminalHeight: terminalHeight)
        region = placed
        moveBelievedCursor(window, toRow: placed.top)
        clearok(cnc_curscr(), true)
        wrefresh(window)
        return bytesPlacing(placed)
    }

    /// Has ncurses' next refresh (with the clear flag: its clear string is emptied, and it
    /// then believes the cursor is home) move the cursor to the start of `row`, where it
    /// believes it is from then on and each frame leaves it. The cursor is put home first, so
    /// that its move is right whichever way it goes.
    private func moveBelievedCursor(_ window: UnsafeMutablePointer<WINDOW>, toRow row: Int) {
        if let output {
            fflush(output)
            var home: [UInt8] = []
            sequences.moveCursor(&home, 0, 0)
            Self.writeAll(home, to: fileno(output))
        }
        wmove(window, Int32(row), 0)
    }

    /// Where the terminal's cursor is, as it answers a cursor position request (nil when it
    /// does not: DA1, which every terminal answers, ends the wait). Keys typed meanwhile go
    /// back to ncurses' input, in order (ungetch puts each in front of the others).
    private func askCursorPosition() -> TerminalAnswers.Position? {
        guard let output, let input else { return nil }
        fflush(output)
        Self.writeAll(TerminalAnswers.positionRequest + TerminalAnswers.deviceAttributesRequest, to: fileno(output))
        let answers = TerminalAnswers.read(fileno(input), untilDeviceAttributes: 1, patienceMilliseconds: 1000)
        for byte in answers.others.reversed() { ungetch(Int32(byte)) }
        return answers.positions.last
    }

    /// Inline mode, at the start: what newterm queued, the alternate screen first (before its
    /// string was emptied), goes to /dev/null. keypad sends it; the descriptor is /dev/null's
    /// meanwhile. Nothing has changed on the terminal yet, so a signal in between loses
    /// nothing; start() then calls keypad again, for the terminal.
    private func dropQueuedOutput(_ window: UnsafeMutablePointer<WINDOW>) {
        guard let output else { return }
        fflush(output)
        let descriptor = fileno(output)
        let saved = dup(descriptor)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            if saved >= 0 { closeDescriptor(saved) }
            if null >= 0 { closeDescriptor(null) }
        }
        guard saved >= 0, null >= 0, dup2(null, descriptor) >= 0 else { return }
        keypad(window, true)
        fflush(output)
        dup2(saved, descriptor)
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
    /// first; in inline mode the browser's rows cleared after, the cursor left at their top
    /// (or after the text the browser started after), where the shell goes on.
    private func endScreen() {
        let wasActive = TerminalGuard.isScreenActive
        if wasActive, let output, !sequences.dragReportingOff.isEmpty {
            fflush(output)
            Self.writeAll(sequences.dragReportingOff, to: fileno(output))
        }
        TerminalGuard.endScreen()
        if wasActive, let region, let output {
            var bytes = sequences.normal
            sequences.clearRows(from: region.top, count: region.height, width: width, into: &bytes)
            if let row = region.textEndRow, let column = region.textEndColumn {
                sequences.moveCursor(&bytes, row, column)
            } else {
                sequences.moveCursor(&bytes, region.top, 0)
            }
            fflush(output)
            Self.writeAll(bytes, to: fileno(output))
        }
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

    /// Gives the terminal back (endwin) until the next frame takes it again.
    func leaveScreen() {
        endScreen()
        needsTakeover = true
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

/// close(2), which the session's own `close()` hides inside it.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
