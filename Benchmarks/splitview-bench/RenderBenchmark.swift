// The browser's rendering cost: composing a frame (Browser.render), showing it on the real
// screen (NcursesScreen.show: ncurses' terminal, frames written by FrameEncoder) on a
// pseudo-terminal, and the bytes the terminal receives.

import Browser
import Catalog
import Glibc
import SeededRandom
import SplitLayout
import TerminalTestSupport
import TerminalUI

/// The program's built-in layout (Config/default.toml).
let defaultSettings = LayoutSettings.defaults

struct RenderScenario {
    let name: String
    let catalog: Catalog
    var settings = defaultSettings
}

/// What the terminal received for one frame.
struct FrameBytes {
    var count: Int
    /// Whether the lines were moved with the terminal's scrolling region (csr, "ESC [ top ;
    /// bottom r") instead of being written again.
    var usedScrollRegion: Bool

    init(_ bytes: [UInt8]) {
        count = bytes.count
        usedScrollRegion = FrameBytes.containsScrollRegion(bytes)
    }

    static func containsScrollRegion(_ bytes: [UInt8]) -> Bool {
        let escape: UInt8 = 0x1B, bracket = UInt8(ascii: "["), semicolon = UInt8(ascii: ";")
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        var index = 0
        while index + 1 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == escape, bytes[index + 1] == bracket else { continue }
            var cursor = index + 2
            var digits = 0
            while cursor < bytes.count && isDigit(bytes[cursor]) { cursor += 1; digits += 1 }
            guard digits > 0, cursor < bytes.count, bytes[cursor] == semicolon else { continue }
            cursor += 1
            digits = 0
            while cursor < bytes.count && isDigit(bytes[cursor]) { cursor += 1; digits += 1 }
            if digits > 0, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "r") { return true }
        }
        return false
    }

    var description: String {
        formatBytes(count) + (usedScrollRegion ? " (scroll region)" : "")
    }
}

struct RenderResult {
    var contentHeight: Int
    var compose: Timing
    var focusMoveFrame: Timing
    var setup: Int
    var firstFrame: FrameBytes
    /// Nil when the content fits on the screen and cannot scroll.
    var scrolling: ScrollResult?
}

struct ScrollResult {
    var draw: Timing
    var pageDraw: Timing
    var rowScrollFrame: Timing
    var pageScrollFrame: Timing
    var viewRowScroll: FrameBytes
    var keyRowScroll: FrameBytes
    var pageScroll: FrameBytes
}

/// A median and a minimum, in nanoseconds. The minimum is shown too because on a shared
/// machine the medians move with the load while the minimum barely does.
struct Timing {
    var median: Double
    var min: Double

    init(median: Double, min: Double) {
        self.median = median
        self.min = min
    }

    init(samples: [Double]) {
        let sorted = samples.sorted()
        median = sorted[sorted.count / 2]
        min = sorted[0]
    }

    var description: String { "\(format(median)) (min \(format(min)))" }
}

/// Offsets that scroll one row per step, down to `limit` and back up, starting from 0.
func pingPongOffsets(limit: Int, count: Int) -> [Int] {
    guard limit > 0 else { return Array(repeating: 0, count: count) }
    var offsets: [Int] = []
    var offset = 0, step = 1
    while offsets.count < count {
        offset += step
        if offset == limit || offset == 0 { step = -step }
        offsets.append(offset)
    }
    return offsets
}

/// Frames timed one by one for each kind of frame.
let timedFrames = 400

/// The size of every frame.
let frameWidth = 200, frameHeight = 60

/// Offsets scrolling one row per frame, from the top down (at most 2,000 rows) and back up.
func rowScrollOffsets(_ state: BrowserState, count: Int) -> [Int] {
    pingPongOffsets(limit: min(state.maximumOffset, 2_000), count: count)
}

/// Offsets a page apart (as PgDn scrolls) and back, by turns: nearly every row changes.
func pageScrollOffsets(_ state: BrowserState, count: Int) -> [Int] {
    let page = min(state.maximumOffset, max(1, state.viewHeight - 1))
    return (0..<count).map { $0 % 2 == 0 ? page : 0 }
}

/// The frames of `state` scrolled to each of `offsets`, composed beforehand.
func composedFrames(_ state: BrowserState, at offsets: [Int]) -> [CellBuffer] {
    var state = state
    return offsets.map { offset in
        state.scroll(to: offset)
        return Browser.render(state)
    }
}

/// The time of showing each frame.
func drawTimes(_ frames: [CellBuffer], on screen: NcursesScreen) -> [Double] {
    frames.map { frame in
        let start = nanoseconds()
        screen.show(frame)
        return Double(nanoseconds() - start)
    }
}

/// The time of scrolling `state` to each offset, composing the frame and showing it.
func frameTimes(_ state: BrowserState, at offsets: [Int], on screen: NcursesScreen) -> [Double] {
    var state = state
    return offsets.map { offset in
        let start = nanoseconds()
        state.scroll(to: offset)
        screen.show(Browser.render(state))
        return Double(nanoseconds() - start)
    }
}

/// ncurses takes the terminal type from the environment, and LINES and COLUMNS there would
/// override the pseudo-terminal's size.
func useBenchmarkTerminalType() {
    setenv("TERM", "xterm-256color", 1)
    unsetenv("LINES")
    unsetenv("COLUMNS")
}

/// The opening view of `catalog` at the frame size.
func openingState(_ catalog: Catalog, settings: LayoutSettings = defaultSettings) -> BrowserState {
    BrowserState(catalog: catalog, settings: settings, theme: .standard, width: frameWidth, height: frameHeight)
}

/// A pseudo-terminal of the frame size, read on a thread as a terminal emulator would (a frame
/// larger than the few kilobytes a pty holds would otherwise block the screen's write for
/// ever), keeping only the bytes of a capture: the frames drawn for the times are not kept.
func openTerminal() -> (terminal: PseudoTerminal, output: PseudoTerminalOutput) {
    do {
        let terminal = try PseudoTerminal(columns: frameWidth, rows: frameHeight)
        return (terminal, terminal.startReading(keepingEverything: false))
    } catch {
        fatalError("\(error)")
    }
}

/// ncurses started on `terminal`.
func openScreen(on terminal: PseudoTerminal) -> NcursesScreen {
    do {
        return try NcursesScreen(colorMode: .auto, terminalPath: terminal.slavePath)
    } catch {
        fatalError("cannot start ncurses on \(terminal.slavePath): \(error)")
    }
}

func runRenderBenchmark(_ scenario: RenderScenario) -> RenderResult {
    let (width, height) = (frameWidth, frameHeight)
    let initial = openingState(scenario.catalog, settings: scenario.settings)
    precondition(!initial.isTooSmall)

    // Compose only, on the opening view.
    let composed = measure(runs: 201) { withExtendedLifetime(Browser.render(initial)) {} }
    let compose = Timing(median: composed.median, min: composed.min)

    let (terminal, output) = openTerminal()
    var opened: NcursesScreen?
    // What ncurses sends before any frame (terminal modes: keypad, mouse, cursor).
    let setup = output.capture { opened = openScreen(on: terminal) }.count
    let screen = opened!
    precondition(
        screen.width == width && screen.height == height,
        "ncurses sees \(screen.width) x \(screen.height), not the pty's \(width) x \(height)")

    // First frame: ncurses takes the terminal and clears it, the frame is written whole.
    let firstFrame = FrameBytes(output.capture { screen.show(Browser.render(initial)) })

    // The most common frame: → moves the focus (old and new item and the status line change),
    // timed with the reader draining concurrently, as a terminal emulator would. At the last
    // item the walk starts again from the opening view.
    var state = initial
    var focusSamples: [Double] = []
    for _ in 0..<timedFrames {
        let start = nanoseconds()
        let before = state.view.focus
        Browser.update(&state, .key(.right))
        if state.view.focus == before { state = initial }
        screen.show(Browser.render(state))
        focusSamples.append(Double(nanoseconds() - start))
    }
    state = initial
    screen.show(Browser.render(state))

    let scrolling = initial.maximumOffset > 0 ? measureScrolling(initial, on: screen, output) : nil

    screen.close()
    terminal.close()
    return RenderResult(
        contentHeight: initial.view.layout.contentHeight, compose: compose,
        focusMoveFrame: Timing(samples: focusSamples), setup: setup, firstFrame: firstFrame,
        scrolling: scrolling)
}

/// Bytes and times of scrolling, from the opening view (which `screen` shows).
func measureScrolling(_ initial: BrowserState, on screen: NcursesScreen, _ output: PseudoTerminalOutput) -> ScrollResult
{
    // One-row scroll of the view alone, the focus left where it is: what a one-row wheel notch
    // would do (the real wheel scrolls `Browser.wheelRows` rows and may move the focus), and the
    // purest test of whether the terminal is left to move the lines.
    var state = initial
    state.scroll(to: state.view.offset + 1)
    precondition(state.view.offset == initial.view.offset + 1)
    let viewRowScroll = FrameBytes(output.capture { screen.show(Browser.render(state)) })
    state.scroll(to: initial.view.offset)
    screen.show(Browser.render(state))

    // One-row scroll as the keyboard makes it: ↓ on the view's bottom line of items moves the
    // focus down a line and the view one row with it (status line and focus change too).
    // Presses that only move the focus, or scroll further (into the next section: header and
    // inset), are drawn but not counted.
    var keyRowScroll: FrameBytes?
    for _ in 0..<10_000 {
        var next = state
        Browser.update(&next, .key(.down))
        if next.view.offset == state.view.offset + 1 {
            keyRowScroll = FrameBytes(output.capture { screen.show(Browser.render(next)) })
            state = next
            break
        }
        precondition(next.view.focus != state.view.focus, "↓ stopped moving before the view scrolled one row")
        screen.show(Browser.render(next))
        state = next
    }

    // A page scroll, as PgDn makes it (the view moves viewHeight - 1 rows; the focus keeps its
    // screen row).
    var paged = state
    Browser.update(&paged, .key(.pageDown))
    precondition(paged.view.offset > state.view.offset, "PgDn did not scroll")
    let pageScroll = FrameBytes(output.capture { screen.show(Browser.render(paged)) })

    // Times. Every frame differs from the one before, so there is always work: one row of
    // scroll per frame (down to the end of the content and back), then a page each frame
    // (between two views a page apart, so nearly every row changes). Drawing alone is timed on
    // frames composed beforehand.
    let rows = rowScrollOffsets(initial, count: timedFrames)
    let pages = pageScrollOffsets(initial, count: timedFrames)
    screen.show(Browser.render(initial))
    let drawSamples = drawTimes(composedFrames(initial, at: rows), on: screen)
    screen.show(Browser.render(initial))
    let rowSamples = frameTimes(initial, at: rows, on: screen)
    screen.show(Browser.render(initial))
    let pageDrawSamples = drawTimes(composedFrames(initial, at: pages), on: screen)
    screen.show(Browser.render(initial))
    let pageSamples = frameTimes(initial, at: pages, on: screen)

    return ScrollResult(
        draw: Timing(samples: drawSamples), pageDraw: Timing(samples: pageDrawSamples),
        rowScrollFrame: Timing(samples: rowSamples),
        pageScrollFrame: Timing(samples: pageSamples), viewRowScroll: viewRowScroll,
        keyRowScroll: keyRowScroll!, pageScroll: pageScroll)
}

/// 1,000 sections of 1,000 plain-text items: no emoji, and the content is far taller than the
/// screen. Labels are two random characters, the room a default 4-cell item gives, so that
/// rows differ: with alike rows a one-row scroll would be nearly free.
func generatedCatalog() -> Catalog {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    var generator = SplitMix64(seed: 7)
    func label() -> String {
        String([
            alphabet[Int(generator.next() % UInt64(alphabet.count))],
            alphabet[Int(generator.next() % UInt64(alphabet.count))],
        ])
    }
    return Catalog(
        sections: (0..<1000).map { section in
            Section(title: "Section \(section)", items: (0..<1000).map { _ in Item(label: label()) })
        }, source: "generated")
}

/// The frame scenarios, by group, by subgroup and generated text.
func renderScenarios() -> [RenderScenario] {
    let emoji = EmojiCatalog.load()
    return [
        RenderScenario(name: "emoji by group (default)", catalog: emoji),
        RenderScenario(name: "emoji by subgroup", catalog: EmojiCatalog.load(grouping: .subgroup)),
        RenderScenario(name: "1,000 sections x 1,000 text items", catalog: generatedCatalog()),
        RenderScenario(name: "1,000,000 lines as a list", catalog: linesCatalog(), settings: linesSettings(list: true)),
        RenderScenario(
            name: "1,000,000 lines in 20-cell slots (before)", catalog: linesCatalog(),
            settings: linesSettings(list: false)),
    ]
}

/// A million lines like `ls -la`'s, 50 to 90 characters, some with a tab, in one section.
func linesCatalog() -> Catalog {
    var generator = SplitMix64(seed: 27)
    let months = ["Jan", "Feb", "Mar", "Nov"]
    var text: [UInt8] = []
    for index in 0..<1_000_000 {
        let size = generator.next(10_000_000)
        let name = "file-\(index)-" + String(repeating: "x", count: generator.next(40))
        let tab = generator.next(4) == 0 ? "\t" : " "
        text += Array("-rwxr-xr-x  1 root root \(size) \(months[generator.next(4)]) 11  2023\(tab)\(name)\n".utf8)
    }
    do {
        return try CatalogLoader.parse(text, name: "-", options: .init(format: .lines)).catalog
    } catch {
        fatalError("\(error)")
    }
}

/// One column; a list (as `Configuration.layoutSettings` makes it for lines of text), or the
/// 20-cell slots lines took before it.
func linesSettings(list: Bool) -> LayoutSettings {
    var settings = defaultSettings
    settings.breakpoints = [ConfiguredBreakpoint(minWidth: 0, leftRatio: 1)]
    settings.parameters.leftRatio = 1
    if list {
        settings.itemsPerLine = 1
        settings.listItems = true
    } else {
        settings.itemWidth = 20
    }
    return settings
}

/// Composes the opening view of one scenario `count` times (see `--compose` in main.swift).
func composeOnly(scenario index: Int, count: Int) {
    let scenario = renderScenarios()[index]
    let state = openingState(scenario.catalog, settings: scenario.settings)
    var cells = 0
    for _ in 0..<count { cells += Browser.render(state).width }
    precondition(cells == frameWidth * count)
}

/// Draws `count` frames of one scenario composed beforehand (see `--draw` in main.swift).
func drawOnly(scenario index: Int, count: Int, pages: Bool) {
    useBenchmarkTerminalType()
    let scenario = renderScenarios()[index]
    let state = openingState(scenario.catalog, settings: scenario.settings)
    let offsets = pages ? pageScrollOffsets(state, count: count) : rowScrollOffsets(state, count: count)
    let frames = composedFrames(state, at: offsets)
    let (terminal, _) = openTerminal()
    let screen = openScreen(on: terminal)
    for frame in frames { screen.show(frame) }
    screen.close()
    terminal.close()
}

func printRenderBenchmarks() {
    useBenchmarkTerminalType()
    let (width, height) = (frameWidth, frameHeight)

    // The default emoji view (by group) fits on a 200x60 screen and cannot scroll, so the
    // scrolling figures come from the same emoji split by subgroup (`--subgroups`), which is
    // taller, and from generated data.
    let scenarios = renderScenarios()
    let emoji = scenarios[0].catalog
    var results: [(RenderScenario, RenderResult)] = []
    for scenario in scenarios {
        results.append((scenario, runRenderBenchmark(scenario)))
    }

    let none = "— (fits on screen)"
    print()
    print("Frames at \(width)x\(height) on a pseudo-terminal (NcursesScreen, TERM=xterm-256color); the emoji are")
    print("\(emoji.itemCount) items. Median (and minimum) per frame; target: compose + draw under 1 ms.")
    print()
    print(
        "| data | content rows | compose | draw, 1-row scroll | draw, page scroll | compose + draw: focus move (→) | 1-row scroll | page scroll |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for (scenario, result) in results {
        let scroll = result.scrolling
        print(
            "| \(scenario.name) | \(result.contentHeight) | \(result.compose.description) | \(scroll?.draw.description ?? none) | \(scroll?.pageDraw.description ?? none) | \(result.focusMoveFrame.description) | \(scroll?.rowScrollFrame.description ?? none) | \(scroll?.pageScrollFrame.description ?? none) |"
        )
    }
    print()
    print("Bytes written to the terminal:")
    print()
    print("| data | first frame | 1-row scroll (view) | 1-row scroll (↓ at the bottom) | page scroll (PgDn) |")
    print("| --- | --- | --- | --- | --- |")
    for (scenario, result) in results {
        let scroll = result.scrolling
        print(
            "| \(scenario.name) | \(result.firstFrame.description) | \(scroll?.viewRowScroll.description ?? none) | \(scroll?.keyRowScroll.description ?? none) | \(scroll?.pageScroll.description ?? none) |"
        )
    }
    let setups = Set(results.map(\.1.setup))
    if setups != [0] {
        print(
            "(and before the first frame, terminal modes: \(setups.sorted().map(formatBytes).joined(separator: " or ")))"
        )
    }
}
