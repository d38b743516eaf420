// NcursesScreen drawing on a pseudo-terminal through the real ncurses (TERM=xterm-256color),
// what it sends read back and played on a small model of an xterm: after every frame the
// model must show exactly the frame, overlays (clusters ncurses is not given) included. The
// frames scroll by a few lines and by pages, so ncurses moves lines with the terminal's
// scrolling, carrying the overlay glyphs along; the screen must predict where (or fall back
// to writing every overlay column) so that no glyph is left behind.

import CNcursesw
import Foundation
import SeededRandom
import Testing
@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct NcursesTerminalTests {
    /// A pseudo-terminal whose master side is read on a thread for as long as it is open.
    final class PseudoTerminal: @unchecked Sendable {
        // @unchecked: `received` and `fencesSeen` are only touched with `condition` locked.
        let master: Int32
        let slavePath: String
        private let slave: Int32
        private let condition = NSCondition()
        private var received: [UInt8] = []
        private var fencesSeen = 0
        private var fencesWritten = 0
        private var matched = 0
        private var closed = false
        /// Whether a `take` gave up waiting for what was written to come through.
        private(set) var timedOut = false
        /// Bytes that never occur in UTF-8 nor in ncurses' output, all different.
        static let fence: [UInt8] = [0xFF, 0xFE, 0xFD, 0xFC, 0xFB, 0xFA, 0xF9, 0xF8]

        /// A C function of the C library by name: the Glibc module leaves out the pseudo-terminal
        /// functions (they need _XOPEN_SOURCE).
        static func function<F>(_ name: String, as type: F.Type) -> F {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
                fatalError("no \(name) in the C library")
            }
            return unsafeBitCast(symbol, to: type)
        }

        init(columns: Int, rows: Int) {
            let openpt = Self.function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
            let grantpt = Self.function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
            let unlockpt = Self.function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
            let ptsname = Self.function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
            // Close-on-exec: a program that other tests start meanwhile (tmux, the binary)
            // must not inherit either side and keep the terminal open, or read from it.
            master = openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
            precondition(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0)
            slavePath = String(cString: ptsname(master)!)
            slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
            precondition(slave >= 0)
            // The size ncurses reads (TIOCGWINSZ) when it starts.
            var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            precondition(ioctl(master, UInt(TIOCSWINSZ), &size) == 0)
            let thread = Thread { [self] in drain() }
            thread.start()
        }

        private func drain() {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                condition.lock()
                if count <= 0 {
                    closed = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                for byte in buffer[0..<count] {
                    received.append(byte)
                    if byte == Self.fence[matched] {
                        matched += 1
                        if matched == Self.fence.count {
                            matched = 0
                            fencesSeen += 1
                            received.removeLast(Self.fence.count)
                        }
                    } else {
                        matched = byte == Self.fence[0] ? 1 : 0
                    }
                }
                condition.broadcast()
                condition.unlock()
            }
        }

        /// Everything written to the terminal since the last call.
        func take() -> [UInt8] {
            condition.lock()
            fencesWritten += 1
            let target = fencesWritten
            condition.unlock()
            _ = Self.fence.withUnsafeBytes { write(slave, $0.baseAddress, $0.count) }
            condition.lock()
            // Never for ever: a test that hangs tells nothing.
            let deadline = Date(timeIntervalSinceNow: 30)
            while fencesSeen < target && !closed {
                if !condition.wait(until: deadline) {
                    timedOut = true
                    break
                }
            }
            let bytes = received
            received.removeAll(keepingCapacity: true)
            condition.unlock()
            return bytes
        }

        /// Closes the slave side, waits for the reader to see the end of the terminal, then
        /// closes the master: closed earlier, its descriptor number could be reused by the next
        /// test's terminal while the reader, still looping, reads from it and takes its bytes.
        func close() {
            Glibc.close(slave)
            condition.lock()
            let deadline = Date(timeIntervalSinceNow: 30)
            while !closed && condition.wait(until: deadline) {}
            condition.unlock()
            Glibc.close(master)
        }
    }

    /// What an xterm shows: each cell the scalar printed there and the zero-width ones that
    /// followed it ("" for the second cell of a wide character). Enough of xterm for what
    /// ncurses sends for xterm-256color and for the screen's own writes; anything else fails
    /// the test rather than be guessed.
    struct Terminal {
        var width: Int
        var height: Int
        var cells: [[String]]
        /// Which line each line of the screen was when `lineIDs` was last reset: only scrolls,
        /// insertions and deletions of lines move them.
        var lineIDs: [Int?]
        var row = 0, column = 0
        var pendingWrap = false
        var autowrap = true
        var top = 0, bottom: Int
        var saved = (0, 0)
        var last: (row: Int, column: Int)?
        var lastCharacter: String?
        var unknown: [String] = []
        private var pending: [UInt8] = []

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            cells = Array(repeating: Array(repeating: " ", count: width), count: height)
            lineIDs = Array(0..<height)
            bottom = height - 1
        }

        mutating func feed(_ bytes: [UInt8]) {
            pending += bytes
            var index = 0
            while index < pending.count {
                guard let used = step(pending, at: index) else { break }
                index += used
            }
            pending.removeFirst(index)
        }

        /// Consumes one control, escape sequence or character at `index`; nil when incomplete.
        private mutating func step(_ bytes: [UInt8], at index: Int) -> Int? {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                guard index + 1 < bytes.count else { return nil }
                let next = bytes[index + 1]
                switch next {
                case UInt8(ascii: "["):
                    var end = index + 2
                    while end < bytes.count && !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                    guard end < bytes.count else { return nil }
                    let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                    controlSequence(parameters, final: bytes[end])
                    return end - index + 1
                case UInt8(ascii: "("), UInt8(ascii: ")"):
                    return index + 2 < bytes.count ? 3 : nil
                case UInt8(ascii: "M"):
                    reverseIndex()
                    return 2
                case UInt8(ascii: "7"):
                    saved = (row, column)
                    return 2
                case UInt8(ascii: "8"):
                    (row, column) = saved
                    pendingWrap = false
                    return 2
                case UInt8(ascii: "="), UInt8(ascii: ">"):
                    return 2
                case UInt8(ascii: "]"):
                    // An operating system command (the palette reset ncurses sends when it
                    // leaves the screen), up to BEL or ESC \: no cell changes.
                    var end = index + 2
                    while end < bytes.count && bytes[end] != 0x07 && bytes[end] != 0x1B { end += 1 }
                    guard end < bytes.count else { return nil }
                    if bytes[end] == 0x07 { return end - index + 1 }
                    return end + 1 < bytes.count ? end - index + 2 : nil
                default:
                    unknown.append("ESC \(next)")
                    return 2
                }
            case 0x0D:
                column = 0
                pendingWrap = false
                return 1
            case 0x0A:
                index_()
                return 1
            case 0x08:
                column = max(0, column - 1)
                pendingWrap = false
                return 1
            case 0x09:
                column = min(width - 1, (column / 8 + 1) * 8)
                pendingWrap = false
                return 1
            case 0x07:
                return 1
            case 0..<0x20, 0x7F:
                unknown.append("control \(byte)")
                return 1
            default:
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard index + length <= bytes.count else { return nil }
                let scalar = String(decoding: bytes[index..<(index + length)], as: UTF8.self).unicodeScalars.first!
                print(scalar)
                return length
            }
        }

        private mutating func print(_ scalar: Unicode.Scalar) {
            let scalarWidth = Int(cnc_wcwidth(scalar.value))
            if scalarWidth <= 0 {
                if let last { cells[last.row][last.column].unicodeScalars.append(scalar) }
                return
            }
            if pendingWrap && autowrap {
                column = 0
                index_()
            }
            pendingWrap = false
            if column + scalarWidth > width { column = width - scalarWidth }
            clear(row, column..<column + scalarWidth)
            cells[row][column] = String(scalar)
            if scalarWidth == 2 { cells[row][column + 1] = "" }
            last = (row, column)
            lastCharacter = String(scalar)
            column += scalarWidth
            if column >= width {
                column = width - 1
                pendingWrap = autowrap
            }
        }

        /// Blanks `columns` of `row`, and the other half of a wide character cut there.
        private mutating func clear(_ row: Int, _ columns: Range<Int>) {
            let columns = columns.clamped(to: 0..<width)
            guard !columns.isEmpty else { return }
            if cells[row][columns.lowerBound] == "" && columns.lowerBound > 0 { cells[row][columns.lowerBound - 1] = " " }
            if columns.upperBound < width && cells[row][columns.upperBound] == "" { cells[row][columns.upperBound] = " " }
            for x in columns { cells[row][x] = " " }
        }

        private mutating func index_() {
            pendingWrap = false
            if row == bottom {
                scroll(up: 1)
            } else if row < height - 1 {
                row += 1
            }
        }

        private mutating func reverseIndex() {
            pendingWrap = false
            if row == top {
                scroll(up: -1)
            } else if row > 0 {
                row -= 1
            }
        }

        /// Scrolls the region up `count` lines (down when negative), blank lines coming in.
        private mutating func scroll(up count: Int, from first: Int? = nil) {
            let first = first ?? top
            let blank = Array(repeating: " ", count: width)
            var lines = Array(cells[first...bottom])
            if count > 0 {
                lines = Array(lines.dropFirst(min(count, lines.count))) + Array(repeating: blank, count: min(count, lines.count))
            } else {
                let count = min(-count, lines.count)
                lines = Array(repeating: blank, count: count) + Array(lines.dropLast(count))
            }
            cells.replaceSubrange(first...bottom, with: lines)
            var ids = Array(lineIDs[first...bottom])
            if count > 0 {
                let count = min(count, ids.count)
                ids = Array(ids.dropFirst(count)) + Array(repeating: nil, count: count)
            } else {
                let count = min(-count, ids.count)
                ids = Array(repeating: nil, count: count) + Array(ids.dropLast(count))
            }
            lineIDs.replaceSubrange(first...bottom, with: ids)
            last = nil
        }

        private mutating func controlSequence(_ parameters: String, final: UInt8) {
            let isPrivate = parameters.hasPrefix("?")
            let numbers = parameters.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false)
                .map { Int($0) }
            func number(_ index: Int, _ fallback: Int) -> Int {
                index < numbers.count ? (numbers[index] ?? fallback) : fallback
            }
            let first = max(1, number(0, 1))
            switch Character(Unicode.Scalar(final)) {
            case "H", "f":
                row = min(height - 1, max(1, number(0, 1)) - 1)
                column = min(width - 1, max(1, number(1, 1)) - 1)
            case "A": row = max(row >= top ? top : 0, row - first)
            case "B": row = min(row <= bottom ? bottom : height - 1, row + first)
            case "C": column = min(width - 1, column + first)
            case "D": column = max(0, column - first)
            case "G", "`": column = min(width - 1, first - 1)
            case "d": row = min(height - 1, first - 1)
            case "K":
                switch number(0, 0) {
                case 0: clear(row, column..<width)
                case 1: clear(row, 0..<column + 1)
                default: clear(row, 0..<width)
                }
            case "J":
                switch number(0, 0) {
                case 0:
                    clear(row, column..<width)
                    for y in row + 1..<height { clear(y, 0..<width) }
                case 1:
                    for y in 0..<row { clear(y, 0..<width) }
                    clear(row, 0..<column + 1)
                default:
                    for y in 0..<height { clear(y, 0..<width) }
                }
            case "X": clear(row, column..<min(width, column + first))
            case "@":
                let count = min(first, width - column)
                clear(row, column..<column)
                cells[row].replaceSubrange(column..<width, with: Array(repeating: " ", count: count) + cells[row][column..<(width - count)])
            case "P":
                let count = min(first, width - column)
                cells[row].replaceSubrange(column..<width, with: cells[row][(column + count)..<width] + Array(repeating: " ", count: count))
            case "L":
                if row >= top && row <= bottom { scroll(up: -first, from: row) }
                column = 0
            case "M":
                if row >= top && row <= bottom { scroll(up: first, from: row) }
                column = 0
            case "S": scroll(up: first)
            case "T": scroll(up: -first)
            case "r":
                top = max(1, number(0, 1)) - 1
                bottom = min(height, max(1, number(1, height))) - 1
                row = 0
                column = 0
            case "b":
                if let lastCharacter { for _ in 0..<first { for scalar in lastCharacter.unicodeScalars { print(scalar) } } }
            case "m", "n", "c", "t", "s", "u":
                break
            case "h", "l":
                if isPrivate {
                    for mode in numbers.compactMap({ $0 }) {
                        if mode == 7 { autowrap = final == UInt8(ascii: "h") }
                        if mode == 1049 || mode == 47 || mode == 1047 {
                            for y in 0..<height { clear(y, 0..<width) }
                        }
                    }
                }
            default:
                unknown.append("CSI \(parameters) \(Character(Unicode.Scalar(final)))")
            }
            pendingWrap = false
        }

        /// Differences from what `frame` should look like, one line each.
        func differences(from frame: CellBuffer) -> [String] {
            var differences: [String] = []
            for y in 0..<min(height, frame.height) {
                for x in 0..<min(width, frame.width) {
                    let cell = frame[x, y]
                    let shown = cells[y][x]
                    if cell.isContinuation {
                        if shown != "" && shown != " " { differences.append("(\(x), \(y)): \(shown.debugDescription), not the rest of a cluster") }
                    } else if x + Int(cell.width) > frame.width {
                        if shown != " " { differences.append("(\(x), \(y)): \(shown.debugDescription), not a blank") }
                    } else if shown != cell.text {
                        differences.append("(\(x), \(y)): \(shown.debugDescription), not \(cell.text.debugDescription)")
                    }
                }
            }
            return differences
        }
    }


    /// Clusters an xterm model can show cell for cell: ASCII, CJK, an emoji ncurses draws
    /// itself, and risky ones made of a base and zero-width scalars (drawn as overlays).
    static let words = ["ab", "xyz", "中文", "😀", "❤️", "1️⃣", "e\u{301}", "☺️", "q", "🕐", "#️⃣", "ok", "  "]
    static let styles = [CellStyle.plain, CellStyle(bold: true), CellStyle(background: .ansi(4)),
                         CellStyle(foreground: .ansi(0), background: .ansi(11), bold: true), CellStyle(reverse: true)]

    static func line(_ generator: inout SplitMix64, width: Int) -> [(String, CellStyle)] {
        var parts: [(String, CellStyle)] = []
        var used = 0
        // Some lines alike (blank or nearly), as between sections, so that not every line is unique.
        if Int.random(in: 0..<6, using: &generator) == 0 { return [] }
        while used < width - 4 {
            let word = words.randomElement(using: &generator)!
            parts.append((word, styles.randomElement(using: &generator)!))
            used += TextWidth().width(of: word) + Int.random(in: 1...3, using: &generator)
        }
        return parts
    }

    static func frame(_ lines: [[(String, CellStyle)]], width: Int, height: Int, offset: Int, status: String,
                      focus: Int?) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        buffer.put("header", x: 0, y: 0, style: CellStyle(bold: true))
        for y in 1..<height - 1 {
            var x = 0
            for (index, (text, style)) in lines[offset + y - 1].enumerated() {
                var style = style
                if focus == offset + y - 1 && index == 1 { style = CellStyle(reverse: true) }
                x += buffer.put(text, x: x, y: y, style: style) + 1 + (text.count % 2)
            }
        }
        buffer.put(status, x: 0, y: height - 1, style: CellStyle(background: .ansi(2)))
        return buffer
    }

    /// Frames of `steps` views of random content, scrolled by lines and pages, with the focus
    /// and the status line changing; every frame checked on the model of the terminal.
    func run(seed: UInt64, columns: Int, rows: Int, steps: Int, predicting: Bool) throws -> (bytes: Int, moving: Int) {
        var generator = SplitMix64(seed: seed)
        let pty = PseudoTerminal(columns: columns, rows: rows)
        defer { pty.close() }
        let screen = try NcursesScreen(colorMode: .auto, terminalPath: pty.slavePath, terminalType: "xterm-256color")
        defer { screen.close() }
        screen.predictsLineMoves = predicting
        let width = screen.width, height = screen.height
        try #require(width == columns && height == rows)
        var terminal = Terminal(width: width, height: height)
        terminal.feed(pty.take())
        var lines = (0..<height * 4).map { _ in Self.line(&generator, width: width) }
        let maximum = lines.count - (height - 2)
        var offset = 0
        var total = 0
        var predictions = 0, moving = 0
        for step in 0..<steps {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5: offset += [1, -1, 2, -2, 3].randomElement(using: &generator)!
            case 5..<7: offset += Bool.random(using: &generator) ? height - 3 : -(height - 3)
            case 7: offset = Int.random(in: 0...maximum, using: &generator)
            default: break
            }
            offset = min(max(0, offset), maximum)
            // A word changed here and there: lines almost alike, which ncurses may move all the
            // same when that is cheaper than drawing them.
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                let line = min(lines.count - 1, offset + Int.random(in: 0..<height, using: &generator))
                if !lines[line].isEmpty {
                    let word = Int.random(in: 0..<lines[line].count, using: &generator)
                    lines[line][word].0 = Self.words.randomElement(using: &generator)!
                }
            }
            let focus = Bool.random(using: &generator) ? offset + Int.random(in: 0..<height - 2, using: &generator) : nil
            let frame = Self.frame(lines, width: width, height: height, offset: offset,
                                   status: "step \(step) at \(offset)", focus: focus)
            terminal.lineIDs = Array(0..<height)
            screen.show(frame)
            let bytes = pty.take()
            total += bytes.count
            try #require(!pty.timedOut, "seed \(seed), step \(step): the frame's bytes did not come through")
            terminal.feed(bytes)
            if let predicted = screen.lastLineMoves {
                predictions += 1
                if predicted.indices.contains(where: { predicted[$0] != $0 }) { moving += 1 }
                try #require(predicted == terminal.lineIDs,
                             "seed \(seed), step \(step): ncurses moved lines \(terminal.lineIDs), not \(predicted)")
            }
            try #require(terminal.unknown.isEmpty, "sequences the model does not know: \(terminal.unknown)")
            let differences = terminal.differences(from: frame)
            try #require(differences.isEmpty, "seed \(seed), step \(step), offset \(offset): \(differences.prefix(8))")
        }
        if predicting { #expect(moving >= steps / 6, "\(moving) of \(predictions) predictions moved lines") }
        return (total, moving)
    }

    @Test(.serialized, arguments: [(1, 80, 24, 50), (2, 100, 30, 40), (3, 40, 12, 80), (4, 200, 60, 12)] as [(UInt64, Int, Int, Int)])
    func everyFrameIsShownExactly(seed: UInt64, columns: Int, rows: Int, steps: Int) throws {
        let predicted = try run(seed: seed, columns: columns, rows: rows, steps: steps, predicting: true)
        let unpredicted = try run(seed: seed, columns: columns, rows: rows, steps: steps, predicting: false)
        // Predicting where ncurses moved the lines writes fewer overlays again.
        #expect(predicted.bytes <= unpredicted.bytes)
    }
}
