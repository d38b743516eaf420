// Shared helpers for the SplitLayout tests: short constructors, a snapshot of a layout that can
// be compared with `==`, and an independent, deliberately naive reference implementation of the
// rules (docs/split-layout.md) that the property tests compare the engine against.

@testable import SplitLayout

// MARK: - Short constructors

func size(_ width: Int, _ height: Int) -> ItemSize { ItemSize(width: width, height: height) }

func uniform(_ count: Int, _ width: Int, _ height: Int) -> SectionItems {
    .uniform(count: count, size: size(width, height))
}

func varying(_ sizes: [(Int, Int)]) -> SectionItems {
    .varying(sizes.map { size($0.0, $0.1) })
}

func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

/// One full-width column (ratio 1) unless told otherwise.
func layout(
    _ sections: [SectionSpec], width: Int, ratio: Double = 1, splitSpacing: Int = 0,
    spacing: Int = 0, lineSpacing: Int = 0, inset: EdgeInsets = .zero,
    normalize: Bool = false, pin: Bool = false, rule: SideRule = .alternate
) -> SplitLayout {
    SplitLayout(
        sections: sections,
        parameters: LayoutParameters(
            leftRatio: ratio, splitSpacing: splitSpacing,
            interItemSpacing: spacing, lineSpacing: lineSpacing,
            sectionInset: inset, normalizeLineHeight: normalize,
            pinHeaders: pin, sideRule: rule),
        width: width)
}

extension SplitLayout {
    /// Frames of every item of a section by index (nil for zero-size items).
    func itemFrames(_ section: Int) -> [Rect?] {
        (0..<sections[section].itemCount).map { frame(of: path(section, $0)) }
    }

    /// Every element, headers pinned for `offset`.
    func allElements(offset: Int = 0) -> [LayoutElement] {
        var result: [LayoutElement] = []
        forEachElement(offset: offset) { result.append($0) }
        return result
    }

    /// The visible-element query answered by brute force: every element, filtered.
    func bruteForceElements(in viewport: Rect) -> [LayoutElement] {
        allElements(offset: viewport.y).filter { $0.drawnFrame.intersects(viewport) }
    }

    /// Section indices of a column, top to bottom, from the public geometry.
    func sectionsOf(column: Int) -> [Int] {
        sections.filter { $0.columnIndex == column }.map(\.index)
    }
}

func sizes(of items: SectionItems) -> [ItemSize] {
    switch items {
    case .uniform(let count, let size): return Array(repeating: size, count: max(0, count))
    case .varying(let sizes): return sizes
    }
}

// MARK: - Snapshot

/// Everything observable about a layout's geometry, comparable with `==`.
struct LayoutSnapshot: Equatable, CustomStringConvertible {
    struct Section: Equatable {
        var index: Int
        var side: Side
        var columnIndex: Int
        var frame: Rect
        var itemsArea: Rect
        var header: Rect?
        var footer: Rect?
        var background: Rect?
        var lineCount: Int
        var items: [Rect?]
    }
    var columns: [Column]
    var sections: [Section]
    var contentHeight: Int

    init(_ layout: SplitLayout) {
        columns = layout.columns
        contentHeight = layout.contentHeight
        sections = layout.sections.map { g in
            Section(
                index: g.index, side: g.side, columnIndex: g.columnIndex, frame: g.frame,
                itemsArea: g.itemsArea, header: g.headerFrame, footer: g.footerFrame,
                background: g.backgroundFrame, lineCount: g.lineCount,
                items: layout.itemFrames(g.index))
        }
    }

    init(_ reference: ReferenceLayout) {
        columns = reference.columns
        contentHeight = reference.contentHeight
        sections = reference.sections.map { s in
            Section(
                index: s.index, side: s.side, columnIndex: s.columnIndex, frame: s.frame,
                itemsArea: s.itemsArea, header: s.header, footer: s.footer,
                background: s.hasBackground ? s.itemsArea : nil,
                lineCount: Set(s.items.compactMap { $0?.y }).count, items: s.items)
        }
    }

    var description: String {
        "columns \(columns.map { "\($0.side)@\($0.x)+\($0.width)" }) content \(contentHeight)\n"
            + sections.map { "  \($0)" }.joined(separator: "\n")
    }
}

// MARK: - Reference implementation

/// A straightforward, per-item restatement of the spec. Slow on purpose and free of the
/// engine's arithmetic shortcuts (uniform grids, bisection), so that the two can be compared.
/// Only the column split itself is taken from the engine (`SplitLayout.columns`), because its
/// rounding is pinned down by the unit tests in ColumnsTests.
struct ReferenceLayout {
    struct Section {
        var index: Int
        var columnIndex: Int
        var side: Side
        var frame: Rect
        var itemsArea: Rect
        var header: Rect?
        var footer: Rect?
        var hasBackground: Bool
        var items: [Rect?]
    }

    /// One line of drawn items, in a column's top-to-bottom order.
    struct Line {
        var section: Int
        var top: Int
        var height: Int
        /// Item indices ordered by x.
        var items: [Int]
    }

    var parameters: LayoutParameters
    var columns: [Column]
    var sections: [Section] = []
    var contentHeight = 0
    /// Per column, every line of items top to bottom.
    var lines: [[Line]] = []

    init(sections specs: [SectionSpec], parameters p: LayoutParameters, width: Int) {
        parameters = p
        columns = SplitLayout.columns(
            width: max(0, width), leftRatio: p.leftRatio,
            splitSpacing: p.splitSpacing)
        var cursor = Array(repeating: 0, count: columns.count)
        lines = Array(repeating: [], count: columns.count)
        for (index, spec) in specs.enumerated() {
            let c: Int
            if columns.count == 1 {
                c = 0
            } else if let side = spec.side {
                c = side == .left ? 0 : 1
            } else {
                switch p.sideRule {
                case .alternate: c = index % 2
                case .left: c = 0
                case .right: c = 1
                case .balance: c = cursor[0] <= cursor[1] ? 0 : 1
                }
            }
            let column = columns[c]
            let inset = spec.inset ?? p.sectionInset
            let spacing = spec.interItemSpacing ?? p.interItemSpacing
            let lineSpacing = spec.lineSpacing ?? p.lineSpacing
            let top = cursor[c]
            let itemsTop = top + spec.headerHeight
            let left = column.x + inset.left
            let limit = column.x + column.width - inset.right
            let room = limit - left

            var frames: [Rect?] = []
            var x = left
            var y = itemsTop + inset.top
            var line: [Int] = []
            var tallest = 0
            var lastBottom: Int?
            var sectionLines: [Line] = []
            func finishLine() {
                if p.normalizeLineHeight { for i in line { frames[i]!.height = tallest } }
                sectionLines.append(Line(section: index, top: y, height: tallest, items: line))
                lastBottom = y + tallest
            }
            for itemSize in sizes(of: spec.items) {
                var w: Int
                switch itemSize.width {
                case .cells(let cells):
                    w = cells
                case .perLine(let n):
                    // The spec's helper, computed with real division; at least one cell.
                    let share = Double(column.width - inset.left - inset.right - spacing * (n - 1)) / Double(n)
                    w = n > 0 ? max(1, Int(share.rounded(.down))) : 0
                }
                w = min(w, room)
                if w <= 0 || itemSize.height <= 0 {
                    frames.append(nil)
                    continue
                }
                // (`perLine` n: at most n items on a line, though more might fit.)
                var full = false
                if case .perLine(let n) = itemSize.width { full = line.count >= n }
                if !line.isEmpty && (x + w > limit || full) {
                    finishLine()
                    y += tallest + lineSpacing
                    x = left
                    tallest = 0
                    line = []
                }
                frames.append(Rect(x: x, y: y, width: w, height: itemSize.height))
                line.append(frames.count - 1)
                x += w + spacing
                tallest = max(tallest, itemSize.height)
            }
            if !line.isEmpty { finishLine() }
            let itemsBottom = (lastBottom ?? itemsTop + inset.top) + inset.bottom
            let bottom = itemsBottom + spec.footerHeight
            sections.append(
                Section(
                    index: index, columnIndex: c, side: column.side,
                    frame: Rect(x: column.x, y: top, width: column.width, height: bottom - top),
                    itemsArea: Rect(x: column.x, y: itemsTop, width: column.width, height: itemsBottom - itemsTop),
                    header: spec.headerHeight > 0
                        ? Rect(x: column.x, y: top, width: column.width, height: spec.headerHeight) : nil,
                    footer: spec.footerHeight > 0
                        ? Rect(x: column.x, y: itemsBottom, width: column.width, height: spec.footerHeight) : nil,
                    hasBackground: spec.hasBackground, items: frames))
            lines[c] += sectionLines
            cursor[c] = bottom
        }
        contentHeight = cursor.max() ?? 0
    }

    func pinnedY(_ s: Section, offset: Int) -> Int {
        guard parameters.pinHeaders, let header = s.header else { return s.frame.y }
        return min(max(offset, s.frame.y), s.itemsArea.maxY - header.height)
    }

    /// Every drawable element at scroll offset `offset`.
    func elements(offset: Int) -> [LayoutElement] {
        var result: [LayoutElement] = []
        for s in sections {
            if s.hasBackground && !s.itemsArea.isEmpty {
                result.append(
                    LayoutElement(
                        kind: .background, section: s.index, item: nil, side: s.side,
                        frame: s.itemsArea, pinnedY: nil))
            }
            if let header = s.header {
                result.append(
                    LayoutElement(
                        kind: .header, section: s.index, item: nil, side: s.side,
                        frame: header, pinnedY: pinnedY(s, offset: offset)))
            }
            for (i, frame) in s.items.enumerated() {
                if let frame {
                    result.append(
                        LayoutElement(
                            kind: .item, section: s.index, item: i, side: s.side,
                            frame: frame, pinnedY: nil))
                }
            }
            if let footer = s.footer {
                result.append(
                    LayoutElement(
                        kind: .footer, section: s.index, item: nil, side: s.side,
                        frame: footer, pinnedY: nil))
            }
        }
        return result
    }

    func elements(in viewport: Rect) -> Set<LayoutElement> {
        Set(elements(offset: viewport.y).filter { $0.drawnFrame.intersects(viewport) })
    }

    /// The topmost element under a point: a (pinned) header, then an item or footer, then a
    /// background.
    func element(at point: Point, offset: Int) -> LayoutElement? {
        let under = elements(offset: offset).filter { $0.drawnFrame.contains(point) }
        func rank(_ e: LayoutElement) -> Int {
            switch e.kind {
            case .header: return 0
            case .item, .footer: return 1
            case .background: return 2
            }
        }
        return under.min { rank($0) < rank($1) }
    }

    func section(atRow y: Int, columnIndex: Int) -> Int? {
        sections.first { $0.columnIndex == columnIndex && $0.frame.y <= y && y < $0.frame.maxY }?.index
    }

    func firstItem(atOrBelowRow y: Int, columnIndex: Int) -> ItemPath? {
        guard let line = lines[columnIndex].first(where: { $0.top + $0.height > y }) else { return nil }
        return ItemPath(section: line.section, item: line.items[0])
    }

    /// Where an item sits: its column and the index of its line in that column's line list.
    func locate(_ p: ItemPath) -> (column: Int, line: Int)? {
        guard sections.indices.contains(p.section), sections[p.section].items.indices.contains(p.item),
            sections[p.section].items[p.item] != nil
        else { return nil }
        let c = sections[p.section].columnIndex
        guard let l = lines[c].firstIndex(where: { $0.section == p.section && $0.items.contains(p.item) })
        else { return nil }
        return (c, l)
    }

    /// Spatial navigation restated from the spec by scanning lines.
    func neighbour(of p: ItemPath, _ direction: Direction) -> ItemPath? {
        guard let (c, l) = locate(p), let frame = sections[p.section].items[p.item] else { return nil }
        let line = lines[c][l]
        let position = line.items.firstIndex(of: p.item)!
        switch direction {
        case .left, .right:
            let forward = direction == .right
            let next = position + (forward ? 1 : -1)
            if line.items.indices.contains(next) { return ItemPath(section: p.section, item: line.items[next]) }
            let target = c + (forward ? 1 : -1)
            guard columns.indices.contains(target) else { return nil }
            // Vertical distance between the item's rows and a line's rows: 0 when they overlap;
            // ties go to the upper line.
            let rows = frame.y..<(frame.y + max(1, frame.height))
            func distance(_ candidate: Line) -> Int {
                let bottom = candidate.top + candidate.height
                if bottom <= rows.lowerBound { return rows.lowerBound - bottom + 1 }
                if candidate.top >= rows.upperBound { return candidate.top - rows.upperBound + 1 }
                return 0
            }
            guard let best = lines[target].min(by: { distance($0) < distance($1) }) else { return nil }
            return ItemPath(section: best.section, item: forward ? best.items.first! : best.items.last!)
        case .up, .down:
            // The adjacent line in the column's list is the next line of this section or the
            // first (last) line of the next (previous) section that has any.
            let other = l + (direction == .down ? 1 : -1)
            guard lines[c].indices.contains(other) else { return nil }
            let target = lines[c][other]
            let centre2 = frame.x * 2 + frame.width
            let items = target.items.map { i -> (Int, Int) in
                let f = sections[target.section].items[i]!
                return (i, abs(f.x * 2 + f.width - centre2))
            }
            // `min` keeps the first of equal elements: the leftmost on a tie.
            return ItemPath(section: target.section, item: items.min { $0.1 < $1.1 }!.0)
        }
    }
}
