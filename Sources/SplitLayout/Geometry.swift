// Plain value types for terminal-cell geometry. Everything is whole cells: x grows to the right
// (columns), y grows downwards (rows) in content coordinates, before scrolling.

/// A point in content coordinates (column, row).
public struct Point: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A rectangle of cells; `x..<maxX` by `y..<maxY`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    // Saturating: a rectangle built from outside numbers (an offset near Int.max from the
    // command line) must not trap when asked for its edges.
    public var maxX: Int { saturatingSum(x, width) }
    public var maxY: Int { saturatingSum(y, height) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// True when the two rectangles share at least one cell.
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// True when `other` lies entirely inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        other.x >= x && other.maxX <= maxX && other.y >= y && other.maxY <= maxY
    }

    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}

/// Space kept free around a section's items.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Int
    public var left: Int
    public var bottom: Int
    public var right: Int

    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()

    /// The same inset on every side.
    public init(all value: Int) {
        self.init(top: value, left: value, bottom: value, right: value)
    }
}

/// One of the two columns.
public enum Side: String, Hashable, Sendable, CaseIterable {
    case left
    case right

    public var opposite: Side { self == .left ? .right : .left }
}

/// A direction of spatial movement between items.
public enum Direction: String, Hashable, Sendable, CaseIterable {
    case up, down, left, right
}

/// Identifies one item: its section and its index inside that section.
public struct ItemPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "\(section):\(item)" }
}

/// The coordinates the queries work with. Every coordinate a caller passes in (a viewport, an
/// offset, a point, a width) is first moved into `-limit...limit` (widths and heights into
/// `0...limit`): the arithmetic after it adds a few such values and the layout's own (at most a
/// billion items of 100 rows, about 2^37), which stays far from `Int.max`, so no query traps
/// whatever number a command line or a file gave. 2^48 rows is beyond any content, so moving
/// a coordinate there changes no answer.
public enum Coordinates {
    public static let limit = 1 << 48

    @inline(__always)
    public static func clamp(_ value: Int) -> Int { min(max(value, -limit), limit) }

    @inline(__always)
    public static func clampLength(_ value: Int) -> Int { min(max(value, 0), limit) }
}

extension Rect {
    /// The rectangle with its origin and size moved inside `Coordinates.limit`.
    var clampedToCoordinates: Rect {
        Rect(
            x: Coordinates.clamp(x), y: Coordinates.clamp(y),
            width: Coordinates.clampLength(width), height: Coordinates.clampLength(height))
    }
}

extension Point {
    var clampedToCoordinates: Point { Point(x: Coordinates.clamp(x), y: Coordinates.clamp(y)) }
}

@inline(__always)
func saturatingSum(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? Int.max : Int.min) : sum
}

/// Floor division that rounds towards negative infinity (Swift's `/` truncates towards zero),
/// needed when a viewport starts above a section's first line.
@inline(__always)
func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
