// The help overlay: the keys and what they do, over the sections.

import Catalog
import SplitLayout
import TerminalUI

extension Browser {
    /// The help overlay's lines: every key, and Space when marking is on.
    public static func helpLines(multiSelect: Bool) -> [(keys: String, action: String)] {
        var lines: [(keys: String, action: String)] = [
            ("arrows  h j k l", "move (across the two columns too)"),
            ("PgUp PgDn  ^B ^F", "page up / down"),
            ("Home End  g G", "first / last item"),
            ("Tab  Shift-Tab", "next / previous section"),
            ("<  >", "move the split left / right"),
            ("s", "skin tone of the focused emoji"),
            ("/", "search; Enter keeps, Esc drops"),
            ("Enter", multiSelect ? "print the marked items (or the focused one) and exit"
                                  : "print the focused item and exit"),
            ("click / wheel", "focus (click again to pick) / scroll"),
            ("q  Esc", "quit without output"),
            ("?", "close this help"),
        ]
        if multiSelect { lines.insert(("Space", "mark / unmark, then the next item"), at: 6) }
        return lines
    }

    static func drawHelp(_ state: BrowserState, into buffer: inout CellBuffer) {
        let helpLines = helpLines(multiSelect: state.multiSelect)
        let keysWidth = helpLines.map { $0.keys.count }.max()!
        let body = helpLines.map { $0.keys + String(repeating: " ", count: keysWidth - $0.keys.count) + "   " + $0.action }
        let title = "splitview keys"
        let innerWidth = min(state.width - 4, max(title.count, body.map(\.count).max()!) + 2)
        let boxHeight = min(state.viewHeight, body.count + 4)
        guard innerWidth > 4, boxHeight > 2 else { return }
        let x = max(0, (state.width - innerWidth - 2) / 2)
        let y = max(0, (state.viewHeight - boxHeight) / 2)
        let style = state.theme.help
        buffer.fill(x: x, y: y, width: innerWidth + 2, height: boxHeight, style: style)
        buffer.put("┌" + String(repeating: "─", count: innerWidth) + "┐", x: x, y: y, style: style)
        buffer.put("└" + String(repeating: "─", count: innerWidth) + "┘", x: x, y: y + boxHeight - 1, style: style)
        for row in (y + 1)..<(y + boxHeight - 1) {
            buffer.put("│", x: x, y: row, style: style)
            buffer.put("│", x: x + innerWidth + 1, y: row, style: style)
        }
        var bold = style
        bold.bold = true
        buffer.put(title, x: x + 2, y: y + 1, style: bold, maxWidth: innerWidth - 2)
        for (index, line) in body.enumerated() where y + 3 + index < y + boxHeight - 1 {
            buffer.put(line, x: x + 2, y: y + 3 + index, style: style, maxWidth: innerWidth - 2)
        }
    }
}
