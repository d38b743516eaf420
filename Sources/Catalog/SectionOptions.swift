// The options of a section of sectioned JSON, declared once (Schema's `OptionTable`), and the
// value types the data and the configuration share beyond Schema's own: colours, insets and
// groups. JSONSectionsLoader reads a section through this table; the configuration's readers
// use the same value types.

import Schema
import SplitLayout

/// A colour: a name, an index 0-255 or "#rrggbb".
public struct ColorValue: ValueType {
    public init() {}

    public var expected: String { ColorSpec.allowedDescription }

    public func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> ColorSpec {
        switch node.sourceValue {
        case .integer(let index) where (0...255).contains(index): return .indexed(index)
        case .string(let text): if let color = ColorSpec(parsing: text) { return color }
        default: break
        }
        throw site.expected(expected, found: node)
    }
}

/// Insets: one number for every side, or a table of any of top, left, bottom and right (a side
/// left out keeps the value below it). The same in a data file's section, in a group and in the
/// configuration's section_inset.
public struct Insets: ValueType {
    /// The most cells a side may have.
    public let maximum: Int
    let sides: OptionTable<InsetHint>

    public static let sideNames = ["top", "left", "bottom", "right"]

    public init(maximum: Int) {
        self.maximum = maximum
        let cells = WholeNumber.cells(0...maximum)
        self.sides = OptionTable(
            [
                Option("top", cells, help: "cells above").at(\InsetHint.top),
                Option("left", cells, help: "cells to the left").at(\InsetHint.left),
                Option("bottom", cells, help: "cells below").at(\InsetHint.bottom),
                Option("right", cells, help: "cells to the right").at(\InsetHint.right),
            ], unknownKeys: .listed(sorted: false))
    }

    public var expected: String { "one number or \(SourceDialect.toml.table(of: Self.sideNames)) (any of them)" }

    public func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> InsetHint {
        if case .integer = node.sourceValue {
            let all = try WholeNumber.cells(0...maximum).read(node, at: site)
            return InsetHint(top: all, left: all, bottom: all, right: all)
        }
        let table = try SourceTable(
            node, at: site, noun: "\(Node.dialect.table(of: Self.sideNames)) (any of them) or one number")
        var hint = InsetHint()
        try table.apply(sides, to: &hint)
        return hint
    }
}

/// A section's group: a group of its own, or the name of one (checked where the names are
/// known).
public struct GroupChoiceValue: ValueType {
    public init() {}

    public var expected: String { "a group or a group's name" }

    public func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> GroupChoice {
        try GroupReader.choice(node, path: site.path)
    }
}

/// A section's items in sectioned JSON: an array of strings (labels) and item objects, each read
/// by `JSONItemReader`.
struct JSONItems: ValueType {
    var expected: String { "an array of items" }

    func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> ItemList {
        // (Items are only in data files: a JSON node, cast once for the whole array.)
        guard let json = node as? JSONNode, case .array(let elements) = json.value else {
            throw site.expected(expected, found: node)
        }
        var store = ItemStoreBuilder()
        for (index, element) in elements.enumerated() {
            let path = "\(site.path)[\(index)]"
            let reader = JSONItemReader(format: .sections) { node, key, message in
                DataError(
                    file: "", line: node.position.line, column: node.position.column,
                    message: "\(key.isEmpty ? path : path + "." + key): \(message)")
            }
            do {
                store.append(try reader.item(element).item)
            } catch {
                // (The message names its path already.)
                throw SourceProblem(
                    position: SourcePosition(line: error.line ?? 1, column: error.column ?? 1), path: "",
                    message: error.message)
            }
        }
        return ItemList(store: store.build())
    }
}

extension Section {
    /// The options of a section in sectioned JSON, in the order they are read.
    public static let options = options(items: JSONItems())

    /// The options of a section of a data file whose values are a tree (`SourceNode`), with
    /// `items` its format's reader of a section's items. Every option but `title` and `items`
    /// overrides the configuration for this section.
    public static func options(items: some ValueType<ItemList>) -> OptionTable<Section> {
        OptionTable<Section>(
            [
                Option(OptionKey(toml: nil, json: "title"), Text(), help: "the section's title").at(\Section.title),
                Option(
                    OptionKey(toml: nil, json: "items"), items,
                    help: "its items: labels, or objects with a label, a glyph, keywords, fields and a size"
                ).at(\Section.items),
                Option(OptionKey(toml: nil, json: "side"), Choice(ColumnHint.self), help: "the column it goes to")
                    .at(\Section.side),
                Option(
                    OptionKey(toml: nil, json: "inset"), Insets(maximum: JSONSectionsLoader.maximumCells),
                    help: "cells kept free around its items: one number, or any of top, left, bottom, right"
                ).at(\Section.inset),
                Option(
                    OptionKey(toml: nil, json: "interItemSpacing"),
                    WholeNumber.cells(0...JSONSectionsLoader.maximumCells),
                    help: "the least cells between two items on a line"
                ).at(\Section.interItemSpacing),
                Option(
                    OptionKey(toml: nil, json: "lineSpacing"), WholeNumber.cells(0...JSONSectionsLoader.maximumCells),
                    help: "rows between two lines of items"
                ).at(\Section.lineSpacing),
                Option(
                    OptionKey(toml: nil, json: "headerHeight"), WholeNumber.cells(0...JSONSectionsLoader.maximumCells),
                    help: "rows of its header"
                ).at(\Section.headerHeight),
                Option(
                    OptionKey(toml: nil, json: "footerHeight"), WholeNumber.cells(0...JSONSectionsLoader.maximumCells),
                    help: "rows of its footer"
                ).at(\Section.footerHeight),
                Option(OptionKey(toml: nil, json: "background"), ColorValue(), help: "its background colour")
                    .at(\Section.background),
                Option(OptionKey(toml: nil, json: "style"), SectionStyleName.choice, help: "a grid or a row of cards")
                    .at(\Section.style),
                TableSetting(
                    OptionKey(toml: nil, json: "row"), RowHint.options, at: \Section.row, fresh: RowHint(),
                    help: "its options as a row (RowHint.options)"),
                Option(OptionKey(toml: nil, json: "group"), GroupChoiceValue(), help: "the group that places its items")
                    .at(\Section.group),
            ], noun: "a section object {\"title\": ..., \"items\": [...]}")
    }
}
