// Random sessions: 800 seeded random keys, clicks, wheel turns and resizes per configuration,
// with the invariants checked after every event. The keys are every key of every key map and
// random text, so each session goes through every mode its data allows (browsing, the search
// prompt, the skin-tone chooser, the help, the too-small screen) and says so. The generator is
// a fixed SplitMix64, so a failure names a seed and a step that reproduce it.

@testable import Browser
import Foundation
import SeededRandom
import Catalog
import SplitLayout
import Testing
import TerminalUI

/// Items of several sizes (widths 3-12, heights 1-2), some sections empty.
let varyingCatalog: Catalog = {
    var generator = SplitMix64(seed: 7)
    let titles = ["One", "Two", "Empty", "Four", "Five", "Six", "Seven"]
    return Catalog(
        sections: titles.enumerated().map { index, title in
            let count = title == "Empty" ? 0 : Int.random(in: 1...25, using: &generator)
            let items = (0..<count).map { item in
                Item(
                    label: "\(title.prefix(1).lowercased())\(item)",
                    width: Int.random(in: 3...12, using: &generator), height: Int.random(in: 1...2, using: &generator))
            }
            return Section(title: title, items: items, headerHeight: index == 3 ? 2 : nil)
        }, source: "test")
}()

/// The default configuration of the program (Config/default.toml): pinned headers, balance.
let defaultSettings = LayoutSettings.defaults

struct PropertyCase: CustomTestStringConvertible, Sendable {
    var name: String
    var catalog: Catalog
    var settings: LayoutSettings
    var seed: UInt64
    var multiSelect = false
    var testDescription: String { "\(name) (seed \(seed))" }
}

let propertyCases: [PropertyCase] = [
    PropertyCase(name: "fixture", catalog: fixtureCatalog, settings: fixtureSettings(), seed: 1),
    PropertyCase(name: "long", catalog: longCatalog, settings: fixtureSettings(), seed: 2),
    PropertyCase(
        name: "no insets", catalog: fixtureCatalog,
        settings: fixtureSettings(inset: .zero), seed: 3),
    PropertyCase(
        name: "two-row headers, two-row items", catalog: longCatalog,
        settings: fixtureSettings(itemHeight: 2, headerHeight: 2, sideRule: .balance), seed: 4),
    PropertyCase(
        name: "varying sizes", catalog: varyingCatalog,
        settings: fixtureSettings(inset: EdgeInsets(top: 1, left: 0, bottom: 0, right: 2)), seed: 5),
    PropertyCase(name: "unpinned", catalog: varyingCatalog, settings: fixtureSettings(pin: false), seed: 6),
    PropertyCase(name: "emoji fixture", catalog: emojiFixtureCatalog, settings: fixtureSettings(itemWidth: 9), seed: 7),
    PropertyCase(name: "bundled emoji", catalog: EmojiCatalog.load(), settings: defaultSettings, seed: 8),
    PropertyCase(
        name: "fixture, --multi", catalog: fixtureCatalog, settings: fixtureSettings(), seed: 9,
        multiSelect: true),
    PropertyCase(name: "skin tones", catalog: skinToneCatalog, settings: fixtureSettings(itemWidth: 4), seed: 10),
    PropertyCase(
        name: "skin tones, --multi", catalog: skinToneCatalog, settings: fixtureSettings(itemWidth: 4),
        seed: 11, multiSelect: true),
    PropertyCase(
        name: "bundled emoji, --multi", catalog: EmojiCatalog.load(), settings: defaultSettings, seed: 12,
        multiSelect: true),
    PropertyCase(name: "rows", catalog: fixtureCatalog, settings: rowSettings(effect: "carousel"), seed: 13),
    PropertyCase(name: "rows, stack", catalog: longCatalog, settings: rowSettings(effect: "stack"), seed: 14),
    PropertyCase(
        name: "bundled emoji, every section a row", catalog: EmojiCatalog.load(),
        settings: { () -> LayoutSettings in
            var settings = defaultSettings
            settings.defaultStyle = .row
            return settings
        }(), seed: 15),
    PropertyCase(
        name: "bundled emoji, hero groups", catalog: EmojiCatalog.load(),
        settings: { () -> LayoutSettings in
            var settings = defaultSettings
            settings.forcedGroup = "hero"
            return settings
        }(), seed: 16),
    PropertyCase(
        name: "bundled emoji, rows of hero cards", catalog: EmojiCatalog.load(),
        settings: { () -> LayoutSettings in
            var settings = defaultSettings
            settings.defaultStyle = .row
            settings.forcedGroup = "hero"
            return settings
        }(), seed: 18),
    PropertyCase(
        name: "fixture, chips", catalog: fixtureCatalog,
        settings: { () -> LayoutSettings in
            var settings = fixtureSettings()
            settings.defaultGroup = .named("chips", line: 0, column: 0)
            return settings
        }(), seed: 17),
]

/// The fixture settings with Beta and Delta as rows of cards.
func rowSettings(effect: String) -> LayoutSettings {
    var settings = fixtureSettings()
    for title in ["Beta", "Delta"] {
        settings.sectionStyles[title] = SectionStyleOverride(
            style: .row, row: RowHint(cardWidth: 10, cardHeight: 3, effect: effect))
    }
    return settings
}

@Suite("Random sessions")
struct PropertyTests {
    /// Every key some map binds, in any mode and whatever its availability, each once, in the
    /// maps' order (a fixed order: the seeds must replay).
    static let boundKeys: [Key] = {
        var keys: [Key] = []
        for map in KeyMap.all {
            for key in map.groups.flatMap({ $0.bindings.flatMap(\.keys) }) where !keys.contains(key) {
                keys.append(key)
            }
        }
        return keys
    }()

    /// Text typed into the search prompt (and keys elsewhere): letters the fixtures' labels
    /// have, a space, a capital, a caret, and characters no map binds.
    static let text: [Character] = ["a", "p", "1", "e", "t", " ", "A", "^", "x", "é", "😀", "\u{1B}"]

    static func randomEvent(_ state: BrowserState, _ generator: inout SplitMix64) -> InputEvent {
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<35:
            return .key(boundKeys.randomElement(using: &generator)!)
        case 35..<55:
            // A key of the mode at hand, each of its lines of help as likely (`?` as likely as
            // the eight keys that move), so that each mode's keys are pressed in it, not only
            // the keys that leave it.
            let group = KeyMap.map(for: state.inputMode).availableGroups(in: state).randomElement(using: &generator)!
            return .key(group.bindings.randomElement(using: &generator)!.keys.randomElement(using: &generator)!)
        case 55..<65:
            let other: [Key] = [.delete, .control("x")] + text.map(Key.character)
            return .key(other.randomElement(using: &generator)!)
        case 65..<80:
            let action: MouseEvent.Action = [.press, .release, .drag, .drag, .wheelUp, .wheelDown, .click]
                .randomElement(using: &generator)!
            return .mouse(
                MouseEvent(
                    action: action, x: Int.random(in: -1...state.view.width, using: &generator),
                    y: Int.random(in: -1...state.view.height, using: &generator), shift: Bool.random(using: &generator))
            )
        case 80..<90:
            // Small changes, as when a window is dragged.
            return .resize(
                width: max(0, state.view.width + Int.random(in: -6...6, using: &generator)),
                height: max(0, state.view.height + Int.random(in: -3...3, using: &generator)))
        default:
            return .resize(
                width: Int.random(in: 0...140, using: &generator), height: Int.random(in: 0...45, using: &generator))
        }
    }

    /// Puts the state in a mode the walk has not been in yet, if any can happen, so that the
    /// events after it fuzz that mode too (a walk among rows of cards, a card at a time, may
    /// never reach an emoji with skin tones by chance).
    static func enterAModeNotVisited(_ state: inout BrowserState, visited: [InputMode: Int]) {
        let missing = InputMode.allCases.filter {
            visited[$0] == nil && KeyMap.map(for: $0).availability.holds(in: state)
        }
        guard missing.contains(.toneChooser) || missing.contains(.row) else { return }
        // Back to browsing first: a screen large enough, no prompt, help or chooser.
        if state.isTooSmall { state.send(.resize(width: 80, height: 24)) }
        if state.overlays.showingHelp { state.send(.character("?")) }
        if state.overlays.sectionSwitcher != nil { state.send(.escape) }
        // (An emoji with skin tones in a folded section has no frame to focus.)
        state.setFolded(state.content.folded, false)
        if state.overlays.toneChooser != nil || state.overlays.searchPrompt != nil { state.send(.escape) }
        let catalog = state.content.catalog
        if missing.contains(.toneChooser),
            let toned = catalog.sections.indices.lazy.compactMap({ section in
                catalog.sections[section].items.firstIndex { !$0.variants.isEmpty }
                    .map { ItemPath(section: section, item: $0) }
            }).first
        {
            state.send(.mouse(MouseEvent(action: .release, x: 0, y: 0)))
            state.setFocus(toned)
            state.send(.character("s"))
        } else if missing.contains(.row) {
            state.send(.character("v"))
        }
    }

    /// Every broken invariant of a state, as text.
    static func problems(_ state: BrowserState) -> [String] {
        var problems: [String] = []
        // (Every section folded leaves no item to focus.)
        if state.content.itemCount > 0 && state.view.focus == nil && state.view.firstItem() != nil {
            problems.append("no focus with \(state.content.itemCount) items")
        }
        if state.view.offset < 0 || state.view.offset > state.maximumOffset {
            problems.append("offset \(state.view.offset) outside 0...\(state.maximumOffset)")
        }
        if !state.isTooSmall, state.view.focus != nil, let problem = focusVisibilityProblem(state) {
            problems.append(problem)
        }
        if !state.options.multiSelect && !state.picking.marked.isEmpty {
            problems.append("marks without --multi: \(state.picking.marked)")
        }
        if let chooser = state.overlays.toneChooser {
            if !chooser.options.indices.contains(chooser.selected) {
                problems.append("tone \(chooser.selected) selected")
            }
            if chooser.path != state.view.focus {
                problems.append("the chooser is on \(chooser.path), not on the focus")
            }
        }
        let frame = Browser.render(state)
        let lines = frame.lines
        if lines.count != state.view.height { problems.append("\(lines.count) lines for height \(state.view.height)") }
        for (row, line) in lines.enumerated() where state.options.textWidth.width(of: line) != state.view.width {
            problems.append(
                "row \(row) is \(state.options.textWidth.width(of: line)) cells wide, not \(state.view.width): \(line)")
        }
        if !state.isTooSmall, !state.overlays.showingHelp, let focus = state.view.focus,
            let item = state.content.item(at: focus)
        {
            // Below about 40 columns the position and "? help" leave no room for the name; the
            // search prompt takes the status line's place.
            // (A notice, "no skin tones in this data", takes the line until the next key.)
            if state.view.width >= 40, state.overlays.searchPrompt == nil, state.overlays.notice == nil,
                !lines[state.view.height - 1].contains(item.label.prefix(1))
            {
                problems.append("the status line does not name the focus: \(lines[state.view.height - 1])")
            }
            // (Unless the chooser had to go over it: a view shorter than the header, the item and the
            // chooser's box (two rows more than its lines of options, which wrap on a narrow
            // screen) holds the two only one over the other.)
            let itemRows = state.drawnFrame(of: focus)?.height ?? 1
            let chooserRows = state.overlays.toneChooser.map { chooser in
                let columns = chooser.columns(forWidth: state.view.width, named: !state.options.combinedTones)
                return (chooser.options.count + columns - 1) / columns + 2
            }
            // (A pinned header stays above the item, so it counts too.)
            let header =
                state.view.layout.parameters.pinHeaders ? state.view.layout.sections[focus.section].headerHeight : 0
            // (The section switcher's box lies over the middle of the view.)
            let chooserCovers =
                chooserRows.map { state.viewHeight < header + itemRows + $0 } ?? (state.overlays.sectionSwitcher != nil)
            // While a drag holds the focused row, its card goes where the pointer takes it (out
            // of the view too); the release brings the focus back into it.
            let draggedAway = state.motion.rowGrab?.dragged == true && state.motion.rowGrab?.section == focus.section
            if !chooserCovers, !draggedAway, focusCellStyle(state, frame) != state.options.theme.focus {
                problems.append("the focus is not highlighted")
            }
        }
        return problems
    }

    @Test("800 random events keep every invariant", arguments: propertyCases)
    func randomSession(_ testCase: PropertyCase) {
        var generator = SplitMix64(seed: testCase.seed)
        // On the first item with skin tones, where there is one: in rows of cards (v), a walk
        // moves a card at a time and may never reach one from the first section.
        let toned = testCase.catalog.sections.indices.lazy.compactMap { section in
            testCase.catalog.sections[section].items.firstIndex { !$0.variants.isEmpty }
                .map { ItemPath(section: section, item: $0) }
        }.first
        var state = BrowserState(
            catalog: testCase.catalog, settings: testCase.settings, width: 80, height: 24, focus: toned,
            multiSelect: testCase.multiSelect)
        #expect(Self.problems(state).isEmpty, "at the start")
        var failures = 0
        var trail: [InputEvent] = []
        var visited: [InputMode: Int] = [:]
        for step in 0..<800 {
            if step % 200 == 199 { Self.enterAModeNotVisited(&state, visited: visited) }
            let event = Self.randomEvent(state, &generator)
            trail.append(event)
            visited[state.inputMode, default: 0] += 1
            Browser.update(&state, event)
            // Let what moves arrive, as the run loop's ticks would.
            var ticks = 0
            while let wakeUp = state.nextWakeUp, ticks < 100 {
                Browser.update(&state, .tick(at: wakeUp))
                ticks += 1
            }
            if state.picking.outcome != nil {
                // A pick, q, Esc or Ctrl-C ended it; carry on as a fresh session would.
                state.picking.outcome = nil
            }
            let problems = Self.problems(state)
            if !problems.isEmpty, ProcessInfo.processInfo.environment["DEBUG_PROPERTY"] != nil {
                print(Browser.render(state).lines.joined(separator: "\n"))
                print(
                    "filter: \(String(describing: state.content.filter?.query)) chooser: \(String(describing: state.overlays.toneChooser))"
                )
            }
            if !problems.isEmpty {
                failures += 1
                Issue.record(
                    Comment(
                        rawValue:
                            "step \(step) at \(state.view.width)x\(state.view.height) offset \(state.view.offset) focus \(state.view.focus.map(\.description) ?? "nil"): "
                            + problems.joined(separator: "; ") + "\nlast events: \(trail.suffix(4))"))
                if failures >= 5 { return }
            }
        }
        // Every mode the data allows (the chooser needs an emoji with skin tones) had keys.
        let possible = Set(InputMode.allCases.filter { KeyMap.map(for: $0).availability.holds(in: state) })
        #expect(Set(visited.keys) == possible, "modes visited: \(visited)")
    }
}
