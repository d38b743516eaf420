// Pixel tests in real terminals: splitview in xterm and in kitty under Xvfb, at one and two
// columns, a screenshot of each, checked cell by cell against `splitview layout` and `render`:
// - every cell that render leaves blank is one colour in the screenshot (a glyph drawn wider
//   than its slot, or a line drawn out of step, would leave ink there);
// - the pinned headers are drawn in the header colour where the layout puts them, and the gap
//   between the columns is not;
// - the focus highlight covers the focused slot.
// The screenshots are kept in .build/screenshots (not in git). Skipped, saying why, where Xvfb,
// the terminals or ImageMagick are missing (.ci/run installs them); in CI that fails.

import Foundation
import TerminalTestSupport
import Testing

@Suite(.serialized) struct RealTerminalTests {
    /// The programs the tests run, on PATH (ImageMagick's `import` and `convert`).
    static let tools = ["Xvfb", "xterm", "kitty", "import", "convert", "xdotool"]
    static func path(of tool: String) -> String? { TestTools.path(of: tool) }
    static let screenshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/screenshots").path

    /// The binary to show: the release build when there is one (as a user runs it), else the
    /// one built for the tests.
    static var binary: String {
        let release = URL(fileURLWithPath: Support.binary).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("release/splitview").path
        return FileManager.default.isExecutableFile(atPath: release) ? release : Support.binary
    }

    /// An image read from ImageMagick's PPM (P6).
    struct Image {
        let width: Int, height: Int
        let pixels: [UInt8]

        init?(ppm data: Data) {
            let bytes = [UInt8](data)
            // "P6", width, height, maximum, each after whitespace; then the pixels.
            var fields: [Int] = []
            var index = 2
            while fields.count < 3 && index < bytes.count {
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
                var value = 0
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                    value = value * 10 + Int(bytes[index] - 0x30)
                    index += 1
                }
                fields.append(value)
            }
            guard bytes.starts(with: Array("P6".utf8)), fields.count == 3, fields[2] == 255 else { return nil }
            width = fields[0]
            height = fields[1]
            pixels = Array(bytes[(index + 1)...])
            guard pixels.count >= width * height * 3 else { return nil }
        }

        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let offset = (y * width + x) * 3
            return (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
        }
    }

    /// One cell's pixels: its most common colour and the share of pixels far from it.
    static func cell(_ image: Image, column: Int, row: Int, cellWidth: Double, cellHeight: Double) -> (
        dominant: (Int, Int, Int), stray: Double
    ) {
        let x0 = Int(Double(column) * cellWidth), x1 = Int(Double(column + 1) * cellWidth)
        let y0 = Int(Double(row) * cellHeight), y1 = Int(Double(row + 1) * cellHeight)
        var counts: [Int: Int] = [:]
        var all: [(Int, Int, Int)] = []
        for y in y0..<min(y1, image.height) {
            for x in x0..<min(x1, image.width) {
                let p = image.pixel(x, y)
                all.append(p)
                counts[p.0 << 16 | p.1 << 8 | p.2, default: 0] += 1
            }
        }
        let top = counts.max { $0.value < $1.value }?.key ?? 0
        let dominant = (top >> 16, top >> 8 & 255, top & 255)
        let far = all.filter { abs($0.0 - dominant.0) + abs($0.1 - dominant.1) + abs($0.2 - dominant.2) > 120 }.count
        return (dominant, all.isEmpty ? 0 : Double(far) / Double(all.count))
    }

    struct DisplayError: Error, CustomStringConvertible {
        let description: String
    }

    final class Display {
        let number: Int
        let server: Process

        init() throws {
            // A display no other server holds, chosen by Xvfb itself (-displayfd: it takes the
            // first free number, its lock file made exclusively, and writes it once it is ready).
            // The suites run side by side: each choosing a number from a lock file not yet
            // there, two took the same one, and the one whose server failed removed the other's
            // socket at its end ("Failed to open display" in CI).
            server = Process()
            server.executableURL = URL(fileURLWithPath: RealTerminalTests.path(of: "Xvfb")!)
            server.arguments = ["-displayfd", "1", "-screen", "0", "1600x900x24", "-nolisten", "tcp"]
            let announced = Pipe()
            server.standardOutput = announced
            server.standardError = FileHandle.nullDevice
            try server.run()
            var said = Data()
            while !said.contains(0x0A), server.isRunning || !said.isEmpty {
                let more = announced.fileHandleForReading.availableData
                if more.isEmpty { break }
                said += more
            }
            let text = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let number = Int(text) else {
                kill(server.processIdentifier, SIGKILL)
                throw DisplayError(description: "Xvfb announced no display: \(text)")
            }
            self.number = number
        }

        deinit {
            // SIGKILL (a server with a client still closing can outwait SIGTERM), then its
            // lock file and socket, which only a server that ends by itself removes.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
            try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
            try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        }
    }

    /// Runs splitview (or the shell command line `command`) in `terminal` at `columns` x
    /// `rows` on `display`, and returns the screenshot of its window (kept as `name`.png too)
    /// once the first frame is drawn, and once it is `ready` (what comes later than the first
    /// frame, a preview's output: taken again every 0.2 s, for up to 3 s more).
    static func screenshot(
        _ terminal: String, columns: Int, rows: Int, display: Display, name: String, command: String? = nil,
        until ready: (Image) -> Bool = { _ in true }
    ) throws -> Image {
        try running(terminal, columns: columns, rows: rows, display: display, name: name, command: command) {
            window, environment in
            var image = try capture(window, name: name, environment: environment)
            for _ in 0..<15 where !ready(image) {
                usleep(200_000)
                image = try capture(window, name: name, environment: environment)
            }
            return image
        }
    }

    /// The screenshot of `window` now, kept as `name`.png in `screenshots`.
    static func capture(_ window: String, name: String, environment: [String: String]) throws -> Image {
        try FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)
        let png = "\(screenshots)/\(name).png", ppm = "\(screenshots)/\(name).ppm"
        let shot = try Support.spawn(path(of: "import")!, ["-window", window, png], environment: environment)
        try #require(shot.status == 0, "import failed: \(shot.stderr)")
        let convert = try Support.spawn(path(of: "convert")!, [png, ppm], environment: environment)
        try #require(convert.status == 0, "convert failed: \(convert.stderr)")
        let image = try #require(Image(ppm: try Data(contentsOf: URL(fileURLWithPath: ppm))))
        try? FileManager.default.removeItem(atPath: ppm)
        return image
    }

    /// Runs splitview (or `command`) in `terminal` at `columns` x `rows` on `display`, and
    /// `body` with its window's id and the environment of the display once the first frame is
    /// drawn (`firstFrame` microseconds after the window shows: a caller that waits for the
    /// frame itself may pass less); then ends the terminal.
    static func running<Result>(
        _ terminal: String, columns: Int, rows: Int, display: Display, name: String, command: String? = nil,
        fontSize: Int = 11, firstFrame: useconds_t = 2_500_000,
        _ body: (_ window: String, _ environment: [String: String]) throws -> Result
    ) throws -> Result {
        let home = FileManagerHelper.temporaryDirectory()
        let command = command ?? "\(binary) --no-recent"
        var arguments: [String]
        switch terminal {
        case "xterm":
            arguments = [
                // (xterm-256color: with xterm's own 8-colour entry the theme falls back to
                // reverse video, and there would be no colours to check.)
                "-tn", "xterm-256color", "-geometry", "\(columns)x\(rows)", "-b", "0", "-fa", "DejaVu Sans Mono",
                "-fs", "\(fontSize)",
                "-xrm", "XTerm*scrollBar: false", "-xrm", "XTerm*allowWindowOps: true",  // (OSC 52)
                "-title", name, "-e", "sh", "-c", command,
            ]
        default:
            arguments = [
                "--title", name, "-o", "initial_window_width=\(columns)c", "-o", "initial_window_height=\(rows)c",
                "-o", "remember_window_size=no", "-o", "window_padding_width=0", "-o", "placement_strategy=top-left",
                "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=\(fontSize)", "sh", "-c", command,
            ]
        }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":\(display.number)"
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home
        environment["XDG_STATE_HOME"] = home
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
        environment.removeValue(forKey: "TERM")
        // (The test runner's environment may ask for no colours; a user's terminal does not.)
        environment.removeValue(forKey: "NO_COLOR")
        // The window, by its title, waited for while the terminal runs; a terminal that ends
        // before it shows one (kitty did once in CI, with the whole suite running beside it)
        // is started once more, and its own words are in the failure.
        var process = Process(), window = "", said = ""
        func end(_ process: Process) {
            // (SIGKILL: a terminal may outlive SIGTERM while its child holds on. A process
            // never started has no pid, and kill(0) would signal the tests' own group.)
            guard process.processIdentifier > 0 else { return }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        defer { end(process) }
        for attempt in 0..<2 where window.isEmpty {
            end(process)
            let errors = "\(home)/\(terminal)-\(attempt).err"
            _ = FileManager.default.createFile(atPath: errors, contents: nil)
            process = Process()
            process.executableURL = URL(fileURLWithPath: path(of: terminal)!)
            process.arguments = arguments
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle(forWritingAtPath: errors)
            try process.run()
            for _ in 0..<300 where window.isEmpty && process.isRunning {
                usleep(100_000)
                let found = try Support.spawn(
                    path(of: "xdotool")!, ["search", "--name", "^\(name)$"], environment: environment)
                window = found.stdout.split(separator: "\n").first.map(String.init) ?? ""
            }
            said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        }
        try #require(!window.isEmpty, "no \(terminal) window: \(said.suffix(600))")
        usleep(firstFrame)
        return try body(window, environment)
    }

    @Test(
        "splitview in xterm and kitty: blank cells blank, headers and focus where the layout says",
        .needs(tools),
        arguments: [("xterm", 60, 20), ("xterm", 120, 24), ("kitty", 60, 20), ("kitty", 120, 24)])
    func pixels(terminal: String, columns: Int, rows: Int) throws {
        let display = try Display()
        let name = "splitview-\(terminal)-\(columns)x\(rows)"
        let image = try Self.screenshot(terminal, columns: columns, rows: rows, display: display, name: name)
        try Self.expectDrawnAsRendered(image, columns: columns, terminalRows: rows, rows: rows, top: 0, name: name)
    }

    /// A grouped list (this repository's commits by day, fixture): the day headers in their
    /// colour where the layout puts them, and the focused line highlighted across its whole
    /// column, as a list's line is as wide as its column.
    @Test(
        "a grouped list in xterm and kitty: day headers, a focused line as wide as its column",
        .needs(tools),
        arguments: [("xterm", 60, 16), ("kitty", 60, 16)])
    func groupedList(terminal: String, columns: Int, rows: Int) throws {
        let display = try Display()
        let name = "splitview-grouped-\(terminal)-\(columns)x\(rows)"
        let data = ["-d", "\\t", "--group-nth", "1", Support.fixture("data/git-log-days.txt")]
        let command = ([Self.binary, "--no-recent"] + data).map { "'" + $0 + "'" }.joined(separator: " ")
        let image = try Self.screenshot(
            terminal, columns: columns, rows: rows, display: display, name: name, command: command)
        try Self.expectDrawnAsRendered(
            image, columns: columns, terminalRows: rows, rows: rows, top: 0, name: name, data: data)
    }

    /// Checks the screenshot `image` of a terminal `columns` x `terminalRows` cells against
    /// what `render` and `layout` say of a browser `rows` rows tall drawn from row `top`, of
    /// the bundled emoji or of the data `data` names (arguments of both commands).
    static func expectDrawnAsRendered(
        _ image: Image, columns: Int, terminalRows: Int, rows: Int, top: Int, name: String, data: [String] = []
    ) throws {
        let cellWidth = Double(image.width) / Double(columns), cellHeight = Double(image.height) / Double(terminalRows)
        #expect(cellWidth >= 5 && cellHeight >= 10, "\(image.width)x\(image.height)")

        // What splitview says the screen holds.
        let rendered = try Support.run(["render", "--width", "\(columns)", "--height", "\(rows)"] + data)
        let lines = rendered.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let layout = try Support.run(["layout", "--width", "\(columns)", "--height", "\(rows)", "--visible"] + data)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])
        let elements = json["elements"] as? [[String: Any]] ?? []
        let columnsJSON = json["columns"] as? [[String: Any]] ?? []
        if data.isEmpty { #expect(columnsJSON.count == (columns >= 100 ? 2 : 1)) }

        // 1. Every cell render leaves blank (a space, not the second cell of a wide glyph)
        // is one colour: no ink from a neighbour drawn too wide or a line out of step.
        var blankCells = 0, inked: [String] = []
        for (row, line) in lines.prefix(rows).enumerated() {
            var column = 0
            for character in line {
                let width =
                    character.unicodeScalars.first.map {
                        $0.properties.isEmojiPresentation || $0.value >= 0x1100 && $0.properties.isEmoji
                    } == true ? 2 : 1
                // (Not the last column: a window a few pixels wider than its cells holds its
                // padding there, which reads as ink beside a coloured row.)
                if character == " " && column < columns - 1 {
                    blankCells += 1
                    let cell = Self.cell(
                        image, column: column, row: top + row, cellWidth: cellWidth, cellHeight: cellHeight)
                    if cell.stray > 0.06 { inked.append("(\(column),\(row)) \(Int(cell.stray * 100))%") }
                }
                column += width
            }
        }
        #expect(blankCells > columns * rows / 3)
        #expect(inked.count <= blankCells / 200, "ink in blank cells of \(name): \(inked.prefix(12))")

        // 2. Headers in the header colour (blue) where the layout puts them; the gap between
        // two columns not.
        func isBlue(_ p: (Int, Int, Int)) -> Bool { p.2 > p.0 + 60 && p.2 > p.1 + 40 }
        let headers = elements.filter { $0["kind"] as? String == "header" }
        #expect(!headers.isEmpty)
        for header in headers {
            guard let x = header["x"] as? Int, let width = header["width"] as? Int, let y = header["pinnedY"] as? Int,
                y < rows - 1
            else { continue }
            for column in [x, x + width - 1] {
                let cell = Self.cell(image, column: column, row: top + y, cellWidth: cellWidth, cellHeight: cellHeight)
                #expect(isBlue(cell.dominant), "header cell (\(column),\(y)) of \(name) is \(cell.dominant)")
            }
            if columnsJSON.count == 2, let leftWidth = columnsJSON[0]["width"] as? Int {
                let gap = Self.cell(
                    image, column: leftWidth, row: top + y, cellWidth: cellWidth, cellHeight: cellHeight)
                #expect(!isBlue(gap.dominant), "the gap at (\(leftWidth),\(y)) of \(name) is header-coloured")
            }
        }

        // 3. The focus highlight (bright yellow) covers the focused slot, the first item.
        func isYellow(_ p: (Int, Int, Int)) -> Bool { p.0 > 150 && p.1 > 150 && p.2 < 130 }
        let focused = try #require(
            elements.first { $0["kind"] as? String == "item" && $0["section"] as? Int == 0 && $0["item"] as? Int == 0 })
        let fx = focused["x"] as? Int ?? 0, fy = focused["y"] as? Int ?? 0, fw = focused["width"] as? Int ?? 0
        for column in fx..<(fx + fw) {
            let cell = Self.cell(image, column: column, row: top + fy, cellWidth: cellWidth, cellHeight: cellHeight)
            #expect(isYellow(cell.dominant), "focused cell (\(column),\(fy)) of \(name) is \(cell.dominant)")
        }
        let next = Self.cell(
            image, column: fx + fw + 1, row: top + fy, cellWidth: cellWidth, cellHeight: cellHeight)
        #expect(!isYellow(next.dominant), "the highlight spills past the focused slot in \(name)")
    }
}
