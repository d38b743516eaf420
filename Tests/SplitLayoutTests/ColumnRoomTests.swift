import Testing
@testable import SplitLayout

/// Room for items (docs/split-layout.md): two columns only where each leaves every section room
/// for its items, else one column; narrower than that one column, no room at all.
@Suite("Column room")
struct ColumnRoomTests {
    /// The configuration of issue 25: left_ratio 0.837, no split spacing, insets 2 + 3.
    let issueInset = EdgeInsets(top: 0, left: 2, bottom: 1, right: 3)

    @Test("a section needs its left and right insets and one cell, or per_line cells and their spacings")
    func need() {
        #expect(ColumnRoom.need(inset: issueInset, itemsPerLine: 0, spacing: 5) == 6)
        #expect(ColumnRoom.need(inset: issueInset, itemsPerLine: 4, spacing: 0) == 9)
        #expect(ColumnRoom.need(inset: issueInset, itemsPerLine: 4, spacing: 1) == 12)
        #expect(ColumnRoom.need(inset: .zero, itemsPerLine: 1, spacing: 9) == 1)
        // Negative insets and spacings count 0, as when the section is placed.
        #expect(ColumnRoom.need(inset: EdgeInsets(left: -5, right: -7), itemsPerLine: 3, spacing: -2) == 3)
        // Huge values stay inside the coordinates instead of overflowing.
        #expect(
            ColumnRoom.need(inset: EdgeInsets(left: .max, right: .max), itemsPerLine: 0, spacing: 0)
                == Coordinates.limit)
        #expect(ColumnRoom.need(inset: .zero, itemsPerLine: .max, spacing: .max) == Coordinates.limit)
    }

    @Test("the need is the narrowest column where the engine gives per_line items a cell each")
    func needMatchesEqualItemWidth() {
        for left in 0...3 {
            for right in 0...3 {
                for count in 1...6 {
                    for spacing in 0...3 {
                        let inset = EdgeInsets(left: left, right: right)
                        let need = ColumnRoom.need(inset: inset, itemsPerLine: count, spacing: spacing)
                        let fits = { (width: Int) in
                            SplitLayout.equalItemWidth(count: count, columnWidth: width, inset: inset, spacing: spacing)
                                >= 1
                        }
                        #expect(
                            fits(need) && !fits(need - 1),
                            "insets \(left)+\(right), \(count) per line, spacing \(spacing)")
                    }
                }
            }
        }
    }

    @Test("the narrowest column is the most any section needs, with its own inset and spacing")
    func narrowestOverSections() {
        let parameters = LayoutParameters(interItemSpacing: 1, sectionInset: EdgeInsets(left: 1, right: 1))
        #expect(ColumnRoom(sections: [], parameters: parameters).narrowest == 1)
        let plain = SectionSpec(items: .uniform(count: 3, size: ItemSize(width: 4, height: 1)))
        #expect(ColumnRoom(sections: [plain], parameters: parameters).narrowest == 3)
        var ownInset = plain
        ownInset.inset = EdgeInsets(left: 10, right: 4)
        #expect(ColumnRoom(sections: [plain, ownInset], parameters: parameters).narrowest == 15)
        // per_line 5 with spacing 1: 5 + 4 cells, and the insets.
        let perLine = SectionSpec(items: .uniform(count: 3, size: ItemSize(width: .perLine(5), height: 1)))
        #expect(ColumnRoom(sections: [plain, perLine], parameters: parameters).narrowest == 11)
        var ownSpacing = perLine
        ownSpacing.interItemSpacing = 3
        #expect(ColumnRoom(sections: [ownSpacing], parameters: parameters).narrowest == 19)
        // In a section of varying sizes, the items with no width of their own.
        let varying = SectionSpec(
            items: .varying([ItemSize(width: 7, height: 1), ItemSize(width: .perLine(3), height: 1)]))
        #expect(ColumnRoom(sections: [varying], parameters: parameters).narrowest == 7)
        // A row's cards take the card size: per_line asks nothing of its column.
        var row = perLine
        row.row = RowSpec(cardWidth: 6, cardHeight: 1)
        #expect(ColumnRoom(sections: [row], parameters: parameters).narrowest == 3)
    }

    @Test("issue 25: ratio 0.837 and insets 2 + 3 split where both columns have room, else one column")
    func issueConfiguration() {
        let room = ColumnRoom(narrowest: ColumnRoom.need(inset: issueInset, itemsPerLine: 0, spacing: 0))
        // At 20 columns the split would be 16 and 4 cells: one column.
        #expect(SplitLayout.columns(width: 20, leftRatio: 0.837, splitSpacing: 0).map(\.width) == [16, 4])
        #expect(room.columns(width: 20, leftRatio: 0.837, splitSpacing: 0) == [Column(side: .left, x: 0, width: 20)])
        #expect(
            room.columns(width: 117, leftRatio: 0.837, splitSpacing: 0)
                == [Column(side: .left, x: 0, width: 97), Column(side: .right, x: 97, width: 20)])
        // Two columns from 31 on: 25 and 6 cells (at 30 the right one would be 5).
        let splitFrom = (20...300).first { room.columns(width: $0, leftRatio: 0.837, splitSpacing: 0).count == 2 }
        #expect(splitFrom == 31)
        // per_line = 4 needs 9 cells: two columns from 50 on (41 and 9).
        let perLine = ColumnRoom(narrowest: ColumnRoom.need(inset: issueInset, itemsPerLine: 4, spacing: 0))
        #expect(perLine.narrowest == 9)
        #expect((20...300).first { perLine.columns(width: $0, leftRatio: 0.837, splitSpacing: 0).count == 2 } == 50)
    }

    @Test("at every width, two columns each at least the narrowest, or one of the whole width")
    func columnsEverywhere() {
        for narrowest in [1, 3, 6, 9, 40] {
            let room = ColumnRoom(narrowest: narrowest)
            for ratio in [0.1, 0.3, 0.5, 0.837, 0.99] {
                for spacing in [0, 2, 7] {
                    for width in 0...300 {
                        let split = SplitLayout.columns(width: width, leftRatio: ratio, splitSpacing: spacing)
                        let columns = room.columns(width: width, leftRatio: ratio, splitSpacing: spacing)
                        if split.allSatisfy({ $0.width >= narrowest }) {
                            #expect(columns == split)
                        } else {
                            #expect(columns == [Column(side: .left, x: 0, width: width)])
                        }
                    }
                }
            }
        }
    }

    @Test("fitted parameters: the ratio where it splits with room, 1 where it would not; one column stays")
    func fitted() {
        let room = ColumnRoom(narrowest: 6)
        let parameters = LayoutParameters(leftRatio: 0.837, splitSpacing: 0)
        #expect(room.fitted(parameters, width: 117) == parameters)
        #expect(room.fitted(parameters, width: 20).leftRatio == 1)
        #expect(room.fitted(LayoutParameters(leftRatio: 0), width: 3).leftRatio == 0)
        #expect(room.fitted(LayoutParameters(leftRatio: 1), width: 3).leftRatio == 1)
        // Laid out with them, no column is narrower than the room (or the layout is one column).
        let specs = [SectionSpec(items: .uniform(count: 5, size: ItemSize(width: 2, height: 1)), inset: issueInset)]
        for width in 20...300 {
            let layout = SplitLayout(sections: specs, parameters: room.fitted(parameters, width: width), width: width)
            #expect(layout.columns.allSatisfy { $0.width >= 6 }, "at \(width): \(layout.columns)")
            #expect(layout.frame(of: ItemPath(section: 0, item: 0)).map { $0.width >= 1 } == true)
        }
        #expect(room.holdsItems(width: 6) && !room.holdsItems(width: 5))
    }
}
