// The compositional layout's visible-items handler: a card shrinks with its centre's distance
// from the row's centre, down to a least scale (seven tenths by default), and fades with it
// (the farthest dimmed), so that the centre reads strongest.

public struct DistanceEffect: CardEffect {
    public var minScale: Double

    public static let numericOptions = [
        EffectOption("minScale", 0.1...1, default: 0.7, help: "the least scale, far from the centre")
    ]

    /// The alpha of a card at the least scale: dimmed, its whole content shown.
    public static let leastAlpha = 0.6

    public init(minScale: Double = 0.7) { self.minScale = minScale }

    public init?(settings: EffectSettings) {
        guard let values = settings.values(of: Self.numericOptions) else { return nil }
        self.init(minScale: values["minScale"]!)
    }

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        guard progress.isFinite, row.frame.width > 0 else { return CardTransform(alpha: 0) }
        // The card's centre is at lead + progress·stride + cardWidth/2 from the row's left edge.
        let centre = Double(row.lead) + progress * Double(row.stride) + Double(row.cardWidth) / 2
        let distance = centre - Double(row.frame.width) / 2
        let scale = max(1 - abs(distance) / Double(row.frame.width), minScale)
        // 1 at the centre, `leastAlpha` at the least scale: dimmed past a few cells off centre.
        let alpha = minScale < 1 ? 1 - (1 - scale) / (1 - minScale) * (1 - Self.leastAlpha) : 1
        return CardTransform(scale: scale, alpha: alpha, z: restingCardOnTop(progress))
    }
}
