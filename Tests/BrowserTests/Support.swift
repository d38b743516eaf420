// Shared fixtures and helpers for the Browser tests: a small catalog of plain-ASCII items (so
// snapshots are stable text), explicit layout settings, and checks of the invariants every
// frame must keep.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

// MARK: - Fixtures

func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

/// Items labelled with a prefix and their index ("a0", "a1", ...), no glyphs.
func items(_ prefix: String, _ count: Int) -> [Item] {
    (0..<count).map { Item(label: "\(prefix)\($0)") }
}

/// Four sections laid out with `sideRule: .alternate`: Alpha and Gamma on the left, Beta and
/// Delta on the right. At width 44 (two columns of 21 with 2 cells between) each line holds three
/// 6-cell items; at width 30 (one column) four.
///
/// Two-column content rows (header H, lines of items, bottom inset i):
///   left:  Alpha H0, lines 1-5 (a0..a13), i6 | Gamma H7, lines 8-10 (g0..g7), i11
///   right: Beta  H0, lines 1-4 (b0..b9),  i5 | Delta H6, lines 7-10 (d0..d11), i11
let fixtureCatalog = Catalog(
    sections: [
        Section(title: "Alpha", items: items("a", 14)),
        Section(title: "Beta", items: items("b", 10)),
        Section(title: "Gamma", items: items("g", 8)),
        Section(title: "Delta", items: items("d", 12)),
    ], source: "test")

/// Two columns from `splitFrom` (40) cells on (split 0.5 with 2 cells between), one column below.
func fixtureSettings(
    ratio: Double = 0.5, splitFrom: Int = 40, itemWidth: Int = 6, itemHeight: Int = 1, headerHeight: Int = 1,
    sideRule: SideRule = .alternate, pin: Bool = true,
    inset: EdgeInsets = EdgeInsets(top: 0, left: 1, bottom: 1, right: 1)
) -> LayoutSettings {
    LayoutSettings(
        parameters: LayoutParameters(
            leftRatio: ratio, splitSpacing: 2, interItemSpacing: 0, lineSpacing: 0,
            sectionInset: inset, normalizeLineHeight: false, pinHeaders: pin,
            sideRule: sideRule),
        headerHeight: headerHeight, footerHeight: 0, itemWidth: itemWidth, itemHeight: itemHeight,
        itemsPerLine: 0,
        breakpoints: [ConfiguredBreakpoint(minWidth: 0, leftRatio: 1), ConfiguredBreakpoint(minWidth: splitFrom)])
}

func fixtureState(
    width: Int = 44, height: Int = 8, focus: ItemPath? = nil, catalog: Catalog = fixtureCatalog,
    settings: LayoutSettings = fixtureSettings()
) -> BrowserState {
    BrowserState(catalog: catalog, settings: settings, theme: .standard, width: width, height: height, focus: focus)
}

/// A few emoji items, for the status line and for wide glyphs in items.
let emojiFixtureCatalog = Catalog(
    sections: [
        Section(
            title: "Faces",
            items: [
                Item(label: "grinning face", glyph: "😀"),
                Item(label: "red heart", glyph: "❤️"),
                Item(label: "thumbs up: medium skin tone", glyph: "👍🏽"),
            ]),
        Section(
            title: "Flags",
            items: [
                Item(label: "flag: Japan", glyph: "🇯🇵"),
                Item(label: "family: man, woman, girl", glyph: "👨‍👩‍👧"),
            ]),
    ], source: "test")

// MARK: - Driving

extension BrowserState {
    /// Sends keys as the terminal would; what the updates asked of the world, in order.
    @discardableResult
    mutating func send(_ keys: Key...) -> [BrowserCommand] {
        keys.flatMap { Browser.update(&self, .key($0)) }
    }

    @discardableResult
    mutating func send(_ event: InputEvent) -> [BrowserCommand] { Browser.update(&self, event) }

    mutating func type(_ text: String) {
        for character in text { Browser.update(&self, .key(.character(character))) }
    }

    /// The screen row of the focused item (its frame's top minus the offset).
    var focusRow: Int? { view.focus.flatMap { view.layout.frame(of: $0) }.map { $0.y - view.offset } }
    var focusFrame: Rect? { view.focus.flatMap { view.layout.frame(of: $0) } }
}

func render(_ state: BrowserState) -> [String] { Browser.render(state).lines }

/// The rows of a snapshot written between bars, one row per line: `|  Alpha · 14  |`. The bars
/// keep trailing spaces visible in the source (and safe from editors that strip them), and are
/// removed here, so the comparison is exact.
func framed(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        guard line.count >= 2, line.first == "|", line.last == "|" else {
            Issue.record("snapshot line without bars: \(line)", sourceLocation: sourceLocation)
            return String(line)
        }
        return String(line.dropFirst().dropLast())
    }
}

/// Trailing spaces removed from every line, for the snapshots that are compared loosely.
func trimmed(_ lines: [String]) -> [String] {
    lines.map { line in
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }
}

/// Compares a frame with a snapshot, line by line, so a failure names the row.
func expectLines(
    _ actual: [String], _ wanted: [String], exact: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = exact ? actual : trimmed(actual)
    let wanted = exact ? wanted : trimmed(wanted)
    #expect(actual.count == wanted.count, "row count", sourceLocation: sourceLocation)
    for row in 0..<min(actual.count, wanted.count) where actual[row] != wanted[row] {
        Issue.record("row \(row): got \"\(actual[row])\", wanted \"\(wanted[row])\"", sourceLocation: sourceLocation)
    }
    if actual != wanted {
        Issue.record(
            Comment(rawValue: "whole frame:\n" + actual.map { "|\($0)|" }.joined(separator: "\n")),
            sourceLocation: sourceLocation)
    }
}

// MARK: - Invariants

/// Why the focused item is not fully visible below its column's pinned headers, or nil when it is.
func focusVisibilityProblem(_ state: BrowserState) -> String? {
    guard let focus = state.view.focus else { return "no focus" }
    guard let frame = state.view.layout.frame(of: focus) else { return "focus \(focus) has no frame" }
    if frame.y < state.view.offset || frame.maxY > state.view.offset + state.viewHeight {
        return
            "focus \(focus) at \(frame) is outside rows \(state.view.offset)..<\(state.view.offset + state.viewHeight)"
    }
    let column = state.view.layout.sections[focus.section].columnIndex
    for section in state.view.layout.sections where section.columnIndex == column && section.headerHeight > 0 {
        let y = state.view.layout.pinnedHeaderY(section: section.index, offset: state.view.offset)
        let drawn = Rect(x: section.frame.x, y: y, width: section.frame.width, height: section.headerHeight)
        if drawn.intersects(frame) {
            return
                "focus \(focus) at \(frame) is under the header of section \(section.index) at \(drawn) (offset \(state.view.offset))"
        }
    }
    return nil
}

func expectFocusVisible(
    _ state: BrowserState, _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if let problem = focusVisibilityProblem(state) {
        Issue.record("\(context()) \(problem)", sourceLocation: sourceLocation)
    }
}

/// The style of the cell at the top-left of the focused item as drawn.
func focusCellStyle(_ state: BrowserState, _ buffer: CellBuffer) -> CellStyle? {
    guard let focus = state.view.focus, let frame = state.drawnFrame(of: focus) else { return nil }
    let x = frame.x, y = frame.y - state.view.offset
    guard x >= 0, x < buffer.width, y >= 0, y < buffer.height else { return nil }
    return buffer[x, y].style
}

/// Every cell whose style is the focus style, as (x, y).
func focusCells(_ state: BrowserState, _ buffer: CellBuffer) -> [Point] {
    var points: [Point] = []
    for y in 0..<buffer.height {
        for x in 0..<buffer.width where buffer[x, y].style == state.options.theme.focus {
            points.append(Point(x: x, y: y))
        }
    }
    return points
}

/// Prints a frame with bars at both ends (for writing snapshots).
func dump(_ state: BrowserState) {
    print(render(state).map { "|\($0)|" }.joined(separator: "\n"))
}

/// Three sections of 60 items: at width 44 (three per line) P is at content rows 0-21 and R at
/// 22-43 in the left column, Q at 0-21 in the right; 20 lines each, header on the first row,
/// bottom inset on the last.
let longCatalog = Catalog(
    sections: [
        Section(title: "P", items: items("p", 60)),
        Section(title: "Q", items: items("q", 60)),
        Section(title: "R", items: items("r", 60)),
    ], source: "test")
