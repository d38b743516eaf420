// The pager's stack: the cards after the resting one lie behind it, each narrower and a row
// higher so that their top edges show, each with its title in it, at most three deep by
// default; the card before it leaves sideways and fades. Cards behind keep their height: a
// box scaled under three rows would lose its border and float as a bare label.

public struct StackEffect: CardEffect {
    /// Cards deeper than this behind the resting one are not drawn.
    public var depth: Int
    /// What each level behind loses of its scale, and of its alpha.
    public var scaleStep: Double
    public var fadeStep: Double

    public static let numericOptions = [
        EffectOption("depth", 1...8, default: 3, whole: true, help: "how many cards lie behind the front one"),
        EffectOption("scaleStep", 0...0.3, default: 0.15, help: "what each card behind loses of its scale"),
        EffectOption("fadeStep", 0...1, default: 0.15, help: "what each card behind loses of its alpha"),
    ]

    public init(depth: Int = 3, scaleStep: Double = 0.15, fadeStep: Double = 0.15) {
        self.depth = depth
        self.scaleStep = scaleStep
        self.fadeStep = fadeStep
    }

    public init?(settings: EffectSettings) {
        guard let values = settings.values(of: Self.numericOptions) else { return nil }
        self.init(depth: Int(values["depth"]!), scaleStep: values["scaleStep"]!, fadeStep: values["fadeStep"]!)
    }

    public var alignment: RowAlignment { .centered }
    public var placesCards: Bool { true }
    public var visibleItems: Int? { 3 * depth }
    public var headroom: Int { depth }

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        guard progress.isFinite else { return CardTransform(alpha: 0) }
        if progress >= 0 {
            guard progress <= Double(depth) else { return CardTransform(alpha: 0, z: -progress) }
            let scale = 1 - progress * scaleStep
            let height = Double(row.cardHeight)
            // The card's top edge rises at least one row per level above the resting card's.
            let rise = max(height * 0.03 * progress, progress)
            return CardTransform(
                scale: scale, scaleY: 1, translateY: -rise, alpha: max(0, 1 - progress * fadeStep), z: -progress,
                edgeTitle: progress > 0.5)
        }
        // Leaving: one card width aside per unit, fading out, in front of the stack.
        return CardTransform(
            translateX: progress * Double(row.cardWidth), alpha: max(0, 1 + progress), z: -progress)
    }
}
