import Testing
import SplitLayout

@Suite("Card transforms")
struct CardTransformTests {
    @Test("the identity leaves a card where it is")
    func identity() {
        let frame = Rect(x: 10, y: 4, width: 20, height: 5)
        #expect(CardTransform.identity.applied(to: frame) == frame)
    }

    @Test("a scale shrinks the card about its centre, rounded to cells")
    func scaleAboutCentre() {
        let frame = Rect(x: 10, y: 4, width: 20, height: 5)
        // 20 x 0.9 = 18, 5 x 0.9 = 4.5 -> 5 (rounded half away from zero): centred, one cell in.
        #expect(CardTransform(scale: 0.9).applied(to: frame) == Rect(x: 11, y: 4, width: 18, height: 5))
        #expect(CardTransform(scale: 0.5).applied(to: frame) == Rect(x: 15, y: 5, width: 10, height: 3))
    }

    @Test("a card is never drawn under 3 x 1, whatever the scale")
    func minimumSize() {
        let frame = Rect(x: 0, y: 0, width: 20, height: 5)
        for scale in [0, 0.01, -2, .nan, .infinity] {
            let drawn = CardTransform(scale: scale).applied(to: frame)
            #expect(drawn.width >= 3 && drawn.height >= 1, "\(scale): \(drawn)")
        }
    }

    @Test("translation moves the drawn frame by whole cells")
    func translation() {
        let frame = Rect(x: 10, y: 4, width: 20, height: 5)
        #expect(
            CardTransform(translateX: -7, translateY: 2).applied(to: frame) == Rect(x: 3, y: 6, width: 20, height: 5))
    }

    @Test("alpha becomes the terminal's ramp: normal, dim, title only, hidden")
    func alphaRamp() {
        let cases: [(Double, CardVisibility)] = [
            (1, .normal), (0.95, .normal), (0.94, .dim), (0.6, .dim), (0.59, .titleOnly), (0.3, .titleOnly),
            (0.29, .hidden), (0, .hidden),
        ]
        for (alpha, visibility) in cases {
            #expect(CardTransform(alpha: alpha).visibility == visibility, "\(alpha)")
        }
    }

    @Test("no effect: full size and opaque at any progress, the nearest card on top")
    func noEffect() {
        let effect = NoCardEffect()
        let row = RowGeometry(spec: RowSpec(), origin: Point(x: 0, y: 0), width: 80, count: 10)
        for progress in stride(from: -3.0, through: 3.0, by: 0.25) {
            let transform = effect.transform(progress: progress, in: row)
            #expect(transform.scale == 1 && transform.alpha == 1 && transform.translateX == 0)
            #expect(transform.z == -abs(progress.rounded()))
        }
        #expect(effect.transform(progress: 0, in: row).z > effect.transform(progress: 1, in: row).z)
    }
}
