// Emoji skin tones: a default tone shown and printed for every emoji that has one, and the
// per-pick chooser over an emoji's variants.

import Catalog
import SplitLayout
import TerminalUI

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

    /// The tone's colour (Twemoji's), for a swatch beside an emoji the terminal draws apart from
    /// its tone.
    public var color: TerminalColor {
        switch self {
        case .light: .rgb(0xF7, 0xDE, 0xCE)
        case .mediumLight: .rgb(0xF3, 0xD2, 0xA2)
        case .medium: .rgb(0xD5, 0xAB, 0x88)
        case .mediumDark: .rgb(0xAF, 0x7E, 0x57)
        case .dark: .rgb(0x7C, 0x53, 0x3E)
        }
    }

    /// The yellow of the emoji without a tone.
    public static let defaultColor = TerminalColor.rgb(0xFF, 0xCC, 0x4D)

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

    /// Options per row of the chooser on a screen `width` cells wide (`slotWidth` cells an
    /// option).
    public static func columns(forWidth width: Int, optionCount: Int, slotWidth: Int = 4) -> Int {
        max(1, min(optionCount, (width - 4) / max(1, slotWidth)))
    }

    /// What names an option where the terminal draws an emoji and its tone apart (the tone cut
    /// off, every option the same yellow emoji): a swatch of each of its tones' colours and
    /// their names, "medium-light" or "medium/dark", after its hair style or direction ("red
    /// hair, medium-light"); "none" for the yellow default.
    public static func label(of option: String) -> (swatches: [TerminalColor], name: String) {
        var tones: [SkinTone] = []
        for tone in SkinTone.tones(in: option) where !tones.contains(tone) { tones.append(tone) }
        let style = Self.style(of: option)
        guard !tones.isEmpty else { return ([SkinTone.defaultColor], style ?? SkinTone.names[0]) }
        let names = tones.map(\.description).joined(separator: "/")
        return (tones.map(\.color), style.map { $0 + ", " + names } ?? names)
    }

    /// The hair style or direction `option` adds to its emoji, as Unicode names it ("red hair",
    /// "bald", "facing right"): a ZWJ and one of the hair components U+1F9B0...U+1F9B3 or
    /// U+27A1 (Data/generate-emoji.py makes such forms variants of their base, as the tones
    /// are). Nil for none.
    public static func style(of option: String) -> String? {
        var afterJoiner = false
        for scalar in option.unicodeScalars {
            if afterJoiner, let name = styleNames[scalar.value] { return name }
            afterJoiner = scalar.value == 0x200D
        }
        return nil
    }

    static let styleNames: [UInt32: String] = [
        0x1F9B0: "red hair", 0x1F9B1: "curly hair", 0x1F9B2: "bald", 0x1F9B3: "white hair", 0x27A1: "facing right",
    ]

    /// The chooser's title: what its options vary in.
    public var title: String {
        guard let style = options.lazy.compactMap(Self.style(of:)).first else { return "skin tone" }
        return (style == "facing right" ? "direction" : "hair") + " and skin tone"
    }

    /// Options a form takes where the emoji has hair styles or directions besides its tones (the
    /// form and its tones: 6), nil where it has tones only.
    var formSize: Int? {
        let forms = 1 + options.filter { Self.style(of: $0) != nil && SkinTone.tones(in: $0).isEmpty }.count
        guard forms > 1, options.count % forms == 0 else { return nil }
        return options.count / forms
    }

    /// Cells an option takes: its glyph in 4; `named`, also its swatches (2 cells each) and its
    /// name, as wide as the widest option's (" ✋ ██ medium-light ").
    public func slotWidth(named: Bool) -> Int {
        guard named else { return 4 }
        let widest =
            options.map { option in
                let label = Self.label(of: option)
                return 2 * label.swatches.count + 1 + label.name.count
            }.max() ?? 0
        return 4 + widest + 1
    }

    /// Options per row of the box on a screen `width` cells wide: whole forms (a hair style or
    /// a direction and its tones) where one fits.
    public func columns(forWidth width: Int, named: Bool) -> Int {
        let columns = Self.columns(forWidth: width, optionCount: options.count, slotWidth: slotWidth(named: named))
        guard let form = formSize, columns >= form else { return columns }
        return columns / form * form
    }
}
