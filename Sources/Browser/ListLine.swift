// An item of a list drawn as a line of text, as fzf draws one: tabs to tab stops, the looks
// --ansi read, the search's matches lit, and a line longer than its room cut with an ellipsis
// at its end, or, when the last match lies past that cut, before it too, so the match shows
// ("…ib/x86_64-linux-gnu/libc.so…").
//
// The cut follows fzf's (src/terminal.go, hscroll on): the text up to the last match's end and
// as much again as lets it breathe (half the room less the ellipsis, at most 10 characters) is
// kept when it fits with an ellipsis after it; else that text, with an ellipsis after it when
// more follows, is cut at its start until it fits after an ellipsis. A tab takes the text to
// the next multiple of the tab stop counted from the start of what is shown (the ellipsis
// included), so the columns move with a cut at the start, as fzf's do.

import Catalog
import SplitLayout
import TerminalUI

enum ListLine {
    /// One cell or more of a drawn line: a character of the text (a tab as one of its spaces),
    /// or of the ellipsis.
    struct Piece: Equatable {
        var text: String
        var width: Int
        /// The character's offset in the text (`Search.highlights`' offsets); nil for the
        /// ellipsis.
        var offset: Int?
        /// Where the character's UTF-8 starts in the text (the looks' runs' offsets).
        var byte: Int
    }

    /// How far into a line a search's matches are looked for and shown: a line may be a
    /// 50 MB one, and a frame draws a screenful of them.
    static let searchedCharacters = 4_096

    /// The pieces of `text` shown in `room` cells: see the top of this file. `highlights`:
    /// the matched characters (character offsets, sorted), of which the last decides the cut.
    static func pieces(
        of text: String, room: Int, highlights: [Range<Int>], tabStop: Int, ellipsis: String, measure: TextWidth
    ) -> [Piece] {
        guard room > 0 else { return [] }
        let tabStop = max(1, tabStop)
        // The characters that can show: all of those that fit twice over (each takes a cell
        // or more), or as far as the last match may be looked for.
        let lastMatch = highlights.last?.upperBound ?? 0
        let reach = max(2 * room + 8, highlights.isEmpty ? 0 : min(lastMatch + 16, searchedCharacters))
        var characters: [(text: String, width: Int, byte: Int, isTab: Bool)] = []
        var more = false
        var byte = 0
        for character in text {
            if characters.count >= reach {
                more = true
                break
            }
            let isTab = character == "\t"
            let string = String(character)
            characters.append((string, isTab ? 0 : measure.width(of: character), byte, isTab))
            byte += string.utf8.count
        }
        let ellipsisWidth = measure.width(of: ellipsis)

        /// The pieces of `range` of the characters drawn from cell `column` on, tabs expanded.
        func expand(_ range: Range<Int>, from column: Int) -> [Piece] {
            var pieces: [Piece] = []
            var column = column
            for index in range {
                let character = characters[index]
                if character.isTab {
                    let spaces = tabStop - column % tabStop
                    for _ in 0..<spaces {
                        pieces.append(Piece(text: " ", width: 1, offset: index, byte: character.byte))
                    }
                    column += spaces
                } else {
                    pieces.append(
                        Piece(text: character.text, width: character.width, offset: index, byte: character.byte))
                    column += character.width
                }
            }
            return pieces
        }
        func width(_ pieces: [Piece]) -> Int { pieces.reduce(0) { $0 + $1.width } }
        func ellipsisPiece() -> Piece { Piece(text: ellipsis, width: ellipsisWidth, offset: nil, byte: 0) }
        /// The first pieces that fit in `limit` cells.
        func prefix(_ pieces: [Piece], fitting limit: Int) -> [Piece] {
            var used = 0
            var kept: [Piece] = []
            for piece in pieces {
                guard used + piece.width <= limit else { break }
                kept.append(piece)
                used += piece.width
            }
            return kept
        }

        let whole = expand(characters.indices, from: 0)
        if !more && width(whole) <= room { return whole }
        // Too long: an ellipsis takes the end, and the start when the match lies past the cut.
        guard ellipsisWidth < room else { return prefix(whole, fitting: room) }
        let end = min(characters.count, lastMatch + min(room / 2 - ellipsisWidth, 10))
        let upToMatch = expand(0..<max(0, end), from: 0)
        if highlights.isEmpty || width(upToMatch) <= room - ellipsisWidth {
            return prefix(whole, fitting: room - ellipsisWidth) + [ellipsisPiece()]
        }
        // "…" + the end of the text up to the match (+ "…" when more follows).
        let tail = width(expand(end..<characters.count, from: 0))
        let after = more || tail > ellipsisWidth ? [ellipsisPiece()] : expand(end..<characters.count, from: 0)
        let afterWidth = width(after)
        // The first character kept: from the start as measured where the text starts, then
        // further while the tabs, measured after the leading ellipsis, make it too wide.
        var first = 0
        var fromEnd = 0
        for index in stride(from: end - 1, through: 0, by: -1) {
            let cells = characters[index].isTab ? 1 : characters[index].width
            guard fromEnd + cells + afterWidth + ellipsisWidth <= room else { break }
            fromEnd += cells
            first = index
        }
        while first < end {
            let kept = expand(first..<end, from: ellipsisWidth)
            if ellipsisWidth + width(kept) + afterWidth <= room { return [ellipsisPiece()] + kept + after }
            first += 1
        }
        return [ellipsisPiece()] + after
    }

    /// The cell style of a piece: `base`, with the text's own look (`runs`, --ansi) over it,
    /// and the match's bold underline over that.
    /// `colors`: whether the data's colours show (not with NO_COLOR); `focused`: the focus
    /// keeps its background, and the text its colour where it reads on it (WCAG's 4.5:1 for
    /// text: red on the yellow focus does, yellow or green does not), never the data's bold or
    /// dim (which xterm draws brighter or fainter: see `Theme.standard`'s focus).
    static func style(
        of piece: Piece, base: CellStyle, runs: [AnsiRun]?, lit: Bool, colors: Bool, focused: Bool = false,
        match: (other: StyleMark, focused: StyleMark) = (Theme.standard.match, Theme.standard.focusMatch)
    ) -> CellStyle {
        var style = base
        if let runs, piece.offset != nil, let run = runs.last(where: { $0.start <= piece.byte }) {
            let look = run.style
            if colors {
                if let foreground = look.foreground.map(terminalColor),
                    !focused || (foreground.contrast(on: base.background) ?? 0) >= Self.leastFocusContrast
                {
                    style.foreground = foreground
                }
                if !focused, let background = look.background { style.background = terminalColor(background) }
            }
            if !focused {
                style.bold = style.bold || look.bold
                style.dim = style.dim || look.dim
            }
            style.underline = style.underline || look.underline
            style.reverse = style.reverse != look.reverse
        }
        if lit { style = (focused ? match.focused : match.other).applied(to: style) }
        return style
    }

    /// The least contrast a data colour keeps on the focus (WCAG AA for text).
    static let leastFocusContrast = 4.5

    static func terminalColor(_ color: AnsiColor) -> TerminalColor {
        switch color {
        case .basic(let index): .ansi(Int(index))
        case .indexed(let index): .indexed(Int(index))
        case .rgb(let red, let green, let blue): .rgb(red, green, blue)
        }
    }

    /// Draws the item at `path` as a line of `room` cells from `x` (see the top of this file).
    static func draw(
        _ path: ItemPath, x: Int, y: Int, room: Int, style: CellStyle, focused: Bool, _ state: SectionsInput,
        into buffer: inout CellBuffer
    ) {
        guard room > 0 else { return }
        let items = state.content.catalog.sections[path.section].items
        let label = items.label(at: path.item)
        var highlights: [Range<Int>] = []
        if let query = state.content.filter?.query {
            highlights = Search.highlights(in: String(label.prefix(searchedCharacters)), for: query)
        }
        let runs = items.hasStyles ? items.styleRuns(at: path.item) : nil
        if highlights.isEmpty && runs == nil && !label.utf8.prefix(4 * room + 16).contains(UInt8(ascii: "\t")) {
            // Most lines: one look, no tab, nothing to keep in view: cut at the end, drawn at
            // once (a frame of a million lines costs what one of chips does).
            let shown = state.textWidth.truncate(label, toWidth: room, ellipsis: state.options.ellipsis)
            buffer.put(shown, x: x, y: y, style: style, maxWidth: room, measure: state.textWidth)
            return
        }
        let pieces = pieces(
            of: label, room: room, highlights: highlights, tabStop: state.options.tabStop,
            ellipsis: state.options.ellipsis, measure: state.textWidth)
        var column = x
        var match = 0
        // Pieces of one look are drawn together.
        var pending = ""
        var pendingStyle = style
        func flush() {
            guard !pending.isEmpty else { return }
            column += buffer.put(
                pending, x: column, y: y, style: pendingStyle, maxWidth: x + room - column, measure: state.textWidth)
            pending = ""
        }
        for piece in pieces {
            var lit = false
            if let offset = piece.offset {
                while match < highlights.count && highlights[match].upperBound <= offset { match += 1 }
                lit = match < highlights.count && highlights[match].contains(offset)
            }
            let drawn = Self.style(
                of: piece, base: style, runs: runs, lit: lit, colors: state.theme.dataColors, focused: focused,
                match: (state.theme.match, state.theme.focusMatch))
            if drawn != pendingStyle { flush() }
            pendingStyle = drawn
            pending += piece.text
        }
        flush()
    }
}
