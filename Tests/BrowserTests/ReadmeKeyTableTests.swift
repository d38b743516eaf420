// The README's key table (`| key | action |`, in Browsing) against the key maps: every key a
// map binds (KeyMaps.swift, which dispatch and the help overlay read) is named in the table's
// key column, and the key column names no key that no map binds.
//
// The rule for reading the key column:
// - a one-character span in backticks is that character's key (`h`, `<`, `?`);
// - a word is a key when it is a key's README name: the help's name (`Key.helpName`) with the
//   arrows written Left Right Up Down, ^X written Ctrl-X, Del written Delete and Ins written
//   Insert (PgUp, Home, Tab, Shift-Tab, Enter, Esc, Space, Backspace, F1 are as the help writes
//   them); "arrows" is the four arrows;
// - every other word says when the keys apply ("in the prompt:", "with `--multi`:", "(in a
//   row)") or names the mouse ("click", "Shift+wheel"), and is not a key.
// The test checks the union of every mode's keys: which mode a key works in is the action
// column's business, and the help overlay's.

import Foundation
import Testing
import TerminalUI

@testable import Browser

@Suite struct ReadmeKeyTableTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md").path

    /// How the README writes a key the help writes as `helpName`.
    static func readmeName(helpName: String) -> String {
        if helpName.count == 1, !["←", "→", "↑", "↓"].contains(helpName) { return "`\(helpName)`" }
        var name = helpName
        if name.hasPrefix("^") { name = "Ctrl-" + name.dropFirst() }
        for (help, readme) in [("←", "Left"), ("→", "Right"), ("↑", "Up"), ("↓", "Down")] {
            name = name.replacingOccurrences(of: help, with: readme)
        }
        if name.hasSuffix("Del") { name += "ete" }
        if name.hasSuffix("Ins") { name += "ert" }
        return name
    }

    /// Words that name keys without being one key's name.
    static let shorthands = ["arrows": ["Left", "Right", "Up", "Down"]]

    /// Whether a word of the key column is meant as a key: a key's README name, by its form.
    static func looksLikeKey(_ word: String) -> Bool {
        let named: Set = [
            "Left", "Right", "Up", "Down", "PgUp", "PgDn", "Home", "End", "Tab", "Shift-Tab", "Enter", "Esc",
            "Space", "Backspace", "Delete", "Insert",
        ]
        return named.contains(word) || shorthands[word] != nil || word.hasPrefix("Ctrl-") || word.hasPrefix("Alt-")
            || word.hasPrefix("Shift-") || word.wholeMatch(of: /F[0-9]+/) != nil
    }

    /// The keys the key column of the README's key table names, by README name, with the row
    /// (its key cell) each comes from; nil when there is no such table.
    static func tableKeys(_ text: String) -> [(name: String, row: String)]? {
        let lines = text.components(separatedBy: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| key | action |") }) else { return nil }
        var keys: [(name: String, row: String)] = []
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cell = line.dropFirst().prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces)
            // One-character spans in backticks; longer ones (`--multi`) are options, not keys.
            let spans = cell.split(separator: "`", omittingEmptySubsequences: false)
            var words = ""
            for (index, span) in spans.enumerated() {
                if index % 2 == 1 {
                    if span.count == 1 { keys.append(("`\(span)`", cell)) }
                } else {
                    words += " " + span
                }
            }
            for word in words.split(whereSeparator: { " ,:()".contains($0) }).map(String.init) where looksLikeKey(word)
            {
                for name in shorthands[word] ?? [word] { keys.append((name, cell)) }
            }
        }
        return keys
    }

    /// Every key a map binds, by README name, with where it is bound (mode: help text).
    static func boundKeys() -> [String: [String]] {
        var bound: [String: [String]] = [:]
        for map in KeyMap.all {
            for group in map.groups {
                for key in group.bindings.flatMap(\.keys) {
                    bound[readmeName(helpName: key.helpName), default: []].append("\(map.mode): \(group.help)")
                }
            }
        }
        return bound
    }

    @Test("the README's names of keys: the help's names, arrows and Ctrl written out")
    func names() {
        #expect(Self.readmeName(helpName: Key.left.helpName) == "Left")
        #expect(Self.readmeName(helpName: Key.control("b").helpName) == "Ctrl-B")
        #expect(Self.readmeName(helpName: Key.delete.helpName) == "Delete")
        #expect(Self.readmeName(helpName: Key.character("<").helpName) == "`<`")
        #expect(Self.readmeName(helpName: Key.character(" ").helpName) == "Space")
        #expect(Self.readmeName(helpName: Key.backTab.helpName) == "Shift-Tab")
        #expect(Self.readmeName(helpName: Key.modified(.up, [.ctrl, .shift]).helpName) == "Ctrl-Shift-Up")
        let keys = Self.tableKeys(
            "| key | action |\n| --- | --- |\n| in the prompt, with `--multi`: Tab, `x` (Ctrl-Y) | a |\n| arrows, click, Shift+wheel | b |\n"
        )
        #expect(keys?.map(\.name) == ["`x`", "Tab", "Ctrl-Y", "Left", "Right", "Up", "Down"])
    }

    @Test("the README's key table names every key the key maps bind, and no other")
    func tableMatchesKeyMaps() throws {
        let text = try String(contentsOfFile: Self.readme, encoding: .utf8)
        let table = try #require(
            Self.tableKeys(text), "README.md has no key table (a line starting `| key | action |`, in Browsing)")
        let named = Set(table.map(\.name))
        let bound = Self.boundKeys()
        for (name, uses) in bound.sorted(by: { $0.key < $1.key }) where !named.contains(name) {
            Issue.record(
                """
                README.md's key table does not name \(name), which the key maps bind (\
                \(uses.joined(separator: "; "))): add it to the key column of the row that says what it \
                does, written \(name)
                """)
        }
        for (name, row) in table where bound[name] == nil {
            Issue.record(
                """
                README.md's key table names \(name) (row "\(row)"), which no key map binds: take it out of \
                the key column, or bind it in Sources/Browser/KeyMaps.swift (how the README writes keys: the \
                top of Tests/BrowserTests/ReadmeKeyTableTests.swift)
                """)
        }
    }
}
