// The scaling carousel: the centred card full size, its neighbours a tenth smaller and fainter,
// peeking in at both sides.

public struct CarouselEffect: CardEffect {
    public init() {}

    public var alignment: RowAlignment { .peek }

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        guard progress.isFinite else { return CardTransform(alpha: 0) }
        // How far the card is from the resting place, in card widths, at most one.
        let away = min(max(abs(progress) * Double(row.stride) / Double(row.cardWidth), 0), 1)
        // 0.9 + (1 − away) / 10 and 0.85 + (1 − away) / 10, written so that the resting card's
        // alpha is exactly 0.95, the least drawn without the dim attribute.
        return CardTransform(scale: 1 - away / 10, alpha: 0.95 - away / 10, z: restingCardOnTop(progress))
    }
}
