// Compositional groups: the fraction rule, the classic example placed and moved through,
// estimated widths flowing like chips, the cost of a uniform group, and random group trees.

import SeededRandom
import Testing

@testable import SplitLayout

private func grouped(_ group: GroupLayout, count: Int, widths: [Int32]? = nil, height: Int = 1) -> SectionSpec {
    SectionSpec(
        items: .uniform(count: count, size: ItemSize(width: 1, height: height)), group: group, contentWidths: widths)
}

@Suite("Compositional groups")
struct GroupTests {
    @Test("fractions fill exactly: the whole parts, then one cell each to the largest remainders")
    func largestRemainder() {
        #expect(largestRemainderSplit(20, shares: [1.0 / 3, 1.0 / 3, 1.0 / 3]) == [7, 7, 6])
        #expect(largestRemainderSplit(7, shares: [0.5, 0.5]) == [4, 3])
        #expect(largestRemainderSplit(10, shares: [0.25, 0.75]) == [3, 7])
        #expect(largestRemainderSplit(10, shares: [0.1, 0.3, 0.6]) == [1, 3, 6])
        // Shares short of 1 leave the rest empty; none and nothing give nothing.
        #expect(largestRemainderSplit(10, shares: [0.25, 0.25]) == [3, 2])
        #expect(largestRemainderSplit(0, shares: [0.5, 0.5]) == [0, 0])
        #expect(largestRemainderSplit(9, shares: []) == [])
    }

    @Test("the classic example: a large item on the left half, two small ones stacked on the right, repeated")
    func hero() {
        let layout = layout([grouped(.hero(height: 6), count: 7)], width: 40, lineSpacing: 1)
        #expect(layout.frame(of: path(0, 0)) == rect(0, 0, 20, 6))
        #expect(layout.frame(of: path(0, 1)) == rect(20, 0, 20, 3))
        #expect(layout.frame(of: path(0, 2)) == rect(20, 3, 20, 3))
        #expect(layout.frame(of: path(0, 3)) == rect(0, 7, 20, 6))
        #expect(layout.frame(of: path(0, 6)) == rect(0, 14, 20, 6))
        #expect(layout.frame(of: path(0, 7)) == nil)
        #expect(layout.sections[0].lineCount == 3)
        #expect(layout.contentHeight == 20)
        // An odd width: the halves are 11 and 10, the stacked ones 3 and 2 rows of 5.
        let odd = SplitLayout(
            sections: [grouped(.hero(height: 5), count: 3)], parameters: LayoutParameters(), width: 21)
        #expect(odd.frame(of: path(0, 0)) == rect(0, 0, 11, 5))
        #expect(odd.frame(of: path(0, 1)) == rect(11, 0, 10, 3))
        #expect(odd.frame(of: path(0, 2)) == rect(11, 3, 10, 2))
    }

    @Test("moves follow the drawn frames: Right from the large item to the upper small one, Down to the lower")
    func moves() {
        let layout = layout([grouped(.hero(height: 6), count: 9)], width: 40)
        #expect(layout.neighbour(of: path(0, 0), .right) == path(0, 1))
        #expect(layout.neighbour(of: path(0, 1), .down) == path(0, 2))
        #expect(layout.neighbour(of: path(0, 2), .up) == path(0, 1))
        #expect(layout.neighbour(of: path(0, 2), .left) == path(0, 0))
        #expect(layout.neighbour(of: path(0, 1), .left) == path(0, 0))
        // Out of a repetition: Down from the lower small one to the next upper small one; Up
        // from there back to the lower small one; Down from the large item to the next large.
        #expect(layout.neighbour(of: path(0, 2), .down) == path(0, 4))
        #expect(layout.neighbour(of: path(0, 4), .up) == path(0, 2))
        #expect(layout.neighbour(of: path(0, 0), .down) == path(0, 3))
        #expect(layout.neighbour(of: path(0, 1), .right) == nil)
    }

    @Test("a uniform group keeps one repetition, whatever the count; its look-ups are arithmetic")
    func uniformCost() {
        let million = layout([grouped(.hero(height: 6), count: 1_000_000)], width: 40)
        #expect(million.byteCount < 2_000)
        #expect(million.frame(of: path(0, 999_999)) == rect(0, 333_333 * 6, 20, 6))
        let visible = million.elements(in: rect(0, 600_000, 40, 12)).filter { $0.kind == .item }
        #expect(visible.map(\.item) == [300_000, 300_001, 300_002, 300_003, 300_004, 300_005])
    }

    @Test("estimated widths flow like chips: each its content plus padding, wrapping at the room")
    func chips() {
        let chip = GroupLayout(
            direction: .horizontal, width: .fraction(1), height: .estimated(padding: 0),
            members: [.item(width: .estimated(padding: 2), height: .cells(1))])
        let layout = layout([grouped(chip, count: 5, widths: [3, 8, 2, 30, 4])], width: 20, spacing: 1)
        #expect(layout.frame(of: path(0, 0)) == rect(0, 0, 5, 1))
        #expect(layout.frame(of: path(0, 1)) == rect(6, 0, 10, 1))
        #expect(layout.frame(of: path(0, 2)) == rect(0, 1, 4, 1))
        // Wider than the room: clamped to it, on a line of its own.
        #expect(layout.frame(of: path(0, 3)) == rect(0, 2, 20, 1))
        #expect(layout.frame(of: path(0, 4)) == rect(0, 3, 6, 1))
        #expect(layout.neighbour(of: path(0, 0), .right) == path(0, 1))
        #expect(layout.neighbour(of: path(0, 1), .down) == path(0, 2))
    }

    @Test("items show at any width: a spacing wider than the room shrinks, a tiny fraction gets a cell")
    func alwaysShown() {
        // Found by FuzzConfig: a hero group spaced 51 cells at 20 columns hid every item.
        let spaced = layout([grouped(.hero(height: 6, spacing: 51), count: 3)], width: 20)
        // The spacing takes at most half the length: 10 cells here.
        #expect(spaced.frame(of: path(0, 0)) == rect(0, 0, 5, 6))
        #expect(spaced.frame(of: path(0, 1)) == rect(15, 0, 5, 3))
        let tiny = GroupLayout(
            direction: .horizontal, width: .fraction(1), height: .cells(1),
            members: [
                .item(width: .fraction(0.01), height: .fraction(1)),
                .item(width: .fraction(0.99), height: .fraction(1)),
            ])
        let placed = layout([grouped(tiny, count: 2)], width: 20)
        #expect(placed.frame(of: path(0, 0)) == rect(0, 0, 1, 1))
        #expect(placed.frame(of: path(0, 1)) == rect(1, 0, 19, 1))
    }

    @Test("group insets and spacing: members inside the insets, the spacing between them")
    func insetsAndSpacing() {
        let group = GroupLayout(
            direction: .horizontal, width: .fraction(1), height: .cells(4),
            members: [.item(width: .fraction(1.0 / 3), height: .fraction(1))], spacing: 1,
            insets: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
        let layout = layout([grouped(group, count: 3)], width: 24)
        // 20 inner cells, 2 of spacing: 18 shared as 6, 6, 6.
        #expect(layout.frame(of: path(0, 0)) == rect(2, 1, 6, 2))
        #expect(layout.frame(of: path(0, 1)) == rect(9, 1, 6, 2))
        #expect(layout.frame(of: path(0, 2)) == rect(16, 1, 6, 2))
    }
}

@Suite("Compositional groups: random trees")
struct GroupPropertyTests {
    /// A random dimension for a member of a group whose members' fractions along its direction
    /// are given by `share` (nil: cells or estimated).
    static func dimension(_ rng: inout SplitMix64, share: Double?) -> GroupDimension {
        if let share { return .fraction(share) }
        return Bool.random(using: &rng)
            ? .cells(Int.random(in: 0...12, using: &rng)) : .estimated(padding: Int.random(in: 0...3, using: &rng))
    }

    /// A random group tree, at most `depth` deep, whose members' fractions along it add up to 1
    /// when `fills` (else they are cells or estimated).
    static func group(_ rng: inout SplitMix64, depth: Int, top: Bool) -> GroupLayout {
        let direction: GroupLayout.Direction = Bool.random(using: &rng) ? .horizontal : .vertical
        let count = Int.random(in: 1...3, using: &rng)
        let fills = Bool.random(using: &rng)
        var shares = (0..<count).map { _ in Double.random(in: 0.1...1, using: &rng) }
        let total = shares.reduce(0, +)
        shares = shares.map { $0 / total }
        let members: [GroupMember] = (0..<count).map { index in
            let along = dimension(&rng, share: fills ? shares[index] : nil)
            let across: GroupDimension = Bool.random(using: &rng) ? .fraction(1) : dimension(&rng, share: nil)
            let (width, height) = direction == .horizontal ? (along, across) : (across, along)
            if depth > 0 && Int.random(in: 0..<3, using: &rng) == 0 {
                var nested = group(&rng, depth: depth - 1, top: false)
                nested.width = width
                nested.height = height
                return .group(nested)
            }
            return .item(width: width, height: height)
        }
        return GroupLayout(
            direction: direction, width: top ? .fraction(1) : .cells(1),
            height: top ? .cells(Int.random(in: 1...10, using: &rng)) : .cells(1), members: members,
            spacing: Int.random(in: 0...2, using: &rng))
    }

    @Test("items stay inside their repetition and the column, never overlap, and whole fractions fill")
    func randomTrees() {
        var rng = SplitMix64(seed: 14)
        for round in 0..<300 {
            let group = Self.group(&rng, depth: 2, top: true)
            let width = Int.random(in: 1...80, using: &rng)
            let count = Int.random(in: 0...40, using: &rng)
            let widths = (0..<count).map { _ in Int32.random(in: 0...30, using: &rng) }
            let placed = layout([grouped(group, count: count, widths: widths)], width: width, lineSpacing: 1)
            let grid = placed.placement(0)
            var frames: [Rect] = []
            for line in 0..<grid.lineCount {
                let repetition = Rect(x: 0, y: grid.lineTop(line), width: width, height: grid.lineHeight(line))
                for item in grid.items(inLine: line) {
                    guard let frame = grid.frame(of: item) else { continue }
                    #expect(repetition.contains(frame), "round \(round): \(frame) outside \(repetition) in \(group)")
                    frames.append(frame)
                }
            }
            for (index, frame) in frames.enumerated() {
                for other in frames[(index + 1)...] where frame.intersects(other) {
                    Issue.record("round \(round): \(frame) overlaps \(other) in \(group)")
                }
            }
        }
    }

    @Test("every nested group lies inside the group it is in, and every item inside the repetition")
    func nestedInsideParents() {
        var rng = SplitMix64(seed: 7)
        for round in 0..<300 {
            let group = Self.group(&rng, depth: 3, top: true)
            let width = Int.random(in: 1...80, using: &rng)
            let count = Int.random(in: 1...40, using: &rng)
            let widths = (0..<count).map { _ in Int32.random(in: 0...30, using: &rng) }
            var placer = GroupPlacer(
                measure: ItemMeasure { index in (Int(widths[index]), 1) }, defaultSpacing: 1, itemCount: count)
            var nesting: [(Rect, Rect)] = []
            placer.onNestedGroup = { nesting.append(($0, $1)) }
            let placed = placer.place(
                group, at: Point(x: 3, y: 5), containerWidth: width, containerHeight: nil, first: 0)
            let repetition = Rect(x: 3, y: 5, width: placed.size.width, height: placed.size.height)
            for (child, parent) in nesting {
                #expect(parent.contains(child), "round \(round): \(child) outside \(parent) in \(group)")
            }
            for frame in placed.frames where !frame.isEmpty {
                #expect(repetition.contains(frame), "round \(round): \(frame) outside \(repetition)")
            }
            #expect(placed.size.width <= width)
        }
    }

    @Test("members whose fractions add up to 1 cover their group's length exactly, with the spacing")
    func fractionsFill() {
        var rng = SplitMix64(seed: 41)
        for _ in 0..<300 {
            let count = Int.random(in: 1...6, using: &rng)
            var shares = (0..<count).map { _ in Double.random(in: 0.05...1, using: &rng) }
            let total = shares.reduce(0, +)
            shares = shares.map { $0 / total }
            let spacing = Int.random(in: 0...2, using: &rng)
            let width = Int.random(in: spacing * (count - 1)...120, using: &rng)
            let group = GroupLayout(
                direction: .horizontal, width: .fraction(1), height: .cells(1),
                members: shares.map { .item(width: .fraction($0), height: .fraction(1)) }, spacing: spacing)
            let placed = layout([grouped(group, count: count)], width: width)
            let widths = (0..<count).map { placed.frame(of: path(0, $0))?.width ?? 0 }
            // The spacing takes at most half the width.
            let used = count > 1 ? min(spacing, max(0, width / 2 / (count - 1))) : spacing
            #expect(widths.reduce(0, +) + used * (count - 1) == width, "\(shares) of \(width): \(widths)")
            if width - used * (count - 1) >= count {
                #expect(!widths.contains(0), "\(shares) of \(width): \(widths)")
            }
        }
    }
}

@Suite("Compositional groups in a row: a card holds a repetition")
struct GroupRowTests {
    /// A row of hero cards (the group 40 wide and 4 high in a row 40 wide), 7 items: 3 cards.
    func heroRow() -> SplitLayout {
        let spec = SectionSpec(
            items: .uniform(count: 7, size: ItemSize(width: 1, height: 1)),
            row: RowSpec(cardWidth: 10, cardHeight: 2, gap: 2, alignment: .leading, behavior: .groupPaging),
            group: .hero(height: 4))
        return layout([spec], width: 40)
    }

    @Test("the group sizes the cards; items sit in their slots; a card holds one repetition")
    func cards() throws {
        let layout = heroRow()
        let row = try #require(layout.sections[0].row)
        #expect(row.count == 3 && row.itemCount == 7 && row.itemsPerCard == 3)
        #expect(row.cardWidth == 40 && row.cardHeight == 4)
        #expect(row.card(ofItem: 4) == 1 && row.items(ofCard: 2) == 6..<7)
        #expect(layout.frame(of: path(0, 0)) == rect(0, 0, 20, 4))
        #expect(layout.frame(of: path(0, 2)) == rect(20, 2, 20, 2))
        // Card 1 starts one stride (40 + 2) on.
        #expect(layout.frame(of: path(0, 3)) == rect(42, 0, 20, 4))
        // A card drawn at half its size: its slots halve with it.
        #expect(row.frame(ofItem: 1, inCard: rect(10, 1, 20, 2)) == rect(20, 1, 10, 1))
    }

    @Test("moves go through a card by its slots, then on to the next card")
    func moves() {
        let layout = heroRow()
        #expect(layout.neighbour(of: path(0, 0), .right) == path(0, 1))
        #expect(layout.neighbour(of: path(0, 1), .down) == path(0, 2))
        #expect(layout.neighbour(of: path(0, 1), .right) == path(0, 3))
        #expect(layout.neighbour(of: path(0, 3), .left) == path(0, 2))
        #expect(layout.neighbour(of: path(0, 6), .right) == nil)
    }
}
