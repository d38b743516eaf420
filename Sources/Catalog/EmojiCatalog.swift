// The bundled emoji: Data/emoji.tsv, compiled into the binary by the CEmojiData target.
//
// Each line of the table (after the `#` comment line) reads
//   group TAB subgroup TAB emoji TAB name TAB keyword|keyword|… TAB variant variant … [TAB rank]
// (see Data/generate-emoji.py; the rank, Unicode's frequency rank, only on the rows that have
// one), any fields after these ignored. The bytes are split directly, without Foundation, and
// each grouping is parsed once and kept in a `static let` (initialised lazily and
// thread-safely). The other bundled catalogs (`BundledCatalog`) are tables of the same format
// read by the same `parse`: an empty glyph is an item that is text only (a kaomoji), an empty
// subgroup its group.

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
    /// empty name) are skipped: the table is generated, so they cannot occur.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, grouping: Grouping) -> [Section] {
        let newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t"), hash = UInt8(ascii: "#")
        let bar = UInt8(ascii: "|"), space = UInt8(ascii: " "), cr = UInt8(ascii: "\r")
        let keyField = grouping == .group ? 0 : 1
        guard let base = bytes.baseAddress else { return [] }

        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        /// Where the next `byte` at or after `start` is before `end` (else `end`): eight bytes at
        /// a time, where a byte at a time was most of reading the Unicode catalog's 12 MB.
        func next(_ byte: UInt8, from start: Int, before end: Int) -> Int {
            SearchBytes.nextByte(byte, foldingCase: false, in: base, count: end, from: start)
        }
        let raw = UnsafeRawPointer(base)
        /// Whether the bytes of two ranges are the same, eight at a time (a row's section title
        /// against the row before's, on each of the Unicode catalog's 160,000 rows).
        func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            guard a.count == b.count else { return false }
            var offset = 0
            while offset &+ 8 <= a.count {
                guard
                    raw.loadUnaligned(fromByteOffset: a.lowerBound &+ offset, as: UInt64.self)
                        == raw.loadUnaligned(fromByteOffset: b.lowerBound &+ offset, as: UInt64.self)
                else { return false }
                offset &+= 8
            }
            while offset < a.count, base[a.lowerBound &+ offset] == base[b.lowerBound &+ offset] { offset &+= 1 }
            return offset == a.count
        }
        /// Where the next tab or newline at or after `start` is (else the end): a row's fields
        /// and its end are found in one pass over it, eight bytes at a time (a zero-byte test
        /// of the word XOR each byte repeated; a flag above the lowest may be false, so each
        /// is checked).
        func nextSeparator(from start: Int) -> Int {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let tabs = UInt64(tab) &* ones
            let newlines = UInt64(newline) &* ones
            var i = start
            while i &+ 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let x = word ^ tabs
                let y = word ^ newlines
                var candidates = ((x &- ones) & ~x | (y &- ones) & ~y) & highs
                while candidates != 0 {
                    let position = i &+ candidates.trailingZeroBitCount >> 3
                    candidates &= candidates &- 1
                    if base[position] == tab || base[position] == newline { return position }
                }
                i &+= 8
            }
            while i < bytes.count, base[i] != tab && base[i] != newline { i &+= 1 }
            return i
        }
        /// Adds the non-empty parts of `range` split at `separator` to the item being written.
        func addParts(_ range: Range<Int>, splitAt separator: UInt8, to store: inout ItemStoreBuilder) -> Int {
            var count = 0
            var start = range.lowerBound
            while start <= range.upperBound {
                let index = next(separator, from: start, before: range.upperBound)
                if index > start {
                    store.addString(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    count += 1
                }
                start = index + 1
            }
            return count
        }

        var titles: [String] = []
        var stores: [ItemStoreBuilder] = []
        /// Each store's last item's shape, as `ItemShape(hasGlyph:keywordCount:variantCount:)`
        /// takes it, and that shape's index: a row of the same shape as the one before in its
        /// section (most rows) is finished without making and comparing a shape.
        var lastShapes: [(glyph: Bool, keywords: Int, variants: Int, index: Int)] = []
        /// Each store's shapes made so far, by `lastShapes`' three counts packed into one
        /// number: a row whose count of keywords differs from the row before (the Unicode
        /// table's rows take turns between a few) is finished without hashing a shape.
        var knownShapes: [[Int: Int]] = []
        var sectionIndex: [String: Int] = [:]
        var lastKey: Range<Int>?
        var lastIndex = 0
        /// The row's first seven fields (the ones read), and how many it has: a buffer of its
        /// own, where emptying and appending to an array for each row was a cost of its own.
        let fields = UnsafeMutableBufferPointer<Range<Int>>.allocate(capacity: 7)
        fields.initialize(repeating: 0..<0)
        defer { fields.deallocate() }
        var fieldCount = 0
        func addField(_ range: Range<Int>) {
            if fieldCount < fields.count { fields[fieldCount] = range }
            fieldCount += 1
        }

        var lineStart = 0
        let end = bytes.count
        while lineStart < end {
            fieldCount = 0
            var fieldStart = lineStart
            var lineEnd = end
            while true {
                let fieldEnd = nextSeparator(from: fieldStart)
                if fieldEnd == end || base[fieldEnd] == newline {
                    // The last field, without the line's carriage return if it has one.
                    lineEnd = fieldEnd
                    let contentEnd = fieldEnd > fieldStart && base[fieldEnd - 1] == cr ? fieldEnd - 1 : fieldEnd
                    addField(fieldStart..<contentEnd)
                    break
                }
                addField(fieldStart..<fieldEnd)
                fieldStart = fieldEnd + 1
            }
            defer { lineStart = lineEnd + 1 }
            // (An empty line is one empty field.)
            guard bytes[lineStart] != hash, fieldCount >= 4, !fields[3].isEmpty else { continue }

            let key = fields[keyField].isEmpty ? fields[0] : fields[keyField]
            let index: Int
            if let last = lastKey, same(last, key) {
                // (Rows of a section follow each other: no string made nor looked up for them,
                // which was a good part of reading the 160,000 rows of the Unicode catalog.)
                index = lastIndex
            } else if let known = sectionIndex[string(key)] {
                index = known
            } else {
                let title = string(key)
                index = titles.count
                sectionIndex[title] = index
                titles.append(title)
                var store = ItemStoreBuilder()
                store.inputIsValidUTF8 = true  // generated by a script that writes UTF-8
                stores.append(store)
                lastShapes.append((false, -1, -1, -1))
                knownShapes.append([:])
            }
            (lastKey, lastIndex) = (key, index)
            stores[index].addString(UnsafeBufferPointer(rebasing: bytes[fields[3]]))
            let keywordCount = fieldCount > 4 ? addParts(fields[4], splitAt: bar, to: &stores[index]) : 0
            let hasGlyph = !fields[2].isEmpty
            if hasGlyph { stores[index].addString(UnsafeBufferPointer(rebasing: bytes[fields[2]])) }
            let variantCount = fieldCount > 5 ? addParts(fields[5], splitAt: space, to: &stores[index]) : 0
            if fieldCount > 6, let rank = Int(string(fields[6])) { stores[index].setRank(rank) }
            let last = lastShapes[index]
            if last.glyph == hasGlyph && last.keywords == keywordCount && last.variants == variantCount {
                stores[index].finishItem(shapeAt: last.index)
            } else {
                let packed = keywordCount << 32 | variantCount << 1 | (hasGlyph ? 1 : 0)
                if let known = knownShapes[index][packed] {
                    stores[index].finishItem(shapeAt: known)
                } else {
                    stores[index].finishItem(
                        ItemShape(hasGlyph: hasGlyph, keywordCount: keywordCount, variantCount: variantCount))
                    knownShapes[index][packed] = stores[index].lastShapeIndex
                }
                lastShapes[index] = (hasGlyph, keywordCount, variantCount, stores[index].lastShapeIndex)
            }
        }
        return zip(titles, stores).map { Section(title: $0.0, items: ItemList(store: $0.1.build())) }
    }
}
