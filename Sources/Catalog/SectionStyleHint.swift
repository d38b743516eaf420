// How a section is drawn, as a data file or the configuration names it: a grid of wrapping
// lines or a row of cards, and a row's options. Every option is optional: one left out keeps the
// value of the level below (the configuration's [row] defaults, then the built-in ones).

import SafeText
import Schema
import SplitLayout

/// A section's style.
public enum SectionStyleName: String, Hashable, Sendable, CaseIterable {
    case grid
    case row

    /// The style as an option's value, with what each style is (for the help of `--style`).
    public static let choice = Choice(
        SectionStyleName.self,
        help: ["grid": "wrapping lines of items", "row": "one line of cards that scrolls sideways"])
}

/// How a row's move comes to rest on its target.
public enum RowSettle: String, Hashable, Sendable, CaseIterable {
    /// A damped spring that starts at the gesture's speed (UIKit's deceleration): a flick
    /// carries on into the settle, a slow release eases in.
    case spring
    /// Fast, then slowing into the target, whatever the gesture's speed.
    case easeOut = "ease-out"
}

/// A row's options as given; nil: not given here.
public struct RowHint: Hashable, Sendable {
    public var cardWidth: Int?
    public var cardHeight: Int?
    public var gap: Int?
    public var peek: Int?
    public var behavior: RowBehavior?
    /// One of `CardEffects.names`.
    public var effect: String?
    /// A preset of the effect (only the scale effect has presets).
    public var preset: String?
    public var visibleItems: Int?
    public var flickVelocity: Double?
    /// How a move comes to rest, and how long it takes (milliseconds).
    public var settle: RowSettle?
    public var settleDuration: Int?
    /// Which cards lie over which (nil: the effect's own order).
    public var zOrder: CardOrder?
    /// The effect's numeric options by their names in the data (`CardEffects.options(of:)`).
    public var effectOptions: [String: Double]

    public init(
        cardWidth: Int? = nil, cardHeight: Int? = nil, gap: Int? = nil, peek: Int? = nil,
        behavior: RowBehavior? = nil, effect: String? = nil, preset: String? = nil, visibleItems: Int? = nil,
        flickVelocity: Double? = nil, settle: RowSettle? = nil, settleDuration: Int? = nil, zOrder: CardOrder? = nil,
        effectOptions: [String: Double] = [:]
    ) {
        self.zOrder = zOrder
        self.settle = settle
        self.settleDuration = settleDuration
        self.cardWidth = cardWidth
        self.cardHeight = cardHeight
        self.gap = gap
        self.peek = peek
        self.behavior = behavior
        self.effect = effect
        self.preset = preset
        self.visibleItems = visibleItems
        self.flickVelocity = flickVelocity
        self.effectOptions = effectOptions
    }

    /// These options over `base`: each one given here wins. A new effect drops the base's preset
    /// and effect options, which belong to the base's effect.
    public func over(_ base: RowHint) -> RowHint {
        let sameEffect = effect == nil || effect == base.effect
        return RowHint(
            cardWidth: cardWidth ?? base.cardWidth, cardHeight: cardHeight ?? base.cardHeight, gap: gap ?? base.gap,
            peek: peek ?? base.peek, behavior: behavior ?? base.behavior, effect: effect ?? base.effect,
            preset: preset ?? (sameEffect ? base.preset : nil), visibleItems: visibleItems ?? base.visibleItems,
            flickVelocity: flickVelocity ?? base.flickVelocity, settle: settle ?? base.settle,
            settleDuration: settleDuration ?? base.settleDuration, zOrder: zOrder ?? base.zOrder,
            effectOptions: (sameEffect ? base.effectOptions : [:]).merging(effectOptions) { $1 })
    }

    /// The built-in row options (Config/default.toml documents each): a centred carousel, one
    /// card per flick; cards sized by their content (see `LayoutSettings.rowLook`).
    public static let defaults = RowHint(
        cardWidth: nil, cardHeight: nil, gap: 2, peek: nil, behavior: .groupPagingCentered, effect: "carousel",
        preset: nil, visibleItems: nil, flickVelocity: 0.05, settle: .spring, settleDuration: 240)

    /// The options of a row, in the configuration's [row] and [sections."TITLE"] and in a data
    /// file's `"row"`, in the order they are read; then every option of any effect (which effect
    /// has which is the table's check).
    public static let options = OptionTable<RowHint>(
        [
            Option(
                .camel("cardWidth"), WholeNumber.cells(1...JSONSectionsLoader.maximumCells),
                help: "a card's width (left out: the row's width less a peek at each side when the peek is "
                    + "set or the effect shows one card at a time, else 24)"
            ).at(\RowHint.cardWidth),
            Option(
                .camel("cardHeight"), WholeNumber.rows(1...JSONSectionsLoader.maximumRows),
                help: "a card's height (left out: what its content needs, at most 12)"
            ).at(\RowHint.cardHeight),
            Option("gap", WholeNumber.cells(0...JSONSectionsLoader.maximumCells), help: "cells between two cards")
                .at(\RowHint.gap),
            Option(
                "peek", WholeNumber.cells(0...JSONSectionsLoader.maximumCells),
                help: "how far the neighbours peek in at each side (left out: 4); set without a card width, "
                    + "it sizes the card"
            ).at(\RowHint.peek),
            Option("behavior", Choice(RowBehavior.self), help: "where the row comes to rest").at(\RowHint.behavior),
            Option("effect", Text(), help: "what a card's distance from the resting place does to it")
                .at(\RowHint.effect),
            Option("preset", Text(), help: "a preset of the effect (only scale has presets)").at(\RowHint.preset),
            Option(
                .camel("visibleItems"), WholeNumber(1...JSONSectionsLoader.maximumCells, of: "cards"),
                help: "only the cards within half this many of the current one are drawn"
            ).at(\RowHint.visibleItems),
            Option(
                .camel("flickVelocity"), RealNumber(0...100, unit: "cells per millisecond"),
                help: "the speed above which a drag or a wheel burst moves on to the next card"
            ).at(\RowHint.flickVelocity),
            Option(
                "settle", Choice(RowSettle.self),
                help: "how a move comes to rest: spring (a damped spring starting at the gesture's speed) or "
                    + "ease-out (the same ease whatever the speed)"
            ).at(\RowHint.settle),
            Option(
                .camel("settleDuration"), WholeNumber(20...5000, of: "milliseconds"),
                help: "how long a move to rest takes"
            ).at(\RowHint.settleDuration),
            Option(
                .camel("zOrder"), Choice(CardOrder.self),
                help: "which cards lie over which: effect (the effect's own order), centre (the nearer the "
                    + "resting place, the higher), left (the further left, the higher) or right"
            ).at(\RowHint.zOrder),
        ]
            + CardEffects.allOptions.map { option in
                let effects = CardEffects.entries.filter { $0.options.contains { $0.name == option.name } }
                let key = OptionKey(toml: option.configKey, json: option.name)
                let help = effects.map { "\($0.name): \($0.options.first { $0.name == option.name }?.help ?? "")" }
                    .joined(separator: "; ")
                // A choice is read as its word, and kept as the word's index.
                let read =
                    option.choices.isEmpty
                    ? Option(key, RealNumber(option.range), help: help)
                    : Option(key, Choice<Double>(names: option.choices) { option.value(of: $0) }, help: help)
                return read.applying { (hint: inout RowHint, value) in hint.effectOptions[option.name] = value }
            },
        noun: "an object of row options", unknownKeys: .option(noun: "row option"),
        check: { hint, dialect in
            guard
                let problem = RowHint.problem(
                    effect: hint.effect, preset: hint.preset, options: hint.effectOptions,
                    configSpelling: dialect == .toml)
            else { return nil }
            let key: OptionKey =
                switch problem.subject {
                case .effect: OptionKey("effect")
                case .preset: OptionKey(hint.preset == nil ? "effect" : "preset")
                case .option(let name):
                    OptionKey(
                        toml: CardEffects.allOptions.first { $0.name == name }?.configKey ?? name, json: name)
                }
            return TableRefusal(key: key, message: problem.message)
        })

    /// Why an effect, its preset and its options cannot go together, or nil when they can.
    public static func problem(effect: String?, preset: String?, options: [String: Double] = [:]) -> String? {
        problem(effect: effect, preset: preset, options: options, configSpelling: false)?.message
    }

    /// What is wrong with an effect, its preset and its options, and where: the effect, the
    /// preset, or an option (by its name in the data). `configSpelling`: options named in the
    /// message as the configuration spells them (`side_scale`), else as the data does.
    public static func problem(
        effect: String?, preset: String?, options: [String: Double], configSpelling: Bool
    ) -> RowOptionProblem? {
        guard let effect else { return nil }
        guard CardEffects.names.contains(effect) else {
            let names = CardEffects.names.map { "\"\($0)\"" }.joined(separator: ", ")
            // (What the data or the file says is quoted escaped: it may hold controls.)
            return RowOptionProblem(.effect, "expected an effect: one of \(names), found \(MessageText.quoted(effect))")
        }
        if let preset, CardEffects.named(effect, preset: preset) == nil {
            let presets = CardEffects.presets(of: effect)
            let names = presets.map { "\"\($0)\"" }.joined(separator: ", ")
            return RowOptionProblem(
                .preset,
                presets.isEmpty
                    ? "the \"\(effect)\" effect has no presets (only \"scale\" does), found \(MessageText.quoted(preset))"
                    : "expected a preset of the \(effect) effect: one of \(names), found \(MessageText.quoted(preset))")
        }
        let declared = CardEffects.options(of: effect)
        func spelled(_ name: String) -> String {
            MessageText.escaped(
                configSpelling ? (CardEffects.allOptions.first { $0.name == name }?.configKey ?? name) : name)
        }
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            guard let option = declared.first(where: { $0.name == name }) else {
                let names = declared.map { spelled($0.name) }.joined(separator: ", ")
                return RowOptionProblem(
                    .option(name),
                    declared.isEmpty
                        ? "the \"\(effect)\" effect has no options, found \(spelled(name))"
                        : "the \"\(effect)\" effect has no option \(spelled(name)) (its options: \(names))")
            }
            if !option.accepts(value) {
                return RowOptionProblem(
                    .option(name),
                    "\(spelled(name)) of the \(effect) effect must be \(option.expected), found \(option.text(value))"
                )
            }
        }
        return nil
    }
}

/// A row option that does not fit: which, and why.
public struct RowOptionProblem: Hashable, Sendable {
    public enum Subject: Hashable, Sendable {
        case effect
        case preset
        /// An effect option, by its name in the data.
        case option(String)
    }
    public var subject: Subject
    public var message: String

    public init(_ subject: Subject, _ message: String) {
        self.subject = subject
        self.message = message
    }
}

/// What the configuration says of the section of one title, in any data.
public struct SectionStyleOverride: Hashable, Sendable {
    public var style: SectionStyleName?
    public var row: RowHint
    /// The group that places the section's items.
    public var group: GroupChoice?

    public init(style: SectionStyleName? = nil, row: RowHint = RowHint(), group: GroupChoice? = nil) {
        self.style = style
        self.row = row
        self.group = group
    }
}
