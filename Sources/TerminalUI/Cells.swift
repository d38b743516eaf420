// The cell buffer every frame is composed into, whatever screen shows it.

/// A terminal colour. `.default` is the terminal's own foreground or background.
public enum TerminalColor: Hashable, Sendable {
    case `default`
    /// One of the 16 ANSI colours: 0-7 normal, 8-15 bright.
    case ansi(Int)
    /// An index of the 256-colour palette.
    case indexed(Int)
    case rgb(UInt8, UInt8, UInt8)
}

/// How a cell is drawn.
public struct CellStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(foreground: TerminalColor = .default, background: TerminalColor = .default,
                bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = CellStyle()
}

/// One cell. A wide cluster occupies its first cell; the cells it covers after that hold
/// `continuation` (empty text) so nothing else is drawn there.
public struct Cell: Hashable, Sendable {
    /// One grapheme cluster, or "" for a continuation cell.
    public var text: String
    /// Cells the cluster takes on screen (1 or 2; 0 for a continuation cell).
    public var width: UInt8
    public var style: CellStyle

    public init(text: String, width: UInt8, style: CellStyle) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static func blank(_ style: CellStyle = .plain) -> Cell { Cell(text: " ", width: 1, style: style) }
    public var isContinuation: Bool { width == 0 }
}

/// A rectangle of cells. Every write is clipped to the buffer and placed at an explicit
/// position, so a cluster whose width a terminal disagrees about cannot shift what follows.
public struct CellBuffer: Hashable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, style: CellStyle = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Fills a rectangle (clipped) with blanks of `style`.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, style: CellStyle) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(self.width, x + width), y1 = min(self.height, y + height)
        guard x0 < x1, y0 < y1 else { return }
        let blank = Cell.blank(style)
        for row in y0..<y1 {
            clearCutClusters(row: row, from: x0, to: x1)
            let start = row * self.width
            cells.withUnsafeMutableBufferPointer { cells in
                for index in start + x0..<start + x1 { cells[index] = blank }
            }
        }
    }

    /// Writes `text` from (x, y), cluster by cluster, never past `maxWidth` cells (nor the
    /// buffer's edge). Control characters are shown as U+FFFD. Returns the cells used.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle, maxWidth: Int? = nil,
                             measure: TextWidth = TextWidth()) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = min(width, maxWidth.map { x + max(0, $0) } ?? width)
        return TextWidth.UTF8Text.with(text) { utf8 in
            var column = x
            var offset = 0
            if measure.countsASCIIBytes {
                // Printable ASCII, a cell per byte, is most text on screen: its cells are
                // written straight from the bytes, without grapheme breaking or measuring.
                let run = utf8.printableASCIIPrefix(from: 0)
                let count = max(0, min(run, limit - column))
                putASCII(UnsafeBufferPointer(rebasing: utf8.bytes[0..<count]), x: column, y: y, style: style)
                column += count
                if count < run { return column - x }
                offset = run
            }
            while offset < utf8.end {
                let range = offset..<utf8.clusterEnd(from: offset)
                offset = range.upperBound
                var cluster: String
                var clusterWidth: Int
                if utf8.scalars(range).contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }) {
                    cluster = "\u{FFFD}"
                    clusterWidth = 1
                } else {
                    clusterWidth = measure.width(ofCluster: range, in: utf8)
                    if clusterWidth == 0 { continue }
                    if column + clusterWidth > limit { break }
                    // A glyph drawn on its own (an emoji) shares the caller's string.
                    cluster = range.count == utf8.end ? text : utf8.string(range)
                }
                if column + clusterWidth > limit { break }
                if column >= 0 {
                    clearCutClusters(row: y, from: column, to: column + clusterWidth)
                    self[column, y] = Cell(text: cluster, width: UInt8(clusterWidth), style: style)
                    for extra in 1..<clusterWidth { self[column + extra, y] = Cell(text: "", width: 0, style: style) }
                }
                column += clusterWidth
            }
            return column - x
        }
    }

    /// Writes printable ASCII bytes from (x, y), one cell each, skipping those left of the
    /// buffer (the caller has clipped the right end).
    private mutating func putASCII(_ bytes: UnsafeBufferPointer<UInt8>, x: Int, y: Int, style: CellStyle) {
        let start = max(0, x), end = x + bytes.count
        guard start < end else { return }
        // Only the run's two ends can cut a wide cluster: inside it, each cell is overwritten.
        clearCutClusters(row: y, from: start, to: end)
        let strings = Self.asciiStrings
        let row = y * width
        cells.withUnsafeMutableBufferPointer { cells in
            for index in (start - x)..<bytes.count {
                cells[row + x + index] = Cell(text: strings[Int(bytes[index])], width: 1, style: style)
            }
        }
    }

    /// The text of each ASCII cell, made once: a cell's text from a byte without building a
    /// String each time.
    private static let asciiStrings: [String] = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }

    /// Before cells `from..<to` of a row are overwritten: a wide cluster that the write would
    /// cut in half at either edge becomes blanks, so no half-glyph is left on screen.
    mutating func clearCutClusters(row: Int, from: Int, to: Int) {
        if from > 0, from < width, self[from, row].isContinuation {
            var column = from - 1
            while column > 0 && self[column, row].isContinuation { column -= 1 }
            for blank in column..<from { self[blank, row] = .blank(self[blank, row].style) }
        }
        var column = to
        while column < width && self[column, row].isContinuation {
            self[column, row] = .blank(self[column, row].style)
            column += 1
        }
    }

    /// The buffer as text, one line per row, with trailing spaces kept (snapshot tests and
    /// `splitview render` compare exactly this).
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width where !self[column, row].isContinuation {
                line += self[column, row].text
            }
            return line
        }
    }

    public var text: String { lines.joined(separator: "\n") }
}
