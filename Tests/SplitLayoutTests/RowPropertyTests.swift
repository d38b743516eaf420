import PropertyBased
import SeededRandom
import Testing

@testable import SplitLayout

// Properties of rows over random geometry and gestures.

struct RowCase: Sendable, CustomStringConvertible {
    var spec: RowSpec
    var width: Int
    var count: Int
    /// A gesture: where it starts (a resting page), how far it drags (cells) and how fast.
    var startPage: Int
    var drag: Double
    var velocity: Double

    var row: RowGeometry { RowGeometry(spec: spec, origin: Point(x: 2, y: 0), width: width, count: count) }

    var description: String {
        "\(spec) width \(width) count \(count) start \(startPage) drag \(drag) velocity \(velocity)"
    }
}

enum RowGens {
    static let behavior = Gen<RowBehavior>.case
    static let alignment = Gen.int(in: 0...2).map { [RowAlignment.leading, .peek, .centered][$0] }
    static let spec = zip(
        Gen.int(in: 1...40).optional(valueRate: 0.8), Gen.int(in: 1...8), Gen.int(in: 0...4), Gen.int(in: 0...8),
        alignment, behavior, Gen.double(in: 0...0.5)
    ).map { t in
        RowSpec(
            cardWidth: t.0, cardHeight: t.1, gap: t.2, peek: t.3, alignment: t.4, behavior: t.5, flickVelocity: t.6)
    }
    static let rowCase = zip(
        spec, Gen.int(in: 1...160), Gen.int(in: 1...60), Gen.int(in: 0...60), Gen.double(in: -200...200),
        Gen.double(in: -2...2)
    ).map { t in RowCase(spec: t.0, width: t.1, count: t.2, startPage: t.3, drag: t.4, velocity: t.5) }
}

@Suite("Row properties")
struct RowPropertyTests {
    static let pagingBehaviors: Set<RowBehavior> = [.groupPaging, .groupPagingCentered]

    @Test("under group paging, the resting card's progress is 0 after any gesture, and it moved at most one card")
    func restsOnACard() async {
        await propertyCheck(count: 500, input: RowGens.rowCase) { c in
            guard Self.pagingBehaviors.contains(c.spec.behavior) else { return }
            let row = c.row
            let start = row.restingOffset(ofPage: c.startPage)
            let rest = row.restingOffset(releasedAt: start + c.drag, startedAt: start, velocity: c.velocity)
            let page = row.page(offset: rest)
            #expect(row.progress(ofCard: page, offset: rest) == 0, "\(c): rest \(rest)")
            #expect(abs(page - row.page(offset: start)) <= 1, "\(c)")
        }
    }

    @Test("every behaviour rests within its bounds, one resting place at most from where it began")
    func oneStepAtMost() async {
        await propertyCheck(count: 500, input: RowGens.rowCase) { c in
            let row = c.row
            let start = row.restingOffset(releasedAt: Double(c.startPage * row.stride), startedAt: 0, velocity: 0)
            let begin = row.restingOffset(releasedAt: start, startedAt: start, velocity: 0)
            let rest = row.restingOffset(releasedAt: begin + c.drag, startedAt: begin, velocity: c.velocity)
            #expect(rest >= 0 && rest <= row.maxOffset, "\(c)")
            // Resting again where it rests changes nothing.
            #expect(row.restingOffset(releasedAt: rest, startedAt: rest, velocity: 0) == rest, "\(c)")
            if c.spec.behavior != .continuous {
                let unit = c.spec.behavior == .paging ? Double(max(1, row.frame.width)) : Double(row.stride)
                #expect(abs(rest - begin) <= unit + 1e-9, "\(c): \(begin) -> \(rest)")
            }
        }
    }

    @Test("cards of one row never overlap under none and carousel, at any offset")
    func noOverlap() async {
        await propertyCheck(count: 300, input: RowGens.rowCase) { c in
            let row = c.row
            let offset = row.clamped(Double(c.startPage * row.stride) + c.drag)
            for effect in [NoCardEffect() as any CardEffect, CarouselEffect()] {
                let frames = row.visibleCards(offset: offset).map {
                    row.drawnCard($0, offset: offset, effect: effect).frame
                }
                for (a, b) in zip(frames, frames.dropFirst()) where a.width > 3 && b.width > 3 {
                    #expect(a.maxX <= b.x, "\(c) at \(offset): \(a) \(b)")
                }
            }
        }
    }

    @Test("the cards found by arithmetic are exactly those that meet the row")
    func visibleMatchesBruteForce() async {
        await propertyCheck(count: 300, input: RowGens.rowCase) { c in
            let row = c.row
            let offset = Double(c.startPage * row.stride) + c.drag
            let expected = (0..<row.count).filter { card in
                let x = row.cardX(card, offset: offset)
                return x < Double(row.frame.width) && x + Double(row.cardWidth) > 0
            }
            let found = Array(row.visibleCards(offset: offset))
            #expect(found == expected, "\(c) at \(offset)")
        }
    }
}
