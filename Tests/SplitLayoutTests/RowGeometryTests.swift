import Testing

@testable import SplitLayout

/// A row of `count` cards, 20 wide with a gap of 2 (stride 22), 5 high, in a row 80 wide at
/// (3, 10).
private func makeRow(
    count: Int = 10, width: Int = 80, cardWidth: Int? = 20, gap: Int = 2, peek: Int = 4,
    alignment: RowAlignment = .leading, behavior: RowBehavior = .groupPaging, visibleItems: Int? = nil,
    flickVelocity: Double = 0.05
) -> RowGeometry {
    RowGeometry(
        spec: RowSpec(
            cardWidth: cardWidth, cardHeight: 5, gap: gap, peek: peek, alignment: alignment, behavior: behavior,
            visibleItems: visibleItems, flickVelocity: flickVelocity),
        origin: Point(x: 3, y: 10), width: width, count: count)
}

@Suite("Row geometry")
struct RowGeometryTests {
    @Test("lead: 0 at the leading edge, the peek for the carousel, centred for the centred behaviour")
    func lead() {
        #expect(makeRow().lead == 0)
        #expect(makeRow(alignment: .peek).lead == 4)
        // floor((80 - 20) / 2) = 30; floor((81 - 20) / 2) = 30.
        #expect(makeRow(alignment: .centered).lead == 30)
        #expect(makeRow(width: 81, alignment: .centered).lead == 30)
        #expect(makeRow(behavior: .groupPagingCentered).lead == 30)
        // A card wider than the row takes the row's width.
        #expect(makeRow(width: 10, alignment: .centered).cardWidth == 10)
        #expect(makeRow(width: 10, alignment: .centered).lead == 0)
    }

    @Test("without a card width the card fills the row less a peek at each side")
    func cardWidthFromPeek() {
        #expect(makeRow(cardWidth: nil, peek: 4).cardWidth == 72)
        #expect(makeRow(width: 6, cardWidth: nil, peek: 4).cardWidth == 1)
    }

    @Test("card i's left edge is lead + i x stride - offset; its progress i - offset / stride")
    func cardPlaces() {
        let row = makeRow(alignment: .peek)
        #expect(row.stride == 22)
        #expect(row.cardX(0, offset: 0) == 4)
        #expect(row.cardX(2, offset: 0) == 48)
        #expect(row.cardX(2, offset: 11) == 37)
        #expect(row.cardFrame(2, offset: 11) == Rect(x: 40, y: 10, width: 20, height: 5))
        // Half a cell left of a cell edge is drawn from the cell it starts in.
        #expect(row.cardFrame(0, offset: 4.5) == Rect(x: 2, y: 10, width: 20, height: 5))
        #expect(row.progress(ofCard: 3, offset: 0) == 3)
        #expect(row.progress(ofCard: 3, offset: 33) == 1.5)
        #expect(row.progress(ofCard: 1, offset: 44) == -1)
    }

    @Test("the current page is the nearest card, clamped to the cards")
    func page() {
        let row = makeRow()
        #expect(row.page(offset: 0) == 0)
        #expect(row.page(offset: 10.9) == 0)
        #expect(row.page(offset: 11) == 1)  // 0.5 rounds away from zero
        #expect(row.page(offset: 44) == 2)
        #expect(row.page(offset: -100) == 0)
        #expect(row.page(offset: 10_000) == 9)
        #expect(row.page(offset: .nan) == 0)
        #expect(RowGeometryTests.emptyRow.page(offset: 5) == 0)
    }

    static let emptyRow = makeRow(count: 0)

    @Test("the cards drawn are those that meet the row")
    func visibleCards() {
        let row = makeRow()
        // At 0: cards at 0, 22, 44, 66 (66 + 20 > 80 still meets): 0..<4.
        #expect(row.visibleCards(offset: 0) == 0..<4)
        // At 21: card 0 spans [-21, -1), gone; card 4 at 67 meets: 1..<5.
        #expect(row.visibleCards(offset: 21) == 1..<5)
        // At 20: card 0 spans [-20, 0), gone (touching is not meeting).
        #expect(row.visibleCards(offset: 20) == 1..<5)
        #expect(row.visibleCards(offset: 19.5) == 0..<5)
        // The end: offset 198 shows cards 9 only... 9 x 22 - 198 = 0.
        #expect(row.visibleCards(offset: 198) == 9..<10)
        #expect(RowGeometryTests.emptyRow.visibleCards(offset: 0).isEmpty)
    }

    @Test("with visible items only the cards near the page are drawn")
    func visibleItems() {
        let row = makeRow(visibleItems: 3)
        #expect(row.visibleCards(offset: 0) == 0..<2)
        #expect(row.visibleCards(offset: 88) == 3..<6)
        #expect(row.visibleCards(offset: 198) == 8..<10)
    }

    @Test("the cost of a query follows the cards on screen: a million cards as ten")
    func millionCards() {
        let row = makeRow(count: 1_000_000)
        let offset = Double(500_000 * 22)
        #expect(row.visibleCards(offset: offset) == 500_000..<500_004)
        #expect(row.page(offset: offset) == 500_000)
        #expect(row.restingOffset(ofPage: 999_999) == Double(999_999 * 22))
    }

    @Test("how far each behaviour scrolls")
    func maxOffset() {
        // Content: 10 x 22 - 2 = 218 cells; the content-bounded behaviours stop with the last
        // card at the far edge (218 - 80 = 138); the group behaviours rest on every card.
        #expect(makeRow(behavior: .continuous).maxOffset == 138)
        #expect(makeRow(behavior: .leadingBoundary).maxOffset == 138)
        #expect(makeRow(behavior: .paging).maxOffset == 138)
        #expect(makeRow(behavior: .groupPaging).maxOffset == 198)
        #expect(makeRow(behavior: .groupPagingCentered).maxOffset == 198)
        // Cards that fit do not scroll.
        #expect(makeRow(count: 3, behavior: .continuous).maxOffset == 0)
    }

    @Test("where a released gesture rests, behaviour by behaviour")
    func restingPlaces() {
        // continuous: where it is, clamped.
        #expect(makeRow(behavior: .continuous).restingOffset(releasedAt: 37.5, startedAt: 30, velocity: 0) == 37.5)
        #expect(makeRow(behavior: .continuous).restingOffset(releasedAt: 500, startedAt: 30, velocity: 0) == 138)
        // leading-boundary: the nearest multiple of the stride (37 -> 44), the end clamped.
        #expect(makeRow(behavior: .leadingBoundary).restingOffset(releasedAt: 37, startedAt: 30, velocity: 0) == 44)
        #expect(makeRow(behavior: .leadingBoundary).restingOffset(releasedAt: 130, startedAt: 120, velocity: 0) == 132)
        #expect(makeRow(behavior: .leadingBoundary).restingOffset(releasedAt: 138, startedAt: 132, velocity: 0) == 138)
        // paging: multiples of the row's width (80): 50 -> 80; near the end, the end.
        #expect(makeRow(behavior: .paging).restingOffset(releasedAt: 50, startedAt: 0, velocity: 0) == 80)
        #expect(makeRow(behavior: .paging).restingOffset(releasedAt: 130, startedAt: 80, velocity: 0) == 138)
        // group-paging: one card: 30 -> 22.
        #expect(makeRow(behavior: .groupPaging).restingOffset(releasedAt: 30, startedAt: 22, velocity: 0) == 22)
    }

    @Test("snap and flick: the nearest card, or its neighbour after a fast gesture that stayed")
    func snapAndFlick() {
        let row = makeRow(behavior: .groupPaging, flickVelocity: 0.05)
        // A slow drag from card 2 (44) to 50 stays on 2; a fast one goes to 3.
        #expect(row.restingOffset(releasedAt: 50, startedAt: 44, velocity: 0.01) == 44)
        #expect(row.restingOffset(releasedAt: 50, startedAt: 44, velocity: 0.2) == 66)
        #expect(row.restingOffset(releasedAt: 40, startedAt: 44, velocity: -0.2) == 22)
        // A drag past the middle lands on the next card whatever the speed.
        #expect(row.restingOffset(releasedAt: 58, startedAt: 44, velocity: 0) == 66)
        // A fast gesture that already reached the next card does not go on to a third.
        #expect(row.restingOffset(releasedAt: 64, startedAt: 44, velocity: 1) == 66)
        // A long drag moves one card only.
        #expect(row.restingOffset(releasedAt: 130, startedAt: 44, velocity: 0) == 66)
        // No neighbour past the ends.
        #expect(row.restingOffset(releasedAt: 2, startedAt: 0, velocity: -1) == 0)
        #expect(row.restingOffset(releasedAt: 199, startedAt: 198, velocity: 1) == 198)
    }

    @Test("Left and Right flick exactly one resting place")
    func flick() {
        let row = makeRow(behavior: .groupPaging)
        #expect(row.flick(from: 44, direction: 1) == 66)
        #expect(row.flick(from: 44, direction: -1) == 22)
        #expect(row.flick(from: 0, direction: -1) == 0)
        #expect(row.flick(from: 198, direction: 1) == 198)
        #expect(makeRow(behavior: .paging).flick(from: 0, direction: 1) == 80)
        #expect(makeRow(behavior: .continuous).flick(from: 10, direction: 1) == 32)
    }

    @Test("the stack's headroom sits above the line of cards and belongs to the row")
    func headroom() {
        let row = RowGeometry(
            spec: RowSpec(cardWidth: 20, cardHeight: 5, headroom: 3), origin: Point(x: 0, y: 10), width: 80,
            count: 4)
        #expect(row.frame == Rect(x: 0, y: 13, width: 80, height: 5))
        #expect(row.area == Rect(x: 0, y: 10, width: 80, height: 8))
    }
}
