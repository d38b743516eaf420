// The bytes of one frame as the encoder makes them: cursor moves, styles, text, with what the
// terminal is known to be doing (where the cursor is, which style is set, whether autowrap is on).

import CNcursesw

/// A style's drawn form and the bytes that set it (a class: the frame's table of them is made
/// from a cache, without copying the byte arrays).
final class ResolvedStyle {
    let drawn: DrawnStyle
    /// bold, dim, rev and smul as the style needs them, after sgr0.
    let attributes: [UInt8]
    /// setaf and setab, empty for the default colour.
    let foreground: [UInt8]
    let background: [UInt8]

    init(drawn: DrawnStyle, attributes: [UInt8], foreground: [UInt8], background: [UInt8]) {
        self.drawn = drawn
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }
}

extension FrameEncoder {
    /// The bytes of one frame as they are made, with what the terminal is known to be doing.
    struct Writer {
        var bytes: [UInt8]
        let sequences: TerminalSequences
        let screenWidth: Int
        /// The frame's rows, and where they are on the terminal (see FrameEncoder.placement).
        let screenHeight: Int
        let placement: FrameEncoder.Placement?
        /// Whether anything was written (autowrap is off from then on).
        var begun = false
        /// Where the cursor is, when known (-1: not known).
        var cursorRow = -1
        var cursorColumn = 0
        /// The attributes and colours the terminal draws with (nil: not known).
        var current: DrawnStyle?

        init(
            bytes: [UInt8], sequences: TerminalSequences, screenWidth: Int, screenHeight: Int,
            placement: FrameEncoder.Placement?
        ) {
            self.bytes = bytes
            self.sequences = sequences
            self.screenWidth = screenWidth
            self.screenHeight = screenHeight
            self.placement = placement
        }

        /// The terminal row of the frame's first row.
        var rowOffset: Int { placement?.top ?? 0 }
        /// The terminal's rows.
        var terminalHeight: Int { placement?.terminalHeight ?? screenHeight }

        mutating func begin() {
            guard !begun else { return }
            begun = true
            if bytes.capacity < 1 << 15 { bytes.reserveCapacity(1 << 15) }
            bytes += sequences.autowrapOff
        }

        /// Ends the frame with the cursor at (`row`, `column`) of the terminal.
        mutating func finish(cursorAfter: (row: Int, column: Int)) {
            setNormal()
            bytes += sequences.autowrapOn
            moveExplicitly(row: cursorAfter.row - rowOffset, column: cursorAfter.column)
        }

        /// The screen blanked; in inline mode, the frame's rows.
        mutating func clearScreen() {
            begin()
            current = nil
            setNormal()
            if let placement {
                sequences.clearRows(from: placement.top, count: screenHeight, width: screenWidth, into: &bytes)
            } else {
                bytes += sequences.clearScreen
            }
            cursorRow = -1
        }

        /// Scrolls the lines of `shift` with the terminal's scrolling region.
        mutating func scroll(_ shift: RowShift) {
            begin()
            setNormal()  // what scrolls in takes the current background (bce)
            sequences.scrollRegion!(&bytes, shift.top + rowOffset, shift.bottom + rowOffset)
            if shift.distance > 0 {
                moveExplicitly(row: shift.bottom, column: 0)
                sequences.scrollForward!(&bytes, shift.distance)
            } else {
                moveExplicitly(row: shift.top, column: 0)
                sequences.scrollReverse!(&bytes, -shift.distance)
            }
            sequences.scrollRegion!(&bytes, 0, terminalHeight - 1)
            cursorRow = -1  // csr homes the cursor on some terminals
        }

        /// sgr0, unless the terminal draws normally already.
        mutating func setNormal() {
            if current == .normal { return }
            bytes += sequences.normal
            current = .normal
        }

        /// Draws with the frame's style `index` from here on.
        @inline(__always)
        mutating func setStyle(_ index: UInt16, _ rows: Rows) {
            if current == rows.drawn[Int(index)] { return }
            change(to: rows.resolved[Int(index)])
        }

        /// The sequences from the current style to `style`: only what differs, but sgr0 first
        /// when an attribute goes (nothing else takes one away).
        @inline(never)
        private mutating func change(to style: ResolvedStyle) {
            let to = style.drawn
            guard let from = current, to.attributes.isSuperset(of: from.attributes) else {
                fullStyle(style)
                return
            }
            let added = to.attributes.subtracting(from.attributes)
            if added.contains(.bold) { bytes += sequences.bold }
            if added.contains(.dim) { bytes += sequences.dim }
            if added.contains(.reverse) { bytes += sequences.reverse }
            if added.contains(.underline) { bytes += sequences.underline }
            let toDefault = (to.foreground < 0 && from.foreground >= 0) || (to.background < 0 && from.background >= 0)
            if toDefault {
                guard !sequences.defaultColors.isEmpty else {
                    fullStyle(style)
                    return
                }
                bytes += sequences.defaultColors
                bytes += style.foreground
                bytes += style.background
            } else {
                if to.foreground != from.foreground { bytes += style.foreground }
                if to.background != from.background { bytes += style.background }
            }
            current = to
        }

        private mutating func fullStyle(_ style: ResolvedStyle) {
            bytes += sequences.normal
            bytes += style.attributes
            bytes += style.foreground
            bytes += style.background
            current = style.drawn
        }

        /// Moves the cursor to (row, column) of the row `cells`: nothing when it is there, the
        /// unchanged cells in between written again when that is shorter than a move (plain
        /// characters drawn in the current style), a cup otherwise.
        @inline(__always)
        mutating func move(row: Int, column: Int, cells: UnsafePointer<PackedCell>, _ rows: Rows) {
            if cursorRow == row && cursorColumn == column { return }
            moveFar(row: row, column: column, cells: cells, rows)
        }

        @inline(never)
        private mutating func moveFar(row: Int, column: Int, cells: UnsafePointer<PackedCell>, _ rows: Rows) {
            begin()
            if cursorRow == row && cursorColumn < column && column - cursorColumn <= 4, let current {
                let gap = cursorColumn..<column
                let plain = gap.allSatisfy { x in
                    let cell = cells[x]
                    return cell.width == 1 && cell.glyph >= 0x20 && cell.glyph < 0x7F
                        && rows.drawn[Int(cell.style)] == current
                }
                if plain {
                    for x in gap { bytes.append(UInt8(truncatingIfNeeded: cells[x].glyph)) }
                    cursorColumn = column
                    return
                }
            }
            moveExplicitly(row: row, column: column)
        }

        /// Moves the cursor to (`row`, `column`) of the frame.
        mutating func moveExplicitly(row: Int, column: Int) {
            begin()
            sequences.moveCursor(&bytes, row + rowOffset, column)
            cursorRow = row
            cursorColumn = column
        }

        /// `count` blanks from (row, column) in the current style.
        mutating func blanks(_ count: Int, row: Int, from column: Int) {
            for _ in 0..<count { bytes.append(0x20) }
            advance(row: row, to: column + count)
        }

        /// After a cell written up to `column`: the cursor is there, unless that is past the
        /// right edge (where terminals differ).
        @inline(__always)
        mutating func advance(row: Int, to column: Int) {
            if column < screenWidth {
                cursorRow = row
                cursorColumn = column
            } else {
                cursorRow = -1
            }
        }

        /// The UTF-8 of a cell's cluster.
        @inline(__always)
        mutating func append(_ cell: PackedCell, of frame: CellBuffer) {
            if cell.isCluster {
                let text = frame.clusters[cell.clusterIndex].utf8
                if text.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                    bytes += text
                }
                return
            }
            let value = cell.glyph
            switch value {
            case 0..<0x80:
                bytes.append(UInt8(truncatingIfNeeded: value))
            case 0x80..<0x800:
                bytes.append(UInt8(truncatingIfNeeded: 0xC0 | value >> 6))
                bytes.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
            case 0x800..<0x10000:
                bytes.append(UInt8(truncatingIfNeeded: 0xE0 | value >> 12))
                bytes.append(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F))
                bytes.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
            default:
                bytes.append(UInt8(truncatingIfNeeded: 0xF0 | value >> 18))
                bytes.append(UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F))
                bytes.append(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F))
                bytes.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
            }
        }
    }
}
