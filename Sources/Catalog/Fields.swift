// fzf's fields: a line cut by a delimiter, and the index expressions that choose among its
// fields (--nth, --with-nth, --accept-nth, --group-nth). The rules are fzf's
// (src/tokenizer.go, man fzf "FIELD INDEX EXPRESSION"):
//
// - The default delimiter is AWK-style: a field is a run of characters that are not a space, a
//   tab or a line break, with the white space after it; white space before the first field
//   belongs to none. Any other delimiter ends each field with itself: `a,b,c` split by `,` is
//   `a,`, `b,` and `c`. So the fields of a line, put back together, are the line (less any
//   leading white space, AWK-style).
// - `-d STR` is a string (`\t` in it is a tab) unless it is a valid regular expression with a
//   special character in it and more than one character, as fzf decides.
// - An index expression is a comma-separated list of `N`, `-N` (from the end), `N..`, `..N`,
//   `N..M` and `..`; each gives the fields in its range, one after another, and the list
//   gives each range's text in its order (`3,1` is the third field, then the first).
//
// Every position here is a byte offset into the line: the AWK split looks at bytes, as fzf's;
// a regular expression runs over the line as a String, whose UTF-8 the caller gives.

import SafeText

/// One range of fields: `begin` and `end` are 1-based, negative from the end, 0 for an open
/// side (fzf's ellipsis): `2..` is (2, 0), `..3` is (0, 3), `..` is (0, 0).
public struct FieldRange: Hashable, Sendable {
    public var begin: Int
    public var end: Int

    /// Normalised as fzf's: a range from the first field is open at its start, one to the last
    /// field open at its end.
    init(_ begin: Int, _ end: Int) {
        self.begin = begin == 1 && end != 1 ? 0 : begin
        self.end = end == -1 ? 0 : end
    }

    /// The fields (0-based, ascending) the range takes of `count`.
    func fields(of count: Int) -> ClosedRange<Int>? {
        var first: Int, last: Int
        if begin == end {
            if begin == 0 {
                (first, last) = (1, count)
            } else {
                let index = begin < 0 ? begin + count + 1 : begin
                (first, last) = (index, index)
            }
        } else if begin == 0 {
            (first, last) = (1, end < 0 ? end + count + 1 : end)
        } else if end == 0 {
            (first, last) = (begin < 0 ? begin + count + 1 : begin, count)
        } else {
            first = begin < 0 ? begin + count + 1 : begin
            last = end < 0 ? end + count + 1 : end
        }
        first = max(first, 1)
        last = min(last, count)
        guard first <= last else { return nil }
        return (first - 1)...(last - 1)
    }
}

/// A field index expression: the ranges of a comma-separated list (`1`, `-1`, `2..`, `..3`,
/// `1..3`, `..`, `1,3`).
public struct FieldIndices: Hashable, Sendable, CustomStringConvertible {
    public var ranges: [FieldRange]
    /// As the user wrote it, for messages.
    public let text: String

    private static let allowedBytes = Set(",-.0123456789".utf8)

    /// The forms an expression takes, for messages.
    public static let forms = "1, -1, 2.., ..3, 1..3, .., 1,3"

    /// Parses `text` as fzf does; nil when it is not an index expression.
    public init?(parsing text: String) {
        let allowed = text.utf8.allSatisfy { Self.allowedBytes.contains($0) }
        guard !text.isEmpty, allowed else { return nil }
        var ranges: [FieldRange] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let range = Self.range(String(part)) else { return nil }
            ranges.append(range)
        }
        self.ranges = ranges
        self.text = text
    }

    /// Why `text` is not an expression, for `option` (`--nth`): one line.
    public static func problem(option: String, text: String) -> String {
        "\(option): \(MessageText.quoted(text)) is not a field index (\(forms))"
    }

    public var description: String { text }

    /// A whole number as Go's strconv.Atoi reads it here (digits with an optional minus; the
    /// characters were checked), nil when it does not fit.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text != "-" else { return nil }
        return Int(text)
    }

    private static func range(_ text: String) -> FieldRange? {
        if text == ".." { return FieldRange(0, 0) }
        if text.hasPrefix("..") {
            guard let end = number(text.dropFirst(2)), end != 0 else { return nil }
            return FieldRange(0, end)
        }
        if text.hasSuffix("..") {
            guard let begin = number(text.dropLast(2)), begin != 0 else { return nil }
            return FieldRange(begin, 0)
        }
        if let dots = text.range(of: "..") {
            guard let begin = number(text[..<dots.lowerBound]), let end = number(text[dots.upperBound...]),
                begin != 0, end != 0, !(begin < 0 && end > 0)
            else { return nil }
            return FieldRange(begin, end)
        }
        guard let index = number(text[...]), index != 0 else { return nil }
        return FieldRange(index, index)
    }

    /// For each range, the fields it takes of `count` (nil: none).
    func fields(of count: Int) -> [ClosedRange<Int>?] { ranges.map { $0.fields(of: count) } }
}

/// What cuts a line into fields.
public enum FieldDelimiter: Hashable, Sendable {
    /// AWK-style: runs of white space end the fields.
    case whiteSpace
    /// A string, kept at the end of each field but the last.
    case string(String)
    /// A regular expression (a String for Hashable; compiled where it is used).
    case pattern(String)

    /// `-d`'s value, read as fzf reads it: `\t` is a tab; one character, a string of no
    /// special character, or a pattern that does not compile is a string; anything else a
    /// regular expression.
    public init(argument: String) {
        let text = argument.replacingAll("\\t", with: "\t")
        let special = Set("\\.+*?()|[]{}^$".utf8)
        if text.unicodeScalars.count == 1 || !text.utf8.contains(where: special.contains)
            || FieldPattern(text) == nil
        {
            self = .string(text)
        } else {
            self = .pattern(text)
        }
    }

    public var isWhiteSpace: Bool { self == .whiteSpace }
}

extension String {
    /// Every `target` replaced (no Foundation in this module).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let found = rest.range(of: target) {
            result += rest[..<found.lowerBound]
            result += replacement
            rest = rest[found.upperBound...]
        }
        return result + rest
    }
}

/// A compiled regular expression, with where its matches are in a line's UTF-8.
public struct FieldPattern: @unchecked Sendable {
    // (Regex<AnyRegexOutput> is not Sendable; a pattern is only ever read.)
    let regex: Regex<AnyRegexOutput>

    /// Nil when `pattern` is not a regular expression.
    public init?(_ pattern: String) {
        guard let regex = try? Regex(pattern) else { return nil }
        self.regex = regex
    }

    /// The UTF-8 ranges of the matches in `text`, first to last, none overlapping.
    func matches(in text: String) -> [Range<Int>] {
        let utf8 = text.utf8
        return text.matches(of: regex).map {
            utf8.distance(
                from: utf8.startIndex, to: $0.range.lowerBound)..<utf8.distance(
                    from: utf8.startIndex, to: $0.range.upperBound)
        }
    }

    /// The key a match gives: its first capture group when it has one that took part, else
    /// the whole match (`orText`: the whole text), as a UTF-8 range of `text`; nil when
    /// nothing matches.
    func key(in text: String, orText: Bool = false) -> Range<Int>? {
        guard let match = try? regex.firstMatch(in: text) else { return nil }
        var range = orText ? text.startIndex..<text.endIndex : match.range
        if match.output.count > 1, let group = match.output[1].range { range = group }
        let utf8 = text.utf8
        return utf8.distance(
            from: utf8.startIndex, to: range.lowerBound)..<utf8.distance(
                from: utf8.startIndex, to: range.upperBound)
    }
}

/// One field of a line: where it starts, where its delimiter starts (its text without the
/// delimiter ends there) and where it ends.
struct Field: Equatable {
    var start: Int
    var delimiterStart: Int
    var end: Int
}

/// Cuts lines into fields, into a buffer it reuses.
struct FieldSplitter {
    let delimiter: FieldDelimiter
    private let pattern: FieldPattern?
    private let delimiterBytes: [UInt8]
    /// The fields of the last line split.
    private(set) var fields: [Field] = []

    init(_ delimiter: FieldDelimiter) {
        self.delimiter = delimiter
        if case .pattern(let text) = delimiter { pattern = FieldPattern(text) } else { pattern = nil }
        if case .string(let text) = delimiter { delimiterBytes = Array(text.utf8) } else { delimiterBytes = [] }
    }

    /// Whether splitting needs the line as a String (a regular expression): then the bytes
    /// given must be that String's UTF-8.
    var needsString: Bool { pattern != nil }

    /// Splits `line` (`string`: the same text, for a regular expression).
    mutating func split(_ line: UnsafeBufferPointer<UInt8>, string: String? = nil) {
        fields.removeAll(keepingCapacity: true)
        if let pattern {
            let text = string ?? String(decoding: line, as: UTF8.self)
            var begin = 0
            for match in pattern.matches(in: text) {
                fields.append(Field(start: begin, delimiterStart: match.lowerBound, end: match.upperBound))
                begin = match.upperBound
            }
            if begin < line.count { fields.append(Field(start: begin, delimiterStart: line.count, end: line.count)) }
            return
        }
        switch delimiter {
        case .whiteSpace: splitWhiteSpace(line)
        case .string: splitString(line)
        case .pattern: fields.append(Field(start: 0, delimiterStart: line.count, end: line.count))
        }
    }

    @inline(__always)
    static func isAWKWhite(_ byte: UInt8) -> Bool { byte == Byte.space || byte == Byte.tab || byte == Byte.newline }

    private mutating func splitWhiteSpace(_ line: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = line.count
        while index < count && Self.isAWKWhite(line[index]) { index += 1 }
        while index < count {
            let start = index
            while index < count && !Self.isAWKWhite(line[index]) { index += 1 }
            let white = index
            while index < count && Self.isAWKWhite(line[index]) { index += 1 }
            fields.append(Field(start: start, delimiterStart: white, end: index))
        }
    }

    private mutating func splitString(_ line: UnsafeBufferPointer<UInt8>) {
        let count = line.count
        let needle = delimiterBytes
        var start = 0
        if needle.isEmpty {
            // Go's SplitAfter with an empty separator: one field per UTF-8 character.
            var index = 0
            while index < count {
                index += 1
                while index < count && line[index] & 0xC0 == 0x80 { index += 1 }
                fields.append(Field(start: start, delimiterStart: index, end: index))
                start = index
            }
            if count == 0 { fields.append(Field(start: 0, delimiterStart: 0, end: 0)) }
            return
        }
        let first = needle[0]
        var index = 0
        while index + needle.count <= count {
            if line[index] == first {
                var k = 1
                while k < needle.count && line[index + k] == needle[k] { k += 1 }
                if k == needle.count {
                    fields.append(Field(start: start, delimiterStart: index, end: index + needle.count))
                    index += needle.count
                    start = index
                    continue
                }
            }
            index += 1
        }
        fields.append(Field(start: start, delimiterStart: count, end: count))
    }
}

/// The text of fields as fzf's `Transform` and `JoinTokens` give it, in byte ranges of a line.
enum FieldText {
    /// For each range of `indices`, the byte range of its fields in the line (empty when it
    /// takes none): the fields of a range follow one another, so their text is one range.
    static func ranges(_ indices: FieldIndices, of fields: [Field]) -> [(range: Range<Int>, last: Field?)] {
        indices.ranges.map { range($0, of: fields) }
    }

    /// One range's: `ranges` without an array (a line's loading makes none).
    @inline(__always)
    static func range(_ range: FieldRange, of fields: [Field]) -> (range: Range<Int>, last: Field?) {
        guard let taken = range.fields(of: fields.count) else { return (0..<0, nil) }
        return (fields[taken.lowerBound].start..<fields[taken.upperBound].end, fields[taken.upperBound])
    }

    /// Whether `byte` ends a line's text when trailing white space is trimmed (fzf trims the
    /// text --with-nth gives): ASCII white space.
    @inline(__always)
    static func isTrimmedWhite(_ byte: UInt8) -> Bool { byte == Byte.space || (0x09...0x0D).contains(byte) }
}

/// The text of chosen fields of lines as fzf's command placeholders give it (`{2..}`,
/// `{q:1}`): each range's fields one after another (fzf's `JoinTokens(Transform(...))`), less
/// the delimiter that ends the text when the delimiter is a string or a pattern (AWK-style
/// white space is left: the placeholder trims it, or keeps it with its `s` flag). Made once for
/// many lines, so that a pattern is compiled once.
public struct PlaceholderFields {
    private var splitter: FieldSplitter
    private let pattern: FieldPattern?

    public init(_ delimiter: FieldDelimiter) {
        splitter = FieldSplitter(delimiter)
        if case .pattern(let text) = delimiter { pattern = FieldPattern(text) } else { pattern = nil }
    }

    /// The text `indices` choose of `line`.
    public mutating func text(_ indices: FieldIndices, of line: String) -> String {
        var bytes = line
        let joined = bytes.withUTF8 { bytes in
            splitter.split(bytes, string: line)
            var text: [UInt8] = []
            for (range, _) in FieldText.ranges(indices, of: splitter.fields) { text.append(contentsOf: bytes[range]) }
            return String(decoding: text, as: UTF8.self)
        }
        switch splitter.delimiter {
        case .whiteSpace:
            return joined
        case .string(let delimiter):
            guard !delimiter.isEmpty, joined.utf8.count >= delimiter.utf8.count,
                joined.utf8.suffix(delimiter.utf8.count).elementsEqual(delimiter.utf8)
            else { return joined }
            return String(decoding: joined.utf8.dropLast(delimiter.utf8.count), as: UTF8.self)
        case .pattern:
            guard let pattern, let last = pattern.matches(in: joined).last, last.upperBound == joined.utf8.count
            else { return joined }
            return String(decoding: joined.utf8.prefix(last.lowerBound), as: UTF8.self)
        }
    }
}
