// How each section of a catalog is drawn: its style, and for a row its options and effect, from
// the built-in defaults, the configuration's [row], the data's own hints and the configuration's
// [sections."TITLE"], each over the one before.

import Catalog
import SplitLayout

/// A row section's resolved options: the engine's spec and the effect its cards are drawn with.
public struct RowLook: Sendable {
    public var spec: RowSpec
    public var effect: any CardEffect
    /// How its moves come to rest, and in how many milliseconds.
    public var settle: RowSettle = .spring
    public var settleDuration = BrowserState.rowMoveDuration
    /// The effect's name and preset, as configured (for reports).
    public var effectName: String
    public var preset: String?
}

extension RowHint {
    /// A card's width when none is configured and no peek either, for the effects that keep
    /// cards side by side (those that show one card at a time fill the row, less a peek at
    /// each side, as every row does with a peek set).
    public static let sideBySideCardWidth = 24
    /// How far the neighbours peek in when no peek is set (which then sizes no card).
    public static let defaultPeek = 4
    /// The most rows a card takes when sized by its content.
    public static let tallestContentCard = 12
}

extension LayoutSettings {
    /// The look of `section`: nil for a grid.
    public func rowLook(of section: Section) -> RowLook? {
        // (No title looked up where no title is configured: asked of every section of a
        // grouped list at every key.)
        if sectionStyles.isEmpty && chosenStyles.isEmpty && (forcedStyle ?? section.style ?? defaultStyle) != .row {
            return nil
        }
        let override = sectionStyles[section.title]
        let style = chosenStyles[section.title] ?? forcedStyle ?? override?.style ?? section.style ?? defaultStyle
        guard style == .row else { return nil }
        var hint = rowDefaults.over(RowHint.defaults)
        if let data = section.row { hint = data.over(hint) }
        if let override { hint = override.row.over(hint) }
        hint = commandLineRow.over(hint)
        // Checked where each level was read; a preset left from a lower level with a new effect
        // is dropped by `over`, so only an unknown combination from the defaults could fail here.
        // Options of another effect than the one in force (set at a lower level) are ignored.
        let name = hint.effect ?? "none"
        var effect =
            CardEffects.named(name, settings: EffectSettings(preset: hint.preset, options: hint.effectOptions))
            ?? CardEffects.named(name, preset: hint.preset) ?? CardEffects.named(name) ?? NoCardEffect()
        if let order = hint.zOrder, order != .effect { effect = ReorderedEffect(effect, order: order) }
        // Unset, a card is as tall as its content: a border, the title, the fields and keywords.
        let contentHeight = min(2 + 1 + section.items.cardDetailLines, RowHint.tallestContentCard)
        let spec = RowSpec(
            // A peek set and no width: the card is the row less a peek at each side (the
            // ScalingCarousel's inset).
            cardWidth: hint.cardWidth
                ?? (effect.placesCards || hint.peek != nil ? nil : RowHint.sideBySideCardWidth),
            cardHeight: hint.cardHeight ?? contentHeight, gap: hint.gap ?? 2, peek: hint.peek ?? RowHint.defaultPeek,
            alignment: effect.alignment, behavior: hint.behavior ?? .groupPaging,
            visibleItems: hint.visibleItems ?? effect.visibleItems, flickVelocity: hint.flickVelocity ?? 0.05,
            headroom: effect.headroom, footroom: effect.footroom)
        return RowLook(
            spec: spec, effect: effect, settle: hint.settle ?? .spring,
            settleDuration: hint.settleDuration ?? RowHint.defaults.settleDuration ?? BrowserState.rowMoveDuration,
            effectName: hint.effect ?? "none",
            preset: hint.preset)
    }

    /// The look of each row section of `catalog`, by section.
    public func rowLooks(for catalog: Catalog) -> [Int: RowLook] {
        var looks: [Int: RowLook] = [:]
        for (index, section) in catalog.sections.enumerated() {
            if let look = rowLook(of: section) { looks[index] = look }
        }
        return looks
    }
}
