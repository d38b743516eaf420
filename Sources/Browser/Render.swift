// Composes one frame from the state: section backgrounds, items, footers, then the headers
// (pinned ones cover the items they sit on), the status line (StatusLine.swift) and the help
// overlay.

import Catalog
import SplitLayout
import Synchronization
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

    public static func render(_ state: BrowserState) -> CellBuffer {
        var buffer = CellBuffer(width: state.width, height: state.height, style: state.theme.base)
        if state.isTooSmall {
            drawTooSmall(state, into: &buffer)
            return buffer
        }
        state.itemFaces.withFaces { faces in drawContent(state, into: &buffer, faces: &faces) }
        if state.filter != nil && state.catalog.sections.isEmpty { drawNoMatches(state, into: &buffer) }
        if let prompt = state.searchPrompt {
            drawSearchPrompt(prompt, state, into: &buffer)
        } else {
            drawStatus(state, into: &buffer)
        }
        if state.toneChooser != nil { drawToneChooser(state, into: &buffer) }
        if state.showingHelp { drawHelp(state, into: &buffer) }
        return buffer
    }

    static func drawTooSmall(_ state: BrowserState, into buffer: inout CellBuffer) {
        let need = "\(BrowserState.minimumWidth) x \(state.requiredHeight)"
        let have = "\(state.width) x \(state.height)"
        // The fullest message that fits, the needed size kept whole: "terminal too small:" is
        // wrapped at spaces (19 cells, wider than some screens it is shown on), but a 10 x 3
        // screen cut "need 20 x 5" to "need 20 x" and lost the 5.
        let candidates: [[String]] = [
            wrapped("terminal too small:", toWidth: state.width) + ["need " + need, "have " + have],
            wrapped("too small:", toWidth: state.width) + ["need " + need],
            ["need " + need],
            ["need", need],
            [need],
        ]
        let lines = candidates.first { lines in
            lines.count <= state.height && lines.allSatisfy { $0.count <= state.width }
        } ?? ["\(BrowserState.minimumWidth)x\(state.requiredHeight)"]
        let top = max(0, (state.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            let x = max(0, (state.width - line.count) / 2)
            buffer.put(line, x: x, y: top + index, style: state.theme.base)
        }
    }

    /// ASCII text broken at spaces into lines of at most `width` characters (a longer word
    /// stays whole and is clipped when drawn).
    static func wrapped(_ text: String, toWidth width: Int) -> [String] {
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

    /// The background colour of a section: its data's own, else the theme's cycle.
    static func background(of section: Int, _ state: BrowserState) -> TerminalColor? {
        if let color = state.catalog.sections[section].background { return color.terminalColor }
        let cycle = state.theme.sectionBackgrounds
        return cycle.isEmpty ? nil : cycle[section % cycle.count]
    }

    static func drawContent(_ state: BrowserState, into buffer: inout CellBuffer, faces: inout ItemFaces.Table) {
        let viewHeight = state.viewHeight
        let viewport = Rect(x: 0, y: state.offset, width: state.width, height: viewHeight)
        var headers: [LayoutElement] = []
        var footers: [LayoutElement] = []

        func fill(_ rect: Rect, _ style: CellStyle) { fillClipped(rect, style, viewHeight: viewHeight, into: &buffer) }

        state.layout.forEachElement(in: viewport) { element in
            var screenRect = element.drawnFrame
            screenRect.y -= state.offset
            switch element.kind {
            case .background:
                var style = state.theme.base
                if let color = background(of: element.section, state) { style.background = color }
                fill(screenRect, style)
            case .item:
                drawItem(ItemPath(section: element.section, item: element.item!), in: screenRect, state,
                         faces: &faces, into: &buffer)
            case .footer:
                footers.append(element)
            case .header:
                headers.append(element)
            }
        }
        for footer in footers {
            var rect = footer.frame
            rect.y -= state.offset
            fill(rect, state.theme.footer)
        }
        for header in headers {
            var rect = header.drawnFrame
            rect.y -= state.offset
            fill(rect, state.theme.header)
            guard rect.y >= 0, rect.y < viewHeight else { continue }
            let section = state.catalog.sections[header.section]
            let title = " \(VisibleText.standalone(section.title)) · \(section.items.count) "
            buffer.put(state.textWidth.truncate(title, toWidth: max(0, rect.width - 1)), x: rect.x + 1, y: rect.y,
                       style: state.theme.header, maxWidth: rect.width - 1, measure: state.textWidth)
        }
    }

    /// Fills a screen rectangle clipped to the view's rows [0, viewHeight).
    static func fillClipped(_ rect: Rect, _ style: CellStyle, viewHeight: Int, into buffer: inout CellBuffer) {
        let top = max(0, rect.y), bottom = min(viewHeight, rect.maxY)
        guard top < bottom else { return }
        buffer.fill(x: rect.x, y: top, width: rect.width, height: bottom - top, style: style)
    }

    static func drawItem(_ path: ItemPath, in rect: Rect, _ state: BrowserState, faces: inout ItemFaces.Table,
                         into buffer: inout CellBuffer) {
        guard path.section < state.catalog.sections.count, path.item < state.catalog.sections[path.section].items.count
        else { return }
        var style = path == state.focus ? state.theme.focus : state.theme.item
        if path != state.focus, let color = background(of: path.section, state) { style.background = color }
        fillClipped(rect, style, viewHeight: state.viewHeight, into: &buffer)
        guard rect.y >= 0, rect.y < state.viewHeight else { return }
        // One cell of padding on each side when the slot has room for it.
        let padding = rect.width >= 4 ? 1 : 0
        let room = rect.width - 2 * padding
        let x = rect.x + padding
        if let query = state.filter?.query {
            let face = itemFace(path, room: room, state)
            if let label = face.label, let labelStart = face.labelStart {
                // Search results: the label's matched characters, bold and underlined (character
                // offsets of the label, shifted by the glyph and space drawn before it). Matched
                // in the part of the label that shows, and as much again as the query could
                // need to match across its end: a label may be a 50 MB line.
                let shown = max(0, face.drawn.shown.count - labelStart)
                let ranges = Search.highlights(in: String(label.prefix(shown + 2 * query.description.count + 4)),
                                               for: query)
                var match = style
                match.bold = true
                match.underline = true
                var column = x
                for (offset, character) in face.drawn.shown.enumerated() {
                    let lit = offset >= labelStart && ranges.contains { $0.contains(offset - labelStart) }
                    column += buffer.put(String(character), x: column, y: rect.y, style: lit ? match : style,
                                         maxWidth: x + room - column, measure: state.textWidth)
                }
            } else {
                drawFace(face.drawn, x: x, y: rect.y, room: room, style: style, state, into: &buffer)
            }
        } else {
            let source = state.sourcePath(path)
            let drawn = !state.chosenGlyphs.isEmpty && state.chosenGlyphs[source] != nil
                ? itemFace(path, room: room, state).drawn  // a tone chosen since: not the face kept
                : faces.face(of: source, ordinal: state.itemsBefore[path.section] + path.item, room: room) {
                    itemFace(path, room: room, state).drawn
                }
            drawFace(drawn, x: x, y: rect.y, room: room, style: style, state, into: &buffer)
        }
        if state.isMarked(path) {
            // In the left padding cell (over the first cell of a slot without padding): ASCII,
            // so no terminal can disagree about its width.
            var marker = style
            marker.bold = true
            buffer.put(markerGlyph, x: rect.x, y: rect.y, style: marker)
        }
    }

    static func drawFace(_ face: DrawnFace, x: Int, y: Int, room: Int, style: CellStyle, _ state: BrowserState,
                         into buffer: inout CellBuffer) {
        if let glyph = face.glyphOnly {
            buffer.put(glyph, x: x, y: y, style: style, maxWidth: room)
        } else {
            buffer.put(face.shown, x: x, y: y, style: style, maxWidth: room, measure: state.textWidth)
        }
    }

    /// What a slot of `room` cells shows of an item, from the item alone: its glyph and label
    /// (the label only when some of it shows), fitted to the room.
    static func itemFace(_ path: ItemPath, room: Int, _ state: BrowserState) -> ItemFace {
        // The label and glyph are read from the store alone, and the label only where it is
        // drawn: making the whole `Item`, or a label an emoji grid has no room for, for each
        // of the ~2,000 items of a frame was a good part of its cost.
        let items = state.catalog.sections[path.section].items
        var text: String
        var label: String?
        var labelStart: Int?
        var fits = false
        // The glyph alone, measured once, when that is what the slot shows.
        var glyphOnly: TextWidth.MeasuredCluster?
        if let glyph = state.shownGlyph(at: path, of: items) {
            let measured = state.textWidth.measuredCluster(glyph)
            let glyphWidth = measured?.width ?? state.textWidth.width(of: glyph)
            // The label only when some of it shows: the whole label, or at least one cell of it
            // before the ellipsis. (With exactly glyph + 2 cells this used to draw "😀 …": a
            // space and an ellipsis, no label at all.)
            let labelRoom = room - glyphWidth - 1
            if labelRoom >= 1 { label = items.label(at: path.item) }
            // (Up to 2 cells: all that is asked of a label that may be a 50 MB line.)
            let labelWidth = label.map { state.textWidth.width(of: $0, upTo: 2) } ?? 0
            if let label, labelWidth > 0 && labelRoom >= labelWidth {
                // (A label that starts with a combining mark has it on a dotted circle, not on
                // the space: counted on that first character alone, which could join the space.)
                let standalone = VisibleText.standalone(label)
                text = glyph + " " + standalone
                labelStart = (glyph + " " + String(standalone.prefix(1))).count - 1
            } else {
                text = glyph
                fits = glyphWidth <= room
                if fits { glyphOnly = measured }
            }
        } else {
            label = items.label(at: path.item)
            text = label!
            labelStart = 0
        }
        let drawn = glyphOnly.map { DrawnFace(glyphOnly: $0, shown: "") }
            ?? DrawnFace(glyphOnly: nil, shown: fits ? text : state.textWidth.truncate(text, toWidth: room))
        return ItemFace(label: label, labelStart: labelStart, drawn: drawn)
    }

    /// Drawn at the left edge of a marked item's slot.
    public static let markerGlyph = "*"

    /// In place of the sections when the filter keeps nothing.
    static func drawNoMatches(_ state: BrowserState, into buffer: inout CellBuffer) {
        let query = VisibleText.standalone(state.filter?.query.description ?? "")
        let message = state.textWidth.truncate("no matches for \"\(query)\"",
                                               toWidth: state.width - 2)
        let x = max(0, (state.width - state.textWidth.width(of: message)) / 2)
        buffer.put(message, x: x, y: state.viewHeight / 2, style: state.theme.base, measure: state.textWidth)
    }

    /// The skin-tone chooser: a box of the focused emoji's glyph and variants, below the
    /// emoji when there is room, else above it; the selected option in the focus style.
    static func drawToneChooser(_ state: BrowserState, into buffer: inout CellBuffer) {
        guard let chooser = state.toneChooser else { return }
        let count = chooser.options.count
        let columns = ToneChooser.columns(forWidth: state.width, optionCount: count)
        let rows = (count + columns - 1) / columns
        let boxWidth = min(state.width, columns * 4 + 4)
        let boxHeight = min(state.viewHeight, rows + 2)
        guard boxWidth >= 8, boxHeight >= 3 else { return }
        let anchor = state.layout.frame(of: chooser.path).map { Rect(x: $0.x, y: $0.y - state.offset, width: $0.width, height: $0.height) }
            ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let x = min(max(0, anchor.x - 2), state.width - boxWidth)
        let below = anchor.maxY
        let y = below + boxHeight <= state.viewHeight ? below : max(0, anchor.y - boxHeight)
        let style = state.theme.help
        buffer.fill(x: x, y: y, width: boxWidth, height: boxHeight, style: style)
        let inner = boxWidth - 2
        let title = state.textWidth.truncate(" skin tone ", toWidth: inner)
        let titleWidth = state.textWidth.width(of: title)
        buffer.put("┌" + title + String(repeating: "─", count: max(0, inner - titleWidth)) + "┐", x: x, y: y, style: style,
                   measure: state.textWidth)
        buffer.put("└" + String(repeating: "─", count: inner) + "┘", x: x, y: y + boxHeight - 1, style: style)
        for row in 0..<(boxHeight - 2) {
            buffer.put("│", x: x, y: y + 1 + row, style: style)
            buffer.put("│", x: x + boxWidth - 1, y: y + 1 + row, style: style)
            for column in 0..<columns {
                let index = row * columns + column
                guard index < count else { break }
                let slotX = x + 2 + column * 4
                guard slotX + 4 <= x + boxWidth - 1 else { break }
                let slotStyle = index == chooser.selected ? state.theme.focus : style
                buffer.fill(x: slotX, y: y + 1 + row, width: 4, height: 1, style: slotStyle)
                buffer.put(chooser.options[index], x: slotX + 1, y: y + 1 + row, style: slotStyle, maxWidth: 2,
                           measure: state.textWidth)
            }
        }
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

extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

extension BrowserState {
    /// `glyph(at:)` for a path known to exist in section `items`, read from the store alone
    /// when no tone was chosen or set (every frame asks it of every item on screen).
    func shownGlyph(at path: ItemPath, of items: ItemList) -> String? {
        if chosenGlyphs.isEmpty && skinTone == nil { return items.glyph(at: path.item) }
        return glyph(at: path)
    }
}

/// What a slot shows of an item, from the item and the slot's room alone (see `itemFace`).
struct ItemFace {
    /// The label, when it was read (the slot has room for some of it).
    var label: String?
    /// Where the label starts in what the slot shows (the glyph, the label, or both: "😀
    /// grinning face"), in characters; nil when it does not show.
    var labelStart: Int?
    var drawn: DrawnFace
}

/// What is drawn in a slot: the glyph alone, measured, or text fitted to the room.
struct DrawnFace {
    var glyphOnly: TextWidth.MeasuredCluster?
    /// The text truncated to the room ("" with `glyphOnly`).
    var shown: String
}

/// The faces of the items drawn lately, by source path and room, so that a frame does not read,
/// measure and fit again each of the couple of thousand items the frame before showed.
///
/// Direct-mapped and bounded (16,384 faces, more than a 200 x 60 screen has cells): an item
/// takes one slot, replacing what was there. A state's catalog never changes (a filter shows some of its
/// items, by the same source paths) nor its width rules; a glyph chosen in the tone chooser is
/// never kept here. The lock is taken once per frame.
final class ItemFaces: Sendable {
    struct Table {
        // Three arrays rather than one of optional slots: a lookup compares the key in place
        // instead of copying a slot and its strings out first.
        fileprivate var paths = [ItemPath](repeating: ItemPath(section: -1, item: -1), count: ItemFaces.slotCount)
        fileprivate var rooms = [Int](repeating: 0, count: ItemFaces.slotCount)
        fileprivate var faces = [DrawnFace?](repeating: nil, count: ItemFaces.slotCount)

        /// The face kept for `path` (whose position among all items is `ordinal`) in `room`
        /// cells, else `make()`'s, kept.
        mutating func face(of path: ItemPath, ordinal: Int, room: Int, _ make: () -> DrawnFace) -> DrawnFace {
            // By position: a screen shows runs of consecutive items, which take consecutive
            // slots and so never each other's (hashed, a screenful of 3,000 items took each
            // other's slots by the hundred, every frame).
            let slot = ordinal & (ItemFaces.slotCount - 1)
            if paths[slot] == path && rooms[slot] == room, let face = faces[slot] { return face }
            let face = make()
            paths[slot] = path
            rooms[slot] = room
            faces[slot] = face
            return face
        }
    }

    fileprivate static let slotBits = 14
    fileprivate static let slotCount = 1 << slotBits
    private let table = Mutex(Table())

    func withFaces<R>(_ body: (inout Table) -> R) -> R { table.withLock { body(&$0) } }
}
