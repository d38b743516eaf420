// What the browser shows on a terminal too small for it: the size it needs and the size it has.

import Catalog
import SplitLayout
import TerminalUI

/// The whole screen when it is smaller than the browser needs.
struct TooSmallScreen: Widget {
    /// The size the browser needs.
    let needWidth: Int
    let needHeight: Int
    let theme: Theme

    func render(in area: Rect, into buffer: inout CellBuffer) {
        let need = "\(needWidth) x \(needHeight)"
        let have = "\(area.width) x \(area.height)"
        // The fullest message that fits, the needed size never cut: "terminal too small:" may
        // wrap at spaces (19 cells, wider than some screens it is shown on), "need 20 x 5" may
        // not (cut, it would say the wrong size).
        let candidates: [[String]] = [
            wrapped("terminal too small:", toWidth: area.width) + ["need " + need, "have " + have],
            wrapped("too small:", toWidth: area.width) + ["need " + need],
            ["need " + need],
            ["need", need],
            [need],
        ]
        let lines =
            candidates.first { lines in
                lines.count <= area.height && lines.allSatisfy { $0.count <= area.width }
            } ?? ["\(needWidth)x\(needHeight)"]
        let top = area.y + max(0, (area.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            let x = area.x + max(0, (area.width - line.count) / 2)
            buffer.put(line, x: x, y: top + index, style: theme.base)
        }
    }

    /// ASCII text broken at spaces into lines of at most `width` characters (a longer word
    /// stays whole and is clipped when drawn).
    func wrapped(_ text: String, toWidth width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

}
