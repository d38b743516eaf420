// JSON Lines (`.jsonl`, `.ndjson`): one item object per line,
//   {"section": "Fruit", "label": "apple", "glyph": "🍎", "keywords": ["red"], "detail": "...", ...}
// Only "label" is required. "keywords" is an array of strings or one string of words; every
// other member ("detail" too) becomes a field of the item, numbers and booleans written out.
//
// Most lines are flat objects of plain strings, integers and booleans: `FlatLineReader` reads
// those straight into the catalog's store, with no tree of nodes and no String per value. A line
// it does not take (an escape, a fraction, a nested value, any error) goes to `JSONReader`,
// which parses it in full and says what is wrong. A JSON string cannot hold a raw line break,
// so a line is always a whole document and the reader's positions need only their line shifted.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

import SafeText

enum JSONLinesLoader {
    /// `flatLines: false` sends every line to the full parser (for tests of the fast path).
    static func load(
        _ text: SourceText, into builder: inout CatalogBuilder, defaultSection: String,
        flatLines: Bool = true
    ) throws(DataError) {
        let reader = JSONSectionsLoader.Reader(file: text.file)
        var flat = FlatLineReader()
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
                let position = text.position(of: start + byteOffset(of: error.position, inLine: start..<stop, of: text))
                throw DataError(file: text.file, line: position.line, column: position.column, message: message)
            }

            func fail(_ at: JSONNode, _ message: String) -> DataError {
                text.error(message, at: start + byteOffset(of: at.position, inLine: start..<stop, of: text))
            }
            func failAtLine(_ message: String) -> DataError {
                text.error(message, at: start)
            }

            guard case .object(let members) = node.value else {
                throw fail(node, "expected an item object {\"label\": ...}, found \(reader.describe(node))")
            }
            var item = Item(label: "")
            var hasLabel = false
            var section: String?
            for member in members {
                let value = member.value
                switch member.key {
                case "label":
                    guard case .string(let label) = value.value else {
                        throw fail(value, "label: expected a string, found \(reader.describe(value))")
                    }
                    item.label = label
                    hasLabel = true
                case "section":
                    switch value.value {
                    case .string(let title): section = title
                    case .null: section = nil
                    default: throw fail(value, "section: expected a string, found \(reader.describe(value))")
                    }
                case "glyph":
                    switch value.value {
                    case .string(let glyph): item.glyph = glyph.isEmpty ? nil : glyph
                    case .null: item.glyph = nil
                    default: throw fail(value, "glyph: expected a string, found \(reader.describe(value))")
                    }
                case "keywords":
                    item.keywords = try keywords(value, fail: fail, reader: reader)
                default:
                    guard let scalar = value.scalarText else {
                        throw fail(
                            value, "\(member.key): expected a string, number or boolean, found \(value.kindName)")
                    }
                    item.fields.append(Item.Field(name: member.key, value: scalar))
                }
            }
            guard hasLabel else { throw failAtLine("an item needs a \"label\" string") }
            builder.append(item, toSection: builder.sectionIndex(section ?? defaultSection))
        }
    }

    static func keywords(
        _ node: JSONNode, fail: (JSONNode, String) -> DataError,
        reader: JSONSectionsLoader.Reader
    ) throws(DataError) -> [String] {
        switch node.value {
        case .string(let words):
            return splitKeywords(words)
        case .null:
            return []
        case .array(let elements):
            var words: [String] = []
            words.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let word) = element.value else {
                    throw fail(element, "keywords: expected strings, found \(reader.describe(element))")
                }
                if !word.isEmpty { words.append(word) }
            }
            return words
        default:
            throw fail(
                node, "keywords: expected an array of strings or one string of words, found \(reader.describe(node))")
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
/// parser. It takes strings without escapes, integers written as Swift writes them (so the
/// field's text is the same either way), true, false, null, and for "keywords" an array of such
/// strings; the meaning of each key is the full path's.
struct FlatLineReader {
    /// The current line's field names and values, as byte ranges of the input.
    private var names: [Range<Int>] = []
    private var values: [Range<Int>] = []
    private var keywords: [Range<Int>] = []
    /// The field names of the last line whose names were made into Strings, NUL-separated
    /// (NUL cannot stand raw in a JSON string), and those Strings: lines of one file usually
    /// have the same fields, so their shape shares one array of names.
    private var lastNameBytes: [UInt8] = []
    private var currentNameBytes: [UInt8] = []
    private var lastNames: [String] = []
    private var defaultSectionIndex: Int?

    private enum Value { case string, literal, null, keywordArray }

    mutating func read(
        _ line: Range<Int>, of text: SourceText, into builder: inout CatalogBuilder,
        defaultSection: String
    ) -> Bool {
        let bytes = text.bytes
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
        func isKey(_ range: Range<Int>, _ key: StaticString) -> Bool {
            range.count == key.utf8CodeUnitCount
                && memcmp(bytes.baseAddress! + range.lowerBound, key.utf8Start, range.count) == 0
        }

        names.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        keywords.removeAll(keepingCapacity: true)
        var label: Range<Int>?
        var section: Range<Int>?
        var glyph: Range<Int>?
        var keywordText: Range<Int>?

        skipSpace()
        guard k < end, bytes[k] == Byte.openBrace else { return false }
        k += 1
        skipSpace()
        while true {
            guard let key = plainString() else { return false }
            skipSpace()
            guard k < end, bytes[k] == UInt8(ascii: ":") else { return false }
            k += 1
            skipSpace()
            guard k < end else { return false }
            let valueStart = k
            let kind: Value
            switch bytes[k] {
            case Byte.quote:
                guard plainString() != nil else { return false }
                kind = .string
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let word: StaticString =
                    bytes[k] == UInt8(ascii: "t") ? "true" : bytes[k] == UInt8(ascii: "f") ? "false" : "null"
                guard end - k >= word.utf8CodeUnitCount, isKey(k..<k + word.utf8CodeUnitCount, word) else {
                    return false
                }
                k += word.utf8CodeUnitCount
                kind = word.utf8Start.pointee == UInt8(ascii: "n") ? .null : .literal
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Integers as String(Int) writes them: no "-0", no leading zero, no fraction or
                // exponent, and short enough not to overflow.
                let negative = bytes[k] == UInt8(ascii: "-")
                let digits = negative ? k + 1 : k
                var after = digits
                while after < end, bytes[after] &- UInt8(ascii: "0") < 10 { after += 1 }
                let count = after - digits
                guard count > 0, count <= 18, bytes[digits] != UInt8(ascii: "0") || (count == 1 && !negative) else {
                    return false
                }
                if after < end, bytes[after] == UInt8(ascii: ".") || bytes[after] | 0x20 == UInt8(ascii: "e") {
                    return false
                }
                k = after
                kind = .literal
            case Byte.openBracket where isKey(key, "keywords"):
                // A later "keywords" replaces an earlier one, as in the full path.
                keywords.removeAll(keepingCapacity: true)
                k += 1
                skipSpace()
                if k < end, bytes[k] == Byte.closeBracket {
                    k += 1
                } else {
                    while true {
                        guard let word = plainString() else { return false }
                        if !word.isEmpty { keywords.append(word) }
                        skipSpace()
                        guard k < end else { return false }
                        if bytes[k] == Byte.closeBracket { k += 1; break }
                        guard bytes[k] == Byte.comma else { return false }
                        k += 1
                        skipSpace()
                    }
                }
                kind = .keywordArray
            default:
                return false
            }
            // The value's content: a string's without its quotes, nothing for null.
            let value = kind == .string ? valueStart + 1..<k - 1 : kind == .null ? k..<k : valueStart..<k

            if isKey(key, "label") {
                guard kind == .string else { return false }
                label = value
            } else if isKey(key, "section") {
                guard kind == .string || kind == .null else { return false }
                section = kind == .null ? nil : value
            } else if isKey(key, "glyph") {
                guard kind == .string || kind == .null else { return false }
                glyph = value.isEmpty ? nil : value
            } else if isKey(key, "keywords") {
                switch kind {
                case .string: keywordText = value; keywords.removeAll(keepingCapacity: true)
                case .null: keywordText = nil; keywords.removeAll(keepingCapacity: true)
                case .keywordArray: keywordText = nil
                case .literal: return false
                }
            } else {
                names.append(key)
                values.append(value)
            }

            skipSpace()
            guard k < end else { return false }
            if bytes[k] == Byte.comma {
                k += 1
                skipSpace()
                continue
            }
            guard bytes[k] == Byte.closeBrace else { return false }
            k += 1
            break
        }
        skipSpace()
        guard k == end, let label else { return false }

        // The line is taken: write it.
        let sectionIndex: Int
        if let section {
            sectionIndex = builder.sectionIndex(utf8: UnsafeBufferPointer(rebasing: bytes[section]))
        } else {
            sectionIndex = defaultSectionIndex ?? builder.sectionIndex(defaultSection)
            defaultSectionIndex = sectionIndex
        }
        builder.beginItem(inSection: sectionIndex)
        builder.addString(UnsafeBufferPointer(rebasing: bytes[label]))
        var keywordCount = 0
        if let keywordText {
            forEachKeyword(in: UnsafeBufferPointer(rebasing: bytes[keywordText])) {
                builder.addString($0)
                keywordCount += 1
            }
        } else {
            for word in keywords { builder.addString(UnsafeBufferPointer(rebasing: bytes[word])) }
            keywordCount = keywords.count
        }
        for value in values { builder.addString(UnsafeBufferPointer(rebasing: bytes[value])) }
        if let glyph { builder.addString(UnsafeBufferPointer(rebasing: bytes[glyph])) }
        builder.finishItem(
            ItemShape(hasGlyph: glyph != nil, keywordCount: keywordCount, fieldNames: fieldNames(of: bytes)))
        return true
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
