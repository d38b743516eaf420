import SeededRandom
import Testing

@testable import Catalog

/// The word starts a bundled catalog's stores are indexed by (`WordStartIndex`): a search that
/// reads them answers as one that reads the text.
@Suite struct WordStartIndexTests {
    /// Letters that read as ASCII lowercased (the Kelvin sign, "İ"), letters after which no
    /// word starts though ASCII's rules say one does ("éa", "中a", "ёa"), digits, marks of
    /// punctuation, glyphs.
    static let alphabet = [
        "a", "b", "e", "k", "i", "1", "A", "K", "é", "É", "\u{212A}", "\u{130}", "中", "ß", "ё", "-", " ", "ab",
        "😀", "ﬁ", "_", "2a",
    ]

    /// The same random catalog twice, the second indexed.
    static func catalogs(_ rng: inout SplitMix64) -> (plain: Catalog, indexed: Catalog) {
        var again = rng
        let plain = SearchTests.randomCatalog(&rng, alphabet: alphabet, glyphs: true)
        let indexed = SearchTests.randomCatalog(&again, alphabet: alphabet, glyphs: true)
        indexed.indexWordStarts()
        return (plain, indexed)
    }

    @Test func indexedSearchEqualsTheTextsAndTheReferences() {
        var rng = SplitMix64(seed: 0x3D1CE5)
        let typed = ["a", "b", "e", "k", "i", "1", "2", "A", "K", "ab", "be", "ke", "2a", "-", "é", "中"]
        var filtered = 0, settled = 0
        for round in 0..<400 {
            let (plain, indexed) = Self.catalogs(&rng)
            var text = typed[rng.next(typed.count)]
            switch rng.next(6) {
            case 0: text = "^" + text
            case 1: text = "'" + text
            case 2: text = "!" + text
            default: break
            }
            if rng.next(4) == 0 { text += " " + typed[rng.next(typed.count)] }
            if rng.next(8) == 0 { text += " | " + typed[rng.next(typed.count)] }
            let matching: SearchQuery.Matching = [.word, .word, .exact, .wordFirst, .fuzzy][round % 5]
            let query = SearchQuery(text, matching: matching, caseMode: round % 7 == 0 ? .respect : .smart)
            // The whole answer, ranking and all: the index only chooses which items are read.
            #expect(Search.run(query, in: indexed) == Search.run(query, in: plain), "\"\(text)\" (\(matching))")
            let matcher = SearchMatcher(query)
            for section in indexed.sections where !section.items.isEmpty {
                section.items.store.withReader { store in
                    guard let filter = matcher.wordStartFilter(in: store) else { return }
                    filtered += 1
                    if filter.settles { settled += 1 }
                }
            }
        }
        // (The index was really read, and really settled one-character terms.)
        #expect(filtered > 200 && settled > 50, "\(filtered) filtered, \(settled) settled")
    }

    @Test("typing along a query narrows the indexed results as the text's")
    func narrowing() {
        var rng = SplitMix64(seed: 0x4A220)
        for _ in 0..<60 {
            let (plain, indexed) = Self.catalogs(&rng)
            var sessions = (SearchSession(), SearchSession())
            var text = ""
            for _ in 0..<6 {
                text += ["a", "b", "k", "1", " ", "e", "i"][rng.next(7)]
                let query = SearchQuery(text, matching: .word)
                #expect(sessions.0.run(query, in: indexed) == sessions.1.run(query, in: plain), "\"\(text)\"")
            }
        }
    }

    @Test("a character's bit is set where the text has it at a word start, lowercased or not")
    func bits() {
        func bits(_ strings: [String]) -> UInt64 {
            WordStartIndex(ItemList([Item(label: strings[0], keywords: Array(strings.dropFirst()))]).store).starts[0]
        }
        func letters(_ bits: UInt64) -> String {
            let characters = Array("0123456789abcdefghijklmnopqrstuvwxyz").enumerated()
            return String(characters.filter { bits & 1 << UInt64($0.offset) != 0 }.map(\.element))
        }
        #expect(letters(bits(["Black heart", "love-2"])) == "2bhl")
        // Not after a letter beyond ASCII ("éa", "中a": the word is "éa"); after a mark, yes.
        #expect(letters(bits(["éa 中b ё-c"])) == "c")
        // The Kelvin sign lowercases to "k", İ to "i̇" (whose dot, a mark, is no letter: "s"
        // starts a word after it, as `matches` finds it).
        #expect(letters(bits(["\u{212A}elvin", "\u{130}stanbul"])) == "iks")
        #expect(letters(bits(["", "😀", "_x"])) == "x")
    }

    @Test("a bundled catalog answers every first key as its text does")
    func symbols() {
        let indexed = BundledCatalog.symbols.load()
        indexed.indexWordStarts()
        // (A copy made item by item: stores of their own, not indexed.)
        let plain = Catalog(
            sections: indexed.sections.map { Section(title: $0.title, items: ItemList(Array($0.items))) },
            source: indexed.source)
        for key in "abcdefghijklmnopqrstuvwxyz0123456789".map(String.init) + ["he", "ar", "2 a", "!a"] {
            let query = SearchQuery(key, matching: .word)
            #expect(Search.run(query, in: indexed) == Search.run(query, in: plain), "\"\(key)\"")
        }
    }
}
