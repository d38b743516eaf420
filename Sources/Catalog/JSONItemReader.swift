// One item of JSON data, read the same way in sectioned JSON and in JSON Lines (whose flat-line
// fast path, `FlatLineReader`, reads what this reads): "label" (a string, required), "glyph" (a
// string or null; "" is no glyph), "keywords" (an array of strings, one string of words, or
// null), and every other member a field, whatever its value: a nested array or object is kept
// as its compact JSON text, a number as written. Sectioned JSON also reads an item's "width"
// and "height" (its size in the layout), and takes a string for an item of that label; a JSON
// Lines line names its "section". What the data wrote is remembered where the item keeps it in
// its own way (`Item.Spelling`), so that `--print json` writes the line back.

import SafeText

struct JSONItemReader {
    enum Format {
        /// An element of a section's "items": a string or an object, with "width" and
        /// "height"; "section" is a field.
        case sections
        /// A line of JSON Lines: an object, with "section"; "width" and "height" are fields
        /// (a record's own, often pixels).
        case lines
    }

    let format: Format
    /// The error at a value: the value, its key path under the item ("label", "keywords[1]";
    /// "" for the item itself), and what is wrong.
    let fail: (JSONNode, String, String) -> DataError

    /// The item, and for JSON Lines the section its line names (nil: none, or null).
    func item(_ node: JSONNode) throws(DataError) -> (item: Item, section: String?) {
        guard case .object(let members) = node.value else {
            if format == .sections, case .string(let label) = node.value { return (Item(label: label), nil) }
            let expected =
                format == .sections
                ? "an item: a string or an object with a \"label\"" : "an item object {\"label\": ...}"
            throw fail(node, "", "expected \(expected), found \(Self.describe(node))")
        }
        var item = Item(label: "")
        var hasLabel = false
        var section: String?
        let isLines = format == .lines
        if isLines { item.spelling.section = .absent }
        item.fields.reserveCapacity(members.count)
        for member in members {
            let value = member.value
            let key = member.key
            switch key {
            case "label":
                guard case .string(let text) = value.value else {
                    throw fail(value, key, "expected a string, found \(Self.describe(value))")
                }
                item.label = text
                hasLabel = true
            case "glyph":
                switch value.value {
                case .string(let glyph):
                    item.glyph = glyph.isEmpty ? nil : glyph
                    item.spelling.glyph = glyph.isEmpty ? .empty : .kept
                case .null:
                    item.glyph = nil
                    item.spelling.glyph = .null
                default:
                    throw fail(value, key, "expected a string, found \(Self.describe(value))")
                }
            case "keywords":
                try keywords(value, into: &item)
            case "section" where isLines:
                switch value.value {
                case .string(let title): (section, item.spelling.section) = (title, .given)
                case .null: (section, item.spelling.section) = (nil, .null)
                default: throw fail(value, key, "expected a string, found \(Self.describe(value))")
                }
            case "width" where !isLines:
                item.width = try size(value, key: key, from: 1, to: JSONSectionsLoader.maximumCells, unit: "cells")
            case "height" where !isLines:
                item.height = try size(value, key: key, from: 1, to: JSONSectionsLoader.maximumRows, unit: "rows")
            default:
                item.fields.append(value.field(named: key))
            }
        }
        guard hasLabel else { throw fail(node, "", "an item needs a \"label\" string") }
        return (item, section)
    }

    /// An array of strings (empty ones left out), one string of words split as a CSV's
    /// keywords column is, or null.
    func keywords(_ node: JSONNode, into item: inout Item) throws(DataError) {
        item.spelling.keywordsText = nil
        switch node.value {
        case .string(let words):
            item.keywords = splitKeywords(words)
            item.spelling.keywords = .text
            item.spelling.keywordsText = words
        case .null:
            item.keywords = []
            item.spelling.keywords = .null
        case .array(let elements):
            var words: [String] = []
            words.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                guard case .string(let word) = element.value else {
                    throw fail(element, "keywords[\(index)]", "expected a string, found \(Self.describe(element))")
                }
                if !word.isEmpty { words.append(word) }
            }
            item.keywords = words
            item.spelling.keywords = words.isEmpty ? .array : .kept
        default:
            throw fail(
                node, "keywords", "expected an array of strings or one string of words, found \(Self.describe(node))")
        }
    }

    /// A size in the layout: a whole number from 1 (an item of no cells would be counted,
    /// found and picked, and never seen), as the configuration's `[item]` size.
    func size(_ node: JSONNode, key: String, from minimum: Int, to maximum: Int, unit: String) throws(DataError) -> Int
    {
        guard let value = node.integerValue, value >= minimum, value <= maximum else {
            throw fail(
                node, key,
                "expected a whole number of \(unit) from \(minimum) to \(maximum), found \(Self.describe(node))")
        }
        return value
    }

    /// A value as messages quote it: a string quoted and escaped, a number as written.
    static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text): "string " + MessageText.quoted(text, limit: 30)
        case .number(let number): number.literal.count > 30 ? number.literal.prefix(30) + "…" : number.literal
        case .bool(let flag): "\(flag)"
        default: node.kindName
        }
    }
}
