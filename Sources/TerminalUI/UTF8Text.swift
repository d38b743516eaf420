// Clusters found straight from a string's UTF-8 bytes, for measuring and drawing without
// making a String per cluster.

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
