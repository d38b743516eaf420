import Foundation
import TerminalTestSupport
import Testing

@testable import TerminalUI

@Suite struct TextWidthTests {
    let measure = TextWidth()

    // MARK: - Single clusters

    @Test func printableASCIIIsOneCell() {
        for byte in UInt8(0x20)..<0x7F {
            #expect(measure.width(of: Character(Unicode.Scalar(byte))) == 1, "\(byte)")
        }
        #expect(measure.width(of: "Hello, world!") == 13)
    }

    @Test func controlsTakeTheCellOfTheirSign() {
        for value in Array(UInt32(0)..<0x20) + Array(UInt32(0x7F)..<0xA0) {
            // No width of their own, but drawn as a visible sign of one cell (VisibleText).
            #expect(TextWidth.computedWidth(of: [Unicode.Scalar(value)!]) == 0, "\(value)")
            #expect(measure.width(of: Character(Unicode.Scalar(value)!)) == 1, "\(value)")
        }
        #expect(measure.width(of: "\r\n" as Character) == 2)  // ␍␊
        #expect(measure.width(of: "a\tb") == 3)
    }

    @Test func cjkIsTwoCellsEach() {
        #expect(measure.width(of: "中文") == 4)
        #expect(measure.width(of: "日本語テキスト") == 14)
        #expect(measure.width(of: "中a文") == 5)
        #expect(measure.width(of: "\u{20000}") == 2)  // CJK Extension B
    }

    @Test func hangulIsTwoCells() {
        #expect(measure.width(of: "한국어") == 6)
        // Conjoining jamo L + V + T form one cluster.
        #expect(measure.width(of: "\u{1100}\u{1161}\u{11A8}" as Character) == 2)
    }

    @Test func fullwidthFormsAreTwoCells() {
        #expect(measure.width(of: "ＡＢＣ") == 6)
        #expect(measure.width(of: "！") == 2)
        #expect(measure.width(of: "\u{3000}") == 2)  // ideographic space (F)
        #expect(measure.width(of: "ｱｲｳ") == 3)  // halfwidth katakana
    }

    @Test func latinAndOtherNarrowScriptsAreOneCell() {
        #expect(measure.width(of: "naïve café") == 10)
        #expect(measure.width(of: "Ελληνικά") == 8)
        #expect(measure.width(of: "Привет") == 6)
        #expect(measure.width(of: "→★☆") == 3)  // ambiguous width counts as narrow
    }

    @Test func combiningMarksAddNoWidth() {
        #expect(measure.width(of: "e\u{0301}" as Character) == 1)
        #expect(measure.width(of: "e\u{0301}\u{0302}\u{0323}" as Character) == 1)
        #expect(measure.width(of: "か\u{3099}" as Character) == 2)
        // Alone at the start, no width of their own; drawn on a dotted circle, one cell.
        for mark: Character in ["\u{0301}", "\u{20DD}" /* Me */, "\u{3099}" /* wide */] {
            #expect(TextWidth.computedWidth(of: mark.unicodeScalars) == 0, "\(mark.unicodeScalars.first!)")
            #expect(measure.width(of: mark) == 1, "\(mark.unicodeScalars.first!)")
        }
    }

    @Test func formatCharactersHaveNoWidthOfTheirOwn() {
        for value: UInt32 in [0x00AD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0xFE0E, 0xFE0F] {
            #expect(TextWidth.computedWidth(of: [Unicode.Scalar(value)!]) == 0, "\(value)")
            // Alone, each takes one cell: a sign, or a dotted circle under a joiner or selector.
            #expect(measure.width(of: Character(Unicode.Scalar(value)!)) == 1, "\(value)")
        }
        // A prepended format character takes the width of what it is attached to.
        #expect(measure.width(of: Character("\u{0600}1")) == 1)
    }

    @Test func zwjSequencesAreTwoCells() {
        let family: Character = "👨‍👩‍👧‍👦"
        #expect(family.unicodeScalars.count == 7)
        #expect(measure.width(of: family) == 2)
        #expect(measure.width(of: "🏳️‍🌈" as Character) == 2)
        #expect(measure.width(of: "👩🏽‍💻" as Character) == 2)
        #expect(measure.width(of: "🧑‍🤝‍🧑" as Character) == 2)
        #expect(measure.width(of: "👁‍🗨" as Character) == 2)  // parts default to text presentation
    }

    @Test func flagsAreTwoCellsAndLoneRegionalIndicatorsOne() {
        #expect(measure.width(of: "🇯🇵" as Character) == 2)
        #expect(measure.width(of: "🇯🇵🇫🇷") == 4)
        #expect(measure.width(of: "\u{1F1EF}" as Character) == 1)
        #expect(measure.width(of: "🇯🇵\u{1F1EB}") == 3)
        #expect(measure.width(of: "🏴󠁧󠁢󠁳󠁣󠁴󠁿" as Character) == 2)  // tag sequence
    }

    @Test func skinTonesAreTwoCells() {
        #expect(measure.width(of: "👍🏽" as Character) == 2)
        #expect(measure.width(of: "☝🏻" as Character) == 2)  // text-default base
        #expect(measure.width(of: "🏽" as Character) == 2)  // modifier alone
    }

    @Test func variationSelectorsChoosePresentation() {
        #expect(measure.width(of: "❤" as Character) == 1)
        #expect(measure.width(of: "❤️" as Character) == 2)
        #expect(measure.width(of: "☺" as Character) == 1)
        #expect(measure.width(of: "☺︎" as Character) == 1)
        #expect(measure.width(of: "☺️" as Character) == 2)
        #expect(measure.width(of: "😀" as Character) == 2)
        #expect(measure.width(of: "😀\u{FE0E}" as Character) == 2)  // W base stays wide
        #expect(measure.width(of: "⌚" as Character) == 2)
        #expect(measure.width(of: "a\u{FE0F}" as Character) == 1)  // not an emoji base
    }

    @Test func keycapsAreTwoCells() {
        #expect(measure.width(of: "#️⃣" as Character) == 2)
        #expect(measure.width(of: "1️⃣" as Character) == 2)
        #expect(measure.width(of: "*️⃣" as Character) == 2)
        #expect(measure.width(of: "#\u{20E3}" as Character) == 1)  // unqualified: text keycap
    }

    @Test func stringWidthSumsClusters() {
        #expect(measure.width(of: "a中👍🏽🇯🇵e\u{0301}") == 1 + 2 + 2 + 2 + 1)
        let text = "xx中文yy"
        #expect(measure.width(of: text.dropFirst(2).prefix(2)) == 4)  // Substring
        #expect(measure.width(of: "") == 0)
    }

    // MARK: - Overrides

    @Test func overridesWin() {
        let custom = TextWidth(overrides: ["🇯🇵": 1, "❤️": 1, "→": 2, "a": 3])
        #expect(custom.width(of: "🇯🇵" as Character) == 1)
        #expect(custom.width(of: "❤️" as Character) == 1)
        #expect(custom.width(of: "❤" as Character) == 1)
        #expect(custom.width(of: "→" as Character) == 2)
        #expect(custom.width(of: "a" as Character) == 3)
        #expect(custom.width(of: "b" as Character) == 1)
        #expect(custom.width(of: "a→🇯🇵中") == 3 + 2 + 1 + 2)
        #expect(custom != measure)
        #expect(TextWidth(overrides: [:]) == measure)
    }

    @Test func overridesApplyToTruncation() {
        let custom = TextWidth(overrides: ["→": 2])
        #expect(custom.truncate("a→b", toWidth: 3) == "a…")
        #expect(custom.fit("a→b", toWidth: 3) == "a… ")
        #expect(custom.truncate("a→b", toWidth: 4) == "a→b")
    }

    // MARK: - truncate / fit

    @Test func truncateKeepsTextThatFits() {
        #expect(measure.truncate("hello", toWidth: 5) == "hello")
        #expect(measure.truncate("hello", toWidth: 9) == "hello")
        #expect(measure.truncate("中文", toWidth: 4) == "中文")
        #expect(measure.truncate("", toWidth: 0) == "")
        #expect(measure.truncate("", toWidth: 3) == "")
    }

    @Test func truncateEndsWithEllipsis() {
        #expect(measure.truncate("hello", toWidth: 4) == "hel…")
        #expect(measure.truncate("hello", toWidth: 2) == "h…")
        #expect(measure.truncate("hello", toWidth: 1) == "…")
        #expect(measure.truncate("hello", toWidth: 0) == "")
        #expect(measure.truncate("hello", toWidth: -3) == "")
        #expect(measure.truncate("hello world", toWidth: 8, ellipsis: "...") == "hello...")
        #expect(measure.truncate("hello", toWidth: 4, ellipsis: "") == "hell")
    }

    @Test func truncateDropsAWideClusterThatDoesNotFit() {
        // 中文字 is 6 cells; with the ellipsis, 3 cells are left: 文 would straddle the limit.
        #expect(measure.truncate("中文字", toWidth: 4) == "中…")
        #expect(measure.width(of: measure.truncate("中文字", toWidth: 4)) == 3)
        #expect(measure.truncate("中文字", toWidth: 5) == "中文…")
        #expect(measure.truncate("a中", toWidth: 2) == "a…")
        #expect(measure.truncate("中文", toWidth: 2) == "…")
        #expect(measure.truncate("中文", toWidth: 3) == "中…")
        #expect(measure.truncate("👨‍👩‍👧‍👦👍🏽x", toWidth: 4) == "👨‍👩‍👧‍👦…")
        #expect(measure.truncate("🇯🇵🇫🇷", toWidth: 3) == "🇯🇵…")
    }

    @Test func truncateNeverSplitsClusters() {
        #expect(measure.truncate("e\u{0301}e\u{0301}e\u{0301}", toWidth: 2) == "e\u{0301}…")
        let flags = measure.truncate("🇯🇵🇫🇷🇩🇪", toWidth: 4)
        #expect(flags == "🇯🇵…")
        #expect(flags.unicodeScalars.count == 3)
    }

    @Test func truncateWithAWideEllipsis() {
        #expect(measure.truncate("abcdef", toWidth: 4, ellipsis: "⋯⋯") == "ab⋯⋯")
        #expect(measure.truncate("abcdef", toWidth: 4, ellipsis: "中") == "ab中")
        #expect(measure.truncate("abcdef", toWidth: 3, ellipsis: "中") == "a中")
        // The ellipsis alone is wider than the limit: it is cut itself.
        #expect(measure.truncate("abcdef", toWidth: 1, ellipsis: "中") == "")
        #expect(measure.truncate("abcdef", toWidth: 2, ellipsis: "...") == "..")
        #expect(measure.truncate("ab", toWidth: 2, ellipsis: "...") == "ab")
    }

    @Test func fitPadsToExactWidth() {
        #expect(measure.fit("ab", toWidth: 5) == "ab   ")
        #expect(measure.fit("hello", toWidth: 5) == "hello")
        #expect(measure.fit("hello!", toWidth: 5) == "hell…")
        #expect(measure.fit("中文字", toWidth: 4) == "中… ")
        #expect(measure.fit("中", toWidth: 3) == "中 ")
        #expect(measure.fit("", toWidth: 2) == "  ")
        #expect(measure.fit("abc", toWidth: 0) == "")
        #expect(measure.fit("abc", toWidth: -1) == "")
        for text in ["", "a", "中文字", "👨‍👩‍👧‍👦👍🏽x", "e\u{0301}中🇯🇵", "hello world"] {
            for width in 0...12 {
                #expect(measure.width(of: measure.fit(text, toWidth: width)) == width, "\(text) \(width)")
                #expect(measure.width(of: measure.truncate(text, toWidth: width)) <= width)
            }
        }
    }

    // MARK: - Table

    @Test func tableIsSortedAndMerged() {
        let ranges = eastAsianWideRanges
        #expect(!ranges.isEmpty)
        for (index, range) in ranges.enumerated() {
            #expect(range.0 <= range.1)
            if index > 0 { #expect(ranges[index - 1].1 + 1 < range.0) }
        }
        #expect(TextWidth.isEastAsianWide(0x4E00))
        #expect(!TextWidth.isEastAsianWide(0x41))
        #expect(!TextWidth.isEastAsianWide(0x10FFFF))
    }

    // MARK: - Unicode data files

    static let emojiTest = "/usr/share/unicode/emoji/emoji-test.txt"
    static let eastAsianWidth = "/usr/share/unicode/EastAsianWidth.txt"

    @Test(.needs(files: [emojiTest]))
    func everyFullyQualifiedEmojiIsTwoCells() throws {
        let text = try String(contentsOfFile: Self.emojiTest, encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";", maxSplits: 1)
            guard fields.count == 2,
                fields[1].drop(while: { $0 == " " }).hasPrefix("fully-qualified")
            else { continue }
            let scalars = fields[0].split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
            var emoji = ""
            emoji.unicodeScalars.append(contentsOf: scalars)
            #expect(emoji.count == 1, "\(fields[0]) is \(emoji.count) clusters")
            #expect(measure.width(of: emoji) == 2, "\(fields[0]) \(emoji)")
            checked += 1
        }
        #expect(checked > 3000)
    }

    @Test(.needs(files: [eastAsianWidth]))
    func everyWideOrFullwidthRangeBoundIsTwoCells() throws {
        let text = try String(contentsOfFile: Self.eastAsianWidth, encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let data = line.split(separator: "#", maxSplits: 1)[0]
            let fields = data.split(separator: ";")
            guard fields.count == 2 else { continue }
            let value = fields[1].trimmingCharacters(in: .whitespaces)
            guard value == "W" || value == "F" else { continue }
            let bounds = fields[0].trimmingCharacters(in: .whitespaces)
                .split(separator: ".", omittingEmptySubsequences: true)
                .map { UInt32($0, radix: 16)! }
            for bound in Set(bounds) {
                guard let scalar = Unicode.Scalar(bound) else { continue }  // surrogates
                #expect(TextWidth.isEastAsianWide(bound), "U+\(String(bound, radix: 16))")
                switch scalar.properties.generalCategory {
                case .unassigned, .privateUse, .surrogate:
                    continue
                case .nonspacingMark, .enclosingMark, .format:
                    // Wide combining marks (U+302A, U+3099, U+16FE4, ...): zero width wins, so
                    // after a base they add nothing; alone, one is drawn on its dotted circle,
                    // one cell (VisibleText).
                    #expect(
                        measure.width(of: "\u{3042}" + String(Character(scalar))) == 2, "U+\(String(bound, radix: 16))")
                    #expect(measure.width(of: Character(scalar)) == 1, "U+\(String(bound, radix: 16))")
                default:
                    #expect(measure.width(of: Character(scalar)) == 2, "U+\(String(bound, radix: 16))")
                }
                checked += 1
            }
        }
        #expect(checked > 300)
    }
}

extension Trait where Self == ConditionTrait {
    /// A test that needs `files` (Unicode's data files, from unicode-data): it runs where they
    /// are there, is skipped elsewhere, saying what is missing, and fails in CI (`TestTools`).
    fileprivate static func needs(files: [String]) -> Self {
        .enabled("\(TestTools.skipReason([], files: files))") { try TestTools.available([], files: files) }
    }
}
