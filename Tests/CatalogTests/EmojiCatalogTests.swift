import Foundation
import TerminalTestSupport
import SeededRandom
import Testing

@testable import Catalog

@Suite("EmojiCatalog")
struct EmojiCatalogTests {
    static let emojiTest = "/usr/share/unicode/emoji/emoji-test.txt"
    static let tones: ClosedRange<UInt32> = 0x1F3FB...0x1F3FF

    static func hasTone(_ text: String) -> Bool {
        text.unicodeScalars.contains { tones.contains($0.value) }
    }

    static func withoutTonesOrVS16(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !tones.contains($0.value) && $0.value != 0xFE0F })
        return String(scalars)
    }

    var items: [Item] { EmojiCatalog.load().sections.flatMap(\.items) }

    func item(_ glyph: String) throws -> Item {
        try #require(items.first { $0.glyph == glyph }, "no item for \(glyph)")
    }

    /// The version of Data/emoji.tsv (its first line) and its counts (Data/README.md).
    static let emojiVersion = "17.0"
    static let rowCount = 1_884
    static let variantCount = 2_060

    /// The emoji of Emoji 15.1, 16.0 and 17.0 that are rows of their own.
    static let newer = [
        "🙂‍↔️", "🙂‍↕️", "🧑‍🧑‍🧒", "🧑‍🧑‍🧒‍🧒", "🧑‍🧒", "🧑‍🧒‍🧒", "🐦‍🔥", "🍋‍🟩", "🍄‍🟫", "⛓️‍💥",
        "🫩", "🫆", "🪾", "🫜", "🪉", "🪏", "🫟", "🇨🇶",
        "🫪", "🫯", "🫈", "🧑‍🩰", "🫍", "🛘", "🪊", "🪎",
    ]

    /// Whether `glyph` is a hair style or a direction added to a base emoji: a ZWJ and one of
    /// the hair components U+1F9B0...U+1F9B3, or U+27A1.
    static func hasStyle(_ glyph: String) -> Bool {
        let scalars = Array(glyph.unicodeScalars)
        return zip(scalars, scalars.dropFirst()).contains { joiner, style in
            joiner.value == 0x200D && ((0x1F9B0...0x1F9B3).contains(style.value) || style.value == 0x27A1)
        }
    }

    @Test("the newest emoji are there, named, placed and toned")
    func newestEmoji() throws {
        let catalog = EmojiCatalog.load()
        let glyphs = Set(catalog.sections.flatMap { $0.items.compactMap(\.glyph) })
        for glyph in Self.newer { #expect(glyphs.contains(glyph), "\(glyph)") }
        #expect(try item("🐦‍🔥").label == "phoenix")
        #expect(try item("🍋‍🟩").keywords.contains(":lime:"))
        #expect(try item("🫪").label == "distorted face")
        #expect(try item("🫪").keywords.contains("shocked"))  // CLDR 48's keywords
        #expect(try item("🧑‍🩰").variants == ["🧑🏻‍🩰", "🧑🏼‍🩰", "🧑🏽‍🩰", "🧑🏾‍🩰", "🧑🏿‍🩰"])
        #expect(try item("🇨🇶").keywords.contains("cq"))
        // Emoji 17.0 gave the people with bunny ears and the wrestlers their tones, one and two.
        #expect(try item("👯").variants.count == 25)
        #expect(try item("👯").variants.contains("🧑🏻‍🐰‍🧑🏿"))
        // Beside their kin: lime after lemon, in emoji-test.txt's order.
        let food = try #require(catalog.sections.first { $0.title == "Food & Drink" })
        let lemon = try #require(food.items.firstIndex { $0.glyph == "🍋" })
        #expect(food.items[lemon + 1].glyph == "🍋‍🟩")
    }

    @Test("hair styles and directions are variants of their base, as tones are")
    func hairAndDirectionVariants() throws {
        let man = try item("👨")
        #expect(man.variants.count == 29)  // 5 tones, then 4 hair styles with their 5 tones each
        #expect(Array(man.variants.prefix(7)) == ["👨🏻", "👨🏼", "👨🏽", "👨🏾", "👨🏿", "👨‍🦰", "👨🏻‍🦰"])
        #expect(man.keywords.contains("red hair") && man.keywords.contains(":red_haired_man:"))
        #expect(man.keywords.contains("bald"))
        let walking = try item("🚶")
        #expect(walking.variants.count == 11)  // 5 tones, facing right and its 5 tones
        #expect(walking.variants[5] == "🚶‍➡️" && walking.variants[10] == "🚶🏿‍➡️")
        #expect(walking.keywords.contains("facing right"))
        #expect(try item("🚶‍♀️").variants.contains("🚶🏽‍♀️‍➡️"))
        #expect(try item("👩‍🦽").variants.contains("👩‍🦽‍➡️"))
        // Every such form is a variant, none a row; blond hair and beards are emoji of their own.
        for item in items { #expect(!Self.hasStyle(item.glyph ?? ""), "\(item.label) is a row") }
        #expect(try item("👱").label == "person: blond hair")
        #expect(try item("🧔‍♀️").label == "woman: beard")
    }

    @Test("rows and variants are every fully-qualified emoji of emoji-test.txt", .needs(files: [emojiTest]))
    func countMatchesEmojiTest() throws {
        // Counted independently: the fully-qualified lines outside the Component group. Every
        // one is a row or a variant; where the file is the table's version (Debian 13's is
        // 15.1, 12's 15.0), rows and variants are as many as they.
        let text = try String(contentsOfFile: Self.emojiTest, encoding: .utf8)
        var group = ""
        var version = ""
        var expected: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# Version:") {
                version = line.dropFirst("# Version:".count).trimmingCharacters(in: .whitespaces)
            }
            if line.hasPrefix("# group:") {
                group = line.dropFirst("# group:".count).trimmingCharacters(in: .whitespaces)
                continue
            }
            if line.hasPrefix("#") { continue }
            let parts = line.split(separator: ";", maxSplits: 1)
            guard parts.count == 2, group != "Component",
                parts[1].trimmingCharacters(in: .whitespaces).hasPrefix("fully-qualified")
            else { continue }
            var glyph = ""
            glyph.unicodeScalars.append(
                contentsOf: parts[0].split(separator: " ").compactMap {
                    UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
                })
            expected.append(glyph)
        }
        #expect(expected.count > 3_600)
        let all = items
        let glyphs = Set(all.compactMap(\.glyph) + all.flatMap(\.variants))
        for glyph in expected { #expect(glyphs.contains(glyph), "\(glyph) is in emoji-test.txt \(version)") }
        #expect(all.count == Self.rowCount)
        #expect(all.map(\.variants.count).reduce(0, +) == Self.variantCount)
        if version == Self.emojiVersion { #expect(glyphs.count == expected.count) }
    }

    @Test func sourceAndGroupOrder() {
        let catalog = EmojiCatalog.load()
        #expect(catalog.source == "emoji")
        let titles = catalog.sections.map(\.title)
        #expect(titles.first == "Smileys & Emotion")
        #expect(titles.last == "Flags")
        #expect(!titles.contains("Component"))
        #expect(Set(titles).count == titles.count)
        #expect(
            titles == [
                "Smileys & Emotion", "People & Body", "Animals & Nature", "Food & Drink",
                "Travel & Places", "Activities", "Objects", "Symbols", "Flags",
            ])
    }

    @Test func grinningFace() throws {
        let grinning = try item("😀")
        #expect(grinning.label == "grinning face")
        #expect(grinning.keywords.contains("face"))
        #expect(EmojiCatalog.load().sections.first?.items.first?.glyph == "😀")
    }

    @Test func shortcodesOfGitHubSlackAndCLDR() throws {
        // GitHub's (emoji's aliases), Slack's (emoji-data), CLDR's (emoji's names).
        #expect(try item("👍").keywords.suffix(3) == [":thumbsup:", ":+1:", ":thumbs_up:"])
        #expect(try item("😂").keywords.contains(":joy:"))
        #expect(try item("😂").keywords.contains(":face_with_tears_of_joy:"))
        #expect(try item("🇺🇸").keywords.contains(":flag-us:"))  // Slack's
        #expect(try item("🇺🇸").keywords.contains(":us:"))  // GitHub's
    }

    @Test("shortcodes are those in use: no :__1: for :-1:, no :upside__down_face:")
    func shortcodesAreReal() throws {
        for section in EmojiCatalog.load().sections {
            for item in section.items {
                #expect(!item.keywords.contains { $0.contains("__") }, "\(item.label): \(item.keywords)")
            }
        }
        #expect(try item("👎").keywords.contains(":-1:"))
        #expect(try item("🙃").keywords.contains(":upside_down_face:"))
    }

    @Test func thumbsUpHasFiveSkinTones() throws {
        let thumbs = try item("👍")
        #expect(thumbs.variants == ["👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿"])
    }

    @Test func mixedToneSequencesAttachToTheirBase() throws {
        // Five single-tone forms plus twenty two-tone ones (different left and right hands).
        let handshake = try item("🤝")
        #expect(handshake.variants.count == 25)
        #expect(handshake.variants.contains("🫱🏻\u{200D}🫲🏿"))
        #expect(try item("💏").variants.count == 25)
    }

    @Test func tonedGlyphsOnlyWithoutABase() {
        let all = items
        let bases = Set(all.compactMap { $0.glyph }.filter { !Self.hasTone($0) }.map(Self.withoutTonesOrVS16))
        for item in all {
            guard let glyph = item.glyph, Self.hasTone(glyph) else { continue }
            #expect(!bases.contains(Self.withoutTonesOrVS16(glyph)), "\(glyph) should be a variant of its base")
        }
        // Every variant carries a skin tone, a hair style or a direction; no variant is also an
        // item.
        let glyphs = Set(all.compactMap(\.glyph))
        for item in all {
            for variant in item.variants {
                #expect(Self.hasTone(variant) || Self.hasStyle(variant), "\(variant)")
                #expect(!glyphs.contains(variant))
            }
        }
    }

    @Test func catKeywords() throws {
        #expect(try item("🐱").keywords.contains("cat"))
    }

    @Test func subgroupGrouping() {
        let byGroup = EmojiCatalog.load(grouping: .group)
        let bySubgroup = EmojiCatalog.load(grouping: .subgroup)
        #expect(bySubgroup.sections.count > byGroup.sections.count * 5)
        #expect(bySubgroup.sections.first?.title == "face-smiling")
        #expect(bySubgroup.itemCount == byGroup.itemCount)
        #expect(bySubgroup.sections.flatMap(\.items) == byGroup.sections.flatMap(\.items))
        #expect(Set(bySubgroup.sections.map(\.title)).count == bySubgroup.sections.count)
    }

    @Test func everyItemHasNameAndGlyph() {
        for item in items {
            #expect(!item.label.isEmpty)
            #expect(item.glyph?.isEmpty == false, "\(item.label) has no glyph")
            #expect(!item.keywords.isEmpty, "\(item.label) has no keywords")
            #expect(!item.keywords.contains(""))
            #expect(!item.label.contains("\t") && !item.label.contains("\n"))
        }
    }

    @Test func parsesRowsWithEmptyFields() {
        let table = "# comment\nG\tsub\t😀\tgrinning face\t\t\nG\tsub2\t😃\tbig eyes\ta|b\nH\tsub\t👍\tthumbs\t\t👍🏻 👍🏿\n"
        let bytes = Array(table.utf8)
        let sections = bytes.withUnsafeBufferPointer { EmojiCatalog.parse($0, grouping: .group) }
        #expect(sections.map(\.title) == ["G", "H"])
        #expect(sections[0].items.map(\.label) == ["grinning face", "big eyes"])
        #expect(sections[0].items[0].keywords.isEmpty && sections[0].items[0].variants.isEmpty)
        #expect(sections[0].items[1].keywords == ["a", "b"])
        #expect(sections[1].items[0].variants == ["👍🏻", "👍🏿"])
        let subgroups = bytes.withUnsafeBufferPointer { EmojiCatalog.parse($0, grouping: .subgroup) }
        #expect(subgroups.map(\.title) == ["sub", "sub2"])
        #expect(subgroups[0].items.count == 2)
    }

    /// What a table says, read by the format's description with String's split: the sections'
    /// titles, and each item's glyph, label, keywords, variants and rank.
    static func reference(_ table: String, grouping: EmojiCatalog.Grouping) -> [String: [String]] {
        var sections: [String: [String]] = [:]
        // (By bytes: "\r\n" is one Character, which a split at "\n" would not cut.)
        for var line in table.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard line.first != UInt8(ascii: "#"), fields.count >= 4, !fields[3].isEmpty else { continue }
            let key = grouping == .subgroup && !fields[1].isEmpty ? fields[1] : fields[0]
            let keywords = fields.count > 4 ? fields[4].split(separator: "|").joined(separator: "|") : ""
            let variants = fields.count > 5 ? fields[5].split(separator: " ").joined(separator: " ") : ""
            let rank = fields.count > 6 ? Int(fields[6]).map { "\($0)" } ?? "" : ""
            sections[key, default: []].append([fields[2], fields[3], keywords, variants, rank].joined(separator: "\t"))
        }
        return sections
    }

    @Test(
        "the table parser reads any table as the format's description does (fields, CRLF, blank lines, no last newline)"
    )
    func parserAgainstReference() {
        var random = SplitMix64(seed: 2026)
        let pieces = ["a", "bc", "defghij", "klmnopqrstu", "😀", "é", " ", "|", "x|y", "12", ""]
        func text(_ count: Int) -> String {
            (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        for _ in 0..<400 {
            var lines: [String] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: lines.append("")
                case 1: lines.append("# " + text(3))
                default:
                    let fieldCount = Int.random(in: 1...8, using: &random)
                    let group = ["G", "Group two", "G3 long title", ""].randomElement(using: &random)!
                    let fields = [group] + (1..<fieldCount).map { _ in text(Int.random(in: 0...4, using: &random)) }
                    lines.append(fields.joined(separator: "\t"))
                }
            }
            let newline = Bool.random(using: &random) ? "\r\n" : "\n"
            var table = lines.joined(separator: newline)
            if Bool.random(using: &random) { table += newline }
            for grouping in EmojiCatalog.Grouping.allCases {
                let sections = Array(table.utf8).withUnsafeBufferPointer { EmojiCatalog.parse($0, grouping: grouping) }
                var read: [String: [String]] = [:]
                for section in sections {
                    read[section.title] = section.items.map { item in
                        [
                            item.glyph ?? "", item.label, item.keywords.joined(separator: "|"),
                            item.variants.joined(separator: " "), item.rank.map { "\($0)" } ?? "",
                        ].joined(separator: "\t")
                    }
                }
                #expect(read == Self.reference(table, grouping: grouping), "\(grouping): \(table.debugDescription)")
            }
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// A test that needs `files` (Unicode's data files, from unicode-data): it runs where they
    /// are there, is skipped elsewhere, saying what is missing, and fails in CI (`TestTools`).
    fileprivate static func needs(files: [String]) -> Self {
        .enabled("\(TestTools.skipReason([], files: files))") { try TestTools.available([], files: files) }
    }
}
