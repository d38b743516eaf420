// The values of a file the user wrote, as the option readers see them: the TOML reader's tree
// (the configuration) and the JSON reader's (sectioned data files) both give this view, so one
// reader checks an option wherever it is written, with the same rules and messages.

/// Which file format a node comes from: it decides how option keys are spelled (the
/// configuration's `card_width`, the data's `cardWidth`) and how a table is written in messages.
public enum SourceDialect: Sendable, Hashable {
    case toml
    case json

    /// A table of these keys as the format writes one, for messages: `{ top, left }` in TOML,
    /// `{"top", "left"}` in JSON.
    public func table(of keys: [String]) -> String {
        switch self {
        case .toml: "{ " + keys.joined(separator: ", ") + " }"
        case .json: "{" + keys.map { "\"\($0)\"" }.joined(separator: ", ") + "}"
        }
    }
}

/// One `key = value` of a table (TOML) or `"key": value` of an object (JSON).
public struct SourceMember<Node: SourceNode> {
    public var key: String
    /// Where the key is written (an unknown key is reported there).
    public var keyPosition: SourcePosition
    public var value: Node

    public init(key: String, keyPosition: SourcePosition, value: Node) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A value of either file, one level deep.
public enum SourceValue<Node: SourceNode> {
    /// A whole number that fits in `Int` (JSON: written without a fraction or an exponent).
    case integer(Int)
    /// Any other number (infinite beyond a `Double`'s range).
    case number(Double)
    case string(String)
    case bool(Bool)
    /// Members in source order (JSON keeps duplicate keys; the last one counts).
    case table([SourceMember<Node>])
    case array([Node])
    /// Anything else: JSON's null, TOML's date-times.
    case other
}

/// A node of a file's tree the option readers can read.
public protocol SourceNode: Sendable {
    /// The file format the node comes from.
    static var dialect: SourceDialect { get }
    /// A key as a key path shows it: TOML quotes a key that is not a bare word, JSON writes it
    /// as it is.
    static func pathComponent(_ key: String) -> String
    var sourceValue: SourceValue<Self> { get }
    /// Where the value starts.
    var position: SourcePosition { get }
    /// The value in a message that says what was found instead: TOML's `the string "x"`,
    /// JSON's `string "x"`, a number as written.
    var sourceSummary: String { get }
}

extension SourceNode {
    /// The members of a table or object, nil for any other value.
    public var members: [SourceMember<Self>]? {
        if case .table(let members) = sourceValue { members } else { nil }
    }
}
