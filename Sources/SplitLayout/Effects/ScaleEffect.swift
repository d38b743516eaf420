// The pager's scale effect: every card starts from the resting card's place; the effect shrinks
// a card with its distance from it and moves it aside (and down) by its progress.

public struct ScaleEffect: CardEffect {
    /// How progress bends into scale or translation (|progress| in, its curved value out).
    public enum Curve: String, Hashable, Sendable, CaseIterable {
        case linear
        case easeIn = "ease-in"

        func apply(_ value: Double) -> Double {
            switch self {
            case .linear: value
            case .easeIn: value * value
            }
        }
    }

    public struct Options: Hashable, Sendable {
        public var scaleRatio: Double
        public var minScale: Double
        public var maxScale: Double
        /// Translation per unit of progress, as a share of the card's width and height.
        public var translationRatioX: Double
        public var translationRatioY: Double
        /// The most a card moves, as a share of the card's width and height (nil: no limit).
        public var maxTranslationRatioX: Double?
        public var maxTranslationRatioY: Double?
        public var scaleCurve: Curve
        public var translationCurve: Curve

        public init(
            scaleRatio: Double = 0.25, minScale: Double = 0.75, maxScale: Double = 1,
            translationRatioX: Double = 0.93, translationRatioY: Double = 0.36,
            maxTranslationRatioX: Double? = nil, maxTranslationRatioY: Double? = nil,
            scaleCurve: Curve = .linear, translationCurve: Curve = .linear
        ) {
            self.scaleRatio = scaleRatio
            self.minScale = minScale
            self.maxScale = maxScale
            self.translationRatioX = translationRatioX
            self.translationRatioY = translationRatioY
            self.maxTranslationRatioX = maxTranslationRatioX
            self.maxTranslationRatioY = maxTranslationRatioY
            self.scaleCurve = scaleCurve
            self.translationCurve = translationCurve
        }
    }

    /// Named sets of options, after the pager's gallery. Its 3D presets (cover flow, cylinder)
    /// become their flat likeness: a terminal has no perspective.
    public enum Preset: String, Hashable, Sendable, CaseIterable {
        case standard = "default"
        case linear
        case easeIn = "ease-in"
        case easeOut = "ease-out"
        case coverFlow = "cover-flow"

        /// What the preset does, for the help of `--preset`.
        public var help: String {
            switch self {
            case .standard: "cards lose a quarter of their scale per card, down to three quarters"
            case .linear: "down to 0.6, moved at most two card widths aside"
            case .easeIn: "down to 0.6, the scale eased in"
            case .easeOut: "down to 0.6, the move eased in"
            case .coverFlow: "side cards smaller, flat on the row's line, half behind their neighbour"
            }
        }

        public var options: Options {
            switch self {
            case .standard:
                Options()
            case .linear:
                Options(
                    scaleRatio: 0.4, minScale: 0.6, translationRatioX: 0.66, translationRatioY: 0.2,
                    maxTranslationRatioX: 2, maxTranslationRatioY: 0)
            case .easeIn:
                Options(
                    scaleRatio: 0.4, minScale: 0.6, translationRatioX: 0.66, translationRatioY: 0.2,
                    scaleCurve: .easeIn)
            case .easeOut:
                Options(
                    scaleRatio: 0.4, minScale: 0.6, translationRatioX: 0.66, translationRatioY: 0.2,
                    translationCurve: .easeIn)
            case .coverFlow:
                // Side cards turned away: smaller, flat on the row's line, piled half behind
                // their neighbour towards the centre.
                Options(scaleRatio: 0.6, minScale: 0.7, translationRatioX: 0.45, translationRatioY: 0)
            }
        }
    }

    public var options: Options

    public init(options: Options = Options()) { self.options = options }
    public init(preset: Preset) { self.options = preset.options }

    /// The options that can be set one by one, over the preset's (the defaults shown are
    /// the default preset's).
    public static let numericOptions = [
        EffectOption(
            "scaleRatio", 0...10, default: 0.25,
            help: "what a card loses of its scale per card of progress: 1 - |progress| x scale_ratio"),
        EffectOption("minScale", 0...10, default: 0.75, help: "the least scale"),
        EffectOption("maxScale", 0...10, default: 1, help: "the greatest scale"),
        EffectOption(
            "translationX", -10...10, default: 0.93,
            help: "how far a card moves aside per card of progress, as a share of its width"),
        EffectOption(
            "translationY", -10...10, default: 0.36,
            help: "how far a card moves down per card of progress, as a share of its height"),
        EffectOption(
            "maxTranslationX", 0...noLimit, default: noLimit,
            help: "the most a card moves aside, in card widths (\(Int(noLimit)): no limit; the linear preset's 2)"),
        EffectOption(
            "maxTranslationY", 0...noLimit, default: noLimit,
            help: "the most a card moves down, in card heights (\(Int(noLimit)): no limit; the linear preset's 0)"),
    ]

    /// The greatest `maxTranslationX` and `maxTranslationY`: no limit.
    public static let noLimit = 100.0

    /// The preset (default "default") with `settings.options` over it; nil for an unknown
    /// preset or option, or a value out of its range.
    public init?(settings: EffectSettings) {
        guard let preset = Preset(rawValue: settings.preset ?? "default"),
            settings.values(of: Self.numericOptions, presets: true) != nil
        else { return nil }
        var options = preset.options
        for (name, value) in settings.options {
            switch name {
            case "scaleRatio": options.scaleRatio = value
            case "minScale": options.minScale = value
            case "maxScale": options.maxScale = value
            case "translationX": options.translationRatioX = value
            case "maxTranslationX": options.maxTranslationRatioX = value < Self.noLimit ? value : nil
            case "maxTranslationY": options.maxTranslationRatioY = value < Self.noLimit ? value : nil
            default: options.translationRatioY = value
            }
        }
        self.options = options
    }

    public var alignment: RowAlignment { .centered }
    public var placesCards: Bool { true }
    public var visibleItems: Int? { 5 }

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        guard progress.isFinite else { return CardTransform(alpha: 0) }
        let distance = abs(progress)
        let scale = min(
            max(1 - options.scaleCurve.apply(distance) * options.scaleRatio, options.minScale), options.maxScale)
        let moved = options.translationCurve.apply(distance)
        var x = Double(row.cardWidth) * options.translationRatioX * moved * (progress < 0 ? -1 : 1)
        var y = Double(row.cardHeight) * options.translationRatioY * moved
        if let limit = options.maxTranslationRatioX.map({ $0 * Double(row.cardWidth) }) {
            x = min(max(x, -limit), limit)
        }
        if let limit = options.maxTranslationRatioY.map({ $0 * Double(row.cardHeight) }) {
            y = min(max(y, -limit), limit)
        }
        return CardTransform(scale: scale, translateX: x, translateY: y, z: -distance)
    }
}
