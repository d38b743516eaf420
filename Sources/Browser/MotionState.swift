// Time in a session: the clock it reads, the values in motion and timers, and the gestures
// under way (a row slid by the wheel, a row or the divider held by the mouse).

import TerminalUI

/// Time and the gestures under way.
public struct MotionState: Sendable {
    /// The time of the last event (an input or a tick): what values in motion are read at.
    public internal(set) var now = Moment(milliseconds: 0)
    /// Values in motion and timers; the loop wakes at `nextWakeUp` for them.
    public internal(set) var timeline = Timeline()
    /// The rows the wheel or a drag is sliding, by section (see `slideRow`).
    var rowSlides: [Int: RowSlide] = [:]
    /// The wheel bursts that ended last, by section, kept while a late notch may still belong
    /// to them (see `slideRow`).
    var endedBursts: [Int: RowSlide] = [:]
    /// The row the mouse button was pressed on, while it is held (see `grabRow`).
    var rowGrab: RowGrab?
    /// Whether the button was pressed on the divider between the columns and is held.
    var dividerGrabbed = false
    /// The focused row's card where it last came to rest (the `page` event's).
    var restedOn: RowCard?

    /// A card of a row.
    struct RowCard: Hashable, Sendable {
        var section: Int
        var card: Int
    }

    public init() {}

    /// When the loop must wake the session with a tick even if no input comes; nil: only
    /// input (or data arriving) changes what is shown.
    public var nextWakeUp: Moment? { timeline.nextWakeUp(after: now) }

    /// The clock moved on to `time` (never back).
    mutating func advanceClock(to time: Moment) { now = max(now, time) }
}
