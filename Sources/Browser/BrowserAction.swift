// What a key or a click asks of the browser, as a value: the key maps (KeyMaps.swift) turn
// keys into actions, `Browser.mouseAction` turns clicks into actions, and `Browser.perform`
// carries them out. Nothing else changes the state for input.

import Catalog
import SplitLayout
import TerminalUI

public enum BrowserAction: Hashable, Sendable {
    // MARK: Browsing
    /// Moves the focus to the nearest item that way, across the two columns too.
    case move(Direction)
    /// Scrolls a page and focuses the item at the same screen row of its column.
    case page(down: Bool)
    case first, last
    /// The first or last card of the focused row.
    case firstCard, lastCard
    case nextSection, previousSection
    /// Folds the focused section to its header, or unfolds the one just folded
    /// (SectionFolds.swift).
    case toggleSection
    /// Folds or unfolds every section.
    case toggleAllSections
    /// Opens the section switcher (SectionSwitcher.swift).
    case openSectionSwitcher
    /// Jumps to the first section of this title: opened, its first item focused.
    case jumpToSection(String)
    /// Moves the split of two columns by this many `BrowserState.ratioStep`s (negative: left).
    case adjustRatio(steps: Int)
    /// Shows the focused section as a row of cards, or as a grid again.
    case toggleSectionStyle
    /// Opens or closes the detail panel of the focused item; with --preview, shows or hides
    /// the preview (fzf's toggle-preview).
    case toggleDetails
    /// Scrolls the preview by this many lines (negative: up; fzf's preview-up, preview-down).
    case scrollPreview(lines: Int)
    /// Scrolls the preview by a page of its window (fzf's preview-page-up, preview-page-down).
    case scrollPreviewPage(down: Bool)
    /// Shows or hides the preview (the details without --preview): fzf's show-preview,
    /// hide-preview.
    case showPreview(Bool)
    /// The preview runs this command (a template) from now on (fzf's change-preview).
    case changePreview(String)
    /// Runs the preview command again (fzf's refresh-preview).
    case refreshPreview
    /// Removes the focused item from Recent (and, at the end, from the recent file).
    case forgetRecent
    /// Puts the focused item (as --print prints it) on the terminal's clipboard.
    case copyFocused
    case openHelp
    case openToneChooser
    /// Says in the status line that the data has no skin tones (`s` in a data file).
    case sayNoSkinTones
    case openSearch
    /// With --multi: marks or unmarks the focused item, then focuses the next one.
    case toggleMark
    /// With --multi: marks or unmarks the focused item, then focuses the one before (fzf's
    /// Shift-Tab).
    case toggleMarkThenPrevious
    /// With --multi: marks or unmarks the focused item, staying on it (fzf's toggle).
    case toggle
    /// With --multi: marks the shown items not marked, unmarks the marked (fzf's toggle-all).
    case toggleAll
    /// With --multi: marks, or unmarks, every shown item (fzf's select-all, deselect-all).
    case selectAll, deselectAll
    /// Ends the session with the focused item (the marked ones, with --multi).
    case pick
    /// Ends the session with no output (q, Esc).
    case quit
    /// Ends the session as Ctrl-C does (exit 130).
    case interrupt
    /// Stops the program as Ctrl-Z does in a shell (fzf's ctrl-z): the terminal given back,
    /// the browser drawn again when the job goes on (`fg`).
    case suspend

    // MARK: Bindings (--bind)
    /// Does nothing: a binding to it takes a key away (fzf's ignore).
    case ignore
    /// These actions in turn, until one ends the session (a binding's `a+b+c`).
    case chain([BrowserAction])
    /// Runs a shell command: with the terminal, out of sight, in the browser's place, or for
    /// new data (`ShellAction`).
    case run(ShellAction)
    /// The query becomes this text, searched (fzf's change-query).
    case changeQuery(String)
    /// Empties the query, everything shown again (fzf's clear-query).
    case clearQuery
    /// The prompt before the query becomes this text (fzf's change-prompt).
    case changePrompt(String)

    // MARK: Search prompt
    /// Types text into the query at its cursor, opening the prompt if it is closed (a key
    /// typed; fzf's put).
    case insertText(String)
    case deleteBackward
    case clearText
    /// The last word before the cursor and the spaces after it, as in a shell.
    case deleteWord
    /// Moves the cursor in the query by characters (negative: left).
    case moveQueryCursor(by: Int)
    case queryCursorToStart, queryCursorToEnd
    /// Closes the prompt keeping the filter.
    case acceptSearch
    /// Closes the prompt, shows everything again, focused where it was before the prompt.
    case cancelSearch
    /// Drops a kept filter: everything shown again, the focus on the item it was on.
    case clearFilter

    // MARK: Skin-tone chooser
    case moveTone(Direction)
    case firstTone, lastTone
    /// Takes the selected tone: picks it, or marks its item with --multi.
    case acceptTone
    case closeToneChooser

    // MARK: Section switcher
    /// Moves the switcher's choice by lines (negative: up).
    case moveSwitcher(by: Int)
    /// Jumps to the chosen section and closes the switcher.
    case acceptSwitcher
    case closeSwitcher

    // MARK: Help
    case scrollHelp(HelpScroll)
    case closeHelp

    // MARK: Mouse
    /// Scrolls the view by content rows (negative: up); the focus follows into the view.
    case scroll(rows: Int)
    /// Slides a row by cells (negative: towards its first card), as one wheel notch over it
    /// does; the row comes to rest when the notches stop.
    case slideRow(section: Int, cells: Double)
    /// The button went down on a row at column `x`, over `card`: a drag or a click begins.
    case grabRow(section: Int, x: Int, card: ItemPath?)
    /// The pointer moved to column `x` with the button held: the grabbed row follows.
    case dragRow(x: Int)
    /// The button came up: the dragged row comes to rest, or the press was a click on its card.
    case releaseRow
    /// The button went down on the divider between the columns: the pointer moves the split.
    case grabDivider
    /// The pointer moved to column `x` with the divider held.
    case dragDivider(x: Int)
    case releaseDivider
    case focusItem(ItemPath)
    /// Folds or unfolds a shown section (a click on its header).
    case toggleSectionAt(Int)
    /// Focuses the item and ends the session with it (a click on the focused item).
    case pickItem(ItemPath)
    /// Closes the help and the tone chooser (a click while one is open does only this).
    case closeOverlays

    /// Whether the action only edits the search prompt's text, so that the run loop can
    /// search once at the end of a paste (see `Browser.take`).
    public var editsSearchText: Bool {
        switch self {
        case .insertText, .deleteBackward, .clearText, .deleteWord: true
        default: false
        }
    }

    /// Whether the action moves a query's cursor (the text stays).
    var movesQueryCursor: Bool {
        switch self {
        case .moveQueryCursor, .queryCursorToStart, .queryCursorToEnd: true
        default: false
        }
    }
}

/// How a key scrolls the help overlay.
public enum HelpScroll: Hashable, Sendable {
    case lineUp, lineDown, pageUp, pageDown, top, bottom
}

extension Browser {
    /// Carries out one action, returning what it asks of the world outside the state. An
    /// action that does not apply to the state (a tone move with no chooser open, a mark
    /// without --multi) changes nothing.
    @discardableResult
    public static func perform(_ action: BrowserAction, _ state: inout BrowserState) -> [BrowserCommand] {
        // The fold key pressed again unfolds what it folded, until another action comes.
        if action != .toggleSection { state.view.lastFolded = nil }
        if state.overlays.sectionSwitcher != nil, action.editsSearchText || action.movesQueryCursor {
            performSwitcher(action, &state)
            return []
        }
        // A key bound to `put` while browsing opens the prompt with its text.
        if case .insertText(let text) = action, state.overlays.searchPrompt == nil {
            state.setQuery(text)
            return []
        }
        switch action {
        case .move(let direction): move(direction, &state)
        case .page(let down): page(down: down, &state)
        case .first:
            state.setFocus(state.view.firstItem())
            state.view.offset = 0
        case .last:
            state.focusLast()
            state.view.followsEnd = true
        case .firstCard, .lastCard:
            guard let focus = state.view.focus, let row = state.view.layout.sections[focus.section].row, row.count > 0
            else {
                return []
            }
            state.setFocus(
                ItemPath(
                    section: focus.section, item: row.items(ofCard: action == .firstCard ? 0 : row.count - 1).first!))
        case .toggleSectionStyle: state.toggleStyleOfFocusedSection()
        case .toggleDetails: state.hasPreview ? state.togglePreview() : state.toggleDetails()
        case .scrollPreview(let lines):
            guard state.hasPreview, state.preview.isShown, let area = state.previewTextArea else { return [] }
            state.preview.scroll(
                by: lines, visible: area.height, header: state.options.preview?.window.headerLines ?? 0,
                cycle: state.previewLayout?.window.cycle ?? false)
        case .forgetRecent: return state.forgetFocusedRecent().map { [$0] } ?? []
        case .copyFocused: return state.copyFocused().map { [$0] } ?? []
        case .toggleSection: state.toggleFocusedFold()
        case .toggleAllSections: state.toggleAllFolds()
        case .toggleSectionAt(let index): state.toggleFold(shown: index)
        case .openSectionSwitcher: state.openSectionSwitcher()
        case .jumpToSection(let title): state.jump(toSectionTitled: title)
        case .moveSwitcher, .acceptSwitcher, .closeSwitcher: performSwitcher(action, &state)
        case .nextSection: jumpSection(forward: true, &state)
        case .previousSection: jumpSection(forward: false, &state)
        case .adjustRatio(let steps): adjustRatio(steps, &state)
        case .openHelp:
            state.overlays.openHelp()
        case .openToneChooser: state.openToneChooser()
        case .sayNoSkinTones: state.overlays.notice = "no skin tones in this data (they are the emoji's)"
        case .openSearch:
            state.overlays.searchPrompt = SearchPrompt(
                text: state.content.isSearching ? state.content.filter.map { $0.query.description + " " } ?? "" : "",
                focusBefore: state.view.focus.map(state.content.sourcePath), offsetBefore: state.view.offset)
        case .toggleMark:
            // As fzf's Tab: mark, then on to the next item, so a run of presses marks a run.
            guard state.options.multiSelect, let focus = state.view.focus else { return [] }
            state.toggleMark(focus)
            if let next = state.view.nextItem(after: focus) { state.setFocus(next) }
        case .toggleMarkThenPrevious:
            guard state.options.multiSelect, let focus = state.view.focus else { return [] }
            state.toggleMark(focus)
            if let previous = state.view.previousItem(before: focus) { state.setFocus(previous) }
        case .pick:
            // A search still running picks from its answer, when it comes.
            if state.deferPickToSearch() { return [] }
            // Nothing to pick (a search with no match, no marks): Enter ends as fzf's does, with
            // no item printed and status 1.
            if state.view.focus == nil, state.picking.marked.isEmpty, state.unfoldFirstInView() {
                // Everything folded: Enter opened the first section in view.
            } else if let focus = state.view.focus {
                state.picking.outcome = .chosen(focus)
            } else if let marked = state.picking.marked.first {
                state.picking.outcome = .chosen(marked)
            } else {
                state.picking.outcome = .pickedNothing
            }
        case .quit: state.picking.outcome = .cancelled
        case .clearFilter: state.applyFilter("")
        case .interrupt: state.picking.outcome = .interrupted
        case .suspend: return [.suspend]
        case .insertText, .deleteBackward, .clearText, .deleteWord, .acceptSearch, .cancelSearch, .moveQueryCursor,
            .queryCursorToStart, .queryCursorToEnd:
            performSearchEdit(action, &state)
        case .moveTone, .firstTone, .lastTone, .acceptTone, .closeToneChooser:
            performToneChoice(action, &state)
        case .scrollHelp(let scroll): scrollHelp(scroll, &state)
        case .closeHelp: state.overlays.showingHelp = false
        case .scroll(let rows):
            state.view.offset += rows
            state.clampOffset()
            keepFocusInView(&state)
        case .slideRow(let section, let cells): state.slideRow(section, by: cells)
        case .grabRow(let section, let x, let card): state.grabRow(section, x: x, card: card)
        case .dragRow(let x): state.dragRow(toX: x)
        case .releaseRow:
            if let click = state.releaseGrab() { return perform(click, &state) }
        case .grabDivider: state.motion.dividerGrabbed = true
        case .dragDivider(let x): state.dragDivider(toX: x)
        case .releaseDivider: state.motion.dividerGrabbed = false
        case .focusItem(let path): state.setFocus(path)
        case .pickItem(let path):
            guard state.view.layout.frame(of: path) != nil else { return [] }
            state.view.focus = path
            state.picking.outcome = .chosen(path)
        case .closeOverlays: state.overlays.closeHelpAndChooser()
        case .ignore, .chain, .run, .changeQuery, .clearQuery, .changePrompt, .toggle, .toggleAll, .selectAll,
            .deselectAll, .showPreview, .changePreview, .refreshPreview, .scrollPreviewPage:
            return performBound(action, &state)
        }
        return []
    }

    /// The search prompt's actions: a text edit leaves the filter to follow before the next
    /// frame or the next other key (`applyStaleFilter`), so a paste is searched once.
    static func performSearchEdit(_ action: BrowserAction, _ state: inout BrowserState) {
        guard var prompt = state.overlays.searchPrompt else { return }
        switch action {
        case .moveQueryCursor, .queryCursorToStart, .queryCursorToEnd:
            // The text is the same: nothing to search again.
            prompt.edit(action)
            state.overlays.searchPrompt = prompt
            return
        case .insertText, .deleteBackward, .clearText, .deleteWord:
            let before = prompt.text
            prompt.edit(action)
            if prompt.text == before {
                state.overlays.searchPrompt = prompt
                return
            }
        case .acceptSearch:
            state.overlays.searchPrompt = nil
            if state.options.enterPicksFromPrompt {
                state.applyStaleFilter()
                perform(.pick, &state)
            }
            return
        case .cancelSearch:
            state.overlays.searchPrompt = nil
            state.applyFilter("")
            state.restoreFocus(prompt.focusBefore, offset: prompt.offsetBefore)
            return
        default:
            return
        }
        state.overlays.searchPrompt = prompt
        state.content.filterIsStale = true
    }

    /// The skin-tone chooser's actions: moves among its options (up and down by a row of the
    /// box as drawn at this width), Enter takes one, closing takes none.
    static func performToneChoice(_ action: BrowserAction, _ state: inout BrowserState) {
        guard var chooser = state.overlays.toneChooser else { return }
        let count = chooser.options.count
        let columns = chooser.columns(forWidth: state.view.width, named: !state.options.combinedTones)
        switch action {
        case .moveTone(.left): chooser.selected = max(0, chooser.selected - 1)
        case .moveTone(.right): chooser.selected = min(count - 1, chooser.selected + 1)
        case .moveTone(.up): chooser.selected = max(0, chooser.selected - columns)
        case .moveTone(.down): chooser.selected = min(count - 1, chooser.selected + columns)
        case .firstTone: chooser.selected = 0
        case .lastTone: chooser.selected = count - 1
        case .acceptTone:
            state.acceptTone()
            return
        case .closeToneChooser:
            state.overlays.toneChooser = nil
            return
        default:
            return
        }
        state.overlays.toneChooser = chooser
    }

    /// Scrolls the help by lines or pages of the box as drawn now, kept within its text (a
    /// scroll past the end would make the next key up seem to do nothing).
    static func scrollHelp(_ scroll: HelpScroll, _ state: inout BrowserState) {
        guard let layout = HelpOverlay(state).layout(in: helpArea(state)) else { return }
        let page = max(1, layout.visibleRows - 1)
        let current = min(max(0, state.overlays.helpScroll), layout.maximumScroll)
        let wanted =
            switch scroll {
            case .lineUp: current - 1
            case .lineDown: current + 1
            case .pageUp: current - page
            case .pageDown: current + page
            case .top: 0
            case .bottom: layout.maximumScroll
            }
        state.overlays.helpScroll = min(max(0, wanted), layout.maximumScroll)
    }

    static func move(_ direction: Direction, _ state: inout BrowserState) {
        guard let focus = state.view.focus else {
            state.setFocus(state.view.firstItem())
            return
        }
        if var next = state.view.layout.neighbour(of: focus, direction) {
            // A row is entered on the page it is going to (it may still be on its way there).
            if next.section != focus.section, let row = state.view.layout.sections[next.section].row {
                next.item = row.items(ofCard: row.page(offset: state.rowTarget(next.section))).first ?? 0
            }
            state.setFocus(next)
        }
    }

    /// Scrolls a page and moves the focus to the item at the same screen row of its column.
    static func page(down: Bool, _ state: inout BrowserState) {
        let rows = max(1, state.viewHeight - 1)
        guard let focus = state.view.focus, let frame = state.view.layout.frame(of: focus) else { return }
        let screenRow = frame.y - state.view.offset
        let oldOffset = state.view.offset
        state.view.offset += down ? rows : -rows
        state.clampOffset()
        let moved = state.view.offset - oldOffset
        let column = state.view.layout.sections[focus.section].columnIndex
        let target = Point(x: frame.x, y: moved == 0 ? frame.y + (down ? rows : -rows) : state.view.offset + screenRow)
        if let next = state.view.layout.nearestItem(to: target, columnIndex: column) {
            state.setFocus(next)
        } else {
            // No item there (the column's nearest line is an empty section's): the focus stays,
            // and the view with it.
            state.scrollIntoView(focus)
        }
    }

    static func jumpSection(forward: Bool, _ state: inout BrowserState) {
        guard let focus = state.view.focus else {
            state.setFocus(state.view.firstItem())
            return
        }
        let target =
            forward
            ? state.view.firstItem(fromSection: focus.section + 1)
            : focus.section > 0 ? state.view.firstItem(fromSection: focus.section - 1, forward: false) : nil
        guard let target else { return }
        state.view.focus = target
        // The section's header goes to the top of the view.
        state.view.offset = state.view.layout.sections[target.section].frame.y
        state.clampOffset()
        state.scrollIntoView(target)
    }

    static func adjustRatio(_ steps: Int, _ state: inout BrowserState) {
        let before = state.currentParameters.leftRatio
        state.view.ratioSteps += steps
        if state.currentParameters.leftRatio == before {
            state.view.ratioSteps -= steps  // At a limit, or one column: nothing to move.
            return
        }
        state.relayout()
    }
}
