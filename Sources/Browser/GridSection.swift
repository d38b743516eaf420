// The sections of the view, and the grid style of section: its background, its items in
// wrapping lines, its footer and its header (pinned or not).

import Catalog
import SplitLayout
import TerminalUI

/// The content rows of the screen: every section that meets the view, each drawn by the
/// style of section it has, clipped to its own frame.
struct SectionsView: Widget {
    let state: SectionsInput
    /// The faces kept from earlier frames (locked for this frame).
    let faces: ItemFaces.Table

    func render(in area: Rect, into buffer: inout CellBuffer) {
        guard area.x > 0, area.width > 0, area.height > 0 else {
            Self.draw(state, faces: faces, in: area, into: &buffer)
            return
        }
        // Sections after a panel at the left (--preview-window left): the styles draw at the
        // layout's columns, so they draw on a buffer of their own, placed after the panel.
        var own = CellBuffer(width: area.width, height: area.height, style: state.options.theme.base)
        var input = state
        input.viewTop = 0
        Self.draw(input, faces: faces, in: Rect(x: 0, y: 0, width: area.width, height: area.height), into: &own)
        buffer.place(own, atX: area.x, y: area.y)
    }

    // Static functions given the state as an argument: a closure reading `self.state` copies the
    // (large) state at every call, an argument is borrowed.
    private static func draw(
        _ state: SectionsInput, faces: ItemFaces.Table, in area: Rect, into buffer: inout CellBuffer
    ) {
        let viewport = Rect(x: area.x, y: state.view.offset, width: area.width, height: area.height)
        state.view.layout.forEachSection(in: viewport) { index in
            var frame = state.view.layout.frame(ofSection: index)
            frame.y -= state.view.offset - area.y
            let section = state.style(ofSection: index).init(section: index)
            draw(section, in: frame, state: state, faces: faces, into: &buffer)
        }
    }

    private static func draw(
        _ section: any SectionStyle, in frame: Rect, state: SectionsInput, faces: ItemFaces.Table,
        into buffer: inout CellBuffer
    ) {
        // Sections never overlap: each is clipped to its own frame, in any order.
        buffer.withClip(x: frame.x, y: frame.y, width: frame.width, height: frame.height) { buffer in
            section.render(in: frame, into: &buffer, state: state, faces: faces)
        }
    }
}

/// A section of the `grid` style: items in lines that wrap at the column's width.
struct GridSection: SectionStyle {
    let section: Int

    /// `area`: the section's frame on the screen (its part outside the view is clipped).
    func render(in area: Rect, into buffer: inout CellBuffer, state: SectionsInput, faces: ItemFaces.Table) {
        guard section < state.content.catalog.sections.count else { return }
        // Read once for the section rather than for each item.
        let itemCount = state.content.catalog.sections[section].items.count
        let sectionBackground = SectionChrome.background(of: section, state)
        let grouped = state.view.layout.sections[section].isGrouped
        // Content rows to screen rows.
        let shift = state.view.layout.frame(ofSection: section).y - area.y
        let viewport = Rect(x: area.x, y: state.view.offset, width: area.width, height: state.viewHeight)
        var header: LayoutElement?
        var footer: LayoutElement?
        // A group's backgrounds go over the section's and under the items, its badges over the
        // items; the footer and the header on top of them all: a pinned header covers the
        // items it sits on.
        let decorations =
            grouped ? GroupDecorationPainter(section: section, viewport: viewport, shift: shift, state) : nil
        var backgroundsDrawn = false
        state.view.layout.forEachElement(ofSection: section, in: viewport) { element in
            var screenRect = element.drawnFrame
            screenRect.y -= shift
            if element.kind != .background && !backgroundsDrawn {
                decorations?.drawBackgrounds(state, into: &buffer)
                backgroundsDrawn = true
            }
            switch element.kind {
            case .background:
                SectionChrome.fillBackground(screenRect, color: sectionBackground, state, into: &buffer)
            case .item:
                let path = ItemPath(section: element.section, item: element.item!)
                guard path.item < itemCount else { return }
                // An item in a group with a background takes it, as one in a section takes the
                // section's.
                let background = decorations?.background(of: element.frame) ?? sectionBackground
                if grouped && screenRect.height >= 3 && screenRect.width >= 6 {
                    // A group's large slots hold a card: the item's fields and keywords show.
                    CardWidget(path: path, transform: CardTransform(), background: background, state: state)
                        .render(in: screenRect, into: &buffer)
                } else {
                    drawItem(path, in: screenRect, background: background, state, faces: faces, into: &buffer)
                }
            case .footer:
                footer = element
            case .header:
                header = element
            }
        }
        if !backgroundsDrawn { decorations?.drawBackgrounds(state, into: &buffer) }
        decorations?.drawBadges(state, into: &buffer)
        SectionChrome.draw(footer: footer, header: header, shift: shift, state, into: &buffer)
    }

    /// `background`: the section's (nil: the theme's).
    func drawItem(
        _ path: ItemPath, in rect: Rect, background: TerminalColor?, _ state: SectionsInput, faces: ItemFaces.Table,
        into buffer: inout CellBuffer
    ) {
        var style = path == state.view.focus ? state.theme.focus : state.theme.item
        if path != state.view.focus, let background { style.background = background }
        buffer.fill(rect, style)
        guard state.showsRow(rect.y) else { return }
        // One cell of padding on each side when the slot has room for it (a group's slot as
        // wide as its content has it always: two cells more than the content).
        let padding = rect.width >= 4 || (rect.width == 3 && state.view.layout.sections[path.section].isGrouped) ? 1 : 0
        let padded = rect.width - 2 * padding
        let x = rect.x + padding
        if state.content.drawsAsList(section: path.section) {
            // Text in a list (or with looks of its own): a line, cut at its end or before the
            // match, tabs at tab stops.
            ListLine.draw(
                path, x: x, y: rect.y, room: padded, style: style, focused: path == state.view.focus, state,
                into: &buffer)
            drawMarker(path, rect: rect, style: style, state, into: &buffer)
            return
        }
        // A face whose label needs it takes the right padding too (the next slot's left
        // padding still sets the two apart).
        func roomOf(_ face: DrawnFace) -> Int { face.widened ? padded + padding : padded }
        let source = state.sourcePath(path)
        // (Kept by the slot's width, of which the padding and so the face follow; a tone
        // chosen since is not the face kept. Kept by source item through searches too: a face
        // does not depend on the query, a key's echo shows the same items again, and the next
        // key's answer many of them.)
        let face =
            !state.picking.chosenGlyphs.isEmpty && state.picking.chosenGlyphs[source] != nil
            ? Browser.itemFace(path, room: padded, spare: padding, state)
            : faces.face(
                of: source, ordinal: state.content.sourceItemsBefore[source.section] + source.item, room: rect.width
            ) {
                Browser.itemFace(path, room: padded, spare: padding, state)
            }
        let room = roomOf(face)
        if let query = state.content.filter?.query, let labelStart = face.labelStart {
            // Search results: the label's matched characters, bold and underlined (character
            // offsets of the label, shifted by the glyph and space drawn before it). Matched
            // in the part of the label that shows, and as much again as the query could
            // need to match across its end: a label may be a 50 MB line.
            let label = state.content.catalog.sections[path.section].items.label(at: path.item)
            let shown = max(0, face.shown.count - labelStart)
            let ranges = Search.highlights(
                in: String(label.prefix(shown + 2 * query.description.count + 4)),
                for: query)
            let match = (path == state.view.focus ? state.theme.focusMatch : state.theme.match).applied(to: style)
            var column = x
            for (offset, character) in face.shown.enumerated() {
                let lit = offset >= labelStart && ranges.contains { $0.contains(offset - labelStart) }
                column += buffer.put(
                    String(character), x: column, y: rect.y, style: lit ? match : style,
                    maxWidth: x + room - column, measure: state.textWidth)
            }
        } else {
            drawFace(face, x: x, y: rect.y, room: room, style: style, state, into: &buffer)
        }
        drawMarker(path, rect: rect, style: style, state, into: &buffer)
    }

    /// A marked item's sign, in its slot's left padding.
    func drawMarker(
        _ path: ItemPath, rect: Rect, style: CellStyle, _ state: SectionsInput, into buffer: inout CellBuffer
    ) {
        // In the left padding cell (over the first cell of a slot without padding): the
        // marker (--marker, `*`), else at the focus the pointer (--pointer, none by default);
        // one cell wide, as the options require.
        let look = state.options.look
        let sign = state.isMarked(path) ? look.marker : path == state.view.focus ? look.pointer : ""
        if !sign.isEmpty {
            var marker = style
            // (Not on the focus, whose style is its own: xterm draws bold black grey.)
            marker.bold = marker.bold || path != state.view.focus
            buffer.put(sign, x: rect.x, y: rect.y, style: marker, maxWidth: 1, measure: state.textWidth)
        }
    }

    func drawFace(
        _ face: DrawnFace, x: Int, y: Int, room: Int, style: CellStyle, _ state: SectionsInput,
        into buffer: inout CellBuffer
    ) {
        if let glyph = face.glyphOnly {
            buffer.put(glyph, x: x, y: y, style: style, maxWidth: room)
        } else {
            buffer.put(face.shown, x: x, y: y, style: style, maxWidth: room, measure: state.textWidth)
        }
    }
}

extension CellBuffer {
    /// Fills a rectangle of the layout's geometry (clipped).
    mutating func fill(_ rect: Rect, _ style: CellStyle) {
        fill(x: rect.x, y: rect.y, width: rect.width, height: rect.height, style: style)
    }
}
