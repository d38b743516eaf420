// The one reader of options: a table (or object) of either file, read against the options
// declared for it, with every problem placed at a line and column and named by its key path.

import SafeText

/// A value that does not read: where (its position and key path) and why.
public struct SourceProblem: Error, Sendable, Hashable {
    /// Nil only for a problem of a whole document that has no place of its own.
    public var position: SourcePosition?
    /// The key path: `sections[0].row.cardWidth`, `layout.side`; empty for the document.
    public var path: String
    public var message: String

    public init(position: SourcePosition?, path: String, message: String) {
        self.position = position
        self.path = path
        self.message = message
    }
}

/// How the problems in a table are placed and worded. Each file keeps the forms its messages
/// have always had.
public enum SourceStyle: Sendable, Hashable {
    /// The configuration's tables: a value at fault is reported at its key; an unknown key as
    /// `unknown key in [table] (allowed: ...)`; a value that should be a table as `expected a
    /// table [table]`.
    case keys
    /// Data files, and groups wherever they are written: a value at fault is reported where it
    /// starts; an unknown key as `unknown key "k" (allowed: ...)` at the key, under the table's
    /// path (or as the table's `UnknownKeys` says); a value that should be a table as
    /// `expected <the table's noun>`.
    case values
}

/// Where a value is read, for its messages.
public struct SourceSite: Sendable, Hashable {
    /// Its key path.
    public var path: String
    /// Where its problems are reported (by the style: the key, or the value).
    public var position: SourcePosition?
    /// The style of the table it is in, which tables inside it keep.
    public var style: SourceStyle

    public init(path: String, position: SourcePosition?, style: SourceStyle) {
        self.path = path
        self.position = position
        self.style = style
    }

    public func problem(_ message: String) -> SourceProblem {
        SourceProblem(position: position, path: path, message: message)
    }

    /// `expected <what>, found <the value>`.
    public func expected<Node: SourceNode>(_ what: String, found node: Node) -> SourceProblem {
        problem("expected \(what), found \(node.sourceSummary)")
    }

    /// The same place under a longer path (`path.key`).
    public func appending<Node: SourceNode>(_ key: String, of _: Node.Type) -> String {
        let component = Node.pathComponent(key)
        return path.isEmpty ? component : path + "." + component
    }
}

/// A table (or object) of a file, read against declared options.
public struct SourceTable<Node: SourceNode> {
    public let members: [SourceMember<Node>]
    /// The table's key path (empty for the document).
    public let path: String
    /// Where problems of the table itself are reported (nil: the document).
    public let position: SourcePosition?
    public let style: SourceStyle

    public init(members: [SourceMember<Node>], path: String, position: SourcePosition?, style: SourceStyle) {
        self.members = members
        self.path = path
        self.position = position
        self.style = style
    }

    /// The table `node` holds, or the problem that it is none: `expected a table [path]` in the
    /// configuration's style, `expected <noun>` in the data's.
    public init(_ node: Node, at site: SourceSite, noun: String) throws(SourceProblem) {
        guard let members = node.members else {
            throw site.expected(site.style == .keys ? "a table [\(site.path)]" : noun, found: node)
        }
        self.init(
            members: members, path: site.path, position: site.style == .keys ? node.position : site.position,
            style: site.style)
    }

    /// The member of `key` (the last one, where JSON repeats a key).
    public func member(_ key: String) -> SourceMember<Node>? { members.last { $0.key == key } }

    public func has(_ key: String) -> Bool { member(key) != nil }

    /// The key path of a key of this table.
    public func path(of key: String) -> String {
        let component = Node.pathComponent(key)
        return path.isEmpty ? component : path + "." + component
    }

    /// Where the value of `member` is read.
    public func site(of member: SourceMember<Node>) -> SourceSite {
        SourceSite(
            path: path(of: member.key), position: style == .keys ? member.keyPosition : member.value.position,
            style: style)
    }

    /// Where a problem with `key` is reported: at its member when the table has one; else at the
    /// table, under the key's path in the configuration's style and the table's in the data's.
    public func site(ofKey key: String) -> SourceSite {
        if let member = member(key) { return site(of: member) }
        return SourceSite(path: style == .keys ? path(of: key) : path, position: position, style: style)
    }

    /// A problem of the table itself.
    public func problem(_ message: String) -> SourceProblem {
        SourceProblem(position: position, path: path, message: message)
    }

    /// What `key` holds, for "found ..." in messages ("nothing" when absent).
    public func summary(of key: String) -> String { member(key)?.value.sourceSummary ?? "nothing" }

    /// The value of `option`, when the table gives it (under its spelling in this file).
    public func read<Value>(_ option: Option<Value>) throws(SourceProblem) -> Value? {
        guard let key = option.key.spelled(in: Node.dialect), let member = member(key) else { return nil }
        return try option.type.read(member.value, at: site(of: member))
    }

    /// The table under `key`, when given.
    public func table(_ key: String, noun: String) throws(SourceProblem) -> SourceTable? {
        guard let member = member(key) else { return nil }
        return try SourceTable(member.value, at: site(of: member), noun: noun)
    }

    /// Refuses the first member whose key is not in `known`, as the style and `unknown` say.
    public func checkKeys(_ known: [String], unknown: UnknownKeys = .listed()) throws(SourceProblem) {
        let allowed = Set(known)
        guard let member = members.first(where: { !allowed.contains($0.key) }) else { return }
        switch (style, unknown) {
        case (.keys, _):
            let place = path.isEmpty ? "at the top level" : "in [\(path)]"
            throw SourceProblem(
                position: member.keyPosition, path: path(of: member.key),
                message: "unknown key \(place) (allowed: \(known.sorted().joined(separator: ", ")))")
        case (.values, .listed(let context, let sorted)):
            let list = (sorted ? known.sorted() : known).joined(separator: ", ")
            throw SourceProblem(
                position: member.keyPosition, path: path,
                message:
                    "unknown key \(MessageText.quoted(member.key))\(context.map { " in \($0)" } ?? "") (allowed: \(list))"
            )
        case (.values, .option(let noun)):
            let list = known.map { "\"\($0)\"" }.joined(separator: ", ")
            throw SourceProblem(
                position: member.value.position, path: path(of: member.key),
                message: "unknown \(noun) (expected one of \(list))")
        }
    }

    /// Reads every option of `table` this table gives into `root`: unknown keys first, then each
    /// option in the order the table declares them, then the table's own check.
    public func apply<Root>(_ table: OptionTable<Root>, to root: inout Root) throws(SourceProblem) {
        try checkKeys(table.keys(in: Node.dialect), unknown: table.unknownKeys)
        for setting in table.settings {
            guard let key = setting.key.spelled(in: Node.dialect), let member = member(key) else { continue }
            try setting.apply(member.value, at: site(of: member), to: &root)
        }
        if let check = table.check, let refusal = check(root, Node.dialect) {
            let key = refusal.key.spelled(in: Node.dialect) ?? refusal.key.toml ?? ""
            throw site(ofKey: key).problem(refusal.message)
        }
    }
}

/// How a table reports a key it does not know, in the data's style.
public enum UnknownKeys: Sendable, Hashable {
    /// `unknown key "k" (allowed: a, b)` at the key, under the table's path; `context` ("a
    /// group") adds ` in a group`; the keys listed sorted, or in the table's order.
    case listed(context: String? = nil, sorted: Bool = true)
    /// `unknown <noun> (expected one of "a", "b")` at the value, under the key's own path.
    case option(noun: String)
}
