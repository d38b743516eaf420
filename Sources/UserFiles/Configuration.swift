// The program's configuration: built-in defaults, overridden key by key by a TOML file.
// ConfigSchema declares every key (where its value goes here, its type, its help);
// Config/default.toml documents each, checked against the declarations by a test.

import Browser
import Catalog
import SplitLayout
import TerminalUI

public struct Configuration: Hashable, Sendable {
    /// The bundled catalogs' names as messages list them (`one of "emoji", ...`): those of
    /// [catalog] name, for --catalog's message too.
    public static var catalogNames: String { ConfigSchema.catalogName.expected }

    public var layout: LayoutSettings
    public var theme: Theme = .standard
    /// Cell widths the user fixed for sequences their terminal draws differently.
    public var widthOverrides: [String: Int] = [:]
    /// Keys and events bound to actions ([bind]), under --bind's.
    public var bindings = UserBindings()
    /// Row effects of the user's own ([effects.NAME]), by name: named as the built-in ones are
    /// wherever the configuration's task reads them (`CardEffects.configured`).
    public var keyframeEffects: [String: KeyframeEffect] = [:]
    /// The bundled catalog browsed when no data is given (`[catalog] name`).
    public var catalog = BundledCatalog.emoji
    /// Emoji sections by Unicode group, or by the finer subgroups.
    public var emojiGrouping: EmojiCatalog.Grouping = .group
    /// The tone shown and printed for emoji that have skin tones (nil: none, the yellow default).
    public var skinTone: SkinTone?
    /// How a search matches and what it shows (`[search]`).
    public var search = SearchOptions()
    /// What becomes of an emoji the terminal cannot draw (`[emoji] undrawable`).
    public var undrawable = UndrawableGlyphs.placeholder
    /// Whether the terminal draws an emoji and its skin tone as one glyph (`[emoji]
    /// combined_tones`; probe-widths writes false where it finds them drawn apart).
    public var combinedTones = true
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
    /// section (the other would stay empty); a data file's text items as a list, one a line
    /// (`listItems`), and other items (with glyphs, or `--layout chips`) as wide as their
    /// labels unless the file sized items or chose a group (or there are, or will be, too many
    /// to measure: `manyItemsExpected` for a large file whose first part is all there is yet).
    public func layoutSettings(for catalog: Catalog, manyItemsExpected: Bool = false) -> LayoutSettings {
        var settings = layout
        if catalog.sections.count == 1 {
            settings.breakpoints = [ConfiguredBreakpoint(minWidth: 0, leftRatio: 1)]
            settings.parameters.leftRatio = 1
        }
        settings.listItems = showsList(catalog)
        settings.itemsLookDecided = catalog.itemCount > 0
        if settings.listItems {
            // One item a line, as wide as its column: a uniform section, laid out as a few
            // numbers at any count.
            settings.itemsPerLine = 1
            if catalog.sections.count > 1 { settings.breakpoints = listBreakpoints(settings.breakpoints, catalog) }
        } else if !itemWidthIsSet && !(BundledCatalog(source: catalog.source)?.itemsAreGlyphs ?? false) {
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

    /// Whether `catalog`'s items are drawn as a list: asked (`--layout list`, [layout] items =
    /// "list"), or, left to the data (auto), when no group or item size is configured and the
    /// items are text: a data file's (not the bundled emoji), none with a glyph nor a size of
    /// its own, and not all words (`labelsAreWords`). `[item] per_line = 1` is a list too.
    func showsList(_ catalog: Catalog) -> Bool {
        let settings = layout
        if settings.forcedGroup != nil { return false }
        switch settings.items {
        case .list: return true
        case .chips: return false
        case .auto:
            if settings.itemsPerLine == 1 { return true }
            return !itemWidthIsSet && settings.defaultGroup == nil && !BundledCatalog.isBundled(catalog.source)
                && catalog.sections.allSatisfy { !$0.items.hasGlyphs && $0.items.allUseConfiguredSize }
                && !labelsAreWords(catalog)
        }
    }

    /// Whether the labels (the first `listSampleSize`) are all words: no white space, at most
    /// `maxItemWidth` cells, as `ls` or `seq` prints them. Words read best side by side, as `ls`
    /// shows them; a line with spaces (a sentence, `ls -la`'s or `ps`'s columns) or longer than
    /// a chip reads as a line. An empty catalog has no words.
    func labelsAreWords(_ catalog: Catalog) -> Bool {
        var sampled = 0
        let measure = TextWidth(overrides: widthOverrides)
        for section in catalog.sections {
            for position in section.items.indices {
                let label = section.items.label(at: position)
                if label.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 })
                    || measure.width(of: label, upTo: maxItemWidth + 1) > maxItemWidth
                {
                    return false
                }
                sampled += 1
                if sampled >= Self.listSampleSize { return true }
            }
        }
        return sampled > 0
    }

    /// The widest line a list's two columns are sized for, in cells: a longer one is cut in
    /// either layout, so it asks no more.
    public static let listColumnLine = 60

    /// The breakpoints of a list of several sections: two columns only from the width where
    /// each holds the list's longest line (of the first `listSampleSize` items, up to
    /// `listColumnLine` cells); below it, one. Lines cut in half by a narrow column read worse
    /// than short sections one under the other; short lines (by day, by user) still take two.
    func listBreakpoints(_ breakpoints: [ConfiguredBreakpoint], _ catalog: Catalog) -> [ConfiguredBreakpoint] {
        var widest = 0
        var sampled = 0
        let measure = TextWidth(overrides: widthOverrides)
        outer: for section in catalog.sections {
            for position in section.items.indices {
                widest = max(widest, measure.width(of: section.items.label(at: position), upTo: Self.listColumnLine))
                sampled += 1
                if sampled >= Self.listSampleSize || widest >= Self.listColumnLine { break outer }
            }
        }
        let inset = max(0, layout.parameters.sectionInset.left) + max(0, layout.parameters.sectionInset.right)
        // A line, its padding cell each side and the insets, twice, and the split's spacing.
        let twoColumns = 2 * (widest + 2 + inset) + layout.parameters.splitSpacing
        return breakpoints.map { breakpoint in
            let ratio = breakpoint.leftRatio ?? layout.parameters.leftRatio
            guard ratio > 0 && ratio < 1 else { return breakpoint }
            var raised = breakpoint
            raised.minWidth = max(breakpoint.minWidth, twoColumns)
            return raised
        }
    }

    /// How many items `listBreakpoints` measures.
    static let listSampleSize = 2_000

    /// `settings` (in force in a browser: its styles chosen there kept) with what depends on the
    /// catalog made over for `catalog`, a catalog that grew (see `layoutSettings(for:)`). A
    /// list stays a list, and chips chips, once decided on items: a stream does not change its
    /// look as it arrives.
    public func adjusted(_ settings: LayoutSettings, for catalog: Catalog, manyItemsExpected: Bool = false)
        -> LayoutSettings
    {
        var fresh = layoutSettings(for: catalog, manyItemsExpected: manyItemsExpected)
        if settings.itemsLookDecided && settings.listItems != fresh.listItems {
            var configuration = self
            configuration.layout.items = settings.listItems ? .list : .chips
            fresh = configuration.layoutSettings(for: catalog, manyItemsExpected: manyItemsExpected)
        }
        var adjusted = settings
        adjusted.breakpoints = fresh.breakpoints
        adjusted.parameters.leftRatio = fresh.parameters.leftRatio
        adjusted.itemWidth = fresh.itemWidth
        adjusted.itemsPerLine = fresh.itemsPerLine
        adjusted.defaultGroup = fresh.defaultGroup
        adjusted.maxContentWidth = fresh.maxContentWidth
        adjusted.listItems = fresh.listItems
        adjusted.itemsLookDecided = settings.itemsLookDecided || fresh.itemsLookDecided
        return adjusted
    }

    /// The built-in defaults (`LayoutSettings.defaults`, documented in Config/default.toml).
    public static let defaults = Configuration(layout: .defaults)
}
