// JSON Lines (`.jsonl`, `.ndjson`): one item object per line,
//   {"section": "Fruit", "label": "apple", "glyph": "🍎", "keywords": ["red"], "detail": "...", ...}
// read by `JSONItemReader` as sectioned JSON's items are. Only "label" is required; every member
// but "section", "label", "glyph" and "keywords" ("detail" too) is a field of the item, numbers
// as written and nested values as compact JSON.
//
// Most lines are flat objects of plain strings, numbers, booleans and null: `FlatLineReader`
// reads those straight into the catalog's store, with no tree of nodes and no String per value.
// A line it does not take (an escape, a nested value, any error) goes to `JSONReader`, which
// parses it in full and says what is wrong. A JSON string cannot hold a raw line break,
// so a line is always a whole document and the reader's positions need only their line shifted.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

import SafeText
import Schema

struct JSONLinesLoader {
    let defaultSection: String
    /// False sends every line to the full parser (for tests of the fast path).
    let flatLines: Bool
    private var flat = FlatLineReader()

    init(defaultSection: String, flatLines: Bool = true) {
        self.defaultSection = defaultSection
        self.flatLines = flatLines
    }

    /// Reads a whole input.
    static func load(
        _ text: SourceText, into builder: inout CatalogBuilder, defaultSection: String,
        flatLines: Bool = true
    ) throws(DataError) {
        var loader = JSONLinesLoader(defaultSection: defaultSection, flatLines: flatLines)
        try loader.load(text, into: &builder)
    }

    /// Reads the lines of `text`: whole lines, but for the last part of an input that comes in
    /// parts (a stream), whose last line may have no line break.
    mutating func load(_ text: SourceText, into builder: inout CatalogBuilder) throws(DataError) {
        // The line the full parser reads, for the reader's errors (one reader for all lines).
        var fullLine = 0..<0
        let reader = JSONItemReader(format: .lines) { at, key, message in
            text.error(
                key.isEmpty ? message : key + ": " + message,
                at: fullLine.lowerBound + Self.byteOffset(of: at.position, inLine: fullLine, of: text))
        }
        var start = 0
        let end = text.count
        while start < end {
            let stop = firstOf(Byte.newline, Byte.newline, Byte.newline, in: text.bytes, from: start)
            defer { start = stop + 1 }
            if text.isBlank(start..<stop) { continue }
            if flatLines && flat.read(start..<stop, of: text, into: &builder, defaultSection: defaultSection) {
                continue
            }

            let node: JSONNode
            do {
                node = try JSONReader.parse(
                    UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text.bytes[start..<stop]))
                ).node
            } catch {
                var message = error.message
                if !error.snippet.isEmpty { message += " (at \"\(error.snippet)\")" }
                let position = text.position(
                    of: start + Self.byteOffset(of: error.position, inLine: start..<stop, of: text))
                throw DataError(file: text.file, line: position.line, column: position.column, message: message)
            }

            fullLine = start..<stop
            let (item, section) = try reader.item(node)
            builder.append(item, toSection: builder.sectionIndex(section ?? defaultSection))
        }
    }

    /// The byte offset from the start of `line` of a position the JSON reader gave in it. The
    /// reader breaks lines at a lone CR too (as in a .json file), where the file's lines break
    /// only at LF: after `a\r b` its line 2 is the file's same line, further on. (Positions taken
    /// as line + reader's line - 1 were past the end of a line.)
    static func byteOffset(of position: SourcePosition, inLine line: Range<Int>, of text: SourceText) -> Int {
        var readerLine = 1
        var k = line.lowerBound
        while readerLine < position.line && k < line.upperBound {
            if text[k] == Byte.carriageReturn { readerLine += 1 }
            k += 1
        }
        return k - line.lowerBound + byteOffset(ofColumn: position.column, from: k, in: text)
    }

    /// The byte offset from `lineStart` of a 1-based scalar column on that line.
    static func byteOffset(ofColumn column: Int, from lineStart: Int, in text: SourceText) -> Int {
        var scalars = 1
        var k = lineStart
        while k < text.count && scalars < column {
            k += 1
            while k < text.count && text[k] & 0xC0 == 0x80 { k += 1 }
            scalars += 1
        }
        return k - lineStart
    }
}

/// Reads a line that is a flat item object, `{"label": "...", "section": "...", "n": 3, ...}`,
/// straight into the builder, or leaves it (returning false, having written nothing) to the full
/// parser. It takes strings without escapes, numbers (kept as written, as the full parser keeps
/// them), true, false, null, and for "keywords" an array of such strings; the meaning of each
/// key is `JSONItemReader`'s, and what it writes is what that reader's item stores as.
struct FlatLineReader {
    /// The current line's field names, values and their kinds, as byte ranges of the input.
    private var names: [Range<Int>] = []
    private var values: [Range<Int>] = []
    private var kinds: [Item.Field.Kind] = []
    private var keywords: [Range<Int>] = []
    /// The field names of the last line whose names were made into Strings, NUL-separated
    /// (NUL cannot stand raw in a JSON string), and those Strings: lines of one file usually
    /// have the same fields, so their shape shares one array of names.
    private var lastNameBytes: [UInt8] = []
    private var currentNameBytes: [UInt8] = []
    private var lastNames: [String] = []
    /// The field kinds of the last line that had a field other than a string, shared the same way.
    private var lastKinds: [Item.Field.Kind] = []
    private var defaultSectionIndex: Int?

    private enum Value { case string, number, bool, null, keywordArray }
    private enum Keywords { case none, string, null, array }

    /// What a line gives besides its fields (which are in `names`, `values` and `kinds`).
    private struct Members {
        var label: Range<Int>?
        var section: Range<Int>?
        var sectionSpelling = Item.Spelling.Section.absent
        var glyph: Range<Int>?
        var glyphSpelling = Item.Spelling.Glyph.kept
        var keywordText: Range<Int>?
        var keywordForm = Keywords.none
        /// Whether every field is a string (then `kinds` is empty).
        var allStrings = true
    }

    mutating func read(
        _ line: Range<Int>, of text: SourceText, into builder: inout CatalogBuilder,
        defaultSection: String
    ) -> Bool {
        guard let members = parse(line, of: text.bytes) else { return false }
        write(members, of: text.bytes, into: &builder, defaultSection: defaultSection)
        return true
    }

    /// Reads the line's members, or nil when it is not a flat line this reader takes.
    private mutating func parse(_ line: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Members? {
        let end = line.upperBound
        var k = line.lowerBound
        @inline(__always) func skipSpace() {
            while k < end, bytes[k] == Byte.space || bytes[k] == Byte.tab || bytes[k] == Byte.carriageReturn { k += 1 }
        }
        /// A string without escapes at `k` (at its opening quote): its content's range.
        @inline(__always) func plainString() -> Range<Int>? {
            guard k < end, bytes[k] == Byte.quote else { return nil }
            let open = k + 1
            // The line's end is a line feed, a control character, so the scan stops by then.
            let close = firstQuoteBackslashOrControl(in: bytes, from: open)
            guard close < end, bytes[close] == Byte.quote else { return nil }
            k = close + 1
            return open..<close
        }
        @inline(__always) func isKey(_ range: Range<Int>, _ key: StaticString) -> Bool {
            range.count == key.utf8CodeUnitCount
                && memcmp(bytes.baseAddress! + range.lowerBound, key.utf8Start, range.count) == 0
        }

        names.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        // Kinds are written down from the first field that is not a string: most lines have none.
        if !kinds.isEmpty { kinds.removeAll(keepingCapacity: true) }
        keywords.removeAll(keepingCapacity: true)
        var taken = Members()

        skipSpace()
        guard k < end, bytes[k] == Byte.openBrace else { return nil }
        k += 1
        skipSpace()
        while true {
            guard let key = plainString() else { return nil }
            skipSpace()
            guard k < end, bytes[k] == UInt8(ascii: ":") else { return nil }
            k += 1
            skipSpace()
            guard k < end else { return nil }
            let valueStart = k
            let kind: Value
            switch bytes[k] {
            case Byte.quote:
                guard plainString() != nil else { return nil }
                kind = .string
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let word: StaticString =
                    bytes[k] == UInt8(ascii: "t") ? "true" : bytes[k] == UInt8(ascii: "f") ? "false" : "null"
                guard end - k >= word.utf8CodeUnitCount, isKey(k..<k + word.utf8CodeUnitCount, word) else {
                    return nil
                }
                k += word.utf8CodeUnitCount
                kind = word.utf8Start.pointee == UInt8(ascii: "n") ? .null : .bool
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let after = Self.numberEnd(in: bytes, from: k, to: end) else { return nil }
                k = after
                kind = .number
            case Byte.openBracket where isKey(key, "keywords"):
                // A later "keywords" replaces an earlier one, as in the full path.
                keywords.removeAll(keepingCapacity: true)
                k += 1
                skipSpace()
                if k < end, bytes[k] == Byte.closeBracket {
                    k += 1
                } else {
                    while true {
                        guard let word = plainString() else { return nil }
                        if !word.isEmpty { keywords.append(word) }
                        skipSpace()
                        guard k < end else { return nil }
                        if bytes[k] == Byte.closeBracket { k += 1; break }
                        guard bytes[k] == Byte.comma else { return nil }
                        k += 1
                        skipSpace()
                    }
                }
                kind = .keywordArray
            default:
                return nil
            }
            // The value's content: a string's without its quotes, the literal for the others.
            let value = kind == .string ? valueStart + 1..<k - 1 : valueStart..<k

            if isKey(key, "label") {
                guard kind == .string else { return nil }
                taken.label = value
            } else if isKey(key, "section") {
                switch kind {
                case .string: (taken.section, taken.sectionSpelling) = (value, .given)
                case .null: (taken.section, taken.sectionSpelling) = (nil, .null)
                default: return nil
                }
            } else if isKey(key, "glyph") {
                switch kind {
                case .string:
                    (taken.glyph, taken.glyphSpelling) = (value.isEmpty ? nil : value, value.isEmpty ? .empty : .kept)
                case .null: (taken.glyph, taken.glyphSpelling) = (nil, .null)
                default: return nil
                }
            } else if isKey(key, "keywords") {
                switch kind {
                case .string:
                    (taken.keywordText, taken.keywordForm) = (value, .string)
                    keywords.removeAll(keepingCapacity: true)
                case .null:
                    (taken.keywordText, taken.keywordForm) = (nil, .null)
                    keywords.removeAll(keepingCapacity: true)
                case .keywordArray: (taken.keywordText, taken.keywordForm) = (nil, .array)
                case .number, .bool: return nil
                }
            } else {
                names.append(key)
                values.append(value)
                if kind != .string || !taken.allStrings { noteKind(kind, allStrings: &taken.allStrings) }
            }

            skipSpace()
            guard k < end else { return nil }
            if bytes[k] == Byte.comma {
                k += 1
                skipSpace()
                continue
            }
            guard bytes[k] == Byte.closeBrace else { return nil }
            k += 1
            break
        }
        skipSpace()
        guard k == end, taken.label != nil else { return nil }
        return taken
    }

    /// Notes the kind of the field just added, and that of the string fields before it when it
    /// is the first that is not a string.
    private mutating func noteKind(_ kind: Value, allStrings: inout Bool) {
        if allStrings {
            kinds.append(contentsOf: repeatElement(.string, count: names.count - 1))
            allStrings = false
        }
        switch kind {
        case .string, .keywordArray: kinds.append(.string)
        case .number: kinds.append(.number)
        case .bool: kinds.append(.bool)
        case .null: kinds.append(.null)
        }
    }

    /// Writes the line read into the builder.
    private mutating func write(
        _ taken: Members, of bytes: UnsafeBufferPointer<UInt8>, into builder: inout CatalogBuilder,
        defaultSection: String
    ) {
        let sectionIndex: Int
        if let section = taken.section {
            sectionIndex = builder.sectionIndex(utf8: UnsafeBufferPointer(rebasing: bytes[section]))
        } else {
            sectionIndex = defaultSectionIndex ?? builder.sectionIndex(defaultSection)
            defaultSectionIndex = sectionIndex
        }
        builder.beginItem(inSection: sectionIndex)
        builder.addString(UnsafeBufferPointer(rebasing: bytes[taken.label!]))
        var keywordCount = 0
        if let keywordText = taken.keywordText {
            forEachKeyword(in: UnsafeBufferPointer(rebasing: bytes[keywordText])) {
                builder.addString($0)
                keywordCount += 1
            }
        } else {
            for word in keywords { builder.addString(UnsafeBufferPointer(rebasing: bytes[word])) }
            keywordCount = keywords.count
        }
        for value in values { builder.addString(UnsafeBufferPointer(rebasing: bytes[value])) }
        if let glyph = taken.glyph { builder.addString(UnsafeBufferPointer(rebasing: bytes[glyph])) }
        let keywordsSpelling: ItemShape.KeywordsSpelling
        switch taken.keywordForm {
        case .none: keywordsSpelling = .kept
        case .null: keywordsSpelling = .null
        case .array: keywordsSpelling = keywordCount == 0 ? .array : .kept
        case .string:
            if let keywordText = taken.keywordText,
                !Self.isWordsBetweenSingleSpaces(UnsafeBufferPointer(rebasing: bytes[keywordText]))
            {
                // Kept as written, after the glyph (a flat line has no variants).
                builder.addString(UnsafeBufferPointer(rebasing: bytes[keywordText]))
                keywordsSpelling = .text
            } else {
                keywordsSpelling = .words
            }
        }
        builder.finishItem(
            ItemShape(
                hasGlyph: taken.glyph != nil, keywordCount: keywordCount, fieldNames: fieldNames(of: bytes),
                fieldKinds: taken.allStrings ? [] : fieldKinds(), section: taken.sectionSpelling,
                glyphSpelling: taken.glyphSpelling, keywordsSpelling: keywordsSpelling))
    }

    /// The end of the JSON number at `start` (at '-' or a digit), or nil when it is not one.
    static func numberEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        func digits(from start: Int) -> Int {
            var j = start
            while j < end, bytes[j] &- UInt8(ascii: "0") < 10 { j += 1 }
            return j
        }
        var j = start
        if bytes[j] == UInt8(ascii: "-") { j += 1 }
        let integer = digits(from: j)
        guard integer > j, bytes[j] != UInt8(ascii: "0") || integer == j + 1 else { return nil }
        j = integer
        if j < end, bytes[j] == UInt8(ascii: ".") {
            let fraction = digits(from: j + 1)
            guard fraction > j + 1 else { return nil }
            j = fraction
        }
        if j < end, bytes[j] | 0x20 == UInt8(ascii: "e") {
            j += 1
            if j < end, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
            let exponent = digits(from: j)
            guard exponent > j else { return nil }
            j = exponent
        }
        return j
    }

    /// Whether keywords written as this one string are made again by joining their words with
    /// one space: no other separator, no space at either end or next to another.
    static func isWordsBetweenSingleSpaces(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var afterSpace = true
        for byte in text {
            if byte == Byte.comma || byte == Byte.bar || byte == Byte.tab { return false }
            if byte == Byte.space {
                if afterSpace { return false }
                afterSpace = true
            } else {
                afterSpace = false
            }
        }
        return text.isEmpty || !afterSpace
    }

    /// The current line's field names as Strings: the last line's array when the names are the same.
    private mutating func fieldNames(of bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        currentNameBytes.removeAll(keepingCapacity: true)
        for name in names {
            currentNameBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[name]))
            currentNameBytes.append(0)
        }
        if currentNameBytes != lastNameBytes {
            lastNames = names.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
            swap(&lastNameBytes, &currentNameBytes)
        }
        return lastNames
    }

    /// The current line's field kinds: the last such line's array when they are the same.
    private mutating func fieldKinds() -> [Item.Field.Kind] {
        if kinds != lastKinds { lastKinds = kinds }
        return lastKinds
    }
}

/// The offset of the first '"', '\\' or control character (below U+0020) at or after `start`,
/// or the end: what ends a JSON string's plain run. Eight bytes at a time, like `firstOf`: the
/// lowest flag of each test (a zero byte of `word ^ byte`, a byte below 0x20) is exact, so the
/// lowest of them all is.
@inline(__always)
func firstQuoteBackslashOrControl(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let end = bytes.count
    guard let base = bytes.baseAddress else { return end }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = ones &* UInt64(Byte.quote), backslashes = ones &* UInt64(Byte.backslash)
    var k = start
    while k + 8 <= end {
        let word = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
        let xq = word ^ quotes, xb = word ^ backslashes
        let found = ((xq &- ones) & ~xq | (xb &- ones) & ~xb | (word &- ones &* 0x20) & ~word) & highs
        if found != 0 { return k + found.trailingZeroBitCount >> 3 }
        k += 8
    }
    while k < end {
        let byte = base[k]
        if byte == Byte.quote || byte == Byte.backslash || byte < 0x20 { return k }
        k += 1
    }
    return end
}
