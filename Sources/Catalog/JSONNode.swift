// What the JSON reader gives: a tree of values, each with the place in the file where it starts,
// and the syntax error with its place.

import Schema

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
    /// A number, kept as the source writes it.
    case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    /// Members in source order; duplicate keys are kept.
    case object([JSONMember])

    /// "null", "boolean", "integer" (a number written whole), "number", "string", "array" or
    /// "object".
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(let number): number.isWhole ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// A JSON number as the source writes it: `12345678901234567890`, `1e3` and `-0` stay so, in a
/// field and when printed again. It is converted only where a value is needed (a width, an
/// effect's option), and a number beyond a 64-bit float's range is then infinite, outside every
/// range asked for.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number's text, valid by JSON's grammar (`-? int frac? exp?`).
    public let literal: String

    /// `literal` must be a JSON number; the reader checks it.
    public init(literal: String) {
        self.literal = literal
    }

    /// Whether it is written without a fraction or an exponent.
    public var isWhole: Bool {
        !literal.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
    }

    /// Its value when it is written whole and fits in `Int`.
    public var integer: Int? { isWhole ? Int(literal) : nil }

    /// The nearest `Double` (infinite beyond its range).
    public var double: Double { Double(literal) ?? .nan }

    public var description: String { literal }
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

    /// The value when it is a number written whole that fits in `Int`.
    public var integerValue: Int? {
        if case .number(let number) = value { number.integer } else { nil }
    }

    /// The value when it is a number, whole or not (infinite beyond a `Double`'s range).
    public var numberValue: Double? {
        if case .number(let number) = value { number.double } else { nil }
    }

    /// The value as an item's field keeps it: a string's text, a number as written, `true`,
    /// `false` or `null`, and an array or object as its compact JSON text.
    public func field(named name: String) -> Item.Field {
        switch value {
        case .string(let text): Item.Field(name: name, value: text)
        case .number(let number): Item.Field(name: name, value: number.literal, kind: .number)
        case .bool(let flag): Item.Field(name: name, value: flag ? "true" : "false", kind: .bool)
        case .null: Item.Field(name: name, value: "null", kind: .null)
        case .array, .object: Item.Field(name: name, value: compactText, kind: .json)
        }
    }

    /// Whether both are the same JSON value, as written: numbers by their literal (`1e3` is not
    /// `1000`), strings and keys by their scalars, members in order, duplicates included;
    /// positions aside.
    public func isSameValue(as other: JSONNode) -> Bool {
        switch (value, other.value) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a.literal == b.literal
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isSameValue(as: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && zip(a, b).allSatisfy {
                    $0.key.unicodeScalars.elementsEqual($1.key.unicodeScalars) && $0.value.isSameValue(as: $1.value)
                }
        default: return false
        }
    }

    /// The value as compact JSON: no whitespace, members in source order (duplicates too),
    /// numbers as written, strings as `JSONText.quoted` writes them. It reads back to the same
    /// tree.
    public var compactText: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += number.literal
        case .string(let string): JSONText.appendQuoted(string, to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                JSONText.appendQuoted(member.key, to: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }
}

/// JSON text as splitview writes it (`--print json`, nested fields).
public enum JSONText {
    /// A JSON string literal: quotes, backslashes and control characters (DEL and the C1
    /// controls too, which a terminal showing the output would act on) escaped, everything else
    /// (emoji included) kept as UTF-8, as JSON allows.
    public static func quoted(_ string: String) -> String {
        var text = ""
        appendQuoted(string, to: &text)
        return text
    }

    static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

extension JSONNode: SourceNode {
    public static var dialect: SourceDialect { .json }

    /// A key as it is written: a data file's key paths quote nothing.
    public static func pathComponent(_ key: String) -> String { key }

    public var sourceValue: SourceValue<JSONNode> {
        switch value {
        case .number(let number): number.integer.map { .integer($0) } ?? .number(number.double)
        case .string(let text): .string(text)
        case .bool(let flag): .bool(flag)
        case .array(let elements): .array(elements)
        case .object(let members):
            .table(members.map { SourceMember(key: $0.key, keyPosition: $0.keyPosition, value: $0.value) })
        case .null: .other
        }
    }

    public var sourceSummary: String { JSONItemReader.describe(self) }
}
