// More of RealTerminalTests: the focus's contrast as xterm, kitty and tmux in xterm draw it, at
// 8 colours (TERM=xterm, tmux), 256 (xterm-256color, xterm-kitty, tmux-256color) and with
// COLORTERM=truecolor. A grid item focused, then a row's card at rest and while the row moves
// it (a carousel whose moves take 3 s, caught 0.4 s after Right): the focus's cells found by
// their yellow, the text's colour the commonest of their ink pixels, and WCAG's contrast ratio
// of the two must be 7:1 or more. The figures go to the output (docs/terminals.md quotes them).

import Foundation
import TerminalTestSupport
import Testing

extension RealTerminalTests {
    /// One terminal set-up: the terminal, the TERM and COLORTERM splitview runs with, and
    /// whether it runs in tmux there.
    struct FocusCase: CustomStringConvertible, Sendable {
        let terminal: String
        let term: String
        let colorTerm: String
        let tmux: Bool

        var description: String {
            (tmux ? "tmux in \(terminal)" : terminal) + " TERM=\(term)"
                + (colorTerm.isEmpty ? "" : " COLORTERM=\(colorTerm)")
        }
        var name: String {
            "splitview-focus-\(tmux ? "tmux-" : "")\(terminal)-\(term)\(colorTerm.isEmpty ? "" : "-" + colorTerm)"
        }
    }

    static let focusCases = [
        FocusCase(terminal: "xterm", term: "xterm", colorTerm: "", tmux: false),
        FocusCase(terminal: "xterm", term: "xterm-256color", colorTerm: "", tmux: false),
        FocusCase(terminal: "xterm", term: "xterm-256color", colorTerm: "truecolor", tmux: false),
        FocusCase(terminal: "kitty", term: "xterm", colorTerm: "", tmux: false),
        FocusCase(terminal: "kitty", term: "xterm-kitty", colorTerm: "", tmux: false),
        FocusCase(terminal: "kitty", term: "xterm-kitty", colorTerm: "truecolor", tmux: false),
        FocusCase(terminal: "xterm", term: "tmux", colorTerm: "", tmux: true),
        FocusCase(terminal: "xterm", term: "tmux-256color", colorTerm: "", tmux: true),
        FocusCase(terminal: "xterm", term: "tmux-256color", colorTerm: "truecolor", tmux: true),
    ]

    /// A grid of three words over a carousel row whose moves take 3 s.
    static let focusData = """
        {"sections": [
          {"title": "Grid", "items": ["alpha", "bravo", "charlie"]},
          {"title": "Carousel", "style": "row",
           "row": {"cardWidth": 16, "cardHeight": 3, "gap": 2, "effect": "carousel", "settleDuration": 3000},
           "items": ["one", "two", "three", "four", "five", "six"]}
        ]}
        """

    /// The focus as the screenshot shows it: the cells in its yellow (their leftmost column),
    /// its background, the commonest colour of the ink on it, and WCAG's contrast of the two.
    struct DrawnFocus: CustomStringConvertible {
        var cells = 0
        var left = Int.max
        var background = (0, 0, 0)
        var ink = (0, 0, 0)
        var inkPixels = 0

        var ratio: Double { ContrastMath.contrast(ink, background) }
        var description: String {
            func hex(_ c: (Int, Int, Int)) -> String { String(format: "#%02x%02x%02x", c.0, c.1, c.2) }
            return String(format: "%.1f:1 (%@ on %@, %d cells)", ratio, hex(ink), hex(background), cells)
        }
    }

    static func drawnFocus(_ image: Image, columns: Int, rows: Int) -> DrawnFocus {
        let cellWidth = Double(image.width) / Double(columns), cellHeight = Double(image.height) / Double(rows)
        func isYellow(_ p: (Int, Int, Int)) -> Bool { p.0 > 150 && p.1 > 150 && p.2 < 130 }
        var found = DrawnFocus()
        var backgrounds: [Int: Int] = [:]
        var cells: [(Int, Int)] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = Self.cell(image, column: column, row: row, cellWidth: cellWidth, cellHeight: cellHeight)
                guard isYellow(cell.dominant) else { continue }
                cells.append((column, row))
                found.left = min(found.left, column)
                backgrounds[cell.dominant.0 << 16 | cell.dominant.1 << 8 | cell.dominant.2, default: 0] += 1
            }
        }
        found.cells = cells.count
        guard let top = backgrounds.max(by: { $0.value < $1.value })?.key else { return found }
        found.background = (top >> 16, top >> 8 & 255, top & 255)
        // The ink: the pixels of those cells far from the background; the text's colour is
        // that of the strokes' cores, the commonest among the tenth of them farthest from the
        // background (anti-aliased edges only come nearer it).
        var inks: [(Int, Int, Int)] = []
        for (column, row) in cells {
            let x0 = Int(Double(column) * cellWidth), x1 = Int(Double(column + 1) * cellWidth)
            let y0 = Int(Double(row) * cellHeight), y1 = Int(Double(row + 1) * cellHeight)
            for y in y0..<min(y1, image.height) {
                for x in x0..<min(x1, image.width) {
                    let p = image.pixel(x, y)
                    let b = found.background
                    guard abs(p.0 - b.0) + abs(p.1 - b.1) + abs(p.2 - b.2) > 90 else { continue }
                    inks.append(p)
                }
            }
        }
        found.inkPixels = inks.count
        let background = found.background
        let cores = inks.sorted { ContrastMath.contrast($0, background) > ContrastMath.contrast($1, background) }
            .prefix(max(5, inks.count / 10))
        var counts: [Int: Int] = [:]
        for p in cores { counts[p.0 << 16 | p.1 << 8 | p.2, default: 0] += 1 }
        if let ink = counts.max(by: { $0.value < $1.value })?.key { found.ink = (ink >> 16, ink >> 8 & 255, ink & 255) }
        return found
    }

    /// Runs the focus data in `setup` (with `extra` arguments) and gives `body` a function that
    /// types keys and takes the screenshot after them.
    static func runningFocus<Result>(
        _ setup: FocusCase, extra: [String] = [], columns: Int, rows: Int,
        _ body: (_ shoot: (_ keys: [String], _ wait: Double, _ label: String) throws -> Image) throws -> Result
    ) throws -> Result {
        let scratch = FileManagerHelper.temporaryDirectory()
        let data = "\(scratch)/focus.json"
        try focusData.write(toFile: data, atomically: true, encoding: .utf8)
        let splitview = ([binary, "--no-recent"] + extra + [data]).map { "'" + $0 + "'" }.joined(separator: " ")
        // (Without NO_COLOR, which the tests' environment may have and tmux would pass on.)
        let run = "env -u NO_COLOR TERM=\(setup.term) COLORTERM=\(setup.colorTerm) \(splitview)"
        let socket = "\(scratch)/tmux.sock"
        var command = "exec \(run)"
        if setup.tmux {
            // The session made apart, the terminal attached to it, and the server ended before
            // the terminal (a terminal killed with its tmux client in it was never reaped).
            let conf = "\(scratch)/tmux.conf"
            try "set -g status off\nset -g escape-time 0\n".write(toFile: conf, atomically: true, encoding: .utf8)
            let made = try Support.spawn(
                path(of: "tmux")!,
                ["-S", socket, "-f", conf, "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", run],
                environment: ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" })
            try #require(made.status == 0, "tmux: \(made.stderr)")
            command = "exec \(path(of: "tmux")!) -S '\(socket)' attach"
        }
        defer {
            if setup.tmux { _ = try? Support.spawn(path(of: "tmux")!, ["-S", socket, "kill-server"]) }
        }
        let display = try Display()
        return try running(
            setup.terminal, columns: columns, rows: rows, display: display, name: setup.name, command: command
        ) { window, environment in
            defer {
                if setup.tmux {
                    _ = try? Support.spawn(path(of: "tmux")!, ["-S", socket, "kill-server"])
                    usleep(300_000)
                }
            }
            return try body { keys, wait, label in
                if !keys.isEmpty { try type(keys, into: window, environment: environment) }
                usleep(UInt32(wait * 1_000_000))
                try FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)
                let png = "\(screenshots)/\(setup.name)-\(label).png", ppm = "\(screenshots)/\(setup.name)-\(label).ppm"
                let shot = try Support.spawn(path(of: "import")!, ["-window", window, png], environment: environment)
                try #require(shot.status == 0, "import failed: \(shot.stderr)")
                let convert = try Support.spawn(path(of: "convert")!, [png, ppm], environment: environment)
                try #require(convert.status == 0, "convert failed: \(convert.stderr)")
                defer { try? FileManager.default.removeItem(atPath: ppm) }
                return try #require(Image(ppm: try Data(contentsOf: URL(fileURLWithPath: ppm))))
            }
        }
    }

    @Test(
        "the focus is 7:1 or more in xterm, kitty and tmux at 8, 256 and true colours, at rest and mid-move",
        .needs(tools + ["tmux"]),
        arguments: focusCases)
    func focusContrast(_ setup: FocusCase) throws {
        let columns = 60, rows = 14
        try Self.runningFocus(setup, columns: columns, rows: rows) { shoot in
            let grid = Self.drawnFocus(try shoot([], 0, "grid"), columns: columns, rows: rows)
            let card = Self.drawnFocus(try shoot(["Down"], 3.2, "card"), columns: columns, rows: rows)
            let moving = Self.drawnFocus(try shoot(["Right"], 0, "moving"), columns: columns, rows: rows)
            let rested = Self.drawnFocus(try shoot([], 3.4, "rested"), columns: columns, rows: rows)
            print("focus contrast, \(setup): grid \(grid); card \(card); mid-move \(moving); rested \(rested)")
            for (what, focus) in [("grid item", grid), ("card", card), ("card mid-move", moving), ("card", rested)] {
                #expect(focus.cells >= 5 && focus.inkPixels > 20, "\(setup): no focus found on the \(what): \(focus)")
                #expect(focus.ratio >= 7, "\(setup): the \(what)'s focus is \(focus)")
            }
            // The move was caught under way: the focused card right of where it comes to rest.
            #expect(
                card.left == rested.left && moving.left > rested.left,
                "\(setup): \(card.left) \(moving.left) \(rested.left)")
        }
    }

    @Test(
        "the old focus, bold black on yellow, measured: xterm draws it grey (boldColors), under 7:1",
        .needs(tools),
        arguments: ["xterm", "kitty"])
    func oldFocusContrast(terminal: String) throws {
        let columns = 60, rows = 14
        let setup = FocusCase(
            terminal: terminal, term: terminal == "xterm" ? "xterm-256color" : "xterm-kitty",
            colorTerm: "", tmux: false)
        try Self.runningFocus(setup, extra: ["--color", "fg+:bold"], columns: columns, rows: rows) { shoot in
            let bold = Self.drawnFocus(try shoot([], 0, "old-bold"), columns: columns, rows: rows)
            print("focus contrast, \(setup), bold (the old focus): \(bold)")
            if terminal == "xterm" { #expect(bold.ratio < 4, "\(bold)") }
        }
        try Self.runningFocus(setup, extra: ["--color", "fg+:bold:dim"], columns: columns, rows: rows) { shoot in
            let dim = Self.drawnFocus(try shoot([], 0, "old-dim"), columns: columns, rows: rows)
            print("focus contrast, \(setup), bold and dim (the old focus mid-move): \(dim)")
        }
    }
}
