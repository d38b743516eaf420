// TerminalGuard: giving the terminal back from a signal handler, whatever the program was doing
// when the signal came: starting ncurses, writing a frame to a terminal that does not read,
// ending the screen after `q`.
//
// Swift emits a copy of each static inline function (and of its local statics) in every object
// file whose code uses it, inlined Swift code included; and it does not emit file-scope static
// variables at all. So no state is shared through this header: the state (cnc_guard_state)
// lives in memory that Swift allocates once and hands to cnc_guard_install, which keeps the
// pointer next to the handlers it installs (the same copy). Functions Swift calls take the
// state as an argument.
//
// The handlers use no ncurses: endwin from a handler runs ncurses' output code again while it
// may be half way through it, and it sets the terminal modes with TCSADRAIN, which waits until
// the terminal has read everything: for ever when its reader stalled. Instead the handler
// restores the modes the terminal had before ncurses started (kept with tcgetattr) and writes
// prepared bytes that undo what the screen turned on, without waiting on the terminal for long.
#pragma once

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/// What the handlers share with Swift.
typedef struct {
    /// 1 while an NcursesScreen is showing (endwin has not been called since it drew).
    volatile sig_atomic_t active;
    /// Set when the process continues after a stop: the screen must be drawn again whole.
    volatile sig_atomic_t resumed;
    /// Set by SIGTSTP while the terminal is the program's: the main loop gives it back and
    /// stops at its next wait for input (cnc_guard_stop_now), not in the middle of a frame.
    volatile sig_atomic_t stop_requested;
    /// 1 from just before the program first changes the terminal's modes (newterm), or takes
    /// the terminal again after giving it back, until endwin has given it back whole: a handler
    /// then sets `modes` again.
    volatile sig_atomic_t owns_modes;
    /// 1 from just before the first byte may go to the terminal (ncurses' first flush, or its
    /// first after giving the terminal back) until endwin has given it back: a handler then
    /// writes `reset` and `leave`. Not before: leaving an alternate screen never entered moves
    /// the shell's cursor (xterm restores a cursor nobody saved).
    volatile sig_atomic_t owns_screen;
    /// The terminal's descriptor (-1: none yet) and its modes before the program changed them
    /// (`has_modes`: 0 when tcgetattr failed).
    volatile sig_atomic_t terminal_fd;
    volatile sig_atomic_t has_modes;
    struct termios modes;
    /// 1 when standard error is that terminal too (the handler's line then goes with its bytes).
    volatile sig_atomic_t stderr_is_terminal;
    /// Lengths of the bytes below; 0 while Swift rewrites them (a handler then writes nothing
    /// rather than half).
    volatile sig_atomic_t reset_length;
    volatile sig_atomic_t leave_length;
    /// For the screen's current size: CAN (cancels an escape sequence a signal cut short), then
    /// what a frame changes while it is written and endwin does not restore (attributes,
    /// autowrap, the scrolling region), and the cursor to the last row, as endwin leaves it.
    char reset[128];
    /// What endwin would write: mouse reporting off, keypad transmit off, the cursor shown, the
    /// normal screen (from terminfo).
    char leave[256];
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

static inline long cnc_guard_milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)now.tv_sec * 1000L + now.tv_nsec / 1000000L;
}

/// Writes `bytes` to the terminal without waiting on it for long, so that the process still
/// ends when the terminal's reader has stalled with its buffer full of a frame (a blocking
/// write would wait for as long as the reader does). The writes do not block; while the
/// terminal takes nothing, it gets 250 ms to read on, then what it has not read yet is
/// discarded (tcflush: the rest of a frame the bytes undo anyway; a sequence it cut is
/// cancelled by the CAN they start with) and they are written again from their start (a part
/// written before went with the rest), with a second more to get room. Async-signal-safe.
static inline void cnc_guard_write_promptly(int fd, const char *bytes, int length) {
    int flags = fcntl(fd, F_GETFL);
    // The descriptor is the program's own (it opened /dev/tty), so its flags are nobody else's.
    if (flags >= 0 && !(flags & O_NONBLOCK)) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    const long started = cnc_guard_milliseconds();
    int written = 0, discarded = 0;
    while (written < length) {
        ssize_t count = write(fd, bytes + written, (size_t)(length - written));
        if (count > 0) {
            written += (int)count;
            continue;
        }
        if (count < 0 && errno == EINTR) continue;
        if (count == 0 || errno != EAGAIN) break;  // the terminal is gone
        long waited = cnc_guard_milliseconds() - started;
        if (!discarded && waited >= 250) {
            tcflush(fd, TCOFLUSH);
            discarded = 1;
            written = 0;
            continue;
        }
        if (waited >= 1250) break;
        struct pollfd poller = {.fd = fd, .events = POLLOUT, .revents = 0};
        poll(&poller, 1, 20);
    }
    if (flags >= 0 && !(flags & O_NONBLOCK)) fcntl(fd, F_SETFL, flags);
}

/// One line to stderr, if it takes it within a quarter of a second (a stalled terminal there
/// must not keep the process alive; when it is the program's own, cnc_guard_give_back writes the
/// line). Async-signal-safe.
static inline void cnc_guard_say(const char *line) {
    struct pollfd poller = {.fd = STDERR_FILENO, .events = POLLOUT, .revents = 0};
    if (poll(&poller, 1, 250) <= 0 || !(poller.revents & POLLOUT)) return;
    ssize_t ignored = write(STDERR_FILENO, line, strlen(line));
    (void)ignored;
}

/// Gives the terminal back if the program has it, once: its modes as they were before newterm,
/// unless another process group is in the foreground now (the shell, after a SIGSTOP: the modes
/// are its own), then `reset` and `leave`; and `line` after them when standard error is that
/// terminal (one write that does not wait on it for long, not a write to stderr that could),
/// setting `*line_written`. Returns 1 if it had the terminal. Async-signal-safe: the handlers,
/// the atexit hook and Swift's ways out when ncurses cannot be used all call it.
static inline int cnc_guard_give_back(cnc_guard_state *state, const char *line, int *line_written) {
    if (line_written != NULL) *line_written = 0;
    if (state == NULL || !state->owns_modes) return 0;
    const int screen = state->owns_screen;
    state->owns_modes = 0;
    state->owns_screen = 0;
    state->active = 0;
    const int fd = state->terminal_fd;
    if (fd < 0) return 1;
    if (state->has_modes) {
        // TCSANOW: TCSADRAIN would wait for a stalled terminal. From the background (a job
        // stopped, then killed) SIGTTOU is held by the handler's mask, so this does not stop it.
        pid_t foreground = tcgetpgrp(fd);
        if (foreground < 0 || foreground == getpgrp()) tcsetattr(fd, TCSANOW, &state->modes);
    }
    char bytes[sizeof state->reset + sizeof state->leave + 128];
    int length = 0;
    const int reset_length = state->reset_length, leave_length = state->leave_length;
    if (screen && reset_length > 0 && reset_length <= (int)sizeof state->reset) {
        memcpy(bytes, state->reset, (size_t)reset_length);
        length += reset_length;
    }
    if (screen && leave_length > 0 && leave_length <= (int)sizeof state->leave) {
        memcpy(bytes + length, state->leave, (size_t)leave_length);
        length += leave_length;
    }
    const size_t line_length = line != NULL ? strlen(line) : 0;
    if (line_length > 0 && line_length <= 128 && state->stderr_is_terminal) {
        memcpy(bytes + length, line, line_length);
        length += (int)line_length;
        if (line_written != NULL) *line_written = 1;
    }
    if (length > 0) cnc_guard_write_promptly(fd, bytes, length);
    return 1;
}

/// Keeps the modes of the terminal at `fd` before anything changes them, and from then on a
/// handler gives them back (the bytes only once `owns_screen` is set). Forgets the bytes of a
/// screen before. Returns 1 when the modes could be read.
static inline int cnc_guard_keep_modes(cnc_guard_state *state, int fd) {
    state->owns_modes = 0;
    state->owns_screen = 0;
    state->reset_length = 0;
    state->leave_length = 0;
    struct termios modes;
    const int has_modes = tcgetattr(fd, &modes) == 0;
    if (has_modes) state->modes = modes;
    state->has_modes = has_modes;
    state->terminal_fd = fd;
    // The device behind each (TIOCGDEV: /dev/tty's own number is not its terminal's).
    unsigned int terminal_device = 0, error_device = 0;
    state->stderr_is_terminal = ioctl(fd, TIOCGDEV, &terminal_device) == 0
        && ioctl(STDERR_FILENO, TIOCGDEV, &error_device) == 0 && terminal_device == error_device;
    // The modes are in memory before a handler can see owns_modes (a handler runs on this
    // thread: a compiler barrier is all it takes).
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    state->owns_modes = 1;
    return has_modes;
}

static void cnc_guard_handler(int sig) {
    volatile sig_atomic_t *handling = cnc_guard_handling();
    if (*handling) {  // a fault while restoring: just die
        cnc_guard_reraise(sig);
        return;
    }
    *handling = 1;
    cnc_guard_state *state = *cnc_guard_state_slot();
    const char *message = cnc_guard_message(sig, state != NULL && state->owns_modes);
    int said = 0;
    cnc_guard_give_back(state, message, &said);
    if (!said) cnc_guard_say(message);
    cnc_guard_reraise(sig);
}

/// An exit() that skipped NcursesScreen.close() and TerminalGuard.restore().
static void cnc_guard_at_exit(void) {
    (void)cnc_guard_give_back(*cnc_guard_state_slot(), NULL, NULL);
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
/// Called by the main loop once the terminal is given back, or by the handler when the
/// terminal is not the program's; `state` is passed, not read from the slot, which is another
/// copy in Swift's object files (see above).
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

/// SIGTSTP (kill -TSTP; in raw mode Ctrl-Z is a key). While the terminal is the program's, only
/// asks the main loop to stop: giving it back here could cut a frame or ncurses itself.
/// SIGWINCH makes the pending read return at once.
static void cnc_guard_stop(int sig) {
    (void)sig;
    int saved = errno;
    cnc_guard_state *state = *cnc_guard_state_slot();
    if (state != NULL && state->owns_modes) {
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
    // continue waits; and SIGTTOU too: setting the terminal modes from a background process
    // group (a job stopped, then killed from the shell) would otherwise stop the process there.
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
