// The pager's stack: the cards after the resting one lie behind it, each smaller and a row
// higher so that their top edges show, at most three deep; the card before it leaves sideways
// and fades.

public struct StackEffect: CardEffect {
    /// Cards deeper than this behind the resting one are not drawn.
    public static let maximumDepth = 3.0

    public init() {}

    public var alignment: RowAlignment { .centered }
    public var placesCards: Bool { true }
    public var visibleItems: Int? { 9 }
    public var headroom: Int { Int(Self.maximumDepth) }

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        guard progress.isFinite else { return CardTransform(alpha: 0) }
        if progress >= 0 {
            guard progress <= Self.maximumDepth else { return CardTransform(alpha: 0, z: -progress) }
            let scale = 1 - progress * 0.15
            let height = Double(row.cardHeight)
            // The card's top edge rises at least one row per level above the resting card's:
            // shrinking about its centre lowers it by half of what it loses.
            let rise = max(height * 0.03 * progress, progress)
            let shrink = (height - (height * scale).rounded()) / 2
            return CardTransform(
                scale: scale, translateY: -(rise + shrink), alpha: 1 - progress * 0.15, z: -progress)
        }
        // Leaving: one card width aside per unit, fading out, in front of the stack.
        return CardTransform(
            translateX: progress * Double(row.cardWidth), alpha: max(0, 1 + progress), z: -progress)
    }
}
