// CSV (RFC 4180) and TSV with a header row. The header names the columns; the section, label
// and glyph columns are chosen by name (or found by common names), a "keywords" column
// becomes the item's keywords, and every other column one of its fields, in order.
//
// The parser is written here over the raw bytes rather than taken from a package: the Swift
// CSV libraries at hand (SwiftCSV, CSV.swift) read through String and Character, which costs
// far more than a byte scan at a million rows, and they keep no line and column for a
// message. A row is split into byte ranges in a reused buffer and its fields are copied
// straight into the catalog's columnar store: no String is made per field.
//
// CSV: fields separated by commas, records by LF or CRLF; a field in double quotes may hold
// commas, line breaks and doubled quotes (""). A quote inside an unquoted field is kept as
// text, as spreadsheets write `5" disk`. TSV: fields separated by tabs, no quoting; the
// escapes \t \n \r \\ stand for tab, line feed, carriage return and backslash. Blank lines
// are skipped in both.

import SafeText

/// Which columns of a CSV or TSV file hold an item's section, label and glyph. A nil name
/// means "find it by the common names"; a name matches exactly, else ignoring case, else as a
/// column number from 1.
public struct ColumnChoice: Hashable, Sendable {
    public var section: String?
    public var label: String?
    public var glyph: String?

    public init(section: String? = nil, label: String? = nil, glyph: String? = nil) {
        self.section = section
        self.label = label
        self.glyph = glyph
    }

    public var isEmpty: Bool { section == nil && label == nil && glyph == nil }

    public static let sectionNames = ["section", "group", "category"]
    public static let labelNames = ["label", "name", "title"]
    public static let glyphNames = ["glyph", "emoji", "icon"]
    public static let keywordsNames = ["keywords"]
}

struct DelimitedLoader {
    enum Dialect {
        case csv, tsv

        var separator: UInt8 { self == .csv ? Byte.comma : Byte.tab }
    }

    /// One field of a record: its content's bytes and whether they need unescaping (a doubled
    /// quote in CSV, a backslash in TSV).
    struct FieldRange {
        var start: Int
        var end: Int
        var escaped: Bool
        /// Where the field starts in the input (a quoted field's opening quote), for messages.
        var origin: Int
    }

    /// The fields of the current record. Cleared by resetting a count rather than with
    /// `removeAll(keepingCapacity:)`, which showed up in profiles at a million rows.
    struct Row {
        private var storage: [FieldRange] = Array(
            repeating: FieldRange(start: 0, end: 0, escaped: false, origin: 0), count: 16)
        private(set) var count = 0

        @inline(__always) subscript(index: Int) -> FieldRange { storage[index] }

        @inline(__always) mutating func append(_ field: FieldRange) {
            if count == storage.count { storage.append(field) } else { storage[count] = field }
            count += 1
        }

        @inline(__always) mutating func reset() { count = 0 }
    }

    enum Outcome {
        case loaded
        /// Nothing after the header row.
        case headerOnly
        /// Not even a header.
        case blank
    }

    /// What the header row decided.
    struct Header {
        let line: Int
        let sectionColumn: Int?
        let shape: RowShape
    }

    let dialect: Dialect
    let columns: ColumnChoice
    let defaultSection: String
    private var header: Header?
    private var defaultSectionIndex: Int?
    private var rows = 0
    private var fields = Row()
    private var scratch: [UInt8] = []

    /// --ansi: each cell's SGR sequences are looks, not text; the label keeps its looks.
    private let ansi: Bool

    init(dialect: Dialect, columns: ColumnChoice, defaultSection: String, ansi: Bool = false) {
        self.dialect = dialect
        self.columns = columns
        self.defaultSection = defaultSection
        self.ansi = ansi
    }

    /// What the input read so far gave.
    var outcome: Outcome { header == nil ? .blank : rows == 0 ? .headerOnly : .loaded }

    /// Reads a whole input.
    static func load(
        _ text: SourceText, dialect: Dialect, columns: ColumnChoice, defaultSection: String,
        into builder: inout CatalogBuilder
    ) throws(DataError) -> Outcome {
        var loader = DelimitedLoader(dialect: dialect, columns: columns, defaultSection: defaultSection)
        _ = try loader.load(text, final: true, into: &builder)
        return loader.outcome
    }

    /// Reads the records of `text`, which starts a record. Unless `text` is the end of the
    /// input (`final`), a record that reaches its end may go on in the next part (a quoted CSV
    /// field holding line breaks, a line cut in two): it is left for then. Returns how much of
    /// `text` was read: all of it, or up to the record left.
    mutating func load(_ text: SourceText, final: Bool, into builder: inout CatalogBuilder) throws(DataError) -> Int {
        var reader = RecordReader(text: text, dialect: dialect, final: final)
        while try reader.next(into: &fields) {
            guard let header else {
                header = try readHeader(reader.recordStart, text: text)
                continue
            }
            if fields.count != header.shape.names.count {
                let message =
                    "this row has \(fields.count) field\(fields.count == 1 ? "" : "s"), "
                    + "the header (line \(header.line)) has \(header.shape.names.count)"
                let at =
                    fields.count > header.shape.names.count
                    ? fields[header.shape.names.count].origin : reader.recordStart
                throw text.error(message, at: at)
            }
            let sectionIndex: Int
            var sectionGiven = header.sectionColumn != nil
            if let sectionColumn = header.sectionColumn {
                let field = fields[sectionColumn]
                if field.start == field.end {
                    sectionIndex = defaultSectionIndex ?? builder.sectionIndex(defaultSection)
                    defaultSectionIndex = sectionIndex
                    sectionGiven = false
                } else if field.escaped || ansi {
                    Self.cell(field, text: text, dialect: dialect, ansi: ansi, into: &scratch)
                    sectionIndex = scratch.withUnsafeBufferPointer { builder.sectionIndex(utf8: $0) }
                } else {
                    sectionIndex = builder.sectionIndex(
                        utf8: UnsafeBufferPointer(rebasing: text.bytes[field.start..<field.end]))
                }
            } else if let defaultSectionIndex {
                sectionIndex = defaultSectionIndex
            } else {
                // Every row goes to this one section: size it once for all the lines.
                sectionIndex = builder.sectionIndex(defaultSection)
                builder.reserveCapacity(text.lineFeedCount(), inSection: sectionIndex)
                defaultSectionIndex = sectionIndex
            }
            builder.beginItem(inSection: sectionIndex)
            header.shape.write(
                fields, text: text, dialect: dialect, sectionGiven: sectionGiven, ansi: ansi, scratch: &scratch,
                into: &builder)
            rows += 1
        }
        return final ? text.count : reader.i
    }

    /// The header row just read (in `fields`, starting at `start`): the columns' names and
    /// which of them hold what.
    private mutating func readHeader(_ start: Int, text: SourceText) throws(DataError) -> Header {
        let names = (0..<fields.count).map { index in
            let name = Self.value(fields[index], text: text, dialect: dialect, scratch: &scratch)
            let trimmed = name.trimmingSpaces()
            return trimmed.isEmpty ? "column \(index + 1)" : trimmed
        }
        let headerLine = text.position(of: start).line

        func choose(_ requested: String?, common: [String]) throws(DataError) -> Int? {
            if let requested {
                if let index = names.firstIndex(of: requested) { return index }
                let lowered = requested.lowercased()
                if let index = names.firstIndex(where: { $0.lowercased() == lowered }) { return index }
                if let number = Int(requested), (1...names.count).contains(number) { return number - 1 }
                throw DataError(
                    file: text.file, line: headerLine,
                    message: "no column \(MessageText.quoted(requested)) (columns: \(names.joined(separator: ", ")))")
            }
            for candidate in common {
                if let index = names.firstIndex(where: { $0.lowercased() == candidate }) { return index }
            }
            return nil
        }
        let sectionColumn = try choose(columns.section, common: ColumnChoice.sectionNames)
        let glyphColumn = try choose(columns.glyph, common: ColumnChoice.glyphNames)
        guard let labelColumn = try choose(columns.label, common: ColumnChoice.labelNames) else {
            throw DataError(
                file: text.file, line: headerLine,
                message:
                    "no label column (columns: \(names.joined(separator: ", "))): name one with --label-column, "
                    + "call it label, name or title, or read the lines as they are with --format lines")
        }
        let chosen = Set([sectionColumn, glyphColumn, labelColumn].compactMap { $0 })
        var keywordsColumn: Int?
        for (index, name) in names.enumerated()
        where !chosen.contains(index)
            && ColumnChoice.keywordsNames.contains(name.lowercased())
        {
            keywordsColumn = index
            break
        }
        let fieldColumns = names.indices.filter { !chosen.contains($0) && $0 != keywordsColumn }
        let shape = RowShape(
            names: names, label: labelColumn, glyph: glyphColumn, keywords: keywordsColumn,
            fields: fieldColumns)
        return Header(line: headerLine, sectionColumn: sectionColumn, shape: shape)
    }

    /// Which field of a row goes where in its item.
    struct RowShape {
        let names: [String]
        let label: Int
        let glyph: Int?
        let keywords: Int?
        let fields: [Int]
        /// The names of `fields`, made once: every row's shape shares this array.
        let fieldNames: [String]

        init(names: [String], label: Int, glyph: Int?, keywords: Int?, fields: [Int]) {
            self.names = names
            self.label = label
            self.glyph = glyph
            self.keywords = keywords
            self.fields = fields
            fieldNames = fields.map { names[$0] }
        }

        /// Writes the row's strings to the builder's current item in store order (label,
        /// keywords, field values, glyph), straight from the input where no unescaping is
        /// needed, and ends the item. `sectionGiven`: the row named its section (else it went to
        /// the one named after the file).
        func write(
            _ row: Row, text: SourceText, dialect: Dialect, sectionGiven: Bool, ansi: Bool = false,
            scratch: inout [UInt8], into builder: inout CatalogBuilder
        ) {
            func add(_ field: FieldRange, isLabel: Bool = false) {
                guard field.escaped || ansi else {
                    builder.addString(UnsafeBufferPointer(rebasing: text.bytes[field.start..<field.end]))
                    return
                }
                // The cell's text unescaped, then with --ansi its colour sequences taken out
                // (each cell from the plain look: a look does not carry from cell to cell).
                let runs = DelimitedLoader.cell(field, text: text, dialect: dialect, ansi: ansi, into: &scratch)
                scratch.withUnsafeBufferPointer { builder.addString($0) }
                if isLabel && !runs.isEmpty { builder.setStyles(AnsiText.encode(runs)) }
            }
            add(row[label], isLabel: true)
            var keywordCount = 0
            if let keywords {
                let field = row[keywords]
                func addWord(_ word: UnsafeBufferPointer<UInt8>) {
                    builder.addString(word)
                    keywordCount += 1
                }
                if field.escaped || ansi {
                    DelimitedLoader.cell(field, text: text, dialect: dialect, ansi: ansi, into: &scratch)
                    scratch.withUnsafeBufferPointer { forEachKeyword(in: $0, addWord) }
                } else if field.start < field.end {
                    forEachKeyword(in: UnsafeBufferPointer(rebasing: text.bytes[field.start..<field.end]), addWord)
                }
            }
            for column in fields { add(row[column]) }
            // An empty glyph cell is no glyph.
            let hasGlyph = glyph.map { row[$0].start < row[$0].end } ?? false
            if hasGlyph, let glyph { add(row[glyph]) }
            builder.finishItem(
                ItemShape(
                    hasGlyph: hasGlyph, keywordCount: keywordCount, fieldNames: fieldNames,
                    section: sectionGiven ? .given : .absent))
        }
    }

    @inline(__always)
    static func value(_ field: FieldRange, text: SourceText, dialect: Dialect, scratch: inout [UInt8]) -> String {
        guard field.escaped else { return text.string(field.start..<field.end) }
        unescape(field, text: text, dialect: dialect, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// A cell's text into `out`: unescaped, and with `ansi` less its SGR sequences (whose
    /// looks are returned, as runs over `out`).
    @discardableResult
    static func cell(
        _ field: FieldRange, text: SourceText, dialect: Dialect, ansi: Bool, into out: inout [UInt8]
    ) -> [AnsiRun] {
        if field.escaped {
            unescape(field, text: text, dialect: dialect, into: &out)
        } else {
            out.removeAll(keepingCapacity: true)
            out.append(contentsOf: text.bytes[field.start..<field.end])
        }
        guard ansi else { return [] }
        var style = AnsiStyle.plain
        guard let (stripped, runs) = out.withUnsafeBufferPointer({ AnsiText.strip($0, style: &style) }) else {
            return []
        }
        out = stripped
        return runs
    }

    static func unescape(_ field: FieldRange, text: SourceText, dialect: Dialect, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        var k = field.start
        switch dialect {
        case .csv:
            while k < field.end {
                let b = text[k]
                out.append(b)
                // Inside quotes a quote only ever comes doubled; keep one.
                k += b == Byte.quote ? 2 : 1
            }
        case .tsv:
            while k < field.end {
                let b = text[k]
                if b == Byte.backslash && k + 1 < field.end {
                    switch text[k + 1] {
                    case UInt8(ascii: "t"): out.append(Byte.tab); k += 2; continue
                    case UInt8(ascii: "n"): out.append(Byte.newline); k += 2; continue
                    case UInt8(ascii: "r"): out.append(Byte.carriageReturn); k += 2; continue
                    case Byte.backslash: out.append(Byte.backslash); k += 2; continue
                    default: break
                    }
                }
                out.append(b)
                k += 1
            }
        }
    }

    /// Splits the input into records, one call per record.
    struct RecordReader {
        let text: SourceText
        let dialect: Dialect
        /// Whether `text` ends the input; else a record that reaches its end is left unread.
        let final: Bool
        var i = 0
        /// Where the current record starts, and where each of its fields does (for messages:
        /// a quoted field's start is its opening quote).
        var recordStart = 0

        init(text: SourceText, dialect: Dialect, final: Bool = true) {
            self.text = text
            self.dialect = dialect
            self.final = final
        }

        /// Reads the next record that is not a blank line into `fields`; false at the end (or,
        /// unless `final`, before a record that reaches the end of the text: `i` is where it
        /// starts).
        mutating func next(into fields: inout Row) throws(DataError) -> Bool {
            fields.reset()
            let end = text.count
            // Skip blank lines (a CR alone on a line counts as blank).
            while i < end {
                var k = i
                while k < end && (text[k] == Byte.carriageReturn || text[k] == Byte.space) { k += 1 }
                if k < end && text[k] == Byte.newline {
                    i = k + 1
                } else if k == end {
                    // Blank to the end, or the start of a record still coming.
                    if !final { return false }
                    i = end
                } else {
                    break
                }
            }
            guard i < end else { return false }
            recordStart = i
            let complete: Bool
            switch dialect {
            case .tsv: complete = readTSV(into: &fields)
            case .csv: complete = try readCSV(into: &fields)
            }
            if !complete {
                i = recordStart
                return false
            }
            return true
        }

        /// Reads a TSV record; false (unless `final`) when no line feed ended it.
        mutating func readTSV(into fields: inout Row) -> Bool {
            let bytes = text.bytes
            let end = bytes.count
            var start = i
            var escaped = false
            var k = i
            while true {
                k = firstOf(Byte.tab, Byte.newline, Byte.backslash, in: bytes, from: k)
                let b = k < end ? bytes[k] : Byte.newline
                if b == Byte.backslash {
                    escaped = true
                    k += 1
                    continue
                }
                var stop = k
                if b == Byte.newline && stop > start && bytes[stop - 1] == Byte.carriageReturn { stop -= 1 }
                fields.append(FieldRange(start: start, end: stop, escaped: escaped, origin: start))
                k += 1
                if b == Byte.newline { break }
                start = k
                escaped = false
            }
            i = min(k, end)
            return final || k <= end
        }

        /// Reads a CSV record; false (unless `final`) when no line feed ended it, a quoted field
        /// included.
        mutating func readCSV(into fields: inout Row) throws(DataError) -> Bool {
            let bytes = text.bytes
            let end = bytes.count
            var k = i
            while true {
                if k < end && bytes[k] == Byte.quote {
                    let open = k
                    k += 1
                    let contentStart = k
                    var doubled = false
                    while true {
                        k = firstOf(Byte.quote, Byte.quote, Byte.quote, in: bytes, from: k)
                        guard k < end else {
                            if !final { return false }
                            throw text.error(
                                "a quoted field is not closed (a '\"' opened here has no closing '\"')", at: open)
                        }
                        if k + 1 < end && bytes[k + 1] == Byte.quote {
                            doubled = true
                            k += 2
                            continue
                        }
                        // A closing quote at the end of the part: a quote doubled may follow.
                        if k + 1 == end && !final { return false }
                        break
                    }
                    fields.append(FieldRange(start: contentStart, end: k, escaped: doubled, origin: open))
                    k += 1
                    if k < end && bytes[k] == Byte.carriageReturn && (k + 1 == end || bytes[k + 1] == Byte.newline) {
                        k += 1
                    }
                    if k < end && bytes[k] != Byte.comma && bytes[k] != Byte.newline {
                        // The message quotes the rest of the line: all of it must be here.
                        if !final && firstOf(Byte.newline, Byte.newline, Byte.newline, in: bytes, from: k) == end {
                            return false
                        }
                        throw text.error(
                            "unexpected text after the closing quote of a field (a quote inside a quoted field is written \"\")",
                            at: k)
                    }
                } else {
                    let start = k
                    k = firstOf(Byte.comma, Byte.newline, Byte.comma, in: bytes, from: k)
                    var stop = k
                    if stop > start && bytes[stop - 1] == Byte.carriageReturn && (k == end || bytes[k] == Byte.newline)
                    {
                        stop -= 1
                    }
                    fields.append(FieldRange(start: start, end: stop, escaped: false, origin: start))
                }
                if k < end && bytes[k] == Byte.comma {
                    k += 1
                    continue
                }
                // A line feed or the end of the input ends the record.
                if k == end && !final { return false }
                i = min(k + 1, end)
                return true
            }
        }
    }
}

/// The offset of the first of three bytes at or after `start`, or the end. Eight bytes are
/// tested at a time (a byte equal to `b` is a zero byte of `word ^ b`, which the classic
/// `(x - 0x01..) & ~x & 0x80..` finds; its lowest set bit is exact): fields are short, but
/// this still halves the time spent looking for separators in a large file.
@inline(__always)
func firstOf(_ a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let end = bytes.count
    guard let base = bytes.baseAddress else { return end }
    var k = start
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let pa = ones &* UInt64(a), pb = ones &* UInt64(b), pc = ones &* UInt64(c)
    while k + 8 <= end {
        let word = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
        let xa = word ^ pa, xb = word ^ pb, xc = word ^ pc
        let found = ((xa &- ones) & ~xa | (xb &- ones) & ~xb | (xc &- ones) & ~xc) & highs
        if found != 0 { return k + found.trailingZeroBitCount >> 3 }
        k += 8
    }
    while k < end {
        let byte = base[k]
        if byte == a || byte == b || byte == c { return k }
        k += 1
    }
    return end
}

extension String {
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
