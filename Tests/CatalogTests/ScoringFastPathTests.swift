import SeededRandom
import Testing

@testable import Catalog

/// The in-place scoring of a one-character query in ASCII text (`ScoringRules.asciiSingle`,
/// the first key of a query at a million lines) gives what fzf's V2 gives on the decoded text.
@Suite("Scoring fast path")
struct ScoringFastPathTests {
    static let alphabet = Array("aAbB zZ09/_-.:\t,|xX".utf8)

    @Test func oneASCIICharacterScoresAsV2() {
        var rng = SplitMix64(seed: 27)
        var text = ScoringText()
        for _ in 0..<3000 {
            let bytes = (0..<rng.next(40)).map { _ in Self.alphabet[rng.next(Self.alphabet.count)] }
            for foldsCase in [true, false] {
                for wanted in Array("aAz0/_ .x".utf8) where !(foldsCase && wanted &- 0x41 < 26) {
                    bytes.withUnsafeBufferPointer { utf8 in
                        text.load(utf8, foldsCase: foldsCase, normalizes: false)
                        let pattern: [UInt32] = [UInt32(wanted)]
                        let expected = pattern.withUnsafeBufferPointer { text.match($0, .fuzzy) }
                        let fast = ScoringRules.asciiSingle(wanted, foldsCase: foldsCase, in: utf8)
                        #expect(fast == expected, "\(String(decoding: bytes, as: UTF8.self)) \(wanted) \(foldsCase)")
                        #expect(ScoringRules.asciiTrimmedLength(utf8) == text.trimmedLength)
                    }
                }
            }
        }
    }

    /// A ranked search over an ASCII store (the fast path) orders as the decoded path does: the
    /// same labels with a non-ASCII item added, which turns the fast path off.
    @Test func rankingIsTheSameWithAndWithoutTheFastPath() {
        var rng = SplitMix64(seed: 5)
        let labels = (0..<500).map { _ in
            String(
                decoding: (0..<rng.next(12)).map { _ in Self.alphabet[rng.next(Self.alphabet.count)] }, as: UTF8.self)
        }
        func ranked(_ labels: [String], _ query: String) -> [String] {
            let catalog = Catalog(sections: [Section(title: "s", items: labels.map { Item(label: $0) })], source: "-")
            let result = Search.run(SearchQuery(query, fuzzy: true), in: catalog)
            return result.sections.flatMap { match in match.items.map { labels[$0] } }
        }
        for query in ["a", "A", "z", "0", "/", "x", "."] {
            let ascii = ranked(labels, query)
            let mixed = ranked(labels + ["é"], query).filter { $0 != "é" }
            #expect(!ascii.isEmpty)
            #expect(ascii == mixed, "\(query)")
        }
    }
}

/// The rank keys' sort (`SearchRanking.stableOrder`): the order of a comparison sort of (key,
/// position), whatever the keys' spread (counting passes over narrow digits, comparisons when
/// a digit is wide).
@Suite("Ranking sort")
struct RankingSortTests {
    @Test func ordersAsAComparisonSortDoes() {
        var rng = SplitMix64(seed: 41)
        for round in 0..<400 {
            let count = [0, 1, 2, 5, 100, 900, 3000][round % 7]
            // Spreads from all alike to every digit wide.
            let spread = [UInt64(1), 3, 300, 70_000][round / 7 % 4]
            let tiebreaks = round / 28 % 2 == 0
            let keys = (0..<count).map { _ -> UInt64 in
                let score = UInt64(rng.next(Int(min(spread, 0xFFFF))))
                let length = UInt64(rng.next(Int(min(spread, 0xFFFF))))
                let more = tiebreaks ? UInt64(rng.next(Int(min(spread, 0xFFFF)))) << 16 : 0
                return (0xFFFF - score) << 48 | length << 32 | more
            }
            let expected = (0..<Int32(count)).sorted { (keys[Int($0)], $0) < (keys[Int($1)], $1) }
            #expect(SearchRanking.stableOrder(of: keys) == expected, "\(count) \(spread) \(tiebreaks)")
            #expect(SearchRanking.comparisonOrder(of: keys) == expected)
        }
    }
}
