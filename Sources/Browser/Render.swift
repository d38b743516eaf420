// Composes one frame from the state: section backgrounds, items, footers, then the headers
// (pinned ones cover the items they sit on), the status line (StatusLine.swift) and the help
// overlay.

import Catalog
import SplitLayout
import TerminalUI

extension Browser {
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

