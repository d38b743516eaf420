// The preview in the browser's state: where it goes (the window's side and size, below the
// sections when they would have no room beside it), the command asked for the focused item
// and asked again only when it changes, `i` hiding and showing it, and its scrolling by keys
// and by the wheel over it.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("The preview in the browser")
struct PreviewPaneTests {
    func state(width: Int = 100, window: String = "") throws -> BrowserState {
        var settings = fixtureSettings()
        settings.listItems = true
        settings.itemsPerLine = 1
        let catalog = Catalog(
            sections: [Section(title: "Lines", items: (0..<30).map { Item(label: "line \($0)") })], source: "test")
        var state = BrowserState(catalog: catalog, settings: settings, width: width, height: 20)
        state.setPreview(
            PreviewSettings(
                template: CommandTemplate("echo {} {n} {section}"), window: try PreviewWindow(parsing: window)))
        return state
    }

    /// The preview commands among `commands`.
    func previews(_ commands: [BrowserCommand]) -> [String] {
        commands.compactMap { if case .preview(let request) = $0 { request.command } else { nil } }
    }

    @Test("beside the sections at the window's size; the focused item's command, asked again when it changes")
    func besideAndFollowing() throws {
        var state = try state()
        #expect(state.detailPlacement == .beside(width: 50))
        #expect(previews(state.takePreviewToStart()) == ["echo 'line 0' 0 'Lines'"])
        #expect(previews(state.takePreviewToStart()) == [])
        #expect(previews(Browser.update(&state, .key(.down))) == ["echo 'line 1' 1 'Lines'"])
        #expect(previews(Browser.update(&state, .key(.character("?")))) == [])
    }

    @Test("i hides it (the sections take the width) and shows it again, asking for its command")
    func toggled() throws {
        var state = try state()
        _ = state.takePreviewToStart()
        _ = Browser.update(&state, .key(.character("i")))
        #expect(state.detailPlacement == nil && state.contentWidth == 100)
        _ = Browser.update(&state, .key(.down))
        let shown = Browser.update(&state, .key(.character("i")))
        #expect(previews(shown) == ["echo 'line 1' 1 'Lines'"])
        #expect(state.detailPlacement == .beside(width: 50))
    }

    @Test("down,30%: below the sections; hidden: not shown until i")
    func placement() throws {
        #expect(try state(window: "down,30%").detailPlacement == .below(height: 5))
        var hidden = try state(window: "hidden")
        #expect(hidden.detailPlacement == nil && hidden.takePreviewToStart().isEmpty)
        _ = Browser.update(&hidden, .key(.character("i")))
        #expect(hidden.detailPlacement == .beside(width: 50))
    }

    @Test("its output scrolls by Shift-Down and Shift-Up, and by the wheel over it, not over the items")
    func scrolling() throws {
        var state = try state()
        _ = state.takePreviewToStart()
        let generation = state.preview.generation
        let output = (1...60).map { "out \($0)\n" }.joined()
        _ = Browser.update(
            &state, .previewed(PreviewOutput(generation: generation, bytes: Array(output.utf8), ended: true)))
        #expect(state.preview.lines.count == 60)
        _ = Browser.update(&state, .key(Key.down.with(.shift)))
        _ = Browser.update(&state, .key(Key.down.with(.shift)))
        #expect(state.preview.scroll == 2)
        _ = Browser.update(&state, .key(Key.up.with(.shift)))
        #expect(state.preview.scroll == 1)
        let area = try #require(state.detailArea)
        _ = Browser.update(&state, .mouse(MouseEvent(action: .wheelDown, x: area.x + 2, y: area.y + 2)))
        #expect(state.preview.scroll == 1 + Browser.wheelRows)
        // Drawn from the scroll on, in the window's rounded border.
        let lines = render(state)
        // (Its top line says where the scroll is: line 5 of 60.)
        #expect(lines[0].hasSuffix("╭" + String(repeating: "─", count: 42) + " 5/60 ╮"), "\(lines)")
        #expect(lines[1].contains("│ out \(2 + Browser.wheelRows) "), "\(lines)")
        // Over the items the wheel scrolls them.
        _ = Browser.update(&state, .mouse(MouseEvent(action: .wheelDown, x: 2, y: 2)))
        #expect(state.view.offset == Browser.wheelRows)
    }
}

extension PreviewPaneTests {
    @Test("+{2}-1 opens the output at the item's second field less one; ~1 keeps the first line; wrap wraps")
    func offsetHeaderWrap() throws {
        var settings = fixtureSettings()
        settings.listItems = true
        settings.itemsPerLine = 1
        let catalog = Catalog(
            sections: [Section(title: "Hits", items: [Item(label: "file.txt:20:x"), Item(label: "other:5:y")])],
            source: "test")
        var state = BrowserState(catalog: catalog, settings: settings, width: 100, height: 12)
        state.options.fieldDelimiter = .string(":")
        state.setPreview(
            PreviewSettings(template: CommandTemplate("cat {1}"), window: try PreviewWindow(parsing: "+{2}-1,~1,wrap")))
        _ = state.takePreviewToStart()
        let output = "HEAD\n" + (1...40).map { "L\($0)\n" }.joined()
        _ = Browser.update(
            &state,
            .previewed(PreviewOutput(generation: state.preview.generation, bytes: Array(output.utf8), ended: true)))
        // Field 2 is 20: fzf's base -1 + 20 - 1 = line 18 (0-based) on top, under the header.
        #expect(state.preview.scroll == 18)
        var lines = render(state)
        #expect(lines[1].hasSuffix("│ HEAD" + String(repeating: " ", count: 42) + " │"), "\(lines)")
        #expect(lines[2].contains("L18"), "\(lines)")
        // A line wider than the 50-column window wraps over the rows it needs.
        let long = String(repeating: "w", count: 120)
        _ = Browser.update(
            &state,
            .previewed(
                PreviewOutput(
                    generation: state.preview.generation, bytes: Array("\u{1B}[2JHEAD\n\(long)\n".utf8), ended: true)))
        lines = render(state)
        let wrapped = lines.filter { $0.contains("wwww") }
        #expect(wrapped.count == 3, "\(lines)")
    }
}

extension PreviewPaneTests {
    /// A state of 30 long lines at 100 x 20 with `window`, its preview printing `output`.
    func shown(_ window: String, output: String = "first\nsecond\n") throws -> BrowserState {
        var state = try state(window: window)
        _ = state.takePreviewToStart()
        _ = Browser.update(
            &state,
            .previewed(PreviewOutput(generation: state.preview.generation, bytes: Array(output.utf8), ended: true)))
        return state
    }

    @Test("left puts the window at the left, the sections after it; a click and the wheel find each")
    func leftSide() throws {
        var state = try shown("left,40%")
        #expect(state.detailPlacement == .left(width: 40))
        #expect(state.contentLeft == 41 && state.contentWidth == 59)
        let lines = render(state)
        #expect(lines[0].hasPrefix("╭" + String(repeating: "─", count: 38) + "╮ "), "\(lines)")
        #expect(lines[1].hasPrefix("│ first"), "\(lines)")
        #expect(lines[0].dropFirst(41).hasPrefix("  Lines"), "\(lines)")
        #expect(lines[2].dropFirst(41).hasPrefix("  line 1 "), "\(lines)")
        // A click on line 2 (row 3, after the window) focuses it.
        Browser.update(&state, .mouse(MouseEvent(action: .click, x: 45, y: 3)))
        #expect(state.view.focus == ItemPath(section: 0, item: 2))
        // The wheel over the window scrolls it, not the items.
        _ = try shown("left,40%", output: (1...60).map { "out \($0)\n" }.joined())
        var long = try shown("left,40%", output: (1...60).map { "out \($0)\n" }.joined())
        Browser.update(&long, .mouse(MouseEvent(action: .wheelDown, x: 5, y: 5)))
        #expect(long.preview.scroll == Browser.wheelRows && long.view.offset == 0)
    }

    @Test("up puts the window above the sections, the wheel over it scrolling it")
    func upSide() throws {
        var state = try shown("up,6", output: (1...60).map { "out \($0)\n" }.joined())
        // Six lines of text and the border's two rows.
        #expect(state.detailPlacement == .above(height: 8))
        #expect(state.contentTop == 8)
        let lines = render(state)
        #expect(lines[0].hasPrefix("╭"), "\(lines)")
        #expect(lines[1].hasPrefix("│ out 1 "), "\(lines)")
        #expect(lines[7].hasPrefix("╰"), "\(lines)")
        #expect(lines[8].hasPrefix("  Lines"), "\(lines)")
        // Every row of the sections drawn under it, to the status line (the items' text was
        // skipped past the view's height, counted from the top of the screen).
        for row in 9..<19 { #expect(lines[row].hasPrefix("  line \(row - 9) "), "\(lines)") }
        Browser.update(&state, .mouse(MouseEvent(action: .wheelDown, x: 5, y: 3)))
        #expect(state.preview.scroll == Browser.wheelRows && state.view.offset == 0)
        // A click on the first line of items (row 9) focuses it.
        Browser.update(&state, .mouse(MouseEvent(action: .click, x: 4, y: 10)))
        #expect(state.view.focus == ItemPath(section: 0, item: 1))
    }

    @Test(
        "each border style draws its lines, and the text goes inside them",
        arguments: [
            ("border-sharp", "┌", "│ first"), ("border-bold", "┏", "┃ first"), ("border-double", "╔", "║ first"),
            ("noborder", "first", "second"), ("border-left", "│ first", "│ second"),
            ("border-top", "───", "first"), ("border-line", "│ first", "│ second"),
        ])
    func borders(word: String, firstRow: String, secondRow: String) throws {
        let lines = render(try shown("right,40%," + word))
        let window = lines.map { String($0.dropFirst(60)) }
        #expect(window[0].hasPrefix(firstRow), "\(word): \(window)")
        #expect(window[1].hasPrefix(secondRow), "\(word): \(window)")
    }
}

extension PreviewPaneTests {
    @Test("info shows where the scroll is when the output is longer than the window; noinfo does not")
    func position() throws {
        let long = (1...60).map { "out \($0)\n" }.joined()
        var lines = render(try shown("right,40%", output: long))
        #expect(lines[0].hasSuffix(" 1/60 ─╮") || lines[0].hasSuffix(" 1/60 ╮"), "\(lines[0])")
        lines = render(try shown("right,40%,noinfo", output: long))
        #expect(!lines[0].contains("1/60"), "\(lines[0])")
        // Short output: no position.
        lines = render(try shown("right,40%"))
        #expect(!lines[0].contains("/2"), "\(lines[0])")
    }

    @Test("follow keeps the last lines shown as the output grows, until a scroll")
    func follows() throws {
        var state = try shown("right,40%,follow", output: (1...30).map { "out \($0)\n" }.joined())
        let rows = try #require(state.previewTextArea).height
        #expect(state.preview.scroll == 30 - rows)
        _ = Browser.update(
            &state,
            .previewed(
                PreviewOutput(
                    generation: state.preview.generation, bytes: Array("more\nlines\n".utf8), ended: false)))
        #expect(state.preview.scroll == 32 - rows)
        _ = Browser.update(&state, .key(Key.up.with(.shift)))
        _ = Browser.update(
            &state,
            .previewed(PreviewOutput(generation: state.preview.generation, bytes: Array("x\n".utf8), ended: true)))
        #expect(state.preview.scroll == 31 - rows)
    }

    @Test("cycle goes round from one end to the other a line at a time")
    func cycles() throws {
        var state = try shown("right,40%,cycle", output: (1...30).map { "out \($0)\n" }.joined())
        let rows = try #require(state.previewTextArea).height
        _ = Browser.update(&state, .key(Key.up.with(.shift)))
        #expect(state.preview.scroll == 30 - rows)
        _ = Browser.update(&state, .key(Key.down.with(.shift)))
        #expect(state.preview.scroll == 0)
        var plain = try shown("right,40%", output: (1...30).map { "out \($0)\n" }.joined())
        _ = Browser.update(&plain, .key(Key.up.with(.shift)))
        #expect(plain.preview.scroll == 0)
    }
}
