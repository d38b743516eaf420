// Look-ups the browser needs when it moves the focus by rows rather than by item.

extension SplitLayout {
    /// The drawn item of a column nearest a content point: on the line vertically nearest the
    /// point's row, the item whose centre is nearest its column. Page moves and scroll-follow
    /// use it to keep the focus at the same place on screen.
    public func nearestItem(to point: Point, columnIndex: Int) -> ItemPath? {
        let point = point.clampedToCoordinates
        guard columns.indices.contains(columnIndex),
            let (section, line) = nearestLine(columnIndex: columnIndex, toRow: point.y, height: 1),
            let item = placement(section).nearestItem(inLine: line, toDoubledCentre: point.x * 2 + 1)
        else { return nil }
        return ItemPath(section: section, item: item)
    }
}
