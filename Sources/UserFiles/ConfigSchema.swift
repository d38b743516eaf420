// Every key of the configuration file, declared once: its table, its type and range, where its
// value goes in `Configuration` (whose `defaults` are its defaults) and its help. ConfigLoader
// reads the file through these tables; Config/default.toml is checked against them
// (ConfigDocumentationTests). A new configuration key is one line here (and its default in
// `Configuration.defaults`, its comment in Config/default.toml).

import Browser
import Catalog
import Schema
import SplitLayout
import TerminalUI

enum ConfigSchema {
    /// Sizes across, in cells: as in data files.
    static let maximumCells = JSONSectionsLoader.maximumCells
    /// Heights of headers, footers and items, in rows.
    static let maximumRows = JSONSectionsLoader.maximumRows

    /// The top level: the tables, in the order they are read. Those read by ConfigLoader itself
    /// (their values depend on each other) are declared for their keys and help.
    static let root = OptionTable<Configuration>([
        ReadByCaller(OptionKey("layout"), expected: "a table", help: "the split, spacing, insets and sides"),
        ReadByCaller(OptionKey("item"), expected: "a table", help: "the size of an item that names none"),
        breakpoints.at(\Configuration.layout.breakpoints),
        ReadByCaller(OptionKey("theme"), expected: "a table", help: "colours and attributes"),
        ReadByCaller(OptionKey("widths"), expected: "a table", help: "cells a character sequence takes"),
        ReadByCaller(OptionKey("catalog"), expected: "a table", help: "the bundled catalog browsed without data"),
        ReadByCaller(OptionKey("emoji"), expected: "a table", help: "the bundled emoji"),
        ReadByCaller(OptionKey("search"), expected: "a table", help: "how a search matches and what it shows"),
        ReadByCaller(OptionKey("recent"), expected: "a table", help: "the Recent section of the bundled emoji"),
        ReadByCaller(OptionKey("row"), expected: "a table", help: "the options of every row section"),
        ReadByCaller(
            OptionKey("sections"), expected: "a table", help: "the style, row options and group of a section by title"),
        ReadByCaller(OptionKey("groups"), expected: "a table", help: "named compositional groups"),
        ReadByCaller(OptionKey("screen"), expected: "a table", help: "inline mode's height"),
        ReadByCaller(OptionKey("bind"), expected: "a table", help: "keys and events bound to actions, as --bind"),
        ReadByCaller(OptionKey("effects"), expected: "a table", help: "row effects of your own, by keyframes"),
    ])

    /// [[breakpoint]]: the breakpoints on the terminal width.
    static let breakpoints = Option(
        "breakpoint", BreakpointList(),
        help: "breakpoints on the terminal width ([[breakpoint]]); a list replaces the default one")

    /// [layout] (its `group` read after [groups], which it may name).
    static let layout = OptionTable<Configuration>([
        Option(
            "group", GroupChoiceValue(),
            help: "the group that places every grid section's items: a built-in one or a [groups.NAME]"
        ).applying { (configuration: inout Configuration, choice) throws(SettingRefusal) in
            try check(choice, in: configuration)
            configuration.layout.defaultGroup = choice
        },
        Option(
            "left_ratio", RealNumber(0...1, note: " (0 or 1 = one column)"),
            help: "share of the width given to the left column; 0 or 1: one full-width column"
        ).at(\Configuration.layout.parameters.leftRatio),
        Option("split_spacing", WholeNumber.cells(0...maximumCells), help: "cells between the two columns")
            .at(\Configuration.layout.parameters.splitSpacing),
        Option("inter_item_spacing", WholeNumber.cells(0...maximumCells), help: "least cells between two items")
            .at(\Configuration.layout.parameters.interItemSpacing),
        Option("line_spacing", WholeNumber.cells(0...maximumCells), help: "rows between two lines of items")
            .at(\Configuration.layout.parameters.lineSpacing),
        Option(
            "section_inset", Insets(maximum: maximumCells),
            help: "cells kept free around a section's items: any of the four sides, or one number for all"
        ).applying { (configuration: inout Configuration, hint) in
            configuration.layout.parameters.sectionInset = hint.over(configuration.layout.parameters.sectionInset)
        },
        Option(
            "normalize_line_height", Flag(), help: "every item on a line takes the height of the line's tallest item"
        ).at(\Configuration.layout.parameters.normalizeLineHeight),
        Option("pin_headers", Flag(), help: "section headers stick to the top of their column")
            .at(\Configuration.layout.parameters.pinHeaders),
        Option("side", Choice(SideRule.self), help: "which column each section goes to")
            .at(\Configuration.layout.parameters.sideRule),
        Option("header_height", WholeNumber.rows(0...maximumRows), help: "rows of a section's header")
            .at(\Configuration.layout.headerHeight),
        Option("footer_height", WholeNumber.rows(0...maximumRows), help: "rows of a section's footer")
            .at(\Configuration.layout.footerHeight),
        Option(
            "items",
            Choice(
                ItemsLook.self,
                help: [
                    "auto": "a list for text, chips for items with glyphs",
                    "list": "one item a line, as wide as its column",
                    "chips": "items side by side, as wide as their labels",
                ]),
            help: "how a data file's items are shown: \"auto\", \"list\" or \"chips\""
        ).at(\Configuration.layout.items),
    ])

    /// [item]. 0 would make every item zero-size: the sections would show headers and nothing
    /// to pick.
    static let item = OptionTable<Configuration>([
        Option("width", WholeNumber.cells(1...maximumCells), help: "an item's width in cells")
            .applying { (configuration: inout Configuration, width) in
                configuration.layout.itemWidth = width
                configuration.itemWidthIsSet = true
            },
        Option("height", WholeNumber.rows(1...maximumRows), help: "an item's height in rows")
            .at(\Configuration.layout.itemHeight),
        Option(
            "per_line", WholeNumber.cells(0...maximumCells),
            help: "above 0: this many items on each line of their column, as wide as lets them fit"
        ).applying { (configuration: inout Configuration, count) in
            configuration.layout.itemsPerLine = count
            if count > 0 { configuration.itemWidthIsSet = true }
        },
        Option(
            "max_width", WholeNumber.cells(1...maximumCells),
            help: "the widest label a data file's item is measured at; a longer one is cut with …"
        ).at(\Configuration.maxItemWidth),
    ])

    /// One [[breakpoint]].
    static let breakpoint = OptionTable<BreakpointList.Entry>([
        Option("min_width", WholeNumber.cells(0...maximumCells), help: "from this many columns on")
            .at(\BreakpointList.Entry.minWidth),
        Option(
            "left_ratio", RealNumber(0...1, note: " (0 or 1 = one column)"),
            help: "the split there (left out: [layout] left_ratio)"
        ).at(\BreakpointList.Entry.leftRatio),
    ])

    /// [effects.NAME]: a row effect of keyframes.
    static let effect = OptionTable<KeyframeEffectSpec>([
        Option(
            "curve", Choice(KeyframeCurve.self),
            help: "how the values go from one keyframe to the next: linear, ease-in, ease-out or ease-in-out"
        ).at(\KeyframeEffectSpec.curve),
        ReadByCaller(
            OptionKey("keyframes"), expected: "a list of keyframes, { progress = 0, scale = 1, ... } each",
            help: "the card's looks at each progress, in increasing progress"),
    ])

    /// A keyframe of [effects.NAME] keyframes.
    static let keyframe = OptionTable<KeyframeSpec>([
        Option(
            "progress", RealNumber(-100...100),
            help: "where the card is: 0 resting, 1 one card to the right, -1 one to the left (required)"
        ).at(\KeyframeSpec.progress),
        Option("scale", RealNumber(0...10), help: "its scale, across and down").at(\KeyframeSpec.scale),
        Option("scale_x", RealNumber(0...10), help: "its scale across (over scale)").at(\KeyframeSpec.scaleX),
        Option("scale_y", RealNumber(0...10), help: "its scale down (over scale)").at(\KeyframeSpec.scaleY),
        Option("x", RealNumber(-100...100), help: "its shift right, in card widths (negative: left)")
            .at(\KeyframeSpec.x),
        Option("y", RealNumber(-100...100), help: "its shift down, in card heights (negative: up)")
            .at(\KeyframeSpec.y),
        Option("alpha", RealNumber(0...1), help: "its opacity (as an effect's alpha: 0.95 and over drawn as it is)")
            .at(\KeyframeSpec.alpha),
        Option("z", RealNumber(-1000...1000), help: "its stacking order: larger in front (stepped, not eased)")
            .at(\KeyframeSpec.z),
    ])

    /// A style of [theme]: any of its keys, over the default style.
    static let style = OptionTable<CellStyle>([
        Option("fg", ColorValue(), help: "the foreground colour")
            .applying { (style: inout CellStyle, color) in style.foreground = color.terminalColor },
        Option("bg", ColorValue(), help: "the background colour")
            .applying { (style: inout CellStyle, color) in style.background = color.terminalColor },
        Option("bold", Flag(), help: "bold").at(\CellStyle.bold),
        Option("dim", Flag(), help: "dim").at(\CellStyle.dim),
        Option("reverse", Flag(), help: "reverse video").at(\CellStyle.reverse),
        Option("underline", Flag(), help: "underlined").at(\CellStyle.underline),
    ])

    /// [theme].
    static let theme = OptionTable<Configuration>([
        TableSetting(OptionKey("header"), style, at: \Configuration.theme.header, help: "section headers"),
        TableSetting(OptionKey("footer"), style, at: \Configuration.theme.footer, help: "section footers"),
        TableSetting(OptionKey("item"), style, at: \Configuration.theme.item, help: "items"),
        TableSetting(OptionKey("focus"), style, at: \Configuration.theme.focus, help: "the focused item"),
        TableSetting(OptionKey("status"), style, at: \Configuration.theme.status, help: "the status line"),
        TableSetting(OptionKey("help"), style, at: \Configuration.theme.help, help: "the help overlay"),
        Option(
            "section_backgrounds", ColorList(),
            help: "backgrounds given in turn to the sections that name none themselves"
        ).at(\Configuration.theme.sectionBackgrounds),
    ])

    /// [catalog].
    static let catalog = OptionTable<Configuration>([
        Option("name", catalogName, help: "the bundled catalog browsed when no data is given, as --catalog")
            .at(\Configuration.catalog)
    ])

    /// The values of [catalog] name, and of --catalog (whose message words them as this does).
    static let catalogName = Choice(names: BundledCatalog.allCases.map(\.rawValue), help: BundledCatalog.helpByName) {
        BundledCatalog(rawValue: $0)
    }

    /// [emoji].
    static let emoji = OptionTable<Configuration>([
        Option(
            "undrawable", Choice(UndrawableGlyphs.self),
            help: "what becomes of an emoji the terminal cannot draw: a placeholder, or hidden"
        ).at(\Configuration.undrawable),
        Option("sections", Choice(EmojiCatalog.Grouping.self), help: "sections by Unicode group or subgroup")
            .at(\Configuration.emojiGrouping),
        Option(
            "skin_tone", Choice(names: SkinTone.names) { SkinTone.parse($0) },
            help: "the skin tone shown and printed for the emoji that have one"
        ).at(\Configuration.skinTone),
        Option(
            "combined_tones", Flag(),
            help: "whether the terminal draws an emoji and its skin tone as one glyph (probe-widths finds out)"
        ).at(\Configuration.combinedTones),
    ])

    /// [recent].
    static let recent = OptionTable<Configuration>([
        Option("order", Choice(RecentOrder.self), help: "how the Recent section is ordered")
            .at(\Configuration.recentOrder),
        Option(
            "size", WholeNumber(0...RecentPicks.largestSize, of: "picks"),
            help: "how many picks it keeps and shows, per catalog (0: no Recent section)"
        ).at(\Configuration.recentSize),
    ])

    /// [screen].
    static let screen = OptionTable<Configuration>([
        Option("height", ScreenHeight(), help: "inline mode's height (left out: the whole screen)")
            .at(\Configuration.inlineHeight)
    ])

    /// [search].
    static let search = OptionTable<Configuration>([
        Option("typing", Choice(SearchOptions.Typing.self), help: "where typing goes: the query or the keys")
            .at(\Configuration.search.typing),
        Option(
            "best_matches", WholeNumber(0...SearchOptions.bestMatchesLimit, of: "items"),
            help: "how many of the best matches a Best matches section leads with (0: none)"
        ).at(\Configuration.search.bestMatches),
        Option("fuzzy", Flag(), help: "plain terms match fuzzily, the emoji's too (matching = \"fuzzy\")")
            .at(\Configuration.search.fuzzy),
        Option(
            "matching", Choice(SearchOptions.Matching.self),
            help:
                "how plain terms match: auto (fuzzy for data, word-first for the emoji, word for unicode and symbols), fuzzy, exact, word or word-first"
        ).at(\Configuration.search.matching),
        Option("case", Choice(SearchQuery.CaseMode.self), help: "which case terms tell apart: smart, ignore or respect")
            .at(\Configuration.search.caseMode),
        Option("literal", Flag(), help: "Latin letters match as written (\"e\" does not find \"é\")")
            .at(\Configuration.search.literal),
        Option("sort", Flag(), help: "rank the matches (false: input order)").at(\Configuration.search.sorts),
        Option("tiebreak", TiebreakList(), help: "what orders matches of equal score, as fzf's --tiebreak")
            .at(\Configuration.search.tiebreaks),
    ])

    /// [row]: the style of a section that names none, and the options of every row
    /// (`RowHint.options`).
    static let row = OptionTable<SectionStyleOverride>(
        [
            Option("style", SectionStyleName.choice, help: "the style of a section that names none")
                .at(\SectionStyleOverride.style)
        ] + RowHint.options.projected(at: \SectionStyleOverride.row),
        check: { override, dialect in
            if let refusal = RowHint.options.check?(override.row, dialect) { return refusal }
            // A preset alone is the preset of the built-in effect.
            if override.row.preset != nil, override.row.effect == nil,
                let problem = RowHint.problem(effect: RowHint.defaults.effect, preset: override.row.preset)
            {
                return TableRefusal(key: OptionKey("preset"), message: problem)
            }
            return nil
        })

    /// [sections."TITLE"]: a section's style, row options and group (its name checked by
    /// ConfigLoader, which knows the configuration's groups).
    static let section = OptionTable<SectionStyleOverride>(
        [
            Option("style", SectionStyleName.choice, help: "the section's style")
                .at(\SectionStyleOverride.style)
        ] + RowHint.options.projected(at: \SectionStyleOverride.row) + [
            Option("group", GroupChoiceValue(), help: "the group that places its items")
                .at(\SectionStyleOverride.group)
        ],
        check: { override, dialect in RowHint.options.check?(override.row, dialect) })

    /// The tables Config/default.toml documents, with the values their keys leave alone.
    static let documented: [any DocumentedTable] = [
        DefaultedTable("", root, defaults: Configuration.defaults),
        DefaultedTable("[layout]", layout, defaults: Configuration.defaults),
        DefaultedTable("[item]", item, defaults: Configuration.defaults),
        KeysOnly("[[breakpoint]]", breakpoint),
        DefaultedTable("[theme]", theme, defaults: Configuration.defaults),
        DefaultedTable("[screen]", screen, defaults: Configuration.defaults),
        DefaultedTable("[search]", search, defaults: Configuration.defaults),
        DefaultedTable("[recent]", recent, defaults: Configuration.defaults),
        DefaultedTable(
            "[row]", row,
            defaults: SectionStyleOverride(style: Configuration.defaults.layout.defaultStyle, row: .defaults)),
        DefaultedTable("[catalog]", catalog, defaults: Configuration.defaults),
        DefaultedTable("[emoji]", emoji, defaults: Configuration.defaults),
    ]

    /// Refuses a group's name that is neither the configuration's nor a built-in one.
    static func check(_ choice: GroupChoice, in configuration: Configuration) throws(SettingRefusal) {
        if case .named(let name, _, _) = choice, GroupReader.resolve(choice, named: configuration.layout.groups) == nil
        {
            throw SettingRefusal(GroupReader.unknownName(name, named: configuration.layout.groups))
        }
    }
}

/// The [[breakpoint]] list: a list of tables, each with min_width (required) and left_ratio.
struct BreakpointList: ValueType {
    struct Entry: Hashable, Sendable {
        var minWidth: Int?
        var leftRatio: Double?
    }

    var expected: String { "a list of tables written [[breakpoint]]" }

    func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> [ConfiguredBreakpoint] {
        guard case .array(let elements) = node.sourceValue else { throw site.expected(expected, found: node) }
        var breakpoints: [ConfiguredBreakpoint] = []
        for (index, element) in elements.enumerated() {
            guard let members = element.members else {
                throw site.problem("expected \(expected), found \(element.sourceSummary) at position \(index + 1)")
            }
            let table = SourceTable(
                members: members, path: "\(site.path)[\(index)]", position: element.position, style: site.style)
            try table.checkKeys(ConfigSchema.breakpoint.keys(in: Node.dialect))
            guard table.has("min_width") else {
                throw table.problem("each [[breakpoint]] needs min_width (a whole number of columns)")
            }
            var entry = Entry()
            try table.apply(ConfigSchema.breakpoint, to: &entry)
            breakpoints.append(ConfiguredBreakpoint(minWidth: entry.minWidth ?? 0, leftRatio: entry.leftRatio))
        }
        return breakpoints
    }
}

/// A list of colours, each a name, an index 0-255 or "#rrggbb".
struct ColorList: ValueType {
    var expected: String { "a list of colours, e.g. [\"#202830\", \"#282030\"]" }

    func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> [TerminalColor] {
        guard case .array(let elements) = node.sourceValue else { throw site.expected(expected, found: node) }
        var colors: [TerminalColor] = []
        for (index, element) in elements.enumerated() {
            do {
                colors.append(try ColorValue().read(element, at: site).terminalColor)
            } catch {
                // At the entry, under the key's path.
                throw SourceProblem(
                    position: element.position, path: site.path,
                    message:
                        "entry \(index + 1): expected \(ColorSpec.allowedDescription), found \(element.sourceSummary)")
            }
        }
        return colors
    }
}

/// [screen] height: N rows, "N%", "-N", "~N%" or "full" (nil: the whole screen).
struct ScreenHeight: ValueType {
    var expected: String { InlineHeight.settingSyntax }

    func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> InlineHeight? {
        let height: InlineHeight??
        switch node.sourceValue {
        // (Not through the text: -3 there means all rows but 3.)
        case .integer(let rows): height = rows >= 1 ? InlineHeight.setting(String(rows)) : nil
        case .string(let text): height = InlineHeight.setting(text)
        default: height = nil
        }
        guard let height else { throw site.expected(expected, found: node) }
        return height
    }
}

/// A table documented for its keys alone: its values are checked as a whole elsewhere (the
/// [[breakpoint]] list, by the top level's `breakpoint`).
struct KeysOnly<Root: Sendable>: DocumentedTable {
    let header: String
    let table: OptionTable<Root>

    init(_ header: String, _ table: OptionTable<Root>) {
        self.header = header
        self.table = table
    }

    var keys: [String] { table.keys(in: .toml) }

    func keepsDefault<Node: SourceNode>(_ key: String, in table: SourceTable<Node>) throws(SourceProblem) -> Bool? {
        nil
    }
}

extension InsetHint {
    /// These sides over `base`: a side left out keeps the base's.
    func over(_ base: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: top ?? base.top, left: left ?? base.left, bottom: bottom ?? base.bottom, right: right ?? base.right)
    }
}

/// fzf's `--tiebreak` list in a string: `"length"`, `"begin,index"`.
struct TiebreakList: ValueType {
    var expected: String {
        "a comma-separated list of length, begin, end, chunk, pathname (at most 3), then index if any"
    }

    func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> [SearchQuery.Tiebreak] {
        guard case .string(let text) = node.sourceValue, let list = try? SearchQuery.Tiebreak.list(text) else {
            throw site.expected(expected, found: node)
        }
        return list
    }
}

/// An effect of [effects.NAME] as read, before it is checked whole.
struct KeyframeEffectSpec: Hashable, Sendable {
    var curve: KeyframeCurve?
}

/// A keyframe as read: what it sets.
struct KeyframeSpec: Hashable, Sendable {
    var progress: Double?
    var scale: Double?
    var scaleX: Double?
    var scaleY: Double?
    var x: Double?
    var y: Double?
    var alpha: Double?
    var z: Double?

    /// The keyframe: what it leaves out as a card at rest has it.
    var keyframe: Keyframe {
        Keyframe(
            progress: progress ?? 0, scaleX: scaleX ?? scale ?? 1, scaleY: scaleY ?? scale ?? 1, x: x ?? 0, y: y ?? 0,
            alpha: alpha ?? 1, z: z ?? 0)
    }
}
