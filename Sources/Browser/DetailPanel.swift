// The detail panel (`i`), as fzf's preview window: the focused item's glyph, label, code
// points, section, fields and keywords, beside the sections on a wide screen, below them on a
// narrow one. The sections are laid out in the room that is left.

import Catalog
import SplitLayout
import TerminalUI

/// Where the detail panel goes.
public enum DetailPlacement: Hashable, Sendable {
    /// At the right, this many columns wide (with one blank column before it).
    case beside(width: Int)
    /// Above the status line, this many rows high.
    case below(height: Int)
    /// At the left, this many columns wide, one blank column after it (--preview-window left).
    case left(width: Int)
    /// Above the sections, this many rows high (--preview-window up).
    case above(height: Int)
}

extension BrowserState {
    /// From this width on the panel goes beside the sections, else below them.
    public static let detailsBesideFromWidth = 100

    public var detailPlacement: DetailPlacement? {
        if let settings = options.preview { return previewPlacement(settings.window) }
        guard overlays.showingDetails else { return nil }
        // As much room as its lines need, within bounds (the third of the screen it took
        // before at most): beside, as wide as its lines that read badly wrapped (the title,
        // the code points, the section, the fields); below, as tall as all its lines wrapped.
        let fit = overlays.detailFit ?? DetailPanel(self).fit(screenWidth: view.width)
        // Beside, when the sections keep a column with room for their items (`ColumnRoom`).
        let beside = min(max(DetailFit.narrowest, fit.width), max(30, view.width / 3))
        if view.width >= Self.detailsBesideFromWidth && content.columnRoom.holdsItems(width: view.width - beside - 1) {
            return .beside(width: beside)
        }
        // Below, only in the rows the sections can spare: they keep what a header and a whole
        // line of items need (on a screen too short for both, the panel waits for room).
        let rows = view.height - 1
        let spare = rows - (requiredHeight - 1)
        let panel = min(fit.height, 10, max(4, rows / 3), spare)
        return panel >= 3 ? .below(height: panel) : nil
    }

    /// Takes the room the panel's lines need now (see `OverlayState.detailFit`): when the
    /// sections are laid out again (the panel opened, a resize, a search, data arriving).
    mutating func fitDetails() {
        overlays.detailFit =
            overlays.showingDetails && options.preview == nil ? DetailPanel(self).fit(screenWidth: view.width) : nil
    }

    /// The preview window's layout at this size (`PreviewWindow.layout`, fzf's sizes and
    /// alternative); nil when it is hidden or has no room.
    var previewLayout: PreviewWindow.Layout? {
        // (`hidden` is how the preview starts; `i` shows it, then the window's other words hold.)
        guard var window = options.preview?.window, preview.isShown else { return nil }
        window.hidden = false
        let rows = view.height - 1 - headerLines.count
        guard rows > 0 else { return nil }
        return window.layout(width: view.width, height: rows, promptOnTop: options.look.promptOnTop)
    }

    /// Where the preview goes: the window's side and size, beside the sections (at the right
    /// or the left) or below or above them; below (or above) when the sections would keep no
    /// column with room for their items beside it, as the detail panel.
    func previewPlacement(_ given: PreviewWindow) -> DetailPlacement? {
        let rows = view.height - 1 - headerLines.count
        guard let layout = previewLayout else { return nil }
        if !layout.window.takesRows {
            let columns = min(layout.columns, view.width - 1)
            if columns > 0 && content.columnRoom.holdsItems(width: view.width - columns - 1) {
                return layout.side == .left ? .left(width: columns) : .beside(width: columns)
            }
        }
        // Below, in the rows the sections can spare (a header and a line of items kept).
        let spare = rows - (requiredHeight - 1 - headerLines.count)
        let wanted =
            layout.window.takesRows
            ? layout.rows
            : PreviewWindow.extent(
                of: layout.window.size, in: rows, listKeeps: PreviewWindow.listKeepsRows, minimum: 1)
        let height = min(wanted, spare)
        guard height >= 1 else { return nil }
        return layout.side == .up ? .above(height: height) : .below(height: height)
    }

    /// The columns the sections are laid out in: the screen's, less the panel beside them.
    public var contentWidth: Int {
        switch detailPlacement {
        case .beside(let panel), .left(let panel): max(0, view.width - panel - 1)
        default: view.width
        }
    }

    /// The column of the frame where the sections begin: after the panel at the left.
    public var contentLeft: Int {
        if case .left(let panel) = detailPlacement { return min(view.width, panel + 1) }
        return 0
    }

    /// Rows the panel takes below (or above) the sections.
    var detailRows: Int {
        switch detailPlacement {
        case .below(let rows), .above(let rows): rows
        default: 0
        }
    }

    /// The rows a panel above the sections takes (they begin under it).
    var rowsAbove: Int {
        if case .above(let rows) = detailPlacement { return rows }
        return 0
    }

    /// The panel's rectangle on the screen.
    var detailArea: Rect? {
        let rows = max(0, view.height - 1 - headerLines.count)
        let top = contentTop - rowsAbove
        switch detailPlacement {
        case .beside(let panel):
            return Rect(x: view.width - panel, y: top, width: panel, height: rows)
        case .left(let panel):
            return Rect(x: 0, y: top, width: panel, height: rows)
        case .below(let panel):
            return Rect(x: 0, y: top + max(0, rows - panel), width: view.width, height: panel)
        case .above(let panel):
            return Rect(x: 0, y: top, width: view.width, height: panel)
        case nil:
            return nil
        }
    }

    /// `i`: shows or hides the panel; the sections re-split in the room left.
    mutating func toggleDetails() {
        overlays.showingDetails.toggle()
        relayout()
        if let focus = view.focus { scrollIntoView(focus) }
    }
}

/// The room the detail panel's lines need, border included.
public struct DetailFit: Hashable, Sendable {
    /// Columns beside the sections: its lines that read badly wrapped kept whole.
    public var width: Int
    /// Rows below them: every line, wrapped at the screen's width.
    public var height: Int

    /// The narrowest panel beside the sections: the longer lines wrap at 20 cells.
    public static let narrowest = 24
}

/// The panel's widget: the lines it shows of the focused item, the first in bold.
struct DetailPanel: Widget {
    let lines: [(text: String, bold: Bool)]
    /// How many of `lines` read badly wrapped (the title, the code points, the section, the
    /// fields); the keywords, shortcodes and tones after them wrap well.
    let wholeLines: Int
    let options: SessionOptions

    init(_ state: BrowserState) {
        options = state.options
        var lines: [(String, Bool)] = []
        var whole = 1
        if let focus = state.view.focus, let item = state.content.item(at: focus) {
            let real = state.glyph(at: focus)
            let glyph = real.map(options.textWidth.drawable)
            let label = VisibleText.standalone(item.label)
            lines.append((glyph.map { $0 + "  " + label } ?? label, true))
            // (The glyph's own code points, not the placeholder's: a Nerd Font icon the terminal
            // cannot draw is still U+F29B.)
            if let real { lines.append((Browser.codePoints(of: real), false)) }
            lines.append(
                ("section: " + VisibleText.standalone(state.content.catalog.sections[focus.section].title), false))
            lines += item.shownFields.map { ($0, false) }
            whole = lines.count
            if let keywords = item.shownKeywords { lines.append(("keywords: " + keywords, false)) }
            if let codes = item.shownShortcodes { lines.append(("shortcodes: " + codes, false)) }
            // The tones to choose from (s), as the terminal draws them; where it draws a tone
            // apart from its emoji (every one the same yellow emoji), by their names. With hair
            // styles or directions among them, they are the emoji's variants.
            // (Their names hold a comma then, "red hair, light": a semicolon between them.)
            if !item.variants.isEmpty {
                let styled = item.variants.contains { ToneChooser.style(of: $0) != nil }
                let tones =
                    options.combinedTones
                    ? item.variants.map(options.textWidth.drawable).joined(separator: " ")
                    : item.variants.map { ToneChooser.label(of: $0).name }.joined(separator: styled ? "; " : ", ")
                lines.append(((styled ? "variants: " : "tones: ") + tones, false))
            }
        } else {
            lines.append(("nothing focused", false))
        }
        self.lines = lines
        wholeLines = whole
    }

    /// The room these lines need on a screen `screenWidth` wide (two columns of border and two
    /// of padding across, two rows of border down).
    func fit(screenWidth: Int) -> DetailFit {
        let widest = lines.prefix(wholeLines).map { options.textWidth.width(of: $0.text) }.max() ?? 0
        let rows = lines.reduce(0) { $0 + wrap($1.text, toWidth: max(1, screenWidth - 4)).count }
        return DetailFit(width: widest + 4, height: rows + 2)
    }

    func render(in area: Rect, into buffer: inout CellBuffer) {
        guard area.width >= 3, area.height >= 2 else { return }
        let frame = options.theme.footer
        var body = options.theme.base
        body.bold = false
        buffer.fill(area, body)
        let inner = area.width - 4
        let top = "╭ Details " + String(repeating: "─", count: max(0, area.width - 11)) + "╮"
        buffer.put(options.textWidth.truncate(top, toWidth: area.width), x: area.x, y: area.y, style: frame)
        var wrapped: [(String, Bool)] = []
        for (text, bold) in self.lines {
            for line in wrap(text, toWidth: max(1, inner)) { wrapped.append((line, bold)) }
        }
        let rows = area.height - 2
        for row in 0..<max(0, rows) {
            let y = area.y + 1 + row
            buffer.put("│", x: area.x, y: y, style: frame)
            buffer.put("│", x: area.x + area.width - 1, y: y, style: frame)
            guard row < wrapped.count else { continue }
            var style = body
            style.bold = wrapped[row].1
            // The last row says when there is more than the panel holds.
            let text = rows > 1 && row == rows - 1 && wrapped.count > rows ? "…" : wrapped[row].0
            buffer.put(
                text, x: area.x + 2, y: y, style: style, maxWidth: inner, measure: options.textWidth)
        }
        let bottom = "╰" + String(repeating: "─", count: max(0, area.width - 2)) + "╯"
        buffer.put(bottom, x: area.x, y: area.y + area.height - 1, style: frame)
    }

    /// Text broken at spaces into lines of at most `width` cells (a longer word is cut).
    func wrap(_ text: String, toWidth width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if options.textWidth.width(of: candidate) <= width {
                line = candidate
            } else {
                if !line.isEmpty { lines.append(line) }
                line =
                    options.textWidth.width(of: word) <= width
                    ? word : options.textWidth.truncate(word, toWidth: width)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
