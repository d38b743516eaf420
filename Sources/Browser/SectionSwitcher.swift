// The section switcher: a box over the sections listing their titles and counts, filtered as
// the user types (ranked by the search's own matching, over the titles), from which Enter
// jumps to a section: its first item focused, its header at the top of its column.

import Catalog
import SplitLayout
import TerminalUI

/// The switcher while it is open.
public struct SectionSwitcher: Hashable, Sendable {
    /// What the user typed, edited as the search prompt is.
    public internal(set) var query: SearchPrompt
    /// The chosen line among the entries shown (0: the first, the best match).
    public internal(set) var selected = 0

    init() { query = SearchPrompt(text: "", focusBefore: nil, offsetBefore: 0) }

    /// One line of the switcher: a shown section.
    public struct Entry: Hashable, Sendable {
        public let section: Int
        public let title: String
        public let count: Int
        public let folded: Bool
    }

    /// The shown sections whose titles match the query, best first (in section order while
    /// the query is empty, or unsorted with `--no-sort`).
    public func entries(in state: BrowserState) -> [Entry] {
        let content = state.content
        let all = content.catalog.sections.indices.map { index in
            Entry(
                section: index, title: content.catalog.sections[index].title,
                count: content.catalog.sections[index].items.count, folded: content.isFolded(shown: index))
        }
        let text = query.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return all }
        // The titles as the items of one section, searched by the search's own rules (fzf's
        // fuzzy ranking for the user's data).
        let titles = Catalog(
            sections: [Section(title: "", items: all.map { Item(label: $0.title) })], source: "sections")
        let result = Search.run(state.options.searchOptions.query(text), in: titles)
        return result.sections.first.map { $0.items.map { all[$0] } } ?? []
    }

    /// Applies an edit of the query; the choice goes back to the best match.
    mutating func edit(_ action: BrowserAction) {
        query.edit(action)
        selected = 0
    }
}

extension BrowserState {
    /// Opens the switcher, its query empty (with sections to switch between).
    mutating func openSectionSwitcher() {
        guard content.catalog.sections.count > 1 else { return }
        var switcher = SectionSwitcher()
        // The focused section chosen at first, as fzf's cursor starts on the current line.
        switcher.selected = view.focus?.section ?? 0
        overlays.sectionSwitcher = switcher
    }

    /// Jumps to shown section `index`: opened if it was folded, its first item focused, its
    /// header at the top of its column.
    mutating func jump(toShownSection index: Int) {
        guard let source = content.sourceSection(ofShown: index) else {
            // Best matches: no fold, nothing to map.
            if let first = view.firstItem(fromSection: index), first.section == index {
                view.focus = first
                view.offset = view.layout.sections[index].frame.y
                clampOffset()
                scrollIntoView(first)
            }
            return
        }
        focusFirstItem(ofSource: source)
    }

    /// Jumps to the first section titled `title` (fzf-style `jump-to-section(TITLE)`); nothing
    /// when none is shown.
    mutating func jump(toSectionTitled title: String) {
        guard let index = content.catalog.sections.firstIndex(where: { $0.title == title }) else { return }
        jump(toShownSection: index)
    }
}

extension Browser {
    /// The switcher's actions: edits of its query, moves of its choice, Enter, Esc.
    static func performSwitcher(_ action: BrowserAction, _ state: inout BrowserState) {
        guard var switcher = state.overlays.sectionSwitcher else { return }
        switch action {
        case .insertText, .deleteBackward, .clearText, .deleteWord:
            switcher.edit(action)
        case .moveQueryCursor, .queryCursorToStart, .queryCursorToEnd:
            // (The text is the same: the choice stays.)
            switcher.query.edit(action)
        case .moveSwitcher(let steps):
            let count = switcher.entries(in: state).count
            switcher.selected = count == 0 ? 0 : min(max(0, switcher.selected + steps), count - 1)
        case .acceptSwitcher:
            let entries = switcher.entries(in: state)
            state.overlays.sectionSwitcher = nil
            guard entries.indices.contains(switcher.selected) else { return }
            state.jump(toShownSection: entries[switcher.selected].section)
            return
        case .closeSwitcher:
            state.overlays.sectionSwitcher = nil
            return
        default:
            return
        }
        state.overlays.sectionSwitcher = switcher
    }
}

/// The switcher's box: the query on its first line, then the matching sections (a folded one
/// with ▸), each with its count, the chosen one in the focus style; the list scrolls to keep
/// the choice in sight.
struct SectionSwitcherOverlay: Widget {
    let switcher: SectionSwitcher
    let entries: [SectionSwitcher.Entry]
    let options: SessionOptions

    func render(in area: Rect, into buffer: inout CellBuffer) {
        let boxWidth = min(area.width, max(30, min(60, area.width * 2 / 3)))
        let boxHeight = min(area.height, max(1, entries.count) + 3)
        guard boxWidth >= 12, boxHeight >= 4 else { return }
        let x = area.x + (area.width - boxWidth) / 2
        let y = area.y + min(2, max(0, area.height - boxHeight))
        let style = options.theme.help
        let measure = options.textWidth
        let inner = boxWidth - 2
        buffer.fill(x: x, y: y, width: boxWidth, height: boxHeight, style: style)
        let title = measure.truncate(" sections \(entries.count) ", toWidth: inner)
        buffer.put(
            "┌" + title + String(repeating: "─", count: max(0, inner - measure.width(of: title))) + "┐", x: x, y: y,
            style: style, measure: measure)
        buffer.put("└" + String(repeating: "─", count: inner) + "┘", x: x, y: y + boxHeight - 1, style: style)
        for row in 1..<(boxHeight - 1) {
            buffer.put("│", x: x, y: y + row, style: style)
            buffer.put("│", x: x + boxWidth - 1, y: y + row, style: style)
        }
        var cursorStyle = style
        cursorStyle.reverse.toggle()
        QueryText.put(
            switcher.query, after: "> ", x: x + 2, y: y + 1, room: inner - 2, styles: (style, style, cursorStyle),
            into: &buffer, measure: measure)
        let rows = boxHeight - 3
        guard rows > 0 else { return }
        let first = min(max(0, switcher.selected - rows + 1), max(0, entries.count - rows))
        for (line, entry) in entries.dropFirst(first).prefix(rows).enumerated() {
            let lineStyle = first + line == switcher.selected ? options.theme.focus : style
            let lineY = y + 2 + line
            buffer.fill(x: x + 1, y: lineY, width: inner, height: 1, style: lineStyle)
            let count = " \(entry.count)"
            let countWidth = measure.width(of: count)
            let name = measure.truncate(
                (entry.folded ? "▸ " : "  ") + VisibleText.standalone(entry.title),
                toWidth: max(0, inner - 2 - countWidth))
            buffer.put(name, x: x + 1, y: lineY, style: lineStyle, maxWidth: inner - countWidth, measure: measure)
            buffer.put(count, x: x + 1 + inner - 1 - countWidth, y: lineY, style: lineStyle, measure: measure)
        }
    }
}
