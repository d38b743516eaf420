@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("The detail panel")
struct DetailPanelTests {
    let catalog = Catalog(
        sections: [
            Section(
                title: "Books",
                items: [
                    Item(
                        label: "A Wizard of Earthsea", keywords: ["fantasy", "magic"],
                        fields: [
                            Item.Field(name: "author", value: "Ursula K. Le Guin"),
                            Item.Field(name: "year", value: "1968"),
                        ]),
                    Item(label: "Dune", fields: [Item.Field(name: "author", value: "Frank Herbert")]),
                ])
        ], source: "test")

    func state(width: Int, height: Int) -> BrowserState {
        BrowserState(
            catalog: catalog, settings: fixtureSettings(itemWidth: 20), theme: .standard, width: width, height: height)
    }

    @Test("Esc closes the panel first, as it closes the help; the next Esc quits")
    func escapeClosesThePanel() {
        var browsing = state(width: 120, height: 12)
        browsing.send(.character("i"))
        #expect(browsing.overlays.showingDetails)
        browsing.send(.escape)
        #expect(!browsing.overlays.showingDetails && browsing.picking.outcome == nil)
        browsing.send(.escape)
        #expect(browsing.picking.outcome == .cancelled)
        // Typing to the query (piped data): Ctrl-O opens it, Esc closes it, Esc quits.
        var typing = state(width: 120, height: 12)
        typing.typingQueries = true
        typing.send(.control("o"))
        #expect(typing.overlays.showingDetails)
        typing.send(.escape)
        #expect(!typing.overlays.showingDetails && typing.picking.outcome == nil)
        typing.send(.escape)
        #expect(typing.picking.outcome == .cancelled)
    }

    @Test("i opens it beside the sections on a wide screen, which re-split in the room left")
    func beside() {
        var state = state(width: 120, height: 12)
        #expect(state.view.layout.viewportWidth == 120)
        state.send(.character("i"))
        // As wide as its widest field ("author: Ursula K. Le Guin", 25) and a border and a
        // cell of padding each side; no longer a third of the screen (40).
        #expect(state.detailPlacement == .beside(width: 29))
        #expect(state.view.layout.viewportWidth == 90)
        let lines = render(state)
        #expect(lines[0].hasSuffix("╭ Details ──────────────────╮"))
        #expect(lines[1].contains("│ A Wizard of Earthsea"))
        #expect(lines.contains { $0.contains("author: Ursula K. Le Guin") })
        #expect(lines.contains { $0.contains("year: 1968") })
        #expect(lines.contains { $0.contains("keywords: fantasy, magic") })
        // It follows the focus, keeping its size (the sections do not re-split under it).
        state.send(.right)
        #expect(render(state).contains { $0.contains("author: Frank Herbert") })
        #expect(state.detailPlacement == .beside(width: 29))
        state.send(.character("i"))
        #expect(state.detailPlacement == nil && state.view.layout.viewportWidth == 120)
        #expect(!render(state).contains { $0.contains("Details") })
    }

    @Test("for an emoji: its keywords without its name, its shortcodes apart, its tones")
    func emoji() {
        let catalog = Catalog(
            sections: [
                Section(
                    title: "Hands",
                    items: [
                        Item(
                            label: "thumbs down", glyph: "👎",
                            keywords: ["-1", "down", "hand", "thumb", "thumbs down", ":thumbsdown:", ":-1:"],
                            variants: ["👎🏻", "👎🏼", "👎🏽", "👎🏾", "👎🏿"])
                    ])
            ], source: "test")
        var state = BrowserState(
            catalog: catalog, settings: fixtureSettings(itemWidth: 4), theme: .standard, width: 120, height: 12)
        state.send(.character("i"))
        // Its lines are short: the narrowest panel, the lists wrapped in it.
        #expect(state.detailPlacement == .beside(width: DetailFit.narrowest))
        let lines = render(state)
        for (row, line) in [
            "╭ Details ─────────────╮",
            "│ 👎  thumbs down      │",
            "│ U+1F44E              │",
            "│ section: Hands       │",
            "│ keywords: -1, down,  │",
            "│ hand, thumb          │",
            "│ shortcodes:          │",
            "│ :thumbsdown: :-1:    │",
            "│ tones: 👎🏻 👎🏼 👎🏽 👎🏾   │",
            "│ 👎🏿                   │",
            "╰──────────────────────╯",
        ].enumerated() {
            #expect(lines[row].hasSuffix(line), "row \(row): \(lines[row])")
        }
        // Where the terminal draws a tone apart from its emoji, the tones go by their names.
        state.options.combinedTones = false
        // (Closed and opened again: the panel takes its size when it opens.)
        state.send(.character("i"), .character("i"))
        let named = render(state).joined(separator: "\n")
        #expect(named.contains("tones: light,"), "\(named)")
        #expect(!named.contains("👎🏻"))
    }

    @Test("on a narrow screen it goes below the sections, above the status line")
    func below() {
        var state = state(width: 60, height: 20)
        let rows = state.viewHeight
        state.send(.character("i"))
        #expect(state.detailPlacement == .below(height: 6))
        #expect(state.viewHeight == rows - 6)
        let lines = render(state)
        #expect(lines[13].hasPrefix("╭ Details"))
        #expect(lines[14].contains("A Wizard of Earthsea"))
        #expect(lines[18].hasPrefix("╰"))
        #expect(lines[19].contains("1 of 2"))
    }

    @Test("a long value wraps at spaces within the panel")
    func wraps() {
        let long = Catalog(
            sections: [
                Section(
                    title: "Notes",
                    items: [
                        Item(
                            label: "note",
                            fields: [
                                Item.Field(
                                    name: "text",
                                    value: "one two three four five six seven eight nine ten eleven twelve")
                            ])
                    ])
            ], source: "test")
        var state = BrowserState(
            catalog: long, settings: fixtureSettings(itemWidth: 20), theme: .standard, width: 100, height: 12)
        state.send(.character("i"))
        let panel = render(state).map { String($0.suffix(33)) }
        #expect(panel.contains { $0.contains("│ text: one two three four five") })
        #expect(panel.contains { $0.contains("│ six seven eight nine ten      │") })
        #expect(panel.contains { $0.contains("│ eleven twelve") })
    }

    @Test("below, as tall as its lines; kept while the focus moves, what does not fit cut with …")
    func belowSizedToItsLines() {
        var state = state(width: 60, height: 20)
        let rows = state.viewHeight
        state.send(.down, .character("i"))
        // Dune: its label, its section and its author, in a border: 5 rows, not 6.
        #expect(state.detailPlacement == .below(height: 5))
        #expect(state.viewHeight == rows - 5)
        var lines = render(state)
        expectLines(
            Array(lines[14...19]).map { String($0.prefix(24)) },
            [
                "╭ Details ──────────────",
                "│ Dune                  ",
                "│ section: Books        ",
                "│ author: Frank Herbert ",
                "╰───────────────────────",
                " Dune  · Books          ",
            ])
        state.send(.up)
        #expect(state.detailPlacement == .below(height: 5))
        lines = render(state)
        #expect(lines[15].contains("A Wizard of Earthsea") && lines[17].hasPrefix("│ …"), "\(lines)")
        // Laid out again (a resize), it takes what the focused item needs: the old bound.
        state.send(.resize(width: 60, height: 20))
        #expect(state.detailPlacement == .below(height: 6))
    }
}
