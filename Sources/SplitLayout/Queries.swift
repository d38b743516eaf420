// Geometry questions: what is visible, what is under a point, where does a move go.
// Each one bisects the sections of a column and then the lines of a section, so its cost
// follows what it returns, not the number of items.

extension SplitLayout {
    // MARK: Visible elements

    /// Calls `body` with every element that intersects `viewport` (content coordinates; its
    /// `y` is the scroll offset, which also decides where headers pin). Headers are tested by
    /// their pinned rectangle. Column by column, top to bottom; within a section: background,
    /// header, items, footer. A renderer should paint headers last: they cover items when pinned.
    public func forEachElement(in viewport: Rect, _ body: (LayoutElement) -> Void) {
        let viewport = viewport.clampedToCoordinates
        visit(area: viewport, offset: viewport.y, body)
    }

    /// Every element of the layout, with headers pinned for scroll offset `offset`.
    public func forEachElement(offset: Int, _ body: (LayoutElement) -> Void) {
        visit(area: nil, offset: Coordinates.clamp(offset), body)
    }

    /// The elements that intersect `viewport`, as an array.
    public func elements(in viewport: Rect) -> [LayoutElement] {
        var result: [LayoutElement] = []
        forEachElement(in: viewport) { result.append($0) }
        return result
    }

    /// Calls `body` with the index of every section that meets `viewport` (content
    /// coordinates), column by column, top to bottom: the sections a frame draws, each then
    /// asked for its elements with `forEachElement(ofSection:in:)`.
    public func forEachSection(in viewport: Rect, _ body: (Int) -> Void) {
        let viewport = viewport.clampedToCoordinates
        guard !viewport.isEmpty else { return }
        forEachSection(meeting: viewport, body)
    }

    /// The frame of section `index` (content coordinates), read in place: a caller outside the
    /// module copying the whole `SectionGeometry` out of `sections` to read its frame costs a
    /// frame's drawing more than the frame itself.
    public func frame(ofSection index: Int) -> Rect { sections[index].frame }

    /// The elements of section `index` that intersect `viewport` (whose `y` is the scroll
    /// offset, as for `forEachElement(in:)`), in drawing order: background, header, items,
    /// footer.
    public func forEachElement(ofSection index: Int, in viewport: Rect, _ body: (LayoutElement) -> Void) {
        let viewport = viewport.clampedToCoordinates
        guard sections.indices.contains(index), !viewport.isEmpty else { return }
        visit(section: sections[index], area: viewport, offset: viewport.y, body)
    }

    /// `area` nil means the whole content.
    private func visit(area: Rect?, offset: Int, _ body: (LayoutElement) -> Void) {
        if let area, area.isEmpty { return }
        // Everything the content can hold, for the whole-content walk.
        let area = area ?? Rect(x: 0, y: 0, width: max(viewportWidth, 1), height: max(contentHeight, 1))
        forEachSection(meeting: area) { index in
            visit(section: sections[index], area: area, offset: offset, body)
        }
    }

    /// The sections of the columns that meet `area` whose rows meet its rows.
    private func forEachSection(meeting area: Rect, _ body: (Int) -> Void) {
        let rows = area.y..<area.maxY
        for (columnIndex, column) in columns.enumerated() {
            guard column.width > 0, column.range.overlaps(area.x..<area.maxX) else { continue }
            let order = columnSections[columnIndex]
            var position = firstPosition(in: order) { sections[$0].frame.maxY > rows.lowerBound }
            while position < order.count {
                let section = sections[order[position]]
                position += 1
                if section.frame.y >= rows.upperBound { break }
                body(section.index)
            }
        }
    }

    private func visit(section: SectionGeometry, area: Rect, offset: Int, _ body: (LayoutElement) -> Void) {
        if let background = section.backgroundFrame, background.intersects(area) {
            body(
                LayoutElement(
                    kind: .background, section: section.index, item: nil,
                    side: section.side, frame: background, pinnedY: nil))
        }
        if let header = section.headerFrame {
            let pinnedY = pinnedHeaderY(section: section.index, offset: offset)
            var drawn = header
            drawn.y = pinnedY
            if drawn.intersects(area) {
                body(
                    LayoutElement(
                        kind: .header, section: section.index, item: nil,
                        side: section.side, frame: header, pinnedY: pinnedY))
            }
        }
        let grid = placement(section.index)
        for line in grid.lines(meeting: area.y..<area.maxY) {
            grid.forEachItem(inLine: line, meeting: area) { item, frame in
                body(
                    LayoutElement(
                        kind: .item, section: section.index, item: item,
                        side: section.side, frame: frame, pinnedY: nil))
            }
        }
        if let footer = section.footerFrame, footer.intersects(area) {
            body(
                LayoutElement(
                    kind: .footer, section: section.index, item: nil,
                    side: section.side, frame: footer, pinnedY: nil))
        }
    }

    // MARK: Hit testing

    /// The topmost element under a content point when the viewport starts at row `offset`:
    /// a (pinned) header first, then an item or footer, then a background. Nil over empty space
    /// or the gap between the columns.
    public func element(at point: Point, offset: Int) -> LayoutElement? {
        let point = point.clampedToCoordinates
        guard let columnIndex = columns.firstIndex(where: { $0.range.contains(point.x) }),
            let index = section(atRow: point.y, columnIndex: columnIndex)
        else { return nil }
        let section = sections[index]
        if let header = section.headerFrame {
            let pinnedY = pinnedHeaderY(section: index, offset: offset)
            if point.y >= pinnedY && point.y < pinnedY + header.height {
                return LayoutElement(
                    kind: .header, section: index, item: nil, side: section.side,
                    frame: header, pinnedY: pinnedY)
            }
        }
        if let footer = section.footerFrame, footer.contains(point) {
            return LayoutElement(
                kind: .footer, section: index, item: nil, side: section.side,
                frame: footer, pinnedY: nil)
        }
        let probe = Rect(x: point.x, y: point.y, width: 1, height: 1)
        var hit: LayoutElement?
        let placement = placement(index)
        for line in placement.lines(meeting: point.y..<(point.y + 1)) {
            placement.forEachItem(inLine: line, meeting: probe) { item, frame in
                hit = LayoutElement(
                    kind: .item, section: index, item: item, side: section.side,
                    frame: frame, pinnedY: nil)
            }
        }
        if let hit { return hit }
        if let background = section.backgroundFrame, background.contains(point) {
            return LayoutElement(
                kind: .background, section: index, item: nil, side: section.side,
                frame: background, pinnedY: nil)
        }
        return nil
    }

    // MARK: Spatial navigation

    /// The item reached from `path` by one move in `direction`, or nil at an edge.
    ///
    /// Left and right step along the line, and from the end of a line cross to the other column,
    /// landing on the line nearest the current row (its first item when moving right, its last
    /// when moving left). Up and down go to the nearest item (by horizontal centre) of the line
    /// above or below, continuing into the previous or next section of the same column.
    public func neighbour(of path: ItemPath, _ direction: Direction) -> ItemPath? {
        guard sections.indices.contains(path.section) else { return nil }
        let section = sections[path.section]
        let grid = placement(path.section)
        guard let frame = grid.frame(of: path.item), let line = grid.line(of: path.item) else { return nil }
        if let next = grid.spatialNeighbour(of: path.item, direction) {
            return ItemPath(section: path.section, item: next)
        }

        switch direction {
        case .left, .right:
            let forward = direction == .right
            if let next = grid.step(from: path.item, inLine: line, forward: forward) {
                return ItemPath(section: path.section, item: next)
            }
            let targetColumn = section.columnIndex + (forward ? 1 : -1)
            guard columns.indices.contains(targetColumn) else { return nil }
            guard
                let (target, targetLine) = nearestLine(
                    columnIndex: targetColumn,
                    toRow: frame.y, height: frame.height),
                let item = placement(target).edgeItem(inLine: targetLine, last: !forward)
            else { return nil }
            return ItemPath(section: target, item: item)

        case .up, .down:
            let down = direction == .down
            let centre2 = frame.x * 2 + frame.width
            if down ? line + 1 < grid.lineCount : line > 0 {
                let targetLine = down ? line + 1 : line - 1
                return grid.nearestItem(inLine: targetLine, toDoubledCentre: centre2, fromBelow: !down)
                    .map { ItemPath(section: path.section, item: $0) }
            }
            // Into the next (or previous) section of this column that has items.
            let order = columnSections[section.columnIndex]
            guard var position = order.firstIndex(of: path.section) else { return nil }
            while true {
                position += down ? 1 : -1
                guard order.indices.contains(position) else { return nil }
                let target = sections[order[position]]
                let targetItems = placement(target.index)
                guard targetItems.lineCount > 0 else { continue }
                let targetLine = down ? 0 : targetItems.lineCount - 1
                return targetItems.nearestItem(inLine: targetLine, toDoubledCentre: centre2, fromBelow: !down)
                    .map { ItemPath(section: target.index, item: $0) }
            }
        }
    }

    /// In a column, the line of items vertically nearest the rows `y..<y+height`: the uppermost
    /// line that overlaps them if any, else the closest line above or below (the upper one when
    /// both are as close).
    func nearestLine(columnIndex: Int, toRow y: Int, height: Int) -> (section: Int, line: Int)? {
        let order = columnSections[columnIndex]
        let y = Coordinates.clamp(y)
        let rows = y..<(y + max(1, Coordinates.clampLength(height)))

        func distance(_ candidate: (section: Int, line: Int)) -> Int {
            let grid = placement(candidate.section)
            let top = grid.lineTop(candidate.line)
            let bottom = top + grid.lineHeight(candidate.line)
            if bottom <= rows.lowerBound { return rows.lowerBound - bottom + 1 }
            if top >= rows.upperBound { return top - rows.upperBound + 1 }
            return 0
        }

        // Lines in a column never overlap and are ordered by top, so their bottoms are ordered
        // too, and only two lines can be nearest: the first line ending below the rows' top
        // (the uppermost overlapping line if any overlaps, else the first line below), and the
        // line just before it (the last line above). Not the last line starting above the rows'
        // end: of several overlapping lines that is the lowest, and a move right from a 3-row
        // item beside three 1-row lines must land on the one level with the item's top.
        var position = firstPosition(in: order) { sections[$0].frame.maxY > rows.lowerBound }
        var below: (section: Int, line: Int)?
        while position < order.count {
            if let line = placement(order[position]).lines(meeting: rows.lowerBound..<Int.max).first {
                below = (order[position], line)
                break
            }
            position += 1
        }
        var above: (section: Int, line: Int)?
        if let below, below.line > 0 {
            above = (below.section, below.line - 1)
        } else {
            // The last line of the nearest earlier section that has any, skipping empty ones.
            var earlier = position - 1
            while earlier >= 0 {
                let grid = placement(order[earlier])
                if grid.lineCount > 0 {
                    above = (order[earlier], grid.lineCount - 1)
                    break
                }
                earlier -= 1
            }
        }
        switch (above, below) {
        case let (above?, below?): return distance(below) < distance(above) ? below : above
        case let (above?, nil): return above
        case let (nil, below?): return below
        case (nil, nil): return nil
        }
    }
}

extension SplitLayout {
    /// For a section placed by a group: which repetition of the group holds `item`, and that
    /// repetition's frame; nil for other sections and unknown items.
    public func group(ofItem item: Int, section: Int) -> (index: Int, frame: Rect)? {
        guard sections.indices.contains(section), let line = sections[section].grid.line(of: item),
            let frame = sections[section].grid.groupFrame(ofLine: line)
        else { return nil }
        return (line, frame)
    }
}

/// What a section's group draws beside its items: a group's background and badges (a
/// repetition of the section's group, or a group nested in it), or an item's badges; and the
/// groups that repeat their member a number of times, to report.
public struct GroupDecoration: Hashable, Sendable {
    public let section: Int
    /// The repetition of the section's group it is in.
    public let repetition: Int
    /// For a group's: its index among `GroupLayout.decors` (0: the section's group itself);
    /// nil for an item's.
    public let group: Int?
    /// The item whose badges these are, or for a group's, its first item (whose fields a
    /// badge of a field shows).
    public let item: Int
    /// What it is attached to: the group's frame, or the item's (its slot less its insets).
    public let frame: Rect
    /// The group's background colour, as the file wrote it.
    public let background: String?
    public let badges: [GroupBadge]
    /// The group's count, when it repeats its member a number of times.
    public let count: Int?
}

extension SplitLayout {
    /// The slot of an item of a section placed by a group: its frame before its insets (its
    /// frame, where it has none); nil for other sections and unknown items.
    public func slot(of path: ItemPath) -> Rect? {
        guard sections.indices.contains(path.section), let grid = sections[path.section].grid as? GroupGrid
        else { return nil }
        return grid.slot(of: path.item)
    }

    /// Calls `body` with the decorations of section `index` (placed by a group) that may meet
    /// `area`: for each repetition, its groups with a background or badges (outer ones first),
    /// then its items with badges. A badge may reach past what it is attached to: whoever draws
    /// it clips it.
    public func forEachDecoration(ofSection index: Int, in area: Rect, _ body: (GroupDecoration) -> Void) {
        guard sections.indices.contains(index), let grid = sections[index].grid as? GroupGrid else { return }
        let template = grid.template
        guard template.isDecorated, !area.isEmpty else { return }
        let reach = template.badgeReach + 1
        let rows = saturatingSum(area.y, -reach)..<saturatingSum(area.maxY, reach)
        for line in grid.lines(meeting: rows) {
            let items = grid.items(inLine: line)
            for (group, frame) in grid.decoratedGroups(inLine: line) {
                let decor = template.decors[group]
                // Its first item: the first whose slot lies in the group.
                let first = items.first { grid.slot(of: $0).map(frame.contains) ?? false } ?? items.lowerBound
                body(
                    GroupDecoration(
                        section: index, repetition: line, group: group, item: first, frame: frame,
                        background: decor.background, badges: decor.badges, count: template.counts[group]))
            }
            for item in items {
                guard let leaf = grid.leaf(of: item), !template.leaves[leaf].badges.isEmpty,
                    let frame = grid.frame(of: item)
                else { continue }
                body(
                    GroupDecoration(
                        section: index, repetition: line, group: nil, item: item, frame: frame, background: nil,
                        badges: template.leaves[leaf].badges, count: nil))
            }
        }
    }
}

extension SplitLayout {
    /// The group that places section `index`'s items (nil: none, or no such section).
    public func group(ofSection index: Int) -> GroupLayout? {
        specs.indices.contains(index) ? specs[index].group : nil
    }
}
