import SeededRandom
import Testing

@testable import Catalog

/// The columnar store behind `Section.items`: what goes in comes out, whatever the mix of shapes.
@Suite struct ItemStoreTests {
    static let samples: [Item] = [
        Item(label: "apple", glyph: "🍎", keywords: ["red", "fruit"], fields: [.init(name: "price", value: "1")]),
        Item(label: ""),
        Item(label: "empty glyph", glyph: ""),
        Item(
            label: "École", glyph: "🏫", width: 7, height: 2, keywords: ["Σχολείο", ""],
            variants: ["🏫", "🏫🏽"], fields: [.init(name: "", value: ""), .init(name: "città", value: "Köln")]),
        Item(label: "plain"),
        Item(label: "thumbs", glyph: "👍", keywords: ["ok"], variants: ["👍🏻", "👍🏿"]),
        Item(label: "sized", width: 3),
        Item(label: "apple", glyph: "🍎", keywords: ["red", "fruit"], fields: [.init(name: "price", value: "1")]),
    ]

    @Test func itemsComeBackAsTheyWentIn() {
        let list = ItemList(Self.samples)
        #expect(list.count == Self.samples.count)
        #expect(Array(list) == Self.samples)
        for (position, item) in Self.samples.enumerated() {
            #expect(list[position] == item)
            #expect(list.label(at: position) == item.label)
            #expect(list.declaredSize(at: position) == (item.width, item.height))
        }
        // A nil glyph and an empty one stay apart.
        #expect(list[1].glyph == nil && list[2].glyph == "")
    }

    @Test func anItemIsFoundByItsLabelInPlace() {
        let list = ItemList(Self.samples)
        for (position, item) in Self.samples.enumerated() {
            let first = Self.samples.firstIndex { $0.label == item.label }!
            #expect(list.firstPosition(labelled: item.label) == first, "\(item.label)")
            #expect(list.firstPosition(labelled: item.label, from: position) == position)
        }
        #expect(list.firstPosition(labelled: "apple", from: 1) == 7)
        #expect(list.firstPosition(labelled: "appl") == nil)
        #expect(list.firstPosition(labelled: "apple", from: 8) == nil)
        #expect(list.firstPosition(labelled: "apple", from: 99) == nil)
    }

    @Test func oneShapeKeepsNoRecordPerItem() {
        let list = ItemList((0..<100).map { Item(label: "item \($0)", keywords: ["k\($0)"]) })
        #expect(list.store.shapes.count == 1)
        #expect(list.store.firstString.isEmpty && list.store.shapeOfItem.isEmpty)
        #expect(list[42] == Item(label: "item 42", keywords: ["k42"]))
        // A second shape after many of the first: each item gets its record, the first ones too.
        var items = Array(list)
        items.append(Item(label: "odd one", glyph: "x"))
        items.append(Item(label: "item again", keywords: ["k"]))
        let mixed = ItemList(items)
        #expect(mixed.store.shapes.count == 2)
        #expect(mixed.store.firstString.count == items.count)
        #expect(Array(mixed) == items)
    }

    @Test func randomItemsRoundTrip() {
        var rng = SplitMix64(seed: 0x570E)
        let pieces = ["a", "B", "é", "Σ", "😺", " ", "", "\u{0}", "k\u{301}", "🏳️‍🌈", "\t"]
        func text() -> String { (0..<rng.next(5)).map { _ in pieces[rng.next(pieces.count)] }.joined() }
        for _ in 0..<50 {
            let items = (0..<rng.next(40)).map { _ in
                Item(
                    label: text(), glyph: rng.next(3) == 0 ? nil : text(),
                    width: rng.next(4) == 0 ? rng.next(9) : nil, height: rng.next(5) == 0 ? rng.next(3) : nil,
                    keywords: (0..<rng.next(3)).map { _ in text() }, variants: (0..<rng.next(3)).map { _ in text() },
                    fields: (0..<rng.next(3)).map { _ in .init(name: ["a", "b", "c"][rng.next(3)], value: text()) })
            }
            let list = ItemList(items)
            #expect(Array(list) == items)
            #expect(list.allUseConfiguredSize == items.allSatisfy { $0.width == nil && $0.height == nil })
        }
    }

    @Test func invalidUTF8IsRepairedOnTheWayIn() {
        var builder = ItemStoreBuilder()
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82]
        bytes.withUnsafeBufferPointer { builder.addString($0) }
        builder.finishItem(ItemShape())
        let store = builder.build()
        #expect(store.item(0).label == "a\u{FFFD}b\u{FFFD}")
        #expect(!store.isASCII)
    }

    @Test func equalListsAreEqualWhateverTheirStorage() {
        let items = Array(Self.samples.prefix(5))
        let whole = ItemList(Self.samples)
        let view = whole.selecting(SearchResult.ItemIndices([0, 1, 2, 3, 4]))
        #expect(view == ItemList(items))
        #expect(view.hashValue == ItemList(items).hashValue)
        #expect(view != whole)
        #expect(whole.selecting(.all(whole.count)) == whole)
        let literal: ItemList = [Item(label: "x"), Item(label: "y")]
        #expect(Array(literal) == [Item(label: "x"), Item(label: "y")])
        #expect(Section(title: "t", items: items) == Section(title: "t", items: ItemList(items)))
    }

    @Test func viewsOfViewsMapToTheStore() {
        let list = ItemList((0..<20).map { Item(label: "n\($0)") })
        let evens = list.selecting(SearchResult.ItemIndices(stride(from: 0, to: 20, by: 2)))
        #expect(evens.map(\.label) == stride(from: 0, to: 20, by: 2).map { "n\($0)" })
        let someEvens = evens.selecting(SearchResult.ItemIndices([1, 4, 9]))
        #expect(someEvens.map(\.label) == ["n2", "n8", "n18"])
        #expect(someEvens.store === list.store)
        #expect(Array(someEvens.selection!) == [2, 8, 18])
    }

    @Test("a snapshot shares the builder's columns and never sees the items written after it")
    func snapshotsShareColumns() {
        var builder = ItemStoreBuilder()
        for index in 0..<1_000 { builder.append(Item(label: "item \(index)", keywords: ["k"])) }
        let first = builder.snapshot()
        for index in 1_000..<5_000 { builder.append(Item(label: "item \(index)")) }
        let second = builder.snapshot()
        #expect(first.count == 1_000 && second.count == 5_000)
        #expect(first.item(999) == Item(label: "item 999", keywords: ["k"]))
        #expect(second.item(4_999).label == "item 4999" && second.item(999) == first.item(999))
        // The first store kept the storage it was made over; the builder moved on when it grew.
        #expect(first.firstString.isEmpty && !second.firstString.isEmpty)
        #expect(first.identity == second.identity)
        let built = builder.build()
        #expect(built.count == 5_000 && built.identity == second.identity)
        // Columns that did not grow are the same memory in both snapshots.
        let third = builder.snapshot()
        third.bytes.withUnsafeBufferPointer { a in
            second.bytes.withUnsafeBufferPointer { b in #expect(a.baseAddress == b.baseAddress) }
        }
    }

    @Test("a copy of a builder writes into storage of its own")
    func copiedBuildersDoNotShareWrites() {
        var a = ItemStoreBuilder()
        a.append(Item(label: "one"))
        let snapshot = a.snapshot()
        var b = a
        a.append(Item(label: "from a"))
        b.append(Item(label: "from b"))
        #expect(a.build().item(1).label == "from a")
        #expect(b.build().item(1).label == "from b")
        #expect(snapshot.count == 1 && snapshot.item(0).label == "one")
        #expect(a.build().identity != b.build().identity)
    }

    @Test func recentItemsNeverMixStores() {
        // More stores and items than slots: whatever was kept or replaced, each list gives its own.
        let lists = (0..<40).map { store in
            ItemList((0..<500).map { Item(label: "\(store)-\($0)", keywords: ["k\(store)"]) })
        }
        for _ in 0..<2 {
            for (store, list) in lists.enumerated() {
                for index in stride(from: 0, to: 500, by: 7) {
                    #expect(list[index] == Item(label: "\(store)-\(index)", keywords: ["k\(store)"]))
                }
            }
        }
        #expect(Set(lists.map(\.store.identity)).count == lists.count)
    }

    @Test func fieldNamesInOrderOfFirstAppearance() {
        let list = ItemList([
            Item(label: "a", fields: [.init(name: "z", value: "1"), .init(name: "y", value: "2")]),
            Item(label: "b"),
            Item(label: "c", fields: [.init(name: "x", value: "3"), .init(name: "z", value: "4")]),
        ])
        #expect(list.fieldNames == ["z", "y", "x"])
        #expect(list.selecting(SearchResult.ItemIndices([1, 2])).fieldNames == ["x", "z"])
        #expect(list.selecting(SearchResult.ItemIndices([1])).fieldNames == [])
    }
}

/// A filtered catalog is views of its source's stores: the items it shows are the source's.
@Suite struct FilteredViewTests {
    static let catalog = Catalog(
        sections: [
            Section(title: "fruit", items: [Item(label: "apple"), Item(label: "banana"), Item(label: "cherry")]),
            Section(title: "none", items: [Item(label: "zzz")]),
            Section(title: "veg", items: [Item(label: "carrot", keywords: ["orange"]), Item(label: "pea")]),
        ], source: "test")

    @Test func filteredSectionsShowTheSourceItems() {
        let result = Search.run(SearchQuery("'an"), in: Self.catalog)
        let filtered = Self.catalog.filtered(by: result)
        #expect(filtered.sections.map(\.title) == ["fruit", "veg"])
        #expect(filtered.sections[0].items.map(\.label) == ["banana"])
        #expect(filtered.sections[1].items.map(\.label) == ["carrot"])  // by its keyword
        for (shown, match) in zip(filtered.sections, result.sections) {
            #expect(shown.items.store === Self.catalog.sections[match.section].items.store)
            for (position, source) in match.items.enumerated() {
                #expect(shown.items[position] == Self.catalog.sections[match.section].items[source])
            }
        }
    }

    @Test func searchingAFilteredCatalogEqualsSearchingACopy() {
        let narrowed = Self.catalog.filtered(by: Search.run(SearchQuery("a"), in: Self.catalog))
        let copy = Catalog(
            sections: narrowed.sections.map { Section(title: $0.title, items: Array($0.items)) },
            source: "copy")
        for text in ["", "r", "an", "^c", "ORANGE", "e a", "zzz"] {
            let query = SearchQuery(text)
            let onView = Search.run(query, in: narrowed), onCopy = Search.run(query, in: copy)
            #expect(
                onView.sections.map { [$0.section] + Array($0.items) }
                    == onCopy.sections.map { [$0.section] + Array($0.items) },
                "\(text)")
            #expect(narrowed.filtered(by: onView).sections == copy.filtered(by: onCopy).sections)
        }
    }
}

/// The whole-text scan (ASCII stores, many candidates) against item-by-item matching and the
/// reference, over stores whose items interleave searched strings with glyphs and variants.
@Suite struct WholeTextScanTests {
    static let alphabet = ["a", "b", "c", "A", "B", "1", "-", " ", "ab", "ba"]

    @Test func scanAgreesWithItemByItemAndReference() {
        var rng = SplitMix64(seed: 0xA5C11)
        var scanned = 0
        for _ in 0..<300 {
            let catalog = SearchTests.randomCatalog(&rng, alphabet: Self.alphabet, glyphs: true)
            var text = (0..<rng.next(3) + 1).map { _ in Self.alphabet[rng.next(Self.alphabet.count)] }.joined()
            if rng.next(3) == 0 { text = "^" + text }
            if rng.next(4) == 0 { text += " " + Self.alphabet[rng.next(Self.alphabet.count)] }
            let query = SearchQuery(text)
            let result = Search.run(query, in: catalog)
            var matcher = SearchMatcher(query)
            for (index, section) in catalog.sections.enumerated() where !section.items.isEmpty {
                let expected = section.items.indices.filter { SearchTests.referenceMatches(section.items[$0], query) }
                let byItem = section.items.store.withReader { store in
                    section.items.indices.filter { matcher.matches(store, $0) }
                }
                let got = result.sections.first { $0.section == index }.map { Array($0.matched) } ?? []
                #expect(got == expected, "\"\(text)\" in section \(index)")
                #expect(byItem == expected, "\"\(text)\" in section \(index), item by item")
                if section.items.store.isASCII, !query.isEmpty { scanned += 1 }
            }
        }
        #expect(scanned > 200)  // the whole-text scan was really taken
    }

    /// Text beyond ASCII: letters that read as ASCII ("é" as "e", the Kelvin sign as "k", "İ"
    /// as "i̇"), letters that end no word to ASCII's rules but are letters ("éa", "中a"), and
    /// glyphs; the scan's items are tried one by one, and must miss none of the items that
    /// item-by-item matching finds.
    static let beyond = [
        "a", "b", "e", "k", "i", "A", "é", "É", "\u{212A}", "\u{130}", "中", "ß", "ё", "-", " ", "ab", "😀", "ﬁ",
    ]

    @Test func scanBeyondASCIIAgreesWithItemByItemAndReference() {
        var rng = SplitMix64(seed: 0xBE40D)
        var scanned = 0
        let typed = ["a", "b", "e", "k", "i", "ab", "be", "ke", "fi", "ss"]
        for round in 0..<300 {
            let catalog = SearchTests.randomCatalog(&rng, alphabet: Self.beyond, glyphs: true)
            var text = typed[rng.next(typed.count)]
            switch rng.next(4) {
            case 0: text = "^" + text
            case 1: text = "'" + text
            default: break
            }
            if rng.next(4) == 0 { text += " " + typed[rng.next(typed.count)] }
            let matching: SearchQuery.Matching = [.word, .exact, .wordFirst][round % 3]
            let query = SearchQuery(text, matching: matching, caseMode: round % 5 == 0 ? .respect : .smart)
            let result = Search.run(query, in: catalog)
            var matcher = SearchMatcher(query)
            for (index, section) in catalog.sections.enumerated() where !section.items.isEmpty {
                // (The reference reads ASCII's rules only: beyond ASCII, item by item is the rule.)
                let byItem = section.items.store.withReader { store in
                    section.items.indices.filter { matcher.matches(store, $0) }
                }
                let got = result.sections.first { $0.section == index }.map { Array($0.matched) } ?? []
                #expect(got == byItem, "\"\(text)\" (\(matching)) in section \(index)")
                if section.items.store.withReader({ !$0.isASCII && matcher.canScanFirstTerm(in: $0) }) { scanned += 1 }
            }
        }
        #expect(scanned > 200)  // the scan was really taken beyond ASCII
    }

    @Test("every scalar that may read as ASCII is one the scan looks at")
    func scalarsReadingAsASCII() {
        var scalar: UInt32 = 0x80
        var readers = 0
        while scalar < 0x11_0000 {
            if let value = Unicode.Scalar(scalar) {
                let bytes = Array(String(value).utf8)
                let reads = bytes.withUnsafeBufferPointer {
                    SearchBytes.mayBecomeASCII($0, foldingCase: true, normalizing: true)
                }
                if reads {
                    readers += 1
                    #expect(SearchBytes.mayReadAsASCII(scalar), "U+\(String(scalar, radix: 16, uppercase: true))")
                }
                let found = bytes.withUnsafeBufferPointer {
                    SearchBytes.nextScalarReadingAsASCII(in: $0, from: 0)
                }
                #expect((found == 0) == SearchBytes.mayReadAsASCII(scalar))
            }
            scalar += 1
        }
        #expect(readers > 500)
    }

    @Test("only İ and the Kelvin sign lowercase to anything holding ASCII")
    func lowercasingToASCII() {
        var found: [UInt8] = []
        var scalar: UInt32 = 0x80
        while scalar < 0x11_0000 {
            if let value = Unicode.Scalar(scalar), value.properties.changesWhenLowercased {
                found += value.properties.lowercaseMapping.utf8.filter { $0 < 0x80 }
            }
            scalar += 1
        }
        #expect(found.sorted() == SearchBytes.lettersFromLowercasing)
    }

    @Test("a letter that lowercasing gives scores where it starts a word (the Kelvin sign's k)")
    func lettersFromLowercasingScore() {
        let items: ItemList = [Item(label: "zzz", keywords: ["kite"]), Item(label: "\u{212A}elvin")]
        let catalog = Catalog(sections: [Section(title: "s", items: items)], source: "test")
        let result = Search.run(SearchQuery("k", matching: .word, caseMode: .smart), in: catalog)
        // (The label's word start, 6 points, over a keyword's, 5.)
        #expect(result.sections.first.map { Array($0.items) } == [1, 0])
    }

    @Test func rarestByteIsTheLeastCommonLetter() {
        func offset(_ text: String) -> Int {
            Array(text.utf8).withUnsafeBufferPointer { SearchBytes.rarestByteOffset(in: $0) }
        }
        #expect(offset("amber") == 2)  // b
        #expect(offset("a") == 0)
        #expect(offset("tea1") == 3)  // not a letter: rare
        #expect(offset("Zeta") == 0)  // Z as z
    }

    @Test func nextByteFindsEveryOccurrence() {
        var rng = SplitMix64(seed: 99)
        let bytes: [UInt8] = Array("aAb`@ -\u{1}".utf8)
        for _ in 0..<2_000 {
            let haystack = (0..<rng.next(40)).map { _ in bytes[rng.next(bytes.count)] }
            let target: UInt8 = rng.next(2) == 0 ? UInt8(ascii: "a") : UInt8(ascii: "`")
            let folding = target == UInt8(ascii: "a") && rng.next(2) == 0
            let start = rng.next(haystack.count + 1)
            let expected =
                haystack.indices.first { $0 >= start && (haystack[$0] == target || (folding && haystack[$0] == 0x41)) }
                ?? haystack.count
            let found = haystack.withUnsafeBufferPointer { hay in
                hay.baseAddress.map {
                    SearchBytes.nextByte(target, foldingCase: folding, in: $0, count: hay.count, from: start)
                }
                    ?? hay.count
            }
            #expect(found == expected, "\(haystack) from \(start)")
        }
    }
}
