import Foundation
import TerminalTestSupport
import Testing

/// Folding and the section switcher in the real binary, on this repository's git log grouped
/// by day (the date its first field) (issue 27): data piped in, so typing goes to the query and the Alt chords act.
@Suite(.serialized, .needs("tmux", "git"))
struct SectionFoldEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("git log by day: Alt-z folds a day, Alt-t and a date jump to that day")
    func foldAndJump() throws {
        let log = "git -C \(Self.repository) log -n 400 --date=short --format=%ad%x20%h%x20%s"
        let days = try Support.spawn("/bin/sh", ["-c", log]).stdout.split(separator: "\n")
            .map { String($0.prefix { $0 != " " }) }
            .reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        try #require(days.count >= 3, "the repository's log has too few days: \(days)")
        let session = try TmuxSession(
            width: 100, height: 24, command: "\(log) | \(Support.binary) --group-nth 1")
        _ = try session.waitFor("the first day") { $0.contains(" \(days[0]) · ") && $0.contains(" of ") }
        // Alt-z: the focused day (the first) folds to its header; the query stays empty.
        try session.send("M-z")
        let folded = try session.waitFor("the first day folded") { $0.contains("▸ \(days[0]) · ") }
        let rows = folded.split(separator: "\n").map(String.init)
        let header = try #require(rows.firstIndex { $0.contains("▸ \(days[0]) · ") })
        #expect(rows[header + 1].contains(" \(days[1]) · "), "\(folded)")
        // Alt-t: the switcher lists the days; typing one chooses it, Enter goes there.
        try session.send("M-t")
        _ = try session.waitFor("the switcher") { $0.contains("┌ sections ") }
        try session.send("-l", days[2])
        _ = try session.waitFor("the day typed") { $0.contains("> \(days[2])") }
        try session.send("Enter")
        let jumped = try session.waitFor("the third day on top") { !$0.contains("┌ sections ") }
        let top = jumped.split(separator: "\n").first.map(String.init) ?? ""
        #expect(top.contains(" \(days[2]) · "), "\(jumped)")
        #expect(jumped.contains("▸ \(days[0]) · ") || !jumped.contains(" \(days[0]) · "), "\(jumped)")
        try session.send("C-c")
    }
}
