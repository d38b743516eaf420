import Foundation
import TerminalTestSupport
import Testing

/// Piped command output read as a list, in tmux: each line whole on a row of its own, not two
/// 40-cell chips a row (issue 27).
@Suite(.serialized, .needs("tmux", "git"))
struct ListEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func start(_ input: String, arguments: String = "", width: Int = 120, height: Int = 20) throws -> TmuxSession {
        try TmuxSession(width: width, height: height, command: "\(input) | \(Support.binary) \(arguments)")
    }

    /// The output of a shell command line.
    func output(_ command: String) throws -> [String] {
        try Support.spawn("/bin/sh", ["-c", command]).stdout.split(separator: "\n").map(String.init)
    }

    @Test("ls -la /usr/bin: each line whole on its row")
    func longListing() throws {
        let session = try start("ls -la /usr/bin")
        let screen = try session.waitFor("the listing") { $0.contains(" of ") && $0.contains("root") }
        let rows = screen.split(separator: "\n").map(String.init)
        // A row of a line shows one entry's permissions, never two side by side.
        let entries = rows.filter { $0.range(of: #"^ +[-dlcbps][-rwxsStT]{9}"#, options: .regularExpression) != nil }
        #expect(entries.count >= 10, "\(screen)")
        for row in entries {
            let permissions = row.matches(of: #/[-dl][-r][-w][-xsS][-r][-w][-xsS][-r][-w][-xtT]/#).count
            #expect(permissions == 1, "\(row)")
        }
        // The lines ls printed, each whole where the row has room (118 cells less the insets).
        let lines = try output("ls -la /usr/bin").filter { $0.count <= 100 }
        let shown = Set(rows.map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(lines.contains { shown.contains($0) }, "\(screen)")
    }

    @Test("ps aux --header-lines 1: the header above, a process a row")
    func processes() throws {
        let session = try start("ps aux", arguments: "--header-lines 1")
        let screen = try session.waitFor("the processes") { $0.contains("USER") && $0.contains(" of ") }
        let rows = screen.split(separator: "\n").map(String.init)
        let processes = rows.filter {
            $0.range(of: #"^ +\S+ +\d+ +\d+\.\d +\d+\.\d "#, options: .regularExpression) != nil
        }
        #expect(processes.count >= 2, "\(screen)")
        for row in processes {
            // One process a row: its user, PID, %CPU and %MEM once.
            #expect(row.matches(of: #/\d+\.\d +\d+\.\d /#).count == 1, "\(row)")
        }
    }

    @Test("git log with a tab: hash and subject on one row, the tab to the next tab stop")
    func gitLog() throws {
        let command = "git -C \(Self.repository) log -n 30 --format=%h%x09%s"
        let session = try start(command)
        let screen = try session.waitFor("the log") { $0.contains(" of ") }
        let first = try #require(try output(command).first)
        let parts = first.split(separator: "\t", maxSplits: 1).map(String.init)
        // A hash of 7 to 12 characters: the subject at the next multiple of 8.
        let padded = parts[0] + String(repeating: " ", count: 8 - parts[0].count % 8)
        let expected = padded + String(parts[1].prefix(60))
        #expect(screen.contains("  " + expected), "\(expected)\n\(screen)")
        #expect(!screen.contains("␉"))
    }

    @Test("--ansi: colours read, not shown as ␛; without it the codes show as signs")
    func ansi() throws {
        let input = #"printf "\033[31mred\033[0m line one\n\033[1;32mgreen\033[0m line two\n""#
        let session = try start(input, arguments: "--ansi")
        let screen = try session.waitFor("the lines") { $0.contains("green line two") }
        #expect(screen.contains("red line one") && !screen.contains("␛"))
        let plain = try start(input)
        try plain.waitFor("the codes as signs") { $0.contains("␛[31mred") }
    }
}
