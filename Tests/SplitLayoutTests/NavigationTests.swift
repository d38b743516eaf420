import Testing
@testable import SplitLayout

/// neighbour(of:_:): along a line, up and down by nearest centre, into the previous or next
/// section of the column, and across the columns at the nearest row.
@Suite("Navigation")
struct NavigationTests {
    /// One 20-wide column, 4x1 items with spacing 1: x 0, 5, 10, 15.
    /// Lines: 0 1 2 3 / 4 5 6 7 / 8 9.
    let grid = layout([SectionSpec(items: uniform(10, 4, 1))], width: 20, spacing: 1)

    @Test("left and right step along a line; nil at the ends of a one-column layout")
    func withinLine() {
        #expect(grid.neighbour(of: path(0, 0), .right) == path(0, 1))
        #expect(grid.neighbour(of: path(0, 2), .right) == path(0, 3))
        #expect(grid.neighbour(of: path(0, 1), .left) == path(0, 0))
        #expect(grid.neighbour(of: path(0, 0), .left) == nil)
        #expect(grid.neighbour(of: path(0, 3), .right) == nil)  // does not wrap to the next line
        #expect(grid.neighbour(of: path(0, 4), .left) == nil)
        #expect(grid.neighbour(of: path(0, 9), .right) == nil)
        // Zero-size items are stepped over.
        let v = layout([SectionSpec(items: varying([(3, 1), (0, 1), (3, 0), (3, 1)]))], width: 20, spacing: 1)
        #expect(v.neighbour(of: path(0, 0), .right) == path(0, 3))
        #expect(v.neighbour(of: path(0, 3), .left) == path(0, 0))
    }

    @Test("up and down go to the nearest centre on the next line")
    func upDownInSection() {
        #expect(grid.neighbour(of: path(0, 1), .down) == path(0, 5))
        #expect(grid.neighbour(of: path(0, 5), .up) == path(0, 1))
        #expect(grid.neighbour(of: path(0, 7), .down) == path(0, 9))  // the short last line
        #expect(grid.neighbour(of: path(0, 6), .down) == path(0, 9))
        #expect(grid.neighbour(of: path(0, 9), .up) == path(0, 5))
        #expect(grid.neighbour(of: path(0, 8), .up) == path(0, 4))
        #expect(grid.neighbour(of: path(0, 2), .up) == nil)
        #expect(grid.neighbour(of: path(0, 8), .down) == nil)

        // Varying: (0,0 10x1) above (0,1 3x1) (4,1 3x1) (8,1 3x1); centres x2: 10 vs 3, 11, 19.
        let v = layout([SectionSpec(items: varying([(10, 1), (3, 1), (3, 1), (3, 1)]))], width: 11, spacing: 1)
        #expect(v.neighbour(of: path(0, 0), .down) == path(0, 2))
        #expect(v.neighbour(of: path(0, 3), .up) == path(0, 0))
        #expect(v.neighbour(of: path(0, 1), .up) == path(0, 0))
    }

    @Test("a tie between two centres goes to the leftmost item")
    func centreTie() {
        // (0,0 6x1) above (0,1 2x1) (4,1 2x1): doubled centres 6 vs 2 and 10.
        let v = layout([SectionSpec(items: varying([(6, 1), (2, 1), (2, 1)]))], width: 8, spacing: 2)
        #expect(v.itemFrames(0) == [rect(0, 0, 6, 1), rect(0, 1, 2, 1), rect(4, 1, 2, 1)])
        #expect(v.neighbour(of: path(0, 0), .down) == path(0, 1))
        #expect(v.neighbour(of: path(0, 2), .up) == path(0, 0))
        // A uniform target line: (0,0 6x1), centre 3, over 2x1 items at x 0, 4, 8 (centres 1, 5, 9).
        let u = layout(
            [SectionSpec(items: uniform(1, 6, 1)), SectionSpec(items: uniform(3, 2, 1))],
            width: 10, spacing: 2)
        #expect(u.neighbour(of: path(0, 0), .down) == path(1, 0))
        // And upwards: from centre 3 below to centres 1, 5, 9 above.
        let up = layout(
            [SectionSpec(items: uniform(3, 2, 1)), SectionSpec(items: uniform(1, 6, 1))],
            width: 10, spacing: 2)
        #expect(up.neighbour(of: path(1, 0), .up) == path(0, 0))
        // No tie: centre 4 (an 8-wide item) goes to centre 5.
        let noTie = layout(
            [SectionSpec(items: uniform(1, 8, 1)), SectionSpec(items: uniform(3, 2, 1))],
            width: 10, spacing: 2)
        #expect(noTie.neighbour(of: path(0, 0), .down) == path(1, 1))
    }

    @Test("up and down continue into the previous or next section of the column, skipping empty ones")
    func acrossSections() {
        let sections = [
            SectionSpec(items: uniform(3, 3, 1)),  // (0,0) (4,0) / (0,1)
            SectionSpec(items: uniform(0, 3, 1), headerHeight: 1),  // empty
            SectionSpec(items: uniform(4, 0, 1)),  // zero-size items only
            SectionSpec(items: varying([(2, 1), (2, 1), (2, 1)]), headerHeight: 1),  // (0,4) (3,4) (6,4)
        ]
        let l = layout(sections, width: 10, spacing: 1)
        #expect(l.neighbour(of: path(0, 1), .down) == path(0, 2))
        #expect(l.neighbour(of: path(0, 2), .down) == path(3, 0))  // centre 1.5 vs 1, 4, 7
        #expect(l.neighbour(of: path(3, 2), .up) == path(0, 2))  // the last line of section 0
        #expect(l.neighbour(of: path(3, 1), .up) == path(0, 2))
        #expect(l.neighbour(of: path(0, 0), .up) == nil)
        #expect(l.neighbour(of: path(3, 1), .down) == nil)
    }

    @Test("up and down stay in their column")
    func upDownStayInColumn() {
        let l = layout(
            [
                SectionSpec(items: uniform(1, 3, 1)), SectionSpec(items: uniform(1, 3, 1)),
                SectionSpec(items: uniform(1, 3, 1)),
            ], width: 21, ratio: 0.5, splitSpacing: 1)
        #expect(l.neighbour(of: path(0, 0), .down) == path(2, 0))
        #expect(l.neighbour(of: path(1, 0), .down) == nil)
        #expect(l.neighbour(of: path(1, 0), .up) == nil)
        #expect(l.neighbour(of: path(2, 0), .up) == path(0, 0))
    }

    /// width 21, ratio 0.5, spacing 1: left 0..<10 with 4x1 items two per line (3 lines),
    /// right 11..<21 with 3x1 items two per line (2 lines).
    let split = layout(
        [SectionSpec(items: uniform(6, 4, 1)), SectionSpec(items: uniform(4, 3, 1))],
        width: 21, ratio: 0.5, splitSpacing: 1, spacing: 1)

    @Test("crossing columns at the nearest row: first item moving right, last moving left")
    func crossing() {
        #expect(split.itemFrames(1) == [rect(11, 0, 3, 1), rect(15, 0, 3, 1), rect(11, 1, 3, 1), rect(15, 1, 3, 1)])
        #expect(split.neighbour(of: path(0, 0), .right) == path(0, 1))
        #expect(split.neighbour(of: path(0, 1), .right) == path(1, 0))
        #expect(split.neighbour(of: path(0, 3), .right) == path(1, 2))
        #expect(split.neighbour(of: path(0, 5), .right) == path(1, 2))  // row 2: the line above is nearest
        #expect(split.neighbour(of: path(1, 0), .left) == path(0, 1))
        #expect(split.neighbour(of: path(1, 2), .left) == path(0, 3))
        #expect(split.neighbour(of: path(1, 3), .left) == path(1, 2))
        #expect(split.neighbour(of: path(1, 1), .right) == nil)
        #expect(split.neighbour(of: path(0, 0), .left) == nil)
        #expect(split.neighbour(of: path(0, 2), .left) == nil)
    }

    @Test("crossing prefers an overlapping line, the upper one when several overlap")
    func crossingUpperOverlap() {
        // Left: one 4x3 item, rows 0..<3. Right: three lines of two 3x1 items at rows 0, 1, 2.
        let l = layout(
            [SectionSpec(items: varying([(4, 3)])), SectionSpec(items: uniform(6, 3, 1))],
            width: 21, ratio: 0.5, splitSpacing: 1, spacing: 1)
        #expect(l.neighbour(of: path(0, 0), .right) == path(1, 0))
        // Back from the first item of any of the three lines: the tall item overlaps them all.
        #expect(l.neighbour(of: path(1, 0), .left) == path(0, 0))
        #expect(l.neighbour(of: path(1, 2), .left) == path(0, 0))
        #expect(l.neighbour(of: path(1, 4), .left) == path(0, 0))
        #expect(l.neighbour(of: path(1, 5), .left) == path(1, 4))
    }

    @Test("crossing between the lines of the other column: the nearer line, the upper on a tie")
    func crossingBetweenLines() {
        // Right: 10x1 lines at rows 0..<4, then a section with a header at 4..<7 and a line at 7.
        let right = [
            SectionSpec(items: uniform(4, 10, 1)), SectionSpec(items: uniform(1, 10, 1), headerHeight: 3, side: .right),
        ]
        // A left item at row 5: the line at 3 ends 2 rows above... the line at 7 starts 2 below.
        let tie = layout(
            [SectionSpec(items: uniform(1, 4, 1), headerHeight: 5)] + right,
            width: 21, ratio: 0.5, splitSpacing: 1)
        #expect(tie.frame(of: path(0, 0)) == rect(0, 5, 4, 1))
        #expect(tie.frame(of: path(2, 0)) == rect(11, 7, 10, 1))
        #expect(tie.neighbour(of: path(0, 0), .right) == path(1, 3))
        // At row 6 the lower line is nearer.
        let below = layout(
            [SectionSpec(items: uniform(1, 4, 1), headerHeight: 6)] + right,
            width: 21, ratio: 0.5, splitSpacing: 1)
        #expect(below.neighbour(of: path(0, 0), .right) == path(2, 0))
        // At row 4 the upper one.
        let above = layout(
            [SectionSpec(items: uniform(1, 4, 1), headerHeight: 4)] + right,
            width: 21, ratio: 0.5, splitSpacing: 1)
        #expect(above.neighbour(of: path(0, 0), .right) == path(1, 3))
        // Far below everything in the other column: its last line.
        let far = layout(
            [SectionSpec(items: uniform(1, 4, 1), headerHeight: 40)] + right,
            width: 21, ratio: 0.5, splitSpacing: 1)
        #expect(far.neighbour(of: path(0, 0), .right) == path(2, 0))
        #expect(far.neighbour(of: path(2, 0), .left) == path(0, 0))
    }

    @Test("crossing into a column with no items gives nil")
    func crossingIntoEmptyColumn() {
        let rightOnly = layout(
            [SectionSpec(items: uniform(2, 3, 1))], width: 21, ratio: 0.5, splitSpacing: 1, rule: .right)
        #expect(rightOnly.neighbour(of: path(0, 0), .left) == nil)
        let emptyLeft = layout(
            [SectionSpec(items: uniform(0, 3, 1), headerHeight: 2), SectionSpec(items: uniform(2, 3, 1))],
            width: 21, ratio: 0.5, splitSpacing: 1)
        #expect(emptyLeft.neighbour(of: path(1, 0), .left) == nil)
        #expect(emptyLeft.neighbour(of: path(1, 1), .left) == path(1, 0))
    }

    @Test("zero-size, out-of-range and unknown items have no neighbours")
    func invalidPaths() {
        let v = layout([SectionSpec(items: varying([(0, 1), (3, 1), (3, 1)]))], width: 20, spacing: 1)
        for direction in Direction.allCases {
            #expect(v.neighbour(of: path(0, 0), direction) == nil)
            #expect(v.neighbour(of: path(0, 3), direction) == nil)
            #expect(v.neighbour(of: path(0, -1), direction) == nil)
            #expect(v.neighbour(of: path(1, 0), direction) == nil)
            #expect(v.neighbour(of: path(-1, 0), direction) == nil)
            #expect(grid.neighbour(of: path(0, 10), direction) == nil)
        }
    }
}
