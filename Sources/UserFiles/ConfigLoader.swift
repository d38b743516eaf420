// Reads the TOML configuration file and checks every key against what is allowed and what can
// be drawn. The document is read by the project's own TOML reader (Sources/TOML; why not a
// library: see there), which keeps the position of every key, so every error names the file,
// line, column and key.

import Browser
import Catalog
import Foundation
import SplitLayout
import TerminalUI
import TOML

/// A problem in a configuration file: `file:line:column: key: message`.
public struct ConfigError: Error, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var key: String?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return key.map { "\(location): \($0): \(message)" } ?? "\(location): \(message)"
    }
}

public enum ConfigLoader {
    /// The file to read: `--config PATH`, else `$XDG_CONFIG_HOME/splitview/config.toml`, else
    /// `~/.config/splitview/config.toml`; nil when no file is named and none exists.
    public static func locate(explicitPath: String?, environment: [String: String]) -> String? {
        if let explicitPath { return explicitPath }
        return candidatePaths(environment: environment).first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Where the configuration file is looked for, in order: under $XDG_CONFIG_HOME, then
    /// ~/.config. A relative $XDG_CONFIG_HOME is ignored, as the XDG Base Directory
    /// specification asks. The first is where a new file goes (probe-widths).
    public static func candidatePaths(environment: [String: String]) -> [String] {
        var candidates: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            candidates.append(xdg + "/splitview/config.toml")
        }
        if let home = environment["HOME"], !home.isEmpty {
            candidates.append(home + "/.config/splitview/config.toml")
        }
        return candidates
    }

    /// The defaults overridden by the file at `path` (or the defaults alone for nil).
    public static func load(path: String?) throws(ConfigError) -> Configuration {
        guard let path else { return .defaults }
        // Read as the data files are (read(2) to the end): FileManager.contents(atPath:) fails
        // on a pipe, so `--config <(...)` was refused as "permission denied".
        let bytes: [UInt8]
        do {
            bytes = try CatalogLoader.read(path: path)
        } catch {
            throw ConfigError(
                file: path,
                message: error.message.replacingOccurrences(
                    of: "cannot read the file", with: "cannot read the configuration file"))
        }
        return try parse(bytes, file: path)
    }

    public static func parse(_ text: String, file: String) throws(ConfigError) -> Configuration {
        try parse(Array(text.utf8), file: file)
    }

    /// The configuration a document gives; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(ConfigError) -> Configuration {
        let root: TOMLTable
        do {
            root = try TOMLReader.parse(bytes)
        } catch {
            throw ConfigError(
                file: file, line: error.position.line, column: error.position.column,
                message: "invalid TOML: \(error.message)")
        }
        let reader = TableReader(table: root, path: [], position: nil, file: file)
        var configuration = Configuration.defaults
        try reader.allowOnly([
            "layout", "item", "breakpoint", "theme", "widths", "emoji", "search", "recent", "row", "sections", "groups",
            "screen",
        ])

        // Named groups first: [layout] and [sections."TITLE"] may name them.
        if let groups = try reader.table("groups") { configuration.layout.groups = try groups.namedGroups() }
        if let layout = try reader.table("layout") {
            try layout.allowOnly([
                "left_ratio", "split_spacing", "inter_item_spacing", "line_spacing", "section_inset",
                "normalize_line_height", "pin_headers", "side", "header_height", "footer_height", "group",
            ])
            configuration.layout.defaultGroup = try layout.groupChoice("group", groups: configuration.layout.groups)
            var parameters = configuration.layout.parameters
            if let value = try layout.ratio("left_ratio") { parameters.leftRatio = value }
            if let value = try layout.cells("split_spacing") { parameters.splitSpacing = value }
            if let value = try layout.cells("inter_item_spacing") { parameters.interItemSpacing = value }
            if let value = try layout.cells("line_spacing") { parameters.lineSpacing = value }
            if let value = try layout.insets("section_inset", base: parameters.sectionInset) {
                parameters.sectionInset = value
            }
            if let value = try layout.bool("normalize_line_height") { parameters.normalizeLineHeight = value }
            if let value = try layout.bool("pin_headers") { parameters.pinHeaders = value }
            if let value = try layout.choice("side", SideRule.self) { parameters.sideRule = value }
            if let value = try layout.rows("header_height", from: 0) { configuration.layout.headerHeight = value }
            if let value = try layout.rows("footer_height", from: 0) { configuration.layout.footerHeight = value }
            configuration.layout.parameters = parameters
        }
        if let item = try reader.table("item") {
            try item.allowOnly(["width", "height", "per_line", "max_width"])
            // 0 would make every item zero-size: the sections would show headers and nothing to pick.
            if let value = try item.cells("width", from: 1) {
                configuration.layout.itemWidth = value
                configuration.itemWidthIsSet = true
            }
            if let value = try item.rows("height", from: 1) { configuration.layout.itemHeight = value }
            if let value = try item.cells("per_line") {
                configuration.layout.itemsPerLine = value
                if value > 0 { configuration.itemWidthIsSet = true }
            }
            if let value = try item.cells("max_width", from: 1) { configuration.maxItemWidth = value }
        }
        if let breakpoints = try reader.arrayOfTables("breakpoint") {
            // A list in the file replaces the default list as a whole.
            configuration.layout.breakpoints = try breakpoints.map { entry throws(ConfigError) in
                try entry.allowOnly(["min_width", "left_ratio"])
                guard let minWidth = try entry.cells("min_width") else {
                    throw entry.error(key: nil, "each [[breakpoint]] needs min_width (a whole number of columns)")
                }
                return ConfiguredBreakpoint(minWidth: minWidth, leftRatio: try entry.ratio("left_ratio"))
            }
        }
        if let row = try reader.table("row") {
            try row.allowOnly(Set(["style"] + RowHint.configKeys))
            if let style = try row.choice("style", SectionStyleName.self) { configuration.layout.defaultStyle = style }
            let hint = try row.rowHint()
            if hint.preset != nil, hint.effect == nil,
                let problem = RowHint.problem(effect: RowHint.defaults.effect, preset: hint.preset)
            {
                throw row.error(key: "preset", problem)
            }
            configuration.layout.rowDefaults = hint
        }
        if let sections = try reader.table("sections") {
            configuration.layout.sectionStyles = try sections.sectionStyles(groups: configuration.layout.groups)
        }
        try LayoutRoom.check(configuration.layout, in: reader)
        if let theme = try reader.table("theme") {
            try theme.allowOnly(["header", "footer", "item", "focus", "status", "help", "section_backgrounds"])
            var value = configuration.theme
            if let style = try theme.style("header", base: value.header) { value.header = style }
            if let style = try theme.style("footer", base: value.footer) { value.footer = style }
            if let style = try theme.style("item", base: value.item) { value.item = style }
            if let style = try theme.style("focus", base: value.focus) { value.focus = style }
            if let style = try theme.style("status", base: value.status) { value.status = style }
            if let style = try theme.style("help", base: value.help) { value.help = style }
            if let colors = try theme.colorList("section_backgrounds") { value.sectionBackgrounds = colors }
            configuration.theme = value
        }
        if let widths = try reader.table("widths") {
            for key in widths.table.keys {
                let sequence = try widths.widthSequence(key)
                guard let value = widths.table[key]?.node.value, case .integer(let width) = value,
                    (0...2).contains(width)
                else {
                    throw widths.error(key: key, "expected a width of 0, 1 or 2 cells, found \(widths.describe(key))")
                }
                configuration.widthOverrides[sequence] = Int(width)
            }
        }
        if let emoji = try reader.table("emoji") {
            try emoji.allowOnly(["sections", "skin_tone", "undrawable"])
            if let undrawable = try emoji.choice("undrawable", UndrawableGlyphs.self) {
                configuration.undrawable = undrawable
            }
            if let grouping = try emoji.choice("sections", EmojiCatalog.Grouping.self) {
                configuration.emojiGrouping = grouping
            }
            if let value = emoji.table["skin_tone"]?.node.value {
                guard case .string(let text) = value, let tone = SkinTone.parse(text) else {
                    let allowed = SkinTone.names.map { "\"\($0)\"" }.joined(separator: ", ")
                    throw emoji.error(
                        key: "skin_tone", "expected one of \(allowed), found \(emoji.describe("skin_tone"))")
                }
                configuration.skinTone = tone
            }
        }
        if let recent = try reader.table("recent") {
            try recent.allowOnly(["order", "size"])
            if let order = try recent.choice("order", RecentOrder.self) { configuration.recentOrder = order }
            if let size = try recent.count("size", upTo: RecentPicks.largestSize, of: "emoji") {
                configuration.recentSize = size
            }
        }
        if let screen = try reader.table("screen") {
            try screen.allowOnly(["height"])
            if let value = screen.table["height"]?.node.value {
                guard let height = Self.screenHeight(value) else {
                    throw screen.error(
                        key: "height",
                        "expected \(InlineHeight.settingSyntax), found \(screen.describe("height"))")
                }
                configuration.inlineHeight = height
            }
        }
        if let search = try reader.table("search") {
            try search.allowOnly(["best_matches", "fuzzy", "typing"])
            if let typing = try search.choice("typing", SearchOptions.Typing.self) {
                configuration.search.typing = typing
            }
            if let count = try search.count("best_matches", upTo: SearchOptions.bestMatchesLimit, of: "items") {
                configuration.search.bestMatches = count
            }
            if let fuzzy = try search.bool("fuzzy") { configuration.search.fuzzy = fuzzy }
        }
        return configuration
    }

    /// `[screen] height`: .some(nil) for "full", nil for a value that is none of the forms.
    private static func screenHeight(_ value: TOMLValue) -> InlineHeight?? {
        switch value {
        case .integer(let rows):
            // (Not through the text: -3 there means all rows but 3.)
            return rows >= 1 ? InlineHeight.setting(String(rows)) : nil
        case .string(let text):
            return InlineHeight.setting(text)
        default:
            return nil
        }
    }
}
