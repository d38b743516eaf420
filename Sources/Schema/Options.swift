// Options declared once: each has its key as the configuration (TOML) and the data (JSON) spell
// it, the type of its value (with its range), and its help text; a table of them says what a
// table of a file may hold and where each value goes. `SourceTable` reads them from either
// file; the documentation checks (Config/default.toml, the README) and the command line's help
// read the same declarations.

/// An option's key in each file: `card_width` in the configuration, `cardWidth` in sectioned
/// JSON; nil where the file has no such option.
public struct OptionKey: Sendable, Hashable, CustomStringConvertible {
    public var toml: String?
    public var json: String?

    /// The same key in both files.
    public init(_ key: String) {
        self.toml = key
        self.json = key
    }

    public init(toml: String?, json: String?) {
        self.toml = toml
        self.json = json
    }

    /// The configuration's snake case and the data's camel case of one name: `cardWidth` is
    /// `card_width`.
    public static func camel(_ json: String) -> OptionKey {
        var toml = ""
        for character in json {
            if character.isUppercase {
                toml += "_" + character.lowercased()
            } else {
                toml.append(character)
            }
        }
        return OptionKey(toml: toml, json: json)
    }

    public func spelled(in dialect: SourceDialect) -> String? {
        switch dialect {
        case .toml: toml
        case .json: json
        }
    }

    public var description: String { toml ?? json ?? "" }
}

/// How a value is read from either file, and what it must be.
public protocol ValueType<Value>: Sendable {
    associatedtype Value: Sendable
    /// What the value must be, in words, as messages put it after "expected" (in the
    /// configuration's spelling).
    var expected: String { get }
    /// The value `node` holds, or the problem at `site`.
    func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> Value
}

/// One option: its key in each file, its type and its help.
public struct Option<Value: Sendable>: Sendable {
    public let key: OptionKey
    public let type: any ValueType<Value>
    public let help: String

    public init(_ key: OptionKey, _ type: some ValueType<Value>, help: String) {
        self.key = key
        self.type = type
        self.help = help
    }

    /// The same key in both files.
    public init(_ key: String, _ type: some ValueType<Value>, help: String) {
        self.init(OptionKey(key), type, help: help)
    }

    /// A setting that puts the value at `keyPath`.
    public func at<Root>(_ keyPath: WritableKeyPath<Root, Value> & Sendable) -> OptionSetting<Root, Value> {
        OptionSetting(self) { $0[keyPath: keyPath] = $1 }
    }

    /// A setting that puts the value at `keyPath`, an optional.
    public func at<Root>(_ keyPath: WritableKeyPath<Root, Value?> & Sendable) -> OptionSetting<Root, Value> {
        OptionSetting(self) { $0[keyPath: keyPath] = $1 }
    }

    /// A setting that applies the value as `apply` says; `apply` may refuse it.
    public func applying<Root>(
        _ apply: @escaping @Sendable (inout Root, Value) throws(SettingRefusal) -> Void
    ) -> OptionSetting<Root, Value> {
        OptionSetting(self, apply)
    }
}

/// Why a value that reads cannot be taken (reported at its key or value).
public struct SettingRefusal: Error, Sendable, Hashable {
    public var message: String

    public init(_ message: String) { self.message = message }
}

/// One key of a table and what its value does to the table's value (`Root`).
public protocol Setting<Root>: Sendable {
    associatedtype Root
    var key: OptionKey { get }
    var help: String { get }
    /// What the value must be ("a whole number of cells from 0 to 100000", "a table").
    var expected: String { get }
    /// Reads `node` (the value of this key, at `site`) into `root`.
    func apply<Node: SourceNode>(_ node: Node, at site: SourceSite, to root: inout Root) throws(SourceProblem)
}

/// An option whose value is applied by a function (usually stored at a key path).
public struct OptionSetting<Root, Value: Sendable>: Setting {
    public let option: Option<Value>
    let assign: @Sendable (inout Root, Value) throws(SettingRefusal) -> Void

    public init(
        _ option: Option<Value>, _ assign: @escaping @Sendable (inout Root, Value) throws(SettingRefusal) -> Void
    ) {
        self.option = option
        self.assign = assign
    }

    public var key: OptionKey { option.key }
    public var help: String { option.help }
    public var expected: String { option.type.expected }

    public func apply<Node: SourceNode>(_ node: Node, at site: SourceSite, to root: inout Root) throws(SourceProblem) {
        let value = try option.type.read(node, at: site)
        do {
            try assign(&root, value)
        } catch {
            throw site.problem(error.message)
        }
    }
}

/// A key whose value is a table of options of its own, read into the part of `Root` at a key
/// path (over what is there, or over a fresh value where the part is optional and unset).
public struct TableSetting<Root, Inner>: Setting {
    public let key: OptionKey
    public let help: String
    public let table: OptionTable<Inner>
    let get: @Sendable (Root) -> Inner
    let set: @Sendable (inout Root, Inner) -> Void

    public init(
        _ key: OptionKey, _ table: OptionTable<Inner>, at keyPath: WritableKeyPath<Root, Inner> & Sendable,
        help: String
    ) {
        self.key = key
        self.table = table
        self.help = help
        self.get = { $0[keyPath: keyPath] }
        self.set = { $0[keyPath: keyPath] = $1 }
    }

    public init(
        _ key: OptionKey, _ table: OptionTable<Inner>, at keyPath: WritableKeyPath<Root, Inner?> & Sendable,
        fresh: Inner, help: String
    ) where Inner: Sendable {
        self.key = key
        self.table = table
        self.help = help
        self.get = { $0[keyPath: keyPath] ?? fresh }
        self.set = { $0[keyPath: keyPath] = $1 }
    }

    public var expected: String { "a table" }

    public func apply<Node: SourceNode>(_ node: Node, at site: SourceSite, to root: inout Root) throws(SourceProblem) {
        let nested = try SourceTable(node, at: site, noun: table.noun)
        var inner = get(root)
        try nested.apply(table, to: &inner)
        set(&root, inner)
    }
}

/// A key the table allows and documents, whose value its reader reads itself (a section's
/// items, read by the JSON loader's item reader).
public struct ReadByCaller<Root>: Setting {
    public let key: OptionKey
    public let help: String
    public let expected: String

    public init(_ key: OptionKey, expected: String, help: String) {
        self.key = key
        self.expected = expected
        self.help = help
    }

    public func apply<Node: SourceNode>(_ node: Node, at site: SourceSite, to root: inout Root) throws(SourceProblem) {}
}

/// A setting of another table, applied to the part of `Root` at a key path: how one table
/// takes in another's options (the configuration's [row] takes the row options).
public struct ProjectedSetting<Root, Inner>: Setting {
    public let inner: any Setting<Inner>
    let keyPath: WritableKeyPath<Root, Inner> & Sendable

    public init(_ inner: any Setting<Inner>, at keyPath: WritableKeyPath<Root, Inner> & Sendable) {
        self.inner = inner
        self.keyPath = keyPath
    }

    public var key: OptionKey { inner.key }
    public var help: String { inner.help }
    public var expected: String { inner.expected }

    public func apply<Node: SourceNode>(_ node: Node, at site: SourceSite, to root: inout Root) throws(SourceProblem) {
        try inner.apply(node, at: site, to: &root[keyPath: keyPath])
    }
}

/// What a table's check refuses: the key to blame and why.
public struct TableRefusal: Sendable, Hashable {
    public var key: OptionKey
    public var message: String

    public init(key: OptionKey, message: String) {
        self.key = key
        self.message = message
    }
}

/// The options of one table of a file, in the order they are read (and documented).
public struct OptionTable<Root>: Sendable {
    public var settings: [any Setting<Root>]
    /// What a value that should be this table is called in the data's messages ("an object of
    /// row options").
    public var noun: String
    /// How a key the table does not know is reported in the data's style.
    public var unknownKeys: UnknownKeys
    /// What the options given cannot be together, checked once all are read (in the file's
    /// dialect, for the keys its message names).
    public var check: (@Sendable (Root, SourceDialect) -> TableRefusal?)?

    public init(
        _ settings: [any Setting<Root>], noun: String = "a table", unknownKeys: UnknownKeys = .listed(),
        check: (@Sendable (Root, SourceDialect) -> TableRefusal?)? = nil
    ) {
        self.settings = settings
        self.noun = noun
        self.unknownKeys = unknownKeys
        self.check = check
    }

    /// The keys as `dialect` spells them, in the table's order.
    public func keys(in dialect: SourceDialect) -> [String] { settings.compactMap { $0.key.spelled(in: dialect) } }

    /// The setting of `key` (in either spelling).
    public func setting(_ key: String) -> (any Setting<Root>)? {
        settings.first { $0.key.toml == key || $0.key.json == key }
    }

    /// These settings applied to the part of `Outer` at `keyPath`, for a table that takes them
    /// in among its own.
    public func projected<Outer>(at keyPath: WritableKeyPath<Outer, Root> & Sendable) -> [any Setting<Outer>] {
        settings.map { ProjectedSetting($0, at: keyPath) }
    }
}
