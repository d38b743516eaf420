// The frame's look, as fzf's options say: the prompt at the top (--layout reverse), its text
// (--prompt), the count's place (--info) and a border (--border).

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI
import Foundation

@Suite struct PickerLookTests {
    func state(_ look: PickerLook, width: Int = 30, height: Int = 9) -> BrowserState {
        var state = fixtureState(width: width, height: height)
        state.setLook(look)
        return state
    }

    @Test func thePromptGoesOnTopWithTheHeaderLinesUnderIt() {
        var state = state(PickerLook(placement: .reverse))
        state.headerLines = ["names"]
        state.startSearch("a1")
        let frame = trimmed(render(state))
        #expect(frame[0].hasPrefix(" /a1"))
        #expect(frame[0].hasSuffix("5 of 44"))
        #expect(frame[1] == " names")
        #expect(frame[2].contains("Alpha"))
        #expect(frame[3].contains("a1"))
        // The same at the bottom in the default layout.
        var bottom = self.state(PickerLook())
        bottom.headerLines = ["names"]
        bottom.startSearch("a1")
        let lines = trimmed(render(bottom))
        #expect(lines[0].contains("Alpha"))
        #expect(lines[7] == " names")
        #expect(lines[8].hasPrefix(" /a1"))
    }

    @Test func underThePromptOnTopTheSectionsAreDrawnToTheLastRow() {
        // The rows of the default layout, one row down: the last one too (its text was
        // skipped, past the view's height counted from the top of the screen).
        let reverse = render(state(PickerLook(placement: .reverse)))
        let bottom = render(state(PickerLook()))
        #expect(Array(reverse[1...8]) == Array(bottom[0...7]))
    }

    @Test func reverseListKeepsThePromptAtTheBottom() {
        var state = state(PickerLook(placement: .reverseList))
        state.startSearch("a")
        #expect(trimmed(render(state))[8].hasPrefix(" /a"))
        #expect(state.contentTop == 0)
    }

    @Test func thePromptTextAndTheCountsPlace() {
        var inline = state(PickerLook(prompt: "> ", info: .inline), width: 40)
        inline.startSearch("a1")
        #expect(trimmed(render(inline))[8] == "> a1   < 5 of 44")
        var hidden = state(PickerLook(prompt: "❯ ", info: .hidden), width: 40)
        hidden.startSearch("a1")
        #expect(trimmed(render(hidden))[8] == "❯ a1")
        var right = state(PickerLook(info: .default), width: 40)
        right.startSearch("a1")
        let line = trimmed(render(right))[8]
        #expect(line.hasPrefix(" /a1") && line.hasSuffix(" 5 of 44"))
        #expect(PickerLook.Info(named: "inline-right") == .default)
        #expect(PickerLook.Info(named: "right") == .default)
        #expect(PickerLook.Info(named: "left") == nil)
    }

    @Test func aBorderFramesTheScreenAndTheViewFitsInside() {
        let state = state(PickerLook(border: .rounded), width: 30, height: 9)
        #expect(state.view.width == 28 && state.view.height == 7)
        #expect(state.screenWidth == 30 && state.screenHeight == 9)
        let frame = render(state)
        #expect(frame.count == 9)
        #expect(frame[0] == "╭" + String(repeating: "─", count: 28) + "╮")
        #expect(frame[8] == "╰" + String(repeating: "─", count: 28) + "╯")
        #expect(frame[1].hasPrefix("│") && frame[1].hasSuffix("│"))
        #expect(frame[1].contains("Alpha"))
        let sharp = render(self.state(PickerLook(border: .sharp)))
        #expect(sharp[0].hasPrefix("┌") && sharp[8].hasSuffix("┘"))
        // A resize keeps the border: the view is the screen less two cells each way.
        var resized = state
        Browser.update(&resized, .resize(width: 50, height: 12))
        #expect(resized.view.width == 48 && resized.view.height == 10)
        #expect(render(resized).count == 12)
    }

    /// A click lands on the item drawn under it, whatever is above the content.
    @Test func clicksHitWhatIsDrawnUnderThem() {
        for look in [
            PickerLook(), PickerLook(placement: .reverse), PickerLook(border: .rounded),
            PickerLook(placement: .reverse, border: .sharp),
        ] {
            var state = state(look, width: 30, height: 12)
            state.headerLines = ["a header"]
            let frame = render(state)
            let row = frame.firstIndex { $0.contains("a5") }!
            let column = frame[row].distance(
                from: frame[row].startIndex, to: frame[row].range(of: "a5")!.lowerBound)
            Browser.update(&state, .mouse(MouseEvent(action: .click, x: column, y: row)))
            #expect(state.view.focus == path(0, 5), "\(look)")
            // The prompt line and the header lines hit nothing.
            let before = state.view.focus
            let promptRow = frame.firstIndex { $0.contains("a header") }!
            Browser.update(&state, .mouse(MouseEvent(action: .click, x: 3, y: promptRow)))
            #expect(state.view.focus == before, "\(look)")
        }
    }
}

@Suite struct ThemeColorTests {
    @Test func fzfsColourSpecificationsSetTheirParts() throws {
        let theme = try Theme.standard.applying(colors: "dark,fg:red,bg+:#102030 hl:bright-blue:bold,fg+:0:underline")
        #expect(theme.item.foreground == .ansi(1))
        #expect(theme.focus.background == .rgb(0x10, 0x20, 0x30))
        #expect(theme.focus.foreground == .ansi(0) && theme.focus.underline)
        #expect(theme.match.foreground == .ansi(12) && theme.match.bold && theme.match.underline)
        let more = try Theme.standard.applying(colors: "PROMPT:196,query:-1,info:regular:dim,border:242,header:green")
        #expect(more.prompt.foreground == .indexed(196))
        #expect(more.query.foreground == .default)
        #expect(more.info.dim)
        #expect(more.border.foreground == .indexed(242))
        #expect(more.footer.foreground == .ansi(2))
        // fzf's names for parts splitview has not: taken, nothing changes.
        #expect(try Theme.standard.applying(colors: "pointer:1,marker:2,spinner:3,gutter:-1") == .standard)
        #expect(try Theme.standard.applying(colors: "bw") == Theme.standard.withoutColors)
        #expect(try Theme.standard.applying(colors: "bw,fg:red").item.foreground == .ansi(1))
    }

    @Test func aBadSpecificationSaysWhichPart() {
        for (spec, message) in [
            ("fg", "--color: \"fg\" is not NAME:COLOUR"),
            ("fg:256", "--color fg: \"256\" is not a colour"),
            ("fg:#12345", "--color fg: \"#12345\" is not a colour"),
            ("fgg:red", "--color: unknown colour name \"fgg\""),
        ] {
            #expect(throws: Theme.ColorProblem.self) { try Theme.standard.applying(colors: spec) }
            do {
                _ = try Theme.standard.applying(colors: spec)
            } catch {
                #expect(error.description.hasPrefix(message), "\(spec): \(error.description)")
            }
        }
    }

    /// The colours reach the frame: the matched characters, the prompt, the count.
    @Test func theColoursAreDrawn() throws {
        let theme = try Theme.standard.applying(colors: "hl:red,hl+:green,prompt:blue,info:magenta")
        var state = BrowserState(
            catalog: fixtureCatalog, settings: fixtureSettings(), theme: theme, width: 44, height: 8,
            focus: path(0, 1))
        state.startSearch("a1")
        let frame = Browser.render(state)
        let lines = frame.lines
        let row = lines.firstIndex { $0.contains("a10") }!
        let column = lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: "a10")!.lowerBound)
        #expect(frame[column, row].style.foreground == .ansi(1))
        #expect(frame[column + 2, row].style.foreground != .ansi(1))
        let focusRow = lines.firstIndex { $0.contains("a1 ") }!
        let focusColumn = lines[focusRow].distance(
            from: lines[focusRow].startIndex, to: lines[focusRow].range(of: "a1 ")!.lowerBound)
        #expect(frame[focusColumn, focusRow].style.foreground == .ansi(2))
        #expect(frame[1, 7].style.foreground == .ansi(4))
        #expect(frame[43 - 2, 7].style.foreground == .ansi(5))
    }
}

/// docs/configuration.md lists exactly the colour names `Theme.colorNames` declares.
@Test func theColourNamesAreDocumented() throws {
    let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/configuration.md")
    let text = try String(contentsOf: page, encoding: .utf8)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }
    let documented = rows.map { row in
        row.split(separator: "|")[0].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
    }
    #expect(documented == Theme.colorNames.map(\.names))
}

@Suite struct PointerAndMarkerTests {
    @Test func thePointerMarksTheFocusAndTheMarkerTheMarks() {
        var state = BrowserState(
            catalog: fixtureCatalog, settings: fixtureSettings(), width: 44, height: 8, focus: path(0, 0),
            multiSelect: true)
        #expect(!render(state).joined().contains("▶"))
        var look = PickerLook()
        look.pointer = "▶"
        look.marker = "✓"
        state.setLook(look)
        Browser.update(&state, .key(.character(" ")))
        let frame = render(state)
        // a0 marked (the focus went on to a1): the marker before a0, the pointer before a1.
        let row = frame.first { $0.contains("a0") }!
        #expect(row.contains("✓a0"))
        #expect(row.contains("▶a1"))
        #expect(frame.joined().filter { $0 == "▶" }.count == 1)
    }

    @Test func aTabInTheFocusedLabelIsSpacesInTheStatusLine() {
        let catalog = Catalog(sections: [Section(title: "t", items: [Item(label: "ab\tcd")])], source: "test")
        let state = BrowserState(catalog: catalog, settings: fixtureSettings(), width: 44, height: 8)
        let status = render(state)[7]
        #expect(status.contains("ab      cd"))
        #expect(!status.contains("␉"))
    }
}
