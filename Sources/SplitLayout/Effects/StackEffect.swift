// The pager's stack: the cards after the resting one lie behind it, each narrower and a level
// further out so that their edges show, at most three deep by default; the card before it
// leaves sideways and fades. The stack shows above the front card by default (each card's top
// edge, its title in it), or below it, or at its left or right (the seed's `stackPosition`),
// `levelSpacing` rows a level (twice as many columns at a side: a cell is about twice as tall
// as it is wide). Cards behind keep the front card's height (at a side, its width): a box
// scaled under three rows would lose its border and float as a bare label.

public struct StackEffect: CardEffect {
    /// Where the cards behind show.
    public enum Side: String, CaseIterable, Hashable, Sendable {
        case top, bottom, left, right
    }

    /// Cards deeper than this behind the resting one are not drawn.
    public var depth: Int
    /// What each level behind loses of its scale, and of its alpha.
    public var scaleStep: Double
    public var fadeStep: Double
    /// Rows between the edges of two levels (columns: twice as many).
    public var levelSpacing: Int
    public var side: Side

    public static let numericOptions = [
        EffectOption("depth", 1...8, default: 3, whole: true, help: "how many cards lie behind the front one"),
        EffectOption("scaleStep", 0...0.3, default: 0.15, help: "what each card behind loses of its scale"),
        EffectOption("fadeStep", 0...1, default: 0.15, help: "what each card behind loses of its alpha"),
        EffectOption(
            "levelSpacing", 1...4, default: 1, whole: true,
            help: "rows between the edges of two cards behind (at the left or right, twice as many columns)"),
        EffectOption(
            "stackSide", choices: Side.allCases.map(\.rawValue), help: "where the cards behind show"),
    ]

    public init(
        depth: Int = 3, scaleStep: Double = 0.15, fadeStep: Double = 0.15, levelSpacing: Int = 1, side: Side = .top
    ) {
        self.depth = depth
        self.scaleStep = scaleStep
        self.fadeStep = fadeStep
        self.levelSpacing = levelSpacing
        self.side = side
    }

    public init?(settings: EffectSettings) {
        guard let values = settings.values(of: Self.numericOptions) else { return nil }
        self.init(
            depth: Int(values["depth"]!), scaleStep: values["scaleStep"]!, fadeStep: values["fadeStep"]!,
            levelSpacing: Int(values["levelSpacing"]!), side: Side.allCases[Int(values["stackSide"]!)])
    }

    public var alignment: RowAlignment { .centered }
    public var placesCards: Bool { true }
    public var visibleItems: Int? { 3 * depth }
    /// Rows for the cards behind, above the line of cards or below it.
    public var headroom: Int { side == .top ? depth * levelSpacing : 0 }
    public var footroom: Int { side == .bottom ? depth * levelSpacing : 0 }

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        guard progress.isFinite else { return CardTransform(alpha: 0) }
        if progress >= 0 {
            guard progress <= Double(depth) else { return CardTransform(alpha: 0, z: -progress) }
            let scale = 1 - progress * scaleStep
            let alpha = max(0, 1 - progress * fadeStep)
            let spacing = Double(levelSpacing)
            switch side {
            case .top, .bottom:
                // The card's edge moves at least `levelSpacing` rows per level beyond the
                // resting card's.
                let out = max(Double(row.cardHeight) * 0.03 * progress, progress * spacing)
                return CardTransform(
                    scale: scale, scaleY: 1, translateY: side == .top ? -out : out, alpha: alpha, z: -progress,
                    edgeTitle: progress > 0.5 ? (side == .top ? .top : .bottom) : nil)
            case .left, .right:
                let out = progress * spacing * 2
                return CardTransform(
                    scale: 1, scaleY: scale, translateX: side == .left ? -out : out, alpha: alpha, z: -progress)
            }
        }
        // Leaving: one card width aside per unit, fading out, in front of the stack.
        return CardTransform(
            translateX: progress * Double(row.cardWidth), alpha: max(0, 1 + progress), z: -progress)
    }
}
