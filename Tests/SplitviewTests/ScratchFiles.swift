import Foundation

/// Files the tests make: every folder is made inside one folder of this test process
/// (`splitview-tests-PID` in the temporary directory), which is removed when the process exits,
/// so that a test that fails half-way, or a program that outlives a test's last look at its
/// folder (a pseudo-terminal's child, a tmux server), still leaves nothing behind. Tests that
/// can also remove their folder as they end (`withTemporaryDirectory`).
enum FileManagerHelper {
    /// This process's folder, made (and its removal at exit arranged) on first use. Folders of
    /// earlier runs whose process is gone (killed before its exit) are removed then too.
    static let root: String = {
        let base = FileManager.default.temporaryDirectory.path
        removeLeftovers(in: base)
        let path = base + "/splitview-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit {
            // No captures in a C callback: the path is made again from the process id.
            let path = FileManager.default.temporaryDirectory.path + "/splitview-tests-\(getpid())"
            try? FileManager.default.removeItem(atPath: path)
        }
        return path
    }()

    /// A new empty folder inside `root`.
    static func temporaryDirectory() -> String {
        let path = root + "/\(UUID().uuidString.prefix(13))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Calls `body` with a new empty folder and removes the folder after it.
    static func withTemporaryDirectory<T>(_ body: (String) throws -> T) rethrows -> T {
        let path = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// Not atomically: Foundation's atomic write leaves a `TemporaryDirectory.*` folder behind
    /// in the temporary directory for each file.
    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// Removes `splitview-tests-PID` folders whose process no longer runs.
    private static func removeLeftovers(in base: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        for name in names where name.hasPrefix("splitview-tests-") {
            guard let pid = pid_t(name.dropFirst("splitview-tests-".count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: base + "/" + name)
            }
        }
    }
}
