// The byte level of the anchored and fuzzy terms (`^term`, `term$`, `^term$`, `--fuzzy`), and
// of ranking: how well one term matches one string.
//
// Like SearchBytes.swift, this reads a string's UTF-8 in place, folding ASCII inline; a string
// holding a non-ASCII scalar that lowercasing changes is settled by the caller on its folded
// copy.

extension SearchBytes {
    /// `pattern` under `anchor`, by ASCII rules only (see `quickMatch(of:atWordStart:...)`).
    /// Label-only anchors are the caller's to skip on strings that are not the label.
    @inline(__always)
    static func quickMatch(
        of pattern: UnsafeBufferPointer<UInt8>, anchor: SearchQuery.Term.Anchor, foldingCase: Bool,
        in haystack: UnsafeBufferPointer<UInt8>
    ) -> QuickMatch {
        switch anchor {
        case .wordStart: return quickMatch(of: pattern, atWordStart: true, foldingCase: foldingCase, in: haystack)
        case .anywhere: return quickMatch(of: pattern, atWordStart: false, foldingCase: foldingCase, in: haystack)
        case .labelStart, .labelEnd, .wholeLabel:
            if labelMatch(of: pattern, anchor: anchor, foldingCase: foldingCase, in: haystack) { return .found }
            // (White space beyond ASCII around the label is for the exact path to skip.)
            if let first = haystack.first, let last = haystack.last, first >= 0x80 || last >= 0x80 {
                return .undecided
            }
            return .absent
        case .fuzzy, .wordFirst:
            return fuzzyEnd(of: pattern, foldingCase: foldingCase, in: haystack) != nil ? .found : .absent
        case .boundary:
            // Found as a substring: whether it is a whole word is for the exact path.
            let found = quickMatch(of: pattern, atWordStart: false, foldingCase: foldingCase, in: haystack)
            return found == .found ? .undecided : found
        }
    }

    /// Whether `pattern` matches `haystack` under `anchor`, by the full rules (Unicode word
    /// boundaries) but ASCII folding: the caller retries a folded copy.
    static func matches(
        _ pattern: UnsafeBufferPointer<UInt8>, anchor: SearchQuery.Term.Anchor, foldingCase: Bool,
        in haystack: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        switch anchor {
        case .wordStart, .anywhere:
            return firstMatch(of: pattern, atWordStart: anchor == .wordStart, foldingCase: foldingCase, in: haystack)
                != nil
        case .labelStart, .labelEnd, .wholeLabel:
            return labelMatch(of: pattern, anchor: anchor, foldingCase: foldingCase, in: haystack)
        case .fuzzy, .wordFirst:
            return fuzzyEnd(of: pattern, foldingCase: foldingCase, in: haystack) != nil
        case .boundary:
            return firstMatch(of: pattern, atWordStart: true, foldingCase: foldingCase, in: haystack) != nil
        }
    }

    /// Whether the label starts with, ends with or is `pattern`, past the white space around
    /// it (ASCII's here), as fzf's prefix and suffix matches look unless the pattern itself
    /// begins or ends with white space.
    @inline(__always)
    static func labelMatch(
        of pattern: UnsafeBufferPointer<UInt8>, anchor: SearchQuery.Term.Anchor, foldingCase: Bool,
        in haystack: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        labelMatchOffset(of: pattern, anchor: anchor, foldingCase: foldingCase, in: haystack) != nil
    }

    /// Where `labelMatch` found the pattern in the label, or nil.
    @inline(__always)
    static func labelMatchOffset(
        of pattern: UnsafeBufferPointer<UInt8>, anchor: SearchQuery.Term.Anchor, foldingCase: Bool,
        in haystack: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        let m = pattern.count
        guard m > 0 else { return nil }
        @inline(__always) func isWhite(_ byte: UInt8) -> Bool { byte == 0x20 || byte &- 0x09 < 5 }
        var from = 0, to = haystack.count
        if anchor != .labelEnd && !isWhite(pattern[0]) { while from < to && isWhite(haystack[from]) { from += 1 } }
        if anchor != .labelStart && !isWhite(pattern[m - 1]) {
            while to > from && isWhite(haystack[to - 1]) { to -= 1 }
        }
        let n = to - from
        guard m <= n, anchor != .wholeLabel || m == n else { return nil }
        let offset = from + (anchor == .labelEnd ? n - m : 0)
        for j in 0..<m {
            let byte = haystack[offset + j]
            if (foldingCase ? asciiLower(byte) : byte) != pattern[j] { return nil }
        }
        return offset
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for ASCII and stray bytes).
    @inline(__always)
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Whether the character of `pattern` at `p` (`length` bytes) is at `h` in `haystack`.
    @inline(__always)
    private static func unitMatches(
        _ pattern: UnsafeBufferPointer<UInt8>, _ p: Int, _ length: Int, foldingCase: Bool,
        _ haystack: UnsafeBufferPointer<UInt8>, _ h: Int
    ) -> Bool {
        guard h + length <= haystack.count else { return false }
        for k in 0..<length {
            let byte = haystack[h + k]
            if (foldingCase ? asciiLower(byte) : byte) != pattern[p + k] { return false }
        }
        return true
    }

    /// Where the first fuzzy match of `pattern` ends (the characters of `pattern` in order,
    /// anything between): the offset just past its last character, or nil.
    static func fuzzyEnd(
        of pattern: UnsafeBufferPointer<UInt8>, foldingCase: Bool, in haystack: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        guard !pattern.isEmpty else { return nil }
        var p = 0, h = 0
        let n = haystack.count
        while p < pattern.count {
            let wanted = pattern[p]
            if wanted < 0x80 {
                // An ASCII character (most of them): compared with each byte, and with its
                // capital when folding, in a loop of its own. (Folding, a capital in the
                // pattern matches nothing: it is never a byte lowercased.)
                if foldingCase && wanted &- 0x41 < 26 { return nil }
                let capital = foldingCase && wanted &- 0x61 < 26 ? wanted ^ 0x20 : wanted
                while h < n, haystack[h] != wanted, haystack[h] != capital { h += 1 }
                if h == n { return nil }
                h += 1
                p += 1
                continue
            }
            let length = sequenceLength(wanted)
            while h < haystack.count, !unitMatches(pattern, p, length, foldingCase: foldingCase, haystack, h) {
                h += 1
            }
            if h == haystack.count { return nil }
            h += length
            p += length
        }
        return h
    }

    /// The byte offsets of the characters of the tightest fuzzy match ending where the first
    /// one ends: found forward, then shortened by matching backward from its end (as fzf's
    /// first algorithm does); nil when there is none.
    static func fuzzyPositions(
        of pattern: UnsafeBufferPointer<UInt8>, foldingCase: Bool, in haystack: UnsafeBufferPointer<UInt8>
    ) -> [Int]? {
        var positions = [Int](repeating: 0, count: characterCount(of: pattern))
        let found = positions.withUnsafeMutableBufferPointer {
            fuzzyPositions(of: pattern, foldingCase: foldingCase, in: haystack, into: $0)
        }
        return found ? positions : nil
    }

    /// `fuzzyPositions` written into `positions` (one per character of `pattern`), whether
    /// there is a match: no array made, for scoring every item of a large catalog.
    static func fuzzyPositions(
        of pattern: UnsafeBufferPointer<UInt8>, foldingCase: Bool, in haystack: UnsafeBufferPointer<UInt8>,
        into positions: UnsafeMutableBufferPointer<Int>
    ) -> Bool {
        guard let end = fuzzyEnd(of: pattern, foldingCase: foldingCase, in: haystack) else { return false }
        // The pattern's characters backward (a character starts at a byte that does not
        // continue a UTF-8 sequence).
        var h = end
        var patternEnd = pattern.count
        for index in positions.indices.reversed() {
            var start = patternEnd - 1
            while start > 0, pattern[start] & 0xC0 == 0x80 { start -= 1 }
            let length = patternEnd - start
            h -= length
            while h >= 0, !unitMatches(pattern, start, length, foldingCase: foldingCase, haystack, h) { h -= 1 }
            // (The forward pass found a match, so the backward one finds one inside it.)
            positions[index] = max(0, h)
            h = max(0, h)
            patternEnd = start
        }
        return true
    }

    /// How many characters a pattern holds (the bytes that start a UTF-8 sequence).
    @inline(__always)
    static func characterCount(of pattern: UnsafeBufferPointer<UInt8>) -> Int {
        pattern.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// How good a fuzzy match is, in fzf's spirit: a point per character, more where it starts
    /// a word or follows the previous one, less for every gap.
    static func fuzzyScore(
        of pattern: UnsafeBufferPointer<UInt8>, foldingCase: Bool, in haystack: UnsafeBufferPointer<UInt8>
    ) -> Int {
        // (On the stack: a search scores this for every string of every item that matches.)
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: characterCount(of: pattern)) { positions in
            guard fuzzyPositions(of: pattern, foldingCase: foldingCase, in: haystack, into: positions) else { return 0 }
            var score = 0
            var previousEnd: Int?
            for position in positions {
                score += 16
                if isWordStart(position, in: haystack) { score += 8 }
                if let previousEnd {
                    if position == previousEnd {
                        score += 6
                    } else {
                        score -= 3 + min(10, position - previousEnd - 1)
                    }
                }
                previousEnd = position + sequenceLength(haystack[position])
            }
            return max(1, score)
        }
    }

    /// Whether the character before `index` ends a word: the end of the text, or a character
    /// that is neither a letter nor a digit follows.
    @inline(__always)
    static func isWordEnd(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if index >= bytes.count { return true }
        let next = bytes[index]
        if next < 0x80 { return !isASCIIAlphanumeric(next) }
        let properties = scalar(at: index, in: bytes).0.properties
        return !(properties.isAlphabetic || properties.numericType != nil)
    }

    /// How well `pattern` matches one string under `anchor`, 0 for not at all. For exact terms,
    /// from best to worst (docs/search.md, "The order"):
    /// - 8: the label is the term ("eyes" is 👀's name);
    /// - 7: a whole word of the label ("thumbs" in "thumbs up"), or a shortcode the term spells
    ///   whole (`:smile:` for "smile", `:+1:` for "+1"; `shortcodePoints`);
    /// - 6: a whole keyword, or a word of the label that starts with the term ("party" in
    ///   "partying face");
    /// - 5: a keyword's word, or a shortcode's, that starts with the term;
    /// - 3, 2: the inside of a word of the label, of a keyword (`'term`).
    /// A fuzzy term scores by `fuzzyScore`, and the label doubles it; a word-first term scores
    /// 1000 and its word start's points, or its fuzzy score (at most 999) where it starts no word.
    /// (Where in the label it matches counts for nothing: "red heart" is no worse a "heart" than
    /// "heart on fire"; how common the emoji is decides between them, `SearchRanking.wordKey`.)
    static func points(
        of pattern: UnsafeBufferPointer<UInt8>, anchor: SearchQuery.Term.Anchor, foldingCase: Bool,
        isLabel: Bool, in haystack: UnsafeBufferPointer<UInt8>
    ) -> Int {
        if anchor == .wordFirst {
            // Without the pattern's first byte there is neither a word start nor a fuzzy match:
            // most strings of a matching item lack it (the keywords of an ideograph that matched
            // "h" in its name), and one quick look spares both readings.
            // (Exactly: the capital too only for a lowercase letter.)
            if let first = pattern.first, first < 0x80, !holds(first, foldingCase: foldingCase, in: haystack) {
                return 0
            }
            // A word start (at most 8 points) over any fuzzy match (at most 999).
            let word = Self.points(
                of: pattern, anchor: .wordStart, foldingCase: foldingCase, isLabel: isLabel, in: haystack)
            if word > 0 { return 1000 + word }
            if pattern.count == 1, !(foldingCase && pattern[0] &- 0x41 < 26) {
                // One character, there and at no word start: `fuzzyScore`'s 16 points, doubled
                // in the label, without reading the string again (the first key, `h`, matches
                // most of Unicode so).
                return isLabel ? 32 : 16
            }
            return min(
                999, Self.points(of: pattern, anchor: .fuzzy, foldingCase: foldingCase, isLabel: isLabel, in: haystack))
        }
        if anchor == .fuzzy {
            let score = fuzzyScore(of: pattern, foldingCase: foldingCase, in: haystack)
            return isLabel ? score * 2 : score
        }
        let shortcode = !isLabel && isShortcode(haystack)
        if shortcode, spellsWhole(pattern, foldingCase: foldingCase, shortcode: haystack) {
            return shortcodePoints
        }
        if isLabel, anchor != .labelStart && anchor != .labelEnd,
            labelMatch(of: pattern, anchor: .wholeLabel, foldingCase: foldingCase, in: haystack)
        {
            return 8
        }
        func points(at index: Int) -> Int {
            let starts = isWordStart(index, in: haystack)
            guard starts else { return isLabel ? 3 : 2 }
            if shortcode { return 5 }
            let ends = isWordEnd(index + pattern.count, in: haystack)
            if isLabel { return ends ? 7 : 6 }
            return ends ? 6 : 5
        }
        let most = shortcode ? 5 : isLabel ? 7 : 6
        var best = 0
        occurrences(of: pattern, anchor: anchor, foldingCase: foldingCase, in: haystack) { found in
            best = max(best, points(at: found))
            return best < most  // nothing later beats it
        }
        return best
    }

    /// The points of a shortcode the term spells whole: a whole word of the label's.
    static let shortcodePoints = 7

    /// Whether `points` scored in a string that is not the label can only be a shortcode
    /// spelled whole (a keyword scores at most 6).
    @inline(__always)
    static func spellsShortcode(points: Int) -> Bool {
        points == shortcodePoints || points == 1000 + shortcodePoints
    }

    /// Whether `string` is a shortcode: `:name:`, a name between colons.
    @inline(__always)
    static func isShortcode(_ string: UnsafeBufferPointer<UInt8>) -> Bool {
        let colon = UInt8(ascii: ":")
        return string.count > 2 && string[0] == colon && string[string.count - 1] == colon
    }

    /// Whether `pattern` is the shortcode's name, or the shortcode with its colons.
    @inline(__always)
    static func spellsWhole(
        _ pattern: UnsafeBufferPointer<UInt8>, foldingCase: Bool, shortcode: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let offset: Int
        if pattern.count == shortcode.count - 2 {
            offset = 1
        } else if pattern.count == shortcode.count {
            offset = 0
        } else {
            return false
        }
        for index in 0..<pattern.count {
            let byte = shortcode[offset + index]
            if (foldingCase ? asciiLower(byte) : byte) != pattern[index] { return false }
        }
        return true
    }

    /// Calls `body` with the start of each occurrence of `pattern` in `haystack` that `anchor`
    /// (an exact one: not fuzzy) accepts, in order, while it returns true.
    @inline(__always)
    static func occurrences(
        of pattern: UnsafeBufferPointer<UInt8>, anchor: SearchQuery.Term.Anchor, foldingCase: Bool,
        in haystack: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool
    ) {
        switch anchor {
        case .labelStart, .wholeLabel, .labelEnd:
            guard let offset = labelMatchOffset(of: pattern, anchor: anchor, foldingCase: foldingCase, in: haystack)
            else { return }
            _ = body(offset)
        case .wordStart, .anywhere, .boundary:
            var start = 0
            while let found = firstMatch(
                of: pattern, atWordStart: anchor != .anywhere, foldingCase: foldingCase, in: haystack, from: start),
                body(found)
            {
                start = found + 1
            }
        case .fuzzy, .wordFirst:
            return
        }
    }

    /// The byte ranges `needle` lights in `haystack` (a label): every occurrence for an exact
    /// term, each character matched for a fuzzy one.
    static func spans(of needle: SearchNeedle, in haystack: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        needle.bytes.withUnsafeBufferPointer { pattern in
            if needle.anchor == .wordFirst {
                var ranges: [Range<Int>] = []
                occurrences(of: pattern, anchor: .wordStart, foldingCase: needle.foldsCase, in: haystack) { found in
                    ranges.append(found..<found + pattern.count)
                    return true
                }
                if !ranges.isEmpty { return ranges }
            }
            if needle.anchor == .fuzzy || needle.anchor == .wordFirst {
                let positions = fuzzyPositions(of: pattern, foldingCase: needle.foldsCase, in: haystack) ?? []
                return positions.map { $0..<$0 + sequenceLength(haystack[$0]) }
            }
            var ranges: [Range<Int>] = []
            occurrences(of: pattern, anchor: needle.anchor, foldingCase: needle.foldsCase, in: haystack) { found in
                ranges.append(found..<found + pattern.count)
                return true
            }
            return ranges
        }
    }
}
