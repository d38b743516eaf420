// fzf's --expect: keys that end the browser with the focused item, the key's name printed on
// the first line of the output (an empty line for Enter), so a script can act on the key.

import TerminalUI

/// The keys --expect names, by the names fzf gives them.
public struct ExpectedKeys: Hashable, Sendable {
    /// Each key, with its name as given (printed as given).
    public private(set) var names: [Key: String] = [:]

    public init() {}

    /// Reads a comma-separated list (`ctrl-d,ctrl-x,alt-a`); throws the name it does not know.
    public init(parsing list: String) throws(UnknownKeyName) {
        for name in list.split(separator: ",").map(String.init) where !name.isEmpty {
            guard let key = Self.key(named: name) else { throw UnknownKeyName(name: name) }
            names[key] = name
        }
    }

    public var isEmpty: Bool { names.isEmpty }

    /// The key called `name` as fzf writes keys (case aside; a single character keeps its
    /// case): `ctrl-a` ... `ctrl-z`, `ctrl-alt-a` ..., `alt-a` (any character), `alt-enter`,
    /// `alt-space`, `alt-bspace`, `ctrl-space`, `ctrl-\\`, `ctrl-]`, `ctrl-^`, `ctrl-/`, `tab`,
    /// `btab` (Shift-Tab), `enter`, `esc`, `space`, `bspace`, `insert`, `f1` ... `f12`, the
    /// editing keys `up`, `down`, `left`, `right`, `home`, `end`, `del`, `pgup`, `pgdn` alone
    /// or after `ctrl-`, `alt-` and `shift-` in any mix (`shift-up`, `alt-shift-left`), or a
    /// single printable character. Only keys a terminal can send are named.
    static func key(named name: String) -> Key? {
        let lowered = name.lowercased()
        switch lowered {
        case "tab": return .tab
        case "btab", "shift-tab": return .backTab
        case "esc": return .escape
        case "enter", "return": return .enter
        case "bspace", "bs", "backspace": return .backspace
        case "space": return .character(" ")
        case "insert": return .insert
        case "ctrl-space": return .control(" ")
        case "ctrl-\\": return .control("\\")
        case "ctrl-]": return .control("]")
        case "ctrl-^", "ctrl-6": return .control("^")
        case "ctrl-/", "ctrl-_": return .control("/")
        case "alt-enter", "alt-return": return Key.enter.with(.alt)
        case "alt-space": return Key.character(" ").with(.alt)
        case "alt-bspace", "alt-bs", "alt-backspace": return Key.backspace.with(.alt)
        default: break
        }
        if lowered.count >= 2, lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number),
            lowered.dropFirst().first != "0"
        {
            return .function(number)
        }
        // Modifiers before an editing key, a letter or a character.
        var rest = Substring(lowered)
        var modifiers = KeyModifiers()
        reading: while true {
            for (prefix, modifier) in [("ctrl-", KeyModifiers.ctrl), ("alt-", .alt), ("shift-", .shift)]
            where rest.hasPrefix(prefix) && rest.count > prefix.count && !modifiers.contains(modifier) {
                rest = rest.dropFirst(prefix.count)
                modifiers.insert(modifier)
                continue reading
            }
            break
        }
        if let key = editingKeys[String(rest)] { return key.with(modifiers) }
        let letter = rest.count == 1 ? rest.first! : nil
        switch modifiers {
        case [.ctrl] where letter?.isASCII == true && letter!.isLetter:
            return .control(letter!)
        case [.ctrl, .alt] where letter?.isASCII == true && letter!.isLetter:
            return Key.control(letter!).with(.alt)
        case [.alt] where lowered.hasPrefix("alt-") && name.dropFirst(4).count == 1:
            // (As written: alt-A is Alt with Shift and a.)
            guard let character = name.last, !character.isWhitespace else { return nil }
            return Key.character(character).with(.alt)
        case []:
            guard name.count == 1, let character = name.first, !character.isWhitespace else { return nil }
            return .character(character)
        default:
            return nil
        }
    }

    /// The keys that take any of Ctrl, Alt and Shift, by their names.
    static let editingKeys: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
        "del": .delete, "delete": .delete, "pgup": .pageUp, "page-up": .pageUp, "pgdn": .pageDown,
        "page-down": .pageDown,
    ]
}

/// A name --expect does not know.
public struct UnknownKeyName: Error, Hashable, Sendable {
    public let name: String
}
