// The status line: the focused item (its glyph, label, code points and section) and the
// position, a notice about the data in their place until the first key, or the search prompt
// while a search is typed.

import Catalog
import SplitLayout
import TerminalUI

/// The focused item's glyph, name, code points and section; the position on the right. A
/// value of what it shows, made from the state by `init(_:)`.
struct StatusLine: Widget {
    /// The focused item as the line names it.
    struct Focused {
        var label: String
        /// The glyph shown (nil: the item has none), and the one whose code points are named
        /// (an undrawable glyph is shown as its placeholder, named by its own).
        var glyph: String?
        var realGlyph: String?
        /// The tones of the glyph being chosen in the tone chooser.
        var tones: [String]
        var section: String
        /// "3 of 1884", "2 of 5 recent", with "…" while data arrives and the hidden count.
        var position: String
    }

    var focused: Focused?
    /// What stands in for the focused item when there is none: " no items", " loading…".
    var placeholder = ""
    /// The kept filter's query, the focused row's page, the marks (" 3 marked ").
    var filter: String?
    var page: String?
    var marks: String
    var notice: String?
    let theme: Theme
    let textWidth: TextWidth

    /// --tabstop: a tab in the focused label is spaces to the next stop, as in a list.
    var tabStop = 8

    init(_ state: BrowserState) {
        theme = state.options.theme
        textWidth = state.options.textWidth
        tabStop = max(1, state.options.tabStop)
        marks = state.markedCount
        notice = state.overlays.notice
        filter =
            state.content.isSearching ? state.content.filter.map { VisibleText.standalone($0.query.description) } : nil
        page = state.focusedRowPage
        if let focus = state.view.focus, let item = state.content.item(at: focus) {
            let section = state.content.catalog.sections[focus.section]
            // (A Recent item counts in its own section: it is also counted in its emoji's.)
            let ordinal = state.content.ordinal(of: focus)
            let hidden = state.options.hiddenItems
            let position =
                section.repeatsItems
                ? "\(ordinal) of \(section.items.count) \(VisibleText.standalone(section.title).lowercased())"
                : "\(ordinal) of \(state.content.distinctItemCount)\(state.content.loadingMark)"
                    + (hidden > 0 ? " (\(hidden) hidden)" : "")
            // While a tone is chosen: its glyph, named with its hair style or direction and tones.
            let choosing = state.overlays.toneChooser.flatMap { $0.path == focus ? $0.options[$0.selected] : nil }
            let real = choosing ?? state.glyph(at: focus)
            focused = Focused(
                label: item.label, glyph: real.map(textWidth.drawable), realGlyph: real,
                tones: choosing.map { glyph in
                    (ToneChooser.style(of: glyph).map { [$0] } ?? []) + SkinTone.tones(in: glyph).map(\.name)
                } ?? [],
                section: VisibleText.standalone(section.title), position: position)
        } else if state.content.itemCount == 0 {
            placeholder = state.content.isLoading ? " loading…" : " no items"
        }
    }

    func render(in area: Rect, into buffer: inout CellBuffer) {
        let row = area.y
        let style = theme.status
        buffer.fill(area, style)
        var left = placeholder
        // The right side, fullest first; parts drop from the right end while the left side
        // (the focused glyph and name) would get fewer than `leftMinimum` cells.
        // The marks are counted whatever else the line shows: Enter prints them, seen or not.
        var rightChoices = [marks + " ? help ", marks, ""]
        var leftMinimum = textWidth.width(of: placeholder)
        if let focused {
            let position =
                marks + (filter.map { " /\($0) " } ?? "") + (page.map { " \($0) ·" } ?? "") + " \(focused.position) "
            rightChoices = [position + " ? help ", position, ""]
            var parts: [String] = []
            if let glyph = focused.glyph, let real = focused.realGlyph {
                parts.append(glyph)
                parts.append(
                    shownLabel(
                        focused.label + (focused.tones.isEmpty ? "" : ": " + focused.tones.joined(separator: ", ")),
                        width: area.width))
                parts.append(Browser.codePoints(of: real))
                // The glyph and at least a letter of the name before the ellipsis.
                leftMinimum = 1 + textWidth.width(of: glyph) + 4
            } else {
                parts.append(shownLabel(focused.label, width: area.width))
                leftMinimum = 1 + textWidth.width(of: focused.label, upTo: 8)
            }
            parts.append("· " + focused.section)
            left = " " + parts.joined(separator: "  ")
        }
        var leftStyle = style
        if let notice {
            // The whole line, bold (cut with "…" when longer: it is on standard error whole).
            left = " " + notice
            rightChoices = [marks, ""]
            leftStyle.bold = true
        }
        leftMinimum = textWidth.width(of: left, upTo: leftMinimum)
        let right = rightChoices.first { area.width - textWidth.width(of: $0) - 1 >= leftMinimum } ?? ""
        let rightWidth = textWidth.width(of: right)
        let leftRoom = max(0, area.width - rightWidth - (right.isEmpty ? 0 : 1))
        buffer.put(
            textWidth.truncate(left, toWidth: leftRoom), x: area.x, y: row, style: leftStyle, maxWidth: leftRoom,
            measure: textWidth)
        if !right.isEmpty {
            buffer.put(right, x: area.maxX - rightWidth, y: row, style: style, measure: textWidth)
        }
    }

    /// A label as the status line needs it: no wider than the line, which is all it can show
    /// of it (the line is cut with "…" at its own room after the label is put in), and
    /// standing alone after the text before it (`VisibleText.standalone`).
    func shownLabel(_ label: String, width: Int) -> String {
        VisibleText.standalone(textWidth.truncate(expandingTabs(label), toWidth: width))
    }

    /// `label` with each tab as the spaces to the next tab stop (counted in cells from its
    /// start), not the tab's sign: the list shows the line that way.
    func expandingTabs(_ label: String) -> String {
        guard label.utf8.contains(9) else { return label }
        var expanded = ""
        var column = 0
        for character in label {
            if character == "\t" {
                let spaces = tabStop - column % tabStop
                expanded += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                expanded.append(character)
                column += textWidth.width(of: String(character))
            }
        }
        return expanded
    }
}

/// The status line while searching: the query being typed and how many items match.
struct SearchPromptLine: Widget {
    let prompt: SearchPrompt
    /// What the right side says: the marks, a spinner while a search runs, the count.
    var right: String
    /// What stands before the query (--prompt).
    var promptText: String
    /// The count right after the query (`--info inline`), else empty.
    var inline = ""
    let theme: Theme
    let textWidth: TextWidth

    init(_ prompt: SearchPrompt, _ state: BrowserState) {
        self.prompt = prompt
        theme = state.options.theme
        textWidth = state.options.textWidth
        promptText = VisibleText.standalone(state.options.look.shownPrompt)
        let content = state.content
        let count = content.filter?.count ?? content.itemCount
        let total = content.source.itemCount
        // While a search runs beside the input (a large catalog), the count is the last
        // result's: a spinner's dots before it say that a newer one is coming.
        let searching = content.pendingSearch == nil ? "" : " ⠿"
        let counted =
            total == 0
            ? (content.isLoading ? " loading… " : " no items ")
            : count == 0 ? " no matches\(content.loadingMark) " : " \(count) of \(total)\(content.loadingMark) "
        switch state.options.look.info {
        case .default: right = state.markedCount + searching + counted
        case .inline: (right, inline) = (state.markedCount, "  <" + searching + counted)
        case .hidden: right = state.markedCount + searching
        }
    }

    func render(in area: Rect, into buffer: inout CellBuffer) {
        let row = area.y
        let style = theme.status
        buffer.fill(area, style)
        let rightWidth = textWidth.width(of: right)
        let room = max(0, area.width - rightWidth - 1)
        // The prompt's text, the query and the count each in their colours (--color prompt,
        // query, info), over the line's.
        let (promptStyle, queryStyle, infoStyle) = (
            theme.prompt.applied(to: style), theme.query.applied(to: style), theme.info.applied(to: style)
        )
        var cursor = queryStyle
        cursor.reverse.toggle()
        let used = QueryText.put(
            prompt, after: promptText, x: area.x, y: row, room: room, styles: (promptStyle, queryStyle, cursor),
            into: &buffer, measure: textWidth)
        if used < room, !inline.isEmpty {
            buffer.put(inline, x: area.x + used, y: row, style: infoStyle, maxWidth: room - used, measure: textWidth)
        }
        if rightWidth < area.width {
            buffer.put(right, x: area.maxX - rightWidth, y: row, style: infoStyle, measure: textWidth)
        }
    }
}

extension BrowserState {
    /// " 3 marked " while items are marked, else nothing: the status line and the search
    /// prompt both show it, as fzf's prompt shows "(3)".
    var markedCount: String { picking.marked.isEmpty ? "" : " \(picking.marked.count) marked " }
}

extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

extension Browser {
    /// A glyph's code points as "U+1F44D U+1F3FD".
    static func codePoints(of glyph: String) -> String {
        glyph.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
            .joined(separator: " ")
    }
}

extension Item {
    /// The item's fields as shown on a card or in the detail panel: "author: Ursula K. Le Guin".
    var shownFields: [String] {
        fields.map { VisibleText.standalone($0.name) + ": " + VisibleText.standalone($0.value) }
    }

    /// The keywords as shown, comma-separated, but the one that is the label again and the
    /// shortcodes (`shownShortcodes`); nil when none is left.
    var shownKeywords: String? {
        let label = self.label.lowercased()
        let shown = keywords.filter { $0.lowercased() != label && !Self.isShortcode($0) }
        return shown.isEmpty ? nil : shown.map(VisibleText.standalone).joined(separator: ", ")
    }

    /// The shortcodes among the keywords (`:joy:`, `:+1:`), space-separated; nil when none.
    var shownShortcodes: String? {
        let codes = keywords.filter(Self.isShortcode)
        return codes.isEmpty ? nil : codes.map(VisibleText.standalone).joined(separator: " ")
    }

    /// Whether a keyword is a shortcode: a word between colons.
    static func isShortcode(_ keyword: String) -> Bool {
        keyword.count > 2 && keyword.hasPrefix(":") && keyword.hasSuffix(":") && !keyword.contains(" ")
    }
}

/// A query being typed on one line, after its prompt: the text up to the cursor stays visible
/// (its end, for a long query: that is where the user types), the cursor is the character
/// after it in reverse video (a blank at the end), then the rest of the query as room allows.
/// The search prompt's line and the section switcher's draw theirs so.
enum QueryText {
    /// Puts `query` after `lead` at (`x`, `y`) in at most `room` cells, in the lead's, the
    /// text's and the cursor's styles; returns the cells used.
    @discardableResult
    static func put(
        _ query: SearchPrompt, after lead: String, x: Int, y: Int, room: Int,
        styles: (lead: CellStyle, text: CellStyle, cursor: CellStyle), into buffer: inout CellBuffer,
        measure: TextWidth
    ) -> Int {
        let (beforeCursor, afterCursor) = query.split
        let text = String(
            measure.suffix(of: lead + VisibleText.standalone(String(beforeCursor)), fittingWidth: room - 1))
        var used = 0
        if text.hasPrefix(lead) {
            used = buffer.put(lead, x: x, y: y, style: styles.lead, maxWidth: room, measure: measure)
            used += buffer.put(
                String(text.dropFirst(lead.count)), x: x + used, y: y, style: styles.text, maxWidth: room - used,
                measure: measure)
        } else {
            used = buffer.put(text, x: x, y: y, style: styles.text, maxWidth: room, measure: measure)
        }
        let rest = VisibleText.standalone(String(afterCursor))
        let under = rest.first.map(String.init) ?? " "
        if used < room {
            used += buffer.put(under, x: x + used, y: y, style: styles.cursor, maxWidth: room - used, measure: measure)
        }
        if used < room, rest.count > 1 {
            used += buffer.put(
                String(rest.dropFirst()), x: x + used, y: y, style: styles.text, maxWidth: room - used,
                measure: measure)
        }
        return used
    }
}
