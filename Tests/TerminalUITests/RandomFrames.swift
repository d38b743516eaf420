// Random frames that scroll like the browser's: a header, lines of words in many styles, a
// focus, a status line; the view moves by a few lines, by pages or jumps, and words change.

import SeededRandom
@testable import TerminalUI

struct RandomFrames {
    /// ASCII, CJK, an emoji of one scalar, and risky clusters: a base and zero-width scalars
    /// (VS16, keycaps, a combining accent), and sequences a terminal that joins nothing draws
    /// wider than their two cells (a flag, a skin tone, ZWJ sequences: xterm draws the family as
    /// four people over eight cells).
    static let words = [
        "ab", "xyz", "中文", "😀", "❤️", "1️⃣", "e\u{301}", "☺️", "q", "🕐", "#️⃣", "ok", "  ", "é",
        "👨‍👩‍👦‍👦", "🧔🏽‍♂️", "👍🏽", "🇯🇵",
    ]
    /// Styles with and without colours (default, ANSI, bright, 256-colour, RGB) and attributes.
    static let styles = [
        CellStyle.plain, CellStyle(bold: true), CellStyle(background: .ansi(4)),
        CellStyle(foreground: .ansi(0), background: .ansi(11), bold: true), CellStyle(reverse: true),
        CellStyle(underline: true), CellStyle(foreground: .indexed(244), dim: true),
        CellStyle(foreground: .rgb(200, 40, 40), background: .indexed(236)),
        CellStyle(foreground: .ansi(12)), CellStyle(background: .rgb(10, 60, 120), underline: true),
    ]

    var generator: SplitMix64
    let width: Int
    let height: Int
    var lines: [[(String, CellStyle)]]
    var offset = 0

    init(seed: UInt64, width: Int, height: Int) {
        generator = SplitMix64(seed: seed)
        self.width = width
        self.height = height
        lines = []
        lines = (0..<height * 4).map { _ in Self.line(&generator, width: width) }
    }

    static func line(_ generator: inout SplitMix64, width: Int) -> [(String, CellStyle)] {
        var parts: [(String, CellStyle)] = []
        var used = 0
        // Some lines alike (blank or nearly), as between sections, so that not every line is unique.
        if Int.random(in: 0..<6, using: &generator) == 0 { return [] }
        let end = Int.random(in: 0..<3, using: &generator) == 0 ? width / 2 : width - 4
        while used < end {
            let word = words.randomElement(using: &generator)!
            parts.append((word, styles.randomElement(using: &generator)!))
            used += TextWidth().width(of: word) + Int.random(in: 1...3, using: &generator)
        }
        return parts
    }

    /// The next frame: the view moved and a few words changed.
    mutating func next(step: Int) -> CellBuffer {
        let maximum = lines.count - (height - 2)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<5: offset += [1, -1, 2, -2, 3].randomElement(using: &generator)!
        case 5..<7: offset += Bool.random(using: &generator) ? height - 3 : -(height - 3)
        case 7: offset = Int.random(in: 0...maximum, using: &generator)
        default: break
        }
        offset = min(max(0, offset), maximum)
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            let line = min(lines.count - 1, offset + Int.random(in: 0..<height, using: &generator))
            if !lines[line].isEmpty {
                let word = Int.random(in: 0..<lines[line].count, using: &generator)
                lines[line][word].0 = Self.words.randomElement(using: &generator)!
            }
        }
        let focus = Bool.random(using: &generator) ? offset + Int.random(in: 0..<height - 2, using: &generator) : nil
        var buffer = CellBuffer(width: width, height: height)
        buffer.put("header", x: 0, y: 0, style: CellStyle(bold: true))
        for y in 1..<height - 1 {
            var x = 0
            // A section background on some rows, as the browser draws them.
            if (offset + y) % 7 == 0 {
                buffer.fill(x: 0, y: y, width: width, height: 1, style: CellStyle(background: .indexed(235)))
            }
            for (index, (text, style)) in lines[offset + y - 1].enumerated() {
                var style = style
                if focus == offset + y - 1 && index == 1 { style = CellStyle(reverse: true) }
                x += buffer.put(text, x: x, y: y, style: style) + 1 + (text.count % 2)
            }
        }
        buffer.put("step \(step) at \(offset)", x: 0, y: height - 1, style: CellStyle(background: .ansi(2)))
        return buffer
    }
}
