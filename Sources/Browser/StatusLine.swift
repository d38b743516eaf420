// The status line: the focused item (its glyph, label, code points and section) and the
// position, a notice about the data in their place until the first key, or the search prompt
// while a search is typed.

import Catalog
import SplitLayout
import TerminalUI

/// The focused item's glyph, name, code points and section; the position on the right.
struct StatusLine: Widget {
    let state: BrowserState

    func render(in area: Rect, into buffer: inout CellBuffer) {
        let row = area.y
        let style = state.options.theme.status
        buffer.fill(area, style)
        var left = ""
        // The right side, fullest first; parts drop from the right end while the left side
        // (the focused glyph and name) would get fewer than `leftMinimum` cells.
        // The marks are counted whatever else the line shows: Enter prints them, seen or not.
        let marks = state.markedCount
        var rightChoices = [marks + " ? help ", marks, ""]
        var leftMinimum = 0
        if let focus = state.view.focus, let item = state.content.item(at: focus) {
            let filter = state.content.filter.map { " /\(VisibleText.standalone($0.query.description)) " } ?? ""
            let page = state.focusedRowPage.map { " \($0) ·" } ?? ""
            let section = state.content.catalog.sections[focus.section]
            // (A Recent item counts in its own section: it is also counted in its emoji's.)
            let count =
                section.repeatsItems
                ? "\(state.content.ordinal(of: focus)) of \(section.items.count) \(VisibleText.standalone(section.title).lowercased())"
                : "\(state.content.ordinal(of: focus)) of \(state.content.distinctItemCount)\(state.content.loadingMark)"
                    + (state.options.hiddenItems > 0 ? " (\(state.options.hiddenItems) hidden)" : "")
            let position = marks + filter + page + " \(count) "
            rightChoices = [position + " ? help ", position, ""]
            var parts: [String] = []
            // While a tone is chosen: its glyph, named with its tones.
            let choosing = state.overlays.toneChooser.flatMap { $0.path == focus ? $0.options[$0.selected] : nil }
            if let real = choosing ?? state.glyph(at: focus) {
                // (An undrawable glyph shows as the placeholder; its code points say what it is.)
                let glyph = state.options.textWidth.drawable(real)
                let tones = choosing.map { SkinTone.tones(in: $0).map(\.name) } ?? []
                parts.append(glyph)
                parts.append(
                    shownLabel(
                        item.label + (tones.isEmpty ? "" : ": " + tones.joined(separator: ", ")), width: area.width))
                parts.append(Browser.codePoints(of: real))
                // The glyph and at least a letter of the name before the ellipsis.
                leftMinimum = 1 + state.options.textWidth.width(of: glyph) + 4
            } else {
                parts.append(shownLabel(item.label, width: area.width))
                leftMinimum = 1 + state.options.textWidth.width(of: item.label, upTo: 8)
            }
            parts.append("· " + VisibleText.standalone(state.content.catalog.sections[focus.section].title))
            left = " " + parts.joined(separator: "  ")
        } else if state.content.itemCount == 0 {
            left = state.content.isLoading ? " loading…" : " no items"
            leftMinimum = state.options.textWidth.width(of: left)
        }
        var leftStyle = style
        if let notice = state.overlays.notice {
            // The whole line, bold (cut with "…" when longer: it is on standard error whole).
            left = " " + notice
            rightChoices = [marks, ""]
            leftStyle.bold = true
        }
        leftMinimum = state.options.textWidth.width(of: left, upTo: leftMinimum)
        let right = rightChoices.first { area.width - state.options.textWidth.width(of: $0) - 1 >= leftMinimum } ?? ""
        let rightWidth = state.options.textWidth.width(of: right)
        let leftRoom = max(0, area.width - rightWidth - (right.isEmpty ? 0 : 1))
        buffer.put(
            state.options.textWidth.truncate(left, toWidth: leftRoom), x: area.x, y: row, style: leftStyle,
            maxWidth: leftRoom, measure: state.options.textWidth)
        if !right.isEmpty {
            buffer.put(right, x: area.maxX - rightWidth, y: row, style: style, measure: state.options.textWidth)
        }
    }

    /// A label as the status line needs it: no wider than the line, which is all it can show
    /// of it (the line is cut with "…" at its own room after the label is put in), and
    /// standing alone after the text before it (`VisibleText.standalone`).
    func shownLabel(_ label: String, width: Int) -> String {
        VisibleText.standalone(state.options.textWidth.truncate(label, toWidth: width))
    }
}

/// The status line while searching: the query being typed and how many items match.
struct SearchPromptLine: Widget {
    let prompt: SearchPrompt
    let state: BrowserState

    func render(in area: Rect, into buffer: inout CellBuffer) {
        let row = area.y
        let style = state.options.theme.status
        buffer.fill(area, style)
        let count = state.content.filter?.count ?? state.content.itemCount
        let total = state.content.source.itemCount
        // While a search runs beside the input (a large catalog), the count is the last
        // result's: a spinner's dots before it say that a newer one is coming.
        let searching = state.content.pendingSearch == nil ? "" : " ⠿"
        let right =
            state.markedCount + searching
            + (total == 0
                ? (state.content.isLoading ? " loading… " : " no items ")
                : count == 0
                    ? " no matches\(state.content.loadingMark) " : " \(count) of \(total)\(state.content.loadingMark) ")
        let rightWidth = state.options.textWidth.width(of: right)
        let room = max(0, area.width - rightWidth - 1)
        // The text up to the cursor stays visible (its end, for a long query): that is where
        // the user types. The cursor is the character after it in reverse video (a blank at
        // the end), then the rest of the query as room allows.
        let (beforeCursor, afterCursor) = prompt.split
        let text = String(
            state.options.textWidth.suffix(
                of: " /" + VisibleText.standalone(String(beforeCursor)), fittingWidth: room - 1))
        var used = buffer.put(text, x: area.x, y: row, style: style, maxWidth: room, measure: state.options.textWidth)
        var cursor = style
        cursor.reverse.toggle()
        let rest = VisibleText.standalone(String(afterCursor))
        let under = rest.first.map(String.init) ?? " "
        if used < room {
            used += buffer.put(
                under, x: area.x + used, y: row, style: cursor, maxWidth: room - used, measure: state.options.textWidth)
        }
        if used < room, rest.count > 1 {
            buffer.put(
                String(rest.dropFirst()), x: area.x + used, y: row, style: style, maxWidth: room - used,
                measure: state.options.textWidth)
        }
        if rightWidth < area.width {
            buffer.put(right, x: area.maxX - rightWidth, y: row, style: style, measure: state.options.textWidth)
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

    /// The keywords as shown, comma-separated; nil when there are none.
    var shownKeywords: String? {
        keywords.isEmpty ? nil : keywords.map(VisibleText.standalone).joined(separator: ", ")
    }
}
