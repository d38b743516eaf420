// Ranking: the order of a section's matches, and the best matches across sections.
//
// An item is scored only once it matched (`SearchMatcher.score`), and its rank key is packed
// into 32 bits: the score (higher first), then the label's length in bytes (shorter first); ties
// keep catalog order. The keys are few and small, so a stable two-pass radix sort orders a
// million matches in linear time, where a comparison sort would take several frames.

enum SearchRanking {
    /// The rank key of a score and a label length: the smaller key goes first.
    @inline(__always)
    static func key(score: Int, labelLength: Int) -> UInt32 {
        UInt32(0xFFFF - min(max(score, 0), 0xFFFF)) << 16 | UInt32(min(labelLength, 0xFFFF))
    }

    /// The item's rank key: its score for the matcher's query and its label's length.
    @inline(__always)
    static func key(_ storeIndex: Int, _ store: ItemStoreReader, _ matcher: inout SearchMatcher) -> UInt32 {
        let label = store.string(store.searchableStrings(of: storeIndex).lowerBound)
        return key(score: matcher.score(store, storeIndex), labelLength: label.count)
    }

    /// `matched` (positions in `items`, ascending) with their ranked order.
    static func rank(
        _ matched: SearchResult.ItemIndices, of section: Int, _ items: ItemList, _ store: ItemStoreReader,
        _ matcher: inout SearchMatcher
    ) -> SearchResult.SectionMatches {
        // A query of exclusions only scores nothing: catalog order.
        guard matcher.scores else { return .init(section: section, matched: matched, ranked: matched) }
        var keys: [UInt32] = []
        keys.reserveCapacity(matched.count)
        var sorted = true
        for position in matched {
            let key = key(items.storeIndex(position), store, &matcher)
            if let last = keys.last, key < last { sorted = false }
            keys.append(key)
        }
        guard !sorted else { return .init(section: section, matched: matched, ranked: matched) }
        let order = stableOrder(of: keys)
        let ranked = order.map { Int32(truncatingIfNeeded: matched[Int($0)]) }
        return .init(section: section, matched: matched, ranked: .init(storage: .ranked(ranked)))
    }

    /// The positions of `keys` ordered by key, equal keys in their order.
    static func stableOrder(of keys: [UInt32]) -> [Int32] {
        if keys.count < 2_048 {
            return (0..<Int32(keys.count)).sorted { (keys[Int($0)], $0) < (keys[Int($1)], $1) }
        }
        // Least significant digit first: each pass is stable, so the last one leaves equal high
        // halves in the order of their low halves, and equal keys in their first order.
        var order = [Int32](0..<Int32(keys.count))
        var next = [Int32](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: 0x10001)
        for shift: UInt32 in [0, 16] {
            for index in counts.indices { counts[index] = 0 }
            for key in keys { counts[Int(key >> shift & 0xFFFF) + 1] += 1 }
            // A digit all keys share orders nothing.
            if counts.contains(keys.count) { continue }
            for digit in 1..<counts.count { counts[digit] += counts[digit - 1] }
            for position in order {
                let digit = Int(keys[Int(position)] >> shift & 0xFFFF)
                next[counts[digit]] = position
                counts[digit] += 1
            }
            swap(&order, &next)
        }
        return order
    }
}

/// An item of a catalog: its section's index and its index in the section.
public struct ItemLocation: Hashable, Sendable {
    public let section: Int
    public let item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }
}

extension Search {
    /// The `count` best matches of `result` across its sections, as paths into `catalog` (the
    /// catalog searched): each section's first matches by its ranking, merged by the same key,
    /// ties in catalog order. Sections that repeat other sections' items (Recent) are left out,
    /// so no item is listed twice.
    public static func bestMatches(of result: SearchResult, in catalog: Catalog, count: Int) -> [ItemLocation] {
        guard count > 0, !result.isUnfiltered else { return [] }
        var matcher = SearchMatcher(result.query)
        var candidates: [(key: UInt32, order: Int, path: ItemLocation)] = []
        for match in result.sections where !catalog.sections[match.section].repeatsItems {
            let items = catalog.sections[match.section].items
            items.store.withReader { store in
                for position in match.items.prefix(count) {
                    let key = SearchRanking.key(items.storeIndex(position), store, &matcher)
                    candidates.append((key, candidates.count, ItemLocation(section: match.section, item: position)))
                }
            }
        }
        let ranked = candidates.sorted { ($0.key, $0.order) < ($1.key, $1.order) }
        return ranked.prefix(count).map { $0.path }
    }
}

extension Catalog {
    /// The title of the section that leads a filtered catalog with the best matches.
    public static let bestMatchesTitle = "Best matches"

    /// The catalog cut down to a search result (see `filtered(by:)`), led by a section of the
    /// `best` items (paths into this catalog) when there are any. That section repeats items
    /// of the others, as Recent does.
    public func filtered(by result: SearchResult, best: [ItemLocation]) -> Catalog {
        var copy = filtered(by: result)
        guard !best.isEmpty else { return copy }
        var section = Section(
            title: Self.bestMatchesTitle, items: ItemList(best.map { sections[$0.section].items[$0.item] }))
        section.repeatsItems = true
        copy.sections.insert(section, at: 0)
        return copy
    }
}
