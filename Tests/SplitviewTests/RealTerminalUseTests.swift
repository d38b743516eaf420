// More of RealTerminalTests: what a user does in xterm and kitty under Xvfb. Inline mode
// (--height) drawn below what the shell printed; the clipboard (y, OSC 52) as the X clipboard
// gets it; a click past column 223 (SGR mouse reports), read back through the clipboard.

import Foundation
import TerminalTestSupport
import Testing

extension RealTerminalTests {
    @Test(
        "--height in xterm and kitty: the lines above kept, the browser in its rows as render says, below it blank",
        .needs(tools),
        arguments: ["xterm", "kitty"])
    func inlinePixels(terminal: String) throws {
        let display = try Display()
        let name = "splitview-\(terminal)-inline"
        let columns = 120, rows = 24, top = 3, height = 12
        let image = try Self.screenshot(
            terminal, columns: columns, rows: rows, display: display, name: name,
            command: "printf \"above 1\\nabove 2\\nabove 3\\n\"; exec \(Self.binary) --no-recent --height \(height)")
        let cellWidth = Double(image.width) / Double(columns), cellHeight = Double(image.height) / Double(rows)
        // The shell's lines: ink in the cells of "above N".
        for row in 0..<top {
            let inked = (0..<7).filter { column in
                Self.cell(image, column: column, row: row, cellWidth: cellWidth, cellHeight: cellHeight).stray > 0.06
            }
            #expect(inked.count >= 5, "row \(row) of \(name): the shell's line is gone")
        }
        try Self.expectDrawnAsRendered(image, columns: columns, terminalRows: rows, rows: height, top: top, name: name)
        // Below the browser, nothing.
        var inked: [String] = []
        for row in (top + height)..<rows {
            for column in 0..<columns
            where Self.cell(image, column: column, row: row, cellWidth: cellWidth, cellHeight: cellHeight).stray > 0.06
            {
                inked.append("(\(column),\(row))")
            }
        }
        #expect(inked.isEmpty, "ink below the browser in \(name): \(inked.prefix(12))")
    }

    /// With xclip, to read the X clipboard.
    static let clipboardTools = tools + ["xclip"]

    @Test(
        "y in xterm and kitty puts the focused emoji on the X clipboard (OSC 52)",
        .needs(clipboardTools),
        arguments: ["xterm", "kitty"])
    func clipboard(terminal: String) throws {
        let display = try Display()
        // (xterm sets the selection from OSC 52 only with allowWindowOps; kitty by default.)
        let copied = try Self.running(
            terminal, columns: 80, rows: 20, display: display, name: "splitview-\(terminal)-clipboard",
            command: "exec \(Self.binary) --no-recent"
        ) { window, environment -> String in
            try Self.type(["Right", "ctrl+y"], into: window, environment: environment)
            return try Self.clipboardText(expecting: "😃", environment: environment)
        }
        #expect(copied == "😃")
    }

    /// Types `keys` (xdotool key names) into `window`, which is given the input focus first:
    /// there is no window manager to give it.
    static func type(_ keys: [String], into window: String, environment: [String: String]) throws {
        let xdotool = path(of: "xdotool")!
        _ = try Support.spawn(xdotool, ["windowfocus", window], environment: environment)
        _ = try Support.spawn(xdotool, ["mousemove", "--window", window, "1", "1"], environment: environment)
        usleep(300_000)
        for key in keys {
            _ = try Support.spawn(xdotool, ["key", key], environment: environment)
            usleep(400_000)
        }
    }

    /// What the X clipboard holds once it is `expected` (or after 4 s).
    static func clipboardText(expecting expected: String, environment: [String: String]) throws -> String {
        var text = ""
        for _ in 0..<40 where text != expected {
            usleep(100_000)
            text = try Support.spawn(path(of: "xclip")!, ["-o", "-selection", "clipboard"], environment: environment)
                .stdout
        }
        return text
    }

    @Test(
        "a click at column 240 of a 260-column xterm and kitty focuses the item there (y copies it)",
        .needs(clipboardTools),
        arguments: ["xterm", "kitty"])
    func clickPastColumn223(terminal: String) throws {
        let columns = 260, rows = 20, column = 240, row = 1
        // The item the layout puts there, and its glyph, from render's status line with it focused.
        let layout = try Support.run(["layout", "--width", "\(columns)", "--height", "\(rows)", "--visible"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])
        let item = try #require(
            (json["elements"] as? [[String: Any]] ?? []).first { element in
                guard element["kind"] as? String == "item", let x = element["x"] as? Int,
                    let width = element["width"] as? Int
                else { return false }
                return element["y"] as? Int == row && x <= column && column < x + width
            })
        let focus = "\(item["section"] as? Int ?? 0):\(item["item"] as? Int ?? 0)"
        let rendered = try Support.run([
            "render", "--width", "\(columns)", "--height", "\(rows)", "--focus", focus,
        ])
        let status = rendered.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let glyph = try #require(status.split(separator: " ").first.map(String.init))

        let display = try Display()
        let copied = try Self.running(
            terminal, columns: columns, rows: rows, display: display, name: "splitview-\(terminal)-click",
            command: "exec \(Self.binary) --no-recent", fontSize: 5
        ) { window, environment -> String in
            let geometry = try Support.spawn(
                Self.path(of: "xdotool")!, ["getwindowgeometry", window], environment: environment
            )
            .stdout
            let size = geometry.components(separatedBy: "Geometry: ").last?.split(separator: "\n").first ?? ""
            let pixels = size.split(separator: "x").compactMap { Int($0) }
            try #require(pixels.count == 2, "no window size in \(geometry)")
            let cellWidth = Double(pixels[0]) / Double(columns), cellHeight = Double(pixels[1]) / Double(rows)
            let x = Int((Double(column) + 0.5) * cellWidth), y = Int((Double(row) + 0.5) * cellHeight)
            try Self.type([], into: window, environment: environment)
            _ = try Support.spawn(
                Self.path(of: "xdotool")!, ["mousemove", "--window", window, "\(x)", "\(y)", "click", "1"],
                environment: environment)
            usleep(400_000)
            try Self.type(["ctrl+y"], into: window, environment: environment)
            return try Self.clipboardText(expecting: glyph, environment: environment)
        }
        #expect(copied == glyph, "the click at column \(column) focused \(copied), not \(glyph) (\(focus))")
    }
}
