// Frames of row sections: four rows moving at once (a carousel, a stack, a scale pager and a
// snapshot row) composed and drawn at 200 x 60, and a row of a million cards against a row of
// ten at the same place, which must cost the same (a row's frame follows the cards on screen).

import Browser
import Catalog
import Glibc
import SplitLayout
import TerminalUI

/// `count` cards with two fields each, in a section titled `title`.
func cardSection(_ title: String, count: Int) -> Section {
    var builder = [Item]()
    builder.reserveCapacity(count)
    for index in 0..<count {
        builder.append(
            Item(
                label: "card \(index)", glyph: index % 2 == 0 ? "🃏" : nil,
                fields: [Item.Field(name: "n", value: "\(index)"), Item.Field(name: "kind", value: "sample")]))
    }
    return Section(title: title, items: builder)
}

/// Rows of `count` cards, one per effect named, at the frame size.
func rowState(effects: [String], count: Int) -> BrowserState {
    var settings = defaultSettings
    var sections: [Section] = []
    for effect in effects {
        let title = "Row \(effect)"
        sections.append(cardSection(title, count: count))
        settings.sectionStyles[title] = SectionStyleOverride(style: .row, row: RowHint(effect: effect))
    }
    return BrowserState(
        catalog: Catalog(sections: sections, source: "rows"), settings: settings, theme: .standard,
        width: frameWidth, height: frameHeight)
}

/// Times of frames in which every row moves by `step` cells: the offsets set, the frame
/// composed and drawn.
func movingRowFrames(_ initial: BrowserState, on screen: NcursesScreen, frames: Int, start: Double, step: Double)
    -> [Double]
{
    var state = initial
    let rows = state.view.layout.sections.indices.filter { state.view.layout.sections[$0].row != nil }
    return (0..<frames).map { frame in
        let begin = nanoseconds()
        for row in rows { state.setRowOffset(start + Double(frame % 40) * step, section: row) }
        screen.show(Browser.render(state))
        return Double(nanoseconds() - begin)
    }
}

func printRowBenchmarks() {
    useBenchmarkTerminalType()
    let (terminal, _) = openTerminal()
    let screen = openScreen(on: terminal)
    defer {
        screen.close()
        terminal.close()
    }
    let effects = ["carousel", "stack", "scale", "snapshot"]
    // A move of one card (stride 26) in the 12 frames of 180 ms: about two cells a frame.
    let four = movingRowFrames(rowState(effects: effects, count: 1_000), on: screen, frames: 400, start: 260, step: 2.2)
    let ten = movingRowFrames(rowState(effects: ["carousel"], count: 10), on: screen, frames: 400, start: 52, step: 2.2)
    let million = movingRowFrames(
        rowState(effects: ["carousel"], count: 1_000_000), on: screen, frames: 400, start: 26 * 500_000, step: 2.2)
    print("")
    print("Row frames (\(frameWidth) x \(frameHeight), compose + draw while the rows move; median (min) of 400):")
    print("")
    print("| rows | frame |")
    print("| --- | --- |")
    print(
        "| four rows of 1,000 cards moving (carousel, stack, scale, snapshot) | \(Timing(samples: four).description) |")
    print("| one row of 10 cards moving | \(Timing(samples: ten).description) |")
    print("| one row of 1,000,000 cards moving | \(Timing(samples: million).description) |")
}
