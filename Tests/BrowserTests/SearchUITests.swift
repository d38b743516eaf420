// The search prompt: typing filters, sections without matches disappear, Enter keeps the
// filter, Esc brings everything back with the focus where it was.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Search in the browser")
struct SearchUITests {
    @Test("typing filters at once: only matching items, sections without one disappear")
    func typingFilters() {
        var state = fixtureState(width: 44, height: 8, focus: path(2, 3))
        state.send(.character("/"))
        #expect(state.overlays.searchPrompt?.text == "")
        state.type("a1")
        #expect(state.content.catalog.sections.map(\.title) == ["Alpha"])
        #expect(state.content.catalog.sections[0].items.map(\.label) == ["a1", "a10", "a11", "a12", "a13"])
        // The old focus (g3) does not match: the first match is focused.
        #expect(state.view.focus == path(0, 0))
        #expect(state.content.sourcePath(state.view.focus!) == path(0, 1))
        let lines = render(state)
        #expect(lines[0].hasPrefix("  Alpha · 5"))
        #expect(lines[7].hasPrefix(" /a1 "))
        #expect(lines[7].hasSuffix(" 5 of 44 "))
    }

    @Test("a filtered view shows the source's items, without copying them, at the source paths")
    func filteredViewsMapToSourcePaths() {
        var state = fixtureState(width: 44, height: 8)
        // (Word starts: "1" and "2" then match in one section each, with no Best matches.)
        state.options.searchOptions.matching = .word
        state.send(.character("/"))
        for text in ["1", "a1", "2", ""] {
            state.applyFilter(text)
            var shown = 0
            for section in state.content.catalog.sections.indices {
                for item in state.content.catalog.sections[section].items.indices {
                    let here = path(section, item), source = state.content.sourcePath(here)
                    #expect(state.content.item(at: here) == state.content.item(atSource: source), "\(text) \(here)")
                    #expect(state.content.shownPath(source) == here)
                    shown += 1
                }
            }
            #expect(shown == state.content.itemCount)
            #expect(shown == (text.isEmpty ? state.content.source.itemCount : state.content.filter?.count))
        }
    }

    @Test("matched characters of a label are bold and underlined; of the focused one, underlined")
    func highlights() {
        var state = fixtureState(width: 44, height: 8)
        state.send(.character("/"))
        state.type("'11")
        let buffer = Browser.render(state)
        // "a11" in the first slot (after the inset and one cell of padding): a plain, 1 and 1 lit.
        let row = 1
        let cells = (2...4).map { buffer[$0, row] }
        #expect(cells.map(\.text) == ["a", "1", "1"])
        #expect(!cells[0].style.underline)
        // The focus's: not bold (xterm draws bold black grey on the focus's yellow).
        #expect(cells[1].style.underline && !cells[1].style.bold && cells[2].style.underline)
    }

    @Test("Enter keeps the filter and the next Enter picks the item from the whole catalog")
    func enterKeepsTheFilter() {
        var state = fixtureState(width: 44, height: 8)
        state.send(.character("/"))
        state.type("d1")
        state.send(.enter)
        #expect(state.overlays.searchPrompt == nil)
        #expect(state.content.filter != nil)
        #expect(render(state)[7].contains(" /d1  1 of 3 "))
        state.send(.right, .enter)
        #expect(state.picks == [path(3, 10)])
        #expect(state.content.item(atSource: state.picks[0])?.label == "d10")
    }

    @Test("Esc after a kept filter drops the filter first, keeping the focus and the marks; Esc again quits")
    func escapeDropsAKeptFilterFirst() {
        var state = fixtureState(width: 44, height: 8)
        state.send(.character("/"))
        state.type("d1")
        state.send(.enter)
        let focused = state.content.sourcePath(state.view.focus!)
        state.send(.escape)
        #expect(state.content.filter == nil && state.picking.outcome == nil)
        #expect(state.content.sourcePath(state.view.focus!) == focused)
        state.send(.escape)
        #expect(state.picking.outcome == .cancelled)
        // With --multi, the marks made while filtered stay.
        var multi = BrowserState(
            catalog: fixtureCatalog, settings: fixtureSettings(), theme: .standard, width: 44, height: 8,
            multiSelect: true)
        multi.send(.character("/"))
        multi.type("d1")
        multi.send(.enter, .character(" "))
        #expect(multi.picking.marked.count == 1)
        multi.send(.escape)
        #expect(multi.content.filter == nil && multi.picking.marked.count == 1)
        // A kept filter with no match says so; Esc brings everything back.
        var none = fixtureState(width: 44, height: 8)
        none.send(.character("/"))
        none.type("zzz")
        none.send(.enter)
        #expect(render(none).contains { $0.contains("no matches for \"zzz\"") })
        var enter = none
        enter.send(.enter)
        #expect(enter.picking.outcome == .pickedNothing)
        none.send(.escape)
        #expect(none.content.filter == nil && none.view.focus != nil && none.picking.outcome == nil)
    }

    @Test("with --multi, Tab marks while typing and goes on to the next item; without, it goes to the next section")
    func tabMarksWhileTyping() {
        var multi = BrowserState(
            catalog: fixtureCatalog, settings: fixtureSettings(), theme: .standard, width: 44, height: 8,
            multiSelect: true)
        multi.send(.character("/"))
        multi.type("d1")
        let first = multi.content.sourcePath(multi.view.focus!)
        multi.send(.tab)
        #expect(multi.picking.marked == [first] && multi.overlays.searchPrompt?.text == "d1")
        #expect(multi.content.sourcePath(multi.view.focus!) != first)
        var single = fixtureState(width: 44, height: 8)
        single.send(.character("/"))
        let section = single.view.focus!.section
        single.send(.tab)
        #expect(single.picking.marked.isEmpty && single.view.focus!.section != section)
    }

    @Test("the marks are counted while typing, and Shift-Tab marks and goes back, as fzf's")
    func marksAreCountedWhileTyping() {
        // seq 5 | splitview --multi: Tab three times, then 4 typed.
        let lines = Catalog(
            sections: [Section(title: "stdin", items: (1...5).map { Item(label: "\($0)") })], source: "-")
        var state = BrowserState(
            catalog: lines, settings: fixtureSettings(), theme: .standard, width: 44, height: 8, multiSelect: true)
        state.typingQueries = true
        state.send(.tab, .tab, .tab)
        state.type("4")
        let status = render(state).last ?? ""
        #expect(status.contains(" 3 marked ") && status.contains("1 of 5"), "\(status)")
        // Enter prints the marks (as fzf's), not the one item shown: the line said so.
        state.send(.escape)
        var browsing = BrowserState(
            catalog: lines, settings: fixtureSettings(), theme: .standard, width: 44, height: 8, multiSelect: true)
        browsing.send(.character(" "), .character(" "))
        #expect(render(browsing).last?.contains(" 2 marked ") == true)
        // A notice in the status line leaves the count in place.
        browsing.overlays.notice = "warning: something about the data"
        #expect(render(browsing).last?.contains(" 2 marked ") == true)
        // Shift-Tab in the prompt: mark, then the item before.
        var back = BrowserState(
            catalog: lines, settings: fixtureSettings(), theme: .standard, width: 44, height: 8, multiSelect: true)
        back.typingQueries = true
        back.send(.tab, .tab)
        #expect(back.content.item(at: back.view.focus!)?.label == "3")
        back.send(.backTab)
        #expect(back.picking.marked.compactMap { back.content.item(atSource: $0)?.label } == ["1", "2", "3"])
        #expect(back.content.item(at: back.view.focus!)?.label == "2")
        back.send(.backTab)
        #expect(back.picking.marked.compactMap { back.content.item(atSource: $0)?.label } == ["1", "3"])
        #expect(back.content.item(at: back.view.focus!)?.label == "1")
    }

    @Test("Esc closes the prompt, shows everything, and puts the focus and view back")
    func escapeRestores() {
        var state = fixtureState(width: 44, height: 8, focus: path(3, 7))
        let before = render(state)
        let offset = state.view.offset
        state.send(.character("/"))
        state.type("b")
        #expect(state.content.catalog.sections.map(\.title) == ["Beta"])
        state.send(.escape)
        #expect(state.overlays.searchPrompt == nil && state.content.filter == nil && state.picking.outcome == nil)
        #expect(state.view.focus == path(3, 7))
        #expect(state.view.offset == offset)
        #expect(render(state) == before)
    }

    @Test("Backspace, Ctrl-U and Ctrl-W edit the query; Up and Down still move")
    func editing() {
        var state = fixtureState(width: 44, height: 8)
        state.send(.character("/"))
        state.type("g1 a")
        #expect(state.content.filter?.count == 0)
        #expect(render(state).contains { $0.contains("no matches for \"g1 a\"") })
        #expect(render(state)[7].hasSuffix(" no matches "))
        state.send(.control("w"))
        #expect(state.overlays.searchPrompt?.text == "g1 ")
        #expect(state.content.catalog.sections[0].items.map(\.label) == ["g1"])
        state.send(.backspace, .backspace)
        #expect(state.overlays.searchPrompt?.text == "g")
        #expect(state.content.filter?.count == 8)
        // Each new query puts the focus on its best match, as fzf's cursor goes to its first line.
        #expect(state.view.focus == path(0, 0))
        let best = state.content.sourcePath(state.view.focus!)
        state.send(.down)
        #expect(state.content.sourcePath(state.view.focus!) != best)
        state.send(.control("u"))
        #expect(state.content.filter == nil && state.overlays.searchPrompt?.text == "")
    }

    @Test("Left and Right move the cursor in the query; typing, Backspace, Ctrl-W and Ctrl-U edit at it")
    func cursor() {
        var state = fixtureState(width: 44, height: 8)
        state.send(.character("/"))
        state.type("g1")
        state.send(.left)
        #expect(state.overlays.searchPrompt?.cursor == 1)
        // The cursor in reverse video on the "1".
        let line = Browser.render(state)
        let cursorCells = (0..<44).filter { line[$0, 7].style.reverse != state.options.theme.status.reverse }
        #expect(cursorCells.count == 1 && line[cursorCells[0], 7].text == "1")
        state.type("x ")
        #expect(state.overlays.searchPrompt?.text == "gx 1" && state.overlays.searchPrompt?.cursor == 3)
        state.send(.backspace)
        #expect(state.overlays.searchPrompt?.text == "gx1")
        state.send(.control("a"))
        #expect(state.overlays.searchPrompt?.cursor == 0)
        state.send(.control("e"), .left, .control("w"))
        #expect(state.overlays.searchPrompt?.text == "1" && state.overlays.searchPrompt?.cursor == 0)
        state.send(.right, .right, .right)
        #expect(state.overlays.searchPrompt?.cursor == 1)
        state.send(.control("u"))
        #expect(state.overlays.searchPrompt?.text == "" && state.content.filter == nil)
    }

    @Test("smart case: a capital makes the query case-sensitive")
    func smartCase() {
        var state = fixtureState(width: 44, height: 8)
        state.send(.character("/"))
        state.type("A")
        #expect(state.content.filter?.count == 0)
        state.send(.backspace)
        state.type("a")
        #expect(state.content.filter?.count == 14)
    }

    @Test("marks are kept through filtering and printed from the whole catalog")
    func marksSurviveFiltering() {
        var state = BrowserState(
            catalog: fixtureCatalog, settings: fixtureSettings(), theme: .standard, width: 44,
            height: 8, multiSelect: true)
        state.send(.character("/"))
        state.type("b9")
        state.send(.enter, .character(" "))
        state.send(.character("/"), .control("u"))
        state.type("d2")
        state.send(.enter, .character(" "))
        state.send(.character("/"), .escape)
        #expect(state.picks == [path(1, 9), path(3, 2)])
        #expect(state.isMarked(path(1, 9)) && state.isMarked(path(3, 2)))
    }
}
