// A table of options with its defaults, as a documentation check sees it: which keys a table of
// the configuration has, and whether a value written for one of them (in Config/default.toml) is
// its default.

/// A table of options with its defaults, its type hidden.
public protocol DocumentedTable: Sendable {
    /// The table's header in the configuration: `[layout]`, `[[breakpoint]]`, `` for the top level.
    var header: String { get }
    /// Its keys, as the configuration spells them, in its order.
    var keys: [String] { get }
    /// Whether `key`'s value in `table`, applied over the defaults, leaves them as they are: true
    /// for the default, false for another value; nil when the table does not give the key.
    func keepsDefault<Node: SourceNode>(_ key: String, in table: SourceTable<Node>) throws(SourceProblem) -> Bool?
}

/// An option table and the value its keys leave alone when they give the defaults.
public struct DefaultedTable<Root: Equatable & Sendable>: DocumentedTable {
    public let header: String
    public let table: OptionTable<Root>
    public let defaults: Root

    public init(_ header: String, _ table: OptionTable<Root>, defaults: Root) {
        self.header = header
        self.table = table
        self.defaults = defaults
    }

    public var keys: [String] { table.keys(in: .toml) }

    public func keepsDefault<Node: SourceNode>(
        _ key: String, in source: SourceTable<Node>
    ) throws(SourceProblem) -> Bool? {
        guard let setting = table.setting(key), let member = source.member(key) else { return nil }
        var root = defaults
        try setting.apply(member.value, at: source.site(of: member), to: &root)
        return root == defaults
    }
}
