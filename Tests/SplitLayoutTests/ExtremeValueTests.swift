import PropertyBased
import Testing
@testable import SplitLayout

// Numbers from outside (a command line's --offset, a terminal size, a mouse position) can be
// anything an Int holds. Every query takes them without trapping, and a coordinate far outside
// the content gets the answer it would get just outside it (Coordinates.limit).

/// Coordinates near the ends of Int, near the clamping limit, and ordinary ones.
enum ExtremeGens {
    static let edges: [Int] = [
        Int.min, Int.min + 1, -Coordinates.limit - 1, -Coordinates.limit, -1_000_000, -1, 0, 1,
        1_000_000, Coordinates.limit - 1, Coordinates.limit, Coordinates.limit + 1, Int.max / 2, Int.max - 1, Int.max,
    ]

    static let coordinate = zip(Gen.int(in: 0...2), Gen.int(in: 0...(edges.count - 1)), Gen.int(in: -300...300))
        .map { t -> Int in t.0 == 0 ? t.2 : edges[t.1] }

    static let probe = zip(coordinate, coordinate, coordinate, coordinate, coordinate)
}

@Suite struct ExtremeValueTests {
    @Test("every query takes any Int without trapping, and agrees with the brute-force answer")
    func queriesTakeAnyInt() async {
        await propertyCheck(count: 300, input: zip(Gens.scenario, ExtremeGens.probe.array(of: 1...6))) {
            scenario, probes in
            let layout = scenario.layout
            for (x, y, width, height, offset) in probes {
                let viewport = Rect(x: x, y: y, width: width, height: height)
                _ = viewport.maxX
                _ = viewport.maxY
                let visible = layout.elements(in: viewport)
                let clamped = viewport.clampedToCoordinates
                #expect(visible == layout.bruteForceElements(in: clamped))
                _ = layout.allElements(offset: offset)
                _ = layout.element(at: Point(x: x, y: y), offset: offset)
                for column in 0..<3 {
                    _ = layout.nearestItem(to: Point(x: x, y: y), columnIndex: column)
                    _ = layout.section(atRow: y, columnIndex: column)
                    _ = layout.firstItem(atOrBelowRow: y, columnIndex: column)
                }
                for section in layout.sections.indices {
                    let pinned = layout.pinnedHeaderY(section: section, offset: offset)
                    #expect(pinned >= layout.sections[section].frame.y)
                }
            }
        }
    }

    @Test("a width of any size lays out (saturated to the coordinate limit)")
    func anyWidth() {
        for width in ExtremeGens.edges {
            let built = layout([SectionSpec(items: uniform(3, 2, 1), headerHeight: 1)], width: width, ratio: 0.5)
            #expect(built.viewportWidth == Coordinates.clampLength(width))
            #expect(built.columns.allSatisfy { $0.width >= 0 })
        }
    }

    @Test("the offset of `layout --offset 9223372036854775807 --visible` shows nothing and pins nothing")
    func offsetAtIntMax() {
        let built = layout([SectionSpec(items: uniform(40, 2, 1), headerHeight: 1)], width: 80, pin: true)
        #expect(built.elements(in: Rect(x: 0, y: Int.max, width: 80, height: 24)).isEmpty)
        #expect(built.pinnedHeaderY(section: 0, offset: Int.max) == built.sections[0].itemsArea.maxY - 1)
    }

    @Test("Rect's edges saturate")
    func rectEdgesSaturate() {
        #expect(Rect(x: Int.max, y: Int.max, width: 5, height: 5).maxX == Int.max)
        #expect(Rect(x: Int.min, y: Int.min, width: -5, height: -5).maxY == Int.min)
        #expect(Rect(x: 3, y: 4, width: 5, height: 6).maxY == 10)
    }
}
