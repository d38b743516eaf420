import Testing
@testable import SplitLayout

/// Pinned headers: y = min(max(offset, natural y), itemsArea.maxY - headerHeight), per column.
@Suite("Pinned headers")
struct PinningTests {
    /// One 10-wide column.
    /// Section 0: header 0..<2, five lines 2..<7, footer 7..<8.
    /// Section 1: header 8..<9, three lines 9..<12.
    func single(pin: Bool = true) -> SplitLayout {
        layout(
            [
                SectionSpec(items: uniform(5, 10, 1), headerHeight: 2, footerHeight: 1),
                SectionSpec(items: uniform(3, 10, 1), headerHeight: 1),
            ],
            width: 10, pin: pin)
    }

    @Test("sticks to the top and is pushed up by the end of its section")
    func formula() {
        let l = single()
        #expect(l.sections[0].itemsArea == rect(0, 2, 10, 5))
        let expected0 = [(-3, 0), (0, 0), (1, 1), (3, 3), (5, 5), (6, 5), (7, 5), (100, 5)]
        for (offset, y) in expected0 {
            #expect(l.pinnedHeaderY(section: 0, offset: offset) == y, "offset \(offset)")
        }
        let expected1 = [(0, 8), (3, 8), (8, 8), (10, 10), (11, 11), (12, 11), (50, 11)]
        for (offset, y) in expected1 {
            #expect(l.pinnedHeaderY(section: 1, offset: offset) == y, "offset \(offset)")
        }
    }

    @Test("pinHeaders false leaves every header at its natural row")
    func notPinned() {
        let l = single(pin: false)
        for offset in [-3, 0, 3, 6, 9, 11, 40] {
            #expect(l.pinnedHeaderY(section: 0, offset: offset) == 0)
            #expect(l.pinnedHeaderY(section: 1, offset: offset) == 8)
        }
        #expect(l.elements(in: rect(0, 4, 10, 1)).map(\.kind) == [.item])
    }

    @Test("a header over an empty items area, or no header, does not move")
    func nothingToPinOver() {
        let l = layout(
            [
                SectionSpec(items: uniform(0, 1, 1), headerHeight: 2),
                SectionSpec(items: uniform(4, 10, 1)),
            ], width: 10, pin: true)
        for offset in [0, 1, 2, 3, 10] {
            #expect(l.pinnedHeaderY(section: 0, offset: offset) == 0)
            #expect(l.pinnedHeaderY(section: 1, offset: offset) == 2)
        }
    }

    @Test("both columns pin a header at once")
    func bothColumns() {
        // width 21, ratio 0.5, spacing 1: left 0..<10, right 11..<21.
        // Left: header 0..<1, ten lines 1..<11. Right: header 0..<2, six lines 2..<8, footer 8..<9.
        let l = layout(
            [
                SectionSpec(items: uniform(10, 10, 1), headerHeight: 1),
                SectionSpec(items: uniform(6, 10, 1), headerHeight: 2, footerHeight: 1),
            ],
            width: 21, ratio: 0.5, splitSpacing: 1, pin: true)
        let at3 = l.elements(in: rect(0, 3, 21, 4)).filter { $0.kind == .header }
        #expect(at3.map(\.section) == [0, 1])
        #expect(at3.map(\.pinnedY) == [3, 3])
        #expect(at3.map(\.drawnFrame) == [rect(0, 3, 10, 1), rect(11, 3, 10, 2)])
        #expect(at3.map(\.frame) == [rect(0, 0, 10, 1), rect(11, 0, 10, 2)])
        // At 7 the right header has been pushed up by its footer; the left one still sticks.
        let at7 = l.elements(in: rect(0, 7, 21, 4)).filter { $0.kind == .header }
        #expect(at7.map(\.pinnedY) == [7, 6])
        #expect(l.element(at: Point(x: 12, y: 7), offset: 7)?.kind == .header)
        #expect(l.element(at: Point(x: 12, y: 8), offset: 7)?.kind == .footer)
        // Once the right section has scrolled away, only the left header is left.
        #expect(l.elements(in: rect(0, 9, 21, 2)).filter { $0.kind == .header }.map(\.section) == [0])
    }

    @Test("footers never pin")
    func footersNeverPin() {
        let l = single()
        for offset in [0, 3, 6, 7] {
            let footers = l.elements(in: rect(0, offset, 10, 3)).filter { $0.kind == .footer }
            for footer in footers {
                #expect(footer.pinnedY == nil)
                #expect(footer.drawnFrame == rect(0, 7, 10, 1))
            }
        }
        // Scrolled past, the footer is simply gone.
        #expect(l.elements(in: rect(0, 8, 10, 3)).allSatisfy { $0.kind != .footer })
    }

    @Test("the visible query tests headers by their pinned rectangle")
    func visibleUsesPinnedRectangle() {
        let l = single()
        // Rows 6..<9: header 0 pinned at 5 (pushed up), item 4 at 6, footer 7, header 1 at 8.
        let v = l.elements(in: rect(0, 6, 10, 3))
        #expect(v.count == 4)
        #expect(
            Set(v.map { "\($0.kind):\($0.section):\($0.item ?? -1):\($0.drawnFrame)" }) == [
                "header:0:-1:(0,5 10x2)", "item:0:4:(0,6 10x1)", "footer:0:-1:(0,7 10x1)", "header:1:-1:(0,8 10x1)",
            ])
        // Row 4 only: the natural header (rows 0..<2) is off screen but the pinned one is on it.
        let row4 = l.elements(in: rect(0, 4, 10, 1))
        #expect(Set(row4.map(\.kind)) == [.header, .item])
        #expect(row4.first { $0.kind == .header }?.pinnedY == 4)
    }

    @Test("a pinned header is on top of the items under it")
    func pinnedHeaderIsHitFirst() {
        let pinned = single()
        #expect(pinned.element(at: Point(x: 0, y: 3), offset: 3)?.kind == .header)
        #expect(pinned.element(at: Point(x: 9, y: 4), offset: 3)?.kind == .header)
        #expect(pinned.element(at: Point(x: 0, y: 5), offset: 3) == path(0, 3).asItemElement(in: pinned))
        // Where the header used to be there is nothing drawn any more (rows 0..<2 scrolled off).
        #expect(pinned.element(at: Point(x: 0, y: 3), offset: 0)?.item == 1)
        let unpinned = single(pin: false)
        #expect(unpinned.element(at: Point(x: 0, y: 3), offset: 3)?.item == 1)
        #expect(unpinned.element(at: Point(x: 0, y: 1), offset: 3)?.kind == .header)
    }
}

extension ItemPath {
    /// The element the layout reports for this item.
    func asItemElement(in layout: SplitLayout) -> LayoutElement? {
        guard let frame = layout.frame(of: self) else { return nil }
        return LayoutElement(
            kind: .item, section: section, item: item,
            side: layout.sections[section].side, frame: frame, pinnedY: nil)
    }
}
