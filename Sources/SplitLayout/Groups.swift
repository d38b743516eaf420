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

/// An item of a group: its size in the group, the space kept free inside its slot (UIKit's
/// `contentInsets` of an item: the item is drawn in the smaller rectangle), and the badges drawn
/// over it.
public struct GroupItem: Hashable, Sendable {
    public var width: GroupDimension
    public var height: GroupDimension
    public var insets: EdgeInsets
    public var badges: [GroupBadge]

    public init(
        width: GroupDimension, height: GroupDimension, insets: EdgeInsets = .zero, badges: [GroupBadge] = []
    ) {
        self.width = width
        self.height = height
        self.insets = insets
        self.badges = badges
    }

    /// Whether the item keeps anything beside its size (the placement then remembers which
    /// item of the group each item of the section is).
    var isDecorated: Bool { insets != .zero || !badges.isEmpty }
}

/// A member of a group: an item or a nested group. (Not `indirect`: a group holds its members
/// in an array, which is indirection enough.)
public enum GroupMember: Hashable, Sendable {
    case item(GroupItem)
    case group(GroupLayout)

    /// An item of this size, with no insets and no badges.
    public static func item(width: GroupDimension, height: GroupDimension) -> GroupMember {
        .item(GroupItem(width: width, height: height))
    }

    public var width: GroupDimension {
        switch self {
        case .item(let item): item.width
        case .group(let group): group.width
        }
    }

    public var height: GroupDimension {
        switch self {
        case .item(let item): item.height
        case .group(let group): group.height
        }
    }
}

/// A boundary supplementary item (UIKit's badge): a short text attached to a corner or an edge
/// of an item or of a group, drawn over it. The layout keeps what it says and where it goes;
/// whoever draws it measures the text and asks `frame(width:on:)` where it lands.
public struct GroupBadge: Hashable, Sendable {
    /// What the badge shows: a text of its own, or the value of one of the item's fields (a
    /// group's badge: its first item's).
    public enum Content: Hashable, Sendable {
        case text(String)
        case field(String)
    }

    /// Where the badge sits on what it is attached to: a corner (both its edges), or the
    /// middle of one edge, as UIKit's `NSDirectionalRectEdge` of an anchor.
    public enum Anchor: String, Hashable, Sendable, CaseIterable {
        case topLeft = "top-left", top, topRight = "top-right", right
        case bottomRight = "bottom-right", bottom, bottomLeft = "bottom-left", left
    }

    public var content: Content
    public var anchor: Anchor
    /// Cells right (x) and down (y) of the anchored place (UIKit's `absoluteOffset`).
    public var offset: Point
    /// Its background colour as the file wrote it (nil: the attached item's look, reversed).
    public var color: String?

    public init(content: Content, anchor: Anchor = .topRight, offset: Point = Point(x: 0, y: 0), color: String? = nil) {
        self.content = content
        self.anchor = anchor
        self.offset = offset
        self.color = color
    }

    /// Where a badge `width` cells wide and one row tall is drawn on `frame`: its corner on the
    /// frame's corner (or centred along the edge), then moved by the offset. Never wider than
    /// the frame.
    public func frame(width: Int, on frame: Rect) -> Rect {
        let width = max(0, min(width, frame.width))
        let x: Int
        let y: Int
        switch anchor {
        case .topLeft, .left, .bottomLeft: x = frame.x
        case .topRight, .right, .bottomRight: x = frame.maxX - width
        case .top, .bottom: x = frame.x + (frame.width - width) / 2
        }
        switch anchor {
        case .topLeft, .top, .topRight: y = frame.y
        case .bottomLeft, .bottom, .bottomRight: y = frame.maxY - 1
        case .left, .right: y = frame.y + (frame.height - 1) / 2
        }
        return Rect(
            x: saturatingSum(x, offset.x), y: saturatingSum(y, offset.y), width: width, height: frame.height > 0 ? 1 : 0
        )
    }
}

/// What is drawn with a group beside its items: its background (a decoration item, UIKit's
/// background registered for a section, here for a group) and its badges.
public struct GroupDecor: Hashable, Sendable {
    /// The background colour as the file wrote it (the layout only carries it).
    public var background: String?
    public var badges: [GroupBadge]

    public init(background: String? = nil, badges: [GroupBadge] = []) {
        self.background = background
        self.badges = badges
    }

    public var isEmpty: Bool { background == nil && badges.isEmpty }
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
    /// Its one member repeated exactly this many times, the group's length split evenly among
    /// them (UIKit's `repeatingSubitem:count:`); nil: its members repeated while the next fits.
    public var count: Int?
    /// Its background and badges.
    public var decor: GroupDecor

    public init(
        direction: Direction, width: GroupDimension, height: GroupDimension, members: [GroupMember],
        spacing: Int? = nil, insets: EdgeInsets = .zero, count: Int? = nil, decor: GroupDecor = GroupDecor()
    ) {
        self.direction = direction
        self.width = width
        self.height = height
        self.members = members
        self.spacing = spacing
        self.insets = insets
        self.count = count
        self.decor = decor
    }

    /// Whether any length in the group is measured from content: then each repetition depends
    /// on its items, and the section is placed item by item.
    public var measuresContent: Bool {
        width.isEstimated || height.isEstimated
            || members.contains { member in
                switch member {
                case .item(let item): item.width.isEstimated || item.height.isEstimated
                case .group(let group): group.measuresContent
                }
            }
    }

    /// The items of the group and of its nested groups, depth first: an item of a section is
    /// placed as one of them (`GroupGrid.leaf(of:)`), which says its insets and badges.
    public var leaves: [GroupItem] {
        members.flatMap { member -> [GroupItem] in
            switch member {
            case .item(let item): [item]
            case .group(let group): group.leaves
            }
        }
    }

    /// The counts of the group and of its nested groups, in the order of `decors`.
    public var counts: [Int?] {
        [count]
            + members.flatMap { member -> [Int?] in
                if case .group(let group) = member { group.counts } else { [] }
            }
    }

    /// The decor of the group and of its nested groups, depth first, the group itself first.
    public var decors: [GroupDecor] {
        [decor]
            + members.flatMap { member -> [GroupDecor] in
                if case .group(let group) = member { group.decors } else { [] }
            }
    }

    var leafCount: Int {
        members.reduce(0) { sum, member in
            if case .group(let group) = member { sum + group.leafCount } else { sum + 1 }
        }
    }

    var groupCount: Int {
        members.reduce(1) { sum, member in
            if case .group(let group) = member { sum + group.groupCount } else { sum }
        }
    }

    /// Whether the group or a nested one has a background, badges or a count (the layout then
    /// keeps its frames, to draw and to report), or an item of it insets or badges.
    public var isDecorated: Bool {
        !decor.isEmpty || count != nil
            || members.contains { member in
                switch member {
                case .item(let item): item.isDecorated
                case .group(let group): group.isDecorated
                }
            }
    }

    /// The most times a group's `count` may repeat its member.
    public static let maximumCount = 64

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

/// One repetition of a group, placed.
struct PlacedGroup {
    /// The items' slots, in item order (an item is drawn in its slot less its insets).
    var frames: [Rect] = []
    /// Which item of the group (of `GroupLayout.leaves`) each item is.
    var leaves: [Int] = []
    /// The groups with a background, badges or a count (by their index in
    /// `GroupLayout.decors`), and their frames, outer groups first.
    var decorated: [(group: Int, frame: Rect)] = []
    var size: (width: Int, height: Int) = (0, 0)
    var next = 0
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

    /// The slots of the items a repetition of `group` holds, from item `first` on, the group at
    /// `origin` in a container `containerWidth` wide and `containerHeight` tall (for the
    /// section's own group, the rows the view gives it: `SplitLayout.containerHeight`; nil
    /// only while a group is measured, where a fraction of a height is of the width). Returns
    /// the items' slots in item order, the group's size, and the next item.
    func place(
        _ group: GroupLayout, at origin: Point, containerWidth: Int, containerHeight: Int?, first: Int
    ) -> PlacedGroup {
        let width = resolve(group.width, container: containerWidth) {
            measured(group, first: first, containerWidth: containerWidth).width
        }
        let height = resolve(group.height, container: containerHeight ?? width) {
            measured(group, first: first, containerWidth: width).height
        }
        var placed = PlacedGroup()
        placed.size = (width, height)
        placed.next = fill(
            group, frame: Rect(x: origin.x, y: origin.y, width: width, height: height), first: first,
            ids: (leaf: 0, group: 0)
        ) { frame, leaf in
            placed.frames.append(frame)
            placed.leaves.append(leaf)
        } onDecorated: { id, frame in
            placed.decorated.append((id, frame))
        }
        return placed
    }

    /// A length of a dimension in a container; `estimate` measures the content.
    private func resolve(_ dimension: GroupDimension, container: Int, estimate: () -> Int) -> Int {
        switch dimension {
        case .fraction(let share): largestRemainderSplit(container, shares: [min(max(share, 0), 1)])[0]
        case .cells(let cells): min(max(0, cells), container)
        case .estimated(let padding): min(max(0, estimate() + max(0, padding)), container)
        }
    }

    /// The members of one pass of a group: its members, or its one member `count` times.
    private func pass(of group: GroupLayout) -> [GroupMember] {
        guard let count = group.count, let member = group.members.first else { return group.members }
        return Array(repeating: member, count: max(1, min(count, GroupLayout.maximumCount)))
    }

    /// The size of a group's content when it measures it: one pass over its members (no
    /// repetition but its `count`), side by side or stacked, with their spacing and the group's
    /// insets.
    private func measured(_ group: GroupLayout, first: Int, containerWidth: Int) -> (width: Int, height: Int) {
        var along = 0, across = 0, item = first
        let spacing = max(0, group.spacing ?? defaultSpacing)
        for (position, member) in pass(of: group).enumerated() where item < itemCount {
            let size: (width: Int, height: Int)
            switch member {
            case .item(let member):
                let content = measure.size(item)
                size = (
                    resolve(member.width, container: containerWidth) { content.width },
                    // A fraction of a height still being measured: the content's own.
                    {
                        if case .fraction = member.height {
                            content.height
                        } else {
                            resolve(member.height, container: .max) { content.height }
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

    /// The first leaf and the group index of each member of `group`, whose own are `ids`.
    private func memberIDs(_ group: GroupLayout, ids: (leaf: Int, group: Int)) -> [(leaf: Int, group: Int)] {
        var leaf = ids.leaf, nested = ids.group + 1
        return group.members.map { member in
            defer {
                if case .group(let inner) = member {
                    leaf += inner.leafCount
                    nested += inner.groupCount
                } else {
                    leaf += 1
                }
            }
            return (leaf, nested)
        }
    }

    /// Places `group`'s members in `frame` from item `first` on, repeating them while the next
    /// fits and items are left (or exactly `count` times); `body` gets each item's slot and
    /// leaf in order, `onDecorated` each group with a background or badges. `ids`: the group's
    /// first leaf and its index among the decors. Returns the next item.
    private func fill(
        _ group: GroupLayout, frame: Rect, first: Int, ids: (leaf: Int, group: Int),
        _ body: (Rect, Int) -> Void, onDecorated: (Int, Rect) -> Void
    ) -> Int {
        guard !group.members.isEmpty else { return first }
        if (!group.decor.isEmpty || group.count != nil) && first < itemCount { onDecorated(ids.group, frame) }
        let insets = group.insets
        let inner = Rect(
            x: frame.x + insets.left, y: frame.y + insets.top,
            width: max(0, frame.width - insets.left - insets.right),
            height: max(0, frame.height - insets.top - insets.bottom))
        let horizontal = group.direction == .horizontal
        let length = horizontal ? inner.width : inner.height
        let crossLength = horizontal ? inner.height : inner.width
        var spacing = max(0, group.spacing ?? defaultSpacing)
        // One member's ids are the group's next ones; more are counted once for the pass.
        let single = (leaf: ids.leaf, group: ids.group + 1)
        let memberIDs = group.members.count == 1 ? [single] : memberIDs(group, ids: ids)
        // Fractions along the group share what the spacing between its members leaves, over
        // every repetition of the members that fits (two halves of 5 rows are 3 and 2); a
        // count splits it evenly among that many repetitions of its member.
        let mainDimensions = group.members.map { horizontal ? $0.width : $0.height }
        let counted = group.count.map { max(1, min($0, GroupLayout.maximumCount)) }
        func share(_ position: Int) -> Double? {
            if let counted { return 1 / Double(counted) }
            if case .fraction(let share) = mainDimensions[position % group.members.count] {
                return min(max(share, 0), 1)
            }
            return nil
        }
        var fractionPositions = 0
        if let counted {
            // Each repetition a cell at least: no more of them than the length has cells.
            fractionPositions = min(counted, max(1, length))
        } else if mainDimensions.contains(where: { if case .fraction = $0 { true } else { false } }) {
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
        var shared = max(0, length - spacing * max(0, fractionPositions - 1))
        if counted != nil && shared < fractionPositions {
            // Repetitions that would get no cell: the spacing goes first.
            spacing = 0
            shared = length
        }
        let shares =
            counted != nil
            ? Array(repeating: 1 / Double(fractionPositions), count: fractionPositions)
            : (0..<fractionPositions).map { share($0) ?? 0 }
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
            if counted != nil {
                // Exactly the count: past it, the group is full.
                guard position < fractionPositions else { return item }
                main = fractionCells[position]
            } else {
                switch mainDimensions[index] {
                case .fraction:
                    // Past the repetitions the fractions make room for, the group is full.
                    guard position < fractionPositions else { return item }
                    main = fractionCells[position]
                case let dimension:
                    main = resolve(dimension, container: length) { contentLength(along: true) }
                }
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
                body(memberFrame, memberIDs[index].leaf)
                item += 1
            case .group(let nested):
                onNestedGroup?(memberFrame, frame)
                let next = fill(
                    nested, frame: memberFrame, first: item, ids: memberIDs[index], body, onDecorated: onDecorated)
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

extension Rect {
    /// The rectangle less `insets`, keeping a cell each way where the rectangle has one: insets
    /// wider than the rectangle leave its one cell where they balance.
    public func inset(by insets: EdgeInsets) -> Rect {
        func side(_ start: Int, _ length: Int, _ before: Int, _ after: Int) -> (Int, Int) {
            let before = max(0, before), after = max(0, after)
            if before + after < length { return (start + before, length - before - after) }
            guard length > 0 else { return (start, length) }
            return (start + (length - 1) * before / max(1, before + after), 1)
        }
        let (x, width) = side(x, width, insets.left, insets.right)
        let (y, height) = side(y, height, insets.top, insets.bottom)
        return Rect(x: x, y: y, width: width, height: height)
    }
}

extension GroupMember {
    var isItem: Bool {
        if case .item = self { return true }
        return false
    }
}
