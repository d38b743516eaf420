// Room for items: how wide a column must be for every section to place its items, and the
// columns a width gets under that rule. Two columns where each is wide enough, else one column
// of the whole width; narrower than that one column, nothing can be shown (the browser says the
// terminal is too small). docs/split-layout.md, "Room for items".

/// The narrowest column that leaves every section room for its items.
public struct ColumnRoom: Hashable, Sendable {
    /// At least 1: a column of 0 cells holds nothing.
    public let narrowest: Int

    public init(narrowest: Int) {
        self.narrowest = max(1, narrowest)
    }

    /// The room the sections need, each with its own inset and spacing where it has them.
    public init(sections specs: [SectionSpec], parameters: LayoutParameters) {
        var widest = 1
        for spec in specs {
            // A row's cards take the card size whatever the items say: one cell of room will do.
            let perLine = spec.row == nil ? Self.itemsPerLine(spec.items) : 0
            widest = max(
                widest,
                Self.need(
                    inset: spec.inset ?? parameters.sectionInset, itemsPerLine: perLine,
                    spacing: spec.interItemSpacing ?? parameters.interItemSpacing))
        }
        self.init(narrowest: widest)
    }

    /// The cells a section needs across its column: its left and right insets and one cell for
    /// items, or for items sized `per_line` n (n > 0), n cells and the n - 1 spacings between
    /// them. Negative insets and spacings count 0, as when the section is placed; the result
    /// stays within `Coordinates.limit`.
    public static func need(inset: EdgeInsets, itemsPerLine: Int, spacing: Int) -> Int {
        let sides = Coordinates.clampLength(inset.left) + Coordinates.clampLength(inset.right)
        var items = 1
        if itemsPerLine > 0 {
            let count = Coordinates.clampLength(itemsPerLine)
            let (gaps, overflow) = Coordinates.clampLength(spacing).multipliedReportingOverflow(by: count - 1)
            items = overflow ? Coordinates.limit : Coordinates.clampLength(count + Coordinates.clampLength(gaps))
        }
        return min(Coordinates.limit, sides + items)
    }

    /// The largest `per_line` count among a section's items (0: none sized so).
    static func itemsPerLine(_ items: SectionItems) -> Int {
        switch items {
        case .uniform(_, let size):
            if case .perLine(let count) = size.width { return max(0, count) }
            return 0
        case .varying(let sizes):
            var largest = 0
            for size in sizes {
                if case .perLine(let count) = size.width, count > largest { largest = count }
            }
            return largest
        }
    }

    /// Whether one column this wide holds every section's items.
    public func holdsItems(width: Int) -> Bool { width >= narrowest }

    /// The columns at a width: two by the ratio when each is at least `narrowest` wide, else one
    /// column of the whole width (as at ratio 1).
    public func columns(width: Int, leftRatio: Double, splitSpacing: Int) -> [Column] {
        let columns = SplitLayout.columns(width: width, leftRatio: leftRatio, splitSpacing: splitSpacing)
        guard columns.count == 2, columns.contains(where: { $0.width < narrowest }) else { return columns }
        return SplitLayout.columns(width: width, leftRatio: 1, splitSpacing: splitSpacing)
    }

    /// `parameters` for a layout `width` wide: their ratio when it gives two columns with room,
    /// else 1 (one column).
    public func fitted(_ parameters: LayoutParameters, width: Int) -> LayoutParameters {
        let columns = columns(width: width, leftRatio: parameters.leftRatio, splitSpacing: parameters.splitSpacing)
        guard columns.count == 1, parameters.leftRatio > 0 && parameters.leftRatio < 1 else { return parameters }
        var fitted = parameters
        fitted.leftRatio = 1
        return fitted
    }
}
