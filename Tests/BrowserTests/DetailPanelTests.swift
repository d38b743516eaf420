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
        #expect(state.detailPlacement == .beside(width: 40))
        #expect(state.view.layout.viewportWidth == 79)
        let lines = render(state)
        #expect(lines[0].hasSuffix("╭ Details ─────────────────────────────╮"))
        #expect(lines[1].contains("│ A Wizard of Earthsea"))
        #expect(lines.contains { $0.contains("author: Ursula K. Le Guin") })
        #expect(lines.contains { $0.contains("year: 1968") })
        #expect(lines.contains { $0.contains("keywords: fantasy, magic") })
        // It follows the focus.
        state.send(.down)
        #expect(render(state).contains { $0.contains("author: Frank Herbert") })
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
        let lines = render(state)
        #expect(lines.contains { $0.contains("│ keywords: -1, down, hand, thumb ") }, "\(lines)")
        #expect(lines.contains { $0.contains("│ shortcodes: :thumbsdown: :-1: ") }, "\(lines)")
        #expect(lines.contains { $0.contains("│ tones: 👎🏻 👎🏼 👎🏽 👎🏾 👎🏿") }, "\(lines)")
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
}
