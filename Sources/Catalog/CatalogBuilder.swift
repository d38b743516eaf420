// Every loader of the user's records (JSON Lines, CSV, TSV, plain lines) writes through this
// one API, so how items are stored can change (columnar storage for a million items) in one
// place. Sections appear in the order their first item does.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

public struct CatalogBuilder {
    /// Each section's title and the store its items are written to.
    private var sections: [(title: String, items: ItemStoreBuilder)] = []
    private var indexByTitle: [String: Int] = [:]
    /// The bytes of the last title looked up by `sectionIndex(utf8:)` and its index: records
    /// of one section usually come together, so most rows skip hashing a String.
    private var lastTitleBytes: [UInt8] = []
    private var lastIndex = -1
    /// Every title looked up by its bytes, and its section: lines grouped by a field take
    /// turns between sections, and a million of them make no String.
    private var indexByTitleBytes = ByteKeyTable()
    /// The section of the item being written with `beginItem`.
    private var current = -1
    public let source: String
    public private(set) var itemCount = 0
    /// Set by a loader that checked the input it is about to write: then strings are copied
    /// without a per-string UTF-8 repair. (A stream sets it for each part it parses.)
    var inputIsValidUTF8 = false {
        didSet {
            guard inputIsValidUTF8 != oldValue else { return }
            for index in sections.indices { sections[index].items.inputIsValidUTF8 = inputIsValidUTF8 }
        }
    }

    public init(source: String) {
        self.source = source
    }

    /// The index of the section titled `title`, added after the others when it is new.
    public mutating func sectionIndex(_ title: String) -> Int {
        if let index = indexByTitle[title] { return index }
        var items = ItemStoreBuilder()
        items.inputIsValidUTF8 = inputIsValidUTF8
        // Sections of one file tend to be of a size, and usually come one after the other:
        // room for as much as the section before saves most of the regrowing (and copying) of
        // each section's arrays, and the unused room that doubling leaves. Capped, and trimmed
        // in `build()`, so a small section after a huge one wastes little.
        if let previous = sections.last?.items {
            items.reserveCapacity(
                items: min(previous.count, Self.reserveLimit),
                bytes: min(previous.byteCount, Self.reserveLimit * 64))
        }
        sections.append((title, items))
        indexByTitle[title] = sections.count - 1
        lastIndex = -1
        return sections.count - 1
    }

    /// The index of the section whose title is these UTF-8 bytes (invalid sequences become
    /// U+FFFD, as in every other string of the input).
    public mutating func sectionIndex(utf8 title: UnsafeBufferPointer<UInt8>) -> Int {
        if lastIndex >= 0 && lastTitleBytes.count == title.count
            && (title.isEmpty
                || lastTitleBytes.withUnsafeBufferPointer {
                    memcmp($0.baseAddress!, title.baseAddress!, title.count) == 0
                })
        {
            return lastIndex
        }
        let hash = ByteKeyTable.hash(title)
        let index: Int
        if let known = indexByTitleBytes.value(for: title, hash: hash) {
            index = known
        } else {
            index = sectionIndex(String(decoding: title, as: UTF8.self))
            indexByTitleBytes.insert(title, hash: hash, value: index)
        }
        lastTitleBytes.removeAll(keepingCapacity: true)
        lastTitleBytes.append(contentsOf: title)
        lastIndex = index
        return index
    }

    /// Makes room for `count` more items in a section, when a loader knows (or bounds) how
    /// many are coming.
    public mutating func reserveCapacity(_ count: Int, inSection index: Int) {
        sections[index].items.reserveCapacity(items: count, bytes: 0)
    }

    public mutating func append(_ item: Item, toSection index: Int) {
        sections[index].items.append(item)
        itemCount += 1
    }

    public mutating func append(_ item: Item, toSection title: String) {
        append(item, toSection: sectionIndex(title))
    }

    // Writing an item string by string, straight from the input's bytes: `beginItem`, then
    // `addString` for each string in the order `ItemShape` gives, then `finishItem`.

    mutating func beginItem(inSection index: Int) { current = index }

    @inline(__always)
    mutating func addString(_ utf8: UnsafeBufferPointer<UInt8>) { sections[current].items.addString(utf8) }

    mutating func addString(_ string: String) { sections[current].items.addString(string) }

    /// The looks (--ansi, `AnsiText.encode`'s bytes) of the item being written.
    mutating func setStyles(_ encoded: [UInt8]) { sections[current].items.setStyles(encoded) }

    mutating func finishItem(_ shape: ItemShape) {
        sections[current].items.finishItem(shape)
        itemCount += 1
    }

    /// Ends the item with the shape at `index` of its section's store (`lastShapeIndex`).
    mutating func finishItem(shapeAt index: Int) {
        sections[current].items.finishItem(shapeAt: index)
        itemCount += 1
    }

    /// The shape of the last item finished in the current section, for `finishItem(shapeAt:)`.
    var lastShapeIndex: Int { sections[current].items.lastShapeIndex }

    public var sectionCount: Int { sections.count }

    static let reserveLimit = 4_096

    /// The catalog of the items so far, its sections' stores sharing the builder's columns:
    /// it costs a few words per section however many items there are, and the builder goes on
    /// appending (a stream's snapshots).
    public mutating func snapshot() -> Catalog {
        var catalog = Catalog(sections: [], source: source)
        catalog.sections.reserveCapacity(sections.count)
        for index in sections.indices {
            catalog.sections.append(
                Section(title: sections[index].title, items: ItemList(store: sections[index].items.snapshot())))
        }
        return catalog
    }

    /// The catalog built so far, its stores trimmed to their size.
    public func build() -> Catalog {
        Catalog(
            sections: sections.map { Section(title: $0.title, items: ItemList(store: $0.items.build())) },
            source: source)
    }
}

/// A hash table from byte strings to numbers (open addressing, linear probing), its keys kept
/// in one buffer: a lookup hashes the bytes and compares them, and makes nothing.
struct ByteKeyTable {
    private struct Slot {
        var hash: UInt64
        var start: Int
        var count: Int
        /// -1: empty.
        var value: Int
    }
    private var keys: [UInt8] = []
    private var slots: [Slot] = []
    private(set) var count = 0

    /// FNV-1a, 64 bits: titles are short.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    func value(for key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        return slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { keys in
                while true {
                    let slot = slots[index]
                    if slot.value < 0 { return nil }
                    if slot.hash == hash && slot.count == key.count
                        && (key.isEmpty || memcmp(keys.baseAddress! + slot.start, key.baseAddress!, key.count) == 0)
                    {
                        return slot.value
                    }
                    index = (index + 1) & mask
                }
            }
        }
    }

    /// Adds a key that is not in the table.
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, value: Int) {
        if (count + 1) * 2 > slots.count { grow() }
        let start = keys.count
        keys.append(contentsOf: key)
        place(Slot(hash: hash, start: start, count: key.count, value: value))
        count += 1
    }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: slot.hash) & mask
        while slots[index].value >= 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(hash: 0, start: 0, count: 0, value: -1), count: max(16, old.count * 2))
        for slot in old where slot.value >= 0 { place(slot) }
    }
}
