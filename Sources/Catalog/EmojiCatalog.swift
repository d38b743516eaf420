// The bundled emoji: Data/emoji.tsv, compiled into the binary by the CEmojiData target.
//
// Each line of the table (after the `#` comment line) reads
//   group TAB subgroup TAB emoji TAB name TAB keyword|keyword|… TAB variant variant …
// (see Data/generate-emoji.py). The bytes are split directly, without Foundation, and each
// grouping is parsed once and kept in a `static let` (initialised lazily and thread-safely).

import CEmojiData

public enum EmojiCatalog {
    /// The `source` of the bundled emoji catalog.
    public static let source = "emoji"

    /// How the emoji are split into sections.
    public enum Grouping: String, CaseIterable, Sendable {
        /// One section per Unicode emoji group ("Smileys & Emotion", … "Flags").
        case group
        /// One section per subgroup ("face-smiling", "face-affection", …).
        case subgroup
    }

    /// The bundled emoji as a catalog whose source is "emoji", one section per group (or
    /// subgroup) in the order the table first names them; items keep the table's order.
    public static func load(grouping: Grouping = .group) -> Catalog {
        switch grouping {
        case .group: return byGroup
        case .subgroup: return bySubgroup
        }
    }

    private static let byGroup = build(.group)
    private static let bySubgroup = build(.subgroup)

    private static func build(_ grouping: Grouping) -> Catalog {
        let bytes = UnsafeBufferPointer(start: cemojidata_bytes(), count: Int(cemojidata_count()))
        return Catalog(sections: parse(bytes, grouping: grouping), source: source)
    }

    /// Parses the table's bytes into sections. Malformed lines (fewer than four fields, or an
    /// empty name or glyph) are skipped: the table is generated, so they cannot occur.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, grouping: Grouping) -> [Section] {
        let newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t"), hash = UInt8(ascii: "#")
        let bar = UInt8(ascii: "|"), space = UInt8(ascii: " "), cr = UInt8(ascii: "\r")
        let keyField = grouping == .group ? 0 : 1

        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        func split(_ range: Range<Int>, on separator: UInt8) -> [String] {
            var parts: [String] = []
            var start = range.lowerBound
            for index in range where bytes[index] == separator {
                if index > start { parts.append(string(start..<index)) }
                start = index + 1
            }
            if range.upperBound > start { parts.append(string(start..<range.upperBound)) }
            return parts
        }

        var sections: [Section] = []
        var sectionIndex: [String: Int] = [:]
        var fields: [Range<Int>] = []
        fields.reserveCapacity(6)

        var lineStart = 0
        let end = bytes.count
        while lineStart < end {
            var lineEnd = lineStart
            while lineEnd < end, bytes[lineEnd] != newline { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            var contentEnd = lineEnd
            if contentEnd > lineStart, bytes[contentEnd - 1] == cr { contentEnd -= 1 }
            guard contentEnd > lineStart, bytes[lineStart] != hash else { continue }

            fields.removeAll(keepingCapacity: true)
            var fieldStart = lineStart
            for index in lineStart..<contentEnd where bytes[index] == tab {
                fields.append(fieldStart..<index)
                fieldStart = index + 1
            }
            fields.append(fieldStart..<contentEnd)
            guard fields.count >= 4, !fields[2].isEmpty, !fields[3].isEmpty else { continue }

            let item = Item(
                label: string(fields[3]),
                glyph: string(fields[2]),
                keywords: fields.count > 4 ? split(fields[4], on: bar) : [],
                variants: fields.count > 5 ? split(fields[5], on: space) : []
            )
            let title = string(fields[keyField])
            if let index = sectionIndex[title] {
                sections[index].items.append(item)
            } else {
                sectionIndex[title] = sections.count
                sections.append(Section(title: title, items: [item]))
            }
        }
        return sections
    }
}
