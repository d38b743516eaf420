// The bytes of a TOML document: where the reader is, positions for messages, and the lexical
// pieces shared by the lines and the values (spaces, comments, line ends, keys, strings).

import SafeText
import Schema

struct TOMLScanner {
    let bytes: [UInt8]
    /// The next byte to read.
    private(set) var index: Int
    /// Where each line starts (offsets), for positions.
    private let lineStarts: [Int]
    /// The last position computed, to go on counting from there on the same line (a long
    /// line with many keys stays linear).
    private var cachedLine = 0
    private var cachedOffset = 0
    private var cachedColumn = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        index = start
        var starts = [start]
        for offset in start..<bytes.count where bytes[offset] == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
        cachedOffset = start
    }

    var atEnd: Bool { index >= bytes.count }

    @inline(__always) func peek(_ ahead: Int = 0) -> UInt8? {
        let offset = index + ahead
        return offset < bytes.count ? bytes[offset] : nil
    }

    @inline(__always) mutating func advance(_ count: Int = 1) {
        index = min(bytes.count, index + count)
    }

    // MARK: Positions and messages

    /// The position of byte `offset` (default: the next byte).
    mutating func position(at offset: Int? = nil) -> SourcePosition {
        let offset = min(offset ?? index, bytes.count)
        // The last line start at or before `offset`.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var counted = lineStarts[low]
        if cachedLine == low && cachedOffset <= offset && cachedOffset >= counted {
            column = cachedColumn
            counted = cachedOffset
        }
        while counted < offset {
            // A scalar per lead byte; the CR of a CRLF ends the line and counts for nothing.
            if bytes[counted] & 0xC0 != 0x80 { column += 1 }
            counted += 1
        }
        cachedLine = low
        cachedOffset = offset
        cachedColumn = column
        return SourcePosition(line: low + 1, column: column)
    }

    mutating func error(_ message: String, at offset: Int? = nil) -> TOMLError {
        TOMLError(position: position(at: offset), message: message)
    }

    /// What the next byte is, for "expected X, found Y" messages.
    func describeNext() -> String { describe(at: index) }

    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return "the end of the line"
        case UInt8(ascii: " "): return "a space"
        case UInt8(ascii: "\t"): return "a tab"
        case UInt8(ascii: "'"): return "\"'\""
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0..<0x20, 0x7F: return "the control character \(Self.codePoint(UInt32(byte)))"
        default:
            let scalar = Self.scalar(at: offset, in: bytes)
            return Self.isSafeToShow(scalar)
                ? "'\(Character(scalar))' (\(Self.codePoint(scalar.value)))"
                : Self.codePoint(scalar.value)
        }
    }

    static func codePoint(_ value: UInt32) -> String { MessageText.codePoint(value) }

    /// The scalar whose UTF-8 starts at `offset` (the document is valid UTF-8 by then).
    static func scalar(at offset: Int, in bytes: [UInt8]) -> Unicode.Scalar {
        var iterator = bytes[offset...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }

    /// Whether a terminal shows `scalar` as itself, and `text` quoted for a message with the
    /// rest escaped: the rules of every message (MessageText), whose escapes are TOML's too.
    static func isSafeToShow(_ scalar: Unicode.Scalar) -> Bool { MessageText.isShownAsItself(scalar) }

    static func quoted(_ text: String) -> String { MessageText.quoted(text) }

    // MARK: Encoding

    /// Throws at the first byte that is not well-formed UTF-8 (TOML documents are UTF-8).
    mutating func checkEncoding() throws(TOMLError) {
        var offset = index
        let count = bytes.count
        while offset < count {
            let lead = bytes[offset]
            if lead < 0x80 {
                offset += 1
                continue
            }
            // The ranges of the second byte by lead byte (Unicode's table 3-7); the others are 80...BF.
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; second = 0x80...0x8F
            default:
                throw error(
                    "invalid UTF-8 (the byte 0x\(String(lead, radix: 16, uppercase: true))); TOML files are UTF-8",
                    at: offset)
            }
            for extra in 1..<length {
                let range = extra == 1 ? second : 0x80...0xBF
                guard offset + extra < count, range.contains(bytes[offset + extra]) else {
                    throw error(
                        "invalid UTF-8 (a sequence starting with the byte 0x\(String(lead, radix: 16, uppercase: true)) is cut short); TOML files are UTF-8",
                        at: offset)
                }
            }
            offset += length
        }
    }

    // MARK: Spaces, comments, line ends

    static func isControlOtherThanTab(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
    }

    mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { advance() }
    }

    /// From `#` to the end of the line (the line end itself is left).
    mutating func skipComment() throws(TOMLError) {
        advance()
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r") && peek(1) == UInt8(ascii: "\n") { return }
            if Self.isControlOtherThanTab(byte) {
                throw error("the control character \(Self.codePoint(UInt32(byte))) is not allowed in a comment")
            }
            advance()
        }
    }

    /// A line feed, or a carriage return and a line feed.
    mutating func expectLineEnd() throws(TOMLError) {
        if peek() == UInt8(ascii: "\r") {
            guard peek(1) == UInt8(ascii: "\n") else {
                throw error("a carriage return must be followed by a line feed")
            }
            advance(2)
        } else if peek() == UInt8(ascii: "\n") {
            advance()
        } else {
            throw error("expected the end of the line, found \(describeNext())")
        }
    }

    /// Spaces, a comment, then the end of the line or of the file.
    mutating func expectEndOfLine(after what: String) throws(TOMLError) {
        skipSpaces()
        if peek() == UInt8(ascii: "#") { try skipComment() }
        guard !atEnd else { return }
        guard peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "\r") else {
            throw error("expected the end of the line after \(what), found \(describeNext())")
        }
        try expectLineEnd()
    }

    // MARK: Keys

    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// A key: bare, quoted or literal parts joined by dots (spaces allowed around them).
    mutating func readKey() throws(TOMLError) -> DottedKey {
        var parts: [(name: String, position: SourcePosition)] = []
        while true {
            let start = position()
            parts.append((try readSimpleKey(), start))
            skipSpaces()
            guard peek() == UInt8(ascii: ".") else { return DottedKey(parts: parts) }
            advance()
            skipSpaces()
        }
    }

    private mutating func readSimpleKey() throws(TOMLError) -> String {
        switch peek() {
        case UInt8(ascii: "\"")?:
            if peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"") {
                throw error("a key cannot be a multi-line string")
            }
            return try readBasicString()
        case UInt8(ascii: "'")?:
            if peek(1) == UInt8(ascii: "'") && peek(2) == UInt8(ascii: "'") {
                throw error("a key cannot be a multi-line string")
            }
            return try readLiteralString()
        case let byte? where Self.isBareKeyByte(byte):
            let start = index
            while let next = peek(), Self.isBareKeyByte(next) { advance() }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        default:
            throw error("expected a key (letters, digits, _ and -, or a quoted string), found \(describeNext())")
        }
    }

    // MARK: Strings

    /// `"..."` on one line, with escapes.
    mutating func readBasicString() throws(TOMLError) -> String {
        let start = index
        advance()
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else {
                throw error("this string has no closing '\"'", at: start)
            }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &text)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error(
                    "this string has no closing '\"' on its line (a string of several lines is written \"\"\"...\"\"\")",
                    at: start)
            default:
                if Self.isControlOtherThanTab(byte) {
                    throw error(
                        "the control character \(Self.codePoint(UInt32(byte))) must be written as an escape in a string (\\u\(String(format4: byte)))"
                    )
                }
                text.append(byte)
                advance()
            }
        }
    }

    /// `"""..."""`: a line end right after the opening quotes is dropped; a backslash at the
    /// end of a line drops it and the blanks that follow.
    mutating func readMultilineBasicString() throws(TOMLError) -> String {
        let start = index
        advance(3)
        skipFirstLineEnd()
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else {
                throw error("this string has no closing '\"\"\"'", at: start)
            }
            switch byte {
            case UInt8(ascii: "\""):
                if try closesMultiline(quote: byte, into: &text) { return String(decoding: text, as: UTF8.self) }
            case UInt8(ascii: "\\"):
                // A line-ending backslash: spaces, then a line end.
                var ahead = 1
                while peek(ahead) == UInt8(ascii: " ") || peek(ahead) == UInt8(ascii: "\t") { ahead += 1 }
                if peek(ahead) == UInt8(ascii: "\n")
                    || (peek(ahead) == UInt8(ascii: "\r") && peek(ahead + 1) == UInt8(ascii: "\n"))
                {
                    advance(ahead)
                    while let next = peek() {
                        if next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") {
                            advance()
                        } else if next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") {
                            try expectLineEnd()
                        } else {
                            break
                        }
                    }
                } else {
                    try readEscape(into: &text)
                }
            default:
                try appendMultilineByte(byte, into: &text)
            }
        }
    }

    /// `'...'` on one line, as written.
    mutating func readLiteralString() throws(TOMLError) -> String {
        let start = index
        advance()
        let contentStart = index
        while true {
            guard let byte = peek() else { throw error("this string has no closing \"'\"", at: start) }
            if byte == UInt8(ascii: "'") {
                let text = String(decoding: bytes[contentStart..<index], as: UTF8.self)
                advance()
                return text
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                throw error(
                    "this string has no closing \"'\" on its line (a string of several lines is written '''...''')",
                    at: start)
            }
            if Self.isControlOtherThanTab(byte) {
                throw error("the control character \(Self.codePoint(UInt32(byte))) is not allowed in a literal string")
            }
            advance()
        }
    }

    /// `'''...'''`, as written but for a line end right after the opening quotes.
    mutating func readMultilineLiteralString() throws(TOMLError) -> String {
        let start = index
        advance(3)
        skipFirstLineEnd()
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("this string has no closing \"'''\"", at: start) }
            if byte == UInt8(ascii: "'") {
                if try closesMultiline(quote: byte, into: &text) { return String(decoding: text, as: UTF8.self) }
            } else {
                try appendMultilineByte(byte, into: &text)
            }
        }
    }

    private mutating func skipFirstLineEnd() {
        if peek() == UInt8(ascii: "\n") {
            advance()
        } else if peek() == UInt8(ascii: "\r") && peek(1) == UInt8(ascii: "\n") {
            advance(2)
        }
    }

    /// At a quote inside a multi-line string: three or more end it, the one or two before the
    /// last three belonging to the text; fewer are text.
    private mutating func closesMultiline(quote: UInt8, into text: inout [UInt8]) throws(TOMLError) -> Bool {
        var count = 0
        while peek(count) == quote { count += 1 }
        if count < 3 {
            text.append(contentsOf: repeatElement(quote, count: count))
            advance(count)
            return false
        }
        guard count <= 5 else {
            throw error("too many quotes in a row: at most two can come before the closing three", at: index + 5)
        }
        text.append(contentsOf: repeatElement(quote, count: count - 3))
        advance(count)
        return true
    }

    /// A byte of a multi-line string's text: line ends kept (as a line feed), tabs kept, other
    /// controls refused.
    private mutating func appendMultilineByte(_ byte: UInt8, into text: inout [UInt8]) throws(TOMLError) {
        if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") {
            try expectLineEnd()
            text.append(UInt8(ascii: "\n"))
            return
        }
        if Self.isControlOtherThanTab(byte) {
            throw error(
                "the control character \(Self.codePoint(UInt32(byte))) must be written as an escape in a string")
        }
        text.append(byte)
        advance()
    }

    /// `\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX`.
    private mutating func readEscape(into text: inout [UInt8]) throws(TOMLError) {
        let start = index
        advance()
        guard let letter = peek() else { throw error("a string ends inside an escape", at: start) }
        advance()
        let simple: UInt8?
        switch letter {
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "u"), UInt8(ascii: "U"): simple = nil
        default:
            let written =
                (0x21...0x7E).contains(letter)
                ? "\\\(Character(Unicode.Scalar(letter)))"
                : "a backslash before \(describe(at: start + 1))"
            throw error(
                "unknown escape \(written); a string knows \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX and \\UXXXXXXXX",
                at: start)
        }
        if let simple {
            text.append(simple)
            return
        }
        let digits = letter == UInt8(ascii: "u") ? 4 : 8
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = peek(), let digit = Self.hexValue(byte) else {
                throw error("\\\(Character(Unicode.Scalar(letter))) takes \(digits) hexadecimal digits", at: start)
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error(
                "\(Self.codePoint(value)) is not a Unicode scalar value (a surrogate, or past U+10FFFF)", at: start)
        }
        text.append(contentsOf: String(Character(scalar)).utf8)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

private extension String {
    /// Four hexadecimal digits of a byte, for `\uXXXX` hints.
    init(format4 byte: UInt8) {
        let digits = String(byte, radix: 16, uppercase: true)
        self = String(repeating: "0", count: 4 - digits.count) + digits
    }
}
