// Dragging a row with the mouse. The press keeps where it began; while the button is held the
// row follows the pointer (the terminal reports motion with a button held, xterm's mode 1002);
// the release ends the gesture as the end of a wheel burst does, by the snap-and-flick rule at
// the pointer's speed just before it. A press released where it began is a click: it goes to
// the card under it, or picks it when it had the focus.

import SplitLayout
import TerminalUI

/// A press on a row, held.
struct RowGrab: Sendable, Hashable {
    var section: Int
    /// The pointer's column at the press, and the row's offset then.
    var pressX: Int
    var startOffset: Double
    /// The card under the press: a release without a drag goes to it, or picks it.
    var card: ItemPath?
    /// Whether the pointer has moved sideways since the press (then the release is no click).
    var dragged = false
    /// When the pointer last moved.
    var lastMove: Moment
    /// The row's offset a little before (about `dragSampleAge` ms): the speed at the release
    /// is taken over the last stretch of the drag, not over all of it.
    var sampleOffset: Double
    var sampleTime: Moment
}

extension BrowserState {
    /// The speed at a release is measured over about this many milliseconds before it.
    public static let dragSampleAge = 50
    /// A pointer held still this long before the release lets the row go without a flick.
    public static let dragStillness = 100

    /// The button went down at column `x` on row `section`, over `card` (if any).
    mutating func grabRow(_ section: Int, x: Int, card: ItemPath?) {
        guard view.layout.sections.indices.contains(section), view.layout.sections[section].row != nil else { return }
        let offset =
            motion.timeline.value(of: Self.rowMotion(section), at: motion.now)
            ?? view.layout.rowOffset(section: section)
        motion.rowGrab = RowGrab(
            section: section, pressX: x, startOffset: offset, card: card, lastMove: motion.now, sampleOffset: offset,
            sampleTime: motion.now)
    }

    /// The pointer moved to column `x` with the button held: the grabbed row follows it, as a
    /// sheet of cards under the finger (left moves the row towards its later cards).
    mutating func dragRow(toX x: Int) {
        guard var grab = motion.rowGrab, view.layout.sections.indices.contains(grab.section),
            let row = view.layout.sections[grab.section].row
        else { return }
        if !grab.dragged {
            guard x != grab.pressX else { return }
            grab.dragged = true
            motion.timeline.cancel(Self.rowMotion(grab.section))
            motion.timeline.cancel(Self.rowSnapTimer(grab.section))
            motion.rowSlides[grab.section] = RowSlide(
                startOffset: grab.startOffset, startTime: motion.now, lastTime: motion.now)
        }
        let before = view.layout.rowOffset(section: grab.section)
        if motion.now - grab.sampleTime > Self.dragSampleAge {
            grab.sampleOffset = before
            grab.sampleTime = grab.lastMove
        }
        let offset = min(max(grab.startOffset - Double(x - grab.pressX), 0), row.maxOffset)
        view.layout.setRowOffset(offset, section: grab.section)
        grab.lastMove = motion.now
        motion.rowSlides[grab.section]?.lastTime = motion.now
        motion.rowGrab = grab
    }

    /// Anything but the pointer's motion and the release ends a held press, on a row or on the
    /// divider (a key, a click, a resize: the release may never come, lost to another window):
    /// a dragged row comes to rest where it is, a press is forgotten.
    mutating func dropGrab() {
        motion.dividerGrabbed = false
        guard let grab = motion.rowGrab else { return }
        motion.rowGrab = nil
        if grab.dragged { settleRow(grab.section, velocity: 0, oneAtMost: false) }
    }

    /// The button came up: a drag comes to rest, a press that did not move is a click on its
    /// card (the action a click there does, nil for none).
    mutating func releaseGrab() -> BrowserAction? {
        guard let grab = motion.rowGrab else { return nil }
        motion.rowGrab = nil
        guard grab.dragged else {
            guard let card = grab.card else { return nil }
            return card == view.focus ? .pickItem(card) : .focusItem(card)
        }
        let offset = view.layout.rowOffset(section: grab.section)
        let still = motion.now - grab.lastMove > Self.dragStillness
        let velocity = still ? 0 : (offset - grab.sampleOffset) / Double(max(1, motion.now - grab.sampleTime))
        // (A drag rests on the card showing most where it is released, as the snap seed's.)
        settleRow(grab.section, velocity: velocity, oneAtMost: false)
        return nil
    }
}
