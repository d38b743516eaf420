// The pager's snapshot: the card is cut into strips (its rows) that slide apart sideways and
// fade as it leaves the resting place.

public struct SnapshotEffect: CardEffect {
    /// How far the strips slide apart at one card from the resting place, in card widths.
    public var spread: Double

    public static let numericOptions = [
        EffectOption(
            "spread", 0...2, default: 0.5,
            help: "how far apart the strips slide, in card widths, one card from the centre")
    ]

    public init(spread: Double = 0.5) { self.spread = spread }

    public init?(settings: EffectSettings) {
        guard let values = settings.values(of: Self.numericOptions) else { return nil }
        self.init(spread: values["spread"]!)
    }

    public var alignment: RowAlignment { .centered }
    public var placesCards: Bool { true }
    public var visibleItems: Int? { 3 }

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        guard progress.isFinite, abs(progress) < 1 else { return CardTransform(alpha: 0, z: -1) }
        let distance = abs(progress)
        return CardTransform(
            translateX: progress * Double(row.cardWidth) / 2, alpha: 1 - distance, z: -distance,
            stripShift: distance * Double(row.cardWidth) * spread)
    }
}
