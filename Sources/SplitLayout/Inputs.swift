// What the layout is computed from: per-section metrics and the layout parameters.

/// How wide an item is: a fixed number of cells, or an equal share of its column so that
/// `n` items fit on a line (see `SplitLayout.equalItemWidth`).
public enum ItemWidth: Hashable, Sendable {
    case cells(Int)
    case perLine(Int)
}

/// The size of one item before it is placed. A width or height of 0 makes a zero-size item,
/// which takes no space and is not drawn.
public struct ItemSize: Hashable, Sendable {
    public var width: ItemWidth
    public var height: Int

    public init(width: ItemWidth, height: Int) {
        self.width = width
        self.height = height
    }

    public init(width: Int, height: Int) {
        self.init(width: .cells(width), height: height)
    }
}

/// A section's items. A uniform section is a count and one size, so it costs a few numbers
/// whatever the count; only sections whose sizes really vary carry a size per item.
public enum SectionItems: Hashable, Sendable {
    case uniform(count: Int, size: ItemSize)
    case varying([ItemSize])

    public var count: Int {
        switch self {
        // A negative uniform count is laid out as an empty section; report it as one too.
        case .uniform(let count, _): return max(0, count)
        case .varying(let sizes): return sizes.count
        }
    }

    /// Collapses a list of sizes to `.uniform` when every size is the same.
    public static func from(_ sizes: [ItemSize]) -> SectionItems {
        guard let first = sizes.first else { return .uniform(count: 0, size: ItemSize(width: 0, height: 0)) }
        if sizes.allSatisfy({ $0 == first }) { return .uniform(count: sizes.count, size: first) }
        return .varying(sizes)
    }
}

/// One section's input metrics. `nil` overrides fall back to the layout parameters.
public struct SectionSpec: Hashable, Sendable {
    public var items: SectionItems
    public var headerHeight: Int
    public var footerHeight: Int
    public var inset: EdgeInsets?
    public var interItemSpacing: Int?
    public var lineSpacing: Int?
    /// An explicit column; overrides the layout's side rule.
    public var side: Side?
    public var hasBackground: Bool
    /// A row of cards that scrolls sideways (nil: a grid of wrapping lines). A row's cards all
    /// take its card size, whatever `items` says of sizes.
    public var row: RowSpec?
    /// A compositional group that places a grid section's items, repeated down the section
    /// (nil: wrapping lines). Its members are spaced by `interItemSpacing` unless it says
    /// otherwise, its repetitions by `lineSpacing`.
    public var group: GroupLayout?
    /// The display width of each item's content, for a group's estimated widths (nil: the
    /// width `items` gives each item).
    public var contentWidths: [Int32]?

    public init(
        items: SectionItems,
        headerHeight: Int = 0,
        footerHeight: Int = 0,
        inset: EdgeInsets? = nil,
        interItemSpacing: Int? = nil,
        lineSpacing: Int? = nil,
        side: Side? = nil,
        hasBackground: Bool = false,
        row: RowSpec? = nil,
        group: GroupLayout? = nil,
        contentWidths: [Int32]? = nil
    ) {
        self.items = items
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.inset = inset
        self.interItemSpacing = interItemSpacing
        self.lineSpacing = lineSpacing
        self.side = side
        self.hasBackground = hasBackground
        self.row = row
        self.group = group
        self.contentWidths = contentWidths
    }
}

/// How sections are given to columns when they do not name a side.
public enum SideRule: String, Hashable, Sendable, CaseIterable {
    /// Even sections left, odd sections right.
    case alternate
    case left
    case right
    /// Each section goes to the column whose stack is currently shorter; ties go left.
    case balance
}

/// Parameters shared by all sections. Defaults are those of the original library.
public struct LayoutParameters: Hashable, Sendable {
    /// Share of the usable width given to the left column. 0 or 1 means one full-width column.
    public var leftRatio: Double
    /// Cells between the two columns; ignored with one column.
    public var splitSpacing: Int
    public var interItemSpacing: Int
    public var lineSpacing: Int
    public var sectionInset: EdgeInsets
    /// Every item on a line takes the height of the line's tallest item.
    public var normalizeLineHeight: Bool
    /// Headers stick to the top of the viewport, per column, while their section is on screen.
    public var pinHeaders: Bool
    public var sideRule: SideRule

    public init(
        leftRatio: Double = 1,
        splitSpacing: Int = 0,
        interItemSpacing: Int = 0,
        lineSpacing: Int = 0,
        sectionInset: EdgeInsets = .zero,
        normalizeLineHeight: Bool = false,
        pinHeaders: Bool = false,
        sideRule: SideRule = .alternate
    ) {
        self.leftRatio = leftRatio
        self.splitSpacing = splitSpacing
        self.interItemSpacing = interItemSpacing
        self.lineSpacing = lineSpacing
        self.sectionInset = sectionInset
        self.normalizeLineHeight = normalizeLineHeight
        self.pinHeaders = pinHeaders
        self.sideRule = sideRule
    }
}

/// A responsive rule: from `minWidth` cells on, use `leftRatio`.
public struct Breakpoint: Hashable, Sendable {
    public var minWidth: Int
    public var leftRatio: Double

    public init(minWidth: Int, leftRatio: Double) {
        self.minWidth = minWidth
        self.leftRatio = leftRatio
    }

    /// The ratio for a viewport width: the breakpoint with the largest `minWidth` not above
    /// `width` wins (the later one on a tie); with none that applies, `fallback`.
    public static func ratio(forWidth width: Int, breakpoints: [Breakpoint], fallback: Double) -> Double {
        var best: Breakpoint?
        for breakpoint in breakpoints where breakpoint.minWidth <= width {
            if best == nil || breakpoint.minWidth >= best!.minWidth { best = breakpoint }
        }
        return best?.leftRatio ?? fallback
    }
}
