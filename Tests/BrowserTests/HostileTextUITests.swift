// Data that is valid but hostile to a terminal (Tests/SplitviewTests/Fixtures/data/hostile.jsonl:
// escape sequences, C0 and C1 controls, bidi controls, invisible format characters, lone
// combining marks, a 10,000-character label) on every path that draws data or typed text:
// the grid and its headers, the status line, the search prompt with pasted text, the help
// overlay, the tone chooser. No cell may hold a control; each shows its visible sign, and a
// cut label ends in "…". Also the load warnings' notice in the status line.

@testable import Browser
import Catalog
import Foundation
import SplitLayout
import Testing
import TerminalUI

@Suite("Hostile text in the browser")
struct HostileTextUITests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SplitviewTests/Fixtures/data/hostile.jsonl").path

    static let catalog: Catalog = {
        do {
            return try CatalogLoader.load(path: fixture).catalog
        } catch {
            fatalError("\(fixture): \(error)")
        }
    }()

    /// Two columns of 20-cell cards from 60 cells on.
    func state(width: Int = 100, height: Int = 24, focus: ItemPath? = nil, catalog: Catalog = Self.catalog)
        -> BrowserState
    {
        fixtureState(
            width: width, height: height, focus: focus, catalog: catalog,
            settings: fixtureSettings(splitFrom: 60, itemWidth: 20))
    }

    /// No cell holds a scalar that must not reach the terminal, nor starts with one of no width
    /// (which a terminal draws over the cell before): each cell's text is what VisibleText
    /// shows of it, the rule the drawing follows.
    static func expectNothingHidden(
        _ buffer: CellBuffer, _ context: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let text = buffer[x, y].text
                if VisibleText.shown(text) != text {
                    Issue.record(
                        "\(context) cell \(x),\(y) holds \(text.debugDescription)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test("the fixture has every case: escape sequences, C0, C1, bidi, marks, a 10,000-character label")
    func theFixtureHasEveryCase() {
        let labels = Self.catalog.sections.flatMap { section in section.items.indices.map { section.items[$0].label } }
        let text = labels.joined()
        for needle in [
            "\u{1B}[2J", "\u{1B}]52;", "\u{1B}]8;;", "\u{1B}[201~", "\u{7}", "\u{0}", "\u{7F}", "\u{85}", "\u{9B}",
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}",
            "\u{2069}", "\u{200E}", "\u{200F}", "\u{61C}", "\u{200B}", "\u{FEFF}", "\u{2028}",
        ] {
            #expect(
                text.unicodeScalars.contains(needle.unicodeScalars.first!) && text.contains(needle),
                "\(needle.debugDescription)")
        }
        #expect(labels.contains { $0.unicodeScalars.first == "\u{301}" })
        #expect(labels.contains { $0.count == 10_000 })
    }

    @Test("the grid and its headers show every control by its sign, and cut labels end in …")
    func gridAndHeaders() {
        let state = state()
        let buffer = Browser.render(state)
        Self.expectNothingHidden(buffer)
        expectLines(
            Array(buffer.lines.prefix(12)),
            framed(
                """
                |  Escapes · 5                                        Controls · 3                                   |
                |  all ␛[2J ␛]52;c;S…  clear ␛[2J screen              c0 ␀␁␇␈␉␊␍␋␌␟ end   c1 ���31m�0;title…         |
                |  clipboard ␛]52;c;…  link ␛]8;;http://…             del ␡ end                                      |
                |  paste end ␛[201~ …                                                                                |
                |                                                     Bidi �� title · 1                              |
                |  Bidi · 3                                           in a hostile sect…                             |
                |  override �A�B�C�D…  isolate �A�B�C� e…                                                            |
                |  marks ��� end                                      Long ␛[2J · 1                                  |
                |                                                     long ␛[2J�◌́x␛[2J�…                             |
                |  Marks · 4                                                                                         |
                |     ◌́̂ lone combini…     invisible ����…                                                            |
                |  ␛[31m glyph of es…  👨‍👩‍👧 emoji kept                                                                 |
                """))
        // Every item's slot: what it shows ends in "…" exactly when the label is wider than the room.
        for section in state.content.catalog.sections.indices {
            for item in state.content.catalog.sections[section].items.indices {
                let path = ItemPath(section: section, item: item)
                guard let frame = state.view.layout.frame(of: path), frame.y - state.view.offset < state.viewHeight
                else {
                    continue
                }
                let row = frame.y - state.view.offset
                let cells = (frame.x + 1..<frame.maxX - 1).map { buffer[$0, row] }.filter { !$0.isContinuation }
                let shown = cells.map(\.text).joined()
                let value = state.content.item(at: path)!
                // The label after a glyph column of two cells where any item has a glyph.
                let glyphs = state.content.catalog.sections[section].items.hasGlyphs
                let text =
                    value.glyph.map {
                        $0 + String(repeating: " ", count: 1 + max(0, 2 - state.options.textWidth.width(of: $0)))
                            + value.label
                    } ?? (glyphs ? "   " + VisibleText.standalone(value.label) : value.label)
                let cut = state.options.textWidth.width(of: text) > frame.width - 2
                #expect(shown.trimmingCharacters(in: .whitespaces).hasSuffix("…") == cut, "\(path): \(shown)")
            }
        }
    }

    @Test("the status line shows each item's label, glyph, code points and section by their signs")
    func statusLine() {
        var state = state()
        var seen = 0
        for section in state.content.catalog.sections.indices {
            for item in state.content.catalog.sections[section].items.indices {
                state.setFocus(ItemPath(section: section, item: item))
                let buffer = Browser.render(state)
                Self.expectNothingHidden(buffer, "focus \(section):\(item)")
                let status = buffer.lines[state.view.height - 1]
                // (A tab is spaces to the next tab stop, as in a list; other controls signs.)
                let label = VisibleText.shown(
                    StatusLine(state).expandingTabs(state.content.item(at: state.view.focus!)!.label))
                // The label whole, or cut with "…" (the 10,000 characters).
                #expect(
                    status.contains(label) || (status.contains(String(label.prefix(20))) && status.contains("… ")),
                    "\(section):\(item): \(status)")
                seen += 1
            }
        }
        #expect(seen == 17)
        state.setFocus(ItemPath(section: 4, item: 2))
        #expect(
            render(state)[state.view.height - 1].hasPrefix(
                " ␛[31m  glyph of escapes  U+001B U+005B U+0033 U+0031 U+006D  · Marks"))
    }

    /// What a terminal sends for a paste: NcursesScreen takes ESC and what follows for a key
    /// sequence and C0 controls for keys, so only printable characters, bidi controls and
    /// marks are typed; and were a control typed into the prompt, it is drawn by its sign.
    @Test("the search prompt shows pasted text by its signs")
    func searchPromptWithPastedText() {
        var state = state(width: 60, height: 10)
        state.send(.character("/"))
        state.type("x\u{1B}]52;c;SGk=\u{7}\u{202E}y\u{2066}\u{200F}\u{9B}\u{0}")
        state.send(.character("\u{301}"))
        let buffer = Browser.render(state)
        Self.expectNothingHidden(buffer)
        #expect(buffer.lines[9].hasPrefix(" /x␛]52;c;SGk=␇�y���␀◌́ "))
        #expect(buffer.lines.contains { $0.contains("no matches for \"x␛]52;c;SGk=␇�y���␀◌́\"") })
        // A long paste: its end shows, where the user types.
        state.type(String(repeating: "\u{1B}[201~", count: 100) + "end")
        let long = Browser.render(state)
        Self.expectNothingHidden(long)
        #expect(long.lines[9].contains("[201~␛[201~end"))
    }

    @Test("a label that starts with a mark has it on a dotted circle after its glyph too, and is lit where it matches")
    func aLabelStartingWithAMarkAfterItsGlyph() {
        let catalog = Catalog(
            sections: [Section(title: "\u{301}title", items: [Item(label: "\u{301}mark", glyph: "😀")])],
            source: "test")
        var state = state(width: 40, height: 6, catalog: catalog)
        expectLines(
            trimmed(render(state)),
            [
                "  ◌́title · 1",
                "  😀 ◌́mark",
                "", "", "",
                " 😀  ◌́mark  U+1F600  ·…  1 of 1  ? help",
            ])
        state.resize(width: 50, height: 6)
        #expect(render(state)[5] == " 😀  ◌́mark  U+1F600  · ◌́title      1 of 1  ? help ")
        state.send(.character("/"))
        state.type("'ar")
        let buffer = Browser.render(state)
        // "😀 ◌́mark": the glyph's two cells, a space, ◌́, m, then "ar" lit.
        let cells = (2...9).map { buffer[$0, 1] }.filter { !$0.isContinuation }
        #expect(cells.map(\.text) == ["😀", " ", "◌\u{301}", "m", "a", "r", "k"])
        #expect(cells.map(\.style.underline) == [false, false, false, false, true, true, false])
    }

    @Test("the help overlay over hostile items")
    func help() {
        var state = state()
        state.send(.character("?"))
        let buffer = Browser.render(state)
        #expect(buffer.text.contains("splitview keys"))
        Self.expectNothingHidden(buffer)
    }

    @Test("the tone chooser shows hostile variants by their signs")
    func toneChooser() {
        let item = Item(
            label: "hand \u{1B}[2J", glyph: "👍",
            variants: ["👍\u{1B}[2J", "\u{202E}👍", "\u{301}", "\u{1B}]52;c;SGk=\u{7}", "👍🏽"])
        let catalog = Catalog(sections: [Section(title: "T\u{202E}", items: [item])], source: "test")
        var state = state(width: 40, height: 12, catalog: catalog)
        state.send(.character("s"))
        #expect(state.overlays.toneChooser != nil)
        let buffer = Browser.render(state)
        Self.expectNothingHidden(buffer)
        #expect(buffer.lines.contains { $0.contains("│  👍  👍  �   ◌́   ␛]  👍🏽  │") })
        // Taking a variant picks its original text.
        state.send(.right, .right, .right, .right, .enter)
        #expect(state.glyph(atSource: ItemPath(section: 0, item: 0)) == "\u{1B}]52;c;SGk=\u{7}")
    }

    @Test("a pick is the original text, controls and all")
    func pickKeepsTheOriginal() {
        var state = state()
        state.send(.enter)
        #expect(state.picking.outcome == .chosen(ItemPath(section: 0, item: 0)))
        let item = state.content.item(atSource: state.picks[0])!
        let original =
            "all \u{1B}[2J \u{1B}]52;c;SGk=\u{7} \u{1B}]8;;http://e.example/\u{1B}\\ \u{1B}[201~ \u{9B}31m \u{202E} \u{2066} \u{200F} \u{301} end"
        #expect(Array(PrintFormat.label.line(for: item, section: "Escapes").utf8) == Array(original.utf8))
        #expect(PrintFormat.field("note").line(for: item, section: "Escapes") == "\u{1B}]52;c;bm90ZQ==\u{7}")
    }

    @Test("a load warning shows in the status line until the first key or click; a resize keeps it")
    func notice() {
        var state = state(width: 80, height: 10)
        state.overlays.notice = Browser.notice(for: [
            DataWarning(
                file: "some/dir/data.csv",
                message: "3 invalid UTF-8 sequences replaced with U+FFFD (first at line 7)")
        ])
        let frame = Browser.render(state)
        #expect(frame.lines[9] == " warning: data.csv: 3 invalid UTF-8 sequences replaced with U+FFFD (first at li…")
        #expect(frame[1, 9].style.bold)
        state.send(.resize(width: 90, height: 10))
        #expect(render(state)[9].hasPrefix(" warning: data.csv: 3 invalid"))
        state.send(.down)
        #expect(state.overlays.notice == nil)
        #expect(render(state)[9].hasPrefix(" clipboard ␛]52;c;SGVsbG8=␇ osc52  · Escapes"))
        // A click clears it too; the notice of a file named with controls shows their signs.
        state.overlays.notice = Browser.notice(for: [
            DataWarning(file: "a\u{1B}[2J.csv", message: "1 invalid UTF-8 sequence")
        ])
        #expect(render(state)[9].hasPrefix(" warning: a\\u001B[2J.csv: 1 invalid UTF-8 sequence"))
        state.send(.mouse(MouseEvent(action: .wheelDown, x: 1, y: 1)))
        #expect(state.overlays.notice == nil)
    }
}
