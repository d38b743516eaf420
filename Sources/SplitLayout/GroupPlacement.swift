// A grid section placed by a compositional group: the group repeats down the section, each
// repetition a "line" of the placement protocol. A group that measures nothing repeats the same
// shape, kept once (the frames of one repetition): any item is found by arithmetic, whatever
// the count, as in a uniform section. A group that measures its items is placed item by item,
// its frames kept in compact tables, as a varying section's are.

/// What a section's group draws beside its items, read once from the group: its items' insets
/// and badges and its groups' backgrounds and badges, by their index in the group.
struct GroupTemplate: Sendable {
    let leaves: [GroupItem]
    let decors: [GroupDecor]
    let counts: [Int?]
    let isDecorated: Bool
    /// Whether an item of the group has insets (its slot is then kept apart from its frame).
    let hasInsets: Bool
    /// How many rows a badge may reach above or below what it is attached to.
    let badgeReach: Int

    init(_ group: GroupLayout) {
        isDecorated = group.isDecorated
        leaves = isDecorated ? group.leaves : []
        decors = isDecorated ? group.decors : []
        counts = isDecorated ? group.counts : []
        hasInsets = leaves.contains { $0.insets != .zero }
        let badges = leaves.flatMap(\.badges) + decors.flatMap(\.badges)
        badgeReach = badges.map { abs($0.offset.y) }.max() ?? 0
    }
}

/// The frames of one repetition of a group that measures nothing, repeated.
struct UniformGroups: Sendable {
    /// The items' frames in one repetition, relative to its top left corner (their slots less
    /// their insets).
    let frames: [Rect]
    /// The items' slots in one repetition.
    let slots: [Rect]
    /// Which item of the group each is (empty when the group draws nothing beside its items).
    let slotLeaves: [Int]
    /// Its groups with a background or badges, relative to the repetition's corner.
    let decorated: [(group: Int, frame: Rect)]
    let originX: Int
    let originY: Int
    let groupWidth: Int
    let groupHeight: Int
    /// Distance between the tops of two repetitions.
    let pitch: Int
    let count: Int

    init(
        group: GroupLayout, template: GroupTemplate, placer: GroupPlacer, originX: Int, originY: Int, room: Int,
        containerHeight: Int, groupSpacing: Int
    ) {
        // The first repetition (nothing is measured, so every repetition has its shape; with
        // fewer items than it holds, it is the only one): never more slots than items, however
        // many cells the group would hold.
        let placed = placer.place(
            group, at: Point(x: 0, y: 0), containerWidth: room, containerHeight: containerHeight, first: 0)
        self.slots = placed.frames
        self.slotLeaves = template.isDecorated ? placed.leaves : []
        self.frames =
            template.hasInsets
            ? zip(placed.frames, placed.leaves).map { $0.inset(by: template.leaves[$1].insets) } : placed.frames
        self.decorated = placed.decorated
        self.originX = originX
        self.originY = originY
        self.groupWidth = placed.size.width
        self.groupHeight = placed.size.height
        self.pitch = max(1, placed.size.height + groupSpacing)
        self.count = placer.itemCount
    }

    var lineCount: Int { slots.isEmpty || count == 0 || groupHeight == 0 ? 0 : (count + slots.count - 1) / slots.count }
    var linesBottom: Int { lineCount == 0 ? originY : originY + (lineCount - 1) * pitch + groupHeight }
    func lineTop(_ line: Int) -> Int { originY + line * pitch }
    func items(inLine line: Int) -> Range<Int> {
        guard line >= 0, line < lineCount else { return 0..<0 }
        return line * slots.count..<min(count, (line + 1) * slots.count)
    }
    func line(of item: Int) -> Int? { item >= 0 && item < count && lineCount > 0 ? item / slots.count : nil }
    func frame(of item: Int) -> Rect? {
        guard let line = line(of: item) else { return nil }
        let slot = frames[item - line * slots.count]
        guard !slot.isEmpty else { return nil }
        return Rect(x: originX + slot.x, y: lineTop(line) + slot.y, width: slot.width, height: slot.height)
    }
    func slot(of item: Int) -> Rect? {
        guard let line = line(of: item) else { return nil }
        let slot = slots[item - line * slots.count]
        return Rect(x: originX + slot.x, y: lineTop(line) + slot.y, width: slot.width, height: slot.height)
    }
    func leaf(of item: Int) -> Int? {
        guard !slotLeaves.isEmpty, let line = line(of: item) else { return nil }
        return slotLeaves[item - line * slots.count]
    }
    func decoratedGroups(inLine line: Int) -> [(group: Int, frame: Rect)] {
        guard line >= 0, line < lineCount else { return [] }
        let top = lineTop(line)
        return decorated.map { decorated in
            var frame = decorated.frame
            frame.x += originX
            frame.y += top
            return (decorated.group, frame)
        }
    }
    func lines(meeting rows: Range<Int>) -> Range<Int> {
        guard lineCount > 0, !rows.isEmpty else { return 0..<0 }
        let first = max(0, floorDiv(rows.lowerBound - groupHeight - originY, pitch) + 1)
        let last = min(lineCount - 1, floorDiv(rows.upperBound - 1 - originY, pitch))
        return first <= last ? first..<(last + 1) : 0..<0
    }
}

/// A group that measures its items, placed item by item.
final class MeasuredGroups: Sendable {
    /// Each item's frame (0 wide: not drawn). Int32 keeps a million items near 16 MB.
    let itemX: [Int32]
    let itemY: [Int32]
    let itemWidth: [Int32]
    let itemHeight: [Int32]
    /// The first item of each repetition, its top, its height and its width.
    let lineStart: [Int32]
    let lineY: [Int]
    let lineHeights: [Int32]
    let lineWidths: [Int32]
    let count: Int
    let linesBottom: Int
    let originX: Int
    /// Which item of the group each item is (empty when the group draws nothing beside its
    /// items), and each item's slot (empty when no item of the group has insets).
    let itemLeaf: [Int32]
    let itemSlot: [Rect]
    /// The groups with a background or badges: the repetition each is in, in order, its index
    /// in the group and its frame.
    let decoratedLine: [Int32]
    let decoratedGroup: [Int32]
    let decoratedFrame: [Rect]

    init(
        group: GroupLayout, template: GroupTemplate, placer: GroupPlacer, originX: Int, originY: Int, room: Int,
        containerHeight: Int, groupSpacing: Int
    ) {
        let n = placer.itemCount
        self.originX = originX
        var itemLeaf = [Int32](repeating: 0, count: template.isDecorated ? n : 0)
        var itemSlot = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: template.hasInsets ? n : 0)
        var decoratedLine: [Int32] = [], decoratedGroup: [Int32] = [], decoratedFrame: [Rect] = []
        var itemX = [Int32](repeating: 0, count: n), itemY = [Int32](repeating: 0, count: n)
        var itemWidth = [Int32](repeating: 0, count: n), itemHeight = [Int32](repeating: 0, count: n)
        var lineStart: [Int32] = [], lineY: [Int] = [], lineHeights: [Int32] = [], lineWidths: [Int32] = []
        var top = originY
        var item = 0
        while item < n {
            let placed = placer.place(
                group, at: Point(x: originX, y: top), containerWidth: room, containerHeight: containerHeight,
                first: item)
            // A repetition that holds no item (no room at all) would repeat for ever.
            guard placed.next > item, placed.size.height > 0 else { break }
            lineStart.append(Int32(item))
            lineY.append(top)
            lineHeights.append(Int32(clamping: placed.size.height))
            lineWidths.append(Int32(clamping: placed.size.width))
            for (decorated, frame) in placed.decorated {
                decoratedLine.append(Int32(clamping: lineStart.count - 1))
                decoratedGroup.append(Int32(clamping: decorated))
                decoratedFrame.append(frame)
            }
            for (offset, slot) in placed.frames.enumerated() {
                let index = item + offset
                let leaf = placed.leaves[offset]
                if template.isDecorated { itemLeaf[index] = Int32(clamping: leaf) }
                if template.hasInsets { itemSlot[index] = slot }
                let frame = template.hasInsets ? slot.inset(by: template.leaves[leaf].insets) : slot
                guard !frame.isEmpty else { continue }
                itemX[index] = Int32(clamping: frame.x)
                itemY[index] = Int32(clamping: frame.y - top)
                itemWidth[index] = Int32(clamping: frame.width)
                itemHeight[index] = Int32(clamping: frame.height)
            }
            item = placed.next
            top += placed.size.height + groupSpacing
        }
        self.itemX = itemX
        self.itemY = itemY
        self.itemWidth = itemWidth
        self.itemHeight = itemHeight
        self.lineStart = lineStart
        self.lineY = lineY
        self.lineHeights = lineHeights
        self.lineWidths = lineWidths
        self.itemLeaf = itemLeaf
        self.itemSlot = itemSlot
        self.decoratedLine = decoratedLine
        self.decoratedGroup = decoratedGroup
        self.decoratedFrame = decoratedFrame
        self.count = n
        self.linesBottom = lineY.isEmpty ? originY : lineY[lineY.count - 1] + Int(lineHeights[lineHeights.count - 1])
        // Items after the last repetition that held any (no room for them) stay undrawn.
        self.placedCount = item
    }

    /// Items placed in some repetition (the rest found no room).
    let placedCount: Int

    var lineCount: Int { lineStart.count }
    func lineTop(_ line: Int) -> Int { lineY[line] }
    func items(inLine line: Int) -> Range<Int> {
        guard line >= 0, line < lineCount else { return 0..<0 }
        let end = line + 1 < lineCount ? Int(lineStart[line + 1]) : placedCount
        return Int(lineStart[line])..<end
    }
    func line(of item: Int) -> Int? {
        guard item >= 0, item < placedCount else { return nil }
        // The last repetition starting at or before the item.
        var low = 0, high = lineStart.count
        while low < high {
            let mid = (low + high) / 2
            if Int(lineStart[mid]) <= item { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }
    func frame(of item: Int) -> Rect? {
        guard let line = line(of: item), itemWidth[item] > 0, itemHeight[item] > 0 else { return nil }
        return Rect(
            x: Int(itemX[item]), y: lineY[line] + Int(itemY[item]), width: Int(itemWidth[item]),
            height: Int(itemHeight[item]))
    }
    func lines(meeting rows: Range<Int>) -> Range<Int> {
        guard lineCount > 0, !rows.isEmpty else { return 0..<0 }
        // Repetitions are stacked in order: the first whose bottom passes the range's top,
        // then on while they start above its bottom.
        var low = 0, high = lineCount
        while low < high {
            let mid = (low + high) / 2
            if lineY[mid] + Int(lineHeights[mid]) > rows.lowerBound { high = mid } else { low = mid + 1 }
        }
        var end = low
        while end < lineCount, lineY[end] < rows.upperBound { end += 1 }
        return low..<end
    }
    func slot(of item: Int) -> Rect? {
        guard !itemSlot.isEmpty else { return frame(of: item) }
        guard line(of: item) != nil else { return nil }
        return itemSlot[item]
    }
    func leaf(of item: Int) -> Int? {
        guard !itemLeaf.isEmpty, line(of: item) != nil else { return nil }
        return Int(itemLeaf[item])
    }
    func decoratedGroups(inLine line: Int) -> [(group: Int, frame: Rect)] {
        guard !decoratedLine.isEmpty else { return [] }
        // The first of the line's, then on while they are its.
        var low = 0, high = decoratedLine.count
        while low < high {
            let mid = (low + high) / 2
            if Int(decoratedLine[mid]) < line { low = mid + 1 } else { high = mid }
        }
        var found: [(group: Int, frame: Rect)] = []
        while low < decoratedLine.count, Int(decoratedLine[low]) == line {
            found.append((Int(decoratedGroup[low]), decoratedFrame[low]))
            low += 1
        }
        return found
    }
    var byteCount: Int {
        count * 16 + lineStart.count * (4 + 8 + 4 + 4) + itemLeaf.count * 4
            + itemSlot.count * MemoryLayout<Rect>.stride + decoratedLine.count * (8 + MemoryLayout<Rect>.stride)
    }
}

/// The items of a section placed by a group, whichever way they are stored.
enum GroupGrid: ItemPlacement {
    case uniform(UniformGroups, GroupTemplate)
    case measured(MeasuredGroups, GroupTemplate)

    /// `containerHeight`: the rows a fraction of the group's height is of.
    init(
        group: GroupLayout, placer: GroupPlacer, originX: Int, originY: Int, room: Int, containerHeight: Int,
        groupSpacing: Int
    ) {
        let template = GroupTemplate(group)
        if group.measuresContent {
            self = .measured(
                MeasuredGroups(
                    group: group, template: template, placer: placer, originX: originX, originY: originY, room: room,
                    containerHeight: containerHeight, groupSpacing: groupSpacing), template)
        } else {
            self = .uniform(
                UniformGroups(
                    group: group, template: template, placer: placer, originX: originX, originY: originY, room: room,
                    containerHeight: containerHeight, groupSpacing: groupSpacing), template)
        }
    }

    var template: GroupTemplate {
        switch self {
        case .uniform(_, let template), .measured(_, let template): template
        }
    }

    /// The slot of `item`: its frame and its insets.
    func slot(of item: Int) -> Rect? {
        switch self {
        case .uniform(let groups, _): groups.slot(of: item)
        case .measured(let groups, _): groups.slot(of: item)
        }
    }

    /// Which item of the group (`GroupLayout.leaves`) `item` is; nil when the group draws
    /// nothing beside its items.
    func leaf(of item: Int) -> Int? {
        switch self {
        case .uniform(let groups, _): groups.leaf(of: item)
        case .measured(let groups, _): groups.leaf(of: item)
        }
    }

    /// The groups of repetition `line` with a background or badges, outer ones first.
    func decoratedGroups(inLine line: Int) -> [(group: Int, frame: Rect)] {
        switch self {
        case .uniform(let groups, _): groups.decoratedGroups(inLine: line)
        case .measured(let groups, _): groups.decoratedGroups(inLine: line)
        }
    }

    var count: Int {
        switch self {
        case .uniform(let groups, _): groups.count
        case .measured(let groups, _): groups.count
        }
    }
    var lineCount: Int {
        switch self {
        case .uniform(let groups, _): groups.lineCount
        case .measured(let groups, _): groups.lineCount
        }
    }
    var linesBottom: Int {
        switch self {
        case .uniform(let groups, _): groups.linesBottom
        case .measured(let groups, _): groups.linesBottom
        }
    }
    func lineTop(_ line: Int) -> Int {
        switch self {
        case .uniform(let groups, _): groups.lineTop(line)
        case .measured(let groups, _): groups.lineTop(line)
        }
    }
    func lineHeight(_ line: Int) -> Int {
        switch self {
        case .uniform(let groups, _): groups.groupHeight
        case .measured(let groups, _): Int(groups.lineHeights[line])
        }
    }

    /// The rows of the tallest repetition.
    var tallestGroupLine: Int {
        switch self {
        case .uniform(let groups, _): groups.lineCount > 0 ? groups.groupHeight : 0
        case .measured(let groups, _): Int(groups.lineHeights.max() ?? 0)
        }
    }

    /// The frame of repetition `line` of the group.
    func groupFrame(ofLine line: Int) -> Rect? {
        switch self {
        case .uniform(let groups, _):
            Rect(x: groups.originX, y: groups.lineTop(line), width: groups.groupWidth, height: groups.groupHeight)
        case .measured(let groups, _):
            Rect(
                x: groups.originX, y: groups.lineY[line], width: Int(groups.lineWidths[line]),
                height: Int(groups.lineHeights[line]))
        }
    }
    func items(inLine line: Int) -> Range<Int> {
        switch self {
        case .uniform(let groups, _): groups.items(inLine: line)
        case .measured(let groups, _): groups.items(inLine: line)
        }
    }
    func line(of item: Int) -> Int? {
        switch self {
        case .uniform(let groups, _): groups.line(of: item)
        case .measured(let groups, _): groups.line(of: item)
        }
    }
    func frame(of item: Int) -> Rect? {
        switch self {
        case .uniform(let groups, _): groups.frame(of: item)
        case .measured(let groups, _): groups.frame(of: item)
        }
    }
    func lines(meeting rows: Range<Int>) -> Range<Int> {
        switch self {
        case .uniform(let groups, _): groups.lines(meeting: rows)
        case .measured(let groups, _): groups.lines(meeting: rows)
        }
    }

    // A repetition holds a handful of items (a line of chips at most): the look-ups below go
    // through them.

    func forEachItem(inLine line: Int, meeting area: Rect, _ body: (Int, Rect) -> Void) {
        for item in items(inLine: line) {
            if let frame = frame(of: item), frame.intersects(area) { body(item, frame) }
        }
    }

    func nearestItem(inLine line: Int, toDoubledCentre centreX2: Int) -> Int? {
        nearestItem(inLine: line, toDoubledCentre: centreX2, fromBelow: false)
    }

    /// The item whose centre is nearest across; of those as near, the one nearest the side the
    /// move comes from (the top one coming down, the bottom one coming up), then the first.
    func nearestItem(inLine line: Int, toDoubledCentre centreX2: Int, fromBelow: Bool) -> Int? {
        var best: (item: Int, distance: Int, edge: Int)?
        for item in items(inLine: line) {
            guard let frame = frame(of: item) else { continue }
            // Zero when the centre lies over the item: any item under it is as near.
            let distance = max(0, max(frame.x * 2 - centreX2, centreX2 - frame.maxX * 2 + 1))
            let edge = fromBelow ? -frame.maxY : frame.y
            if best == nil || distance < best!.distance || (distance == best!.distance && edge < best!.edge) {
                best = (item, distance, edge)
            }
        }
        return best?.item
    }

    func edgeItem(inLine line: Int, last: Bool) -> Int? {
        let drawn = items(inLine: line).filter { frame(of: $0) != nil }
        return last ? drawn.last : drawn.first
    }

    func step(from item: Int, inLine line: Int, forward: Bool) -> Int? {
        spatialNeighbour(of: item, forward ? .right : .left)
    }

    /// The item of the same repetition next to `item` that way, by the drawn frames.
    func spatialNeighbour(of item: Int, _ direction: Direction) -> Int? {
        guard let line = line(of: item), let from = frame(of: item) else { return nil }
        let others = items(inLine: line).compactMap { other in
            other == item ? nil : frame(of: other).map { (other, $0) }
        }
        return nearestFrame(from: from, among: others, direction)
    }

    var byteCount: Int {
        switch self {
        case .uniform(let groups, _): groups.slots.count * MemoryLayout<Rect>.stride * 2
        case .measured(let groups, _): groups.byteCount
        }
    }
}
