// The compositional layout's visible-items handler: a card shrinks with its centre's distance
// from the row's centre, down to seven tenths.

public struct DistanceEffect: CardEffect {
    public init() {}

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        guard progress.isFinite, row.frame.width > 0 else { return CardTransform(alpha: 0) }
        // The card's centre is at lead + progress·stride + cardWidth/2 from the row's left edge.
        let centre = Double(row.lead) + progress * Double(row.stride) + Double(row.cardWidth) / 2
        let distance = centre - Double(row.frame.width) / 2
        return CardTransform(
            scale: max(1 - abs(distance) / Double(row.frame.width), 0.7), z: restingCardOnTop(progress))
    }
}
