import Testing

@testable import SplitLayout

/// Cards 20 x 5 with a gap of 2 (stride 22) in a row 80 wide.
private let row = RowGeometry(
    spec: RowSpec(cardWidth: 20, cardHeight: 5, gap: 2, peek: 4, alignment: .peek),
    origin: Point(x: 0, y: 10), width: 80, count: 10)

private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

@Suite("Effects of keyframes: the values between keyframes, the curves, and the built-in effects as keyframes")
struct KeyframeEffectTests {
    static let tilt = KeyframeEffect(keyframes: [
        Keyframe(progress: 1, scaleX: 0.7, scaleY: 0.7, x: 0.2, alpha: 0.4, z: -1),
        Keyframe(progress: -1, scaleX: 0.7, scaleY: 0.7, x: -0.2, alpha: 0.4, z: -1),
        Keyframe(progress: 0),
    ])!

    @Test("linear between keyframes, held beyond the ends, z stepped at the half way")
    func between() {
        let effect = Self.tilt
        #expect(effect.keyframes.map(\.progress) == [-1, 0, 1])
        let quarter = effect.values(at: 0.25)
        #expect(close(quarter.scaleX, 0.925) && close(quarter.x, 0.05) && close(quarter.alpha, 0.85))
        #expect(quarter.z == 0)
        #expect(effect.values(at: 0.75).z == -1)
        #expect(effect.values(at: 7) == effect.keyframes[2])
        #expect(effect.values(at: -3) == effect.keyframes[0])
        #expect(effect.values(at: .nan).alpha == 0)
        // As a transform: shifts in cells of the card, the scale about its centre.
        let card = effect.transform(progress: 1, in: row)
        #expect(close(card.translateX, 4) && card.scale == 0.7 && card.scaleY == nil)
    }

    @Test("each curve eases between two keyframes, 0 and 1 at their ends")
    func curves() {
        #expect(KeyframeCurve.linear(0.5) == 0.5)
        #expect(close(KeyframeCurve.easeIn(0.5), 0.125))
        #expect(close(KeyframeCurve.easeOut(0.5), 0.875))
        #expect(close(KeyframeCurve.easeInOut(0.25), 0.0625) && close(KeyframeCurve.easeInOut(0.75), 0.9375))
        for curve in KeyframeCurve.allCases {
            #expect(curve(0) == 0 && close(curve(1), 1), "\(curve)")
            // Never backwards.
            let samples = stride(from: 0.0, through: 1, by: 0.05).map(curve.callAsFunction)
            #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 }, "\(curve)")
        }
        let eased = KeyframeEffect(
            keyframes: [Keyframe(progress: 0), Keyframe(progress: 1, alpha: 0)], curve: .easeIn)!
        #expect(close(eased.values(at: 0.5).alpha, 0.875))
    }

    @Test("scale_x and scale_y apart draw a card of its own shape")
    func apart() {
        let wide = KeyframeEffect(keyframes: [Keyframe(progress: 0, scaleX: 1.5, scaleY: 0.6)])!
        let card = wide.transform(progress: 0, in: row)
        #expect(card.scale == 1.5 && card.scaleY == 0.6)
        let frame = card.applied(to: Rect(x: 0, y: 0, width: 20, height: 5))
        #expect(frame.width == 30 && frame.height == 3)
    }

    @Test("no keyframe, or two at one progress, is no effect")
    func invalid() {
        #expect(KeyframeEffect(keyframes: []) == nil)
        #expect(KeyframeEffect(keyframes: [Keyframe(progress: 0), Keyframe(progress: 0, alpha: 0.5)]) == nil)
    }

    /// The transform's values that a keyframe can give.
    static func agree(_ a: CardTransform, _ b: CardTransform) -> Bool {
        close(a.scale, b.scale) && close(a.scaleY ?? a.scale, b.scaleY ?? b.scale) && close(a.translateX, b.translateX)
            && close(a.translateY, b.translateY) && close(a.alpha, b.alpha) && a.z == b.z
    }

    static let progresses = stride(from: -4.0, through: 4, by: 0.05).map { $0 }

    @Test("none is keyframes: the cards as they are, the nearest to rest on top")
    func noneAsKeyframes() {
        let keyframes = KeyframeEffect(
            keyframes: (-6...6).map { Keyframe(progress: Double($0), z: -Double(abs($0))) })!
        for progress in Self.progresses {
            // (Half way between two cards the two effects round the stacking differently,
            // both right: neither is in front.)
            if abs(progress.truncatingRemainder(dividingBy: 1)) == 0.5 { continue }
            #expect(
                Self.agree(
                    NoCardEffect().transform(progress: progress, in: row),
                    keyframes.transform(progress: progress, in: row)),
                "\(progress)")
        }
    }

    @Test("carousel is keyframes: full size at rest, its side scales, alpha and inward shift a card width away")
    func carouselAsKeyframes() {
        let carousel = CarouselEffect()
        // Its side values are reached where a card has moved a card width: 20 of 22 cells. In
        // cells a side card is 4 cells narrower (16 of 20: 0.8) and 2 rows shorter (3 of 5:
        // 0.6), shifted inwards by half of what it lost across (a tenth of the card).
        let reach = Double(row.cardWidth) / Double(row.stride)
        #expect(carousel.sideScales(in: row) == (across: 0.8, down: 0.6))
        let side = { (progress: Double) in
            Keyframe(
                progress: progress, scaleX: 0.8, scaleY: 0.6, x: progress < 0 ? 0.1 : -0.1, alpha: 0.85,
                z: -Double(abs(progress.rounded())))
        }
        var frames = [side(-reach), Keyframe(progress: 0, alpha: 0.95), side(reach)]
        // The stacking steps at each card beyond.
        frames += (1...6).flatMap { [side(-Double($0) - 0.5), side(Double($0) + 0.5)] }
        let keyframes = KeyframeEffect(keyframes: frames)!
        for progress in Self.progresses {
            let built = carousel.transform(progress: progress, in: row)
            let framed = keyframes.transform(progress: progress, in: row)
            #expect(
                close(built.scale, framed.scale) && close(built.scaleY ?? built.scale, framed.scaleY ?? framed.scale)
                    && close(built.translateX, framed.translateX) && close(built.alpha, framed.alpha),
                "\(progress): \(built) against \(framed)")
        }
    }
}
