// Text that is valid but hostile to a terminal: escape sequences, C0 and C1 controls, bidi
// controls, invisible format characters, lone combining marks. None of it may reach a cell
// as it is; each is shown by the visible form VisibleText gives it, measured as it is drawn,
// so a cut label still ends in "…". Emoji sequences (ZWJ, variation selectors, skin tones,
// tags) are not touched.

import CNcursesw
import SeededRandom
import Testing
@testable import TerminalUI

@Suite struct HostileTextTests {
    let measure = TextWidth()

    /// Hostile inputs and how the screen shows them.
    static let representations: [(input: String, shown: String)] = [
        ("\u{1B}[2J", "␛[2J"),
        ("\u{1B}]52;c;aGk=\u{7}", "␛]52;c;aGk=␇"),
        ("\u{1B}]8;;https://x.example\u{1B}\\link\u{1B}]8;;\u{1B}\\", "␛]8;;https://x.example␛\\link␛]8;;␛\\"),
        ("\u{1B}[201~", "␛[201~"),
        ("a\u{0}b\u{8}c\u{7F}", "a␀b␈c␡"),
        ("tab\there", "tab␉here"),
        ("line\nbreak\r\nend\r", "line␊break␍␊end␍"),
        ("\u{80}\u{85}\u{9B}31m\u{9F}", "\u{FFFD}\u{FFFD}\u{FFFD}31m\u{FFFD}"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}evil", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}evil"),
        ("\u{2066}\u{2067}\u{2068}\u{2069}x", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}x"),
        ("\u{200E}\u{200F}\u{61C}", "\u{FFFD}\u{FFFD}\u{FFFD}"),
        (
            "in\u{200B}vis\u{2060}ible\u{FEFF}\u{AD}\u{2028}\u{2029}",
            "in\u{FFFD}vis\u{FFFD}ible\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"
        ),
        ("\u{301}", "◌\u{301}"),
        ("\u{301}\u{302}abc", "◌\u{301}\u{302}abc"),
        ("\u{1B}\u{301}", "␛◌\u{301}"),  // a mark after a control has nothing to sit on
        ("\u{200D}", "◌\u{200D}"),
        ("\u{FE0F}x", "◌\u{FE0F}x"),
        ("\u{600}", "\u{FFFD}"),  // a prepended mark with nothing after it
        // Kept as they are.
        ("e\u{301}", "e\u{301}"),
        ("\u{600}12", "\u{600}12"),
        ("a\u{200C}b", "a\u{200C}b"),
        ("plain text", "plain text"),
    ]

    @Test(arguments: representations.indices)
    func eachHostileInputHasAVisibleForm(_ index: Int) {
        let (input, shown) = Self.representations[index]
        #expect(VisibleText.shown(input) == shown, "\(input.debugDescription)")
        // Measured as drawn: the width is the cells put uses, and those show the visible form.
        var buffer = CellBuffer(width: 80, height: 1)
        let used = buffer.put(input, x: 0, y: 0, style: .plain)
        #expect(used == measure.width(of: input), "\(input.debugDescription)")
        #expect(trimmedLine(buffer) == shown, "\(input.debugDescription)")
        Self.expectNothingHidden(buffer, "\(input.debugDescription)")
    }

    func trimmedLine(_ buffer: CellBuffer) -> String {
        var line = Substring(buffer.lines[0])
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }

    /// Every scalar of the Unicode categories a terminal may take for a control (Cc, Cf, Zl,
    /// Zp) is hidden, but those that join their neighbours into something drawn; and what is
    /// hidden beyond those categories is unassigned and invisible by default.
    @Test func hiddenScalarsFollowTheUnicodeCategories() {
        let joining: Set<UInt32> = [0x200C, 0x200D]
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                let kept =
                    joining.contains(value) || (0xE0020...0xE007F).contains(value)
                    || VisibleText.isPrependedConcatenationMark(value)
                #expect(VisibleText.isHidden(value) == !kept, "U+\(String(value, radix: 16))")
            case .unassigned where VisibleText.isHidden(value):
                #expect(properties.isDefaultIgnorableCodePoint, "U+\(String(value, radix: 16))")
            default:
                #expect(!VisibleText.isHidden(value), "U+\(String(value, radix: 16))")
            }
        }
    }

    /// A hidden scalar is a grapheme cluster of its own (but CR LF), so showing it by a sign
    /// never takes a neighbour's scalars with it.
    @Test func aHiddenScalarIsAClusterOfItsOwn() {
        for value in UInt32(0)...0x10FFFF where VisibleText.isHidden(value) {
            let text = "a" + String(Unicode.Scalar(value)!) + "b\u{301}"
            #expect(text.count == 3, "U+\(String(value, radix: 16))")
            #expect(
                VisibleText.shown(text) == "a" + String(Unicode.Scalar(VisibleText.sign(for: value))!) + "b\u{301}",
                "U+\(String(value, radix: 16))")
            #expect(measure.width(of: text) == 3, "U+\(String(value, radix: 16))")
        }
    }

    /// `[widths]` sizes clusters drawn as themselves: it cannot let a lone mark (or a control,
    /// which its keys refuse) be drawn bare.
    @Test func overridesDoNotUndoTheVisibleForm() {
        let measure = TextWidth(overrides: ["\u{301}": 2, "\u{301}\u{302}": 2, "❤️": 1])
        for (text, shown) in [("\u{301}", "◌\u{301}"), ("\u{301}\u{302}", "◌\u{301}\u{302}"), ("❤️", "❤️")] {
            #expect(VisibleText.shown(text, measure: measure) == shown)
            var buffer = CellBuffer(width: 4, height: 1)
            #expect(buffer.put(text, x: 0, y: 0, style: .plain, measure: measure) == measure.width(of: text))
            #expect(buffer[0, 0].text == shown)
        }
        #expect(measure.width(of: "\u{301}") == 1 && measure.width(of: "❤️") == 1)
    }

    @Test func emojiSequencesAreDrawnAsThemselves() {
        let emoji = ["👨‍👩‍👧‍👦", "🏳️‍🌈", "👩🏽‍💻", "❤️", "☺︎", "1️⃣", "#️⃣", "🇯🇵", "👍🏽", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🧑‍🤝‍🧑", "😶‍🌫️"]
        for glyph in emoji {
            #expect(VisibleText.shown(glyph) == glyph, "\(glyph)")
            #expect(measure.measuredCluster(glyph) != nil, "\(glyph)")
            var buffer = CellBuffer(width: 4, height: 1)
            buffer.put(glyph, x: 0, y: 0, style: .plain)
            #expect(buffer[0, 0].text == glyph, "\(glyph)")
        }
        // What the grid draws glyphs with refuses what is not drawn as itself.
        for hostile in ["\u{1B}", "\u{202E}", "\u{301}", "\u{FE0F}", "\r\n"] {
            #expect(measure.measuredCluster(hostile) == nil, "\(hostile.debugDescription)")
        }
    }

    /// The issue's case: a label whose controls were measured as nothing but drawn as a cell
    /// each lost its end, "…" included. Measured as drawn, it is cut with "…" in the room.
    @Test func aLabelCutForItsControlsEndsInAnEllipsis() {
        let label = "ab\u{1B}cdef"
        let cut = measure.truncate(label, toWidth: 6)
        #expect(cut == "ab\u{1B}cd…")
        var buffer = CellBuffer(width: 6, height: 1)
        #expect(buffer.put(cut, x: 0, y: 0, style: .plain, maxWidth: 6) == 6)
        #expect(buffer.lines == ["ab␛cd…"])
        // Every cut drawn in its room ends in "…", whatever the hostile pieces.
        var generator = SplitMix64(seed: 11)
        let pieces = [
            "x", "yz", "\u{1B}[2J", "\u{7}", "\u{9B}", "\u{202E}", "\u{2067}", "\u{200F}", "\u{301}", "\r\n",
            "中", "😀", "👨‍👩‍👧", "e\u{301}", "\u{AD}", "\u{FE0F}", "\u{200D}", "\t",
        ]
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...8, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let room = Int.random(in: 1...12, using: &generator)
            let fitted = measure.truncate(text, toWidth: room)
            var row = CellBuffer(width: 20, height: 1)
            let used = row.put(fitted, x: 0, y: 0, style: .plain, maxWidth: room)
            #expect(used == measure.width(of: fitted), "\(text.debugDescription) in \(room)")
            #expect(used <= room, "\(text.debugDescription) in \(room)")
            if fitted != text {
                let last = (0..<used).last { !row[$0, 0].isContinuation }
                #expect(last.map { row[$0, 0].text } == "…", "\(text.debugDescription) in \(room): \(row.lines[0])")
            } else {
                #expect(used == measure.width(of: text))
            }
            Self.expectNothingHidden(row, text.debugDescription)
        }
    }

    /// Text put after other text (a label after its glyph and a space): a first cluster of no
    /// base gets its dotted circle there too, rather than joining the space.
    @Test func standaloneTextStartsWithABase() {
        #expect(VisibleText.standalone("\u{301}x") == "◌\u{301}x")
        #expect(VisibleText.standalone("\u{200D}x") == "◌\u{200D}x")
        for kept in ["", "abc", "e\u{301}", "\u{1B}[2J", "\u{202E}x", "🏽", "\u{600}1", "中"] {
            #expect(VisibleText.standalone(kept) == kept, "\(kept.debugDescription)")
        }
        #expect(VisibleText.shown(" " + VisibleText.standalone("\u{301}x")) == " ◌\u{301}x")
    }

    @Test func aCellSetToAControlHoldsItsSign() {
        var buffer = CellBuffer(width: 3, height: 1)
        buffer[0, 0] = Cell(text: "\u{1B}", width: 1, style: .plain)
        buffer[1, 0] = Cell(text: "\u{202E}", width: 1, style: .plain)
        buffer[2, 0] = Cell(text: "a\u{85}", width: 1, style: .plain)
        #expect(buffer.lines == ["␛\u{FFFD}\u{FFFD}"])
    }

    /// 10,000 characters of hostile text: drawn into its room, measured, cut, all of it
    /// linear (the test would take minutes otherwise).
    @Test func tenThousandCharacterLabels() {
        let unit = "\u{1B}[2J\u{202E}\u{301}x😀"
        let label = String(repeating: unit, count: 10_000 / unit.count)
        #expect(label.count == 10_000)
        // ␛ [ 2 J, the sign of U+202E, ◌ under the mark, x, 😀 (2 cells).
        #expect(measure.width(of: label) == 10_000 / unit.count * (4 + 1 + 1 + 1 + 2))
        let cut = measure.truncate(label, toWidth: 30)
        #expect(measure.width(of: cut) <= 30 && cut.hasSuffix("…"))
        var buffer = CellBuffer(width: 40, height: 1)
        buffer.put(label, x: 0, y: 0, style: .plain)
        #expect(buffer.lines[0].hasPrefix("␛[2J\u{FFFD}◌\u{301}x😀␛[2J"))
        Self.expectNothingHidden(buffer, "10,000 characters")
        #expect(VisibleText.shown(label).unicodeScalars.allSatisfy { !VisibleText.isHidden($0.value) })
    }

    /// The frame encoder writes the cells: with stand-ins for the terminal's own sequences,
    /// the bytes of a frame of hostile text hold no control byte at all, no C1 control and
    /// no bidi control.
    @Test func encodedFramesCarryNoControlFromTheText() {
        var frame = CellBuffer(width: 60, height: Self.representations.count)
        for (row, (input, _)) in Self.representations.enumerated() {
            frame.put(input, x: 0, y: row, style: CellStyle(bold: row % 2 == 0))
        }
        var encoder = FrameEncoderTests.encoder()
        let bytes = encoder.encode(frame, screenWidth: 60, screenHeight: frame.height, cursorAfter: (0, 0))
        #expect(!bytes.contains { $0 < 0x20 || $0 == 0x7F })
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.unicodeScalars.contains { VisibleText.isHidden($0.value) })
        #expect(text.contains("␛[2J") && text.contains("◌\u{301}"))
    }

    /// The keys a paste of `text` becomes (all of it in one read), decoded as NcursesScreen
    /// decodes wget_wch's values: an ESC with what follows it as a key sequence, the Esc key only
    /// when nothing follows; C0 controls as keys, C1 controls ignored.
    static func keys(pasting text: String) -> [Key] {
        var keys: [Key] = []
        var values = text.unicodeScalars.map(\.value)[...]
        while let value = values.popFirst() {
            var decoded = NcursesScreen.decode(status: cnc_ok(), value: value)
            if decoded == .key(.escape) {
                var following: [UInt32] = []
                while true {
                    guard let next = values.popFirst() else {
                        decoded = NcursesScreen.decodeEscapeSequence(following, ended: true) ?? .ignored
                        break
                    }
                    following.append(next)
                    if let sequence = NcursesScreen.decodeEscapeSequence(following, ended: false) {
                        decoded = sequence
                        break
                    }
                }
            }
            if case .key(let key) = decoded { keys.append(key) }
        }
        return keys
    }

    /// A paste types no control into the search prompt: escape sequences (the end of a
    /// bracketed paste among them) are taken whole and dropped, C0 controls are keys (BEL is
    /// Ctrl-G, which the prompt ignores), C1 controls are dropped. What it types that is hidden
    /// (bidi controls) is drawn by its sign.
    @Test func aPasteTypesNoControl() {
        let pasted = "a\u{1B}[2Jb\u{1B}]52;c;SGk=\u{7}c\u{1B}[201~d\u{9B}31me\u{202E}f\u{1B}]8;;u\u{1B}\\g"
        let keys = Self.keys(pasting: pasted)
        let typed = keys.compactMap { key -> Character? in
            if case .character(let character) = key { return character }
            return nil
        }
        #expect(String(typed) == "ab52;c;SGk=cd31me\u{202E}f8;;ug")  // ESC \ (the string terminator) is Alt+\: dropped
        #expect(keys.contains(.control("g")))
        #expect(!typed.contains { $0.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) } })
        #expect(VisibleText.shown(String(typed)) == "ab52;c;SGk=cd31me\u{FFFD}f8;;ug")
    }

    /// No cell of `buffer` holds a hidden scalar, nor a cluster that starts with a scalar of
    /// no width (which a terminal would draw on the cell before): each cell's text is what
    /// VisibleText shows of it.
    static func expectNothingHidden(
        _ buffer: CellBuffer, _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let text = buffer[x, y].text
                if VisibleText.shown(text) != text {
                    Issue.record(
                        "\(context): cell \(x),\(y) holds \(text.debugDescription)", sourceLocation: sourceLocation)
                }
            }
        }
    }
}
