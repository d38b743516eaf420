// What the browser draws on and reads from: a real terminal or an in-memory one.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A key the browser understands, decoded from the terminal's input.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// Ctrl with a letter, lower-case ("c" for Ctrl-C), or with one of the symbols a terminal
    /// sends as a control character of its own: " " (NUL), "\\", "]", "^" and "/".
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case tab, backTab, enter, escape, backspace, delete, insert
    /// F1 to F12.
    case function(Int)
    /// A key with modifiers beyond what the key itself carries: Alt+a is `.character("a")`
    /// with `.alt`, Ctrl+Alt+a `.control("a")` with `.alt`, Shift+Up `.up` with `.shift`.
    /// Never nested, never with no modifier (`with(_:)` keeps it so).
    indirect case modified(Key, KeyModifiers)

    /// This key with `modifiers` held as well.
    public func with(_ modifiers: KeyModifiers) -> Key {
        if modifiers.isEmpty { return self }
        if case .modified(let key, let held) = self { return .modified(key, held.union(modifiers)) }
        return .modified(self, modifiers)
    }
}

/// Shift, Alt and Ctrl, as a terminal reports them with a key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let ctrl = KeyModifiers(rawValue: 4)

    /// xterm's modifier parameter (`\e[1;3A` is Alt+Up): 1 plus Shift 1, Alt 2, Ctrl 4 and
    /// Meta 8 (taken as Alt); nil for one that is no such number.
    public init?(xtermParameter: Int) {
        guard (2...16).contains(xtermParameter) else { return nil }
        let bits = UInt8(xtermParameter - 1)
        self.init(rawValue: bits & 7 | (bits & 8 != 0 ? 2 : 0))
    }
}

/// A mouse action at a screen cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case press, release, click, doubleClick, wheelUp, wheelDown
        /// The pointer moved with the button held (a press came before, a release will follow).
        case drag
    }
    public var action: Action
    public var x: Int
    public var y: Int
    /// Whether Shift was held (for the wheel: sideways, as Shift+wheel is in most programs).
    public var shift: Bool

    public init(action: Action, x: Int, y: Int, shift: Bool = false) {
        self.action = action
        self.x = x
        self.y = y
        self.shift = shift
    }
}

public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize(width: Int, height: Int)
}

/// A time on a monotonic clock, in milliseconds: when an input arrived, when the browser
/// wants to wake up (the next frame of an animation).
public struct Moment: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var milliseconds: Int

    public init(milliseconds: Int) {
        self.milliseconds = milliseconds
    }

    /// Now on the system's monotonic clock (CLOCK_MONOTONIC: never set back, unlike the
    /// time of day).
    public static var now: Moment {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Moment(milliseconds: Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000)
    }

    public static func < (a: Moment, b: Moment) -> Bool { a.milliseconds < b.milliseconds }
    public static func + (moment: Moment, milliseconds: Int) -> Moment {
        Moment(milliseconds: moment.milliseconds &+ milliseconds)
    }
    /// Milliseconds from `b` to `a`.
    public static func - (a: Moment, b: Moment) -> Int { a.milliseconds &- b.milliseconds }

    public var description: String { "\(milliseconds) ms" }
}

/// A place to show frames and read input from.
public protocol Screen: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// The time on the clock input events are read by (the monotonic clock, or a test's).
    var now: Moment { get }
    /// Whether the input has ended for good (the terminal is gone): no event will come, so
    /// a wait for one with a timeout must not be tried again.
    var inputHasEnded: Bool { get }
    /// Shows a whole frame; implementations send only what changed.
    func show(_ frame: CellBuffer)
    /// The next input event, waiting at most `timeoutMilliseconds` (nil: wait for one).
    /// Nil when the time ran out, or the input has ended.
    func nextEvent(timeoutMilliseconds: Int?) -> InputEvent?
    /// Puts `text` on the terminal's clipboard (OSC 52: it works over ssh, and through tmux
    /// with `set-clipboard on`).
    func copyToClipboard(_ text: String)
    /// Says how many rows the content needs to show whole. A screen whose height follows its
    /// content (inline mode's adaptive height, `--height ~N`) grows to them, within its
    /// limit; returns whether `height` changed. Others keep their height.
    func fit(contentRows: Int) -> Bool
    /// Stops the program as Ctrl-Z would in a shell: the terminal given back until the job
    /// goes on, then a resize event to draw again. Screens with no terminal do nothing.
    func suspend()
    /// Gives the terminal back in the shell's modes while `body` runs (a command that uses
    /// the terminal: --bind's execute), taking it again for the next frame, drawn whole.
    /// Screens with no terminal just run it.
    func runOutside(_ body: () -> Void)
    /// Lets `wakeup` end the waits of `nextEvent` early (it then returns nil), for a thread
    /// whose results the loop waits for. Screens that do not wait on a terminal ignore it.
    func wakeWaits(on wakeup: InputWakeup)
}

extension Screen {
    public var now: Moment { .now }
    public var inputHasEnded: Bool { false }
    public func fit(contentRows: Int) -> Bool { false }
    public func suspend() {}
    public func runOutside(_ body: () -> Void) { body() }
    public func wakeWaits(on wakeup: InputWakeup) {}
}

/// The OSC 52 sequence that sets the clipboard (`c`) to `text`, base64-encoded; BEL ends it,
/// which more terminals (and tmux 3.3) take than ST.
public func clipboardSequence(_ text: String) -> [UInt8] {
    Array("\u{1B}]52;c;".utf8) + base64(Array(text.utf8)) + [0x07]
}

/// Base64 (RFC 4648, with padding). Foundation has it, but TerminalUI keeps to the standard
/// library and ncurses.
func base64(_ bytes: [UInt8]) -> [UInt8] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
        let b0 = Int(bytes[index])
        let b1 = index + 1 < bytes.count ? Int(bytes[index + 1]) : 0
        let b2 = index + 2 < bytes.count ? Int(bytes[index + 2]) : 0
        out.append(alphabet[b0 >> 2])
        out.append(alphabet[(b0 & 3) << 4 | b1 >> 4])
        out.append(index + 1 < bytes.count ? alphabet[(b1 & 15) << 2 | b2 >> 6] : UInt8(ascii: "="))
        out.append(index + 2 < bytes.count ? alphabet[b2 & 63] : UInt8(ascii: "="))
        index += 3
    }
    return out
}

/// A screen in memory, for tests: it keeps every frame and plays back queued events, on a
/// clock of its own that moves only when a wait runs out or an event queued for a later time
/// is read (so animations are stepped exactly, whatever the machine's speed).
public final class MemoryScreen: Screen {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var frames: [CellBuffer] = []
    /// Events and the time each arrives (nil: it is there when asked for, as before a test
    /// cared about time).
    private var queue: [(event: InputEvent, time: Moment?)] = []
    /// Whether the queued events are there at once, as a paste is (a wait of 0 ms takes
    /// them), rather than one per wait, as keys typed one after another arrive.
    public var eventsArriveTogether = false
    public private(set) var now = Moment(milliseconds: 0)
    /// The timeout of every wait for an event, in order (nil: wait until one comes).
    public private(set) var waits: [Int?] = []
    /// Set, the screen's height follows its content up to this many rows, growing only, as an
    /// adaptive inline height does (`--height ~N`).
    public var adaptiveLimit: Int?

    /// The queued events that have no time of their own.
    public var pendingEvents: [InputEvent] {
        get { queue.map(\.event) }
        set { queue = newValue.map { ($0, nil) } }
    }

    /// Queues `event` to arrive at `time` (the clock moves to it when a wait reaches it).
    public func queue(_ event: InputEvent, at time: Moment) {
        queue.append((event, time))
    }

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var lastFrame: CellBuffer? { frames.last }
    /// What was put on the clipboard, in order.
    public private(set) var copied: [String] = []

    public func show(_ frame: CellBuffer) { frames.append(frame) }

    public func copyToClipboard(_ text: String) { copied.append(text) }

    /// How many times the program was asked to stop (Ctrl-Z).
    public private(set) var suspensions = 0

    public func suspend() { suspensions += 1 }
    /// How many times the terminal was given back for a command (`runOutside`).
    public private(set) var commandsRunOutside = 0
    public func runOutside(_ body: () -> Void) {
        commandsRunOutside += 1
        body()
    }

    public func fit(contentRows: Int) -> Bool {
        guard let adaptiveLimit else { return false }
        let fitted = min(adaptiveLimit, max(frames.isEmpty ? 1 : height, contentRows))
        defer { height = fitted }
        return fitted != height
    }

    /// Queues a resize; the size changes when the event is read, as with a real terminal.
    public func resize(width: Int, height: Int) { queue.append((.resize(width: width, height: height), nil)) }

    /// The first queued event if it has arrived within the wait; the clock moves to its time,
    /// or by the whole wait when none arrives in it. With nothing queued and no timeout, nil
    /// at once: the input has ended.
    public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        waits.append(timeoutMilliseconds)
        guard let first = queue.first else {
            if let timeout = timeoutMilliseconds { now = now + max(0, timeout) }
            return nil
        }
        if let time = first.time {
            if time > now {
                guard timeoutMilliseconds.map({ now + max(0, $0) >= time }) ?? true else {
                    now = now + max(0, timeoutMilliseconds!)
                    return nil
                }
                now = time
            }
        } else if timeoutMilliseconds == 0 && !eventsArriveTogether {
            return nil
        }
        let event = queue.removeFirst().event
        if case .resize(let newWidth, let newHeight) = event {
            width = newWidth
            height = newHeight
        }
        return event
    }
}
