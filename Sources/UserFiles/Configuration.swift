// The program's configuration: built-in defaults, overridden key by key by a TOML file.
// Config/default.toml documents every key; keep the two in step.

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
    /// Whether the file set `[item] width`. When it did not, a data file's items get cards of
    /// `dataItemWidth` cells, wide enough for a label: the 4-cell default fits an emoji only.
    public var itemWidthIsSet = false
    public static let dataItemWidth = 20

    /// The layout settings for `catalog`: the configured ones, with the card width for a data
    /// file's labels unless the file set `[item] width`.
    public func layoutSettings(for catalog: Catalog) -> LayoutSettings {
        var settings = layout
        if !itemWidthIsSet && catalog.source != EmojiCatalog.source { settings.itemWidth = Self.dataItemWidth }
        return settings
    }

    /// The built-in defaults (`LayoutSettings.defaults`, documented in Config/default.toml).
    public static let defaults = Configuration(layout: .defaults)
}
