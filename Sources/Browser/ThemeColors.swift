// fzf's --color: `[BASE][,NAME:COLOUR[:ATTRIBUTE]...]...` over the theme, so that the colours a
// user gave fzf carry over. The names fzf has and splitview draws are declared once in
// `Theme.colorNames` (the help and the docs list them from there); fzf's other names are taken
// and change nothing, so one FZF_DEFAULT_OPTS line serves both programs.

import SafeText
import TerminalUI

/// Changes a colour specification makes to a style: a colour and attributes added.
public struct StyleMark: Hashable, Sendable {
    public var foreground: TerminalColor?
    public var background: TerminalColor?
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false
    /// Whether fzf's `regular` came: the style's own attributes are dropped first.
    public var regular = false

    public init(foreground: TerminalColor? = nil, bold: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.bold = bold
        self.underline = underline
    }

    /// `style` with this mark on it.
    public func applied(to style: CellStyle) -> CellStyle {
        var style = style
        if regular { (style.bold, style.dim, style.underline, style.reverse) = (false, false, false, false) }
        if let foreground { style.foreground = foreground }
        if let background { style.background = background }
        style.bold = style.bold || bold
        style.dim = style.dim || dim
        style.underline = style.underline || underline
        style.reverse = style.reverse || reverse
        return style
    }
}

extension Theme {
    /// A part of the theme a colour name sets, and whether its colour is the background.
    public struct ColorName: Sendable {
        public let names: [String]
        public let help: String
        let set: @Sendable (inout Theme, StyleMark) -> Void
    }

    /// fzf's colour names that splitview draws, each with what it colours here.
    public static let colorNames: [ColorName] = [
        ColorName(names: ["fg"], help: "the items' text") { theme, mark in
            theme.item = mark.applied(to: theme.item)
            theme.base.foreground = mark.foreground ?? theme.base.foreground
        },
        ColorName(names: ["bg"], help: "the background") { theme, mark in
            let color = mark.foreground ?? mark.background
            if let color { (theme.base.background, theme.item.background) = (color, color) }
        },
        ColorName(names: ["fg+", "current-fg"], help: "the focused item's text") { theme, mark in
            theme.focus = mark.applied(to: theme.focus)
        },
        ColorName(names: ["bg+", "current-bg"], help: "the focused item's background") { theme, mark in
            if let color = mark.foreground ?? mark.background { theme.focus.background = color }
        },
        ColorName(names: ["hl"], help: "the matched characters") { theme, mark in
            theme.match = theme.match.merged(with: mark)
        },
        ColorName(names: ["hl+", "current-hl"], help: "the matched characters of the focused item") { theme, mark in
            theme.focusMatch = theme.focusMatch.merged(with: mark)
        },
        ColorName(names: ["prompt"], help: "the prompt (--prompt)") { theme, mark in
            theme.prompt = theme.prompt.merged(with: mark)
        },
        ColorName(names: ["query", "input", "input-fg"], help: "the query typed") { theme, mark in
            theme.query = theme.query.merged(with: mark)
        },
        ColorName(names: ["info"], help: "the count of matches") { theme, mark in
            theme.info = theme.info.merged(with: mark)
        },
        ColorName(names: ["header", "header-fg"], help: "the header lines (--header, --header-lines)") {
            theme, mark in
            theme.footer = mark.applied(to: theme.footer)
        },
        ColorName(names: ["border"], help: "the border (--border)") { theme, mark in
            theme.border = mark.applied(to: theme.border)
        },
        ColorName(names: ["section", "section-header"], help: "the section titles (splitview's own)") {
            theme, mark in
            theme.header = mark.applied(to: theme.header)
        },
    ]

    /// fzf's colour names for parts splitview does not have (a preview, a scroll bar, ...):
    /// taken, and nothing changes.
    public static let ignoredColorNames: Set<String> = [
        "ghost", "disabled", "list-fg", "list-bg", "preview-fg", "preview-bg", "alt-bg", "selected-fg",
        "selected-bg", "nth", "nomatch", "gutter", "alt-gutter", "selected-hl", "preview-border", "separator",
        "scrollbar", "preview-scrollbar", "label", "list-label", "list-border", "preview-label", "input-bg",
        "input-border", "input-label", "header-border", "header-label", "footer-border", "footer-label",
        "footer", "footer-fg", "footer-bg", "header-bg", "preview-label", "pointer", "marker", "spinner",
        "query-bg", "preview-hl", "header-lines", "header-lines-fg",
    ]

    /// fzf's base schemes.
    public static let colorSchemes = ["dark", "light", "16", "base16", "bw", "no"]

    /// A --color specification that does not read: one line saying which part and why.
    public struct ColorProblem: Error, CustomStringConvertible {
        public let description: String
    }

    /// This theme with fzf's colour specification `text` applied, as fzf reads it: parts
    /// separated by commas or white space, case ignored; a base scheme (bw or no: no colours)
    /// or `NAME:COLOUR:ATTRIBUTE...` with colours -1 (the terminal's), 0-255, #rrggbb or a name
    /// (red, bright-red, grey, ...) and attributes bold, dim, underline, reverse, regular.
    public func applying(colors text: String) throws(ColorProblem) -> Theme {
        var theme = self
        let parts = text.lowercased().split { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" }
        for part in parts.map(String.init) {
            switch part {
            case "dark", "light", "16", "base16":
                theme = self
                continue
            case "bw", "no":
                theme = withoutColors
                continue
            default: break
            }
            let components = part.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard components.count >= 2 else {
                throw ColorProblem(
                    description:
                        "--color: \(MessageText.quoted(part, limit: 40)) is not NAME:COLOUR (or a base scheme: \(Self.colorSchemes.joined(separator: ", ")))"
                )
            }
            let name = components[0]
            var mark = StyleMark()
            for component in components.dropFirst() {
                guard mark.take(component) else {
                    throw ColorProblem(
                        description:
                            "--color \(MessageText.escaped(name, limit: 40)): \(MessageText.quoted(component, limit: 40)) is not a colour (-1, 0-255, #rrggbb, red, bright-red, ...) or an attribute (bold, dim, underline, reverse, regular)"
                    )
                }
            }
            if let entry = Self.colorNames.first(where: { $0.names.contains(name) }) {
                entry.set(&theme, mark)
            } else if !Self.ignoredColorNames.contains(name) {
                throw ColorProblem(description: "--color: unknown colour name \(MessageText.quoted(name, limit: 40))")
            }
        }
        return theme
    }
}

extension StyleMark {
    /// Takes one colour or attribute of a specification; false when it is neither.
    mutating func take(_ component: String) -> Bool {
        let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        switch component {
        case "": return true
        case "regular": regular = true
        case "bold", "strong": bold = true
        case "dim": dim = true
        case "underline": underline = true
        case "reverse": reverse = true
        // (Attributes a cell here cannot show: taken, as fzf's.)
        case "italic", "blink", "strikethrough", "strip", "underline-double", "underline-curly", "underline-dotted",
            "underline-dashed":
            break
        case "gray", "grey": foreground = .ansi(8)
        default:
            if let index = names.firstIndex(of: component) {
                foreground = .ansi(index)
            } else if component.hasPrefix("bright-"), let index = names.firstIndex(of: String(component.dropFirst(7))) {
                foreground = .ansi(index + 8)
            } else if component.hasPrefix("#"), component.count == 7,
                let value = UInt32(component.dropFirst(), radix: 16)
            {
                foreground = .rgb(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
            } else if let index = Int(component), (-1...255).contains(index) {
                foreground = index == -1 ? .default : index < 16 ? .ansi(index) : .indexed(index)
            } else {
                return false
            }
        }
        return true
    }

    /// This mark with `other`'s colour and attributes added.
    func merged(with other: StyleMark) -> StyleMark {
        var mark = other.regular ? StyleMark() : self
        mark.foreground = other.foreground ?? foreground
        mark.background = other.background ?? background
        mark.bold = mark.bold || other.bold
        mark.dim = mark.dim || other.dim
        mark.underline = mark.underline || other.underline
        mark.reverse = mark.reverse || other.reverse
        return mark
    }
}
