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
        return controlKey(value).map { .key($0) }
            ?? {
                guard !(0x80..<0xA0).contains(value), let scalar = Unicode.Scalar(value) else { return .ignored }
                return .key(.character(Character(scalar)))
            }()
    }

    /// The key a control character (below 0x20, or DEL) stands for; nil for any other value.
    /// Ctrl+Space sends NUL, Ctrl+\ 0x1C, Ctrl+] 0x1D, Ctrl+^ 0x1E and Ctrl+/ 0x1F.
    static func controlKey(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 0x60)))
        case 0: return .control(" ")
        case 28: return .control("\\")
        case 29: return .control("]")
        case 30: return .control("^")
        case 31: return .control("/")
        default: return nil
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
            let final = following[1]
            return finalKey(final).map { .key($0) } ?? .ignored
        case escape:
            // Two Esc presses within ESCDELAY still mean Esc; ESC before a sequence is Alt with it.
            if following.count == 1 && ended { return .key(.escape) }
            return decodeEscapeSequence(Array(following.dropFirst()), ended: ended).map { decoded in
                if case .key(let key) = decoded { return .key(key.with(.alt)) }
                return .ignored
            }
        default:
            // Alt with a key: ESC, then the key's character (Alt+Enter is ESC CR, Ctrl+Alt+a ESC ^A).
            if let control = controlKey(first) { return .key(control.with(.alt)) }
            guard !(0x80..<0xA0).contains(first), let scalar = Unicode.Scalar(first) else { return .ignored }
            return .key(Key.character(Character(scalar)).with(.alt))
        }
    }

    /// The key a CSI or SS3 sequence's final byte names by itself: the arrows, Home and End,
    /// and F1 to F4 (`\eOP`, or `\e[1;2P` with a modifier).
    private static func finalKey(_ final: UInt32) -> Key? {
        switch Unicode.Scalar(final).map(Character.init) {
        case "A": .up
        case "B": .down
        case "C": .right
        case "D": .left
        case "H": .home
        case "F": .end
        case "P": .function(1)
        case "Q": .function(2)
        case "R": .function(3)
        case "S": .function(4)
        default: nil
        }
    }

    /// The key of `\e[N~`: N as the VT220 and xterm number their editing and function keys.
    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        default: nil
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
        if final == ascii("Z") && parameters.isEmpty { return .key(.backTab) }
        // Numbers separated by ";": a key's number (for ~), then xterm's modifier parameter.
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count <= 2, numbers.allSatisfy({ $0 != nil }) || parameters.isEmpty else { return .ignored }
        let values = parameters.isEmpty ? [] : numbers.map { $0! }
        var modifiers = KeyModifiers()
        if values.count == 2 {
            guard let held = KeyModifiers(xtermParameter: values[1]) else { return .ignored }
            modifiers = held
        }
        let key: Key?
        if final == ascii("~") {
            key = values.first.flatMap(tildeKey)
        } else {
            // (The first number of a key named by its final byte is 1, or left out.)
            key = values.first.map { $0 == 1 } ?? true ? finalKey(final) : nil
        }
        return key.map { .key($0.with(modifiers)) } ?? .ignored
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
        case cnc_key_ic(): return .key(.insert)
        case cnc_key_sr(): return .key(Key.up.with(.shift))
        case cnc_key_sf(): return .key(Key.down.with(.shift))
        case cnc_key_sleft(): return .key(Key.left.with(.shift))
        case cnc_key_sright(): return .key(Key.right.with(.shift))
        case cnc_key_shome(): return .key(Key.home.with(.shift))
        case cnc_key_send(): return .key(Key.end.with(.shift))
        case cnc_key_sdc(): return .key(Key.delete.with(.shift))
        case cnc_key_sprevious(): return .key(Key.pageUp.with(.shift))
        case cnc_key_snext(): return .key(Key.pageDown.with(.shift))
        case cnc_key_resize(): return .resize
        case cnc_key_mouse(): return .mouse
        // F1 to F12, and F13 to F24 as xterm's Shift+F1 to Shift+F12.
        case cnc_key_f0() + 1...cnc_key_f0() + 12: return .key(.function(Int(code - cnc_key_f0())))
        case cnc_key_f0() + 13...cnc_key_f0() + 24:
            return .key(Key.function(Int(code - cnc_key_f0() - 12)).with(.shift))
        case (cnc_key_max() + 1)...: return keyname(code).map { extendedKey(String(cString: $0)) } ?? .ignored
        default: return .ignored
        }
    }

    /// A key ncurses decoded from an extended terminfo capability, by the capability's name:
    /// xterm's modified editing keys, kUP3 (Alt+Up), kLFT5 (Ctrl+Left), kDC2 (Shift+Delete), ...,
    /// the digit being xterm's modifier parameter.
    static func extendedKey(_ name: String) -> DecodedInput {
        let bases: [(String, Key)] = [
            ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home), ("kEND", .end),
            ("kDC", .delete), ("kIC", .insert), ("kPRV", .pageUp), ("kNXT", .pageDown),
        ]
        for (prefix, key) in bases where name.hasPrefix(prefix) {
            guard let number = Int(name.dropFirst(prefix.count)), let modifiers = KeyModifiers(xtermParameter: number)
            else { return .ignored }
            return .key(key.with(modifiers))
        }
        return .ignored
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
