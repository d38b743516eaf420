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

    /// The key called `name` as fzf writes keys: `ctrl-a` ... `ctrl-z`, `tab`, `btab`
    /// (Shift-Tab), `del`, `home`, `end`, `pgup`, `pgdn`, `left`, `right`, `up`, `down`, `esc`,
    /// `enter`, `space`, or a single printable character.
    static func key(named name: String) -> Key? {
        let lowered = name.lowercased()
        if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, letter.isLetter, letter.isASCII {
            return .control(letter)
        }
        switch lowered {
        case "tab": return .tab
        case "btab", "shift-tab": return .backTab
        case "del", "delete": return .delete
        case "home": return .home
        case "end": return .end
        case "pgup", "page-up": return .pageUp
        case "pgdn", "page-down": return .pageDown
        case "left": return .left
        case "right": return .right
        case "up": return .up
        case "down": return .down
        case "esc": return .escape
        case "enter", "return": return .enter
        case "bspace", "backspace": return .backspace
        case "space": return .character(" ")
        default:
            guard name.count == 1, let character = name.first, !character.isWhitespace else { return nil }
            return .character(character)
        }
    }
}

/// A name --expect does not know.
public struct UnknownKeyName: Error, Hashable, Sendable {
    public let name: String
}
