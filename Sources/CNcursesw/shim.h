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
