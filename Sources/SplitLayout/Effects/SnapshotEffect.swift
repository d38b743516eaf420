// The pager's snapshot: the card leaving the resting place comes apart where it is, in strips
// (its rows) sliding apart, even rows left and odd rows right, fading out by half way; the card
// taking its place fades in, whole, over the second half. The two never overlap: the second
// seen through the first's gaps (its focus colours in fragments), or both cut in strips and
// sliding aside, read as screen tearing, not as a card coming apart.
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
        // The next card (or the one left, going back): none until half way (where the leaving
        // card is its title alone, alpha 0.3, and goes), then whole, from its title alone to all
        // of it.
        guard progress < 0 else {
            return CardTransform(alpha: progress < 0.5 ? 1 - 1.4 * progress : 0, z: -progress)
        }
        let distance = -progress
        return CardTransform(
            alpha: max(0, 1 - 1.4 * distance), z: distance, stripShift: distance * Double(row.cardWidth) * spread)
    }
}
