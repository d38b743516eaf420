// A row section's cards as the layout's queries see them: one line, the cards at the row's
// current offset. Only the cards that meet the row are visited, so a query costs what the
// screen shows, not the row's length.

struct RowPlacement: ItemPlacement {
    let row: RowGeometry
    let offset: Double

    var count: Int { row.itemCount }
    var lineCount: Int { row.count > 0 ? 1 : 0 }
    var linesBottom: Int { row.area.maxY }
    // The line is the whole row, headroom included: a click or a move there is on the row.
    func lineTop(_ line: Int) -> Int { row.area.y }
    func lineHeight(_ line: Int) -> Int { row.area.height }
    func items(inLine line: Int) -> Range<Int> { line == 0 ? 0..<row.itemCount : 0..<0 }
    func line(of item: Int) -> Int? { item >= 0 && item < row.itemCount ? 0 : nil }

    func frame(of item: Int) -> Rect? {
        guard item >= 0, item < row.itemCount else { return nil }
        return row.frame(ofItem: item, inCard: row.cardFrame(row.card(ofItem: item), offset: offset))
    }

    func lines(meeting rows: Range<Int>) -> Range<Int> {
        let area = row.area
        return lineCount > 0 && rows.lowerBound < area.maxY && area.y < rows.upperBound ? 0..<1 : 0..<0
    }

    func forEachItem(inLine line: Int, meeting area: Rect, _ body: (Int, Rect) -> Void) {
        guard line == 0 else { return }
        for card in row.visibleCards(offset: offset) {
            let cardFrame = row.cardFrame(card, offset: offset)
            for item in row.items(ofCard: card) {
                let frame = row.frame(ofItem: item, inCard: cardFrame)
                if frame.intersects(area) { body(item, frame) }
            }
        }
    }

    // A row is entered on its current page (the first item of its card), from above, below or
    // the side alike.
    func nearestItem(inLine line: Int, toDoubledCentre centreX2: Int) -> Int? {
        line == 0 && row.count > 0 ? row.items(ofCard: row.page(offset: offset)).first : nil
    }

    func edgeItem(inLine line: Int, last: Bool) -> Int? {
        nearestItem(inLine: line, toDoubledCentre: 0)
    }

    func spatialNeighbour(of item: Int, _ direction: Direction) -> Int? {
        row.neighbourInCard(of: item, direction)
    }

    /// Past the edge of its card: the first item of the next card, or the last of the one
    /// before.
    func step(from item: Int, inLine line: Int, forward: Bool) -> Int? {
        guard line == 0, item >= 0, item < row.itemCount else { return nil }
        let card = row.card(ofItem: item) + (forward ? 1 : -1)
        let items = row.items(ofCard: card)
        return forward ? items.first : items.last
    }

    var byteCount: Int { row.slots.count * MemoryLayout<Rect>.stride }
}

extension SplitLayout {
    /// Where section `index`'s items are: a row's at its current offset.
    func placement(_ index: Int) -> any ItemPlacement {
        let section = sections[index]
        guard let row = section.row, let offset = rowOffsets[index] else { return section.grid }
        return RowPlacement(row: row, offset: offset)
    }

    /// A row section's sideways offset (0 for a grid, or a row not moved yet).
    public func rowOffset(section index: Int) -> Double { rowOffsets[index] ?? 0 }

    /// Each row shows the page it showed in `old` (the same sections at another width, or in
    /// another style): a resize keeps every row where it was.
    public mutating func takeRowPages(from old: SplitLayout) {
        for (index, offset) in old.rowOffsets where sections.indices.contains(index) {
            guard let before = old.sections[index].row, let now = sections[index].row else { continue }
            setRowOffset(now.restingOffset(ofPage: before.page(offset: offset)), section: index)
        }
    }

    /// Moves a row section's cards to `offset` (clamped to where the row can be); nothing for
    /// a grid.
    public mutating func setRowOffset(_ offset: Double, section index: Int) {
        guard sections.indices.contains(index), let row = sections[index].row else { return }
        rowOffsets[index] = row.clamped(offset)
    }
}
