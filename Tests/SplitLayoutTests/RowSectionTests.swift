import Testing

@testable import SplitLayout

/// A grid of 6 items 10 x 2 above a row of 20 cards 20 x 5 (gap 2), both with a header of 1, in
/// one column 80 wide; the row has an inset of 1 all round and a footer of 1.
private func gridAndRow(behavior: RowBehavior = .groupPaging, pin: Bool = false) -> SplitLayout {
    layout(
        [
            SectionSpec(items: uniform(6, 10, 2), headerHeight: 1),
            SectionSpec(
                items: uniform(20, 1, 1), headerHeight: 1, footerHeight: 1, inset: EdgeInsets(all: 1),
                hasBackground: true,
                row: RowSpec(cardWidth: 20, cardHeight: 5, gap: 2, behavior: behavior)),
        ], width: 80, pin: pin)
}

@Suite("Row sections in the split layout")
struct RowSectionTests {
    @Test("a row section is one card high, with its header, insets and footer as a grid's")
    func placement() {
        let layout = gridAndRow()
        // Grid: header 1 + one line of 6 x 10 (80 wide holds 8) 2 high = rows 0..<3.
        #expect(layout.sections[0].frame == rect(0, 0, 80, 3))
        // Row: header at 3, inset 1, cards at 5..<10, inset 1, footer at 11.
        let row = layout.sections[1]
        #expect(row.frame == rect(0, 3, 80, 9))
        #expect(row.row?.frame == rect(1, 5, 78, 5))
        #expect(row.itemsArea == rect(0, 4, 80, 7))
        #expect(row.footerFrame == rect(0, 11, 80, 1))
        #expect(row.lineCount == 1 && row.itemCount == 20)
        #expect(layout.contentHeight == 12)
    }

    @Test("the queries see the cards that meet the row at its offset, and no other")
    func elementsAtOffset() {
        var layout = gridAndRow()
        let cards = { (layout: SplitLayout) in
            layout.elements(in: rect(0, 0, 80, 40)).filter { $0.kind == .item && $0.section == 1 }
        }
        #expect(cards(layout).map(\.item) == [0, 1, 2, 3])
        #expect(cards(layout).first?.frame == rect(1, 5, 20, 5))
        layout.setRowOffset(33, section: 1)
        #expect(layout.rowOffset(section: 1) == 33)
        // Card 1 at 22 - 33 = -11 (cut), card 4 at 88 - 33 = 55, card 5 at 77 (past 78? no: meets).
        #expect(cards(layout).map(\.item) == [1, 2, 3, 4, 5])
        #expect(layout.frame(of: path(1, 2)) == rect(12, 5, 20, 5))
        // Clamped to the last card's resting place, 19 x 22 = 418.
        layout.setRowOffset(10_000, section: 1)
        #expect(layout.rowOffset(section: 1) == 418)
        // A grid has no offset to set.
        layout.setRowOffset(5, section: 0)
        #expect(layout.rowOffset(section: 0) == 0)
    }

    @Test("a click finds the card under it at the row's offset")
    func hitTest() {
        var layout = gridAndRow()
        layout.setRowOffset(44, section: 1)
        #expect(layout.element(at: Point(x: 2, y: 6), offset: 0)?.item == 2)
        #expect(layout.element(at: Point(x: 24, y: 6), offset: 0)?.item == 3)
        // The gap between cards is the row's background.
        #expect(layout.element(at: Point(x: 21, y: 6), offset: 0)?.kind == .background)
    }

    @Test("Up and Down enter a row on its current page; Left and Right step one card")
    func navigation() {
        var layout = gridAndRow()
        layout.setRowOffset(66, section: 1)
        #expect(layout.neighbour(of: path(0, 5), .down) == path(1, 3))
        // Up to the grid's item nearest the card's centre (card at x 1, 20 wide: item 1).
        #expect(layout.neighbour(of: path(1, 3), .up) == path(0, 1))
        #expect(layout.neighbour(of: path(1, 3), .right) == path(1, 4))
        #expect(layout.neighbour(of: path(1, 3), .left) == path(1, 2))
        #expect(layout.neighbour(of: path(1, 19), .right) == nil)
        #expect(layout.neighbour(of: path(1, 3), .down) == nil)
    }

    @Test("a row's header pins while its section is on screen")
    func pinning() {
        let layout = gridAndRow(pin: true)
        #expect(layout.pinnedHeaderY(section: 1, offset: 6) == 6)
        // Pushed up by the end of the items area (row 11): 11 - 1 = 10.
        #expect(layout.pinnedHeaderY(section: 1, offset: 20) == 10)
    }

    @Test("at a new width a row keeps its current page")
    func relayoutKeepsPage() {
        var layout = gridAndRow(behavior: .groupPagingCentered)
        layout.setRowOffset(layout.sections[1].row!.restingOffset(ofPage: 7), section: 1)
        let narrow = layout.relayout(width: 40)
        let row = narrow.sections[1].row!
        #expect(row.page(offset: narrow.rowOffset(section: 1)) == 7)
        #expect(row.progress(ofCard: 7, offset: narrow.rowOffset(section: 1)) == 0)
    }

    @Test("a row of a million cards is placed and queried as one of ten")
    func millionCards() {
        var layout = layout(
            [SectionSpec(items: uniform(1_000_000, 1, 1), row: RowSpec(cardWidth: 20, cardHeight: 5, gap: 2))],
            width: 80)
        layout.setRowOffset(22 * 500_000, section: 0)
        let cards = layout.elements(in: rect(0, 0, 80, 10)).filter { $0.kind == .item }
        #expect(cards.map(\.item) == [500_000, 500_001, 500_002, 500_003])
        #expect(layout.byteCount < 4_096)
    }
}
