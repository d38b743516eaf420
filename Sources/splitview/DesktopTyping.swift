// --action type: the pick typed into the window that had the focus before splitview's
// terminal opened, by the desktop's typing tool, found at run time on PATH: wtype under
// Wayland ($WAYLAND_DISPLAY), xdotool under X11 ($DISPLAY), Wayland first (as the clipboard
// tools are chosen: XWayland sets DISPLAY too).
//
// splitview runs in that terminal, which has the focus until it closes; so the typing waits
// in a process of its own, in a session of its own (the terminal's hang-up does not reach
// it), for splitview's parent (the terminal, or the shell it ran) to end, at most two
// seconds, and a moment more for the focus to go back, then types.

import Foundation
import TerminalUI

enum DesktopTyping {
    /// A typing tool: the program and its arguments before the text.
    struct Typist: Equatable {
        var path: String
        var arguments: [String]
    }

    /// The tool of each kind of session: its name, its arguments, the variable that tells
    /// the session, and the session's name.
    ///
    /// xdotool types a character its keymap lacks (every emoji) by binding it to a spare key
    /// for the keystroke and unbinding it after `--delay`; a window that reads the key later
    /// than that, on a busy machine, finds the key unbound and drops the character (the
    /// end-to-end test lost 😀 so under load; jordansissel/xdotool#295 and the reports around
    /// it). 40 ms instead of the default 12 leaves such a window time, for a pick of a few
    /// characters.
    static let wayland = (tool: "wtype", arguments: ["--"], variable: "WAYLAND_DISPLAY", session: "Wayland")
    static let x11 = (
        tool: "xdotool", arguments: ["type", "--clearmodifiers", "--delay", "40", "--"], variable: "DISPLAY",
        session: "X11"
    )

    /// The typist of the session `environment` describes, or the one line that says what is
    /// missing.
    static func typist(environment: [String: String]) -> Result<Typist, InputError> {
        for kind in [wayland, x11] where !(environment[kind.variable] ?? "").isEmpty {
            guard let path = ExecutableSearch.path(of: kind.tool, environment: environment) else {
                return .failure(
                    InputError(
                        message:
                            "--action type types with \(kind.tool) under \(kind.session) ($\(kind.variable) is set), and there is no \(kind.tool) on PATH: install it (apt-get install \(kind.tool))"
                    ))
            }
            return .success(Typist(path: path, arguments: kind.arguments))
        }
        return .failure(
            InputError(
                message:
                    "--action type types into a desktop's window, and neither $\(wayland.variable) nor $\(x11.variable) is set (it types with \(wayland.tool) under Wayland, \(x11.tool) under X11)"
            ))
    }

    /// How long the typing waits for splitview's parent to end (in steps of 50 ms), then for
    /// the focus to go back (seconds).
    static let parentSteps = 40
    static let settle = "0.15"

    /// The shell script of the waiting process: $1 the parent to wait for, the rest the
    /// typing tool's command line.
    static let waitThenType = """
        n=0
        while [ "$n" -lt \(parentSteps) ] && kill -0 "$1" 2>/dev/null; do sleep 0.05; n=$((n + 1)); done
        sleep \(settle)
        shift
        exec "$@"
        """

    /// Types `text` with `typist` once splitview's parent has ended, from a process that
    /// outlives splitview; false when that process could not be started.
    @discardableResult
    static func typeLater(_ text: String, with typist: Typist) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // (The terminal goes away: nothing of it is kept.)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own, no controlling terminal (the C shim's POSIX_SPAWN_SETSID). And
        // no signal blocked, as a process starts.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(
            &attributes, Int16(TerminalGuard.spawnNewSessionFlag | Int32(POSIX_SPAWN_SETSIGMASK)))
        let words =
            ["sh", "-c", waitThenType, "splitview-type", String(getppid()), typist.path] + typist.arguments + [text]
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        return posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ) == 0
    }
}

/// Programs found on PATH, as a shell finds them.
enum ExecutableSearch {
    /// The first executable file `name` in the folders of `environment`'s PATH.
    static func path(of name: String, environment: [String: String]) -> String? {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
