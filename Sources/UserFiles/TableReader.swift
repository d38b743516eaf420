// One table of the configuration, read through Schema's one reader (`SourceTable`) in the
// configuration's style: every error names the file, the line and column of the key at fault
// and its key path.

import Catalog
import Schema
import TOML

struct TableReader {
    let source: SourceTable<TOMLNode>
    let file: String

    /// The document's top level.
    init(document: TOMLTable, file: String) {
        let members = document.entries.map {
            SourceMember(key: $0.key, keyPosition: $0.keyPosition, value: $0.node)
        }
        self.init(source: SourceTable(members: members, path: "", position: nil, style: .keys), file: file)
    }

    init(source: SourceTable<TOMLNode>, file: String) {
        self.source = source
        self.file = file
    }

    func has(_ key: String) -> Bool { source.has(key) }

    /// An error at `key` (at the table itself for nil), or at `position` when given.
    func error(key: String?, _ message: String, at position: SourcePosition? = nil) -> ConfigError {
        var site =
            key.map { source.site(ofKey: $0) } ?? SourceSite(path: source.path, position: source.position, style: .keys)
        if let position { site.position = position }
        return ConfigError(site.problem(message), file: file)
    }

    /// What `key` holds, for "found ..." in messages.
    func describe(_ key: String) -> String { source.summary(of: key) }

    /// The table under `key`, when the file writes one.
    func table(_ key: String) throws(ConfigError) -> TableReader? {
        do {
            return try source.table(key, noun: "a table").map { TableReader(source: $0, file: file) }
        } catch {
            throw ConfigError(error, file: file)
        }
    }

    /// The tables of the list under `key` (`[[key]]`), when the file writes one.
    func arrayOfTables(_ key: String) throws(ConfigError) -> [TableReader]? {
        guard let member = source.member(key) else { return nil }
        let site = source.site(of: member)
        guard case .array(let elements) = member.value.sourceValue else {
            throw error(key: key, "expected a list of tables written [[\(key)]], found \(describe(key))")
        }
        var readers: [TableReader] = []
        for (index, element) in elements.enumerated() {
            guard let members = element.members else {
                throw error(
                    key: key,
                    "expected a list of tables written [[\(key)]], found \(element.sourceSummary) at position \(index + 1)"
                )
            }
            readers.append(
                TableReader(
                    source: SourceTable(
                        members: members, path: "\(site.path)[\(index)]", position: element.position, style: .keys),
                    file: file))
        }
        return readers
    }

    /// Rejects the keys `table` does not declare, naming the first unknown one.
    func checkKeys<Root>(_ table: OptionTable<Root>) throws(ConfigError) {
        do {
            try source.checkKeys(table.keys(in: .toml))
        } catch {
            throw ConfigError(error, file: file)
        }
    }

    /// The options of `table` this table gives, read into `root`.
    func apply<Root>(_ table: OptionTable<Root>, to root: inout Root) throws(ConfigError) {
        do {
            try source.apply(table, to: &root)
        } catch {
            throw ConfigError(error, file: file)
        }
    }

    /// The value of `option`, when given.
    func read<Value>(_ option: Option<Value>) throws(ConfigError) -> Value? {
        do {
            return try source.read(option)
        } catch {
            throw ConfigError(error, file: file)
        }
    }
}

extension ConfigError {
    /// A problem of the configuration file `file`, at its key path.
    init(_ problem: SourceProblem, file: String) {
        self.init(
            file: file, line: problem.position?.line, column: problem.position?.column,
            key: problem.path.isEmpty ? nil : problem.path, message: problem.message)
    }
}
