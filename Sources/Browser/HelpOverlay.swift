// The help overlay: the keys of every mode that do something with the data at hand, read from
// the key maps (KeyMaps.swift), so it cannot disagree with what the keys do. A box over the
// sections that wraps at word boundaries to its width and scrolls when it is taller than the
// screen.

import Catalog
import SplitLayout
import TerminalUI

/// One mode's part of the help.
public struct HelpSection: Hashable, Sendable {
    public let title: String
    public let entries: [HelpEntry]
}

/// One line of the help before wrapping: keys, and what they do.
public struct HelpEntry: Hashable, Sendable {
    public let keys: String
    public let action: String
}

extension KeyMap {
    /// The mode's section of the help: its available bindings, what the mouse does, what
    /// other keys do. Nil for a mode the help does not show or that cannot happen.
    func helpSection(for state: BrowserState) -> HelpSection? {
        guard let helpTitle, availability.holds(in: state) else { return nil }
        // While typing goes to the query the prompt's keys are in force, never browsing's or a
        // row's (their letters type): the help shows only what the keys do.
        if state.typingQueries && (mode == .browse || mode == .row) { return nil }
        // A key in two available groups does what the first says (`action(for:in:)`): the
        // later group lists the rest of its keys only.
        var listed = Set<Key>()
        var groups = availableGroups(in: state).compactMap { group -> KeyGroup? in
            defer { listed.formUnion(group.bindings.flatMap(\.keys)) }
            return group.without(keysIn: listed)
        }
        // The keys the user bound are theirs (listed under "Your keys").
        if Browser.takesUserBindings(mode), !state.options.bindings.keys.isEmpty {
            let taken = Set(state.options.bindings.keys.keys)
            groups = groups.compactMap { $0.without(keysIn: taken) }
        }
        var entries = groups.map { HelpEntry(keys: $0.keysLabel, action: $0.help) }
        if let mouseHelp { entries.append(HelpEntry(keys: mouseHelp.buttons, action: mouseHelp.help)) }
        switch otherKeys {
        case .ignored: break
        case .typeText(let help): entries.append(HelpEntry(keys: "text", action: help))
        case .perform(_, let help): entries.append(HelpEntry(keys: "other keys", action: help))
        }
        return HelpSection(title: helpTitle, entries: entries)
    }
}

public struct HelpOverlay: Widget {
    public static let title = "splitview keys"
    /// The sections, the mode under all others first (`KeyMap.all` reversed).
    public let sections: [HelpSection]
    /// The first line of text asked for; kept within the text when drawn.
    public let scroll: Int
    let style: CellStyle
    let measure: TextWidth

    public init(_ state: BrowserState) {
        sections = Self.userSection(state) + KeyMap.all.reversed().compactMap { $0.helpSection(for: state) }
        scroll = state.overlays.helpScroll
        style = state.options.theme.help
        measure = state.options.textWidth
    }

    /// The user's bindings (--bind, [bind]) first, in the order bound: each key or event and
    /// its actions by name. None without bindings.
    static func userSection(_ state: BrowserState) -> [HelpSection] {
        let bindings = state.options.bindings
        guard !bindings.isEmpty else { return [] }
        let entries = bindings.order.compactMap { trigger -> HelpEntry? in
            guard let actions = bindings.actions(for: trigger) else { return nil }
            let names = actions.map { BindableAction.name(of: $0) ?? "?" }.joined(separator: "+")
            switch trigger {
            case .key(let key): return HelpEntry(keys: key.helpName, action: names)
            case .event(let event): return HelpEntry(keys: "on " + event.rawValue, action: names)
            }
        }
        return [HelpSection(title: "Your keys (--bind, [bind])", entries: entries)]
    }

    /// A row of the help's text: a section title, an entry's keys and action (either may be
    /// empty on a wrapped row), or the blank row between sections.
    enum Line: Hashable {
        case title(String)
        case entry(keys: String, action: String)
        case blank
    }

    /// Where everything goes in an area.
    struct Layout {
        /// The box, borders included; inside the area.
        var box: Rect
        /// All the rows of text, wrapped to `textWidth`.
        var lines: [Line]
        var textWidth: Int
        /// The width of an entry's keys, and where its action starts, from the left of the text.
        var keysColumn: Int
        var actionColumn: Int
        var visibleRows: Int
        var maximumScroll: Int
    }

    /// The layout in `area`; nil when no box with a row of text fits.
    func layout(in area: Rect) -> Layout? {
        let entries = sections.flatMap(\.entries)
        let keysWidth = entries.map { measure.width(of: $0.keys) }.max() ?? 0
        let actionsWidth = entries.map { measure.width(of: $0.action) }.max() ?? 0
        let titlesWidth = sections.map { measure.width(of: $0.title) }.max() ?? 0
        let naturalWidth = max(keysWidth + 3 + actionsWidth, titlesWidth, measure.width(of: Self.title) + 2)
        // A border and a blank column on each side of the text, and a column of the sections
        // under it showing on each side of the box when the text has all the room it needs;
        // else the box takes the whole width: a cell of the sections beside its corner looked
        // like a stray mark of the help (a pinned header's "…" at 20 x 5).
        let textWidth = naturalWidth + 6 <= area.width ? naturalWidth : area.width - 4
        guard textWidth >= 1, area.height >= 3 else { return nil }
        var keysColumn = keysWidth, actionColumn = keysWidth + 3
        if textWidth < naturalWidth {
            keysColumn = min(keysWidth, textWidth / 2)
            actionColumn = keysColumn + 2
        }
        // Too narrow for two columns: each entry's keys on their own rows, the action below.
        let stacked = textWidth - actionColumn < 12
        if stacked {
            keysColumn = textWidth
            actionColumn = min(2, textWidth - 1)
        }
        let actionWidth = textWidth - actionColumn
        var lines: [Line] = []
        for (index, section) in sections.enumerated() {
            if index > 0 { lines.append(.blank) }
            lines += wrap(section.title, toWidth: textWidth).map(Line.title)
            for entry in section.entries {
                let keys = wrap(entry.keys, toWidth: keysColumn)
                let action = wrap(entry.action, toWidth: actionWidth)
                if stacked {
                    lines += keys.map { .entry(keys: $0, action: "") } + action.map { .entry(keys: "", action: $0) }
                } else {
                    for row in 0..<max(keys.count, action.count) {
                        lines.append(
                            .entry(
                                keys: row < keys.count ? keys[row] : "",
                                action: row < action.count ? action[row] : ""))
                    }
                }
            }
        }
        let boxHeight = min(area.height, lines.count + 2)
        let boxWidth = textWidth + 4
        let box = Rect(
            x: area.x + (area.width - boxWidth) / 2, y: area.y + (area.height - boxHeight) / 2,
            width: boxWidth, height: boxHeight)
        let visibleRows = boxHeight - 2
        return Layout(
            box: box, lines: lines, textWidth: textWidth, keysColumn: keysColumn, actionColumn: actionColumn,
            visibleRows: visibleRows, maximumScroll: max(0, lines.count - visibleRows))
    }

    public func render(in area: Rect, into buffer: inout CellBuffer) {
        guard let layout = layout(in: area) else { return }
        let box = layout.box
        let inner = box.width - 2
        let top = min(max(0, scroll), layout.maximumScroll)
        buffer.fill(x: box.x, y: box.y, width: box.width, height: box.height, style: style)

        // The title in the top border, the hint that there is more in the bottom one, each
        // only when it fits whole.
        let title = " \(Self.title) "
        let titleWidth = measure.width(of: title)
        let topBorder =
            titleWidth <= inner
            ? title + String(repeating: "─", count: inner - titleWidth)
            : String(repeating: "─", count: inner)
        put("┌" + topBorder + "┐", x: box.x, y: box.y, width: box.width, into: &buffer)
        let more = top > 0 && top < layout.maximumScroll ? " ↑↓ more " : top > 0 ? " ↑ more " : " ↓ more "
        let moreWidth = measure.width(of: more)
        let bottomBorder =
            layout.maximumScroll > 0 && moreWidth + 1 <= inner
            ? String(repeating: "─", count: inner - moreWidth - 1) + more + "─"
            : String(repeating: "─", count: inner)
        put("└" + bottomBorder + "┘", x: box.x, y: box.maxY - 1, width: box.width, into: &buffer)

        var bold = style
        bold.bold = true
        let textX = box.x + 2
        for row in 0..<layout.visibleRows {
            let y = box.y + 1 + row
            put("│", x: box.x, y: y, width: 1, into: &buffer)
            put("│", x: box.maxX - 1, y: y, width: 1, into: &buffer)
            guard top + row < layout.lines.count else { continue }
            switch layout.lines[top + row] {
            case .title(let text):
                buffer.put(text, x: textX, y: y, style: bold, maxWidth: layout.textWidth, measure: measure)
            case .entry(let keys, let action):
                buffer.put(keys, x: textX, y: y, style: style, maxWidth: layout.keysColumn, measure: measure)
                buffer.put(
                    action, x: textX + layout.actionColumn, y: y, style: style,
                    maxWidth: layout.textWidth - layout.actionColumn, measure: measure)
            case .blank:
                break
            }
        }
    }

    private func put(_ text: String, x: Int, y: Int, width: Int, into buffer: inout CellBuffer) {
        buffer.put(text, x: x, y: y, style: style, maxWidth: width, measure: measure)
    }

    /// `text` broken at spaces into rows at most `width` cells wide; the spaces between words
    /// on a row are kept as written ("PgUp PgDn  ^B ^F"). A word wider than a row is the only
    /// thing cut, at the row's width.
    func wrap(_ text: String, toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var rows: [String] = []
        var row = "", rowWidth = 0, spaces = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            guard !word.isEmpty else {
                spaces += 1
                continue
            }
            var word = String(word)
            var wordWidth = measure.width(of: word)
            if !row.isEmpty && rowWidth + spaces + 1 + wordWidth <= width {
                row += String(repeating: " ", count: spaces + 1) + word
                rowWidth += spaces + 1 + wordWidth
            } else {
                if !row.isEmpty { rows.append(row) }
                while wordWidth > width && word.count > 1 {
                    // At least one character a row, even one wider than the row (clipped).
                    let piece = measure.truncate(word, toWidth: width, ellipsis: "")
                    let count = max(1, piece.count)
                    rows.append(String(word.prefix(count)))
                    word.removeFirst(count)
                    wordWidth = measure.width(of: word)
                }
                (row, rowWidth) = (word, wordWidth)
            }
            spaces = 0
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }
}

extension Browser {
    /// Where the help is drawn: the rows above the status line, which stays in view.
    static func helpArea(_ state: BrowserState) -> Rect {
        Rect(x: 0, y: state.contentTop, width: state.view.width, height: state.viewHeight)
    }
}
