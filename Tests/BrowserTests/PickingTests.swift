// Picking: marking several items with --multi, and what a pick prints (--print).

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Picking")
struct PickingTests {
    func multiState(focus: ItemPath? = nil) -> BrowserState {
        BrowserState(
            catalog: fixtureCatalog, settings: fixtureSettings(), theme: .standard, width: 44, height: 8,
            focus: focus, multiSelect: true)
    }

    @Test("Space marks the focused item and moves on in reading order; Enter picks the marks in marking order")
    func spaceMarksAndAdvances() {
        var state = multiState(focus: path(0, 12))
        state.send(.character(" "), .character(" "))
        // a12, a13, then on from the end of Alpha to the first item of Beta.
        #expect(state.picking.marked == [path(0, 12), path(0, 13)])
        #expect(state.view.focus == path(1, 0))
        state.send(.home)
        state.send(.character(" "))
        #expect(state.picking.marked == [path(0, 12), path(0, 13), path(0, 0)])
        // Space on a marked item unmarks it.
        #expect(state.picks == state.picking.marked)
        state.send(.enter)
        #expect(state.picking.outcome == .chosen(state.view.focus!))
    }

    @Test("Space toggles: a second press on the same item unmarks it")
    func spaceToggles() {
        var state = multiState(focus: path(2, 3))
        state.send(.character(" "))
        #expect(state.picking.marked == [path(2, 3)])
        state.send(.left)
        #expect(state.view.focus == path(2, 3))
        state.send(.character(" "))
        #expect(state.picking.marked.isEmpty)
        // With nothing marked, Enter picks the focused item.
        #expect(state.picks == [path(2, 4)])
    }

    @Test("without --multi Space does nothing and Enter picks the focused item")
    func spaceWithoutMulti() {
        var state = fixtureState(focus: path(0, 1))
        state.send(.character(" "))
        #expect(state.picking.marked.isEmpty)
        #expect(state.view.focus == path(0, 1))
        #expect(state.picks == [path(0, 1)])
    }

    @Test("a marked item shows a * at the left of its slot; the status line counts the marks")
    func markedItemsAreDrawn() {
        var state = multiState(focus: path(0, 0))
        state.send(.character(" "), .character(" "))
        let lines = render(state)
        #expect(lines[1].hasPrefix(" *a0   *a1    a2         b0    b1    b2"))
        #expect(lines[7].hasSuffix(" 2 marked  3 of 44  ? help "))
        let buffer = Browser.render(state)
        #expect(buffer[1, 1].style.bold)
    }

    @Test("the help lists Space only with --multi")
    func helpMentionsSpace() {
        func helpKeys(_ state: BrowserState) -> [String] { HelpOverlay(state).sections.flatMap(\.entries).map(\.keys) }
        #expect(helpKeys(multiState()).contains("Space"))
        #expect(!helpKeys(fixtureState()).contains("Space"))
    }

    // MARK: --print

    let item = Item(
        label: "thumbs \"up\"", glyph: "👍", keywords: ["+1", "hand"],
        fields: [Item.Field(name: "code", value: "U+1F44D"), Item.Field(name: "note", value: "a\tb\u{1}")])

    @Test("glyph (else label), label, section, keywords, a field, or one JSON object per pick")
    func printFormats() {
        #expect(PrintFormat(parsing: "section").line(for: item, section: "Hands") == "Hands")
        #expect(PrintFormat(parsing: "keywords").line(for: item, section: "Hands") == "+1, hand")
        #expect(PrintFormat(parsing: "keywords").line(for: Item(label: "plain"), section: "S") == "")
        #expect(PrintFormat(parsing: "glyph").line(for: item, section: "Hands") == "👍")
        #expect(PrintFormat(parsing: "glyph").line(for: Item(label: "plain"), section: "S") == "plain")
        #expect(PrintFormat(parsing: "label").line(for: item, section: "Hands") == "thumbs \"up\"")
        #expect(PrintFormat(parsing: "code").line(for: item, section: "Hands") == "U+1F44D")
        #expect(
            PrintFormat(parsing: "json").line(for: item, section: "Hands")
                == #"{"section":"Hands","label":"thumbs \"up\"","glyph":"👍","keywords":["+1","hand"],"code":"U+1F44D","note":"a\tb\u0001"}"#
        )
        // A chosen skin-tone variant replaces the glyph.
        #expect(PrintFormat.glyph.line(for: item, section: "Hands", glyph: "👍🏽") == "👍🏽")
    }

    @Test("a field no item has is reported with the names that exist")
    func unknownField() {
        let catalog = Catalog(sections: [Section(title: "Hands", items: [item])], source: "test")
        #expect(PrintFormat(parsing: "code").problem(for: catalog) == nil)
        #expect(PrintFormat(parsing: "json").problem(for: catalog) == nil)
        // A field is named ignoring case, as a column is (a CSV column headed "Email" is
        // printed by --print email); an exact name goes first.
        #expect(PrintFormat(parsing: "CODE").problem(for: catalog) == nil)
        #expect(PrintFormat(parsing: "Code").line(for: item, section: "Hands") == "U+1F44D")
        let both = Item(label: "x", fields: [.init(name: "Email", value: "A"), .init(name: "email", value: "b")])
        #expect(PrintFormat(parsing: "email").line(for: both, section: "S") == "b")
        #expect(PrintFormat(parsing: "EMAIL").line(for: both, section: "S") == "A")
        #expect(
            PrintFormat(parsing: "cdoe").problem(for: catalog)
                == #"--print cdoe: no item has a field "cdoe" (choose from: glyph, label, section, keywords, json, code, note)"#
        )
    }
}

@Suite("Recent does not count twice")
struct RecentCountTests {
    @Test("n of N leaves out a section that repeats others' items; its own items count within it")
    func counts() {
        var recent = Section(title: "Recent", items: [Item(label: "b", glyph: "🅱️")])
        recent.repeatsItems = true
        let catalog = Catalog(
            sections: [recent, Section(title: "Letters", items: [Item(label: "a"), Item(label: "b", glyph: "🅱️")])],
            source: "test")
        var state = BrowserState(catalog: catalog, settings: fixtureSettings(), theme: .standard, width: 60, height: 8)
        #expect(state.content.distinctItemCount == 2)
        #expect(render(state).last!.contains("1 of 1 recent"), "\(render(state).last!)")
        state.send(.tab)
        #expect(state.view.focus?.section == 1)
        #expect(render(state).last!.contains("1 of 2 "), "\(render(state).last!)")
    }
}
