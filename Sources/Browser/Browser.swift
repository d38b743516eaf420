// The browser's two steps: an event changes the state, the state renders to a frame.
// Tests drive them exactly as the keyboard does.

import Catalog
import SplitLayout
import TerminalUI

public enum Browser {
    /// Rows one wheel notch scrolls.
    public static let wheelRows = 3

    /// The status line's notice for the warnings of a data file, the file by its name alone
    /// ("warning: data.csv: 3 invalid UTF-8 sequences ..."); nil when there are none.
    public static func notice(for warnings: [DataWarning]) -> String? {
        guard !warnings.isEmpty else { return nil }
        return "warning: " + warnings.map { warning in
            var short = warning
            short.file = String(warning.file.split(separator: "/").last ?? Substring(warning.file))
            return short.description
        }.joined(separator: "; ")
    }

    static func handle(_ key: Key, _ state: inout BrowserState) {
        if key == .control("c") {
            state.outcome = .interrupted
            return
        }
        if state.showingHelp {
            // Any key closes the help; q and Esc do not also quit from it.
            state.showingHelp = false
            return
        }
        if state.isTooSmall && key != .character("q") && key != .escape {
            // Only the ways out work on the "terminal too small" screen: the other keys acted
            // on a view nobody could see (Enter printed an item that was not shown), and moves
            // there lost the view that growing back restores (see `BrowserState.resize`).
            return
        }
        if state.toneChooser != nil {
            handleToneChooser(key, &state)
            return
        }
        if state.searchPrompt != nil, handleSearchPrompt(key, &state) { return }
        switch key {
        case .up, .character("k"): move(.up, &state)
        case .down, .character("j"): move(.down, &state)
        case .left, .character("h"): move(.left, &state)
        case .right, .character("l"): move(.right, &state)
        case .pageDown, .control("f"): page(down: true, &state)
        case .pageUp, .control("b"): page(down: false, &state)
        case .home, .character("g"):
            state.offset = 0
            state.setFocus(state.firstItem())
            state.offset = 0
        case .end, .character("G"):
            state.setFocus(state.lastItem())
            state.offset = state.maximumOffset
            if let focus = state.focus { state.scrollIntoView(focus) }
        case .tab: jumpSection(forward: true, &state)
        case .backTab: jumpSection(forward: false, &state)
        case .character("<"): adjustRatio(-1, &state)
        case .character(">"): adjustRatio(1, &state)
        case .character("?"): state.showingHelp = true
        case .character("s"): state.openToneChooser()
        case .character("/"):
            state.searchPrompt = SearchPrompt(text: state.filter.map { $0.query.description + " " } ?? "",
                                              focusBefore: state.focus.map(state.sourcePath), offsetBefore: state.offset)
        case .character(" ") where state.multiSelect:
            // As fzf's Tab: mark, then on to the next item, so a run of presses marks a run.
            guard let focus = state.focus else { break }
            state.toggleMark(focus)
            if let next = state.nextItem(after: focus) { state.setFocus(next) }
        case .enter:
            if let focus = state.focus { state.outcome = .chosen(focus) }
        case .character("q"), .escape:
            state.outcome = .cancelled
        default:
            break
        }
    }

    /// Whether `event` only edits the text of the open search prompt (see `take`).
    static func editsSearchText(_ event: InputEvent, _ state: BrowserState) -> Bool {
        guard case .key(let key) = event, state.searchPrompt != nil, !state.showingHelp,
              state.toneChooser == nil, !state.isTooSmall else { return false }
        switch key {
        case .character, .backspace, .control("u"), .control("w"): return true
        default: return false
        }
    }

    /// Keys while the search prompt is open: text edits the query, and the filter follows
    /// before the next frame or the next other key (`applyStaleFilter`); Enter closes the
    /// prompt keeping the filter; Esc closes it and shows everything again, focused where it
    /// was before the prompt opened. Moves, pages and picks work as usual (false).
    static func handleSearchPrompt(_ key: Key, _ state: inout BrowserState) -> Bool {
        guard var prompt = state.searchPrompt else { return false }
        switch key {
        case .character(let character):
            prompt.text.append(character)
        case .backspace:
            guard !prompt.text.isEmpty else { return true }
            prompt.text.removeLast()
        case .control("u"):
            prompt.text = ""
        case .control("w"):
            // The last word and the spaces after it, as in a shell.
            while prompt.text.last == " " { prompt.text.removeLast() }
            while let last = prompt.text.last, last != " " { prompt.text.removeLast() }
        case .enter:
            state.searchPrompt = nil
            return true
        case .escape:
            state.searchPrompt = nil
            state.applyFilter("")
            state.restoreFocus(prompt.focusBefore, offset: prompt.offsetBefore)
            return true
        default:
            return false
        }
        state.searchPrompt = prompt
        state.filterIsStale = true
        return true
    }

    /// Keys while the skin-tone chooser is open: move among its options, Enter takes one,
    /// Esc (or s, or q) closes it without a pick.
    static func handleToneChooser(_ key: Key, _ state: inout BrowserState) {
        guard var chooser = state.toneChooser else { return }
        let count = chooser.options.count
        let columns = ToneChooser.columns(forWidth: state.width, optionCount: count)
        switch key {
        case .left, .character("h"): chooser.selected = max(0, chooser.selected - 1)
        case .right, .character("l"): chooser.selected = min(count - 1, chooser.selected + 1)
        case .up, .character("k"): chooser.selected = max(0, chooser.selected - columns)
        case .down, .character("j"): chooser.selected = min(count - 1, chooser.selected + columns)
        case .home, .character("g"): chooser.selected = 0
        case .end, .character("G"): chooser.selected = count - 1
        case .enter:
            state.acceptTone()
            return
        case .escape, .character("s"), .character("q"):
            state.toneChooser = nil
            return
        default:
            return
        }
        state.toneChooser = chooser
    }

    static func move(_ direction: Direction, _ state: inout BrowserState) {
        guard let focus = state.focus else {
            state.setFocus(state.firstItem())
            return
        }
        if let next = state.layout.neighbour(of: focus, direction) {
            state.setFocus(next)
        }
    }

    /// Scrolls a page and moves the focus to the item at the same screen row of its column.
    static func page(down: Bool, _ state: inout BrowserState) {
        let rows = max(1, state.viewHeight - 1)
        guard let focus = state.focus, let frame = state.layout.frame(of: focus) else { return }
        let screenRow = frame.y - state.offset
        let oldOffset = state.offset
        state.offset += down ? rows : -rows
        state.clampOffset()
        let moved = state.offset - oldOffset
        let column = state.layout.sections[focus.section].columnIndex
        let target = Point(x: frame.x, y: moved == 0 ? frame.y + (down ? rows : -rows) : state.offset + screenRow)
        if let next = state.layout.nearestItem(to: target, columnIndex: column) {
            state.setFocus(next)
        }
    }

    static func jumpSection(forward: Bool, _ state: inout BrowserState) {
        guard let focus = state.focus else {
            state.setFocus(state.firstItem())
            return
        }
        let target = forward ? state.firstItem(fromSection: focus.section + 1)
                             : focus.section > 0 ? state.firstItem(fromSection: focus.section - 1, forward: false) : nil
        guard let target else { return }
        state.focus = target
        // The section's header goes to the top of the view.
        state.offset = state.layout.sections[target.section].frame.y
        state.clampOffset()
        state.scrollIntoView(target)
    }

    static func adjustRatio(_ steps: Int, _ state: inout BrowserState) {
        let before = state.currentParameters.leftRatio
        state.ratioSteps += steps
        if state.currentParameters.leftRatio == before {
            state.ratioSteps -= steps  // At a limit, or one column: nothing to move.
            return
        }
        state.relayout()
    }

    static func handle(_ mouse: MouseEvent, _ state: inout BrowserState) {
        // Clicks on the "terminal too small" screen used to hit the items under it (unseen),
        // and a second click chose one.
        guard !state.isTooSmall else { return }
        switch mouse.action {
        case .wheelUp, .wheelDown:
            // The chooser stays by its emoji: no scrolling under it.
            guard state.toneChooser == nil else { return }
            state.offset += mouse.action == .wheelDown ? wheelRows : -wheelRows
            state.clampOffset()
            keepFocusInView(&state)
        case .press, .click, .doubleClick:
            guard !state.showingHelp, state.toneChooser == nil else {
                state.showingHelp = false
                state.toneChooser = nil
                return
            }
            guard mouse.y < state.viewHeight else { return }
            let point = Point(x: mouse.x, y: mouse.y + state.offset)
            guard let element = state.layout.element(at: point, offset: state.offset) else { return }
            switch element.kind {
            case .item:
                let path = ItemPath(section: element.section, item: element.item!)
                if path == state.focus || mouse.action == .doubleClick {
                    state.focus = path
                    state.outcome = .chosen(path)
                } else {
                    state.setFocus(path)
                }
            case .header:
                if let first = state.firstItem(fromSection: element.section), first.section == element.section {
                    state.setFocus(first)
                }
            case .footer, .background:
                break
            }
        case .release:
            break
        }
    }

    /// After a scroll that was not a focus move, the focus follows into the view.
    public static func keepFocusInView(_ state: inout BrowserState) {
        guard let focus = state.focus, let frame = state.layout.frame(of: focus) else { return }
        let header = state.layout.parameters.pinHeaders ? state.layout.sections[focus.section].headerHeight : 0
        if frame.y - header >= state.offset && frame.maxY <= state.offset + state.viewHeight { return }
        let column = state.layout.sections[focus.section].columnIndex
        let row = frame.y < state.offset + header ? state.offset + header + 1 : state.offset + state.viewHeight - 1
        if let next = state.layout.nearestItem(to: Point(x: frame.x, y: row), columnIndex: column) {
            let offset = state.offset
            state.setFocus(next)
            // Keep the scroll the user asked for when the new focus fits in it, below its pinned
            // header (without the header, the nearest line could be the one the header covers,
            // and restoring the scroll hid the focus under it: two-row headers and items).
            let nextHeader = state.layout.parameters.pinHeaders ? state.layout.sections[next.section].headerHeight : 0
            if let nextFrame = state.layout.frame(of: next), nextFrame.y - nextHeader >= offset,
               nextFrame.maxY <= offset + state.viewHeight {
                state.offset = offset
            }
        }
    }
}
