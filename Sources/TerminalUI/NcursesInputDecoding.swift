// What ncurses' input means: wget_wch's results and what follows an ESC, as the browser's keys
// and events. Pure functions of what was read, tested without a terminal; the reading is
// NcursesInputReader's.

import CNcursesw

extension NcursesScreen {
    /// What one wget_wch result means.
    enum DecodedInput: Hashable {
        case key(Key)
        case resize
        /// ncurses has a mouse event (getmouse).
        case mouse
        /// A mouse report decoded here: SGR's (mode 1006), which ncurses does not parse when
        /// its terminfo entry knows only the X10 report.
        case mouseReport(MouseEvent)
        /// A key the browser has no use for: read the next one.
        case ignored
        /// ERR: the timeout passed (or the input failed).
        case nothing
    }

    /// Maps wget_wch's status (OK, KEY_CODE_YES or ERR) and value to an input.
    static func decode(status: Int32, value: UInt32) -> DecodedInput {
        if status == cnc_key_code_yes() {
            return decodeFunctionKey(Int32(bitPattern: value))
        }
        guard status == cnc_ok() else { return .nothing }
        switch value {
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        case 1...26: return .key(.control(Character(Unicode.Scalar(UInt8(value) + 0x60))))
        case 0..<0x20, 0x80..<0xA0: return .ignored
        default:
            guard let scalar = Unicode.Scalar(value) else { return .ignored }
            return .key(.character(Character(scalar)))
        }
    }

    /// What an ESC followed by `following` (characters read at once after it) means; nil when
    /// the sequence is not finished and more may come. `ended`: nothing more came, decide with
    /// what there is. Nothing after the ESC is the Esc key; a sequence the browser has no use
    /// for, an unfinished one and Alt+key are ignored rather than taken for Esc.
    static func decodeEscapeSequence(_ following: [UInt32], ended: Bool) -> DecodedInput? {
        let escape: UInt32 = 0x1B, csi = ascii("["), ss3 = ascii("O")
        guard let first = following.first else { return ended ? .key(.escape) : nil }
        switch first {
        case csi:
            return decodeControlSequence(following.dropFirst(), ended: ended)
        case ss3:
            guard following.count >= 2 else { return ended ? .ignored : nil }
            switch following[1] {
            case ascii("H"): return .key(.home)
            case ascii("F"): return .key(.end)
            case ascii("A"): return .key(.up)
            case ascii("B"): return .key(.down)
            case ascii("C"): return .key(.right)
            case ascii("D"): return .key(.left)
            default: return .ignored
            }
        case escape:
            // Two Esc presses within ESCDELAY still mean Esc; ESC before a sequence is Alt with it.
            if following.count == 1 && ended { return .key(.escape) }
            return decodeEscapeSequence(Array(following.dropFirst()), ended: ended).map { _ in .ignored }
        default:
            return .ignored  // Alt+key
        }
    }

    private static func ascii(_ character: Unicode.Scalar) -> UInt32 { character.value }

    /// A CSI sequence after its "\e[": parameter and intermediate bytes (0x20-0x3F), then a
    /// final byte (0x40-0x7E).
    private static func decodeControlSequence(_ sequence: ArraySlice<UInt32>, ended: Bool) -> DecodedInput? {
        guard let finalIndex = sequence.firstIndex(where: { !(0x20...0x3F).contains($0) }) else {
            // Longer than any key's sequence: give up rather than swallow what follows.
            if sequence.count > 16 { return .ignored }
            return ended ? .ignored : nil
        }
        let final = sequence[finalIndex]
        guard (0x40...0x7E).contains(final) else { return .ignored }
        let parameters = String(decoding: sequence[..<finalIndex].map { UInt8($0) }, as: UTF8.self)
        if parameters.hasPrefix("<") && (final == ascii("M") || final == ascii("m")) {
            return sgrMouseEvent(parameters.dropFirst(), pressed: final == ascii("M")).map { .mouseReport($0) }
                ?? .ignored
        }
        if final == ascii("M") && parameters.isEmpty {
            // An X10 mouse report: three bytes (button, column, row) follow.
            if sequence.endIndex - finalIndex - 1 < 3 { return ended ? .ignored : nil }
            return .ignored
        }
        let unmodified = parameters.isEmpty || parameters == "1"
        switch (Character(Unicode.Scalar(UInt8(final))), parameters) {
        case ("H", _) where unmodified: return .key(.home)
        case ("F", _) where unmodified: return .key(.end)
        case ("A", _) where unmodified: return .key(.up)
        case ("B", _) where unmodified: return .key(.down)
        case ("C", _) where unmodified: return .key(.right)
        case ("D", _) where unmodified: return .key(.left)
        case ("Z", ""): return .key(.backTab)
        case ("~", "1"), ("~", "7"): return .key(.home)
        case ("~", "4"), ("~", "8"): return .key(.end)
        case ("~", "5"): return .key(.pageUp)
        case ("~", "6"): return .key(.pageDown)
        case ("~", "3"): return .key(.delete)
        default: return .ignored
        }
    }

    private static func decodeFunctionKey(_ code: Int32) -> DecodedInput {
        switch code {
        case cnc_key_up(): return .key(.up)
        case cnc_key_down(): return .key(.down)
        case cnc_key_left(): return .key(.left)
        case cnc_key_right(): return .key(.right)
        case cnc_key_ppage(), cnc_key_a3(): return .key(.pageUp)
        case cnc_key_npage(), cnc_key_c3(): return .key(.pageDown)
        case cnc_key_home(), cnc_key_a1(), cnc_key_find(): return .key(.home)
        case cnc_key_end(), cnc_key_c1(), cnc_key_select(): return .key(.end)
        case cnc_key_btab(): return .key(.backTab)
        case cnc_key_enter(): return .key(.enter)
        case cnc_key_backspace(): return .key(.backspace)
        case cnc_key_dc(): return .key(.delete)
        case cnc_key_resize(): return .resize
        case cnc_key_mouse(): return .mouse
        default: return .ignored
        }
    }

    /// The mouse event ncurses reported at (`x`, `y`) with button state `state`, nil for one the
    /// browser does not use.
    static func mouseEvent(state: mmask_t, x: Int32, y: Int32) -> MouseEvent? {
        mouseAction(state).map { MouseEvent(action: $0, x: Int(x), y: Int(y), shift: state & cnc_button_shift() != 0) }
    }

    /// An SGR mouse report (`\e[<b;x;y` then M for a press or motion, m for a release), nil for
    /// one the browser does not use. Its coordinates are not limited to 223 as the X10
    /// report's bytes are. b: the button in its low two bits (0 the left), 4 Shift, 32 motion,
    /// 64 the wheel (64 up, 65 down); x and y count from 1.
    static func sgrMouseEvent(_ parameters: Substring, pressed: Bool) -> MouseEvent? {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3, let code = Int(fields[0]), let x = Int(fields[1]), let y = Int(fields[2]),
            (0...1023).contains(code), x >= 1, y >= 1
        else { return nil }
        let button = code & 3, shift = code & 4 != 0
        let action: MouseEvent.Action
        if code & 64 != 0 {
            guard pressed, button <= 1 else { return nil }
            action = button == 0 ? .wheelUp : .wheelDown
        } else if code & 32 != 0 {
            guard button == 0 else { return nil }
            action = .drag
        } else {
            guard button == 0 else { return nil }
            action = pressed ? .press : .release
        }
        return MouseEvent(action: action, x: x - 1, y: y - 1, shift: shift)
    }

    /// The action of a mouse event's button state, nil for one the browser does not use.
    static func mouseAction(_ state: mmask_t) -> MouseEvent.Action? {
        if state & cnc_button4_pressed() != 0 { return .wheelUp }
        if cnc_button5_pressed() != 0 && state & cnc_button5_pressed() != 0 { return .wheelDown }
        if state & cnc_button1_pressed() != 0 { return .press }
        if state & cnc_button1_released() != 0 { return .release }
        if state & cnc_button1_double_clicked() != 0 { return .doubleClick }
        if state & cnc_button1_clicked() != 0 { return .click }
        // Motion is reported only with a button held (mode 1002, see TerminalSequences).
        if state & cnc_report_mouse_position() != 0 { return .drag }
        return nil
    }
}
