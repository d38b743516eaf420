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

    // What is on screen.
    private var previous: CellBuffer?
    /// Start cells (index y * width + x of `previous`) that were drawn as overlays.
    private var previousOverlays: [Int] = []
    /// A hash per row of `previous` as ncurses holds it (overlays as their placeholders).
    private var previousRowModels: [Int] = []
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
    public init(colorMode: ColorMode = .auto, terminalPath: String = "/dev/tty") throws(TerminalError) {
        _ = cnc_setlocale_from_environment()
        guard let input = fopen(terminalPath, "re") else {
            throw TerminalError("no terminal to draw on: cannot open \(terminalPath)")
        }
        guard let output = fopen(terminalPath, "we") else {
            fclose(input)
            throw TerminalError("no terminal to draw on: cannot open \(terminalPath)")
        }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard let screen = newterm(nil, output, input) else {
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
        setCharacterMovesAllowed(true)

        if colorMode == .auto && has_colors() {
            start_color()
            defaultColors = use_default_colors() == cnc_ok()
            paletteSize = Int(cnc_colors())
            pairLimit = min(Int(cnc_color_pairs()), Int(Int16.max))
            colorsEnabled = paletteSize >= 8 && pairLimit > 1
        }
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
        TerminalGuard.screenDidStart()  // drawing after an external endwin takes the terminal back
        let old: CellBuffer? = needsFullRedraw || previous?.width != frame.width
            || previous?.height != frame.height ? nil : previous
        let plan = Self.plan(frame, after: old, overlays: previousOverlays, rowModels: previousRowModels,
                             visibleWidth: min(frame.width, width), visibleHeight: min(frame.height, height))

        // Inserting or deleting characters would carry overlay glyphs sideways.
        setCharacterMovesAllowed(old == nil || previousOverlays.isEmpty)
        if old == nil {
            werase(window)
            clearok(cnc_curscr(), true)
        }
        for draw in plan.draws {
            let x = draw.position % frame.width, y = draw.position / frame.width
            self.draw(frame[x, y], x: x, y: y, width: draw.width, placeholder: draw.placeholder)
        }
        wnoutrefresh(window)
        doupdate()
        if !plan.writes.isEmpty {
            writeCells(plan.writes, of: frame)
        }

        previous = frame
        previousOverlays = plan.overlays
        previousRowModels = plan.rowModels
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
        /// Start cells written straight to the terminal after doupdate, in order.
        var writes: [Int] = []
    }

    /// Plans showing `frame` after `old` (nil: a full redraw on a cleared screen), whose
    /// overlays and row models were `overlays` and `rowModels`, on a screen showing
    /// `visibleWidth` x `visibleHeight` cells of the frame.
    static func plan(_ frame: CellBuffer, after old: CellBuffer?, overlays oldOverlays: [Int],
                     rowModels oldRowModels: [Int], visibleWidth: Int, visibleHeight: Int,
                     isRisky: (String, Int) -> Bool = { isRisky($0, width: $1) }) -> FramePlan {
        var plan = FramePlan()
        let frameWidth = frame.width
        var changedRows = [Bool](repeating: old == nil, count: visibleHeight)
        plan.rowModels.reserveCapacity(visibleHeight)
        for y in 0..<visibleHeight {
            var model = Hasher()
            var blankUntil = 0
            for x in 0..<visibleWidth {
                let cell = frame[x, y]
                if cell.isContinuation {
                    if x < blankUntil { model.combine(Cell.blank(cell.style)) } else { model.combine(cell) }
                    continue
                }
                let cellWidth = max(1, Int(cell.width))
                let fits = x + cellWidth <= visibleWidth
                let risky = fits && isRisky(cell.text, cellWidth)
                if risky { plan.overlays.append(y * frameWidth + x) }
                if risky || !fits {
                    model.combine(Cell.blank(cell.style))
                    blankUntil = x + cellWidth
                } else {
                    model.combine(cell)
                }
                if let old {
                    var dirty = false
                    for column in x..<min(x + cellWidth, frameWidth) where old[column, y] != frame[column, y] {
                        dirty = true
                        break
                    }
                    if !dirty { continue }
                    changedRows[y] = true
                }
                plan.draws.append(.init(position: y * frameWidth + x, width: min(cellWidth, visibleWidth - x),
                                        placeholder: risky || !fits))
            }
            plan.rowModels.append(model.finalize())
        }

        // ncurses scrolls a region (change_scroll_region, whatever idlok says) when a changed
        // row holds what another row held; the overlay glyphs move with the lines.
        if old != nil, !oldOverlays.isEmpty {
            var oldRows: [Int: Int] = [:]  // model -> its row, or -1 for several
            for (row, model) in oldRowModels.enumerated() { oldRows[model] = oldRows[model] == nil ? row : -1 }
            plan.linesMayMove = (0..<visibleHeight).contains { row in
                guard changedRows[row], let oldRow = oldRows[plan.rowModels[row]] else { return false }
                return oldRow != row
            }
        }

        var writes = Set<Int>()
        func write(row y: Int, columns: Range<Int>) {
            for column in columns.clamped(to: 0..<visibleWidth) {
                var start = column
                while start > 0 && frame[start, y].isContinuation { start -= 1 }
                if start + max(1, Int(frame[start, y].width)) <= visibleWidth {
                    writes.insert(y * frameWidth + start)
                }
            }
        }
        // Overlays of the rows ncurses may have repainted.
        for position in plan.overlays where plan.linesMayMove || changedRows[position / frameWidth] {
            writes.insert(position)
        }
        if let old {
            if plan.linesMayMove {
                // A glyph may now be in any row of its column: write those columns everywhere.
                var spans = Set<Range<Int>>()
                for position in oldOverlays {
                    let x = position % frameWidth
                    spans.insert(x..<x + max(1, Int(old[x, position / frameWidth].width)))
                }
                for y in 0..<visibleHeight {
                    for span in spans { write(row: y, columns: span) }
                }
            } else {
                // Where an overlay was, ncurses believes there are blanks and may leave them.
                for position in oldOverlays {
                    let x = position % frameWidth, y = position / frameWidth
                    guard y < visibleHeight else { continue }
                    let span = x..<min(x + max(1, Int(old[x, y].width)), visibleWidth)
                    if span.contains(where: { old[$0, y] != frame[$0, y] }) {
                        write(row: y, columns: span)
                    }
                }
            }
        }
        // A terminal that draws a cluster wider than its cells (tmux 3.3 draws 👍🏽 as 👍 and
        // 🏽, four cells) spills over the next cells: writing them again after the overlay
        // cuts the spill (a terminal blanks a wide glyph whose half is overwritten).
        let overlaySet = Set(plan.overlays)
        for position in writes where overlaySet.contains(position) {
            let x = position % frameWidth, y = position / frameWidth
            let end = x + max(1, Int(frame[x, y].width))
            write(row: y, columns: end..<end + 2)
        }
        plan.writes = writes.sorted()
        return plan
    }

    /// Puts one cell in ncurses' model: the cluster itself, or blanks of its style in its
    /// `width` cells (a placeholder).
    private func draw(_ cell: Cell, x: Int, y: Int, width cellWidth: Int, placeholder: Bool) {
        let style = resolve(cell.style)
        if placeholder || cell.text.unicodeScalars.isEmpty {
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
            var text: (wchar_t, wchar_t) = (wchar_t(bitPattern: cell.text.unicodeScalars.first!.value), 0)
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
            normal: capabilities.normal, moveCursor: { capabilities.moveCursor(y: $0, x: $1) },
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
        /// The escape sequence that sets this style from any state (starts with sgr0).
        var sequence: [UInt8]
    }

    private func resolve(_ style: CellStyle) -> ResolvedStyle {
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
                             normal: [UInt8], moveCursor: (_ y: Int, _ x: Int) -> [UInt8],
                             styleSequence: (CellStyle) -> [UInt8],
                             isRisky: (String, Int) -> Bool = { isRisky($0, width: $1) }) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(positions.count * 32)
        // No autowrap meanwhile: a glyph wider than expected at the right edge must not wrap
        // to the next line (nor scroll the screen from the last one).
        bytes += autowrapOff
        var currentStyle: CellStyle?
        var cursor: Int?  // where the terminal's cursor is known to be (y * frame.width + x)
        for position in positions {
            let x = position % frame.width, y = position / frame.width
            let cell = frame[x, y]
            if cell.isContinuation { continue }
            let cellWidth = max(1, Int(cell.width))
            if cursor != position { bytes += moveCursor(y, x) }
            if cell.style != currentStyle {
                bytes += styleSequence(cell.style)
                currentStyle = cell.style
            }
            let risky = !cell.text.isEmpty && isRisky(cell.text, cellWidth)
            if cell.text.isEmpty || risky {
                bytes += repeatElement(0x20, count: cellWidth)
            }
            if risky {
                // An explicit move: the blanks may have left the cursor on the last column.
                bytes += moveCursor(y, x)
            }
            if !cell.text.isEmpty {
                bytes += cell.text.utf8
            }
            // After an overlay the terminal's cursor may be anywhere; after a plain cluster it
            // is at the next cell, unless that is past the right edge.
            cursor = !risky && x + cellWidth < screenWidth ? position + cellWidth : nil
        }
        bytes += normal
        bytes += autowrapOn
        bytes += moveCursor(cursorAfter.y, cursorAfter.x)
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

    /// Nil when the terminal cannot address the cursor.
    init?() {
        guard let cup = cnc_tigetstr("cup") else { return nil }
        func string(_ name: String) -> [UInt8] {
            guard let value = cnc_tigetstr(name) else { return [] }
            return Capabilities.bytes(value)
        }
        cursorAddress = cup
        setForeground = cnc_tigetstr("setaf")
        setBackground = cnc_tigetstr("setab")
        normal = string("sgr0") + string("op")
        bold = string("bold")
        dim = string("dim")
        reverse = string("rev")
        underline = string("smul")
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

    func moveCursor(y: Int, x: Int) -> [UInt8] {
        guard let sequence = cnc_tiparm2(cursorAddress, Int32(y), Int32(x)) else { return [] }
        return Capabilities.bytes(sequence)
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
