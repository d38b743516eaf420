// The compositional layout's pieces beyond sizes: a group's count (its member repeated exactly
// N times), a height as a fraction of the container's height, an item's content insets, the
// badges of items and groups (boundary supplementary items) and a group's background (a
// decoration item).

import Testing

@testable import SplitLayout

private func section(_ group: GroupLayout, count: Int, header: Int = 0, inset: EdgeInsets? = nil) -> SectionSpec {
    SectionSpec(
        items: .uniform(count: count, size: ItemSize(width: 1, height: 1)), headerHeight: header, inset: inset,
        group: group)
}

private func row(count: Int?, width: GroupDimension = .fraction(1), spacing: Int? = 1) -> GroupLayout {
    GroupLayout(
        direction: .horizontal, width: width, height: .cells(3),
        members: [.item(width: .cells(4), height: .fraction(1))], spacing: spacing, count: count)
}

@Suite("Compositional pieces: count, fractional height, insets, badges, group backgrounds")
struct CompositionalPiecesTests {
    @Test("a count repeats the member exactly N times, splitting the group's length less the spacing")
    func count() {
        // 30 cells, 3 of them with 1 cell between: 28 split evenly, 10, 9 and 9 (the member's
        // own 4 cells are not what counts).
        let layout = SplitLayout(
            sections: [section(row(count: 3), count: 7)], parameters: LayoutParameters(), width: 30)
        #expect(
            layout.itemFrames(0).prefix(4) == [
                rect(0, 0, 10, 3), rect(11, 0, 9, 3), rect(21, 0, 9, 3), rect(0, 3, 10, 3),
            ])
        #expect(layout.sections[0].lineCount == 3)
        // Without the count, the member repeats while the next fits: 4 cells each, 6 of them.
        let fitting = SplitLayout(
            sections: [section(row(count: nil), count: 7)], parameters: LayoutParameters(), width: 30)
        #expect(fitting.itemFrames(0).prefix(2) == [rect(0, 0, 4, 3), rect(5, 0, 4, 3)])
        #expect(fitting.sections[0].lineCount == 2)
    }

    @Test("a count larger than the cells: the spacing goes first, then one cell each, no item out of sight")
    func countInNarrowRoom() {
        let many = SplitLayout(sections: [section(row(count: 8), count: 8)], parameters: LayoutParameters(), width: 10)
        let frames = many.itemFrames(0).compactMap { $0 }
        #expect(frames.count == 8)
        #expect(frames.allSatisfy { $0.width >= 1 && $0.maxX <= 10 })
        // Spacing dropped: 8 in 10 cells, side by side.
        #expect(frames.map(\.width).reduce(0, +) == 10)
        // More than the cells: as many as there are cells, the rest on the next repetitions.
        let tooMany = SplitLayout(
            sections: [section(row(count: 20), count: 20)], parameters: LayoutParameters(), width: 5)
        #expect(tooMany.itemFrames(0).allSatisfy { $0 != nil && $0!.width == 1 })
        #expect(tooMany.sections[0].lineCount == 4)
    }

    @Test("a count in a vertical group nested in a horizontal one: a column of N equal rows")
    func nestedCount() {
        let group = GroupLayout(
            direction: .horizontal, width: .fraction(1), height: .cells(6),
            members: [
                .item(width: .fraction(0.5), height: .fraction(1)),
                .group(
                    GroupLayout(
                        direction: .vertical, width: .fraction(0.5), height: .fraction(1),
                        members: [.item(width: .fraction(1), height: .cells(1))], spacing: 0, count: 3)),
            ], spacing: 0)
        let layout = SplitLayout(sections: [section(group, count: 8)], parameters: LayoutParameters(), width: 20)
        #expect(
            layout.itemFrames(0).prefix(5) == [
                rect(0, 0, 10, 6), rect(10, 0, 10, 2), rect(10, 2, 10, 2), rect(10, 4, 10, 2), rect(0, 6, 10, 6),
            ])
        // The layout keeps the counted group's frame in each repetition, to report it.
        var counted: [String] = []
        layout.forEachDecoration(ofSection: 0, in: rect(0, 0, 20, 12)) {
            counted.append("\($0.repetition) \($0.group ?? -1) \($0.count ?? 0) \($0.frame)")
        }
        #expect(counted == ["0 1 3 (10,0 10x6)", "1 1 3 (10,6 10x6)"])
    }

    @Test("a section's group height as a fraction is of the view's rows less the header and insets, not of the width")
    func fractionalHeight() {
        let half = GroupLayout(
            direction: .horizontal, width: .fraction(1), height: .fraction(0.5),
            members: [.item(width: .fraction(0.5), height: .fraction(1))], spacing: 0)
        // 21 rows, a header of 1 and insets of 1 above and below: 18 rows, half of them 9.
        let layout = SplitLayout(
            sections: [section(half, count: 4, header: 1, inset: EdgeInsets(top: 1, left: 0, bottom: 1, right: 0))],
            parameters: LayoutParameters(), width: 100, height: 21)
        #expect(layout.frame(of: path(0, 0)) == rect(0, 2, 50, 9))
        #expect(layout.frame(of: path(0, 2)) == rect(0, 11, 50, 9))
        // The width does not change it; the height does.
        #expect(layout.relayout(width: 40).frame(of: path(0, 0)) == rect(0, 2, 20, 9))
        let taller = SplitLayout(
            sections: [section(half, count: 4, header: 1)], parameters: LayoutParameters(), width: 100, height: 41)
        #expect(taller.frame(of: path(0, 0))?.height == 20)
        // A group of height fraction 1 fills the view under its header exactly.
        var whole = half
        whole.height = .fraction(1)
        let full = SplitLayout(
            sections: [section(whole, count: 2, header: 1)], parameters: LayoutParameters(), width: 30, height: 12)
        #expect(full.frame(of: path(0, 0)) == rect(0, 1, 15, 11))
        // With no height given, a terminal's 24 rows.
        let unsized = SplitLayout(sections: [section(whole, count: 2)], parameters: LayoutParameters(), width: 30)
        #expect(unsized.frame(of: path(0, 0))?.height == SplitLayout.defaultViewportHeight)
        #expect(SplitLayout.containerHeight(viewportHeight: 3, headerHeight: 5, inset: .zero) == 1)
    }

    @Test("content insets: the item is drawn in its slot less the insets; the slot is kept apart")
    func insets() {
        let group = GroupLayout(
            direction: .horizontal, width: .fraction(1), height: .cells(5),
            members: [.item(GroupItem(width: .fraction(0.5), height: .fraction(1), insets: EdgeInsets(all: 1)))],
            spacing: 0)
        let layout = SplitLayout(sections: [section(group, count: 3)], parameters: LayoutParameters(), width: 20)
        #expect(layout.frame(of: path(0, 0)) == rect(1, 1, 8, 3))
        #expect(layout.slot(of: path(0, 0)) == rect(0, 0, 10, 5))
        #expect(layout.frame(of: path(0, 2)) == rect(1, 6, 8, 3))
        #expect(layout.slot(of: path(0, 2)) == rect(0, 5, 10, 5))
        // Hit testing and moves go by the drawn frame: the inset cell is no item's.
        #expect(layout.element(at: Point(x: 0, y: 0), offset: 0)?.kind != .item)
        #expect(layout.element(at: Point(x: 1, y: 1), offset: 0)?.item == 0)
        #expect(layout.neighbour(of: path(0, 0), .right) == path(0, 1))
        // Measured item by item too (an estimated width).
        var measured = group
        measured.members = [
            .item(GroupItem(width: .estimated(padding: 2), height: .fraction(1), insets: EdgeInsets(left: 1, right: 1)))
        ]
        let chips = SplitLayout(
            sections: [
                SectionSpec(
                    items: .uniform(count: 2, size: ItemSize(width: 1, height: 1)), group: measured,
                    contentWidths: [4, 6])
            ], parameters: LayoutParameters(), width: 40)
        #expect(chips.slot(of: path(0, 0)) == rect(0, 0, 6, 5))
        #expect(chips.frame(of: path(0, 0)) == rect(1, 0, 4, 5))
        #expect(chips.frame(of: path(0, 1)) == rect(7, 0, 6, 5))
        // Insets wider than the slot leave one cell, where they balance.
        #expect(rect(0, 0, 4, 2).inset(by: EdgeInsets(top: 3, left: 6, bottom: 1, right: 2)) == rect(2, 0, 1, 1))
    }

    @Test("a badge sits on a corner or an edge's middle of what it is on, moved by its offset, never wider")
    func badgeFrames() {
        let frame = rect(10, 5, 20, 4)
        func badge(_ anchor: GroupBadge.Anchor, x: Int = 0, y: Int = 0) -> GroupBadge {
            GroupBadge(content: .text("new"), anchor: anchor, offset: Point(x: x, y: y))
        }
        #expect(badge(.topRight).frame(width: 3, on: frame) == rect(27, 5, 3, 1))
        #expect(badge(.topLeft).frame(width: 3, on: frame) == rect(10, 5, 3, 1))
        #expect(badge(.bottomRight).frame(width: 3, on: frame) == rect(27, 8, 3, 1))
        #expect(badge(.bottomLeft).frame(width: 3, on: frame) == rect(10, 8, 3, 1))
        #expect(badge(.top).frame(width: 4, on: frame) == rect(18, 5, 4, 1))
        #expect(badge(.bottom).frame(width: 4, on: frame) == rect(18, 8, 4, 1))
        #expect(badge(.left).frame(width: 3, on: frame) == rect(10, 6, 3, 1))
        #expect(badge(.right).frame(width: 3, on: frame) == rect(27, 6, 3, 1))
        #expect(badge(.topRight, x: -1, y: -1).frame(width: 3, on: frame) == rect(26, 4, 3, 1))
        #expect(badge(.topRight).frame(width: 50, on: frame) == rect(10, 5, 20, 1))
    }

    @Test("decorations: each repetition's decorated groups, outer first, then its items' badges")
    func decorations() {
        let new = GroupBadge(content: .text("new"))
        let stack = GroupLayout(
            direction: .vertical, width: .fraction(0.5), height: .fraction(1),
            members: [.item(GroupItem(width: .fraction(1), height: .fraction(0.5), badges: [new]))], spacing: 0,
            decor: GroupDecor(background: "blue"))
        let group = GroupLayout(
            direction: .horizontal, width: .fraction(1), height: .cells(4),
            members: [.item(width: .fraction(0.5), height: .fraction(1)), .group(stack)], spacing: 0,
            decor: GroupDecor(
                background: "#102030", badges: [GroupBadge(content: .field("count"), anchor: .bottomLeft)]))
        #expect(group.decors.map(\.background) == ["#102030", "blue"])
        #expect(group.leaves.map(\.badges.count) == [0, 1])
        let layout = SplitLayout(sections: [section(group, count: 5)], parameters: LayoutParameters(), width: 20)
        var found: [GroupDecoration] = []
        layout.forEachDecoration(ofSection: 0, in: rect(0, 0, 20, 100)) { found.append($0) }
        #expect(
            found.map { "\($0.repetition) \($0.group.map(String.init) ?? "-") \($0.item) \($0.frame)" } == [
                "0 0 0 (0,0 20x4)", "0 1 1 (10,0 10x4)", "0 - 1 (10,0 10x2)", "0 - 2 (10,2 10x2)",
                "1 0 3 (0,4 20x4)", "1 1 4 (10,4 10x4)", "1 - 4 (10,4 10x2)",
            ])
        #expect(found[0].badges == group.decor.badges && found[1].background == "blue")
        // Only the repetitions that meet the area (and a row more each way, for the badges).
        var second: [Int] = []
        layout.forEachDecoration(ofSection: 0, in: rect(0, 6, 20, 1)) { second.append($0.repetition) }
        #expect(Set(second) == [1])
        // A group that draws nothing beside its items keeps no table of them.
        var none = 0
        SplitLayout(sections: [section(.hero(height: 4), count: 5)], parameters: LayoutParameters(), width: 20)
            .forEachDecoration(ofSection: 0, in: rect(0, 0, 20, 100)) { _ in none += 1 }
        #expect(none == 0)
    }

    @Test("a row's cards of a group hold its items less their insets, and its count")
    func rows() throws {
        let group = GroupLayout(
            direction: .horizontal, width: .cells(20), height: .cells(3),
            members: [.item(GroupItem(width: .cells(3), height: .fraction(1), insets: EdgeInsets(left: 1)))],
            spacing: 0, count: 2)
        var spec = section(group, count: 4)
        spec.row = RowSpec()
        let layout = SplitLayout(sections: [spec], parameters: LayoutParameters(), width: 60)
        let row = try #require(layout.sections[0].row)
        #expect(row.slots == [rect(1, 0, 9, 3), rect(11, 0, 9, 3)])
        #expect(row.itemsPerCard == 2)
    }
}
