// Colours and attributes of the browser's parts. The screen maps colours down to what the
// terminal has (256, 16, 8 or none), so a theme is written once.

import Catalog
import TerminalUI

public struct Theme: Hashable, Sendable {
    /// Empty space and the items area of a section with no background.
    public var base: CellStyle
    public var header: CellStyle
    public var footer: CellStyle
    public var item: CellStyle
    public var focus: CellStyle
    public var status: CellStyle
    public var help: CellStyle
    /// Backgrounds cycled over the sections that name none themselves; empty for none.
    public var sectionBackgrounds: [TerminalColor]
    /// Whether the data's own colours show (--ansi); not with NO_COLOR.
    public var dataColors = true
    /// The line around the screen (--border).
    public var border = CellStyle(foreground: .ansi(8))
    /// What a search's matched characters add to an item's style, and to the focused one's
    /// (not bold: see `standard`'s focus).
    public var match = StyleMark(bold: true, underline: true)
    public var focusMatch = StyleMark(underline: true)
    /// What the prompt's text, the query and the count add to the prompt line's style.
    public var prompt = StyleMark()
    public var query = StyleMark()
    public var info = StyleMark()

    public init(
        base: CellStyle, header: CellStyle, footer: CellStyle, item: CellStyle, focus: CellStyle,
        status: CellStyle, help: CellStyle, sectionBackgrounds: [TerminalColor]
    ) {
        self.base = base
        self.header = header
        self.footer = footer
        self.item = item
        self.focus = focus
        self.status = status
        self.help = help
        self.sectionBackgrounds = sectionBackgrounds
    }

    /// The default colours: readable on dark and light terminals, and down to 8 colours.
    /// The focus is black on bright yellow and not bold: xterm's `boldColors` (on by default)
    /// draws a bold colour 0-7 as its bright twin, and bold black became grey on yellow (3.7:1);
    /// plain black stays black, 19.6:1 on xterm's yellow (12.3:1 on 8 colours' yellow), and
    /// nothing drawn on the focus adds bold (`ThemeContrastTests`, `docs/terminals.md`).
    public static let standard = Theme(
        base: .plain,
        header: CellStyle(foreground: .ansi(15), background: .ansi(4), bold: true),
        footer: CellStyle(foreground: .ansi(8)),
        item: .plain,
        focus: CellStyle(foreground: .ansi(0), background: .ansi(11)),
        status: CellStyle(foreground: .ansi(0), background: .ansi(7)),
        help: CellStyle(foreground: .ansi(15), background: .ansi(0)),
        sectionBackgrounds: [])

    /// The same theme with every colour removed (attributes kept).
    public var withoutColors: Theme {
        func strip(_ style: CellStyle) -> CellStyle {
            var style = style
            style.foreground = .default
            style.background = .default
            return style
        }
        var theme = self
        theme.base = strip(base)
        theme.header = strip(header)
        theme.header.reverse = true
        theme.footer = strip(footer)
        theme.item = strip(item)
        theme.focus = strip(focus)
        theme.focus.reverse = true
        theme.status = strip(status)
        theme.status.reverse = true
        theme.help = strip(help)
        theme.border = strip(border)
        for mark in [\Theme.match, \.focusMatch, \.prompt, \.query, \.info] {
            theme[keyPath: mark].foreground = nil
            theme[keyPath: mark].background = nil
        }
        theme.sectionBackgrounds = []
        theme.dataColors = false
        return theme
    }
}

extension ColorSpec {
    /// The terminal colour for a colour written in a data or configuration file.
    public var terminalColor: TerminalColor {
        switch self {
        case .indexed(let index): return .indexed(index)
        case .rgb(let r, let g, let b): return .rgb(r, g, b)
        case .named(let name):
            let basic = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
            if name == "default" { return .default }
            if name == "grey" { return .ansi(8) }
            if let index = basic.firstIndex(of: name) { return .ansi(index) }
            if name.hasPrefix("bright-"), let index = basic.firstIndex(of: String(name.dropFirst(7))) {
                return .ansi(index + 8)
            }
            return .default
        }
    }
}
