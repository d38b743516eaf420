// The user's own picks as search ranks them: among matches that match the query as well, the
// items the user picked come first, the most preferred first, before how common an item is in
// general (`Item.rank`) is asked. The program hands them over as the labels of its recent
// picks, in the Recent section's order (frecency by default), so that a toned variant picked
// counts for its emoji, whatever section or filtered list the emoji is found in.

/// The labels of the items the user picked, the most preferred first.
public struct SearchPicks: Hashable, Sendable {
    /// Each label's hash (FNV-1a over its UTF-8) and its place among the picks, by hash: a
    /// matched item's label is looked up with no String made, in a few comparisons.
    private var hashes: [UInt64] = []
    private var places: [UInt16] = []
    /// The labels' bytes, in `hashes`' order: a hash found is confirmed by its bytes.
    private var labels: [[UInt8]] = []

    /// The most picks kept (the recent list keeps at most 200).
    public static let limit = 1_000

    /// No picks.
    public init() {}

    /// The picks of `labels`, the first the most preferred; a label given twice keeps its first
    /// place.
    public init(labels: [String]) {
        var entries: [(hash: UInt64, place: Int, bytes: [UInt8])] = []
        var seen = Set<String>()
        for label in labels.prefix(Self.limit) where seen.insert(label).inserted {
            let bytes = Array(label.utf8)
            entries.append((bytes.withUnsafeBufferPointer(Self.hash), entries.count, bytes))
        }
        entries.sort { ($0.hash, $0.place) < ($1.hash, $1.place) }
        hashes = entries.map(\.hash)
        places = entries.map { UInt16($0.place) }
        self.labels = entries.map(\.bytes)
    }

    public var isEmpty: Bool { hashes.isEmpty }

    /// How many labels there are.
    public var count: Int { hashes.count }

    /// The place among the picks (0 the most preferred) of the item labelled `label`, nil when
    /// the user did not pick it.
    @inline(__always)
    func place(ofLabel label: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !hashes.isEmpty else { return nil }
        let hash = Self.hash(label)
        var low = 0, high = hashes.count
        while low < high {
            let middle = (low + high) / 2
            if hashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        while low < hashes.count && hashes[low] == hash {
            if labels[low].elementsEqual(label) { return Int(places[low]) }
            low += 1
        }
        return nil
    }

    /// FNV-1a, 64 bits.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
