// Ranking: the order of a section's matches, and the best matches across sections.
//
// An item is scored only once it matched, and its rank key is packed into 64 bits, as fzf packs
// its "points": 16 bits of score (higher first), then 16 bits for each tiebreak (fzf's
// `--tiebreak`: by default the length; smaller first). Ties keep input order (reversed with
// `--tac`). A word-start query (the emoji's) packs its own score, the user's picks and the
// item's frequency rank, a shortcode spelled whole and the label's length in bytes
// (`SearchMatcher.wordKey`, `wordKey`). The keys are small integers, so a stable radix sort of
// 16-bit digits (skipping a digit all keys share) orders a million matches in linear time,
// where a comparison sort would take several frames.

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

    /// The rank key of a word-start match: its score (higher first), then its commonness (the
    /// user's picks' places, then the picks' limit plus the item's rank: smaller first), then
    /// whether the query spells one of its shortcodes (first), then its label's length.
    @inline(__always)
    static func wordKey(score: Int, commonness: Int, spellsShortcode: Bool, labelLength: Int) -> UInt64 {
        (0xFFFF - clamp(score)) << 48 | clamp(commonness) << 32 | (spellsShortcode ? 0 : 1) << 31
            | UInt64(min(max(labelLength, 0), 0x7FFF)) << 16
    }

    /// The item's rank key: by fzf's rules (its score, then the query's tiebreaks) or, for a
    /// word-start query, `wordKey` (its score, how common it is, its label's length).
    @inline(__always)
    static func key(
        _ storeIndex: Int, _ store: ItemStoreReader, _ matcher: inout SearchMatcher, _ order: SearchQuery.Order
    ) -> UInt64 {
        guard matcher.scoresAsFzf else { return matcher.wordKey(store, storeIndex) }
        return key(matcher.fzfScore(store, storeIndex), storeIndex, store, &matcher, order)
    }

    /// The item's rank key when it matches, else nil, in one reading of it (for a matcher
    /// that `matchesWhileScoring`).
    @inline(__always)
    static func keyIfMatches(
        _ storeIndex: Int, _ store: ItemStoreReader, _ matcher: inout SearchMatcher, _ order: SearchQuery.Order
    ) -> UInt64? {
        if matcher.singleASCIICharacter != 0, store.isASCII, matcher.breaksTiesByLengthOnly,
            let key = matcher.singleCharacterLabelKey(store, storeIndex)
        {
            // (A first key found in the label: scored and measured there, in one look.)
            return key
        }
        if matcher.isSingleTerm {
            guard let match = matcher.singleTermScore(store, storeIndex) else { return nil }
            return key(match, storeIndex, store, &matcher, order)
        }
        guard matcher.matches(store, storeIndex) else { return nil }
        return key(matcher.fzfScore(store, storeIndex), storeIndex, store, &matcher, order)
    }

    /// The rank key of an item scored `match` by fzf's rules.
    @inline(__always)
    static func key(
        _ match: SearchMatcher.FzfMatch, _ storeIndex: Int, _ store: ItemStoreReader, _ matcher: inout SearchMatcher,
        _ order: SearchQuery.Order
    ) -> UInt64 {
        let key = (0xFFFF - clamp(match.score)) << 48
        guard !matcher.breaksNoTies else { return key }
        if store.isASCII, matcher.breaksTiesByLengthOnly {
            // (The default tiebreak, read in place: one byte a character.)
            let label = store.string(store.searchableStrings(of: storeIndex).lowerBound)
            return key | clamp(ScoringRules.asciiTrimmedLength(label, tables: matcher.tables)) << 32
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
        // A query of exclusions only scores nothing: input order (and past the limit, and
        // with --no-sort).
        guard matcher.scores, matcher.order.sorts, matched.count <= limit else {
            return unranked(matched, of: section, reversed: matcher.order.reversed)
        }
        let order = matcher.order
        let keys = matched.indices32.map { key(items.storeIndex(Int($0)), store, &matcher, order) }
        return rank(matched, keys: keys, of: section, reversed: order.reversed)
    }

    /// `matched` in catalog order, or reversed (`--tac`): unranked.
    static func unranked(
        _ matched: SearchResult.ItemIndices, of section: Int, reversed: Bool
    ) -> SearchResult.SectionMatches {
        reversed
            ? matches(section, matched, matched.indices32.reversed(), [])
            : .init(section: section, matched: matched, ranked: matched, keys: [])
    }

    /// `matched` ranked by `keys` (theirs, in catalog order); ties in catalog order, or
    /// reversed. Past `limit`, unranked.
    static func rank(
        _ matched: SearchResult.ItemIndices, keys: [UInt64], of section: Int, reversed: Bool
    ) -> SearchResult.SectionMatches {
        guard matched.count <= limit else { return unranked(matched, of: section, reversed: reversed) }
        let (ranked, rankedKeys) =
            reversed ? order(matched.indices32.reversed(), keys.reversed()) : order(matched.indices32, keys)
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
    ///
    /// Counting sorts, stable, over the keys' 16-bit digits (least significant first; a digit
    /// all keys share is skipped): the scores of a query's matches span a few dozen values and
    /// the lengths a few dozen, so the score and the length, ranged, make one digit of a few
    /// hundred values, and a section of 800 matches sorts in one short pass where a comparison
    /// sort took 30 ns an item (a fifth of the first key's time at a million lines). A digit
    /// whose range is wide beside the count (a few keys far apart) makes a comparison sort
    /// quicker.
    static func stableOrder(of keys: [UInt64]) -> [Int32] {
        var order = [Int32](0..<Int32(keys.count))
        guard keys.count > 1 else { return order }
        if keys.count <= 32 {
            // A few matches (a narrowed key's, in each of a thousand sections): inserted in
            // place; the counting passes' tables cost more than they save.
            for index in 1..<order.count {
                let position = order[index], key = keys[Int(position)]
                var slot = index
                while slot > 0 && keys[Int(order[slot - 1])] > key {
                    order[slot] = order[slot - 1]
                    slot -= 1
                }
                order[slot] = position
            }
            return order
        }
        // Which digits vary, and the range of each.
        // (Each digit's lowest and highest at once: the lanes of one 64-bit word hold the four.)
        var low0 = 0xFFFF, low1 = 0xFFFF, low2 = 0xFFFF, low3 = 0xFFFF
        var high0 = 0, high1 = 0, high2 = 0, high3 = 0
        for key in keys {
            let d0 = Int(key & 0xFFFF), d1 = Int(key >> 16 & 0xFFFF)
            let d2 = Int(key >> 32 & 0xFFFF), d3 = Int(key >> 48)
            low0 = min(low0, d0)
            low1 = min(low1, d1)
            low2 = min(low2, d2)
            low3 = min(low3, d3)
            high0 = max(high0, d0)
            high1 = max(high1, d1)
            high2 = max(high2, d2)
            high3 = max(high3, d3)
        }
        let low = [low0, low1, low2, low3], high = [high0, high1, high2, high3]
        let varying = (0..<4).filter { high[$0] > low[$0] }
        guard !varying.isEmpty else { return order }
        // The passes: each a digit, or the top two (score and length) as one when their ranges
        // multiplied stay small.
        var passes: [(digits: [Int], range: Int)] = varying.map { ([$0], high[$0] - low[$0] + 1) }
        if passes.count >= 2, passes[passes.count - 1].digits == [3], passes[passes.count - 2].digits == [2] {
            let combined = passes[passes.count - 1].range * passes[passes.count - 2].range
            if combined <= max(4 * keys.count, 1024) {
                passes.removeLast(2)
                passes.append(([2, 3], combined))
            }
        }
        if passes.contains(where: { $0.range > max(4 * keys.count, 1024) }) { return comparisonOrder(of: keys) }
        var next = [Int32](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: (passes.map(\.range).max() ?? 0) + 1)
        for pass in passes {
            // The digit of a key in this pass, from 0.
            let first = pass.digits[0]
            let lowFirst = low[first], shiftFirst = UInt64(16 * first)
            let pair = pass.digits.count == 2
            let rangeFirst = high[first] - lowFirst + 1
            let lowSecond = pair ? low[3] : 0
            @inline(__always) func digit(_ key: UInt64) -> Int {
                let value = Int(key >> shiftFirst & 0xFFFF) - lowFirst
                return pair ? (Int(key >> 48) - lowSecond) * rangeFirst + value : value
            }
            // (Through pointers: an array written in a loop is checked for being shared at
            // every write, which took more than the sort's own work.)
            keys.withUnsafeBufferPointer { keys in
                counts.withUnsafeMutableBufferPointer { counts in
                    order.withUnsafeBufferPointer { order in
                        next.withUnsafeMutableBufferPointer { next in
                            for index in 0...pass.range { counts[index] = 0 }
                            for key in keys { counts[digit(key) + 1] &+= 1 }
                            for value in 1...pass.range { counts[value] &+= counts[value - 1] }
                            for position in order {
                                let value = digit(keys[Int(position)])
                                next[counts[value]] = position
                                counts[value] &+= 1
                            }
                        }
                    }
                }
            }
            swap(&order, &next)
        }
        return order
    }

    /// `stableOrder` by comparisons.
    static func comparisonOrder(of keys: [UInt64]) -> [Int32] {
        // A key of one tiebreak or none leaves its low 32 bits zero: the position fits there,
        // and plain integers sort several times faster than pairs compared by a closure.
        if keys.count < 1 << 32, keys.allSatisfy({ $0 & 0xFFFF_FFFF == 0 }) {
            var packed = keys.enumerated().map { $0.element | UInt64($0.offset) }
            packed.sort()
            return packed.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
        }
        return (0..<Int32(keys.count)).sorted { (keys[Int($0)], $0) < (keys[Int($1)], $1) }
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
    /// listed twice, and so are the sections `leavingOut` names (folded ones).
    public static func bestMatches(
        of result: SearchResult, in catalog: Catalog, count: Int, leavingOut: Set<Int> = []
    ) -> [ItemLocation] {
        guard count > 0, !result.isUnfiltered else { return [] }
        var matcher = SearchMatcher(result.query, picks: catalog.picks)
        // The best `count` so far, best first, each section's firsts tried in turn: a thousand
        // sections cost a few comparisons each, not a sort of all their firsts.
        var best: [(key: UInt64, path: ItemLocation)] = []
        best.reserveCapacity(count + 1)
        for match in result.sections {
            // A section whose first is no better than the last of a full list has nothing to
            // add (its keys are in order): most, the sections being in order of their firsts.
            if best.count == count, match.keys.count == match.items.count, let first = match.keys.first,
                first >= best[best.count - 1].key
            {
                continue
            }
            guard !leavingOut.contains(match.section) else { continue }
            let items = catalog.sections[match.section].items
            guard !catalog.sections[match.section].repeatsItems else { continue }
            let firsts = match.items.prefix(count)
            let keys =
                match.keys.count == match.items.count
                ? Array(match.keys.prefix(count))
                : items.store.withReader { store in
                    firsts.map { SearchRanking.key(items.storeIndex($0), store, &matcher, result.query.order) }
                }
            for (position, key) in zip(firsts, keys) {
                // Equal keys keep catalog order: a later one goes after them.
                guard best.count < count || key < best[best.count - 1].key else { continue }
                var slot = best.count
                while slot > 0 && best[slot - 1].key > key { slot -= 1 }
                best.insert((key, ItemLocation(section: match.section, item: position)), at: slot)
                if best.count > count { best.removeLast() }
            }
        }
        return best.map { $0.path }
    }
}

extension Catalog {
    /// The title of the section that leads a filtered catalog with the best matches.
    public static let bestMatchesTitle = "Best matches"

    /// The catalog cut down to a search result (see `filtered(by:)`), led by a section of the
    /// `best` items (paths into this catalog) when there are any. That section repeats items
    /// of the others, as Recent does.
    public func filtered(by result: SearchResult, best: [ItemLocation]) -> Catalog {
        guard !best.isEmpty else { return filtered(by: result) }
        var section = Section(
            title: Self.bestMatchesTitle, items: ItemList(best.map { sections[$0.section].items[$0.item] }))
        section.repeatsItems = true
        // (Made first, not inserted: inserting moved every section of the list, a thousand
        // of them in a grouped list at every key.)
        return filtered(by: result, leading: section)
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
        var matcher = SearchMatcher(previous.query, picks: catalog.picks)
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
        let inOrder = order.reversed ? Array(sections.reversed()) : sections
        guard order.sorts else { return inOrder }
        // (What the order reads, read once per section: a comparison reading it from the
        // catalog copied two sections, 20,000 times for a thousand.)
        let sortKeys = inOrder.enumerated().map { offset, match in
            (first: catalog.sections[match.section].repeatsItems ? 0 : 1, key: match.keys.first ?? .max, offset: offset)
        }
        return sortKeys.sorted { ($0.first, $0.key, $0.offset) < ($1.first, $1.key, $1.offset) }.map {
            inOrder[$0.offset]
        }
    }
}
