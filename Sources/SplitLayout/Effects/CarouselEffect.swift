// The scaling carousel: the centred card full size, its neighbours smaller (a tenth, by
// default) and fainter, peeking in at both sides. In cells a tenth is a cell or two, which
// reads as three equal boxes: the sides lose at least two columns at each side, and a row at
// the top and the bottom where the card has five rows or more. A side card shrinks towards the
// centre card (its inner edge stays), so that the peek shows what the row leaves of it.

public struct CarouselEffect: CardEffect {
    /// The scale and the alpha of a card one card width or more from the resting place.
    public var sideScale: Double
    public var sideAlpha: Double

    public static let numericOptions = [
        EffectOption(
            "sideScale", 0.1...1, default: 0.9,
            help: "the scale of a card one card or more from the centre (and at least two cells narrower at each "
                + "side, a row shorter at the top and bottom from five rows)"),
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

    /// The scale across and down of a side card in a row: `sideScale`, or less where that
    /// would not show in cells.
    public func sideScales(in row: RowGeometry) -> (across: Double, down: Double) {
        let width = Double(row.cardWidth)
        let height = Double(row.cardHeight)
        let across = width > 8 ? min(sideScale, (width - 4) / width) : sideScale
        let down = height >= 5 ? min(sideScale, (height - 2) / height) : sideScale
        return (across, down)
    }

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        guard progress.isFinite else { return CardTransform(alpha: 0) }
        // How far the card is from the resting place, in card widths, at most one.
        let away = min(max(abs(progress) * Double(row.stride) / Double(row.cardWidth), 0), 1)
        // The spec's 0.9 + (1 − away) / 10 and 0.85 + (1 − away) / 10 by default, the alpha
        // written so that the resting card's is exactly 0.95, the least drawn without the dim
        // attribute.
        let alpha = 0.95 - away * (0.95 - min(sideAlpha, 0.95))
        let side = sideScales(in: row)
        let across = 1 - away * (1 - side.across)
        let down = 1 - away * (1 - side.down)
        // Towards the centre by half of what it lost across: its inner edge stays.
        let inwards = (progress < 0 ? 1.0 : -1.0) * Double(row.cardWidth) * (1 - across) / 2
        return CardTransform(
            scale: across, scaleY: down, translateX: progress == 0 ? 0 : inwards, alpha: alpha,
            z: restingCardOnTop(progress))
    }
}
