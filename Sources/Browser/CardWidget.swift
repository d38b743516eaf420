// One card of a row: a box in cells with the item's glyph and label on its first line and its
// fields below, as room allows; the focused card in the focus colours; a faded card dim, and
// past a point only its title.

import Catalog
import SplitLayout
import TerminalUI

struct CardWidget: Widget {
    let path: ItemPath
    let transform: CardTransform
    /// The section's background colour (nil: the theme's).
    let background: TerminalColor?
    let state: SectionsInput

    /// The cells the snapshot effect's strips slide out by, each way.
    var stripSlide: Int { Int(abs(transform.stripShift).rounded()) }

    /// The area the card draws in when its frame is `frame`: the frame, widened at both sides
    /// by what its strips slide (its widget is clipped to its area).
    func area(around frame: Rect) -> Rect {
        Rect(x: frame.x - stripSlide, y: frame.y, width: frame.width + 2 * stripSlide, height: frame.height)
    }

    func render(in area: Rect, into buffer: inout CellBuffer) {
        // The card's own frame, within the room its strips slide out into.
        let area = Rect(
            x: area.x + stripSlide, y: area.y, width: area.width - 2 * stripSlide, height: area.height)
        guard area.width >= 1, area.height >= 1, let item = state.content.item(at: path) else { return }
        let focused = state.view.focus == path
        var body = focused ? state.theme.focus : state.theme.item
        if !focused, let background { body.background = background }
        var frameStyle = focused ? state.theme.focus : state.theme.footer
        if !focused, let background { frameStyle.background = background }
        let visibility = transform.visibility
        // The focused card is never dimmed, even while the row moves it in from a faded place:
        // dim text on the focus colours fell under 7:1 (kitty draws dim at 75% over the
        // background) and the focus read weakest of all.
        if visibility != .normal && !focused {
            body = body.faded(to: transform.alpha)
            frameStyle = frameStyle.faded(to: transform.alpha)
            // Also in the footer's colour (a grey by default): some terminals (xterm among them)
            // draw the dim attribute as nothing at all.
            body.foreground = state.theme.footer.foreground
        }
        let bordered = area.height >= 3 && area.width >= 3
        let inner = bordered ? area.height - 2 : area.height
        let lines = contentLines(
            of: item, titleOnly: visibility == .titleOnly, room: area.width - (bordered ? 4 : 2), rows: inner)
        for row in 0..<area.height {
            // The snapshot effect's strips: even rows slide left, odd rows right.
            let slide = row % 2 == 0 ? -stripSlide : stripSlide
            let x = area.x + slide
            let y = area.y + row
            buffer.fill(x: x, y: y, width: area.width, height: 1, style: body)
            let isTop = bordered && row == 0
            let isBottom = bordered && row == area.height - 1
            if isTop || isBottom {
                let line =
                    (isTop ? "╭" : "╰") + String(repeating: "─", count: max(0, area.width - 2))
                    + (isTop ? "╮" : "╯")
                buffer.put(line, x: x, y: y, style: frameStyle, maxWidth: area.width)
                // A card behind another: its title in the edge that shows of it.
                if let edge = transform.edgeTitle, (edge == .top) == isTop, area.width >= 5, let title = lines.first {
                    let text = " " + state.textWidth.truncate(title, toWidth: area.width - 4) + " "
                    buffer.put(
                        text, x: x + 1, y: y, style: frameStyle, maxWidth: area.width - 2, measure: state.textWidth)
                }
                continue
            }
            let lineIndex = bordered ? row - 1 : row
            let room = area.width - (bordered ? 4 : 2)
            if bordered {
                buffer.put("│", x: x, y: y, style: frameStyle)
                buffer.put("│", x: x + area.width - 1, y: y, style: frameStyle)
            }
            guard lineIndex < lines.count, lineIndex < inner, room >= 1 else { continue }
            var style = body
            // The title bold, but not on a faded card (bold over dim reads as plain bold) nor on
            // the focused one (the focus style's own: xterm draws bold black grey).
            if lineIndex == 0 && visibility == .normal && !focused { style.bold = true }
            let text = state.textWidth.truncate(lines[lineIndex], toWidth: room)
            buffer.put(
                text, x: x + (bordered ? 2 : 1), y: y, style: style, maxWidth: room, measure: state.textWidth)
        }
        if state.isMarked(path) {
            var marker = frameStyle
            marker.bold = !focused
            buffer.put(
                state.options.look.marker, x: area.x + (bordered ? 1 : 0), y: area.y, style: marker, maxWidth: 1,
                measure: state.textWidth)
        }
    }

    /// The glyph and label, then the fields ("author: Ursula K. Le Guin") and the keywords,
    /// wrapped at their commas over the rows left in a tall card (`room` cells wide, `rows`
    /// high).
    func contentLines(of item: Item, titleOnly: Bool, room: Int, rows: Int) -> [String] {
        let label = VisibleText.standalone(item.label)
        let glyph = state.glyph(at: path).map({ state.textWidth.drawable($0) })
        var lines = [glyph.map { $0 + " " + label } ?? label]
        guard !titleOnly else { return lines }
        lines += item.shownFields
        if let keywords = item.shownKeywords {
            lines += wrapped(keywords, room: room, rows: max(1, rows - lines.count))
        }
        return lines
    }

    /// `text` in at most `rows` lines of `room` cells, broken after its commas (the last line
    /// keeps the rest, to be cut with "…" when drawn).
    func wrapped(_ text: String, room: Int, rows: Int) -> [String] {
        guard rows > 1, room > 0, state.textWidth.width(of: text, upTo: room + 1) > room else { return [text] }
        var lines: [String] = []
        var line = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            guard lines.count < rows - 1 else { break }
            // The next piece: up to and with the next ", ".
            let end = rest.range(of: ", ").map { $0.upperBound } ?? rest.endIndex
            let piece = rest[..<end]
            let candidate = line + piece
            if line.isEmpty
                || state.textWidth.width(of: candidate.trimmingTrailingSpaces, upTo: room + 1) <= room
            {
                line = candidate
                rest = rest[end...]
            } else {
                lines.append(line.trimmingTrailingSpaces)
                line = ""
            }
        }
        lines.append((line + rest).trimmingTrailingSpaces)
        return lines.filter { !$0.isEmpty }
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
