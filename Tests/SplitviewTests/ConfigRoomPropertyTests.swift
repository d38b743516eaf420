// Issue 25, point 7, as a property: random valid configurations are accepted, or refused only
// when something in them can work at no width where it applies (checked here by trying every
// width from 20 to 100000 columns); and an accepted one is browsed at every width from 1 to 300
// columns with room for items in every column, or with the too-small screen.

import Browser
import Catalog
import SeededRandom
import SplitLayout
import TerminalUI
import Testing
@testable import UserFiles

@Suite struct ConfigRoomPropertyTests {
    /// One random configuration: its values, and the file that writes them.
    struct Sample {
        var leftRatio: Double?
        var splitSpacing: Int?
        var interItemSpacing: Int?
        var insetLeft: Int?
        var insetRight: Int?
        var perLine: Int?
        /// nil: the default list (one column below 80, two from 80).
        var breakpoints: [(minWidth: Int, leftRatio: Double?)]?

        var toml: String {
            var lines = ["[layout]"]
            if let leftRatio { lines.append("left_ratio = \(leftRatio)") }
            if let splitSpacing { lines.append("split_spacing = \(splitSpacing)") }
            if let interItemSpacing { lines.append("inter_item_spacing = \(interItemSpacing)") }
            let sides = [insetLeft.map { "left = \($0)" }, insetRight.map { "right = \($0)" }].compactMap { $0 }
            if !sides.isEmpty { lines.append("section_inset = { \(sides.joined(separator: ", ")) }") }
            if let perLine { lines += ["[item]", "per_line = \(perLine)"] }
            for breakpoint in breakpoints ?? [] {
                lines += ["[[breakpoint]]", "min_width = \(breakpoint.minWidth)"]
                if let ratio = breakpoint.leftRatio { lines.append("left_ratio = \(ratio)") }
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    static func sample(_ random: inout SplitMix64) -> Sample {
        func maybe<T>(_ value: @autoclosure () -> T) -> T? { random.next(3) == 0 ? nil : value() }
        func ratio() -> Double {
            switch random.next(8) {
            case 0: 0
            case 1: 1
            default: Double(1 + random.next(999)) / 1000
            }
        }
        /// Mostly small, sometimes large, now and then up to the largest value a key takes.
        func cells(_ small: Int) -> Int {
            switch random.next(20) {
            case 0: random.next(100_001)
            case 1, 2: random.next(small * 20)
            default: random.next(small + 1)
            }
        }
        var sample = Sample()
        sample.leftRatio = maybe(ratio())
        sample.splitSpacing = maybe(cells(6))
        sample.interItemSpacing = maybe(random.next(4))
        sample.insetLeft = maybe(cells(6))
        sample.insetRight = maybe(cells(6))
        sample.perLine = random.next(2) == 0 ? nil : cells(12)
        if random.next(4) != 0 {
            sample.breakpoints = (0..<random.next(4)).map { _ in
                (
                    minWidth: random.next(5) == 0 ? random.next(100_001) : random.next(300),
                    leftRatio: random.next(3) == 0 ? nil : ratio()
                )
            }
        }
        return sample
    }

    /// Whether something in the sample works at no width where it applies, tried width by width:
    /// one column (the insets and per_line apply everywhere), and each breakpoint's (or, below
    /// them, [layout] left_ratio's) two columns where it applies.
    static func canNeverWork(_ sample: Sample) -> Bool {
        let defaults = LayoutSettings.defaults
        let left = sample.insetLeft ?? defaults.parameters.sectionInset.left
        let right = sample.insetRight ?? defaults.parameters.sectionInset.right
        let spacing = sample.interItemSpacing ?? defaults.parameters.interItemSpacing
        let split = sample.splitSpacing ?? defaults.parameters.splitSpacing
        let perLine = sample.perLine ?? 0
        let layoutRatio = sample.leftRatio ?? defaults.parameters.leftRatio
        let breakpoints =
            sample.breakpoints ?? defaults.breakpoints.map { (minWidth: $0.minWidth, leftRatio: $0.leftRatio) }
        let need = left + right + (perLine > 0 ? perLine + spacing * (perLine - 1) : 1)
        // By owner: 0 for [layout] left_ratio below the breakpoints, else 1 + the breakpoint's
        // index; the owner found again only where a min_width is passed.
        var applies = [Bool](repeating: false, count: breakpoints.count + 1)
        var splits = applies
        var owner = 0
        var ratio = layoutRatio
        let changes = Set(breakpoints.map(\.minWidth))
        for width in 20...100_000 {
            if width == 20 || changes.contains(width) {
                owner = 0
                for (index, breakpoint) in breakpoints.enumerated() where breakpoint.minWidth <= width {
                    if owner == 0 || breakpoint.minWidth >= breakpoints[owner - 1].minWidth { owner = index + 1 }
                }
                ratio = owner == 0 ? layoutRatio : breakpoints[owner - 1].leftRatio ?? layoutRatio
            }
            guard ratio > 0 && ratio < 1 else { continue }
            applies[owner] = true
            // floor((width - spacing) x ratio) and the rest (docs/split-layout.md, Columns).
            let total = max(0, width - split)
            let leftWidth = min(total, Int(Double(total) * ratio + 1e-9))
            if leftWidth >= need && total - leftWidth >= need { splits[owner] = true }
        }
        // One column holds the items at some width up to 100000 when that width holds `need`.
        return need > 100_000 || applies != splits
    }

    /// Three sections (one empty), their items sized by the configuration.
    static let catalog = Catalog(
        sections: [
            Section(title: "One", items: (0..<9).map { Item(label: "one \($0)") }),
            Section(title: "Empty", items: []),
            Section(title: "Three", items: (0..<5).map { Item(label: "three \($0)") }),
        ], source: "test")

    @Test func randomConfigurationsAreRefusedOnlyWhenNoWidthCanWork() throws {
        var random = SplitMix64(seed: 25)
        var accepted = 0, refused = 0
        for round in 0..<200 {
            let sample = Self.sample(&random)
            let text = sample.toml
            let never = Self.canNeverWork(sample)
            let configuration: Configuration
            do {
                configuration = try ConfigLoader.parse(text, file: "random.toml")
            } catch {
                refused += 1
                #expect(never, "round \(round): refused although some width works:\n\(text)\n\(error)")
                #expect(error.line != nil && error.key != nil, "round \(round): \(error)")
                continue
            }
            accepted += 1
            #expect(!never, "round \(round): accepted although something works at no width:\n\(text)")
            // Browsed at every width: room in every column, or the too-small screen.
            let settings = configuration.layoutSettings(for: Self.catalog)
            var state = BrowserState(catalog: Self.catalog, settings: settings, width: 300, height: 30)
            let inset = settings.parameters.sectionInset
            let need = ColumnRoom.need(
                inset: inset, itemsPerLine: settings.itemsPerLine, spacing: settings.parameters.interItemSpacing)
            for width in (1...300).reversed() {
                Browser.update(&state, .resize(width: width, height: 30))
                #expect(state.isTooSmall == (width < max(20, need)), "round \(round) at \(width):\n\(text)")
                guard !state.isTooSmall else { continue }
                let columns = state.view.layout.columns
                if columns.contains(where: { $0.width < need }) {
                    Issue.record("round \(round) at \(width): columns \(columns), \(need) needed:\n\(text)")
                    break
                }
                if let first = state.view.layout.frame(of: ItemPath(section: 0, item: 0)), first.width >= 1 {
                } else {
                    Issue.record("round \(round) at \(width): the first item has no room:\n\(text)")
                    break
                }
                if width % 10 == 0 || width == state.requiredWidth { _ = Browser.render(state) }
            }
        }
        // Both outcomes are exercised.
        #expect(accepted > 100 && refused > 5, "accepted \(accepted), refused \(refused)")
    }
}
