// A row section's geometry (docs/row-sections.md): one line of cards that scrolls sideways
// inside its column. Where card i is for an offset, its progress, the current page, which cards
// meet the row, and where the row comes to rest. Every answer is a few arithmetic steps: a row
// of a million cards costs what a row of ten does.

/// Where a row comes to rest after a key, a wheel burst or a drag (the compositional layout's
/// orthogonal scrolling behaviours).
public enum RowBehavior: String, Hashable, Sendable, CaseIterable {
    /// Anywhere between the first and the last card.
    case continuous
    /// On the leading edge of the nearest card.
    case leadingBoundary = "leading-boundary"
    /// On multiples of the row's visible width.
    case paging
    /// One card at a time.
    case groupPaging = "group-paging"
    /// One card at a time, the resting card centred (the first and the last included).
    case groupPagingCentered = "group-paging-centered"
}

/// Where the resting card's left edge sits in the row.
public enum RowAlignment: Hashable, Sendable {
    /// At the row's left edge.
    case leading
    /// `peek` cells in, so that the neighbours show at both sides (the carousel).
    case peek
    /// Centred.
    case centered
}

/// A row section's options, as configured. Sizes are cells.
public struct RowSpec: Hashable, Sendable {
    /// nil: as wide as the row less a `peek` at each side.
    public var cardWidth: Int?
    public var cardHeight: Int
    public var gap: Int
    public var peek: Int
    public var alignment: RowAlignment
    public var behavior: RowBehavior
    /// Only the cards within `visibleItems / 2` of the current page are drawn (nil: those that
    /// meet the row).
    public var visibleItems: Int?
    /// Cells per millisecond above which a gesture that ends on its starting card moves on to
    /// the neighbour.
    public var flickVelocity: Double
    /// Rows kept above the cards for an effect that raises them (the stack), and below them
    /// for one that lowers them.
    public var headroom: Int
    public var footroom: Int

    public init(
        cardWidth: Int? = 24, cardHeight: Int = 5, gap: Int = 2, peek: Int = 4, alignment: RowAlignment = .leading,
        behavior: RowBehavior = .groupPaging, visibleItems: Int? = nil, flickVelocity: Double = 0.05,
        headroom: Int = 0, footroom: Int = 0
    ) {
        self.cardWidth = cardWidth
        self.cardHeight = cardHeight
        self.gap = gap
        self.peek = peek
        self.alignment = alignment
        self.behavior = behavior
        self.visibleItems = visibleItems
        self.flickVelocity = flickVelocity
        self.headroom = headroom
        self.footroom = footroom
    }
}

/// A placed row: its inner frame (the column less the section's insets, one card high) and its
/// cards. Offsets are cells, fractional while the row moves; 0 rests on the first card.
public struct RowGeometry: Hashable, Sendable {
    /// The line the cards rest on, in content coordinates: the column less the section's
    /// insets, one card high, below the headroom.
    public let frame: Rect
    /// Rows above `frame` that belong to the row, for an effect that raises cards, and below it
    /// for one that lowers them.
    public let headroom: Int
    public let footroom: Int
    /// Cards in the row.
    public let count: Int
    /// Items in the row: as many as cards, or a group's repetition in each card.
    public let itemCount: Int
    /// With a group, each card holds a repetition of it: its items' frames relative to the
    /// card's top left corner, kept once (empty: one item per card).
    public let slots: [Rect]
    public let cardWidth: Int
    public let cardHeight: Int
    public let gap: Int
    /// Where the resting card's left edge is, from the row's left edge.
    public let lead: Int
    public let behavior: RowBehavior
    public let visibleItems: Int?
    public let flickVelocity: Double

    /// `origin`: the row's top left corner (the headroom's, when it has one); `width`: the
    /// row's inner width; `count`: items; `slots`: a group's repetition in a card (see
    /// `slots`), whose items then share a card.
    public init(spec: RowSpec, origin: Point, width: Int, count: Int, slots: [Rect] = []) {
        let width = max(0, width)
        let peek = max(0, spec.peek)
        // Never wider than the row (as a grid's items are never wider than their room): a card
        // cut at both sides could not show its glyph.
        let cardWidth = max(1, min(spec.cardWidth ?? (width - 2 * peek), width))
        headroom = max(0, spec.headroom)
        footroom = max(0, spec.footroom)
        self.frame = Rect(x: origin.x, y: origin.y + headroom, width: width, height: max(1, spec.cardHeight))
        self.itemCount = max(0, count)
        self.slots = slots
        self.count = slots.isEmpty ? itemCount : (itemCount + slots.count - 1) / slots.count
        self.cardWidth = cardWidth
        self.cardHeight = max(1, spec.cardHeight)
        self.gap = max(0, spec.gap)
        self.behavior = spec.behavior
        self.visibleItems = spec.visibleItems.map { max(1, $0) }
        self.flickVelocity = spec.flickVelocity.isFinite ? max(0, spec.flickVelocity) : 0
        let alignment = spec.behavior == .groupPagingCentered ? .centered : spec.alignment
        switch alignment {
        case .leading: lead = 0
        case .peek: lead = peek
        case .centered: lead = floorDiv(width - cardWidth, 2)
        }
    }

    /// The whole row: the headroom, the line of cards and the footroom.
    public var area: Rect {
        Rect(x: frame.x, y: frame.y - headroom, width: frame.width, height: frame.height + headroom + footroom)
    }

    /// Cells from one card's left edge to the next one's.
    public var stride: Int { cardWidth + gap }

    /// The cards' extent with the lead before the first and after the last.
    public var contentWidth: Int { count == 0 ? 0 : 2 * lead + count * stride - gap }

    /// The largest offset the row scrolls to.
    public var maxOffset: Double {
        switch behavior {
        case .continuous, .leadingBoundary, .paging:
            // Bounded by the content, as a scroll view is: the last card ends at the far edge.
            Double(max(0, contentWidth - frame.width))
        case .groupPaging, .groupPagingCentered:
            // Every card can be the resting one.
            Double(max(0, count - 1) * stride)
        }
    }

    /// The offset clamped to where the row can be.
    public func clamped(_ offset: Double) -> Double {
        offset.isFinite ? min(max(offset, 0), maxOffset) : 0
    }

    /// Card i's progress: 0 resting in the leading (or centred) place, +1 one card to the right.
    public func progress(ofCard index: Int, offset: Double) -> Double {
        Double(index) - offset / Double(stride)
    }

    /// The current page: the card nearest the resting place.
    public func page(offset: Double) -> Int {
        guard count > 0 else { return 0 }
        let nearest = (offset / Double(stride)).rounded()
        guard nearest.isFinite else { return 0 }
        return Int(min(max(nearest, 0), Double(count - 1)))
    }

    /// Card i's left edge for an offset, from the row's left edge (before any effect).
    public func cardX(_ index: Int, offset: Double) -> Double {
        Double(lead + index * stride) - offset
    }

    /// Card i's frame for an offset, in content coordinates, rounded to whole cells (before any
    /// effect).
    public func cardFrame(_ index: Int, offset: Double) -> Rect {
        let x = cardX(index, offset: offset).rounded(.down)
        return Rect(
            x: frame.x + Coordinates.clamp(Int(max(min(x, 1e15), -1e15))), y: frame.y, width: cardWidth,
            height: cardHeight)
    }

    /// The cards drawn at an offset: those that meet the row or, with `visibleItems`, those
    /// within half of it of the current page. Found by arithmetic, not by walking the cards.
    public func visibleCards(offset: Double) -> Range<Int> {
        guard count > 0, offset.isFinite else { return 0..<0 }
        if let visibleItems {
            let page = page(offset: offset)
            let reach = visibleItems / 2
            return max(0, page - reach)..<min(count, page + reach + 1)
        }
        // Card i meets [0, width) when lead + i·stride − offset < width and its right edge
        // lead + i·stride − offset + cardWidth > 0.
        let stride = Double(stride)
        let first = ((offset - Double(lead) - Double(cardWidth)) / stride).rounded(.down) + 1
        let last = ((offset - Double(lead) + Double(frame.width)) / stride).rounded(.up) - 1
        let lower = Int(min(max(first, 0), Double(count)))
        let upper = Int(min(max(last + 1, 0), Double(count)))
        return lower..<max(lower, upper)
    }

    /// The offset at which page (card) `index` rests.
    public func restingOffset(ofPage index: Int) -> Double {
        guard count > 0 else { return 0 }
        let index = min(max(index, 0), count - 1)
        return clamped(Double(index * stride))
    }

    /// The distance between neighbouring resting places, nil where the row rests anywhere.
    private var snapUnit: Double? {
        switch behavior {
        case .continuous: nil
        case .paging: Double(max(1, frame.width))
        case .leadingBoundary, .groupPaging, .groupPagingCentered: Double(stride)
        }
    }

    /// Where the row comes to rest when a gesture that began at offset `start` is released at
    /// `offset` with `velocity` (cells per millisecond, positive towards later cards): on the
    /// resting place nearest the offset, or on its neighbour in the gesture's direction when
    /// that nearest place is still the one the gesture began on and the gesture was faster
    /// than the flick velocity (the snap seed's rule). With `oneAtMost` (a key, a wheel
    /// burst) the gesture moves no more than one resting place; a drag rests wherever the
    /// pointer took the row.
    public func restingOffset(
        releasedAt offset: Double, startedAt start: Double, velocity: Double, oneAtMost: Bool = true
    ) -> Double {
        guard let unit = snapUnit, count > 0 else { return clamped(offset) }
        let last = (maxOffset / unit).rounded(.up)
        // The index of the resting place nearest `value`: the last place is the end of the row,
        // which need not be a whole number of units.
        func place(_ value: Double) -> Double {
            let value = clamped(value)
            let below = min((value / unit).rounded(.down), last)
            let above = min(below + 1, last)
            return clamped(above * unit) - value <= value - clamped(below * unit) ? above : below
        }
        let before = place(start)
        var target = place(offset)
        if target == before, !velocity.isNaN, abs(velocity) > flickVelocity {
            target = min(max(before + (velocity > 0 ? 1 : -1), 0), last)
        }
        if oneAtMost { target = min(max(target, before - 1), before + 1) }
        return clamped(target * unit)
    }

    /// Where a flick of one resting place from `offset` in `direction` (+1 later, −1 earlier)
    /// comes to rest: the Left and Right keys.
    public func flick(from offset: Double, direction: Int) -> Double {
        guard snapUnit != nil else { return clamped(offset + Double(direction.signum() * stride)) }
        let released = restingOffset(releasedAt: offset, startedAt: offset, velocity: 0)
        return restingOffset(
            releasedAt: released, startedAt: released, velocity: Double(direction.signum()) * .infinity)
    }
}
