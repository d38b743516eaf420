import SeededRandom
import Testing

@testable import Catalog

/// The search's quick paths give what its plain steps give: matching and scoring in one
/// reading (`Search.matchAndRank`), a one-term query settled by its score alone, the ASCII
/// prefilter inside scoring, and big sections split across the cores and joined back
/// (`Search.joinParts`), against `Search.match` then `SearchRanking.rank` over each whole
/// section, for random data and random queries in fzf's syntax.
@Suite("Search paths")
struct SearchPathsTests {
    static let letters = Array("aAbBeE zZ09/_-.:xX")
    static let beyond: [Character] = ["é", "É", "ß", "ü", "中"]

    /// Labels of 0 to 14 characters, some beyond ASCII when `mixed`; some items with keywords.
    static func catalog(_ rng: inout SplitMix64, sections: [Int], mixed: Bool) -> Catalog {
        func text() -> String {
            String(
                (0..<rng.next(15)).map { _ in
                    mixed && rng.next(10) == 0 ? beyond[rng.next(beyond.count)] : letters[rng.next(letters.count)]
                })
        }
        return Catalog(
            sections: sections.enumerated().map { index, count in
                Section(
                    title: "s\(index)",
                    items: (0..<count).map { _ in
                        Item(label: text(), keywords: rng.next(4) == 0 ? [text(), text()] : [])
                    })
            }, source: "-")
    }

    /// A query of one to three terms, each maybe quoted, anchored, negated or or-ed.
    static func query(_ rng: inout SplitMix64) -> String {
        let base = Array("abezx09/AEZé")
        return (0..<1 + rng.next(3)).map { _ in
            var term = String((0..<1 + rng.next(3)).map { _ in base[rng.next(base.count)] })
            switch rng.next(8) {
            case 0: term = "'" + term
            case 1: term = "^" + term
            case 2: term += "$"
            case 3: term = "!" + term
            case 4: term += " | " + String(base[rng.next(base.count)])
            case 5: term = "'" + term + "'"
            default: break
            }
            return term
        }.joined(separator: " ")
    }

    /// Each section's matches, ranked, by the plain steps.
    static func reference(_ query: SearchQuery, _ catalog: Catalog) -> [Int: [Int]] {
        var matcher = SearchMatcher(query)
        var sections: [Int: [Int]] = [:]
        for (index, section) in catalog.sections.enumerated() {
            let items = section.items
            let ranked = items.store.withReader { store -> [Int]? in
                guard let matched = Search.match(.all(items.count), items, store, &matcher) else { return nil }
                return Array(SearchRanking.rank(matched, of: index, items, store, &matcher).items)
            }
            if let ranked { sections[index] = ranked }
        }
        return sections
    }

    static func answer(_ result: SearchResult) -> [Int: [Int]] {
        Dictionary(uniqueKeysWithValues: result.sections.map { ($0.section, Array($0.items)) })
    }

    @Test func quickPathsAgreeWithThePlainSteps() {
        var rng = SplitMix64(seed: 2027)
        for round in 0..<240 {
            let mixed = round % 3 == 2
            // Small sections (one thread), and one big section that is split across the cores.
            let shape = round % 2 == 0 ? [40, 0, 25, 60] : [Search.parallelThreshold + 3_000, 30]
            let catalog = Self.catalog(&rng, sections: shape, mixed: mixed)
            let order = SearchQuery.Order(
                sorts: true, reversed: round % 4 == 1,
                tiebreaks: [[.length], [.begin, .length], [.end], [], [.pathname, .chunk]][round % 5])
            for _ in 0..<3 {
                let text = Self.query(&rng)
                let query = SearchQuery(text, matching: round % 6 == 5 ? .exact : .fuzzy, order: order)
                let expected = Self.reference(query, catalog)
                let result = Search.run(query, in: catalog)
                #expect(Self.answer(result) == expected, "\(text) round \(round)")
                #expect(result.count == expected.values.reduce(0) { $0 + $1.count })
            }
        }
    }

    /// A narrowed search (the candidates a previous key kept) agrees too, split or not.
    @Test func narrowedSearchesAgree() {
        var rng = SplitMix64(seed: 77)
        let catalog = Self.catalog(&rng, sections: [Search.parallelThreshold * 2, 500], mixed: false)
        for typed in ["a", "ab", "abe", "abe z", "abe z0", "x", "x/", "x/e"] {
            let query = SearchQuery(typed, matching: .fuzzy)
            var session = SearchSession()
            var result: SearchResult?
            for end in typed.indices {
                result = session.run(SearchQuery(String(typed[...end]), matching: .fuzzy), in: catalog)
            }
            #expect(Self.answer(result!) == Self.reference(query, catalog), "\(typed)")
        }
    }

    /// The best matches across sections (kept in a small buffer as the sections go by) are the
    /// first of all sections' firsts sorted by key, ties in catalog order.
    @Test func bestMatchesAreTheFirstOfAllFirstsSorted() {
        var rng = SplitMix64(seed: 13)
        for round in 0..<120 {
            let catalog = Self.catalog(&rng, sections: (0..<1 + rng.next(12)).map { _ in rng.next(30) }, mixed: false)
            let query = SearchQuery(Self.query(&rng), matching: .fuzzy, order: .init(reversed: round % 3 == 0))
            let result = Search.run(query, in: catalog)
            let count = [1, 3, 10][round % 3]
            var matcher = SearchMatcher(query)
            var all: [(key: UInt64, order: Int, path: ItemLocation)] = []
            for match in result.sections {
                let items = catalog.sections[match.section].items
                for position in match.items.prefix(count) {
                    let key = items.store.withReader {
                        SearchRanking.key(items.storeIndex(position), $0, &matcher, query.order)
                    }
                    all.append((key, all.count, ItemLocation(section: match.section, item: position)))
                }
            }
            let expected = all.sorted { ($0.key, $0.order) < ($1.key, $1.order) }.prefix(count).map(\.path)
            #expect(Search.bestMatches(of: result, in: catalog, count: count) == expected, "round \(round)")
        }
    }

    /// Merging ranked parts in halves (two cores for a big merge) gives what merging them one
    /// after another gives: by key, the earlier part's items first at equal keys.
    @Test func mergingInHalvesEqualsMergingInTurn() {
        var rng = SplitMix64(seed: 99)
        for count in [1, 2, 3, 16] {
            let lists = (0..<count).map { part -> (items: [Int32], keys: [UInt64]) in
                let size = count == 16 ? Search.parallelThreshold : rng.next(50)
                let keys = (0..<size).map { _ in UInt64(rng.next(8)) << 48 }.sorted()
                return (keys.indices.map { Int32(part * 1_000_000 + $0) }, keys)
            }
            let inTurn = lists.dropFirst().reduce(lists[0]) { SearchRanking.merge($0, $1) }
            let inHalves = Search.mergeAll(lists)
            #expect(inHalves.items == inTurn.items && inHalves.keys == inTurn.keys, "\(count) parts")
        }
    }
}
