import Testing
import TerminalUI

@Suite("Clipped drawing")
struct ClipTests {
    @Test("fill and put change only the cells inside the clip")
    func staysInside() {
        var buffer = CellBuffer(width: 10, height: 3)
        let marked = CellStyle(bold: true)
        buffer.withClip(x: 2, y: 1, width: 5, height: 1) { buffer in
            buffer.fill(x: 0, y: 0, width: 10, height: 3, style: marked)
            buffer.put("abcdefghij", x: 0, y: 1, style: marked)
            buffer.put("zz", x: 0, y: 0, style: marked)
        }
        #expect(buffer.lines == ["          ", "  cdefg   ", "          "])
        for y in 0..<3 {
            for x in 0..<10 {
                #expect(buffer[x, y].style.bold == (y == 1 && (2..<7).contains(x)), "(\(x), \(y))")
            }
        }
    }

    @Test("a wide glyph that would cross either edge of the clip is not drawn: never half an emoji")
    func wideGlyphsAtTheEdges() {
        var buffer = CellBuffer(width: 10, height: 1)
        buffer.withClip(x: 3, y: 0, width: 4, height: 1) { buffer in
            // 😀 at 2 would cover 2-3: half outside on the left.
            buffer.put("😀ab😀😀", x: 2, y: 0, style: .plain)
        }
        // Left: the emoji at 2..3 is dropped; "ab" at 4..5; the emoji at 6..7 crosses the right edge.
        #expect(buffer.lines == ["    ab    "])
        let emoji = TextWidth().measuredCluster("😀")!
        buffer.withClip(x: 0, y: 0, width: 5, height: 1) { buffer in
            #expect(buffer.put(emoji, x: 4, y: 0, style: .plain) == 0)
            #expect(buffer.put(emoji, x: 3, y: 0, style: .plain) == 2)
        }
    }

    @Test("clips nest: the inner one is cut to the outer one, and each ends with its closure")
    func nesting() {
        var buffer = CellBuffer(width: 8, height: 1)
        buffer.withClip(x: 0, y: 0, width: 4, height: 1) { outer in
            outer.withClip(x: 2, y: 0, width: 6, height: 1) { inner in
                inner.put("xxxxxxxx", x: 0, y: 0, style: .plain)
            }
            outer.put("o", x: 0, y: 0, style: .plain)
            outer.put("ooooooo", x: 5, y: 0, style: .plain)
        }
        buffer.put("e", x: 7, y: 0, style: .plain)
        #expect(buffer.lines == ["o xx   e"])
    }

    @Test("a faded style is dim below the opaque alpha, itself at it")
    func faded() {
        let style = CellStyle(foreground: .ansi(2), bold: true)
        #expect(style.faded(to: 1) == style)
        #expect(style.faded(to: CellStyle.opaqueAlpha) == style)
        var dim = style
        dim.dim = true
        #expect(style.faded(to: 0.5) == dim)
    }
}
