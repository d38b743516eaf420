// A row whose cards each hold a repetition of a compositional group (the compositional layout's
// orthogonal section of groups): which card holds an item, the items of a card, and where an
// item is drawn inside its card, scaled with it by the row's effect.

extension RowGeometry {
    /// Items a card holds.
    public var itemsPerCard: Int { max(1, slots.count) }

    /// The card holding `item`.
    public func card(ofItem item: Int) -> Int { item / itemsPerCard }

    /// The items of card `card`.
    public func items(ofCard card: Int) -> Range<Int> {
        guard card >= 0, card < count else { return 0..<0 }
        return card * itemsPerCard..<min(itemCount, (card + 1) * itemsPerCard)
    }

    /// Where `item` is drawn when its card is drawn in `card` (the card's own frame, or the
    /// one the effect gives it): its slot, scaled with the card; the card itself without a
    /// group. Never less than a cell each way.
    public func frame(ofItem item: Int, inCard card: Rect) -> Rect {
        guard !slots.isEmpty, item >= 0 else { return card }
        let slot = slots[item % slots.count]
        let scaleX = Double(card.width) / Double(max(1, cardWidth))
        let scaleY = Double(card.height) / Double(max(1, cardHeight))
        func scaled(_ value: Int, _ scale: Double) -> Int { Int((Double(value) * scale).rounded()) }
        let left = scaled(slot.x, scaleX), right = scaled(slot.maxX, scaleX)
        let top = scaled(slot.y, scaleY), bottom = scaled(slot.maxY, scaleY)
        return Rect(
            x: card.x + left, y: card.y + top, width: max(1, right - left), height: max(1, bottom - top))
    }

    /// The item next to `item` that way inside its card, by the slots' frames.
    func neighbourInCard(of item: Int, _ direction: Direction) -> Int? {
        guard !slots.isEmpty, item >= 0, item < itemCount else { return nil }
        let card = card(ofItem: item)
        let origin = Rect(x: 0, y: 0, width: cardWidth, height: cardHeight)
        return nearestFrame(
            from: frame(ofItem: item, inCard: origin),
            among: items(ofCard: card).filter { $0 != item }.map { ($0, frame(ofItem: $0, inCard: origin)) },
            direction)
    }
}

/// Of `candidates`, the one next to `from` that way: the nearest whose frame lies wholly on that
/// side and overlaps it across (else the nearest on that side at all); ties by the smaller
/// offset across, then the smaller index.
func nearestFrame(from: Rect, among candidates: [(index: Int, frame: Rect)], _ direction: Direction) -> Int? {
    var best: (index: Int, overlaps: Bool, gap: Int, across: Int)?
    for (index, frame) in candidates {
        let gap: Int
        let overlaps: Bool
        let across: Int
        switch direction {
        case .right, .left:
            gap = direction == .right ? frame.x - from.maxX : from.x - frame.maxX
            overlaps = frame.y < from.maxY && from.y < frame.maxY
            across = abs(frame.y - from.y)
        case .down, .up:
            gap = direction == .down ? frame.y - from.maxY : from.y - frame.maxY
            overlaps = frame.x < from.maxX && from.x < frame.maxX
            across = abs(frame.x - from.x)
        }
        guard gap >= 0 else { continue }
        let better =
            best == nil || (overlaps && !best!.overlaps)
            || (overlaps == best!.overlaps && (gap, across, index) < (best!.gap, best!.across, best!.index))
        if better { best = (index, overlaps, gap, across) }
    }
    return best?.index
}
