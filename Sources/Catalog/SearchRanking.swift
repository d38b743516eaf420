// Ranking: the order of a section's matches, and the best matches across sections.
//
// An item is scored only once it matched (`SearchMatcher.score`), and its rank key is packed
// into 32 bits: the score (higher first), then the label's length in bytes (shorter first); ties
// keep catalog order. The keys are few and small, so a stable two-pass radix sort orders a
// million matches in linear time, where a comparison sort would take several frames.

enum SearchRanking {
    /// A section with more matches than this shows them in catalog order: scoring them all
    /// would take longer than a keystroke may (about 50 ns each), and an endless pipe
    /// (`yes | splitview`) would make every snapshot slower. A million is ranked in about 50 ms.
    static let limit = 1_000_000

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
        // A query of exclusions only scores nothing: catalog order (and past the limit).
        guard matcher.scores, matched.count <= limit else {
            return .init(section: section, matched: matched, ranked: matched, keys: [])
        }
        let keys = matched.map { key(items.storeIndex($0), store, &matcher) }
        let (ranked, rankedKeys) = order(matched.indices32, keys)
        return matches(section, matched, ranked, rankedKeys)
    }

    /// `items` and their keys ordered by key, ties in their order.
    static func order(_ items: [Int32], _ keys: [UInt32]) -> (items: [Int32], keys: [UInt32]) {
        if zip(keys, keys.dropFirst()).allSatisfy({ $0 <= $1 }) { return (items, keys) }
        let order = stableOrder(of: keys)
        return (order.map { items[Int($0)] }, order.map { keys[Int($0)] })
    }

    /// A section's matches, `ranked` stored as `matched` when it is in catalog order (one
    /// representation per answer, so that a grown result equals a fresh one).
    static func matches(
        _ section: Int, _ matched: SearchResult.ItemIndices, _ ranked: [Int32], _ keys: [UInt32]
    ) -> SearchResult.SectionMatches {
        let inOrder = zip(ranked, ranked.dropFirst()).allSatisfy { $0 < $1 }
        return .init(
            section: section, matched: matched, ranked: inOrder ? matched : .init(storage: .ranked(ranked)), keys: keys)
    }

    /// Two ranked lists merged by key (`first`'s before `second`'s at equal keys: its items
    /// came first in the catalog).
    static func merge(
        _ first: (items: [Int32], keys: [UInt32]), _ second: (items: [Int32], keys: [UInt32])
    ) -> (items: [Int32], keys: [UInt32]) {
        var items: [Int32] = [], keys: [UInt32] = []
        items.reserveCapacity(first.items.count + second.items.count)
        keys.reserveCapacity(items.capacity)
        var i = 0, j = 0
        while i < first.items.count || j < second.items.count {
            if j == second.items.count || (i < first.items.count && first.keys[i] <= second.keys[j]) {
                items.append(first.items[i])
                keys.append(first.keys[i])
                i += 1
            } else {
                items.append(second.items[j])
                keys.append(second.keys[j])
                j += 1
            }
        }
        return (items, keys)
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
    /// catalog searched): each section's first matches by its ranking, merged by the same key
    /// (the one the ranking kept; scored here for a section it left unranked), ties in catalog
    /// order. Sections that repeat other sections' items (Recent) are left out, so no item is
    /// listed twice.
    public static func bestMatches(of result: SearchResult, in catalog: Catalog, count: Int) -> [ItemLocation] {
        guard count > 0, !result.isUnfiltered else { return [] }
        var matcher = SearchMatcher(result.query)
        var candidates: [(key: UInt32, order: Int, path: ItemLocation)] = []
        for match in result.sections where !catalog.sections[match.section].repeatsItems {
            let items = catalog.sections[match.section].items
            let firsts = match.items.prefix(count)
            let keys =
                match.keys.count == match.items.count
                ? Array(match.keys.prefix(count))
                : items.store.withReader { store in
                    firsts.map { SearchRanking.key(items.storeIndex($0), store, &matcher) }
                }
            for (position, key) in zip(firsts, keys) {
                candidates.append((key, candidates.count, ItemLocation(section: match.section, item: position)))
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

extension Search {
    /// `previous` over `catalog`, a catalog that grew from the one `previous` searched (its
    /// sections begin with that one's, each with at least as many items, as a stream's
    /// snapshots do): only the items that arrived are searched, and each section that gained
    /// matches is ranked again. Nil when `catalog` did not grow from that one (or for the
    /// unfiltered result, which needs no search). Equal to `run(previous.query, in: catalog)`.
    public static func grow(_ previous: SearchResult, to catalog: Catalog) -> SearchResult? {
        let shape = shape(of: catalog)
        let old = previous.catalogShape
        guard !previous.query.isEmpty, old.count <= shape.count, zip(old, shape).allSatisfy({ $0 <= $1 }),
            catalog.sections.prefix(old.count).map(\.title) == previous.catalogTitles
        else { return nil }
        var matcher = SearchMatcher(previous.query)
        var kept: [Int: SearchResult.SectionMatches] = [:]
        for match in previous.sections { kept[match.section] = match }
        var sections: [SearchResult.SectionMatches] = []
        for section in shape.indices {
            let before = section < old.count ? old[section] : 0
            let now = shape[section]
            guard now > before else {
                if let match = kept[section] { sections.append(match) }
                continue
            }
            let items = catalog.sections[section].items
            let grown: SearchResult.SectionMatches? = items.store.withReader { store in
                let arrived: SearchResult.ItemIndices =
                    before == 0 ? .all(now) : .init(storage: .some(Array(Int32(before)..<Int32(now))))
                let found = match(arrived, items, store, &matcher)
                guard let previous = kept[section] else {
                    return found.map { SearchRanking.rank($0, of: section, items, store, &matcher) }
                }
                // Nothing new matched: the old matches and their order stand (unless they were
                // the whole section, which they no longer are).
                if found == nil && !previous.matched.isWholeSection { return previous }
                let arrivedMatches = (found ?? .all(0)).map { Int32($0) }
                var all = previous.matched.indices32
                all += arrivedMatches
                let matched: SearchResult.ItemIndices = all.count == now ? .all(now) : .init(storage: .some(all))
                // Only the arrivals are scored, then merged into the ranking there was.
                guard matcher.scores, all.count <= SearchRanking.limit, previous.keys.count == previous.items.count
                else { return SearchRanking.matches(section, matched, all, []) }
                let arrivedKeys = arrivedMatches.map { SearchRanking.key(items.storeIndex(Int($0)), store, &matcher) }
                let merged = SearchRanking.merge(
                    (previous.items.indices32, previous.keys), SearchRanking.order(arrivedMatches, arrivedKeys))
                return SearchRanking.matches(section, matched, merged.items, merged.keys)
            }
            if let grown { sections.append(grown) }
        }
        return SearchResult(
            query: previous.query, sections: sections, count: sections.reduce(0) { $0 + $1.items.count },
            catalogShape: shape, catalogTitles: catalog.sections.map(\.title))
    }
}
