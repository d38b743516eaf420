// The split layout: sections in one or two columns split by a ratio, each section a flow of
// items with a header, a footer and an optional background. Pure: no I/O, no terminal.

/// One column of the layout.
public struct Column: Hashable, Sendable {
    public let side: Side
    public let x: Int
    public let width: Int

    public var range: Range<Int> { x..<(x + width) }
}

/// Where one section landed.
public struct SectionGeometry: Sendable {
    public let index: Int
    public let side: Side
    /// Index into `SplitLayout.columns`.
    public let columnIndex: Int
    /// The whole section, header top to footer bottom, over the column width.
    public let frame: Rect
    public let headerHeight: Int
    public let footerHeight: Int
    /// Below the header and above the footer; also the background's rectangle.
    public let itemsArea: Rect
    public let hasBackground: Bool
    /// A row section's geometry (nil: a grid).
    public let row: RowGeometry?
    /// Where the items are (a row's at offset 0; `SplitLayout.placement` at the row's offset).
    let grid: any ItemPlacement

    public var headerFrame: Rect? {
        headerHeight > 0 ? Rect(x: frame.x, y: frame.y, width: frame.width, height: headerHeight) : nil
    }
    public var footerFrame: Rect? {
        footerHeight > 0 ? Rect(x: frame.x, y: itemsArea.maxY, width: frame.width, height: footerHeight) : nil
    }
    public var backgroundFrame: Rect? { hasBackground ? itemsArea : nil }
    public var itemCount: Int { grid.count }
    /// Whether a compositional group places the items.
    public var isGrouped: Bool { grid.tallestGroupLine > 0 }
    /// Number of lines of items.
    public var lineCount: Int { grid.lineCount }
}

/// One drawable element, as answered by the queries.
public struct LayoutElement: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case header, item, footer, background
    }

    public let kind: Kind
    public let section: Int
    /// The item's index in its section; nil for the other kinds.
    public let item: Int?
    public let side: Side
    /// Position in content coordinates, before pinning.
    public let frame: Rect
    /// Headers only: the row where the header is drawn at the queried offset.
    public let pinnedY: Int?

    /// Where the element is drawn: the frame, moved to its pinned row for headers.
    public var drawnFrame: Rect {
        guard let pinnedY else { return frame }
        return Rect(x: frame.x, y: pinnedY, width: frame.width, height: frame.height)
    }
}

/// A computed split layout. Build one per (sections, parameters, width); rebuilding after a
/// width or ratio change costs a few arithmetic steps per uniform section.
public struct SplitLayout: Sendable {
    public let viewportWidth: Int
    /// The rows the view shows the content in: a group's height given as a fraction is of
    /// them (less the section's header and its insets: `containerHeight`).
    public let viewportHeight: Int
    public let parameters: LayoutParameters
    public let columns: [Column]
    public let sections: [SectionGeometry]
    /// Height of the taller column.
    public let contentHeight: Int
    /// The rows of the tallest row section's row (its cards and their headroom); 0 without rows.
    public let tallestRow: Int
    /// The rows of the tallest repetition of a section's group; 0 without groups.
    public let tallestGroup: Int
    /// The rows of the tallest section header.
    public let tallestHeader: Int
    /// Section indices of each column, top to bottom (so their frames are sorted by y).
    let columnSections: [[Int]]
    let specs: [SectionSpec]
    /// The sideways offsets of the row sections that have moved, by section.
    var rowOffsets: [Int: Double] = [:]

    // MARK: Building

    /// The rows of a view when the caller names none (a terminal's classic 24).
    public static let defaultViewportHeight = 24

    /// `height`: the rows the view shows the content in (nil: `defaultViewportHeight`), of
    /// which a group's fraction of a height is.
    public init(sections specs: [SectionSpec], parameters: LayoutParameters, width: Int, height: Int? = nil) {
        let width = Coordinates.clampLength(width)
        let height = Coordinates.clampLength(height ?? Self.defaultViewportHeight)
        let columns = SplitLayout.columns(
            width: width, leftRatio: parameters.leftRatio,
            splitSpacing: parameters.splitSpacing)
        var cursors = [Int](repeating: 0, count: columns.count)
        var columnSections = [[Int]](repeating: [], count: columns.count)
        var placed: [SectionGeometry] = []
        placed.reserveCapacity(specs.count)

        for (index, spec) in specs.enumerated() {
            let columnIndex: Int
            if columns.count == 1 {
                columnIndex = 0
            } else if let side = spec.side {
                columnIndex = side == .left ? 0 : 1
            } else {
                switch parameters.sideRule {
                case .alternate: columnIndex = index % 2
                case .left: columnIndex = 0
                case .right: columnIndex = 1
                case .balance: columnIndex = cursors[1] < cursors[0] ? 1 : 0
                }
            }
            let section = SplitLayout.place(
                spec, index: index, column: columns[columnIndex],
                columnIndex: columnIndex, top: cursors[columnIndex],
                parameters: parameters, viewportHeight: height)
            cursors[columnIndex] = section.frame.maxY
            columnSections[columnIndex].append(index)
            placed.append(section)
        }

        self.viewportWidth = width
        self.viewportHeight = height
        self.parameters = parameters
        self.columns = columns
        self.sections = placed
        self.columnSections = columnSections
        self.contentHeight = cursors.max() ?? 0
        self.tallestRow = placed.lazy.compactMap { $0.row?.area.height }.max() ?? 0
        self.tallestGroup = placed.lazy.map(\.grid.tallestGroupLine).max() ?? 0
        self.tallestHeader = placed.lazy.map(\.headerHeight).max() ?? 0
        self.specs = specs
    }

    /// The same sections laid out again at another width (and optionally another ratio).
    public func relayout(width: Int, leftRatio: Double? = nil) -> SplitLayout {
        var parameters = self.parameters
        if let leftRatio { parameters.leftRatio = leftRatio }
        var layout = SplitLayout(sections: specs, parameters: parameters, width: width, height: viewportHeight)
        layout.takeRowPages(from: self)
        return layout
    }

    /// The columns for a width: one full-width column at ratio 0 (right) or 1 (left), else two.
    public static func columns(width: Int, leftRatio: Double, splitSpacing: Int) -> [Column] {
        let ratio = leftRatio.isNaN ? 1 : min(max(leftRatio, 0), 1)
        if ratio == 1 { return [Column(side: .left, x: 0, width: width)] }
        if ratio == 0 { return [Column(side: .right, x: 0, width: width)] }
        let spacing = max(0, splitSpacing)
        let total = max(0, width - spacing)
        // The epsilon keeps ratios like 0.29 from losing a cell to binary rounding (0.29 * 100
        // is 28.999...), so the split matches the decimal the user wrote.
        // Int() truncates, which is floor for these non-negative values.
        let left = min(total, Int(Double(total) * ratio + 1e-9))
        return [
            Column(side: .left, x: 0, width: left),
            Column(side: .right, x: left + spacing, width: total - left),
        ]
    }

    /// Width of `count` equal items on a line of a column:
    /// `floor((columnWidth - inset.left - inset.right - spacing * (count - 1)) / count)`, 0 when
    /// `count <= 0` (and never negative).
    public static func equalItemWidth(count: Int, columnWidth: Int, inset: EdgeInsets, spacing: Int) -> Int {
        guard count > 0 else { return 0 }
        return max(0, floorDiv(columnWidth - inset.left - inset.right - spacing * (count - 1), count))
    }

    /// An item's width in a column: cells, or an equal share (at least one cell).
    static func itemWidth(_ width: ItemWidth, columnWidth: Int, inset: EdgeInsets, spacing: Int) -> Int {
        switch width {
        case .cells(let cells): cells
        case .perLine(let count):
            count > 0
                ? max(1, equalItemWidth(count: count, columnWidth: columnWidth, inset: inset, spacing: spacing)) : 0
        }
    }

    /// The rows a section's group is in, of which a fraction of its height is: the view's, less
    /// the section's header and its top and bottom insets (a group of height fraction 1 fills
    /// what the view shows under the header, as UIKit's container is the collection view's
    /// visible size less the section's insets); a row at least.
    public static func containerHeight(viewportHeight: Int, headerHeight: Int, inset: EdgeInsets) -> Int {
        max(1, viewportHeight - max(0, headerHeight) - max(0, inset.top) - max(0, inset.bottom))
    }

    private static func place(
        _ spec: SectionSpec, index: Int, column: Column, columnIndex: Int,
        top: Int, parameters: LayoutParameters, viewportHeight: Int
    ) -> SectionGeometry {
        // Negative insets count as 0, like negative spacings and heights below: a negative inset
        // would put items outside their column (over the other column) or above their header.
        let given = spec.inset ?? parameters.sectionInset
        let inset = EdgeInsets(
            top: max(0, given.top), left: max(0, given.left),
            bottom: max(0, given.bottom), right: max(0, given.right))
        let spacing = max(0, spec.interItemSpacing ?? parameters.interItemSpacing)
        let lineSpacing = max(0, spec.lineSpacing ?? parameters.lineSpacing)
        let headerHeight = max(0, spec.headerHeight)
        let footerHeight = max(0, spec.footerHeight)
        let room = max(0, column.width - inset.left - inset.right)
        let originX = column.x + inset.left
        let itemsTop = top + headerHeight
        let originY = itemsTop + inset.top
        let containerHeight = Self.containerHeight(
            viewportHeight: viewportHeight, headerHeight: headerHeight, inset: inset)

        // How wide an item is: cells, or a share of the column's room. At least one cell for a
        // share, so a narrow column shows thin items rather than none. Static, with its inputs
        // as arguments: a closure kept by a group's measure would be allocated for every
        // section, grids too (a thousand sections took eight times as long to lay out).
        let columnWidth = column.width
        func resolve(_ width: ItemWidth) -> Int {
            itemWidth(width, columnWidth: columnWidth, inset: inset, spacing: spacing)
        }

        let grid: any ItemPlacement
        var row: RowGeometry?
        if var rowSpec = spec.row {
            // A group that measures nothing makes the cards: each its repetition, of its size.
            var slots: [Rect] = []
            if let group = spec.group, !group.measuresContent {
                let placed = GroupPlacer(measure: .unmeasured, defaultSpacing: spacing, itemCount: spec.items.count)
                    .place(
                        group, at: Point(x: 0, y: 0), containerWidth: room, containerHeight: containerHeight, first: 0)
                if !placed.frames.isEmpty && placed.size.width > 0 && placed.size.height > 0 {
                    // Each item in its slot less its insets.
                    let leaves = group.isDecorated ? group.leaves : []
                    slots =
                        leaves.isEmpty
                        ? placed.frames : zip(placed.frames, placed.leaves).map { $0.inset(by: leaves[$1].insets) }
                    rowSpec.cardWidth = placed.size.width
                    rowSpec.cardHeight = placed.size.height
                }
            }
            let placed = RowGeometry(
                spec: rowSpec, origin: Point(x: originX, y: originY), width: room, count: spec.items.count,
                slots: slots)
            row = placed
            grid = RowPlacement(row: placed, offset: 0)
        } else if let group = spec.group {
            let items = spec.items
            let widths = spec.contentWidths
            let measure = ItemMeasure { index in
                let size: ItemSize
                switch items {
                case .uniform(_, let uniform): size = uniform
                case .varying(let sizes): size = sizes[index]
                }
                let width =
                    widths.map { $0.indices.contains(index) ? Int($0[index]) : 0 }
                    ?? itemWidth(size.width, columnWidth: columnWidth, inset: inset, spacing: spacing)
                return (width, max(0, size.height))
            }
            grid = GroupGrid(
                group: group, placer: GroupPlacer(measure: measure, defaultSpacing: spacing, itemCount: items.count),
                originX: originX, originY: originY, room: room, containerHeight: containerHeight,
                groupSpacing: lineSpacing)
        } else {
            switch spec.items {
            case .uniform(let count, let size):
                // Normalization changes nothing here: every item already has the line's height.
                // `per_line` n puts n items on a line: their width is rounded down, so that
                // more might fit, but n are asked for.
                var atMost = Int.max
                if case .perLine(let count) = size.width, count > 0 { atMost = count }
                grid = ItemGrid.uniform(
                    UniformGrid(
                        count: max(0, count), originX: originX, originY: originY,
                        width: resolve(size.width), height: size.height, room: room,
                        interItemSpacing: spacing, lineSpacing: lineSpacing, atMostPerLine: atMost))
            case .varying(let sizes):
                grid = ItemGrid.varying(
                    VaryingGrid(
                        sizes: sizes, originX: originX, originY: originY, room: room,
                        interItemSpacing: spacing, lineSpacing: lineSpacing,
                        normalize: parameters.normalizeLineHeight, resolveWidth: resolve))
            }
        }
        // An empty section still takes its top and bottom insets (and keeps header and footer).
        let itemsBottom = (grid.lineCount == 0 ? originY : grid.linesBottom) + inset.bottom
        let itemsArea = Rect(x: column.x, y: itemsTop, width: column.width, height: itemsBottom - itemsTop)
        return SectionGeometry(
            index: index, side: column.side, columnIndex: columnIndex,
            frame: Rect(x: column.x, y: top, width: column.width, height: itemsBottom + footerHeight - top),
            headerHeight: headerHeight, footerHeight: footerHeight, itemsArea: itemsArea,
            hasBackground: spec.hasBackground, row: row, grid: grid)
    }

    // MARK: Simple look-ups

    public var isSplit: Bool { columns.count == 2 }

    public func column(for side: Side) -> Column? { columns.first { $0.side == side } }

    /// The rectangle of an item, nil for a zero-size or unknown item.
    public func frame(of path: ItemPath) -> Rect? {
        guard sections.indices.contains(path.section) else { return nil }
        return placement(path.section).frame(of: path.item)
    }

    /// The row where a section's header is drawn when the viewport starts at row `offset`.
    /// A pinned header sticks to the top while its section is on screen and is pushed up by
    /// the end of the section's items area.
    public func pinnedHeaderY(section index: Int, offset: Int) -> Int {
        let section = sections[index]
        guard parameters.pinHeaders, section.headerHeight > 0 else { return section.frame.y }
        return min(max(Coordinates.clamp(offset), section.frame.y), section.itemsArea.maxY - section.headerHeight)
    }

    /// The section of a column that covers content row `y`, if any.
    public func section(atRow y: Int, columnIndex: Int) -> Int? {
        // An unknown column (say 1 in a one-column layout) has no sections, rather than trapping.
        guard columnSections.indices.contains(columnIndex) else { return nil }
        let order = columnSections[columnIndex]
        let y = Coordinates.clamp(y)
        let position = firstPosition(in: order) { sections[$0].frame.maxY > y }
        guard position < order.count, sections[order[position]].frame.y <= y else { return nil }
        return order[position]
    }

    /// The section and the first drawn item whose line covers or follows row `y` in a column.
    public func firstItem(atOrBelowRow y: Int, columnIndex: Int) -> ItemPath? {
        guard columnSections.indices.contains(columnIndex) else { return nil }
        let order = columnSections[columnIndex]
        let y = Coordinates.clamp(y)
        var position = firstPosition(in: order) { sections[$0].frame.maxY > y }
        while position < order.count {
            let section = sections[order[position]]
            let placement = placement(section.index)
            let lines = placement.lines(meeting: y..<Int.max)
            if let line = lines.first, let item = placement.edgeItem(inLine: line, last: false) {
                return ItemPath(section: section.index, item: item)
            }
            position += 1
        }
        return nil
    }

    /// Index of the first element of `order` satisfying a predicate that is false then true.
    func firstPosition(in order: [Int], where predicate: (Int) -> Bool) -> Int {
        var low = 0, high = order.count
        while low < high {
            let mid = (low + high) / 2
            if predicate(order[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Approximate memory held by the layout, in bytes: its own tables, not the input specs.
    public var byteCount: Int {
        var bytes = MemoryLayout<SplitLayout>.size
        bytes += sections.capacity * MemoryLayout<SectionGeometry>.stride
        bytes += columnSections.reduce(0) { $0 + $1.capacity * MemoryLayout<Int>.stride }
        bytes += sections.reduce(0) { $0 + $1.grid.byteCount }
        return bytes
    }
}
