// Which letters and digits start a word in each item of a store: the first key typed over the
// whole of Unicode (`h`, in word matching) reads 8 bytes an item here where it read the items'
// 12 MB of text, and knows which items match without reading any (only ranking reads them).

import Dispatch
import Synchronization

/// For each item of a store, the ASCII letters and digits (case folded) that start a word in
/// its searchable strings, one bit each (`bit(for:)`), by the rules a word-start term is found
/// by (`SearchMatcher.exactFind`): where `SearchBytes.isWordStart` says a word starts, in the
/// string as it is and in its Unicode-lowercased copy (`SearchBytes.foldBeyondASCII`; the
/// Kelvin sign's "k"). So an item whose bits lack a term's first character cannot hold the
/// term at a word start, and for a term of one character that ignores case, the bit is the
/// answer (`WordStartFilter`).
final class WordStartIndex: Sendable {
    /// Each item's bits.
    let starts: [UInt64]

    /// The bit of an ASCII letter (either case) or digit; 0 for any other byte.
    @inline(__always)
    static func bit(for byte: UInt8) -> UInt64 {
        if byte &- 0x30 < 10 { return 1 << UInt64(byte &- 0x30) }
        let letter = (byte | 0x20) &- 0x61
        return letter < 26 ? 1 << UInt64(10 + letter) : 0
    }

    /// The index of `store`'s items.
    init(_ store: ItemStore) {
        var starts = [UInt64](repeating: 0, count: store.count)
        store.withReader { store in
            var folded: [UInt8] = []
            for item in 0..<store.itemCount {
                var bits: UInt64 = 0
                for string in store.searchableStrings(of: item) {
                    let text = store.string(string)
                    bits |= Self.wordStarts(in: text)
                    if SearchBytes.foldBeyondASCII(text, into: &folded) {
                        bits |= folded.withUnsafeBufferPointer { Self.wordStarts(in: $0) }
                    }
                }
                starts[item] = bits
            }
        }
        self.starts = starts
    }

    /// The bits of the letters and digits that start a word in `text`.
    static func wordStarts(in text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = text.baseAddress else { return 0 }
        var bits: UInt64 = 0
        // The byte before: `boundary` (none, or ASCII that is not a letter or digit), a letter
        // or digit's bit index, or `beyondASCII` (then Unicode's rules decide, asked only
        // before a letter or digit). Read through a table: a byte's class in one load.
        var before = Self.boundary
        Self.classes.withUnsafeBufferPointer { classes in
            for index in 0..<text.count {
                let now = classes[Int(base[index])]
                if now < 64
                    && (before == Self.boundary
                        || (before == Self.beyondASCII && SearchBytes.isWordStart(index, in: text)))
                {
                    bits |= 1 << UInt64(now)
                }
                before = now
            }
        }
        return bits
    }

    /// A byte's class for `wordStarts`: its letter or digit's bit index (below 64), else
    /// `boundary` or `beyondASCII`.
    private static let boundary: UInt8 = 64
    private static let beyondASCII: UInt8 = 65
    private static let classes: [UInt8] = (0..<256).map { byte in
        let bit = WordStartIndex.bit(for: UInt8(byte))
        return byte >= 0x80 ? beyondASCII : bit == 0 ? boundary : UInt8(bit.trailingZeroBitCount)
    }
}

/// What a store's `WordStartIndex` says of a query: the bits every matching item has (the
/// first characters of its word-start terms), and whether they settle the match.
struct WordStartFilter {
    /// The bits an item must have.
    let required: UInt64
    /// Whether an item with them matches: the query is one term of one character, ignoring case.
    let settles: Bool

    /// Whether an item with these bits may match.
    @inline(__always)
    func admits(_ starts: UInt64) -> Bool { starts & required == required }
}

extension ItemStore {
    /// The store's `WordStartIndex`, if it has been made (`indexWordStarts`).
    var wordStartIndex: WordStartIndex? { wordStarts.load() }

    /// Makes the store's `WordStartIndex`, once (two threads making it keep the first stored).
    func indexWordStarts() {
        guard wordStarts.load() == nil else { return }
        _ = wordStarts.storeIfNil(WordStartIndex(self))
    }
}

extension Catalog {
    /// Indexes the word starts of every section's items (`WordStartIndex`), those not indexed
    /// yet.
    public func indexWordStarts() {
        for section in sections { section.items.store.indexWordStarts() }
    }

    /// `indexWordStarts` on another thread, for a bundled catalog the browser shows: its first
    /// frame does not wait for it (40 ms for the Unicode catalog, on one core: the other is
    /// left to the frame), and a search before it is done reads the text, as a search of the
    /// user's data always does (which is not indexed: a stream's stores change as it grows).
    public func indexWordStartsAside() {
        DispatchQueue.global(qos: .utility).async { indexWordStarts() }
    }
}
