// Reading the terminal's input through ncurses (wget_wch) as the browser's events. What each
// result means is decided in NcursesInputDecoding.swift; here is the waiting: in slices, so
// that a stop or a continue asked for by a signal is seen; for the rest of an escape sequence
// ncurses does not know; and, at the end, for the release of a click still on its way.

import CNcursesw

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The keys, mouse events and resizes of the terminal `session` holds, one at a time.
final class NcursesInputReader {
    private let session: NcursesTerminalSession
    /// The size the screen was drawn again at after a stop or continue (see `readEvent`).
    private var redrawnAfterSignal: (width: Int, height: Int)?
    /// Whether the last event returned was a mouse button press (its release is still to come).
    private var lastEventWasPress = false
    /// A resize or mouse event ncurses gave right after an ESC, not part of what the ESC began:
    /// the next read takes it, after the ESC's own event (see `readEscapeSequence`).
    private var inputAfterEscape: NcursesScreen.DecodedInput?
    /// Set when a read found the terminal gone (or closed): every later read would return at
    /// once with nothing.
    private(set) var hasEnded = false
    /// What ends a wait early from another thread (`InputWakeup`), if anything.
    var wakeup: InputWakeup?

    init(session: NcursesTerminalSession) {
        self.session = session
    }

    /// The next event, waiting at most `timeoutMilliseconds` (nil: until there is one); nil
    /// when the time is up or the terminal is gone.
    func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        let event = readEvent(timeoutMilliseconds: timeoutMilliseconds)
        if case .mouse(let mouse)? = event, mouse.action == .press {
            lastEventWasPress = true
        } else {
            lastEventWasPress = false
        }
        return event
    }

    /// Drops what was typed and not read yet: input left unread would reach the shell once
    /// the program is gone. A click that chose an item on its press has its release still
    /// coming (as ^[[<0;60;10m): it is waited for, a little.
    func discardUnreadInput() {
        if lastEventWasPress { discardMouseRelease(withinMilliseconds: 100) }
        flushinp()
    }

    /// The longest wait in one wget_wch: a stop or a continue signalled just before the call
    /// (whose SIGWINCH then came too early to end the wait) is seen at most this late.
    private static let waitSlice = 250

    private func readEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        guard let window = session.window else {
            hasEnded = true
            return nil
        }
        let deadline = timeoutMilliseconds.map { Self.monotonicMilliseconds() + max(0, $0) }
        while true {
            if session.takeSignals(stopping: true) {
                // Drawn again whole at the same size, as after a resize. The SIGWINCH the
                // handler raised to end the wait comes back as KEY_RESIZE: not drawn twice.
                redrawnAfterSignal = (session.width, session.height)
                return .resize(width: session.width, height: session.height)
            }
            let left = deadline.map { max(0, $0 - Self.monotonicMilliseconds()) }
            let wait = min(left ?? Self.waitSlice, Self.waitSlice)
            let started = Self.monotonicMilliseconds()
            var input: NcursesScreen.DecodedInput
            if let pending = inputAfterEscape {
                inputAfterEscape = nil
                input = pending
            } else {
                // With a wakeup, the wait is a poll of the terminal and the wakeup, after a look
                // at what ncurses holds already (keys read with others, answers put back), which
                // the terminal's descriptor does not show.
                var polled: Readiness?
                if let wakeup, wakeup.readEnd >= 0, wait > 0, let terminal = session.inputDescriptor {
                    input = Self.read(window, timeout: 0)
                    if input == .nothing {
                        let readiness = Self.waitForEither(terminal, wakeup.readEnd, timeout: wait)
                        if readiness == .woken {
                            _ = wakeup.drain()
                            // (A wait with no end wants an event: a wake left over from a
                            // search the loop took already is no reason to stop waiting.)
                            if deadline != nil { return nil }
                            continue
                        }
                        polled = readiness
                        let left = max(0, wait - (Self.monotonicMilliseconds() - started))
                        input = Self.read(window, timeout: readiness == .terminal ? left : 0)
                    }
                } else {
                    input = Self.read(window, timeout: wait)
                }
                if input == .key(.escape) { input = readEscapeSequence(window) }
                // (A poll that ended with nothing, its time up or cut short by a signal, was
                // followed by a read that does not wait: no sign of a terminal gone.)
                if polled == .neither && input == .nothing { errno = EINTR }
            }
            switch input {
            case .nothing:
                // The wait ended with nothing: its time was up, or a signal cut it short (the
                // loop looks at what it asked for); otherwise the terminal is gone.
                let cutShort = Self.monotonicMilliseconds() - started < wait / 2
                if cutShort && errno != EINTR {
                    hasEnded = true
                    return nil
                }
            case .key(let key):
                return .key(key)
            case .resize:
                // ncurses' own SIGWINCH handling has resized its windows already.
                let size = (session.width, session.height)
                let redrawn = redrawnAfterSignal
                redrawnAfterSignal = nil
                if let redrawn, redrawn == size { break }
                session.needsTakeover = true
                return .resize(width: size.0, height: size.1)
            case .mouse:
                var x: Int32 = 0, y: Int32 = 0
                var state: mmask_t = 0
                if cnc_get_mouse(&x, &y, &state) == cnc_ok(),
                    let mouse = NcursesScreen.mouseEvent(state: state, x: x, y: y)
                {
                    return .mouse(mouse)
                }
            case .mouseReport(let mouse):
                return .mouse(mouse)
            case .ignored:
                break
            }
            if let deadline, Self.monotonicMilliseconds() >= deadline { return nil }
        }
    }

    /// One read through ncurses, waiting at most `timeout` milliseconds.
    private static func read(_ window: UnsafeMutablePointer<WINDOW>, timeout: Int) -> NcursesScreen.DecodedInput {
        wtimeout(window, Int32(timeout))
        // wget_wch refreshes a window that was touched (a resize touches every window):
        // that would clear the screen under the frame. The next frame redraws anyway.
        cnc_untouchwin(window)
        var value: wint_t = 0
        errno = 0
        let status = wget_wch(window, &value)
        return NcursesScreen.decode(status: status, value: UInt32(value))
    }

    /// What a wait of at most `timeout` milliseconds for the terminal or the wakeup ended on.
    private enum Readiness { case terminal, woken, neither }

    private static func waitForEither(_ terminal: Int32, _ wakeup: Int32, timeout: Int) -> Readiness {
        var descriptors = [
            pollfd(fd: terminal, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeup, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&descriptors, 2, Int32(timeout)) > 0 else { return .neither }
        // (The terminal first: a key is not held back by a wake; the loop takes both.)
        if descriptors[0].revents != 0 { return .terminal }
        return descriptors[1].revents != 0 ? .woken : .neither
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
    private func readEscapeSequence(_ window: UnsafeMutablePointer<WINDOW>) -> NcursesScreen.DecodedInput {
        var following: [UInt32] = []
        while true {
            // The first read does not wait (ncurses waited already); later ones wait a little
            // for the tail of a sequence split between two reads.
            wtimeout(window, following.isEmpty ? 0 : 20)
            cnc_untouchwin(window)
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == cnc_key_code_yes() {
                // A key ncurses decoded right after the ESC: Alt with that key (Alt+Up sent as
                // ESC, then Up); a resize or a mouse event comes next.
                let decoded = NcursesScreen.decode(status: status, value: UInt32(value))
                if following.isEmpty, case .key(let key) = decoded { return .key(key.with(.alt)) }
                guard decoded == .resize || decoded == .mouse else { return .ignored }
                inputAfterEscape = decoded
                return NcursesScreen.decodeEscapeSequence(following, ended: true) ?? .ignored
            }
            guard status == cnc_ok() else {
                return NcursesScreen.decodeEscapeSequence(following, ended: true) ?? .ignored
            }
            following.append(UInt32(value))
            if let decoded = NcursesScreen.decodeEscapeSequence(following, ended: false) { return decoded }
        }
    }

    /// Reads and drops input until a mouse button release (or `limit` passes).
    private func discardMouseRelease(withinMilliseconds limit: Int) {
        guard let window = session.window else { return }
        let deadline = Self.monotonicMilliseconds() + limit
        while true {
            let wait = deadline - Self.monotonicMilliseconds()
            if wait <= 0 { return }
            wtimeout(window, Int32(clamping: wait))
            cnc_untouchwin(window)
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            switch NcursesScreen.decode(status: status, value: UInt32(value)) {
            case .nothing:
                return
            case .mouse:
                var x: Int32 = 0, y: Int32 = 0
                var state: mmask_t = 0
                if cnc_get_mouse(&x, &y, &state) == cnc_ok(), NcursesScreen.mouseAction(state) == .release { return }
            case .key(.escape):
                // An SGR report ncurses did not parse: its release ends the wait too.
                if case .mouseReport(let mouse) = readEscapeSequence(window), mouse.action == .release { return }
            default:
                break
            }
        }
    }

    private static func monotonicMilliseconds() -> Int { Moment.now.milliseconds }
}
