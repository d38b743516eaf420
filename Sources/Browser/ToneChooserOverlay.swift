// The skin-tone chooser's box (hair styles and directions too), drawn next to the focused emoji.

import Catalog
import SplitLayout
import TerminalUI

/// The skin-tone chooser: a box of the focused emoji's glyph and variants, below the emoji
/// when there is room in the view (`area`), else above it; the selected option in the focus
/// style.
struct ToneChooserOverlay: Widget {
    let chooser: ToneChooser
    /// Where the emoji is drawn, in the view's rows (nil: not drawn).
    let anchor: Rect?
    /// The screen's width, which sets how many options a line of the box holds.
    let screenWidth: Int
    let options: SessionOptions

    func render(in area: Rect, into buffer: inout CellBuffer) {
        let count = chooser.options.count
        // Where the terminal draws a tone apart from its emoji, every option would be the same
        // yellow emoji: each gets its tones' swatches and names beside it.
        let named = !options.combinedTones
        let slot = chooser.slotWidth(named: named)
        // As many a line as the keys move over (`ToneChooser.columns` for the screen's width).
        let columns = chooser.columns(forWidth: screenWidth, named: named)
        let rows = (count + columns - 1) / columns
        let boxWidth = min(area.width, columns * slot + 4)
        let boxHeight = min(area.height, rows + 2)
        guard boxWidth >= 8, boxHeight >= 3 else { return }
        let anchor =
            self.anchor.map { Rect(x: area.x + $0.x, y: area.y + $0.y, width: $0.width, height: $0.height) }
            ?? Rect(x: area.x, y: area.y, width: 0, height: 0)
        let x = min(max(area.x, anchor.x - 2), area.maxX - boxWidth)
        // Below the item, else above it; a card too tall for either keeps its top (its border
        // and the title with the glyph) in sight, the chooser over the rest of it.
        let below = anchor.maxY
        let y =
            below + boxHeight <= area.maxY
            ? below
            : anchor.y - boxHeight >= area.y
                ? anchor.y - boxHeight
                : min(max(area.y, anchor.y + (anchor.height >= 3 ? 2 : 1)), max(area.y, area.maxY - boxHeight))
        let style = options.theme.help
        buffer.fill(x: x, y: y, width: boxWidth, height: boxHeight, style: style)
        let inner = boxWidth - 2
        let title = options.textWidth.truncate(" \(chooser.title) ", toWidth: inner)
        let titleWidth = options.textWidth.width(of: title)
        buffer.put(
            "┌" + title + String(repeating: "─", count: max(0, inner - titleWidth)) + "┐", x: x, y: y, style: style,
            measure: options.textWidth)
        buffer.put("└" + String(repeating: "─", count: inner) + "┘", x: x, y: y + boxHeight - 1, style: style)
        for row in 0..<(boxHeight - 2) {
            buffer.put("│", x: x, y: y + 1 + row, style: style)
            buffer.put("│", x: x + boxWidth - 1, y: y + 1 + row, style: style)
            for column in 0..<columns {
                let index = row * columns + column
                guard index < count else { break }
                let slotX = x + 2 + column * slot
                guard slotX + slot <= x + boxWidth - 1 else { break }
                let slotStyle = index == chooser.selected ? options.theme.focus : style
                buffer.fill(x: slotX, y: y + 1 + row, width: slot, height: 1, style: slotStyle)
                buffer.put(
                    chooser.options[index], x: slotX + 1, y: y + 1 + row, style: slotStyle, maxWidth: 2,
                    measure: options.textWidth)
                if named { drawLabel(of: chooser.options[index], x: slotX + 4, y: y + 1 + row, slotStyle, &buffer) }
            }
        }
    }

    /// An option's swatches (two cells of each tone's colour; none without colours, where the
    /// name alone tells) and its tones' names.
    func drawLabel(of option: String, x: Int, y: Int, _ style: CellStyle, _ buffer: inout CellBuffer) {
        let label = ToneChooser.label(of: option)
        var column = x
        for color in label.swatches {
            var swatch = style
            swatch.background = color
            // (Without colours, `withoutColors`, a background would be drawn reverse: blank.)
            if options.theme.dataColors { buffer.fill(x: column, y: y, width: 2, height: 1, style: swatch) }
            column += 2
        }
        buffer.put(label.name, x: column + 1, y: y, style: style)
    }
}
