// Giving the terminal back from a signal handler, whatever the program was doing when the
// signal came: starting ncurses, writing a frame to a terminal that does not read, ending the
// screen after `q`. The state the handlers read lives in terminal_guard.c, once; these are the
// only ways to it. TerminalUI's TerminalGuard wraps them for Swift.
//
// Which parts of the terminal a handler gives back follows two windows: `owns modes` (from just
// before newterm, or taking the terminal again after endwin, until endwin has given it back
// whole: the modes kept with tcgetattr are set again) and `owns screen` (from just before the
// first byte may go to the terminal until endwin has given it back: prepared bytes undo what the
// screen turned on). Every function is async-signal-safe unless it says otherwise.
#pragma once

/// Installs the handlers: SIGTERM, SIGHUP, SIGINT, SIGQUIT and the fatal signals (SIGSEGV,
/// SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP), on an alternate stack so that a stack overflow
/// still restores the terminal; SIGTSTP and SIGCONT; and an atexit hook for an exit() that
/// skipped TerminalGuard.restore(). Only the first call does anything. Not async-signal-safe.
void terminal_guard_install(void);

/// The process group of a command the program runs (a preview), killed (SIGKILL) by the
/// handlers and at exit, so that it never outlives the program; 0: none.
void terminal_guard_set_child_group(int slot, int group);

/// posix_spawn's flag for a child in a session of its own (POSIX_SPAWN_SETSID).
int terminal_guard_spawn_new_session_flag(void);

/// Keeps the modes of the terminal at `fd` before anything changes them, and from then on a
/// handler gives them back (the bytes only once terminal_guard_will_write_to_screen was
/// called). Forgets the bytes of a screen before. Returns 1 when the modes could be read.
int terminal_guard_keep_modes(int fd);

/// From now on a handler also writes the reset and leave bytes: call it just before ncurses may
/// write to the terminal for the first time since it took it (or took it again). Writing them
/// earlier would move the shell's cursor: leaving an alternate screen never entered restores a
/// cursor nobody saved (xterm).
void terminal_guard_will_write_to_screen(void);

/// The terminal's modes are the program's again (ncurses takes the terminal back after endwin);
/// the screen too after terminal_guard_will_write_to_screen.
void terminal_guard_will_take_back(void);

/// A screen is showing: the program has taken over the terminal, or taken it back.
void terminal_guard_screen_did_start(void);

/// 1 while a screen is showing (no endwin since it drew).
int terminal_guard_screen_is_active(void);

/// Before endwin: returns 1 and marks the screen as no longer showing if one was, else 0 (there
/// is nothing to end). The terminal stays the program's for the handlers until
/// terminal_guard_screen_did_end: endwin itself may be cut short by a signal.
int terminal_guard_screen_will_end(void);

/// After endwin: the terminal is given back whole; a handler leaves it alone.
void terminal_guard_screen_did_end(void);

/// Gives the terminal back without ncurses, as a handler does, if the program has it: its modes
/// as they were (unless another process group is in the foreground: the modes are then its
/// own), then the reset and leave bytes if the screen is the program's. Returns 1 if it had the
/// terminal.
int terminal_guard_give_back(void);

/// Returns 1, once, when the process was continued after a stop since the last call: whatever
/// the terminal shows, the screen must be drawn again whole.
int terminal_guard_take_resumed(void);

/// Returns 1, once, when SIGTSTP asked to stop since the last call while the terminal was the
/// program's: the main loop gives it back, then calls terminal_guard_stop_now.
int terminal_guard_take_stop_request(void);

/// Stops the process as SIGTSTP's default action does, unless it was continued since the stop
/// was asked for; returns when it goes on. Give the terminal back first.
void terminal_guard_stop_now(void);

/// The bytes a handler writes first, for the screen's current size: CAN (cancels an escape
/// sequence a signal cut short), then what a frame changes while it is written and endwin does
/// not restore (attributes, autowrap, the scrolling region), and the cursor to the last row, as
/// endwin leaves it. At most 128: longer ones are not kept (a handler then writes none). Returns
/// the number kept. Not async-signal-safe with respect to itself (one writer: the main thread).
int terminal_guard_set_reset(const unsigned char *bytes, int length);

/// The bytes a handler writes after the reset: what endwin would (mouse reporting off, keypad
/// transmit off, the cursor shown, the normal screen). At most 256, as for the reset.
int terminal_guard_set_leave(const unsigned char *bytes, int length);
