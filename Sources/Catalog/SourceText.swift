// The bytes of one input, shared by the line-oriented loaders (JSON Lines, CSV, TSV, lines).
//
// The loaders never track line numbers while they parse: the fast path only looks for
// separators. When something goes wrong, `position(of:)` counts lines from the start, once,
// so that cost is paid only by a file that is about to be refused. A stream is parsed a part
// at a time, each part starting a line: its text knows the line it starts (`firstLine`).

import SafeText
import Schema

/// An input's bytes (after any UTF-8 byte order mark) and the name messages give it.
struct SourceText {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The file as named in messages: a path as the user wrote it, or "stdin".
    let file: String
    /// The line of the input that the first byte starts (a part of a stream starts later).
    var firstLine = 1

    init(bytes: UnsafeBufferPointer<UInt8>, file: String, firstLine: Int = 1) {
        self.bytes = bytes
        self.file = file
        self.firstLine = firstLine
    }

    var count: Int { bytes.count }

    @inline(__always) subscript(offset: Int) -> UInt8 { bytes[offset] }

    /// The text of `range`, invalid UTF-8 replaced by U+FFFD (counted once, for the whole
    /// input, by `UTF8Check`).
    @inline(__always) func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The 1-based line and column of `offset`. Lines end at LF (a CR before it belongs to the
    /// break); the column counts Unicode scalars, as `SourcePosition` does for JSON.
    func position(of offset: Int) -> SourcePosition {
        var line = firstLine
        var lineStart = 0
        let limit = min(offset, count)
        var k = 0
        while k < limit {
            if bytes[k] == Byte.newline {
                line += 1
                lineStart = k + 1
            }
            k += 1
        }
        var column = 1
        k = lineStart
        while k < limit {
            if bytes[k] & 0xC0 != 0x80
                && !(bytes[k] == Byte.carriageReturn && k + 1 < count && bytes[k + 1] == Byte.newline)
            {
                column += 1
            }
            k += 1
        }
        return SourcePosition(line: line, column: column)
    }

    /// A located error: `file:line:column: message (at "snippet")`.
    func error(_ message: String, at offset: Int, snippet: Bool = true) -> DataError {
        let position = position(of: offset)
        var text = message
        if snippet {
            let shown = self.snippet(at: offset)
            if !shown.isEmpty { text += " (at \"\(shown)\")" }
        }
        return DataError(file: file, line: position.line, column: position.column, message: text)
    }

    /// Up to `limit` scalars of the line from `offset`, controls and format characters
    /// escaped (`MessageText`) so the message stays one line of plain text, and "…" when the
    /// line goes on.
    func snippet(at offset: Int, limit: Int = 30) -> String {
        guard offset < count else { return "" }
        var end = offset
        while end < count && bytes[end] != Byte.newline { end += 1 }
        if end > offset && bytes[end - 1] == Byte.carriageReturn { end -= 1 }
        return Self.escapedSnippet(string(offset..<end), limit: limit)
    }

    static func escapedSnippet(_ raw: String, limit: Int = 30) -> String {
        MessageText.escaped(raw, limit: limit)
    }

    /// The number of line feeds, eight bytes at a time: an upper bound on the records, to
    /// size a single section's storage once instead of regrowing it up to a million items.
    func lineFeedCount() -> Int { Self.lineFeedCount(in: bytes) }

    static func lineFeedCount(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let pattern: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        var total = 0
        var k = 0
        while k + 8 <= count {
            let x = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self) ^ pattern
            // 0x80 in exactly the bytes of x that are zero (no borrow crosses bytes).
            let zeros = ~(((x & low7) &+ low7) | x | low7)
            total += zeros.nonzeroBitCount
            k += 8
        }
        while k < count {
            if base[k] == Byte.newline { total += 1 }
            k += 1
        }
        return total
    }

    /// Whether `range` holds only spaces, tabs and carriage returns.
    func isBlank(_ range: Range<Int>) -> Bool {
        for k in range {
            let b = bytes[k]
            if b != Byte.space && b != Byte.tab && b != Byte.carriageReturn { return false }
        }
        return true
    }
}

enum Byte {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let comma: UInt8 = 0x2C
    static let backslash: UInt8 = 0x5C
    static let bar: UInt8 = 0x7C
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
}

/// Splits keywords written as one string: words separated by spaces, commas or `|` (the
/// separators people use in spreadsheets and tag lists); empty words are dropped.
func splitKeywords(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
    var words: [String] = []
    forEachKeyword(in: bytes) { words.append(String(decoding: $0, as: UTF8.self)) }
    return words
}

/// Calls `body` with each word of keywords written as one string (see `splitKeywords`).
@inline(__always)
func forEachKeyword(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    var start = 0
    for k in 0...bytes.count {
        let isEnd = k == bytes.count
        if !isEnd {
            let b = bytes[k]
            if b != Byte.space && b != Byte.comma && b != Byte.bar && b != Byte.tab { continue }
        }
        if k > start { body(UnsafeBufferPointer(rebasing: bytes[start..<k])) }
        start = k + 1
    }
}

func splitKeywords(_ text: String) -> [String] {
    var text = text
    return text.withUTF8 { splitKeywords($0) }
}

/// Counts invalid UTF-8 in a whole input before parsing, so every format gets the same single
/// warning however its parser makes strings.
enum UTF8Check {
    /// The number of invalid sequences, counted as `String(decoding:as:)` replaces them (one
    /// U+FFFD per maximal invalid subpart, Unicode's recommended practice), and the offset
    /// of the first. ASCII is skipped eight bytes at a time.
    static func invalidSequences(in bytes: UnsafeBufferPointer<UInt8>) -> (count: Int, firstOffset: Int?) {
        let scan = scan(bytes, final: true)
        return (scan.count, scan.firstOffset)
    }

    /// `invalidSequences` of a part of an input: unless it is the last part (`final`), a
    /// sequence cut by its end is left for the next part (`checked` is where it starts), so
    /// that any cutting of an input counts what a whole read counts.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) -> (count: Int, firstOffset: Int?, checked: Int)
    {
        guard let base = bytes.baseAddress else { return (0, nil, 0) }
        let end = bytes.count
        var count = 0
        var first: Int?
        var i = 0
        while i < end {
            if i + 8 <= end {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
            }
            let b0 = base[i]
            if b0 < 0x80 {
                i += 1
                continue
            }
            // The allowed range of the second byte depends on the lead byte (no overlongs,
            // no surrogates, nothing past U+10FFFF); later bytes are plain continuations.
            var length = 0
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: length = 0
            }
            var valid = length > 0
            var consumed = 1
            if valid {
                while consumed < length {
                    guard i + consumed < end else {
                        // Cut by the end of this part: the next part says how it goes on.
                        if !final { return (count, first, i) }
                        valid = false
                        break
                    }
                    let b = base[i + consumed]
                    let inRange = consumed == 1 ? (b >= low && b <= high) : (b & 0xC0 == 0x80)
                    guard inRange else { valid = false; break }
                    consumed += 1
                }
            }
            if !valid {
                count += 1
                if first == nil { first = i }
            }
            i += consumed
        }
        return (count, first, end)
    }
}
