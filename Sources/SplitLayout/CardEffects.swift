// What a row's effect does to a card as the row moves (docs/row-sections.md): each effect is a
// pure function from a card's progress to a transform, and the row widget draws the card's
// cells as the transform says. A new effect is one new type conforming to `CardEffect`.

/// A card's scale, sideways and vertical shift, opacity and stacking order.
public struct CardTransform: Hashable, Sendable {
    /// 1: the card's own size (across, and down unless `scaleY` says otherwise).
    public var scale: Double
    /// The scale down when it differs from across (a keyframe's `scale_y`); nil: `scale`.
    public var scaleY: Double?
    /// Cells to the right (negative: left) and down (negative: up).
    public var translateX: Double
    public var translateY: Double
    /// 1: opaque; see `visibility` for what a terminal can show of less.
    public var alpha: Double
    /// Larger is in front: cards are drawn in increasing `z`.
    public var z: Double
    /// Cells by which the card's rows slide apart (the snapshot effect's strips): even rows
    /// move left, odd rows right, by this much.
    public var stripShift: Double
    /// The edge the title is drawn in (`╭ title ──╮`), if any: a card behind another, of which
    /// that edge is all that shows (the stack's).
    public var edgeTitle: TitleEdge?

    /// An edge of a card that can hold its title.
    public enum TitleEdge: Hashable, Sendable {
        case top, bottom
    }

    public init(
        scale: Double = 1, scaleY: Double? = nil, translateX: Double = 0, translateY: Double = 0, alpha: Double = 1,
        z: Double = 0, stripShift: Double = 0, edgeTitle: TitleEdge? = nil
    ) {
        self.scale = scale
        self.scaleY = scaleY == scale ? nil : scaleY
        self.translateX = translateX
        self.translateY = translateY
        self.alpha = alpha
        self.z = z
        self.stripShift = stripShift
        self.edgeTitle = edgeTitle
    }

    public static let identity = CardTransform()

    /// The smallest card drawn: a border and one cell inside it, on one row.
    public static let minimumSize = (width: 3, height: 1)
    /// The fewest rows a card of a box (three rows or more) is scaled down to: under three it
    /// loses its border, and floats as a bare label among boxes.
    public static let leastBoxHeight = 3

    /// Where a card whose untransformed frame is `frame` is drawn: scaled about its centre to
    /// `round(width x scale)` x `round(height x scaleY)` (never under `minimumSize`, nor a box
    /// under `leastBoxHeight`), then moved by the translation, rounded to the nearest cell.
    public func applied(to frame: Rect) -> Rect {
        let scale = scale.isFinite ? max(0, scale) : 1
        let down = (scaleY ?? scale).isFinite ? max(0, scaleY ?? scale) : 1
        let width = max(Self.minimumSize.width, Int((Double(frame.width) * scale).rounded()))
        let height = max(
            Self.minimumSize.height, min(frame.height, Self.leastBoxHeight),
            Int((Double(frame.height) * down).rounded()))
        let centreX = Double(frame.x) + Double(frame.width) / 2 + (translateX.isFinite ? translateX : 0)
        let centreY = Double(frame.y) + Double(frame.height) / 2 + (translateY.isFinite ? translateY : 0)
        return Rect(
            // To the nearest cell, so that cards moved by equal amounts either way land at equal
            // distances (rounding down put the right one a cell nearer).
            x: Coordinates.clamp(Int((centreX - Double(width) / 2).rounded())),
            y: Coordinates.clamp(Int((centreY - Double(height) / 2).rounded())),
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
/// fractional while the row moves. A new effect is one conforming type, named in
/// `CardEffects.named`.
public protocol CardEffect: Sendable {
    /// Where the row's resting card sits.
    var alignment: RowAlignment { get }
    /// True when the effect places every card itself, from the resting card's place (the
    /// pager's effects); false when the cards keep their places along the row and the effect
    /// changes them there.
    var placesCards: Bool { get }
    /// The cards drawn around the current page, for an effect that places them (nil: the
    /// cards that meet the row).
    var visibleItems: Int? { get }
    /// Rows the effect needs above the resting line of cards (the stack raises the cards
    /// behind), and below it.
    var headroom: Int { get }
    var footroom: Int { get }
    func transform(progress: Double, in row: RowGeometry) -> CardTransform
}

extension CardEffect {
    public var alignment: RowAlignment { .leading }
    public var placesCards: Bool { false }
    public var visibleItems: Int? { nil }
    public var headroom: Int { 0 }
    public var footroom: Int { 0 }
}

/// The default stacking: the card nearest the resting place on top.
func restingCardOnTop(_ progress: Double) -> Double {
    progress.isFinite ? -abs(progress.rounded()) : 0
}

/// The row's cards as they are: full size, opaque, the centred one on top.
public struct NoCardEffect: CardEffect {
    public init() {}

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        CardTransform(z: restingCardOnTop(progress))
    }
}

/// Which cards of a row lie over which, when an effect makes them overlap (the paging seed's
/// `zPosition(progress:)`).
public enum CardOrder: String, Hashable, Sendable, CaseIterable {
    /// The effect's own order.
    case effect
    /// The nearer the resting place, the higher.
    case centre
    /// The further left, the higher: a deck fanned out to the right.
    case left
    /// The further right, the higher.
    case right
}

/// An effect with its cards stacked in another order: the same transforms, another `z`.
public struct ReorderedEffect: CardEffect {
    public let base: any CardEffect
    public let order: CardOrder

    public init(_ base: any CardEffect, order: CardOrder) {
        self.base = base
        self.order = order
    }

    public var alignment: RowAlignment { base.alignment }
    public var placesCards: Bool { base.placesCards }
    public var visibleItems: Int? { base.visibleItems }
    public var headroom: Int { base.headroom }
    public var footroom: Int { base.footroom }

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        var transform = base.transform(progress: progress, in: row)
        guard progress.isFinite else { return transform }
        switch order {
        case .effect: break
        case .centre: transform.z = -abs(progress)
        case .left: transform.z = -progress
        case .right: transform.z = progress
        }
        return transform
    }
}

extension RowGeometry {
    /// The fewest columns of a card cut by the row's edge that are drawn: one or two columns
    /// of a border say nothing, and read as a stray bracket.
    public static let leastShownColumns = 3

    /// The cards drawn at an offset under an effect, each with its frame and transform: those
    /// the effect does not hide, and that show whole or at least `leastShownColumns` of
    /// themselves within the row. What the row draws and what a click can hit.
    public func drawnCards(offset: Double, effect: any CardEffect) -> [(
        index: Int, frame: Rect, transform: CardTransform
    )] {
        visibleCards(offset: offset).compactMap { index in
            let (frame, transform) = drawnCard(index, offset: offset, effect: effect)
            let shown = min(frame.maxX, self.frame.maxX) - max(frame.x, self.frame.x)
            guard transform.visibility != .hidden, shown >= min(frame.width, Self.leastShownColumns) else {
                return nil
            }
            return (index, frame, transform)
        }
    }

    /// Card i at an offset under an effect: its transform and the rectangle it is drawn in.
    public func drawnCard(_ index: Int, offset: Double, effect: any CardEffect) -> (
        frame: Rect, transform: CardTransform
    ) {
        let transform = effect.transform(progress: progress(ofCard: index, offset: offset), in: self)
        let base = effect.placesCards ? cardFrame(0, offset: 0) : cardFrame(index, offset: offset)
        return (transform.applied(to: base), transform)
    }
}
