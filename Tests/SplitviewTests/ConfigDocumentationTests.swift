// Config/default.toml against the declarations of the configuration (ConfigSchema): every
// declared key is written there, with its default when it is written as a value, and no key
// that is not declared is.

import Catalog
import Foundation
import Schema
import TOML
import Testing

@testable import UserFiles

@Suite("Config/default.toml documents every key of the configuration, with its default")
struct ConfigDocumentationTests {
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Config/default.toml").path

    /// The file's lines by table header ("" before the first), and in each the keys written as
    /// comments (`# key = value`, one space after the `#`; the examples of [sections] and
    /// [groups] are indented further), with their values.
    static func commentedKeys(_ text: String) -> [String: [(key: String, value: String)]] {
        var header = ""
        var found: [String: [(key: String, value: String)]] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") {
                header = String(line.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces)
                continue
            }
            guard line.hasPrefix("# "), let equals = line.range(of: " = ") else { continue }
            let key = line[line.index(line.startIndex, offsetBy: 2)..<equals.lowerBound]
            guard !key.isEmpty, key.allSatisfy({ $0.isLowercase || $0 == "_" }) else { continue }
            found[header, default: []].append((String(key), String(line[equals.upperBound...])))
        }
        return found
    }

    /// The table of the document a header names: the document itself for "", the table of
    /// `[name]`, or each table of the list `[[name]]`.
    static func tables(_ header: String, in document: TOMLTable) -> [SourceTable<TOMLNode>] {
        func table(_ members: TOMLTable, path: String) -> SourceTable<TOMLNode> {
            SourceTable(
                members: members.entries.map { SourceMember(key: $0.key, keyPosition: $0.keyPosition, value: $0.node) },
                path: path, position: nil, style: .keys)
        }
        if header.isEmpty { return [table(document, path: "")] }
        let name = header.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        switch document[name]?.node.value {
        case .table(let nested): return [table(nested, path: name)]
        case .array(let elements):
            return elements.compactMap {
                if case .table(let nested) = $0.value { table(nested, path: name) } else { nil }
            }
        default: return []
        }
    }

    @Test("each declared key is in its table, its value the default; each key there is declared")
    func defaultsAreDocumented() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let document = try TOMLReader.parse(text)
        let commented = Self.commentedKeys(text)
        let documented = Set(ConfigSchema.documented.map(\.header))
        // Every table the file writes is declared (at the top level), and documented here
        // unless its keys are the user's own ([sections], [groups], [widths]).
        let topLevel = ConfigSchema.root.keys(in: .toml)
        for header in Set(commented.keys).subtracting([""]) {
            let name = header.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            #expect(topLevel.contains(name), "\(header) is not a table of the configuration")
        }
        for key in document.keys {
            #expect(topLevel.contains(key), "\(key) is not a key of the configuration's top level")
            if case .table(let nested)? = document[key]?.node.value, !nested.isEmpty {
                #expect(documented.contains("[\(key)]"), "[\(key)] is written but not documented by ConfigSchema")
            }
        }
        for table in ConfigSchema.documented {
            let sources = Self.tables(table.header, in: document)
            #expect(!sources.isEmpty, "\(table.header) is missing from Config/default.toml")
            let written = Set(sources.flatMap { $0.members.map(\.key) })
            let inComments = commented[table.header] ?? []
            for key in table.keys {
                if written.contains(key) {
                    for source in sources {
                        let keeps = try table.keepsDefault(key, in: source)
                        #expect(keeps != false, "\(table.header) \(key): the value written is not the default")
                    }
                } else if let line = inComments.first(where: { $0.key == key }) {
                    // Commented out (no default, or one that depends): an example that reads.
                    let example = Self.tables("", in: try TOMLReader.parse("\(key) = \(line.value)"))[0]
                    #expect(throws: Never.self, "\(table.header) # \(key) = \(line.value)") {
                        _ = try table.keepsDefault(key, in: example)
                    }
                } else if !table.header.isEmpty {
                    Issue.record("\(table.header) \(key) is declared but not in Config/default.toml")
                }
            }
            for key in written.union(inComments.map(\.key)) where !table.keys.contains(key) {
                Issue.record("\(table.header) \(key) is in Config/default.toml but not declared")
            }
        }
        // And the whole file reads as the defaults.
        #expect(try ConfigLoader.parse(text, file: "default.toml") == Configuration.defaults)
    }

    @Test("every option of the configuration has a help text, and no table names a key twice")
    func declarationsAreWhole() {
        for table in ConfigSchema.documented {
            #expect(Set(table.keys).count == table.keys.count, "\(table.header) declares a key twice")
        }
        let tables: [(String, [any Setting<Configuration>])] = [
            ("root", ConfigSchema.root.settings), ("layout", ConfigSchema.layout.settings),
            ("item", ConfigSchema.item.settings), ("theme", ConfigSchema.theme.settings),
            ("emoji", ConfigSchema.emoji.settings), ("recent", ConfigSchema.recent.settings),
            ("screen", ConfigSchema.screen.settings), ("search", ConfigSchema.search.settings),
        ]
        for (name, settings) in tables {
            for setting in settings { #expect(!setting.help.isEmpty, "\(name).\(setting.key) has no help") }
        }
        for setting in ConfigSchema.row.settings + ConfigSchema.section.settings {
            #expect(!setting.help.isEmpty, "\(setting.key) has no help")
        }
    }

    @Test("the [groups] comment names every key of a group, of an item of one and of a badge")
    func groupKeysAreDocumented() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let end = try #require(lines.firstIndex(of: "[groups]"))
        let start = try #require(lines[..<end].lastIndex(of: ""))
        let comment = lines[start..<end].joined(separator: "\n")
        let keys =
            GroupReader.options.keys(in: .toml) + GroupReader.itemOptions.keys(in: .toml)
            + BadgeList.options.keys(in: .toml)
        for key in Set(keys) {
            #expect(
                comment.contains("\"\(key)\"") || comment.contains("\(key) = "),
                "[groups] of Config/default.toml does not name \(key)")
        }
    }
}
