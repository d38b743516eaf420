// Plain lines, as fzf reads them: every line that is not blank is one item's label, all in
// one section. A CR before the LF is dropped; the rest of the line is kept as written. With NUL
// as the separator (--read0), items are whatever lies between NULs, line breaks included.

enum LineLoader {
    /// Returns the first `headerLines` lines that are not blank, taken as a header rather than
    /// as items.
    @discardableResult
    static func load(
        _ text: SourceText, into builder: inout CatalogBuilder, sectionTitle: String, separator: UInt8 = Byte.newline,
        headerLines: Int = 0
    ) -> [String] {
        var header: [String] = []
        var section: Int?
        var start = 0
        let end = text.count
        while start < end {
            var stop = start
            while stop < end && text[stop] != separator { stop += 1 }
            var last = stop
            if separator == Byte.newline && last > start && text[last - 1] == Byte.carriageReturn { last -= 1 }
            if !text.isBlank(start..<last) && header.count < headerLines {
                header.append(String(decoding: UnsafeBufferPointer(rebasing: text.bytes[start..<last]), as: UTF8.self))
            } else if !text.isBlank(start..<last) {
                let index = section ?? builder.sectionIndex(sectionTitle)
                if section == nil { builder.reserveCapacity(text.lineFeedCount() + 1, inSection: index) }
                section = index
                builder.beginItem(inSection: index)
                builder.addString(UnsafeBufferPointer(rebasing: text.bytes[start..<last]))
                // The section is named after the file, not by the data (`--print json` leaves it out).
                builder.finishItem(ItemShape(section: .absent))
            }
            start = stop + 1
        }
        return header
    }
}
