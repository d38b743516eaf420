// A small C face over ncursesw for Swift. Swift 6 cannot import C macros with arguments
// (the mouse masks, getcury, untouchwin) and complains about mutable C globals (stdscr, LINES,
// COLS), so each is wrapped in a static inline function here. Mouse masks come from the real
// macros: their values differ between ncurses' mouse versions 1 and 2.
#pragma once

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
static inline int cnc_err(void) { return ERR; }
static inline int cnc_ok(void) { return OK; }

static inline int cnc_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cnc_key_resize(void) { return KEY_RESIZE; }
static inline int cnc_key_mouse(void) { return KEY_MOUSE; }
static inline int cnc_key_up(void) { return KEY_UP; }
static inline int cnc_key_down(void) { return KEY_DOWN; }
static inline int cnc_key_left(void) { return KEY_LEFT; }
static inline int cnc_key_right(void) { return KEY_RIGHT; }
static inline int cnc_key_ppage(void) { return KEY_PPAGE; }
static inline int cnc_key_npage(void) { return KEY_NPAGE; }
static inline int cnc_key_home(void) { return KEY_HOME; }
static inline int cnc_key_end(void) { return KEY_END; }
static inline int cnc_key_btab(void) { return KEY_BTAB; }
static inline int cnc_key_enter(void) { return KEY_ENTER; }
static inline int cnc_key_backspace(void) { return KEY_BACKSPACE; }
static inline int cnc_key_dc(void) { return KEY_DC; }

static inline mmask_t cnc_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cnc_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cnc_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cnc_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t cnc_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cnc_button5_pressed(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON5_PRESSED;
#else
    return 0;
#endif
}


/// Reads a mouse event into plain values.
static inline int cnc_get_mouse(int *x, int *y, mmask_t *state) {
    MEVENT event;
    if (getmouse(&event) != OK) return ERR;
    *x = event.x;
    *y = event.y;
    *state = event.bstate;
    return OK;
}

// ---------------------------------------------------------------------------------------------
// Additions for NcursesScreen (terminal set-up, terminfo strings, key codes).

#include <errno.h>
#include <langinfo.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// wcwidth is only declared by <wchar.h> under _XOPEN_SOURCE, which the Glibc module may not
// have been built with; the prototype is POSIX's.
extern int wcwidth(wchar_t c);

/// The width glibc (and so ncurses) gives one wide character: -1 unprintable, 0, 1 or 2.
static inline int cnc_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

/// `setlocale(LC_ALL, "")`; if that does not give UTF-8 (no LANG/LC_* in the environment),
/// LC_CTYPE falls back to C.UTF-8 so that wide characters work. Returns 1 when the character
/// set is UTF-8 afterwards.
static inline int cnc_setlocale_from_environment(void) {
    setlocale(LC_ALL, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset != NULL && strcmp(codeset, "UTF-8") == 0) return 1;
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) setlocale(LC_CTYPE, "en_US.UTF-8");
    codeset = nl_langinfo(CODESET);
    return codeset != NULL && strcmp(codeset, "UTF-8") == 0;
}

static inline WINDOW *cnc_curscr(void) { return curscr; }
static inline int cnc_getcury(WINDOW *window) { return getcury(window); }
static inline int cnc_getcurx(WINDOW *window) { return getcurx(window); }

/// A terminfo string capability, or NULL when the terminal lacks it (tigetstr's (char *)-1
/// "not a string capability" is NULL here too).
static inline const char *cnc_tigetstr(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}
/// A terminfo number capability, -1 when the terminal lacks it.
static inline int cnc_tigetnum(const char *name) {
    int value = tigetnum(name);
    return value < 0 ? -1 : value;
}
/// 1 when the terminal has a terminfo boolean capability.
static inline int cnc_tigetflag(const char *name) { return tigetflag(name) == 1; }
/// Marks a window as unchanged (untouchwin is a macro).
static inline int cnc_untouchwin(WINDOW *window) { return untouchwin(window); }
/// tiparm with two integer parameters (Swift cannot call C variadic functions); a string
/// that takes one ignores the second.
static inline const char *cnc_tiparm2(const char *capability, int a, int b) { return tiparm(capability, a, b); }

static inline int cnc_key_a1(void) { return KEY_A1; }
static inline int cnc_key_a3(void) { return KEY_A3; }
static inline int cnc_key_c1(void) { return KEY_C1; }
static inline int cnc_key_c3(void) { return KEY_C3; }
static inline int cnc_key_find(void) { return KEY_FIND; }
static inline int cnc_key_select(void) { return KEY_SELECT; }
static inline int cnc_key_f0(void) { return KEY_F0; }

// ---------------------------------------------------------------------------------------------
// TerminalGuard: restoring the terminal from a signal handler.
//
// Swift emits a copy of each static inline function (and of its local statics) in every object
// file whose code uses it, inlined Swift code included; and it does not emit file-scope static
// variables at all. So no state is shared through this header: the state (cnc_guard_state)
// lives in memory that Swift allocates once and hands to cnc_guard_install, which keeps the
// pointer next to the handlers it installs (the same copy).

/// What the handlers share with Swift.
typedef struct {
    /// 1 while an NcursesScreen is showing (endwin has not been called since it drew).
    volatile sig_atomic_t active;
    /// Set when the process continues after a stop: the screen must be drawn again whole.
    volatile sig_atomic_t resumed;
    /// Set by SIGTSTP while a screen is active: the main loop gives the terminal back and stops
    /// at its next wait for input (cnc_guard_stop_now), not in the middle of a frame.
    volatile sig_atomic_t stop_requested;
    /// Where `reset` goes before endwin (-1: nowhere) and how long it is. The bytes cancel an
    /// escape sequence a signal may have cut (CAN), and put back what a frame changes while it
    /// is written and endwin does not restore: attributes, autowrap, the scrolling region.
    volatile sig_atomic_t reset_fd;
    volatile sig_atomic_t reset_length;
    char reset[128];
} cnc_guard_state;

/// The state the installed handlers read (allocated by Swift, see above).
static inline cnc_guard_state **cnc_guard_state_slot(void) {
    static cnc_guard_state *state;
    return &state;
}

static inline volatile sig_atomic_t *cnc_guard_handling(void) {
    static volatile sig_atomic_t handling;
    return &handling;
}

#define CNC_GUARD_TERMINATED(name) "splitview: terminated by " name "\n"
#define CNC_GUARD_CRASHED(name) "splitview: crashed (" name "); the terminal was restored\n"
#define CNC_GUARD_CRASHED_PLAIN(name) "splitview: crashed (" name ")\n"

/// The line written to stderr for `sig`, prepared at compile time (no formatting in the handler).
static inline const char *cnc_guard_message(int sig, int restored) {
    switch (sig) {
    case SIGTERM: return CNC_GUARD_TERMINATED("SIGTERM");
    case SIGHUP: return CNC_GUARD_TERMINATED("SIGHUP");
    case SIGINT: return CNC_GUARD_TERMINATED("SIGINT");
    case SIGQUIT: return CNC_GUARD_TERMINATED("SIGQUIT");
    case SIGSEGV: return restored ? CNC_GUARD_CRASHED("SIGSEGV") : CNC_GUARD_CRASHED_PLAIN("SIGSEGV");
    case SIGBUS: return restored ? CNC_GUARD_CRASHED("SIGBUS") : CNC_GUARD_CRASHED_PLAIN("SIGBUS");
    case SIGILL: return restored ? CNC_GUARD_CRASHED("SIGILL") : CNC_GUARD_CRASHED_PLAIN("SIGILL");
    case SIGFPE: return restored ? CNC_GUARD_CRASHED("SIGFPE") : CNC_GUARD_CRASHED_PLAIN("SIGFPE");
    case SIGABRT: return restored ? CNC_GUARD_CRASHED("SIGABRT") : CNC_GUARD_CRASHED_PLAIN("SIGABRT");
    case SIGTRAP: return restored ? CNC_GUARD_CRASHED("SIGTRAP") : CNC_GUARD_CRASHED_PLAIN("SIGTRAP");
    default: return "splitview: terminated by a signal\n";
    }
}

/// Back to the default disposition, unblocked, and raised again: the process dies of `sig`
/// (exit status 128 + sig in a shell).
static inline void cnc_guard_reraise(int sig) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}

/// The reset bytes, then endwin(), if the screen is active, once. Returns 1 if it did.
static inline int cnc_guard_end_screen_if_active(void) {
    cnc_guard_state *state = *cnc_guard_state_slot();
    if (state == NULL || !state->active) return 0;
    state->active = 0;
    int length = state->reset_length;
    if (state->reset_fd >= 0 && length > 0 && length <= (int)sizeof state->reset) {
        int written = 0;
        while (written < length) {
            ssize_t count = write(state->reset_fd, state->reset + written, (size_t)(length - written));
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) break;
            written += (int)count;
        }
    }
    endwin();  // ncurses documents endwin as the way out from a signal handler
    return 1;
}

static void cnc_guard_handler(int sig) {
    volatile sig_atomic_t *handling = cnc_guard_handling();
    if (*handling) {  // a fault while restoring: just die
        cnc_guard_reraise(sig);
        return;
    }
    *handling = 1;
    int restored = cnc_guard_end_screen_if_active();
    const char *message = cnc_guard_message(sig, restored);
    ssize_t ignored = write(STDERR_FILENO, message, strlen(message));
    (void)ignored;
    cnc_guard_reraise(sig);
}

static void cnc_guard_at_exit(void) {
    (void)cnc_guard_end_screen_if_active();
}

/// SIGCONT: the process goes on after a stop (kill -TSTP handled below, or SIGSTOP, which ncurses
/// never sees): whatever the terminal shows now, the screen is drawn again whole. SIGWINCH
/// makes ncurses' pending read return (KEY_RESIZE), so the browser draws at once.
static void cnc_guard_continued(int sig) {
    (void)sig;
    int saved = errno;
    cnc_guard_state *state = *cnc_guard_state_slot();
    if (state != NULL) {
        state->resumed = 1;
        raise(SIGWINCH);
    }
    errno = saved;
}

/// Stops the process as SIGTSTP's default action does, unless it was continued since the stop
/// was asked for (a SIGCONT right after the SIGTSTP); with the handler back in place after.
/// Called by the main loop once the terminal is given back, or by the handler when no screen
/// is showing; `state` is passed, not read from the slot, which is another copy in Swift's
/// object files (see above).
static inline void cnc_guard_stop_now(cnc_guard_state *state) {
    struct sigaction ours, stop;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, &ours);
    sigset_t block, previous, pending;
    sigemptyset(&block);
    sigaddset(&block, SIGCONT);
    pthread_sigmask(SIG_BLOCK, &block, &previous);
    sigpending(&pending);
    int continued = sigismember(&pending, SIGCONT) || (state != NULL && state->resumed);
    if (!continued) {
        sigset_t tstp;
        sigemptyset(&tstp);
        sigaddset(&tstp, SIGTSTP);
        pthread_sigmask(SIG_UNBLOCK, &tstp, NULL);
        // Stops here until continued; in an orphaned process group (a program started by
        // tmux new-window) the kernel drops the stop and this returns at once.
        raise(SIGTSTP);
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);  // a pending SIGCONT runs its handler now
    sigaction(SIGTSTP, &ours, NULL);
}

/// SIGTSTP (kill -TSTP; in raw mode Ctrl-Z is a key). With a screen showing, only asks the main
/// loop to stop: ending the screen here could cut a frame or ncurses itself. SIGWINCH makes the
/// pending read return at once.
static void cnc_guard_stop(int sig) {
    (void)sig;
    int saved = errno;
    cnc_guard_state *state = *cnc_guard_state_slot();
    if (state != NULL && state->active) {
        state->resumed = 0;
        state->stop_requested = 1;
        raise(SIGWINCH);
    } else {
        cnc_guard_stop_now(state);
    }
    errno = saved;
}

/// Installs the handlers: SIGTERM, SIGHUP, SIGINT, SIGQUIT and the fatal signals, on an
/// alternate stack so that a stack overflow still restores the terminal; SIGTSTP and SIGCONT;
/// and an atexit hook for an exit() that skipped TerminalGuard.restore(). `state` is what they
/// read.
static inline void cnc_guard_install(cnc_guard_state *state) {
    cnc_guard_state **slot = cnc_guard_state_slot();
    int first = *slot == NULL;
    *slot = state;
    if (!first) return;

    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        const size_t size = 65536;
        void *memory = malloc(size);
        if (memory != NULL) {
            stack_t stack;
            memset(&stack, 0, sizeof stack);
            stack.ss_sp = memory;
            stack.ss_size = size;
            sigaltstack(&stack, NULL);
        }
    }

    static const int signals[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = cnc_guard_handler;
    action.sa_flags = SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    // While one handler restores the terminal, another termination request, a stop or a
    // continue waits; and SIGTTOU too: endwin sets the terminal modes, which from a background
    // process group (a job stopped, then killed from the shell) would otherwise stop it there.
    static const int held[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT, SIGTTOU};
    for (size_t i = 0; i < sizeof held / sizeof held[0]; i++) sigaddset(&action.sa_mask, held[i]);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        sigaction(signals[i], &action, NULL);
    }
    // Stopping and going on; installed before the screen opens, so that ncurses leaves
    // SIGTSTP to this handler (it installs its own only over the default). No SA_RESTART, as
    // ncurses for SIGWINCH: the read it waits in must return.
    struct sigaction stop;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = cnc_guard_stop;
    sigemptyset(&stop.sa_mask);
    for (size_t i = 0; i < sizeof held / sizeof held[0]; i++) {
        if (held[i] != SIGTSTP) sigaddset(&stop.sa_mask, held[i]);
    }
    sigaction(SIGTSTP, &stop, NULL);
    struct sigaction go_on;
    memset(&go_on, 0, sizeof go_on);
    go_on.sa_handler = cnc_guard_continued;
    sigemptyset(&go_on.sa_mask);
    sigaddset(&go_on.sa_mask, SIGTSTP);
    sigaction(SIGCONT, &go_on, NULL);
    atexit(cnc_guard_at_exit);
}
