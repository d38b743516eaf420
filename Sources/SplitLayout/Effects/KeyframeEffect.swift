// An effect of the user's own, as the paging seed's `transform(progress:)` is: keyframes of a
// card's scale, shift, alpha and stacking along its progress, eased between each two by a
// curve (`[effects.NAME]` in the configuration). Beyond the first and the last keyframe the
// values hold; `z` steps (the nearer keyframe's), as a stacking order cannot be half of two.

/// A card's looks at one progress.
public struct Keyframe: Hashable, Sendable {
    /// The card's progress: 0 resting, +1 one card to the right, -1 one to the left.
    public var progress: Double
    /// The scale across and down (the same unless the keyframe sets them apart).
    public var scaleX: Double
    public var scaleY: Double
    /// The shift right and down, as fractions of the card's width and height.
    public var x: Double
    public var y: Double
    public var alpha: Double
    public var z: Double

    public init(
        progress: Double, scaleX: Double = 1, scaleY: Double = 1, x: Double = 0, y: Double = 0, alpha: Double = 1,
        z: Double = 0
    ) {
        self.progress = progress
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.x = x
        self.y = y
        self.alpha = alpha
        self.z = z
    }
}

/// How the values go from one keyframe to the next.
public enum KeyframeCurve: String, CaseIterable, Hashable, Sendable {
    case linear
    case easeIn = "ease-in"
    case easeOut = "ease-out"
    case easeInOut = "ease-in-out"

    /// The share of the way at `t` of it (both 0 to 1): cubic, as CSS's curves of these names
    /// are near enough at a terminal's resolution.
    public func callAsFunction(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut: return 1 - (1 - t) * (1 - t) * (1 - t)
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
        }
    }

    private func pow3(_ value: Double) -> Double { value * value * value }

    public var help: String {
        switch self {
        case .linear: "at an even pace"
        case .easeIn: "slow from the first keyframe, fast into the next"
        case .easeOut: "fast from the first keyframe, slow into the next"
        case .easeInOut: "slow at both keyframes, fast between"
        }
    }
}

/// A row effect made of keyframes.
public struct KeyframeEffect: CardEffect, Hashable {
    /// In increasing progress, at least one.
    public let keyframes: [Keyframe]
    public let curve: KeyframeCurve

    /// Nil when there is no keyframe, or two at the same progress.
    public init?(keyframes: [Keyframe], curve: KeyframeCurve = .linear) {
        let sorted = keyframes.sorted { $0.progress < $1.progress }
        guard !sorted.isEmpty, zip(sorted, sorted.dropFirst()).allSatisfy({ $0.progress < $1.progress }) else {
            return nil
        }
        self.keyframes = sorted
        self.curve = curve
    }

    /// The values at `progress`: a keyframe's at or beyond the ends, else eased between the
    /// two around it (z the nearer one's).
    public func values(at progress: Double) -> Keyframe {
        guard progress.isFinite else { return Keyframe(progress: progress, alpha: 0) }
        guard let after = keyframes.firstIndex(where: { $0.progress >= progress }) else { return keyframes.last! }
        guard after > 0, keyframes[after].progress != progress else { return keyframes[after] }
        let (from, to) = (keyframes[after - 1], keyframes[after])
        let t = curve((progress - from.progress) / (to.progress - from.progress))
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        // (The nearer keyframe by progress, not by the eased share: a step half way.)
        let nearer = progress - from.progress < to.progress - progress ? from : to
        return Keyframe(
            progress: progress, scaleX: mix(from.scaleX, to.scaleX), scaleY: mix(from.scaleY, to.scaleY),
            x: mix(from.x, to.x), y: mix(from.y, to.y), alpha: mix(from.alpha, to.alpha), z: nearer.z)
    }

    public func transform(progress: Double, in row: RowGeometry) -> CardTransform {
        let values = values(at: progress)
        return CardTransform(
            scale: values.scaleX, scaleY: values.scaleY, translateX: values.x * Double(row.cardWidth),
            translateY: values.y * Double(row.cardHeight), alpha: values.alpha, z: values.z)
    }
}
