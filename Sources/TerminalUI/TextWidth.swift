import Dispatch

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

    /// Makes the tables that measuring symbols reads (`SymbolTable`, 1 to 2 ms of lookups) on
    /// another thread, before the browser needs them: else the first frame that measures a
    /// symbol pays for them, the emoji's first frame or, over data with no symbol on its first
    /// screen (the Unicode catalog's), the first key's, whose prompt shows a spinner (⠿).
    public static func prepareTablesAside() {
        DispatchQueue.global(qos: .userInitiated).async { _ = SymbolTable.table }
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
