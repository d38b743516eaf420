// Pixel tests of the row effects in real terminals (issue 29): each effect, the six built in and
// one of keyframes from the configuration, in xterm and in kitty under Xvfb, on two rows of
// cards (the planets fixture, the focus in the first row), screenshot at rest, during a move
// (Right, the move slowed to 2 s by the configuration's ease-out settle) and at rest again,
// each checked cell by cell against `splitview render`:
// - every cell render leaves blank has no ink, every cell where it draws a character (a letter,
//   a line of a box) has some: an effect leaving ink where render has none, or a card cut or
//   placed otherwise, fails;
// - the focus highlight (yellow) is on the focused card alone, on all of it that shows.
// A frame taken during a move is checked against `render --row 0:OFFSET` (see `expectMidMove`).
// The screenshots are kept in .build/screenshots; the kitty ones, cropped to the moving row, in
// .build/screenshots/effects, from which docs/effects.sh makes docs/effects.png.

import Foundation
import TerminalTestSupport
import Testing

@Suite(.serialized) struct RealTerminalEffectTests {
    typealias Image = RealTerminalTests.Image
    typealias ShotCells = RealTerminalTests.ShotCells

    /// The effects shown: the built-in ones and "tilt", the configuration's keyframes.
    static let effects = ["none", "carousel", "scale", "stack", "snapshot", "distance", "tilt"]
    static let columns = 60, rows = 16
    static let data = Support.fixture("data/planets.json")
    static let configuration = Support.fixture("config/effects-slow.toml")
    /// Cells from a card to the next (the fixture's card width, 20, and gap, 2).
    static let stride = 22.0
    /// How long a move takes, eased out (the configuration's `settle_duration`).
    static let moveDuration = 2.0

    /// One display for the whole suite, started at its first test and ended with the tests'
    /// process (a server per test costs its start each time).
    nonisolated(unsafe) static var sharedDisplay: RealTerminalTests.Display?

    static func display() throws -> RealTerminalTests.Display {
        if let sharedDisplay { return sharedDisplay }
        let display = try RealTerminalTests.Display()
        sharedDisplay = display
        // (Its deinit ends the server and removes its files.)
        atexit { RealTerminalEffectTests.sharedDisplay = nil }
        return display
    }

    @Test(
        "each row effect in xterm and kitty: at rest, mid-move and at rest again, drawn as render draws it",
        .needs(RealTerminalTests.tools),
        arguments: ["xterm", "kitty"], effects)
    func effect(terminal: String, effect: String) throws {
        let display = try Self.display()
        let name = "splitview-\(terminal)-effect-\(effect)"
        let arguments = [
            "--config", Self.configuration, "--data", Self.data, "--style", "row", "--effect", effect,
            "--width", "\(Self.columns)", "--height", "\(Self.rows)",
        ]
        let browse = [
            RealTerminalTests.binary, "--no-recent", "--config", Self.configuration, "--style", "row", "--effect",
            effect,
            Self.data,
        ]
        let start = try Self.expected(arguments + ["--focus", "0:0"])
        // (The row at rest on the second card: `--row` puts layout's cards there, which knows no
        // focus, and render's focus on it.)
        let end = try Self.expected(arguments + ["--focus", "0:1", "--row", "0:\(Self.stride)"])
        try RealTerminalTests.running(
            terminal, columns: Self.columns, rows: Self.rows, display: display, name: name,
            command: "exec " + browse.map(Self.quoted).joined(separator: " "), firstFrame: 1_000_000
        ) { window, environment in
            // 1. At rest on the first card, once the first frame is there.
            let first = try Self.settled(window, name: "\(name)-rest", environment: environment, as: start)
            try Self.expect(first, drawnAs: start, name: "\(name) at rest")

            // 2. Right, and a screenshot while the row moves from the first card to the second.
            try RealTerminalTests.type([], into: window, environment: environment)
            let pressed = Date()
            _ = try Support.spawn(RealTerminalTests.path(of: "xdotool")!, ["key", "Right"], environment: environment)
            usleep(200_000)
            var moving = try RealTerminalTests.capture(window, name: "\(name)-move", environment: environment)
            // (Taken again while its cards are still at rest on the first: a loaded machine may
            // take a while to pass the key on.)
            while Self.disagreements(Self.cells(moving), start.lines, rows: 0..<(Self.rows - 1)).isEmpty,
                Date().timeIntervalSince(pressed) < 1
            {
                usleep(50_000)
                moving = try RealTerminalTests.capture(window, name: "\(name)-move", environment: environment)
            }
            let taken = Date().timeIntervalSince(pressed)
            let offset = try Self.expectMidMove(
                moving, after: taken, arguments: arguments, from: start, to: end, name: "\(name) mid-move")

            // 3. At rest on the second card, once the move is over.
            usleep(useconds_t(max(0, Self.moveDuration + 0.3 - Date().timeIntervalSince(pressed)) * 1_000_000))
            let last = try Self.settled(window, name: "\(name)-rested", environment: environment, as: end)
            try Self.expect(last, drawnAs: end, name: "\(name) at rest after the move")

            if terminal == "kitty", offset != nil {
                try Self.keepForTheReadme(
                    effect: effect, name: name, rows: end.sectionRows, cell: (Int(last.cellWidth), Int(last.cellHeight))
                )
            }
        }
    }

    /// What render and layout say of a screen: its lines, the focused card's frame, the moving
    /// row's columns and offset, and the rows of the first section (its header to the next).
    struct Expected {
        var lines: [String]
        var focused: (x: Int, y: Int, width: Int, height: Int, z: Double)
        /// Whether the effect draws the focused card (alpha 0.3 or more): the snapshot's next
        /// card is not there until half way.
        var focusedShows: Bool
        var rowColumns: Range<Int>
        var rowOffset: Double
        var sectionRows: Int
        /// The drawn frames and z of the other cards of the moving row.
        var others: [(x: Int, y: Int, width: Int, height: Int, z: Double)]
    }

    /// render's lines and layout's frames for `arguments` (with --focus, to render only, and
    /// --row, to both).
    static func expected(_ arguments: [String]) throws -> Expected {
        let lines = try rendered(arguments)
        var layoutArguments = arguments
        if let focus = arguments.firstIndex(of: "--focus") { layoutArguments.removeSubrange(focus...(focus + 1)) }
        let layout = try Support.run(
            ["layout", "--visible"] + layoutArguments, executable: RealTerminalTests.binary)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])
        let elements = json["elements"] as? [[String: Any]] ?? []
        func int(_ element: [String: Any], _ key: String) -> Int { element[key] as? Int ?? 0 }
        let focusItem = arguments.firstIndex(of: "--focus").map { arguments[$0 + 1] == "0:1" ? 1 : 0 } ?? 0
        let cards = elements.filter { $0["kind"] as? String == "item" && $0["section"] as? Int == 0 }
        let focused = try #require(cards.first { $0["item"] as? Int == focusItem }, "card \(focusItem) in \(layout)")
        let row = try #require(elements.first { $0["kind"] as? String == "row" && $0["section"] as? Int == 0 })
        let next = elements.first { $0["kind"] as? String == "header" && $0["section"] as? Int == 1 }
        return Expected(
            lines: lines,
            focused: (
                int(focused, "x"), int(focused, "y"), int(focused, "width"), int(focused, "height"),
                (focused["z"] as? NSNumber)?.doubleValue ?? 0
            ),
            focusedShows: ((focused["alpha"] as? NSNumber)?.doubleValue ?? 1) >= 0.3,
            rowColumns: int(row, "x")..<(int(row, "x") + int(row, "width")),
            rowOffset: (row["offset"] as? NSNumber)?.doubleValue ?? 0,
            sectionRows: next.map { int($0, "pinnedY") } ?? rows - 1,
            others: cards.filter {
                $0["item"] as? Int != focusItem && ($0["alpha"] as? NSNumber)?.doubleValue ?? 1 >= 0.3
            }
            .map {
                (
                    int($0, "x"), int($0, "y"), int($0, "width"), int($0, "height"),
                    ($0["z"] as? NSNumber)?.doubleValue ?? 0
                )
            })
    }

    /// render's lines for `arguments`, by the binary the terminal runs.
    static func rendered(_ arguments: [String]) throws -> [String] {
        let rendered = try Support.run(["render"] + arguments, executable: RealTerminalTests.binary)
        try #require(rendered.status == 0, "render \(arguments): \(rendered.stderr)")
        return rendered.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows).map(String.init)
    }

    /// Checks `image`, taken `taken` seconds after Right was sent, as a frame of the row's move
    /// from `start`'s offset to `end`'s; returns the offset it is drawn at.
    ///
    /// When the browser read the key, and which of its frames (16 ms apart) the terminal showed
    /// at the moment of the screenshot, is not known; what is known is that the move began
    /// after the key was sent, and eases out over `moveDuration`. So the screenshot is checked
    /// against render's frames at every offset the row can have reached by then, from where it
    /// started to where the ease-out has it `taken` seconds after the key (no further: the
    /// key was read after it was sent), and passes when it is drawn as one of them. The offsets
    /// go in steps of a twentieth of a cell, then, where none of them draws it, of a two
    /// hundredth around the three nearest (a card's place and size are rounded to cells, each
    /// at its own offsets: two roundings can fall closer than a twentieth apart, and the frame
    /// between them hold for no offset of the coarser steps). A frame that no offset would draw
    /// (a card where none is, ink left behind, strips that are no card's) fails; so does one at
    /// rest on either card: it must be a move.
    /// The status line is the one the row has at rest on the card it goes to (the focus moves
    /// at once; `render --row` puts the focus on the card the row is at, as a drag that rests
    /// there does), so it is checked against that.
    static func expectMidMove(
        _ image: Image, after taken: Double, arguments: [String], from start: Expected, to end: Expected, name: String
    ) throws -> Double? {
        let cells = Self.cells(image)
        let above = 0..<(rows - 1)
        #expect(
            !disagreements(cells, start.lines, rows: above).isEmpty,
            "\(name): at rest on the first card \(Int(taken * 1000)) ms after the key")
        #expect(
            !disagreements(cells, end.lines, rows: above).isEmpty,
            "\(name): at rest on the second card \(Int(taken * 1000)) ms after the key")
        let status = disagreements(cells, end.lines, rows: (rows - 1)..<rows)
        #expect(status.isEmpty, "\(name): the status line is not \(end.lines.last ?? ""): \(status.prefix(12))")

        let (from, to) = (start.rowOffset, end.rowOffset)
        let t = min(1, taken / moveDuration)
        let reached = min(to, from + (to - from) * (1 - (1 - t) * (1 - t) * (1 - t)) + 0.1)
        var tried: [(offset: Double, wrong: [String], lines: [String])] = []
        func match(_ offsets: [Double]) throws -> Double? {
            for offset in offsets where offset >= from && offset <= reached {
                let candidate = arguments + ["--focus", "0:1", "--row", "0:\(offset)"]
                let lines = try rendered(candidate)
                let wrong = disagreements(cells, lines, rows: above)
                if wrong.isEmpty {
                    expectFocus(cells, try expected(candidate), name: "\(name) at offset \(offset)")
                    return offset
                }
                tried.append((offset, wrong, lines))
            }
            return nil
        }
        // From the furthest back: the screenshot is most likely near the end of its window.
        let steps = Int(((reached - from) * 20).rounded(.up))
        if let offset = try match((0...max(0, steps)).reversed().map { from + Double($0) / 20 }) { return offset }
        let nearest = tried.sorted { $0.wrong.count < $1.wrong.count }.prefix(3).map(\.offset)
        let finer = nearest.flatMap { offset in (-9...9).map { offset + Double($0) / 200 } }
        if let offset = try match(finer) { return offset }
        let closest = tried.min { $0.wrong.count < $1.wrong.count }
        Issue.record(
            """
            \(name): drawn as render draws no offset from \(from) to \(reached) (\(Int(taken * 1000)) ms after \
            the key, .build/screenshots); the closest, \(closest?.offset ?? 0), differs in \(closest?.wrong.count ?? 0) \
            cells: \(closest?.wrong.prefix(12) ?? [])
            \(closest?.lines.joined(separator: "\n") ?? "")
            """)
        return nil
    }

    /// Keeps the kitty screenshots of `effect` for docs/effects.png (docs/effects.sh): at rest
    /// on the second card, and the frame mid-move, cropped to the first section's `rows`.
    static func keepForTheReadme(effect: String, name: String, rows sectionRows: Int, cell: (width: Int, height: Int))
        throws
    {
        let folder = "\(RealTerminalTests.screenshots)/effects"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let index = effects.firstIndex(of: effect) ?? 0
        for (shot, kept) in [("rested", "1-rest"), ("move", "2-move")] {
            let cropped = try Support.spawn(
                RealTerminalTests.path(of: "convert")!,
                [
                    "\(RealTerminalTests.screenshots)/\(name)-\(shot).png", "-crop",
                    "\(columns * cell.width)x\(sectionRows * cell.height)+0+0", "+repage",
                    "\(folder)/\(index)-\(effect)-\(kept).png",
                ])
            #expect(cropped.status == 0, "convert: \(cropped.stderr)")
        }
    }

    static func cells(_ image: Image) -> ShotCells { ShotCells(image, columns: columns, rows: rows, wholePixels: true) }

    /// The cells where the screenshot disagrees with render's `lines` (rows `rows`): a space
    /// with ink, or a character without. Ink is the share of a cell's pixels far from its
    /// background: none in a blank cell (under 1.5%, against the 4% of the least glyph, a `·`
    /// or a `:`), and at least 2.5% where render draws.
    static func disagreements(_ cells: ShotCells, _ lines: [String], rows: Range<Int>? = nil) -> [String] {
        var wrong: [String] = []
        for row in rows ?? 0..<min(lines.count, cells.rows) {
            var column = 0
            for character in lines[row] where column < cells.columns {
                let ink = cells[column, row].inkShare
                if character == " " ? ink >= 0.015 : ink < 0.025 {
                    wrong.append("(\(column),\(row)) \(character == " " ? "inked" : "blank, not \(character)")")
                }
                // (No wide characters in the fixture: a character is a cell.)
                column += 1
            }
        }
        return wrong
    }

    /// Screenshots of `window` until one is drawn as `expected` says, for up to 3 s; the last.
    static func settled(_ window: String, name: String, environment: [String: String], as expected: Expected) throws
        -> ShotCells
    {
        var cells = Self.cells(try RealTerminalTests.capture(window, name: name, environment: environment))
        for _ in 0..<15 where !disagreements(cells, expected.lines).isEmpty {
            usleep(200_000)
            cells = Self.cells(try RealTerminalTests.capture(window, name: name, environment: environment))
        }
        return cells
    }

    /// The screenshot drawn as render says (every row, the status line with them), the focus
    /// highlight on the focused card, all of it.
    static func expect(_ cells: ShotCells, drawnAs expected: Expected, name: String) throws {
        let wrong = disagreements(cells, expected.lines)
        #expect(
            wrong.isEmpty,
            "\(name): \(wrong.count) cells unlike render's:\n\(expected.lines.joined(separator: "\n"))\n\(wrong.prefix(12))"
        )
        expectFocus(cells, expected, name: name)
    }

    /// The focus highlight (yellow) on the focused card's cells alone, and on every one of them
    /// within the row that no card in front of it covers (nor one level with it: which of two
    /// is drawn last is not the test's to say).
    static func expectFocus(_ cells: ShotCells, _ expected: Expected, name: String) {
        let card = expected.focused
        func inCard(_ column: Int, _ row: Int) -> Bool {
            (card.x..<(card.x + card.width)).contains(column) && (card.y..<(card.y + card.height)).contains(row)
        }
        let yellow = cells.find { RealTerminalTests.isYellow($0.background) }
        guard expected.focusedShows else {
            #expect(yellow.isEmpty, "\(name): a focus highlight where no focused card is drawn: \(yellow.prefix(12))")
            return
        }
        let astray = yellow.filter { !inCard($0.column, $0.row) }
        #expect(!yellow.isEmpty, "\(name): no focus highlight")
        #expect(astray.isEmpty, "\(name): the focus highlight off its card \(card): \(astray.prefix(12))")
        var bare: [String] = []
        for row in card.y..<(card.y + card.height) where row < cells.rows - 1 {
            for column in card.x..<(card.x + card.width) where expected.rowColumns.contains(column) {
                let covered = expected.others.contains { other in
                    other.z >= card.z && (other.x..<(other.x + other.width)).contains(column)
                        && (other.y..<(other.y + other.height)).contains(row)
                }
                if !covered && !RealTerminalTests.isYellow(cells[column, row].background) {
                    bare.append("(\(column),\(row))")
                }
            }
        }
        #expect(bare.isEmpty, "\(name): cells of the focused card \(card) not highlighted: \(bare.prefix(12))")
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
}
