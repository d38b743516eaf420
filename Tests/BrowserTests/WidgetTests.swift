// The widget protocol and its layers: each widget draws only in its area, in z order.

@testable import Browser
import SplitLayout
import Testing
import TerminalUI

/// Fills its whole area with one letter, and tries to write past it.
private struct Letter: Widget {
    let letter: Character

    func render(in area: Rect, into buffer: inout CellBuffer) {
        buffer.fill(x: 0, y: 0, width: buffer.width, height: buffer.height, style: .plain)
        for row in 0..<buffer.height {
            buffer.put(String(repeating: letter, count: buffer.width), x: 0, y: row, style: .plain)
        }
    }
}

@Suite("Widgets and layers")
struct WidgetTests {
    @Test("a widget draws only inside its area, whatever it tries")
    func clippedToItsArea() {
        var buffer = CellBuffer(width: 6, height: 3)
        var layers = Layers()
        layers.add(Letter(letter: "a"), in: Rect(x: 1, y: 1, width: 3, height: 1))
        layers.render(into: &buffer)
        #expect(buffer.lines == ["      ", " aaa  ", "      "])
    }

    @Test("layers draw in increasing z, ties in the order added: the front one covers")
    func zOrder() {
        var buffer = CellBuffer(width: 5, height: 1)
        var layers = Layers()
        layers.add(Letter(letter: "c"), in: Rect(x: 2, y: 0, width: 1, height: 1), z: 2)
        layers.add(Letter(letter: "a"), in: Rect(x: 0, y: 0, width: 5, height: 1), z: -1)
        layers.add(Letter(letter: "b"), in: Rect(x: 1, y: 0, width: 3, height: 1), z: 0)
        layers.add(Letter(letter: "d"), in: Rect(x: 3, y: 0, width: 1, height: 1), z: 0)
        layers.render(into: &buffer)
        #expect(buffer.lines == ["abcda"])
    }

    @Test("a card moved by its transform and cut by the column edge keeps no half emoji")
    func transformedCardClipped() {
        struct Card: Widget {
            func render(in area: Rect, into buffer: inout CellBuffer) {
                buffer.put("😀😀😀😀", x: area.x, y: area.y, style: CellStyle.plain.faded(to: 0.5))
            }
        }
        var buffer = CellBuffer(width: 10, height: 1)
        // The column is cells 0..<7; the card, 8 wide, moved 3 right of 0 by its effect.
        let card = CardTransform(translateX: 3).applied(to: Rect(x: 0, y: 0, width: 8, height: 1))
        buffer.withClip(x: 0, y: 0, width: 7, height: 1) { column in
            var layers = Layers()
            layers.add(Card(), in: card)
            layers.render(into: &column)
        }
        #expect(buffer.lines == ["   😀😀   "])
        #expect(buffer[3, 0].style.dim)
    }
}
