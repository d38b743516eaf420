import Testing
@testable import SplitLayout

@Suite("Columns")
struct ColumnsTests {
    @Test("left width = floor((width - spacing) * ratio), right x = left + spacing")
    func splitArithmetic() {
        // total 98, left floor(49.0) = 49, right 49 at 49 + 2.
        #expect(
            SplitLayout.columns(width: 100, leftRatio: 0.5, splitSpacing: 2)
                == [Column(side: .left, x: 0, width: 49), Column(side: .right, x: 51, width: 49)])
        // total 98, left floor(39.2) = 39, right 59 at 39 + 3.
        #expect(
            SplitLayout.columns(width: 101, leftRatio: 0.4, splitSpacing: 3)
                == [Column(side: .left, x: 0, width: 39), Column(side: .right, x: 42, width: 59)])
        // total 79, left floor(59.25) = 59, right 20 at 60.
        #expect(
            SplitLayout.columns(width: 80, leftRatio: 0.75, splitSpacing: 1)
                == [Column(side: .left, x: 0, width: 59), Column(side: .right, x: 60, width: 20)])
        // total 10, floor(0.99) = 0: a zero-width left column, still two columns.
        #expect(
            SplitLayout.columns(width: 10, leftRatio: 0.099, splitSpacing: 0)
                == [Column(side: .left, x: 0, width: 0), Column(side: .right, x: 0, width: 10)])
    }

    @Test("a decimal ratio is not floored below its decimal value (0.29 x 100 = 29)")
    func decimalRatios() {
        #expect(
            SplitLayout.columns(width: 100, leftRatio: 0.29, splitSpacing: 0)
                == [Column(side: .left, x: 0, width: 29), Column(side: .right, x: 29, width: 71)])
        #expect(
            SplitLayout.columns(width: 110, leftRatio: 0.29, splitSpacing: 10)
                == [Column(side: .left, x: 0, width: 29), Column(side: .right, x: 39, width: 71)])
        #expect(SplitLayout.columns(width: 100, leftRatio: 0.57, splitSpacing: 0)[0].width == 57)
        #expect(SplitLayout.columns(width: 100, leftRatio: 0.58, splitSpacing: 0)[0].width == 58)

        // Every percentage at every total: floor(total * p / 100) in exact integer arithmetic.
        var wrong: [String] = []
        for p in 1...99 {
            for total in 0...300 {
                let columns = SplitLayout.columns(width: total + 3, leftRatio: Double(p) / 100, splitSpacing: 3)
                let expected = total * p / 100
                if columns[0].width != expected || columns[1].width != total - expected
                    || columns[1].x != expected + 3
                {
                    wrong.append("p=\(p) total=\(total) got \(columns)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test("ratio 0 is one full-width right column, ratio 1 one left column; spacing ignored")
    func singleColumn() {
        #expect(
            SplitLayout.columns(width: 80, leftRatio: 0, splitSpacing: 5)
                == [Column(side: .right, x: 0, width: 80)])
        #expect(
            SplitLayout.columns(width: 80, leftRatio: 1, splitSpacing: 5)
                == [Column(side: .left, x: 0, width: 80)])
        // Out-of-range and NaN ratios are clamped (NaN counts as the default, 1).
        #expect(
            SplitLayout.columns(width: 80, leftRatio: 1.5, splitSpacing: 5)
                == [Column(side: .left, x: 0, width: 80)])
        #expect(
            SplitLayout.columns(width: 80, leftRatio: -0.5, splitSpacing: 5)
                == [Column(side: .right, x: 0, width: 80)])
        #expect(
            SplitLayout.columns(width: 80, leftRatio: .nan, splitSpacing: 5)
                == [Column(side: .left, x: 0, width: 80)])

        let one = layout([SectionSpec(items: uniform(1, 3, 1))], width: 30, ratio: 1, splitSpacing: 4)
        #expect(!one.isSplit)
        #expect(one.column(for: .left) == Column(side: .left, x: 0, width: 30))
        #expect(one.column(for: .right) == nil)
        let two = layout([], width: 30, ratio: 0.5, splitSpacing: 4)
        #expect(two.isSplit)
        #expect(two.column(for: .right) == Column(side: .right, x: 17, width: 13))
    }

    @Test("a negative or too small width gives empty columns, not a crash")
    func tinyWidths() {
        #expect(
            SplitLayout.columns(width: 3, leftRatio: 0.5, splitSpacing: 5)
                == [Column(side: .left, x: 0, width: 0), Column(side: .right, x: 5, width: 0)])
        let l = layout([SectionSpec(items: uniform(3, 2, 1), headerHeight: 1)], width: -4)
        #expect(l.viewportWidth == 0)
        #expect(l.columns == [Column(side: .left, x: 0, width: 0)])
        #expect(l.itemFrames(0) == [nil, nil, nil])
        #expect(l.contentHeight == 1)
    }

    // Regression: the original dropped the sections assigned to the hidden side.
    @Test("with one column every section goes to it, in section order", arguments: [0.0, 1.0])
    func everySectionInSingleColumn(ratio: Double) {
        let sections = [
            SectionSpec(items: uniform(2, 5, 1), headerHeight: 1),  // alternate: left
            SectionSpec(items: uniform(1, 5, 2), headerHeight: 1),  // alternate: right
            SectionSpec(items: uniform(3, 5, 1), side: .left),  // explicit left
            SectionSpec(items: uniform(1, 5, 1), footerHeight: 2, side: .right),  // explicit right
        ]
        let l = layout(sections, width: 10, ratio: ratio, splitSpacing: 3)
        let side: Side = ratio == 0 ? .right : .left
        #expect(l.columns == [Column(side: side, x: 0, width: 10)])
        #expect(l.sections.count == 4)
        #expect(l.sections.map(\.columnIndex) == [0, 0, 0, 0])
        #expect(l.sections.map(\.side) == [side, side, side, side])
        // Stacked in order: 1 + 1 (two 5-wide items fit on one 10-wide line), 1 + 2, 2, 1 + 2.
        #expect(
            l.sections.map(\.frame) == [
                rect(0, 0, 10, 2), rect(0, 2, 10, 3),
                rect(0, 5, 10, 2), rect(0, 7, 10, 3),
            ])
        #expect(l.contentHeight == 10)
        #expect(l.frame(of: path(1, 0)) == rect(0, 3, 5, 2))
        #expect(l.frame(of: path(3, 0)) == rect(0, 7, 5, 1))
        // Look-ups that crashed in the original.
        #expect(l.element(at: Point(x: 1, y: 8), offset: 0)?.kind == .footer)
        #expect(l.element(at: Point(x: 1, y: 3), offset: 0)?.item == 0)
        #expect(l.neighbour(of: path(0, 1), .down) == path(1, 0))
        #expect(l.neighbour(of: path(1, 0), .down) == path(2, 0))
        #expect(l.section(atRow: 8, columnIndex: 0) == 3)
        // 7 items, 2 headers, 1 footer.
        #expect(l.elements(in: rect(0, 0, 10, 10)).count == 10)
    }

    @Test("relayout at another width or ratio equals a fresh layout")
    func relayout() {
        let sections = [
            SectionSpec(items: varying([(3, 1), (7, 2), (2, 1)]), headerHeight: 1),
            SectionSpec(items: uniform(5, 4, 1), footerHeight: 1),
            SectionSpec(items: uniform(2, .max, 1)),
        ]
        let params = LayoutParameters(leftRatio: 0.5, splitSpacing: 1, interItemSpacing: 1)
        let l = SplitLayout(sections: sections, parameters: params, width: 40)
        for (width, ratio) in [(40, nil), (20, nil), (61, 0.3), (61, 0), (61, 1)] as [(Int, Double?)] {
            var p = params
            if let ratio { p.leftRatio = ratio }
            #expect(
                LayoutSnapshot(l.relayout(width: width, leftRatio: ratio))
                    == LayoutSnapshot(SplitLayout(sections: sections, parameters: p, width: width)))
        }
    }
}
