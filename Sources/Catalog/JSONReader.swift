// A small JSON reader that keeps source positions.
//
// Foundation's JSONSerialization gives no positions for values, but every error splitview shows
// about a data file must read `file:line:column: what is wrong`, both for syntax errors found
// here and for semantic errors found later by the loaders (a negative width, a missing title).
// So this reader builds a tree of `JSONNode`s, each with the position where its value starts.
//
// The parser works on the raw UTF-8 bytes, iteratively (an explicit stack of open containers,
// so deep nesting cannot overflow the thread's stack), without Foundation. Lines are counted as
// whitespace is skipped; columns are computed only when a position is recorded, by counting
// the UTF-8 lead bytes since the start of the line, continuing from the last recorded
// position on the same line (so a million values on one minified line stay linear).

import SafeText
import Schema

public enum JSONReader {
    /// Arrays and objects may nest this deep; one more level is a syntax error.
    public static let maxDepth = 512

    /// Parses one JSON document (RFC 8259) from UTF-8 bytes. A leading UTF-8 byte order mark
    /// is skipped. Invalid UTF-8 inside strings is replaced by U+FFFD and counted, not an
    /// error; so are escaped lone surrogates (`"\uD800"`), which are counted the same way.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer
    ) throws(JSONSyntaxError) -> (node: JSONNode, invalidUTF8Count: Int) {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw JSONSyntaxError(
                position: SourcePosition(line: 1, column: 1), message: "empty input", snippet: "")
        }
        var parser = JSONParser(
            bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        let node = try parser.parseDocument()
        return (node, parser.invalidUTF8Count)
    }

    /// Parses one JSON document from UTF-8 bytes; see `parse(_: UnsafeRawBufferPointer)`.
    public static func parse(
        _ data: [UInt8]
    ) throws(JSONSyntaxError) -> (node: JSONNode, invalidUTF8Count: Int) {
        let result = data.withUnsafeBytes {
            buffer -> Result<(node: JSONNode, invalidUTF8Count: Int), JSONSyntaxError> in
            do throws(JSONSyntaxError) { return .success(try parse(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses one JSON document from a string.
    public static func parse(_ string: String) throws(JSONSyntaxError) -> JSONNode {
        var string = string
        let result = string.withUTF8 { buffer -> Result<JSONNode, JSONSyntaxError> in
            do throws(JSONSyntaxError) { return .success(try parse(UnsafeRawBufferPointer(buffer)).node) } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

// MARK: - The parser

private enum ASCII {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22  // "
    static let apostrophe: UInt8 = 0x27  // '
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let upperE: UInt8 = 0x45
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let lowerE: UInt8 = 0x65
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
}

@inline(__always) private func isDigit(_ b: UInt8) -> Bool { b &- ASCII.zero < 10 }

@inline(__always) private func isWordByte(_ b: UInt8) -> Bool {
    isDigit(b) || (b | 0x20) &- 0x61 < 26 || b == 0x5F  // 0-9, a-z, A-Z, _
}

private func hexDigits(_ v: UInt32, width: Int = 4) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}

/// An open array or object.
private struct Frame {
    var isObject: Bool
    /// Index in the parser's scratch list of elements or members where this container's
    /// children start.
    var start: Int
    var position: SourcePosition
    /// For an object: the key of the member whose value is being parsed.
    var key: String = ""
    var keyPosition = SourcePosition(line: 0, column: 0)
}

struct JSONParser {
    let p: UnsafePointer<UInt8>
    let end: Int
    /// Where the document starts (after a byte order mark).
    let documentStart: Int
    var i: Int
    var line = 1
    var lineStart: Int
    /// The column of `lineStart`: 1, unless the bytes are a part of a document that starts
    /// inside a line (`init(part:)`).
    var lineStartColumn = 1
    /// The line and column of `documentStart`.
    let startLine: Int
    let startColumn: Int
    /// The last column computed on the current line, and the offset it belongs to.
    var columnCacheOffset: Int
    var columnCacheValue = 1
    var invalidUTF8Count = 0
    /// Reused buffer for strings with escapes.
    var scratch: [UInt8] = []

    init(bytes: UnsafePointer<UInt8>, count: Int) {
        p = bytes
        end = count
        let bom = count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        documentStart = bom ? 3 : 0
        i = documentStart
        lineStart = documentStart
        columnCacheOffset = documentStart
        startLine = 1
        startColumn = 1
    }

    /// A parser of a part of a document (read as it arrives): `bytes` start at `line`:`column`
    /// of the document, where no byte order mark is looked for.
    init(part bytes: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        // (A part is never empty where it is parsed; the address is only read below `end`.)
        p = UnsafePointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
        end = bytes.count
        documentStart = 0
        i = 0
        lineStart = 0
        lineStartColumn = column
        columnCacheOffset = 0
        columnCacheValue = column
        self.line = line
        startLine = line
        startColumn = column
    }

    // MARK: Positions and errors

    @inline(__always) mutating func newLine() {
        line += 1
        lineStart = i
        lineStartColumn = 1
        columnCacheOffset = i
        columnCacheValue = 1
    }

    @inline(__always) mutating func skipWhitespace() {
        while i < end {
            let b = p[i]
            if b == ASCII.space || b == ASCII.tab {
                i += 1
            } else if b == ASCII.newline {
                i += 1
                newLine()
            } else if b == ASCII.carriageReturn {
                i += 1
                if i < end && p[i] == ASCII.newline { i += 1 }
                newLine()
            } else {
                return
            }
        }
    }

    /// The position of byte `offset`, which must be on the current line (every caller asks
    /// for the start of a token that whitespace skipping has reached).
    @inline(__always) mutating func position(at offset: Int) -> SourcePosition {
        if offset < lineStart { return slowPosition(at: offset) }
        if offset < columnCacheOffset {
            columnCacheOffset = lineStart
            columnCacheValue = lineStartColumn
        }
        var column = columnCacheValue
        var k = columnCacheOffset
        while k < offset {
            if p[k] & 0xC0 != 0x80 { column += 1 }
            k += 1
        }
        columnCacheOffset = offset
        columnCacheValue = column
        return SourcePosition(line: line, column: column)
    }

    /// Counts from the start of the document; only for offsets before the current line.
    func slowPosition(at offset: Int) -> SourcePosition {
        var line = startLine
        var column = startColumn
        var k = documentStart
        while k < offset {
            let b = p[k]
            if b == ASCII.newline || (b == ASCII.carriageReturn && !(k + 1 < end && p[k + 1] == ASCII.newline)) {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 && b != ASCII.carriageReturn {
                column += 1
            }
            k += 1
        }
        return SourcePosition(line: line, column: column)
    }

    mutating func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(position: position(at: offset), message: message, snippet: snippet(at: offset))
    }

    /// Up to 20 scalars of the line starting at `offset`, controls and format characters
    /// escaped (`MessageText`).
    func snippet(at offset: Int) -> String {
        guard offset < end else { return "" }
        var k = offset
        var scalars = 0
        while k < end {
            let b = p[k]
            if b == ASCII.newline || b == ASCII.carriageReturn { break }
            if b & 0xC0 != 0x80 {
                if scalars == 20 { break }
                scalars += 1
            }
            k += 1
        }
        let raw = String(decoding: UnsafeBufferPointer(start: p + offset, count: k - offset), as: UTF8.self)
        return MessageText.escaped(raw)
    }

    /// Names what is at `offset`, for "expected X, found Y" messages.
    func describe(_ offset: Int) -> String {
        guard offset < end else { return "end of input" }
        let b = p[offset]
        if isWordByte(b) {
            var k = offset
            while k < end && isWordByte(p[k]) && k - offset < 20 { k += 1 }
            let word = String(decoding: UnsafeBufferPointer(start: p + offset, count: k - offset), as: UTF8.self)
            return "'" + word + (k < end && isWordByte(p[k]) ? "…'" : "'")
        }
        if b == ASCII.apostrophe { return "\"'\" (JSON strings use double quotes)" }
        if b < 0x20 || b == 0x7F { return "control character U+" + hexDigits(UInt32(b)) }
        if b < 0x80 { return "'" + String(UnicodeScalar(b)) + "'" }
        // A non-ASCII character: decode one scalar.
        var iterator = UnsafeBufferPointer(start: p + offset, count: min(4, end - offset)).makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            let v = scalar.value
            if !MessageText.isShownAsItself(scalar) { return "U+" + hexDigits(v) }
            return "'" + String(scalar) + "' (U+" + hexDigits(v) + ")"
        }
        return "invalid UTF-8 byte 0x" + hexDigits(UInt32(b), width: 2)
    }

    // MARK: The document

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        if i >= end { throw error("empty input", at: i) }
        let root = try parseValueTree()
        skipWhitespace()
        if i < end { throw error("unexpected text after the JSON value", at: i) }
        return root
    }

    /// Parses one value (with everything nested in it) starting at `i`, which is not
    /// whitespace. Iterative: `frames` holds the open containers, and the children of open
    /// containers wait in `elements` / `members` until their container closes.
    ///
    /// `depth` containers enclose the value (it is a part of a document read as it arrives);
    /// `expected` is what an error at its start says was expected.
    mutating func parseValueTree(depth: Int = 0, expected: String = "a value") throws(JSONSyntaxError) -> JSONNode {
        var frames: [Frame] = []
        var elements: [JSONNode] = []
        var members: [JSONMember] = []
        var expected = expected

        nextValue: while true {
            guard i < end else { throw error("expected \(expected), found end of input", at: i) }
            let start = i
            var node: JSONNode
            switch p[i] {
            case ASCII.openBracket:
                let position = position(at: start)
                if frames.count + depth >= JSONReader.maxDepth { throw depthError(at: start) }
                i += 1
                skipWhitespace()
                if i < end && p[i] == ASCII.closeBracket {
                    i += 1
                    node = JSONNode(value: .array([]), position: position)
                } else {
                    frames.append(Frame(isObject: false, start: elements.count, position: position))
                    expected = "a value or ']'"
                    continue nextValue
                }
            case ASCII.openBrace:
                let position = position(at: start)
                if frames.count + depth >= JSONReader.maxDepth { throw depthError(at: start) }
                i += 1
                skipWhitespace()
                if i < end && p[i] == ASCII.closeBrace {
                    i += 1
                    node = JSONNode(value: .object([]), position: position)
                } else {
                    guard i < end && p[i] == ASCII.quote else {
                        throw error("expected a string key or '}', found \(describe(i))", at: i)
                    }
                    var frame = Frame(isObject: true, start: members.count, position: position)
                    (frame.key, frame.keyPosition) = try parseKeyAndColon()
                    frames.append(frame)
                    expected = "a value"
                    continue nextValue
                }
            case ASCII.quote:
                let position = position(at: start)
                node = JSONNode(value: .string(try parseString()), position: position)
            case ASCII.minus, ASCII.zero...ASCII.nine:
                let position = position(at: start)
                node = JSONNode(value: try parseNumber(), position: position)
            default:
                let position = position(at: start)
                node = JSONNode(value: try parseLiteral(expected: expected), position: position)
            }

            // Attach the finished node to its container; close containers as they end.
            while let f = frames.indices.last {
                skipWhitespace()
                let b: UInt8 = i < end ? p[i] : 0
                if frames[f].isObject {
                    var key = ""
                    swap(&key, &frames[f].key)
                    members.append(JSONMember(key: key, keyPosition: frames[f].keyPosition, value: node))
                    if i < end && b == ASCII.comma {
                        let comma = i
                        i += 1
                        skipWhitespace()
                        if i < end && p[i] == ASCII.closeBrace {
                            throw error("trailing comma before '}'", at: comma)
                        }
                        guard i < end && p[i] == ASCII.quote else {
                            throw error("expected a string key after ',', found \(describe(i))", at: i)
                        }
                        (frames[f].key, frames[f].keyPosition) = try parseKeyAndColon()
                        expected = "a value"
                        continue nextValue
                    }
                    if i < end && b == ASCII.closeBrace {
                        i += 1
                        let first = frames[f].start
                        node = JSONNode(value: .object(Array(members[first...])), position: frames[f].position)
                        members.removeLast(members.count - first)
                        frames.removeLast()
                        continue
                    }
                    if i < end && b == ASCII.quote {
                        throw error("missing ',' between object members", at: i)
                    }
                    throw error(
                        "expected ',' or '}' after an object member, found \(describe(i))"
                            + (i < end ? "" : " (the object starting at \(frames[f].position) is not closed)"),
                        at: i)
                } else {
                    elements.append(node)
                    if i < end && b == ASCII.comma {
                        let comma = i
                        i += 1
                        skipWhitespace()
                        if i < end && p[i] == ASCII.closeBracket {
                            throw error("trailing comma before ']'", at: comma)
                        }
                        expected = "a value"
                        continue nextValue
                    }
                    if i < end && b == ASCII.closeBracket {
                        i += 1
                        let first = frames[f].start
                        node = JSONNode(value: .array(Array(elements[first...])), position: frames[f].position)
                        elements.removeLast(elements.count - first)
                        frames.removeLast()
                        continue
                    }
                    if i < end && startsValue(b) {
                        throw error("missing ',' between array elements", at: i)
                    }
                    throw error(
                        "expected ',' or ']' after an array element, found \(describe(i))"
                            + (i < end ? "" : " (the array starting at \(frames[f].position) is not closed)"),
                        at: i)
                }
            }
            return node
        }
    }

    @inline(__always) func startsValue(_ b: UInt8) -> Bool {
        switch b {
        case ASCII.quote, ASCII.openBracket, ASCII.openBrace, ASCII.minus, ASCII.zero...ASCII.nine,
            0x74 /* t */, 0x66 /* f */, 0x6E /* n */:
            true
        default:
            false
        }
    }

    mutating func depthError(at offset: Int) -> JSONSyntaxError {
        error("nesting too deep: more than \(JSONReader.maxDepth) levels of arrays and objects", at: offset)
    }

    /// Parses `"key"` then `:` (with whitespace around it); `i` is at the opening quote.
    mutating func parseKeyAndColon() throws(JSONSyntaxError) -> (String, SourcePosition) {
        let keyPosition = position(at: i)
        let key = try parseString()
        skipWhitespace()
        guard i < end && p[i] == ASCII.colon else {
            throw error("expected ':' after object key, found \(describe(i))", at: i)
        }
        i += 1
        skipWhitespace()
        return (key, keyPosition)
    }

    // MARK: Literals

    /// `true`, `false` or `null`; anything else that can't start a value is an error.
    mutating func parseLiteral(expected: String) throws(JSONSyntaxError) -> JSONValue {
        let start = i
        var k = i
        while k < end && isWordByte(p[k]) { k += 1 }
        let word = UnsafeBufferPointer(start: p + start, count: k - start)
        if isWord(word, "true") {
            i = k
            return .bool(true)
        }
        if isWord(word, "false") {
            i = k
            return .bool(false)
        }
        if isWord(word, "null") {
            i = k
            return .null
        }
        let b = p[start]
        if b == ASCII.dot {
            throw error("a number must start with a digit, found '.' (write 0.5, not .5)", at: start)
        }
        if b == ASCII.plus {
            throw error("a number cannot start with '+'", at: start)
        }
        if word.isEmpty {
            throw error("expected \(expected), found \(describe(start))", at: start)
        }
        let text = String(decoding: word, as: UTF8.self)
        let lowered = text.lowercased()
        for literal in ["true", "false", "null"] {
            if lowered == literal {
                throw error("JSON literals are lowercase: write '\(literal)', not '\(text)'", at: start)
            }
            if literal.hasPrefix(text) || text.hasPrefix(literal) {
                throw error("invalid literal '\(text)' (expected '\(literal)')", at: start)
            }
        }
        if text == "NaN" || text == "Infinity" {
            throw error("'\(text)' is not valid JSON (JSON numbers have no NaN or Infinity)", at: start)
        }
        throw error(
            "expected \(expected), found \(describe(start)) (strings must be in double quotes)", at: start)
    }

    @inline(__always) func isWord(_ word: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard word.count == literal.utf8CodeUnitCount else { return false }
        let expected = literal.utf8Start
        for k in 0..<word.count where word[k] != expected[k] { return false }
        return true
    }

    // MARK: Numbers

    /// number = [ "-" ] int [ frac ] [ exp ]; `i` is at '-' or a digit. The number is kept as
    /// written (`JSONNumber`): converting is left to who needs a value.
    mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = i
        var k = i
        if p[k] == ASCII.minus { k += 1 }
        guard k < end && isDigit(p[k]) else {
            if k < end && p[k] == ASCII.dot {
                throw error("a number must start with a digit, found '.' (write -0.5, not -.5)", at: k)
            }
            throw error("expected a digit after '-', found \(describe(k))", at: k)
        }
        if p[k] == ASCII.zero {
            k += 1
            if k < end && isDigit(p[k]) {
                throw error("leading zeros are not allowed in numbers", at: start)
            }
        } else {
            while k < end && isDigit(p[k]) { k += 1 }
        }
        if k < end && p[k] == ASCII.dot {
            k += 1
            guard k < end && isDigit(p[k]) else {
                throw error("expected a digit after the decimal point, found \(describe(k))", at: k)
            }
            while k < end && isDigit(p[k]) { k += 1 }
        }
        if k < end && (p[k] == ASCII.lowerE || p[k] == ASCII.upperE) {
            k += 1
            if k < end && (p[k] == ASCII.plus || p[k] == ASCII.minus) { k += 1 }
            guard k < end && isDigit(p[k]) else {
                throw error("expected a digit in the exponent, found \(describe(k))", at: k)
            }
            while k < end && isDigit(p[k]) { k += 1 }
        }
        i = k
        let literal = String(decoding: UnsafeBufferPointer(start: p + start, count: k - start), as: UTF8.self)
        return .number(JSONNumber(literal: literal))
    }

    // MARK: Strings

    /// Parses a string; `i` is at the opening quote. Strings without escapes are made directly
    /// from the bytes.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let quote = i
        var k = i + 1
        var nonASCII = false
        while k < end {
            let b = p[k]
            if b == ASCII.quote {
                i = k + 1
                return makeString(UnsafeBufferPointer(start: p + quote + 1, count: k - quote - 1), nonASCII: nonASCII)
            }
            if b == ASCII.backslash {
                return try parseEscapedString(quote: quote, firstEscape: k, nonASCII: nonASCII)
            }
            if b < 0x20 { throw controlCharacterError(at: k, quote: quote) }
            if b >= 0x80 { nonASCII = true }
            k += 1
        }
        throw error("unterminated string", at: quote)
    }

    mutating func controlCharacterError(at offset: Int, quote: Int) -> JSONSyntaxError {
        let b = p[offset]
        if b == ASCII.newline || b == ASCII.carriageReturn {
            return error(
                "unterminated string (a line break comes before the closing '\"'; write \\n for a line break inside a string)",
                at: quote)
        }
        let hint = b == ASCII.tab ? "\\t" : "\\u" + hexDigits(UInt32(b))
        return error(
            "control character U+\(hexDigits(UInt32(b))) must be escaped in a string (write \(hint))", at: offset)
    }

    /// Makes a string from UTF-8 bytes, replacing and counting invalid sequences.
    mutating func makeString(_ bytes: UnsafeBufferPointer<UInt8>, nonASCII: Bool) -> String {
        if !nonASCII { return String(decoding: bytes, as: UTF8.self) }
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break loop
            case .error: invalidUTF8Count += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The slow path: `firstEscape` is the first backslash after the opening quote at `quote`.
    mutating func parseEscapedString(quote: Int, firstEscape: Int, nonASCII: Bool) throws(JSONSyntaxError) -> String {
        var out: [UInt8] = []
        swap(&out, &scratch)
        defer { swap(&out, &scratch) }
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: UnsafeBufferPointer(start: p + quote + 1, count: firstEscape - quote - 1))
        var nonASCII = nonASCII
        var k = firstEscape
        while k < end {
            let b = p[k]
            if b == ASCII.quote {
                i = k + 1
                return out.withUnsafeBufferPointer { makeString($0, nonASCII: nonASCII) }
            }
            if b == ASCII.backslash {
                guard k + 1 < end else { break }
                switch p[k + 1] {
                case ASCII.quote: out.append(ASCII.quote)
                case ASCII.backslash: out.append(ASCII.backslash)
                case ASCII.slash: out.append(ASCII.slash)
                case 0x62 /* b */: out.append(0x08)
                case 0x66 /* f */: out.append(0x0C)
                case 0x6E /* n */: out.append(ASCII.newline)
                case 0x72 /* r */: out.append(ASCII.carriageReturn)
                case 0x74 /* t */: out.append(ASCII.tab)
                case 0x75 /* u */:
                    guard let unit = hex4(at: k + 2) else {
                        throw error("invalid \\u escape: expected 4 hexadecimal digits after '\\u'", at: k)
                    }
                    k += 6
                    var scalar = unit
                    if (0xD800...0xDBFF).contains(unit) {
                        if k + 1 < end && p[k] == ASCII.backslash && p[k + 1] == 0x75,
                            let low = hex4(at: k + 2), (0xDC00...0xDFFF).contains(low)
                        {
                            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                            k += 6
                        } else {
                            scalar = 0xFFFD
                            invalidUTF8Count += 1
                        }
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        scalar = 0xFFFD
                        invalidUTF8Count += 1
                    }
                    appendUTF8(scalar, to: &out)
                    continue
                default:
                    let e = p[k + 1]
                    if e < 0x20 || e >= 0x7F {
                        throw error(
                            "invalid escape sequence in string (valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                            at: k)
                    }
                    throw error(
                        "invalid escape '\\\(String(UnicodeScalar(e)))' in string (valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
                        at: k)
                }
                k += 2
                continue
            }
            if b < 0x20 { throw controlCharacterError(at: k, quote: quote) }
            if b >= 0x80 { nonASCII = true }
            out.append(b)
            k += 1
        }
        throw error("unterminated string", at: quote)
    }

    /// The value of 4 hexadecimal digits at `offset`, or nil.
    func hex4(at offset: Int) -> UInt32? {
        guard offset + 4 <= end else { return nil }
        var value: UInt32 = 0
        for k in offset..<offset + 4 {
            let b = p[k]
            let digit: UInt8
            switch b {
            case 0x30...0x39: digit = b - 0x30
            case 0x41...0x46: digit = b - 0x41 + 10
            case 0x61...0x66: digit = b - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    @inline(__always) func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        switch v {
        case 0..<0x80:
            out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | v >> 6))
            out.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | v >> 12))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        default:
            out.append(UInt8(0xF0 | v >> 18))
            out.append(UInt8(0x80 | v >> 12 & 0x3F))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        }
    }
}
