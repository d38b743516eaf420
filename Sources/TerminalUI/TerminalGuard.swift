// Restoring the terminal on every way out.
//
// The signal handler itself is C (CNcursesw/shim.h, `cnc_guard_*`): it calls endwin() when a
// screen is active (ncurses documents endwin as the way out from a signal handler), writes one
// prepared line to stderr with write(2), and re-raises the signal with its default disposition
// so that the exit status tells how the program died (128 + n in a shell).
//
// "A screen is active" is one flag in memory allocated here, once: the header cannot hold
// shared state (Swift gives every object file its own copy of a static inline function's
// statics), so the handler gets the flag's address when it is installed.

import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

public enum TerminalGuard {
    /// 1 while an NcursesScreen is showing (endwin has not been called since it drew). Read by
    /// the signal handler; written only outside it, and by it.
    nonisolated(unsafe) static let screenActive: UnsafeMutablePointer<sig_atomic_t> = {
        let flag = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        flag.initialize(to: 0)
        return flag
    }()

    /// Handles SIGTERM, SIGHUP and SIGINT (an external `kill -INT`: in raw mode Ctrl-C arrives
    /// as a key), and the fatal signals SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT and SIGTRAP
    /// (Swift runtime traps), on an alternate signal stack; also restores the terminal from an
    /// `exit()` that skipped `restore()`. Idempotent. Call it early, before the screen opens.
    ///
    /// The handlers replace the Swift runtime's crash backtracer for those signals.
    public static func install() {
        cnc_guard_install(screenActive)
    }

    /// For normal exits: ends the ncurses screen mode (endwin) if a screen is active.
    /// Idempotent; `NcursesScreen.close()` does this and more.
    public static func restore() {
        endScreen()
    }

    /// Called by NcursesScreen once it has taken over the terminal, and again whenever it
    /// draws (drawing after an endwin takes the terminal back).
    static func screenDidStart() {
        screenActive.pointee = 1
    }

    /// endwin() unless `restore()` (or a handler) already did.
    static func endScreen() {
        guard screenActive.pointee != 0 else { return }
        screenActive.pointee = 0
        endwin()
    }
}
