// Reading a compositional group from a data file (sectioned JSON) or from the configuration
// (TOML): both spell it the same way, so one reader checks it, over a small view of either
// file's values. A GROUP is {direction, width, height, items: [ITEM or GROUP], spacing?,
// insets?}; an ITEM is {width, height}; a dimension is {fraction: F}, {cells: N} or
// {estimated: N}.

import SafeText
import SplitLayout

/// A value of a data or configuration file, as the group reader sees it.
public enum GroupSourceValue<Node> {
    case integer(Int)
    case number(Double)
    case string(String)
    /// Members in order, each with the node its key starts at (for errors about the key).
    case table([(key: String, keyNode: Node, value: Node)])
    case array([Node])
    /// Anything else, by what it is called in messages ("a boolean").
    case other(String)
}

/// A node of a file the group reader can read.
public protocol GroupSourceNode {
    var groupSourceValue: GroupSourceValue<Self> { get }
    var sourceLine: Int { get }
    var sourceColumn: Int { get }
    /// The value in a message: "the string \"x\"", "1.5", "a table".
    var sourceSummary: String { get }
}

/// A group that does not read: where (the node at fault and its path) and why.
public struct GroupProblem: Error, Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var path: String
    public var message: String
}

/// How a section's group is given: a group of its own, or the name of one.
public enum GroupChoice: Hashable, Sendable {
    case layout(GroupLayout)
    /// A name of the configuration's `[groups.NAME]` or a built-in one, with where it is written
    /// (to say so if no group has that name).
    case named(String, line: Int, column: Int)
}

public enum GroupReader {
    /// The groups splitview knows without a configuration, by name.
    public static let builtIn: [String: GroupLayout] = [
        // The classic example: a large item on the left half, two small ones stacked on the
        // right, repeated; six rows, room for a glyph and a label in each small one.
        "hero": .hero(height: 6, spacing: 1),
        // Items as wide as their content and two cells more, wrapping like words.
        "chips": GroupLayout(
            direction: .horizontal, width: .fraction(1), height: .estimated(padding: 0),
            members: [.item(width: .estimated(padding: 2), height: .estimated(padding: 0))]),
    ]

    /// How deep groups may nest, and how many members one may have: an estimated group is
    /// measured again at each level, and no layout a terminal shows needs more.
    public static let maximumDepth = 4
    public static let maximumMembers = 64

    /// The keys a group may have.
    static let groupKeys: Set<String> = ["direction", "width", "height", "items", "spacing", "insets"]

    /// A section's group: a table is a group of its own, a string names one.
    public static func choice<Node: GroupSourceNode>(_ node: Node, path: String) throws(GroupProblem) -> GroupChoice {
        if case .string(let name) = node.groupSourceValue {
            return .named(name, line: node.sourceLine, column: node.sourceColumn)
        }
        return .layout(try group(node, path: path, parentWidth: nil))
    }

    /// A group, `depth` levels inside the section's.
    public static func group<Node: GroupSourceNode>(
        _ node: Node, path: String, parentWidth: Int?
    ) throws(GroupProblem) -> GroupLayout {
        try group(node, path: path, parentWidth: parentWidth, depth: 0)
    }

    /// A group; `parentWidth`: the enclosing group's width in cells when known (a nested group
    /// may not be wider).
    static func group<Node: GroupSourceNode>(
        _ node: Node, path: String, parentWidth: Int?, depth: Int
    ) throws(GroupProblem) -> GroupLayout {
        guard depth < maximumDepth else {
            throw problem(node, path, "groups nest more than \(maximumDepth) levels deep")
        }
        guard case .table(let members) = node.groupSourceValue else {
            throw problem(
                node, path,
                "expected a group {\"direction\", \"width\", \"height\", \"items\"} or a group's name, found \(node.sourceSummary)"
            )
        }
        for member in members where !groupKeys.contains(member.key) {
            throw problem(
                member.keyNode, path,
                "unknown key \"\(member.key)\" in a group (allowed: \(groupKeys.sorted().joined(separator: ", ")))")
        }
        func value(_ key: String) -> Node? { members.first { $0.key == key }?.value }
        guard let directionNode = value("direction") else {
            throw problem(node, path, "a group needs a \"direction\": \"horizontal\" or \"vertical\"")
        }
        guard case .string(let text) = directionNode.groupSourceValue,
            let direction = GroupLayout.Direction(rawValue: text)
        else {
            throw problem(
                directionNode, path + ".direction",
                "expected \"horizontal\" or \"vertical\", found \(directionNode.sourceSummary)")
        }
        let width = try dimension(value("width"), in: node, key: "width", path: path)
        let height = try dimension(value("height"), in: node, key: "height", path: path)
        if case .cells(let cells) = width, let parentWidth, cells > parentWidth {
            throw problem(
                value("width")!, path + ".width",
                "a nested group \(cells) cells wide is wider than its parent (\(parentWidth) cells)")
        }
        var ownWidth: Int?
        if case .cells(let cells) = width { ownWidth = cells }
        guard let itemsNode = value("items") else {
            throw problem(node, path, "a group needs \"items\": its items and nested groups")
        }
        guard case .array(let elements) = itemsNode.groupSourceValue, !elements.isEmpty else {
            throw problem(
                itemsNode, path + ".items",
                "expected a non-empty array of items and groups, found \(itemsNode.sourceSummary)")
        }
        var groupMembers: [GroupMember] = []
        var fractionSum = 0.0
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path).items[\(index)]"
            let member = try self.member(element, path: elementPath, parentWidth: ownWidth ?? parentWidth, depth: depth)
            if case .fraction(let share) = direction == .horizontal ? member.width : member.height {
                fractionSum += share
                if fractionSum > 1 + 1e-9 {
                    throw problem(
                        element, elementPath,
                        "the fractions of a \(direction.rawValue) group's \(direction == .horizontal ? "widths" : "heights") add up to more than 1 (\(fractionSum.formatted()))"
                    )
                }
            }
            groupMembers.append(member)
        }
        var spacing: Int?
        if let node = value("spacing") { spacing = try cells(node, path: path + ".spacing") }
        var insets = EdgeInsets.zero
        if let node = value("insets") {
            if case .table(let sides) = node.groupSourceValue {
                for side in sides {
                    let cells = try cells(side.value, path: "\(path).insets.\(side.key)")
                    switch side.key {
                    case "top": insets.top = cells
                    case "left": insets.left = cells
                    case "bottom": insets.bottom = cells
                    case "right": insets.right = cells
                    default:
                        throw problem(
                            side.keyNode, path + ".insets", "unknown side \"\(side.key)\" (top, left, bottom, right)")
                    }
                }
            } else {
                let all = try cells(node, path: path + ".insets")
                insets = EdgeInsets(top: all, left: all, bottom: all, right: all)
            }
        }
        return GroupLayout(
            direction: direction, width: width, height: height, members: groupMembers, spacing: spacing,
            insets: insets)
    }

    /// An item {width, height}, or a nested group (one with "items" or "direction").
    static func member<Node: GroupSourceNode>(
        _ node: Node, path: String, parentWidth: Int?, depth: Int
    ) throws(GroupProblem) -> GroupMember {
        guard case .table(let members) = node.groupSourceValue else {
            throw problem(
                node, path, "expected an item {\"width\", \"height\"} or a group, found \(node.sourceSummary)")
        }
        if members.contains(where: { $0.key == "items" || $0.key == "direction" }) {
            return .group(try group(node, path: path, parentWidth: parentWidth, depth: depth + 1))
        }
        for member in members where member.key != "width" && member.key != "height" {
            throw problem(member.keyNode, path, "unknown key \"\(member.key)\" in an item (allowed: height, width)")
        }
        func value(_ key: String) -> Node? { members.first { $0.key == key }?.value }
        let width = try dimension(value("width"), in: node, key: "width", path: path)
        if case .cells(let cells) = width, let parentWidth, cells > parentWidth {
            throw problem(
                value("width")!, path + ".width",
                "an item \(cells) cells wide is wider than its group (\(parentWidth) cells)")
        }
        return .item(width: width, height: try dimension(value("height"), in: node, key: "height", path: path))
    }

    /// {fraction: F} (above 0, at most 1), {cells: N} or {estimated: N} (N whole, 0 to 10000).
    static func dimension<Node: GroupSourceNode>(
        _ node: Node?, in parent: Node, key: String, path: String
    ) throws(GroupProblem) -> GroupDimension {
        let expected = "{\"fraction\": F}, {\"cells\": N} or {\"estimated\": N}"
        guard let node else { throw problem(parent, path, "needs a \"\(key)\": \(expected)") }
        let keyPath = path + "." + key
        guard case .table(let members) = node.groupSourceValue, members.count == 1, let only = members.first else {
            throw problem(node, keyPath, "expected one of \(expected), found \(node.sourceSummary)")
        }
        switch only.key {
        case "fraction":
            let share: Double? =
                switch only.value.groupSourceValue {
                case .integer(let whole): Double(whole)
                case .number(let real): real
                default: nil
                }
            guard let share, share > 0, share <= 1 else {
                throw problem(
                    only.value, keyPath + ".fraction",
                    "expected a fraction above 0 and at most 1, found \(only.value.sourceSummary)")
            }
            return .fraction(share)
        case "cells":
            // At least one: an item of no cells would never show.
            let value = try cells(only.value, path: keyPath + ".cells")
            guard value >= 1 else {
                throw problem(
                    only.value, keyPath + ".cells", "expected a whole number of cells from 1 to 10000, found 0")
            }
            return .cells(value)
        case "estimated":
            return .estimated(padding: try cells(only.value, path: keyPath + ".estimated"))
        default:
            throw problem(only.keyNode, keyPath, "expected one of \(expected), found \"\(only.key)\"")
        }
    }

    static func cells<Node: GroupSourceNode>(_ node: Node, path: String) throws(GroupProblem) -> Int {
        guard case .integer(let value) = node.groupSourceValue, value >= 0, value <= 10_000 else {
            throw problem(node, path, "expected a whole number of cells from 0 to 10000, found \(node.sourceSummary)")
        }
        return value
    }

    static func problem<Node: GroupSourceNode>(_ node: Node, _ path: String, _ message: String) -> GroupProblem {
        GroupProblem(line: node.sourceLine, column: node.sourceColumn, path: path, message: message)
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

extension JSONNode: GroupSourceNode {
    public var groupSourceValue: GroupSourceValue<JSONNode> {
        switch value {
        case .number(let number): number.integer.map { .integer($0) } ?? .number(number.double)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements)
        case .object(let members):
            .table(members.map { ($0.key, JSONNode(value: .null, position: $0.keyPosition), $0.value) })
        case .null: .other("null")
        case .bool: .other("a boolean")
        }
    }
    public var sourceLine: Int { position.line }
    public var sourceColumn: Int { position.column }
    public var sourceSummary: String { JSONItemReader.describe(self) }
}
