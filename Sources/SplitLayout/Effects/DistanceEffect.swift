// The compositional layout's visible-items handler: a card shrinks with its centre's distance
// from the row's centre, down to a least scale (seven tenths by default).

public struct DistanceEffect: CardEffect {
    public var minScale: Double

    public static let numericOptions = [
        EffectOption("minScale", 0.1...1, default: 0.7, help: "the least scale, far from the centre")
    ]

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
        return CardTransform(
            scale: max(1 - abs(distance) / Double(row.frame.width), minScale), z: restingCardOnTop(progress))
    }
}
