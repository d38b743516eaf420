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
    private var sections: [Section] = []
    private var indexByTitle: [String: Int] = [:]
    /// The bytes of the last title looked up by `sectionIndex(utf8:)` and its index: records
    /// of one section usually come together, so most rows skip hashing a String.
    private var lastTitleBytes: [UInt8] = []
    private var lastIndex = -1
    public let source: String
    public private(set) var itemCount = 0

    public init(source: String) {
        self.source = source
    }

    /// The index of the section titled `title`, added after the others when it is new.
    public mutating func sectionIndex(_ title: String) -> Int {
        if let index = indexByTitle[title] { return index }
        var items: [Item] = []
        // Sections of one file tend to be of a size, and usually come one after the other:
        // room for as many items as the section before saves most of the regrowing (and
        // copying) of each section's array. Capped, and trimmed in `build()`, so a small
        // section after a huge one wastes little.
        if let previous = sections.last { items.reserveCapacity(min(previous.items.count, Self.reserveLimit)) }
        sections.append(Section(title: title, items: items))
        indexByTitle[title] = sections.count - 1
        lastIndex = -1
        return sections.count - 1
    }

    /// The index of the section whose title is these UTF-8 bytes (invalid sequences become
    /// U+FFFD, as in every other string of the input).
    public mutating func sectionIndex(utf8 title: UnsafeBufferPointer<UInt8>) -> Int {
        if lastIndex >= 0 && lastTitleBytes.count == title.count
            && (title.isEmpty || lastTitleBytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, title.baseAddress!, title.count) == 0 }) {
            return lastIndex
        }
        let index = sectionIndex(String(decoding: title, as: UTF8.self))
        lastTitleBytes.removeAll(keepingCapacity: true)
        lastTitleBytes.append(contentsOf: title)
        lastIndex = index
        return index
    }

    /// Makes room for `count` more items in a section, when a loader knows (or bounds) how
    /// many are coming.
    public mutating func reserveCapacity(_ count: Int, inSection index: Int) {
        sections[index].items.reserveCapacity(sections[index].items.count + count)
    }

    public mutating func append(_ item: consuming Item, toSection index: Int) {
        sections[index].items.append(item)
        itemCount += 1
    }

    public mutating func append(_ item: consuming Item, toSection title: String) {
        append(item, toSection: sectionIndex(title))
    }

    public var sectionCount: Int { sections.count }

    static let reserveLimit = 4_096

    /// The catalog built so far.
    public func build() -> Catalog {
        var sections = self.sections
        for index in sections.indices {
            let items = sections[index].items
            if items.capacity > 64 && items.count < items.capacity / 2 {
                sections[index].items = items.withUnsafeBufferPointer { Array($0) }
            }
        }
        return Catalog(sections: sections, source: source)
    }
}
