// The focus's contrast as a terminal draws it: every cell of the focused item (a grid's slot, a
// list's line with a search's match, a row's card at rest and while the row moves it, marked),
// resolved to the attributes and palette indices the screen writes at 8, 16 and 256 colours
// (true colour terminals get the 256-colour sequences), then to pixels as xterm draws them with
// its default palette and `boldColors` (a bold colour 0-7 drawn as its bright twin) and a dim
// attribute drawn halfway to the background (kitty draws it at 75%, xterm darker). WCAG's
// contrast ratio of the text against its background must be 7:1 or more.

@testable import Browser
import Catalog
import Foundation
import SplitLayout
import TerminalTestSupport
import Testing
@testable import TerminalUI

@Suite("The focus's contrast in a terminal")
struct ThemeContrastTests {
    /// The text and background colours xterm draws `style` in on a terminal of `colors`
    /// colours: its default palette, black on white by default, `boldColors` on.
    static func xtermColors(_ style: CellStyle, colors: Int) -> (text: (Int, Int, Int), background: (Int, Int, Int)) {
        let drawn = DrawnStyle(style, colors: ColorSupport(enabled: true, paletteSize: colors, hasDefaultColors: true))
        var foreground = Int(drawn.foreground)
        if drawn.attributes.contains(.bold), (0..<8).contains(foreground) { foreground += 8 }
        var text = foreground < 0 ? (0, 0, 0) : TerminalPalette.rgb(ofIndex: foreground)
        var background = drawn.background < 0 ? (255, 255, 255) : TerminalPalette.rgb(ofIndex: Int(drawn.background))
        if drawn.attributes.contains(.reverse) { swap(&text, &background) }
        if drawn.attributes.contains(.dim) {
            text = ((text.0 + background.0) / 2, (text.1 + background.1) / 2, (text.2 + background.2) / 2)
        }
        return (text, background)
    }

    /// The lowest contrast among the text cells of the focus (those on its background: no
    /// other part of the frame has it) at each palette size, with the cell that has it.
    static func lowestContrast(in buffer: CellBuffer, focus: CellStyle) -> [(colors: Int, ratio: Double, cell: String)]
    {
        [8, 16, 256].map { colors in
            var lowest = (ratio: 21.0, cell: "no text")
            for y in 0..<buffer.height {
                for x in 0..<buffer.width where buffer[x, y].style.background == focus.background {
                    let cell = buffer[x, y]
                    guard !cell.text.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                    let drawn = xtermColors(cell.style, colors: colors)
                    let ratio = ContrastMath.contrast(drawn.text, drawn.background)
                    if ratio < lowest.ratio { lowest = (ratio, "\"\(cell.text)\" at (\(x),\(y)) \(cell.style)") }
                }
            }
            return (colors, lowest.ratio, lowest.cell)
        }
    }

    /// Checks every text cell of the focused item as drawn in `state` (`drawn`: that there are
    /// some; a card an effect hides has none); returns how many there are.
    @discardableResult
    static func expectReadableFocus(
        _ state: BrowserState, _ context: String, drawn: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        let buffer = Browser.render(state)
        let focus = state.options.theme.focus
        let cells = (0..<buffer.height).flatMap { y in
            (0..<buffer.width).filter { x in
                buffer[x, y].style.background == focus.background && buffer[x, y].text != " "
            }
        }
        #expect(!drawn || cells.count >= 2, "\(context): the focus has no text", sourceLocation: sourceLocation)
        for found in lowestContrast(in: buffer, focus: focus) {
            #expect(
                found.ratio >= 7,
                "\(context) at \(found.colors) colours: \(found.ratio) for \(found.cell)",
                sourceLocation: sourceLocation)
        }
        return cells.count
    }

    @Test("the theme's focus colours: black on bright yellow, 19.6:1 at 16 and 256 colours, 12.3:1 at 8")
    func themeFocus() {
        let focus = Theme.standard.focus
        #expect(!focus.bold, "xterm's boldColors draws bold black grey on the focus (3.7:1)")
        let ratios = [8, 16, 256].map { colors in
            let drawn = Self.xtermColors(focus, colors: colors)
            return ContrastMath.contrast(drawn.text, drawn.background)
        }
        #expect(abs(ratios[0] - 12.3) < 0.1 && abs(ratios[1] - 19.6) < 0.1 && abs(ratios[2] - 19.6) < 0.1, "\(ratios)")
        // What bold black on the same yellow was: xterm draws colour 8 (#7f7f7f).
        var bold = focus
        bold.bold = true
        let grey = Self.xtermColors(bold, colors: 256)
        #expect(abs(ContrastMath.contrast(grey.text, grey.background) - 3.7) < 0.05)
    }

    @Test("a grid's focused emoji and label, and a list's focused line with a search's match")
    func gridAndList() {
        var state = BrowserState(
            catalog: emojiFixtureCatalog, settings: fixtureSettings(splitFrom: 1000, itemWidth: 30),
            theme: .standard, width: 60, height: 10)
        state.send(Key.right)
        Self.expectReadableFocus(state, "grid item")
        state.toggleMark(state.view.focus!)
        Self.expectReadableFocus(state, "marked grid item")
        var settings = fixtureSettings(splitFrom: 1000)
        settings.itemsPerLine = 1
        settings.listItems = true
        var list = fixtureState(width: 44, height: 10, settings: settings)
        list.send(.character("/"))
        list.type("a1")
        Self.expectReadableFocus(list, "list line with a match")
    }

    @Test(
        "a row's focused card at rest and while the row moves it in, under every effect", arguments: CardEffects.names)
    func cards(effect: String) {
        var state = rowState(effect: effect)
        state.send(.down)
        state.toggleMark(state.view.focus!)
        Self.expectReadableFocus(state, "\(effect) at rest")
        state.press(.right, at: 1000)
        // Mid-move: a few frames into the move, the focused card still far from its rest (the
        // snapshot's comes in hidden at first).
        var drawn = 0
        for time in stride(from: 1016, through: 1112, by: 16) {
            Browser.update(&state, .tick(at: Moment(milliseconds: time)))
            drawn += Self.expectReadableFocus(state, "\(effect) at \(time - 1000) ms of a move", drawn: false)
        }
        #expect(drawn > 0, "\(effect): the focused card never drawn while it moves")
        _ = state.settle()
        Self.expectReadableFocus(state, "\(effect) after a move")
    }
}
