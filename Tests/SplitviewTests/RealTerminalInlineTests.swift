// More of RealTerminalTests, in xterm and kitty under Xvfb: inline mode (--height) drawn below
// what the shell printed, and the clipboard (y, OSC 52) as the X clipboard gets it.

import Foundation
import Testing

extension RealTerminalTests {
    @Test(
        "--height in xterm and kitty: the lines above kept, the browser in its rows as render says, below it blank",
        .enabled(if: missing.isEmpty, "needs \(missing.joined(separator: ", ")) (.ci/run installs them)"),
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

    static let clipboardMissing = missing + (path(of: "xclip") == nil ? ["xclip"] : [])

    @Test(
        "y in xterm and kitty puts the focused emoji on the X clipboard (OSC 52)",
        .enabled(
            if: clipboardMissing.isEmpty, "needs \(clipboardMissing.joined(separator: ", ")) (.ci/run installs them)"),
        arguments: ["xterm", "kitty"])
    func clipboard(terminal: String) throws {
        let display = try Display()
        // (xterm sets the selection from OSC 52 only with allowWindowOps; kitty by default.)
        let copied = try Self.running(
            terminal, columns: 80, rows: 20, display: display, name: "splitview-\(terminal)-clipboard",
            command: "exec \(Self.binary) --no-recent"
        ) { window, environment -> String in
            // Keys go to the window with the input focus: there is no window manager to give it.
            _ = try Support.spawn(Self.path(of: "xdotool")!, ["windowfocus", window], environment: environment)
            _ = try Support.spawn(
                Self.path(of: "xdotool")!, ["mousemove", "--window", window, "40", "40"], environment: environment)
            usleep(300_000)
            _ = try Support.spawn(Self.path(of: "xdotool")!, ["key", "l"], environment: environment)
            usleep(500_000)
            _ = try Support.spawn(Self.path(of: "xdotool")!, ["key", "y"], environment: environment)
            var text = ""
            for _ in 0..<40 where text != "😃" {
                usleep(100_000)
                text = try Support.spawn(
                    Self.path(of: "xclip")!, ["-o", "-selection", "clipboard"], environment: environment
                )
                .stdout
            }
            return text
        }
        #expect(copied == "😃")
    }
}
