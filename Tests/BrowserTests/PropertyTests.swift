// Random sessions: 500 seeded random keys, clicks, wheel turns and resizes per configuration,
// with the invariants checked after every event. The generator is a fixed SplitMix64, so a
// failure names a seed and a step that reproduce it.

@testable import Browser
import SeededRandom
import Catalog
import SplitLayout
import Testing
import TerminalUI


/// Items of several sizes (widths 3-12, heights 1-2), some sections empty.
let varyingCatalog: Catalog = {
    var generator = SplitMix64(seed: 7)
    let titles = ["One", "Two", "Empty", "Four", "Five", "Six", "Seven"]
    return Catalog(sections: titles.enumerated().map { index, title in
        let count = title == "Empty" ? 0 : Int.random(in: 1...25, using: &generator)
        let items = (0..<count).map { item in
            Item(label: "\(title.prefix(1).lowercased())\(item)",
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
    var testDescription: String { "\(name) (seed \(seed))" }
}

let propertyCases: [PropertyCase] = [
    PropertyCase(name: "fixture", catalog: fixtureCatalog, settings: fixtureSettings(), seed: 1),
    PropertyCase(name: "long", catalog: longCatalog, settings: fixtureSettings(), seed: 2),
    PropertyCase(name: "no insets", catalog: fixtureCatalog,
                 settings: fixtureSettings(inset: .zero), seed: 3),
    PropertyCase(name: "two-row headers, two-row items", catalog: longCatalog,
                 settings: fixtureSettings(itemHeight: 2, headerHeight: 2, sideRule: .balance), seed: 4),
    PropertyCase(name: "varying sizes", catalog: varyingCatalog,
                 settings: fixtureSettings(inset: EdgeInsets(top: 1, left: 0, bottom: 0, right: 2)), seed: 5),
    PropertyCase(name: "unpinned", catalog: varyingCatalog, settings: fixtureSettings(pin: false), seed: 6),
    PropertyCase(name: "emoji fixture", catalog: emojiFixtureCatalog, settings: fixtureSettings(itemWidth: 9), seed: 7),
    PropertyCase(name: "bundled emoji", catalog: EmojiCatalog.load(), settings: defaultSettings, seed: 8),
]

@Suite("Random sessions")
struct PropertyTests {
    static let keys: [Key] = [
        .up, .down, .left, .right, .character("h"), .character("j"), .character("k"), .character("l"),
        .pageUp, .pageDown, .control("f"), .control("b"), .home, .end, .character("g"), .character("G"),
        .tab, .backTab, .character("<"), .character(">"), .character("?"), .character("x"),
    ]

    static func randomEvent(_ state: BrowserState, _ generator: inout SplitMix64) -> InputEvent {
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<65:
            return .key(keys.randomElement(using: &generator)!)
        case 65..<80:
            let action: MouseEvent.Action = [.press, .release, .wheelUp, .wheelDown, .click].randomElement(using: &generator)!
            return .mouse(MouseEvent(action: action, x: Int.random(in: -1...state.width, using: &generator),
                                     y: Int.random(in: -1...state.height, using: &generator)))
        case 80..<90:
            // Small changes, as when a window is dragged.
            return .resize(width: max(0, state.width + Int.random(in: -6...6, using: &generator)),
                           height: max(0, state.height + Int.random(in: -3...3, using: &generator)))
        default:
            return .resize(width: Int.random(in: 0...140, using: &generator), height: Int.random(in: 0...45, using: &generator))
        }
    }

    /// Every broken invariant of a state, as text.
    static func problems(_ state: BrowserState) -> [String] {
        var problems: [String] = []
        if state.itemCount > 0 && state.focus == nil { problems.append("no focus with \(state.itemCount) items") }
        if state.offset < 0 || state.offset > state.maximumOffset {
            problems.append("offset \(state.offset) outside 0...\(state.maximumOffset)")
        }
        if !state.isTooSmall, state.focus != nil, let problem = focusVisibilityProblem(state) {
            problems.append(problem)
        }
        let frame = Browser.render(state)
        let lines = frame.lines
        if lines.count != state.height { problems.append("\(lines.count) lines for height \(state.height)") }
        for (row, line) in lines.enumerated() where state.textWidth.width(of: line) != state.width {
            problems.append("row \(row) is \(state.textWidth.width(of: line)) cells wide, not \(state.width): \(line)")
        }
        if !state.isTooSmall, !state.showingHelp, let focus = state.focus, let item = state.item(at: focus) {
            // Below about 40 columns the position and "? help" leave no room for the name.
            if state.width >= 40, !lines[state.height - 1].contains(item.label.prefix(1)) {
                problems.append("the status line does not name the focus: \(lines[state.height - 1])")
            }
            if focusCellStyle(state, frame) != state.theme.focus { problems.append("the focus is not highlighted") }
        }
        return problems
    }

    @Test("500 random events keep every invariant", arguments: propertyCases)
    func randomSession(_ testCase: PropertyCase) {
        var generator = SplitMix64(seed: testCase.seed)
        var state = BrowserState(catalog: testCase.catalog, settings: testCase.settings, width: 80, height: 24)
        #expect(Self.problems(state).isEmpty, "at the start")
        var failures = 0
        var trail: [InputEvent] = []
        for step in 0..<500 {
            let event = Self.randomEvent(state, &generator)
            trail.append(event)
            Browser.update(&state, event)
            if state.outcome != nil {
                // A click on the focused item chose it; carry on as a fresh session would.
                state.outcome = nil
            }
            let problems = Self.problems(state)
            if !problems.isEmpty {
                failures += 1
                Issue.record(Comment(rawValue: "step \(step) at \(state.width)x\(state.height) offset \(state.offset) focus \(state.focus.map(\.description) ?? "nil"): "
                    + problems.joined(separator: "; ") + "\nlast events: \(trail.suffix(4))"))
                if failures >= 5 { return }
            }
        }
    }
}
