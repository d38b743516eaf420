// Whole frames as text, compared exactly (the bars around each row are not part of the frame;
// they keep trailing spaces visible). Styles do not show in text, so the tests that depend on
// them (focus, pinned headers) check the cells' styles too.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Snapshots")
struct SnapshotTests {
    let theme = Theme.standard

    @Test("two columns: Alpha and Gamma left, Beta and Delta right, status line at the bottom")
    func twoColumns() {
        let state = fixtureState(width: 44, height: 8)
        #expect(state.view.layout.columns.map(\.width) == [21, 21])
        expectLines(
            render(state),
            framed(
                """
                |  Alpha · 14             Beta · 10          |
                |  a0    a1    a2         b0    b1    b2     |
                |  a3    a4    a5         b3    b4    b5     |
                |  a6    a7    a8         b6    b7    b8     |
                |  a9    a10   a11        b9                 |
                |  a12   a13                                 |
                |                         Delta · 12         |
                | a0  · Alpha                1 of 44  ? help |
                """))
        let buffer = Browser.render(state)
        // The focused item a0 (x 1..<7 of row 1) is highlighted, and nothing else is.
        #expect(focusCells(state, buffer) == (1..<7).map { Point(x: $0, y: 1) })
        #expect(buffer[2, 1].style == theme.focus)
        #expect(buffer[8, 1].style == theme.item)
        // Headers span their column; the status line spans the screen.
        #expect((0..<21).allSatisfy { buffer[$0, 0].style == theme.header })
        #expect(buffer[21, 0].style == theme.base)  // the gap between the columns
        #expect((23..<44).allSatisfy { buffer[$0, 0].style == theme.header })
        #expect((0..<44).allSatisfy { buffer[$0, 7].style == theme.status })
    }

    @Test("one column below the breakpoint: the sections stack in order")
    func oneColumn() {
        let state = fixtureState(width: 30, height: 14)
        #expect(state.view.layout.columns.count == 1)
        expectLines(
            render(state),
            framed(
                """
                |  Alpha · 14                  |
                |  a0    a1    a2    a3        |
                |  a4    a5    a6    a7        |
                |  a8    a9    a10   a11       |
                |  a12   a13                   |
                |                              |
                |  Beta · 10                   |
                |  b0    b1    b2    b3        |
                |  b4    b5    b6    b7        |
                |  b8    b9                    |
                |                              |
                |  Gamma · 8                   |
                |  g0    g1    g2    g3        |
                | a0  · Alpha  1 of 44  ? help |
                """))
    }

    @Test("a section scrolled past its header pins the header to the top row of its column")
    func pinnedHeaderMidSection() {
        // One column; Beta's header is at content row 6 and its items at 7-9. At offset 8 the
        // header is above the view, so it is drawn on row 0 over the line b4..b7.
        var state = fixtureState(width: 30, height: 8, focus: path(1, 8))
        state.scroll(to: 8)
        #expect(state.view.offset == 8)
        expectLines(
            render(state),
            framed(
                """
                |  Beta · 10                   |
                |  b8    b9                    |
                |                              |
                |  Gamma · 8                   |
                |  g0    g1    g2    g3        |
                |  g4    g5    g6    g7        |
                |                              |
                | b8  · Beta  23 of 44  ? help |
                """))
        let buffer = Browser.render(state)
        #expect((0..<30).allSatisfy { buffer[$0, 0].style == theme.header })
        #expect(buffer[1, 1].style == theme.focus)
    }

    @Test("both columns pin their own section's header at once")
    func bothColumnsPin() {
        var state = fixtureState(width: 44, height: 8, focus: path(0, 9))
        state.scroll(to: 2)
        expectLines(
            render(state),
            framed(
                """
                |  Alpha · 14             Beta · 10          |
                |  a6    a7    a8         b6    b7    b8     |
                |  a9    a10   a11        b9                 |
                |  a12   a13                                 |
                |                         Delta · 12         |
                |  Gamma · 8              d0    d1    d2     |
                |  g0    g1    g2         d3    d4    d5     |
                | a9  · Alpha               10 of 44  ? help |
                """))
        let buffer = Browser.render(state)
        #expect((0..<21).allSatisfy { buffer[$0, 0].style == theme.header })
        #expect((23..<44).allSatisfy { buffer[$0, 0].style == theme.header })
        // Rows below the pinned headers are items, not header: the header covers only its rows.
        #expect(buffer[8, 1].style == theme.item)
        #expect(buffer[1, 2].style == theme.focus)
    }

    /// Tall has a two-row header (content rows 0-1), items at rows 2-3 and a bottom inset at 4;
    /// Next starts at row 5. At height 6 (five content rows) the view scrolls to row 5.
    static let tallCatalog = Catalog(
        sections: [
            Section(title: "Tall", items: items("t", 6), headerHeight: 2),
            Section(title: "Next", items: items("n", 9)),
        ], source: "test")

    @Test("the next section pushes a pinned header up: y = itemsBottom - headerHeight")
    func headerPushedOff() {
        var state = fixtureState(width: 30, height: 6, focus: path(1, 0), catalog: Self.tallCatalog)
        let tall = state.view.layout.sections[0]
        #expect(tall.itemsArea.maxY == 5)
        #expect(state.maximumOffset == 5)

        // Offset 3: the header sits at its lowest row, 5 - 2 = 3, i.e. still on screen rows 0-1.
        state.scroll(to: 3)
        #expect(state.view.layout.pinnedHeaderY(section: 0, offset: 3) == 3)
        expectLines(
            render(state),
            framed(
                """
                |  Tall · 6                    |
                |                              |
                |  Next · 9                    |
                |  n0    n1    n2    n3        |
                |  n4    n5    n6    n7        |
                | n0  · Next   7 of 15  ? help |
                """))

        // Offset 4: the header is pushed to content row 3 = screen row -1, so only its second
        // row shows (header colours, no title) and Next's header follows right below it.
        state.scroll(to: 4)
        #expect(state.view.layout.pinnedHeaderY(section: 0, offset: 4) == 3)
        expectLines(
            render(state),
            framed(
                """
                |                              |
                |  Next · 9                    |
                |  n0    n1    n2    n3        |
                |  n4    n5    n6    n7        |
                |  n8                          |
                | n0  · Next   7 of 15  ? help |
                """))
        var buffer = Browser.render(state)
        #expect((0..<30).allSatisfy { buffer[$0, 0].style == theme.header })
        #expect((0..<30).allSatisfy { buffer[$0, 1].style == theme.header })
        #expect(buffer[1, 2].style == theme.focus)

        // Offset 5: Tall is gone; Next's header is at its natural row, the top.
        state.scroll(to: 5)
        buffer = Browser.render(state)
        #expect(buffer.lines[0] == "  Next · 9                    ")
        #expect(!buffer.text.contains("Tall"))
    }

    @Test("moving right from the end of a line crosses to the right column and moves the highlight")
    func focusCrossesColumns() {
        var state = fixtureState(width: 44, height: 8, focus: path(0, 2))
        let before = Browser.render(state)
        #expect(focusCells(state, before) == (13..<19).map { Point(x: $0, y: 1) })
        state.send(.right)
        #expect(state.view.focus == path(1, 0))
        let after = Browser.render(state)
        #expect(focusCells(state, after) == (24..<30).map { Point(x: $0, y: 1) })
        #expect(after[14, 1].style == theme.item)
        expectLines(
            after.lines,
            framed(
                """
                |  Alpha · 14             Beta · 10          |
                |  a0    a1    a2         b0    b1    b2     |
                |  a3    a4    a5         b3    b4    b5     |
                |  a6    a7    a8         b6    b7    b8     |
                |  a9    a10   a11        b9                 |
                |  a12   a13                                 |
                |                         Delta · 12         |
                | b0  · Beta                15 of 44  ? help |
                """))
        // And back: the last item of the line level with b0.
        state.send(.left)
        #expect(state.view.focus == path(0, 2))
    }

    @Test("tall configured items raise the height needed: a header, the top inset and one whole line")
    func tooSmallForTallItems() {
        var settings = fixtureSettings()
        settings.itemHeight = 12
        settings.headerHeight = 2
        settings.parameters.sectionInset.top = 1
        let state = fixtureState(width: 30, height: 15, settings: settings)
        #expect(state.requiredHeight == 16)
        #expect(state.isTooSmall)
        #expect(render(state).contains { $0.contains("need 20 x 16") })
        #expect(!fixtureState(width: 30, height: 16, settings: settings).isTooSmall)
        // The default sizes need no more than 20 x 5.
        #expect(fixtureState(width: 30, height: 5).requiredHeight == 5)
    }

    @Test("a screen below 20 x 5 shows what size is needed instead of the browser")
    func tooSmall() {
        let state = fixtureState(width: 15, height: 4)
        #expect(state.isTooSmall)
        let lines = render(state)
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { TextWidth().width(of: $0) == 15 })
        // "terminal too small:" does not fit 15 columns, so it is wrapped, not cut.
        expectLines(
            lines,
            framed(
                """
                | terminal too  |
                |    small:     |
                |  need 20 x 5  |
                |  have 15 x 4  |
                """))

        let wide = fixtureState(width: 40, height: 4)
        expectLines(
            render(wide),
            framed(
                """
                |          terminal too small:           |
                |              need 20 x 5               |
                |              have 40 x 4               |
                |                                        |
                """))
    }

    @Test("? shows the keys over the browser, and any key closes it without acting")
    func helpOverlay() {
        var state = fixtureState(width: 64, height: 16)
        state.send(.character("?"))
        #expect(state.overlays.showingHelp)
        expectLines(
            render(state),
            framed(
                """
                |┌ splitview keys ──────────────────────────────────────────────┐|
                |│ Browsing                                                     │|
                |│ ← ↓ ↑ →  h j k l  move (across the two columns too)          │|
                |│ PgUp PgDn  ^B ^F  page up / down                             │|
                |│ Home End  g G     first / last item                          │|
                |│ Tab Shift-Tab     next / previous section                    │|
                |│ Alt-z  z          fold / unfold this section                 │|
                |│ Alt-Z  Z          fold / unfold every section                │|
                |│ Alt-t  t          go to a section by its title               │|
                |│ Alt-< Alt->  < >  move the split left / right                │|
                |│ Alt-v  v          this section as a row of cards / a grid    │|
                |│ Alt-i  i          details of the focused item                │|
                |│ /                 search: each key filters                   │|
                |│ s                 skin tones (none in this data)             │|
                |└───────────────────────────────────────────────────── ↓ more ─┘|
                | a0  · Alpha                                    1 of 44  ? help |
                """))
        #expect(Browser.render(state)[4, 4].style == theme.help)

        // The arrows, PgUp PgDn, Home End and j k scroll it (its key map is in KeyMaps.swift);
        // another key closes the help and does nothing else; the next one acts.
        var scrolled = state
        scrolled.send(.down)
        #expect(scrolled.overlays.showingHelp && scrolled.overlays.helpScroll == 1 && scrolled.view.focus == path(0, 0))
        let closed = fixtureState(width: 64, height: 16)
        for key in [Key.character("q"), .escape, .enter, .character("?"), .tab, .character("x")] {
            var copy = state
            copy.send(key)
            #expect(!copy.overlays.showingHelp, "\(key)")
            #expect(copy.picking.outcome == nil, "\(key)")
            #expect(copy.view.focus == path(0, 0), "\(key)")
            #expect(render(copy) == render(closed), "\(key)")
        }
        // A click also only closes it.
        var clicked = state
        clicked.send(.mouse(MouseEvent(action: .click, x: 8, y: 1)))
        #expect(!clicked.overlays.showingHelp)
        #expect(clicked.view.focus == path(0, 0))
        #expect(clicked.picking.outcome == nil)
        // Ctrl-C still interrupts.
        var interrupted = state
        interrupted.send(.control("c"))
        #expect(interrupted.picking.outcome == .interrupted)
    }

    @Test("the status line: glyph, name, code points, section; position and help on the right")
    func statusLine() {
        var state = fixtureState(width: 60, height: 6, catalog: emojiFixtureCatalog)
        #expect(render(state)[5] == " 😀  grinning face  U+1F600  · Faces         1 of 5  ? help ")
        state.send(.right)
        #expect(render(state)[5] == " ❤️  red heart  U+2764 U+FE0F  · Faces       2 of 5  ? help ")
        state.send(.right)
        #expect(render(state)[5] == " 👍🏽  thumbs up: medium skin tone  U+1F44D …  3 of 5  ? help ")
        state.send(.tab)
        #expect(render(state)[5] == " 🇯🇵  flag: Japan  U+1F1EF U+1F1F5  · Flags   4 of 5  ? help ")
        let buffer = Browser.render(state)
        #expect((0..<buffer.width).allSatisfy { buffer[$0, 5].style == theme.status })
        #expect(TextWidth().width(of: buffer.lines[5]) == 60)

        // Without a glyph: the label and the section only.
        let plain = fixtureState(width: 44, height: 8, focus: path(3, 11))
        #expect(render(plain)[7] == " d11  · Delta              44 of 44  ? help ")
    }

    @Test("a narrow status line drops ? help, then the position, before the focused glyph")
    func narrowStatusLine() {
        let wanted = [
            30: " 😀  grinnin…  1 of 5  ? help ",
            24: " 😀  g…  1 of 5  ? help ",
            23: " 😀  grinning…  1 of 5 ",
            20: " 😀  grinn…  1 of 5 ",
        ]
        for (width, line) in wanted {
            let state = fixtureState(width: width, height: 6, catalog: emojiFixtureCatalog)
            #expect(render(state)[5] == line, "at \(width) columns")
            #expect(TextWidth().width(of: render(state)[5]) == width)
        }
    }

    @Test("the too-small screen keeps the needed size whole, however small the terminal")
    func tooSmallKeepsTheNeededSize() {
        expectLines(
            render(fixtureState(width: 10, height: 3)),
            framed(
                """
                |   need   |
                |  20 x 5  |
                |          |
                """))
        expectLines(
            render(fixtureState(width: 12, height: 2)),
            framed(
                """
                | too small: |
                |need 20 x 5 |
                """))
    }

    @Test("items with a glyph show the label after it only when some of the label fits")
    func glyphItems() {
        // 6-cell items leave 4 cells inside the padding, one too few for a letter and "…"
        // after the glyph: the label takes the right padding too, cut (never dropped, nor
        // "😀 …", a glyph with an ellipsis and no label).
        var state = fixtureState(
            width: 36, height: 5, catalog: emojiFixtureCatalog, settings: fixtureSettings(itemWidth: 6))
        expectLines(
            render(state),
            framed(
                """
                |  Faces · 3                         |
                |  😀 g… ❤️ r… 👍🏽 t…                 |
                |                                    |
                |  Flags · 2                         |
                | 😀  grinning face…  1 of 5  ? help |
                """))
        // 9-cell items: the glyph, a space and the label cut to fit.
        state = fixtureState(
            width: 36, height: 5, catalog: emojiFixtureCatalog, settings: fixtureSettings(itemWidth: 9))
        expectLines(
            render(state),
            framed(
                """
                |  Faces · 3                         |
                |  😀 gri…  ❤️ red…  👍🏽 thu…         |
                |                                    |
                |  Flags · 2                         |
                | 😀  grinning face…  1 of 5  ? help |
                """))
        // Every row is exactly the screen's width in cells, wide glyphs included.
        #expect(render(state).allSatisfy { TextWidth().width(of: $0) == 36 })
        // The focus highlight covers the whole slot, glyph included.
        let buffer = Browser.render(state)
        #expect((1..<10).allSatisfy { buffer[$0, 1].style == theme.focus })
        #expect(buffer[2, 1].text == "😀" && buffer[3, 1].isContinuation)
    }

    @Test("an empty catalog says so and draws no focus")
    func emptyCatalog() {
        let state = fixtureState(width: 30, height: 5, catalog: Catalog(sections: [], source: "test"))
        #expect(state.view.focus == nil)
        expectLines(
            render(state),
            framed(
                """
                |                              |
                |                              |
                |                              |
                |                              |
                | no items              ? help |
                """))
    }
}
