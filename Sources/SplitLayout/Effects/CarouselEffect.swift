// The scaling carousel: the centred card full size, its neighbours smaller (a tenth, by
// default) and fainter, peeking in at both sides.

public struct CarouselEffect: CardEffect {
    /// The scale and the alpha of a card one card width or more from the resting place.
    public var sideScale: Double
    public var sideAlpha: Double

    public static let numericOptions = [
        EffectOption(
            "sideScale", 0.1...1, default: 0.9, help: "the scale of a card one card or more from the centre"),
        EffectOption(
            "sideAlpha", 0...1, default: 0.85,
            help: "its alpha (0.95 and over: drawn as it is; 0.6 to 0.95 dimmed; 0.3 to 0.6 dimmed, only its "
                + "title; under 0.3 not at all)"),
    ]

    public init(sideScale: Double = 0.9, sideAlpha: Double = 0.85) {
        self.sideScale = sideScale
        self.sideAlpha = sideAlpha
    }

    public init?(settings: EffectSettings) {
        guard let values = settings.values(of: Self.numericOptions) else { return nil }
        self.init(sideScale: values["sideScale"]!, sideAlpha: values["sideAlpha"]!)
    }

    public var alignment: RowAlignment { .peek }

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        guard progress.isFinite else { return CardTransform(alpha: 0) }
        // How far the card is from the resting place, in card widths, at most one.
        let away = min(max(abs(progress) * Double(row.stride) / Double(row.cardWidth), 0), 1)
        // The spec's 0.9 + (1 − away) / 10 and 0.85 + (1 − away) / 10 by default, the alpha
        // written so that the resting card's is exactly 0.95, the least drawn without the dim
        // attribute.
        let alpha = 0.95 - away * (0.95 - min(sideAlpha, 0.95))
        return CardTransform(scale: 1 - away * (1 - sideScale), alpha: alpha, z: restingCardOnTop(progress))
    }
}
