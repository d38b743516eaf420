import Catalog
import Foundation
import TerminalTestSupport
import Testing
import UserFiles

/// Paths and a way to run the real `splitview` binary built next to the test bundle.
enum Support {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func fixture(_ relative: String) -> String {
        fixtures.appendingPathComponent(relative).path
    }

    /// The `splitview` executable SwiftPM built beside this test bundle.
    static var binary: String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("splitview").path
    }

    /// The HOME and XDG folders of the runs: empty, so that no user configuration is read.
    static let emptyHome = FileManagerHelper.temporaryDirectory()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the binary with no user configuration in reach (empty XDG and HOME).
    /// Without `stdin`, its standard input is a terminal (a pseudo-terminal nobody types on),
    /// as when a user types the command: the bundled emoji. Standard input that is not a
    /// terminal is the data, even when empty.
    /// `environment` is set over the test's own, from which the default options
    /// (SPLITVIEW_DEFAULT_OPTS) are taken out. `executable`: another build of the program (the
    /// release build the pixel tests show).
    static func run(
        _ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:],
        executable: String = binary
    ) throws -> Result {
        let empty = emptyHome
        var environment = ProcessInfo.processInfo.environment
        environment[DefaultOptions.variable] = nil
        environment[DefaultOptions.fileVariable] = nil
        environment.merge(extra) { $1 }
        environment["XDG_CONFIG_HOME"] = empty
        environment["XDG_STATE_HOME"] = empty
        environment["HOME"] = empty
        guard let stdin else {
            let terminal = try PseudoTerminal.openMaster(columns: 80, rows: 24)
            defer { close(terminal.master) }
            return try spawn(executable, arguments, environment: environment, stdinPath: terminal.slavePath)
        }
        return try spawn(executable, arguments, environment: environment, stdin: Data(stdin.utf8))
    }

    /// Runs `executable` to its end with posix_spawn and waitpid, its standard input read from
    /// `stdin` and its output collected through temporary files.
    ///
    /// Not Foundation's Process: under parallel tests its waitUntilExit was seen to hang for
    /// ever on a child that had exited (left a zombie, never reaped), and its pipes never reach
    /// end-of-file while a daemon started by the child (tmux's server) holds them.
    static func spawn(
        _ executable: String, _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        stdin: Data = Data(), stdinPath: String? = nil
    ) throws -> Result {
        let directory = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let inPath = directory + "/in", outPath = directory + "/out", errPath = directory + "/err"
        try stdin.write(to: URL(fileURLWithPath: inPath))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdinPath {
            posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDWR | O_NOCTTY, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let error = withSpawnAttributes { posix_spawn(&pid, executable, &actions, &$0, argv, envp) }
        guard error == 0 else {
            throw CocoaError(
                .executableLoad,
                userInfo: [
                    NSFilePathErrorKey: executable,
                    "errno": error,
                ])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // The W* macros are not imported: low 7 bits are the signal (0 for a normal exit).
        let signal = status & 0x7F
        let exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return Result(
            status: exitStatus,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}

extension Support {
    /// Runs a shell command line and returns its standard output.
    @discardableResult
    static func shell(_ command: String) throws -> String {
        try spawn("/bin/sh", ["-c", command]).stdout
    }
}

/// A configuration's or a data file's text read as the program reads it, for the tests of their
/// options: the result, or the error's one line.
enum FileText {
    static func configuration(_ text: String) throws(ConfigError) -> Configuration {
        try ConfigLoader.parse(text, file: "test.toml")
    }

    static func configurationError(_ text: String) -> String? {
        do {
            _ = try configuration(text)
            return nil
        } catch {
            return error.description
        }
    }

    static func data(_ json: String) throws -> Catalog {
        try JSONSectionsLoader.parse(Array(json.utf8), file: "data.json")
    }

    static func dataError(_ json: String) -> String? {
        do {
            _ = try data(json)
            return nil
        } catch {
            return "\(error)"
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// A test that needs `tools` (on PATH) and `files`: it runs where they are there, is
    /// skipped elsewhere, saying what is missing, and fails in CI (`TestTools`).
    static func needs(_ tools: String..., files: [String] = []) -> Self { needs(tools, files: files) }

    static func needs(_ tools: [String], files: [String] = []) -> Self {
        .enabled("\(TestTools.skipReason(tools, files: files))") { try TestTools.available(tools, files: files) }
    }
}
