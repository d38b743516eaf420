// The frame encoder: the bytes it writes, read with stand-ins for the terminfo strings, and
// random frame sequences played on a model of a terminal for several terminfo entries, each
// frame of which must show exactly (text, attributes, colours).

import SeededRandom
import TerminalTestSupport
import Testing
@testable import TerminalUI

@Suite struct FrameEncoderTests {
    // MARK: - Terminals

    /// Readable stand-ins for every sequence: "<cup 1,2>", "<sgr0>"...
    static func standIns(bce: Bool = true, el: Bool = true, scrolls: Bool = true) -> TerminalSequences {
        func text(_ name: String) -> [UInt8] { Array("<\(name)>".utf8) }
        return TerminalSequences(
            normal: text("sgr0"), bold: text("bold"), dim: text("dim"), reverse: text("rev"), underline: text("smul"),
            defaultColors: text("op"), foreground: { text("fg \($0)") }, background: { text("bg \($0)") },
            paletteSize: 256, clearScreen: text("clear"), clearToEndOfLine: el ? text("el") : [],
            backgroundColorErase: bce, autowrapOff: text("rmam"), autowrapOn: text("smam"), cornerScrolls: false,
            moveCursor: { $0 += Array("<cup \($1),\($2)>".utf8) },
            scrollRegion: scrolls ? { $0 += Array("<csr \($1),\($2)>".utf8) } : nil,
            scrollForward: scrolls ? { $0 += Array("<ind \($1)>".utf8) } : nil,
            scrollReverse: scrolls ? { $0 += Array("<ri \($1)>".utf8) } : nil)
    }

    /// A terminfo entry as infocmp prints it (escapes as \E, ^J and \017 spelled out here).
    struct Entry {
        var name: String
        var strings: [String: String]
        var numbers: [String: Int]
        var flags: Set<String>

        var sequences: TerminalSequences {
            TerminalSequences.terminfo(
                string: { strings[$0].map { Array($0.utf8) } }, number: { numbers[$0] },
                flag: { flags.contains($0) })!
        }

        var colors: ColorSupport { ColorSupport(sequences) }
    }

    static let xterm = Entry(
        name: "xterm-256color",
        strings: [
            "cup": "\u{1B}[%i%p1%d;%p2%dH", "csr": "\u{1B}[%i%p1%d;%p2%dr", "ind": "\n", "ri": "\u{1B}M",
            "indn": "\u{1B}[%p1%dS", "rin": "\u{1B}[%p1%dT", "el": "\u{1B}[K", "clear": "\u{1B}[H\u{1B}[2J",
            "sgr0": "\u{1B}(B\u{1B}[m", "op": "\u{1B}[39;49m", "bold": "\u{1B}[1m", "dim": "\u{1B}[2m",
            "rev": "\u{1B}[7m", "smul": "\u{1B}[4m", "rmam": "\u{1B}[?7l", "smam": "\u{1B}[?7h",
            "setaf": "\u{1B}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m",
            "setab": "\u{1B}[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e48;5;%p1%d%;m",
        ], numbers: ["colors": 256], flags: ["am", "bce", "xenl"])

    /// tmux's entry: no bce (blanks come in with the default colours), sgr0 ending with SI,
    /// and no rmam/smam (DECAWM stands in).
    static let tmux: Entry = {
        var entry = xterm
        entry.name = "tmux-256color"
        entry.flags = ["am", "xenl"]
        entry.strings["sgr0"] = "\u{1B}[m\u{0F}"
        entry.strings["rmam"] = nil
        entry.strings["smam"] = nil
        return entry
    }()

    /// screen: 8 colours.
    static let screen: Entry = {
        var entry = tmux
        entry.name = "screen"
        entry.numbers["colors"] = 8
        entry.strings["setaf"] = "\u{1B}[3%p1%dm"
        entry.strings["setab"] = "\u{1B}[4%p1%dm"
        return entry
    }()

    /// A bare terminal: 8 colours without defaults of its own, no scrolling region, no el,
    /// no indn/rin.
    static let bare: Entry = {
        var entry = screen
        entry.name = "bare"
        for name in ["csr", "el", "op", "indn", "rin"] { entry.strings[name] = nil }
        return entry
    }()

    /// No colours at all (as with NO_COLOR): backgrounds become reverse video.
    static let monochrome: Entry = {
        var entry = xterm
        entry.name = "monochrome"
        entry.strings["setaf"] = nil
        entry.strings["setab"] = nil
        entry.numbers["colors"] = nil
        return entry
    }()

    static let entries = [xterm, tmux, screen, bare, monochrome]

    // MARK: - Bytes

    static func frame(_ rows: [String], width: Int = 12, style: CellStyle = .plain) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: rows.count)
        for (y, row) in rows.enumerated() { buffer.put(row, x: 0, y: y, style: style) }
        return buffer
    }

    /// An encoder whose idea of the terminal's widths is: CJK and emoji 2, joiners, variation
    /// selectors and combining marks 0, the rest 1.
    static func encoder(_ sequences: TerminalSequences = standIns(), colors: ColorSupport = .none) -> FrameEncoder {
        var encoder = FrameEncoder(sequences: sequences, colors: colors)
        encoder.scalarWidth = { scalar in
            switch scalar {
            case 0x200D, 0xFE0F, 0x300..<0x370: return 0
            case 0x4E00..<0xA000, 0x1F300...: return 2
            default: return 1
            }
        }
        return encoder
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func encode(_ frames: [CellBuffer], with encoder: inout FrameEncoder, screenWidth: Int? = nil) -> [String] {
        frames.map { frame in
            text(
                encoder.encode(
                    frame, screenWidth: screenWidth ?? frame.width, screenHeight: frame.height,
                    cursorAfter: (0, 0)))
        }
    }

    /// The bytes of the change from one frame to another (rows of plain text, 12 cells wide).
    static func change(_ old: [String], _ new: [String], width: Int = 12) -> String {
        var encoder = encoder()
        return encode([frame(old, width: width), frame(new, width: width)], with: &encoder)[1]
    }

    @Test func aTerminalWithXtermsMouseGetsDragReportingSwitchedOffFirstWhenLeft() {
        var entry = Self.xterm
        entry.strings["XM"] = "\u{1B}[?1006;1000%?%p1%{1}%=%th%el%;"
        entry.strings["rmcup"] = "\u{1B}[?1049l"
        let sequences = entry.sequences
        // Drag reporting and SGR reports (past column 223), off in the reverse order.
        #expect(sequences.dragReportingOn == Array("\u{1B}[?1002h\u{1B}[?1006h".utf8))
        #expect(sequences.dragReportingOff == Array("\u{1B}[?1006l\u{1B}[?1002l".utf8))
        #expect(sequences.leave == Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1006;1000l\u{1B}[?1049l".utf8))
        // No mouse in the entry: nothing to switch.
        #expect(Self.bare.sequences.dragReportingOn.isEmpty && Self.bare.sequences.dragReportingOff.isEmpty)
    }

    @Test func framesAreSynchronizedUpdatesAndTheResetEndsOne() {
        let sequences = Self.xterm.sequences
        #expect(sequences.synchronizedBegin == Array("\u{1B}[?2026h".utf8))
        #expect(sequences.synchronizedEnd == Array("\u{1B}[?2026l".utf8))
        let encoder = FrameEncoder(sequences: sequences, colors: Self.xterm.colors)
        #expect(
            encoder.resetBytes(screenHeight: 24, cursor: (23, 0)).starts(with: [0x18] + Array("\u{1B}[?2026l".utf8)))
    }

    @Test func theFirstFrameClearsAndWritesWhatIsNotBlank() {
        var encoder = Self.encoder()
        let bytes = Self.encode([Self.frame(["ab", "", "c"], width: 4)], with: &encoder)
        #expect(bytes == ["<rmam><sgr0><clear><cup 0,0>ab<cup 2,0>c<smam><cup 0,0>"])
    }

    @Test func anUnchangedFrameWritesNothing() {
        #expect(Self.change(["ab❤️cd", "xy"], ["ab❤️cd", "xy"]) == "")
    }

    @Test func onlyChangedCellsAreWritten() {
        #expect(Self.change(["abcdef", "xy"], ["abXdef", "xz"]) == "<rmam><cup 0,2><sgr0>X<cup 1,1>z<smam><cup 0,0>")
    }

    @Test func aShortGapIsWrittenAgainRatherThanJumped() {
        var encoder = Self.encoder()
        let bytes = Self.encode(
            [Self.frame(["abcdefghij"]), Self.frame(["Xbcdefghij"]), Self.frame(["abcDefghij"])],
            with: &encoder)
        // After X the cursor is at column 1: "bc" is shorter than a move to D.
        #expect(bytes[2] == "<rmam><cup 0,0><sgr0>abcD<smam><cup 0,0>")
    }

    @Test func aRiskyClusterIsWrittenOverBlanksAndTheTwoCellsAfterItAgain() {
        // Blanks over both cells (the terminal may draw the heart narrower than xy), back to
        // the start, the glyph; then c and d written again from an explicit position (it may
        // have drawn the heart wider).
        #expect(Self.change(["abxycd"], ["ab❤️cd"]) == "<rmam><cup 0,2><sgr0>  <cup 0,2>❤️<cup 0,4>cd<smam><cup 0,0>")
    }

    @Test func whereTheTerminalShowsBlanksOfItsStyleNoBlanksGoFirst() {
        #expect(Self.change(["ab  cd"], ["ab❤️cd"]) == "<rmam><cup 0,2><sgr0>❤️<cup 0,4>cd<smam><cup 0,0>")
        // Blanks of another style are not the same.
        var encoder = Self.encoder(colors: ColorSupport(enabled: true, paletteSize: 256, hasDefaultColors: true))
        var new = Self.frame(["ab"], width: 4)
        new.put("❤️", x: 2, y: 0, style: CellStyle(background: .ansi(4)))
        let bytes = Self.encode([Self.frame(["ab"], width: 4), new], with: &encoder)
        #expect(bytes[1] == "<rmam><cup 0,2><sgr0><bg 4>  <cup 0,2>❤️<sgr0><smam><cup 0,0>")
    }

    @Test func theCellsATerminalJoiningNothingWouldCoverAreWrittenAgain() {
        // A terminal that joins no ZWJ sequence draws the family as four people, over eight cells.
        #expect(
            Self.change(["xxxxxxxxxxxx"], ["👨‍👩‍👦‍👦xxxxxxxxxx"])
                == "<rmam><cup 0,0><sgr0>  <cup 0,0>👨‍👩‍👦‍👦<cup 0,2>xxxxxx<smam><cup 0,0>")
        // A cluster inside an earlier one's spill gets its blanks first, even where the old
        // frame had blanks: the terminal shows what the spill drew there.
        #expect(
            Self.change([""], ["🏃‍♂️‍➡️☺️"])
                == "<rmam><cup 0,0><sgr0>🏃‍♂️‍➡️<cup 0,2>  <cup 0,2>☺️<cup 0,4><el><smam><cup 0,0>")
        // A short cluster inside that spill does not end it sooner.
        #expect(
            Self.change(["xxxxxxxxxxxx"], ["👨‍👩‍👦‍👦e\u{301}xxxxxxxxx"])
                == "<rmam><cup 0,0><sgr0>  <cup 0,0>👨‍👩‍👦‍👦<cup 0,2> <cup 0,2>e\u{301}<cup 0,3>xxxxx<smam><cup 0,0>")
    }

    @Test func aWideCharacterTheTerminalMeasuresAlikeIsWrittenInline() {
        // No move after it: the cursor is known to be past its two cells.
        #expect(Self.change(["a  b"], ["a中c"]) == "<rmam><cup 0,1><sgr0>中c<smam><cup 0,0>")
    }

    @Test func aWideClusterCutByTheRightEdgeBecomesBlanks() {
        var encoder = Self.encoder()
        let bytes = Self.encode([Self.frame(["abc中"], width: 5)], with: &encoder, screenWidth: 4)
        #expect(bytes == ["<rmam><sgr0><clear><cup 0,0>abc <smam><cup 0,0>"])
    }

    @Test func stylesChangeWithTheFewestSequences() {
        var buffer = CellBuffer(width: 8, height: 1)
        buffer.put("a", x: 0, y: 0, style: CellStyle(foreground: .ansi(1)))
        buffer.put("b", x: 1, y: 0, style: CellStyle(foreground: .ansi(1), bold: true))  // bold added
        buffer.put("c", x: 2, y: 0, style: CellStyle(foreground: .ansi(2), bold: true))  // colour alone
        buffer.put("d", x: 3, y: 0, style: CellStyle(bold: true))  // back to default colour
        buffer.put("e", x: 4, y: 0, style: CellStyle(foreground: .ansi(2)))  // bold goes
        var encoder = Self.encoder(colors: ColorSupport(enabled: true, paletteSize: 256, hasDefaultColors: true))
        let bytes = Self.encode([buffer], with: &encoder)
        #expect(bytes == ["<rmam><sgr0><clear><cup 0,0><fg 1>a<bold>b<fg 2>c<op>d<sgr0><fg 2>e<sgr0><smam><cup 0,0>"])
    }

    @Test func aBlankRowEndIsClearedWithEl() {
        #expect(Self.change(["abcdefghijkl"], ["ab"]) == "<rmam><cup 0,2><sgr0><el><smam><cup 0,0>")
    }

    @Test func elIsNotUsedWhereItWouldDrawOtherwise() {
        // An underlined blank run: el never underlines.
        var encoder = Self.encoder()
        var underlined = Self.frame(["ab"])
        underlined.fill(x: 2, y: 0, width: 10, height: 1, style: CellStyle(underline: true))
        let bytes = Self.encode([Self.frame(["abcdefghijkl"]), underlined], with: &encoder)
        #expect(!bytes[1].contains("<el>"))
        // A coloured blank run on a terminal without bce: el would blank in the default colour.
        var colored = Self.encoder(
            Self.standIns(bce: false),
            colors: ColorSupport(enabled: true, paletteSize: 256, hasDefaultColors: true))
        var background = Self.frame(["ab"])
        background.fill(x: 2, y: 0, width: 10, height: 1, style: CellStyle(background: .ansi(4)))
        #expect(!Self.encode([Self.frame(["abcdefghijkl"]), background], with: &colored)[1].contains("<el>"))
    }

    @Test func scrolledContentMovesWithTheScrollingRegion() {
        var encoder = Self.encoder()
        let old = Self.frame(["head", "one", "two", "three", "four", "five", "foot"], width: 6)
        let new = Self.frame(["head", "two", "three", "four", "five", "six", "foot"], width: 6)
        let bytes = Self.encode([old, new], with: &encoder)
        // Rows 1...5 move up one; only the row scrolled in is written.
        #expect(bytes[1] == "<rmam><sgr0><csr 1,5><cup 5,0><ind 1><csr 0,6><cup 5,0>six<smam><cup 0,0>")
        let back = Self.encode([old], with: &encoder)
        #expect(back[0] == "<rmam><sgr0><csr 1,5><cup 1,0><ri 1><csr 0,6><cup 1,0>one<smam><cup 0,0>")
    }

    @Test func withoutAScrollingRegionTheRowsAreWritten() {
        var encoder = Self.encoder(Self.standIns(scrolls: false))
        let old = Self.frame(["head", "one", "two", "three", "four", "five", "foot"], width: 6)
        let new = Self.frame(["head", "two", "three", "four", "five", "six", "foot"], width: 6)
        let bytes = Self.encode([old, new], with: &encoder)
        #expect(!bytes[1].contains("<csr"))
        #expect(
            bytes[1] == "<rmam><cup 1,0><sgr0>two<cup 2,1>hree<cup 3,0>four <cup 4,1>ive<cup 5,0>six <smam><cup 0,0>")
    }

    @Test func theLowerRightCornerIsLeftAloneWhereItWouldScroll() {
        var sequences = Self.standIns()
        sequences.cornerScrolls = true
        sequences.autowrapOff = []
        sequences.autowrapOn = []
        var encoder = Self.encoder(sequences)
        let bytes = Self.encode([Self.frame(["ab", "cd"], width: 2)], with: &encoder)
        #expect(bytes == ["<sgr0><clear><cup 0,0>ab<cup 1,0>c<cup 0,0>"])
    }

    @Test func aScreenJustClearedIsNotClearedAgain() {
        var encoder = Self.encoder()
        encoder.screenCleared(width: 3, height: 1)
        #expect(
            Self.encode([Self.frame(["ab"], width: 3)], with: &encoder) == ["<rmam><cup 0,0><sgr0>ab<smam><cup 0,0>"])
        // At another size than the frame's, it is.
        encoder.screenCleared(width: 4, height: 1)
        #expect(
            Self.encode([Self.frame(["ab"], width: 3)], with: &encoder) == [
                "<rmam><sgr0><clear><cup 0,0>ab<smam><cup 0,0>"
            ])
    }

    @Test func theResetBytesUndoWhatACutFrameLeaves() {
        let bytes = Self.text(Self.encoder().resetBytes(screenHeight: 24, cursor: (0, 0)))
        #expect(bytes == "\u{18}<sgr0><smam><csr 0,23><cup 0,0>")
    }

    @Test func afterForgettingTheNextFrameIsWrittenWhole() {
        var encoder = Self.encoder()
        let frame = Self.frame(["ab"], width: 3)
        _ = Self.encode([frame], with: &encoder)
        encoder.forget()
        #expect(Self.encode([frame], with: &encoder) == ["<rmam><sgr0><clear><cup 0,0>ab<smam><cup 0,0>"])
    }

    // MARK: - Frames on a model terminal

    /// Random frames scrolling like the browser's, encoded for `entry` and played on a model of
    /// the terminal: each must show exactly. Returns the bytes.
    static func play(_ entry: Entry, seed: UInt64, width: Int, height: Int, steps: Int) throws -> Int {
        var encoder = FrameEncoder(sequences: entry.sequences, colors: entry.colors)
        var terminal = XtermModel(width: width, height: height, backgroundColorErase: entry.flags.contains("bce"))
        var frames = RandomFrames(seed: seed, width: width, height: height)
        var total = 0
        for step in 0..<steps {
            let frame = frames.next(step: step)
            let bytes = encoder.encode(frame, screenWidth: width, screenHeight: height, cursorAfter: (0, 0))
            total += bytes.count
            terminal.feed(bytes)
            try #require(
                terminal.unknown.isEmpty, "\(entry.name): sequences the model does not know: \(terminal.unknown)")
            let differences = terminal.differences(from: frame, colors: entry.colors)
            try #require(
                differences.isEmpty,
                "\(entry.name), seed \(seed), step \(step), offset \(frames.offset): \(differences.prefix(6))")
            #expect(
                terminal.row == 0 && terminal.column == 0 && terminal.pen == .normal && terminal.autowrap,
                "\(entry.name), step \(step): the frame must end where ncurses believes the cursor is, in normal style, autowrap on"
            )
        }
        return total
    }

    @Test(arguments: entries.indices)
    func everyFrameShowsExactly(_ entryIndex: Int) throws {
        let entry = Self.entries[entryIndex]
        for (seed, width, height, steps) in [(1, 80, 24, 60), (2, 41, 9, 80), (3, 200, 60, 25)]
            as [(UInt64, Int, Int, Int)]
        {
            _ = try Self.play(entry, seed: seed + UInt64(entryIndex) * 100, width: width, height: height, steps: steps)
        }
    }

    @Test func theScrollingRegionSavesBytes() throws {
        let scrolling = try Self.play(Self.screen, seed: 5, width: 80, height: 24, steps: 60)
        let writing = try Self.play(Self.bare, seed: 5, width: 80, height: 24, steps: 60)
        #expect(scrolling < writing)
    }
}
