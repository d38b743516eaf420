// The pager's snapshot: the card leaving the resting place comes apart where it is, in strips
// (its rows) sliding apart, even rows left and odd rows right, and fades, in front of the card
// that takes its place, which waits whole behind it and shows through as the strips part.
// (Both cards cut in strips over each other, and sliding aside as well, read as screen
// tearing, not as a card.)

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
        // The next card (or the one left, going back): whole, behind, clearer as it nears.
        guard progress < 0 else { return CardTransform(alpha: 1 - progress / 2, z: -progress) }
        let distance = -progress
        return CardTransform(alpha: 1 - distance, z: distance, stripShift: distance * Double(row.cardWidth) * spread)
    }
}
