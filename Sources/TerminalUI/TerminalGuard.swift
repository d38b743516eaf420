// Restoring the terminal on every way out.
//
// The signal handlers are C (the CTerminalGuard target, `terminal_guard_*`), and so is the one
// copy of the state they share with the program. For a signal that ends the program while the
// terminal is the program's, they use no ncurses (endwin from a handler can block on a stalled
// terminal, or run ncurses' output code again half way through it): the terminal's modes as
// they were before newterm (kept with tcgetattr) set again at once, then prepared bytes that
// undo what a frame cut short may have left (an unfinished escape sequence, autowrap off, a
// scrolling region) and what the screen turned on (the alternate screen, mouse reporting,
// keypad transmit, the hidden cursor), written without waiting on the terminal for long; one
// prepared line to stderr, and the signal raised again with its default disposition, so that
// the exit status tells how the program died (128 + n in a shell). SIGTSTP only asks
// NcursesScreen to give the terminal back and stop between two frames; SIGCONT has the screen
// drawn again whole.
//
// The terminal is the program's from just before newterm first changes its modes until endwin
// has given it back whole, so that a signal at any moment in between restores it: while ncurses
// starts, while a frame's write waits on a terminal that does not read, while endwin does.

import CNcursesw
import CTerminalGuard

public enum TerminalGuard {
    /// Handles SIGTERM, SIGHUP, SIGINT (an external `kill -INT`: in raw mode Ctrl-C arrives as
    /// a key) and SIGQUIT, the fatal signals SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT and SIGTRAP
    /// (Swift runtime traps), on an alternate signal stack; SIGTSTP (NcursesScreen gives the
    /// terminal back and stops at its next wait for input) and SIGCONT (the screen drawn again
    /// whole); and restores the terminal from an `exit()` that skipped `restore()`. Idempotent.
    /// Call it early, before the screen opens.
    ///
    /// The handlers replace the Swift runtime's crash backtracer for those signals.
    public static func install() {
        terminal_guard_install()
    }

    /// posix_spawn's flag for a child in a session of its own, no controlling terminal
    /// (glibc's POSIX_SPAWN_SETSID, a macro Swift does not import).
    public static var spawnNewSessionFlag: Int32 { terminal_guard_spawn_new_session_flag() }

    /// What runs in a child process group: one group of each at a time.
    public enum ChildSlot: Int32, Sendable {
        case preview, command, reload
    }

    /// The process group of a command the program runs in `slot` (a preview, a bound
    /// command, a reload): killed by the handlers and at exit, so that it never outlives the
    /// program; nil: none.
    public static func setChildGroup(_ group: Int32?, slot: ChildSlot) {
        terminal_guard_set_child_group(slot.rawValue, group ?? 0)
    }

    /// For normal exits: ends the ncurses screen mode (endwin) if a screen is active.
    /// Idempotent; `NcursesScreen.close()` does this and more.
    public static func restore() {
        endScreen()
    }

    /// Whether a screen is showing (no endwin since it drew).
    static var isScreenActive: Bool { terminal_guard_screen_is_active() != 0 }

    /// Called before anything changes the terminal at `descriptor` (newterm): keeps its modes,
    /// which a handler sets back from now on.
    static func willChangeModes(descriptor: Int32) {
        _ = terminal_guard_keep_modes(descriptor)
    }

    /// Called just before ncurses may write to the terminal for the first time since it took
    /// it (or took it again): from now on a handler also writes the reset and leave bytes.
    static func willWriteToScreen() {
        terminal_guard_will_write_to_screen()
    }

    /// Called before ncurses takes the terminal again after giving it back (endwin): its modes
    /// are the program's again from now on, and the screen too after `willWriteToScreen()`.
    static func willTakeBack() {
        terminal_guard_will_take_back()
    }

    /// Gives the terminal back without ncurses, as a handler does; for ways out where ncurses
    /// cannot be used (it failed to start).
    static func giveBack() {
        _ = terminal_guard_give_back()
    }

    /// Called by NcursesScreen once it has taken over the terminal, and again whenever it
    /// takes it back (after an endwin).
    static func screenDidStart() {
        terminal_guard_screen_did_start()
    }

    /// Whether the process was continued after a stop since the last call: whatever the
    /// terminal shows, the screen must be drawn again whole.
    static func takeResumed() -> Bool {
        terminal_guard_take_resumed() != 0
    }

    /// Whether SIGTSTP asked to stop since the last call (the terminal was the program's).
    static func takeStopRequest() -> Bool {
        terminal_guard_take_stop_request() != 0
    }

    /// Stops the process as SIGTSTP would, unless it was continued since the request; returns
    /// when it goes on. Give the terminal back first.
    static func stopNow() {
        terminal_guard_stop_now()
    }

    /// The bytes a handler writes first, for the screen's current size (at most 128; more are
    /// not kept).
    static func setReset(_ bytes: [UInt8]) {
        _ = terminal_guard_set_reset(bytes, Int32(clamping: bytes.count))
    }

    /// The bytes a handler writes after the reset: what endwin would (at most 256; more are not
    /// kept).
    static func setLeave(_ bytes: [UInt8]) {
        _ = terminal_guard_set_leave(bytes, Int32(clamping: bytes.count))
    }

    /// endwin() unless `restore()` (or a handler) already did; the terminal is given back whole
    /// when it returns (a signal meanwhile still finds it the program's).
    static func endScreen() {
        guard terminal_guard_screen_will_end() != 0 else { return }
        endwin()
        terminal_guard_screen_did_end()
    }
}
