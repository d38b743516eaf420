// The bytes that take a terminal from the frame it shows to the next one.
//
// Why splitview writes frames itself rather than through ncurses' doupdate:
// - ncurses keeps one spacing character per cell (a cchar_t, measured by the wcwidth of its
//   first code point), so it cannot draw a VS16 sequence (❤️), a flag, a keycap, a skin tone
//   or a ZWJ sequence at the width the frame gives it. Drawing those around ncurses meant
//   predicting where its line-move optimiser carried them, which took more code than this.
// - A frame where every row changes (a page scroll) cost ncurses 9 to 10 million
//   instructions (a cchar_t per cell, its own comparison, a tparm per move and colour),
//   more than the 1 ms a frame may take; the cell buffers here are compared as integers
//   already, and writing the changed cells from them costs a fraction of that.
// ncurses still sets the terminal up from terminfo, reads the keys and the mouse, follows
// resizes and gives the terminal back (endwin) on every way out.
//
// How a frame is written:
// - when the content moved up or down by a few rows, the terminal's scrolling region moves
//   the lines (csr with ind/indn or ri/rin), and only the rows that then differ are written;
// - each changed cell is written at a known cursor position; a move is a cup, or the few
//   unchanged cells in between written again when that is shorter;
// - a cluster the terminal may draw at another width than the frame gives it ("risky": more
//   than one scalar, or a scalar whose wcwidth disagrees) is written over blanks of its
//   style (unless it shows those already), from an explicit position, and the cells after it
//   that a terminal joining none of its scalars would draw over (two at least) are written
//   again: a terminal that draws it narrower (tmux 3.3 draws ❣️ one cell wide) or not at all
//   leaves blanks, not an older glyph; one that draws it wider (tmux 3.3 draws 👍🏽 as 👍 and
//   🏽, xterm a ZWJ family as four people) has its spill cut. Autowrap is off meanwhile, so
//   that nothing wraps or scrolls at the right edge;
// - a row whose end is blank is finished with el (clear to end of line) where that draws
//   the same;
// - the frame ends with normal attributes, autowrap back on and the cursor where ncurses
//   believes it is (it moves the cursor from there when it gives the terminal back).

import CNcursesw

struct FrameEncoder {
    let sequences: TerminalSequences
    let colors: ColorSupport
    /// The terminal's idea of a scalar's width (wcwidth): a cluster of one scalar that it
    /// measures like the frame is drawn without precautions.
    var scalarWidth: (UInt32) -> Int = { Int(cnc_wcwidth($0)) }

    /// Where the frame's rows are on the terminal in inline mode: from row `top`, on a terminal
    /// `terminalHeight` rows tall (nil: the frame is the whole screen).
    struct Placement: Equatable {
        var top: Int
        var terminalHeight: Int
    }

    var placement: Placement?

    /// The frame the terminal shows; nil when unknown (the next frame clears the screen).
    private(set) var shown: CellBuffer?
    /// The terminal's size when `shown` was written.
    private var shownScreen = (width: 0, height: 0)
    /// The size of a screen known to be blank (just cleared), when `shown` is nil.
    private var clearedScreen: (width: Int, height: Int)?
    private var resolvedStyles: [CellStyle: ResolvedStyle] = [:]
    /// Reused between frames.
    private var output: [UInt8] = []

    init(sequences: TerminalSequences, colors: ColorSupport) {
        self.sequences = sequences
        self.colors = colors
    }

    /// Forgets what the terminal shows: the next frame clears the screen first.
    mutating func forget() {
        shown = nil
        clearedScreen = nil
    }

    /// The terminal was just cleared (by ncurses, taking it): the next frame is written whole,
    /// without clearing it again.
    mutating func screenCleared(width: Int, height: Int) {
        shown = nil
        clearedScreen = (width, height)
    }

    /// The bytes that put right what a frame cut short (by a signal) may have left: CAN ends an
    /// unfinished escape sequence, the synchronized update ends (the terminal shows what it
    /// has), then normal attributes, autowrap on, the whole screen as the scrolling region, and
    /// the cursor at `cursor` (the last row's start, where endwin leaves it for the shell when
    /// the terminal has no alternate screen; in inline mode the top of the browser's rows,
    /// which the leave bytes clear; nil: where it is). `screenHeight`: the terminal's rows.
    func resetBytes(screenHeight: Int, cursor: (row: Int, column: Int)?) -> [UInt8] {
        var bytes: [UInt8] = [0x18]
        bytes += sequences.synchronizedEnd
        bytes += sequences.normal
        bytes += sequences.autowrapOn
        sequences.scrollRegion?(&bytes, 0, max(0, screenHeight - 1))
        if let cursor { sequences.moveCursor(&bytes, cursor.row, cursor.column) }
        return bytes
    }

    /// The bytes that show `frame` on a terminal of `screenWidth` x `screenHeight` cells (in
    /// inline mode, its rows at `placement`; what does not fit is left out), leaving the cursor
    /// at `cursorAfter` of the terminal. Empty when the terminal shows the frame already.
    mutating func encode(
        _ frame: CellBuffer, screenWidth: Int, screenHeight: Int,
        cursorAfter: (row: Int, column: Int)
    ) -> [UInt8] {
        var writer = Writer(
            bytes: output, sequences: sequences, screenWidth: screenWidth, screenHeight: screenHeight,
            placement: placement)
        output = []
        writer.bytes.removeAll(keepingCapacity: true)
        let visibleWidth = min(frame.width, screenWidth), visibleHeight = min(frame.height, screenHeight)

        // For each row of the screen, the row of `old` the terminal shows there (-1: blanks
        // of normal style).
        var sources = [Int](repeating: -1, count: max(0, visibleHeight))
        var old = shown
        if old?.width != frame.width || old?.height != frame.height || shownScreen != (screenWidth, screenHeight) {
            old = nil
        }
        if let old {
            for y in sources.indices { sources[y] = y }
            if sequences.canScrollRegions,
                let shift = Self.detectShift(from: old, to: frame, visibleHeight: visibleHeight)
            {
                writer.scroll(shift)
                for y in shift.top...shift.bottom { sources[y] = shift.source(ofRow: y) ?? -1 }
            }
        } else if clearedScreen.map({ $0 != (screenWidth, screenHeight) }) ?? true {
            writer.clearScreen()
        }
        clearedScreen = nil

        let resolved = frame.styles.map { resolve($0) }
        let oldDrawn = old.map { $0.styles.map { resolve($0).drawn } } ?? []
        let matcher = CellMatcher(old: old ?? frame, new: frame)
        frame.packed.withUnsafeBufferPointer { cells in
            (old?.packed ?? []).withUnsafeBufferPointer { oldCells in
                let rows = Rows(
                    cells: cells, oldCells: oldCells, drawn: resolved.map(\.drawn), oldDrawn: oldDrawn,
                    resolved: resolved, matcher: matcher, frame: frame, frameWidth: frame.width,
                    visibleWidth: visibleWidth)
                for y in 0..<visibleHeight {
                    let lastRow = sequences.cornerScrolls && y + writer.rowOffset == writer.terminalHeight - 1
                    writeRow(y, from: sources[y], rows, into: &writer, lastRowOfScreen: lastRow)
                }
            }
        }
        if writer.begun { writer.finish(cursorAfter: cursorAfter) }
        shown = frame
        shownScreen = (screenWidth, screenHeight)
        output = writer.bytes
        return output
    }

    /// What `writeRow` reads, gathered once per frame.
    struct Rows {
        let cells: UnsafeBufferPointer<PackedCell>
        let oldCells: UnsafeBufferPointer<PackedCell>
        /// How each of the frame's styles is drawn, by index: what cells are compared by.
        let drawn: [DrawnStyle]
        /// How each of the old frame's styles is drawn, by index.
        let oldDrawn: [DrawnStyle]
        /// And the bytes that set it, read only when the style changes.
        let resolved: [ResolvedStyle]
        let matcher: CellMatcher
        let frame: CellBuffer
        let frameWidth: Int
        let visibleWidth: Int
    }

    /// Writes the cells of row `y` that differ from what the terminal shows there: row
    /// `source` of the old frame, or blanks (-1).
    private func writeRow(_ y: Int, from source: Int, _ rows: Rows, into writer: inout Writer, lastRowOfScreen: Bool) {
        let cells = rows.cells.baseAddress! + y * rows.frameWidth
        let oldCells = source >= 0 ? rows.oldCells.baseAddress! + source * rows.frameWidth : nil
        let visibleWidth = rows.visibleWidth
        /// Cells before this column are written whether or not they changed (after a risky cluster).
        var forcedUntil = 0
        /// Where the row's trailing blanks start, once looked for (Int.max: none worth an el).
        var blankTail: Int?
        var x = 0
        while x < visibleWidth {
            let cell = cells[x]
            let width = Int(cell.width)
            if width == 0 {  // drawn with the cluster it continues
                x += 1
                continue
            }
            let end = x + width
            var changed = x < forcedUntil
            if !changed {
                if let oldCells {
                    for column in x..<min(end, rows.frameWidth) where !rows.matcher(oldCells[column], cells[column]) {
                        changed = true
                        break
                    }
                } else {
                    changed = !(cell.glyph == 0x20 && width == 1 && rows.drawn[Int(cell.style)] == .normal)
                }
            }
            if !changed {
                x = end
                continue
            }
            if lastRowOfScreen && end >= writer.screenWidth {
                break  // the lower right corner would scroll the screen
            }
            if !sequences.clearToEndOfLine.isEmpty {
                if blankTail == nil { blankTail = blankTailStart(cells, rows) }
                if x >= blankTail! {
                    writer.move(row: y, column: x, cells: cells, rows)
                    writer.setStyle(cell.style, rows)
                    writer.bytes += sequences.clearToEndOfLine
                    return
                }
            }
            writer.move(row: y, column: x, cells: cells, rows)
            writer.setStyle(cell.style, rows)
            if end > visibleWidth {
                // A wide cluster cut by the edge of the screen: blanks in its place.
                writer.blanks(visibleWidth - x, row: y, from: x)
            } else if isRisky(cell) {
                // Blanks first, unless the terminal shows blanks of that style there already (not
                // where an earlier cluster may have spilled: it shows what that drew).
                let drawn = rows.drawn[Int(cell.style)]
                let blankAlready =
                    x >= forcedUntil
                    && oldCells.map { old in
                        (x..<end).allSatisfy {
                            old[$0].glyph == 0x20 && old[$0].width == 1 && rows.oldDrawn[Int(old[$0].style)] == drawn
                        }
                    } ?? (drawn == .normal)
                if !blankAlready {
                    writer.blanks(width, row: y, from: x)
                    writer.moveExplicitly(row: y, column: x)
                }
                writer.append(cell, of: rows.frame)
                writer.cursorRow = -1
                forcedUntil = max(forcedUntil, end + 2, x + unjoinedWidth(cell, of: rows.frame))
            } else {
                writer.append(cell, of: rows.frame)
                writer.advance(row: y, to: end)
            }
            x = end
        }
    }

    /// The first column of the row's trailing run of blanks of one style, when el draws them
    /// alike and they are more than the bytes of el; Int.max otherwise.
    private func blankTailStart(_ cells: UnsafePointer<PackedCell>, _ rows: Rows) -> Int {
        guard rows.visibleWidth > 0 else { return Int.max }
        let style = cells[rows.visibleWidth - 1].style
        var start = rows.visibleWidth
        while start > 0 {
            let cell = cells[start - 1]
            guard cell.glyph == 0x20, cell.width == 1, cell.style == style else { break }
            start -= 1
        }
        guard rows.visibleWidth - start > sequences.clearToEndOfLine.count else { return Int.max }
        let drawn = rows.drawn[Int(style)]
        // el blanks with the current background (bce) or the default one, and never
        // underlines or reverses the blanks.
        guard drawn.attributes.isDisjoint(with: [.reverse, .underline]),
            sequences.backgroundColorErase || drawn.background == DrawnStyle.normal.background
        else {
            return Int.max
        }
        return start
    }

    /// Whether the terminal may draw `cell` at another width than the frame gives it.
    @inline(__always)
    private func isRisky(_ cell: PackedCell) -> Bool {
        cell.isCluster || Self.isRisky(scalar: cell.glyph, width: Int(cell.width), wcwidth: scalarWidth)
    }

    /// The cells a terminal that joins none of a cluster's scalars draws it over (xterm draws a
    /// ZWJ family as its four people, a toned emoji as the emoji and the tone): the sum of the
    /// scalars' widths, one the terminal does not know counted as 2.
    private func unjoinedWidth(_ cell: PackedCell, of frame: CellBuffer) -> Int {
        func width(_ scalar: UInt32) -> Int {
            let width = scalarWidth(scalar)
            return width < 0 ? 2 : width
        }
        guard cell.isCluster else { return width(cell.glyph) }
        var total = 0
        for scalar in frame.clusters[cell.clusterIndex].unicodeScalars { total += width(scalar.value) }
        return total
    }

    /// Whether the terminal may draw `text` at another width than `width` cells: more than
    /// one Unicode scalar (VS16 sequences, flags, keycaps, skin tones, ZWJ sequences,
    /// combining marks), or a single one whose wcwidth differs.
    static func isRisky(_ text: String, width: Int, wcwidth: (UInt32) -> Int = { Int(cnc_wcwidth($0)) }) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        return scalars.next() != nil || isRisky(scalar: first.value, width: width, wcwidth: wcwidth)
    }

    /// The rule for a cluster of one scalar: printable ASCII is one cell without asking.
    @inline(__always)
    private static func isRisky(scalar: UInt32, width: Int, wcwidth: (UInt32) -> Int) -> Bool {
        if scalar >= 0x20 && scalar < 0x7F { return width != 1 }
        return wcwidth(scalar) != width
    }

    private mutating func resolve(_ style: CellStyle) -> ResolvedStyle {
        if let resolved = resolvedStyles[style] { return resolved }
        let resolved = Self.resolve(DrawnStyle(style, colors: colors), sequences: sequences)
        resolvedStyles[style] = resolved
        return resolved
    }

    private static func resolve(_ drawn: DrawnStyle, sequences: TerminalSequences) -> ResolvedStyle {
        var attributes: [UInt8] = []
        if drawn.attributes.contains(.bold) { attributes += sequences.bold }
        if drawn.attributes.contains(.dim) { attributes += sequences.dim }
        if drawn.attributes.contains(.reverse) { attributes += sequences.reverse }
        if drawn.attributes.contains(.underline) { attributes += sequences.underline }
        let foreground = drawn.foreground >= 0 ? sequences.foreground?(Int(drawn.foreground)) ?? [] : []
        let background = drawn.background >= 0 ? sequences.background?(Int(drawn.background)) ?? [] : []
        return ResolvedStyle(drawn: drawn, attributes: attributes, foreground: foreground, background: background)
    }

    // MARK: - Scrolling

    /// Rows `top...bottom` of a frame show rows of the previous frame moved up `distance` rows
    /// (down when negative); the rows moved in from outside the range are blank.
    struct RowShift: Equatable {
        var top: Int
        var bottom: Int
        var distance: Int

        /// The row of the previous frame that row `y` shows after the move; nil for a blank one.
        func source(ofRow y: Int) -> Int? {
            guard y >= top && y <= bottom else { return y }
            let source = y + distance
            return source >= top && source <= bottom ? source : nil
        }
    }

    /// The rows that moved from `old` to `new` when the content scrolled: between the first and
    /// the last row that changed, by the distance that most of a few sample rows moved. Nil when
    /// nothing moved, or moved so far that scrolling saves nothing.
    static func detectShift(from old: CellBuffer, to new: CellBuffer, visibleHeight: Int) -> RowShift? {
        let width = new.width
        guard old.width == width, old.height == new.height, visibleHeight <= new.height else { return nil }
        let same = CellMatcher(old: old, new: new)
        return new.packed.withUnsafeBufferPointer { newCells in
            old.packed.withUnsafeBufferPointer { oldCells in
                func equal(_ newRow: Int, _ oldRow: Int) -> Bool {
                    let newStart = newCells.baseAddress! + newRow * width
                    let oldStart = oldCells.baseAddress! + oldRow * width
                    for x in 0..<width where !same(oldStart[x], newStart[x]) { return false }
                    return true
                }
                guard let top = (0..<visibleHeight).first(where: { !equal($0, $0) }),
                    let bottom = (top..<visibleHeight).last(where: { !equal($0, $0) }),
                    bottom - top >= 2
                else { return nil }
                let samples = [top + (bottom - top) / 2, top + (bottom - top) / 4, top + 3 * (bottom - top) / 4]
                func moved(_ distance: Int) -> Int {
                    samples.filter { sample in
                        let source = sample + distance
                        return source >= top && source <= bottom && equal(sample, source)
                    }.count
                }
                var best: (distance: Int, votes: Int)?
                for sample in samples {
                    // The nearest old row like this one.
                    var found: Int?
                    search: for delta in 1...(bottom - top) {
                        for source in [sample + delta, sample - delta]
                        where source >= top && source <= bottom && equal(sample, source) {
                            found = source - sample
                            break search
                        }
                    }
                    guard let distance = found, distance != best?.distance else { continue }
                    let votes = moved(distance)
                    if votes > best?.votes ?? 0 { best = (distance, votes) }
                }
                guard let best, abs(best.distance) * 2 <= bottom - top + 1 else { return nil }
                return RowShift(top: top, bottom: bottom, distance: best.distance)
            }
        }
    }
}
