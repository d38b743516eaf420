// What a TOML document reads as: tables of values, each with the position where it is written.
//
// A reader of our own rather than a library: the one TOML package on this project's list
// (TOMLKit, over the C++ toml++) stops the whole process with a C assertion on some invalid
// documents (`[# x`, `[ #x]`, `[[#`), which no Swift code can catch, and it gives positions
// for syntax errors only, while every configuration error splitview shows names the line and
// column of the key at fault. This reader follows TOML 1.0.0 (https://toml.io/en/v1.0.0),
// throws a positioned error for every invalid document, and keeps a position for every key
// and value. Positions are `SourcePosition`s (Sources/Schema), as the data loaders' are.

import Schema

/// A document that is not valid TOML, or nests deeper than the reader allows.
public struct TOMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var position: SourcePosition
    /// What is wrong, e.g. "expected '=' after the key \"left_ratio\", found the end of the line".
    public var message: String

    public init(position: SourcePosition, message: String) {
        self.position = position
        self.message = message
    }

    /// `line:column: message`; prefix it with `file:` for the user.
    public var description: String { "\(position): \(message)" }
}

/// A value together with the position of its first character (for a table defined by a
/// `[header]`, the header's `[`; for a table made by a dotted key, that key).
public struct TOMLNode: Sendable, Hashable {
    public var value: TOMLValue
    public var position: SourcePosition

    public init(_ value: TOMLValue, at position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

public enum TOMLValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case dateTime(TOMLDateTime)
    /// A value array (`[1, 2]`) or an array of tables (`[[name]]`), whose elements are tables.
    case array([TOMLNode])
    case table(TOMLTable)

    /// The value for a message that says what was found instead: `the string "tan"`, `1.5`,
    /// `true`, `a table`; text is quoted with anything a terminal would not show as itself
    /// escaped.
    public var summary: String {
        switch self {
        case .string(let text): "the string \(TOMLScanner.quoted(text))"
        case .integer(let number): String(number)
        case .float(let number):
            number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-inf" : "inf") : String(number)
        case .boolean(let flag): String(flag)
        case .dateTime(let dateTime): "the date-time \(dateTime)"
        case .array: "an array"
        case .table: "a table"
        }
    }

    /// "a string", "an integer", ..., for messages that say what was found instead.
    public var kindName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .boolean: "a boolean"
        case .dateTime: "a date-time"
        case .array: "an array"
        case .table: "a table"
        }
    }
}

/// One `key = value` of a table.
public struct TOMLEntry: Sendable, Hashable {
    public var key: String
    /// Where the key is first written: in `key = 1`, in a header `[key]`, or as a part of a
    /// dotted key or header that made the table implicitly.
    public var keyPosition: SourcePosition
    public var node: TOMLNode

    public init(key: String, keyPosition: SourcePosition, node: TOMLNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.node = node
    }
}

/// A table's entries in the order their keys first appear in the document. Keys are unique.
public struct TOMLTable: Sendable, Hashable {
    public private(set) var entries: [TOMLEntry] = []
    private var indexByKey: [String: Int] = [:]

    public init() {}

    public init(_ entries: [TOMLEntry]) {
        for entry in entries { self[entry.key] = entry }
    }

    public var keys: [String] { entries.map(\.key) }
    public var isEmpty: Bool { entries.isEmpty }

    /// The entry for `key`; setting it replaces an entry of that key in place, or appends.
    public subscript(key: String) -> TOMLEntry? {
        get { indexByKey[key].map { entries[$0] } }
        set {
            if let index = indexByKey[key] {
                if let newValue {
                    entries[index] = newValue
                } else {
                    entries.remove(at: index)
                    indexByKey = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.key, $0) })
                }
            } else if let newValue {
                indexByKey[key] = entries.count
                entries.append(newValue)
            }
        }
    }

    public static func == (a: TOMLTable, b: TOMLTable) -> Bool { a.entries == b.entries }
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }
}

/// An offset date-time, local date-time, local date or local time, as TOML writes them.
public struct TOMLDateTime: Sendable, Hashable, CustomStringConvertible {
    public struct Date: Sendable, Hashable {
        public var year: Int, month: Int, day: Int
    }
    public struct Time: Sendable, Hashable {
        public var hour: Int, minute: Int, second: Int
        /// The fraction of the second in nanoseconds (digits past the ninth are dropped).
        public var nanosecond: Int
    }

    public var date: Date?
    public var time: Time?
    /// Minutes east of UTC (`Z` is 0); nil for a local date-time, date or time.
    public var offsetMinutes: Int?

    public init(date: Date?, time: Time?, offsetMinutes: Int?) {
        self.date = date
        self.time = time
        self.offsetMinutes = offsetMinutes
    }

    /// RFC 3339 form: `1979-05-27T07:32:00Z`, `1979-05-27`, `07:32:00.5`.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = ""
        if let date { text += "\(padded(date.year, 4))-\(padded(date.month, 2))-\(padded(date.day, 2))" }
        if let time {
            if date != nil { text += "T" }
            text += "\(padded(time.hour, 2)):\(padded(time.minute, 2)):\(padded(time.second, 2))"
            if time.nanosecond > 0 {
                var fraction = padded(time.nanosecond, 9)
                while fraction.hasSuffix("0") { fraction.removeLast() }
                text += "." + fraction
            }
        }
        if let offsetMinutes {
            if offsetMinutes == 0 {
                text += "Z"
            } else {
                let magnitude = abs(offsetMinutes)
                text += (offsetMinutes < 0 ? "-" : "+") + "\(padded(magnitude / 60, 2)):\(padded(magnitude % 60, 2))"
            }
        }
        return text
    }
}

extension TOMLNode: SourceNode {
    public static var dialect: SourceDialect { .toml }

    /// A key as `TOMLText.keyName` writes it: quoted when it is not a bare key.
    public static func pathComponent(_ key: String) -> String { TOMLText.keyName(key) }

    public var sourceValue: SourceValue<TOMLNode> {
        switch value {
        case .integer(let whole): .integer(Int(clamping: whole))
        case .float(let real): .number(real)
        case .string(let text): .string(text)
        case .boolean(let flag): .bool(flag)
        case .array(let elements): .array(elements)
        case .table(let table):
            .table(table.entries.map { SourceMember(key: $0.key, keyPosition: $0.keyPosition, value: $0.node) })
        case .dateTime: .other
        }
    }

    public var sourceSummary: String { value.summary }
}
