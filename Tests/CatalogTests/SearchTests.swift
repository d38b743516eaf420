import SeededRandom
import Testing
@testable import Catalog

@Suite("Search")
struct SearchTests {
    // MARK: Query parsing

    @Test func emptyQueries() {
        for text in ["", " ", "   ", "\t", " \t  "] {
            let query = SearchQuery(text)
            #expect(query.isEmpty, "\"\(text)\"")
            #expect(query.terms.isEmpty)
            #expect(!query.caseSensitive)
        }
    }

    @Test func termsSplitOnRunsOfSpaces() {
        #expect(SearchQuery("cat").terms == [.init("cat")])
        #expect(SearchQuery("  cat   face ").terms == [.init("cat"), .init("face")])
        #expect(SearchQuery("cat\tface").terms == [.init("cat"), .init("face")])
        #expect(SearchQuery("cat\nface\r\n").terms == [.init("cat"), .init("face")])  // pasted lines
        #expect(SearchQuery("cat face") == SearchQuery(" cat  face "))
        #expect(SearchQuery("  cat   face ").description == "cat face")
    }

    @Test("a word that could be a code point (U+1F600, 1F600) is its text and that code point; other words stay words")
    func codePointsAndGlyphs() {
        func point(_ text: String) -> SearchQuery.Term { SearchQuery.Term(text, .anywhere, codePoint: true) }
        #expect(SearchQuery("U+1F600").clauses == [[.init("u+1f600"), point("😀")]])
        #expect(SearchQuery("1f600").clauses == [[.init("1f600"), point("😀")]])
        #expect(SearchQuery("u+2764 face").clauses == [[.init("u+2764"), point("❤")], [.init("face")]])
        #expect(SearchQuery("1234").clauses == [[.init("1234"), point("\u{1234}")]])
        // (fzf's matching, for the user's data, names no code points: "1234" is its text.)
        #expect(SearchQuery("1234", fuzzy: true).clauses == [[.init("1234", .fuzzy, normalizes: true)]])
        // A code point joins a | clause as one more alternative; it is left out of the query's text.
        #expect(SearchQuery("cat | beef1").clauses == [[.init("cat"), .init("beef1"), point("\u{BEEF1}")]])
        #expect(SearchQuery("cat | 2024 face").description == "cat | 2024 face")
        // Its capitals do not make the query case-sensitive; another word's do, and then its
        // text is matched as typed.
        #expect(!SearchQuery("U+1F600 face").caseSensitive)
        func sensitive(_ text: String) -> SearchQuery.Term { .init(text, caseSensitive: true) }
        let sensitivePoint = { (text: String) in SearchQuery.Term(text, .anywhere, codePoint: true, caseSensitive: true)
        }
        #expect(SearchQuery("1F600 Face").clauses == [[sensitive("1F600"), sensitivePoint("😀")], [sensitive("Face")]])
        // (A code point's letter is folded as the text is.)
        #expect(SearchQuery("0041").clauses == [[.init("0041"), point("a")]])
        #expect(SearchQuery("0041 A").clauses == [[sensitive("0041"), sensitivePoint("A")], [sensitive("A")]])
        for word in ["face", "cafe", "added", "12", "1F6000", "U+D800", "U+0007"] {
            #expect(
                SearchQuery(word).terms == [SearchQuery.Term(word, caseSensitive: word != word.lowercased())], "\(word)"
            )
        }
        let catalog = EmojiCatalog.load()
        func labels(_ query: String) -> [String] {
            let result = Search.run(SearchQuery(query), in: catalog)
            return catalog.filtered(by: result).sections.flatMap { section in
                section.items.indices.map { section.items.label(at: $0) }
            }
        }
        #expect(labels("1F600") == ["grinning face"])
        #expect(labels("U+1F600") == ["grinning face"])
        #expect(labels("😀") == ["grinning face"])
        #expect(labels("2764").contains("red heart"))
        #expect(labels("U+1F468 U+1F467").contains("family: man, woman, girl"))
    }

    @Test("numbers and hex-looking words in the user's data are found as text, text matches ranked first")
    func numbersAreText() {
        func found(_ query: String, in labels: [String], glyphs: [String: String] = [:]) -> [String] {
            let items = labels.map { Item(label: $0, glyph: glyphs[$0]) }
            let catalog = Catalog(sections: [Section(title: "-", items: items)], source: "-")
            let result = Search.run(SearchQuery(query), in: catalog)
            return result.sections.flatMap { match in match.items.map { labels[$0] } }
        }
        let numbers = (1...20000).map(String.init)
        #expect(found("1234", in: numbers) == ["1234"] + (12340...12349).map(String.init))
        #expect(found("2024", in: numbers) == ["2024"])
        #expect(found("8080", in: ["port 8080 open", "port 80 open", "18080"]) == ["port 8080 open"])
        #expect(found("item 5000", in: ["item 5000", "item 500", "item 50000"]) == ["item 5000", "item 50000"])
        let process = "root      4242  0.0  0.1  18936  3480 ?        Ss   10:01   0:00 /usr/sbin/cron -f"
        #expect(found("4242", in: [process, "root 42 cron"]) == [process])
        #expect(found("beef1", in: ["beef1 stew", "beef stew"]) == ["beef1 stew"])
        #expect(found("add2", in: ["add2 numbers", "add numbers", "ADD2"]) == ["ADD2", "add2 numbers"])
        #expect(found("'eef1", in: ["beef1"]) == ["beef1"])
        // The code point still finds the glyph that holds it, after every match of the text.
        let labels = ["ethiopic see", "order 1234", "1234"]
        #expect(
            found("1234", in: labels, glyphs: ["ethiopic see": "\u{1234}"]) == ["1234", "order 1234", "ethiopic see"])
        #expect(found("!1234", in: labels, glyphs: ["ethiopic see": "\u{1234}"]) == ["ethiopic see"])
    }

    @Test func smartCase() {
        #expect(!SearchQuery("cat face").caseSensitive)
        #expect(SearchQuery("cat Face").caseSensitive)
        #expect(!SearchQuery("123 -_").caseSensitive)
        #expect(!SearchQuery("é").caseSensitive)
        #expect(SearchQuery("É").caseSensitive)
        #expect(SearchQuery("\u{212A}").caseSensitive)  // Kelvin sign lowercases to "k"
        #expect(!SearchQuery("ß 😺 中").caseSensitive)
    }

    @Test("fzf's extended syntax: 'anywhere, ^label start, label end$, !not, a | b")
    func extendedSyntax() {
        #expect(SearchQuery("cat").terms == [.init("cat", .wordStart)])
        #expect(SearchQuery("'cat").terms == [.init("cat", .anywhere)])
        #expect(SearchQuery("^cat").terms == [.init("cat", .labelStart)])
        #expect(SearchQuery("cat$").terms == [.init("cat", .labelEnd)])
        #expect(SearchQuery("^cat$").terms == [.init("cat", .wholeLabel)])
        #expect(SearchQuery("!cat").terms == [.init("cat", negated: true)])
        #expect(SearchQuery("!'cat").terms == [.init("cat", .anywhere, negated: true)])
        #expect(SearchQuery("!^cat$").terms == [.init("cat", .wholeLabel, negated: true)])
        #expect(SearchQuery("'cat$").terms == [.init("cat$", .anywhere)])  // ' takes the rest as it is
        // A mark with nothing after it is the text itself.
        for mark in ["^", "$", "!", "'"] { #expect(SearchQuery(mark).terms == [.init(mark)], "\(mark)") }
        #expect(SearchQuery("^^").terms == [.init("^", .labelStart)])
        #expect(SearchQuery("a^b").terms == [.init("a^b")])
        // | joins the terms on either side into one clause.
        #expect(SearchQuery("cat | dog face").clauses == [[.init("cat"), .init("dog")], [.init("face")]])
        #expect(SearchQuery("| cat |").clauses == [[.init("cat")]])
        #expect(SearchQuery("a | | b").clauses == [[.init("a"), .init("b")]])
        #expect(SearchQuery("face ^cat | dog$ !'x").description == "face ^cat | dog$ !'x")
        #expect(SearchQuery("cat | dog").isConjunction == false && SearchQuery("cat dog").isConjunction)
        // --fuzzy: plain terms are fuzzy, the marks keep their meaning.
        #expect(
            SearchQuery("cat 'dog ^e", fuzzy: true).terms == [
                .init("cat", .fuzzy, normalizes: true), .init("dog", .anywhere, normalizes: true),
                .init("e", .labelStart, normalizes: true),
            ])
        #expect(SearchQuery(String(repeating: "a ", count: 100)).terms.count == SearchQuery.maximumTermCount)
    }

    // MARK: Refinement

    @Test func refinement() {
        func refines(_ new: String, _ old: String) -> Bool { SearchQuery(new).refines(SearchQuery(old)) }
        #expect(refines("cat", "ca"))
        #expect(refines("cat", ""))
        #expect(refines("cat ", "cat"))
        #expect(refines("cat f", "cat"))
        #expect(refines("cat face", "cat f"))
        #expect(!refines("scat", "cat"))  // typed in front: no longer at the word's start
        #expect(refines("'scat", "'cat"))
        #expect(refines("face cat", "cat face"))  // order is irrelevant for AND
        #expect(refines("'cat", "'a 't"))  // one new term may imply several old ones
        #expect(!refines("ca", "cat"))
        #expect(!refines("cat", "cat face"))
        #expect(!refines("", "cat"))
        #expect(!refines("Cat", "ca"))  // the first capital switches the case mode
        #expect(!refines("cat", "Ca"))
        #expect(refines("CatF", "Cat"))
        #expect(refines("^cat", "^ca"))
        #expect(refines("^cat", "ca"))  // the label's start is a word's start
        #expect(refines("^cat", "'at"))
        #expect(!refines("^cat", "at"))
        #expect(!refines("cat", "^ca"))
        #expect(!refines("^xca", "^ca"))
        #expect(!refines("^c", "^"))  // "^" was a literal caret
        #expect(refines("cat$", "t$") && refines("^cat$", "cat$") && !refines("cat$", "^cat$"))
        #expect(refines("cat !dog", "cat"))
        #expect(refines("cat !do", "cat !dog"))  // no word starting "do": no "dog" either
        #expect(!refines("cat !dog", "cat !do"))
        #expect(refines("cat", "cat | dog"))
        #expect(!refines("cat | dog", "cat"))
        #expect(refines("cat | dog", "ca | do"))
        #expect(!refines("'cat", "cat"))
        #expect(SearchQuery("cat", fuzzy: true).refines(SearchQuery("ct", fuzzy: true)))
        #expect(!SearchQuery("ct", fuzzy: true).refines(SearchQuery("cat", fuzzy: true)))
    }

    // MARK: Matching

    static let fruit = Catalog(
        sections: [
            Section(
                title: "Fruit",
                items: [
                    Item(
                        label: "Apple", keywords: ["pomme", "red"], fields: [.init(name: "origin", value: "Kazakhstan")]
                    ),
                    Item(label: "banana", keywords: ["yellow"], fields: [.init(name: "color", value: "yellow")]),
                    Item(label: "blood orange", keywords: ["citrus"], fields: [.init(name: "origin", value: "Sicily")]),
                ]),
            Section(
                title: "Vegetables",
                items: [
                    Item(label: "carrot", keywords: ["orange", "root"]),
                    Item(
                        label: "beetroot", keywords: ["red", "root"], fields: [.init(name: "season", value: "autumn")]),
                ]),
            Section(title: "Empty", items: []),
            Section(
                title: "Nuts",
                items: [
                    Item(label: "cashew", fields: [.init(name: "origin", value: "Brazil")])
                ]),
        ], source: "test")

    /// The (section, item) pairs a query finds.
    func found(_ text: String, in catalog: Catalog = fruit) -> [[Int]] {
        Search.run(SearchQuery(text), in: catalog).sections.map { [$0.section] + Array($0.items) }
    }

    func labels(_ text: String, in catalog: Catalog = fruit) -> [String] {
        Search.run(SearchQuery(text), in: catalog).sections.flatMap { match in
            match.items.map { catalog.sections[match.section].items[$0].label }
        }
    }

    @Test func matchesLabelKeywordsAndFieldValues() {
        #expect(labels("ban") == ["banana"])  // label
        #expect(labels("pomme") == ["Apple"])  // keyword
        #expect(labels("sicily") == ["blood orange"])  // field value
        #expect(labels("origin").isEmpty)  // field names are not searched
        #expect(labels("orange") == ["blood orange", "carrot"])  // label in one item, keyword in another
        #expect(labels("zzz").isEmpty)
    }

    @Test func everyTermMustMatchSomewhere() {
        #expect(labels("red root") == ["beetroot"])  // two keywords
        #expect(labels("root autumn") == ["beetroot"])  // keyword and field
        #expect(labels("orange citrus") == ["blood orange"])  // label and keyword
        #expect(labels("orange sicily blood") == ["blood orange"])
        #expect(labels("orange autumn").isEmpty)
        #expect(labels("red red") == ["Apple", "beetroot"])
    }

    @Test func aTermDoesNotSpanTwoStrings() {
        // "pomme" and "red" are separate keywords: nothing holds "mered".
        #expect(labels("mered").isEmpty)
        #expect(labels("appl").isEmpty == false)
    }

    @Test func smartCaseMatching() {
        #expect(labels("apple") == ["Apple"])
        #expect(labels("APPLE").isEmpty)
        #expect(labels("Apple") == ["Apple"])
        #expect(labels("Kaz") == ["Apple"])
        #expect(labels("KAZ").isEmpty)
        #expect(labels("kaz") == ["Apple"])
    }

    @Test func sectionsWithoutMatchesDisappear() {
        #expect(found("o") == [[0, 2], [1, 0]])  // a word starting with "o"
        // Inside words too, the best first: "orange" starts a word of the label, "pomme" and
        // "yellow" hold an "o" in a keyword (the shorter label first).
        #expect(found("'o") == [[0, 2, 0, 1], [1, 0, 1]])
        #expect(found("root") == [[1, 0, 1]])
        #expect(found("brazil") == [[3, 0]])
        let result = Search.run(SearchQuery("root"), in: Self.fruit)
        #expect(result.count == 2)
        #expect(result.sections.map(\.section) == [1])
        #expect(result.sections[0].items.isWholeSection)
        #expect(!result.isUnfiltered)
    }

    @Test func emptyQueryIsTheUnfilteredView() {
        let result = Search.run(SearchQuery("  "), in: Self.fruit)
        #expect(result.isUnfiltered)
        #expect(result.count == 6)
        #expect(result.sections.map(\.section) == [0, 1, 2, 3])  // the empty section keeps its place
        #expect(result.sections.allSatisfy { $0.items.isWholeSection })
        #expect(result.sections.map(\.items.count) == [3, 2, 0, 1])
    }

    @Test func itemIndices() {
        let result = Search.run(SearchQuery("'s"), in: Self.fruit)
        let fruit = result.sections[0]
        // "Sicily" starts a word; "Kazakhstan" only holds an "s".
        #expect(Array(fruit.items) == [2, 0])
        #expect(Array(fruit.matched) == [0, 2])
        #expect(!fruit.items.isWholeSection)
        #expect(fruit.items.position(of: 2) == 0 && fruit.items.position(of: 0) == 1)
        #expect(fruit.matched.position(of: 2) == 1)
        #expect(fruit.items.position(of: 1) == nil)
        #expect(fruit.items.contains(0) && !fruit.items.contains(1) && !fruit.items.contains(7))
        let whole = SearchResult.ItemIndices.all(4)
        #expect(Array(whole) == [0, 1, 2, 3])
        #expect(whole.position(of: 3) == 3 && whole.position(of: 4) == nil && whole.position(of: -1) == nil)
        #expect(Array(SearchResult.ItemIndices([1, 5, 9])) == [1, 5, 9])
    }

    @Test func filteredCatalog() {
        let filtered = Self.fruit.filtered(by: Search.run(SearchQuery("orange"), in: Self.fruit))
        #expect(filtered.sections.map(\.title) == ["Fruit", "Vegetables"])
        #expect(filtered.sections.map { $0.items.map(\.label) } == [["blood orange"], ["carrot"]])
        #expect(filtered.source == "test")
        #expect(Self.fruit.filtered(by: Search.run(SearchQuery(""), in: Self.fruit)) == Self.fruit)
    }

    @Test func singleItemMatch() {
        let apple = Self.fruit.sections[0].items[0]
        #expect(Search.matches(apple, SearchQuery("app red kaz")))
        #expect(!Search.matches(apple, SearchQuery("app yellow")))
        #expect(Search.matches(apple, SearchQuery("")))
    }

    // MARK: Unicode

    static let accents = Catalog(
        sections: [
            Section(
                title: "Words",
                items: [
                    Item(label: "École"),
                    Item(label: "école"),
                    Item(label: "\u{212A}elvin"),  // KELVIN SIGN, lowercases to "k"
                    Item(label: "kelvin"),
                    Item(label: "piña colada"),
                    Item(label: "ΣΟΦΙΑ"),
                    Item(label: "e\u{301}clair"),  // decomposed é
                ])
        ], source: "test")

    @Test func unicodeCaseFolding() {
        #expect(labels("é", in: Self.accents) == ["École", "école"])
        #expect(labels("É", in: Self.accents) == ["École"])
        #expect(labels("éco", in: Self.accents) == ["École", "école"])
        #expect(labels("kelvin", in: Self.accents) == ["kelvin", "\u{212A}elvin"])  // the shorter label first
        #expect(labels("\u{212A}", in: Self.accents) == ["\u{212A}elvin"])
        #expect(labels("K", in: Self.accents).isEmpty)
        #expect(labels("σοφ", in: Self.accents) == ["ΣΟΦΙΑ"])
        #expect(labels("'ña", in: Self.accents) == ["piña colada"])
        #expect(labels("ña", in: Self.accents).isEmpty)  // ñ follows a letter
        // No normalization: the decomposed form is found by its own spelling.
        #expect(labels("e\u{301}c", in: Self.accents) == ["e\u{301}clair"])
    }

    @Test func wordStartMatching() {
        let words = Catalog(
            sections: [
                Section(
                    title: "W",
                    items: [
                        Item(label: "cat face"), Item(label: "black cat"), Item(label: "vacation"),
                        Item(label: "o’clock"), Item(label: "piña"), Item(label: "Catalan"),
                        Item(label: "x", keywords: ["wildcat", "cat-like"]),
                        Item(label: "2cat"), Item(label: "(cat)"),
                    ])
            ], source: "test")
        // Whole words in labels first (the shorter label first), then in keywords, then word starts.
        #expect(labels("cat", in: words) == ["(cat)", "cat face", "black cat", "x", "Catalan"])
        #expect(labels("'cat", in: words).count == 7)
        #expect(labels("clock", in: words) == ["o’clock"])  // after a curly apostrophe
        #expect(labels("a", in: words) == [])  // "ña": ñ is a letter
        #expect(labels("^cat", in: words) == ["cat face", "Catalan"])
        #expect(labels("cat$", in: words) == ["black cat", "2cat"])  // a whole word first
        #expect(labels("^cat face$", in: words) == ["cat face"])
        #expect(labels("^cat$", in: words) == [])
        #expect(labels("cat fa", in: words) == ["cat face"])
        #expect(labels("cat !face", in: words) == ["(cat)", "black cat", "x", "Catalan"])
        #expect(labels("!cat", in: words) == ["vacation", "o’clock", "piña", "2cat"])
        #expect(labels("vacation | catalan", in: words) == ["Catalan", "vacation"])
        // (Once a term scores, the items that match only by an absence rank by length.)
        #expect(labels("!cat | face", in: words) == ["cat face", "2cat", "piña", "vacation", "o’clock"])
        #expect(labels("^^", in: words) == [])
    }

    // MARK: Highlights

    func highlights(_ text: String, _ query: String, fuzzy: Bool = false) -> [Range<Int>] {
        Search.highlights(in: text, for: SearchQuery(query, fuzzy: fuzzy))
    }

    @Test func highlightsInASCII() {
        #expect(highlights("cat face", "ca fa") == [0..<2, 4..<6])
        #expect(highlights("cat face", "fa ca") == [0..<2, 4..<6])  // sorted
        #expect(highlights("cat face", "cat face") == [0..<3, 4..<8])
        #expect(highlights("cat face", "ca 't") == [0..<3])  // adjacent ranges merge
        #expect(highlights("cat face", "ca t") == [0..<2])  // "t" starts no word
        #expect(highlights("CAT", "cat") == [0..<3])
        #expect(highlights("CAT", "Cat") == [])
        #expect(highlights("banana", "'an") == [1..<5])  // every occurrence
        #expect(highlights("aaa", "'aa") == [0..<3])  // overlapping occurrences
        #expect(highlights("cat face", "") == [])
        #expect(highlights("cat face", "zzz") == [])
        #expect(highlights("vacation cat", "cat") == [9..<12])
        #expect(highlights("vacation cat", "'cat") == [2..<5, 9..<12])
        #expect(highlights("cat cat", "^cat") == [0..<3])
        #expect(highlights("cat cat", "cat$") == [4..<7])
        #expect(highlights("cat face", "!cat face") == [4..<8])  // an excluded term lights nothing
        #expect(highlights("cat face", "cfe", fuzzy: true) == [0..<1, 4..<5, 7..<8])
        // The tightest match ending where the first one ends: "ace" of "face", not "a" of "cat".
        #expect(highlights("cat face", "ace", fuzzy: true) == [5..<8])
    }

    @Test func highlightsAreCharacterOffsets() {
        // An emoji glyph drawn before the label counts as one Character.
        #expect(highlights("😺 grinning cat", "cat") == [11..<14])
        #expect(highlights("👩‍❤️‍👨 love", "love") == [2..<6])
        #expect(highlights("🇫🇷 flag: France", "fr") == [8..<10])
        #expect(highlights("crème brûlée", "brû") == [6..<9])
        #expect(highlights("crème brûlée", "'e") == [4..<5, 11..<12])
        #expect(highlights("École", "é") == [0..<1])
        #expect(highlights("École", "'col") == [1..<4])
        #expect(highlights("ΣΟΦΙΑ", "'οφ") == [1..<3])
        #expect(highlights("\u{212A}elvin", "kel") == [0..<3])
        #expect(highlights("\u{212A}elvin", "'vin") == [3..<6])
        // A match on part of a grapheme cluster lights the whole cluster.
        #expect(highlights("e\u{301}clair", "e") == [0..<1])
        #expect(highlights("e\u{301}clair", "'cl") == [1..<3])
        // Where a term only matched a keyword, the label has nothing to light.
        #expect(highlights("grinning cat", "happy") == [])
    }

    // MARK: The bundled emoji

    func emoji(_ text: String) -> Set<String> {
        let catalog = EmojiCatalog.load()
        return Set(
            Search.run(SearchQuery(text), in: catalog).sections.flatMap { match in
                match.items.compactMap { catalog.sections[match.section].items[$0].glyph }
            })
    }

    @Test func emojiCat() {
        let cats = emoji("cat")
        for glyph in ["🐱", "🐈", "🐈‍⬛", "😺", "😸", "😹", "😻", "😼", "😽", "🙀", "😿", "😾"] {
            #expect(cats.contains(glyph), "\(glyph)")
        }
        #expect(!cats.contains("😀"))
        #expect(!cats.contains("🥴"))  // "intoxicated": "cat" starts no word of it
        #expect(emoji("'cat").contains("🥴"))
        #expect(emoji("^cat").isSuperset(of: ["🐱", "😼", "🐈"]))
        #expect(!emoji("^cat").contains("😺"))  // "grinning cat"
        #expect(emoji("cat face").isSuperset(of: ["🐱", "😺", "😿"]))
        #expect(!emoji("cat face").contains("🐈"))
    }

    @Test func emojiLove() {
        let love = emoji("love")
        for glyph in ["😍", "😻", "💌", "💕", "❤️‍🔥", "🫶", "💑", "🏩"] {
            #expect(love.contains(glyph), "\(glyph)")
        }
        #expect(emoji("love heart").isSuperset(of: ["💌", "❤️‍🔥", "😻"]))
        #expect(emoji("heart").isSuperset(of: ["❤️", "💛", "💔", "💗"]))
    }

    @Test func emojiSectionsNarrow() {
        let catalog = EmojiCatalog.load()
        let result = Search.run(SearchQuery("^cat"), in: catalog)
        let titles = result.sections.map { catalog.sections[$0.section].title }
        #expect(titles.contains("Smileys & Emotion") && titles.contains("Animals & Nature"))
        #expect(!titles.contains("Flags"))
        #expect(result.count == result.sections.reduce(0) { $0 + $1.items.count })
    }

    // MARK: Refinement gives the same answer as a fresh search

    /// Matching restated simply, as the reference (the label, keywords, field values and glyph):
    /// lowercase the whole string with the standard library, then look for the term's bytes.
    static func referenceMatches(_ item: Item, _ query: SearchQuery) -> Bool {
        query.clauses.allSatisfy { clause in
            clause.contains { term in (referencePoints(item, term, query) > 0) != term.negated }
        }
    }

    /// The strings an item is searched in, the label first.
    static func searched(_ item: Item) -> [String] {
        [item.label] + item.keywords + item.fields.map(\.value) + (item.glyph.map { [$0] } ?? [])
    }

    static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// The best of a term's matches in an item, as ranking scores them (0: none): the whole
    /// label (8), a whole word of the label or a shortcode spelled whole (7), a whole keyword or
    /// a word start in the label (6), a word start in a keyword or a shortcode (5), the inside
    /// of a word of the label (3) or of another string (2). Fuzzy terms score 1 when they match.
    static func referencePoints(_ item: Item, _ term: SearchQuery.Term, _ query: SearchQuery) -> Int {
        var best = 0
        for (index, text) in searched(item).enumerated() {
            let isLabel = index == 0
            if term.anchor.labelOnly && !isLabel { break }
            let haystack = Array((query.caseSensitive ? text : text.lowercased()).utf8)
            let needle = Array(term.text.utf8)
            if term.anchor == .fuzzy {
                var next = 0
                for byte in haystack where next < needle.count && needle[next] == byte { next += 1 }
                if next == needle.count && !needle.isEmpty { best = max(best, 1) }
                continue
            }
            guard !needle.isEmpty, needle.count <= haystack.count else { continue }
            let colon = UInt8(ascii: ":")
            let shortcode = !isLabel && haystack.count > 2 && haystack.first == colon && haystack.last == colon
            if shortcode && (haystack == needle || Array(haystack.dropFirst().dropLast()) == needle) {
                best = max(best, 7)
                continue
            }
            // (^term and term$ look past the white space around the label, as fzf's do.)
            func isWhite(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            if isLabel && term.anchor != .labelStart && term.anchor != .labelEnd {
                let from = isWhite(needle[0]) ? 0 : haystack.prefix { isWhite($0) }.count
                let to =
                    haystack.count
                    - (isWhite(needle[needle.count - 1])
                        ? 0 : haystack[from...].reversed().prefix { isWhite($0) }.count)
                if Array(haystack[from..<to]) == needle {
                    best = max(best, 8)
                    continue
                }
            }
            let lead = term.anchor == .labelEnd || isWhite(needle[0]) ? 0 : haystack.prefix { isWhite($0) }.count
            let trail =
                term.anchor == .labelStart || isWhite(needle[needle.count - 1])
                ? 0 : haystack[lead...].reversed().prefix { isWhite($0) }.count
            for start in 0...(haystack.count - needle.count)
            where Array(haystack[start..<start + needle.count]) == needle {
                let before = String(decoding: haystack[..<start], as: UTF8.self).unicodeScalars.last
                let after = String(decoding: haystack[(start + needle.count)...], as: UTF8.self).unicodeScalars.first
                let startsWord = before.map { !isAlphanumeric($0) } ?? true
                let endsWord = after.map { !isAlphanumeric($0) } ?? true
                switch term.anchor {
                case .wordStart where !startsWord: continue
                case .labelStart where start != lead: continue
                case .labelEnd where start + needle.count != haystack.count - trail: continue
                case .wholeLabel where start != lead || start + needle.count != haystack.count - trail: continue
                default: break
                }
                if !startsWord {
                    best = max(best, isLabel ? 3 : 2)
                } else if shortcode {
                    best = max(best, 5)
                } else {
                    best = max(best, (isLabel ? 6 : 5) + (endsWord ? 1 : 0))
                }
            }
        }
        return best
    }

    /// The reference score of an item: each clause's best positive term, added up.
    static func referenceScore(_ item: Item, _ query: SearchQuery) -> Int {
        query.clauses.reduce(0) { total, clause in
            total + (clause.filter { !$0.negated }.map { referencePoints(item, $0, query) }.max() ?? 0)
        }
    }

    static let alphabet: [String] = [
        "a", "b", "c", "a", "b", "A", "B", "é", "É", "k", "\u{212A}", "ñ", "σ", "Σ", "1",
        "-", "😺", " ",
    ]

    /// Random sections of items made of `alphabet`; with `glyphs`, items also get glyphs and
    /// variants made of it, which search must not read (they sit between the searched strings).
    static func randomCatalog(_ rng: inout SplitMix64, alphabet: [String] = alphabet, glyphs: Bool = false) -> Catalog {
        func word(_ length: Int) -> String {
            String((0..<length).map { _ in alphabet[rng.next(alphabet.count)] }.joined())
        }
        let sections = (0..<rng.next(6) + 1).map { index in
            Section(
                title: "s\(index)",
                items: (0..<rng.next(25)).map { _ in
                    Item(
                        label: word(rng.next(8)),
                        glyph: glyphs && rng.next(2) == 0 ? word(rng.next(3)) : nil,
                        keywords: (0..<rng.next(3)).map { _ in word(rng.next(4) + 1) },
                        variants: glyphs ? (0..<rng.next(2)).map { _ in word(rng.next(3)) } : [],
                        fields: (0..<rng.next(2)).map { _ in .init(name: "f", value: word(rng.next(5))) })
                })
        }
        return Catalog(sections: sections, source: "random")
    }

    @Test func narrowingEqualsFreshSearchOverRandomTyping() {
        var rng = SplitMix64(seed: 0x5EA4C4)
        var narrowedSteps = 0
        for _ in 0..<100 {
            let catalog = Self.randomCatalog(&rng)
            var text = ""
            var previous = Search.run(SearchQuery(text), in: catalog)
            for _ in 0..<20 {
                // Mostly typing at the end, sometimes editing at the front (where a `^` goes).
                switch rng.next(30) {
                case 0..<13: text += Self.alphabet[rng.next(Self.alphabet.count)]
                case 13: text += "^"
                case 14..<18: if !text.isEmpty { text.removeLast() }
                case 18: text += " "
                case 19: text = "^" + text
                case 20: text = Self.alphabet[rng.next(Self.alphabet.count)] + text
                case 21, 22: if !text.isEmpty { text.removeFirst() }
                case 23: text += " !"
                case 24: text += " '"
                case 25: text += "$"
                case 26: text += " | "
                case 27: text = "'" + text
                default: text = ""
                }
                let query = SearchQuery(text)
                let fresh = Search.run(query, in: catalog)
                let narrowed = Search.run(query, in: catalog, within: previous)
                if query.refines(previous.query), !previous.query.isEmpty { narrowedSteps += 1 }
                #expect(narrowed == fresh, "query \"\(text)\" after \"\(previous.query)\"")
                let expected = catalog.sections.indices.compactMap { section -> [Int]? in
                    let items = catalog.sections[section].items.indices.filter {
                        Self.referenceMatches(catalog.sections[section].items[$0], query)
                    }
                    return items.isEmpty && !query.isEmpty ? nil : [section] + items
                }
                // (Sections are shown by their best match: compared here in catalog order.)
                #expect(
                    fresh.sections.sorted { $0.section < $1.section }.map { [$0.section] + Array($0.matched) }
                        == expected, "query \"\(text)\"")
                #expect(fresh.count == expected.reduce(0) { $0 + $1.count - 1 })
                // Ranked: the higher score first, then the shorter label, then catalog order
                // (unless nothing scores: no query, or only exclusions).
                for match in fresh.sections where query.terms.contains(where: { !$0.negated }) {
                    let items = catalog.sections[match.section].items
                    let keys = match.items.map { index in
                        (-Self.referenceScore(items[index], query), items[index].label.utf8.count, index)
                    }
                    #expect(
                        zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 },
                        "ranking of \"\(text)\" in section \(match.section): \(keys) \(match.items.map { items[$0] })")
                }
                previous = narrowed
            }
        }
        #expect(narrowedSteps > 800)  // the narrowing path was really taken
    }

    @Test func wordAtATimeScanAgreesWithBytes() {
        // The quick scan reads eight bytes at a time; check it at every alignment and length,
        // with bytes one below the target (a borrow in the zero-byte test) and both cases.
        var rng = SplitMix64(seed: 7)
        let bytes: [UInt8] = Array("aAb`@ -\u{1}".utf8)
        for _ in 0..<3_000 {
            let haystack = (0..<rng.next(41)).map { _ in bytes[rng.next(bytes.count)] }
            let pattern = (0..<(rng.next(3) + 1)).map { _ in bytes[rng.next(bytes.count)] }
            let folding = rng.next(2) == 0 && !pattern.contains { $0 &- 0x41 < 26 }
            let anchored = rng.next(3) == 0
            var expected = false
            if pattern.count <= haystack.count {
                for start in 0...(haystack.count - pattern.count) {
                    let window = haystack[start..<start + pattern.count].map {
                        folding ? SearchBytes.asciiLower($0) : $0
                    }
                    let boundary = start == 0 || !SearchBytes.isASCIIAlphanumeric(haystack[start - 1])
                    if window == pattern, !anchored || boundary { expected = true; break }
                }
            }
            let quick = haystack.withUnsafeBufferPointer { hay in
                pattern.withUnsafeBufferPointer {
                    SearchBytes.quickMatch(of: $0, atWordStart: anchored, foldingCase: folding, in: hay)
                }
            }
            let exact = haystack.withUnsafeBufferPointer { hay in
                pattern.withUnsafeBufferPointer {
                    SearchBytes.firstMatch(of: $0, atWordStart: anchored, foldingCase: folding, in: hay) != nil
                }
            }
            #expect((quick == .found) == expected, "\(haystack) \(pattern) fold \(folding) anchored \(anchored)")
            #expect(quick != .undecided)
            #expect(exact == expected)
        }
    }

    @Test("word-first points: the look for the first byte and a lone character's score keep the answer")
    func wordFirstPointsMatchTheirParts() {
        // Word-first points are a word start's (1000 and more) or else the fuzzy score; a
        // string without the pattern's first byte is answered 0 before either is read, and a
        // pattern of one character found at no word start 16 (32 in the label) unread.
        var rng = SplitMix64(seed: 0x30F1)
        let bytes: [UInt8] = Array("aAbh H:-+1\u{1}`".utf8) + Array("é".utf8)
        for _ in 0..<5_000 {
            let haystack = (0..<rng.next(24)).map { _ in bytes[rng.next(bytes.count)] }
            let pattern = (0..<(rng.next(3) + 1)).map { _ in Array("abh:+1H@".utf8)[rng.next(8)] }
            let folding = rng.next(3) != 0
            let isLabel = rng.next(2) == 0
            haystack.withUnsafeBufferPointer { hay in
                pattern.withUnsafeBufferPointer { pat in
                    func points(_ anchor: SearchQuery.Term.Anchor) -> Int {
                        SearchBytes.points(of: pat, anchor: anchor, foldingCase: folding, isLabel: isLabel, in: hay)
                    }
                    let word = points(.wordStart)
                    let expected = word > 0 ? 1000 + word : min(999, points(.fuzzy))
                    #expect(points(.wordFirst) == expected, "\(haystack) \(pattern) fold \(folding)")
                }
            }
        }
    }

    @Test("an ASCII term is found in a glyph only where a scalar reads as ASCII")
    func asciiTermsInGlyphs() {
        // The quick path settles an ASCII term absent from a glyph that cannot read as ASCII
        // (an ideograph, an emoji); the others are read by the full rules, as before it did
        // (the same answers, checked against the build before it): lowercased (the Kelvin
        // sign, and İ in word matching) or as Latin letters (fzf's matching normalizes).
        let glyphs = ["\u{212A}", "\u{130}", "é", "Ａ", "水", "😺"]
        let fzf = ["k": ["\u{212A}"], "e": ["é"], "a": ["Ａ"]]
        let expected: [SearchQuery.Matching: [String: [String]]] = [
            .fuzzy: fzf, .exact: fzf, .word: ["k": ["\u{212A}"], "i": ["\u{130}"]], .wordFirst: ["k": ["\u{212A}"]],
        ]
        for (matching, found) in expected {
            for text in ["k", "K", "i", "e", "a", "h"] {
                let query = SearchQuery(text, matching: matching)
                let matched = glyphs.filter { Search.matches(Item(label: "x", glyph: $0), query) }
                #expect(matched == found[text] ?? [], "\(text) (\(matching))")
            }
        }
    }

    @Test("the blocks taken to have no case have none, by the standard library's answer")
    func caselessBlocks() {
        var scalar: UInt32 = 0x80
        while scalar < 0x11_0000 {
            if let value = Unicode.Scalar(scalar) {
                #expect(
                    SearchBytes.changesWhenLowercased(value) == value.properties.changesWhenLowercased,
                    "U+\(String(scalar, radix: 16, uppercase: true))")
            }
            scalar += 1
        }
    }

    @Test func termOrderAdaptsWithoutChangingAnswers() {
        // Many sections of label-only items, where the matcher reorders terms as it goes.
        let catalog = Catalog(
            sections: (0..<30).map { section in
                Section(
                    title: "\(section)",
                    items: (0..<200).map { Item(label: "item \($0 + 200 * section) of section \(section)") })
            }, source: "adapt")
        for text in ["section 7 item 5", "of 1 2 3", "^1 ^of", "item 5 zzz"] {
            let query = SearchQuery(text)
            let result = Search.run(query, in: catalog)
            var expected: [[Int]] = []
            for (index, section) in catalog.sections.enumerated() {
                let items = section.items.indices.filter { Self.referenceMatches(section.items[$0], query) }
                if !items.isEmpty { expected.append([index] + items) }
            }
            #expect(result.sections.map { [$0.section] + Array($0.matched) } == expected, "\(text)")
        }
    }

    @Test func sessionFollowsTypingAndBackspace() {
        var session = SearchSession()
        var texts = [
            "", "c", "ca", "car", "carr", "car", "ca", "cat", "ca", "c", "", "o", "or", "or ", "or r",
            "or ro", "or r", "or", "o", "O", "Or", "o",
        ]
        texts += ["ban", "banana", "ban", "b"]
        var depths: [Int] = []
        for text in texts {
            let query = SearchQuery(text)
            #expect(session.run(query, in: Self.fruit) == Search.run(query, in: Self.fruit), "\(text)")
            depths.append(session.depth)
        }
        #expect(depths.prefix(7) == [1, 2, 3, 4, 5, 4, 3])  // Backspace pops to a kept result
        #expect(depths.max()! <= 6)
        // A new catalog drops the old results rather than narrowing them.
        #expect(session.run(SearchQuery("b"), in: Self.accents) == Search.run(SearchQuery("b"), in: Self.accents))
        #expect(session.depth == 1)
        session.reset()
        #expect(session.depth == 0)
    }

    @Test func previousResultOfAnotherCatalogIsIgnored() {
        let other = Catalog(sections: [Section(title: "x", items: [Item(label: "carrot")])], source: "other")
        let previous = Search.run(SearchQuery("ca"), in: other)
        #expect(
            Search.run(SearchQuery("car"), in: Self.fruit, within: previous)
                == Search.run(SearchQuery("car"), in: Self.fruit))
    }

    @Test func parallelSearchMatchesItemByItem() {
        // Enough items to take the multi-threaded path; sections of uneven sizes.
        var rng = SplitMix64(seed: 42)
        let sections = (0..<25).map { index in
            Section(
                title: "s\(index)",
                items: (0..<(2_000 + rng.next(1_000))).map { item in
                    Item(label: "item \(item) of section \(index)", keywords: item % 7 == 0 ? ["Seven"] : [])
                })
        }
        let catalog = Catalog(sections: sections, source: "big")
        #expect(catalog.itemCount >= Search.parallelThreshold)
        var previous: SearchResult?
        for text in ["i", "item 1", "item 12 2", "Seven", "^12", "zzz"] {
            let query = SearchQuery(text)
            let result = Search.run(query, in: catalog, within: previous)
            // The same sections searched one by one on this thread.
            var matcher = SearchMatcher(query)
            var expected: [SearchResult.SectionMatches] = []
            for index in catalog.sections.indices {
                let whole = SearchResult.SectionMatches(
                    section: index, items: .all(catalog.sections[index].items.count))
                if let match = Search.search(whole, catalog, &matcher) { expected.append(match) }
            }
            #expect(result.sections == expected, "\(text)")
            #expect(result.count == expected.reduce(0) { $0 + $1.items.count })
            previous = result
        }
        #expect(previous?.count == 0)
    }

    // MARK: How common an item is, and the user's picks

    /// Items that all match "star" as a whole word of their name, with ranks and shortcodes.
    static let stars = Catalog(
        sections: [
            Section(
                title: "sky",
                items: [
                    Item(label: "shooting star", keywords: ["falling", ":stars:"]),
                    Item(label: "glowing star", keywords: [":star2:"]),
                    Item(label: "star", keywords: [":star:"]),
                    Item(label: "star of David", keywords: [":star_of_david:"]),
                    Item(label: "star-struck", keywords: ["eyes", ":star_struck:"]),
                ].enumerated().map { offset, item in
                    var item = item
                    item.rank = [50, 104, 127, nil, nil][offset]
                    return item
                })
        ], source: "stars")

    func wordFirst(_ text: String, in catalog: Catalog) -> [String] {
        let result = Search.run(SearchQuery(text, matching: .wordFirst), in: catalog)
        return result.sections.flatMap { match in match.items.map { catalog.sections[match.section].items[$0].label } }
    }

    @Test("equal matches go by how common they are, then a shortcode spelled whole, then length")
    func commonFirstAmongEquals() {
        // The whole name first, though it is less common than a name that holds the word; then
        // the whole words of names, the most common first, the unranked after them, the
        // shorter first (then catalog order).
        #expect(
            wordFirst("star", in: Self.stars) == [
                "star", "shooting star", "glowing star", "star-struck", "star of David",
            ])
        var noRanks = Self.stars
        noRanks.sections[0].items = ItemList(
            Self.stars.sections[0].items.map { item in
                var item = item
                item.rank = nil
                return item
            })
        #expect(
            wordFirst("star", in: noRanks) == [
                "star", "star-struck", "glowing star", "shooting star", "star of David",
            ])
        // A shortcode spelled whole is as good as a word of the name ("stars" is none).
        #expect(wordFirst("stars", in: noRanks).first == "shooting star")
        #expect(wordFirst("star2", in: noRanks) == ["glowing star"])
        // The rank survives an item's round trip through a list.
        #expect(Self.stars.sections[0].items.map(\.rank) == [50, 104, 127, nil, nil])
    }

    @Test("the user's picks come first among equal matches, the most preferred first")
    func picksFirstAmongEquals() {
        var picked = Self.stars
        picked.picks = SearchPicks(labels: ["shooting star", "star of David", "moon"])
        #expect(
            wordFirst("star", in: picked) == [
                "star", "shooting star", "star of David", "glowing star", "star-struck",
            ])
        // Best matches across sections compare the same keys.
        let result = Search.run(SearchQuery("star", matching: .wordFirst), in: picked)
        let best = Search.bestMatches(of: result, in: picked, count: 3)
        #expect(
            best.map { picked.sections[$0.section].items[$0.item].label } == ["star", "shooting star", "star of David"])
        #expect(SearchPicks(labels: ["a", "b", "a"]).count == 2)
        #expect(SearchPicks().isEmpty)
    }
}
