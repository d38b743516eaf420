// What a row's effect does to a card as the row moves (docs/row-sections.md): each effect is a
// pure function from a card's progress to a transform, and the row widget draws the card's
// cells as the transform says. A new effect is one new type conforming to `CardEffect`.

/// A card's scale, sideways and vertical shift, opacity and stacking order.
public struct CardTransform: Hashable, Sendable {
    /// 1: the card's own size.
    public var scale: Double
    /// Cells to the right (negative: left) and down (negative: up).
    public var translateX: Double
    public var translateY: Double
    /// 1: opaque; see `visibility` for what a terminal can show of less.
    public var alpha: Double
    /// Larger is in front: cards are drawn in increasing `z`.
    public var z: Double

    public init(scale: Double = 1, translateX: Double = 0, translateY: Double = 0, alpha: Double = 1, z: Double = 0) {
        self.scale = scale
        self.translateX = translateX
        self.translateY = translateY
        self.alpha = alpha
        self.z = z
    }

    public static let identity = CardTransform()

    /// The smallest card drawn: a border and one cell inside it, on one row.
    public static let minimumSize = (width: 3, height: 1)

    /// Where a card whose untransformed frame is `frame` is drawn: scaled about its centre to
    /// `round(width x scale)` x `round(height x scale)` (never under `minimumSize`), then
    /// moved by the translation, rounded to whole cells.
    public func applied(to frame: Rect) -> Rect {
        let scale = scale.isFinite ? max(0, scale) : 1
        let width = max(Self.minimumSize.width, Int((Double(frame.width) * scale).rounded()))
        let height = max(Self.minimumSize.height, Int((Double(frame.height) * scale).rounded()))
        let centreX = Double(frame.x) + Double(frame.width) / 2 + (translateX.isFinite ? translateX : 0)
        let centreY = Double(frame.y) + Double(frame.height) / 2 + (translateY.isFinite ? translateY : 0)
        return Rect(
            x: Coordinates.clamp(Int((centreX - Double(width) / 2).rounded(.down))),
            y: Coordinates.clamp(Int((centreY - Double(height) / 2).rounded(.down))),
            width: width, height: height)
    }

    /// What of the card a terminal shows at this alpha: a cell cannot be translucent, so
    /// opacity becomes a ramp of attributes.
    public var visibility: CardVisibility {
        switch alpha {
        case 0.95...: .normal
        case 0.6...: .dim
        case 0.3...: .titleOnly
        default: .hidden
        }
    }
}

/// The steps of the alpha ramp (see `CardTransform.visibility`).
public enum CardVisibility: Hashable, Sendable, CaseIterable {
    /// Drawn as it is.
    case normal
    /// Drawn with the dim attribute.
    case dim
    /// Dim, and only its title: the rest of the card is blank.
    case titleOnly
    /// Not drawn.
    case hidden
}

/// An effect of a row: what a card's progress does to it. Progress is 0 for the card resting
/// at the row's leading position (or centred), +1 one card to the right, -1 one to the left,
/// fractional while the row moves.
public protocol CardEffect: Sendable {
    func transform(progress: Double) -> CardTransform
}

/// The row's cards as they are: full size, opaque, the centred one on top.
public struct NoCardEffect: CardEffect {
    public init() {}

    public func transform(progress: Double) -> CardTransform {
        CardTransform(z: progress.isFinite ? -abs(progress.rounded()) : 0)
    }
}
