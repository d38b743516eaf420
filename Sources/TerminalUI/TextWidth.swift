/// Display width in terminal cells of grapheme clusters.
///
/// A Swift `Character` is one extended grapheme cluster. Its width, in order of precedence:
/// - an entry of `overrides` for the exact cluster text;
/// - 2 for emoji sequences: U+FE0F (VS16) right after an emoji base, a ZWJ sequence all of
///   whose parts start with an emoji, a pair of regional indicators (a flag), an emoji base
///   followed by a skin-tone modifier (U+1F3FB–U+1F3FF), a keycap (`0`–`9`, `#`, `*`, U+FE0F,
///   U+20E3);
/// - 1 for a lone regional indicator;
/// - with U+FE0E (text presentation) after an emoji base: 2 if the base is East Asian Wide or
///   Fullwidth (UAX #11 gives text presentation the base's own width, and terminals draw ⌚︎
///   two cells wide), otherwise 1;
/// - otherwise the first scalar that is not zero-width decides (so a prepended format
///   character such as U+0600 takes the width of the digit it is attached to): 0 for C0/C1
///   controls and DEL (shown by their signs, below); 2 for Emoji_Presentation and for
///   East_Asian_Width W or F (`eastAsianWideRanges`); 0 for the general categories Mn, Me and
///   Cf (combining marks, ZWJ, variation selectors, soft hyphen), which take precedence over
///   W (U+302A–302D, U+3099–309A, U+16FE4 are wide combining marks: 0, as in wcwidth);
///   1 for everything else. A cluster made only of zero-width scalars is 0.
///
/// What is measured is what `CellBuffer.put` draws (`VisibleText`): a cluster of a control or
/// an invisible format character takes a cell per scalar, for its visible sign; a cluster with
/// no base (a lone combining mark) takes the one cell of its dotted-circle base. Overrides
/// apply to the clusters drawn as themselves.
public struct TextWidth: Sendable, Hashable {
    /// Per-sequence overrides from the user's configuration (key: the exact cluster text).
    public var overrides: [String: Int] {
        didSet { asciiOverridden = Self.hasASCIIKey(overrides) }
    }

    /// Whether some override key is ASCII. Without one, printable ASCII is one cell per byte
    /// and the fast paths may count bytes instead of clusters.
    private var asciiOverridden: Bool

    public init(overrides: [String: Int] = [:]) {
        self.overrides = overrides
        self.asciiOverridden = Self.hasASCIIKey(overrides)
    }

    private static func hasASCIIKey(_ overrides: [String: Int]) -> Bool {
        overrides.keys.contains { key in key.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// Whether printable ASCII takes a cell per byte (no override for an ASCII sequence).
    var countsASCIIBytes: Bool { !asciiOverridden }

    public func width(of cluster: Character) -> Int {
        // ASCII without overrides: one cell, a control's sign too, without any table lookup.
        if overrides.isEmpty && cluster.utf8.count == 1 { return 1 }
        return UTF8Text.with(String(cluster)) { utf8 in shownCluster(0..<utf8.end, in: utf8).width }
    }

    // Concrete String and Substring entries: the generic one below is not specialised for
    // callers in other modules, which then pay protocol-witness calls for every character.

    public func width(of text: String) -> Int {
        UTF8Text.with(text) { measure($0) }
    }

    public func width(of text: Substring) -> Int {
        UTF8Text.with(text) { measure($0) }
    }

    public func width<S: StringProtocol>(of text: S) -> Int {
        var total = 0
        for cluster in text { total += width(of: cluster) }
        return total
    }

    private func measure(_ text: UTF8Text) -> Int {
        var offset = text.start
        var total = 0
        if countsASCIIBytes {
            total = text.printableASCIIPrefix(from: offset)
            offset += total
        }
        while offset < text.end {
            let end = text.clusterEnd(from: offset)
            total += width(ofCluster: offset..<end, in: text)
            offset = end
        }
        return total
    }

    /// The width of the cluster at `range` of `text`.
    @inline(__always)
    func width(ofCluster range: Range<Int>, in text: UTF8Text) -> Int {
        shownCluster(range, in: text).width
    }

    /// Longest prefix fitting `width` cells; if the text had to be cut, it ends with `ellipsis` (counted in the width). Never splits a cluster; a wide cluster that would straddle the limit is dropped.
    ///
    /// Zero-width clusters right after the last cluster kept are kept too. When `ellipsis`
    /// alone is wider than `width`, the result is the ellipsis cut to `width` (so that a cut is
    /// still visible); a negative `width` counts as 0.
    public func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        let width = max(0, width)
        // "…" alone is 1 cell unless overridden: not measured again for every label.
        let ellipsisWidth = ellipsis == "…" && overrides.isEmpty ? 1 : self.width(of: ellipsis)
        let budget = width - ellipsisWidth  // cells for text when cut
        // One pass: the UTF-8 length of the prefix to keep, or nil when all of it fits.
        let cut: Int? = UTF8Text.with(text) { utf8 in
            var used = 0
            var offset = 0  // end of the clusters measured
            var cut = 0  // end of the longest prefix fitting `budget`
            var growing = budget >= 0
            if countsASCIIBytes {
                // Printable ASCII takes a cell per byte: no cluster to find, nothing to measure.
                used = utf8.printableASCIIPrefix(from: 0, atMost: width + 1)
                offset = used
                if growing {
                    cut = min(used, budget)
                    growing = used <= budget
                }
            }
            while used <= width && offset < utf8.end {
                let end = utf8.clusterEnd(from: offset)
                used += self.width(ofCluster: offset..<end, in: utf8)
                if used > width { break }
                offset = end
                if growing {
                    if used <= budget { cut = offset } else { growing = false }
                }
            }
            return used <= width ? nil : cut
        }
        guard let cut else { return text }
        // The ellipsis alone is too wide: it is cut itself, so that the cut still shows.
        if budget < 0 { return truncate(ellipsis, toWidth: width, ellipsis: "") }
        return String(text.utf8.prefix(cut))! + ellipsis
    }

    /// A grapheme cluster measured once, to be drawn with `CellBuffer.put(_:x:y:style:)`
    /// without being broken into clusters and measured again (an emoji grid draws a couple of
    /// thousand glyphs a frame).
    public struct MeasuredCluster: Sendable {
        public let text: String
        public let width: Int
        /// The scalar's value when the cluster is one scalar.
        let scalar: UInt32?
        let firstScalar: UInt32
    }

    /// `text` measured, when it is one grapheme cluster of 1 or 2 cells drawn as itself (an
    /// emoji, a letter; not a control nor a lone mark, see `VisibleText`); nil otherwise.
    public func measuredCluster(_ text: String) -> MeasuredCluster? {
        UTF8Text.with(text) { utf8 in
            guard utf8.end > 0, utf8.clusterEnd(from: 0) == utf8.end else { return nil }
            let (form, width) = shownCluster(0..<utf8.end, in: utf8)
            guard form == .itself, width == 1 || width == 2 else { return nil }
            let (value, length) = utf8.scalar(at: 0)
            return MeasuredCluster(
                text: text, width: width, scalar: length == utf8.end ? value : nil, firstScalar: value)
        }
    }

    /// `text` truncated then padded with spaces to exactly `width` cells.
    public func fit(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        let truncated = truncate(text, toWidth: width, ellipsis: ellipsis)
        let padding = max(0, width) - self.width(of: truncated)
        return padding > 0 ? truncated + String(repeating: " ", count: padding) : truncated
    }

    // MARK: - Rules

    static let zeroWidthJoiner: UInt32 = 0x200D
    static let textPresentationSelector: UInt32 = 0xFE0E  // VS15
    static let emojiPresentationSelector: UInt32 = 0xFE0F  // VS16
    static let combiningEnclosingKeycap: UInt32 = 0x20E3

    /// The width of a cluster, without overrides.
    static func computedWidth<Scalars: Sequence<Unicode.Scalar>>(of scalars: Scalars) -> Int {
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return scalarWidth(first) }

        let firstIsEmoji = isEmoji(first)
        if isRegionalIndicator(first.value) {
            return isRegionalIndicator(second.value) ? 2 : 1
        }
        if firstIsEmoji {
            if isKeycapBase(first.value), second.value == emojiPresentationSelector,
                iterator.next()?.value == combiningEnclosingKeycap
            {
                return 2
            }
            // VS16 after an emoji base, a skin-tone modifier, or a ZWJ sequence of emoji.
            var previousIsEmoji = true
            var partStart = false
            var partsAreEmoji = true
            var parts = 1
            var textPresentation = false
            for scalar in scalars.dropFirst() {
                let value = scalar.value
                if partStart {
                    partStart = false
                    parts += 1
                    if !isEmoji(scalar) { partsAreEmoji = false }
                }
                if value == emojiPresentationSelector, previousIsEmoji { return 2 }
                if isEmojiModifier(value) { return 2 }
                if value == zeroWidthJoiner { partStart = true }
                if value == textPresentationSelector { textPresentation = true }
                previousIsEmoji = isEmoji(scalar)
            }
            if parts > 1, partsAreEmoji { return 2 }
            if textPresentation { return isEastAsianWide(first.value) ? 2 : 1 }
            return scalarWidth(first)
        }
        // Not an emoji sequence: the first scalar that is not zero-width decides.
        let width = scalarWidth(first)
        if width != 0 || isControl(first.value) { return width }
        for scalar in scalars.dropFirst() {
            let width = scalarWidth(scalar)
            if width != 0 { return width }
        }
        return 0
    }

    /// The width of one scalar on its own.
    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }  // DEL and C1 controls
        if value < 0x300 { return value == 0xAD ? 0 : 1 }  // Latin-1, Latin Extended, IPA
        if let facts = SymbolTable.facts(value) { return Int(facts & SymbolTable.widthMask) }
        return computedScalarWidth(scalar)
    }

    /// Whether `scalar` has the Emoji property.
    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        if let facts = SymbolTable.facts(scalar.value) { return facts & SymbolTable.emojiBit != 0 }
        return scalar.properties.isEmoji
    }

    static func isEmoji(_ value: UInt32) -> Bool {
        if let facts = SymbolTable.facts(value) { return facts & SymbolTable.emojiBit != 0 }
        return Unicode.Scalar(value).map { $0.properties.isEmoji } ?? false
    }

    /// `scalarWidth` from the Unicode properties, for a scalar from U+0300 on.
    static func computedScalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if isRegionalIndicator(value) { return 1 }
        if value >= 0x1100, properties.isEmojiPresentation || isEastAsianWide(value) { return 2 }
        return 1
    }

    /// Whether `value` lies in one of `eastAsianWideRanges` (East_Asian_Width W or F).
    static func isEastAsianWide(_ value: UInt32) -> Bool {
        let ranges = eastAsianWideRanges
        guard value >= ranges[0].0, value <= ranges[ranges.count - 1].1 else { return false }
        var low = 0, high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.0 {
                high = middle - 1
            } else if value > range.1 {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// `scalarWidth` and the Emoji property of the scalars that emoji and symbols are made of,
    /// looked up once: the stdlib's property lookups cost hundreds of instructions each, and
    /// every emoji on screen is measured in every frame.
    enum SymbolTable {
        /// General Punctuation to Miscellaneous Symbols and Arrows (❤ ☺ ⌚ ↔ ‼ ™ ...), and
        /// the emoji planes' blocks from Mahjong Tiles to Symbols for Legacy Computing.
        static let ranges: [Range<UInt32>] = [0x2000..<0x2C00, 0x1F000..<0x1FC00]
        static let widthMask: UInt8 = 0b11
        static let emojiBit: UInt8 = 0b100
        /// Emoji other than regional indicators and skin-tone modifiers: in these blocks all of
        /// them are Extended_Pictographic, which a ZWJ joins to what comes before (GB11).
        static let pictographicBit: UInt8 = 0b1000

        static let table: [UInt8] = {
            var table: [UInt8] = []
            table.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
            for range in ranges {
                for value in range {
                    guard let scalar = Unicode.Scalar(value) else {
                        table.append(0)
                        continue
                    }
                    var facts = UInt8(computedScalarWidth(scalar))
                    if scalar.properties.isEmoji {
                        facts |= emojiBit
                        if !isRegionalIndicator(value) && !isEmojiModifier(value) { facts |= pictographicBit }
                    }
                    table.append(facts)
                }
            }
            return table
        }()

        @inline(__always)
        static func facts(_ value: UInt32) -> UInt8? {
            if value >= 0x2000 && value < 0x2C00 { return table[Int(value &- 0x2000)] }
            if value >= 0x1F000 && value < 0x1FC00 { return table[Int(value &- 0x1F000) &+ 0xC00] }
            return nil
        }

        static func isPictographic(_ value: UInt32) -> Bool {
            (facts(value) ?? 0) & pictographicBit != 0
        }
    }

    static func isControl(_ value: UInt32) -> Bool { value < 0x20 || (value >= 0x7F && value < 0xA0) }
    static func isRegionalIndicator(_ value: UInt32) -> Bool { value >= 0x1F1E6 && value <= 0x1F1FF }
    static func isEmojiModifier(_ value: UInt32) -> Bool { value >= 0x1F3FB && value <= 0x1F3FF }
    static func isKeycapBase(_ value: UInt32) -> Bool {
        (value >= 0x30 && value <= 0x39) || value == 0x23 || value == 0x2A
    }
}

// MARK: - Clusters from UTF-8

extension TextWidth {
    /// The UTF-8 bytes of a string (valid inside `with`) and its clusters, found from the bytes
    /// where that is certain and by the stdlib's grapheme rules otherwise. Swift's own views
    /// validate every index they are given, and iterating Characters builds a String for each
    /// cluster: for the few clusters of a label or an emoji, that was most of the cost.
    struct UTF8Text {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The bounds of the text in `bytes` (a Substring's, or all of them): the grapheme rules
        /// treat them as the edges of the text.
        let start: Int
        let end: Int

        @inline(__always)
        static func with<R>(_ text: String, _ body: (UTF8Text) -> R) -> R {
            if let result = text.utf8.withContiguousStorageIfAvailable({ bytes in
                body(UTF8Text(bytes: bytes, start: 0, end: bytes.count))
            }) {
                return result
            }
            var copy = text  // not stored as UTF-8 (bridged)
            copy.makeContiguousUTF8()
            return with(copy, body)
        }

        @inline(__always)
        static func with<R>(_ text: Substring, _ body: (UTF8Text) -> R) -> R {
            let base = text.base
            let start = base.utf8.distance(from: base.startIndex, to: text.startIndex)
            let end = base.utf8.distance(from: base.startIndex, to: text.endIndex)
            if let result = base.utf8.withContiguousStorageIfAvailable({ bytes in
                body(UTF8Text(bytes: bytes, start: start, end: end))
            }) {
                return result
            }
            var copy = String(text)
            copy.makeContiguousUTF8()
            return with(copy, body)
        }

        /// The text of `range` as a String.
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// The scalar starting at `offset` and its length in bytes (the bytes are valid UTF-8).
        @inline(__always)
        func scalar(at offset: Int) -> (value: UInt32, length: Int) {
            let lead = UInt32(bytes[offset])
            if lead < 0x80 { return (lead, 1) }
            let second = UInt32(bytes[offset &+ 1] & 0x3F)
            if lead < 0xE0 { return ((lead & 0x1F) << 6 | second, 2) }
            let third = UInt32(bytes[offset &+ 2] & 0x3F)
            if lead < 0xF0 { return ((lead & 0x0F) << 12 | second << 6 | third, 3) }
            let fourth = UInt32(bytes[offset &+ 3] & 0x3F)
            return ((lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4)
        }

        func scalars(_ range: Range<Int>) -> Scalars {
            Scalars(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
        }

        /// The scalars of some bytes of valid UTF-8.
        struct Scalars: Sequence, IteratorProtocol {
            let bytes: UnsafeBufferPointer<UInt8>
            var offset = 0

            @inline(__always)
            mutating func next() -> Unicode.Scalar? {
                guard offset < bytes.count else { return nil }
                let lead = UInt32(bytes[offset])
                var value: UInt32
                if lead < 0x80 {
                    value = lead
                    offset &+= 1
                } else if lead < 0xE0 {
                    value = (lead & 0x1F) << 6 | UInt32(bytes[offset &+ 1] & 0x3F)
                    offset &+= 2
                } else if lead < 0xF0 {
                    value =
                        (lead & 0x0F) << 12 | UInt32(bytes[offset &+ 1] & 0x3F) << 6
                        | UInt32(bytes[offset &+ 2] & 0x3F)
                    offset &+= 3
                } else {
                    value =
                        (lead & 0x07) << 18 | UInt32(bytes[offset &+ 1] & 0x3F) << 12
                        | UInt32(bytes[offset &+ 2] & 0x3F) << 6 | UInt32(bytes[offset &+ 3] & 0x3F)
                    offset &+= 4
                }
                return Unicode.Scalar(value).unsafelyUnwrapped
            }
        }

        /// The length of the bytes from `offset` that are printable ASCII and each a cluster of
        /// its own, so one cell each (without an override for them).
        ///
        /// Between two ASCII scalars there is always a cluster break (but in CR LF, and CR is
        /// no printable), and before a control too; the last ASCII byte before a non-ASCII
        /// scalar may be the base of a cluster (e\u{301}, a keycap 1\u{FE0F}\u{20E3}), so it
        /// is left out. With `limit`, at most that many, found without reading much further (a
        /// label may be a 50 MB line, of which a screen shows a few hundred cells).
        func printableASCIIPrefix(from offset: Int, atMost limit: Int = Int.max) -> Int {
            // One byte past the limit tells whether the limit's last byte is a base.
            let stop = limit >= end - offset ? end : offset + limit + 1
            var index = offset
            while index < stop {
                let byte = bytes[index]
                if byte < 0x20 || byte >= 0x7F {
                    return byte >= 0x80 && index > offset ? index - 1 - offset : index - offset
                }
                index += 1
            }
            return min(index - offset, limit)
        }

        /// Where the cluster starting at `start` (a cluster boundary) ends.
        ///
        /// The common clusters are found from the scalars: a scalar alone; an emoji or ASCII
        /// base with its Extend scalars (variation selectors, skin tones, the keycap mark,
        /// tags: GB9, and nothing of this kind is a control, after which GB4 would break); a
        /// flag (GB12); emoji joined by ZWJ (GB11) in the blocks of `SymbolTable`. Such a
        /// cluster ends at the end of the text or before printable ASCII, which only a Prepend
        /// scalar (U+0600-0605, U+06DD, ...; none is an emoji or ASCII) would join. Anything
        /// else (Hangul, Indic, Prepend, other marks) is left to the stdlib.
        @inline(__always)
        func clusterEnd(from start: Int) -> Int {
            let (first, firstLength) = scalar(at: start)
            var end = start &+ firstLength
            if end == self.end { return end }
            var (next, nextLength) = scalar(at: end)
            var mayPrepend = first >= 0x600
            if (first >= 0x20 && first < 0x7F) || TextWidth.isEmoji(first) {
                mayPrepend = false
                if TextWidth.isRegionalIndicator(first) && TextWidth.isRegionalIndicator(next) {
                    end &+= nextLength
                    if end == self.end { return end }
                    (next, nextLength) = scalar(at: end)
                }
                // Whether the cluster is emoji with their Extend scalars and ZWJs, which GB11 lets
                // a ZWJ join to the emoji that follows.
                let pictographic = SymbolTable.isPictographic(first)
                while true {
                    if Self.isPlainExtend(next) {
                        end &+= nextLength
                    } else if next == TextWidth.zeroWidthJoiner {
                        end &+= nextLength
                        if end == self.end { return end }
                        (next, nextLength) = scalar(at: end)
                        guard pictographic && SymbolTable.isPictographic(next) else { break }
                        end &+= nextLength
                    } else {
                        break
                    }
                    if end == self.end { return end }
                    (next, nextLength) = scalar(at: end)
                }
            }
            if next >= 0x20 && next < 0x7F && !mayPrepend { return end }
            if end == start &+ firstLength && Self.isPlainOther(first) && Self.isPlainOther(next) { return end }
            return graphemeEnd(from: start)
        }

        /// Whether the scalar is in a block whose scalars are all Grapheme_Cluster_Break Other
        /// (or Control, or LF): between two such scalars there is always a break, since only
        /// Prepend (GB9b), Hangul jamo (GB6-8), Extend, ZWJ and SpacingMark (GB9, GB9a) and
        /// regional indicators (GB12) join the scalar before them, and only Extend and linkers
        /// stand before an Indic consonant that GB9c joins. Latin, CJK ideographs, kana, Hangul
        /// syllables.
        @inline(__always)
        static func isPlainOther(_ value: UInt32) -> Bool {
            if value < 0x300 { return value != 0x0D }  // CR, which LF joins
            return (value >= 0x4E00 && value <= 0x9FFF) || (value >= 0x3041 && value <= 0x3096)
                || (value >= 0x30A1 && value <= 0x30FA) || (value >= 0xAC00 && value <= 0xD7A3)
        }

        /// Where the cluster starting at `start` ends, by the stdlib's grapheme rules. They look
        /// at the cluster's own scalars and the one after it, so they are given a short window
        /// of the text from `start` on (a String of its own), all of the rest only when the
        /// cluster may run past the window.
        func graphemeEnd(from start: Int) -> Int {
            var window = min(end, start &+ 32)
            while window < end && bytes[window] & 0xC0 == 0x80 { window -= 1 }  // a whole scalar
            let clusterEnd = Self.firstClusterLength(UnsafeBufferPointer(rebasing: bytes[start..<window]))
            if start &+ clusterEnd < window || window == end { return start &+ clusterEnd }
            return start &+ Self.firstClusterLength(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }

        static func firstClusterLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            let text = String(decoding: bytes, as: UTF8.self)
            return text.utf8.distance(from: text.startIndex, to: text.index(after: text.startIndex))
        }

        /// Grapheme_Cluster_Break=Extend scalars that emoji clusters use: VS15, VS16, the
        /// keycap mark, the skin-tone modifiers, tags.
        @inline(__always)
        static func isPlainExtend(_ value: UInt32) -> Bool {
            value == 0xFE0F || value == 0xFE0E || value == 0x20E3 || (value >= 0x1F3FB && value <= 0x1F3FF)
                || (value >= 0xE0020 && value <= 0xE007F)
        }
    }
}
