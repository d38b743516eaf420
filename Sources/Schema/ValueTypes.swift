// The types of option values both files share: whole and real numbers in a range, true or false,
// strings, and choices among names. Each says what it expects in the same words in either file;
// only the value found is written as its file writes it.

/// A whole number in a range, of a unit: `a whole number of cells from 0 to 100000`.
public struct WholeNumber: ValueType {
    public let range: ClosedRange<Int>
    /// "cells", "rows", "items"; nil for a bare number.
    public let unit: String?

    public init(_ range: ClosedRange<Int>, of unit: String?) {
        self.range = range
        self.unit = unit
    }

    /// A count of terminal cells across.
    public static func cells(_ range: ClosedRange<Int>) -> WholeNumber { WholeNumber(range, of: "cells") }
    /// A count of terminal rows.
    public static func rows(_ range: ClosedRange<Int>) -> WholeNumber { WholeNumber(range, of: "rows") }

    public var expected: String {
        "a whole number \(unit.map { "of \($0) " } ?? "")from \(range.lowerBound) to \(range.upperBound)"
    }

    public func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> Int {
        guard case .integer(let value) = node.sourceValue, range.contains(value) else {
            throw site.expected(expected, found: node)
        }
        return value
    }
}

/// A number, whole or not, in a range: `cells per millisecond from 0 to 100`.
public struct RealNumber: ValueType {
    public let range: ClosedRange<Double>
    /// What it is before the range: "a number", "cells per millisecond".
    public let unit: String
    /// Said after the range: " (0 or 1 = one column)".
    public let note: String

    public init(_ range: ClosedRange<Double>, unit: String = "a number", note: String = "") {
        self.range = range
        self.unit = unit
        self.note = note
    }

    public var expected: String {
        "\(unit) from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))\(note)"
    }

    public func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> Double {
        let number: Double? =
            switch node.sourceValue {
            case .integer(let whole): Double(whole)
            case .number(let real): real
            default: nil
            }
        guard let number, range.contains(number) else { throw site.expected(expected, found: node) }
        return number
    }

    /// A bound as a file would write it: 2, 0.5, -10.
    public static func text(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// True or false.
public struct Flag: ValueType {
    public init() {}

    public var expected: String { "true or false" }

    public func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> Bool {
        guard case .bool(let flag) = node.sourceValue else { throw site.expected(expected, found: node) }
        return flag
    }
}

/// Any string.
public struct Text: ValueType {
    public init() {}

    public var expected: String { "a string" }

    public func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> String {
        guard case .string(let text) = node.sourceValue else { throw site.expected(expected, found: node) }
        return text
    }
}

/// One of a few names: `"grid" or "row"`, `one of "alternate", "left", "right", "balance"`.
public struct Choice<Value: Sendable>: ValueType {
    /// The names, in the order messages and help list them.
    public let names: [String]
    /// What each name means, for the help (by name; may be empty).
    public let help: [String: String]
    let parse: @Sendable (String) -> Value?

    public init(names: [String], help: [String: String] = [:], parse: @escaping @Sendable (String) -> Value?) {
        self.names = names
        self.help = help
        self.parse = parse
    }

    public var expected: String { Self.expected(names) }

    /// `"a" or "b"` for two names, `one of "a", "b", "c"` for more.
    public static func expected(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        return quoted.count == 2 ? "\(quoted[0]) or \(quoted[1])" : "one of " + quoted.joined(separator: ", ")
    }

    public func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> Value {
        guard case .string(let text) = node.sourceValue, let value = parse(text) else {
            throw site.expected(expected, found: node)
        }
        return value
    }
}

extension Choice where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// The cases of an enumeration, by their raw values.
    public init(_ type: Value.Type, help: [String: String] = [:]) {
        self.init(names: Value.allCases.map(\.rawValue), help: help) { Value(rawValue: $0) }
    }
}
