// The parts of NcursesScreen and its drawing that need no terminal: colour mapping, the "risky
// cluster" predicate, the decoding of wget_wch results and of escape sequences ncurses does not
// know, terminfo padding. The bytes of frames are tested in FrameEncoderTests, on a model of a
// terminal in NcursesTerminalTests, and the real binary end to end in tmux.

import CNcursesw
import Testing
@testable import TerminalUI

@Suite enum NcursesScreenTests {}

extension NcursesScreenTests {
    @Suite struct Colors {
        @Test func rgbToXterm256Cube() {
            #expect(TerminalPalette.xterm256Index(red: 0, green: 0, blue: 0) == 16)
            #expect(TerminalPalette.xterm256Index(red: 255, green: 255, blue: 255) == 231)
            #expect(TerminalPalette.xterm256Index(red: 255, green: 0, blue: 0) == 196)
            #expect(TerminalPalette.xterm256Index(red: 0, green: 255, blue: 0) == 46)
            #expect(TerminalPalette.xterm256Index(red: 0, green: 0, blue: 255) == 21)
            #expect(TerminalPalette.xterm256Index(red: 95, green: 135, blue: 175) == 67)
            // Near a level, not on it.
            #expect(TerminalPalette.xterm256Index(red: 250, green: 100, blue: 10) == 16 + 36 * 5 + 6 * 1 + 0)
        }

        @Test("a direct-colour terminal gets 0xRRGGBB for all but the eight ANSI colours")
        func directColours() {
            let direct = TerminalPalette.directColors
            func index(_ color: TerminalColor) -> Int {
                TerminalPalette.paletteColor(color, colors: direct, foreground: false).index
            }
            // The eight ANSI colours as they are; bright yellow (11, the focus) as its colour,
            // not the number 11, which such a terminal reads as red 0, green 0, blue 11.
            #expect(index(.ansi(3)) == 3 && index(.ansi(0)) == 0)
            #expect(index(.ansi(11)) == 0xFFFF00)
            #expect(index(.indexed(11)) == 0xFFFF00 && index(.indexed(196)) == 0xFF0000)
            #expect(index(.rgb(18, 52, 86)) == 0x123456)
            // Black so dark it would be an ANSI number: black.
            #expect(index(.rgb(0, 0, 5)) == 0)
            #expect(index(.default) == -1)
            let drawn = DrawnStyle(
                CellStyle(foreground: .ansi(0), background: .ansi(11)),
                colors: ColorSupport(enabled: true, paletteSize: direct, hasDefaultColors: true))
            #expect(drawn.foreground == 0 && drawn.background == 0xFFFF00)
        }

        @Test func rgbToXterm256Greys() {
            #expect(TerminalPalette.xterm256Index(red: 128, green: 128, blue: 128) == 244)
            #expect(TerminalPalette.xterm256Index(red: 8, green: 8, blue: 8) == 232)
            #expect(TerminalPalette.xterm256Index(red: 238, green: 238, blue: 238) == 255)
            #expect(TerminalPalette.xterm256Index(red: 30, green: 30, blue: 32) == 234)
        }

        @Test func everyPaletteIndexMapsBackToItself() {
            // The cube and grey entries are their own nearest colour (except the duplicates of
            // the cube's black and white, which the cube wins).
            for index in 16..<256 {
                let (red, green, blue) = TerminalPalette.rgb(ofIndex: index)
                let back = TerminalPalette.xterm256Index(red: red, green: green, blue: blue)
                #expect(
                    TerminalPalette.rgb(ofIndex: back) == TerminalPalette.rgb(ofIndex: index) as (Int, Int, Int),
                    "\(index) -> \(back)")
            }
        }

        @Test func defaultIsMinusOne() {
            #expect(TerminalPalette.paletteColor(.default, colors: 256, foreground: true) == (-1, false))
            #expect(TerminalPalette.paletteColor(.default, colors: 8, foreground: false) == (-1, false))
        }

        @Test func ansiColours() {
            #expect(TerminalPalette.paletteColor(.ansi(3), colors: 8, foreground: true) == (3, false))
            #expect(TerminalPalette.paletteColor(.ansi(9), colors: 256, foreground: true) == (9, false))
            #expect(TerminalPalette.paletteColor(.ansi(9), colors: 16, foreground: true) == (9, false))
            // Bright on 8 colours: the normal colour, bold for a foreground.
            #expect(TerminalPalette.paletteColor(.ansi(9), colors: 8, foreground: true) == (1, true))
            #expect(TerminalPalette.paletteColor(.ansi(12), colors: 8, foreground: false) == (4, false))
            // Out of range is clamped.
            #expect(TerminalPalette.paletteColor(.ansi(40), colors: 16, foreground: true) == (15, false))
        }

        @Test func indexedColours() {
            #expect(TerminalPalette.paletteColor(.indexed(196), colors: 256, foreground: true) == (196, false))
            #expect(TerminalPalette.paletteColor(.indexed(4), colors: 8, foreground: true) == (4, false))
            // 196 is pure red: bright red on 16 colours, red + bold on 8.
            #expect(TerminalPalette.paletteColor(.indexed(196), colors: 16, foreground: true) == (9, false))
            #expect(TerminalPalette.paletteColor(.indexed(196), colors: 8, foreground: true) == (1, true))
            #expect(TerminalPalette.paletteColor(.indexed(196), colors: 8, foreground: false) == (1, false))
            // A dark grey background on 8 colours is black.
            #expect(TerminalPalette.paletteColor(.indexed(235), colors: 8, foreground: false) == (0, false))
        }

        @Test func rgbColours() {
            #expect(TerminalPalette.paletteColor(.rgb(255, 0, 0), colors: 256, foreground: true) == (196, false))
            #expect(TerminalPalette.paletteColor(.rgb(0, 0, 200), colors: 8, foreground: true) == (4, false))
            #expect(TerminalPalette.paletteColor(.rgb(250, 250, 250), colors: 16, foreground: true) == (15, false))
            #expect(TerminalPalette.paletteColor(.rgb(250, 250, 250), colors: 8, foreground: true) == (7, true))
            #expect(TerminalPalette.paletteColor(.rgb(250, 250, 250), colors: 8, foreground: false) == (7, false))
            #expect(TerminalPalette.paletteColor(.rgb(10, 10, 10), colors: 8, foreground: false) == (0, false))
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
            FrameEncoder.isRisky(text, width: width, wcwidth: Self.wcwidth)
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
            #expect(!FrameEncoder.isRisky("x", width: 1))
            #expect(FrameEncoder.isRisky("❤️", width: 2))
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
            #expect(key(0x9B) == .ignored)  // C1 CSI
            #expect(key(0xD800) == .ignored)  // a surrogate is no scalar
        }

        @Test("Ctrl with Space, \\, ], ^ and / sends control characters of their own")
        func controlSymbols() {
            #expect(key(0) == .key(.control(" ")))
            #expect(key(28) == .key(.control("\\")))
            #expect(key(29) == .key(.control("]")))
            #expect(key(30) == .key(.control("^")))
            #expect(key(31) == .key(.control("/")))
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
            #expect(functionKey(cnc_key_f0() + 1) == .key(.function(1)))
            #expect(functionKey(cnc_key_f0() + 12) == .key(.function(12)))
            #expect(functionKey(cnc_key_f0() + 14) == .key(.modified(.function(2), .shift)))  // xterm's F14
            #expect(functionKey(cnc_key_f0() + 30) == .ignored)
            #expect(functionKey(cnc_key_ic()) == .key(.insert))
            #expect(functionKey(cnc_key_sr()) == .key(.modified(.up, .shift)))
            #expect(functionKey(cnc_key_sf()) == .key(.modified(.down, .shift)))
            #expect(functionKey(cnc_key_sleft()) == .key(.modified(.left, .shift)))
            #expect(functionKey(cnc_key_sright()) == .key(.modified(.right, .shift)))
            #expect(functionKey(cnc_key_sdc()) == .key(.modified(.delete, .shift)))
        }

        @Test("keys of extended terminfo capabilities are read by their names: kUP3 is Alt+Up")
        func extendedCapabilities() {
            #expect(NcursesScreen.extendedKey("kUP3") == .key(.modified(.up, .alt)))
            #expect(NcursesScreen.extendedKey("kLFT5") == .key(.modified(.left, .ctrl)))
            #expect(NcursesScreen.extendedKey("kRIT6") == .key(.modified(.right, [.ctrl, .shift])))
            #expect(NcursesScreen.extendedKey("kDC2") == .key(.modified(.delete, .shift)))
            #expect(NcursesScreen.extendedKey("kNXT7") == .key(.modified(.pageDown, [.ctrl, .alt])))
            #expect(NcursesScreen.extendedKey("kHOM8") == .key(.modified(.home, [.ctrl, .alt, .shift])))
            for name in ["kUP", "kUP1", "kUP17", "kxIN", "kDN3x", "Mouse"] {
                #expect(NcursesScreen.extendedKey(name) == .ignored, "\(name)")
            }
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

        @Test func motionWithTheButtonHeldIsADragAndShiftIsKept() {
            #expect(NcursesScreen.mouseAction(cnc_report_mouse_position()) == .drag)
            let shifted = NcursesScreen.mouseEvent(state: cnc_button4_pressed() | cnc_button_shift(), x: 3, y: 4)
            #expect(shifted == MouseEvent(action: .wheelUp, x: 3, y: 4, shift: true))
            #expect(NcursesScreen.mouseEvent(state: cnc_button1_pressed(), x: 0, y: 0)?.shift == false)
        }

        @Test func paddingIsStripped() {
            let bytes = Array("\u{1B}[H$<5>\u{1B}[2J$<50/>x$5".utf8)
            #expect(TerminalSequences.strippingPadding(bytes) == Array("\u{1B}[H\u{1B}[2Jx$5".utf8))
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
            for sequence in ["[1~", "[7~", "[H", "[1H", "OH"] {
                #expect(decode(sequence) == .key(.home), "\(sequence)")
            }
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

        @Test("function keys, Insert and xterm's modified keys, as a terminal sends them")
        func functionAndModifiedKeys() {
            #expect(decode("OP") == .key(.function(1)))
            #expect(decode("OS") == .key(.function(4)))
            #expect(decode("[11~") == .key(.function(1)))
            #expect(decode("[15~") == .key(.function(5)))
            #expect(decode("[17~") == .key(.function(6)))
            #expect(decode("[24~") == .key(.function(12)))
            #expect(decode("[2~") == .key(.insert))
            #expect(decode("[1;5A") == .key(.modified(.up, .ctrl)))
            #expect(decode("[1;2H") == .key(.modified(.home, .shift)))
            #expect(decode("[1;3D") == .key(.modified(.left, .alt)))
            #expect(decode("[1;9C") == .key(.modified(.right, .alt)))  // Meta, taken as Alt
            #expect(decode("[3;5~") == .key(.modified(.delete, .ctrl)))
            #expect(decode("[15;2~") == .key(.modified(.function(5), .shift)))
            #expect(decode("[1;2P") == .key(.modified(.function(1), .shift)))
        }

        @Test func otherSequencesAreIgnoredNotEscape() {
            for sequence in [
                "[16~", "[2;1A", "[1;1A", "[1;17A", "[1;2;3A", "[;5A", "[x~", "[?1;2c", "Ox", "[200~",
                // SGR mouse reports of buttons and moves the browser has no use for.
                "[<1;60;10M", "[<2;60;10m", "[<35;60;10M", "[<66;60;10M", "[<0;0;10M", "[<0;60M", "[<x;1;1M",
            ] {
                #expect(decode(sequence) == .ignored, "\(sequence)")
            }
        }

        @Test("SGR mouse reports (mode 1006) are decoded here, at any column")
        func sgrMouseReports() {
            func event(_ action: MouseEvent.Action, _ x: Int, _ y: Int, shift: Bool = false)
                -> NcursesScreen.DecodedInput
            {
                .mouseReport(MouseEvent(action: action, x: x, y: y, shift: shift))
            }
            #expect(decode("[<0;60;10M") == event(.press, 59, 9))
            #expect(decode("[<0;60;10m") == event(.release, 59, 9))
            #expect(decode("[<32;61;10M") == event(.drag, 60, 9))
            #expect(decode("[<64;300;2M") == event(.wheelUp, 299, 1))
            #expect(decode("[<65;300;2M") == event(.wheelDown, 299, 1))
            #expect(decode("[<68;5;5M") == event(.wheelUp, 4, 4, shift: true))
            #expect(decode("[<0;1000;1M") == event(.press, 999, 0))  // far past X10's 223
            #expect(decode("[<0;60;1") == nil)  // unfinished: wait for more
        }

        @Test func x10MouseReportsAreSwallowedWhole() {
            // \e[M, then button, column and row as bytes: the three must not leak as keys.
            #expect(decode("[M ") == nil)
            #expect(decode("[M !") == nil)
            #expect(decode("[M !!") == .ignored)
        }

        @Test("Alt with a key is ESC, then the key: Alt+a, Alt+Enter, Ctrl+Alt+a, Alt+Up")
        func altKeys() {
            #expect(decode("j") == .key(.modified(.character("j"), .alt)))
            #expect(decode("Q") == .key(.modified(.character("Q"), .alt)))
            #expect(decode("é") == .key(.modified(.character("é"), .alt)))
            #expect(decode("\u{7F}") == .key(.modified(.backspace, .alt)))
            #expect(decode("\r") == .key(.modified(.enter, .alt)))
            #expect(decode(" ") == .key(.modified(.character(" "), .alt)))
            #expect(decode("\u{1}") == .key(.modified(.control("a"), .alt)))
            // Alt with a sequence (some terminals' Alt+Up) is read whole.
            #expect(decode("\u{1B}[A") == .key(.modified(.up, .alt)))
            #expect(decode("\u{1B}OH") == .key(.modified(.home, .alt)))
            #expect(decode("\u{1B}[1;5A") == .key(.modified(.up, [.ctrl, .alt])))
            #expect(decode("\u{1B}[?1;2c") == .ignored)
            #expect(decode("\u{9B}") == .ignored)
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

    /// Without colours, a background (focus, headers, status line) becomes reverse video.
    @Suite struct Monochrome {
        @Test func aBackgroundIsReverseWithoutColours() {
            let focus = CellStyle(foreground: .ansi(0), background: .ansi(11), bold: true)
            #expect(TerminalPalette.drawsReverse(focus, colorsEnabled: false))
            #expect(!TerminalPalette.drawsReverse(focus, colorsEnabled: true))
            #expect(TerminalPalette.drawsReverse(CellStyle(background: .rgb(1, 2, 3)), colorsEnabled: false))
            #expect(TerminalPalette.drawsReverse(CellStyle(background: .indexed(200)), colorsEnabled: false))
        }

        @Test func noBackgroundStaysAsItIs() {
            #expect(!TerminalPalette.drawsReverse(.plain, colorsEnabled: false))
            #expect(!TerminalPalette.drawsReverse(CellStyle(foreground: .ansi(8)), colorsEnabled: false))
            #expect(TerminalPalette.drawsReverse(CellStyle(reverse: true), colorsEnabled: false))
            #expect(TerminalPalette.drawsReverse(CellStyle(reverse: true), colorsEnabled: true))
        }
    }
}
