// What the JSON reader gives: a tree of values, each with the place in the file where it starts,
// and the syntax error with its place.

/// A place in a source file. Both fields are 1-based. The column counts Unicode scalars from
/// the start of the line (a tab counts as one), which is roughly the column an editor shows.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, ready to follow `file:`.
    public var description: String { "\(line):\(column)" }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// A JSON value together with the position of its first character.
public struct JSONNode: Sendable {
    public var value: JSONValue
    public var position: SourcePosition

    public init(value: JSONValue, position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number (fraction, exponent, or an integer too large for `Int`).
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in source order; duplicate keys are kept.
    case object([JSONMember])

    /// "null", "boolean", "integer", "number", "string", "array" or "object".
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// One `"key": value` pair of an object.
public struct JSONMember: Sendable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: JSONNode

    public init(key: String, keyPosition: SourcePosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A document that is not valid JSON.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public var position: SourcePosition
    /// What is wrong, e.g. "expected ',' or '}' after an object member, found ']'".
    public var message: String
    /// Up to 20 characters of the source line starting at `position`, with control characters
    /// escaped (`\t`, `\u0007`); empty at the end of the input.
    public var snippet: String

    public init(position: SourcePosition, message: String, snippet: String) {
        self.position = position
        self.message = message
        self.snippet = snippet
    }

    /// `line:column: message`; prefix it with `file:` for the user.
    public var description: String { "\(position): \(message)" }
}

extension JSONNode {
    /// The value of the last member named `key`, if this node is an object that has one.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The kind of the value, for error messages: "null", "boolean", "integer", "number",
    /// "string", "array" or "object".
    public var kindName: String { value.kindName }

    /// A scalar as an item's field keeps it, as text ("" for null); nil for arrays and objects.
    public var scalarText: String? {
        switch value {
        case .string(let text): return text
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        case .bool(let value): return String(value)
        case .null: return ""
        case .array, .object: return nil
        }
    }
}
