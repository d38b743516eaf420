import Testing
@testable import SplitLayout

/// Placing a section: flow wrap, spacing, insets, clamping, zero-size items, empty sections,
/// content height, background, line height normalization, item widths.
@Suite("Placement")
struct PlacementTests {
    /// The same sizes as a uniform section and as a varying one: both must place identically.
    func bothForms(_ count: Int, _ width: Int, _ height: Int) -> [SectionItems] {
        [uniform(count, width, height), .varying(Array(repeating: size(width, height), count: count))]
    }

    @Test("flow: inter-item spacing, wrap, line spacing")
    func flowSpacing() {
        for items in bothForms(5, 5, 2) {
            let l = layout([SectionSpec(items: items)], width: 20, spacing: 1, lineSpacing: 1)
            // x 0, 6, 12; 18 + 5 = 23 > 20 wraps; next line at 0 + 2 + 1.
            #expect(
                l.itemFrames(0) == [
                    rect(0, 0, 5, 2), rect(6, 0, 5, 2), rect(12, 0, 5, 2),
                    rect(0, 3, 5, 2), rect(6, 3, 5, 2),
                ])
            #expect(l.sections[0].frame == rect(0, 0, 20, 5))
            #expect(l.sections[0].lineCount == 2)
            #expect(l.contentHeight == 5)
        }
    }

    @Test("wrap is strictly greater: an exact fit stays on the line")
    func exactFit() {
        for items in bothForms(5, 5, 1) {
            // 15 + 5 = 20 is not > 20: four on the first line.
            let l = layout([SectionSpec(items: items)], width: 20)
            #expect(l.itemFrames(0).map { $0!.y } == [0, 0, 0, 0, 1])
            #expect(l.frame(of: path(0, 3)) == rect(15, 0, 5, 1))
        }
        for items in bothForms(5, 5, 1) {
            // With spacing 1: x 0, 6, 12, 18 and 18 + 5 = 23 fits a 23-wide column exactly...
            #expect(
                layout([SectionSpec(items: items)], width: 23, spacing: 1).itemFrames(0).map { $0!.y }
                    == [0, 0, 0, 0, 1])
            // ...but not a 22-wide one.
            #expect(
                layout([SectionSpec(items: items)], width: 22, spacing: 1).itemFrames(0).map { $0!.y }
                    == [0, 0, 0, 1, 1])
        }
        // The trailing spacing after the last item of a line does not count.
        let v = layout([SectionSpec(items: varying([(4, 1), (5, 1), (9, 1)]))], width: 10, spacing: 1)
        #expect(v.itemFrames(0) == [rect(0, 0, 4, 1), rect(5, 0, 5, 1), rect(0, 1, 9, 1)])
    }

    @Test("section inset: items inside it, header above, footer below, exact fit at the right inset")
    func insets() {
        let inset = EdgeInsets(top: 2, left: 2, bottom: 3, right: 3)
        for items in bothForms(4, 5, 1) {
            let l = layout([SectionSpec(items: items, headerHeight: 1, footerHeight: 2)], width: 20, inset: inset)
            let s = l.sections[0]
            // Room 2..<17: x 2, 7, 12 (12 + 5 = 17 fits), then a new line.
            #expect(l.itemFrames(0) == [rect(2, 3, 5, 1), rect(7, 3, 5, 1), rect(12, 3, 5, 1), rect(2, 4, 5, 1)])
            #expect(s.headerFrame == rect(0, 0, 20, 1))
            #expect(s.itemsArea == rect(0, 1, 20, 7))
            #expect(s.footerFrame == rect(0, 8, 20, 2))
            #expect(s.frame == rect(0, 0, 20, 10))
            #expect(l.contentHeight == 10)
        }
    }

    @Test("per-section inset, spacing and line spacing override the parameters")
    func sectionOverrides() {
        let sections = [
            SectionSpec(items: uniform(3, 5, 1), inset: .zero, interItemSpacing: 1, lineSpacing: 0),
            SectionSpec(items: varying([(1, 1), (1, 1)])),
        ]
        let l = layout(sections, width: 11, spacing: 5, lineSpacing: 5, inset: EdgeInsets(all: 4))
        // Overridden: x 0, 6 (6 + 5 = 11 fits), next line directly below.
        #expect(l.itemFrames(0) == [rect(0, 0, 5, 1), rect(6, 0, 5, 1), rect(0, 1, 5, 1)])
        #expect(l.sections[0].frame == rect(0, 0, 11, 2))
        // Parameters: inset 4, so room 4..<7; 4 + 1 + 5 = 10 wraps; lines 1 + 5 apart.
        #expect(l.itemFrames(1) == [rect(4, 6, 1, 1), rect(4, 12, 1, 1)])
        #expect(l.sections[1].frame == rect(0, 2, 11, 15))
        #expect(l.contentHeight == 17)
        // A negative override counts as 0.
        let negative = layout(
            [SectionSpec(items: uniform(2, 2, 1), interItemSpacing: -3, lineSpacing: -2)],
            width: 3)
        #expect(negative.itemFrames(0) == [rect(0, 0, 2, 1), rect(0, 1, 2, 1)])
    }

    // Regression: the original let a too-wide item overflow and, when it was a section's first
    // item, left an empty line before it.
    @Test("an item wider than the room is clamped and starts on the first line")
    func clampedItems() {
        let inset = EdgeInsets(top: 1, left: 1, bottom: 0, right: 1)
        let first = layout([SectionSpec(items: varying([(30, 2), (5, 1)]), headerHeight: 1)], width: 20, inset: inset)
        // Room 1..<19, 18 cells. The first item fills it on the first line (y = 1 + 1).
        #expect(first.itemFrames(0) == [rect(1, 2, 18, 2), rect(1, 4, 5, 1)])
        #expect(first.sections[0].frame == rect(0, 0, 20, 5))

        let middle = layout(
            [SectionSpec(items: varying([(5, 1), (30, 1), (5, 1)]))], width: 20, spacing: 1,
            inset: inset)
        #expect(middle.itemFrames(0) == [rect(1, 1, 5, 1), rect(1, 2, 18, 1), rect(1, 3, 5, 1)])

        let u = layout([SectionSpec(items: uniform(3, 50, 1))], width: 20, inset: inset)
        #expect(u.itemFrames(0) == [rect(1, 1, 18, 1), rect(1, 2, 18, 1), rect(1, 3, 18, 1)])
        let huge = layout([SectionSpec(items: uniform(2, .max, 1))], width: 7, spacing: 1)
        #expect(huge.itemFrames(0) == [rect(0, 0, 7, 1), rect(0, 1, 7, 1)])
    }

    @Test("zero-size items take no space and are neither drawn nor hit")
    func zeroSizeItems() {
        let l = layout(
            [SectionSpec(items: varying([(0, 2), (5, 1), (0, 3), (5, 0), (5, 1), (0, 0), (-4, 1)]))],
            width: 20, spacing: 1)
        // No spacing is added for the skipped items, and their heights do not count.
        #expect(l.itemFrames(0) == [nil, rect(0, 0, 5, 1), nil, nil, rect(6, 0, 5, 1), nil, nil])
        #expect(l.sections[0].itemCount == 7)
        #expect(l.sections[0].lineCount == 1)
        #expect(l.sections[0].frame.height == 1)
        let all = l.elements(in: rect(0, 0, 20, 10))
        #expect(all.map(\.item) == [1, 4])
        #expect(l.element(at: Point(x: 5, y: 0), offset: 0) == nil)
        #expect(l.element(at: Point(x: 6, y: 0), offset: 0)?.item == 4)

        // A uniform section of zero-size items is an empty section, but keeps its item count.
        for items in [uniform(5, 0, 2), uniform(5, 3, 0), uniform(5, -1, 1)] {
            let u = layout(
                [SectionSpec(items: items, headerHeight: 1, inset: EdgeInsets(top: 1, bottom: 1))],
                width: 20)
            #expect(u.sections[0].itemCount == 5)
            #expect(u.sections[0].lineCount == 0)
            #expect(u.itemFrames(0) == [nil, nil, nil, nil, nil])
            #expect(u.sections[0].frame == rect(0, 0, 20, 3))
            #expect(u.elements(in: rect(0, 0, 20, 3)).map(\.kind) == [.header])
        }
        // An item in a column with no room (insets wider than the column) is not drawn either.
        let noRoom = layout([SectionSpec(items: varying([(3, 1)]), inset: EdgeInsets(left: 6, right: 6))], width: 10)
        #expect(noRoom.itemFrames(0) == [nil])
    }

    // Regression: the original hid the header and footer of an empty section.
    @Test("an empty section takes inset.top + inset.bottom and keeps header and footer")
    func emptySection() {
        let sections = [
            SectionSpec(
                items: uniform(0, 3, 1), headerHeight: 2, footerHeight: 1,
                inset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 2), hasBackground: true),
            SectionSpec(items: .varying([]), headerHeight: 1),
            SectionSpec(items: uniform(0, 1, 1)),
            SectionSpec(items: uniform(1, 1, 1)),
        ]
        let l = layout(sections, width: 12)
        let s = l.sections[0]
        #expect(s.headerFrame == rect(0, 0, 12, 2))
        #expect(s.itemsArea == rect(0, 2, 12, 4))
        #expect(s.backgroundFrame == rect(0, 2, 12, 4))
        #expect(s.footerFrame == rect(0, 6, 12, 1))
        #expect(s.frame == rect(0, 0, 12, 7))
        #expect(l.sections[1].frame == rect(0, 7, 12, 1))
        #expect(l.sections[2].frame == rect(0, 8, 12, 0))
        #expect(l.frame(of: path(3, 0)) == rect(0, 8, 1, 1))
        #expect(l.contentHeight == 9)
        let kinds = l.elements(in: rect(0, 0, 12, 9)).map { "\($0.kind):\($0.section)" }
        #expect(Set(kinds) == ["background:0", "header:0", "footer:0", "header:1", "item:3"])
        #expect(kinds.count == 5)
    }

    // Regression: the original counted the bottom inset twice.
    @Test("content height counts the bottom inset once")
    func bottomInsetOnce() {
        let inset = EdgeInsets(top: 1, left: 0, bottom: 3, right: 0)
        #expect(layout([SectionSpec(items: uniform(1, 4, 2))], width: 10, inset: inset).contentHeight == 6)
        // Two lines, line spacing 1: 1 + 2 + 1 + 2 + 3.
        #expect(
            layout([SectionSpec(items: uniform(2, 6, 2))], width: 10, lineSpacing: 1, inset: inset)
                .contentHeight == 9)
        // The next section starts right after the bottom inset (and the footer).
        let two = layout(
            [SectionSpec(items: uniform(1, 4, 2), footerHeight: 1), SectionSpec(items: uniform(1, 4, 1))],
            width: 10, inset: inset)
        #expect(two.frame(of: path(1, 0)) == rect(0, 8, 4, 1))
        #expect(two.contentHeight == 12)
    }

    @Test("content height is the taller column's")
    func contentHeightTallerColumn() {
        let tall = SectionSpec(items: uniform(10, 10, 1))
        let short = SectionSpec(items: uniform(4, 10, 1))
        #expect(layout([tall, short], width: 21, ratio: 0.5, splitSpacing: 1).contentHeight == 10)
        #expect(layout([short, tall], width: 21, ratio: 0.5, splitSpacing: 1).contentHeight == 10)
        #expect(layout([short, tall, short], width: 21, ratio: 0.5, splitSpacing: 1).contentHeight == 10)
        #expect(layout([short, tall, short, short], width: 21, ratio: 0.5, splitSpacing: 1).contentHeight == 14)
        #expect(layout([], width: 21, ratio: 0.5).contentHeight == 0)
    }

    @Test("background: the items area over the full column width, only when asked for")
    func background() {
        // width 41, ratio 0.5, spacing 1: left 0..<20, right 21..<41.
        let sections = [
            SectionSpec(items: uniform(1, 3, 2), headerHeight: 1, footerHeight: 2, inset: EdgeInsets(all: 1)),
            SectionSpec(
                items: uniform(1, 3, 2), headerHeight: 1, footerHeight: 2, inset: EdgeInsets(all: 1),
                hasBackground: true),
        ]
        let l = layout(sections, width: 41, ratio: 0.5, splitSpacing: 1)
        #expect(l.sections[0].backgroundFrame == nil)
        #expect(l.sections[1].backgroundFrame == rect(21, 1, 20, 4))
        #expect(l.sections[1].itemsArea == rect(21, 1, 20, 4))
        #expect(l.sections[1].footerFrame == rect(21, 5, 20, 2))
        #expect(l.frame(of: path(1, 0)) == rect(22, 2, 3, 2))
        let backgrounds = l.elements(in: rect(0, 0, 41, 7)).filter { $0.kind == .background }
        #expect(backgrounds.map(\.section) == [1])
        #expect(backgrounds.first?.frame == rect(21, 1, 20, 4))
        #expect(l.element(at: Point(x: 30, y: 4), offset: 0)?.kind == .background)
        #expect(l.element(at: Point(x: 21, y: 1), offset: 0)?.kind == .background)
        #expect(l.element(at: Point(x: 22, y: 2), offset: 0)?.kind == .item)
        #expect(l.element(at: Point(x: 10, y: 4), offset: 0) == nil)
    }

    @Test("line height normalization", arguments: [false, true])
    func normalization(normalize: Bool) {
        let sections = [SectionSpec(items: varying([(3, 1), (3, 3), (3, 2), (3, 2), (0, 5), (3, 1)]))]
        let l = layout(sections, width: 11, spacing: 1, lineSpacing: 1, normalize: normalize)
        // Line 0: x 0, 4, 8 (8 + 3 = 11 fits), tallest 3; line 1 at 3 + 1: x 0, zero-size (its
        // height does not count), 4; tallest 2.
        let heights = normalize ? [3, 3, 3, 2, 2] : [1, 3, 2, 2, 1]
        let expected: [Rect?] = [
            rect(0, 0, 3, heights[0]), rect(4, 0, 3, heights[1]), rect(8, 0, 3, heights[2]),
            rect(0, 4, 3, heights[3]), nil, rect(4, 4, 3, heights[4]),
        ]
        #expect(l.itemFrames(0) == expected)
        // The line advance is the tallest height either way: 3 + 1 + 2.
        #expect(l.sections[0].frame.height == 6)
        // A uniform section is unchanged by normalization.
        let u = layout([SectionSpec(items: uniform(3, 4, 2))], width: 9, spacing: 1, normalize: normalize)
        #expect(u.itemFrames(0) == [rect(0, 0, 4, 2), rect(5, 0, 4, 2), rect(0, 2, 4, 2)])
    }

    @Test("equalItemWidth = floor((width - insets - spacing x (n - 1)) / n), 0 for n <= 0")
    func equalItemWidth() {
        let inset = EdgeInsets(top: 9, left: 1, bottom: 9, right: 1)
        #expect(SplitLayout.equalItemWidth(count: 3, columnWidth: 20, inset: inset, spacing: 2) == 4)  // 14 / 3
        #expect(SplitLayout.equalItemWidth(count: 1, columnWidth: 20, inset: .zero, spacing: 5) == 20)
        #expect(SplitLayout.equalItemWidth(count: 4, columnWidth: 10, inset: .zero, spacing: 1) == 1)  // 7 / 4
        #expect(SplitLayout.equalItemWidth(count: 2, columnWidth: 10, inset: .zero, spacing: 0) == 5)
        #expect(SplitLayout.equalItemWidth(count: 0, columnWidth: 20, inset: .zero, spacing: 1) == 0)
        #expect(SplitLayout.equalItemWidth(count: -2, columnWidth: 20, inset: .zero, spacing: 1) == 0)
        // Not enough room: never negative.
        #expect(SplitLayout.equalItemWidth(count: 5, columnWidth: 3, inset: .zero, spacing: 1) == 0)
        // N items of that width always fit on one line.
        for n in 1...12 {
            for width in 0...60 {
                let w = SplitLayout.equalItemWidth(count: n, columnWidth: width, inset: inset, spacing: 1)
                if w > 0 { #expect(n * w + (n - 1) <= width - 2) }
            }
        }
    }

    @Test("ItemWidth.perLine uses equalItemWidth for its own column")
    func perLineWidths() {
        // width 101, ratio 0.3, spacing 1: left 0..<30, right 31..<101.
        let sections = [
            SectionSpec(items: .uniform(count: 4, size: ItemSize(width: .perLine(3), height: 1))),
            SectionSpec(items: .varying(Array(repeating: ItemSize(width: .perLine(3), height: 1), count: 4))),
            SectionSpec(
                items: .uniform(count: 3, size: ItemSize(width: .perLine(3), height: 1)),
                inset: EdgeInsets(left: 2, right: 2), interItemSpacing: 3),
        ]
        let l = layout(sections, width: 101, ratio: 0.3, splitSpacing: 1, spacing: 1)
        // Left: (30 - 2) / 3 = 9.
        #expect(l.itemFrames(0) == [rect(0, 0, 9, 1), rect(10, 0, 9, 1), rect(20, 0, 9, 1), rect(0, 1, 9, 1)])
        // Right: (70 - 2) / 3 = 22.
        #expect(l.itemFrames(1) == [rect(31, 0, 22, 1), rect(54, 0, 22, 1), rect(77, 0, 22, 1), rect(31, 1, 22, 1)])
        // With the section's own inset and spacing: (30 - 4 - 6) / 3 = 6.
        #expect(l.itemFrames(2) == [rect(2, 2, 6, 1), rect(11, 2, 6, 1), rect(20, 2, 6, 1)])
        // perLine(0) is a zero-size item.
        let zero = layout(
            [SectionSpec(items: .varying([ItemSize(width: .perLine(0), height: 1), size(2, 1)]))],
            width: 10)
        #expect(zero.itemFrames(0) == [nil, rect(0, 0, 2, 1)])
    }

    @Test("perLine n puts n items on a line, though their rounded-down width would let more fit")
    func perLineIsACount() {
        // 15 cells of room, 4 per line, no spacing: 3-cell items, of which 5 would fit.
        let l = layout(
            [SectionSpec(items: .uniform(count: 9, size: ItemSize(width: .perLine(4), height: 1)))], width: 15,
            spacing: 0)
        let frames = l.itemFrames(0).compactMap { $0 }
        #expect(frames.map(\.y) == [0, 0, 0, 0, 1, 1, 1, 1, 2])
        #expect(frames.map(\.x) == [0, 3, 6, 9, 0, 3, 6, 9, 0])
    }

    @Test("perLine in a column too narrow for N items gives 1-cell items (engine choice), which wrap")
    func perLineNarrow() {
        // equalItemWidth is 0 here; the engine keeps the items visible as 1 cell.
        let l = layout(
            [SectionSpec(items: .uniform(count: 3, size: ItemSize(width: .perLine(3), height: 1)))],
            width: 2, spacing: 1)
        #expect(l.itemFrames(0) == [rect(0, 0, 1, 1), rect(0, 1, 1, 1), rect(0, 2, 1, 1)])
    }

    @Test("a varying section of equal sizes places exactly like the uniform one")
    func uniformEqualsVarying() {
        let widths: [ItemWidth] = [.cells(1), .cells(4), .cells(7), .cells(40), .cells(0), .perLine(3), .perLine(1)]
        for width in widths {
            for height in [0, 1, 3] {
                for count in [0, 1, 5, 17] {
                    let item = ItemSize(width: width, height: height)
                    func make(_ items: SectionItems) -> LayoutSnapshot {
                        LayoutSnapshot(
                            layout(
                                [
                                    SectionSpec(items: uniform(2, 3, 1)),
                                    SectionSpec(items: items, headerHeight: 1, inset: EdgeInsets(all: 1)),
                                ],
                                width: 31, ratio: 0.6, splitSpacing: 1, spacing: 1, lineSpacing: 1,
                                normalize: true))
                    }
                    #expect(
                        make(.uniform(count: count, size: item))
                            == make(.varying(Array(repeating: item, count: count))), "\(item) x \(count)")
                }
            }
        }
    }

    @Test func sectionItemsFrom() {
        #expect(SectionItems.from([]) == uniform(0, 0, 0))
        #expect(SectionItems.from([size(2, 1), size(2, 1)]) == uniform(2, 2, 1))
        #expect(SectionItems.from([size(2, 1), size(3, 1)]) == varying([(2, 1), (3, 1)]))
        #expect(varying([(2, 1), (3, 1), (4, 1)]).count == 3)
        #expect(uniform(7, 1, 1).count == 7)
        #expect(uniform(-2, 1, 1).count == 0)
    }
}

@Suite("Out-of-range inputs")
struct OutOfRangeInputTests {
    @Test("negative heights, counts, spacings and insets count as 0")
    func negativesAreZero() {
        let negative = layout(
            [
                SectionSpec(items: uniform(-3, 2, 1), headerHeight: -2, footerHeight: -1),
                SectionSpec(
                    items: uniform(3, 4, 1), inset: EdgeInsets(top: -1, left: -2, bottom: -3, right: -4),
                    interItemSpacing: -1, lineSpacing: -1),
            ],
            width: 10, ratio: 0.5, splitSpacing: -4)
        let zero = layout(
            [
                SectionSpec(items: uniform(0, 2, 1)),
                SectionSpec(items: uniform(3, 4, 1), inset: .zero),
            ],
            width: 10, ratio: 0.5, splitSpacing: 0)
        #expect(LayoutSnapshot(negative) == LayoutSnapshot(zero))
        // Right column 5..<10: 4-wide items one per line, inside the column.
        #expect(negative.itemFrames(1) == [rect(5, 0, 4, 1), rect(5, 1, 4, 1), rect(5, 2, 4, 1)])
        let negativeDefault = layout(
            [SectionSpec(items: varying([(4, 1), (4, 1)]))], width: 6,
            inset: EdgeInsets(top: -5, left: -5, bottom: -5, right: -5))
        #expect(negativeDefault.itemFrames(0) == [rect(0, 0, 4, 1), rect(0, 1, 4, 1)])
        #expect(negativeDefault.contentHeight == 2)
    }

    @Test("row look-ups in a column that does not exist answer nil")
    func unknownColumn() {
        let one = layout([SectionSpec(items: uniform(2, 2, 1))], width: 10)
        #expect(one.section(atRow: 0, columnIndex: 1) == nil)
        #expect(one.section(atRow: 0, columnIndex: -1) == nil)
        #expect(one.firstItem(atOrBelowRow: 0, columnIndex: 1) == nil)
        #expect(one.firstItem(atOrBelowRow: 0, columnIndex: 0) == path(0, 0))
    }
}
