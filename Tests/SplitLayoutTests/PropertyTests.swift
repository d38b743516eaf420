import SeededRandom
import PropertyBased
import Testing
@testable import SplitLayout

// Property tests over random sections and parameters. Each scenario is compared with the
// reference implementation in Support.swift and checked against the spec's invariants.

/// A random layout problem plus a few random probes (viewports, points, offsets) to ask it.
struct Scenario: Sendable, CustomStringConvertible {
    var sections: [SectionSpec]
    var parameters: LayoutParameters
    var width: Int
    /// Probes in thousandths of the content size, so they land on the content whatever its height.
    var probes: [Probe]

    struct Probe: Sendable {
        var x: Int, y: Int, width: Int, height: Int, offset: Int
    }

    var layout: SplitLayout { SplitLayout(sections: sections, parameters: parameters, width: width) }
    var reference: ReferenceLayout { ReferenceLayout(sections: sections, parameters: parameters, width: width) }

    /// Viewports and points spread over (and a little beyond) the content.
    func viewports(for layout: SplitLayout) -> [Rect] {
        probes.map { p in
            Rect(
                x: (layout.viewportWidth + 4) * p.x / 1000 - 2, y: (layout.contentHeight + 6) * p.y / 1000 - 3,
                width: p.width, height: p.height)
        }
    }
    func offsets(for layout: SplitLayout) -> [Int] {
        probes.map { (layout.contentHeight + 6) * $0.offset / 1000 - 3 }
    }

    var description: String {
        func items(_ items: SectionItems) -> String {
            switch items {
            case .uniform(let count, let size): return "uniform(\(count), \(size.width)x\(size.height))"
            case .varying(let sizes): return "varying(\(sizes.map { "\($0.width)x\($0.height)" }))"
            }
        }
        let p = parameters
        return "width \(width) ratio \(p.leftRatio) split \(p.splitSpacing) spacing \(p.interItemSpacing) "
            + "line \(p.lineSpacing) inset \(p.sectionInset) normalize \(p.normalizeLineHeight) pin \(p.pinHeaders) "
            + "rule \(p.sideRule)\n"
            + sections.map { s in
                "  \(items(s.items)) h\(s.headerHeight) f\(s.footerHeight) inset \(s.inset.map { "\($0)" } ?? "-") "
                    + "sp \(s.interItemSpacing.map(String.init) ?? "-") ls \(s.lineSpacing.map(String.init) ?? "-") "
                    + "side \(s.side.map { "\($0)" } ?? "-") bg \(s.hasBackground)"
            }.joined(separator: "\n")
    }
}

enum Gens {
    static let itemSize = zip(Gen.int(in: 0...12), Gen.int(in: 0...4), Gen.int(in: 0...9)).map { t -> ItemSize in
        switch t.2 {
        case 0: return ItemSize(width: .perLine(t.0 % 6), height: t.1)  // perLine(0) is zero-size
        case 1: return ItemSize(width: t.0 * 9, height: t.1)  // often wider than the room
        default: return ItemSize(width: t.0, height: t.1)
        }
    }

    /// Uniform, varying with all sizes equal, or varying with random (often zero) sizes.
    static let items = zip(Gen.int(in: 0...2), itemSize, Gen.int(in: 0...50), itemSize.array(of: 0...50))
        .map { t -> SectionItems in
            switch t.0 {
            case 0: return .uniform(count: t.2, size: t.1)
            case 1: return .varying(Array(repeating: t.1, count: t.2))
            default: return .varying(t.3)
            }
        }

    static let inset = zip(Gen.int(in: 0...3), Gen.int(in: 0...3), Gen.int(in: 0...3), Gen.int(in: 0...3))
        .map { t in EdgeInsets(top: t.0, left: t.1, bottom: t.2, right: t.3) }

    static let section = zip(
        items, Gen.int(in: 0...3), Gen.int(in: 0...2), inset.optional(valueRate: 0.4),
        Gen.int(in: 0...3).optional(valueRate: 0.3), Gen.int(in: 0...3).optional(valueRate: 0.3),
        Gen<Side>.case.optional(valueRate: 0.25), Gen.bool
    )
    .map { t in
        SectionSpec(
            items: t.0, headerHeight: t.1, footerHeight: t.2, inset: t.3, interItemSpacing: t.4,
            lineSpacing: t.5, side: t.6, hasBackground: t.7)
    }

    /// 0 and 1 exactly a third of the time, else anything in between.
    static let ratio = zip(Gen.int(in: 0...5), Gen.double(in: 0...1)).map { t in
        t.0 == 0 ? 0 : t.0 == 1 ? 1 : t.1
    }

    static let parameters = zip(
        ratio, Gen.int(in: 0...4), Gen.int(in: 0...3), Gen.int(in: 0...3), inset,
        Gen.bool, Gen.bool, Gen<SideRule>.case
    )
    .map { t in
        LayoutParameters(
            leftRatio: t.0, splitSpacing: t.1, interItemSpacing: t.2, lineSpacing: t.3,
            sectionInset: t.4, normalizeLineHeight: t.5, pinHeaders: t.6, sideRule: t.7)
    }

    static let probe = zip(
        Gen.int(in: 0...1000), Gen.int(in: 0...1000), Gen.int(in: 0...40), Gen.int(in: 0...25),
        Gen.int(in: 0...1000)
    )
    .map { t in Scenario.Probe(x: t.0, y: t.1, width: t.2, height: t.3, offset: t.4) }

    static let scenario = zip(section.array(of: 0...8), parameters, Gen.int(in: 0...200), probe.array(of: 4...8))
        .map { t in Scenario(sections: t.0, parameters: t.1, width: t.2, probes: t.3) }
}

@Suite("Properties")
struct PropertyTests {
    @Test("the engine places everything exactly as the reference does")
    func matchesReference() async {
        await propertyCheck(count: 400, input: Gens.scenario) { s in
            let engine = LayoutSnapshot(s.layout)
            let reference = LayoutSnapshot(s.reference)
            #expect(engine == reference, "\(s)\nengine:\n\(engine)\nreference:\n\(reference)")
        }
    }

    @Test("items stay inside their column and insets, clear of headers, footers and each other")
    func itemsInsideAndApart() async {
        await propertyCheck(count: 300, input: Gens.scenario) { s in
            let l = s.layout
            var problems: [String] = []
            for g in l.sections {
                let spec = s.sections[g.index]
                let inset = spec.inset ?? s.parameters.sectionInset
                let column = l.columns[g.columnIndex]
                let frames = l.itemFrames(g.index).compactMap { $0 }
                for f in frames {
                    if f.isEmpty { problems.append("empty frame \(f) in \(g.index)") }
                    if f.x < column.x || f.maxX > column.x + column.width { problems.append("\(f) outside column") }
                    if f.x < column.x + inset.left || f.maxX > column.x + column.width - inset.right
                        || f.y < g.itemsArea.y + inset.top || f.maxY > g.itemsArea.maxY - inset.bottom
                    {
                        problems.append("\(f) outside the insets of section \(g.index)")
                    }
                    if let h = g.headerFrame, h.intersects(f) { problems.append("\(f) under header \(h)") }
                    if let footer = g.footerFrame, footer.intersects(f) { problems.append("\(f) under footer") }
                    if !g.frame.contains(f) { problems.append("\(f) outside section \(g.frame)") }
                }
                for i in frames.indices {
                    for j in frames.indices where j > i && frames[i].intersects(frames[j]) {
                        problems.append("\(frames[i]) overlaps \(frames[j]) in section \(g.index)")
                    }
                }
            }
            #expect(problems.isEmpty, "\(problems.prefix(5))\n\(s)")
        }
    }

    @Test("lines are ordered; spacing and wrap rules hold between neighbours")
    func linesOrdered() async {
        await propertyCheck(count: 300, input: Gens.scenario) { s in
            let l = s.layout
            var problems: [String] = []
            for g in l.sections {
                let spec = s.sections[g.index]
                let inset = spec.inset ?? s.parameters.sectionInset
                let spacing = spec.interItemSpacing ?? s.parameters.interItemSpacing
                let lineSpacing = spec.lineSpacing ?? s.parameters.lineSpacing
                let column = l.columns[g.columnIndex]
                let limit = column.x + column.width - inset.right
                var previous: Rect?
                var lineTop = 0, lineBottom = 0, lines = 0, onLine = 0
                let itemSizes = sizes(of: spec.items)
                for (item, frame) in l.itemFrames(g.index).enumerated() {
                    guard let f = frame else { continue }
                    // (`perLine` n also wraps after n items, though more might fit.)
                    var full = false
                    if case .perLine(let n) = itemSizes[item].width { full = onLine >= n }
                    if let p = previous, f.y == p.y {
                        if f.x != p.maxX + spacing { problems.append("\(f) not \(spacing) after \(p)") }
                    } else {
                        if let p = previous {
                            if f.y < p.y { problems.append("\(f) above the previous line \(p)") }
                            // The next line starts right below the tallest item, and only because
                            // the item did not fit after the previous one.
                            if f.y != lineBottom + lineSpacing {
                                problems.append("line at \(f.y), expected \(lineBottom + lineSpacing)")
                            }
                            if p.maxX + spacing + f.width <= limit && !full {
                                problems.append("\(f) wrapped but fitted after \(p)")
                            }
                        } else if f.y != g.itemsArea.y + inset.top {
                            problems.append("first line at \(f.y) in \(g.itemsArea)")
                        }
                        if f.x != column.x + inset.left { problems.append("line starts at \(f.x)") }
                        lineTop = f.y
                        lineBottom = f.y
                        lines += 1
                        onLine = 0
                    }
                    lineBottom = max(lineBottom, lineTop + f.height)
                    previous = f
                    onLine += 1
                }
                if g.lineCount != lines { problems.append("lineCount \(g.lineCount) != \(lines)") }
                let bottom = (lines == 0 ? g.itemsArea.y + inset.top : lineBottom) + inset.bottom
                if g.itemsArea.maxY != bottom {
                    problems.append("items area ends at \(g.itemsArea.maxY), expected \(bottom)")
                }
            }
            #expect(problems.isEmpty, "\(problems.prefix(5))\n\(s)")
        }
    }

    @Test("sections stack without gaps in each column; content height is the taller column")
    func sectionsStacked() async {
        await propertyCheck(count: 300, input: Gens.scenario) { s in
            let l = s.layout
            #expect(l.sections.count == s.sections.count)
            var bottoms: [Int] = []
            for column in l.columns.indices {
                var cursor = 0
                for index in l.sectionsOf(column: column) {
                    let g = l.sections[index]
                    #expect(g.frame.y == cursor, "section \(index)\n\(s)")
                    #expect(g.frame.height >= 0)
                    #expect(g.frame.x == l.columns[column].x && g.frame.width == l.columns[column].width)
                    #expect(g.side == l.columns[column].side)
                    // header | items area | footer, nothing else.
                    #expect(g.itemsArea.y == g.frame.y + s.sections[index].headerHeight)
                    #expect(g.frame.maxY == g.itemsArea.maxY + s.sections[index].footerHeight)
                    cursor = g.frame.maxY
                }
                bottoms.append(cursor)
            }
            #expect(l.contentHeight == (bottoms.max() ?? 0), "\(s)")
            if l.columns.count == 1 { #expect(l.sections.allSatisfy { $0.columnIndex == 0 }) }
        }
    }

    @Test("a pinned header never leaves its section")
    func pinnedHeaderStaysInSection() async {
        await propertyCheck(count: 300, input: Gens.scenario) { s in
            var p = s.parameters
            p.pinHeaders = true
            let l = SplitLayout(sections: s.sections, parameters: p, width: s.width)
            for offset in s.offsets(for: l) + [-5, 0, l.contentHeight, l.contentHeight + 5] {
                for g in l.sections where g.headerHeight > 0 {
                    let y = l.pinnedHeaderY(section: g.index, offset: offset)
                    #expect(y >= g.frame.y && y <= g.itemsArea.maxY - g.headerHeight, "\(g.index) at \(offset)")
                    #expect(y == min(max(offset, g.frame.y), g.itemsArea.maxY - g.headerHeight))
                    if offset >= g.frame.y && offset <= g.itemsArea.maxY - g.headerHeight { #expect(y == offset) }
                }
            }
        }
    }

    @Test("the visible query equals a brute-force filter for random viewports")
    func visibleEqualsBruteForce() async {
        await propertyCheck(count: 300, input: Gens.scenario) { s in
            let l = s.layout
            let reference = s.reference
            // The whole-content walk is the reference's list of elements.
            for offset in s.offsets(for: l) {
                let all = l.allElements(offset: offset)
                #expect(all.count == Set(all).count)
                #expect(Set(all) == Set(reference.elements(offset: offset).filter { !$0.frame.isEmpty }), "\(s)")
            }
            for viewport in s.viewports(for: l) {
                let visible = l.elements(in: viewport)
                #expect(visible.count == Set(visible).count, "duplicates in \(viewport)")
                #expect(Set(visible) == Set(l.bruteForceElements(in: viewport)), "\(viewport)\n\(s)")
                #expect(Set(visible) == reference.elements(in: viewport), "\(viewport)\n\(s)")
            }
        }
    }

    @Test("section by section, the visible elements are the visible query's, in its order")
    func sectionBySectionEqualsVisible() async {
        await propertyCheck(count: 300, input: Gens.scenario) { s in
            let l = s.layout
            for viewport in s.viewports(for: l) {
                var bySection: [LayoutElement] = []
                var seen = Set<Int>()
                l.forEachSection(in: viewport) { index in
                    #expect(seen.insert(index).inserted, "section \(index) twice in \(viewport)")
                    l.forEachElement(ofSection: index, in: viewport) { bySection.append($0) }
                }
                #expect(bySection == l.elements(in: viewport), "\(viewport)\n\(s)")
            }
        }
    }

    @Test("element(at:) finds every item at its centre, and agrees with brute force at random points")
    func hitTesting() async {
        await propertyCheck(count: 300, input: Gens.scenario) { s in
            let l = s.layout
            let reference = s.reference
            for g in l.sections {
                for (i, frame) in l.itemFrames(g.index).enumerated() {
                    guard let frame else { continue }
                    // At offset 0 every header is at (or below) its natural row, off the items.
                    let centre = Point(x: frame.x + (frame.width - 1) / 2, y: frame.y + (frame.height - 1) / 2)
                    #expect(l.element(at: centre, offset: 0) == path(g.index, i).asItemElement(in: l), "\(s)")
                }
            }
            // Random points over (and just around) the content, at the probes' offsets.
            var rng = SplitMix64(seed: UInt64(s.width &* 31 &+ l.contentHeight))
            for offset in s.offsets(for: l) {
                for _ in 0..<10 {
                    let point = Point(
                        x: Int.random(in: -1...(l.viewportWidth + 1), using: &rng),
                        y: Int.random(in: -1...(l.contentHeight + 1), using: &rng))
                    #expect(
                        l.element(at: point, offset: offset) == reference.element(at: point, offset: offset),
                        "\(point) at \(offset)\n\(s)")
                }
            }
        }
    }

    @Test("row look-ups agree with brute force")
    func rowLookups() async {
        await propertyCheck(count: 300, input: Gens.scenario) { s in
            let l = s.layout
            let reference = s.reference
            for row in s.offsets(for: l) {
                for column in l.columns.indices {
                    #expect(
                        l.section(atRow: row, columnIndex: column) == reference.section(atRow: row, columnIndex: column)
                    )
                    #expect(
                        l.firstItem(atOrBelowRow: row, columnIndex: column)
                            == reference.firstItem(atOrBelowRow: row, columnIndex: column), "row \(row)\n\(s)")
                }
            }
        }
    }

    @Test("neighbour agrees with the reference navigation")
    func navigationMatchesReference() async {
        await propertyCheck(count: 300, input: Gens.scenario) { s in
            let l = s.layout
            let reference = s.reference
            var rng = SplitMix64(seed: UInt64(s.width * 7919 + s.sections.count))
            let items = l.sections.flatMap { g in (0..<g.itemCount).map { path(g.index, $0) } }
            // A sample of items (every one when there are few), including zero-size ones.
            let sample = items.count <= 60 ? items : (0..<60).map { _ in items.randomElement(using: &rng)! }
            for item in sample {
                for direction in Direction.allCases {
                    #expect(
                        l.neighbour(of: item, direction) == reference.neighbour(of: item, direction),
                        "\(item) \(direction)\n\(s)")
                }
            }
        }
    }

    @Test("moves in a uniform section are reversible")
    func reversibleMoves() async {
        await propertyCheck(count: 300, input: Gens.scenario) { s in
            let l = s.layout
            for g in l.sections {
                guard case .uniform = s.sections[g.index].items else { continue }
                let frames = l.itemFrames(g.index)
                guard let first = frames.first ?? nil else { continue }
                let perLine = frames.prefix { $0?.y == first.y }.count
                for i in frames.indices {
                    let here = path(g.index, i)
                    let slot = i % perLine
                    if slot + 1 < perLine && i + 1 < frames.count {
                        #expect(l.neighbour(of: here, .right) == path(g.index, i + 1))
                        #expect(l.neighbour(of: path(g.index, i + 1), .left) == here)
                    }
                    if i + perLine < frames.count {
                        // The line below has an item in the same slot.
                        let below = l.neighbour(of: here, .down)
                        #expect(below == path(g.index, i + perLine), "\(here)\n\(s)")
                        #expect(below.flatMap { l.neighbour(of: $0, .up) } == here, "\(here)\n\(s)")
                    }
                }
            }
        }
    }

    @Test("a varying section of equal sizes places exactly like the uniform one")
    func uniformEqualsVarying() async {
        await propertyCheck(count: 300, input: Gens.scenario) { s in
            func expanded(_ items: SectionItems) -> SectionItems {
                if case .uniform(let count, let size) = items { return .varying(Array(repeating: size, count: count)) }
                return items
            }
            func collapsed(_ items: SectionItems) -> SectionItems {
                if case .varying(let sizes) = items, !sizes.isEmpty { return SectionItems.from(sizes) }
                return items
            }
            var asVarying = s
            asVarying.sections = s.sections.map {
                var spec = $0; spec.items = expanded(spec.items); return spec
            }
            var asUniform = s
            asUniform.sections = s.sections.map {
                var spec = $0; spec.items = collapsed(spec.items); return spec
            }
            let original = s.layout
            #expect(LayoutSnapshot(original) == LayoutSnapshot(asVarying.layout), "\(s)")
            #expect(LayoutSnapshot(original) == LayoutSnapshot(asUniform.layout), "\(s)")
            for viewport in s.viewports(for: original) {
                #expect(original.elements(in: viewport) == asVarying.layout.elements(in: viewport))
            }
        }
    }

    @Test("relayout equals a fresh layout")
    func relayoutIsFresh() async {
        await propertyCheck(count: 200, input: Gens.scenario, Gen.int(in: 0...200), Gens.ratio) { s, width, ratio in
            var p = s.parameters
            p.leftRatio = ratio
            #expect(
                LayoutSnapshot(s.layout.relayout(width: width, leftRatio: ratio))
                    == LayoutSnapshot(SplitLayout(sections: s.sections, parameters: p, width: width)))
            #expect(
                LayoutSnapshot(s.layout.relayout(width: width))
                    == LayoutSnapshot(SplitLayout(sections: s.sections, parameters: s.parameters, width: width)))
        }
    }

    @Test("columns: a percentage ratio splits exactly, and the columns tile the width")
    func columnsProperty() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...400), Gen.int(in: 1...99), Gen.int(in: 0...6)) {
            width, percent, spacing in
            let columns = SplitLayout.columns(width: width, leftRatio: Double(percent) / 100, splitSpacing: spacing)
            let total = max(0, width - spacing)
            #expect(columns.count == 2)
            #expect(columns[0] == Column(side: .left, x: 0, width: total * percent / 100))
            #expect(columns[1] == Column(side: .right, x: columns[0].width + spacing, width: total - columns[0].width))
        }
        await propertyCheck(count: 500, input: Gen.int(in: 0...400), Gen.double(in: 0...1), Gen.int(in: 0...6)) {
            width, ratio, spacing in
            let columns = SplitLayout.columns(width: width, leftRatio: ratio, splitSpacing: spacing)
            if ratio == 0 || ratio == 1 {
                #expect(columns == [Column(side: ratio == 0 ? .right : .left, x: 0, width: width)])
            } else {
                let total = max(0, width - spacing)
                // floor(total x ratio), give or take the decimal correction.
                let exact = Double(total) * ratio
                #expect(columns[0].width == Int(exact.rounded(.down)) || Double(columns[0].width) - exact < 1e-6)
                #expect(columns[0].width + columns[1].width == total)
                #expect(columns[1].x == columns[0].width + spacing)
            }
        }
    }
}
