// Text from the data inside the one-line messages splitview prints on standard error (an
// error that stops it, a warning), which is a terminal as often as not: a label or a key
// quoted there must not clear the screen, set the clipboard, turn the rest of the line right
// to left or break the message into two lines. Every message that quotes data goes through
// here (the snippets of the input, the strings and keys named, the column names).

public enum MessageText {
    /// Whether `scalar` is written into a message as itself: not a control, not a line or
    /// paragraph separator, not a format character (bidi controls, invisible separators),
    /// except the joiner and tags of emoji sequences; not unassigned (what a newer Unicode
    /// makes of it is unknown).
    public static func isShownAsItself(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 }
        if value < 0xA0 { return false }
        if value < 0x300 { return value != 0xAD }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
            return false
        case .format:
            return value == 0x200D || (0xE0020...0xE007F).contains(value)
        default:
            return true
        }
    }

    /// `text` with what is not shown as itself written as an escape: `\t`, `\n`, `\r`, else
    /// `\u001B` (four hex digits) or `\U000E0001` (eight, past U+FFFF), as in JSON and TOML.
    /// With `limit`, at most that many scalars, then "…" when there were more.
    public static func escaped(_ text: String, limit: Int? = nil) -> String {
        write(text, limit: limit, quotes: false)
    }

    /// `text` in double quotes, escaped as `escaped` does, and its quotes and backslashes
    /// escaped too, so the quoted text cannot be taken for its end nor for an escape.
    public static func quoted(_ text: String, limit: Int? = nil) -> String {
        "\"" + write(text, limit: limit, quotes: true) + "\""
    }

    private static func write(_ text: String, limit: Int?, quotes: Bool) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if let limit, count == limit {
                result += "…"
                break
            }
            count += 1
            switch scalar {
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\"" where quotes: result += "\\\""
            case "\\" where quotes: result += "\\\\"
            default:
                if isShownAsItself(scalar) {
                    result.unicodeScalars.append(scalar)
                } else {
                    let digits = String(scalar.value, radix: 16, uppercase: true)
                    result +=
                        scalar.value > 0xFFFF
                        ? "\\U" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
                        : "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
                }
            }
        }
        return result
    }

    /// `U+XXXX`, with at least four hex digits, as Unicode writes a code point.
    public static func codePoint(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
