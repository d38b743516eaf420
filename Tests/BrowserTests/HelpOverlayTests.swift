// The help overlay as a widget: it wraps at word boundaries, scrolls to its last line, says
// when there is more, and draws nothing outside its box or its area at any size.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Help overlay")
struct HelpOverlayTests {
    /// The help with every section and the longest texts: skin tones and --multi.
    func openHelp(width: Int, height: Int) -> BrowserState {
        var state = skinToneState(width: width, height: height, multi: true)
        state.send(.character("?"))
        return state
    }

    /// The box as drawn: its corners' positions in the frame.
    func box(in lines: [String]) -> Rect? {
        let rows = lines.map { Array($0) }
        guard let top = rows.firstIndex(where: { $0.contains("┌") }),
            let bottom = rows.firstIndex(where: { $0.contains("┘") }),
            let left = rows[top].firstIndex(of: "┌"), let right = rows[bottom].firstIndex(of: "┘")
        else { return nil }
        return Rect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// The rows of text inside the box, borders and the blank column on each side left out.
    func textRows(_ state: BrowserState) -> [String] {
        let lines = render(state)
        guard let box = box(in: lines) else { return [] }
        return (box.y + 1..<box.maxY - 1).map { String(Array(lines[$0])[(box.x + 2)..<(box.maxX - 2)]) }
    }

    /// Every word the help's texts have.
    func words(_ state: BrowserState) -> Set<String> {
        let help = HelpOverlay(state)
        let texts = help.sections.map(\.title) + help.sections.flatMap { $0.entries.flatMap { [$0.keys, $0.action] } }
        return Set(texts.flatMap { $0.split(separator: " ").map(String.init) })
    }

    @Test("at 40 x 12 no line is cut mid-word, and scrolling down reaches the last binding")
    func wrapsAndScrolls() {
        var state = openHelp(width: 40, height: 12)
        let words = words(state)
        let last = HelpOverlay(state).sections.last!.entries.last!
        var seen: [String] = []
        var steps = 0
        while true {
            let rows = textRows(state)
            #expect(rows.count == 9)
            for row in rows {
                for word in row.split(separator: " ") {
                    #expect(words.contains(String(word)), "cut: \(word) in \(row)")
                }
            }
            seen += rows
            let scroll = state.overlays.helpScroll
            state.send(.down)
            steps += 1
            if state.overlays.helpScroll == scroll || steps > 200 { break }
        }
        #expect(state.overlays.showingHelp)
        let end = render(state)
        #expect(end.joined().contains(last.action))
        #expect(box(in: end).map { end[$0.maxY - 1].contains("↑ more") } == true)
        // Every entry's action was on screen on the way, whole (if wrapped, across its rows).
        let shown = seen.joined(separator: " ").split(separator: " ").joined(separator: " ")
        for entry in HelpOverlay(state).sections.flatMap(\.entries) {
            #expect(shown.contains(entry.action.split(separator: " ").joined(separator: " ")), "\(entry)")
        }

        // Home, End, PgDn, PgUp, k and j scroll too; the hint says which way there is more.
        state.send(.home)
        #expect(state.overlays.helpScroll == 0)
        #expect(render(state)[10].contains("↓ more") && !render(state)[10].contains("↑"))
        state.send(.pageDown)
        #expect(state.overlays.helpScroll == 8)
        #expect(render(state)[10].contains("↑↓ more"))
        state.send(.character("j"))
        #expect(state.overlays.helpScroll == 9)
        state.send(.character("k"), .pageUp)
        #expect(state.overlays.helpScroll == 0)
        state.send(.end)
        #expect(render(state) == end)
        // Scrolling past either end stays there: the next key the other way moves at once.
        state.send(.pageDown, .down)
        state.send(.up)
        #expect(render(state) != end)
    }

    @Test("at 20 x 5 the box covers the view, nothing is drawn outside it, and nothing of the sections shows beside it")
    func tinyScreen() {
        for (catalog, settings) in [
            (skinToneCatalog, fixtureSettings(itemWidth: 4)), (fixtureCatalog, fixtureSettings()),
            (EmojiCatalog.load(), defaultSettings),
        ] {
            let closed = BrowserState(
                catalog: catalog, settings: settings, theme: .standard,
                width: 20, height: 5, multiSelect: true)
            var state = closed
            state.send(.character("?"))
            for key in [Key.end, .up, .home] {
                let lines = render(state)
                guard let box = box(in: lines) else {
                    Issue.record("no box: \(lines)")
                    return
                }
                // (A pinned header's "…" showed beside the corner of a narrower box.)
                #expect(box == Rect(x: 0, y: 0, width: 20, height: state.viewHeight))
                #expect(lines[box.maxY - 1].contains("more"))
                let before = Browser.render(closed), after = Browser.render(state)
                for y in 0..<5 {
                    for x in 0..<20 where after[x, y] != before[x, y] {
                        #expect(box.contains(Point(x: x, y: y)), "(\(x), \(y)) changed outside \(box): \(lines)")
                    }
                }
                state.send(key)
            }
        }
    }

    @Test("the widget draws nothing outside its area, at every size from nothing to roomy")
    func staysInItsArea() {
        let state = openHelp(width: 60, height: 20)
        let blank = CellBuffer(width: 48, height: 24, style: CellStyle(bold: true))
        for width in 0...44 {
            for height in 0...20 {
                let area = Rect(x: 2, y: 3, width: width, height: height)
                var buffer = blank
                HelpOverlay(state).render(in: area, into: &buffer)
                for y in 0..<24 {
                    for x in 0..<48 where !area.contains(Point(x: x, y: y)) && buffer[x, y] != blank[x, y] {
                        Issue.record("\(width) x \(height): drawn at (\(x), \(y))")
                        return
                    }
                }
            }
        }
    }

    @Test("wrapping keeps words whole and the spaces between them, and cuts only a word wider than a row")
    func wrapping() {
        let help = HelpOverlay(fixtureState())
        #expect(
            help.wrap("move (across the two columns too)", toWidth: 16) == ["move (across the", "two columns too)"])
        #expect(help.wrap("PgUp PgDn  ^B ^F", toWidth: 16) == ["PgUp PgDn  ^B ^F"])
        #expect(help.wrap("PgUp PgDn  ^B ^F", toWidth: 12) == ["PgUp PgDn", "^B ^F"])
        #expect(help.wrap("Shift-Tab", toWidth: 4) == ["Shif", "t-Ta", "b"])
        #expect(help.wrap("", toWidth: 4) == [])
        #expect(help.wrap("a b", toWidth: 0) == [])
    }
}
