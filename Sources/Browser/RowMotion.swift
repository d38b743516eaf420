// Rows in motion: the focused card of a row is its current page, so a move of the focus into or
// along a row moves the row to that card, animated (frames 16 ms apart, easing out) when the
// user moved it, at once otherwise (a new layout, a resize, a search). A new key during a move
// retargets it from where it is.

import SplitLayout
import TerminalUI

extension BrowserState {
    /// How long a row takes to move to its new page.
    public static let rowMoveDuration = 180

    static func rowMotion(_ section: Int) -> MotionKey { .rowOffset(section: section) }

    /// Where row `section` is going: the end of its move, else where it rests.
    func rowTarget(_ section: Int) -> Double {
        motion.timeline.transitions[Self.rowMotion(section)]?.to ?? view.layout.rowOffset(section: section)
    }

    /// Moves the focused row to the focused card. `animated`: the user moved the focus.
    mutating func followFocusInRows(animated: Bool) {
        guard let focus = view.focus, view.layout.sections.indices.contains(focus.section),
            let row = view.layout.sections[focus.section].row,
            // A row the wheel is sliding follows the wheel; it takes the focus when it rests.
            motion.rowSlides[focus.section] == nil
        else { return }
        guard
            let target = Self.restingOffset(
                showing: row.card(ofItem: focus.item), of: row, from: rowTarget(focus.section))
        else { return }
        guard rowTarget(focus.section) != target else { return }
        let key = Self.rowMotion(focus.section)
        if animated {
            let look = content.rowLook(ofSection: focus.section)
            motion.timeline.move(
                key, from: view.layout.rowOffset(section: focus.section), to: target, at: motion.now,
                duration: look?.settleDuration ?? Self.rowMoveDuration,
                easing: look?.settle == .easeOut ? .easeOut : .spring(velocity: 0))
        } else {
            motion.timeline.cancel(key)
            view.layout.setRowOffset(target, section: focus.section)
        }
    }

    /// Where a row going to `current` must rest to show its focused `card`; nil where it may
    /// stay. A row that rests on its cards (the group pagings, the leading boundary) rests on
    /// that card. One that rests anywhere (continuous) or by pages (paging) stays where its
    /// behaviour put it while the card shows whole, and otherwise moves as little as shows it
    /// (to the page that does): the focus never overrides where the behaviour rests.
    static func restingOffset(showing card: Int, of row: RowGeometry, from current: Double) -> Double? {
        switch row.behavior {
        case .leadingBoundary, .groupPaging, .groupPagingCentered:
            return row.restingOffset(ofPage: card)
        case .continuous, .paging:
            let left = row.cardX(card, offset: current)
            let right = left + Double(row.cardWidth)
            let width = Double(row.frame.width)
            if left >= 0 && right <= width { return nil }
            guard row.behavior == .paging else { return row.clamped(current + (left < 0 ? left : right - width)) }
            // The page its left edge is on (the last page ends the row).
            let edge = current + left
            let page = (edge / max(1, width)).rounded(.down) * width
            return min(row.clamped(page), row.maxOffset)
        }
    }

    /// The rows' offsets at `now`: the moving ones where their moves have them, the arrived
    /// ones at their targets.
    mutating func advanceRows(arrived: [MotionKey: Double]) {
        for (key, transition) in motion.timeline.transitions {
            if case .rowOffset(let section) = key {
                view.layout.setRowOffset(transition.value(at: motion.now), section: section)
            }
        }
        for (key, target) in arrived {
            if case .rowOffset(let section) = key { view.layout.setRowOffset(target, section: section) }
        }
    }

    /// "page 3 of 20" when the focus is in a row.
    var focusedRowPage: String? {
        guard let section = focusedRow, let row = view.layout.sections[section].row else { return nil }
        return "page \(row.page(offset: rowTarget(section)) + 1) of \(row.count)"
    }
}

/// A gesture sliding a row (a burst of wheel notches, a drag): where and when it began.
struct RowSlide: Sendable {
    var startOffset: Double
    var startTime: Moment
    var lastTime: Moment
    /// Which way its last notch went (+1 towards later cards), for a burst of the wheel.
    var direction = 0
    /// Where the row was sent to rest when the burst ended.
    var restingAt: Double?
    /// The resting place the one-card rule counts from (nil: where the gesture began): for
    /// the wheel, where the row was going when the burst began, as for a key; a drag takes
    /// the row where it is.
    var basis: Double?
}

extension BrowserState {
    /// How long the wheel must be still for a burst of notches to end (and the row to snap).
    public static let slideIdle = 150
    /// How long after its last notch a burst that ended may still take a notch the same way:
    /// a hand's notches come up to about 140 ms apart, and a busy loop or tmux can deliver
    /// one later than `slideIdle`; the row was settling, and goes on with the burst, which
    /// moves one card at most in all.
    public static let burstReach = 2 * slideIdle
    /// The time one wheel notch is taken to last, for the speed of a burst.
    public static let notchTime = 30

    static func rowSnapTimer(_ section: Int) -> MotionKey { .rowSnap(section: section) }

    /// The section whose row is focused, if any.
    var focusedRow: Int? {
        guard let focus = view.focus, view.layout.sections.indices.contains(focus.section),
            view.layout.sections[focus.section].row != nil
        else { return nil }
        return focus.section
    }

    /// The row section under a screen point (the view's rows), if any.
    func row(atScreenPoint x: Int, _ y: Int) -> Int? {
        let point = Point(x: x, y: y + view.offset)
        guard let element = view.layout.element(at: point, offset: view.offset),
            let row = view.layout.sections[element.section].row,
            element.kind != .header, row.area.contains(point)
        else { return nil }
        return element.section
    }

    /// The card drawn under a screen point: the effect's placement, the card in front first.
    func card(atScreenPoint x: Int, _ y: Int) -> ItemPath? {
        guard let section = row(atScreenPoint: x, y), let row = view.layout.sections[section].row,
            let look = content.rowLook(ofSection: section)
        else { return nil }
        let point = Point(x: x, y: y + view.offset)
        let rowOffset = view.layout.rowOffset(section: section)
        let hits = row.drawnCards(offset: rowOffset, effect: look.effect).compactMap {
            index, frame, transform -> (Int, Double)? in
            guard frame.contains(point) else { return nil }
            // A card of a group: the item whose slot is under the point.
            guard
                let item = row.items(ofCard: index).first(where: {
                    row.frame(ofItem: $0, inCard: frame).contains(point)
                })
            else { return nil }
            return (item, transform.z)
        }
        return hits.max { $0.1 < $1.1 }.map { ItemPath(section: section, item: $0.0) }
    }

    /// One wheel notch over a row: the row follows the wheel at once; when the notches stop for
    /// `slideIdle` ms it comes to rest by the snap-and-flick rule, its page taking the focus
    /// when the focus is in it.
    mutating func slideRow(_ section: Int, by cells: Double) {
        guard view.layout.sections.indices.contains(section), let row = view.layout.sections[section].row else {
            return
        }
        let key = Self.rowMotion(section)
        let current = motion.timeline.value(of: key, at: motion.now) ?? view.layout.rowOffset(section: section)
        let direction = cells > 0 ? 1 : -1
        if motion.rowSlides[section] == nil {
            // (Only while nothing else moved the row since: its rest is the burst's.)
            if let ended = motion.endedBursts[section], ended.direction == direction,
                motion.now - ended.lastTime <= Self.burstReach, ended.restingAt == rowTarget(section)
            {
                motion.rowSlides[section] = ended
            } else {
                motion.rowSlides[section] = RowSlide(
                    startOffset: current, startTime: motion.now, lastTime: motion.now, basis: rowTarget(section))
            }
        }
        motion.timeline.cancel(key)
        motion.endedBursts[section] = nil
        motion.rowSlides[section]?.lastTime = motion.now
        motion.rowSlides[section]?.direction = direction
        // Past the ends the row goes no further than its continuous bounds.
        view.layout.setRowOffset(min(max(current + cells, 0), row.maxOffset), section: section)
        // A drag ends at its release, not when the pointer rests.
        if motion.rowGrab?.section != section {
            motion.timeline.schedule(Self.rowSnapTimer(section), at: motion.now + Self.slideIdle)
        }
    }

    /// The end of a burst: the row snaps to its resting place (animated), and takes the focus
    /// along when it holds it.
    mutating func endSlide(_ section: Int) {
        guard var slide = motion.rowSlides[section] else { return }
        let offset = view.layout.rowOffset(section: section)
        // Over the burst's notches, the last one counted as taking `notchTime`: a single notch
        // has no duration of its own, and is a flick (one card per notch).
        let elapsed = (slide.lastTime - slide.startTime) + Self.notchTime
        settleRow(section, velocity: (offset - slide.startOffset) / Double(elapsed))
        slide.restingAt = rowTarget(section)
        motion.endedBursts[section] = slide
    }

    /// The end of a gesture on a row (a wheel burst, a drag) at `velocity` (cells per ms,
    /// positive towards later cards): the row snaps to its resting place (animated), and takes
    /// the focus along when it holds it.
    mutating func settleRow(_ section: Int, velocity: Double, oneAtMost: Bool = true) {
        guard let slide = motion.rowSlides.removeValue(forKey: section), view.layout.sections.indices.contains(section),
            let row = view.layout.sections[section].row
        else { return }
        let offset = view.layout.rowOffset(section: section)
        let target = row.restingOffset(
            releasedAt: offset, startedAt: slide.basis ?? slide.startOffset, velocity: velocity, oneAtMost: oneAtMost)
        let look = content.rowLook(ofSection: section)
        let duration = look?.settleDuration ?? Self.rowMoveDuration
        // A spring starts at the gesture's speed, in the move's distance per its duration.
        let easing: Easing =
            switch look?.settle ?? .spring {
            case .spring:
                .spring(velocity: target == offset ? 0 : velocity * Double(duration) / (target - offset))
            case .easeOut: .easeOut
            }
        motion.timeline.move(
            Self.rowMotion(section), from: offset, to: target, at: motion.now, duration: duration, easing: easing)
        if view.focus?.section == section {
            restFocus(row, section: section, page: Self.focusedCard(of: row, at: target))
        }
    }

    /// The card a row resting at `offset` focuses: the nearest to its resting place, and for a
    /// row that rests anywhere, the nearest of those it shows whole (the focus then moves the
    /// row no further).
    static func focusedCard(of row: RowGeometry, at offset: Double) -> Int {
        let nearest = row.page(offset: offset)
        guard row.behavior == .continuous || row.behavior == .paging else { return nearest }
        let whole = (0..<row.count).filter {
            let left = row.cardX($0, offset: offset)
            return left >= 0 && left + Double(row.cardWidth) <= Double(row.frame.width)
        }
        return whole.min { abs($0 - nearest) < abs($1 - nearest) } ?? nearest
    }
}

extension BrowserState {
    /// Puts a row section's cards at `offset` at once (for `render --row`): no move, and the
    /// focus, when in that row, on the page the offset shows.
    public mutating func setRowOffset(_ offset: Double, section: Int) {
        guard view.layout.sections.indices.contains(section), let row = view.layout.sections[section].row else {
            return
        }
        motion.timeline.cancel(Self.rowMotion(section))
        view.layout.setRowOffset(offset, section: section)
        if view.focus?.section == section {
            restFocus(row, section: section, page: row.page(offset: view.layout.rowOffset(section: section)))
        }
    }
}

extension BrowserState {
    /// The focus once row `section` rests on card `page`: where it was when that card holds it,
    /// else the card's first item, scrolled into view (a group's first item may be taller).
    mutating func restFocus(_ row: RowGeometry, section: Int, page: Int) {
        if let focus = view.focus, focus.section == section, row.card(ofItem: focus.item) == page { return }
        let item = ItemPath(section: section, item: row.items(ofCard: page).first ?? 0)
        view.focus = item
        if row.itemsPerCard > 1 { scrollIntoView(item) }
    }
}
