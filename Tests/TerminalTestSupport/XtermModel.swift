// A small model of an xterm, to check that the bytes written for a frame make the terminal
// show exactly that frame: text, attributes and colours. It knows nothing of how TerminalUI
// chooses what to send (its own Pen, not the encoder's styles): the tests say how a frame's
// styles should be drawn (`differences(from:drawing:)`).

import CNcursesw
import TerminalUI

/// What an xterm shows: each cell the scalar printed there and the zero-width ones that
/// followed it ("" for the second cell of a wide character), and the attributes and colours
/// it was drawn with. Enough of xterm for what ncurses and the frame encoder send for
/// xterm-256color and the other entries the tests use; anything else is recorded in
/// `unknown` and fails the test rather than be guessed.
public struct XtermModel {
    /// Attributes and palette indices (-1: the terminal's default colour), as xterm reads SGR.
    public struct Pen: Hashable, Sendable {
        public struct Attributes: OptionSet, Hashable, Sendable {
            public let rawValue: UInt8
            public init(rawValue: UInt8) { self.rawValue = rawValue }
            public static let bold = Attributes(rawValue: 1)
            public static let dim = Attributes(rawValue: 2)
            public static let reverse = Attributes(rawValue: 4)
            public static let underline = Attributes(rawValue: 8)
        }

        public var attributes: Attributes
        public var foreground: Int16
        public var background: Int16

        /// What the terminal draws after SGR 0, and what it clears and scrolls in with.
        public static let normal = Pen()

        public init(attributes: Attributes = [], foreground: Int16 = -1, background: Int16 = -1) {
            self.attributes = attributes
            self.foreground = foreground
            self.background = background
        }
    }

    public var width: Int
    public var height: Int
    public var cells: [[String]]
    public var styles: [[Pen]]
    /// Whether erasing and scrolling blank with the current background colour (bce), as
    /// xterm does; a terminal without bce blanks with the default colours.
    public var backgroundColorErase: Bool
    /// Which line each line of the screen was when `lineIDs` was last reset: only scrolls,
    /// insertions and deletions of lines move them.
    public var lineIDs: [Int?]
    public var row = 0, column = 0
    var pendingWrap = false
    public var autowrap = true
    var top = 0, bottom: Int
    var saved = (0, 0)
    var last: (row: Int, column: Int)?
    var lastCharacter: String?
    /// The attributes and colours the next characters are drawn with (SGR).
    public var pen = Pen.normal
    public var unknown: [String] = []
    private var pending: [UInt8] = []

    public init(width: Int, height: Int, backgroundColorErase: Bool = true) {
        // Widths are the C library's (wcwidth), which measures nothing but ASCII until the
        // locale is UTF-8 (as NcursesScreen makes it): set here rather than left to whichever
        // test happened to run first.
        _ = cnc_setlocale_from_environment()
        self.width = width
        self.height = height
        self.backgroundColorErase = backgroundColorErase
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
        styles = Array(repeating: Array(repeating: .normal, count: width), count: height)
        lineIDs = Array(0..<height)
        bottom = height - 1
    }

    public mutating func feed(_ bytes: [UInt8]) {
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
        case 0x07, 0x0E, 0x0F:  // BEL, and the character set shifts (screen's sgr0 ends with SI)
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
        styles[row][column] = pen
        if scalarWidth == 2 {
            cells[row][column + 1] = ""
            styles[row][column + 1] = pen
        }
        last = (row, column)
        lastCharacter = String(scalar)
        column += scalarWidth
        if column >= width {
            column = width - 1
            pendingWrap = autowrap
        }
    }

    /// What erased cells are drawn with.
    private var erased: Pen {
        backgroundColorErase ? Pen(background: pen.background) : .normal
    }

    /// Blanks `columns` of `row`, and the other half of a wide character cut there.
    private mutating func clear(_ row: Int, _ columns: Range<Int>) {
        let columns = columns.clamped(to: 0..<width)
        guard !columns.isEmpty else { return }
        if cells[row][columns.lowerBound] == "" && columns.lowerBound > 0 { cells[row][columns.lowerBound - 1] = " " }
        if columns.upperBound < width && cells[row][columns.upperBound] == "" { cells[row][columns.upperBound] = " " }
        let blank = erased
        for x in columns {
            cells[row][x] = " "
            styles[row][x] = blank
        }
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
        func moved<T>(_ lines: [T], _ blank: T) -> [T] {
            if count > 0 {
                let count = min(count, lines.count)
                return Array(lines.dropFirst(count)) + Array(repeating: blank, count: count)
            }
            let count = min(-count, lines.count)
            return Array(repeating: blank, count: count) + Array(lines.dropLast(count))
        }
        cells.replaceSubrange(
            first...bottom, with: moved(Array(cells[first...bottom]), Array(repeating: " ", count: width)))
        styles.replaceSubrange(
            first...bottom, with: moved(Array(styles[first...bottom]), Array(repeating: erased, count: width)))
        lineIDs.replaceSubrange(first...bottom, with: moved(Array(lineIDs[first...bottom]), nil))
        last = nil
    }

    /// SGR: attributes and colours, as xterm reads them.
    private mutating func selectGraphicRendition(_ numbers: [Int?]) {
        var index = 0
        let values = numbers.isEmpty ? [0] : numbers.map { $0 ?? 0 }
        while index < values.count {
            let value = values[index]
            switch value {
            case 0: pen = .normal
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 22: pen.attributes.subtract([.bold, .dim])
            case 24: pen.attributes.remove(.underline)
            case 27: pen.attributes.remove(.reverse)
            case 30...37: pen.foreground = Int16(value - 30)
            case 39: pen.foreground = -1
            case 40...47: pen.background = Int16(value - 40)
            case 49: pen.background = -1
            case 90...97: pen.foreground = Int16(value - 90 + 8)
            case 100...107: pen.background = Int16(value - 100 + 8)
            case 38, 48:
                guard index + 2 < values.count, values[index + 1] == 5 else {
                    unknown.append("SGR \(numbers)")
                    return
                }
                if value == 38 {
                    pen.foreground = Int16(values[index + 2])
                } else {
                    pen.background = Int16(values[index + 2])
                }
                index += 2
            default:
                unknown.append("SGR \(value)")
            }
            index += 1
        }
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
            cells[row].replaceSubrange(
                column..<width, with: Array(repeating: " ", count: count) + cells[row][column..<(width - count)])
            styles[row].replaceSubrange(
                column..<width, with: Array(repeating: erased, count: count) + styles[row][column..<(width - count)])
        case "P":
            let count = min(first, width - column)
            cells[row].replaceSubrange(
                column..<width, with: cells[row][(column + count)..<width] + Array(repeating: " ", count: count))
            styles[row].replaceSubrange(
                column..<width, with: styles[row][(column + count)..<width] + Array(repeating: erased, count: count))
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
        case "m":
            if !isPrivate { selectGraphicRendition(numbers) }
        case "n", "c", "t", "s", "u":
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

    /// What shows of a cell's style: everything for a character; for a blank, the colour
    /// that fills it (the foreground when reversed) and an underline.
    static func visible(_ style: Pen, blank: Bool) -> String {
        guard blank else { return "\(style.attributes.rawValue)/\(style.foreground)/\(style.background)" }
        let reverse = style.attributes.contains(.reverse)
        let fill = reverse ? "fg \(style.foreground)" : "bg \(style.background)"
        return "blank \(fill)\(style.attributes.contains(.underline) ? " underlined" : "")"
    }

    /// Differences from what `frame` should look like, one line each; with `drawing`, the
    /// styles too, each cell's as `drawing` says the terminal should draw its CellStyle.
    ///
    /// Like xterm, the model joins no emoji sequence: it shows a cluster of several scalars as
    /// one glyph when the others are zero-width (❤️), and otherwise as several glyphs (🇯🇵 as 🇯
    /// and 🇵, the family as four people). Such a cluster shows rightly when its cell holds the
    /// start of it and the rest of its slot holds nothing or scalars of it: what matters is
    /// that nothing is left or shifted around it, in the cells that follow. At the right edge,
    /// where its glyphs do not fit, the terminal piles them on the last column: its slot may
    /// then show any of them, or blanks.
    public func differences(from frame: CellBuffer, drawing: ((CellStyle) -> Pen)?) -> [String] {
        var differences: [String] = []
        for y in 0..<min(height, frame.height) {
            var cluster: [Unicode.Scalar] = []  // the scalars of the multi-scalar cluster whose slot this is
            for x in 0..<min(width, frame.width) {
                let cell = frame[x, y]
                let shown = cells[y][x]
                var blank = false
                if cell.isContinuation {
                    let partOfCluster = shown.unicodeScalars.allSatisfy { cluster.contains($0) }
                    if shown != "" && shown != " " && !partOfCluster {
                        differences.append("(\(x), \(y)): \(shown.debugDescription), not the rest of a cluster")
                    }
                    continue
                }
                cluster = cell.text.unicodeScalars.count > 1 ? Array(cell.text.unicodeScalars) : []
                let unjoined = cluster.reduce(0) { $0 + max(0, Int(cnc_wcwidth($1.value))) }
                let piledAtTheEdge = !cluster.isEmpty && x + unjoined > width
                if x + Int(cell.width) > min(width, frame.width) {
                    if shown != " " { differences.append("(\(x), \(y)): \(shown.debugDescription), not a blank") }
                    blank = true
                } else if shown != cell.text {
                    let start =
                        !cluster.isEmpty && !shown.unicodeScalars.isEmpty && shown != " "
                        && cluster.starts(with: shown.unicodeScalars)
                    let piled = piledAtTheEdge && shown.unicodeScalars.allSatisfy { cluster.contains($0) || $0 == " " }
                    if !start && !piled {
                        differences.append("(\(x), \(y)): \(shown.debugDescription), not \(cell.text.debugDescription)")
                    }
                }
                guard let drawing else { continue }
                blank = blank || cell.text == " "
                let expected = Self.visible(drawing(cell.style), blank: blank)
                let drawn = Self.visible(styles[y][x], blank: blank)
                if expected != drawn {
                    differences.append("(\(x), \(y)) \(cell.text.debugDescription): drawn \(drawn), not \(expected)")
                }
            }
        }
        return differences
    }
}
