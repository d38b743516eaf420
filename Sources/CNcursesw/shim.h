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
static inline mmask_t cnc_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t cnc_button_shift(void) { return BUTTON_SHIFT; }
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
/// Makes a string capability of the terminfo entry ncurses loaded empty, for ncurses' own use
/// from now on: inline mode empties smcup, rmcup and clear, so that ncurses neither switches to
/// the alternate screen nor clears the whole screen. (ncurses keeps its entry in writable
/// memory; tigetstr gives the very string it reads. A NULL would make it fall back on another
/// way to do the same.)
static inline void cnc_empty_string_capability(const char *name) {
    char *value = tigetstr(name);
    if (value != NULL && value != (char *)-1) value[0] = '\0';
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
static inline int cnc_key_ic(void) { return KEY_IC; }
/// The shifted keys terminfo names (xterm's Shift+Up is kri, KEY_SR; Shift+Down kind, KEY_SF).
static inline int cnc_key_sr(void) { return KEY_SR; }
static inline int cnc_key_sf(void) { return KEY_SF; }
static inline int cnc_key_sleft(void) { return KEY_SLEFT; }
static inline int cnc_key_sright(void) { return KEY_SRIGHT; }
static inline int cnc_key_shome(void) { return KEY_SHOME; }
static inline int cnc_key_send(void) { return KEY_SEND; }
static inline int cnc_key_sdc(void) { return KEY_SDC; }
static inline int cnc_key_sprevious(void) { return KEY_SPREVIOUS; }
static inline int cnc_key_snext(void) { return KEY_SNEXT; }
/// Past this, a key code is one ncurses made for an extended terminfo capability (kUP5 is
/// Ctrl+Up); keyname gives that capability's name.
static inline int cnc_key_max(void) { return KEY_MAX; }
