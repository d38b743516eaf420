import Testing
@testable import SplitLayout

/// Visible elements, hit testing, frames and row look-ups on a small hand-computed layout.
@Suite("Queries")
struct QueryTests {
    /// width 21, ratio 0.5, split spacing 1 (left 0..<10, right 11..<21), inter-item spacing 1.
    ///
    ///     s0 left : header 0..<1; 4x2 items, two per line: (0,1) (5,1) / (0,3) (5,3);
    ///               background (0,1 10x4); footer 5..<6
    ///     s1 right: (11,0 3x1) (15,0 3x2) / (11,2 3x1) (15,2 3x1)          rows 0..<3
    ///     s2 left : header 6..<7; (0,7 10x1)                                rows 6..<8
    ///     s3 right: empty; header 3..<4; inset 1 + 1; background (11,4 10x2) rows 3..<6
    ///     s4 left : (0,8 3x1) (4,8 3x1)                                     rows 8..<9
    static let sections = [
        SectionSpec(items: uniform(4, 4, 2), headerHeight: 1, footerHeight: 1, hasBackground: true),
        SectionSpec(items: varying([(3, 1), (3, 2), (3, 1), (3, 1)])),
        SectionSpec(items: uniform(1, 10, 1), headerHeight: 1),
        SectionSpec(
            items: uniform(0, 1, 1), headerHeight: 1, inset: EdgeInsets(top: 1, bottom: 1), hasBackground: true),
        SectionSpec(items: uniform(2, 3, 1)),
    ]
    func make(pin: Bool = false) -> SplitLayout {
        layout(Self.sections, width: 21, ratio: 0.5, splitSpacing: 1, spacing: 1, pin: pin)
    }

    @Test("the hand-computed geometry")
    func geometry() {
        let l = make()
        #expect(
            l.sections.map(\.frame) == [
                rect(0, 0, 10, 6), rect(11, 0, 10, 3), rect(0, 6, 10, 2),
                rect(11, 3, 10, 3), rect(0, 8, 10, 1),
            ])
        #expect(l.itemFrames(0) == [rect(0, 1, 4, 2), rect(5, 1, 4, 2), rect(0, 3, 4, 2), rect(5, 3, 4, 2)])
        #expect(l.itemFrames(1) == [rect(11, 0, 3, 1), rect(15, 0, 3, 2), rect(11, 2, 3, 1), rect(15, 2, 3, 1)])
        #expect(l.itemFrames(2) == [rect(0, 7, 10, 1)])
        #expect(l.itemFrames(4) == [rect(0, 8, 3, 1), rect(4, 8, 3, 1)])
        #expect(l.sections[3].backgroundFrame == rect(11, 4, 10, 2))
        #expect(l.contentHeight == 9)
    }

    @Test("frame(of:)")
    func frameOf() {
        let l = make()
        #expect(l.frame(of: path(0, 3)) == rect(5, 3, 4, 2))
        #expect(l.frame(of: path(1, 3)) == rect(15, 2, 3, 1))
        #expect(l.frame(of: path(0, 4)) == nil)
        #expect(l.frame(of: path(0, -1)) == nil)
        #expect(l.frame(of: path(1, 4)) == nil)
        #expect(l.frame(of: path(3, 0)) == nil)
        #expect(l.frame(of: path(9, 0)) == nil)
        #expect(l.frame(of: path(-1, 0)) == nil)
    }

    @Test("element(at:) finds header, item, footer, background; nil in gaps")
    func elementAt() {
        let l = make()
        func hit(_ x: Int, _ y: Int) -> String {
            guard let e = l.element(at: Point(x: x, y: y), offset: 0) else { return "nil" }
            return e.item.map { "item \(e.section):\($0)" } ?? "\(e.kind) \(e.section)"
        }
        #expect(hit(0, 0) == "header 0")
        #expect(hit(9, 0) == "header 0")
        #expect(hit(1, 1) == "item 0:0")
        #expect(hit(3, 2) == "item 0:0")
        #expect(hit(4, 1) == "background 0")  // between two items
        #expect(hit(9, 4) == "background 0")  // right of the items
        #expect(hit(5, 2) == "item 0:1")
        #expect(hit(8, 4) == "item 0:3")
        #expect(hit(0, 5) == "footer 0")
        #expect(hit(10, 1) == "nil")  // the gap between the columns
        #expect(hit(11, 0) == "item 1:0")
        #expect(hit(17, 1) == "item 1:1")  // the tall item's second row
        #expect(hit(14, 0) == "nil")  // no background in section 1
        #expect(hit(11, 1) == "nil")  // below the short item of a tall line
        #expect(hit(20, 0) == "nil")
        #expect(hit(12, 3) == "header 3")
        #expect(hit(12, 4) == "background 3")
        #expect(hit(20, 5) == "background 3")
        #expect(hit(0, 7) == "item 2:0")
        #expect(hit(9, 8) == "nil")
        #expect(hit(4, 8) == "item 4:1")
        #expect(hit(0, 9) == "nil")  // below the content
        #expect(hit(15, 6) == "nil")  // below the right column's content
        #expect(hit(-1, 0) == "nil")
        #expect(hit(21, 0) == "nil")
        #expect(hit(0, -1) == "nil")
        // The returned element is complete.
        #expect(
            l.element(at: Point(x: 16, y: 2), offset: 0)
                == LayoutElement(kind: .item, section: 1, item: 3, side: .right, frame: rect(15, 2, 3, 1), pinnedY: nil)
        )
        #expect(
            l.element(at: Point(x: 2, y: 0), offset: 0)
                == LayoutElement(
                    kind: .header, section: 0, item: nil, side: .left, frame: rect(0, 0, 10, 1), pinnedY: 0))
    }

    @Test("element(at:) agrees with a brute-force search at every point and offset")
    func elementAtExhaustive() {
        for pin in [false, true] {
            let l = make(pin: pin)
            let reference = ReferenceLayout(sections: Self.sections, parameters: l.parameters, width: 21)
            for offset in -1...9 {
                for y in -1...10 {
                    for x in -1...22 {
                        let point = Point(x: x, y: y)
                        #expect(
                            l.element(at: point, offset: offset) == reference.element(at: point, offset: offset),
                            "pin \(pin) offset \(offset) at \(x),\(y)")
                    }
                }
            }
        }
    }

    @Test("section(atRow:columnIndex:)")
    func sectionAtRow() {
        let l = make()
        let left: [Int: Int?] = [-1: nil, 0: 0, 5: 0, 6: 2, 7: 2, 8: 4, 9: nil, 100: nil]
        for (row, section) in left { #expect(l.section(atRow: row, columnIndex: 0) == section, "row \(row)") }
        let right: [Int: Int?] = [-1: nil, 0: 1, 2: 1, 3: 3, 5: 3, 6: nil]
        for (row, section) in right { #expect(l.section(atRow: row, columnIndex: 1) == section, "row \(row)") }
    }

    @Test("firstItem(atOrBelowRow:columnIndex:)")
    func firstItemAtOrBelow() {
        let l = make()
        let left: [Int: ItemPath?] = [
            -5: path(0, 0), 0: path(0, 0), 2: path(0, 0), 3: path(0, 2), 4: path(0, 2),
            5: path(2, 0), 6: path(2, 0), 8: path(4, 0), 9: nil,
        ]
        for (row, item) in left { #expect(l.firstItem(atOrBelowRow: row, columnIndex: 0) == item, "row \(row)") }
        // Row 1 is covered by line 0 (its tall item); nothing follows row 2's line in the column.
        let right: [Int: ItemPath?] = [0: path(1, 0), 1: path(1, 0), 2: path(1, 2), 3: nil]
        for (row, item) in right { #expect(l.firstItem(atOrBelowRow: row, columnIndex: 1) == item, "row \(row)") }
    }

    @Test("forEachElement(in:) returns exactly the intersecting elements")
    func visibleElements() {
        let l = make()
        func describe(_ elements: [LayoutElement]) -> [String] {
            elements.map { e in e.item.map { "\(e.section):\($0)" } ?? "\(e.kind) \(e.section)" }
        }
        // Rows 3..<5, columns 5..<12.
        #expect(describe(l.elements(in: rect(5, 3, 7, 2))) == ["background 0", "0:3", "background 3", "header 3"])
        // Everything, column by column; in a section: background, header, items, footer.
        #expect(
            describe(l.elements(in: rect(0, 0, 21, 9))) == [
                "background 0", "header 0", "0:0", "0:1", "0:2", "0:3", "footer 0", "header 2", "2:0", "4:0", "4:1",
                "1:0", "1:1", "1:2", "1:3", "background 3", "header 3",
            ])
        #expect(describe(l.allElements()) == describe(l.elements(in: rect(0, 0, 21, 9))))
        #expect(l.elements(in: rect(0, 0, 0, 9)).isEmpty)
        #expect(l.elements(in: rect(0, 0, 21, 0)).isEmpty)
        #expect(l.elements(in: rect(10, 0, 1, 9)).isEmpty)  // the gap
        #expect(l.elements(in: rect(0, 9, 21, 5)).isEmpty)  // below the content
        #expect(describe(l.elements(in: rect(3, 8, 2, 1))) == ["4:1"])  // 0..<3 misses, 4..<7 meets
        #expect(describe(l.elements(in: rect(15, 1, 1, 1))) == ["1:1"])  // only the tall item reaches row 1
        // The callback form gives the same.
        var called: [LayoutElement] = []
        l.forEachElement(in: rect(5, 3, 7, 2)) { called.append($0) }
        #expect(called == l.elements(in: rect(5, 3, 7, 2)))
    }

    @Test("forEachElement(in:) equals a brute-force filter for every small viewport")
    func visibleExhaustive() {
        for pin in [false, true] {
            let l = make(pin: pin)
            let reference = ReferenceLayout(sections: Self.sections, parameters: l.parameters, width: 21)
            for y in -2...10 {
                for height in [0, 1, 2, 3, 5, 12] {
                    for x in -2...22 {
                        for width in [0, 1, 2, 4, 11, 25] {
                            let viewport = rect(x, y, width, height)
                            let got = l.elements(in: viewport)
                            #expect(got.count == Set(got).count, "duplicates in \(viewport)")
                            #expect(Set(got) == Set(l.bruteForceElements(in: viewport)), "\(viewport)")
                            #expect(Set(got) == reference.elements(in: viewport), "\(viewport)")
                        }
                    }
                }
            }
        }
    }
}

/// The spec's cost rule: look-ups in uniform sections are arithmetic, so a huge section costs
/// no memory and answers at once; a varying section keeps a few bytes per item.
@Suite("Scale")
struct ScaleTests {
    @Test("ten million uniform items")
    func hugeUniform() {
        let l = layout([SectionSpec(items: uniform(10_000_000, 1, 1), headerHeight: 1)], width: 100, pin: true)
        #expect(l.contentHeight == 100_001)
        #expect(l.byteCount < 4096)
        #expect(l.frame(of: path(0, 9_999_999)) == rect(99, 100_000, 1, 1))
        let visible = l.elements(in: rect(0, 50_000, 100, 10))
        // The pinned header covers row 50_000; the items of rows 50_000..<50_010 are all there.
        #expect(visible.count == 1 + 1000)
        #expect(visible.first { $0.kind == .header }?.pinnedY == 50_000)
        #expect(visible.filter { $0.kind == .item }.map { $0.item! } == Array(4_999_900..<5_000_900))
        #expect(l.element(at: Point(x: 99, y: 100_000), offset: 99_990)?.item == 9_999_999)
        #expect(l.element(at: Point(x: 5, y: 99_990), offset: 99_990)?.kind == .header)
        #expect(l.neighbour(of: path(0, 9_999_999), .up) == path(0, 9_999_899))
        #expect(l.neighbour(of: path(0, 9_999_999), .down) == nil)
        #expect(l.neighbour(of: path(0, 5_000_042), .right) == path(0, 5_000_043))
        #expect(l.firstItem(atOrBelowRow: 77_778, columnIndex: 0) == path(0, 7_777_700))
        #expect(l.section(atRow: 100_000, columnIndex: 0) == 0)
    }

    @Test("a hundred thousand varying items")
    func largeVarying() {
        // Widths 1, 2, 3, 4 repeating: 10 cells per group of four, so a 100-wide column with no
        // spacing holds exactly 40 items per line.
        let sizes = (0..<100_000).map { size($0 % 4 + 1, 1) }
        let l = layout([SectionSpec(items: .varying(sizes))], width: 100)
        #expect(l.sections[0].lineCount == 2_500)
        // Three Int32 per item, plus the line tables.
        #expect(l.byteCount < 100_000 * 13)
        #expect(l.frame(of: path(0, 99_999)) == rect(96, 2_499, 4, 1))
        let visible = l.elements(in: rect(10, 1_000, 10, 2))
        // Columns 10..<20 of a line: items 4..<8 (x 10, 11, 13, 16), twice.
        #expect(visible.map { $0.item! } == [40_004, 40_005, 40_006, 40_007, 40_044, 40_045, 40_046, 40_047])
        #expect(l.element(at: Point(x: 12, y: 2_000), offset: 0)?.item == 80_005)
    }

    @Test("content taller than Int32 rows in a varying section")
    func tallVarying() {
        // 30 000 items of 100 000 rows (the catalog's largest accepted size), one per line:
        // the last line starts at row 2 999 900 000, beyond Int32.
        let sizes = (0..<30_000).map { size($0 % 2 + 1, 100_000) }
        let l = layout([SectionSpec(items: .varying(sizes), footerHeight: 1)], width: 2, spacing: 1)
        #expect(l.contentHeight == 3_000_000_001)
        #expect(l.frame(of: path(0, 29_999)) == rect(0, 2_999_900_000, 2, 100_000))
        let visible = l.elements(in: rect(0, 2_999_950_000, 2, 100_000))
        #expect(visible.map { $0.item ?? -1 } == [29_999, -1])
        #expect(l.element(at: Point(x: 0, y: 2_999_899_999), offset: 0)?.item == 29_998)
        #expect(l.neighbour(of: path(0, 29_998), .down) == path(0, 29_999))
        #expect(l.firstItem(atOrBelowRow: 2_999_800_000, columnIndex: 0) == path(0, 29_998))
    }
}
