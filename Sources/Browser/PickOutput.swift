// What a pick prints on standard output (--print), one line per picked item.

import Catalog
import SafeText

public enum PrintFormat: Hashable, Sendable, CustomStringConvertible {
    /// The glyph when the item has one, else its label (the default); for a line whose label
    /// shows part of it (`--with-nth`, grouping), the whole line, as fzf prints it.
    case glyph
    case label
    /// The title of the item's section.
    case section
    /// The item's keywords, ", " between them (an empty line when it has none).
    case keywords
    /// One JSON object per line, in the JSON Lines input format (section, label, glyph,
    /// keywords, then the item's own fields), so a pick can be fed back to splitview: what the
    /// data wrote, as it wrote it (see `jsonLine`).
    case json
    /// The value of one of the item's fields.
    case field(String)

    /// The formats that are not a field's name, as `--print` takes them.
    public static let names = ["glyph", "label", "section", "keywords", "json"]

    /// `glyph`, `label`, `section`, `keywords`, `json`, or any other word as a field name.
    public init(parsing text: String) {
        switch text {
        case "glyph": self = .glyph
        case "label": self = .label
        case "section": self = .section
        case "keywords": self = .keywords
        case "json": self = .json
        default: self = .field(text)
        }
    }

    public var description: String {
        switch self {
        case .glyph: return "glyph"
        case .label: return "label"
        case .section: return "section"
        case .keywords: return "keywords"
        case .json: return "json"
        case .field(let name): return name
        }
    }

    /// The line printed for `item` of the section titled `section`. `glyph` replaces the item's
    /// own glyph (a skin-tone variant chosen for this pick).
    public func line(for item: Item, section: String, glyph chosenGlyph: String? = nil) -> String {
        let glyph = chosenGlyph ?? item.glyph
        switch self {
        case .glyph:
            return glyph ?? item.line ?? item.label
        case .label:
            return item.label
        case .section:
            return section
        case .keywords:
            return item.keywords.joined(separator: ", ")
        case .field(let name):
            return Self.field(named: name, in: item.fields)?.value ?? ""
        case .json:
            return Self.jsonLine(for: item, section: section, glyph: glyph)
        }
    }

    /// The item as one JSON object that reads back as the data wrote it: "section" when the
    /// data named it (a JSON Lines line without one, a CSV row of no section column, plain
    /// lines: none; an item's own field "section" instead of its section's title), "glyph" and
    /// "keywords" as they were written (`""` and `null` too, keywords given as one string as that
    /// string), and each field as its kind: a string quoted, a number as written, `true`,
    /// `false`, `null`, a nested value as JSON.
    static func jsonLine(for item: Item, section: String, glyph: String?) -> String {
        let quoted = JSONText.quoted
        var members: [String] = []
        if !item.fields.contains(where: { $0.name == "section" }) {
            switch item.spelling.section {
            case .given: members.append("\"section\":" + quoted(section))
            case .null: members.append("\"section\":null")
            case .absent: break
            }
        }
        members.append("\"label\":" + quoted(item.label))
        if let glyph {
            members.append("\"glyph\":" + quoted(glyph))
        } else if item.spelling.glyph != .kept {
            members.append("\"glyph\":" + (item.spelling.glyph == .null ? "null" : "\"\""))
        }
        let array = "[" + item.keywords.map(quoted).joined(separator: ",") + "]"
        switch item.spelling.keywords {
        case .kept: if !item.keywords.isEmpty { members.append("\"keywords\":" + array) }
        case .array: members.append("\"keywords\":" + array)
        case .null: members.append("\"keywords\":null")
        case .text:
            members.append(
                "\"keywords\":" + quoted(item.spelling.keywordsText ?? item.keywords.joined(separator: " ")))
        }
        for field in item.fields { members.append(quoted(field.name) + ":" + field.jsonText) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// The field `name` names: the one of that name, else one whose name differs only in
    /// case (`--print email` prints a column headed "Email", as columns are found).
    static func field(named name: String, in fields: [Item.Field]) -> Item.Field? {
        if let exact = fields.first(where: { $0.name == name }) { return exact }
        return fields.first { Self.sameIgnoringCase($0.name, name) }
    }

    static func sameIgnoringCase(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
    }

    /// Why this format cannot print anything for `catalog`: a field name that no item has
    /// (most likely a typo), with the names that exist; nil when it can.
    public func problem(for catalog: Catalog) -> String? {
        guard case .field(let name) = self else { return nil }
        var names: [String] = []
        var seen = Set<String>()
        for section in catalog.sections {
            for field in section.items.fieldNames where seen.insert(field).inserted {
                if Self.sameIgnoringCase(field, name) { return nil }
                names.append(field)
            }
        }
        // The field names come from the data: escaped, as every message quoting data is.
        let known = (Self.names + names.map { MessageText.escaped($0) }).joined(separator: ", ")
        return
            "--print \(MessageText.escaped(name)): no item has a field \(MessageText.quoted(name)) (choose from: \(known))"
    }
}
