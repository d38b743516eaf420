// A section of the `row` style: one line of cards that scrolls sideways, each card placed,
// scaled and dimmed by the row's effect, drawn back to front so that a card in front hides the
// one behind, all clipped to the row (never half an emoji at its edges).

import Catalog
import SplitLayout
import TerminalUI

struct RowSection: SectionStyle {
    let section: Int

    func render(in area: Rect, into buffer: inout CellBuffer, state: SectionsInput, faces: ItemFaces.Table) {
        guard section < state.content.catalog.sections.count, let row = state.view.layout.sections[section].row,
            let look = state.content.rowLook(ofSection: section)
        else { return }
        let shift = state.view.layout.frame(ofSection: section).y - area.y
        let viewport = Rect(x: area.x, y: state.view.offset, width: area.width, height: state.viewHeight)
        let color = SectionChrome.background(of: section, state)
        var header: LayoutElement?
        var footer: LayoutElement?
        state.view.layout.forEachElement(ofSection: section, in: viewport) { element in
            switch element.kind {
            case .background:
                var rect = element.frame
                rect.y -= shift
                SectionChrome.fillBackground(rect, color: color, state, into: &buffer)
            case .footer: footer = element
            case .header: header = element
            case .item: break  // the cards are drawn below, as the effect places them
            }
        }
        let offset = state.view.layout.rowOffset(section: section)
        var cards = Layers()
        for (index, frame, transform) in row.drawnCards(offset: offset, effect: look.effect) {
            var screen = frame
            screen.y -= shift
            // A card of a group holds its items, each a card of its own in its slot.
            for item in row.items(ofCard: index) {
                let card = CardWidget(
                    path: ItemPath(section: section, item: item), transform: transform, background: color,
                    state: state)
                cards.add(card, in: card.area(around: row.frame(ofItem: item, inCard: screen)), z: transform.z)
            }
        }
        // Across, the row's width; down, from its top to the section's end: an effect that
        // moves cards down (the scale's) may use the inset below the row, not the header above.
        var clip = row.area
        clip.height = state.view.layout.frame(ofSection: section).maxY - clip.y
        clip.y -= shift
        buffer.withClip(x: clip.x, y: clip.y, width: clip.width, height: clip.height) { buffer in
            cards.render(into: &buffer)
        }
        SectionChrome.draw(footer: footer, header: header, shift: shift, state, into: &buffer)
    }
}

extension BrowserState {
    /// Where an item is drawn, in content coordinates: a card where its row's effect puts it
    /// now, any other item at its frame.
    public func drawnFrame(of path: ItemPath) -> Rect? {
        guard view.layout.sections.indices.contains(path.section), let row = view.layout.sections[path.section].row,
            let look = content.rowLook(ofSection: path.section), path.item >= 0, path.item < row.itemCount
        else { return view.layout.frame(of: path) }
        let card = row.drawnCard(
            row.card(ofItem: path.item), offset: view.layout.rowOffset(section: path.section), effect: look.effect)
        return row.frame(ofItem: path.item, inCard: card.frame)
    }
}

extension BrowserState {
    /// `v`: the focused section becomes a row of cards, or a grid again, for this session.
    mutating func toggleStyleOfFocusedSection() {
        guard let focus = view.focus, content.catalog.sections.indices.contains(focus.section) else { return }
        let title = content.catalog.sections[focus.section].title
        content.settings.chosenStyles[title] = view.layout.sections[focus.section].row == nil ? .row : .grid
        content.refreshLayoutInput(theme: options.theme, textWidth: options.textWidth)
        relayout()
        followFocusInRows(animated: false)
    }
}
