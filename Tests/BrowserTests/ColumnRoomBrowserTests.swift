// Issue 25, point 7: a width where the configured two columns leave one of them no room for
// items gets one column; a width where even one column has none gets the too-small screen,
// which names the width needed.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite struct ColumnRoomBrowserTests {
    /// The configuration of the issue: left_ratio 0.837 from every width on, no split spacing,
    /// section insets 2 (left) and 3 (right).
    func issueSettings(perLine: Int = 0) -> LayoutSettings {
        var settings = fixtureSettings(ratio: 0.837, inset: EdgeInsets(top: 0, left: 2, bottom: 1, right: 3))
        settings.parameters.splitSpacing = 0
        settings.breakpoints = [ConfiguredBreakpoint(minWidth: 0)]
        settings.itemsPerLine = perLine
        return settings
    }

    /// Every column leaves room for items and every item is laid out with a size.
    func expectRoom(_ state: BrowserState, sourceLocation: SourceLocation = #_sourceLocation) {
        let inset = state.content.settings.parameters.sectionInset
        for column in state.view.layout.columns {
            #expect(
                column.width - inset.left - inset.right >= 1, "at \(state.view.width): \(state.view.layout.columns)",
                sourceLocation: sourceLocation)
        }
        for section in state.view.layout.sections.indices {
            for item in 0..<state.view.layout.sections[section].itemCount {
                let frame = state.view.layout.frame(of: path(section, item))
                #expect(
                    frame.map { $0.width >= 1 && $0.height >= 1 } == true,
                    "at \(state.view.width): item \(section):\(item) is \(String(describing: frame))",
                    sourceLocation: sourceLocation)
            }
        }
    }

    @Test("ratio 0.837 with insets 2 + 3: two columns at 117, one at 20 where the right one would be 4 cells")
    func issueConfiguration() {
        let wide = fixtureState(width: 117, height: 20, settings: issueSettings())
        #expect(!wide.isTooSmall)
        #expect(wide.view.layout.columns.map(\.width) == [97, 20])
        expectRoom(wide)

        let narrow = fixtureState(width: 20, height: 20, settings: issueSettings())
        #expect(!narrow.isTooSmall)
        #expect(narrow.view.layout.columns.map(\.width) == [20] && narrow.view.layout.columns[0].x == 0)
        expectRoom(narrow)
        // Every section in the one column, in order: Alpha's header alone on the first row.
        #expect(render(narrow)[0].contains("Alpha") && !render(narrow)[0].contains("Beta"))
    }

    @Test("per_line = 4 with the same: two columns at 117, one at 20 (three-cell items)")
    func issueConfigurationPerLine() {
        let wide = fixtureState(width: 117, height: 20, settings: issueSettings(perLine: 4))
        #expect(wide.view.layout.columns.map(\.width) == [97, 20])
        expectRoom(wide)
        let narrow = fixtureState(width: 20, height: 20, settings: issueSettings(perLine: 4))
        #expect(!narrow.isTooSmall)
        #expect(narrow.view.layout.columns.count == 1)
        #expect(narrow.view.layout.frame(of: path(0, 0))?.width == 3)
        expectRoom(narrow)
    }

    @Test("resized through every width, the layout always leaves room, or says the screen is too small")
    func everyWidth() {
        for settings in [issueSettings(), issueSettings(perLine: 4), issueSettings(perLine: 30)] {
            var state = fixtureState(width: 300, height: 20, settings: settings)
            for width in (1...300).reversed() {
                state.send(.resize(width: width, height: 20))
                #expect(state.isTooSmall == (width < state.requiredWidth))
                if !state.isTooSmall { expectRoom(state) }
            }
        }
        // 30 items of one cell on a line need 35 columns with the insets: narrower is too small.
        #expect(fixtureState(width: 300, height: 20, settings: issueSettings(perLine: 30)).requiredWidth == 35)
    }

    @Test("where one column cannot hold items, the too-small screen names the width needed")
    func tooSmallForTheInsets() {
        var settings = fixtureSettings(inset: EdgeInsets(top: 0, left: 20, bottom: 1, right: 19))
        settings.breakpoints = [ConfiguredBreakpoint(minWidth: 0, leftRatio: 1)]
        var state = fixtureState(width: 39, height: 8, settings: settings)
        #expect(state.requiredWidth == 40)
        #expect(state.isTooSmall)
        #expect(render(state).contains { $0.contains("need 40 x 5") })
        #expect(render(state).contains { $0.contains("have 39 x 8") })
        state.send(.resize(width: 40, height: 8))
        #expect(!state.isTooSmall)
        expectRoom(state)
        // The keys of the too-small screen, and only those.
        state.send(.resize(width: 30, height: 8))
        #expect(state.inputMode == .tooSmall)
    }

    @Test("a section's own inset counts: the data asks for a wider column")
    func sectionInsetFromTheData() {
        let catalog = Catalog(
            sections: [
                Section(title: "Wide", items: items("w", 3), inset: InsetHint(left: 30, right: 10)),
                Section(title: "Plain", items: items("p", 3)),
            ], source: "test")
        let state = fixtureState(width: 60, height: 8, catalog: catalog)
        // Two columns of 29 would leave Wide none: one column, which holds 41.
        #expect(state.view.layout.columns.count == 1)
        #expect(state.requiredWidth == 41)
        #expect(fixtureState(width: 40, height: 8, catalog: catalog).isTooSmall)
        #expect(fixtureState(width: 84, height: 8, catalog: catalog).view.layout.columns.count == 2)
    }

    @Test("< down to a ratio that leaves the left column no room gives one column, > brings two back")
    func ratioKeys() {
        var settings = issueSettings()
        settings.breakpoints = [ConfiguredBreakpoint(minWidth: 0, leftRatio: 0.5)]
        var state = fixtureState(width: 44, height: 12, settings: settings)
        #expect(state.view.layout.columns.map(\.width) == [22, 22])
        var sawOne = false
        for _ in 0..<10 {
            state.send(.character("<"))
            expectRoom(state)
            sawOne = sawOne || state.view.layout.columns.count == 1
        }
        // At 0.1 the left column would be 4 cells, less than the 6 the insets and one item need.
        #expect(sawOne)
        #expect(state.view.layout.columns.count == 1)
        state.send(.character(">"))
        #expect(state.view.layout.columns.count == 2)
        expectRoom(state)
    }

    @Test("the detail panel goes below when beside it would leave the sections no room")
    func detailPanelBelow() {
        var settings = fixtureSettings(inset: EdgeInsets(top: 0, left: 40, bottom: 1, right: 39))
        settings.breakpoints = [ConfiguredBreakpoint(minWidth: 0, leftRatio: 1)]
        var state = fixtureState(width: 100, height: 24, settings: settings)
        state.send(.character("i"))
        #expect(state.overlays.showingDetails)
        // Beside, 24 columns (its lines need no more) would leave 75, less than the 85 the
        // insets and an item need.
        #expect(state.detailPlacement.map { if case .below = $0 { true } else { false } } == true)
        #expect(!state.isTooSmall)
        expectRoom(state)
        var plain = fixtureState(width: 100, height: 24)
        plain.send(.character("i"))
        #expect(plain.detailPlacement == .beside(width: DetailFit.narrowest))
    }
}
