// Starting the shell commands the browser runs (a preview, a bound execute or reload) the one
// way: `SHELL -c COMMAND` in a process group of its own, so that one kill ends a pipeline and
// what it started, with the signals the loop's thread blocks unblocked and their dispositions
// the defaults, and the program's environment with the command's variables over it.

import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A shell command ready to run.
public struct ShellCommand: Hashable, Sendable {
    /// The command line, its placeholders expanded.
    public let command: String
    /// The shell it runs in, with -c (the one its placeholders were quoted for).
    public let shell: String
    /// Variables set on top of the program's environment (FZF_QUERY, FZF_PREVIEW_LINES, ...).
    public let environment: [String: String]
    /// Temporary files the expansion wrote (`{+f}`), removed when the command ends.
    public let files: [String]

    public init(command: String, shell: String, environment: [String: String] = [:], files: [String] = []) {
        self.command = command
        self.shell = shell
        self.environment = environment
        self.files = files
    }
}

public enum ChildProcess {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        case null
        /// The controlling terminal (/dev/tty).
        case terminal
        case descriptor(Int32)
    }

    /// Starts `command` in a process group of its own (its id the child's pid), its standard
    /// input, output and error where given; the pid, nil when it cannot start.
    public static func spawn(_ command: ShellCommand, input: Stream, output: Stream, error: Stream) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var toClose: Set<Int32> = []
        for (stream, target) in [(input, Int32(0)), (output, 1), (error, 2)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .terminal:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/tty", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
                if descriptor > 2 { toClose.insert(descriptor) }
            }
        }
        for descriptor in toClose { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var environment: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            let name = text.prefix { $0 != "=" }
            if command.environment[String(name)] == nil { environment.append(text) }
            index += 1
        }
        environment += command.environment.map { "\($0.key)=\($0.value)" }.sorted()
        let arguments = [command.shell, "-c", command.command]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        // A group of its own (POSIX_SPAWN_SETPGROUP, the group the child's pid), with the
        // signals the loop's thread blocks unblocked and their dispositions the defaults (a
        // child inherits the mask of the thread that spawns it).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let failure = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        return failure == 0 ? pid : nil
    }

    /// Runs `command` with the terminal as its input and output (fzf's execute), its group the
    /// terminal's foreground group while it runs, so that Ctrl-C and Ctrl-Z reach it and not
    /// the browser; returns its exit status (nil when it could not start). The terminal must
    /// be in the shell's modes (given back).
    static func runInForeground(_ command: ShellCommand) -> Int32? {
        let standardError: Stream = isatty(2) != 0 ? .descriptor(2) : .terminal
        guard let pid = spawn(command, input: .terminal, output: .terminal, error: standardError) else { return nil }
        TerminalGuard.setChildGroup(pid, slot: .command)
        defer {
            TerminalGuard.setChildGroup(nil, slot: .command)
            for file in command.files { unlink(file) }
        }
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
        defer { if terminal >= 0 { close(terminal) } }
        // (SIGTTOU blocked: a group not in the foreground may set the foreground group.)
        var ttou = sigset_t()
        sigemptyset(&ttou)
        sigaddset(&ttou, SIGTTOU)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &ttou, &previous)
        let ours = terminal >= 0 ? tcgetpgrp(terminal) : -1
        if ours > 0 { tcsetpgrp(terminal, pid) }
        var status: Int32 = 0
        while true {
            let waited = waitpid(pid, &status, WUNTRACED)
            if waited < 0 && errno == EINTR { continue }
            if waited < 0 { break }
            // Stopped: read from the terminal before it was the foreground's (SIGTTIN), or
            // Ctrl-Z in it. Go on (the browser cannot hand it to a shell).
            if status & 0xff == 0x7f {
                if ours > 0 { tcsetpgrp(terminal, pid) }
                kill(-pid, SIGCONT)
                continue
            }
            break
        }
        if ours > 0 { tcsetpgrp(terminal, ours) }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
