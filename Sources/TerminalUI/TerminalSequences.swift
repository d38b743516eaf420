// The escape sequences frames are written with, from the terminal's terminfo entry (what
// ncurses loaded for $TERM), so that splitview draws on any terminal ncurses knows.

import CNcursesw
import Synchronization

/// The sequences of one terminal. The parametrised ones are functions that append their bytes.
struct TerminalSequences {
    /// sgr0: normal attributes; also the terminal's default colours, as ncurses assumes.
    var normal: [UInt8]
    var bold: [UInt8]
    var dim: [UInt8]
    var reverse: [UInt8]
    var underline: [UInt8]
    /// op: both colours back to the terminal's defaults (empty: the terminal has none).
    var defaultColors: [UInt8]
    /// setaf and setab for a palette index (nil: no colours).
    var foreground: ((Int) -> [UInt8])?
    var background: ((Int) -> [UInt8])?
    /// colors#: the palette size (0: none).
    var paletteSize: Int
    /// clear: the whole screen blanked, the cursor anywhere.
    var clearScreen: [UInt8]
    /// el: the rest of the line blanked (empty: the terminal cannot).
    var clearToEndOfLine: [UInt8]
    /// ed: the rest of the screen blanked from the cursor (empty: the terminal cannot).
    var clearToEndOfScreen: [UInt8] = []
    /// bce: what is cleared or scrolled in takes the current background colour.
    var backgroundColorErase: Bool
    /// rmam and smam (DECAWM off and on); empty when the terminal has neither.
    var autowrapOff: [UInt8]
    var autowrapOn: [UInt8]
    /// Whether a character written in the lower right corner may scroll the screen (am
    /// without xenl, and no way to switch autowrap off): that cell is then left alone.
    var cornerScrolls: Bool
    /// cup: the cursor to (row, column), counted from 0.
    var moveCursor: (inout [UInt8], _ row: Int, _ column: Int) -> Void
    /// csr: the scrolling region, rows `top...bottom` (nil: the terminal cannot scroll a region).
    var scrollRegion: ((inout [UInt8], _ top: Int, _ bottom: Int) -> Void)?
    /// ind or indn `lines` times, the cursor on the region's last row: its lines move up.
    var scrollForward: ((inout [UInt8], _ lines: Int) -> Void)?
    /// ri or rin `lines` times, the cursor on the region's first row: its lines move down.
    var scrollReverse: ((inout [UInt8], _ lines: Int) -> Void)?
    /// What endwin writes to give the screen back, for a signal handler that cannot call it:
    /// drag reporting off, mouse reporting off (XM with 0, the string ncurses switches it
    /// with; else xterm's normal tracking mode when the entry has a mouse key), keypad
    /// transmit off (rmkx), the cursor shown (cnorm) and the normal screen (rmcup).
    var leave: [UInt8] { leaveModes + exitAlternateScreen }
    /// `leave` without the normal screen: all of it in inline mode, which never left it.
    var leaveModes: [UInt8] = []
    /// rmcup.
    var exitAlternateScreen: [UInt8] = []
    /// xterm's button-event tracking (mode 1002) and SGR reports (1006) on and off, for a
    /// terminal with xterm's mouse (empty otherwise): motion is reported while a button is
    /// held, so that a row can be dragged, and reports reach any column. ncurses switches only
    /// mode 1000 (clicks), and 1006 only when its entry says so.
    var dragReportingOn: [UInt8] = []
    var dragReportingOff: [UInt8] = []
    /// The synchronized-update mode (2026) begun and ended around each frame, for an ANSI
    /// terminal (empty otherwise): the terminal shows the frame whole, never half drawn. One
    /// that does not know the mode ignores it, as fzf relies on.
    var synchronizedBegin: [UInt8] = []
    var synchronizedEnd: [UInt8] = []

    /// Blanks `count` rows from row `top` down (and, with ed, the rest of the screen below:
    /// inline mode's rows, under which there is nothing of the shell's), in the current style;
    /// the cursor is left anywhere.
    func clearRows(from top: Int, count: Int, width: Int, into bytes: inout [UInt8]) {
        if !clearToEndOfScreen.isEmpty {
            moveCursor(&bytes, top, 0)
            bytes += clearToEndOfScreen
            return
        }
        for row in top..<(top + max(0, count)) {
            moveCursor(&bytes, row, 0)
            if clearToEndOfLine.isEmpty {
                bytes += autowrapOff + [UInt8](repeating: 0x20, count: width) + autowrapOn
            } else {
                bytes += clearToEndOfLine
            }
        }
    }

    var canScrollRegions: Bool { scrollRegion != nil && scrollForward != nil && scrollReverse != nil }

    /// The sequences of a terminfo entry, its capabilities looked up by name; nil when it
    /// cannot move the cursor (TERM=dumb).
    ///
    /// The parametrised strings go through tiparm, except the ECMA-48 forms every terminal
    /// emulator in use has (cup, csr, indn, rin), whose bytes are made here: a cursor move
    /// for each run of cells is the commonest sequence of a frame, and tiparm is a
    /// formatted print each time.
    static func terminfo(
        string: (String) -> [UInt8]?, number: (String) -> Int?,
        flag: (String) -> Bool
    ) -> TerminalSequences? {
        guard let cup = string("cup") else { return nil }
        func text(_ name: String) -> [UInt8] { string(name) ?? [] }
        let ansi = cup.starts(with: [0x1B, UInt8(ascii: "[")])
        var autowrapOff = text("rmam"), autowrapOn = text("smam")
        if autowrapOff.isEmpty || autowrapOn.isEmpty {
            // DECAWM, which every ANSI terminal emulator has, when the entry leaves it out.
            autowrapOff = ansi ? Array("\u{1B}[?7l".utf8) : []
            autowrapOn = ansi ? Array("\u{1B}[?7h".utf8) : []
        }
        let setaf = string("setaf"), setab = string("setab")
        let colors = setaf != nil && setab != nil ? max(0, number("colors") ?? 0) : 0
        let ind = string("ind"), ri = string("ri"), indn = string("indn"), rin = string("rin")
        func repeated(_ one: [UInt8]?, _ many: [UInt8]?) -> ((inout [UInt8], Int) -> Void)? {
            guard one != nil || many != nil else { return nil }
            let parametrised = many.map(Parametrised.init)
            return { bytes, lines in
                if let parametrised, lines > 1 || one == nil {
                    parametrised.append(to: &bytes, lines)
                } else if let one {
                    for _ in 0..<lines { bytes += one }
                }
            }
        }
        let moveCursor = Parametrised(cup)
        let region = string("csr").map(Parametrised.init)
        let foreground = setaf.map(Parametrised.init), background = setab.map(Parametrised.init)
        let xtermMouse = string("XM") != nil || (string("kmous") != nil && ansi)
        // With SGR reports (1006): coordinates past column 223, which the X10 report's bytes
        // cannot carry, and a release that names its button.
        let dragOn = xtermMouse ? Array("\u{1B}[?1002h\u{1B}[?1006h".utf8) : [],
            dragOff = xtermMouse ? Array("\u{1B}[?1006l\u{1B}[?1002l".utf8) : []
        var leaveModes = dragOff
        if let xm = string("XM") {
            leaveModes += Parametrised(xm).bytes(0)
        } else if string("kmous") != nil && ansi {
            leaveModes += Array("\u{1B}[?1000l".utf8)
        }
        leaveModes += text("rmkx") + text("cnorm")
        var sequences = TerminalSequences(
            normal: text("sgr0"), bold: text("bold"), dim: text("dim"), reverse: text("rev"),
            underline: text("smul"), defaultColors: text("op"),
            foreground: colors > 0 ? { index in foreground!.bytes(index) } : nil,
            background: colors > 0 ? { index in background!.bytes(index) } : nil,
            paletteSize: colors,
            clearScreen: text("clear"), clearToEndOfLine: text("el"), backgroundColorErase: flag("bce"),
            autowrapOff: autowrapOff, autowrapOn: autowrapOn,
            cornerScrolls: autowrapOff.isEmpty && flag("am") && !flag("xenl"),
            moveCursor: { bytes, row, column in moveCursor.append(to: &bytes, row, column) },
            scrollRegion: region.map { region in { bytes, top, bottom in region.append(to: &bytes, top, bottom) } },
            scrollForward: repeated(ind, indn), scrollReverse: repeated(ri, rin))
        sequences.clearToEndOfScreen = text("ed")
        sequences.leaveModes = leaveModes
        sequences.exitAlternateScreen = text("rmcup")
        sequences.dragReportingOn = dragOn
        sequences.dragReportingOff = dragOff
        if ansi {
            sequences.synchronizedBegin = Array("\u{1B}[?2026h".utf8)
            sequences.synchronizedEnd = Array("\u{1B}[?2026l".utf8)
        }
        return sequences
    }

    /// The sequences of the terminal ncurses has set up (`newterm`).
    static func current() -> TerminalSequences? {
        terminfo(
            string: { cnc_tigetstr($0).map(bytes) },
            number: { name in
                let value = Int(cnc_tigetnum(name))
                return value >= 0 ? value : nil
            },
            flag: { cnc_tigetflag($0) > 0 })
    }

    /// The bytes of a terminfo string, without padding.
    static func bytes(_ string: UnsafePointer<CChar>) -> [UInt8] {
        strippingPadding(Array(UnsafeRawBufferPointer(start: string, count: strlen(string))))
    }

    /// A terminfo string without its padding specifications ("$<5>").
    static func strippingPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
                let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">"))
            {
                index = close + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }

    /// A parametrised terminfo string.
    struct Parametrised {
        /// The string with a terminating NUL, for tiparm.
        private let format: [CChar]
        /// For the ECMA-48 forms made without tiparm: the final byte, and whether the
        /// parameters count from 1 (%i).
        private let ansi: (final: UInt8, parameters: Int, fromOne: Bool)?

        init(_ string: [UInt8]) {
            format = string.map { CChar(bitPattern: $0) } + [0]
            let forms: [(String, UInt8, Int, Bool)] = [
                ("\u{1B}[%i%p1%d;%p2%dH", UInt8(ascii: "H"), 2, true),
                ("\u{1B}[%i%p1%d;%p2%dr", UInt8(ascii: "r"), 2, true),
                ("\u{1B}[%p1%dS", UInt8(ascii: "S"), 1, false),
                ("\u{1B}[%p1%dT", UInt8(ascii: "T"), 1, false),
            ]
            ansi = forms.first { Array($0.0.utf8) == string }.map { ($0.1, $0.2, $0.3) }
        }

        func append(to bytes: inout [UInt8], _ first: Int, _ second: Int = 0) {
            if let ansi {
                bytes.append(0x1B)
                bytes.append(UInt8(ascii: "["))
                let offset = ansi.fromOne ? 1 : 0
                Self.appendDecimal(first + offset, to: &bytes)
                if ansi.parameters == 2 {
                    bytes.append(UInt8(ascii: ";"))
                    Self.appendDecimal(second + offset, to: &bytes)
                }
                bytes.append(ansi.final)
                return
            }
            // tiparm writes into one static buffer: two threads at once (tests encode frames in
            // parallel) read each other's half-made sequences. The copy is made under the lock.
            let result = Self.tiparmLock.withLock { _ in
                format.withUnsafeBufferPointer { cnc_tiparm2($0.baseAddress!, Int32(first), Int32(second)) }
                    .map { TerminalSequences.bytes($0) }
            }
            if let result { bytes += result }
        }

        private static let tiparmLock = Mutex(())

        func bytes(_ first: Int, _ second: Int = 0) -> [UInt8] {
            var bytes: [UInt8] = []
            append(to: &bytes, first, second)
            return bytes
        }

        static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
            let zero = UInt8(ascii: "0")
            guard value >= 10 else {
                bytes.append(zero &+ UInt8(truncatingIfNeeded: max(0, value)))
                return
            }
            appendDecimal(value / 10, to: &bytes)
            bytes.append(zero &+ UInt8(truncatingIfNeeded: value % 10))
        }
    }
}
