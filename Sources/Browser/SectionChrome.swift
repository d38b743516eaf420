// What every style of section draws around its items: the background, the footer and the
// header (pinned or not), over the items.

import Catalog
import SplitLayout
import TerminalUI

enum SectionChrome {
    /// The background colour of a section: its data's own, else the theme's cycle.
    static func background(of section: Int, _ state: SectionsInput) -> TerminalColor? {
        if let color = state.content.catalog.sections[section].background { return color.terminalColor }
        let cycle = state.theme.sectionBackgrounds
        return cycle.isEmpty ? nil : cycle[section % cycle.count]
    }

    static func fillBackground(
        _ rect: Rect, color: TerminalColor?, _ state: SectionsInput, into buffer: inout CellBuffer
    ) {
        var style = state.theme.base
        if let color { style.background = color }
        buffer.fill(rect, style)
    }

    /// The footer, then the header over everything (a pinned header covers the items it sits
    /// on). `shift`: content rows to screen rows.
    static func draw(
        footer: LayoutElement?, header: LayoutElement?, shift: Int, _ state: SectionsInput,
        into buffer: inout CellBuffer
    ) {
        if let footer {
            var rect = footer.frame
            rect.y -= shift
            buffer.fill(rect, state.theme.footer)
        }
        if let header {
            var rect = header.drawnFrame
            rect.y -= shift
            buffer.fill(rect, state.theme.header)
            guard state.showsRow(rect.y) else { return }
            let section = state.content.catalog.sections[header.section]
            // A folded section: its header alone, with a sign, its count (of matches, in a
            // search) kept.
            let sign = state.content.isFolded(shown: header.section) ? "▸ " : ""
            let title = " \(sign)\(VisibleText.standalone(section.title)) · \(section.items.count) "
            buffer.put(
                state.textWidth.truncate(title, toWidth: max(0, rect.width - 1)), x: rect.x + 1, y: rect.y,
                style: state.theme.header, maxWidth: rect.width - 1, measure: state.textWidth)
        }
    }
}
