// Reads the sectioned JSON format:
//   {"sections": [{"title": ..., "items": [...], optional layout hints}]}   (or a bare array)
// where an item is a string (its label) or {"label", optional "glyph", "width", "height", ...}.
// Every problem is reported with the file, line and column of the offending value and the
// path of the key, e.g. `data.json:7:21: sections[0].items[2].width: expected ...`.

import Foundation
import SafeText
import SplitLayout

public enum JSONSectionsLoader {
    /// Largest size accepted for widths, heights, insets and spacings: far beyond any terminal,
    /// small enough that no sum of them can overflow.
    public static let maximumCells = 100_000
    /// Largest height of an item, in rows: more than any terminal shows at once (the
    /// configuration's `[item] height` has the same bound).
    public static let maximumRows = 100

    static let sectionKeys: Set<String> = [
        "title", "items", "side", "inset", "interItemSpacing", "lineSpacing",
        "headerHeight", "footerHeight", "background", "style", "row", "group",
    ]

    /// Parses a document already in memory; `file` names it in messages.
    public static func parse(_ bytes: [UInt8], file: String) throws(DataError) -> Catalog {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes).node
        } catch {
            var message = error.message
            if !error.snippet.isEmpty { message += " (at \"\(error.snippet)\")" }
            throw DataError(file: file, line: error.position.line, column: error.position.column, message: message)
        }
        var reader = Reader(file: file)
        return Catalog(sections: try reader.sections(from: root), source: file)
    }

    struct Reader {
        let file: String

        func fail(_ node: JSONNode, _ path: String, _ message: String) -> DataError {
            DataError(
                file: file, line: node.position.line, column: node.position.column,
                message: path.isEmpty ? message : "\(path): \(message)")
        }

        func describe(_ node: JSONNode) -> String { JSONItemReader.describe(node) }

        mutating func sections(from root: JSONNode) throws(DataError) -> [Section] {
            let list: [JSONNode]
            switch root.value {
            case .array(let elements):
                list = elements
            case .object(let members):
                for member in members where member.key != "sections" {
                    throw fail(
                        JSONNode(value: .null, position: member.keyPosition), "",
                        "unknown key \(MessageText.quoted(member.key)) at the top level (expected \"sections\")")
                }
                guard let sections = root["sections"] else {
                    throw fail(root, "", "missing \"sections\": expected {\"sections\": [...]} or an array of sections")
                }
                guard case .array(let elements) = sections.value else {
                    throw fail(sections, "sections", "expected an array of sections, found \(describe(sections))")
                }
                list = elements
            default:
                throw fail(root, "", "expected {\"sections\": [...]} or an array of sections, found \(describe(root))")
            }
            var result: [Section] = []
            result.reserveCapacity(list.count)
            for (index, node) in list.enumerated() {
                result.append(try section(node, path: "sections[\(index)]"))
            }
            return result
        }

        func section(_ node: JSONNode, path: String) throws(DataError) -> Section {
            guard case .object(let members) = node.value else {
                throw fail(
                    node, path, "expected a section object {\"title\": ..., \"items\": [...]}, found \(describe(node))")
            }
            for member in members where !JSONSectionsLoader.sectionKeys.contains(member.key) {
                throw fail(
                    JSONNode(value: .null, position: member.keyPosition), path,
                    "unknown key \(MessageText.quoted(member.key)) (allowed: \(JSONSectionsLoader.sectionKeys.sorted().joined(separator: ", ")))"
                )
            }
            var section = Section(title: "", items: [])
            if let title = node["title"] {
                guard case .string(let text) = title.value else {
                    throw fail(title, path + ".title", "expected a string, found \(describe(title))")
                }
                section.title = text
            }
            if let items = node["items"] {
                guard case .array(let elements) = items.value else {
                    throw fail(items, path + ".items", "expected an array of items, found \(describe(items))")
                }
                var store = ItemStoreBuilder()
                for (index, element) in elements.enumerated() {
                    store.append(try item(element, path: "\(path).items[\(index)]"))
                }
                section.items = ItemList(store: store.build())
            }
            if let side = node["side"] {
                guard case .string(let text) = side.value, let hint = ColumnHint(rawValue: text) else {
                    throw fail(side, path + ".side", "expected \"left\" or \"right\", found \(describe(side))")
                }
                section.side = hint
            }
            if let inset = node["inset"] {
                section.inset = try insetHint(inset, path: path + ".inset")
            }
            section.interItemSpacing = try cells(node["interItemSpacing"], path + ".interItemSpacing")
            section.lineSpacing = try cells(node["lineSpacing"], path + ".lineSpacing")
            section.headerHeight = try cells(node["headerHeight"], path + ".headerHeight")
            section.footerHeight = try cells(node["footerHeight"], path + ".footerHeight")
            if let background = node["background"] {
                section.background = try color(background, path: path + ".background")
            }
            if let style = node["style"] {
                guard case .string(let text) = style.value, let name = SectionStyleName(rawValue: text) else {
                    throw fail(style, path + ".style", "expected \"grid\" or \"row\", found \(describe(style))")
                }
                section.style = name
            }
            if let row = node["row"] {
                section.row = try rowHint(row, path: path + ".row")
            }
            if let group = node["group"] {
                do {
                    section.group = try GroupReader.choice(group, path: path + ".group")
                } catch {
                    throw DataError(
                        file: file, line: error.line, column: error.column, message: "\(error.path): \(error.message)")
                }
            }
            return section
        }

        func item(_ node: JSONNode, path: String) throws(DataError) -> Item {
            let reader = JSONItemReader(format: .sections) { node, key, message in
                fail(node, key.isEmpty ? path : path + "." + key, message)
            }
            return try reader.item(node).item
        }

        func cells(_ node: JSONNode?, _ path: String) throws(DataError) -> Int? {
            guard let node else { return nil }
            guard let value = node.integerValue, value >= 0, value <= JSONSectionsLoader.maximumCells else {
                throw fail(
                    node, path,
                    "expected a whole number of cells from 0 to \(JSONSectionsLoader.maximumCells), found \(describe(node))"
                )
            }
            return value
        }

        /// A JSON number, whole or not.
        static func number(_ node: JSONNode) -> Double? { node.numberValue }

        func rowHint(_ node: JSONNode, path: String) throws(DataError) -> RowHint {
            guard case .object(let members) = node.value else {
                throw fail(node, path, "expected an object of row options, found \(describe(node))")
            }
            var hint = RowHint()
            for member in members {
                let value = member.value
                let keyPath = "\(path).\(member.key)"
                func positive(_ limit: Int) throws(DataError) -> Int {
                    guard let number = value.integerValue, number >= 1, number <= limit else {
                        throw fail(
                            value, keyPath, "expected a whole number from 1 to \(limit), found \(describe(value))")
                    }
                    return number
                }
                func text() throws(DataError) -> String {
                    guard case .string(let text) = value.value else {
                        throw fail(value, keyPath, "expected a string, found \(describe(value))")
                    }
                    return text
                }
                switch member.key {
                case "cardWidth": hint.cardWidth = try positive(JSONSectionsLoader.maximumCells)
                case "cardHeight": hint.cardHeight = try positive(100)
                case "gap": hint.gap = try cells(value, keyPath)
                case "peek": hint.peek = try cells(value, keyPath)
                case "visibleItems": hint.visibleItems = try positive(1_000)
                case "behavior":
                    guard let behavior = RowBehavior(rawValue: try text()) else {
                        let names = RowBehavior.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                        throw fail(value, keyPath, "expected one of \(names), found \(describe(value))")
                    }
                    hint.behavior = behavior
                case "effect": hint.effect = try text()
                case "preset": hint.preset = try text()
                case "flickVelocity":
                    guard let number = Self.number(value), number >= 0, number <= 100 else {
                        throw fail(
                            value, keyPath, "expected cells per millisecond from 0 to 100, found \(describe(value))")
                    }
                    hint.flickVelocity = number
                default:
                    if let range = CardEffects.allOptions.first(where: { $0.name == member.key })?.range {
                        guard let number = Self.number(value), range.contains(number) else {
                            throw fail(
                                value, keyPath,
                                "expected a number from \(range.lowerBound.formatted()) to \(range.upperBound.formatted()), found \(describe(value))"
                            )
                        }
                        hint.effectOptions[member.key] = number
                        continue
                    }
                    let keys = RowHint.jsonKeys.map { "\"\($0)\"" }.joined(separator: ", ")
                    throw fail(value, keyPath, "unknown row option (expected one of \(keys))")
                }
            }
            if let problem = RowHint.problem(
                effect: hint.effect, preset: hint.preset, options: hint.effectOptions, configSpelling: false)
            {
                let member: String =
                    switch problem.subject {
                    case .effect: "effect"
                    case .preset: node["preset"] == nil ? "effect" : "preset"
                    case .option(let name): name
                    }
                let at = node[member] ?? node
                throw fail(at, path + (node[member] == nil ? "" : ".\(member)"), problem.message)
            }
            return hint
        }

        func insetHint(_ node: JSONNode, path: String) throws(DataError) -> InsetHint {
            if node.integerValue != nil, let all = try cells(node, path) {
                return InsetHint(top: all, left: all, bottom: all, right: all)
            }
            guard case .object(let members) = node.value else {
                throw fail(
                    node, path,
                    "expected {\"top\", \"left\", \"bottom\", \"right\"} (any of them) or one number, found \(describe(node))"
                )
            }
            var hint = InsetHint()
            for member in members {
                let value = try cells(member.value, "\(path).\(member.key)")
                switch member.key {
                case "top": hint.top = value
                case "left": hint.left = value
                case "bottom": hint.bottom = value
                case "right": hint.right = value
                default:
                    throw fail(
                        JSONNode(value: .null, position: member.keyPosition), path,
                        "unknown key \(MessageText.quoted(member.key)) (allowed: top, left, bottom, right)")
                }
            }
            return hint
        }

        func color(_ node: JSONNode, path: String) throws(DataError) -> ColorSpec {
            if let index = node.integerValue, (0...255).contains(index) { return .indexed(index) }
            if case .string(let text) = node.value, let color = ColorSpec(parsing: text) { return color }
            throw fail(node, path, "expected \(ColorSpec.allowedDescription), found \(describe(node))")
        }
    }
}
