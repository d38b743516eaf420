// Reads a TOML configuration file with TOMLKit and checks every key against what is allowed.
// TOMLKit reports positions for syntax errors only, so the position of a key whose value is
// wrong is found again in the source text by `TOMLKeyLocator`.

import Browser
import Catalog
import Foundation
import SplitLayout
import TerminalUI
import TOMLKit

/// A problem in a configuration file: `file:line:column: key: message`.
struct ConfigError: Error, Hashable, CustomStringConvertible {
    var file: String
    var line: Int?
    var column: Int?
    var key: String?
    var message: String

    var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return key.map { "\(location): \($0): \(message)" } ?? "\(location): \(message)"
    }
}

enum ConfigLoader {
    /// The file to read: `--config PATH`, else `$XDG_CONFIG_HOME/splitview/config.toml`, else
    /// `~/.config/splitview/config.toml`; nil when no file is named and none exists.
    static func locate(explicitPath: String?, environment: [String: String]) -> String? {
        if let explicitPath { return explicitPath }
        var candidates: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            candidates.append(xdg + "/splitview/config.toml")
        }
        if let home = environment["HOME"], !home.isEmpty {
            candidates.append(home + "/.config/splitview/config.toml")
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The defaults overridden by the file at `path` (or the defaults alone for nil).
    static func load(path: String?) throws(ConfigError) -> Configuration {
        guard let path else { return .defaults }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, message: "cannot read the configuration file (\(JSONSectionsLoader.fileProblem(path)))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, message: "the configuration file is not valid UTF-8")
        }
        return try parse(text, file: path)
    }

    static func parse(_ text: String, file: String) throws(ConfigError) -> Configuration {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, line: error.source.begin.line, column: error.source.begin.column,
                              message: "invalid TOML: \(error.description)")
        } catch {
            throw ConfigError(file: file, message: "invalid TOML: \(error)")
        }
        let reader = TableReader(table: root, path: [], source: TOMLKeyLocator(text: text), file: file)
        var configuration = Configuration.defaults
        try reader.allowOnly(["layout", "item", "breakpoint", "theme", "widths", "emoji"])

        if let layout = try reader.table("layout") {
            try layout.allowOnly(["left_ratio", "split_spacing", "inter_item_spacing", "line_spacing", "section_inset",
                                  "normalize_line_height", "pin_headers", "side", "header_height", "footer_height"])
            var parameters = configuration.layout.parameters
            if let value = try layout.ratio("left_ratio") { parameters.leftRatio = value }
            if let value = try layout.cells("split_spacing") { parameters.splitSpacing = value }
            if let value = try layout.cells("inter_item_spacing") { parameters.interItemSpacing = value }
            if let value = try layout.cells("line_spacing") { parameters.lineSpacing = value }
            if let value = try layout.insets("section_inset", base: parameters.sectionInset) { parameters.sectionInset = value }
            if let value = try layout.bool("normalize_line_height") { parameters.normalizeLineHeight = value }
            if let value = try layout.bool("pin_headers") { parameters.pinHeaders = value }
            if let value = try layout.choice("side", SideRule.self) { parameters.sideRule = value }
            if let value = try layout.cells("header_height") { configuration.layout.headerHeight = value }
            if let value = try layout.cells("footer_height") { configuration.layout.footerHeight = value }
            configuration.layout.parameters = parameters
        }
        if let item = try reader.table("item") {
            try item.allowOnly(["width", "height", "per_line"])
            if let value = try item.cells("width") {
                configuration.layout.itemWidth = value
                configuration.itemWidthIsSet = true
            }
            if let value = try item.cells("height") { configuration.layout.itemHeight = value }
            if let value = try item.cells("per_line") { configuration.layout.itemsPerLine = value }
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
                guard let sequence = TableReader.sequence(fromKey: key) else {
                    throw widths.error(key: key, "expected the text itself (\"❤️\" = 2) or code points (\"U+2764 U+FE0F\" = 2) as the key")
                }
                guard let value = widths.table[key]?.int, (0...2).contains(value) else {
                    throw widths.error(key: key, "expected a width of 0, 1 or 2 cells")
                }
                configuration.widthOverrides[sequence] = value
            }
        }
        if let emoji = try reader.table("emoji") {
            try emoji.allowOnly(["sections", "skin_tone"])
            if let grouping = try emoji.choice("sections", EmojiCatalog.Grouping.self) { configuration.emojiGrouping = grouping }
            if let value = emoji.table["skin_tone"] {
                guard let text = value.string, let tone = SkinTone.parse(text) else {
                    let allowed = SkinTone.names.map { "\"\($0)\"" }.joined(separator: ", ")
                    throw emoji.error(key: "skin_tone", "expected one of \(allowed), found \(emoji.describe(value))")
                }
                configuration.skinTone = tone
            }
        }
        return configuration
    }
}

/// One step of a key path: a key, or an index into an array of tables.
enum KeyComponent: Hashable {
    case key(String)
    case index(Int)
}

/// Reads typed values out of one TOML table, with errors that name the key and its position.
struct TableReader {
    static let maximumCells = JSONSectionsLoader.maximumCells

    let table: TOMLTable
    let path: [KeyComponent]
    let source: TOMLKeyLocator
    let file: String

    func dotted(_ path: [KeyComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    func error(key: String?, _ message: String) -> ConfigError {
        let full = key.map { path + [.key($0)] } ?? path
        let position = source.position(of: full)
        return ConfigError(file: file, line: position?.line, column: position?.column,
                           key: full.isEmpty ? nil : dotted(full), message: message)
    }

    /// Rejects keys this table does not know, naming the first unknown one.
    func allowOnly(_ known: Set<String>) throws(ConfigError) {
        for key in table.keys where !known.contains(key) {
            let where_ = path.isEmpty ? "at the top level" : "in [\(dotted(path))]"
            throw error(key: key, "unknown key \(where_) (allowed: \(known.sorted().joined(separator: ", ")))")
        }
    }

    func describe(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .string: return "the string \"\(value.string ?? "")\""
        case .int: return "\(value.int ?? 0)"
        case .double: return "\(value.double ?? 0)"
        case .bool: return "\(value.bool ?? false)"
        case .table: return "a table"
        case .array: return "an array"
        default: return "a \(value.type)"
        }
    }

    func table(_ key: String) throws(ConfigError) -> TableReader? {
        guard let value = table[key] else { return nil }
        guard let nested = value.table else {
            throw error(key: key, "expected a table [\(dotted(path + [.key(key)]))], found \(describe(value))")
        }
        return TableReader(table: nested, path: path + [.key(key)], source: source, file: file)
    }

    func arrayOfTables(_ key: String) throws(ConfigError) -> [TableReader]? {
        guard let value = table[key] else { return nil }
        guard let array = value.array else {
            throw error(key: key, "expected a list of tables written [[\(key)]], found \(describe(value))")
        }
        var readers: [TableReader] = []
        for index in 0..<array.count {
            guard let nested = array[index].table else {
                throw error(key: key, "expected a list of tables written [[\(key)]], found \(describe(array[index])) at position \(index + 1)")
            }
            readers.append(TableReader(table: nested, path: path + [.key(key), .index(index)], source: source, file: file))
        }
        return readers
    }

    /// A whole number of terminal cells, 0 or more.
    func cells(_ key: String) throws(ConfigError) -> Int? {
        guard let value = table[key] else { return nil }
        guard let number = value.int, number >= 0, number <= Self.maximumCells else {
            throw error(key: key, "expected a whole number of cells from 0 to \(Self.maximumCells), found \(describe(value))")
        }
        return number
    }

    /// A number from 0 to 1 (an integer 0 or 1 is accepted too).
    func ratio(_ key: String) throws(ConfigError) -> Double? {
        guard let value = table[key] else { return nil }
        let number = value.double ?? value.int.map(Double.init)
        guard let number, number >= 0, number <= 1 else {
            throw error(key: key, "expected a number from 0 to 1 (0 or 1 = one column), found \(describe(value))")
        }
        return number
    }

    func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let flag = value.bool else {
            throw error(key: key, "expected true or false, found \(describe(value))")
        }
        return flag
    }

    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) throws(ConfigError) -> Choice?
    where Choice.RawValue == String {
        guard let value = table[key] else { return nil }
        guard let text = value.string, let choice = Choice(rawValue: text) else {
            let allowed = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw error(key: key, "expected one of \(allowed), found \(describe(value))")
        }
        return choice
    }

    /// A colour: a name, an index 0-255 or "#rrggbb".
    func color(_ key: String) throws(ConfigError) -> TerminalColor? {
        guard let value = table[key] else { return nil }
        if let index = value.int, (0...255).contains(index) { return .indexed(index) }
        if let text = value.string, let color = ColorSpec(parsing: text) { return color.terminalColor }
        throw error(key: key, "expected \(ColorSpec.allowedDescription), found \(describe(value))")
    }

    /// A list of colours.
    func colorList(_ key: String) throws(ConfigError) -> [TerminalColor]? {
        guard let value = table[key] else { return nil }
        guard let array = value.array else {
            throw error(key: key, "expected a list of colours, e.g. [\"#202830\", \"#282030\"], found \(describe(value))")
        }
        var colors: [TerminalColor] = []
        for index in 0..<array.count {
            let element = array[index]
            if let number = element.int, (0...255).contains(number) {
                colors.append(.indexed(number))
            } else if let text = element.string, let color = ColorSpec(parsing: text) {
                colors.append(color.terminalColor)
            } else {
                throw error(key: key, "entry \(index + 1): expected \(ColorSpec.allowedDescription), found \(describe(element))")
            }
        }
        return colors
    }

    /// `{ fg, bg, bold, dim, reverse, underline }`, any of them, over `base`.
    func style(_ key: String, base: CellStyle) throws(ConfigError) -> CellStyle? {
        guard let nested = try table(key) else { return nil }
        try nested.allowOnly(["fg", "bg", "bold", "dim", "reverse", "underline"])
        var style = base
        if let color = try nested.color("fg") { style.foreground = color }
        if let color = try nested.color("bg") { style.background = color }
        if let flag = try nested.bool("bold") { style.bold = flag }
        if let flag = try nested.bool("dim") { style.dim = flag }
        if let flag = try nested.bool("reverse") { style.reverse = flag }
        if let flag = try nested.bool("underline") { style.underline = flag }
        return style
    }

    /// A `[widths]` key: the sequence itself, or code points written "U+2764 U+FE0F".
    static func sequence(fromKey key: String) -> String? {
        guard key.uppercased().hasPrefix("U+") else { return key.isEmpty ? nil : key }
        var scalars = String.UnicodeScalarView()
        for word in key.split(separator: " ") {
            guard word.uppercased().hasPrefix("U+"), let value = UInt32(word.dropFirst(2), radix: 16),
                  let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        return scalars.isEmpty ? nil : String(scalars)
    }

    /// `{ top, left, bottom, right }` (any of them; the others keep `base`) or one number for all.
    func insets(_ key: String, base: EdgeInsets) throws(ConfigError) -> EdgeInsets? {
        guard let value = table[key] else { return nil }
        if value.int != nil, let all = try cells(key) { return EdgeInsets(all: all) }
        guard let nested = try self.table(key) else { return nil }
        try nested.allowOnly(["top", "left", "bottom", "right"])
        var insets = base
        if let top = try nested.cells("top") { insets.top = top }
        if let left = try nested.cells("left") { insets.left = left }
        if let bottom = try nested.cells("bottom") { insets.bottom = bottom }
        if let right = try nested.cells("right") { insets.right = right }
        return insets
    }
}

/// Finds where a key is written in TOML source text, for error messages. It follows table
/// headers (`[a]`, `[[a]]` counted per name) and `key = value` lines, including keys inside an
/// inline table on the same line. Good enough for configuration files; it is only ever asked
/// about keys that the TOML parser already accepted.
struct TOMLKeyLocator {
    let lines: [Substring]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    func position(of path: [KeyComponent]) -> (line: Int, column: Int)? {
        // Split the path into the table it lives in and the key inside that table.
        var tablePath: [String] = []
        var arrayIndex: Int?
        var keys: [String] = []
        for component in path {
            switch component {
            case .key(let key): keys.append(key)
            case .index(let index):
                tablePath = keys
                keys = []
                arrayIndex = index
            }
        }
        if arrayIndex == nil, keys.count > 1 {
            tablePath = [keys.removeFirst()]
        }
        let headerName = tablePath.joined(separator: ".")
        var currentHeader = ""
        var occurrences: [String: Int] = [:]
        var inWantedTable = tablePath.isEmpty

        for (number, rawLine) in lines.enumerated() {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            let indent = rawLine.count - line.count
            if line.hasPrefix("[") {
                let isArray = line.hasPrefix("[[")
                let name = line.drop { $0 == "[" }.prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces)
                currentHeader = name
                let seen = occurrences[name, default: -1] + 1
                occurrences[name] = seen
                inWantedTable = name == headerName && (!isArray || arrayIndex == nil || seen == arrayIndex)
                if keys.isEmpty && inWantedTable { return (number + 1, indent + 1) }
                // The key names a table written as a header, e.g. a misspelt [layuot].
                if arrayIndex == nil && name == (tablePath + keys).joined(separator: ".") { return (number + 1, indent + 1) }
                continue
            }
            guard inWantedTable || (tablePath.isEmpty && currentHeader.isEmpty), let first = keys.first else { continue }
            guard let column = keyColumn(first, in: rawLine, atLineStart: true) else { continue }
            // A key inside an inline table on this line, e.g. section_inset = { top = -1 }.
            if keys.count > 1, let inner = keyColumn(keys[keys.count - 1], in: rawLine, atLineStart: false,
                                                    after: column) {
                return (number + 1, inner)
            }
            return (number + 1, column)
        }
        return nil
    }

    /// 1-based column of `key` used as a key (followed by `=`) in a line: the line's first word,
    /// or, with `atLineStart` false, a key of an inline table after column `start`.
    private func keyColumn(_ key: String, in line: Substring, atLineStart: Bool, after start: Int = 0) -> Int? {
        let characters = Array(line)
        let keyCharacters = Array(key)
        func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
        func matches(at index: Int) -> Bool {
            guard index + keyCharacters.count <= characters.count,
                  Array(characters[index..<(index + keyCharacters.count)]) == keyCharacters else { return false }
            return characters[(index + keyCharacters.count)...].first { !isBlank($0) } == "="
        }
        if atLineStart {
            let index = characters.firstIndex(where: { !isBlank($0) }) ?? characters.count
            return matches(at: index) ? index + 1 : nil
        }
        for index in max(0, start)..<characters.count where matches(at: index) {
            let before = index == 0 ? " " : characters[index - 1]
            if isBlank(before) || before == "{" || before == "," { return index + 1 }
        }
        return nil
    }
}
