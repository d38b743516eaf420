import Testing
@testable import SplitLayout

/// Responsive re-split: the ratio comes from breakpoints on the terminal width.
@Suite("Breakpoints")
struct BreakpointTests {
    let breakpoints = [
        Breakpoint(minWidth: 0, leftRatio: 1), Breakpoint(minWidth: 80, leftRatio: 0.5),
        Breakpoint(minWidth: 120, leftRatio: 0.4),
    ]

    @Test("the largest minWidth not above the width wins")
    func largestApplicable() {
        let expected: [(Int, Double)] = [(0, 1), (50, 1), (79, 1), (80, 0.5), (119, 0.5), (120, 0.4), (500, 0.4)]
        for (width, ratio) in expected {
            #expect(
                Breakpoint.ratio(forWidth: width, breakpoints: breakpoints, fallback: 0.7) == ratio, "width \(width)")
            // The order of the list does not matter.
            #expect(Breakpoint.ratio(forWidth: width, breakpoints: breakpoints.reversed(), fallback: 0.7) == ratio)
        }
    }

    @Test("the fallback when no breakpoint applies")
    func fallback() {
        #expect(Breakpoint.ratio(forWidth: 100, breakpoints: [], fallback: 0.7) == 0.7)
        let high = [Breakpoint(minWidth: 80, leftRatio: 0.5)]
        #expect(Breakpoint.ratio(forWidth: 79, breakpoints: high, fallback: 0.7) == 0.7)
        #expect(Breakpoint.ratio(forWidth: -1, breakpoints: breakpoints, fallback: 0.7) == 0.7)
        #expect(Breakpoint.ratio(forWidth: 80, breakpoints: high, fallback: 0.7) == 0.5)
    }

    @Test("on equal minWidth the later breakpoint wins")
    func tie() {
        let tied = [Breakpoint(minWidth: 80, leftRatio: 0.5), Breakpoint(minWidth: 80, leftRatio: 0.6)]
        #expect(Breakpoint.ratio(forWidth: 90, breakpoints: tied, fallback: 1) == 0.6)
    }

    @Test("re-splitting on resize, as the seed's example: 0.4 when wide, one column when narrow")
    func resplit() {
        let sections = [
            SectionSpec(items: uniform(4, 10, 1), headerHeight: 1),
            SectionSpec(items: uniform(4, 10, 1), headerHeight: 1),
        ]
        let narrow = layout(
            sections, width: 60, ratio: Breakpoint.ratio(forWidth: 60, breakpoints: breakpoints, fallback: 1))
        #expect(!narrow.isSplit)
        #expect(narrow.frame(of: path(1, 0)) == rect(0, 3, 10, 1))
        let wide = narrow.relayout(
            width: 131, leftRatio: Breakpoint.ratio(forWidth: 131, breakpoints: breakpoints, fallback: 1))
        // total 131, left floor(52.4) = 52, right 79.
        #expect(wide.columns == [Column(side: .left, x: 0, width: 52), Column(side: .right, x: 52, width: 79)])
        #expect(wide.frame(of: path(1, 0)) == rect(52, 1, 10, 1))
        // The focused item can be found again and scrolled to.
        #expect(wide.section(atRow: 1, columnIndex: 1) == 1)
    }
}
