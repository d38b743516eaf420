// Reading a row's options from the configuration: [row] (every row section) and the row keys of
// [sections."TITLE"], with the errors of every other key.

import Catalog
import SplitLayout
import TOML

extension TableReader {
    /// The row options this table gives (the others nil).
    func rowHint() throws(ConfigError) -> RowHint {
        var hint = RowHint()
        hint.cardWidth = try cells("card_width", from: 1)
        hint.cardHeight = try rows("card_height", from: 1)
        hint.gap = try cells("gap")
        hint.peek = try cells("peek")
        hint.behavior = try choice("behavior", RowBehavior.self)
        hint.effect = try text("effect")
        hint.preset = try text("preset")
        hint.visibleItems = try cells("visible_items", from: 1)
        hint.flickVelocity = try number("flick_velocity", in: 0...100, unit: "cells per millisecond")
        for option in CardEffects.allOptions {
            if let value = try number(option.configKey, in: option.range, unit: "a number") {
                hint.effectOptions[option.name] = value
            }
        }
        if let problem = RowHint.problem(
            effect: hint.effect, preset: hint.preset, options: hint.effectOptions, configSpelling: true)
        {
            let key: String? =
                switch problem.subject {
                case .effect: "effect"
                case .preset: has("preset") ? "preset" : "effect"
                case .option(let name): CardEffects.allOptions.first { $0.name == name }?.configKey
                }
            throw error(key: key, problem.message)
        }
        // A preset alone is the preset of the effect configured below: checked when resolved.
        return hint
    }

    /// A string value.
    func text(_ key: String) throws(ConfigError) -> String? {
        guard let entry = table[key] else { return nil }
        guard case .string(let text) = entry.node.value else {
            throw error(key: key, "expected a string, found \(describe(key))")
        }
        return text
    }

    /// A number in `range` (an integer is accepted too).
    func number(_ key: String, in range: ClosedRange<Double>, unit: String) throws(ConfigError) -> Double? {
        guard let entry = table[key] else { return nil }
        let number: Double? =
            switch entry.node.value {
            case .float(let value): value
            case .integer(let value): Double(value)
            default: nil
            }
        guard let number, range.contains(number) else {
            throw error(
                key: key,
                "expected \(unit) from \(range.lowerBound.formatted()) to \(range.upperBound.formatted()), found \(describe(key))"
            )
        }
        return number
    }

    /// The configuration's [sections."TITLE"] tables, by title.
    func sectionStyles(groups: [String: GroupLayout]) throws(ConfigError) -> [String: SectionStyleOverride] {
        var styles: [String: SectionStyleOverride] = [:]
        for title in table.keys {
            guard let section = try self.table(title) else { continue }
            try section.allowOnly(Set(["style", "group"] + RowHint.configKeys))
            styles[title] = SectionStyleOverride(
                style: try section.choice("style", SectionStyleName.self), row: try section.rowHint(),
                group: try section.groupChoice("group", groups: groups))
        }
        return styles
    }
}
