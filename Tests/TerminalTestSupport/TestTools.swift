// The programs and files the tests take from the system (tmux, jq, Xvfb, xterm, kitty,
// ImageMagick, xdotool, xclip; Unicode's data files). Programs are found as a shell finds a
// command, on PATH. A test that needs one runs where it is there; elsewhere it is skipped,
// saying what is missing, but in CI (CI=true, which .ci/run exports) a missing one fails the
// test: a green CI means the tests ran. Every suite asks here (through its target's
// `.needs(...)` trait), so there is one rule for all of them.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

public enum TestTools {
    /// Whether this is CI's run (CI=true): there a test that cannot run is a failure.
    public static var inCI: Bool { environment("CI") == "true" }

    /// The executable `name` on PATH, as `command -v` finds it (a name with a slash is taken
    /// as a path); nil when there is none.
    public static func path(of name: String) -> String? {
        if name.contains("/") { return isExecutableFile(name) ? name : nil }
        let directories = (environment("PATH") ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first(where: isExecutableFile)
    }

    /// The tools of `tools` not on PATH and the files of `files` that do not exist.
    public static func missing(_ tools: [String], files: [String] = []) -> [String] {
        tools.filter { path(of: $0) == nil } + files.filter { access($0, R_OK) != 0 }
    }

    /// A tool or file a test needs is missing in CI.
    public struct Missing: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The condition of a test that needs `tools` and `files`: true when they are all there,
    /// false (the test is skipped) when one is missing; in CI, it throws `Missing`, which
    /// fails the test with a line that names what is missing.
    public static func available(_ tools: [String], files: [String] = []) throws -> Bool {
        let missing = missing(tools, files: files)
        if missing.isEmpty { return true }
        guard inCI else { return false }
        throw Missing(
            description: """
                CI=true and \(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") missing \
                (programs are looked for on PATH=\(environment("PATH") ?? "")): .ci/run installs them; \
                in CI a test that needs them fails rather than skip
                """)
    }

    /// Why a test that needs `tools` and `files` is skipped here, for its condition's comment.
    public static func skipReason(_ tools: [String], files: [String] = []) -> String {
        let missing = missing(tools, files: files)
        let needed = missing.isEmpty ? tools + files : missing
        return "needs \(needed.joined(separator: ", ")) (.ci/run installs \(needed.count == 1 ? "it" : "them"))"
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }
}
