// The preview (--preview CMD): the output of a command run for the focused item, in the detail
// panel's place, as fzf's preview window. The command line is made from the template
// (`CommandTemplate`) whenever what it reads changes (the focus, the query, the marks); a new
// one ends the one before and its output starts afresh. Output is shown as it arrives, its SGR
// colours kept (any other escape shown safely), tabs at tab stops; it scrolls.

import Catalog
import SplitLayout
import TerminalUI

/// How a session previews items: the command's template and the window's options (the shell
/// and the fields' delimiter are every command's: `SessionOptions.shell`, `fieldDelimiter`).
public struct PreviewSettings: Sendable {
    public var template: CommandTemplate
    public var window: PreviewWindow

    public init(template: CommandTemplate, window: PreviewWindow) {
        self.template = template
        self.window = window
    }
}

/// The preview's state: shown or not, the command whose output it shows, the output, the scroll.
public struct PreviewPane: Hashable, Sendable {
    /// Whether the preview shows (`i`, fzf's toggle-preview); it starts as the window's
    /// options say (`hidden`: not).
    public internal(set) var isShown = false
    /// The command line shown (or coming), and its number among the session's commands.
    public internal(set) var command: String?
    var generation = 0
    /// The lines printed so far, as printed (their SGR sequences in them).
    public internal(set) var lines: [String] = []
    /// The bytes after the last line feed (a line still being printed).
    var partial: [UInt8] = []
    /// Whether the command ended: its output is whole.
    public internal(set) var ended = false
    /// The first line shown (below the fixed header lines).
    public internal(set) var scroll = 0
    /// Whether the scroll was set by the user since the command started: the window's initial
    /// offset (`+SCROLL`) no longer applies.
    var scrolledByUser = false
    /// The first line the window's `+SCROLL` asks to show for this command's item.
    var initialScroll = 0
    /// What the placeholders read when the command was last made: it is made again only when
    /// this changes (an update that changes none of it, a tick, costs no expansion, and an
    /// `f` placeholder writes no file).
    var inputs: Inputs?

    /// What a command's placeholders read of the session.
    struct Inputs: Hashable, Sendable {
        var focus: ItemPath?
        var marked: [ItemPath]
        var query: String
    }

    public init() {}

    /// Makes the next update run the command again, even for the same item (refresh-preview,
    /// change-preview).
    mutating func forgetCommand() {
        inputs = nil
        command = nil
    }

    /// The lines to show: the finished ones and the one being printed.
    public var shownLines: [String] {
        partial.isEmpty ? lines : lines + [String(decoding: partial, as: UTF8.self)]
    }

    /// Takes output of the command of `generation`; output of an older command is dropped.
    /// The clear-screen sequence (ESC [ 2 J) starts the output afresh, as fzf's does, so a
    /// command can redraw its preview in place.
    mutating func take(_ output: PreviewOutput) {
        guard output.generation == generation else { return }
        var bytes = partial + output.bytes
        partial = []
        let clear: [UInt8] = [0x1B, 0x5B, 0x32, 0x4A]
        if let last = Self.lastRange(of: clear, in: bytes) {
            lines = []
            if scrolledByUser { scroll = 0 }
            bytes = Array(bytes[last.upperBound...])
        }
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            var end = index
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = index + 1
        }
        partial = Array(bytes[start...])
        if output.ended {
            ended = true
            if !partial.isEmpty {
                lines.append(String(decoding: partial, as: UTF8.self))
                partial = []
            }
        }
        // The window's offset, as far as the output goes (its lines may still be coming).
        if !scrolledByUser { scroll = min(initialScroll, max(0, shownLines.count - 1)) }
    }

    /// Where `needle` last occurs in `bytes`.
    static func lastRange(of needle: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= needle.count else { return nil }
        var index = bytes.count - needle.count
        while index >= 0 {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index..<index + needle.count }
            index -= 1
        }
        return nil
    }

    /// Starts showing the output of a new command, from line `initialScroll` (`+SCROLL`).
    mutating func restart(_ command: String, initialScroll: Int = 0) {
        generation += 1
        self.command = command
        lines = []
        partial = []
        ended = false
        scroll = 0
        scrolledByUser = false
        self.initialScroll = initialScroll
    }

    /// Scrolls by `lines` (negative: up), within `shownLines` less `visible` rows (less the
    /// `header` lines kept at the top).
    mutating func scroll(by lines: Int, visible: Int, header: Int = 0, cycle: Bool = false) {
        let last = max(0, shownLines.count - max(1, visible - header))
        let wanted = scroll + lines
        // (`cycle`: a line past an end goes round to the other; a longer jump stops there.)
        if cycle && abs(lines) == 1 && (wanted < 0 || wanted > last) {
            scroll = wanted < 0 ? last : 0
        } else {
            scroll = min(max(0, wanted), last)
        }
        scrolledByUser = true
    }

    /// `follow`: the last lines shown as the output grows, until the user scrolls.
    mutating func follow(visible: Int, header: Int) {
        guard !scrolledByUser else { return }
        scroll = max(0, shownLines.count - max(1, visible - header))
    }
}

extension BrowserState {
    /// Whether a preview command is configured (then `i` shows and hides the preview, and
    /// the preview takes the detail panel's place).
    public var hasPreview: Bool { options.preview != nil }

    /// Shows or hides the preview (`i` with --preview, fzf's toggle-preview).
    mutating func togglePreview() {
        preview.isShown.toggle()
        relayout()
        if let focus = view.focus { scrollIntoView(focus) }
    }

    /// The command the preview should show now: the template expanded for the focused item,
    /// the marks and the query; nil when the preview is hidden or shows nothing (no item, and
    /// the template reads none but the query).
    func wantedPreviewCommand() -> (command: String, files: [String])? {
        guard let settings = options.preview, preview.isShown else { return nil }
        let context = commandContext(for: settings.template)
        guard settings.template.isRunnable(with: context) else { return nil }
        return settings.template.expand(context)
    }

    /// The first line the window's `+SCROLL` shows for the focused item in `rows` rows: its
    /// placeholder (`{2}`, `{n}`) read from the item as printed.
    func initialPreviewScroll(rows: Int) -> Int {
        guard let settings = options.preview, let path = view.focus.map(content.sourcePath),
            let text = printedText(ofSource: path)
        else { return 0 }
        return settings.window.scrollOffset(windowRows: rows) { placeholder in
            switch placeholder {
            case .index:
                return String(sourceIndex(of: path))
            case .field(let field):
                guard let indices = FieldIndices(parsing: String(field)) else { return nil }
                var fields = PlaceholderFields(options.fieldDelimiter)
                return fields.text(indices, of: text)
            }
        }
    }

    /// The index of a source item among all items, sections in order (for plain lines with no
    /// grouping, its line's).
    func sourceIndex(of path: ItemPath) -> Int {
        content.source.sections[..<path.section].reduce(0) { $0 + $1.items.count } + path.item
    }

    /// The command to start for the preview, when the one it wants changed since the last
    /// (a new focus, query or mark); the output shown starts afresh.
    mutating func takePreviewToStart() -> [BrowserCommand] {
        guard options.preview != nil, preview.isShown else { return [] }
        let inputs = PreviewPane.Inputs(
            focus: view.focus.map(content.sourcePath), marked: picking.marked,
            query: overlays.searchPrompt?.text ?? "")
        guard inputs != preview.inputs else { return [] }
        preview.inputs = inputs
        guard let wanted = wantedPreviewCommand() else { return [] }
        guard wanted.command != preview.command else {
            CommandTemplate.removeFiles(wanted.files)
            return []
        }
        let area = previewTextArea ?? Rect(x: 0, y: 0, width: view.width, height: view.height)
        preview.restart(wanted.command, initialScroll: initialPreviewScroll(rows: area.height))
        let environment = [
            "FZF_PREVIEW_LINES": String(area.height), "FZF_PREVIEW_COLUMNS": String(area.width),
            "LINES": String(area.height), "COLUMNS": String(area.width),
            "FZF_PREVIEW_TOP": String(area.y), "FZF_PREVIEW_LEFT": String(area.x),
        ]
        return [
            .preview(
                PreviewRequest(
                    generation: preview.generation, command: wanted.command, shell: options.shell,
                    environment: environment, files: wanted.files))
        ]
    }
}

extension BrowserState {
    /// Where the preview's text goes: its panel less the window's border (a line and a blank
    /// column at each side drawn, a row at its top and bottom).
    var previewTextArea: Rect? {
        guard let area = detailArea else { return nil }
        let border = previewLayout?.border ?? PreviewWindow.Border.none
        return PreviewPanel.inside(area, border: border)
    }
}

/// The preview's widget: its window's border, and inside it the output's lines from the scroll
/// on, cut at the width (or wrapped, with the window's `wrap`), their colours kept.
struct PreviewPanel: Widget {
    let lines: [String]
    let scroll: Int
    /// The first lines, kept at the top whatever the scroll (`~N`).
    let headerLines: Int
    let wraps: Bool
    let border: PreviewWindow.Border
    /// The window's `info`: the scroll's position shown.
    let showsPosition: Bool
    let options: SessionOptions

    init(_ state: BrowserState) {
        lines = state.preview.shownLines
        scroll = state.preview.scroll
        headerLines = state.options.preview?.window.headerLines ?? 0
        wraps = state.options.preview.map { $0.window.wrapping != .off } ?? false
        border = state.previewLayout?.border ?? .none
        showsPosition = state.previewLayout?.window.info ?? false
        options = state.options
    }

    /// `area` less `border`'s lines and the blank columns beside them.
    static func inside(_ area: Rect, border: PreviewWindow.Border) -> Rect {
        let left = border.hasLeft ? 2 : 0
        let top = border.hasTop ? 1 : 0
        return Rect(
            x: area.x + left, y: area.y + top, width: max(0, area.width - border.columns),
            height: max(0, area.height - border.rows))
    }

    func render(in whole: Rect, into buffer: inout CellBuffer) {
        buffer.fill(whole, options.theme.item)
        drawBorder(around: whole, into: &buffer)
        let area = Self.inside(whole, border: border)
        guard area.width > 0, area.height > 0 else { return }
        defer { drawPosition(whole: whole, text: area, into: &buffer) }
        var style = AnsiStyle.plain
        var row = 0
        // The header lines, then the lines from the scroll on. The look a line leaves carries
        // to the next, as in a terminal: the lines skipped are read for it.
        let header = min(headerLines, lines.count)
        for (index, line) in lines.enumerated() {
            guard row < area.height else { break }
            let (text, runs) = AnsiText.strip(line, style: &style)
            // (The scroll is a line of the whole output, as fzf's offset: the body starts
            // there, or under the header when it lies in it.)
            guard index < header || index >= max(header, scroll) else { continue }
            row += draw(text, runs, at: row, in: area, into: &buffer)
        }
    }

    /// `info`: where the scroll is ("12/120") at the top right, on the border's top line or
    /// over the first row of text, when the output is longer than the window.
    private func drawPosition(whole: Rect, text: Rect, into buffer: inout CellBuffer) {
        guard showsPosition, lines.count > text.height || scroll > 0 else { return }
        let label = " \(scroll + 1)/\(lines.count) "
        let width = label.count
        guard width + 2 <= whole.width else { return }
        let y = border.hasTop ? whole.y : text.y
        let x = (border.hasTop || border.hasRight ? whole.x + whole.width - 1 : text.x + text.width) - width
        var style = options.theme.footer
        style.reverse = true
        buffer.put(label, x: x, y: y, style: style)
    }

    /// The window's border, in its style's lines, the frame's colour.
    private func drawBorder(around area: Rect, into buffer: inout CellBuffer) {
        guard border != .none, area.width >= 2, area.height >= 1 else { return }
        let lines = border.lines
        let style = options.theme.footer
        let (right, bottom) = (area.x + area.width - 1, area.y + area.height - 1)
        let across = max(0, area.width - (border.hasLeft ? 1 : 0) - (border.hasRight ? 1 : 0))
        if border.hasTop {
            let line =
                (border.hasLeft ? lines.topLeft : "") + String(repeating: lines.top, count: across)
                + (border.hasRight ? lines.topRight : "")
            buffer.put(line, x: area.x, y: area.y, style: style)
        }
        if border.hasBottom && (bottom > area.y || !border.hasTop) {
            let line =
                (border.hasLeft ? lines.bottomLeft : "") + String(repeating: lines.bottom, count: across)
                + (border.hasRight ? lines.bottomRight : "")
            buffer.put(line, x: area.x, y: bottom, style: style)
        }
        let first = area.y + (border.hasTop ? 1 : 0)
        let last = bottom - (border.hasBottom ? 1 : 0)
        guard first <= last else { return }
        for row in first...last {
            if border.hasLeft { buffer.put(lines.left, x: area.x, y: row, style: style) }
            if border.hasRight { buffer.put(lines.right, x: right, y: row, style: style) }
        }
    }

    /// Draws one line of output from `row` of `area`: cut at the width, or wrapped over the
    /// rows left with the window's `wrap`; the rows it took.
    private func draw(_ text: String, _ runs: [AnsiRun], at row: Int, in area: Rect, into buffer: inout CellBuffer)
        -> Int
    {
        let pieces = ListLine.pieces(
            of: text, room: wraps ? area.width * max(1, area.height - row) : area.width, highlights: [],
            tabStop: options.tabStop,
            ellipsis: "", measure: options.textWidth)
        var rows = 1
        var column = area.x
        for piece in pieces {
            if column + piece.width > area.x + area.width {
                guard wraps, row + rows < area.height else { break }
                rows += 1
                column = area.x
            }
            let drawn = ListLine.style(
                of: piece, base: options.theme.item, runs: runs.isEmpty ? nil : runs, lit: false,
                colors: options.theme.dataColors)
            column += buffer.put(
                piece.text, x: column, y: area.y + row + rows - 1, style: drawn,
                maxWidth: area.x + area.width - column, measure: options.textWidth)
        }
        return rows
    }
}

extension BrowserState {
    /// Takes the session's preview: shown from the start unless its window says `hidden`.
    public mutating func setPreview(_ settings: PreviewSettings) {
        options.preview = settings
        preview = PreviewPane()
        preview.isShown = !settings.window.hidden
        relayout()
        if let focus = view.focus { scrollIntoView(focus) }
    }
}

extension PreviewWindow.Border {
    /// The characters of the border's lines, as fzf draws each style (`rounded` for the ones
    /// that draw sides only).
    struct Lines {
        var top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight: String
    }

    var lines: Lines {
        switch self {
        case .sharp:
            Lines(
                top: "─", bottom: "─", left: "│", right: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└",
                bottomRight: "┘")
        case .bold:
            Lines(
                top: "━", bottom: "━", left: "┃", right: "┃", topLeft: "┏", topRight: "┓", bottomLeft: "┗",
                bottomRight: "┛")
        case .double:
            Lines(
                top: "═", bottom: "═", left: "║", right: "║", topLeft: "╔", topRight: "╗", bottomLeft: "╚",
                bottomRight: "╝")
        case .dashed:
            Lines(
                top: "╌", bottom: "╌", left: "╎", right: "╎", topLeft: "┌", topRight: "┐", bottomLeft: "└",
                bottomRight: "┘")
        case .block:
            Lines(
                top: "▀", bottom: "▄", left: "▌", right: "▐", topLeft: "▛", topRight: "▜", bottomLeft: "▙",
                bottomRight: "▟")
        // (fzf's thin block corners are of Unicode 13's legacy computing symbols, which few
        // terminal fonts have: the eighth blocks with plain corners here.)
        case .thinblock:
            Lines(
                top: "▔", bottom: "▁", left: "▏", right: "▕", topLeft: "▔", topRight: "▔", bottomLeft: "▁",
                bottomRight: "▁")
        default:
            Lines(
                top: "─", bottom: "─", left: "│", right: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰",
                bottomRight: "╯")
        }
    }
}
