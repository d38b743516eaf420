// The pager's snapshot: the card is cut into strips (its rows) that slide apart sideways and
// fade as it leaves the resting place.

public struct SnapshotEffect: CardEffect {
    public init() {}

    public var alignment: RowAlignment { .centered }
    public var placesCards: Bool { true }
    public var visibleItems: Int? { 3 }

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        guard progress.isFinite, abs(progress) < 1 else { return CardTransform(alpha: 0, z: -1) }
        let distance = abs(progress)
        return CardTransform(
            translateX: progress * Double(row.cardWidth) / 2, alpha: 1 - distance, z: -distance,
            stripShift: distance * Double(row.cardWidth) / 2)
    }
}
