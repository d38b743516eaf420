// Ranking: the order of a section's matches, and the best matches across sections.
//
// An item is scored only once it matched, and its rank key is packed into 64 bits, as fzf packs
// its "points": 16 bits of score (higher first), then 16 bits for each tiebreak (fzf's
// `--tiebreak`: by default the length; smaller first). Ties keep input order (reversed with
// `--tac`). A word-start query (the emoji's) packs its own score (`SearchMatcher.score`) and
// the label's length in bytes. The keys are small integers, so a stable radix sort of 16-bit
// digits (skipping a digit all keys share) orders a million matches in linear time, where a
// comparison sort would take several frames.

enum SearchRanking {
    /// A section with more matches than this shows them in catalog order: scoring them all
    /// would take longer than a keystroke may (about 50 ns each), and an endless pipe
    /// (`yes | splitview`) would make every snapshot slower. A million is ranked in about 50 ms.
    static let limit = 1_000_000

    /// A value clamped to 16 bits (fzf's AsUint16).
    @inline(__always)
    static func clamp(_ value: Int) -> UInt64 { UInt64(min(max(value, 0), 0xFFFF)) }

    /// The rank key of a score and a label length: the smaller key goes first.
    @inline(__always)
    static func key(score: Int, labelLength: Int) -> UInt64 {
        (0xFFFF - clamp(score)) << 48 | clamp(labelLength) << 32
    }

    /// The item's rank key: by fzf's rules (its score, then the query's tiebreaks) or, for a
    /// word-start query, its score and its label's length.
    @inline(__always)
    static func key(
        _ storeIndex: Int, _ store: ItemStoreReader, _ matcher: inout SearchMatcher, _ order: SearchQuery.Order
    ) -> UInt64 {
        guard matcher.scoresAsFzf else {
            let label = store.string(store.searchableStrings(of: storeIndex).lowerBound)
            return key(score: matcher.score(store, storeIndex), labelLength: label.count)
        }
        let match = matcher.fzfScore(store, storeIndex)
        let key = (0xFFFF - clamp(match.score)) << 48
        guard !order.tiebreaks.isEmpty else { return key }
        if store.isASCII, order.tiebreaks.count == 1, order.tiebreaks[0] == .length {
            // (The default tiebreak, read in place: one byte a character.)
            let label = store.string(store.searchableStrings(of: storeIndex).lowerBound)
            return key | clamp(ScoringRules.asciiTrimmedLength(label)) << 32
        }
        return matcher.withDecodedLabel(store, storeIndex) { label in
            var key = key
            var shift: UInt64 = 32
            for tiebreak in order.tiebreaks {
                key |= tiebreakValue(tiebreak, match, label) << shift
                shift &-= 16
            }
            return key
        }
    }

    /// fzf's value of a tiebreak for a match in a label (smaller first; 0xFFFF when the match
    /// has no bounds in the label, a negated term's or another string's).
    static func tiebreakValue(
        _ tiebreak: SearchQuery.Tiebreak, _ match: SearchMatcher.FzfMatch, _ label: borrowing ScoringText
    ) -> UInt64 {
        if tiebreak == .length { return clamp(label.trimmedLength) }
        guard match.found else { return 0xFFFF }
        let count = label.count
        switch tiebreak {
        case .chunk:
            var begin = min(match.minBegin, count), end = min(match.maxEnd, count)
            while begin >= 1 && label.characterClass(begin - 1) != .white { begin -= 1 }
            while end < count && label.characterClass(end) != .white { end += 1 }
            return clamp(end - begin)
        case .pathname:
            var lastDelimiter = -1
            var index = count - 1
            while index >= 0 {
                let scalar = label.scalar(index)
                if scalar == 0x2F || scalar == 0x5C {
                    lastDelimiter = index
                    break
                }
                index -= 1
            }
            return lastDelimiter <= match.minBegin ? clamp(match.minBegin - lastDelimiter) : 0xFFFF
        case .begin, .end:
            let whitePrefix = min(label.leadingWhite, match.minBegin)
            if tiebreak == .begin { return clamp(match.minEnd - whitePrefix) }
            return clamp(0xFFFF - 0xFFFF * (match.maxEnd - whitePrefix) / (label.trimmedLength + 1))
        case .length, .index:
            return 0
        }
    }

    /// `matched` (positions in `items`, ascending) with their ranked order.
    static func rank(
        _ matched: SearchResult.ItemIndices, of section: Int, _ items: ItemList, _ store: ItemStoreReader,
        _ matcher: inout SearchMatcher
    ) -> SearchResult.SectionMatches {
        let reversed = matcher.order.reversed
        // A query of exclusions only scores nothing: input order (and past the limit, and
        // with --no-sort).
        guard matcher.scores, matcher.order.sorts, matched.count <= limit else {
            return reversed
                ? matches(section, matched, matched.indices32.reversed(), [])
                : .init(section: section, matched: matched, ranked: matched, keys: [])
        }
        let inputOrder = reversed ? matched.indices32.reversed() : matched.indices32
        let order = matcher.order
        let keys = inputOrder.map { key(items.storeIndex(Int($0)), store, &matcher, order) }
        let (ranked, rankedKeys) = self.order(inputOrder, keys)
        return matches(section, matched, ranked, rankedKeys)
    }

    /// `items` and their keys ordered by key, ties in their order.
    static func order(_ items: [Int32], _ keys: [UInt64]) -> (items: [Int32], keys: [UInt64]) {
        if zip(keys, keys.dropFirst()).allSatisfy({ $0 <= $1 }) { return (items, keys) }
        let order = stableOrder(of: keys)
        return (order.map { items[Int($0)] }, order.map { keys[Int($0)] })
    }

    /// A section's matches, `ranked` stored as `matched` when it is in catalog order (one
    /// representation per answer, so that a grown result equals a fresh one).
    static func matches(
        _ section: Int, _ matched: SearchResult.ItemIndices, _ ranked: [Int32], _ keys: [UInt64]
    ) -> SearchResult.SectionMatches {
        let inOrder = zip(ranked, ranked.dropFirst()).allSatisfy { $0 < $1 }
        return .init(
            section: section, matched: matched, ranked: inOrder ? matched : .init(storage: .ranked(ranked)), keys: keys)
    }

    /// Two ranked lists merged by key (`first`'s before `second`'s at equal keys: its items
    /// came first in the catalog).
    static func merge(
        _ first: (items: [Int32], keys: [UInt64]), _ second: (items: [Int32], keys: [UInt64])
    ) -> (items: [Int32], keys: [UInt64]) {
        var items: [Int32] = [], keys: [UInt64] = []
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
    static func stableOrder(of keys: [UInt64]) -> [Int32] {
        if keys.count < 2_048 {
            // A key of one tiebreak or none leaves its low 32 bits zero: the position fits
            // there, and plain integers sort several times faster than pairs compared by a
            // closure (a sort per section, a thousand sections at a million lines).
            if keys.allSatisfy({ $0 & 0xFFFF_FFFF == 0 }) {
                var packed = keys.enumerated().map { $0.element | UInt64($0.offset) }
                packed.sort()
                return packed.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
            }
            return (0..<Int32(keys.count)).sorted { (keys[Int($0)], $0) < (keys[Int($1)], $1) }
        }
        // Least significant digit first: each pass is stable, so the last one leaves equal high
        // halves in the order of their low halves, and equal keys in their first order.
        var order = [Int32](0..<Int32(keys.count))
        var next = [Int32](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: 0x10001)
        for shift: UInt64 in [0, 16, 32, 48] {
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
        var candidates: [(key: UInt64, order: Int, path: ItemLocation)] = []
        for match in result.sections where !catalog.sections[match.section].repeatsItems {
            let items = catalog.sections[match.section].items
            let firsts = match.items.prefix(count)
            let keys =
                match.keys.count == match.items.count
                ? Array(match.keys.prefix(count))
                : items.store.withReader { store in
                    firsts.map { SearchRanking.key(items.storeIndex($0), store, &matcher, result.query.order) }
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
        let order = previous.query.order
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
            let grown = items.store.withReader { (store) -> SearchResult.SectionMatches? in
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
                guard matcher.scores, order.sorts, all.count <= SearchRanking.limit,
                    previous.keys.count == previous.items.count
                else { return SearchRanking.matches(section, matched, order.reversed ? all.reversed() : all, []) }
                let arrivedInOrder = order.reversed ? arrivedMatches.reversed() : arrivedMatches
                let arrivedKeys = arrivedInOrder.map {
                    SearchRanking.key(items.storeIndex(Int($0)), store, &matcher, order)
                }
                let arrivedRanked = SearchRanking.order(arrivedInOrder, arrivedKeys)
                // (Reversed, the arrivals come first in input order: before the old at equal keys.)
                let merged =
                    order.reversed
                    ? SearchRanking.merge(arrivedRanked, (previous.items.indices32, previous.keys))
                    : SearchRanking.merge((previous.items.indices32, previous.keys), arrivedRanked)
                return SearchRanking.matches(section, matched, merged.items, merged.keys)
            }
            if let grown { sections.append(grown) }
        }
        return SearchResult(
            query: previous.query, sections: ordered(sections, previous.query.order, catalog),
            count: sections.reduce(0) { $0 + $1.items.count }, catalogShape: shape,
            catalogTitles: catalog.sections.map(\.title))
    }

    /// A result's sections (in catalog order) in the order shown: sections that repeat
    /// others' items (Recent) first, then by their best match's key (ties in catalog order, or
    /// the reverse with `--tac`), or with `--no-sort` in catalog order (reversed with `--tac`).
    static func ordered(
        _ sections: [SearchResult.SectionMatches], _ order: SearchQuery.Order, _ catalog: Catalog
    ) -> [SearchResult.SectionMatches] {
        guard sections.count > 1 else { return sections }
        let inOrder = order.reversed ? sections.reversed() : sections
        guard order.sorts else { return inOrder }
        return inOrder.enumerated().sorted { a, b in
            let aFirst = catalog.sections[a.element.section].repeatsItems
            let bFirst = catalog.sections[b.element.section].repeatsItems
            if aFirst != bFirst { return aFirst }
            let aKey = a.element.keys.first ?? .max, bKey = b.element.keys.first ?? .max
            return (aKey, a.offset) < (bKey, b.offset)
        }.map(\.element)
    }
}
