// The parts of NcursesScreen that need no terminal: colour mapping, the "risky cluster"
// predicate, the decoding of wget_wch results and of escape sequences ncurses does not know,
// and the bytes of the cells written straight to the terminal. Real-terminal behaviour is tested end to end
// in tmux.

import CNcursesw
import Testing
@testable import TerminalUI

@Suite enum NcursesScreenTests {}

extension NcursesScreenTests {
    @Suite struct Colors {
        @Test func rgbToXterm256Cube() {
            #expect(NcursesScreen.xterm256Index(red: 0, green: 0, blue: 0) == 16)
            #expect(NcursesScreen.xterm256Index(red: 255, green: 255, blue: 255) == 231)
            #expect(NcursesScreen.xterm256Index(red: 255, green: 0, blue: 0) == 196)
            #expect(NcursesScreen.xterm256Index(red: 0, green: 255, blue: 0) == 46)
            #expect(NcursesScreen.xterm256Index(red: 0, green: 0, blue: 255) == 21)
            #expect(NcursesScreen.xterm256Index(red: 95, green: 135, blue: 175) == 67)
            // Near a level, not on it.
            #expect(NcursesScreen.xterm256Index(red: 250, green: 100, blue: 10) == 16 + 36 * 5 + 6 * 1 + 0)
        }

        @Test func rgbToXterm256Greys() {
            #expect(NcursesScreen.xterm256Index(red: 128, green: 128, blue: 128) == 244)
            #expect(NcursesScreen.xterm256Index(red: 8, green: 8, blue: 8) == 232)
            #expect(NcursesScreen.xterm256Index(red: 238, green: 238, blue: 238) == 255)
            #expect(NcursesScreen.xterm256Index(red: 30, green: 30, blue: 32) == 234)
        }

        @Test func everyPaletteIndexMapsBackToItself() {
            // The cube and grey entries are their own nearest colour (except the duplicates of
            // the cube's black and white, which the cube wins).
            for index in 16..<256 {
                let (red, green, blue) = NcursesScreen.rgb(ofIndex: index)
                let back = NcursesScreen.xterm256Index(red: red, green: green, blue: blue)
                #expect(NcursesScreen.rgb(ofIndex: back) == NcursesScreen.rgb(ofIndex: index) as (Int, Int, Int),
                        "\(index) -> \(back)")
            }
        }

        @Test func defaultIsMinusOne() {
            #expect(NcursesScreen.paletteColor(.default, colors: 256, foreground: true) == (-1, false))
            #expect(NcursesScreen.paletteColor(.default, colors: 8, foreground: false) == (-1, false))
        }

        @Test func ansiColours() {
            #expect(NcursesScreen.paletteColor(.ansi(3), colors: 8, foreground: true) == (3, false))
            #expect(NcursesScreen.paletteColor(.ansi(9), colors: 256, foreground: true) == (9, false))
            #expect(NcursesScreen.paletteColor(.ansi(9), colors: 16, foreground: true) == (9, false))
            // Bright on 8 colours: the normal colour, bold for a foreground.
            #expect(NcursesScreen.paletteColor(.ansi(9), colors: 8, foreground: true) == (1, true))
            #expect(NcursesScreen.paletteColor(.ansi(12), colors: 8, foreground: false) == (4, false))
            // Out of range is clamped.
            #expect(NcursesScreen.paletteColor(.ansi(40), colors: 16, foreground: true) == (15, false))
        }

        @Test func indexedColours() {
            #expect(NcursesScreen.paletteColor(.indexed(196), colors: 256, foreground: true) == (196, false))
            #expect(NcursesScreen.paletteColor(.indexed(4), colors: 8, foreground: true) == (4, false))
            // 196 is pure red: bright red on 16 colours, red + bold on 8.
            #expect(NcursesScreen.paletteColor(.indexed(196), colors: 16, foreground: true) == (9, false))
            #expect(NcursesScreen.paletteColor(.indexed(196), colors: 8, foreground: true) == (1, true))
            #expect(NcursesScreen.paletteColor(.indexed(196), colors: 8, foreground: false) == (1, false))
            // A dark grey background on 8 colours is black.
            #expect(NcursesScreen.paletteColor(.indexed(235), colors: 8, foreground: false) == (0, false))
        }

        @Test func rgbColours() {
            #expect(NcursesScreen.paletteColor(.rgb(255, 0, 0), colors: 256, foreground: true) == (196, false))
            #expect(NcursesScreen.paletteColor(.rgb(0, 0, 200), colors: 8, foreground: true) == (4, false))
            #expect(NcursesScreen.paletteColor(.rgb(250, 250, 250), colors: 16, foreground: true) == (15, false))
            #expect(NcursesScreen.paletteColor(.rgb(250, 250, 250), colors: 8, foreground: true) == (7, true))
            #expect(NcursesScreen.paletteColor(.rgb(250, 250, 250), colors: 8, foreground: false) == (7, false))
            #expect(NcursesScreen.paletteColor(.rgb(10, 10, 10), colors: 8, foreground: false) == (0, false))
        }
    }

    @Suite struct RiskyClusters {
        /// glibc's widths for the scalars used here (the test does not depend on the locale).
        static func wcwidth(_ value: UInt32) -> Int {
            switch value {
            case 0x1F600, 0x1F44D, 0x1F468, 0x4E2D, 0xFF21: return 2  // 😀 👍 👨 中 Ａ
            case 0x0301, 0xFE0F, 0x200D: return 0
            case 0x1F1EF, 0x1F1F5, 0x2764, 0xE9: return 1  // regional indicators, ❤, é
            case 0xE000: return 1  // private use
            case 0x0378: return -1  // unassigned
            default: return 1
            }
        }

        func risky(_ text: String, _ width: Int) -> Bool {
            NcursesScreen.isRisky(text, width: width, wcwidth: Self.wcwidth)
        }

        @Test func plainTextIsSafe() {
            #expect(!risky("a", 1))
            #expect(!risky(" ", 1))
            #expect(!risky("é", 1))  // precomposed U+00E9
            #expect(!risky("中", 2))
            #expect(!risky("Ａ", 2))
            #expect(!risky("😀", 2))
            #expect(!risky("", 1))
        }

        @Test func sequencesAreRisky() {
            #expect(risky("❤️", 2))  // VS16
            #expect(risky("🇯🇵", 2))  // flag
            #expect(risky("1️⃣", 2))  // keycap
            #expect(risky("👍🏽", 2))  // skin tone
            #expect(risky("👨‍👩‍👧‍👦", 2))  // ZWJ family
            #expect(risky("e\u{301}", 1))  // combining mark
        }

        @Test func widthDisagreementIsRisky() {
            #expect(risky("❤", 2))  // wcwidth 1 in a 2-cell slot (a width override)
            #expect(risky("中", 1))
            #expect(risky("a", 2))
            #expect(risky("\u{378}", 1))  // wcwidth -1
        }

        @Test func systemWcwidthAgreesForASCII() {
            #expect(!NcursesScreen.isRisky("x", width: 1))
            #expect(NcursesScreen.isRisky("❤️", width: 2))
        }
    }

    @Suite struct Keys {
        func key(_ value: UInt32) -> NcursesScreen.DecodedInput {
            NcursesScreen.decode(status: cnc_ok(), value: value)
        }

        func functionKey(_ code: Int32) -> NcursesScreen.DecodedInput {
            NcursesScreen.decode(status: cnc_key_code_yes(), value: UInt32(bitPattern: code))
        }

        @Test func characters() {
            #expect(key(0x61) == .key(.character("a")))
            #expect(key(0x20) == .key(.character(" ")))
            #expect(key(0x7E) == .key(.character("~")))
            #expect(key(0xE9) == .key(.character("é")))
            #expect(key(0x1F600) == .key(.character("😀")))
        }

        @Test func controlKeys() {
            #expect(key(3) == .key(.control("c")))
            #expect(key(1) == .key(.control("a")))
            #expect(key(26) == .key(.control("z")))
            #expect(key(9) == .key(.tab))
            #expect(key(13) == .key(.enter))
            #expect(key(10) == .key(.enter))
            #expect(key(27) == .key(.escape))
            #expect(key(127) == .key(.backspace))
            #expect(key(8) == .key(.backspace))
        }

        @Test func unusableCharactersAreIgnored() {
            #expect(key(0) == .ignored)
            #expect(key(28) == .ignored)
            #expect(key(0x9B) == .ignored)  // C1 CSI
            #expect(key(0xD800) == .ignored)  // a surrogate is no scalar
        }

        @Test func functionKeys() {
            #expect(functionKey(cnc_key_up()) == .key(.up))
            #expect(functionKey(cnc_key_down()) == .key(.down))
            #expect(functionKey(cnc_key_left()) == .key(.left))
            #expect(functionKey(cnc_key_right()) == .key(.right))
            #expect(functionKey(cnc_key_ppage()) == .key(.pageUp))
            #expect(functionKey(cnc_key_npage()) == .key(.pageDown))
            #expect(functionKey(cnc_key_home()) == .key(.home))
            #expect(functionKey(cnc_key_end()) == .key(.end))
            #expect(functionKey(cnc_key_btab()) == .key(.backTab))
            #expect(functionKey(cnc_key_enter()) == .key(.enter))
            #expect(functionKey(cnc_key_backspace()) == .key(.backspace))
            #expect(functionKey(cnc_key_dc()) == .key(.delete))
            #expect(functionKey(cnc_key_resize()) == .resize)
            #expect(functionKey(cnc_key_mouse()) == .mouse)
            #expect(functionKey(cnc_key_f0() + 1) == .ignored)  // F1
        }

        @Test func errorIsNothing() {
            #expect(NcursesScreen.decode(status: cnc_err(), value: 0) == .nothing)
        }

        @Test func mouseButtons() {
            #expect(NcursesScreen.mouseAction(cnc_button1_pressed()) == .press)
            #expect(NcursesScreen.mouseAction(cnc_button1_released()) == .release)
            #expect(NcursesScreen.mouseAction(cnc_button1_clicked()) == .click)
            #expect(NcursesScreen.mouseAction(cnc_button4_pressed()) == .wheelUp)
            if cnc_button5_pressed() != 0 {
                #expect(NcursesScreen.mouseAction(cnc_button5_pressed()) == .wheelDown)
            }
            #expect(NcursesScreen.mouseAction(0) == nil)
        }

        @Test func paddingIsStripped() {
            let bytes = Array("\u{1B}[H$<5>\u{1B}[2J$<50/>x$5".utf8)
            #expect(NcursesScreen.strippingPadding(bytes) == Array("\u{1B}[H\u{1B}[2Jx$5".utf8))
        }
    }

    /// Which cells go to ncurses and which are written straight to the terminal.
    @Suite struct Plans {
        /// Risky: more than one scalar, as with the real predicate.
        static func risky(_ text: String, _ width: Int) -> Bool { text.unicodeScalars.count > 1 }

        func frame(_ rows: [String], width: Int = 12) -> CellBuffer {
            var buffer = CellBuffer(width: width, height: rows.count)
            for (y, row) in rows.enumerated() { buffer.put(row, x: 0, y: y, style: .plain) }
            return buffer
        }

        func plan(_ new: CellBuffer, after old: CellBuffer?) -> NcursesScreen.FramePlan {
            let before = old.map {
                NcursesScreen.plan($0, after: nil, overlays: [], rowModels: [], visibleWidth: $0.width,
                                   visibleHeight: $0.height, isRisky: Self.risky)
            }
            return NcursesScreen.plan(new, after: old, overlays: before?.overlays ?? [],
                                      rowModels: before?.rowModels ?? [], visibleWidth: new.width,
                                      visibleHeight: new.height, isRisky: Self.risky)
        }

        @Test func firstFrameDrawsEverythingAndAllOverlays() {
            let new = frame(["ab❤️cd", "xy"])
            let plan = plan(new, after: nil)
            // Start cells only: the continuation of ❤️ (x 3) is not drawn by itself.
            #expect(plan.draws.count == 2 * 12 - 1)
            #expect(plan.draws.first { $0.position == 2 } == .init(position: 2, width: 2, placeholder: true))
            #expect(plan.draws.first { $0.position == 0 } == .init(position: 0, width: 1, placeholder: false))
            #expect(plan.overlays == [2])
            // The overlay and the two cells after it (which cut a terminal's spill).
            #expect(plan.writes == [2, 4, 5])
        }

        @Test func anUnchangedFrameCostsNothing() {
            let old = frame(["ab❤️cd", "xy"])
            let plan = plan(old, after: old)
            #expect(plan.draws.isEmpty)
            #expect(plan.writes.isEmpty)
            #expect(plan.overlays == [2])
            #expect(!plan.linesMayMove)
        }

        @Test func aChangeInAnotherRowLeavesOverlaysAlone() {
            let plan = plan(frame(["ab❤️cd", "xz"]), after: frame(["ab❤️cd", "xy"]))
            #expect(plan.draws.map(\.position) == [12 + 1])
            #expect(plan.writes.isEmpty)
        }

        @Test func aChangeInTheRowWritesItsOverlaysAgain() {
            let plan = plan(frame(["ab❤️ce", "xy"]), after: frame(["ab❤️cd", "xy"]))
            #expect(plan.draws.map(\.position) == [5])
            #expect(plan.writes == [2, 4, 5])
        }

        @Test func whatReplacesAnOverlayIsWrittenToo() {
            // ncurses holds blanks where ❤️ was: blanks in the new frame look unchanged to it.
            let blanks = plan(frame(["ab  cd", "xy"]), after: frame(["ab❤️cd", "xy"]))
            #expect(blanks.overlays.isEmpty)
            #expect(blanks.writes == [2, 3])
            // A wide cluster over half of the old overlay is written whole.
            let wide = plan(frame(["a中 cd", "xy"]), after: frame(["ab❤️cd", "xy"]))
            #expect(wide.writes == [1, 3])
        }

        @Test func movedLinesRewriteOverlayColumnsEverywhere() {
            let old = frame(["row one ❤️", "row two", "row three", "row four"])
            // Everything moves up a line, the heart gone: ncurses may scroll, carrying the heart.
            let new = frame(["row two", "row three", "row four", "row five"])
            let plan = plan(new, after: old)
            #expect(plan.linesMayMove)
            #expect(plan.writes == [8, 9, 20, 21, 32, 33, 44, 45])
        }

        @Test func movedLinesWithoutOverlaysNeedNothing() {
            let plan = plan(frame(["two", "three", "four"]), after: frame(["one", "two", "three"]))
            #expect(!plan.linesMayMove)
            #expect(plan.writes.isEmpty)
        }

        @Test func theRightEdgeCutsWideCells() {
            let new = frame(["abc❤️"], width: 5)
            let plan = NcursesScreen.plan(new, after: nil, overlays: [], rowModels: [], visibleWidth: 4,
                                          visibleHeight: 1, isRisky: Self.risky)
            #expect(plan.overlays.isEmpty)
            #expect(plan.draws.last == .init(position: 3, width: 1, placeholder: true))
            #expect(plan.writes.isEmpty)
        }
    }

    /// What follows an ESC that ncurses gave alone: it waited ESCDELAY, so either nothing
    /// (the Esc key) or a sequence its terminfo entry does not have.
    @Suite struct EscapeSequences {
        func decode(_ following: String, ended: Bool = false) -> NcursesScreen.DecodedInput? {
            NcursesScreen.decodeEscapeSequence(following.unicodeScalars.map(\.value), ended: ended)
        }

        @Test func nothingAfterTheEscIsTheEscKey() {
            #expect(decode("", ended: true) == .key(.escape))
            // Not decided before the read that finds nothing.
            #expect(decode("") == nil)
        }

        @Test func homeAndEndInAllTheirForms() {
            // tmux with TERM=xterm-256color: khome is \EOH, but tmux sends \e[1~.
            for sequence in ["[1~", "[7~", "[H", "[1H", "OH"] { #expect(decode(sequence) == .key(.home), "\(sequence)") }
            for sequence in ["[4~", "[8~", "[F", "[1F", "OF"] { #expect(decode(sequence) == .key(.end), "\(sequence)") }
        }

        @Test func arrowsPagesBackTabDelete() {
            #expect(decode("[A") == .key(.up))
            #expect(decode("[B") == .key(.down))
            #expect(decode("[C") == .key(.right))
            #expect(decode("[D") == .key(.left))
            #expect(decode("OA") == .key(.up))
            #expect(decode("OB") == .key(.down))
            #expect(decode("OC") == .key(.right))
            #expect(decode("OD") == .key(.left))
            #expect(decode("[5~") == .key(.pageUp))
            #expect(decode("[6~") == .key(.pageDown))
            #expect(decode("[Z") == .key(.backTab))
            #expect(decode("[3~") == .key(.delete))
        }

        @Test func unfinishedSequencesWaitForMore() {
            for prefix in ["[", "[1", "[1;5", "O", "[M", "[M ", "[M !", "\u{1B}[", "\u{1B}O"] {
                #expect(decode(prefix) == nil, "\(prefix.debugDescription)")
                // And are ignored (not Esc) when nothing more comes.
                #expect(decode(prefix, ended: true) == .ignored, "\(prefix.debugDescription)")
            }
        }

        @Test func otherSequencesAreIgnoredNotEscape() {
            for sequence in ["[2~", "[15~", "[1;5A", "[1;2H", "[3;5~", "[<0;60;10m", "[<0;60;10M", "[?1;2c",
                             "OP", "Ox", "[200~"] {
                #expect(decode(sequence) == .ignored, "\(sequence)")
            }
        }

        @Test func x10MouseReportsAreSwallowedWhole() {
            // \e[M, then button, column and row as bytes: the three must not leak as keys.
            #expect(decode("[M ") == nil)
            #expect(decode("[M !") == nil)
            #expect(decode("[M !!") == .ignored)
        }

        @Test func altKeysAreIgnored() {
            #expect(decode("j") == .ignored)
            #expect(decode("q") == .ignored)
            #expect(decode("\u{7F}") == .ignored)
            // Alt with a sequence (some terminals' Alt+Up) is read whole, then ignored.
            #expect(decode("\u{1B}[A") == .ignored)
            #expect(decode("\u{1B}OH") == .ignored)
        }

        @Test func twoQuickEscPressesAreEsc() {
            #expect(decode("\u{1B}") == nil)
            #expect(decode("\u{1B}", ended: true) == .key(.escape))
        }

        @Test func endlessParametersAreGivenUp() {
            #expect(decode("[" + String(repeating: "1", count: 17)) == .ignored)
        }

        @Test func aControlCharacterEndsAMalformedSequence() {
            #expect(decode("[1\u{3}") == .ignored)
        }
    }

    /// The bytes written straight to the terminal after doupdate (overlays and the cells
    /// ncurses may have left stale), with readable stand-ins for the terminfo strings.
    @Suite struct DirectWrites {
        static func risky(_ text: String, _ width: Int) -> Bool { text.unicodeScalars.count > 1 }

        func bytes(_ positions: [Int], of frame: CellBuffer, screenWidth: Int? = nil) -> String {
            let bytes = NcursesScreen.directWrites(
                positions, of: frame, screenWidth: screenWidth ?? frame.width, cursorAfter: (y: 9, x: 9),
                autowrapOff: Array("<rmam>".utf8), autowrapOn: Array("<smam>".utf8), normal: Array("<sgr0>".utf8),
                moveCursor: { $0 += Array("<cup \($1),\($2)>".utf8) },
                styleSequence: { Array(($0.bold ? "<bold>" : "<plain>").utf8) }, isRisky: Self.risky)
            return String(decoding: bytes, as: UTF8.self)
        }

        func frame(_ row: String, width: Int = 8, style: CellStyle = .plain) -> CellBuffer {
            var buffer = CellBuffer(width: width, height: 2)
            buffer.put(row, x: 0, y: 1, style: style)
            return buffer
        }

        @Test func anOverlayBlanksItsCellsFirst() {
            // ❤️ at (2, 1): blanks over both cells, back to its start, then the glyph; the two
            // cells after it follow (they cut a spill).
            let written = bytes([10, 12, 13], of: frame("ab❤️cd"))
            #expect(written == "<rmam><cup 1,2><plain>  <cup 1,2>❤️<cup 1,4>cd<sgr0><smam><cup 9,9>")
        }

        @Test func theBlanksHaveTheCellsStyle() {
            let bold = CellStyle(bold: true)
            let written = bytes([8], of: frame("🇧🇩", style: bold))
            #expect(written == "<rmam><cup 1,0><bold>  <cup 1,0>🇧🇩<sgr0><smam><cup 9,9>")
        }

        @Test func plainCellsAreWrittenInARow() {
            // After a plain cluster the cursor is known: no move between neighbours.
            let written = bytes([9, 10, 11], of: frame("a中b"))
            #expect(written == "<rmam><cup 1,1><plain>中b<sgr0><smam><cup 9,9>")
        }

        @Test func continuationCellsAreSkipped() {
            #expect(bytes([11], of: frame("ab中")) == "<rmam><sgr0><smam><cup 9,9>")
        }

        @Test func anOverlayAtTheRightEdge() {
            // The blanks leave the cursor on the last column (no autowrap): the explicit move
            // puts the glyph at its own start all the same.
            let written = bytes([14], of: frame("abcdef❤️"))
            #expect(written == "<rmam><cup 1,6><plain>  <cup 1,6>❤️<sgr0><smam><cup 9,9>")
        }

        @Test func afterAnOverlayTheNextCellIsAddressed() {
            let written = bytes([8, 10], of: frame("❤️❤️"))
            #expect(written == "<rmam><cup 1,0><plain>  <cup 1,0>❤️<cup 1,2>  <cup 1,2>❤️<sgr0><smam><cup 9,9>")
        }
    }

    /// Without colours, a background (focus, headers, status line) becomes reverse video.
    @Suite struct Monochrome {
        @Test func aBackgroundIsReverseWithoutColours() {
            let focus = CellStyle(foreground: .ansi(0), background: .ansi(11), bold: true)
            #expect(NcursesScreen.drawsReverse(focus, colorsEnabled: false))
            #expect(!NcursesScreen.drawsReverse(focus, colorsEnabled: true))
            #expect(NcursesScreen.drawsReverse(CellStyle(background: .rgb(1, 2, 3)), colorsEnabled: false))
            #expect(NcursesScreen.drawsReverse(CellStyle(background: .indexed(200)), colorsEnabled: false))
        }

        @Test func noBackgroundStaysAsItIs() {
            #expect(!NcursesScreen.drawsReverse(.plain, colorsEnabled: false))
            #expect(!NcursesScreen.drawsReverse(CellStyle(foreground: .ansi(8)), colorsEnabled: false))
            #expect(NcursesScreen.drawsReverse(CellStyle(reverse: true), colorsEnabled: false))
            #expect(NcursesScreen.drawsReverse(CellStyle(reverse: true), colorsEnabled: true))
        }
    }
}
