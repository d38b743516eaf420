// --tmux's popup: the browser run again, with the same command line, in `tmux display-popup
// -E` over the caller's pane, as fzf's proxy does. tmux runs the popup's command in a shell of
// its own, with the server's environment and no standard streams of the caller, so what the
// browser needs goes through a private folder: a script holding the caller's environment and
// command line, a FIFO the caller's standard input is copied into (a pipe's data reaches the
// popup's browser as it arrives), and files for its standard output, its standard error and
// its exit status, which the caller hands on as its own once the popup closes.

import Browser
import Foundation
import SafeText

struct TmuxPopup {
    let placement: TmuxPlacement
    /// The command line as typed (SPLITVIEW_DEFAULT_OPTS is read again in the popup).
    let arguments: [String]
    let environment: [String: String]

    /// What the popup's browser is given after the caller's options: no popup again, the
    /// whole popup (an inline --height would leave part of it empty), and no Ctrl-Z (a popup
    /// has no shell to stop to: fzf's --tmux does the same).
    static let popupOptions = ["--no-tmux", "--height=full", "--bind=ctrl-z:ignore"]

    /// Runs the browser in the popup and hands its output on; its exit status (130 when the
    /// popup was closed before it gave one).
    func run() throws -> Int32 {
        // (A popup gone before it read all of a pipe must not end the caller with SIGPIPE.)
        signal(SIGPIPE, SIG_IGN)
        let folder = try Self.privateFolder(environment: environment)
        defer {
            Self.remove(folder)
        }
        let input = folder + "/input"
        if isatty(0) == 0 {
            guard mkfifo(input, 0o600) == 0 else {
                throw InputError(
                    message: "--tmux: cannot make a FIFO in \(folder): \(String(cString: strerror(errno)))")
            }
            Self.copyStandardInput(to: input)
        }
        let quote = CommandTemplate.ShellQuoting.posix.quote
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var command = arguments
        command.insert(contentsOf: Self.popupOptions, at: command.firstIndex(of: "--") ?? command.endIndex)
        // The caller's environment exactly (the server's would be the popup's), then the
        // browser with the caller's command line, its streams in the folder.
        // (And where a binding's become leaves its command for the caller: `handBack`.)
        var environment = environment
        environment[Self.becomeVariable] = folder + "/become"
        let variables = environment.keys.sorted().filter(Self.isName).map { quote("\($0)=\(environment[$0] ?? "")") }
        let script = """
            env -i \(variables.joined(separator: " ")) \\
              \(([executable] + command).map(quote).joined(separator: " ")) \\
              \(isatty(0) == 0 ? "< \(quote(input))" : "") > \(quote(folder + "/output")) 2> \(quote(folder + "/errors"))
            echo $? > \(quote(folder + "/status"))

            """
        guard FileManager.default.createFile(atPath: folder + "/run.sh", contents: Data(script.utf8)) else {
            throw InputError(message: "--tmux: cannot write \(folder)/run.sh")
        }
        let tmuxArguments =
            ["display-popup", "-E", "-d", FileManager.default.currentDirectoryPath] + placement.popupArguments
            + ["sh \(quote(folder + "/run.sh"))"]
        let tmuxStatus = try Self.runTmux(tmuxArguments)
        let errors = FileManager.default.contents(atPath: folder + "/errors") ?? Data()
        StandardStreams.error(String(decoding: errors, as: UTF8.self))
        let written = FileManager.default.contents(atPath: folder + "/status").map {
            String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let status = written.flatMap({ Int32($0) }) else {
            if tmuxStatus != 0 {
                throw InputError(message: "--tmux: tmux display-popup failed (exit status \(tmuxStatus))")
            }
            return 130
        }
        try StandardStreams.output(Array(FileManager.default.contents(atPath: folder + "/output") ?? Data()))
        if let become = FileManager.default.contents(atPath: folder + "/become") {
            Self.remove(folder)
            try Self.become(become)
        }
        return status
    }

    /// The files of the folder, and the folder.
    static func remove(_ folder: String) {
        for name in ["run.sh", "input", "output", "errors", "status", "become"] { unlink(folder + "/" + name) }
        rmdir(folder)
    }

    /// The variable that tells the popup's browser where a binding's become leaves its
    /// command, for the caller to run in its pane once the popup closes.
    static let becomeVariable = "SPLITVIEW_TMUX_BECOME"

    /// Writes `command` for the caller: the shell, the command line, then its variables as
    /// NAME=VALUE, each ended by a NUL.
    static func handBack(_ command: ShellCommand, to file: String) throws {
        let words =
            [command.shell, command.command]
            + command.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let bytes: [UInt8] = words.flatMap { Array($0.utf8) + [0] }
        guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else {
            throw InputError(message: "--tmux: cannot write \(file)")
        }
    }

    /// Runs the command the popup's browser handed back (`handBack`) in this process's place.
    static func become(_ written: Data) throws {
        let words = written.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
        guard words.count >= 2 else { throw InputError(message: "--tmux: the popup's become command is unreadable") }
        var environment: [String: String] = [:]
        for variable in words.dropFirst(2) {
            guard let equals = variable.firstIndex(of: "=") else { continue }
            environment[String(variable[..<equals])] = String(variable[variable.index(after: equals)...])
        }
        try BrowseCommand.replaceProcess(
            with: ShellCommand(command: words[1], shell: words[0], environment: environment))
    }

    /// A new folder only this user can enter, in $TMPDIR (else /tmp). Its path goes through
    /// tmux's default shell, whatever it is, so it is held to characters no shell reads
    /// specially.
    static func privateFolder(environment: [String: String]) throws -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-")
        var base = environment["TMPDIR"] ?? ""
        if base.isEmpty || !base.allSatisfy(plain.contains) { base = "/tmp" }
        var template = Array("\(base)/splitview-tmux.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw InputError(
                message: "--tmux: cannot make a folder in \(base): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// Whether `name` can be set by a shell (fzf passes these alone).
    static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    /// Copies standard input into the FIFO at `path` on a thread of its own, from when the
    /// popup opens it until the input ends or the popup closes it. (A popup that never opens
    /// it leaves the thread waiting; the program's end ends it.)
    static func copyStandardInput(to path: String) {
        Thread.detachNewThread {
            let fifo = open(path, O_WRONLY | O_CLOEXEC)
            guard fifo >= 0 else { return }
            defer { close(fifo) }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(0, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                let copied = buffer.withUnsafeBytes { bytes in
                    (try? StandardStreams.write(UnsafeRawBufferPointer(rebasing: bytes[..<count]), to: fifo)) != nil
                }
                guard copied else { return }
            }
        }
    }

    /// Runs tmux (found on PATH) with `arguments` to its end, its standard error the caller's;
    /// its exit status.
    static func runTmux(_ arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let failed = posix_spawnp(&pid, "tmux", &actions, nil, argv, environ)
        guard failed == 0 else {
            throw InputError(message: "--tmux: cannot run tmux: \(String(cString: strerror(failed)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // (The W* macros are not imported: the low 7 bits are the signal, 0 for an exit.)
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
