// How the items of one placed section are stored. A uniform section is arithmetic over a few
// numbers; a varying section keeps compact per-item and per-line tables searched by bisection.

/// A section whose items all share one size: nothing is stored per item.
struct UniformGrid: Hashable, Sendable {
    /// Drawn items: 0 when the size is zero (or clamps to zero), which makes every look-up below
    /// answer "nothing here".
    let count: Int
    /// Items in the section, drawn or not. A section of zero-size items still has them (as a
    /// varying section of the same sizes does): `SectionGeometry.itemCount` reports this, so the
    /// two storage forms of the same section agree.
    let itemCount: Int
    let originX: Int
    let originY: Int
    /// Item size after clamping to the room inside the insets.
    let itemWidth: Int
    let itemHeight: Int
    let interItemSpacing: Int
    let perLine: Int
    /// Distance between the tops of two successive lines.
    let pitch: Int

    /// `atMostPerLine`: the items a line holds at most (`per_line` n: n, though a width rounded
    /// down would let more fit).
    init(
        count: Int, originX: Int, originY: Int, width: Int, height: Int, room: Int,
        interItemSpacing: Int, lineSpacing: Int, atMostPerLine: Int = .max
    ) {
        let clampedWidth = min(width, room)
        let drawable = count > 0 && clampedWidth > 0 && height > 0
        self.count = drawable ? count : 0
        self.itemCount = count
        self.originX = originX
        self.originY = originY
        self.itemWidth = drawable ? clampedWidth : 0
        self.itemHeight = drawable ? height : 0
        self.interItemSpacing = interItemSpacing
        // The n-th item (from 0) ends at n * (w + s) + w, which must not pass the room.
        self.perLine =
            drawable ? min(1 + (room - clampedWidth) / (clampedWidth + interItemSpacing), max(1, atMostPerLine)) : 1
        self.pitch = drawable ? height + lineSpacing : 1
    }

    var lineCount: Int { count == 0 ? 0 : (count + perLine - 1) / perLine }
    /// Bottom of the last line (the section's inset.bottom comes after it).
    var linesBottom: Int { count == 0 ? originY : originY + (lineCount - 1) * pitch + itemHeight }

    func lineTop(_ line: Int) -> Int { originY + line * pitch }
    func lineHeight(_ line: Int) -> Int { itemHeight }
    func items(inLine line: Int) -> Range<Int> { line * perLine..<min(count, (line + 1) * perLine) }
    func line(of item: Int) -> Int { item / perLine }

    func frame(of item: Int) -> Rect? {
        guard item >= 0, item < count else { return nil }
        let line = item / perLine
        return Rect(
            x: originX + (item - line * perLine) * (itemWidth + interItemSpacing),
            y: originY + line * pitch, width: itemWidth, height: itemHeight)
    }

    /// Lines whose rows meet `rows` (possibly empty).
    func lines(meeting rows: Range<Int>) -> Range<Int> {
        guard count > 0, !rows.isEmpty else { return 0..<0 }
        // Line k covers [originY + k*pitch, originY + k*pitch + h).
        let first = max(0, floorDiv(rows.lowerBound - itemHeight - originY, pitch) + 1)
        let last = min(lineCount - 1, floorDiv(rows.upperBound - 1 - originY, pitch))
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// Items of `line` whose columns meet `columns`.
    func items(inLine line: Int, meeting columns: Range<Int>) -> Range<Int> {
        let all = items(inLine: line)
        guard !all.isEmpty, !columns.isEmpty else { return 0..<0 }
        let step = itemWidth + interItemSpacing
        let firstSlot = max(0, floorDiv(columns.lowerBound - itemWidth - originX, step) + 1)
        let lastSlot = floorDiv(columns.upperBound - 1 - originX, step)
        let lower = max(all.lowerBound, all.lowerBound + firstSlot)
        let upper = min(all.upperBound, all.lowerBound + lastSlot + 1)
        return lower < upper ? lower..<upper : 0..<0
    }
}

/// A section whose item sizes vary: per-item x, width and height, and per-line tables.
/// Int32 keeps a hundred thousand items near a megabyte.
final class VaryingGrid: Sendable {
    let itemX: [Int32]
    /// 0 marks a zero-size item, which is neither drawn nor hit.
    let itemWidth: [Int32]
    let itemHeight: [Int32]
    /// Index of the first item of each line; a line runs to the next line's first item.
    let lineStart: [Int32]
    /// Line tops are Int, not Int32: they add up every line above, and a long section of tall
    /// items (30 000 lines of 100 000 rows, sizes the catalog accepts) passes Int32.max, which
    /// trapped in `Int32(top)`. One word per line, not per item, so the cost stays small.
    let lineY: [Int]
    let lineHeights: [Int32]
    let count: Int
    let linesBottom: Int

    /// Flow placement of the spec: pack left, top-aligned; wrap when the next item would pass
    /// the right inset (an exact fit stays), or when it is sized `perLine` n and n items are on
    /// the line already; clamp items wider than the room.
    init(
        sizes: [ItemSize], originX: Int, originY: Int, room: Int, interItemSpacing: Int,
        lineSpacing: Int, normalize: Bool, resolveWidth: (ItemWidth) -> Int
    ) {
        let n = sizes.count
        var itemX = [Int32](repeating: 0, count: n)
        var itemWidth = [Int32](repeating: 0, count: n)
        var itemHeight = [Int32](repeating: 0, count: n)
        var lineStart: [Int32] = []
        var lineY: [Int] = []
        var lineHeights: [Int32] = []
        let limit = originX + room
        var x = originX
        var top = originY
        var tallest = 0
        var lineOpen = false
        var onLine = 0

        func closeLine(endingBefore end: Int) {
            lineHeights.append(Int32(tallest))
            if normalize {
                for i in Int(lineStart[lineStart.count - 1])..<end where itemWidth[i] > 0 {
                    itemHeight[i] = Int32(tallest)
                }
            }
        }

        for i in 0..<n {
            let size = sizes[i]
            // A width in cells is taken as it is (the common case, no call); a share of the
            // column is resolved, and caps the items of a line.
            let width: Int
            var full = false
            switch size.width {
            case .cells(let cells): width = min(cells, room)
            case .perLine(let asked):
                width = min(resolveWidth(size.width), room)
                full = onLine >= asked
            }
            // Stored as Int32 per item; no terminal item is 2^31 rows tall, but do not trap on one.
            let height = min(size.height, Int(Int32.max))
            guard width > 0, height > 0 else { continue }
            if lineOpen && (x + width > limit || full) {
                closeLine(endingBefore: i)
                top += tallest + lineSpacing
                x = originX
                tallest = 0
                lineOpen = false
            }
            if !lineOpen {
                lineStart.append(Int32(i))
                lineY.append(top)
                lineOpen = true
                onLine = 0
            }
            onLine += 1
            itemX[i] = Int32(x)
            itemWidth[i] = Int32(width)
            itemHeight[i] = Int32(height)
            x += width + interItemSpacing
            tallest = max(tallest, height)
        }
        if lineOpen { closeLine(endingBefore: n) }

        self.itemX = itemX
        self.itemWidth = itemWidth
        self.itemHeight = itemHeight
        self.lineStart = lineStart
        self.lineY = lineY
        self.lineHeights = lineHeights
        self.count = n
        self.linesBottom = lineY.isEmpty ? originY : lineY[lineY.count - 1] + Int(lineHeights[lineHeights.count - 1])
    }

    var lineCount: Int { lineStart.count }
    func lineTop(_ line: Int) -> Int { lineY[line] }
    func lineHeight(_ line: Int) -> Int { Int(lineHeights[line]) }

    func items(inLine line: Int) -> Range<Int> {
        Int(lineStart[line])..<(line + 1 < lineStart.count ? Int(lineStart[line + 1]) : count)
    }

    /// The line holding `item`, or nil for a zero-size item before the first line.
    func line(of item: Int) -> Int? {
        // Last line whose start is <= item.
        var low = 0, high = lineStart.count
        while low < high {
            let mid = (low + high) / 2
            if Int(lineStart[mid]) <= item { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    func frame(of item: Int) -> Rect? {
        guard item >= 0, item < count, itemWidth[item] > 0, let line = line(of: item) else { return nil }
        return Rect(
            x: Int(itemX[item]), y: lineY[line],
            width: Int(itemWidth[item]), height: Int(itemHeight[item]))
    }

    func lines(meeting rows: Range<Int>) -> Range<Int> {
        guard !rows.isEmpty, !lineY.isEmpty else { return 0..<0 }
        // First line whose bottom is below rows.lowerBound: line bottoms increase with the index.
        var low = 0, high = lineY.count
        while low < high {
            let mid = (low + high) / 2
            if lineY[mid] + Int(lineHeights[mid]) <= rows.lowerBound { low = mid + 1 } else { high = mid }
        }
        let first = low
        high = lineY.count
        while low < high {
            let mid = (low + high) / 2
            if lineY[mid] < rows.upperBound { low = mid + 1 } else { high = mid }
        }
        return first < low ? first..<low : 0..<0
    }

    /// Memory held by the tables, in bytes.
    var byteCount: Int {
        (itemX.capacity + itemWidth.capacity + itemHeight.capacity
            + lineStart.capacity + lineHeights.capacity) * MemoryLayout<Int32>.stride
            + lineY.capacity * MemoryLayout<Int>.stride
    }
}

/// The items of a placed grid section, whichever way they are stored.
enum ItemGrid: ItemPlacement {
    case uniform(UniformGrid)
    case varying(VaryingGrid)

    /// Items in the section, including zero-size ones.
    var count: Int {
        switch self {
        case .uniform(let grid): return grid.itemCount
        case .varying(let grid): return grid.count
        }
    }
    var lineCount: Int {
        switch self {
        case .uniform(let grid): return grid.lineCount
        case .varying(let grid): return grid.lineCount
        }
    }
    var linesBottom: Int {
        switch self {
        case .uniform(let grid): return grid.linesBottom
        case .varying(let grid): return grid.linesBottom
        }
    }
    func lineTop(_ line: Int) -> Int {
        switch self {
        case .uniform(let grid): return grid.lineTop(line)
        case .varying(let grid): return grid.lineTop(line)
        }
    }
    func lineHeight(_ line: Int) -> Int {
        switch self {
        case .uniform(let grid): return grid.lineHeight(line)
        case .varying(let grid): return grid.lineHeight(line)
        }
    }
    func items(inLine line: Int) -> Range<Int> {
        switch self {
        case .uniform(let grid): return grid.items(inLine: line)
        case .varying(let grid): return grid.items(inLine: line)
        }
    }
    func line(of item: Int) -> Int? {
        switch self {
        case .uniform(let grid): return item >= 0 && item < grid.count ? grid.line(of: item) : nil
        case .varying(let grid): return grid.line(of: item)
        }
    }
    func frame(of item: Int) -> Rect? {
        switch self {
        case .uniform(let grid): return grid.frame(of: item)
        case .varying(let grid): return grid.frame(of: item)
        }
    }
    func lines(meeting rows: Range<Int>) -> Range<Int> {
        switch self {
        case .uniform(let grid): return grid.lines(meeting: rows)
        case .varying(let grid): return grid.lines(meeting: rows)
        }
    }

    /// Calls `body` with each drawn item of `line` whose frame meets `area`.
    func forEachItem(inLine line: Int, meeting area: Rect, _ body: (Int, Rect) -> Void) {
        switch self {
        case .uniform(let grid):
            for item in grid.items(inLine: line, meeting: area.x..<area.maxX) {
                body(item, grid.frame(of: item)!)
            }
        case .varying(let grid):
            let top = grid.lineY[line]
            for item in grid.items(inLine: line) where grid.itemWidth[item] > 0 {
                let frame = Rect(
                    x: Int(grid.itemX[item]), y: top,
                    width: Int(grid.itemWidth[item]), height: Int(grid.itemHeight[item]))
                if frame.intersects(area) { body(item, frame) }
            }
        }
    }

    /// The drawn item of `line` whose horizontal centre is nearest `centreX` (twice the centre,
    /// to stay in integers); ties go to the leftmost.
    func nearestItem(inLine line: Int, toDoubledCentre centreX2: Int) -> Int? {
        var best: Int?
        var bestDistance = Int.max
        switch self {
        case .uniform(let grid):
            let range = grid.items(inLine: line)
            let step = grid.itemWidth + grid.interItemSpacing
            // The slot under the centre, then its neighbours: arithmetic, no scan.
            let guess = floorDiv(centreX2 / 2 - grid.originX, step)
            for slot in (guess - 1)...(guess + 1) {
                let item = range.lowerBound + min(max(slot, 0), range.count - 1)
                let frame = grid.frame(of: item)!
                let distance = abs(frame.x * 2 + frame.width - centreX2)
                if distance < bestDistance || (distance == bestDistance && item < best!) {
                    best = item
                    bestDistance = distance
                }
            }
        case .varying(let grid):
            for item in grid.items(inLine: line) where grid.itemWidth[item] > 0 {
                let distance = abs(Int(grid.itemX[item]) * 2 + Int(grid.itemWidth[item]) - centreX2)
                if distance < bestDistance {
                    best = item
                    bestDistance = distance
                }
            }
        }
        return best
    }

    /// First or last drawn item of a line.
    func edgeItem(inLine line: Int, last: Bool) -> Int? {
        switch self {
        case .uniform(let grid):
            let range = grid.items(inLine: line)
            return range.isEmpty ? nil : (last ? range.upperBound - 1 : range.lowerBound)
        case .varying(let grid):
            let range = grid.items(inLine: line)
            return last
                ? range.reversed().first { grid.itemWidth[$0] > 0 }
                : range.first { grid.itemWidth[$0] > 0 }
        }
    }

    /// The next drawn item after (or before) `item` on the same line.
    func step(from item: Int, inLine line: Int, forward: Bool) -> Int? {
        let range = items(inLine: line)
        switch self {
        case .uniform:
            let next = forward ? item + 1 : item - 1
            return range.contains(next) ? next : nil
        case .varying(let grid):
            return forward
                ? (item + 1..<range.upperBound).first { grid.itemWidth[$0] > 0 }
                : (range.lowerBound..<item).reversed().first { grid.itemWidth[$0] > 0 }
        }
    }

    var byteCount: Int {
        switch self {
        case .uniform: return 0
        case .varying(let grid): return grid.byteCount
        }
    }
}
