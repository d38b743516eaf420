// Emoji skin tones: a default tone shown and printed for every emoji that has one, and the
// per-pick chooser over an emoji's variants.

import Catalog
import SplitLayout

/// One of the five Fitzpatrick modifiers (U+1F3FB ... U+1F3FF).
public enum SkinTone: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case light = 1, mediumLight, medium, mediumDark, dark

    /// The names accepted on the command line and in the configuration.
    public static let names = ["none", "light", "medium-light", "medium", "medium-dark", "dark"]

    /// "light" ... "dark" or 1 ... 5; nil for "none" or "0" (no tone: the yellow default).
    /// Throws nothing: the caller reports an unknown word with `names`.
    public static func parse(_ text: String) -> SkinTone?? {
        let lowered = text.lowercased()
        if lowered == "none" || lowered == "0" { return .some(nil) }
        if let number = Int(lowered), let tone = SkinTone(rawValue: number) { return .some(tone) }
        if let index = names.firstIndex(of: lowered), let tone = SkinTone(rawValue: index) { return .some(tone) }
        return nil
    }

    public var description: String { Self.names[rawValue] }

    public var modifier: Unicode.Scalar { Unicode.Scalar(0x1F3FA + UInt32(rawValue))! }

    static func isModifier(_ scalar: Unicode.Scalar) -> Bool { (0x1F3FB...0x1F3FF).contains(scalar.value) }

    /// The tone as Unicode names it: "medium-light skin tone".
    public var name: String { description + " skin tone" }

    /// The tones of `glyph`'s modifiers, in order: "medium skin tone", "medium-light skin tone"
    /// for 🧑🏽‍🤝‍🧑🏼; empty for the yellow default.
    public static func tones(in glyph: String) -> [SkinTone] {
        glyph.unicodeScalars.compactMap { isModifier($0) ? SkinTone(rawValue: Int($0.value - 0x1F3FA)) : nil }
    }

    /// The variant of `item` in this tone alone: every modifier in it is this one (so 🤝🏽, not
    /// the mixed 🫱🏽‍🫲🏻). Nil when the item has no such variant.
    public func variant(of item: Item) -> String? {
        item.variants.first { variant in
            var sawModifier = false
            for scalar in variant.unicodeScalars where Self.isModifier(scalar) {
                if scalar != modifier { return false }
                sawModifier = true
            }
            return sawModifier
        }
    }
}

/// The open skin-tone chooser: the focused emoji's glyph and its variants, one selected.
public struct ToneChooser: Hashable, Sendable {
    public let path: ItemPath
    /// The base glyph first, then the variants in the catalog's order.
    public let options: [String]
    public internal(set) var selected: Int

    /// Options per row of the chooser on a screen `width` cells wide (4 cells an option).
    public static func columns(forWidth width: Int, optionCount: Int) -> Int {
        max(1, min(optionCount, (width - 4) / 4))
    }
}
