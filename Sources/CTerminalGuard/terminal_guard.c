// The signal handlers that give the terminal back, and the one copy of the state they share
// with the program (see include/terminal_guard.h for the windows in which the terminal is the
// program's).
//
// The handlers use no ncurses: endwin from a handler runs ncurses' output code again while it
// may be half way through it, and it sets the terminal modes with TCSADRAIN, which waits until
// the terminal has read everything: for ever when its reader stalled. Instead the handler
// restores the modes the terminal had before ncurses started (kept with tcgetattr) and writes
// prepared bytes that undo what the screen turned on, without waiting on the terminal for long,
// then raises the signal again with its default disposition, so that the process dies of it
// (exit status 128 + n in a shell).

#define _GNU_SOURCE  // POSIX_SPAWN_SETSID
#include "terminal_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/// What the handlers share with the program. Written by the main thread and by the handlers,
/// which run on it: volatile sig_atomic_t for every flag, and a compiler barrier where a
/// handler must see one write before another.
static struct {
    /// 1 while a screen is showing (endwin has not been called since it drew).
    volatile sig_atomic_t active;
    /// Set when the process continues after a stop: the screen must be drawn again whole.
    volatile sig_atomic_t resumed;
    /// Set by SIGTSTP while the terminal is the program's: the main loop gives it back and
    /// stops at its next wait for input (terminal_guard_stop_now), not in the middle of a frame.
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
    /// Lengths of the bytes below; 0 while they are rewritten (a handler then writes nothing
    /// rather than half).
    volatile sig_atomic_t reset_length;
    volatile sig_atomic_t leave_length;
    /// See terminal_guard_set_reset.
    char reset[128];
    /// See terminal_guard_set_leave.
    char leave[256];
} state = {.terminal_fd = -1};

/// Set by the first handler to run: a fault while restoring just dies.
static volatile sig_atomic_t handling;

#define TERMINATED(name) "splitview: terminated by " name "\n"
#define CRASHED(name) "splitview: crashed (" name "); the terminal was restored\n"
#define CRASHED_PLAIN(name) "splitview: crashed (" name ")\n"

/// The line written to stderr for `sig`, prepared at compile time (no formatting in the handler).
static const char *message(int sig, int restored) {
    switch (sig) {
    case SIGTERM: return TERMINATED("SIGTERM");
    case SIGHUP: return TERMINATED("SIGHUP");
    case SIGINT: return TERMINATED("SIGINT");
    case SIGQUIT: return TERMINATED("SIGQUIT");
    case SIGSEGV: return restored ? CRASHED("SIGSEGV") : CRASHED_PLAIN("SIGSEGV");
    case SIGBUS: return restored ? CRASHED("SIGBUS") : CRASHED_PLAIN("SIGBUS");
    case SIGILL: return restored ? CRASHED("SIGILL") : CRASHED_PLAIN("SIGILL");
    case SIGFPE: return restored ? CRASHED("SIGFPE") : CRASHED_PLAIN("SIGFPE");
    case SIGABRT: return restored ? CRASHED("SIGABRT") : CRASHED_PLAIN("SIGABRT");
    case SIGTRAP: return restored ? CRASHED("SIGTRAP") : CRASHED_PLAIN("SIGTRAP");
    default: return "splitview: terminated by a signal\n";
    }
}

/// Back to the default disposition, unblocked, and raised again: the process dies of `sig`
/// (exit status 128 + sig in a shell).
static void reraise(int sig) {
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

static long milliseconds(void) {
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
/// written before went with the rest), with a second more to get room.
static void write_promptly(int fd, const char *bytes, int length) {
    int flags = fcntl(fd, F_GETFL);
    // The descriptor is the program's own (it opened /dev/tty), so its flags are nobody else's.
    if (flags >= 0 && !(flags & O_NONBLOCK)) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    const long started = milliseconds();
    int written = 0, discarded = 0;
    while (written < length) {
        ssize_t count = write(fd, bytes + written, (size_t)(length - written));
        if (count > 0) {
            written += (int)count;
            continue;
        }
        if (count < 0 && errno == EINTR) continue;
        if (count == 0 || errno != EAGAIN) break;  // the terminal is gone
        long waited = milliseconds() - started;
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
/// must not keep the process alive; when it is the program's own, give_back writes the line).
static void say(const char *line) {
    struct pollfd poller = {.fd = STDERR_FILENO, .events = POLLOUT, .revents = 0};
    if (poll(&poller, 1, 250) <= 0 || !(poller.revents & POLLOUT)) return;
    ssize_t ignored = write(STDERR_FILENO, line, strlen(line));
    (void)ignored;
}

/// Gives the terminal back if the program has it, once: its modes as they were before newterm,
/// unless another process group is in the foreground now (the shell, after a SIGSTOP: the modes
/// are its own), then `reset` and `leave`; and `line` after them when standard error is that
/// terminal (one write that does not wait on it for long, not a write to stderr that could),
/// setting `*line_written`. Returns 1 if it had the terminal. The handlers, the atexit hook and
/// the program's ways out when ncurses cannot be used all call it.
static int give_back(const char *line, int *line_written) {
    if (line_written != NULL) *line_written = 0;
    if (!state.owns_modes) return 0;
    const int screen = state.owns_screen;
    state.owns_modes = 0;
    state.owns_screen = 0;
    state.active = 0;
    const int fd = state.terminal_fd;
    if (fd < 0) return 1;
    if (state.has_modes) {
        // TCSANOW: TCSADRAIN would wait for a stalled terminal. From the background (a job
        // stopped, then killed) SIGTTOU is held by the handler's mask, so this does not stop it.
        pid_t foreground = tcgetpgrp(fd);
        if (foreground < 0 || foreground == getpgrp()) tcsetattr(fd, TCSANOW, &state.modes);
    }
    char bytes[sizeof state.reset + sizeof state.leave + 128];
    int length = 0;
    const int reset_length = state.reset_length, leave_length = state.leave_length;
    if (screen && reset_length > 0 && reset_length <= (int)sizeof state.reset) {
        memcpy(bytes, state.reset, (size_t)reset_length);
        length += reset_length;
    }
    if (screen && leave_length > 0 && leave_length <= (int)sizeof state.leave) {
        memcpy(bytes + length, state.leave, (size_t)leave_length);
        length += leave_length;
    }
    const size_t line_length = line != NULL ? strlen(line) : 0;
    if (line_length > 0 && line_length <= 128 && state.stderr_is_terminal) {
        memcpy(bytes + length, line, line_length);
        length += (int)line_length;
        if (line_written != NULL) *line_written = 1;
    }
    if (length > 0) write_promptly(fd, bytes, length);
    return 1;
}

int terminal_guard_give_back(void) { return give_back(NULL, NULL); }

int terminal_guard_keep_modes(int fd) {
    state.owns_modes = 0;
    state.owns_screen = 0;
    state.reset_length = 0;
    state.leave_length = 0;
    struct termios modes;
    const int has_modes = tcgetattr(fd, &modes) == 0;
    if (has_modes) state.modes = modes;
    state.has_modes = has_modes;
    state.terminal_fd = fd;
    // The device behind each (TIOCGDEV: /dev/tty's own number is not its terminal's).
    unsigned int terminal_device = 0, error_device = 0;
    state.stderr_is_terminal = ioctl(fd, TIOCGDEV, &terminal_device) == 0
        && ioctl(STDERR_FILENO, TIOCGDEV, &error_device) == 0 && terminal_device == error_device;
    // The modes are in memory before a handler can see owns_modes (a handler runs on this
    // thread: a compiler barrier is all it takes).
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    state.owns_modes = 1;
    return has_modes;
}

void terminal_guard_will_write_to_screen(void) { state.owns_screen = 1; }

void terminal_guard_will_take_back(void) { state.owns_modes = 1; }

void terminal_guard_screen_did_start(void) { state.active = 1; }

int terminal_guard_screen_is_active(void) { return state.active != 0; }

int terminal_guard_screen_will_end(void) {
    if (!state.active) return 0;
    state.active = 0;
    return 1;
}

void terminal_guard_screen_did_end(void) {
    state.owns_screen = 0;
    state.owns_modes = 0;
}

int terminal_guard_take_resumed(void) {
    if (!state.resumed) return 0;
    state.resumed = 0;
    return 1;
}

int terminal_guard_take_stop_request(void) {
    if (!state.stop_requested) return 0;
    state.stop_requested = 0;
    return 1;
}

/// Copies `bytes` into `buffer` of `capacity` with `*length` 0 meanwhile, so that a handler
/// writes nothing rather than half; too many are not kept.
static int set_bytes(char *buffer, int capacity, volatile sig_atomic_t *length, const unsigned char *bytes, int count) {
    *length = 0;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    if (count < 0 || count > capacity) return 0;
    if (count > 0) memcpy(buffer, bytes, (size_t)count);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    *length = count;
    return count;
}

int terminal_guard_set_reset(const unsigned char *bytes, int length) {
    return set_bytes(state.reset, (int)sizeof state.reset, &state.reset_length, bytes, length);
}

int terminal_guard_set_leave(const unsigned char *bytes, int length) {
    return set_bytes(state.leave, (int)sizeof state.leave, &state.leave_length, bytes, length);
}

/// The process groups of the commands the program runs, one per slot (a preview, a bound
/// command, a reload), killed on the way out (0: none).
#define CHILD_SLOTS 4
static volatile sig_atomic_t child_groups[CHILD_SLOTS];

void terminal_guard_set_child_group(int slot, int group) {
    if (slot >= 0 && slot < CHILD_SLOTS) child_groups[slot] = group > 0 ? group : 0;
}

/// Kills the child process groups, if any (async-signal-safe).
static void end_child_group(void) {
    for (int slot = 0; slot < CHILD_SLOTS; slot++) {
        int group = child_groups[slot];
        if (group > 0) kill(-group, SIGKILL);
    }
}

/// SIGTERM, SIGHUP, SIGINT, SIGQUIT and the fatal signals: the terminal given back, one line,
/// and the signal raised again with its default disposition.
static void on_termination(int sig) {
    if (handling) {  // a fault while restoring: just die
        end_child_group();
        reraise(sig);
        return;
    }
    handling = 1;
    end_child_group();
    const char *line = message(sig, state.owns_modes);
    int said = 0;
    give_back(line, &said);
    if (!said) say(line);
    reraise(sig);
}

/// An exit() that skipped NcursesScreen.close() and TerminalGuard.restore().
static void at_exit(void) {
    end_child_group();
    (void)give_back(NULL, NULL);
}

/// SIGCONT: the process goes on after a stop (kill -TSTP handled below, or SIGSTOP, which ncurses
/// never sees): whatever the terminal shows now, the screen is drawn again whole. SIGWINCH
/// makes ncurses' pending read return (KEY_RESIZE), so the browser draws at once.
static void on_continue(int sig) {
    (void)sig;
    int saved = errno;
    state.resumed = 1;
    raise(SIGWINCH);
    errno = saved;
}

void terminal_guard_stop_now(void) {
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
    int continued = sigismember(&pending, SIGCONT) || state.resumed;
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
static void on_stop(int sig) {
    (void)sig;
    int saved = errno;
    if (state.owns_modes) {
        state.resumed = 0;
        state.stop_requested = 1;
        raise(SIGWINCH);
    } else {
        terminal_guard_stop_now();
    }
    errno = saved;
}

void terminal_guard_install(void) {
    static int installed;
    if (installed) return;
    installed = 1;

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
    action.sa_handler = on_termination;
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
    stop.sa_handler = on_stop;
    sigemptyset(&stop.sa_mask);
    for (size_t i = 0; i < sizeof held / sizeof held[0]; i++) {
        if (held[i] != SIGTSTP) sigaddset(&stop.sa_mask, held[i]);
    }
    sigaction(SIGTSTP, &stop, NULL);
    struct sigaction go_on;
    memset(&go_on, 0, sizeof go_on);
    go_on.sa_handler = on_continue;
    sigemptyset(&go_on.sa_mask);
    sigaddset(&go_on.sa_mask, SIGTSTP);
    sigaction(SIGCONT, &go_on, NULL);
    atexit(at_exit);
}

/// posix_spawn's flag for a child in a session of its own (glibc's POSIX_SPAWN_SETSID, a macro
/// Swift does not import).
int terminal_guard_spawn_new_session_flag(void) { return POSIX_SPAWN_SETSID; }
