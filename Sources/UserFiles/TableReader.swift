// Typed reads of one table of the configuration, with errors that name the key and its place.

import Browser
import Catalog
import Schema
import SplitLayout
import TerminalUI
import TOML

/// One step of a key path: a key, or an index into an array of tables.
enum KeyComponent: Hashable {
    case key(String)
    case index(Int)
}

struct TableReader {
    /// Sizes across, in cells: as in data files.
    static let maximumCells = JSONSectionsLoader.maximumCells
    /// Heights of headers, footers and items, in rows: more than any terminal shows at once
    /// (the browser says how tall it needs to be for what is configured).
    static let maximumRows = JSONSectionsLoader.maximumRows

    let table: TOMLTable
    let path: [KeyComponent]
    /// Where the table is written (its header), nil for the document itself.
    let position: SourcePosition?
    let file: String

    func dotted(_ path: [KeyComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            // Keys come from the file: shown quoted and escaped when they are not plain words.
            case .key(let key): text += (text.isEmpty ? "" : ".") + TOMLText.keyName(key)
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    func has(_ key: String) -> Bool { table[key] != nil }

    /// An error at `key` (at the table itself for nil), or at `position` when given.
    func error(key: String?, _ message: String, at position: SourcePosition? = nil) -> ConfigError {
        let full = key.map { path + [.key($0)] } ?? path
        let place = position ?? key.flatMap { table[$0]?.keyPosition } ?? self.position
        return ConfigError(
            file: file, line: place?.line, column: place?.column,
            key: full.isEmpty ? nil : dotted(full), message: message)
    }

    /// Rejects keys this table does not know, naming the first unknown one.
    func allowOnly(_ known: Set<String>) throws(ConfigError) {
        for key in table.keys where !known.contains(key) {
            let where_ = path.isEmpty ? "at the top level" : "in [\(dotted(path))]"
            throw error(key: key, "unknown key \(where_) (allowed: \(known.sorted().joined(separator: ", ")))")
        }
    }

    /// What `key` holds, for "found ..." in messages.
    func describe(_ key: String) -> String { table[key]?.node.value.summary ?? "nothing" }

    private func value(_ key: String) -> TOMLValue? { table[key]?.node.value }

    func table(_ key: String) throws(ConfigError) -> TableReader? {
        guard let entry = table[key] else { return nil }
        guard case .table(let nested) = entry.node.value else {
            throw error(key: key, "expected a table [\(dotted(path + [.key(key)]))], found \(describe(key))")
        }
        return TableReader(table: nested, path: path + [.key(key)], position: entry.node.position, file: file)
    }

    func arrayOfTables(_ key: String) throws(ConfigError) -> [TableReader]? {
        guard let entry = table[key] else { return nil }
        guard case .array(let elements) = entry.node.value else {
            throw error(key: key, "expected a list of tables written [[\(key)]], found \(describe(key))")
        }
        var readers: [TableReader] = []
        for (index, element) in elements.enumerated() {
            guard case .table(let nested) = element.value else {
                throw error(
                    key: key,
                    "expected a list of tables written [[\(key)]], found \(element.value.summary) at position \(index + 1)"
                )
            }
            readers.append(
                TableReader(
                    table: nested, path: path + [.key(key), .index(index)], position: element.position, file: file))
        }
        return readers
    }

    /// A whole number of terminal cells, `minimum` or more.
    func cells(_ key: String, from minimum: Int = 0) throws(ConfigError) -> Int? {
        try wholeNumber(key, in: minimum...Self.maximumCells, unit: "cells")
    }

    /// A whole number of rows, `minimum` or more.
    func rows(_ key: String, from minimum: Int) throws(ConfigError) -> Int? {
        try wholeNumber(key, in: minimum...Self.maximumRows, unit: "rows")
    }

    /// A whole number of things from 0 to `maximum`.
    func count(_ key: String, upTo maximum: Int, of unit: String) throws(ConfigError) -> Int? {
        try wholeNumber(key, in: 0...maximum, unit: unit)
    }

    private func wholeNumber(_ key: String, in range: ClosedRange<Int>, unit: String) throws(ConfigError) -> Int? {
        guard let value = value(key) else { return nil }
        guard case .integer(let number) = value, number >= range.lowerBound, number <= range.upperBound else {
            throw error(
                key: key,
                "expected a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound), found \(describe(key))"
            )
        }
        return Int(number)
    }

    /// A number from 0 to 1 (an integer 0 or 1 is accepted too).
    func ratio(_ key: String) throws(ConfigError) -> Double? {
        guard let value = value(key) else { return nil }
        let number: Double? =
            switch value {
            case .float(let number): number
            case .integer(let number): Double(number)
            default: nil
            }
        guard let number, number >= 0, number <= 1 else {
            throw error(key: key, "expected a number from 0 to 1 (0 or 1 = one column), found \(describe(key))")
        }
        return number
    }

    func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .boolean(let flag) = value else {
            throw error(key: key, "expected true or false, found \(describe(key))")
        }
        return flag
    }

    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) throws(ConfigError)
        -> Choice?
    where Choice.RawValue == String {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value, let choice = Choice(rawValue: text) else {
            let allowed = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw error(key: key, "expected one of \(allowed), found \(describe(key))")
        }
        return choice
    }

    /// A colour: a name, an index 0-255 or "#rrggbb".
    static func color(_ value: TOMLValue) -> TerminalColor? {
        switch value {
        case .integer(let index) where (0...255).contains(index): return .indexed(Int(index))
        case .string(let text): return ColorSpec(parsing: text)?.terminalColor
        default: return nil
        }
    }

    func color(_ key: String) throws(ConfigError) -> TerminalColor? {
        guard let value = value(key) else { return nil }
        guard let color = Self.color(value) else {
            throw error(key: key, "expected \(ColorSpec.allowedDescription), found \(describe(key))")
        }
        return color
    }

    /// A list of colours.
    func colorList(_ key: String) throws(ConfigError) -> [TerminalColor]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else {
            throw error(key: key, "expected a list of colours, e.g. [\"#202830\", \"#282030\"], found \(describe(key))")
        }
        var colors: [TerminalColor] = []
        for (index, element) in elements.enumerated() {
            guard let color = Self.color(element.value) else {
                throw error(
                    key: key,
                    "entry \(index + 1): expected \(ColorSpec.allowedDescription), found \(element.value.summary)",
                    at: element.position)
            }
            colors.append(color)
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

    /// `{ top, left, bottom, right }` (any of them; the others keep `base`) or one number for all.
    func insets(_ key: String, base: EdgeInsets) throws(ConfigError) -> EdgeInsets? {
        guard let value = value(key) else { return nil }
        if case .integer = value, let all = try cells(key) { return EdgeInsets(all: all) }
        guard let nested = try self.table(key) else { return nil }
        try nested.allowOnly(["top", "left", "bottom", "right"])
        var insets = base
        if let top = try nested.cells("top") { insets.top = top }
        if let left = try nested.cells("left") { insets.left = left }
        if let bottom = try nested.cells("bottom") { insets.bottom = bottom }
        if let right = try nested.cells("right") { insets.right = right }
        return insets
    }

    /// A `[widths]` key as the sequence it names.
    func widthSequence(_ key: String) throws(ConfigError) -> String {
        switch WidthOverrideKey.parse(key) {
        case .success(let sequence): return sequence
        case .failure(let problem): throw error(key: key, problem.message)
        }
    }
}
