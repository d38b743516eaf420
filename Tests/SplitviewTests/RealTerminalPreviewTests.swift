// More of RealTerminalTests: the preview window (--preview, --preview-window; issue 28) in
// xterm and kitty under Xvfb. Its command prints a red line, a green line, the item and a line
// of wide characters: the first two's cells are red and green pixels, and no other cell is;
// they are inside the window's border (its lines where the window is, its corner rounded or
// sharp as the style says, whole beside the wide characters cut inside it); beside the window
// (or under it) the items, the focused one's row highlighted in the list's columns alone,
// every item's text drawn. `render` runs no preview: the cells are found by the window's
// geometry (fzf's sizes; PreviewPaneTests checks the same placements in memory).

import Foundation
import TerminalTestSupport
import Testing

extension RealTerminalTests {
    typealias RGB = (Int, Int, Int)

    /// A cell of a screenshot: its background (its most common colour) and its ink (the most
    /// common of the colours far from the background), when those are more than 6% of it;
    /// `inkShare`, the share of its pixels far from the background.
    struct ShotCell {
        let background: RGB
        let ink: RGB?
        let inkShare: Double
    }

    /// The cells of the screenshot of a terminal `columns` x `rows` cells. `wholePixels`: cells
    /// a whole number of pixels (as the terminals draw them), the pixels the window has beyond
    /// them (its padding) left out; else the window divided evenly.
    struct ShotCells {
        let image: Image
        let columns: Int, rows: Int
        let cellWidth: Double, cellHeight: Double
        private let cells: [ShotCell]

        init(_ image: Image, columns: Int, rows: Int, wholePixels: Bool = false) {
            self.image = image
            self.columns = columns
            self.rows = rows
            cellWidth = wholePixels ? Double(image.width / columns) : Double(image.width) / Double(columns)
            cellHeight = wholePixels ? Double(image.height / rows) : Double(image.height) / Double(rows)
            var cells: [ShotCell] = []
            for row in 0..<rows {
                for column in 0..<columns {
                    let pixels = Self.pixels(image, column: column, row: row, cellWidth, cellHeight)
                    let background = Self.mostCommon(pixels)
                    let far = pixels.filter { Self.distance($0, background) > 120 }
                    let share = pixels.isEmpty ? 0 : Double(far.count) / Double(pixels.count)
                    cells.append(
                        ShotCell(
                            background: background, ink: share > 0.06 ? Self.mostCommon(far) : nil, inkShare: share))
                }
            }
            self.cells = cells
        }

        subscript(column: Int, row: Int) -> ShotCell { cells[row * columns + column] }

        /// The cells where `test` holds, as "column,row".
        func find(_ test: (ShotCell) -> Bool) -> [(column: Int, row: Int)] {
            cells.indices.filter { test(cells[$0]) }.map { (column: $0 % columns, row: $0 / columns) }
        }

        /// The pixels' left and top edges of a cell.
        func origin(column: Int, row: Int) -> (x: Int, y: Int) {
            (Int(Double(column) * cellWidth), Int(Double(row) * cellHeight))
        }

        static func pixels(_ image: Image, column: Int, row: Int, _ width: Double, _ height: Double) -> [RGB] {
            let x0 = Int(Double(column) * width), x1 = min(Int(Double(column + 1) * width), image.width)
            let y0 = Int(Double(row) * height), y1 = min(Int(Double(row + 1) * height), image.height)
            return (y0..<y1).flatMap { y in (x0..<x1).map { x in image.pixel(x, y) } }
        }

        static func mostCommon(_ pixels: [RGB]) -> RGB {
            var counts: [Int: Int] = [:]
            for p in pixels { counts[p.0 << 16 | p.1 << 8 | p.2, default: 0] += 1 }
            let top = counts.max { $0.value < $1.value }?.key ?? 0
            return (top >> 16, top >> 8 & 255, top & 255)
        }

        static func distance(_ a: RGB, _ b: RGB) -> Int { abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2) }
    }

    static func isRed(_ p: RGB) -> Bool { p.0 > 150 && p.1 < 90 && p.2 < 90 }
    static func isGreen(_ p: RGB) -> Bool { p.1 > 130 && p.0 < 100 && p.2 < 100 }
    /// The focus highlight (bright yellow) and the header colour (blue), as the tests above.
    static func isYellow(_ p: RGB) -> Bool { p.0 > 150 && p.1 > 150 && p.2 < 130 }
    static func isBlue(_ p: RGB) -> Bool { p.2 > p.0 + 60 && p.2 > p.1 + 40 }

    /// A preview window's cells, its border's included, and its corners' style.
    struct PreviewPlace: Sendable {
        var x: Int, y: Int, width: Int, height: Int
        var sharp: Bool
    }

    /// The lines of the data: long ones, so that they are a list (short ones are laid out as
    /// chips, side by side).
    static let previewedItems = [
        "alpha item number one with a long label", "beta item number two with a long label",
        "gamma item number three with a long label", "delta item number four with a long label",
    ]

    /// Runs splitview with a preview whose command prints "RED LINE" in red, "GREEN LINE" in
    /// green, the item and a line of wide characters, its window as `window` says, in
    /// `terminal` (100 x 16), and checks the screenshot: the coloured text in its colours where
    /// the window (`place`) puts its first lines, and nowhere else; the window's border, whole
    /// beside the wide characters; the items' header on `focusRow - 1` and the focused item's
    /// row highlighted in the list's `list` columns alone, with its text drawn, and the items
    /// under it drawn.
    static func expectPreview(
        terminal: String, window: String, place: PreviewPlace, focusRow: Int, list: Range<Int>, name: String
    ) throws {
        let columns = 100, rows = 16
        let data = FileManagerHelper.temporaryDirectory() + "/items.txt"
        try FileManagerHelper.write(previewedItems.joined(separator: "\n") + "\n", to: data)
        // (Then a line of wide characters longer than the window, after a narrow one: cut
        // before the one that does not fit, leaving the border alone. A panda, black and
        // white, is none of the colours looked for.)
        let preview =
            #"printf '\033[31mRED LINE\033[0m\n\033[32mGREEN LINE\033[0m\n'; echo {}; echo "#
            + "x" + String(repeating: "🐼", count: 60)
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        // (The preview runs in $SHELL, and the test runner's could be any: sh's printf.)
        let command =
            "export SHELL=/bin/sh; exec "
            + [binary, "--no-recent", "--preview", preview, "--preview-window", window, data].map(quoted).joined(
                separator: " ")
        let display = try Display()
        let image = try screenshot(
            terminal, columns: columns, rows: rows, display: display, name: name, command: command
        ) { image in
            ShotCells(image, columns: columns, rows: rows).find { $0.ink.map(isRed) == true }.count >= 5
        }
        let cells = ShotCells(image, columns: columns, rows: rows)

        // 1. The command's coloured lines, from the window's first cell inside its border (a
        // line and a blank column), in their colours; no other cell in either.
        let x = place.x + 2, y = place.y + 1
        func letters(of text: String, row: Int) -> Set<String> {
            Set(text.enumerated().filter { $0.element != " " }.map { "\(x + $0.offset),\(row)" })
        }
        let coloured: [(String, Int, (RGB) -> Bool)] = [("RED LINE", y, isRed), ("GREEN LINE", y + 1, isGreen)]
        for (text, row, isColour) in coloured {
            let found = Set(cells.find { $0.ink.map(isColour) == true }.map { "\($0.column),\($0.row)" })
            let expected = letters(of: text, row: row)
            #expect(
                found.isSubset(of: expected) && found.count >= expected.count - 1,
                "\(text) of \(name): coloured cells \(found.sorted()), its letters at \(expected.sorted())")
        }
        // The item, as {} printed it, under them in the default colour.
        let echoed = (x..<(x + 30)).filter { cells[$0, y + 2].ink.map { !isRed($0) && !isGreen($0) } == true }
        #expect(echoed.count >= 20, "the item's line in the preview of \(name): ink in \(echoed)")
        let wide = (x..<(x + 34)).filter { cells[$0, y + 3].ink != nil }
        #expect(wide.count >= 20, "the wide characters' line in the preview of \(name): ink in \(wide)")

        // 2. The border: its lines around the window, a blank column inside each side.
        let right = place.x + place.width - 1, bottom = place.y + place.height - 1
        var wrong: [String] = []
        for row in (place.y + 1)..<bottom {
            for (column, inked) in [(place.x, true), (place.x + 1, false), (right - 1, false), (right, true)]
            where (cells[column, row].ink != nil) != inked {
                wrong.append("(\(column),\(row)) \(inked ? "blank" : "inked")")
            }
        }
        for column in (place.x + 1)..<right {
            for row in [place.y, bottom] where cells[column, row].ink == nil {
                wrong.append("(\(column),\(row)) blank")
            }
        }
        #expect(wrong.isEmpty, "the border of \(name): \(wrong.prefix(12))")
        // The top left corner: sharp, the lines meet at a pixel of ink; rounded, an arc passes
        // inside it. (The lines' pixels found beside it: the row of the most ink in the cell
        // to its right, the column of the most in the cell under it.)
        let corner = cells.origin(column: place.x, row: place.y)
        let across = cells.origin(column: place.x + 1, row: place.y)
        let down = cells.origin(column: place.x, row: place.y + 1)
        let background = cells[place.x + 1, place.y].background
        func inked(_ px: Int, _ py: Int) -> Bool { ShotCells.distance(image.pixel(px, py), background) > 120 }
        let width = Int(cells.cellWidth), height = Int(cells.cellHeight)
        let lineY = (0..<height).max { a, b in
            (0..<width).filter { inked(across.x + $0, across.y + a) }.count
                < (0..<width).filter { inked(across.x + $0, across.y + b) }.count
        }!
        let lineX = (0..<width).max { a, b in
            (0..<height).filter { inked(down.x + a, down.y + $0) }.count
                < (0..<height).filter { inked(down.x + b, down.y + $0) }.count
        }!
        #expect(
            inked(corner.x + lineX, corner.y + lineY) == place.sharp,
            "the corner of \(name) is not \(place.sharp ? "sharp" : "rounded") at (\(lineX),\(lineY)) of its cell")

        // 3. The items: the header over them in its colour, the focused row highlighted in the
        // list's columns and nowhere else, the text of it and of the items under it drawn.
        let header = cells.find { isBlue($0.background) }
        #expect(
            header.count >= 10 && header.allSatisfy { $0.row == focusRow - 1 && list.contains($0.column) },
            "the header of \(name): \(header.prefix(12))")
        let focus = cells.find { isYellow($0.background) }
        let astray = focus.filter { $0.row != focusRow || !list.contains($0.column) }
        #expect(
            focus.count >= 30 && astray.isEmpty,
            "the focus highlight of \(name): \(focus.count) cells, outside its row: \(astray.prefix(12))")
        let label = focus.filter { cells[$0.column, $0.row].ink != nil }
        #expect(label.count >= 25, "the focused item's text in \(name): ink in \(label.count) cells")
        for row in (focusRow + 1)...(focusRow + 3) {
            let text = (list.lowerBound + 2)..<(list.lowerBound + 30)
            let drawn = text.filter { cells[$0, row].ink != nil }
            #expect(drawn.count >= 20, "the item on row \(row) of \(name): ink in \(drawn)")
        }
    }

    @Test(
        "--preview at the right in xterm and kitty: its red and green text in a rounded border, the focus beside it",
        .needs(tools),
        arguments: ["xterm", "kitty"])
    func previewAtTheRight(terminal: String) throws {
        // Half of 100 columns, the list in the 49 before it (a blank column between).
        try Self.expectPreview(
            terminal: terminal, window: "right,50%",
            place: PreviewPlace(x: 50, y: 0, width: 50, height: 15, sharp: false),
            focusRow: 1, list: 0..<49, name: "splitview-\(terminal)-preview-right")
    }

    @Test(
        "--preview-window left,40%,border-sharp in xterm and kitty: the window at the left, the items after it",
        .needs(tools),
        arguments: ["xterm", "kitty"])
    func previewAtTheLeft(terminal: String) throws {
        try Self.expectPreview(
            terminal: terminal, window: "left,40%,border-sharp",
            place: PreviewPlace(x: 0, y: 0, width: 40, height: 15, sharp: true), focusRow: 1, list: 41..<100,
            name: "splitview-\(terminal)-preview-left")
    }

    @Test(
        "--preview-window up,8 in xterm and kitty: the window above the items, every item drawn under it",
        .needs(tools),
        arguments: ["xterm", "kitty"])
    func previewAbove(terminal: String) throws {
        // Eight lines and the border's two rows; the items' header under them.
        try Self.expectPreview(
            terminal: terminal, window: "up,8", place: PreviewPlace(x: 0, y: 0, width: 100, height: 10, sharp: false),
            focusRow: 11, list: 0..<100, name: "splitview-\(terminal)-preview-up")
    }
}
