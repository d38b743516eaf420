// Search: which items of a catalog match what the user types, fast enough to run on every key
// at a million items (the target is under 50 ms per keystroke for 1,000 x 1,000, release build).
//
// Four choices carry the speed:
// - no index: terms are matched against the stored UTF-8 of the items (ItemStore.swift,
//   SearchBytes.swift, SearchMatcher.swift), so nothing is precomputed per item (0 bytes; even the Unicode
//   lowercasing of the rare non-ASCII string is redone on the fly, since keeping it would cost
//   more than it saves) and there is nothing to build or keep in sync;
// - one scan per section: a section's text is one buffer, so when most of its items are to be
//   tried, the first term is looked for in the whole buffer at once and only its hits are
//   mapped to items (the first keys of a query, which match most items); beyond ASCII, for an
//   ASCII term, the items a scan cannot settle are tried one by one;
// - narrowing: while the user keeps typing, the new query only refines the old one, so only the
//   items the previous result kept are tried again;
// - a compact result: per matching section, the matching item indices as Int32, or just a count
//   when the whole section matches. Highlights are computed later, only for the items drawn.
// Large searches are split across the cores, by runs of sections and by parts of a big
// section. The matches are ranked (see SearchRanking.swift): scored only once they matched,
// in the same reading of the item (`matchAndRank`), and ordered by counting sorts.

import Dispatch
import Synchronization

/// Asks a search running on another thread to stop: the next key made it useless. Checked
/// between sections and every few thousand items, so a search at millions of items stops
/// within a fraction of a frame.
public final class SearchCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}

/// Which items of a catalog matched a query.
///
/// Memory: 4 bytes per matched item in a partly matching section, 4 more when ranking changed
/// their order, nothing per item in a section that matches whole in catalog order (or in the
/// unfiltered result of an empty query), plus a few words per listed section. Nothing is kept
/// per item of the catalog itself.
public struct SearchResult: Hashable, Sendable {
    /// The matching items of one section, the best first.
    public struct SectionMatches: Hashable, Sendable {
        /// The section's index in the catalog.
        public let section: Int
        /// The matching items, the best match first (ties in catalog order).
        public let items: ItemIndices
        /// The same items in catalog order: what a narrower query tries.
        public let matched: ItemIndices
        /// The rank keys of `items`, in their order (`SearchRanking.key`), so that items that
        /// arrive later are ranked among them without scoring them again; empty when nothing
        /// was scored.
        let keys: [UInt64]

        /// Matches shown in catalog order (`items` ascending).
        public init(section: Int, items: ItemIndices) {
            self.init(section: section, matched: items, ranked: items, keys: [])
        }

        init(section: Int, matched: ItemIndices, ranked: ItemIndices, keys: [UInt64]) {
            self.section = section
            self.items = ranked
            self.matched = matched
            self.keys = keys
        }
    }

    /// Item indices within one section: every item (stored as a count), an ascending list of
    /// Int32, or a list in another order (ranked). A collection of `Int` item indices either way.
    public struct ItemIndices: RandomAccessCollection, Hashable, Sendable {
        enum Storage: Hashable, Sendable {
            case all(Int)
            case some([Int32])
            /// Not ascending.
            case ranked([Int32])
        }
        let storage: Storage

        /// Every item of a section of `count` items.
        public static func all(_ count: Int) -> ItemIndices { ItemIndices(storage: .all(count)) }

        /// The given item indices, which must be ascending.
        public init<S: Sequence>(_ indices: S) where S.Element: BinaryInteger {
            storage = .some(indices.map { Int32($0) })
        }

        init(storage: Storage) { self.storage = storage }

        /// Whether these are all the items of their section.
        public var isWholeSection: Bool {
            if case .all = storage { return true }
            return false
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int {
            switch storage {
            case .all(let count): return count
            case .some(let indices), .ranked(let indices): return indices.count
            }
        }

        public subscript(position: Int) -> Int {
            switch storage {
            case .all: return position
            case .some(let indices), .ranked(let indices): return Int(indices[position])
            }
        }

        /// Where `item` stands among these indices (its rank in the filtered section), or nil
        /// when it did not match. Binary search, or a scan of a ranked list.
        public func position(of item: Int) -> Int? {
            switch storage {
            case .all(let count):
                return (0..<count).contains(item) ? item : nil
            case .ranked(let indices):
                return indices.firstIndex(of: Int32(truncatingIfNeeded: item))
            case .some(let indices):
                var low = 0, high = indices.count
                while low < high {
                    let mid = (low + high) / 2
                    if Int(indices[mid]) < item { low = mid + 1 } else { high = mid }
                }
                return low < indices.count && Int(indices[low]) == item ? low : nil
            }
        }

        public func contains(_ item: Int) -> Bool { position(of: item) != nil }

        /// The indices at `positions`, ascending ones staying so.
        func slice(_ positions: Range<Int>) -> ItemIndices {
            switch storage {
            case .all: return .init(storage: .some(Array(Int32(positions.lowerBound)..<Int32(positions.upperBound))))
            case .some(let indices): return .init(storage: .some(Array(indices[positions])))
            case .ranked(let indices): return .init(storage: .ranked(Array(indices[positions])))
            }
        }

        /// These indices as Int32, in their order (shared, not copied, when they are stored so).
        var indices32: [Int32] {
            switch storage {
            case .all(let count): return Array(0..<Int32(count))
            case .some(let indices), .ranked(let indices): return indices
            }
        }
    }

    public let query: SearchQuery
    /// The sections with at least one match, in catalog order. For an empty query: every
    /// section, empty ones too, each whole (the unfiltered view keeps empty sections' headers),
    /// in reverse with `--tac` (`Search.whole`).
    public let sections: [SectionMatches]
    /// The number of matching items.
    public let count: Int
    /// The shape of the catalog searched, so a result from another catalog is not narrowed.
    let catalogShape: [Int]
    /// Its sections' titles: with the shape, what tells a catalog that grew from this one
    /// (more items arrived) from another.
    let catalogTitles: [String]

    /// Whether this is the unfiltered view (the query is empty).
    public var isUnfiltered: Bool { query.isEmpty }
}

/// Runs queries over catalogs. Pure: the same query over the same catalog always gives the same
/// result, whether narrowed from a previous result or not.
public enum Search {
    /// The items of `catalog` that match `query`.
    ///
    /// Pass the result of the previous keystroke as `previous`: when the new query refines it
    /// (see `SearchQuery.refines`) and it came from the same catalog, only its items are tried,
    /// and when the query is the same it is returned as is. Otherwise it is ignored, so passing
    /// it is always safe. `SearchSession` does this bookkeeping, Backspace included.
    public static func run(_ query: SearchQuery, in catalog: Catalog, within previous: SearchResult? = nil)
        -> SearchResult
    {
        // (Never cancelled: always a result.)
        run(query, in: catalog, within: previous, cancellation: nil)!
    }

    /// `run`, stopping early when `cancellation` is cancelled: then nil.
    public static func run(
        _ query: SearchQuery, in catalog: Catalog, within previous: SearchResult? = nil,
        cancellation: SearchCancellation?
    ) -> SearchResult? {
        let shape = shape(of: catalog)
        if query.isEmpty {
            return SearchResult(
                query: query, sections: whole(catalog, shape, reversed: query.order.reversed),
                count: shape.reduce(0, +), catalogShape: shape, catalogTitles: catalog.sections.map(\.title))
        }

        let candidates: [SearchResult.SectionMatches]
        if let previous, previous.catalogShape == shape, query.refines(previous.query) {
            if previous.query == query { return previous }
            candidates = previous.sections.sorted { $0.section < $1.section }
        } else {
            candidates = shape.enumerated().compactMap {
                $0.element > 0 ? .init(section: $0.offset, items: .all($0.element)) : nil
            }
        }

        let work = candidates.reduce(0) { $0 + $1.items.count }

        let sections: [SearchResult.SectionMatches]
        if work >= parallelThreshold {
            sections = searchInParallel(candidates, catalog, query, work: work, cancellation: cancellation)
        } else {
            var matcher = SearchMatcher(query, picks: catalog.picks)
            var found: [SearchResult.SectionMatches] = []
            for candidate in candidates {
                if cancellation?.isCancelled == true { break }
                if let matches = search(candidate, catalog, &matcher, cancellation) { found.append(matches) }
            }
            sections = found
        }
        if cancellation?.isCancelled == true { return nil }
        return SearchResult(
            query: query, sections: ordered(sections, query.order, catalog),
            count: sections.reduce(0) { $0 + $1.items.count }, catalogShape: shape,
            catalogTitles: catalog.sections.map(\.title))
    }

    /// Every section whole, in catalog order; reversed (fzf's `--tac`), the last item of the
    /// last section first, each section's items from its last, a section that repeats others'
    /// items (Recent) staying first.
    static func whole(_ catalog: Catalog, _ shape: [Int], reversed: Bool) -> [SearchResult.SectionMatches] {
        guard reversed else { return shape.enumerated().map { .init(section: $0.offset, items: .all($0.element)) } }
        let repeating = catalog.sections.indices.filter { catalog.sections[$0].repeatsItems }
        let others = catalog.sections.indices.filter { !catalog.sections[$0].repeatsItems }
        return (repeating.map { SearchResult.SectionMatches(section: $0, items: .all(shape[$0])) })
            + others.reversed().map { section in
                let count = shape[section]
                return SearchRanking.matches(section, .all(count), Array((0..<Int32(count)).reversed()), [])
            }
    }

    /// Whether one item matches the query (every term in its label, a keyword or a field value).
    public static func matches(_ item: Item, _ query: SearchQuery) -> Bool {
        var matcher = SearchMatcher(query)
        var store = ItemStoreBuilder()
        store.append(item)
        return store.build().withReader { matcher.matches($0, 0) }
    }

    /// Where the query's terms match in `text` (usually an item's label), for highlighting:
    /// ranges of Character offsets into `text` (the n-th grapheme cluster is offset n), sorted
    /// and merged. A renderer drawing the label grapheme by grapheme (`for (offset, character)
    /// in text.enumerated()`) highlights the characters whose offsets fall in a range; a match
    /// covering part of a grapheme cluster lights the whole cluster. Terms that matched only a
    /// keyword or a field light nothing here, nor do negated ones.
    ///
    /// For fzf's matching (fuzzy or exact queries) these are the characters fzf highlights:
    /// for each clause, the first term that matches, its characters where the best-scoring
    /// alignment put them (a fuzzy term's may be apart). For word-start matching, every
    /// occurrence of every term.
    public static func highlights(in text: String, for query: SearchQuery) -> [Range<Int>] {
        guard !query.isEmpty else { return [] }
        // The Character offset of each scalar, and where each Character's bytes start.
        var characterOfScalar: [Int] = []
        var starts: [Int] = []
        var offset = 0
        for (index, character) in text.enumerated() {
            starts.append(offset)
            offset += character.utf8.count
            for _ in character.unicodeScalars { characterOfScalar.append(index) }
        }
        var ranges: [Range<Int>]
        if query.scoresAsFzf {
            ranges = []
            var decoded = ScoringText()
            SearchBytes.withUTF8(text) { utf8 in
                for clause in query.clauses {
                    for term in clause where !term.codePoint {
                        decoded.load(utf8, foldsCase: !term.caseSensitive, normalizes: term.normalizes)
                        let pattern = ScoringRules.patternScalars(
                            term.text, foldsCase: false, normalizes: term.normalizes)
                        var positions: [Int] = []
                        let found = pattern.withUnsafeBufferPointer { pattern in
                            withUnsafeMutablePointer(to: &positions) {
                                decoded.match(pattern, term.anchor.scoringKind, positions: $0)
                            }
                        }
                        guard found != nil else { continue }
                        if !term.negated {
                            ranges += positions.compactMap { position in
                                characterOfScalar.indices.contains(position)
                                    ? characterOfScalar[position]..<characterOfScalar[position] + 1 : nil
                            }
                        }
                        break
                    }
                }
            }
        } else {
            let needles = query.terms.map { SearchNeedle($0) }
            func character(containing byte: Int) -> Int { SearchBytes.lastIndex(in: starts, atOrBefore: byte) }
            ranges = SearchBytes.occurrences(of: needles, in: text).map {
                character(containing: $0.lowerBound)..<(character(containing: $0.upperBound - 1) + 1)
            }
        }
        guard !ranges.isEmpty else { return [] }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Item counts per section: enough to tell that a result cannot belong to a catalog.
    static func shape(of catalog: Catalog) -> [Int] {
        var shape: [Int] = []
        shape.reserveCapacity(catalog.sections.count)
        for section in catalog.sections.indices { shape.append(catalog.sections[section].items.count) }
        return shape
    }

    /// How many chunks a search on all cores splits its work into: a few per core even out
    /// sections of different sizes and match rates.
    static let parallelChunks = 16

    /// Starts the threads a search on all cores runs on (`searchInParallel`), which libdispatch
    /// starts only when a job first asks for them: the first search of a session (a first key
    /// over the whole of Unicode) waited 2 to 3.5 ms of its 6 to 12 for its second thread.
    public static func startThreads() {
        DispatchQueue.concurrentPerform(iterations: parallelChunks) { _ in }
    }

    /// Below this many candidate items, one thread is quicker than waking others.
    static let parallelThreshold = 8_000

    /// A cancelled search stops within this many items of a section (a power of two).
    static let cancellationStride = 1 << 14

    /// Tries the candidate items of one section and ranks the matches; nil when none matches.
    static func search(
        _ candidate: SearchResult.SectionMatches, _ catalog: Catalog,
        _ matcher: inout SearchMatcher, _ cancellation: SearchCancellation? = nil
    ) -> SearchResult.SectionMatches? {
        let items = catalog.sections[candidate.section].items
        return items.store.withReader { store in
            if matcher.matchesWhileScoring {
                return matchAndRank(candidate.matched, of: candidate.section, items, store, &matcher, cancellation)
            }
            guard let matched = match(candidate.matched, items, store, &matcher, cancellation) else { return nil }
            // (A cancelled search's part is not worth ranking: it is thrown away.)
            if cancellation?.isCancelled == true { return nil }
            return SearchRanking.rank(matched, of: candidate.section, items, store, &matcher)
        }
    }

    /// `match` then `SearchRanking.rank`, for a matcher that `matchesWhileScoring`: each
    /// candidate read once, its key made as it is matched (the two steps read every matching
    /// item twice, and at a million matches the second reading found them out of the cache).
    static func matchAndRank(
        _ candidates: SearchResult.ItemIndices, of section: Int, _ items: ItemList, _ store: ItemStoreReader,
        _ matcher: inout SearchMatcher, _ cancellation: SearchCancellation? = nil
    ) -> SearchResult.SectionMatches? {
        let order = matcher.order
        @inline(__always) func stops(_ index: Int) -> Bool {
            index & (cancellationStride - 1) == 0 && cancellation?.isCancelled == true
        }
        var sink: MatchSink
        if let span = scanSpan(candidates, items, store, matcher) {
            // Most of a section's items to try: the ones holding the first term are found in one
            // scan of its text (quick for a rare letter), and only they are read (and matched:
            // `take` tries each).
            let found = positions(
                matching: matcher.itemsContainingFirstTerm(in: store, items: span), in: items, among: candidates)
            sink = MatchSink(capacity: found.count)
            for (index, position) in found.enumerated() {
                if stops(index) { return nil }
                sink.take(position, items.storeIndex(Int(position)), store, &matcher, order)
            }
        } else if case .some(let indices) = candidates.storage, items.selection == nil {
            // Scattered candidates (a narrowed query's): each one's place, then its bytes, are
            // asked for ahead of their turn.
            let count = indices.count
            sink = MatchSink(capacity: count)
            // (A section's first candidates are asked for at once, places then labels: a
            // grouped list's sections hold a few candidates each, fewer than the distance
            // ahead, and their misses came one after the other.)
            for index in 0..<min(count, 16) { store.prefetchPlace(of: Int(indices[index])) }
            for index in 0..<min(count, 8) { store.prefetchLabel(of: Int(indices[index])) }
            for index in 0..<count {
                if stops(index) { return nil }
                if index + 16 < count { store.prefetchPlace(of: Int(indices[index + 16])) }
                if index + 8 < count { store.prefetchLabel(of: Int(indices[index + 8])) }
                sink.take(indices[index], Int(indices[index]), store, &matcher, order)
            }
        } else {
            sink = MatchSink(capacity: candidates.count)
            for (index, position) in candidates.enumerated() {
                if stops(index) { return nil }
                sink.take(Int32(truncatingIfNeeded: position), items.storeIndex(position), store, &matcher, order)
            }
        }
        guard let (hits, keys) = sink.finish() else { return nil }
        let matched: SearchResult.ItemIndices =
            hits.count == items.count ? .all(items.count) : .init(storage: .some(hits))
        return SearchRanking.rank(matched, keys: keys, of: section, reversed: order.reversed)
    }

    /// The candidates (positions in `items`, ascending) that match, ascending; nil for none.
    static func match(
        _ candidates: SearchResult.ItemIndices, _ items: ItemList, _ store: ItemStoreReader,
        _ matcher: inout SearchMatcher, _ cancellation: SearchCancellation? = nil
    ) -> SearchResult.ItemIndices? {
        /// Whether to stop: asked every `cancellationStride` items.
        @inline(__always) func stops(_ index: Int) -> Bool {
            index & (cancellationStride - 1) == 0 && cancellation?.isCancelled == true
        }
        matcher.adapt()
        var hits: [Int32] = []
        if let filter = matcher.wordStartFilter(in: store) {
            // Each item's word starts rule most out unread (and settle a first key's).
            for (index, position) in candidates.enumerated() {
                if stops(index) { return nil }
                let item = items.storeIndex(position)
                guard filter.admits(store.wordStarts[item]) else { continue }
                if filter.settles || matcher.matches(store, item) { hits.append(Int32(truncatingIfNeeded: position)) }
            }
        } else if let span = scanSpan(candidates, items, store, matcher) {
            hits = positions(
                matching: matcher.itemsContainingFirstTerm(in: store, items: span), in: items, among: candidates)
            // (Beyond ASCII the scan's items may hold the term: each is tried.)
            if matcher.termCount > 1 || !store.isASCII {
                hits.removeAll { !matcher.matches(store, items.storeIndex(Int($0))) }
            }
        } else {
            switch candidates.storage {
            case .all(let count):
                if let selection = items.selection {
                    for index in 0..<count {
                        if stops(index) { return nil }
                        if matcher.matches(store, selection[index]) { hits.append(Int32(truncatingIfNeeded: index)) }
                    }
                } else {
                    for index in 0..<count {
                        if stops(index) { return nil }
                        if matcher.matches(store, index) { hits.append(Int32(truncatingIfNeeded: index)) }
                    }
                }
            case .some(let indices), .ranked(let indices):
                for (position, index) in indices.enumerated() {
                    if stops(position) { return nil }
                    if matcher.matches(store, items.storeIndex(Int(index))) { hits.append(index) }
                }
            }
        }
        if hits.isEmpty { return nil }
        // One representation per answer, so a narrowed result equals a fresh one.
        return hits.count == items.count ? .all(items.count) : .init(storage: .some(hits))
    }

    /// The store items whose text one scan for the first term reads (`itemsContainingFirstTerm`)
    /// to try `candidates` (ascending positions in `list`), or nil when trying them one by one
    /// is quicker: the candidates must fill a quarter of what is read. For a list of its own
    /// store, the span from the first candidate to the last (a section's items, or a part of a
    /// big section's: each part of a search split across the cores reads its own bytes); for a
    /// selection from a shared store, the whole store.
    static func scanSpan(
        _ candidates: SearchResult.ItemIndices, _ list: ItemList, _ store: ItemStoreReader,
        _ matcher: borrowing SearchMatcher
    ) -> Range<Int>? {
        guard !candidates.isEmpty, matcher.canScanFirstTerm(in: store) else { return nil }
        guard list.selection == nil else {
            return candidates.count * 4 >= list.store.count ? 0..<list.store.count : nil
        }
        let span = candidates[0]..<candidates[candidates.count - 1] + 1
        return candidates.count * 4 >= span.count ? span : nil
    }

    /// The positions in `list` of the store items `found` (both ascending) that are among
    /// `candidates` (positions in `list`, ascending; a list's selection ascending too, as a
    /// catalog's own are): merges, linear in their sizes.
    static func positions(
        matching found: [Int32], in list: ItemList,
        among candidates: SearchResult.ItemIndices
    ) -> [Int32] {
        if list.selection == nil && candidates.isWholeSection { return found }
        if list.selection == nil, case .some(let wanted) = candidates.storage {
            // (Candidates are a result's `matched`, never ranked.)
            // Both lists are store indices: merge the two arrays directly.
            var result: [Int32] = []
            found.withUnsafeBufferPointer { found in
                wanted.withUnsafeBufferPointer { wanted in
                    var next = 0
                    for index in wanted {
                        while next < found.count && found[next] < index { next += 1 }
                        if next == found.count { break }
                        if found[next] == index { result.append(index) }
                    }
                }
            }
            return result
        }
        var result: [Int32] = []
        var next = 0
        for position in candidates {
            let storeIndex = Int32(truncatingIfNeeded: list.storeIndex(position))
            while next < found.count && found[next] < storeIndex { next += 1 }
            if next == found.count { break }
            if found[next] == storeIndex { result.append(Int32(truncatingIfNeeded: position)) }
        }
        return result
    }

    /// Splits the candidates into chunks of about equal work and searches them on all cores:
    /// runs of small sections, or parts of a section larger than a chunk (so one big section,
    /// as piped lines make, takes every core too). A split section's parts are joined back,
    /// their rankings merged (`joinParts`); the chunks come back in catalog order.
    static func searchInParallel(
        _ candidates: [SearchResult.SectionMatches], _ catalog: Catalog,
        _ query: SearchQuery, work: Int, cancellation: SearchCancellation? = nil
    ) -> [SearchResult.SectionMatches] {
        let chunkCount = parallelChunks
        let chunkWork = max(1, (work + chunkCount - 1) / chunkCount)
        // Each chunk: parts of candidates, each a candidate's index and a range of its items.
        var chunks: [[(candidate: Int, items: Range<Int>)]] = [[]]
        var chunkDone = 0
        for (index, candidate) in candidates.enumerated() {
            let count = candidate.matched.count
            var start = 0
            while start < count {
                let end = min(count, start + max(1, chunkWork - chunkDone))
                chunks[chunks.count - 1].append((index, start..<end))
                chunkDone += end - start
                start = end
                if chunkDone >= chunkWork {
                    chunks.append([])
                    chunkDone = 0
                }
            }
        }
        if chunks.last?.isEmpty == true { chunks.removeLast() }
        let parts = chunks

        let slots = ChunkSlots(count: parts.count)
        DispatchQueue.concurrentPerform(iterations: parts.count) { chunk in
            var matcher = SearchMatcher(query, picks: catalog.picks)
            var found: [SearchResult.SectionMatches] = []
            for part in parts[chunk] {
                if cancellation?.isCancelled == true { break }
                let candidate = candidates[part.candidate]
                let piece =
                    part.items.count == candidate.matched.count
                    ? candidate : .init(section: candidate.section, items: candidate.matched.slice(part.items))
                if let matches = search(piece, catalog, &matcher, cancellation) { found.append(matches) }
            }
            slots.store(found, at: chunk)
        }
        return joinParts(slots.joined(), catalog, query.order)
    }

    /// Ranked lists merged by key, the earlier list's items first at equal keys: in halves, so
    /// each item is copied once a level (16 parts: 4 times, where merging them one after
    /// another copied it 8 times on average), the two halves of a big merge on two cores.
    static func mergeAll(_ lists: [(items: [Int32], keys: [UInt64])]) -> (items: [Int32], keys: [UInt64]) {
        guard lists.count > 1 else { return lists.first ?? ([], []) }
        let middle = lists.count / 2
        let halves = [Array(lists[..<middle]), Array(lists[middle...])]
        let size = lists.reduce(0) { $0 + $1.items.count }
        guard size >= parallelThreshold * 8 else {
            return SearchRanking.merge(mergeAll(halves[0]), mergeAll(halves[1]))
        }
        let slots = MergeSlots()
        DispatchQueue.concurrentPerform(iterations: 2) { half in slots.store(mergeAll(halves[half]), at: half) }
        return SearchRanking.merge(slots.first, slots.second)
    }

    /// Matches in catalog order, a section's parts next to each other, joined into one
    /// `SectionMatches` per section: as the whole section's search gives it (its matches, and
    /// the parts' rankings merged by key; unranked past `SearchRanking.limit`).
    static func joinParts(
        _ parts: [SearchResult.SectionMatches], _ catalog: Catalog, _ order: SearchQuery.Order
    ) -> [SearchResult.SectionMatches] {
        var joined: [SearchResult.SectionMatches] = []
        var start = 0
        while start < parts.count {
            var end = start + 1
            while end < parts.count && parts[end].section == parts[start].section { end += 1 }
            defer { start = end }
            guard end - start > 1 else {
                joined.append(parts[start])
                continue
            }
            let group = parts[start..<end]
            let section = parts[start].section
            let count = catalog.sections[section].items.count
            let all = group.flatMap { $0.matched.indices32 }
            let matched: SearchResult.ItemIndices = all.count == count ? .all(count) : .init(storage: .some(all))
            guard group.allSatisfy({ !$0.keys.isEmpty && $0.keys.count == $0.items.count }),
                all.count <= SearchRanking.limit
            else {
                joined.append(SearchRanking.unranked(matched, of: section, reversed: order.reversed))
                continue
            }
            // Equal keys keep catalog order: an earlier part's items first (reversed, the later).
            let lists = group.map { (items: $0.items.indices32, keys: $0.keys) }
            let merged = mergeAll(order.reversed ? lists.reversed() : lists)
            joined.append(SearchRanking.matches(section, matched, merged.items, merged.keys))
        }
        return joined
    }
}

/// The results along what the user has typed, so that every keystroke searches as little as
/// possible: typing narrows the last result, and Backspace returns to a result already computed
/// (or narrows the nearest one the shorter query still refines) instead of searching everything.
///
/// It keeps a stack of results, each query refining the one below, so the results are ever
/// smaller going up; Backspace pops. Reset it (or make a new one) when the catalog changes;
/// a result from a catalog of another shape is never reused anyway.
public struct SearchSession: Sendable {
    private var stack: [SearchResult] = []

    public init() {}

    /// The result of `query` over `catalog`, the same as `Search.run(query, in: catalog)`.
    public mutating func run(_ query: SearchQuery, in catalog: Catalog) -> SearchResult {
        // (Never cancelled: always a result.)
        run(query, in: catalog, cancellation: nil)!
    }

    /// `run`, stopping early when `cancellation` is cancelled (then nil, nothing kept).
    public mutating func run(
        _ query: SearchQuery, in catalog: Catalog, cancellation: SearchCancellation?
    ) -> SearchResult? {
        let shape = Search.shape(of: catalog)
        if let top = stack.last, top.catalogShape != shape {
            // More items arrived: only they are searched, for the query in force.
            if let grown = Search.grow(top, to: catalog) { stack = [grown] } else { stack.removeAll() }
        }
        while let top = stack.last, !query.refines(top.query) { stack.removeLast() }
        if let top = stack.last, top.query == query { return top }
        guard let result = Search.run(query, in: catalog, within: stack.last, cancellation: cancellation) else {
            return nil
        }
        stack.append(result)
        return result
    }

    /// Forgets every result (for a new catalog, or to free their memory).
    public mutating func reset() { stack.removeAll() }

    /// How many results are kept.
    public var depth: Int { stack.count }
}

/// The matches of `Search.matchAndRank` and their keys as they are found, in buffers as long
/// as the candidates: appending to arrays checked their capacity and whether they were shared
/// at every match, a tenth of the first key's time.
private struct MatchSink: ~Copyable {
    private let hits: UnsafeMutablePointer<Int32>
    private let keys: UnsafeMutablePointer<UInt64>
    private var count = 0

    init(capacity: Int) {
        hits = .allocate(capacity: max(1, capacity))
        keys = .allocate(capacity: max(1, capacity))
    }

    deinit {
        hits.deallocate()
        keys.deallocate()
    }

    /// Keeps the item and its key when it matches.
    @inline(__always)
    mutating func take(
        _ position: Int32, _ storeIndex: Int, _ store: ItemStoreReader, _ matcher: inout SearchMatcher,
        _ order: SearchQuery.Order
    ) {
        if let key = SearchRanking.keyIfMatches(storeIndex, store, &matcher, order) {
            hits[count] = position
            keys[count] = key
            count += 1
        }
    }

    /// The matches and their keys, in the order taken; nil for none.
    consuming func finish() -> (hits: [Int32], keys: [UInt64])? {
        guard count > 0 else { return nil }
        return (
            Array(UnsafeBufferPointer(start: hits, count: count)), Array(UnsafeBufferPointer(start: keys, count: count))
        )
    }
}

/// The two halves of `Search.mergeAll`, each written by its own thread.
private final class MergeSlots: @unchecked Sendable {
    var first: (items: [Int32], keys: [UInt64]) = ([], [])
    var second: (items: [Int32], keys: [UInt64]) = ([], [])

    func store(_ value: (items: [Int32], keys: [UInt64]), at half: Int) {
        if half == 0 { first = value } else { second = value }
    }
}

/// One slot per chunk, each written by exactly one worker and read after all have finished
/// (concurrentPerform returns only then), so the slots need no lock.
private final class ChunkSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<[SearchResult.SectionMatches]>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: [])
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ value: [SearchResult.SectionMatches], at index: Int) { slots[index] = value }

    func joined() -> [SearchResult.SectionMatches] { Array(slots.joined()) }
}

extension Catalog {
    /// The catalog cut down to a search result: the listed sections, each with only its matching
    /// items, in order. The sections' items are views of the same stores (`ItemList.selecting`),
    /// so this costs a few words per section however many items match.
    public func filtered(by result: SearchResult) -> Catalog { filtered(by: result, leading: nil) }

    /// `filtered(by:)`, with `leading` before the result's sections when given.
    func filtered(by result: SearchResult, leading: Section?) -> Catalog {
        var copy = self
        var shown: [Section] = []
        shown.reserveCapacity(result.sections.count + 1)
        if let leading { shown.append(leading) }
        for match in result.sections {
            var section = sections[match.section]
            section.items = section.items.selecting(match.items)
            shown.append(section)
        }
        copy.sections = shown
        return copy
    }
}
