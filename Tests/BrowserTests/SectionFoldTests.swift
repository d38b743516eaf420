// Folded sections and the section switcher: a folded section is its header alone (with ▸ and
// its count), through a search, data arriving and a resize; the focus never rests in it; the
// switcher filters the titles by the search's ranking and jumps to a section.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Folded sections and the section switcher")
struct SectionFoldTests {
    /// One column (30 cells), four items a line.
    static func narrow(height: Int = 12, focus: ItemPath? = nil) -> BrowserState {
        fixtureState(width: 30, height: height, focus: focus)
    }

    @Test("z folds the focused section to its header, the focus on to the next section; z again unfolds it")
    func foldFocused() {
        var state = Self.narrow()
        #expect(state.view.focus == path(0, 0))
        state.send(.character("z"))
        #expect(state.content.isFolded(shown: 0))
        #expect(state.view.focus == path(1, 0))
        #expect(state.view.layout.sections[0].itemCount == 0)
        expectLines(
            render(state),
            framed(
                """
                |  ▸ Alpha · 14                |
                |  Beta · 10                   |
                |  b0    b1    b2    b3        |
                |  b4    b5    b6    b7        |
                |  b8    b9                    |
                |                              |
                |  Gamma · 8                   |
                |  g0    g1    g2    g3        |
                |  g4    g5    g6    g7        |
                |                              |
                |  Delta · 12                  |
                | b0  · Beta  15 of 44  ? help |
                """), exact: false)
        expectFocusVisible(state)
        // Again at once: the same section opens, its first item focused.
        state.send(.character("z"))
        #expect(!state.content.isFolded(shown: 0))
        #expect(state.view.focus == path(0, 0))
        // After another key, z folds the section the focus is in.
        state.send(.character("z"), .down, .character("z"))
        #expect(state.content.folded == [0, 1])
        #expect(state.view.focus == path(2, 0))
    }

    @Test("the last section folded: the focus goes back to the item before it; moves pass folded sections by")
    func foldLast() {
        var state = Self.narrow(focus: path(3, 5))
        state.send(.character("z"))
        #expect(state.view.focus == path(2, 7))
        state.send(.character("Z"), .character("Z"))  // all folded, then all open
        #expect(state.content.folded.isEmpty)
        state = Self.narrow(focus: path(0, 12))
        state.send(.mouse(MouseEvent(action: .click, x: 5, y: state.view.layout.sections[1].frame.y)))
        #expect(state.content.isFolded(shown: 1))
        state.send(.down, .down)
        #expect(state.view.focus?.section == 2)
        state.send(.tab)
        #expect(state.view.focus == path(3, 0))
        state.send(.backTab, .backTab)
        #expect(state.view.focus == path(0, 0))
    }

    @Test("Z folds every section (a list of titles, no focus), Enter opens the first one in view, Z unfolds all")
    func foldAll() {
        var state = Self.narrow()
        state.send(.character("Z"))
        #expect(state.content.folded == [0, 1, 2, 3])
        #expect(state.view.focus == nil)
        expectLines(
            Array(render(state).prefix(4)),
            framed(
                """
                |  ▸ Alpha · 14                |
                |  ▸ Beta · 10                 |
                |  ▸ Gamma · 8                 |
                |  ▸ Delta · 12                |
                """), exact: false)
        state.send(.enter)
        #expect(state.picking.outcome == nil)
        #expect(state.content.folded == [1, 2, 3])
        #expect(state.view.focus == path(0, 0))
        state.send(.character("Z"))
        #expect(state.content.folded == [0, 1, 2, 3])
        state.send(.character("Z"))
        #expect(state.content.folded.isEmpty)
        #expect(state.view.focus != nil)
        // One section: nothing to fold, z does nothing.
        var one = fixtureState(catalog: Catalog(sections: [Section(title: "Only", items: items("o", 3))], source: "t"))
        one.send(.character("z"), .character("Z"))
        #expect(one.content.folded.isEmpty && one.view.focus == path(0, 0))
        #expect(Browser.action(for: .character("z"), in: one) == nil)
    }

    @Test("a folded section stays folded through a search, its matches counted on its header, not shown")
    func foldedThroughSearch() {
        var state = Self.narrow(height: 14)
        state.send(.tab)  // Beta
        state.send(.character("z"))
        state.send(.character("/"))
        state.type("1")
        // Matches in every section: Best matches leads, Beta's one match counted, not shown.
        let frame = render(state)
        #expect(frame.contains { $0.contains("▸ Beta · 1 ") })
        // Best matches, leading, holds none of folded Beta's: b1 would be among them.
        #expect(!state.content.bestMatches.isEmpty)
        #expect(state.content.bestMatches.allSatisfy { $0.section != 1 }, "\(state.content.bestMatches)")
        let beta = state.content.shownSection(ofSource: 1)!
        #expect(state.view.layout.sections[beta].itemCount == 0)
        #expect(state.view.focus.map { state.content.sourcePath($0).section } != 1)
        state.send(.escape)
        #expect(state.content.isFolded(shown: 1))
        #expect(render(state).contains { $0.contains("▸ Beta · 10") })
    }

    @Test("folding a section while searching takes its items out of Best matches; unfolding puts them back")
    func foldingChangesTheBestMatches() {
        var state = Self.narrow(height: 14)
        state.send(.character("/"))
        state.type("1")
        state.send(.enter)
        #expect(state.content.bestMatches.contains { $0.section == 1 }, "\(state.content.bestMatches)")
        // Fold Beta from its header in the list (the focus is in Best matches, on a1).
        let beta = state.content.shownSection(ofSource: 1)!
        state.toggleFold(shown: beta)
        #expect(state.content.bestMatches.allSatisfy { $0.section != 1 }, "\(state.content.bestMatches)")
        #expect(state.view.focus.map { state.content.sourcePath($0) } == path(0, 1))
        expectFocusVisible(state)
        state.toggleFold(shown: state.content.shownSection(ofSource: 1)!)
        #expect(state.content.bestMatches.contains { $0.section == 1 })
    }

    @Test("folds are kept as data arrives and through a resize; after Z the sections that arrive come folded")
    func foldedThroughStreamAndResize() {
        var state = Self.narrow()
        state.expectMoreData()
        state.send(.character("z"))  // Alpha
        var grown = fixtureCatalog
        grown.sections[0] = Section(title: "Alpha", items: items("a", 20))
        grown.sections.append(Section(title: "Epsilon", items: items("e", 3)))
        Browser.update(&state, BrowserEvent.loaded(grown))
        #expect(state.content.folded == [0])
        #expect(render(state).contains { $0.contains("▸ Alpha · 20") })
        #expect(state.view.focus == path(1, 0))
        state.send(.resize(width: 60, height: 10))
        #expect(state.content.isFolded(shown: 0) && state.view.layout.sections[0].itemCount == 0)
        state.send(.resize(width: 30, height: 12))
        state.send(.character("Z"))
        grown.sections.append(Section(title: "Zeta", items: items("z", 2)))
        Browser.update(&state, BrowserEvent.loaded(grown))
        #expect(state.content.folded == [0, 1, 2, 3, 4, 5])
    }

    @Test("t opens the switcher: typing filters the titles, Enter jumps to the section, its header on top")
    func switcherJumps() {
        var state = Self.narrow(height: 12)
        state.send(.character("t"))
        #expect(state.inputMode == .sectionSwitcher)
        state.type("gm")
        let switcher = state.overlays.sectionSwitcher!
        #expect(switcher.entries(in: state).map(\.title) == ["Gamma"])
        expectLines(
            render(state),
            framed(
                """
                |  Alpha · 14                  |
                |  a0    a1    a2    a3        |
                |┌ sections 1 ────────────────┐|
                |│ > gm                       │|
                |│  Gamma                   8 │|
                |└────────────────────────────┘|
                |  Beta · 10                   |
                |  b0    b1    b2    b3        |
                |  b4    b5    b6    b7        |
                |  b8    b9                    |
                |                              |
                | a0  · Alpha  1 of 44  ? help |
                """), exact: false)
        state.send(.enter)
        #expect(state.overlays.sectionSwitcher == nil)
        #expect(state.view.focus == path(2, 0))
        // Its header at the top, as far as the view scrolls.
        #expect(state.view.offset == min(state.view.layout.sections[2].frame.y, state.maximumOffset))
    }

    @Test("the switcher ranks as the search does, chooses with Up and Down, opens a folded section, Esc stays")
    func switcherChoosesAndOpens() {
        var state = Self.narrow()
        state.send(.character("Z"))
        state.send(.character("t"))
        // Every section, in order; a folded one with ▸.
        #expect(state.overlays.sectionSwitcher!.entries(in: state).map(\.title) == ["Alpha", "Beta", "Gamma", "Delta"])
        #expect(render(state).contains { $0.contains("▸ Delta") })
        state.type("a")
        // fzf's ranking over the titles (`fzf --filter a` gives the same order).
        #expect(
            state.overlays.sectionSwitcher!.entries(in: state).map(\.title) == ["Alpha", "Beta", "Gamma", "Delta"])
        state.send(.backspace)
        state.type("lt")
        // "alt": only Delta has an l then a t.
        #expect(state.overlays.sectionSwitcher!.entries(in: state).map(\.title) == ["Delta"])
        state.send(.down, .down, .up)
        state.send(.enter)
        #expect(!state.content.isFolded(shown: 3))
        #expect(state.view.focus == path(3, 0))
        // Esc closes it where it was.
        let before = state.view.focus
        state.send(.character("t"))
        state.type("zz")
        #expect(state.overlays.sectionSwitcher!.entries(in: state).isEmpty)
        state.send(.enter)  // nothing to go to: only closes
        #expect(state.view.focus == before && state.overlays.sectionSwitcher == nil)
        state.send(.character("t"), .escape)
        #expect(state.overlays.sectionSwitcher == nil && state.view.focus == before)
        // jump-to-section(TITLE), for --bind.
        Browser.perform(.jumpToSection("Beta"), &state)
        #expect(state.view.focus == path(1, 0))
    }

    @Test("the switcher's query has a cursor: Left, Right, Ctrl-A and Ctrl-E move it, typing goes there")
    func switcherCursor() {
        var state = Self.narrow()
        state.send(.character("t"))
        state.type("dta")
        state.send(.left, .left)
        state.type("el")
        #expect(state.overlays.sectionSwitcher?.query.text == "delta")
        #expect(state.overlays.sectionSwitcher!.entries(in: state).map(\.title) == ["Delta"])
        state.send(.control("a"))
        state.type("x")
        state.send(.control("e"), .backspace)
        #expect(state.overlays.sectionSwitcher?.query.text == "xdelt")
        // The cursor drawn in reverse video on the character after it (a blank at the end).
        state.send(.left, .left)
        let buffer = Browser.render(state)
        let row = buffer.lines.firstIndex { $0.contains("> xdelt") }!
        let column = buffer.lines[row].distance(
            from: buffer.lines[row].startIndex, to: buffer.lines[row].range(of: "> xdelt")!.lowerBound)
        #expect(buffer[column + 5, row].style.reverse != buffer[column + 4, row].style.reverse)
    }

    @Test("with the data piped in (typing goes to the query), Alt-t opens the switcher and Alt-z folds")
    func queryModeChords() {
        var state = Self.narrow()
        state.typingQueries = true
        state.send(Key.character("z").with(.alt))
        #expect(state.content.isFolded(shown: 0))
        #expect(state.overlays.searchPrompt?.text == "")
        state.send(Key.character("t").with(.alt))
        state.type("del")
        state.send(.enter)
        #expect(state.view.focus == path(3, 0))
        #expect(state.picking.outcome == nil)
        #expect(state.overlays.searchPrompt?.text == "")
        // Enter now picks, as fzf's.
        state.send(.enter)
        #expect(state.picking.outcome == .chosen(path(3, 0)))
    }
}
