// What the browser draws on and reads from: a real terminal or an in-memory one.

/// A key the browser understands, decoded from the terminal's input.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// Ctrl with a letter, lower-case ("c" for Ctrl-C).
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case tab, backTab, enter, escape, backspace, delete
}

/// A mouse action at a screen cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case press, release, click, doubleClick, wheelUp, wheelDown
    }
    public var action: Action
    public var x: Int
    public var y: Int

    public init(action: Action, x: Int, y: Int) {
        self.action = action
        self.x = x
        self.y = y
    }
}

public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize(width: Int, height: Int)
}

/// A place to show frames and read input from.
public protocol Screen: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Shows a whole frame; implementations send only what changed.
    func show(_ frame: CellBuffer)
    /// The next input event, waiting at most `timeoutMilliseconds` (nil: wait for one).
    func nextEvent(timeoutMilliseconds: Int?) -> InputEvent?
}

/// A screen in memory, for tests: it keeps every frame and plays back queued events.
public final class MemoryScreen: Screen {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var frames: [CellBuffer] = []
    public var pendingEvents: [InputEvent] = []
    /// Whether the queued events are there at once, as a paste is (a wait of 0 ms takes
    /// them), rather than one per wait, as keys typed one after another arrive.
    public var eventsArriveTogether = false

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var lastFrame: CellBuffer? { frames.last }

    public func show(_ frame: CellBuffer) { frames.append(frame) }

    /// Queues a resize; the size changes when the event is read, as with a real terminal.
    public func resize(width: Int, height: Int) { pendingEvents.append(.resize(width: width, height: height)) }

    public func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        guard !pendingEvents.isEmpty, timeoutMilliseconds != 0 || eventsArriveTogether else { return nil }
        let event = pendingEvents.removeFirst()
        if case .resize(let newWidth, let newHeight) = event {
            width = newWidth
            height = newHeight
        }
        return event
    }
}
