// The byte level of search: finding terms in a string's UTF-8, with smart-case folding.
//
// Everything here works on the string's own UTF-8 storage, so a search keeps no copy or index of
// the catalog: zero bytes per item between searches. Case-insensitive matching folds ASCII inline
// while comparing; only a string holding a non-ASCII scalar that lowercasing changes ("É", "Σ",
// the Kelvin sign) is lowercased scalar by scalar, into a scratch buffer each worker reuses, so
// even that path allocates nothing per item once the buffer has grown.

/// One term ready for byte matching.
struct SearchNeedle: Sendable {
    /// The term's UTF-8. When the term ignores case it is already lowercase: smart case only
    /// chooses that mode when no scalar of the term changes when lowercased.
    let bytes: [UInt8]
    let anchor: SearchQuery.Term.Anchor
    let negated: Bool
    let codePoint: Bool
    let foldsCase: Bool

    let normalizes: Bool

    init(_ term: SearchQuery.Term) {
        bytes = Array(term.text.utf8)
        anchor = term.anchor
        negated = term.negated
        codePoint = term.codePoint
        foldsCase = !term.caseSensitive
        normalizes = term.normalizes
    }
}

enum SearchBytes {
    @inline(__always)
    static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    @inline(__always)
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26
    }

    /// Runs `body` over the string's UTF-8 without copying it (native strings, which are all
    /// strings on Linux, have contiguous storage; small ones are spilled to the stack).
    @inline(__always)
    static func withUTF8<R>(_ string: borrowing String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(string.utf8).withUnsafeBufferPointer(body)
    }

    /// The scalar starting at `index` of valid UTF-8, and its length in bytes.
    @inline(__always)
    static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = lead & (0xFF >> (length + 1))
        var offset = 1
        while offset < length, index + offset < bytes.count {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            offset += 1
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", offset)
    }

    /// A term anchored with `^` matches at the start of the text or after a scalar that is
    /// neither a letter nor a digit, so "^cat" finds "black cat" and "o’clock"-style breaks but
    /// not "vacation".
    @inline(__always)
    static func isWordStart(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if index == 0 { return true }
        let previous = bytes[index - 1]
        if previous < 0x80 { return !isASCIIAlphanumeric(previous) }
        var start = index - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let properties = scalar(at: start, in: bytes).0.properties
        return !(properties.isAlphabetic || properties.numericType != nil)
    }

    @inline(__always)
    static func firstMatch(
        of pattern: UnsafeBufferPointer<UInt8>, atWordStart: Bool, foldingCase: Bool,
        in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0
    ) -> Int? {
        let m = pattern.count
        let n = haystack.count
        guard m > 0, start >= 0, n - start >= m else { return nil }
        let first = pattern[0]
        let foldsFirst = foldingCase && first &- 0x61 < 26
        let last = n - m
        guard let base = haystack.baseAddress else { return nil }
        var i = start
        while true {
            // (The first byte's places eight bytes at a time: most strings a search ranks hold
            // a first key's letter once or not at all.)
            i = nextByte(first, foldingCase: foldsFirst, in: base, count: n, from: i)
            if i > last { return nil }
            var j = 1
            if foldingCase {
                while j < m, asciiLower(haystack[i + j]) == pattern[j] { j += 1 }
            } else {
                while j < m, haystack[i + j] == pattern[j] { j += 1 }
            }
            if j == m, !atWordStart || isWordStart(i, in: haystack) { return i }
            i += 1
        }
    }

    /// The offset in `pattern` of the byte least likely to occur in text, by English letter
    /// frequency (anything that is not a letter counts as rare): scanning for it rather than
    /// for the first byte stops at fewer places ("amber" is looked for by its "b").
    static func rarestByteOffset(in pattern: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Array("etaoinshrdlcumwfgypbvkjxqz".utf8)
        func rank(_ byte: UInt8) -> Int {
            common.firstIndex(of: byte | (byte &- 0x41 < 26 ? 0x20 : 0)) ?? common.count
        }
        var best = 0
        for offset in pattern.indices where rank(pattern[offset]) > rank(pattern[best]) { best = offset }
        return best
    }

    /// The offset of the first byte at or after `start` that is `byte` (or its capital, when
    /// folding a lowercase letter), or `count` when there is none. Eight bytes at a time.
    @inline(__always)
    static func nextByte(
        _ byte: UInt8, foldingCase: Bool, in base: UnsafePointer<UInt8>, count: Int,
        from start: Int
    ) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let fold: UInt64 = foldingCase ? 0x2020_2020_2020_2020 : 0
        let repeated = UInt64(byte) &* ones
        let raw = UnsafeRawPointer(base)
        var i = start
        while i + 8 <= count {
            let x = (UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) | fold) ^ repeated
            var candidates = (x &- ones) & ~x & highs
            // The lowest flag is exact; higher ones may be false, so each is checked.
            while candidates != 0 {
                let position = i + candidates.trailingZeroBitCount >> 3
                candidates &= candidates - 1
                let found = base[position]
                if found == byte || (foldingCase && found | 0x20 == byte) { return position }
            }
            i += 8
        }
        while i < count {
            let found = base[i]
            if found == byte || (foldingCase && found | 0x20 == byte) { return i }
            i += 1
        }
        return count
    }

    enum QuickMatch { case found, absent, undecided }

    /// `firstMatch` without Unicode properties, so it inlines into a pure loop: a `^` term whose
    /// candidate follows a non-ASCII byte makes the answer undecided unless a sure match comes
    /// later. Non-ASCII bytes compare exactly, as in `firstMatch`. Candidates for the first byte
    /// are found eight at a time (a zero-byte test on the word XOR the byte repeated), which is
    /// where a search over short labels spends its time.
    @inline(__always)
    static func quickMatch(
        of pattern: UnsafeBufferPointer<UInt8>, atWordStart: Bool, foldingCase: Bool,
        in haystack: UnsafeBufferPointer<UInt8>
    ) -> QuickMatch {
        let m = pattern.count
        let n = haystack.count
        guard m > 0, n >= m, let start = haystack.baseAddress else { return .absent }
        let first = pattern[0]
        // A lowercase letter also matches its capital: setting bit 5 of every byte maps both to
        // the letter and nothing else to it.
        let foldsFirst = foldingCase && first &- 0x61 < 26
        let last = n - m
        var undecided = false

        @inline(__always)
        func verify(_ i: Int) -> QuickMatch? {
            var j = 1
            if foldingCase {
                while j < m, asciiLower(haystack[i + j]) == pattern[j] { j += 1 }
            } else {
                while j < m, haystack[i + j] == pattern[j] { j += 1 }
            }
            guard j == m else { return nil }
            if !atWordStart || i == 0 { return .found }
            let previous = haystack[i - 1]
            if previous >= 0x80 { undecided = true; return nil }
            return isASCIIAlphanumeric(previous) ? nil : .found
        }

        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let fold: UInt64 = foldsFirst ? 0x2020_2020_2020_2020 : 0
        let repeated = UInt64(first) &* ones
        let raw = UnsafeRawPointer(start)
        var i = 0
        while i + 8 <= n, i <= last {
            let x = (UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) | fold) ^ repeated
            // Bytes equal to `first` are zero in x; the lowest flag is exact, higher ones are
            // checked like any candidate.
            var candidates = (x &- ones) & ~x & highs
            while candidates != 0 {
                let position = i + candidates.trailingZeroBitCount >> 3
                candidates &= candidates - 1
                if position > last { break }
                let byte = haystack[position]
                if byte == first || (foldsFirst && byte | 0x20 == first), let result = verify(position) {
                    return result
                }
            }
            i += 8
        }
        while i <= last {
            let byte = haystack[i]
            if byte == first || (foldsFirst && byte | 0x20 == first), let result = verify(i) { return result }
            i += 1
        }
        return undecided ? .undecided : .absent
    }

    /// The ASCII letters that lowercasing a scalar beyond ASCII can give: İ (U+0130) becomes
    /// "i̇" and the Kelvin sign (U+212A) "k", and no other scalar lowercases to anything holding
    /// ASCII (`WholeTextScanTests` asks every scalar). So text that lacks any other ASCII letter
    /// lacks it lowercased too.
    static let lettersFromLowercasing: [UInt8] = [UInt8(ascii: "i"), UInt8(ascii: "k")]

    /// Whether the ASCII `byte` is in `text`; with `foldingCase`, its capital too when it is a
    /// lowercase letter. Eight bytes at a time.
    @inline(__always)
    static func holds(_ byte: UInt8, foldingCase: Bool, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        return nextByte(byte, foldingCase: foldingCase && byte &- 0x61 < 26, in: base, count: text.count, from: 0)
            < text.count
    }

    /// Whether `byte` (a lowercase ASCII letter, or any other ASCII byte) is in `text`, or may
    /// be in its Unicode-lowercased copy (`lettersFromLowercasing`), ignoring case.
    @inline(__always)
    static func mayHoldFolded(_ byte: UInt8, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        holds(byte, foldingCase: true, in: text) || (lettersFromLowercasing.contains(byte) && hasNonASCII(text))
    }

    /// Whether any byte is outside ASCII, eight bytes at a time.
    @inline(__always)
    static func hasNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return true }
            index += 8
        }
        while index < count {
            if base[index] >= 0x80 { return true }
            index += 1
        }
        return false
    }

    /// Whether lowercasing changes `scalar`: the standard library's answer, asked only outside
    /// the blocks that have no case (ideographs, kana, Hangul, Tangut, emoji). Asking costs a lookup of
    /// tens of nanoseconds, and the glyph of each of Unicode's 100,000 ideographs is asked at
    /// every key; a test holds these ranges to the standard library's answer for every scalar.
    @inline(__always)
    static func changesWhenLowercased(_ scalar: Unicode.Scalar) -> Bool {
        !isInCaselessBlock(scalar.value) && scalar.properties.changesWhenLowercased
    }

    /// Whether `value` lies in the blocks taken to have no case (`changesWhenLowercased`).
    @inline(__always)
    static func isInCaselessBlock(_ value: UInt32) -> Bool {
        (0x2E80..<0xA640).contains(value) || (0xAC00..<0xD800).contains(value) || (0xF900..<0xFB00).contains(value)
            || (0x11900..<0x16E40).contains(value) || (0x16F00..<0x1E900).contains(value) || value >= 0x1E960
    }

    /// Whether a scalar of `bytes` beyond ASCII reads as ASCII when lowercased (with
    /// `foldingCase`: the Kelvin sign's "k", the "i" of İ's "i̇") or as its Latin letter (with
    /// `normalizing`: "é" as "e"): only then can Unicode's rules find an ASCII term that ASCII's
    /// found absent.
    static func mayBecomeASCII(_ bytes: UnsafeBufferPointer<UInt8>, foldingCase: Bool, normalizing: Bool) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            let (scalar, length) = scalar(at: index, in: bytes)
            index += length
            var value = scalar.value
            if foldingCase, changesWhenLowercased(scalar) {
                if scalar.properties.lowercaseMapping.utf8.contains(where: { $0 < 0x80 }) { return true }
                value = ScoringRules.lowercased(scalar).value
            }
            if normalizing, ScoringRules.normalized(value) < 0x80 { return true }
        }
        return false
    }

    /// Whether a scalar may read as ASCII to a term's rules (`mayBecomeASCII`: lowercased,
    /// or as its Latin letter): only scalars from U+00C0 to U+FF61 outside the blocks without
    /// case (the normalized Latin letters end with the halfwidth ideographic full stop), as a
    /// test checks for every scalar. Told from the value alone, for scans over a whole store.
    @inline(__always)
    static func mayReadAsASCII(_ value: UInt32) -> Bool {
        value >= 0xC0 && value <= 0xFF61 && !isInCaselessBlock(value)
    }

    /// The offset of the first scalar of `bytes` at or after `start` that `mayReadAsASCII`, or
    /// `bytes.count`: eight bytes at a time over ASCII, the others decoded.
    static func nextScalarReadingAsASCII(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let raw = UnsafeRawPointer(base)
        var i = start
        while i < bytes.count {
            if i + 8 <= bytes.count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                i += 8
                continue
            }
            if bytes[i] < 0xC0 {
                // ASCII, or a byte inside a sequence.
                i += 1
                continue
            }
            let (scalar, length) = scalar(at: i, in: bytes)
            if mayReadAsASCII(scalar.value) { return i }
            i += length
        }
        return bytes.count
    }

    /// Lowercases `bytes` scalar by scalar into `folded` when some non-ASCII scalar changes under
    /// lowercasing; returns false (leaving `folded` alone) when nothing beyond ASCII would change,
    /// in which case ASCII folding alone already decided the match. `map`, when given, receives
    /// (folded offset, original offset) at the start of every scalar, for highlights.
    static func foldBeyondASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, into folded: inout [UInt8],
        map: ((Int, Int) -> Void)? = nil
    ) -> Bool {
        guard hasNonASCII(bytes) else { return false }
        var index = 0
        let count = bytes.count
        var needed = false
        while index < count {
            if bytes[index] < 0x80 { index += 1; continue }
            let (scalar, length) = scalar(at: index, in: bytes)
            if changesWhenLowercased(scalar) { needed = true; break }
            index += length
        }
        guard needed else { return false }

        folded.removeAll(keepingCapacity: true)
        index = 0
        while index < count {
            map?(folded.count, index)
            let byte = bytes[index]
            if byte < 0x80 {
                folded.append(asciiLower(byte))
                index += 1
                continue
            }
            let (scalar, length) = scalar(at: index, in: bytes)
            if scalar.properties.changesWhenLowercased {
                folded.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            } else {
                folded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
            }
            index += length
        }
        return true
    }

    /// The index of the last of `starts` (ascending, starting with 0) at or before `offset`:
    /// the piece of text (a character, a scalar) whose bytes hold that offset.
    static func lastIndex(in starts: [Int], atOrBefore offset: Int) -> Int {
        var low = 0, high = starts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= offset { low = mid } else { high = mid }
        }
        return low
    }

    /// Every place the needles match in `text` taken as a label, as byte ranges of its UTF-8
    /// (overlapping occurrences included, so "aa" lights all of "aaa"; a fuzzy term lights the
    /// characters it matched). Negated terms light nothing.
    static func occurrences(of needles: [SearchNeedle], in text: String) -> [Range<Int>] {
        withUTF8(text) { original in
            var ranges: [Range<Int>] = []
            var folded: [UInt8] = []
            var foldedStarts: [Int] = []
            var originalStarts: [Int] = []
            let isFolded =
                needles.contains(where: \.foldsCase)
                && foldBeyondASCII(original, into: &folded) {
                    foldedStarts.append($0)
                    originalStarts.append($1)
                }

            func scalarIndex(containingFolded foldedOffset: Int) -> Int {
                // The scalar whose folded bytes contain `foldedOffset`: the last start at or before it.
                lastIndex(in: foldedStarts, atOrBefore: foldedOffset)
            }

            for needle in needles where !needle.negated {
                let light = { (haystack: UnsafeBufferPointer<UInt8>) in
                    for span in spans(of: needle, in: haystack) {
                        if isFolded {
                            let first = scalarIndex(containingFolded: span.lowerBound)
                            let last = scalarIndex(containingFolded: span.upperBound - 1)
                            let upper = last + 1 < originalStarts.count ? originalStarts[last + 1] : original.count
                            ranges.append(originalStarts[first]..<upper)
                        } else {
                            ranges.append(span)
                        }
                    }
                }
                if isFolded { folded.withUnsafeBufferPointer(light) } else { light(original) }
            }
            return ranges
        }
    }
}
