// Rows in motion: the focused card of a row is its current page, so a move of the focus into or
// along a row moves the row to that card, animated (frames 16 ms apart, easing out) when the
// user moved it, at once otherwise (a new layout, a resize, a search). A new key during a move
// retargets it from where it is.

import SplitLayout

extension BrowserState {
    /// How long a row takes to move to its new page.
    public static let rowMoveDuration = 180

    static func rowMotion(_ section: Int) -> MotionKey { MotionKey("row offset", section: section) }

    /// Where row `section` is going: the end of its move, else where it rests.
    func rowTarget(_ section: Int) -> Double {
        timeline.transitions[Self.rowMotion(section)]?.to ?? layout.rowOffset(section: section)
    }

    /// Moves the focused row to the focused card. `animated`: the user moved the focus.
    mutating func followFocusInRows(animated: Bool) {
        guard let focus, layout.sections.indices.contains(focus.section),
            let row = layout.sections[focus.section].row
        else { return }
        let target = row.restingOffset(ofPage: focus.item)
        guard rowTarget(focus.section) != target else { return }
        let key = Self.rowMotion(focus.section)
        if animated {
            timeline.move(
                key, from: layout.rowOffset(section: focus.section), to: target, at: now,
                duration: Self.rowMoveDuration)
        } else {
            timeline.cancel(key)
            layout.setRowOffset(target, section: focus.section)
        }
    }

    /// The rows' offsets at `now`: the moving ones where their moves have them, the arrived
    /// ones at their targets.
    mutating func advanceRows(arrived: [MotionKey: Double]) {
        for (key, transition) in timeline.transitions where key.name == "row offset" {
            if let section = key.section { layout.setRowOffset(transition.value(at: now), section: section) }
        }
        for (key, target) in arrived where key.name == "row offset" {
            if let section = key.section { layout.setRowOffset(target, section: section) }
        }
    }

    /// "page 3 of 20" when the focus is in a row.
    var focusedRowPage: String? {
        guard let focus, layout.sections.indices.contains(focus.section),
            let row = layout.sections[focus.section].row
        else { return nil }
        return "page \(row.page(offset: rowTarget(focus.section)) + 1) of \(row.count)"
    }
}
