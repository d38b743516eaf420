// Every command output the README and the pages of docs/ quote comes from the real binary: a
// fenced block of output follows a marker that names its command,
//
//     <!-- output: splitview render --width 100 --height 16 -->
//
// and this test runs the command (bash, in the repository's root, `splitview` the binary
// beside the tests, standard input a terminal nobody types on, no user configuration) and
// compares. In a block, a line `...` stands for any lines of the output (an excerpt). Run
// with UPDATE_README=1 to write the outputs into blocks that have no `...`. A block moved from
// one page to another keeps its marker: the command runs from the repository's root wherever
// the page is.

import Foundation
import TerminalTestSupport
import Testing

@Suite struct ReadmeOutputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let marker = "<!-- output: "

    /// The pages checked, relative to the root: the README and every Markdown file under docs/.
    static var pages: [String] {
        let docs = FileManager.default.enumerator(atPath: root + "/docs")?.compactMap { $0 as? String } ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    struct Block {
        /// The command of the marker.
        var command: String
        /// The lines of the block, between its fences (indices into the page's lines).
        var lines: Range<Int>
    }

    /// The marked blocks of `lines`; a marker not followed at once by a fenced block is an
    /// error, named by its line.
    static func blocks(_ lines: [String]) -> (blocks: [Block], problems: [String]) {
        var blocks: [Block] = []
        var problems: [String] = []
        for (index, line) in lines.enumerated() where line.hasPrefix(marker) {
            guard line.hasSuffix(" -->") else {
                problems.append("line \(index + 1): a marker ends with \" -->\" on its line")
                continue
            }
            let command = String(line.dropFirst(marker.count).dropLast(4))
            guard index + 1 < lines.count, lines[index + 1].hasPrefix("```"),
                let close = lines[(index + 2)...].firstIndex(where: { $0.hasPrefix("```") })
            else {
                problems.append("line \(index + 1): no fenced block right after the marker")
                continue
            }
            blocks.append(Block(command: command, lines: (index + 2)..<close))
        }
        return (blocks, problems)
    }

    /// What `command` prints, its lines with trailing blanks removed (a screen's rows are
    /// padded; the pages' are not), and its status.
    static func output(of command: String) throws -> (lines: [String], status: Int32, stderr: String) {
        let home = Support.emptyHome
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home
        environment["XDG_STATE_HOME"] = home
        environment["NO_COLOR"] = nil
        let binaries = URL(fileURLWithPath: Support.binary).deletingLastPathComponent().path
        environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let terminal = try PseudoTerminal.openMaster(columns: 80, rows: 24)
        defer { close(terminal.master) }
        let result = try Support.spawn(
            "/bin/bash", ["-c", "cd \(root) && " + command], environment: environment, stdinPath: terminal.slavePath)
        var lines = result.stdout.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return (lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }, result.status, result.stderr)
    }

    /// Whether `shown` (with `...` for any run of lines) is `actual`.
    static func matches(_ shown: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let first = shown.first else { return actual.isEmpty }
        if first.trimmingCharacters(in: .whitespaces) == "..." {
            let rest = shown.dropFirst()
            return (actual.startIndex...actual.endIndex).contains { matches(rest, actual[$0...]) }
        }
        return actual.first == first && matches(shown.dropFirst(), actual.dropFirst())
    }

    @Test("every output the README and docs/ quote is what its command prints")
    func outputsAreCurrent() throws {
        #expect(Self.pages.count > 1, "no pages under docs/")
        var count = 0
        for page in Self.pages { count += try checkOutputs(of: page) }
        #expect(count >= 8)
    }

    /// Checks (or with UPDATE_README=1 rewrites) the marked blocks of `page`; their number.
    func checkOutputs(of page: String) throws -> Int {
        let path = Self.root + "/" + page
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let (blocks, problems) = Self.blocks(lines)
        #expect(problems.isEmpty, "\(page): \(problems)")
        let updating = ProcessInfo.processInfo.environment["UPDATE_README"] == "1"
        var updated = false
        // From the last block up, so that rewriting one leaves the lines of those above.
        for block in blocks.reversed() {
            let (actual, status, stderr) = try Self.output(of: block.command)
            #expect(!actual.isEmpty, "\(page): \(block.command) printed nothing: \(stderr) (status \(status))")
            let shown = lines[block.lines]
            if Self.matches(shown, actual[...]) { continue }
            if updating && !shown.contains(where: { $0.trimmingCharacters(in: .whitespaces) == "..." }) {
                lines.replaceSubrange(block.lines, with: actual)
                updated = true
                continue
            }
            Issue.record(
                """
                \(page) line \(block.lines.lowerBound): the output of `\(block.command)` differs \
                (UPDATE_README=1 swift test --filter ReadmeOutputTests writes it):
                \(actual.joined(separator: "\n"))
                """)
        }
        if updated { try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8) }
        return blocks.count
    }

    @Test("every fenced block of plain text in the README and docs/ is a command's output, marked")
    func plainBlocksAreMarked() throws {
        for page in Self.pages {
            let lines = try String(contentsOfFile: Self.root + "/" + page, encoding: .utf8)
                .components(separatedBy: "\n")
            var open = false
            for (index, line) in lines.enumerated() where line.hasPrefix("```") {
                defer { open.toggle() }
                // An opening fence with no language: output, which must say where it comes from.
                if !open && line == "```" {
                    #expect(
                        index > 0 && lines[index - 1].hasPrefix(Self.marker),
                        "\(page) line \(index + 1): a block of plain text with no <!-- output: ... --> marker")
                }
            }
        }
    }

    @Test("the excerpt rule: ... stands for any lines, the rest must be there in order")
    func excerpts() {
        #expect(Self.matches(["a", "...", "d"], ["a", "b", "c", "d"]))
        #expect(Self.matches(["a", "...", "d"], ["a", "d"]))
        #expect(Self.matches(["...", "c"], ["a", "b", "c"]))
        #expect(!Self.matches(["a", "...", "d"], ["a", "b", "c"]))
        #expect(!Self.matches(["a", "c"], ["a", "b", "c"]))
        #expect(Self.matches(["a", " ..."], ["a", "b"]))
    }
}
