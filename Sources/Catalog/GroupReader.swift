// Reading a compositional group from a data file (sectioned JSON) or from the configuration
// (TOML): both spell it the same way, so one reader checks it, over a small view of either
// file's values. A GROUP is {direction, width, height, items: [ITEM or GROUP], spacing?,
// insets?, count?, background?, badges?}; an ITEM is {width, height, insets?, badges?}; a
// dimension is {fraction: F}, {cells: N} or {estimated: N}; a BADGE is {text or field,
// corner?, offsetX?, offsetY?, color?}.

import SafeText
import Schema
import SplitLayout

/// How a section's group is given: a group of its own, or the name of one.
public enum GroupChoice: Hashable, Sendable {
    case layout(GroupLayout)
    /// A name of the configuration's `[groups.NAME]` or a built-in one, with where it is written
    /// (to say so if no group has that name).
    case named(String, line: Int, column: Int)
}

public enum GroupReader {
    /// A group splitview knows without a configuration.
    public struct BuiltIn: Sendable {
        public let name: String
        /// What it does, for the help of `--layout`.
        public let help: String
        public let layout: GroupLayout
    }

    /// The groups splitview knows without a configuration. A new built-in group is one line here.
    public static let builtInGroups: [BuiltIn] = [
        // The classic example: a large item on the left half, two small ones stacked on the
        // right, repeated; six rows, room for a glyph and a label in each small one.
        BuiltIn(
            name: "hero", help: "a large item and two small ones beside it, repeated",
            layout: .hero(height: 6, spacing: 1)),
        // Items as wide as their content and two cells more, wrapping like words.
        BuiltIn(
            name: "chips", help: "items as wide as their labels",
            layout: GroupLayout(
                direction: .horizontal, width: .fraction(1), height: .estimated(padding: 0),
                members: [.item(width: .estimated(padding: 2), height: .estimated(padding: 0))])),
    ]

    /// The built-in groups by name.
    public static let builtIn: [String: GroupLayout] = Dictionary(
        uniqueKeysWithValues: builtInGroups.map { ($0.name, $0.layout) })

    /// How deep groups may nest, and how many members one may have: an estimated group is
    /// measured again at each level, and no layout a terminal shows needs more.
    public static let maximumDepth = 4
    public static let maximumMembers = 64

    /// The largest size in cells a group names (widths, spacings, insets).
    public static let maximumCells = 10_000

    /// A group's options, as both files spell them.
    public static let direction = Option(
        "direction", Choice(GroupLayout.Direction.self),
        help: "horizontal (members side by side) or vertical (one above the other)")
    public static let width = Option("width", GroupDimensionValue(), help: "the group's width in its container")
    public static let height = Option("height", GroupDimensionValue(), help: "the group's height in its container")
    public static let items = ReadByCaller<Void>(
        OptionKey("items"), expected: "a non-empty array of items and groups",
        help: "its members: items {width, height} and nested groups, repeated while the next fits")
    public static let spacing = Option(
        "spacing", WholeNumber.cells(0...maximumCells), help: "cells between members (left out: the section's)")
    public static let insets = Option(
        "insets", Insets(maximum: maximumCells),
        help: "cells kept free inside the group: one number, or any of top, left, bottom, right")

    public static let count = Option(
        "count", WholeNumber(1...GroupLayout.maximumCount, of: nil),
        help: "its one member repeated exactly this many times, the group's length split evenly among them")
    public static let background = Option(
        "background", ColorValue(), help: "a colour drawn behind the group's members (a decoration item)")
    public static let badges = Option(
        "badges", BadgeList(),
        help: "short texts drawn over a corner or an edge: [{text or field, corner, offsetX, offsetY, color}]")
    /// An item's insets: its slot less these is where it is drawn.
    public static let itemInsets = Option(
        "insets", Insets(maximum: maximumCells),
        help: "cells kept free inside the item's slot (UIKit's content insets): one number, or any of top, left, "
            + "bottom, right")

    /// The keys of a group, in the order they are read.
    public static let options = OptionTable<Void>(
        [
            ReadByCaller(direction), ReadByCaller(width), ReadByCaller(height), items, ReadByCaller(spacing),
            ReadByCaller(insets), ReadByCaller(count), ReadByCaller(background), ReadByCaller(badges),
        ], noun: "a group {\"direction\", \"width\", \"height\", \"items\"} or a group's name",
        unknownKeys: .listed(context: "a group"))

    /// The keys of an item of a group.
    public static let itemOptions = OptionTable<Void>(
        [ReadByCaller(width), ReadByCaller(height), ReadByCaller(itemInsets), ReadByCaller(badges)],
        noun: "an item {\"width\", \"height\"} or a group",
        unknownKeys: .listed(context: "an item"))

    /// A section's group: a table is a group of its own, a string names one.
    public static func choice<Node: SourceNode>(_ node: Node, path: String) throws(SourceProblem) -> GroupChoice {
        if case .string(let name) = node.sourceValue {
            return .named(name, line: node.position.line, column: node.position.column)
        }
        return .layout(try group(node, path: path, parentWidth: nil))
    }

    /// A group, `depth` levels inside the section's.
    public static func group<Node: SourceNode>(
        _ node: Node, path: String, parentWidth: Int?
    ) throws(SourceProblem) -> GroupLayout {
        try group(node, path: path, parentWidth: parentWidth, depth: 0)
    }

    /// A group; `parentWidth`: the enclosing group's width in cells when known (a nested group
    /// may not be wider).
    static func group<Node: SourceNode>(
        _ node: Node, path: String, parentWidth: Int?, depth: Int
    ) throws(SourceProblem) -> GroupLayout {
        let site = SourceSite(path: path, position: node.position, style: .values)
        guard depth < maximumDepth else {
            throw site.problem("groups nest more than \(maximumDepth) levels deep")
        }
        let table = try SourceTable(node, at: site, noun: options.noun)
        try table.checkKeys(options.keys(in: Node.dialect), unknown: options.unknownKeys)
        guard let direction = try table.read(Self.direction) else {
            throw table.problem("a group needs a \"direction\": \"horizontal\" or \"vertical\"")
        }
        let width = try dimension(of: Self.width, in: table)
        let height = try dimension(of: Self.height, in: table)
        if case .cells(let cells) = width, let parentWidth, cells > parentWidth {
            throw table.site(ofKey: "width").problem(
                "a nested group \(cells) cells wide is wider than its parent (\(parentWidth) cells)")
        }
        var ownWidth: Int?
        if case .cells(let cells) = width { ownWidth = cells }
        guard let itemsMember = table.member("items") else {
            throw table.problem("a group needs \"items\": its items and nested groups")
        }
        guard case .array(let elements) = itemsMember.value.sourceValue, !elements.isEmpty else {
            throw table.site(of: itemsMember).expected(items.expected, found: itemsMember.value)
        }
        var groupMembers: [GroupMember] = []
        var fractionSum = 0.0
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path).items[\(index)]"
            let member = try self.member(element, path: elementPath, parentWidth: ownWidth ?? parentWidth, depth: depth)
            if case .fraction(let share) = direction == .horizontal ? member.width : member.height {
                fractionSum += share
                if fractionSum > 1 + 1e-9 {
                    throw SourceProblem(
                        position: element.position, path: elementPath,
                        message:
                            "the fractions of a \(direction.rawValue) group's \(direction == .horizontal ? "widths" : "heights") add up to more than 1 (\(fractionSum.formatted()))"
                    )
                }
            }
            groupMembers.append(member)
        }
        let spacing = try table.read(Self.spacing)
        let insets = try table.read(Self.insets) ?? InsetHint()
        let count = try table.read(Self.count)
        if count != nil && groupMembers.count != 1 {
            throw table.site(ofKey: "count").problem(
                "a group with a \"count\" repeats its one member: \"items\" has \(groupMembers.count)")
        }
        let decor = GroupDecor(
            background: try table.read(Self.background)?.description, badges: try table.read(Self.badges) ?? [])
        return GroupLayout(
            direction: direction, width: width, height: height, members: groupMembers, spacing: spacing,
            insets: insets.edgeInsets, count: count, decor: decor)
    }

    /// An item {width, height}, or a nested group (one with "items" or "direction").
    static func member<Node: SourceNode>(
        _ node: Node, path: String, parentWidth: Int?, depth: Int
    ) throws(SourceProblem) -> GroupMember {
        let site = SourceSite(path: path, position: node.position, style: .values)
        let table = try SourceTable(node, at: site, noun: itemOptions.noun)
        if table.has("items") || table.has("direction") {
            return .group(try group(node, path: path, parentWidth: parentWidth, depth: depth + 1))
        }
        try table.checkKeys(itemOptions.keys(in: Node.dialect), unknown: itemOptions.unknownKeys)
        let width = try dimension(of: Self.width, in: table)
        if case .cells(let cells) = width, let parentWidth, cells > parentWidth {
            throw table.site(ofKey: "width").problem(
                "an item \(cells) cells wide is wider than its group (\(parentWidth) cells)")
        }
        return .item(
            GroupItem(
                width: width, height: try dimension(of: Self.height, in: table),
                insets: (try table.read(Self.itemInsets) ?? InsetHint()).edgeInsets,
                badges: try table.read(Self.badges) ?? []))
    }

    /// A width or a height the table must give.
    static func dimension<Node: SourceNode>(
        of option: Option<GroupDimension>, in table: SourceTable<Node>
    ) throws(SourceProblem) -> GroupDimension {
        guard let value = try table.read(option) else {
            throw table.problem("needs a \"\(option.key)\": \(GroupDimensionValue.choices)")
        }
        return value
    }

    /// The group a choice stands for, given the configuration's named groups (over the built-in
    /// ones); nil for an unknown name.
    public static func resolve(_ choice: GroupChoice, named: [String: GroupLayout]) -> GroupLayout? {
        switch choice {
        case .layout(let group): group
        case .named(let name, _, _): named[name] ?? builtIn[name]
        }
    }

    /// "unknown group "x" (known: chips, hero, ...)".
    public static func unknownName(_ name: String, named: [String: GroupLayout]) -> String {
        let known = Set(builtIn.keys).union(named.keys).sorted().map { MessageText.quoted($0) }.joined(separator: ", ")
        return "unknown group \(MessageText.quoted(name)) (known: \(known))"
    }
}

/// A group's width or height: {fraction: F} of its container (above 0, at most 1), {cells: N}
/// (N from 1 to 10000), or {estimated: N} (the content's size and N more, 0 to 10000).
public struct GroupDimensionValue: ValueType {
    public init() {}

    static let choices = "{\"fraction\": F}, {\"cells\": N} or {\"estimated\": N}"

    public var expected: String { "one of \(Self.choices)" }

    public static let cells = Option(
        "cells", WholeNumber.cells(1...GroupReader.maximumCells), help: "a size in cells")
    public static let estimated = Option(
        "estimated", WholeNumber.cells(0...GroupReader.maximumCells),
        help: "the content's width or height, and this many cells more")

    public func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> GroupDimension {
        guard let members = node.members, members.count == 1, let only = members.first else {
            throw site.expected(expected, found: node)
        }
        let table = SourceTable(members: members, path: site.path, position: site.position, style: .values)
        let inner = table.site(of: only)
        switch only.key {
        case "fraction":
            let share: Double? =
                switch only.value.sourceValue {
                case .integer(let whole): Double(whole)
                case .number(let real): real
                default: nil
                }
            guard let share, share > 0, share <= 1 else {
                throw inner.expected("a fraction above 0 and at most 1", found: only.value)
            }
            return .fraction(share)
        case "cells":
            // At least one: an item of no cells would never show.
            return .cells(try Self.cells.type.read(only.value, at: inner))
        case "estimated":
            return .estimated(padding: try Self.estimated.type.read(only.value, at: inner))
        default:
            throw SourceProblem(
                position: only.keyPosition, path: site.path, message: "expected \(expected), found \"\(only.key)\"")
        }
    }
}

extension InsetHint {
    /// The sides given, the others 0.
    var edgeInsets: EdgeInsets {
        EdgeInsets(top: top ?? 0, left: left ?? 0, bottom: bottom ?? 0, right: right ?? 0)
    }
}

/// A badge as a file writes it, before it is checked whole.
public struct BadgeHint: Sendable {
    public var text: String?
    public var field: String?
    public var corner: GroupBadge.Anchor?
    public var offsetX: Int?
    public var offsetY: Int?
    public var color: ColorSpec?

    public init() {}
}

/// A group's or an item's badges (UIKit's boundary supplementary items): an array of
/// {text or field, corner?, offsetX?, offsetY?, color?}.
public struct BadgeList: ValueType {
    public init() {}

    /// The most badges one item or group may have, and the longest text one may show.
    public static let maximumCount = 8
    public static let maximumText = 64
    /// How far a badge may be moved from its corner, each way.
    public static let maximumOffset = 20

    /// A badge's keys, in the order they are read.
    public static let options = OptionTable<BadgeHint>(
        [
            Option("text", Text(), help: "the text it shows").at(\BadgeHint.text),
            Option(
                "field", Text(), help: "the name of the item's field whose value it shows (a group's: its first item's)"
            )
            .at(\BadgeHint.field),
            Option(
                "corner", Choice(GroupBadge.Anchor.self),
                help: "where it sits: a corner (\"top-right\", the default) or the middle of an edge (\"top\", ...)"
            ).at(\BadgeHint.corner),
            Option(
                .camel("offsetX"), WholeNumber(-maximumOffset...maximumOffset, of: "cells"),
                help: "cells to the right of its place (negative: to the left)"
            ).at(\BadgeHint.offsetX),
            Option(
                .camel("offsetY"), WholeNumber(-maximumOffset...maximumOffset, of: "cells"),
                help: "cells below its place (negative: above)"
            ).at(\BadgeHint.offsetY),
            Option("color", ColorValue(), help: "its background (left out: the item's look, reversed)")
                .at(\BadgeHint.color),
        ], noun: "a badge {\"text\" or \"field\", \"corner\"}", unknownKeys: .listed(context: "a badge"),
        check: { hint, _ in
            switch (hint.text, hint.field) {
            case (nil, nil): TableRefusal(key: OptionKey("text"), message: "a badge needs a \"text\" or a \"field\"")
            case (.some, .some):
                TableRefusal(key: OptionKey("field"), message: "a badge shows a \"text\" or a \"field\", not both")
            case (let text?, nil) where text.isEmpty || text.count > maximumText:
                TableRefusal(key: OptionKey("text"), message: "a badge's text has 1 to \(maximumText) characters")
            case (nil, let field?) where field.isEmpty:
                TableRefusal(key: OptionKey("field"), message: "a badge's field needs a name")
            default: nil
            }
        })

    public var expected: String { "an array of badges {\"text\" or \"field\", \"corner\"}" }

    public func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> [GroupBadge] {
        guard case .array(let elements) = node.sourceValue else { throw site.expected(expected, found: node) }
        guard elements.count <= Self.maximumCount else {
            throw site.problem("at most \(Self.maximumCount) badges, found \(elements.count)")
        }
        var badges: [GroupBadge] = []
        for (index, element) in elements.enumerated() {
            let elementSite = SourceSite(path: "\(site.path)[\(index)]", position: element.position, style: .values)
            let table = try SourceTable(element, at: elementSite, noun: Self.options.noun)
            var hint = BadgeHint()
            try table.apply(Self.options, to: &hint)
            let content: GroupBadge.Content = hint.text.map { .text($0) } ?? .field(hint.field ?? "")
            badges.append(
                GroupBadge(
                    content: content, anchor: hint.corner ?? .topRight,
                    offset: Point(x: hint.offsetX ?? 0, y: hint.offsetY ?? 0), color: hint.color?.description))
        }
        return badges
    }
}

extension ReadByCaller {
    /// An option its table's reader reads itself, declared for its key, type and help.
    public init<Value>(_ option: Option<Value>) {
        self.init(option.key, expected: option.type.expected, help: option.help)
    }
}
