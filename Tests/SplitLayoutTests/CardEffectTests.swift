import Testing

@testable import SplitLayout

/// Cards 20 x 5 with a gap of 2 (stride 22) in a row 80 wide at (0, 10).
private func row(alignment: RowAlignment = .leading) -> RowGeometry {
    RowGeometry(
        spec: RowSpec(cardWidth: 20, cardHeight: 5, gap: 2, peek: 4, alignment: alignment),
        origin: Point(x: 0, y: 10), width: 80, count: 10)
}

private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

@Suite("Card effects: each a pure function of progress, against hand-worked values")
struct CardEffectTests {
    @Test("carousel: full size and just opaque at rest; one card away 0.85 and dim, smaller in cells, inwards")
    func carousel() {
        let effect = CarouselEffect()
        let atRest = effect.transform(progress: 0, in: row())
        #expect(atRest.scale == 1 && atRest.scaleY == nil && atRest.alpha == 0.95 && atRest.visibility == .normal)
        // One card away: |p| x stride / cw = 22 / 20, clamped to 1. The seed's 0.9 of 20 x 5
        // is 18 x 5 (4.5 rounds up): too little to see; the side card is 16 x 3, shifted 2
        // cells inwards so that its inner edge stays where it was.
        let neighbour = effect.transform(progress: 1, in: row())
        #expect(close(neighbour.scale, 0.8) && close(neighbour.scaleY!, 0.6) && close(neighbour.alpha, 0.85))
        #expect(neighbour.visibility == .dim && close(neighbour.translateX, -2))
        #expect(
            neighbour.applied(to: Rect(x: 22, y: 10, width: 20, height: 5)) == Rect(x: 22, y: 11, width: 16, height: 3))
        // Half a card: 11 / 20 = 0.55 of the way.
        let half = effect.transform(progress: -0.5, in: row())
        #expect(close(half.scale, 0.89) && close(half.scaleY!, 0.78) && close(half.alpha, 0.895))
        #expect(close(half.translateX, 1.1))
        // A card of 3 rows keeps them (a box under 3 rows loses its border); one of 8 loses 2.
        #expect(neighbour.applied(to: Rect(x: 0, y: 0, width: 20, height: 3)).height == 3)
        let tall = RowGeometry(
            spec: RowSpec(cardWidth: 20, cardHeight: 8, gap: 2, peek: 4, alignment: .peek), origin: Point(x: 0, y: 0),
            width: 80, count: 10)
        #expect(effect.transform(progress: 1, in: tall).applied(to: Rect(x: 0, y: 0, width: 20, height: 8)).height == 6)
        #expect(effect.alignment == .peek && !effect.placesCards)
        #expect(atRest.z > neighbour.z)
    }

    @Test("scale, default options: 1 - |p| x 0.25 down to 0.75, moved 0.93 of a width and 0.36 of a height")
    func scaleDefault() {
        let effect = ScaleEffect()
        let one = effect.transform(progress: 1, in: row())
        #expect(close(one.scale, 0.75) && close(one.translateX, 18.6) && close(one.translateY, 1.8))
        let left = effect.transform(progress: -0.5, in: row())
        #expect(close(left.scale, 0.875) && close(left.translateX, -9.3) && close(left.translateY, 0.9))
        let far = effect.transform(progress: 2, in: row())
        #expect(close(far.scale, 0.75) && close(far.translateX, 37.2))
        #expect(effect.placesCards && effect.alignment == .centered)
    }

    @Test("scale presets: linear clamps its translation; ease-in bends the scale")
    func scalePresets() {
        let linear = ScaleEffect(preset: .linear)
        let one = linear.transform(progress: 1, in: row())
        #expect(close(one.scale, 0.6) && close(one.translateX, 13.2) && one.translateY == 0)
        // 4 x 20 x 0.66 = 52.8, held at twice the width.
        #expect(close(linear.transform(progress: 4, in: row()).translateX, 40))
        let easeIn = ScaleEffect(preset: .easeIn).transform(progress: 0.5, in: row())
        #expect(close(easeIn.scale, 0.9) && close(easeIn.translateX, 6.6))
        let easeOut = ScaleEffect(preset: .easeOut).transform(progress: 0.5, in: row())
        #expect(close(easeOut.scale, 0.8) && close(easeOut.translateX, 3.3))
        #expect(ScaleEffect.Preset.allCases.map(\.rawValue).contains("cover-flow"))
    }

    @Test("stack: the cards behind rise one row per level, narrower and dimmer, three deep, whole boxes")
    func stack() {
        let effect = StackEffect()
        let resting = row(alignment: .centered)
        let front = resting.drawnCard(4, offset: 88, effect: effect)
        #expect(front.frame == Rect(x: 30, y: 10, width: 20, height: 5))
        for depth in 1...3 {
            let behind = resting.drawnCard(4 + depth, offset: 88, effect: effect)
            #expect(behind.frame.y == 10 - depth, "depth \(depth): \(behind.frame)")
            #expect(behind.transform.z < front.transform.z)
            #expect(close(behind.transform.scale, 1 - Double(depth) * 0.15))
            // As tall as the front card, so that each shows its top edge, its title in it.
            #expect(behind.frame.height == 5 && behind.transform.edgeTitle == .top)
        }
        #expect(front.transform.edgeTitle == nil)
        #expect(resting.drawnCard(8, offset: 88, effect: effect).transform.visibility == .hidden)
        // The card before leaves sideways, fading, in front.
        let leaving = effect.transform(progress: -0.5, in: resting)
        #expect(close(leaving.translateX, -10) && close(leaving.alpha, 0.5) && leaving.z > 0)
        #expect(effect.headroom == 3)
    }

    @Test("snapshot: the leaving card's strips slide apart where it is and fade by half way; then the next")
    func snapshot() {
        let effect = SnapshotEffect()
        let leaving = effect.transform(progress: -0.25, in: row())
        #expect(close(leaving.stripShift, 2.5) && close(leaving.alpha, 0.65) && leaving.translateX == 0)
        // Half way, the leaving card is its title alone, and the next card not yet there.
        #expect(effect.transform(progress: -0.5, in: row()).visibility == .titleOnly)
        #expect(effect.transform(progress: 0.5, in: row()).visibility == .hidden)
        // The card taking its place: not yet at a quarter of the way, so that the two never
        // overlap; then whole, not moved, fading in.
        #expect(effect.transform(progress: 0.75, in: row()).visibility == .hidden)
        #expect(effect.transform(progress: -0.6, in: row()).visibility == .hidden)
        let next = effect.transform(progress: 0.25, in: row())
        #expect(next.stripShift == 0 && next.translateX == 0 && close(next.alpha, 0.65) && next.z < leaving.z)
        #expect(effect.transform(progress: 0, in: row()) == CardTransform(z: 0))
        #expect(effect.transform(progress: 1, in: row()).visibility == .hidden)
        #expect(effect.transform(progress: -1, in: row()).visibility == .hidden)
    }

    @Test("distance: max(1 - |d| / width, 0.7) with d the card centre's distance from the row's")
    func distance() {
        let effect = DistanceEffect()
        // Leading: card 0's centre at 10, 30 from the centre (40): 1 - 30/80 = 0.625 -> 0.7.
        #expect(close(effect.transform(progress: 0, in: row()).scale, 0.7))
        // Centred (lead 30): at rest the card is at the centre; one card on, 22 away.
        #expect(close(effect.transform(progress: 0, in: row(alignment: .centered)).scale, 1))
        #expect(close(effect.transform(progress: 1, in: row(alignment: .centered)).scale, 0.725))
        // And fades with it: opaque at the centre, dimmed towards the least scale (0.6 there).
        #expect(effect.transform(progress: 0, in: row(alignment: .centered)).visibility == .normal)
        #expect(close(effect.transform(progress: 0, in: row()).alpha, DistanceEffect.leastAlpha))
        #expect(effect.transform(progress: 1, in: row(alignment: .centered)).visibility == .dim)
    }

    @Test("effects by name, with the scale presets; unknown names and presets are nil")
    func names() {
        #expect(Set(CardEffects.names).count == CardEffects.entries.count)
        for name in CardEffects.names { #expect(CardEffects.named(name) != nil, "\(name)") }
        #expect(CardEffects.named("scale", preset: "cover-flow") is ScaleEffect)
        #expect(CardEffects.named("scale", preset: "spiral") == nil)
        #expect(CardEffects.named("stack", preset: "linear") == nil)
        #expect(CardEffects.named("wobble") == nil)
    }

    @Test("no effect gives a non-finite transform, whatever the progress")
    func finite() {
        for name in CardEffects.names {
            let effect = CardEffects.named(name)!
            for progress in [-1e300, -3, -0.5, 0, 0.25, 1, 7, 1e300, .infinity, -.infinity, .nan] {
                let t = effect.transform(progress: progress, in: row())
                #expect(
                    t.scale.isFinite && t.translateX.isFinite && t.translateY.isFinite && t.alpha.isFinite
                        && t.z.isFinite || t.visibility == .hidden, "\(name) at \(progress): \(t)")
            }
        }
    }

    @Test("each effect's own options change its formula as named; the defaults are the spec's")
    func effectOptions() {
        func settings(_ options: [String: Double]) -> EffectSettings { EffectSettings(options: options) }
        // Carousel: a neighbour at the side scale and alpha; the resting card unchanged.
        let carousel = CarouselEffect(settings: settings(["sideScale": 0.7, "sideAlpha": 0.5]))!
        #expect(close(carousel.transform(progress: 1, in: row()).scale, 0.7))
        #expect(close(carousel.transform(progress: 1, in: row()).alpha, 0.5))
        #expect(carousel.transform(progress: 0, in: row()).alpha == 0.95)
        // Stack two deep: the third card behind is hidden; each level loses 0.1 of its scale.
        let stack = StackEffect(settings: settings(["depth": 2, "scaleStep": 0.1]))!
        #expect(close(stack.transform(progress: 2, in: row()).scale, 0.8))
        #expect(stack.transform(progress: 3, in: row()).visibility == .hidden)
        #expect(stack.headroom == 2 && stack.visibleItems == 6)
        // Distance down to one half: card 3's centre is 36 cells from the row's (1 - 36/80);
        // card 4's, 58 cells away, stops at the least scale.
        let distance = DistanceEffect(settings: settings(["minScale": 0.5]))!
        #expect(close(distance.transform(progress: 3, in: row()).scale, 0.55))
        #expect(close(distance.transform(progress: 4, in: row()).scale, 0.5))
        // Snapshot strips one card width apart at |p| = 1: a half at p = 0.5.
        let snapshot = SnapshotEffect(settings: settings(["spread": 1]))!
        #expect(close(snapshot.transform(progress: -0.5, in: row()).stripShift, 10))
        // The defaults are the spec's constants.
        for name in CardEffects.names {
            let plain = CardEffects.named(name)!, defaults = CardEffects.named(name, settings: EffectSettings())!
            for progress in [-1.5, -0.5, 0, 0.3, 1, 2.5] {
                #expect(
                    plain.transform(progress: progress, in: row()) == defaults.transform(progress: progress, in: row()))
            }
        }
        // An option of another effect, a value out of range or a fraction of a depth: none.
        #expect(CarouselEffect(settings: settings(["depth": 2])) == nil)
        #expect(DistanceEffect(settings: settings(["minScale": 2])) == nil)
        #expect(StackEffect(settings: settings(["depth": 2.5])) == nil)
        #expect(CardEffects.named("none", settings: settings(["spread": 1])) == nil)
        #expect(CardEffects.allOptions.map(\.configKey).contains("side_scale"))
    }

    /// Every effect of the table, as the table declares it: so a new effect is tested here
    /// with nothing more than its line in `CardEffects.entries`.
    @Test("every effect of the table: made by name, with its presets, its options in range and no others")
    func everyEffectOfTheTable() {
        for entry in CardEffects.entries {
            let name = entry.name
            #expect(!entry.help.isEmpty, "\(name) has no help")
            #expect(CardEffects.named(name) != nil, "\(name)")
            for preset in entry.presets { #expect(CardEffects.named(name, preset: preset) != nil, "\(name) \(preset)") }
            #expect(CardEffects.named(name, preset: "no such preset") == nil, "\(name)")
            #expect(CardEffects.options(of: name).map(\.name) == entry.options.map(\.name))
            for option in entry.options {
                func made(_ value: Double) -> Bool {
                    CardEffects.named(name, settings: EffectSettings(options: [option.name: value])) != nil
                }
                #expect(!option.help.isEmpty, "\(name).\(option.name) has no help")
                #expect(option.accepts(option.defaultValue), "\(name).\(option.name)'s default")
                #expect(made(option.range.lowerBound) && made(option.range.upperBound), "\(name).\(option.name)")
                #expect(
                    !made(option.range.lowerBound - 1) && !made(option.range.upperBound + 1), "\(name).\(option.name)")
                if option.isWholeNumber { #expect(!made(option.range.lowerBound + 0.5), "\(name).\(option.name)") }
                // Its default is what the effect takes without it.
                let plain = CardEffects.named(name)!
                let given = CardEffects.named(
                    name, settings: EffectSettings(options: [option.name: option.defaultValue]))!
                for progress in [-1.5, -0.5, 0, 0.3, 1, 2.5] {
                    #expect(
                        plain.transform(progress: progress, in: row())
                            == given.transform(progress: progress, in: row()),
                        "\(name).\(option.name) at \(progress)")
                }
            }
            // An option of another effect only: refused.
            for other in CardEffects.allOptions where !entry.options.contains(where: { $0.name == other.name }) {
                #expect(
                    CardEffects.named(name, settings: EffectSettings(options: [other.name: other.defaultValue])) == nil,
                    "\(name) took \(other.name)")
            }
            // At rest, whatever the effect, the card is drawn.
            #expect(CardEffects.named(name)!.transform(progress: 0, in: row()).visibility != .hidden, "\(name)")
        }
        #expect(Set(CardEffects.allOptions.map(\.configKey)).count == CardEffects.allOptions.count)
    }
}

@Suite("The cards a row draws")
struct DrawnCardsTests {
    @Test("a card cut by the row's edge is drawn only where three columns or more of it show")
    func slivers() {
        // Cards 20 wide with no gap, leading, in a row 80 wide: at offset 19 card 0 shows one
        // column, at 18 two, at 17 three.
        let row = RowGeometry(
            spec: RowSpec(cardWidth: 20, cardHeight: 5, gap: 0, peek: 0, alignment: .leading),
            origin: Point(x: 0, y: 0), width: 80, count: 10)
        func drawn(at offset: Double) -> [Int] {
            row.drawnCards(offset: offset, effect: NoCardEffect()).map(\.index)
        }
        #expect(drawn(at: 19) == [1, 2, 3, 4])
        #expect(drawn(at: 18) == [1, 2, 3, 4])
        #expect(drawn(at: 17) == [0, 1, 2, 3, 4])
        // At the right edge too: at offset 2 card 4 shows two columns (78, 79).
        #expect(drawn(at: 2) == [0, 1, 2, 3])
        // A card hidden by its effect is not drawn: the stack's fourth behind.
        let stack = RowGeometry(
            spec: RowSpec(
                cardWidth: 20, cardHeight: 5, gap: 2, peek: 4, alignment: .centered, visibleItems: 9, headroom: 3),
            origin: Point(x: 0, y: 0), width: 80, count: 10)
        #expect(stack.drawnCards(offset: 0, effect: StackEffect()).map(\.index) == [0, 1, 2, 3])
    }
}

@Suite("The seeds' effect options: the stack's spacing and side, the scale's most translation, z order")
struct SeedEffectOptionTests {
    /// Cards 20 x 5, gap 2, centred in a row 80 wide whose cards rest on row 10.
    func row(_ effect: some CardEffect) -> RowGeometry {
        RowGeometry(
            spec: RowSpec(
                cardWidth: 20, cardHeight: 5, gap: 2, peek: 4, alignment: .centered, visibleItems: effect.visibleItems,
                headroom: effect.headroom, footroom: effect.footroom),
            origin: Point(x: 0, y: 10 - effect.headroom), width: 80, count: 10)
    }

    @Test("the stack at each side: a level further out each card behind, its edge showing, the room kept")
    func stackSides() {
        func settings(_ side: String, spacing: Double = 1) -> EffectSettings {
            EffectSettings(options: [
                "stackSide": StackEffect.numericOptions[4].value(of: side)!, "levelSpacing": spacing,
            ])
        }
        let top = StackEffect(settings: settings("top", spacing: 2))!
        #expect(top.headroom == 6 && top.footroom == 0)
        #expect(row(top).drawnCard(2, offset: 0, effect: top).frame == Rect(x: 33, y: 6, width: 14, height: 5))
        let bottom = StackEffect(settings: settings("bottom"))!
        #expect(bottom.headroom == 0 && bottom.footroom == 3)
        let below = row(bottom)
        #expect(below.area == Rect(x: 0, y: 10, width: 80, height: 8))
        for depth in 1...3 {
            let card = below.drawnCard(depth, offset: 0, effect: bottom)
            #expect(card.frame.y == 10 + depth && card.frame.height == 5 && card.transform.edgeTitle == .bottom)
        }
        // At a side: two columns a level, as wide as the front card, shorter (5 x 0.85 = 4).
        let left = StackEffect(settings: settings("left"))!
        let beside = row(left)
        #expect(left.headroom == 0 && left.footroom == 0)
        #expect(beside.drawnCard(1, offset: 0, effect: left).frame == Rect(x: 28, y: 11, width: 20, height: 4))
        #expect(beside.drawnCard(2, offset: 0, effect: left).frame.x == 26)
        let right = StackEffect(settings: settings("right"))!
        #expect(row(right).drawnCard(1, offset: 0, effect: right).frame.x == 32)
        // A word that is not a side is no value of the option.
        #expect(StackEffect.numericOptions[4].value(of: "sideways") == nil)
        #expect(StackEffect.numericOptions[4].expected == #"one of "top", "bottom", "left", "right""#)
    }

    @Test("the scale's most translation, apart from the preset: a card moves no further")
    func maxTranslation() {
        let held = ScaleEffect(settings: EffectSettings(options: ["maxTranslationX": 0.5, "maxTranslationY": 0.1]))!
        let one = held.transform(progress: 1, in: row(held))
        // 0.93 x 20 = 18.6 across, held at 10; 0.36 x 5 = 1.8 down, held at 0.5.
        #expect(one.translateX == 10 && one.translateY == 0.5)
        #expect(held.transform(progress: -3, in: row(held)).translateX == -10)
        // 100 is no limit; over the linear preset it lifts the preset's 2.
        let free = ScaleEffect(
            settings: EffectSettings(preset: "linear", options: ["maxTranslationX": ScaleEffect.noLimit]))!
        #expect(abs(free.transform(progress: 4, in: row(free)).translateX - 52.8) < 1e-9)
    }

    @Test("z order: the effect's own, the centre, the left or the right card on top")
    func zOrder() {
        let scale = ScaleEffect(preset: .coverFlow)
        let geometry = row(scale)
        func z(_ order: CardOrder, _ progress: Double) -> Double {
            ReorderedEffect(scale, order: order).transform(progress: progress, in: geometry).z
        }
        #expect(z(.effect, -1) == scale.transform(progress: -1, in: geometry).z)
        #expect(z(.centre, 0) > z(.centre, 1) && z(.centre, 0) > z(.centre, -1))
        #expect(z(.left, -1) > z(.left, 0) && z(.left, 0) > z(.left, 1))
        #expect(z(.right, 1) > z(.right, 0) && z(.right, 0) > z(.right, -1))
        // Only z: the card is where the effect puts it.
        let moved = ReorderedEffect(scale, order: .left).transform(progress: 0.5, in: geometry)
        var same = scale.transform(progress: 0.5, in: geometry)
        same.z = moved.z
        #expect(moved == same)
        #expect(ReorderedEffect(StackEffect(), order: .left).headroom == 3)
    }
}
