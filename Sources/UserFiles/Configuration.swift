// The program's configuration: built-in defaults, overridden key by key by a TOML file.
// ConfigSchema declares every key (where its value goes here, its type, its help);
// Config/default.toml documents each, checked against the declarations by a test.

import Browser
import Catalog
import SplitLayout
import TerminalUI

public struct Configuration: Hashable, Sendable {
    public var layout: LayoutSettings
    public var theme: Theme = .standard
    /// Cell widths the user fixed for sequences their terminal draws differently.
    public var widthOverrides: [String: Int] = [:]
    /// Emoji sections by Unicode group, or by the finer subgroups.
    public var emojiGrouping: EmojiCatalog.Grouping = .group
    /// The tone shown and printed for emoji that have skin tones (nil: none, the yellow default).
    public var skinTone: SkinTone?
    /// How a search matches and what it shows (`[search]`).
    public var search = SearchOptions()
    /// What becomes of an emoji the terminal cannot draw (`[emoji] undrawable`).
    public var undrawable = UndrawableGlyphs.placeholder
    /// Inline mode's height (`[screen] height`; nil: the whole screen, the alternate one).
    public var inlineHeight: InlineHeight?
    /// How the Recent section is ordered, and how many emoji it keeps (`[recent]`).
    public var recentOrder = RecentOrder.frecency
    public var recentSize = RecentPicks.limit
    /// Whether the file set `[item] width` or `per_line`. When it did not, a data file's items
    /// are as wide as their labels (the built-in "chips" group), at most `maxItemWidth` cells
    /// of label; items whose data gives a size get `dataItemWidth` cells where they give none.
    public var itemWidthIsSet = false
    public static let dataItemWidth = 20
    /// The widest label a data file's item is measured at (`[item] max_width`): longer ones are
    /// cut with "…".
    public var maxItemWidth = 40
    /// Data with more items than this keeps `dataItemWidth` cells per item (see `layoutSettings`).
    public static let measuredItemLimit = 100_000

    /// The layout settings for `catalog`: the configured ones; one column for data with one
    /// section (the other would stay empty); a data file's items as wide as their labels unless
    /// the file sized items or chose a group (or there are, or will be, too many to measure:
    /// `manyItemsExpected` for a large file whose first part is all there is yet).
    public func layoutSettings(for catalog: Catalog, manyItemsExpected: Bool = false) -> LayoutSettings {
        var settings = layout
        if catalog.sections.count == 1 {
            settings.breakpoints = [ConfiguredBreakpoint(minWidth: 0, leftRatio: 1)]
            settings.parameters.leftRatio = 1
        }
        if !itemWidthIsSet && catalog.source != EmojiCatalog.source {
            settings.itemWidth = Self.dataItemWidth
            // Up to `measuredItemLimit` items: measuring is a pass over every label, and a
            // million lines would pay for it on every layout (a search, a resize).
            if settings.defaultGroup == nil && catalog.itemCount <= Self.measuredItemLimit && !manyItemsExpected
                && catalog.sections.allSatisfy({ $0.items.allUseConfiguredSize })
            {
                settings.defaultGroup = .named("chips", line: 0, column: 0)
                settings.maxContentWidth = maxItemWidth
            }
        }
        return settings
    }

    /// `settings` (in force in a browser: its styles chosen there kept) with what depends on the
    /// catalog made over for `catalog`, a catalog that grew (see `layoutSettings(for:)`).
    public func adjusted(_ settings: LayoutSettings, for catalog: Catalog, manyItemsExpected: Bool = false)
        -> LayoutSettings
    {
        let fresh = layoutSettings(for: catalog, manyItemsExpected: manyItemsExpected)
        var adjusted = settings
        adjusted.breakpoints = fresh.breakpoints
        adjusted.parameters.leftRatio = fresh.parameters.leftRatio
        adjusted.itemWidth = fresh.itemWidth
        adjusted.defaultGroup = fresh.defaultGroup
        adjusted.maxContentWidth = fresh.maxContentWidth
        return adjusted
    }

    /// The built-in defaults (`LayoutSettings.defaults`, documented in Config/default.toml).
    public static let defaults = Configuration(layout: .defaults)
}
