// A small C face over ncursesw for Swift. Swift 6 cannot import C macros with arguments
// (COLOR_PAIR, the mouse masks, getmaxyx) and complains about mutable C globals (stdscr, LINES,
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
static inline int cnc_colors(void) { return COLORS; }
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }
static inline int cnc_err(void) { return ERR; }
static inline int cnc_ok(void) { return OK; }

static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cnc_a_italic(void) { return A_ITALIC; }

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

/// Sets the colour pair and attributes used by the following writes.
static inline int cnc_set_style(short pair, attr_t attributes) {
    return attr_set(attributes, pair, NULL);
}

/// Writes one cell: a grapheme cluster of at most CCHARW_MAX wide characters, at (y, x).
static inline int cnc_put_cell(int y, int x, const wchar_t *cluster, attr_t attributes, short pair) {
    cchar_t cell;
    if (setcchar(&cell, cluster, attributes, pair, NULL) == ERR) return ERR;
    return mvadd_wch(y, x, &cell);
}

/// Puts a run of one-cell characters of one style from (y, x) on stdscr, without moving the
/// cursor: one call for a row's worth of cells instead of a setcchar and an add_wch each,
/// which were most of the cost of drawing a frame whose every cell changed.
static inline int cnc_put_run(int y, int x, const unsigned int *scalars, int count, attr_t attributes, short pair) {
    enum { chunk = 256 };
    cchar_t cells[chunk];
    wchar_t blank[2] = { L' ', 0 };
    cchar_t model;
    if (setcchar(&model, blank, attributes, pair, NULL) == ERR) return ERR;
    // add_wchnstr, finding the window's cell at x to be the right half of a wide character,
    // blanks that character from its first cell: which may be one just put there by add_wch
    // (whose left neighbour it then erases). add_wch, one cell, leaves it: the first cell of
    // such a run goes through it. (win_wch copies the cell as stored: the low attribute byte
    // holds its place in a wide character, 2 and up for the cells after the first.)
    cchar_t current;
    if (count > 0 && x > 0 && mvwin_wch(stdscr, y, x, &current) == OK) {
        int part = (int)(current.attr & A_CHARTEXT);
        if (part > 1 && part < 32) {
            cchar_t first = model;
            first.chars[0] = (wchar_t)scalars[0];
            mvwadd_wch(stdscr, y, x, &first);
            x += 1;
            scalars += 1;
            count -= 1;
        }
    }
    for (int done = 0; done < count; done += chunk) {
        int length = count - done < chunk ? count - done : chunk;
        for (int i = 0; i < length; i++) {
            cells[i] = model;
            cells[i].chars[0] = (wchar_t)scalars[done + i];
        }
        if (mvwadd_wchnstr(stdscr, y, x + done, cells, length) == ERR) return ERR;
    }
    return OK;
}

static inline int cnc_ccharw_max(void) { return CCHARW_MAX; }

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
// Additions for NcursesScreen (terminal set-up, emoji overlays, key codes).

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
/// tiparm with one or two integer parameters (Swift cannot call C variadic functions).
static inline const char *cnc_tiparm1(const char *capability, int a) { return tiparm(capability, a); }
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
// variables at all. So no state is shared through this header: the "screen active" flag lives
// in memory that Swift allocates once and hands to cnc_guard_install, which keeps the pointer
// next to the handler it installs (the same copy).

/// The flag the installed handler reads (1 while an NcursesScreen is showing).
static inline volatile sig_atomic_t **cnc_guard_flag_slot(void) {
    static volatile sig_atomic_t *flag;
    return &flag;
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

/// endwin() if the screen is active, once. Returns 1 if it did.
static inline int cnc_guard_end_screen_if_active(void) {
    volatile sig_atomic_t *flag = *cnc_guard_flag_slot();
    if (flag == NULL || !*flag) return 0;
    *flag = 0;
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

/// Installs the handlers: SIGTERM, SIGHUP, SIGINT and the fatal signals, on an alternate
/// stack so that a stack overflow still restores the terminal; and an atexit hook for an
/// exit() that skipped TerminalGuard.restore(). `screen_active` is the flag they read.
static inline void cnc_guard_install(volatile sig_atomic_t *screen_active) {
    volatile sig_atomic_t **slot = cnc_guard_flag_slot();
    int first = *slot == NULL;
    *slot = screen_active;
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

    static const int signals[] = {SIGTERM, SIGHUP, SIGINT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = cnc_guard_handler;
    action.sa_flags = SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    // While one handler restores the terminal, another termination request waits.
    sigaddset(&action.sa_mask, SIGTERM);
    sigaddset(&action.sa_mask, SIGHUP);
    sigaddset(&action.sa_mask, SIGINT);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        sigaction(signals[i], &action, NULL);
    }
    atexit(cnc_guard_at_exit);
}
