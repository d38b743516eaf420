// Plain lines, as fzf reads them: every line that is not blank is one item's label, all in
// one section. A CR before the LF is dropped; the rest of the line is kept as written. With NUL
// as the separator (--read0), items are whatever lies between NULs, line breaks included.
//
// The input may come in parts (a stream), each of whole lines but the last: the loader keeps
// what it needs between them (the header lines taken, the section).
//
// With fields or grouping (`LineFields`: --nth, --with-nth, --group-nth, --group-by,
// --heading) each line goes through a `LineShaper`, which chooses its section (made when its
// first line comes) and what is shown, searched and kept of it.

struct LineLoader {
    let sectionTitle: String
    let separator: UInt8
    /// How many first lines that are not blank are a header (--header-lines), not items.
    let headerLineCount: Int
    /// The header lines taken so far.
    private(set) var header: [String] = []
    private var section: Int?
    /// --ansi: the look the last line left (nil: colour sequences are text).
    private var ansi: AnsiStyle?
    /// (Not an optional: calling a mutating method through `!` copied it for every line.)
    private var shaper: LineShaper
    private let shapesLines: Bool

    init(
        sectionTitle: String, separator: UInt8 = Byte.newline, headerLines: Int = 0, ansi: Bool = false,
        fields: LineFields = .init()
    ) {
        self.sectionTitle = sectionTitle
        self.separator = separator
        headerLineCount = headerLines
        self.ansi = ansi ? .plain : nil
        shaper = LineShaper(fields)
        shapesLines = fields.shapesLines
    }

    /// Reads the lines of `text`: whole lines (each ends with the separator), but for the last
    /// part of the input, whose last line may not.
    mutating func load(_ text: SourceText, into builder: inout CatalogBuilder) {
        var start = 0
        let end = text.count
        while start < end {
            var stop = start
            while stop < end && text[stop] != separator { stop += 1 }
            var last = stop
            if separator == Byte.newline && last > start && text[last - 1] == Byte.carriageReturn { last -= 1 }
            if !text.isBlank(start..<last) && header.count < headerLineCount {
                header.append(String(decoding: UnsafeBufferPointer(rebasing: text.bytes[start..<last]), as: UTF8.self))
            } else if shapesLines && !text.isBlank(start..<last) {
                // (With --ansi, the fields are those of the text without its colour sequences,
                // and the colours follow the fields shown into the label.)
                let line = UnsafeBufferPointer(rebasing: text.bytes[start..<last])
                if ansi != nil, let (stripped, runs) = AnsiText.strip(line, style: &ansi!) {
                    stripped.withUnsafeBufferPointer {
                        shaper.add($0, runs: runs, into: &builder, defaultTitle: sectionTitle)
                    }
                } else {
                    shaper.add(line, into: &builder, defaultTitle: sectionTitle)
                }
            } else if !text.isBlank(start..<last) {
                let index = section ?? builder.sectionIndex(sectionTitle)
                if section == nil { builder.reserveCapacity(text.lineFeedCount() + 1, inSection: index) }
                section = index
                builder.beginItem(inSection: index)
                let line = UnsafeBufferPointer(rebasing: text.bytes[start..<last])
                if ansi != nil, let (stripped, runs) = AnsiText.strip(line, style: &ansi!) {
                    stripped.withUnsafeBufferPointer { builder.addString($0) }
                    builder.setStyles(AnsiText.encode(runs))
                } else {
                    builder.addString(line)
                }
                // The section is named after the file, not by the data (`--print json` leaves it out).
                builder.finishItem(ItemShape(section: .absent))
            }
            start = stop + 1
        }
    }
}
