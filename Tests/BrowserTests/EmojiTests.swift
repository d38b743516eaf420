// The bundled emoji with the program's default layout: what a user sees on first start.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Bundled emoji")
struct EmojiTests {
    let catalog = EmojiCatalog.load()

    @Test("120 x 30: two columns, Smileys & Emotion at the top left, 😀 focused")
    func wide() {
        let state = BrowserState(catalog: catalog, settings: defaultSettings, width: 120, height: 30)
        #expect(state.view.layout.columns.count == 2)
        #expect(state.view.layout.columns.map(\.width) == [59, 59])
        #expect(state.view.focus == path(0, 0))
        let buffer = Browser.render(state)
        let lines = buffer.lines
        #expect(lines.count == 30)
        #expect(lines.allSatisfy { TextWidth().width(of: $0) == 120 })
        #expect(lines[0].hasPrefix("  Smileys & Emotion · \(catalog.sections[0].items.count) "))
        #expect(lines[0].contains("People & Body"))
        // The first item, in the left column's first slot, highlighted.
        #expect(buffer[2, 1].text == "😀")
        #expect(buffer[1, 1].style == state.options.theme.focus)
        #expect(buffer[2, 1].style == state.options.theme.focus)
        #expect(lines[1].hasPrefix("  😀  😃  😄 "))
        let status = lines[29]
        #expect(status.hasPrefix(" 😀  grinning face  U+1F600  · Smileys & Emotion "))
        #expect(status.hasSuffix(" 1 of \(catalog.itemCount)  ? help "))
        #expect((0..<120).allSatisfy { buffer[$0, 29].style == state.options.theme.status })
    }

    @Test("60 x 30: one column, sections one after another")
    func narrow() {
        var state = BrowserState(catalog: catalog, settings: defaultSettings, width: 60, height: 30)
        #expect(state.view.layout.columns.count == 1)
        #expect(state.view.layout.columns[0].width == 60)
        let lines = render(state)
        #expect(lines[0].hasPrefix("  Smileys & Emotion · "))
        #expect(!lines[0].contains("People & Body"))
        #expect(lines[1].hasPrefix("  😀  😃  😄 "))
        #expect(lines.allSatisfy { TextWidth().width(of: $0) == 60 })
        #expect(lines[29].contains("grinning face"))
        #expect(lines[29].contains("U+1F600"))
        // Tab goes to People & Body, whose header comes to the top row.
        state.send(.tab)
        #expect(state.view.focus == path(1, 0))
        #expect(render(state)[0].hasPrefix("  People & Body · "))
        #expect(render(state)[29].hasPrefix(" 👋  waving hand  U+1F44B  · People &"))
        expectFocusVisible(state)
    }

    @Test("resizing from 120 to 60 columns and back keeps the focused emoji in view")
    func resize() {
        var state = BrowserState(catalog: catalog, settings: defaultSettings, width: 120, height: 30)
        state.send(.tab, .tab, .down, .down, .right)  // into Animals & Nature
        let focus = state.view.focus
        expectFocusVisible(state)
        state.send(.resize(width: 60, height: 30))
        #expect(state.view.focus == focus)
        expectFocusVisible(state)
        state.send(.resize(width: 120, height: 30))
        #expect(state.view.focus == focus)
        expectFocusVisible(state)
    }
}
