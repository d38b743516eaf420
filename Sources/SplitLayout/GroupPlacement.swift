// A grid section placed by a compositional group: the group repeats down the section, each
// repetition a "line" of the placement protocol. A group that measures nothing repeats the same
// shape, kept once (the frames of one repetition): any item is found by arithmetic, whatever
// the count, as in a uniform section. A group that measures its items is placed item by item,
// its frames kept in compact tables, as a varying section's are.

/// The frames of one repetition of a group that measures nothing, repeated.
struct UniformGroups: Sendable {
    /// The items' frames in one repetition, relative to its top left corner.
    let slots: [Rect]
    let originX: Int
    let originY: Int
    let groupWidth: Int
    let groupHeight: Int
    /// Distance between the tops of two repetitions.
    let pitch: Int
    let count: Int

    init(group: GroupLayout, placer: GroupPlacer, originX: Int, originY: Int, room: Int, groupSpacing: Int) {
        // The first repetition (nothing is measured, so every repetition has its shape; with
        // fewer items than it holds, it is the only one): never more slots than items, however
        // many cells the group would hold.
        let placed = placer.place(group, at: Point(x: 0, y: 0), containerWidth: room, containerHeight: nil, first: 0)
        self.slots = placed.frames
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
        let slot = slots[item - line * slots.count]
        guard !slot.isEmpty else { return nil }
        return Rect(x: originX + slot.x, y: lineTop(line) + slot.y, width: slot.width, height: slot.height)
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

    init(group: GroupLayout, placer: GroupPlacer, originX: Int, originY: Int, room: Int, groupSpacing: Int) {
        let n = placer.itemCount
        self.originX = originX
        var itemX = [Int32](repeating: 0, count: n), itemY = [Int32](repeating: 0, count: n)
        var itemWidth = [Int32](repeating: 0, count: n), itemHeight = [Int32](repeating: 0, count: n)
        var lineStart: [Int32] = [], lineY: [Int] = [], lineHeights: [Int32] = [], lineWidths: [Int32] = []
        var top = originY
        var item = 0
        while item < n {
            let placed = placer.place(
                group, at: Point(x: originX, y: top), containerWidth: room, containerHeight: nil, first: item)
            // A repetition that holds no item (no room at all) would repeat for ever.
            guard placed.next > item, placed.size.height > 0 else { break }
            lineStart.append(Int32(item))
            lineY.append(top)
            lineHeights.append(Int32(clamping: placed.size.height))
            lineWidths.append(Int32(clamping: placed.size.width))
            for (offset, frame) in placed.frames.enumerated() where !frame.isEmpty {
                let index = item + offset
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
    var byteCount: Int { count * 16 + lineStart.count * (4 + 8 + 4 + 4) }
}

/// The items of a section placed by a group, whichever way they are stored.
enum GroupGrid: ItemPlacement {
    case uniform(UniformGroups)
    case measured(MeasuredGroups)

    init(group: GroupLayout, placer: GroupPlacer, originX: Int, originY: Int, room: Int, groupSpacing: Int) {
        if group.measuresContent {
            self = .measured(
                MeasuredGroups(
                    group: group, placer: placer, originX: originX, originY: originY, room: room,
                    groupSpacing: groupSpacing))
        } else {
            self = .uniform(
                UniformGroups(
                    group: group, placer: placer, originX: originX, originY: originY, room: room,
                    groupSpacing: groupSpacing))
        }
    }

    var count: Int {
        switch self {
        case .uniform(let groups): groups.count
        case .measured(let groups): groups.count
        }
    }
    var lineCount: Int {
        switch self {
        case .uniform(let groups): groups.lineCount
        case .measured(let groups): groups.lineCount
        }
    }
    var linesBottom: Int {
        switch self {
        case .uniform(let groups): groups.linesBottom
        case .measured(let groups): groups.linesBottom
        }
    }
    func lineTop(_ line: Int) -> Int {
        switch self {
        case .uniform(let groups): groups.lineTop(line)
        case .measured(let groups): groups.lineTop(line)
        }
    }
    func lineHeight(_ line: Int) -> Int {
        switch self {
        case .uniform(let groups): groups.groupHeight
        case .measured(let groups): Int(groups.lineHeights[line])
        }
    }

    /// The rows of the tallest repetition.
    var tallestGroupLine: Int {
        switch self {
        case .uniform(let groups): groups.lineCount > 0 ? groups.groupHeight : 0
        case .measured(let groups): Int(groups.lineHeights.max() ?? 0)
        }
    }

    /// The frame of repetition `line` of the group.
    func groupFrame(ofLine line: Int) -> Rect? {
        switch self {
        case .uniform(let groups):
            Rect(x: groups.originX, y: groups.lineTop(line), width: groups.groupWidth, height: groups.groupHeight)
        case .measured(let groups):
            Rect(
                x: groups.originX, y: groups.lineY[line], width: Int(groups.lineWidths[line]),
                height: Int(groups.lineHeights[line]))
        }
    }
    func items(inLine line: Int) -> Range<Int> {
        switch self {
        case .uniform(let groups): groups.items(inLine: line)
        case .measured(let groups): groups.items(inLine: line)
        }
    }
    func line(of item: Int) -> Int? {
        switch self {
        case .uniform(let groups): groups.line(of: item)
        case .measured(let groups): groups.line(of: item)
        }
    }
    func frame(of item: Int) -> Rect? {
        switch self {
        case .uniform(let groups): groups.frame(of: item)
        case .measured(let groups): groups.frame(of: item)
        }
    }
    func lines(meeting rows: Range<Int>) -> Range<Int> {
        switch self {
        case .uniform(let groups): groups.lines(meeting: rows)
        case .measured(let groups): groups.lines(meeting: rows)
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
        case .uniform(let groups): groups.slots.count * MemoryLayout<Rect>.stride
        case .measured(let groups): groups.byteCount
        }
    }
}
