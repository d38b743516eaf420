// x on a recent pick: it leaves Recent at once; marks and the focus follow their items.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Forgetting a recent pick")
struct RecentForgettingTests {
    func state(recent: [Item]) -> BrowserState {
        var section = Section(title: "Recent", items: ItemList(recent))
        section.repeatsItems = true
        let faces = Section(
            title: "Faces",
            items: [Item(label: "grinning face", glyph: "😀"), Item(label: "grinning squinting face", glyph: "😆")])
        return BrowserState(
            catalog: Catalog(sections: [section, faces], source: "emoji"), settings: fixtureSettings(), width: 60,
            height: 12, multiSelect: true)
    }

    @Test func xRemovesTheFocusedRecentPickAndRemembersIt() {
        var state = state(recent: [Item(label: "grinning face", glyph: "😀"), Item(label: "winking face", glyph: "😉")])
        state.send(.character(" "))  // marks 😀 in Recent, then on to 😉
        state.send(.tab, .character(" "))  // marks 😀 in Faces
        state.send(.backTab)
        #expect(state.view.focus == path(0, 0))
        state.send(.right)
        #expect(state.send(.character("x")) == [.forgetRecent(glyph: "😉")])
        #expect(state.content.source.sections[0].items.map(\.label) == ["grinning face"])
        #expect(state.view.focus == path(0, 0))
        #expect(state.picking.marked == [path(0, 0), path(1, 0)])
        // The last one: Recent goes, the other sections' paths move up.
        #expect(state.send(.character("x")) == [.forgetRecent(glyph: "😀")])
        #expect(state.content.source.sections.map(\.title) == ["Faces"])
        #expect(state.picking.marked == [path(0, 0)])
        #expect(state.view.focus == path(0, 0))
        // Elsewhere x does nothing.
        #expect(state.send(.character("x")).isEmpty)
        #expect(state.content.source.sections[0].items.count == 2)
    }
}
