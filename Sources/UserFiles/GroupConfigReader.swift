// Reading compositional groups from the configuration: [groups.NAME] defines one, and `group`
// in [layout] or [sections."TITLE"] names one (or gives one inline). The group itself is read
// by GroupReader, as in data files.

import Browser
import Catalog
import SplitLayout
import TOML

extension TOMLNode: GroupSourceNode {
    public var groupSourceValue: GroupSourceValue<TOMLNode> {
        switch value {
        case .integer(let whole): .integer(Int(clamping: whole))
        case .float(let real): .number(real)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements)
        case .table(let table):
            .table(table.entries.map { ($0.key, TOMLNode(.boolean(false), at: $0.keyPosition), $0.node) })
        case .boolean, .dateTime: .other(value.kindName)
        }
    }
    public var sourceLine: Int { position.line }
    public var sourceColumn: Int { position.column }
    public var sourceSummary: String { value.summary }
}

extension TableReader {
    /// [groups.NAME]: each table a group.
    func namedGroups() throws(ConfigError) -> [String: GroupLayout] {
        var groups: [String: GroupLayout] = [:]
        for entry in table.entries {
            let name = dotted(path + [.key(entry.key)])
            do {
                groups[entry.key] = try GroupReader.group(entry.node, path: name, parentWidth: nil)
            } catch {
                throw ConfigError(error, file: file)
            }
        }
        return groups
    }

    /// `key`: the name of a group (one of `groups` or a built-in one) or a group inline.
    func groupChoice(_ key: String, groups: [String: GroupLayout]) throws(ConfigError) -> GroupChoice? {
        guard let entry = table[key] else { return nil }
        let choice: GroupChoice
        do {
            choice = try GroupReader.choice(entry.node, path: dotted(path + [.key(key)]))
        } catch {
            throw ConfigError(error, file: file)
        }
        if case .named(let name, _, _) = choice, GroupReader.resolve(choice, named: groups) == nil {
            throw self.error(key: key, GroupReader.unknownName(name, named: groups))
        }
        return choice
    }
}

extension ConfigError {
    /// A group's problem in configuration file `file`, at the group's key path.
    init(_ problem: GroupProblem, file: String) {
        self.init(file: file, line: problem.line, column: problem.column, key: problem.path, message: problem.message)
    }
}
