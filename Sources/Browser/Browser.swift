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
        return "warning: "
            + warnings.map { warning in
                var short = warning
                short.file = String(warning.file.split(separator: "/").last ?? Substring(warning.file))
                return short.description
            }.joined(separator: "; ")
    }

    /// Takes a key: the mode's key map gives the action, `perform` carries it out.
    static func handle(_ key: Key, _ state: inout BrowserState) -> [BrowserCommand] {
        // A key of --expect ends the session with the focused item (where no overlay holds the
        // keys), whatever it does otherwise.
        if let name = state.options.expectedKeys.names[key], !state.overlays.holdsKeys, !state.isTooSmall {
            state.picking.endingKey = name
            return perform(.pick, &state)
        }
        return action(for: key, in: state).map { perform($0, &state) } ?? []
    }

    /// What `key` does in the state's mode (nil: nothing): the user's binding of it, else the
    /// mode's.
    public static func action(for key: Key, in state: BrowserState) -> BrowserAction? {
        boundAction(for: key, in: state) ?? KeyMap.current(state).action(for: key, in: state)
    }

    /// Whether `event` only edits the text of the open search prompt (see `take`).
    static func editsSearchText(_ event: InputEvent, _ state: BrowserState) -> Bool {
        guard case .key(let key) = event else { return false }
        return action(for: key, in: state)?.editsSearchText ?? false
    }

    /// Takes a mouse event: `mouseAction` gives the action, `perform` carries it out.
    static func handle(_ mouse: MouseEvent, _ state: inout BrowserState) -> [BrowserCommand] {
        if let action = previewMouseAction(for: mouse, in: state) { return perform(action, &state) }
        return mouseAction(for: state.contentPoint(mouse), in: state).map { perform($0, &state) } ?? []
    }

    /// The wheel over the preview scrolls it (fzf's); `mouse` in the screen's coordinates.
    static func previewMouseAction(for mouse: MouseEvent, in state: BrowserState) -> BrowserAction? {
        guard mouse.action == .wheelUp || mouse.action == .wheelDown, !state.isTooSmall,
            state.overlays.toneChooser == nil, state.hasPreview, state.preview.isShown, let area = state.detailArea,
            area.contains(
                Point(x: mouse.x - state.options.look.borderWidth, y: mouse.y - state.options.look.borderWidth))
        else { return nil }
        return .scrollPreview(lines: mouse.action == .wheelDown ? wheelRows : -wheelRows)
    }

    /// What a mouse event does: the wheel scrolls; a click focuses the item under it, picks
    /// it when it had the focus already (or at a double click), focuses a header's first
    /// item, and only closes the help or the tone chooser when one is open.
    public static func mouseAction(for mouse: MouseEvent, in state: BrowserState) -> BrowserAction? {
        // Clicks on the "terminal too small" screen used to hit the items under it (unseen),
        // and a second click chose one.
        guard !state.isTooSmall else { return nil }
        switch mouse.action {
        case .wheelUp, .wheelDown:
            // The chooser stays by its emoji: no scrolling under it.
            guard state.overlays.toneChooser == nil else { return nil }
            let down = mouse.action == .wheelDown
            // Over a row the wheel slides it. Shift+wheel, sideways in most programs, slides the
            // row under the pointer, else the focused row, and never scrolls the page.
            let underPointer = mouse.y < state.viewHeight ? state.row(atScreenPoint: mouse.x, mouse.y) : nil
            if let section = underPointer ?? (mouse.shift ? state.focusedRow : nil) {
                // A third of a card per notch.
                let stride = Double(state.view.layout.sections[section].row!.stride)
                return .slideRow(section: section, cells: (down ? 1 : -1) * max(1, (stride / 3).rounded()))
            }
            return mouse.shift ? nil : .scroll(rows: down ? wheelRows : -wheelRows)
        case .doubleClick where state.isOnDivider(x: mouse.x) && mouse.y < state.viewHeight:
            // The configured ratio again.
            return .adjustRatio(steps: -state.view.ratioSteps)
        case .press
        where !state.overlays.holdsKeys && mouse.y < state.viewHeight:
            if state.isOnDivider(x: mouse.x) { return .grabDivider }
            // On a row a press waits for what follows: a drag slides the row, a release where
            // it began is a click.
            if let section = state.row(atScreenPoint: mouse.x, mouse.y) {
                return .grabRow(section: section, x: mouse.x, card: state.card(atScreenPoint: mouse.x, mouse.y))
            }
            return clickAction(for: mouse, in: state)
        case .press, .click, .doubleClick:
            if state.overlays.holdsKeys { return .closeOverlays }
            return clickAction(for: mouse, in: state)
        case .drag:
            if state.motion.dividerGrabbed { return .dragDivider(x: mouse.x) }
            return state.motion.rowGrab == nil ? nil : .dragRow(x: mouse.x)
        case .release:
            if state.motion.dividerGrabbed { return .releaseDivider }
            return state.motion.rowGrab == nil ? nil : .releaseRow
        }
    }

    /// What a click (or a press outside a row) does where no overlay is open: focuses the item
    /// under it, picks it when it had the focus (or at a double click), focuses a header's
    /// first item.
    static func clickAction(for mouse: MouseEvent, in state: BrowserState) -> BrowserAction? {
        guard mouse.y < state.viewHeight else { return nil }
        let point = Point(x: mouse.x, y: mouse.y + state.view.offset)
        // A row's cards where its effect draws them, the one in front first.
        if let card = state.card(atScreenPoint: mouse.x, mouse.y) {
            return card == state.view.focus || mouse.action == .doubleClick ? .pickItem(card) : .focusItem(card)
        }
        guard let element = state.view.layout.element(at: point, offset: state.view.offset) else { return nil }
        switch element.kind {
        case .item:
            let path = ItemPath(section: element.section, item: element.item!)
            return path == state.view.focus || mouse.action == .doubleClick ? .pickItem(path) : .focusItem(path)
        case .header:
            // With sections to fold, a click on a header folds or unfolds its section.
            if state.content.canFold, state.content.sourceSection(ofShown: element.section) != nil {
                return .toggleSectionAt(element.section)
            }
            guard let first = state.view.firstItem(fromSection: element.section), first.section == element.section
            else { return nil }
            return .focusItem(first)
        case .footer, .background:
            return nil
        }
    }

    /// After a scroll that was not a focus move, the focus follows into the view.
    public static func keepFocusInView(_ state: inout BrowserState) {
        guard let focus = state.view.focus, let frame = state.view.layout.frame(of: focus) else { return }
        let header =
            state.view.layout.parameters.pinHeaders ? state.view.layout.sections[focus.section].headerHeight : 0
        if frame.y - header >= state.view.offset && frame.maxY <= state.view.offset + state.viewHeight { return }
        let column = state.view.layout.sections[focus.section].columnIndex
        let row =
            frame.y < state.view.offset + header
            ? state.view.offset + header + 1 : state.view.offset + state.viewHeight - 1
        if let next = state.view.layout.nearestItem(to: Point(x: frame.x, y: row), columnIndex: column) {
            let offset = state.view.offset
            state.setFocus(next)
            // Keep the scroll the user asked for when the new focus fits in it, below its pinned
            // header (without the header, the nearest line could be the one the header covers,
            // and restoring the scroll hid the focus under it: two-row headers and items).
            let nextHeader =
                state.view.layout.parameters.pinHeaders ? state.view.layout.sections[next.section].headerHeight : 0
            if let nextFrame = state.view.layout.frame(of: next), nextFrame.y - nextHeader >= offset,
                nextFrame.maxY <= offset + state.viewHeight
            {
                state.view.offset = offset
            }
        }
    }
}
