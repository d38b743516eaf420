// The layout side of the configuration, and how a catalog becomes the layout's input.

import Catalog
import SplitLayout
import TerminalUI

/// A breakpoint as configured: from `minWidth` columns on, use `leftRatio`, or the layout's own
/// `left_ratio` when the breakpoint leaves it out (so a user who sets only `left_ratio` still
/// sees it on a wide terminal while a narrow one keeps one column).
public struct ConfiguredBreakpoint: Hashable, Sendable {
    public var minWidth: Int
    public var leftRatio: Double?

    public init(minWidth: Int, leftRatio: Double? = nil) {
        self.minWidth = minWidth
        self.leftRatio = leftRatio
    }
}

/// How items are shown: one a line (a list), or side by side as wide as their labels (chips),
/// or as the data suits (auto: a list for text, chips for glyphs).
public enum ItemsLook: String, Hashable, Sendable, CaseIterable {
    case auto, list, chips
}

/// The words `--layout` reads as themselves before it takes a word for a group's name: fzf's
/// prompt placements, `list` and `lines`. A group of the configuration may not be named so.
public enum LayoutWords {
    public static var reserved: Set<String> {
        Set(PickerLook.Placement.allCases.map(\.rawValue) + [ItemsLook.list.rawValue, LayoutSettings.linesLayout])
    }

    /// What `--layout` takes a reserved word for.
    public static func meaning(of word: String) -> String {
        switch word {
        case ItemsLook.list.rawValue: "one item a line"
        case LayoutSettings.linesLayout: "wrapping lines, no group"
        default: "fzf's placement of the prompt"
        }
    }
}

/// Everything the layout needs from the configuration.
public struct LayoutSettings: Hashable, Sendable {
    public var parameters: LayoutParameters
    public var headerHeight: Int
    public var footerHeight: Int
    public var itemWidth: Int
    public var itemHeight: Int
    /// When above 0, items take the width that fits this many on a line of their column.
    public var itemsPerLine: Int
    public var breakpoints: [ConfiguredBreakpoint]
    /// The style of a section that neither the data nor `sectionStyles` names.
    public var defaultStyle: SectionStyleName = .grid
    /// Options for every row section (the configuration's [row]); unset ones keep the built-in.
    public var rowDefaults = RowHint.defaults
    /// The configuration's [sections."TITLE"], by title.
    public var sectionStyles: [String: SectionStyleOverride] = [:]
    /// The style every section takes (`--style`), over the data and the configuration.
    public var forcedStyle: SectionStyleName?
    /// Styles chosen in the browser (`v`), by section title, over everything else.
    public var chosenStyles: [String: SectionStyleName] = [:]
    /// Row options from the command line (`--effect`, `--preset`), over every other level.
    public var commandLineRow = RowHint()
    /// The configuration's named groups ([groups.NAME]), over the built-in ones.
    public var groups: [String: GroupLayout] = [:]
    /// The group of a grid section that neither the data nor `sectionStyles` gives one
    /// ([layout] group).
    public var defaultGroup: GroupChoice?
    /// The group every grid section takes (`--layout NAME`; "lines": none), over the rest.
    public var forcedGroup: String?
    /// The widest an item's content is measured for a group's estimated widths (nil: no limit):
    /// a longer label is cut with "…".
    public var maxContentWidth: Int?
    /// How a data file's items are shown, as asked ([layout] items, `--layout list|chips`).
    public var items = ItemsLook.auto
    /// Whether the items are drawn as a list: one a line, as wide as the column, its text cut
    /// at the end or before the match, tabs at tab stops (`ListLine`). Decided for the data by
    /// `Configuration.layoutSettings(for:)`.
    public var listItems = false
    /// Whether `listItems` was decided on items (a stream's first snapshot that had some) and
    /// so stays as it is while more arrive.
    public var itemsLookDecided = false

    /// The built-in defaults of the program (Config/default.toml documents each): pinned
    /// headers, sections balanced between the columns; a narrow terminal gets one column, and
    /// from 80 columns on two, split by `leftRatio`.
    public static let defaults = LayoutSettings(
        parameters: LayoutParameters(
            leftRatio: 0.5, splitSpacing: 2, interItemSpacing: 0, lineSpacing: 0,
            sectionInset: EdgeInsets(top: 0, left: 1, bottom: 1, right: 1),
            normalizeLineHeight: false, pinHeaders: true, sideRule: .balance),
        headerHeight: 1, footerHeight: 0, itemWidth: 4, itemHeight: 1, itemsPerLine: 0,
        breakpoints: [ConfiguredBreakpoint(minWidth: 0, leftRatio: 1), ConfiguredBreakpoint(minWidth: 80)])

    public init(
        parameters: LayoutParameters, headerHeight: Int, footerHeight: Int, itemWidth: Int,
        itemHeight: Int, itemsPerLine: Int, breakpoints: [ConfiguredBreakpoint]
    ) {
        self.parameters = parameters
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.itemWidth = itemWidth
        self.itemHeight = itemHeight
        self.itemsPerLine = itemsPerLine
        self.breakpoints = breakpoints
    }

    /// The split ratio for a terminal width: by the breakpoints, else `left_ratio`.
    public func leftRatio(forWidth width: Int) -> Double {
        let fallback = parameters.leftRatio
        let resolved = breakpoints.map { Breakpoint(minWidth: $0.minWidth, leftRatio: $0.leftRatio ?? fallback) }
        return Breakpoint.ratio(forWidth: width, breakpoints: resolved, fallback: fallback)
    }

    /// The layout parameters in force at a terminal width.
    public func parameters(forWidth width: Int) -> LayoutParameters {
        var parameters = self.parameters
        parameters.leftRatio = leftRatio(forWidth: width)
        return parameters
    }

    /// The configured size of an item that names none of its own.
    public var defaultItemSize: ItemSize {
        ItemSize(width: itemsPerLine > 0 ? .perLine(itemsPerLine) : .cells(itemWidth), height: itemHeight)
    }

    /// The layout input for a catalog: per-item sizes where the data gives them (collapsed to a
    /// uniform section when every item has the same size), and the data's section hints over
    /// the configured values.
    /// `rowLooks`: the catalog's, when already made (`rowLooks(for:)`).
    /// `textWidth`: how wide text is drawn, for the groups that measure their items.
    public func sectionSpecs(
        for catalog: Catalog, rowLooks: [Int: RowLook]? = nil, textWidth: TextWidth = TextWidth()
    ) -> [SectionSpec] {
        let looks = rowLooks ?? self.rowLooks(for: catalog)
        return catalog.sections.indices.map { index in
            sectionSpec(of: catalog.sections[index], look: looks[index], textWidth: textWidth)
        }
    }

    /// The layout input of one section whose row look (nil for a grid) is `look`.
    func sectionSpec(of section: Section, look: RowLook?, textWidth: TextWidth) -> SectionSpec {
        let defaultSize = defaultItemSize
        let items: SectionItems
        // Asked of the items' storage, not of each item: a million items are not made for this.
        if section.items.allUseConfiguredSize {
            items = .uniform(count: section.items.count, size: defaultSize)
        } else {
            items = .from(
                section.items.indices.map { position in
                    let declared = section.items.declaredSize(at: position)
                    return ItemSize(
                        width: declared.width.map { .cells($0) } ?? defaultSize.width,
                        height: declared.height ?? defaultSize.height)
                })
        }
        var inset: EdgeInsets?
        if let hint = section.inset {
            let base = parameters.sectionInset
            inset = EdgeInsets(
                top: hint.top ?? base.top, left: hint.left ?? base.left,
                bottom: hint.bottom ?? base.bottom, right: hint.right ?? base.right)
        }
        let group = group(of: section)
        return SectionSpec(
            items: items,
            headerHeight: section.headerHeight ?? headerHeight,
            footerHeight: section.footerHeight ?? footerHeight,
            inset: inset,
            interItemSpacing: section.interItemSpacing,
            lineSpacing: section.lineSpacing,
            side: section.side.map { $0 == .left ? .left : .right },
            hasBackground: section.background != nil,
            row: look?.spec,
            // In a row, a group that measures nothing makes its cards (the engine leaves
            // out one that measures).
            group: group,
            contentWidths: look == nil && group?.measuresContent == true
                ? Self.contentWidths(of: section, textWidth: textWidth, limit: maxContentWidth) : nil)
    }

    /// The layout input of `section` when any subset of its items is laid out by the same
    /// spec with the subset's count (`servesSubsets`), found from the section before its spec
    /// is made: a grid whose items all take the configured size and whose group measures
    /// nothing (making a measuring group's spec measures every item). Nil for the others.
    func countedSpec(of section: Section) -> SectionSpec? {
        guard section.items.allUseConfiguredSize, rowLook(of: section) == nil,
            group(of: section)?.measuresContent != true
        else { return nil }
        return sectionSpec(of: section, look: nil, textWidth: TextWidth())
    }

    /// Whether a section's spec lays out any subset of its items with the subset's count in
    /// place of its own: one size for all its items, no row, no measured widths.
    static func servesSubsets(_ spec: SectionSpec) -> Bool {
        guard case .uniform = spec.items else { return false }
        return spec.row == nil && spec.contentWidths == nil
    }
}
