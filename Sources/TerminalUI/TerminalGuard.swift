// Restoring the terminal on every way out.
//
// The signal handlers are C (CNcursesw/shim.h, `cnc_guard_*`). For a signal that ends the
// program, when a screen is active: prepared bytes that undo what a frame cut short may have
// left (autowrap off, a scrolling region, an unfinished escape sequence), then endwin()
// (ncurses documents it as the way out from a signal handler), one prepared line to stderr
// with write(2), and the signal raised again with its default disposition, so that the exit
// status tells how the program died (128 + n in a shell). SIGTSTP only asks NcursesScreen to
// give the terminal back and stop between two frames; SIGCONT has the screen drawn again whole.
//
// What the handlers share with Swift (cnc_guard_state) is memory allocated here, once: the
// header cannot hold shared state (Swift gives every object file its own copy of a static
// inline function's statics), so the handlers get its address when they are installed.

import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

public enum TerminalGuard {
    /// What the handlers read (cnc_guard_state): whether an NcursesScreen is showing (endwin
    /// has not been called since it drew), whether the process was continued after a stop,
    /// and the bytes that put the terminal right before endwin. Written outside the handlers,
    /// and by them.
    nonisolated(unsafe) static let state: UnsafeMutablePointer<cnc_guard_state> = {
        let state = UnsafeMutablePointer<cnc_guard_state>.allocate(capacity: 1)
        state.initialize(to: cnc_guard_state())
        state.pointee.reset_fd = -1
        return state
    }()

    /// Handles SIGTERM, SIGHUP, SIGINT (an external `kill -INT`: in raw mode Ctrl-C arrives as
    /// a key) and SIGQUIT, the fatal signals SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT and SIGTRAP
    /// (Swift runtime traps), on an alternate signal stack; SIGTSTP (NcursesScreen gives the
    /// terminal back and stops at its next wait for input) and SIGCONT (the screen drawn again
    /// whole); and restores the terminal from an `exit()` that skipped `restore()`. Idempotent.
    /// Call it early, before the screen opens.
    ///
    /// The handlers replace the Swift runtime's crash backtracer for those signals.
    public static func install() {
        cnc_guard_install(state)
    }

    /// For normal exits: ends the ncurses screen mode (endwin) if a screen is active.
    /// Idempotent; `NcursesScreen.close()` does this and more.
    public static func restore() {
        endScreen()
    }

    /// Whether a screen is showing (no endwin since it drew).
    static var isScreenActive: Bool { state.pointee.active != 0 }

    /// Called by NcursesScreen once it has taken over the terminal, and again whenever it
    /// takes it back (after an endwin).
    static func screenDidStart() {
        state.pointee.active = 1
    }

    /// Whether the process was continued after a stop since the last call: whatever the
    /// terminal shows, the screen must be drawn again whole.
    static func takeResumed() -> Bool {
        guard state.pointee.resumed != 0 else { return false }
        state.pointee.resumed = 0
        return true
    }

    /// Whether SIGTSTP asked to stop since the last call (the screen was showing).
    static func takeStopRequest() -> Bool {
        guard state.pointee.stop_requested != 0 else { return false }
        state.pointee.stop_requested = 0
        return true
    }

    /// Stops the process as SIGTSTP would, unless it was continued since the request; returns
    /// when it goes on. Give the terminal back first.
    static func stopNow() {
        cnc_guard_stop_now(state)
    }

    /// The bytes a handler writes to `descriptor` before endwin (at most 128; more are not kept).
    static func setReset(_ bytes: [UInt8], descriptor: Int32) {
        state.pointee.reset_length = 0  // a handler meanwhile writes nothing rather than half
        let count = withUnsafeMutableBytes(of: &state.pointee.reset) { buffer in
            guard bytes.count <= buffer.count else { return 0 }
            buffer.copyBytes(from: bytes)
            return bytes.count
        }
        state.pointee.reset_fd = descriptor
        state.pointee.reset_length = Int32(count)
    }

    /// endwin() unless `restore()` (or a handler) already did.
    static func endScreen() {
        guard isScreenActive else { return }
        state.pointee.active = 0
        endwin()
    }
}
