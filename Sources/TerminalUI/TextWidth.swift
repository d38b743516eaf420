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
///   controls and DEL (callers replace them before drawing); 2 for Emoji_Presentation and for
///   East_Asian_Width W or F (`eastAsianWideRanges`); 0 for the general categories Mn, Me and
///   Cf (combining marks, ZWJ, variation selectors, soft hyphen), which take precedence over
///   W (U+302A–302D, U+3099–309A, U+16FE4 are wide combining marks: 0, as in wcwidth);
///   1 for everything else. A cluster made only of zero-width scalars is 0.
public struct TextWidth: Sendable, Hashable {
    /// Per-sequence overrides from the user's configuration (key: the exact cluster text).
    public var overrides: [String: Int]

    public init(overrides: [String: Int] = [:]) {
        self.overrides = overrides
    }

    public func width(of cluster: Character) -> Int {
        if !overrides.isEmpty, let width = overrides[String(cluster)] { return width }
        let utf8 = cluster.utf8
        if utf8.count == 1 {
            // ASCII: printable 1, controls 0, without any table lookup.
            let byte = utf8.first!
            return byte >= 0x20 && byte < 0x7F ? 1 : 0
        }
        return Self.computedWidth(of: cluster.unicodeScalars)
    }

    public func width<S: StringProtocol>(of text: S) -> Int {
        var total = 0
        for cluster in text { total += width(of: cluster) }
        return total
    }

    /// Longest prefix fitting `width` cells; if the text had to be cut, it ends with `ellipsis` (counted in the width). Never splits a cluster; a wide cluster that would straddle the limit is dropped.
    ///
    /// Zero-width clusters right after the last cluster kept are kept too. When `ellipsis`
    /// alone is wider than `width`, the result is the ellipsis cut to `width` (so that a cut is
    /// still visible); a negative `width` counts as 0.
    public func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        let width = max(0, width)
        let budget = width - self.width(of: ellipsis)  // cells for text when cut
        var used = 0
        var cut = text.startIndex  // end of the longest prefix fitting `budget`
        var growing = budget >= 0
        var index = text.startIndex
        while index < text.endIndex {
            used += self.width(of: text[index])
            if used > width {
                if budget < 0 { return truncate(ellipsis, toWidth: width, ellipsis: "") }
                return String(text[..<cut]) + ellipsis
            }
            let next = text.index(after: index)
            if growing {
                if used <= budget { cut = next } else { growing = false }
            }
            index = next
        }
        return text
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

    /// The width of a cluster that is not a single ASCII byte, without overrides.
    static func computedWidth(of scalars: Character.UnicodeScalarView) -> Int {
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return scalarWidth(first) }

        let firstIsEmoji = first.properties.isEmoji
        if isRegionalIndicator(first.value) {
            return isRegionalIndicator(second.value) ? 2 : 1
        }
        if firstIsEmoji {
            if isKeycapBase(first.value), second.value == emojiPresentationSelector,
               iterator.next()?.value == combiningEnclosingKeycap {
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
                    if !scalar.properties.isEmoji { partsAreEmoji = false }
                }
                if value == emojiPresentationSelector, previousIsEmoji { return 2 }
                if isEmojiModifier(value) { return 2 }
                if value == zeroWidthJoiner { partStart = true }
                if value == textPresentationSelector { textPresentation = true }
                previousIsEmoji = scalar.properties.isEmoji
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

    static func isControl(_ value: UInt32) -> Bool { value < 0x20 || (value >= 0x7F && value < 0xA0) }
    static func isRegionalIndicator(_ value: UInt32) -> Bool { value >= 0x1F1E6 && value <= 0x1F1FF }
    static func isEmojiModifier(_ value: UInt32) -> Bool { value >= 0x1F3FB && value <= 0x1F3FF }
    static func isKeycapBase(_ value: UInt32) -> Bool {
        (value >= 0x30 && value <= 0x39) || value == 0x23 || value == 0x2A
    }
}
