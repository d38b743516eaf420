// Compositional groups (the compositional layout seed): a section's items placed by a group of
// items and nested groups, each sized as a fraction of its container, in cells, or estimated from
// its content. The group repeats down the section until the items are used up. Pure values and
// the placing of one repetition of a group; GroupPlacement.swift makes a section of them.

/// One length of a group or of an item in it.
public enum GroupDimension: Hashable, Sendable {
    /// A share of the container's length on that axis (the column's inner width, or the
    /// enclosing group's width or height).
    case fraction(Double)
    case cells(Int)
    /// Measured from the content (an item's display width or its height; a group's children),
    /// plus this padding, then clamped to the container.
    case estimated(padding: Int)

    var isEstimated: Bool {
        if case .estimated = self { return true }
        return false
    }
}

/// A member of a group: an item or a nested group. (Not `indirect`: a group holds its members
/// in an array, which is indirection enough.)
public enum GroupMember: Hashable, Sendable {
    case item(width: GroupDimension, height: GroupDimension)
    case group(GroupLayout)

    public var width: GroupDimension {
        switch self {
        case .item(let width, _): width
        case .group(let group): group.width
        }
    }

    public var height: GroupDimension {
        switch self {
        case .item(_, let height): height
        case .group(let group): group.height
        }
    }
}

/// A group: its members laid out side by side (horizontal) or one above the other (vertical),
/// repeated within the group while there is room for more, as UIKit's group of subitems is.
public struct GroupLayout: Hashable, Sendable {
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        case horizontal, vertical
    }

    public var direction: Direction
    public var width: GroupDimension
    public var height: GroupDimension
    public var members: [GroupMember]
    /// Cells between two members (nil: the section's spacing between items).
    public var spacing: Int?
    /// Space kept free inside the group, around its members.
    public var insets: EdgeInsets

    public init(
        direction: Direction, width: GroupDimension, height: GroupDimension, members: [GroupMember],
        spacing: Int? = nil, insets: EdgeInsets = .zero
    ) {
        self.direction = direction
        self.width = width
        self.height = height
        self.members = members
        self.spacing = spacing
        self.insets = insets
    }

    /// Whether any length in the group is measured from content: then each repetition depends
    /// on its items, and the section is placed item by item.
    public var measuresContent: Bool {
        width.isEstimated || height.isEstimated
            || members.contains { member in
                switch member {
                case .item(let width, let height): width.isEstimated || height.isEstimated
                case .group(let group): group.measuresContent
                }
            }
    }

    /// The classic example: one large item on the left half, two small ones stacked on the
    /// right half, `height` rows tall, `spacing` cells between the halves (nil: the section's).
    public static func hero(height: Int, spacing: Int? = nil) -> GroupLayout {
        GroupLayout(
            direction: .horizontal, width: .fraction(1), height: .cells(height),
            members: [
                .item(width: .fraction(0.5), height: .fraction(1)),
                .group(
                    GroupLayout(
                        direction: .vertical, width: .fraction(0.5), height: .fraction(1),
                        members: [.item(width: .fraction(1), height: .fraction(0.5))], spacing: 0)),
            ], spacing: spacing)
    }
}

/// Splits `total` cells among shares that add up to at most 1, so that shares adding up to 1
/// (within 1e-9) fill `total` exactly: each gets the whole part of its share, and the cells left
/// go one each to the largest remainders (the earlier one on a tie). Three thirds of 20 are 7,
/// 7 and 6.
public func largestRemainderSplit(_ total: Int, shares: [Double]) -> [Int] {
    guard total > 0, !shares.isEmpty else { return shares.map { _ in 0 } }
    let clean = shares.map { min(max($0.isFinite ? $0 : 0, 0), 1) }
    let exact = clean.map { $0 * Double(total) }
    var cells = exact.map { min(total, Int(($0 + 1e-9).rounded(.down))) }
    let sum = clean.reduce(0, +)
    // What the shares ask for in all, whole: all of `total` when they add up to 1.
    let wanted = abs(sum - 1) <= 1e-9 ? total : min(total, Int((Double(total) * sum + 1e-9).rounded(.down)))
    var left = wanted - cells.reduce(0, +)
    let order = exact.indices.sorted { a, b in
        let ra = exact[a] - Double(cells[a]), rb = exact[b] - Double(cells[b])
        return ra != rb ? ra > rb : a < b
    }
    var position = 0
    while left > 0, !order.isEmpty {
        cells[order[position % order.count]] += 1
        left -= 1
        position += 1
    }
    return cells
}

/// What a group needs to know of the items it places: how long their content is.
public struct ItemMeasure: Sendable {
    /// The display width and the height of item `index`'s content.
    public var size: @Sendable (_ index: Int) -> (width: Int, height: Int)

    public init(size: @escaping @Sendable (_ index: Int) -> (width: Int, height: Int)) {
        self.size = size
    }

    /// Every item one cell by one row: for groups that measure nothing.
    public static let unmeasured = ItemMeasure { _ in (1, 1) }
}

/// Placing one repetition of a group.
struct GroupPlacer {
    let measure: ItemMeasure
    /// Cells between members where a group names none.
    let defaultSpacing: Int
    /// Items in the section: placing stops when they are used up.
    let itemCount: Int
    /// Told of each nested group placed, with the frame of the group it is in (for the tests of
    /// the nesting).
    var onNestedGroup: ((_ frame: Rect, _ parent: Rect) -> Void)? = nil

    /// The frames of the items a repetition of `group` holds, from item `first` on, the group
    /// at `origin` in a container `containerWidth` wide (and `containerHeight` tall, nil for the
    /// section's own group, which has no container height: a fraction of its height is of its
    /// width). Returns the items' frames in item order, the group's size, and the next item.
    func place(
        _ group: GroupLayout, at origin: Point, containerWidth: Int, containerHeight: Int?, first: Int
    ) -> (frames: [Rect], size: (width: Int, height: Int), next: Int) {
        let width = resolve(group.width, container: containerWidth) {
            measured(group, first: first, containerWidth: containerWidth).width
        }
        let height = resolve(group.height, container: containerHeight ?? width) {
            measured(group, first: first, containerWidth: width).height
        }
        var frames: [Rect] = []
        let next = fill(group, frame: Rect(x: origin.x, y: origin.y, width: width, height: height), first: first) {
            frames.append($0)
        }
        return (frames, (width, height), next)
    }

    /// A length of a dimension in a container; `estimate` measures the content.
    private func resolve(_ dimension: GroupDimension, container: Int, estimate: () -> Int) -> Int {
        switch dimension {
        case .fraction(let share): largestRemainderSplit(container, shares: [min(max(share, 0), 1)])[0]
        case .cells(let cells): min(max(0, cells), container)
        case .estimated(let padding): min(max(0, estimate() + max(0, padding)), container)
        }
    }

    /// The size of a group's content when it measures it: one pass over its members (no
    /// repetition), side by side or stacked, with their spacing and the group's insets.
    private func measured(_ group: GroupLayout, first: Int, containerWidth: Int) -> (width: Int, height: Int) {
        var along = 0, across = 0, item = first
        let spacing = max(0, group.spacing ?? defaultSpacing)
        for (position, member) in group.members.enumerated() where item < itemCount {
            let size: (width: Int, height: Int)
            switch member {
            case .item(let width, let height):
                let content = measure.size(item)
                size = (
                    resolve(width, container: containerWidth) { content.width },
                    // A fraction of a height still being measured: the content's own.
                    {
                        if case .fraction = height {
                            content.height
                        } else {
                            resolve(height, container: .max) { content.height }
                        }
                    }()
                )
                item += 1
            case .group(let nested):
                // Measuring places nothing: no nested group to tell of.
                var quiet = self
                quiet.onNestedGroup = nil
                let placed = quiet.place(
                    nested, at: Point(x: 0, y: 0), containerWidth: containerWidth, containerHeight: nil, first: item)
                size = placed.size
                item = placed.next
            }
            let (main, cross) = group.direction == .horizontal ? (size.width, size.height) : (size.height, size.width)
            along += main + (position > 0 ? spacing : 0)
            across = max(across, cross)
        }
        let insets = group.insets
        return group.direction == .horizontal
            ? (along + insets.left + insets.right, across + insets.top + insets.bottom)
            : (across + insets.left + insets.right, along + insets.top + insets.bottom)
    }

    /// Places `group`'s members in `frame` from item `first` on, repeating them while the next
    /// fits and items are left; `body` gets each item's frame in order. Returns the next item.
    private func fill(_ group: GroupLayout, frame: Rect, first: Int, _ body: (Rect) -> Void) -> Int {
        let insets = group.insets
        let inner = Rect(
            x: frame.x + insets.left, y: frame.y + insets.top,
            width: max(0, frame.width - insets.left - insets.right),
            height: max(0, frame.height - insets.top - insets.bottom))
        let horizontal = group.direction == .horizontal
        let length = horizontal ? inner.width : inner.height
        let crossLength = horizontal ? inner.height : inner.width
        var spacing = max(0, group.spacing ?? defaultSpacing)
        guard !group.members.isEmpty else { return first }
        // Fractions along the group share what the spacing between its members leaves, over
        // every repetition of the members that fits (two halves of 5 rows are 3 and 2).
        let mainDimensions = group.members.map { horizontal ? $0.width : $0.height }
        func share(_ position: Int) -> Double? {
            if case .fraction(let share) = mainDimensions[position % group.members.count] {
                return min(max(share, 0), 1)
            }
            return nil
        }
        var fractionPositions = 0
        if mainDimensions.contains(where: { if case .fraction = $0 { true } else { false } }) {
            var sum = 0.0
            // Bounded: shares of 0 would never add up to more than 1.
            while fractionPositions < length + group.members.count {
                let next = sum + (share(fractionPositions) ?? 0)
                if next > 1 + 1e-9 { break }
                sum = next
                fractionPositions += 1
            }
        }
        // The spacing between fractions takes at most half the length: a spacing wider than
        // the room (set for a wider terminal) must not squeeze the items out of sight.
        if fractionPositions > 1 {
            spacing = min(spacing, max(0, length / 2 / (fractionPositions - 1)))
        }
        let shared = max(0, length - spacing * max(0, fractionPositions - 1))
        let shares = (0..<fractionPositions).map { share($0) ?? 0 }
        var fractionCells = largestRemainderSplit(shared, shares: shares)
        if fractionCells.contains(0) && shared >= fractionPositions {
            // A tiny share would get no cell: one cell each first, the rest by the shares.
            fractionCells = largestRemainderSplit(shared - fractionPositions, shares: shares).map { $0 + 1 }
        }
        var item = first
        var position = 0
        var cursor = 0
        while item < itemCount {
            let index = position % group.members.count
            let member = group.members[index]
            let main: Int
            let cross: Int
            let content: (width: Int, height: Int) = member.isItem ? measure.size(item) : (0, 0)
            // A member's length along the group and across it, as `resolve` gives a group's
            // (its content measured for an estimated one); fractions along share the length
            // as above, and one across takes a cell at least.
            func contentLength(along: Bool) -> Int {
                let width = along == horizontal
                return member.isItem
                    ? (width ? content.width : content.height)
                    : measuredLength(of: member, first: item, horizontal: width, containerWidth: inner.width)
            }
            switch mainDimensions[index] {
            case .fraction:
                // Past the repetitions the fractions make room for, the group is full.
                guard position < fractionPositions else { return item }
                main = fractionCells[position]
            case let dimension:
                main = resolve(dimension, container: length) { contentLength(along: true) }
            }
            let crossDimension = horizontal ? member.height : member.width
            let resolvedCross = resolve(crossDimension, container: crossLength) { contentLength(along: false) }
            if case .fraction = crossDimension {
                cross = max(min(1, crossLength), resolvedCross)
            } else {
                cross = resolvedCross
            }
            let start = cursor + (position > 0 ? spacing : 0)
            // The first member always goes in (clamped); a later one only where it fits.
            if position > 0 && start + main > length { break }
            let memberFrame =
                horizontal
                ? Rect(x: inner.x + start, y: inner.y, width: main, height: cross)
                : Rect(x: inner.x, y: inner.y + start, width: cross, height: main)
            switch member {
            case .item:
                body(memberFrame)
                item += 1
            case .group(let nested):
                onNestedGroup?(memberFrame, frame)
                let next = fill(nested, frame: memberFrame, first: item, body)
                // A nested group that took nothing (no room) ends this one rather than looping.
                if next == item { return item }
                item = next
            }
            cursor = start + main
            position += 1
            // A round that took no length would repeat for ever.
            if index == group.members.count - 1 && cursor == 0 { break }
        }
        return item
    }

    private func measuredLength(of member: GroupMember, first: Int, horizontal: Bool, containerWidth: Int) -> Int {
        guard case .group(let nested) = member else { return 0 }
        let size = measured(nested, first: first, containerWidth: containerWidth)
        return horizontal ? size.width : size.height
    }
}

extension GroupMember {
    var isItem: Bool {
        if case .item = self { return true }
        return false
    }
}
