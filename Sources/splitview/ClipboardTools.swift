// --copy beyond the terminal: the desktop's own clipboard tools, where they exist, so that a pick
// reaches the clipboard even in a terminal that ignores OSC 52.

import Foundation

enum ClipboardTools {
    /// The first tool of the session's display that is installed: wl-copy under Wayland,
    /// xclip (else xsel) under X.
    static func tool(environment: [String: String]) -> (path: String, arguments: [String])? {
        var candidates: [(String, [String])] = []
        if !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty { candidates.append(("wl-copy", [])) }
        if !(environment["DISPLAY"] ?? "").isEmpty {
            candidates.append(("xclip", ["-selection", "clipboard"]))
            candidates.append(("xsel", ["--clipboard", "--input"]))
        }
        for (name, arguments) in candidates {
            if let path = ExecutableSearch.path(of: name, environment: environment) { return (path, arguments) }
        }
        return nil
    }

    /// Gives `text` to the tool; false when there is none or it failed. The tools fork a
    /// process that keeps serving the selection, so this waits only for the first one (at
    /// most two seconds).
    @discardableResult
    static func copy(_ text: String, environment: [String: String]) -> Bool {
        guard let tool = tool(environment: environment) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.path)
        process.arguments = tool.arguments
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        // (A tool that ends before it reads, as xclip with no display does, must cost the pick
        // nothing: neither SIGPIPE nor FileHandle.write's crash on EPIPE.)
        let previous = signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        signal(SIGPIPE, previous)
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return !process.isRunning && process.terminationStatus == 0
    }
}
