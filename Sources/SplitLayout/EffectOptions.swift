// How an effect is asked for by name, with its preset and numeric options, and the table of
// effects by the names the configuration and the data use. An effect with options declares
// them (`EffectOption`) and reads them from `EffectSettings`; the readers of the configuration
// and of sectioned JSON learn every option's name and range from this table.

/// An option of an effect: a number, or one of a few words (then its value is the word's
/// index among `choices`).
public struct EffectOption: Hashable, Sendable {
    /// Its name in sectioned JSON (camel case); the configuration spells it in snake case.
    public let name: String
    public let range: ClosedRange<Double>
    public let defaultValue: Double
    /// Whether only whole numbers make sense (a count of cards).
    public let isWholeNumber: Bool
    /// The words of an option that is a choice, in the order of their values (empty: a number).
    public let choices: [String]
    /// What it does, for the documentation and the help.
    public let help: String

    public init(
        _ name: String, _ range: ClosedRange<Double>, default defaultValue: Double, whole: Bool = false,
        help: String = ""
    ) {
        self.name = name
        self.range = range
        self.defaultValue = defaultValue
        self.isWholeNumber = whole
        self.choices = []
        self.help = help
    }

    /// A choice among `choices`, the first by default.
    public init(_ name: String, choices: [String], help: String = "") {
        self.name = name
        self.range = 0...Double(max(0, choices.count - 1))
        self.defaultValue = 0
        self.isWholeNumber = true
        self.choices = choices
        self.help = help
    }

    public func accepts(_ value: Double) -> Bool {
        range.contains(value) && (!isWholeNumber || value.rounded() == value)
    }

    /// What `accepts` asks for, in words: "from 0 to 1", "a whole number from 1 to 8", "one of
    /// \"top\", \"left\"".
    public var expected: String {
        guard choices.isEmpty else { return "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ") }
        return (isWholeNumber ? "a whole number " : "")
            + "from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))"
    }

    /// The value of a choice's word; nil for another word, or an option that is a number.
    public func value(of word: String) -> Double? { choices.firstIndex(of: word).map(Double.init) }

    /// A value as a file writes it: the word of a choice, else the number.
    public func text(_ value: Double) -> String {
        if !choices.isEmpty, accepts(value) { return "\"\(choices[Int(value)])\"" }
        return Self.text(value)
    }

    /// A value as a file would write it: 2, 0.5.
    public static func text(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The name as the configuration spells it: `minScale` is `min_scale`.
    public var configKey: String {
        var key = ""
        for character in name {
            if character.isUppercase {
                key += "_" + character.lowercased()
            } else {
                key.append(character)
            }
        }
        return key
    }
}

/// How an effect is asked for: its preset and its numeric options, by name.
public struct EffectSettings: Hashable, Sendable {
    public var preset: String?
    public var options: [String: Double]

    public init(preset: String? = nil, options: [String: Double] = [:]) {
        self.preset = preset
        self.options = options
    }

    /// Each of `declared` with the value asked for, else its default; nil when an option asked
    /// for is not declared or is out of its range. For an effect without presets, nil too when
    /// a preset is asked for.
    func values(of declared: [EffectOption], presets: Bool = false) -> [String: Double]? {
        guard presets || preset == nil else { return nil }
        var values: [String: Double] = [:]
        for option in declared { values[option.name] = option.defaultValue }
        for (name, value) in options {
            guard let option = declared.first(where: { $0.name == name }), option.accepts(value) else {
                return nil
            }
            values[name] = value
        }
        return values
    }
}

/// The effects by the names the configuration and the data use.
public enum CardEffects {
    /// An effect as the configuration, the data and `--effect` name it.
    public struct Entry: Sendable {
        public let name: String
        /// What it does to the cards, in a few words (the help of `--effect` lists it).
        public let help: String
        public let options: [EffectOption]
        /// Its presets' names, in order, and what each is.
        public let presets: [String]
        public let presetHelp: [String: String]
        let make: @Sendable (EffectSettings) -> (any CardEffect)?

        public init(
            _ name: String, _ help: String, options: [EffectOption] = [], presets: [(String, String)] = [],
            make: @escaping @Sendable (EffectSettings) -> (any CardEffect)?
        ) {
            self.name = name
            self.help = help
            self.options = options
            self.presets = presets.map(\.0)
            self.presetHelp = Dictionary(presets) { first, _ in first }
            self.make = make
        }
    }

    /// Every effect: the built-in ones, then the configuration's (`configured`).
    public static var entries: [Entry] {
        builtIn
            + configured.sorted { $0.key < $1.key }.map { name, effect in
                Entry(name, "your own: \(effect.keyframes.count) keyframes, \(effect.curve.rawValue)") {
                    $0.values(of: []) == nil ? nil : effect
                }
            }
    }

    /// The configuration's effects (`[effects.NAME]`), by name, for the task that reads the
    /// configuration, the data and runs the browser (`$configured.withValue`): every place
    /// an effect is named knows them, and two tasks (two tests) each their own.
    @TaskLocal public static var configured: [String: KeyframeEffect] = [:]

    /// Each built-in effect, its help, its options and presets, and its maker given its
    /// settings (nil when it has no such preset or option). A new effect is one line here: the
    /// readers of the configuration and the data, `--effect` and its help, and the tests go by
    /// this table.
    public static let builtIn: [Entry] = [
        Entry("none", "the cards as they are") { $0.values(of: []) == nil ? nil : NoCardEffect() },
        Entry("carousel", "neighbours smaller and dimmed, peeking in", options: CarouselEffect.numericOptions) {
            CarouselEffect(settings: $0)
        },
        Entry(
            "scale", "cards shrink and slide aside from a shared centre", options: ScaleEffect.numericOptions,
            presets: ScaleEffect.Preset.allCases.map { ($0.rawValue, $0.help) }
        ) { ScaleEffect(settings: $0) },
        Entry("stack", "the next cards stacked behind, three deep", options: StackEffect.numericOptions) {
            StackEffect(settings: $0)
        },
        Entry("snapshot", "strips slide apart and fade", options: SnapshotEffect.numericOptions) {
            SnapshotEffect(settings: $0)
        },
        Entry("distance", "cards shrink with their distance from the centre", options: DistanceEffect.numericOptions) {
            DistanceEffect(settings: $0)
        },
    ]

    public static var names: [String] { entries.map(\.name) }

    /// Every preset of any effect, each once, in the table's order.
    public static var allPresets: [String] {
        var seen = Set<String>()
        return entries.flatMap(\.presets).filter { seen.insert($0).inserted }
    }

    /// The options of the effect called `name` (none for an unknown name).
    public static func options(of name: String) -> [EffectOption] {
        entries.first { $0.name == name }?.options ?? []
    }

    /// The presets of the effect called `name`.
    public static func presets(of name: String) -> [String] {
        entries.first { $0.name == name }?.presets ?? []
    }

    /// Every option name any effect has, each once, with the widest range it has in any: what
    /// a reader accepts before it knows the effect.
    public static let allOptions: [EffectOption] = {
        var seen: [String: EffectOption] = [:]
        var order: [String] = []
        for option in builtIn.flatMap(\.options) {
            if let earlier = seen[option.name], earlier.choices.isEmpty, option.choices.isEmpty {
                seen[option.name] = EffectOption(
                    option.name,
                    min(
                        earlier.range.lowerBound, option.range.lowerBound)...max(
                            earlier.range.upperBound, option.range.upperBound), default: earlier.defaultValue,
                    whole: earlier.isWholeNumber && option.isWholeNumber, help: earlier.help)
            } else {
                seen[option.name] = option
                order.append(option.name)
            }
        }
        return order.map { seen[$0]! }
    }()

    /// The effect called `name`, with `preset`; nil for an unknown name, or a preset the
    /// effect does not have.
    public static func named(_ name: String, preset: String? = nil) -> (any CardEffect)? {
        named(name, settings: EffectSettings(preset: preset))
    }

    /// The effect called `name` with `settings`; nil for an unknown name, or a preset or an
    /// option the effect does not have.
    public static func named(_ name: String, settings: EffectSettings) -> (any CardEffect)? {
        entries.first { $0.name == name }?.make(settings)
    }
}
