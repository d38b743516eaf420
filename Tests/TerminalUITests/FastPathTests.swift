// The fast paths of TextWidth and CellBuffer.put (printable ASCII counted by bytes, a single
// scalar measured without grapheme breaking, truncation in one pass) against the definitions
// they shortcut: one cluster at a time, as the code did before them. Random texts are made
// of pieces chosen to sit on every kind of cluster boundary next to ASCII.

import SeededRandom
import Testing
@testable import TerminalUI

@Suite struct FastPathTests {
    /// Pieces that join or break around ASCII: combining marks and variation selectors after a
    /// letter or digit (keycaps), CR LF, controls, ZWJ, regional indicators, Hangul jamo, a
    /// prepended format character, wide and emoji scalars.
    static let pieces: [String] = [
        "a", "b", "Z", "1", "#", " ", "~", "\t", "\r", "\n", "\r\n", "\u{7F}", "\u{0}", "\u{85}", "\u{AD}",
        "\u{301}", "\u{FE0F}", "\u{FE0E}", "\u{20E3}", "\u{200D}", "\u{200B}", "é", "ß", "→", "…",
        "中", "Ａ", "😀", "❤", "❤️", "👍🏽", "🏽", "\u{1F1EF}", "\u{1F1F5}", "👨‍👩‍👧", "\u{1100}",
        "\u{1161}", "\u{11A8}", "\u{600}", "\u{3099}", "か", "\u{E000}", "\u{10FFFD}", "\u{20000}",
        // Clusters longer than the window the stdlib's rules are first given (32 bytes).
        "e" + String(repeating: "\u{301}", count: 15), "e" + String(repeating: "\u{301}", count: 16),
        "\u{1100}\u{1161}" + String(repeating: "\u{302}", count: 20), "👨‍👩‍👧‍👦\u{301}\u{301}\u{301}",
        "\u{200C}", "\u{E0067}", "\u{E007F}", "🏴", "1\u{FE0F}", "\u{903}", "\u{94D}", "क", "\u{2028}",
    ]

    static func texts(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix64(seed: seed)
        var texts = [
            "", "abc", "hello world", "\r\n", "a\r\nb", "e\u{301}", "1\u{FE0F}\u{20E3}", "ab\u{301}",
            "x😀", "😀x", "…", "a…",
        ]
        for _ in 0..<count {
            var text = ""
            // Mostly ASCII runs, as real labels are, with other pieces in between.
            for _ in 0..<Int.random(in: 0...7, using: &generator) {
                if Bool.random(using: &generator) {
                    text += String(repeating: "x", count: Int.random(in: 1...4, using: &generator))
                } else {
                    text += pieces.randomElement(using: &generator)!
                }
            }
            texts.append(text)
        }
        return texts
    }

    static let measures = [
        TextWidth(),
        // A non-ASCII key keeps the ASCII fast paths; an ASCII key switches them off.
        TextWidth(overrides: ["❤️": 1, "→": 2, "e\u{301}": 2]),
        TextWidth(overrides: ["a": 3, "x": 0, "1\u{FE0F}\u{20E3}": 1]),
        TextWidth(overrides: ["\r\n": 2]),
    ]

    /// The width by the definition: the sum of the clusters' widths.
    static func referenceWidth<S: StringProtocol>(_ text: S, _ measure: TextWidth) -> Int {
        text.reduce(0) { $0 + measure.width(of: $1) }
    }

    /// `truncate` as it was written before the fast paths, one cluster at a time.
    static func referenceTruncate(
        _ text: String, toWidth width: Int, ellipsis: String = "…",
        _ measure: TextWidth
    ) -> String {
        let width = max(0, width)
        let budget = width - referenceWidth(ellipsis, measure)
        var used = 0
        var cut = text.startIndex
        var growing = budget >= 0
        var index = text.startIndex
        while index < text.endIndex {
            used += measure.width(of: text[index])
            if used > width {
                if budget < 0 { return referenceTruncate(ellipsis, toWidth: width, ellipsis: "", measure) }
                return String(text[..<cut]) + ellipsis
            }
            let next = text.index(after: index)
            if growing {
                if used <= budget { cut = next } else { growing = false }
            }
            index = next
        }
        return text
    }

    /// `CellBuffer.put` as it was written before the fast paths.
    static func referencePut(
        _ text: String, into buffer: inout CellBuffer, x: Int, y: Int, style: CellStyle,
        maxWidth: Int?, measure: TextWidth
    ) -> Int {
        guard y >= 0, y < buffer.height else { return 0 }
        let limit = min(buffer.width, maxWidth.map { x + max(0, $0) } ?? buffer.width)
        var column = x
        for character in text {
            let clusterWidth = measure.width(of: character)
            if clusterWidth == 0 { continue }
            if column + clusterWidth > limit { break }
            // Drawn as itself, or as its visible form: signs or a mark on its base, a cell each.
            let shown = VisibleText.shown(String(character), measure: measure)
            let cells = shown == String(character) ? [(shown, clusterWidth)] : shown.map { (String($0), 1) }
            var cellColumn = column
            for (cluster, cellWidth) in cells {
                if cellColumn >= 0 {
                    buffer.clearCutClusters(row: y, from: cellColumn, to: cellColumn + cellWidth)
                    buffer[cellColumn, y] = Cell(text: cluster, width: UInt8(cellWidth), style: style)
                    for extra in 1..<cellWidth {
                        buffer[cellColumn + extra, y] = Cell(text: "", width: 0, style: style)
                    }
                }
                cellColumn += cellWidth
            }
            column += clusterWidth
        }
        return column - x
    }

    @Test(arguments: 0..<measures.count)
    func widthAgreesWithTheSumOfClusters(_ measureIndex: Int) {
        let measure = Self.measures[measureIndex]
        for text in Self.texts(count: 3000, seed: UInt64(measureIndex)) {
            #expect(measure.width(of: text) == Self.referenceWidth(text, measure), "\(text.debugDescription)")
            // Substrings on cluster boundaries, and on scalar boundaries inside a cluster.
            let characters = text.count
            for (from, to) in [
                (0, characters), (1, characters), (0, max(0, characters - 1)),
                (characters / 2, characters),
            ] where from <= to {
                let slice = text.dropFirst(from).prefix(to - from)
                #expect(
                    measure.width(of: slice) == Self.referenceWidth(slice, measure),
                    "\(text.debugDescription) \(from)..<\(to)")
            }
            let scalars = text.unicodeScalars
            if scalars.count > 1 {
                let start = scalars.index(after: scalars.startIndex)
                let slice = text[start...]
                #expect(
                    measure.width(of: slice) == Self.referenceWidth(slice, measure),
                    "\(text.debugDescription) scalar 1...")
            }
        }
    }

    @Test(arguments: 0..<measures.count)
    func truncateAgreesWithTheClusterWalk(_ measureIndex: Int) {
        let measure = Self.measures[measureIndex]
        for text in Self.texts(count: 1500, seed: 100 + UInt64(measureIndex)) {
            for width in -1...9 {
                for ellipsis in ["…", "", "...", "中", "❤️"] {
                    #expect(
                        measure.truncate(text, toWidth: width, ellipsis: ellipsis)
                            == Self.referenceTruncate(text, toWidth: width, ellipsis: ellipsis, measure),
                        "\(text.debugDescription) \(width) \(ellipsis.debugDescription)")
                }
            }
        }
    }

    @Test(arguments: 0..<measures.count)
    func putAgreesWithTheClusterWalk(_ measureIndex: Int) {
        let measure = Self.measures[measureIndex]
        var generator = SplitMix64(seed: 200 + UInt64(measureIndex))
        let bold = CellStyle(bold: true), blue = CellStyle(background: .ansi(4))
        for text in Self.texts(count: 1500, seed: 300 + UInt64(measureIndex)) {
            // A row already holding wide clusters, which a write may cut at either end.
            var before = CellBuffer(width: 10, height: 2, style: blue)
            before.put(
                ["中文字中文", "a中b😀c", "👍🏽x中", "ab"].randomElement(using: &generator)!,
                x: Int.random(in: -1...3, using: &generator), y: 1, style: blue)
            let x = Int.random(in: -3...11, using: &generator)
            let maxWidth = Bool.random(using: &generator) ? nil : Int.random(in: -1...10, using: &generator)
            var fast = before, reference = before
            let used = fast.put(text, x: x, y: 1, style: bold, maxWidth: maxWidth, measure: measure)
            let expected = Self.referencePut(
                text, into: &reference, x: x, y: 1, style: bold, maxWidth: maxWidth,
                measure: measure)
            #expect(used == expected, "\(text.debugDescription) x \(x) max \(String(describing: maxWidth))")
            #expect(fast == reference, "\(text.debugDescription) x \(x) max \(String(describing: maxWidth))")
        }
    }

    /// Measuring only as far as a screen shows (for 50 MB labels and long queries) against
    /// measuring all of it.
    @Test(arguments: 0..<measures.count)
    func boundedMeasuresAgreeWithTheWholeText(_ measureIndex: Int) {
        let measure = Self.measures[measureIndex]
        for text in Self.texts(count: 1000, seed: 400 + UInt64(measureIndex)) {
            let whole = measure.width(of: text)
            for limit in -1...12 {
                #expect(
                    measure.width(of: text, upTo: limit) == max(0, min(whole, limit)),
                    "\(text.debugDescription) \(limit)")
                // The end that fits, as dropping characters from the front until it fits did.
                var reference = text
                while measure.width(of: reference) > limit, !reference.isEmpty { reference.removeFirst() }
                #expect(
                    String(measure.suffix(of: text, fittingWidth: limit)) == reference,
                    "\(text.debugDescription) \(limit)")
            }
        }
    }

    @Test func everySingleScalarIsMeasuredAsItsCharacter() {
        // The single-scalar shortcut of width(of: String) skips grapheme breaking.
        let measure = TextWidth()
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            if measure.width(of: String(character)) != measure.width(of: character) {
                Issue.record("U+\(String(value, radix: 16))")
            }
        }
    }
}

extension FastPathTests {
    /// The clusters `TextWidth.UTF8Text` finds, as UTF-8 ranges, and Swift's.
    static func clusters(_ scalars: [UInt32]) -> (walked: [Range<Int>], expected: [Range<Int>]) {
        var text = ""
        for value in scalars { text.unicodeScalars.append(Unicode.Scalar(value)!) }
        let walked = TextWidth.UTF8Text.with(text) { utf8 in
            var ranges: [Range<Int>] = []
            var offset = 0
            while offset < utf8.end {
                ranges.append(offset..<utf8.clusterEnd(from: offset))
                offset = ranges.last!.upperBound
            }
            return ranges
        }
        var expected: [Range<Int>] = []
        var offset = 0
        for character in text {
            expected.append(offset..<offset + character.utf8.count)
            offset += character.utf8.count
        }
        return (walked, expected)
    }

    /// The shortcuts of `TextWidth.UTF8Text.clusterEnd` against Swift's grapheme breaking: every
    /// scalar below U+3400 and in the symbol and emoji blocks, followed by each scalar that can
    /// join it or end its cluster, and inside ZWJ sequences on either side of the joiner.
    @Test func clusterEndAgreesWithGraphemeBreaking() {
        let followers: [UInt32] = [
            0x61, 0x31, 0x20, 0x7E, 0x0A, 0x0D, 0x301, 0x200D, 0x200C, 0xFE0E, 0xFE0F, 0x20E3,
            0x1F3FB, 0x1F3FF, 0xE0020, 0xE0067, 0xE007F, 0x1F1EF, 0x1F600, 0x2764, 0x4E2D,
            0x1161, 0x903, 0x3042, 0x30A2, 0xAC00, 0xE9, 0x9FFF, 0x11A8, 0x0600,
        ]
        let firsts =
            Array(UInt32(0)..<0x3400) + Array(UInt32(0x1F000)..<0x1FC00)
            + Array(UInt32(0x4E00)...0x9FFF).filter { $0 % 7 == 0 }
            + Array(UInt32(0xAC00)...0xD7A3).filter { $0 % 5 == 0 }
            + [
                0x1F1EF, 0x1F1F5, 0x600, 0x6DD, 0x110BD, 0xE0067, 0x10FFFD, 0x3030, 0x3297, 0xA9, 0xAE, 0x9FFF, 0xD7A3,
                0x1100, 0x1161,
            ]
        let man: UInt32 = 0x1F468, zwj: UInt32 = 0x200D
        var sequences: [[UInt32]] = []
        for first in firsts where Unicode.Scalar(first) != nil {
            for second in followers {
                sequences.append([first, second])
            }
            if first < 0x7F || TextWidth.isEmoji(Unicode.Scalar(first)!) {
                // Where the walk looks past the second scalar.
                for second in [0xFE0F, 0x1F3FD, 0x1F1F5, zwj] as [UInt32] {
                    for third in [0x61, 0xFE0F, 0x1F1F5, zwj, man] as [UInt32] {
                        sequences.append([first, second, third])
                    }
                }
            }
            sequences.append([man, zwj, first])
            sequences.append([man, zwj, first, 0x61])
            sequences.append([man, 0x1F3FD, zwj, first, zwj, man])
            sequences.append([first, zwj, man])
            sequences.append([first, 0xFE0F, zwj, 0x2764, 0xFE0F, 0x61])
        }
        var failures = 0
        for sequence in sequences {
            let (walked, expected) = Self.clusters(sequence)
            if walked != expected {
                failures += 1
                if failures <= 20 { Issue.record("\(sequence.map { String($0, radix: 16) }): \(walked) \(expected)") }
            }
        }
        #expect(failures == 0)
        #expect(sequences.count > 400_000)
    }

    @Test func symbolTableMatchesTheProperties() {
        for range in TextWidth.SymbolTable.ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                #expect(
                    TextWidth.scalarWidth(scalar) == TextWidth.computedScalarWidth(scalar),
                    "U+\(String(value, radix: 16))")
                #expect(TextWidth.isEmoji(scalar) == scalar.properties.isEmoji, "U+\(String(value, radix: 16))")
            }
        }
    }
}
