// Time in the browser: values in motion and one-shot timers. Time enters the state only
// through events (an input's time, a tick), so a test steps an animation by feeding ticks.

import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Names a value in motion or a timer: one case per kind, so that a new kind of motion is
/// a case the compiler makes every switch over them consider.
public enum MotionKey: Hashable, Sendable, Comparable {
    /// A row section's offset, moving to the page its focus is on (`RowMotion.swift`).
    case rowOffset(section: Int)
    /// The snap of a row once a burst of wheel notches has gone quiet.
    case rowSnap(section: Int)
}

/// How a transition's progress maps to its value's progress.
public enum Easing: Hashable, Sendable {
    case linear
    /// Fast, then slowing into the target (cubic): what a flicked card does.
    case easeOut
    /// A critically damped spring that starts at `velocity`: the value's speed at the start,
    /// in the whole move's distance per the whole duration (0: from rest; more than the
    /// spring's own pace: past the target, then back).
    case spring(velocity: Double)

    /// How fast the spring closes in, per duration: what is left at the end (under half a
    /// percent from rest) is the last frame's jump to the target.
    public static let springRate = 8.0

    /// The value's progress (0: where it started, 1: the target; a spring may pass it) at the
    /// time's progress `t` (0...1).
    public func callAsFunction(_ t: Double) -> Double {
        let t = min(1, max(0, t))
        switch self {
        case .linear: return t
        case .easeOut: return 1 - (1 - t) * (1 - t) * (1 - t)
        case .spring(let velocity):
            // The distance left, d(t) = (1 + (w - v) t) e^(-w t): 1 at the start, falling at v.
            let rate = Self.springRate
            let speed = velocity.isFinite ? max(-50, min(50, velocity)) : 0
            return 1 - (1 + (rate - speed) * t) * exp(-rate * t)
        }
    }
}

/// A value moving from `from` to `to` over `duration` milliseconds from `start`.
public struct Transition: Hashable, Sendable {
    public var from: Double
    public var to: Double
    public var start: Moment
    public var duration: Int
    public var easing: Easing

    public init(from: Double, to: Double, start: Moment, duration: Int, easing: Easing = .easeOut) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = max(0, duration)
        self.easing = easing
    }

    public func isFinished(at now: Moment) -> Bool { now - start >= duration }

    /// The value at `now`: `from` before the start, `to` from the end on.
    public func value(at now: Moment) -> Double {
        guard !isFinished(at: now) else { return to }
        let t = Double(max(0, now - start)) / Double(duration)
        return from + (to - from) * easing(t)
    }
}

/// What the session waits for besides input. While a transition runs it asks for a frame every
/// `frameInterval`; a timer asks to be woken at its time (a snap after a burst of wheel notches
/// has gone quiet). The loop passes the earliest of these to the screen as its wait.
public struct Timeline: Sendable {
    /// 60 frames a second; the spec asks for 16-33 ms between the frames of a move.
    public static let frameInterval = 16

    public private(set) var transitions: [MotionKey: Transition] = [:]
    public private(set) var timers: [MotionKey: Moment] = [:]

    public init() {}

    public var isIdle: Bool { transitions.isEmpty && timers.isEmpty }

    /// Moves `key`'s value to `target` over `duration` ms from `now`; from `origin` when it was
    /// at rest, else from where its running transition has it at `now` (a new key during a
    /// move retargets it: no jump back, no wait for the end).
    public mutating func move(
        _ key: MotionKey, from origin: Double, to target: Double, at now: Moment,
        duration: Int, easing: Easing = .easeOut
    ) {
        let current = transitions[key].map { $0.value(at: now) } ?? origin
        transitions[key] = Transition(from: current, to: target, start: now, duration: duration, easing: easing)
    }

    /// The value of `key` at `now` while it moves; nil when it is at rest (its owner holds the
    /// resting value).
    public func value(of key: MotionKey, at now: Moment) -> Double? {
        transitions[key]?.value(at: now)
    }

    /// Wakes the session at `time` with `key` among the fired timers (replacing a timer of
    /// the same key: a new wheel notch puts the snap off).
    public mutating func schedule(_ key: MotionKey, at time: Moment) {
        timers[key] = time
    }

    public mutating func cancel(_ key: MotionKey) {
        transitions[key] = nil
        timers[key] = nil
    }

    /// When the session must be woken after `now`: a frame later while something moves (or
    /// when the first move ends, if sooner: the last frame shows it arrived, on time), else
    /// the first timer; nil when nothing waits.
    public func nextWakeUp(after now: Moment) -> Moment? {
        let arrival = transitions.values.map { $0.start + $0.duration }.min()
        let frame = arrival.map { min(now + Self.frameInterval, max(now, $0)) }
        return [frame, timers.values.min()].compactMap { $0 }.min()
    }

    /// What happened by `now`: the transitions that arrived (removed; their owners take the
    /// target as the resting value) and the timers that fired (removed), each in key order.
    public mutating func advance(to now: Moment) -> (arrived: [MotionKey: Double], fired: [MotionKey]) {
        var arrived: [MotionKey: Double] = [:]
        for (key, transition) in transitions where transition.isFinished(at: now) {
            arrived[key] = transition.to
            transitions[key] = nil
        }
        let fired = timers.filter { $0.value <= now }.keys.sorted()
        for key in fired { timers[key] = nil }
        return (arrived, fired)
    }
}
