// The real terminal: frames shown through ncursesw on /dev/tty, input read from it.
//
// Emoji width safety. ncurses measures a cchar_t by the wcwidth of its first code point and
// holds at most CCHARW_MAX wide characters, so it cannot draw a VS16 sequence (❤️), a flag, a
// keycap, a skin tone or a ZWJ sequence at the width the frame gives it; its idea of where the
// cursor is would drift, and everything after the cluster would shift. Such a "risky" cluster
// is therefore never given to ncurses: ncurses draws blanks of the cell's width and style in
// its place (a placeholder), and after doupdate() the cluster itself is written straight to
// the terminal at an explicit position (an "overlay"), the cursor going back to where ncurses
// left it. ncurses' model holds only what it drew, so:
// - it may repaint or clear any row whose model changed: the overlays of every row with a
//   changed cell are written again after each frame;
// - where an overlay was, ncurses believes there are blanks: if the frame now has other cells
//   there, ncurses may see nothing to do, so those cells are written by us too;
// - it moves what it cannot see: scrolling a region (idlok or not, when the terminal has
//   change_scroll_region) carries overlay glyphs to rows where the frame may have other
//   cells. When a changed row holds, in ncurses' model, what another row held before, the
//   columns that had overlays are written again in every row, with all overlays. Character
//   insert/delete (idcok) is switched off while overlays are on screen;
// - a terminal may draw a cluster narrower than its cells (tmux 3.3 draws ❣️ one cell wide) or
//   not at all (an emoji newer than its wcwidth table): each overlay first writes blanks of its
//   style over all its cells, or an older glyph there (an overlay too, unknown to ncurses,
//   which so never clears it) would stay visible. The blanks are what ncurses' model holds
//   anyway, so it needs nothing more;
// - a terminal may draw a cluster wider than its cells (tmux 3.3 draws 👍🏽 as two wide
//   glyphs): the two cells after each overlay are written again, which cuts the spill, and
//   autowrap is off while overlays are written so nothing wraps or scrolls at the right edge.
// Overlay bytes are built from the terminfo capabilities (cup, sgr0, op, bold, dim, rev, smul,
// setaf, setab) and written with write(2) to the same /dev/tty after ncurses has flushed:
// ncurses' own mvcur, putp and vid_attr write to stdout, which belongs to the picked result.

import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why the terminal could not be used. Nothing was changed on the terminal when it is thrown.
public struct TerminalError: Error, CustomStringConvertible, Sendable, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

public final class NcursesScreen: Screen {
    /// `.none` draws attributes only, never a colour (NO_COLOR; the caller reads the
    /// environment). `.auto` uses colours when the terminal has them.
    public enum ColorMode: Sendable, Hashable {
        case auto, none
    }

    private var screen: OpaquePointer?
    private var input: UnsafeMutablePointer<FILE>?
    private var output: UnsafeMutablePointer<FILE>?

    // Colours.
    private var colorsEnabled = false
    private var defaultColors = false
    private var paletteSize = 0
    private var pairLimit = 0
    private var pairs: [PairColors: Int16] = [:]
    private var nextPair: Int16 = 1
    private var styles: [CellStyle: ResolvedStyle] = [:]
    private var lastStyle: CellStyle?
    private var lastResolved: ResolvedStyle?

    // What is on screen.
    private var previous: CellBuffer?
    /// Start cells (index y * width + x of `previous`) that were drawn as overlays.
    private var previousOverlays: [Int] = []
    /// A hash per row of `previous` as ncurses holds it (overlays as their placeholders).
    private var previousRowModels: [Int] = []
    /// `previous` as ncurses holds it, when the line moves were predicted (see `plan`).
    private var previousModel: [ModelCell] = []
    /// Where the last frame predicted ncurses would move lines (`FramePlan.lineMoves`), for
    /// tests that check the prediction against a model of the terminal.
    private(set) var lastLineMoves: [Int?]?
    /// The scalars of a run of cells being drawn (kept to reuse its storage).
    private var runScalars: [UInt32] = []
    /// Whether ncurses' line hashes are those of its screens, so that where it moves lines
    /// can be predicted: true from the start and after each change of size (ncurses then
    /// starts its hashes again), false after a full repaint at an unchanged size or after the
    /// terminal was given back (ncurses then keeps hashes of earlier contents).
    private var lineHashesKnown = true
    /// Off: every frame is drawn as if the line moves could not be predicted (tests).
    var predictsLineMoves = true
    private var shownSize: (width: Int, height: Int)?
    private var needsFullRedraw = true
    /// Whether ncurses may insert and delete characters (nil: not set yet).
    private var characterMovesAllowed: Bool?
    /// Whether the last event returned was a mouse button press (its release is still to come).
    private var lastEventWasPress = false

    // Terminfo strings for the overlays.
    private let capabilities: Capabilities

    /// Takes over the terminal at `terminalPath`: /dev/tty, so that standard output stays free
    /// for the result even when it is piped (the benchmark passes a pseudo-terminal). Throws
    /// without changing anything when there is no terminal or ncurses cannot drive it.
    public convenience init(colorMode: ColorMode = .auto, terminalPath: String = "/dev/tty") throws(TerminalError) {
        try self.init(colorMode: colorMode, terminalPath: terminalPath, terminalType: nil)
    }

    /// `terminalType`: the terminfo entry, instead of $TERM (tests on a pseudo-terminal).
    init(colorMode: ColorMode, terminalPath: String, terminalType: String?) throws(TerminalError) {
        _ = cnc_setlocale_from_environment()
        guard let input = fopen(terminalPath, "re") else {
            throw TerminalError("no terminal to draw on: cannot open \(terminalPath)")
        }
        guard let output = fopen(terminalPath, "we") else {
            fclose(input)
            throw TerminalError("no terminal to draw on: cannot open \(terminalPath)")
        }
        // Fully buffered: the C library line-buffers a stream on a terminal, and ncurses moves
        // the cursor down with a line feed, so a frame went out in a hundred writes, each one
        // waking the terminal. ncurses flushes the stream at the end of each update.
        setvbuf(output, nil, _IOFBF, 1 << 16)
        let term = terminalType ?? getenv("TERM").map { String(cString: $0) } ?? ""
        guard let screen = newterm(terminalType, output, input) else {
            fclose(output)
            fclose(input)
            throw TerminalError("cannot initialise the terminal (TERM=\(term.isEmpty ? "unset" : term))")
        }
        set_term(screen)
        guard let capabilities = Capabilities() else {
            // A terminal without cursor addressing (TERM=dumb): newterm changed the tty modes.
            endwin()
            delscreen(screen)
            fclose(output)
            fclose(input)
            throw TerminalError("cannot initialise the terminal (TERM=\(term)): it cannot move the cursor")
        }
        self.screen = screen
        self.input = input
        self.output = output
        self.capabilities = capabilities

        let window = cnc_stdscr()
        raw()  // Ctrl-C arrives as a key, not as SIGINT
        noecho()
        nonl()
        keypad(window, true)
        curs_set(0)
        set_escdelay(25)
        mousemask(cnc_button1_pressed() | cnc_button1_released() | cnc_button4_pressed()
                  | cnc_button5_pressed(), nil)
        mouseinterval(0)
        idlok(window, true)
        scrollok(window, false)
        // No typeahead check: doupdate would otherwise stop half-way through a frame when a key
        // is waiting (a held arrow key), and the overlays written after it, for the whole
        // frame, would be blanked by the rest of the update when ncurses finishes it later. It
        // also saves a poll of the terminal for each few lines of a frame.
        typeahead(-1)
        setCharacterMovesAllowed(true)

        if colorMode == .auto && has_colors() {
            start_color()
            defaultColors = use_default_colors() == cnc_ok()
            paletteSize = Int(cnc_colors())
            pairLimit = min(Int(cnc_color_pairs()), Int(Int16.max))
            colorsEnabled = paletteSize >= 8 && pairLimit > 1
        }
        // Until a screen has once been left (endwin) and taken back (the next update does
        // that), ncurses 6 flushes its output at every cursor move, as for a program that uses
        // terminfo alone: a frame went to the terminal in a hundred writes of about 100 bytes,
        // each one waking the terminal. Leaving it once now, before the first frame, makes
        // every frame one write.
        endwin()
        TerminalGuard.screenDidStart()
    }

    deinit {
        close()
    }

    /// Gives the terminal back (endwin), frees the ncurses screen and closes /dev/tty.
    /// Idempotent; also called from deinit.
    public func close() {
        guard let screen else { return }
        if TerminalGuard.screenActive.pointee != 0 {
            // Input left unread would reach the shell once the program is gone: a click that
            // chose an item on its press has its release still coming (as ^[[<0;60;10m).
            if lastEventWasPress { discardMouseRelease(withinMilliseconds: 100) }
            flushinp()
        }
        TerminalGuard.endScreen()
        delscreen(screen)
        self.screen = nil
        if let output { fclose(output) }
        if let input { fclose(input) }
        output = nil
        input = nil
        previous = nil
        previousOverlays = []
        previousRowModels = []
    }

    public var width: Int { screen == nil ? 0 : Int(cnc_cols()) }
    public var height: Int { screen == nil ? 0 : Int(cnc_lines()) }

    // MARK: - Output

    public func show(_ frame: CellBuffer) {
        guard screen != nil, let window = cnc_stdscr() else { return }
        if TerminalGuard.screenActive.pointee == 0 { lineHashesKnown = false }
        TerminalGuard.screenDidStart()  // drawing after an external endwin takes the terminal back
        let old: CellBuffer? = needsFullRedraw || previous?.width != frame.width
            || previous?.height != frame.height ? nil : previous
        if old == nil, let shownSize {
            // ncurses starts its line hashes again at a new size; a full repaint at the same
            // size leaves it hashes of what it showed before.
            lineHashesKnown = shownSize != (frame.width, frame.height)
        }
        let visibleHeight = min(frame.height, height)
        // When the content scrolled, ncurses' window is scrolled the same way first, so that
        // only what differs from the moved lines is put in it again (not every cell of every
        // line). What ncurses sends the terminal does not change: it compares the whole window
        // with what it last drew, and finds the scroll itself.
        let shift = old.flatMap { Self.detectShift(from: $0, to: frame, visibleHeight: visibleHeight) }
        let predict = predictsLineMoves && lineHashesKnown && capabilities.scrollsRegions
            && frame.width == width && frame.height == height
        let plan = Self.plan(frame, after: old, shift: shift, overlays: previousOverlays,
                             rowModels: previousRowModels, visibleWidth: min(frame.width, width),
                             visibleHeight: visibleHeight,
                             lineMoves: predict ? LineMovePrediction(styleKey: { self.resolve($0).modelKey },
                                                                     oldModel: previousModel) : nil)

        // Inserting or deleting characters would carry overlay glyphs sideways.
        setCharacterMovesAllowed(old == nil || previousOverlays.isEmpty)
        if old == nil {
            werase(window)
            clearok(cnc_curscr(), true)
        }
        if let shift {
            wsetscrreg(window, Int32(shift.top), Int32(shift.bottom))
            scrollok(window, true)
            wscrl(window, Int32(shift.distance))
            // Off again: a cell put in the lower right corner must not scroll the window.
            scrollok(window, false)
            wsetscrreg(window, 0, Int32(height - 1))
        }
        frame.packed.withUnsafeBufferPointer { cells in
            // Runs of one-cell draws of one style, side by side in a row, go to ncurses in one
            // call; the other draws (wide clusters, wide placeholders) one by one.
            var runStart = 0, runStyle: UInt16 = 0
            // A local array, handed back after: a stored property would be checked for
            // exclusive access on every append.
            var runScalars = self.runScalars
            defer { self.runScalars = runScalars }
            func flushRun() {
                guard !runScalars.isEmpty else { return }
                let style = resolve(frame.styles[Int(runStyle)])
                runScalars.withUnsafeBufferPointer { scalars in
                    _ = cnc_put_run(Int32(runStart / frame.width), Int32(runStart % frame.width), scalars.baseAddress,
                                    Int32(scalars.count), style.attributes, style.pair)
                }
                runScalars.removeAll(keepingCapacity: true)
            }
            for draw in plan.draws {
                let cell = cells[draw.position]
                let narrow = draw.width == 1 && (draw.placeholder || (cell.width == 1 && !cell.isCluster))
                if narrow {
                    let extends = !runScalars.isEmpty && cell.style == runStyle
                        && draw.position == runStart + runScalars.count && draw.position % frame.width != 0
                    if !extends {
                        flushRun()
                        runStart = draw.position
                        runStyle = cell.style
                    }
                    runScalars.append(draw.placeholder ? 0x20 : cell.glyph)
                    continue
                }
                flushRun()
                let x = draw.position % frame.width, y = draw.position / frame.width
                self.draw(cell, of: frame, x: x, y: y, width: draw.width, placeholder: draw.placeholder)
            }
            flushRun()
        }
        wnoutrefresh(window)
        doupdate()
        if !plan.writes.isEmpty {
            writeCells(plan.writes, of: frame)
        }

        previous = frame
        previousOverlays = plan.overlays
        previousRowModels = plan.rowModels
        previousModel = plan.model
        lastLineMoves = plan.lineMoves
        shownSize = (frame.width, frame.height)
        needsFullRedraw = false
    }

    /// What showing a frame takes.
    struct FramePlan: Equatable {
        struct Draw: Equatable {
            /// A start cell (y * frame.width + x).
            var position: Int
            /// The cells it covers on screen (cut at the right edge).
            var width: Int
            /// Blanks instead of the cluster: a risky cluster, or a wide one cut by the edge.
            var placeholder: Bool
        }

        /// Cells to put in ncurses' model (all of them, or those that changed).
        var draws: [Draw] = []
        /// The frame's risky clusters, drawn as overlays.
        var overlays: [Int] = []
        /// A hash per row of what ncurses will hold (placeholders as blanks).
        var rowModels: [Int] = []
        /// Whether ncurses may move lines (scroll a region), carrying overlay glyphs along.
        var linesMayMove = false
        /// What ncurses will hold, cell by cell (row by row, `visibleWidth` a row), when the
        /// line moves were predicted: the next frame's prediction starts from it.
        var model: [ModelCell] = []
        /// For each row, the old row ncurses will have moved there (nil: a blank line), when
        /// that was predicted; nil when any glyph may be anywhere in its column.
        var lineMoves: [Int?]?
        /// Start cells written straight to the terminal after doupdate, in order.
        var writes: [Int] = []
    }

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
                      bottom - top >= 2 else { return nil }
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

    /// Plans showing `frame` after `old` (nil: a full redraw on a cleared screen), whose
    /// overlays and row models were `overlays` and `rowModels` (on a screen of the same size),
    /// on a screen showing `visibleWidth` x `visibleHeight` cells of the frame. With a `shift`,
    /// ncurses' window is scrolled by it before the draws, which are the cells that differ
    /// from what the window then holds.
    static func plan(_ frame: CellBuffer, after old: CellBuffer?, shift: RowShift? = nil,
                     overlays oldOverlays: [Int], rowModels oldRowModels: [Int], visibleWidth: Int,
                     visibleHeight: Int, isRisky: (String, Int) -> Bool = { isRisky($0, width: $1) },
                     lineMoves prediction: LineMovePrediction? = nil) -> FramePlan {
        var plan = FramePlan()
        let frameWidth = frame.width
        var changedRows = [Bool](repeating: old == nil, count: visibleHeight)
        let oldCells = old?.packed ?? []
        let matcher = old.map { CellMatcher(old: $0, new: frame) }
        // An unchanged cell is risky as it was: it had an overlay, unless it did not fit.
        var oldOverlayMarks = [Bool](repeating: false, count: oldOverlays.isEmpty || old == nil ? 0 : frame.packed.count)
        if !oldOverlayMarks.isEmpty {
            for position in oldOverlays where position < oldOverlayMarks.count { oldOverlayMarks[position] = true }
        }
        if old == nil { plan.draws.reserveCapacity(visibleWidth * visibleHeight) }
        frame.packed.withUnsafeBufferPointer { cells in
            oldCells.withUnsafeBufferPointer { oldCells in
                let compare = !oldCells.isEmpty
                for y in 0..<visibleHeight {
                    let row = y * frameWidth
                    // The old row ncurses' window holds at y, nil for none (a full redraw, or a
                    // blank row scrolled in).
                    let source: Int?
                    if !compare {
                        source = nil
                    } else if let shift {
                        source = shift.source(ofRow: y)
                    } else {
                        source = y
                    }
                    let sourceRow = (source ?? 0) * frameWidth
                    for x in 0..<visibleWidth {
                        let index = row + x
                        let cell = cells.baseAddress! + index
                        let cellWidth = Int(cell.pointee.width)
                        if cellWidth == 0 { continue }  // drawn with the cluster it continues
                        let fits = x + cellWidth <= visibleWidth
                        var same = source != nil
                        if same {
                            for column in x..<min(x + cellWidth, frameWidth)
                            where !matcher!(oldCells[sourceRow + column], cells[row + column]) {
                                same = false
                                break
                            }
                        }
                        let risky: Bool
                        if same {
                            risky = fits && !oldOverlayMarks.isEmpty && oldOverlayMarks[sourceRow + x]
                        } else {
                            risky = fits && Self.isRisky(cell.pointee, of: frame, isRisky)
                        }
                        if risky { plan.overlays.append(index) }
                        if same { continue }
                        if compare && shift == nil { changedRows[y] = true }
                        plan.draws.append(.init(position: index, width: min(cellWidth, visibleWidth - x),
                                                placeholder: risky || !fits))
                    }
                }
            }
        }
        if let old, shift != nil, !oldOverlays.isEmpty || !plan.overlays.isEmpty {
            // What ncurses compares: the rows in place, before any scroll.
            for y in 0..<visibleHeight { changedRows[y] = rowChanged(y, from: old, to: frame, visibleWidth: visibleWidth) }
        }
        // The row models matter only while overlays are on screen (see `linesMayMove`), and
        // the next frame needs them only if this one has overlays.
        let predicting = prediction != nil && visibleWidth == frameWidth && visibleHeight == frame.height
        if !oldOverlays.isEmpty || !plan.overlays.isEmpty {
            if let prediction, predicting {
                plan.model = model(frame, overlays: plan.overlays, styleKey: prediction.styleKey)
                plan.rowModels = lineHashes(plan.model, width: frameWidth)
            } else {
                plan.rowModels = rowModels(frame, overlays: plan.overlays, visibleWidth: visibleWidth,
                                           visibleHeight: visibleHeight)
            }
        }
        if let old, !oldOverlays.isEmpty {
            if let prediction, predicting {
                let kept = prediction.oldModel.count == old.packed.count
                let oldModel = kept ? prediction.oldModel : model(old, overlays: oldOverlays, styleKey: prediction.styleKey)
                let blank = ModelCell(character: 0x20, part: 0, style: prediction.styleKey(.plain))
                // The line hashes made with the models (the old ones with the previous frame's).
                let moves = ncursesLineMoves(old: oldModel, new: plan.model, width: frameWidth, blank: blank,
                                             oldHashes: kept && oldRowModels.count == frame.height ? oldRowModels : nil,
                                             newHashes: plan.rowModels)
                plan.lineMoves = moves
                plan.linesMayMove = moves.indices.contains { moves[$0] != $0 }
                plan.writes = movedWrites(frame, after: old, overlays: plan.overlays, oldOverlays: oldOverlays,
                                          model: plan.model, oldModel: oldModel, moves: moves)
                return plan
            }
            plan.linesMayMove = oldRowModels.count != visibleHeight
                || !ncursesPairs(old: oldRowModels, new: plan.rowModels).isEmpty
        }

        guard !plan.overlays.isEmpty || !oldOverlays.isEmpty else { return plan }
        var marks = [Bool](repeating: false, count: frame.packed.count)
        func write(row y: Int, columns: Range<Int>) {
            for column in columns.clamped(to: 0..<visibleWidth) {
                var start = column
                while start > 0 && frame.packed[y * frameWidth + start].isContinuation { start -= 1 }
                if start + max(1, Int(frame.packed[y * frameWidth + start].width)) <= visibleWidth {
                    marks[y * frameWidth + start] = true
                }
            }
        }
        // Overlays of the rows ncurses may have repainted.
        for position in plan.overlays where plan.linesMayMove || changedRows[position / frameWidth] {
            marks[position] = true
        }
        if let old {
            if plan.linesMayMove {
                // A glyph may now be in any row of its column: write those columns everywhere.
                var spans = Set<Range<Int>>()
                for position in oldOverlays {
                    let x = position % frameWidth
                    spans.insert(x..<x + max(1, Int(old.packed[position].width)))
                }
                for y in 0..<visibleHeight {
                    for span in spans { write(row: y, columns: span) }
                }
            } else {
                // Where an overlay was, ncurses believes there are blanks and may leave them.
                for position in oldOverlays {
                    let x = position % frameWidth, y = position / frameWidth
                    guard y < visibleHeight else { continue }
                    let span = x..<min(x + max(1, Int(old.packed[position].width)), visibleWidth)
                    if span.contains(where: { !matcher!(old.packed[y * frameWidth + $0], frame.packed[y * frameWidth + $0]) }) {
                        write(row: y, columns: span)
                    }
                }
            }
        }
        // A terminal that draws a cluster wider than its cells (tmux 3.3 draws 👍🏽 as 👍 and
        // 🏽, four cells) spills over the next cells: writing them again after the overlay
        // cuts the spill (a terminal blanks a wide glyph whose half is overwritten).
        let writtenOverlays = plan.overlays.filter { marks[$0] }
        for position in writtenOverlays {
            let x = position % frameWidth, y = position / frameWidth
            let end = x + max(1, Int(frame.packed[position].width))
            write(row: y, columns: end..<end + 2)
        }
        for position in marks.indices where marks[position] { plan.writes.append(position) }
        return plan
    }

    /// Whether a cell of row `y` that starts before `visibleWidth` differs between the frames.
    static func rowChanged(_ y: Int, from old: CellBuffer, to frame: CellBuffer, visibleWidth: Int) -> Bool {
        let frameWidth = frame.width
        let same = CellMatcher(old: old, new: frame)
        return frame.packed.withUnsafeBufferPointer { cells in
            old.packed.withUnsafeBufferPointer { oldCells in
                let row = y * frameWidth
                for x in 0..<visibleWidth {
                    let cellWidth = Int(cells[row + x].width)
                    if cellWidth == 0 { continue }
                    for column in row + x..<row + min(x + cellWidth, frameWidth)
                    where !same(oldCells[column], cells[column]) {
                        return true
                    }
                }
                return false
            }
        }
    }

    /// `isRisky` for a start cell of `frame`, without a call for printable ASCII in one cell
    /// (most of any frame).
    @inline(__always)
    static func isRisky(_ cell: PackedCell, of frame: CellBuffer, _ isRisky: (String, Int) -> Bool) -> Bool {
        let width = max(1, Int(cell.width))
        if width == 1 && !cell.isCluster && cell.glyph >= 0x20 && cell.glyph < 0x7F { return false }
        return isRisky(frame.text(of: cell), width)
    }

    /// A hash per row of what ncurses will hold, by ncurses' own line hash (hashmap.c): over
    /// the first character of each cell, overlays and cut wide clusters as the blanks drawn in
    /// their place, the cell after a wide character holding that character again. Equal hashes
    /// are what ncurses pairs lines by.
    static func rowModels(_ frame: CellBuffer, overlays: [Int], visibleWidth: Int, visibleHeight: Int) -> [Int] {
        var models: [Int] = []
        models.reserveCapacity(visibleHeight)
        var nextOverlay = 0
        frame.packed.withUnsafeBufferPointer { cells in
            for y in 0..<visibleHeight {
                let row = y * frame.width
                var hash: UInt64 = 0
                var blankUntil = 0
                var covering: UInt32 = 0x20  // what the cell after a wide one holds
                for x in 0..<visibleWidth {
                    let index = row + x
                    var value: UInt32
                    let cellWidth = Int(cells[index].width)
                    if cellWidth == 0 {
                        value = x < blankUntil ? 0x20 : covering
                    } else {
                        while nextOverlay < overlays.count && overlays[nextOverlay] < index { nextOverlay += 1 }
                        let overlay = nextOverlay < overlays.count && overlays[nextOverlay] == index
                        if overlay || x + cellWidth > visibleWidth {
                            value = 0x20
                            blankUntil = x + cellWidth
                        } else {
                            value = frame.firstScalar(of: cells[index]) ?? 0x20
                        }
                        covering = value
                    }
                    hash = hash &+ (hash << 5) &+ UInt64(value)
                }
                models.append(Int(bitPattern: UInt(hash)))
            }
        }
        return models
    }

    // MARK: - Where ncurses moves lines

    /// What the line moves of ncurses are predicted from.
    struct LineMovePrediction {
        /// A key per style, equal for the styles ncurses draws alike (attributes and colour
        /// pair): ncurses compares cells by what it draws.
        var styleKey: (CellStyle) -> UInt64
        /// The previous frame's model (`FramePlan.model`), or empty to make it again.
        var oldModel: [ModelCell] = []
    }

    /// One cell as ncurses holds it, as far as its line update tells cells apart: the first
    /// character (the only one in a cell drawn by ncurses; the line hash uses only it), whether
    /// it is the first (1) or the second (2) cell of a wide character (0: a narrow one), and
    /// the style.
    struct ModelCell: Equatable {
        var character: UInt32
        /// 32 bits, though 2 would do: no padding, so that rows of cells compare as bytes.
        var part: UInt32
        var style: UInt64
    }

    /// Whether `count` cells from `a` of one model and from `b` of another are equal, compared
    /// as bytes (ModelCell has no padding).
    static func sameCells(_ first: [ModelCell], _ a: Int, _ second: [ModelCell], _ b: Int, count: Int) -> Bool {
        first.withUnsafeBytes { first in
            second.withUnsafeBytes { second in
                let size = MemoryLayout<ModelCell>.stride
                return memcmp(first.baseAddress! + a * size, second.baseAddress! + b * size, count * size) == 0
            }
        }
    }

    /// What ncurses holds for `frame` once drawn (see `draw`), all of its cells: overlays and
    /// wide clusters cut at the right edge as blanks, a wide character as a first and a second
    /// cell.
    static func model(_ frame: CellBuffer, overlays: [Int], styleKey: (CellStyle) -> UInt64) -> [ModelCell] {
        // The key of each of the frame's styles, looked up once.
        let styleKeys = frame.styles.map(styleKey)
        let width = frame.width
        return [ModelCell](unsafeUninitializedCapacity: frame.packed.count) { model, initialized in
            var nextOverlay = 0
            frame.packed.withUnsafeBufferPointer { cells in
                styleKeys.withUnsafeBufferPointer { styleKeys in
                    var index = 0
                    for _ in 0..<frame.height {
                        let rowEnd = index + width
                        while index < rowEnd {
                            let cell = cells[index]
                            let key = styleKeys[Int(cell.style)]
                            let cellWidth = Int(cell.width)
                            if cellWidth == 0 {
                                // A continuation without its cluster: ncurses was given nothing there.
                                model.initializeElement(at: index, to: ModelCell(character: 0x20, part: 0, style: key))
                                index += 1
                                continue
                            }
                            while nextOverlay < overlays.count && overlays[nextOverlay] < index { nextOverlay += 1 }
                            let overlay = nextOverlay < overlays.count && overlays[nextOverlay] == index
                            let covered = min(cellWidth, rowEnd - index)
                            let character = frame.firstScalar(of: cell)
                            if overlay || index + cellWidth > rowEnd || character == nil {
                                for column in index..<index + covered {
                                    model.initializeElement(at: column, to: ModelCell(character: 0x20, part: 0, style: key))
                                }
                            } else if cellWidth == 1 {
                                model.initializeElement(at: index, to: ModelCell(character: character!, part: 0, style: key))
                            } else {
                                for column in index..<index + covered {
                                    model.initializeElement(at: column, to: ModelCell(character: character!,
                                                                                       part: column == index ? 1 : 2,
                                                                                       style: key))
                                }
                            }
                            index += covered
                        }
                    }
                }
            }
            initialized = frame.packed.count
        }
    }

    /// ncurses' hash of each line (hashmap.c: over the first character of every cell).
    static func lineHashes(_ model: [ModelCell], width: Int) -> [Int] {
        guard width > 0 else { return [] }
        var hashes: [Int] = []
        hashes.reserveCapacity(model.count / width)
        for row in stride(from: 0, to: model.count, by: width) {
            var hash: UInt64 = 0
            for cell in model[row..<row + width] { hash = hash &+ (hash << 5) &+ UInt64(cell.character) }
            hashes.append(Int(bitPattern: UInt(hash)))
        }
        return hashes
    }

    /// For each line of the new screen, the line of the old one that ncurses will have moved
    /// there with the terminal's scrolling (nil: a blank line scrolled in), before it updates
    /// the lines that differ. This follows what ncurses does (hashmap.c and hardscroll.c,
    /// unchanged since 2009): lines whose hash occurs once on each screen are paired; runs of
    /// paired lines with one shift grow over neighbouring lines that are alike or cheaper to
    /// move than to redraw, runs shorter than 3 lines or moved too far are dropped and the rest
    /// grown again; then the runs moving up are scrolled from the top, those moving down from
    /// the bottom, each as a scroll of the region from its first line to its last source line.
    ///
    /// It holds only while ncurses' line hashes are those of its screens, which a full repaint
    /// of a screen of unchanged size breaks (ncurses copies stale hashes then); and only on a
    /// terminal that can scroll a region (csr with ind and ri), so that every scroll succeeds.
    static func ncursesLineMoves(old: [ModelCell], new: [ModelCell], width: Int, blank: ModelCell,
                                 oldHashes: [Int]? = nil, newHashes: [Int]? = nil) -> [Int?] {
        let lines = width > 0 ? new.count / width : 0
        guard lines > 0, old.count == new.count else { return [] }
        let oldHash = oldHashes ?? lineHashes(old, width: width), newHash = newHashes ?? lineHashes(new, width: width)
        let unpaired = -1
        var oldNumber = [Int](repeating: unpaired, count: lines)

        func cost(_ oldLine: Int, _ newLine: Int) -> Int {
            var count = 0
            for x in 0..<width where old[oldLine * width + x] != new[newLine * width + x] { count += 1 }
            return count
        }
        func costFromBlank(_ newLine: Int) -> Int {
            var count = 0
            for x in 0..<width where new[newLine * width + x] != blank { count += 1 }
            return count
        }
        /// Whether moving old line `from` to new line `to` costs less than leaving both in place.
        func costEffective(_ from: Int, _ to: Int, blankAfter: Bool) -> Bool {
            if from == to { return false }
            var newFrom = oldNumber[from]
            if newFrom == unpaired { newFrom = from }
            let before = (blankAfter ? costFromBlank(to) : cost(to, to)) + cost(newFrom, from)
            let after = (newFrom == from ? costFromBlank(from) : cost(newFrom, from)) + cost(from, to)
            return before >= after
        }
        func growHunks() {
            var backLimit = 0, backReferenceLimit = 0
            var index = 0
            while index < lines && oldNumber[index] == unpaired { index += 1 }
            while index < lines {
                let start = index
                let shift = oldNumber[index] - index
                index = start + 1
                while index < lines && oldNumber[index] != unpaired && oldNumber[index] - index == shift { index += 1 }
                let end = index
                while index < lines && oldNumber[index] == unpaired { index += 1 }
                let nextHunk = index
                var forwardLimit = index
                let forwardReferenceLimit = index >= lines || oldNumber[index] >= index ? index : oldNumber[index]

                index = start - 1
                if shift < 0 { backLimit = backReferenceLimit - shift }
                while index >= backLimit {
                    guard newHash[index] == oldHash[index + shift]
                            || costEffective(index + shift, index, blankAfter: shift < 0) else { break }
                    oldNumber[index] = index + shift
                    index -= 1
                }
                index = end
                if shift > 0 { forwardLimit = forwardReferenceLimit - shift }
                while index < forwardLimit {
                    guard newHash[index] == oldHash[index + shift]
                            || costEffective(index + shift, index, blankAfter: shift > 0) else { break }
                    oldNumber[index] = index + shift
                    index += 1
                }
                backLimit = index
                backReferenceLimit = index + (shift > 0 ? shift : 0)
                index = nextHunk
            }
        }

        for (new: newLine, old: oldLine) in ncursesPairs(old: oldHash, new: newHash) { oldNumber[newLine] = oldLine }
        growHunks()
        // Hunks too small, or moved farther than they are long, are dropped.
        var index = 0
        while index < lines {
            while index < lines && oldNumber[index] == unpaired { index += 1 }
            if index >= lines { break }
            let start = index
            let shift = oldNumber[index] - index
            index += 1
            while index < lines && oldNumber[index] != unpaired && oldNumber[index] - index == shift { index += 1 }
            let size = index - start
            if size < 3 || size + min(size / 8, 2) < abs(shift) {
                for line in start..<index { oldNumber[line] = unpaired }
            }
        }
        growHunks()

        // The scrolls, applied to what each line of the terminal shows.
        var shown: [Int?] = Array(0..<lines)
        func scroll(up distance: Int, top: Int, bottom: Int) {
            guard top >= 0, bottom < lines, top <= bottom else { return }
            if distance > 0 {
                for line in top...bottom { shown[line] = line + distance <= bottom ? shown[line + distance] : nil }
            } else {
                for line in stride(from: bottom, through: top, by: -1) {
                    shown[line] = line + distance >= top ? shown[line + distance] : nil
                }
            }
        }
        index = 0
        while index < lines {
            while index < lines && (oldNumber[index] == unpaired || oldNumber[index] <= index) { index += 1 }
            if index >= lines { break }
            let shift = oldNumber[index] - index
            let start = index
            index += 1
            while index < lines && oldNumber[index] != unpaired && oldNumber[index] - index == shift { index += 1 }
            scroll(up: shift, top: start, bottom: index - 1 + shift)
        }
        index = lines - 1
        while index >= 0 {
            while index >= 0 && (oldNumber[index] == unpaired || oldNumber[index] >= index) { index -= 1 }
            if index < 0 { break }
            let shift = oldNumber[index] - index
            let end = index
            index -= 1
            while index >= 0 && oldNumber[index] != unpaired && oldNumber[index] - index == shift { index -= 1 }
            scroll(up: shift, top: index + 1 + shift, bottom: end)
        }
        return shown
    }

    /// The cells to write after ncurses moved lines as `moves` says (see `ncursesLineMoves`):
    /// - a line ncurses updates (what it holds there after the moves differs from the new
    ///   model, or it may clear it as part of the blank bottom of the screen) gets all its
    ///   overlays again, and the line scrolled in blank too;
    /// - a line ncurses leaves alone shows the old line moved there, glyphs and all: only the
    ///   overlays that line did not have are written;
    /// - and wherever a glyph of the old line now is, cells that differ from it are written.
    static func movedWrites(_ frame: CellBuffer, after old: CellBuffer, overlays: [Int], oldOverlays: [Int],
                            model: [ModelCell], oldModel: [ModelCell], moves: [Int?]) -> [Int] {
        let width = frame.width, lines = moves.count
        var marks = [Bool](repeating: false, count: frame.packed.count)
        func write(row y: Int, columns: Range<Int>) {
            for column in columns.clamped(to: 0..<width) {
                var start = column
                while start > 0 && frame.packed[y * width + start].isContinuation { start -= 1 }
                if start + max(1, Int(frame.packed[y * width + start].width)) <= width { marks[y * width + start] = true }
            }
        }
        let same = CellMatcher(old: old, new: frame)
        func sameSpan(_ oldRow: Int, _ newRow: Int, _ columns: Range<Int>) -> Bool {
            columns.allSatisfy { same(old.packed[oldRow * width + $0], frame.packed[newRow * width + $0]) }
        }
        // ncurses clears the bottom of the screen when its lines are all blank (ClrBottom).
        var clearable = [Bool](repeating: false, count: lines)
        if let corner = model.last {
            var y = lines - 1
            while y >= 0 && model[y * width..<(y + 1) * width].allSatisfy({ $0 == corner }) {
                clearable[y] = true
                y -= 1
            }
        }
        var overlaysByRow = [[Int]](repeating: [], count: lines)
        for position in overlays { overlaysByRow[position / width].append(position % width) }
        var oldOverlaysByRow = [[Int]](repeating: [], count: lines)
        for position in oldOverlays where position / width < lines { oldOverlaysByRow[position / width].append(position % width) }

        for y in 0..<lines {
            guard let source = moves[y] else {
                for x in overlaysByRow[y] { marks[y * width + x] = true }
                continue
            }
            let updated = clearable[y]
                || !sameCells(model, y * width, oldModel, source * width, count: width)
            for x in oldOverlaysByRow[source] {
                let span = x..<min(x + max(1, Int(old.packed[source * width + x].width)), width)
                if !sameSpan(source, y, span) { write(row: y, columns: span) }
            }
            for x in overlaysByRow[y] {
                let span = x..<min(x + max(1, Int(frame.packed[y * width + x].width)), width)
                if updated || !sameSpan(source, y, span) { marks[y * width + x] = true }
            }
        }
        // The cells after each overlay written, as in `plan`.
        let written = overlays.filter { marks[$0] }
        for position in written {
            let x = position % width, y = position / width
            let end = x + max(1, Int(frame.packed[position].width))
            write(row: y, columns: end..<end + 2)
        }
        return marks.indices.filter { marks[$0] }
    }

    /// The rows ncurses pairs as moved (new row -> old row): those whose hash occurs once on
    /// each screen, at different rows. ncurses moves lines only as hunks grown from these.
    static func ncursesPairs(old: [Int], new: [Int]) -> [(new: Int, old: Int)] {
        var counts: [Int: (old: Int, oldRow: Int, new: Int, newRow: Int)] = [:]
        counts.reserveCapacity(old.count + new.count)
        for (row, hash) in old.enumerated() {
            counts[hash, default: (0, 0, 0, 0)].old += 1
            counts[hash]!.oldRow = row
        }
        for (row, hash) in new.enumerated() {
            counts[hash, default: (0, 0, 0, 0)].new += 1
            counts[hash]!.newRow = row
        }
        var pairs: [(new: Int, old: Int)] = []
        for entry in counts.values where entry.old == 1 && entry.new == 1 && entry.oldRow != entry.newRow {
            pairs.append((entry.newRow, entry.oldRow))
        }
        return pairs.sorted { $0.new < $1.new }
    }

    /// Puts one cell in ncurses' model: the cluster itself, or blanks of its style in its
    /// `width` cells (a placeholder).
    private func draw(_ cell: PackedCell, of frame: CellBuffer, x: Int, y: Int, width cellWidth: Int,
                      placeholder: Bool) {
        let style = resolve(frame.styles[Int(cell.style)])
        if placeholder || cell.isContinuation {
            var blank: (wchar_t, wchar_t) = (0x20, 0)
            withUnsafePointer(to: &blank) { pointer in
                pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { text in
                    for column in x..<x + cellWidth {
                        _ = cnc_put_cell(Int32(y), Int32(column), text, style.attributes, style.pair)
                    }
                }
            }
        } else {
            // One scalar: more would be risky.
            var text: (wchar_t, wchar_t) = (wchar_t(bitPattern: frame.firstScalar(of: cell) ?? 0x20), 0)
            withUnsafePointer(to: &text) { pointer in
                pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { text in
                    // ERR at the lower right corner (the cursor cannot advance), but drawn.
                    _ = cnc_put_cell(Int32(y), Int32(x), text, style.attributes, style.pair)
                }
            }
        }
    }

    /// Writes cells straight to the terminal, each at an explicit position, then puts the
    /// attributes back to normal and the cursor where ncurses believes it is.
    private func writeCells(_ positions: [Int], of frame: CellBuffer) {
        guard let output else { return }
        let curses = cnc_curscr()
        let capabilities = capabilities
        let bytes = Self.directWrites(
            positions, of: frame, screenWidth: width,
            cursorAfter: (y: Int(cnc_getcury(curses)), x: Int(cnc_getcurx(curses))),
            autowrapOff: capabilities.autowrapOff, autowrapOn: capabilities.autowrapOn,
            normal: capabilities.normal, moveCursor: { capabilities.moveCursor(&$0, y: $1, x: $2) },
            styleSequence: { resolve($0).sequence })
        fflush(output)
        Self.writeAll(bytes, to: fileno(output))
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }

    private func setCharacterMovesAllowed(_ allowed: Bool) {
        guard let window = cnc_stdscr(), allowed != characterMovesAllowed else { return }
        characterMovesAllowed = allowed
        idcok(window, allowed)
    }

    // MARK: - Styles and colours

    private struct PairColors: Hashable {
        var foreground: Int
        var background: Int
    }

    private struct ResolvedStyle {
        var attributes: attr_t
        var pair: Int16
        /// Equal for the styles ncurses draws alike.
        var modelKey: UInt64 { UInt64(attributes) << 16 | UInt64(UInt16(bitPattern: pair)) }
        /// The escape sequence that sets this style from any state (starts with sgr0).
        var sequence: [UInt8]
    }

    private func resolve(_ style: CellStyle) -> ResolvedStyle {
        // Cells come in runs of one style: no hashing of the style for each of them.
        if let lastResolved, style == lastStyle { return lastResolved }
        let resolved = resolveHashing(style)
        lastStyle = style
        lastResolved = resolved
        return resolved
    }

    private func resolveHashing(_ style: CellStyle) -> ResolvedStyle {
        if let resolved = styles[style] { return resolved }
        var attributes = cnc_a_normal()
        var bold = style.bold
        var colors = PairColors(foreground: -1, background: -1)
        var pair: Int16 = 0
        if colorsEnabled {
            let foreground = Self.paletteColor(style.foreground, colors: paletteSize, foreground: true)
            let background = Self.paletteColor(style.background, colors: paletteSize, foreground: false)
            bold = bold || foreground.bold
            colors = PairColors(foreground: foreground.index, background: background.index)
            if !defaultColors {
                if colors.foreground < 0 { colors.foreground = 7 }
                if colors.background < 0 { colors.background = 0 }
            }
            pair = allocatePair(colors)
            if pair == 0 { colors = defaultColors ? PairColors(foreground: -1, background: -1)
                                                  : PairColors(foreground: 7, background: 0) }
        }
        let reverse = Self.drawsReverse(style, colorsEnabled: colorsEnabled)
        if bold { attributes |= cnc_a_bold() }
        if style.dim { attributes |= cnc_a_dim() }
        if reverse { attributes |= cnc_a_reverse() }
        if style.underline { attributes |= cnc_a_underline() }

        var sequence = capabilities.normal
        if bold { sequence += capabilities.bold }
        if style.dim { sequence += capabilities.dim }
        if reverse { sequence += capabilities.reverse }
        if style.underline { sequence += capabilities.underline }
        if colorsEnabled {
            if colors.foreground >= 0 { sequence += capabilities.foreground(colors.foreground) }
            if colors.background >= 0 { sequence += capabilities.background(colors.background) }
        }
        let resolved = ResolvedStyle(attributes: attributes, pair: pair, sequence: sequence)
        styles[style] = resolved
        return resolved
    }

    /// The colour pair for these colours, made on first use; pair 0 (the terminal's defaults)
    /// when they are the defaults or the pairs have run out.
    private func allocatePair(_ colors: PairColors) -> Int16 {
        if defaultColors && colors.foreground < 0 && colors.background < 0 { return 0 }
        if !defaultColors && colors.foreground == 7 && colors.background == 0 { return 0 }
        if let pair = pairs[colors] { return pair }
        guard Int(nextPair) < pairLimit,
              init_pair(nextPair, Int16(colors.foreground), Int16(colors.background)) == cnc_ok() else {
            return 0
        }
        let pair = nextPair
        pairs[colors] = pair
        nextPair += 1
        return pair
    }

    // MARK: - Input

    public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        let event = readEvent(timeoutMilliseconds: timeoutMilliseconds)
        if case .mouse(let mouse)? = event, mouse.action == .press {
            lastEventWasPress = true
        } else {
            lastEventWasPress = false
        }
        return event
    }

    private func readEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        guard screen != nil, let window = cnc_stdscr() else { return nil }
        let deadline = timeoutMilliseconds.map { Self.monotonicMilliseconds() + max(0, $0) }
        while true {
            let wait = deadline.map { max(0, $0 - Self.monotonicMilliseconds()) } ?? -1
            wtimeout(window, Int32(clamping: wait))
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            var input = Self.decode(status: status, value: UInt32(value))
            if input == .key(.escape) { input = readEscapeSequence(window) }
            switch input {
            case .nothing:
                return nil
            case .key(let key):
                return .key(key)
            case .resize:
                // ncurses' own SIGWINCH handling has resized its windows already.
                needsFullRedraw = true
                previous = nil
                previousOverlays = []
                previousRowModels = []
                return .resize(width: width, height: height)
            case .mouse:
                var x: Int32 = 0, y: Int32 = 0
                var state: mmask_t = 0
                if cnc_get_mouse(&x, &y, &state) == cnc_ok(), let action = Self.mouseAction(state) {
                    return .mouse(MouseEvent(action: action, x: Int(x), y: Int(y)))
                }
            case .ignored:
                break
            }
            if let deadline, Self.monotonicMilliseconds() >= deadline { return nil }
        }
    }

    /// What an ESC from ncurses stands for. ncurses gives a lone ESC when ESCDELAY passed with
    /// nothing after it (the Esc key), and also when what followed is no sequence its terminfo
    /// entry knows (Home as \e[1~ in tmux with TERM=xterm-256color, Alt+key, an X10 mouse
    /// report): then the rest is already waiting, and reading it here keeps it from being
    /// taken as Esc (quit) plus loose characters.
    private func readEscapeSequence(_ window: UnsafeMutablePointer<WINDOW>) -> DecodedInput {
        var following: [UInt32] = []
        while true {
            // The first read does not wait (ncurses waited already); later ones wait a little
            // for the tail of a sequence split between two reads.
            wtimeout(window, following.isEmpty ? 0 : 20)
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == cnc_key_code_yes() {
                // A key ncurses decoded right after the ESC: Alt with a function key, which the
                // browser has no use for; a resize or a mouse event must not be lost.
                let decoded = Self.decode(status: status, value: UInt32(value))
                return decoded == .resize || decoded == .mouse ? decoded : .ignored
            }
            guard status == cnc_ok() else {
                return Self.decodeEscapeSequence(following, ended: true) ?? .ignored
            }
            following.append(UInt32(value))
            if let decoded = Self.decodeEscapeSequence(following, ended: false) { return decoded }
        }
    }

    /// Reads and drops input until a mouse button release (or `limit` passes).
    private func discardMouseRelease(withinMilliseconds limit: Int) {
        guard let window = cnc_stdscr() else { return }
        let deadline = Self.monotonicMilliseconds() + limit
        while true {
            let wait = deadline - Self.monotonicMilliseconds()
            if wait <= 0 { return }
            wtimeout(window, Int32(clamping: wait))
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            switch Self.decode(status: status, value: UInt32(value)) {
            case .nothing:
                return
            case .mouse:
                var x: Int32 = 0, y: Int32 = 0
                var state: mmask_t = 0
                if cnc_get_mouse(&x, &y, &state) == cnc_ok(), Self.mouseAction(state) == .release { return }
            default:
                break
            }
        }
    }

    private static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}

// MARK: - Pure parts (tested without a terminal)

extension NcursesScreen {
    /// What one wget_wch result means.
    enum DecodedInput: Hashable {
        case key(Key)
        case resize
        case mouse
        /// A key the browser has no use for: read the next one.
        case ignored
        /// ERR: the timeout passed (or the input failed).
        case nothing
    }

    /// Maps wget_wch's status (OK, KEY_CODE_YES or ERR) and value to an input.
    static func decode(status: Int32, value: UInt32) -> DecodedInput {
        if status == cnc_key_code_yes() {
            return decodeFunctionKey(Int32(bitPattern: value))
        }
        guard status == cnc_ok() else { return .nothing }
        switch value {
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        case 1...26: return .key(.control(Character(Unicode.Scalar(UInt8(value) + 0x60))))
        case 0..<0x20, 0x80..<0xA0: return .ignored
        default:
            guard let scalar = Unicode.Scalar(value) else { return .ignored }
            return .key(.character(Character(scalar)))
        }
    }

    /// What an ESC followed by `following` (characters read at once after it) means; nil when
    /// the sequence is not finished and more may come. `ended`: nothing more came, decide with
    /// what there is. Nothing after the ESC is the Esc key; a sequence the browser has no use
    /// for, an unfinished one and Alt+key are ignored rather than taken for Esc.
    static func decodeEscapeSequence(_ following: [UInt32], ended: Bool) -> DecodedInput? {
        let escape: UInt32 = 0x1B, csi = ascii("["), ss3 = ascii("O")
        guard let first = following.first else { return ended ? .key(.escape) : nil }
        switch first {
        case csi:
            return decodeControlSequence(following.dropFirst(), ended: ended)
        case ss3:
            guard following.count >= 2 else { return ended ? .ignored : nil }
            switch following[1] {
            case ascii("H"): return .key(.home)
            case ascii("F"): return .key(.end)
            case ascii("A"): return .key(.up)
            case ascii("B"): return .key(.down)
            case ascii("C"): return .key(.right)
            case ascii("D"): return .key(.left)
            default: return .ignored
            }
        case escape:
            // Two Esc presses within ESCDELAY still mean Esc; ESC before a sequence is Alt with it.
            if following.count == 1 && ended { return .key(.escape) }
            return decodeEscapeSequence(Array(following.dropFirst()), ended: ended).map { _ in .ignored }
        default:
            return .ignored  // Alt+key
        }
    }

    private static func ascii(_ character: Unicode.Scalar) -> UInt32 { character.value }

    /// A CSI sequence after its "\e[": parameter and intermediate bytes (0x20-0x3F), then a
    /// final byte (0x40-0x7E).
    private static func decodeControlSequence(_ sequence: ArraySlice<UInt32>, ended: Bool) -> DecodedInput? {
        guard let finalIndex = sequence.firstIndex(where: { !(0x20...0x3F).contains($0) }) else {
            // Longer than any key's sequence: give up rather than swallow what follows.
            if sequence.count > 16 { return .ignored }
            return ended ? .ignored : nil
        }
        let final = sequence[finalIndex]
        guard (0x40...0x7E).contains(final) else { return .ignored }
        let parameters = String(decoding: sequence[..<finalIndex].map { UInt8($0) }, as: UTF8.self)
        if final == ascii("M") && parameters.isEmpty {
            // An X10 mouse report: three bytes (button, column, row) follow.
            if sequence.endIndex - finalIndex - 1 < 3 { return ended ? .ignored : nil }
            return .ignored
        }
        let unmodified = parameters.isEmpty || parameters == "1"
        switch (Character(Unicode.Scalar(UInt8(final))), parameters) {
        case ("H", _) where unmodified: return .key(.home)
        case ("F", _) where unmodified: return .key(.end)
        case ("A", _) where unmodified: return .key(.up)
        case ("B", _) where unmodified: return .key(.down)
        case ("C", _) where unmodified: return .key(.right)
        case ("D", _) where unmodified: return .key(.left)
        case ("Z", ""): return .key(.backTab)
        case ("~", "1"), ("~", "7"): return .key(.home)
        case ("~", "4"), ("~", "8"): return .key(.end)
        case ("~", "5"): return .key(.pageUp)
        case ("~", "6"): return .key(.pageDown)
        case ("~", "3"): return .key(.delete)
        default: return .ignored
        }
    }

    private static func decodeFunctionKey(_ code: Int32) -> DecodedInput {
        switch code {
        case cnc_key_up(): return .key(.up)
        case cnc_key_down(): return .key(.down)
        case cnc_key_left(): return .key(.left)
        case cnc_key_right(): return .key(.right)
        case cnc_key_ppage(), cnc_key_a3(): return .key(.pageUp)
        case cnc_key_npage(), cnc_key_c3(): return .key(.pageDown)
        case cnc_key_home(), cnc_key_a1(), cnc_key_find(): return .key(.home)
        case cnc_key_end(), cnc_key_c1(), cnc_key_select(): return .key(.end)
        case cnc_key_btab(): return .key(.backTab)
        case cnc_key_enter(): return .key(.enter)
        case cnc_key_backspace(): return .key(.backspace)
        case cnc_key_dc(): return .key(.delete)
        case cnc_key_resize(): return .resize
        case cnc_key_mouse(): return .mouse
        default: return .ignored
        }
    }

    /// The action of a mouse event's button state, nil for one the browser does not use.
    static func mouseAction(_ state: mmask_t) -> MouseEvent.Action? {
        if state & cnc_button4_pressed() != 0 { return .wheelUp }
        if cnc_button5_pressed() != 0 && state & cnc_button5_pressed() != 0 { return .wheelDown }
        if state & cnc_button1_pressed() != 0 { return .press }
        if state & cnc_button1_released() != 0 { return .release }
        if state & cnc_button1_double_clicked() != 0 { return .doubleClick }
        if state & cnc_button1_clicked() != 0 { return .click }
        return nil
    }

    /// Whether ncurses cannot be trusted to draw `text` in `width` cells: more than one
    /// Unicode scalar (VS16 sequences, flags, keycaps, skin tones, ZWJ sequences, combining
    /// marks), or a single one whose wcwidth differs from the cell's width.
    static func isRisky(_ text: String, width: Int,
                        wcwidth: (UInt32) -> Int = { Int(cnc_wcwidth($0)) }) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        if scalars.next() != nil { return true }
        if first.value >= 0x20 && first.value < 0x7F { return width != 1 }
        return wcwidth(first.value) != width
    }

    /// The bytes that write the cells at `positions` (start cells of `frame`, in order) straight
    /// to the terminal, each at an explicit position, then put the attributes back to normal
    /// and the cursor at `cursorAfter` (where ncurses believes it is).
    ///
    /// A risky cluster is preceded by blanks of its style over all its cells: the terminal may
    /// draw it narrower than the frame assumes (tmux draws some VS16 emoji one cell wide) or not
    /// at all (an emoji newer than its wcwidth), and whatever those cells held before (an older
    /// overlay, which ncurses does not know about and so never clears) would stay visible.
    static func directWrites(_ positions: [Int], of frame: CellBuffer, screenWidth: Int,
                             cursorAfter: (y: Int, x: Int), autowrapOff: [UInt8], autowrapOn: [UInt8],
                             normal: [UInt8], moveCursor: (inout [UInt8], _ y: Int, _ x: Int) -> Void,
                             styleSequence: (CellStyle) -> [UInt8],
                             isRisky: (String, Int) -> Bool = { isRisky($0, width: $1) }) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(positions.count * 32)
        // No autowrap meanwhile: a glyph wider than expected at the right edge must not wrap
        // to the next line (nor scroll the screen from the last one).
        bytes += autowrapOff
        var currentStyle: UInt16?
        var cursor: Int?  // where the terminal's cursor is known to be (y * frame.width + x)
        frame.packed.withUnsafeBufferPointer { cells in
            for position in positions {
                let x = position % frame.width, y = position / frame.width
                let cell = cells.baseAddress! + position
                if cell.pointee.isContinuation { continue }
                let cellWidth = max(1, Int(cell.pointee.width))
                if cursor != position { moveCursor(&bytes, y, x) }
                if cell.pointee.style != currentStyle {
                    bytes += styleSequence(frame.styles[Int(cell.pointee.style)])
                    currentStyle = cell.pointee.style
                }
                let empty = cell.pointee.isContinuation
                let risky = !empty && Self.isRisky(cell.pointee, of: frame, isRisky)
                if empty || risky {
                    bytes += repeatElement(0x20, count: cellWidth)
                }
                if risky {
                    // An explicit move: the blanks may have left the cursor on the last column.
                    moveCursor(&bytes, y, x)
                }
                if !empty {
                    let text = frame.text(of: cell.pointee).utf8
                    if text.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                        bytes += text
                    }
                }
                // After an overlay the terminal's cursor may be anywhere; after a plain cluster
                // it is at the next cell, unless that is past the right edge.
                cursor = !risky && x + cellWidth < screenWidth ? position + cellWidth : nil
            }
        }
        bytes += normal
        bytes += autowrapOn
        moveCursor(&bytes, cursorAfter.y, cursorAfter.x)
        return bytes
    }

    /// Whether cells of `style` are drawn in reverse video. Without colours a background is
    /// what sets the focus, the headers and the status line apart, and bold alone does not
    /// show on an emoji: reverse video stands in for it, as in `Theme.withoutColors`.
    static func drawsReverse(_ style: CellStyle, colorsEnabled: Bool) -> Bool {
        style.reverse || (!colorsEnabled && style.background != .default)
    }

    /// A palette index for `color` on a terminal of `colors` colours (-1: the default), and
    /// whether the foreground should be bold to stand for a bright colour on 8 colours.
    static func paletteColor(_ color: TerminalColor, colors: Int, foreground: Bool) -> (index: Int, bold: Bool) {
        switch color {
        case .default:
            return (-1, false)
        case .ansi(let number):
            let number = min(max(number, 0), 15)
            if colors >= 16 { return (number, false) }
            return (number % 8, foreground && number >= 8)
        case .indexed(let number):
            let number = min(max(number, 0), 255)
            if number < 16 { return paletteColor(.ansi(number), colors: colors, foreground: foreground) }
            if colors >= 256 { return (number, false) }
            let (red, green, blue) = rgb(ofIndex: number)
            return nearestBasic(red: red, green: green, blue: blue, colors: colors, foreground: foreground)
        case .rgb(let red, let green, let blue):
            if colors >= 256 { return (xterm256Index(red: Int(red), green: Int(green), blue: Int(blue)), false) }
            return nearestBasic(red: Int(red), green: Int(green), blue: Int(blue), colors: colors,
                                foreground: foreground)
        }
    }

    /// xterm's default colours 0-15.
    static let basicColors: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The nearest colour of the xterm 256-colour palette's 6x6x6 cube (16-231) and grey ramp
    /// (232-255).
    static func xterm256Index(red: Int, green: Int, blue: Int) -> Int {
        func level(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
        let (r, g, b) = (level(red), level(green), level(blue))
        let cube = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance((cubeLevels[r], cubeLevels[g], cubeLevels[b]), (red, green, blue))
        let average = (red + green + blue) / 3
        let grey = average < 3 ? 0 : min(23, max(0, (average - 3) / 10))
        let greyValue = 8 + 10 * grey
        let greyDistance = distance((greyValue, greyValue, greyValue), (red, green, blue))
        return greyDistance < cubeDistance ? 232 + grey : cube
    }

    /// The RGB value of a 256-colour palette index.
    static func rgb(ofIndex index: Int) -> (Int, Int, Int) {
        switch index {
        case ..<16: return basicColors[max(0, index)]
        case 16..<232:
            let offset = index - 16
            return (cubeLevels[offset / 36], cubeLevels[offset / 6 % 6], cubeLevels[offset % 6])
        default:
            let value = 8 + 10 * (min(index, 255) - 232)
            return (value, value, value)
        }
    }

    /// The nearest of the 16 basic colours; on 8 colours a bright foreground becomes bold and a
    /// background takes the nearest of the first 8.
    static func nearestBasic(red: Int, green: Int, blue: Int, colors: Int,
                             foreground: Bool) -> (index: Int, bold: Bool) {
        let candidates = colors >= 16 || foreground ? 16 : 8
        var best = 0
        var bestDistance = Int.max
        for index in 0..<candidates {
            let d = distance(basicColors[index], (red, green, blue))
            if d < bestDistance {
                bestDistance = d
                best = index
            }
        }
        if colors >= 16 { return (best, false) }
        return (best % 8, foreground && best >= 8)
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }

    /// A terminfo string without its padding specifications ("$<5>").
    static func strippingPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}

// MARK: - Terminfo strings for the overlays

private struct Capabilities {
    let cursorAddress: UnsafePointer<CChar>
    /// Whether cup is ECMA-48's CUP (\E[%i%p1%d;%p2%dH), as on every terminal emulator in use:
    /// its bytes are then made here, without a tiparm call (a vsprintf) for each move.
    let ansiCursorAddress: Bool
    let setForeground: UnsafePointer<CChar>?
    let setBackground: UnsafePointer<CChar>?
    /// sgr0 followed by op: normal attributes, default colours.
    let normal: [UInt8]
    let bold: [UInt8]
    let dim: [UInt8]
    let reverse: [UInt8]
    let underline: [UInt8]
    /// rmam and smam (DECAWM off and on), from terminfo or, for an ANSI terminal whose entry
    /// lacks them, the standard sequences.
    let autowrapOff: [UInt8]
    let autowrapOn: [UInt8]
    /// Whether the terminal can scroll a region both ways (csr, ind or indn, ri or rin), so
    /// that every scroll ncurses plans succeeds as planned.
    let scrollsRegions: Bool

    /// Nil when the terminal cannot address the cursor.
    init?() {
        guard let cup = cnc_tigetstr("cup") else { return nil }
        func string(_ name: String) -> [UInt8] {
            guard let value = cnc_tigetstr(name) else { return [] }
            return Capabilities.bytes(value)
        }
        cursorAddress = cup
        ansiCursorAddress = Capabilities.bytes(cup) == Array("\u{1B}[%i%p1%d;%p2%dH".utf8)
        setForeground = cnc_tigetstr("setaf")
        setBackground = cnc_tigetstr("setab")
        normal = string("sgr0") + string("op")
        bold = string("bold")
        dim = string("dim")
        reverse = string("rev")
        underline = string("smul")
        scrollsRegions = cnc_tigetstr("csr") != nil
            && (cnc_tigetstr("ind") != nil || cnc_tigetstr("indn") != nil)
            && (cnc_tigetstr("ri") != nil || cnc_tigetstr("rin") != nil)
        let ansi = Capabilities.bytes(cup).starts(with: [0x1B, UInt8(ascii: "[")])
        let rmam = string("rmam"), smam = string("smam")
        if !rmam.isEmpty && !smam.isEmpty {
            autowrapOff = rmam
            autowrapOn = smam
        } else if ansi {
            autowrapOff = Array("\u{1B}[?7l".utf8)
            autowrapOn = Array("\u{1B}[?7h".utf8)
        } else {
            autowrapOff = []
            autowrapOn = []
        }
    }

    /// The bytes of a terminfo string, without padding.
    static func bytes(_ string: UnsafePointer<CChar>) -> [UInt8] {
        let raw = UnsafeRawBufferPointer(start: string, count: strlen(string))
        return NcursesScreen.strippingPadding(Array(raw))
    }

    /// Appends the sequence that moves the cursor to (y, x).
    func moveCursor(_ bytes: inout [UInt8], y: Int, x: Int) {
        if ansiCursorAddress {
            bytes += [0x1B, UInt8(ascii: "[")]
            Capabilities.appendDecimal(y + 1, to: &bytes)
            bytes.append(UInt8(ascii: ";"))
            Capabilities.appendDecimal(x + 1, to: &bytes)
            bytes.append(UInt8(ascii: "H"))
            return
        }
        guard let sequence = cnc_tiparm2(cursorAddress, Int32(y), Int32(x)) else { return }
        bytes += Capabilities.bytes(sequence)
    }

    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        let zero = UInt8(ascii: "0")
        if value >= 10 {
            if value >= 100 { appendDecimal(value / 100, to: &bytes) }
            bytes.append(zero &+ UInt8(truncatingIfNeeded: value / 10 % 10))
        }
        bytes.append(zero &+ UInt8(truncatingIfNeeded: value % 10))
    }

    func foreground(_ index: Int) -> [UInt8] {
        guard let setForeground, let sequence = cnc_tiparm1(setForeground, Int32(index)) else { return [] }
        return Capabilities.bytes(sequence)
    }

    func background(_ index: Int) -> [UInt8] {
        guard let setBackground, let sequence = cnc_tiparm1(setBackground, Int32(index)) else { return [] }
        return Capabilities.bytes(sequence)
    }
}
