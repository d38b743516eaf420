import Testing
@testable import SplitLayout

/// Column assignment: alternate / left / right / balance and the explicit per-section side.
@Suite("Side rules")
struct SideRuleTests {
    /// A section `height` rows tall: one 10-wide item per line in a 10-wide column.
    func tall(_ height: Int, side: Side? = nil) -> SectionSpec {
        SectionSpec(items: uniform(height, 10, 1), side: side)
    }

    /// width 21, ratio 0.5, spacing 1: left 0..<10, right 11..<21.
    func split(_ sections: [SectionSpec], _ rule: SideRule) -> SplitLayout {
        layout(sections, width: 21, ratio: 0.5, splitSpacing: 1, rule: rule)
    }

    @Test func alternate() {
        let l = split([tall(1), tall(2), tall(3), tall(4), tall(5)], .alternate)
        #expect(l.sections.map(\.columnIndex) == [0, 1, 0, 1, 0])
        #expect(l.sections.map(\.side) == [.left, .right, .left, .right, .left])
        #expect(
            l.sections.map(\.frame) == [
                rect(0, 0, 10, 1), rect(11, 0, 10, 2), rect(0, 1, 10, 3),
                rect(11, 2, 10, 4), rect(0, 4, 10, 5),
            ])
        #expect(l.contentHeight == 9)
    }

    @Test func leftAndRight() {
        let left = split([tall(1), tall(2), tall(3)], .left)
        #expect(left.sections.map(\.columnIndex) == [0, 0, 0])
        #expect(left.sections.map(\.frame.y) == [0, 1, 3])
        let right = split([tall(1), tall(2), tall(3)], .right)
        #expect(right.sections.map(\.columnIndex) == [1, 1, 1])
        #expect(right.sections.map(\.frame) == [rect(11, 0, 10, 1), rect(11, 1, 10, 2), rect(11, 3, 10, 3)])
        #expect(right.contentHeight == 6)
    }

    @Test("balance: the shorter column takes the next section; ties go left")
    func balance() {
        // Cursors (L, R): (0,0) tie->L (5,0); R (5,2); R (5,4); R (5,6); L (6,6); tie->L (7,6).
        let l = split([tall(5), tall(2), tall(2), tall(2), tall(1), tall(1)], .balance)
        #expect(l.sections.map(\.columnIndex) == [0, 1, 1, 1, 0, 0])
        #expect(
            l.sections.map(\.frame) == [
                rect(0, 0, 10, 5), rect(11, 0, 10, 2), rect(11, 2, 10, 2),
                rect(11, 4, 10, 2), rect(0, 5, 10, 1), rect(0, 6, 10, 1),
            ])
        #expect(l.contentHeight == 7)

        // Empty sections leave the cursors equal, so they all go left.
        let empty = split([tall(0), tall(0), tall(0)], .balance)
        #expect(empty.sections.map(\.columnIndex) == [0, 0, 0])
    }

    @Test("an explicit side overrides every rule")
    func explicitSide() {
        #expect(
            split([tall(1, side: .right), tall(1), tall(1, side: .left), tall(1)], .alternate)
                .sections.map(\.columnIndex) == [1, 1, 0, 1])
        #expect(
            split([tall(1), tall(1, side: .right), tall(1)], .left)
                .sections.map(\.columnIndex) == [0, 1, 0])
        #expect(
            split([tall(1), tall(1, side: .left), tall(1)], .right)
                .sections.map(\.columnIndex) == [1, 0, 1])
        // Balance counts explicitly placed sections in the cursors: R=5, then L three times
        // (L = 2, 4, 6), then R (5 < 6).
        let b = split([tall(5, side: .right), tall(2), tall(2), tall(2), tall(1)], .balance)
        #expect(b.sections.map(\.columnIndex) == [1, 0, 0, 0, 1])
    }

    @Test("sections keep their order inside a column")
    func orderInsideColumn() {
        let l = split([tall(1), tall(1, side: .left), tall(2), tall(1, side: .right), tall(3)], .right)
        // Right: 0, 2, 3, 4; left: 1.
        #expect(l.sectionsOf(column: 1) == [0, 2, 3, 4])
        #expect(l.sections.filter { $0.columnIndex == 1 }.map(\.frame.y) == [0, 1, 3, 4])
        #expect(l.sectionsOf(column: 0) == [1])
    }
}
