// Inline mode (`--height`, as fzf's): the browser drawn in rows below the cursor, on the normal
// screen, with what the shell printed before it left in place. Here is the arithmetic of it,
// kept apart from ncurses so that it can be tested: how many rows a height means on a terminal,
// where the rows go, and how the terminal says where its cursor is.

/// How tall the browser is in inline mode.
public struct InlineHeight: Hashable, Sendable, CustomStringConvertible {
    /// The rows it may take of a terminal.
    public enum Limit: Hashable, Sendable {
        /// This many rows (fewer on a shorter terminal).
        case rows(Int)
        /// This share of the terminal's rows, 1 to 100.
        case percent(Int)
        /// All the terminal's rows but this many.
        case allBut(Int)
    }

    public var limit: Limit
    /// `~` (fzf's adaptive height): only as many rows as the content needs, up to the limit.
    public var adaptive: Bool

    public init(_ limit: Limit, adaptive: Bool = false) {
        self.limit = limit
        self.adaptive = adaptive
    }

    public static func rows(_ count: Int) -> InlineHeight { InlineHeight(.rows(count)) }
    public static func percent(_ share: Int) -> InlineHeight { InlineHeight(.percent(share)) }
    public static func allBut(_ count: Int) -> InlineHeight { InlineHeight(.allBut(count)) }

    /// The least a share of the terminal (`percent`, `allBut`) comes to, as fzf's
    /// `--min-height`: 40% of a 12-row terminal would leave too little to browse. A terminal
    /// shorter than this is taken whole; an explicit row count is taken as it is.
    public static let leastRowsOfShare = 10

    /// "N" (rows), "N%" (of the terminal) or "-N" (all rows but N), each after a "~" for an
    /// adaptive height; nil for anything else.
    public init?(parsing text: String) {
        var trimmed = text.trimmingWhitespace
        adaptive = trimmed.hasPrefix("~")
        if adaptive { trimmed = trimmed.dropFirst() }
        // Digits only (Int alone would take "+5"), in `range`.
        func number(_ digits: Substring, in range: ClosedRange<Int>) -> Int? {
            guard digits.allSatisfy(\.isASCIIDigit), let value = Int(digits), range.contains(value) else { return nil }
            return value
        }
        if trimmed.hasSuffix("%") {
            guard let share = number(trimmed.dropLast(), in: 1...100) else { return nil }
            limit = .percent(share)
        } else if trimmed.hasPrefix("-") {
            guard let count = number(trimmed.dropFirst(), in: 1...100_000) else { return nil }
            limit = .allBut(count)
        } else {
            guard let count = number(trimmed, in: 1...100_000) else { return nil }
            limit = .rows(count)
        }
    }

    /// A height as the command line and the configuration give it: "full" (the whole screen:
    /// .some(nil)) or what `init(parsing:)` reads; nil for anything else.
    public static func setting(_ text: String) -> InlineHeight?? {
        text == "full" ? .some(nil) : InlineHeight(parsing: text).map { .some($0) }
    }

    /// What `setting` accepts, for messages.
    public static let settingSyntax = "\"full\" or \(syntax)"

    /// What `init(parsing:)` accepts, for messages.
    public static let syntax =
        "N rows (1 or more), N% of the terminal (1% to 100%) or -N (all rows but N), with ~ before for only the rows the content needs"

    /// The most rows this height takes of a terminal `terminalHeight` rows tall: at least 1,
    /// at most all of them.
    public func rows(ofTerminal terminalHeight: Int) -> Int {
        let all = max(1, terminalHeight)
        let wanted: Int
        switch limit {
        case .rows(let count):
            wanted = count
        case .percent(let share):
            wanted = max(Self.leastRowsOfShare, all * share / 100)
        case .allBut(let count):
            wanted = max(Self.leastRowsOfShare, all - count)
        }
        return min(all, max(1, wanted))
    }

    public var description: String {
        let prefix = adaptive ? "~" : ""
        switch limit {
        case .rows(let count): return "\(prefix)\(count)"
        case .percent(let share): return "\(prefix)\(share)%"
        case .allBut(let count): return "\(prefix)-\(count)"
        }
    }
}

/// Where the browser's rows are on the terminal in inline mode.
struct InlineRegion: Equatable {
    /// The terminal row of the browser's first row.
    var top: Int
    /// The browser's rows.
    var height: Int
    /// Lines the terminal must scroll up first to make room at the bottom (written as line
    /// feeds on its last row): what was on the screen moves up, into the scrollback at the top.
    var scroll: Int
    /// The column the cursor was at when it was found after text (a prompt with no line break
    /// after it): the browser starts on the next row, and the cursor goes back there at the end.
    var textEndColumn: Int?

    /// The rows below the cursor at (`cursorRow`, `cursorColumn`) of a terminal
    /// `terminalHeight` rows tall, `height` of them: from the cursor's row (the next one when
    /// the cursor is after text), the screen scrolled as far as needed to fit them. With the
    /// cursor unknown (nil: the terminal did not answer), the bottom rows, after scrolling the
    /// whole of them in: nothing on the screen is drawn over.
    static func below(cursorRow: Int?, cursorColumn: Int, height: Int, terminalHeight: Int) -> InlineRegion {
        let rows = min(max(1, height), max(1, terminalHeight))
        guard let cursorRow else {
            return InlineRegion(top: terminalHeight - rows, height: rows, scroll: rows, textEndColumn: nil)
        }
        let afterText = cursorColumn > 0
        let first = min(cursorRow, terminalHeight - 1) + (afterText ? 1 : 0)
        return InlineRegion(top: first, height: rows, scroll: 0, textEndColumn: afterText ? cursorColumn : nil)
            .resized(to: rows, terminalHeight: terminalHeight)
    }

    /// These rows made `height` rows from the same top (at least 1, at most the terminal's),
    /// moved up as far as the terminal needs to fit them: `scroll` says how far.
    func resized(to height: Int, terminalHeight: Int) -> InlineRegion {
        var resized = self
        resized.height = min(max(1, height), max(1, terminalHeight))
        resized.scroll = max(0, top + resized.height - terminalHeight)
        resized.top = top - resized.scroll
        return resized
    }

    /// The terminal row of the text the cursor was found after, once the region is placed; nil
    /// when the cursor was at the start of a line, or the text scrolled off the screen.
    var textEndRow: Int? {
        guard textEndColumn != nil, top > 0 else { return nil }
        return top - 1
    }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension MouseEvent {
    /// The event in the coordinates of the `count` rows from terminal row `top` (inline
    /// mode's): nil for a press, a click or the wheel outside them, which are not the
    /// browser's; a drag or a release outside is kept at the nearest row, so that a drag
    /// begun inside follows the pointer and ends.
    func inRows(from top: Int, count: Int) -> MouseEvent? {
        var moved = self
        moved.y = y - top
        if moved.y >= 0 && moved.y < count { return moved }
        guard action == .drag || action == .release else { return nil }
        moved.y = min(max(0, moved.y), max(0, count - 1))
        return moved
    }
}
