// What a frame is made of: widgets, each drawing into its own region.

import SplitLayout
import TerminalUI

/// Something that draws itself into a region of a frame, as ratatui's
/// `Widget::render(area, buf)`: it is made from the values it shows, draws nothing outside
/// `area`, and keeps nothing between frames.
public protocol Widget {
    func render(in area: Rect, into buffer: inout CellBuffer)
}

/// Widgets stacked in a frame: drawn in increasing `z` (those of equal `z` in the order they
/// were added), each clipped to its area, so that one in front covers those behind it: the
/// overlays over the sections, and a row's cards in the order their effect gives.
public struct Layers {
    // Apart rather than as one array of tuples: sorting by `z` then moves numbers, not widgets.
    private var depths: [Double] = []
    private var areas: [Rect] = []
    private var widgets: [any Widget] = []

    public init() {}

    public mutating func add(_ widget: any Widget, in area: Rect, z: Double = 0) {
        depths.append(z)
        areas.append(area)
        widgets.append(widget)
    }

    public func render(into buffer: inout CellBuffer) {
        // A stable order: `sorted` promises none, so the index breaks ties.
        let order = depths.indices.sorted { (depths[$0], $0) < (depths[$1], $1) }
        for index in order {
            let area = areas[index]
            buffer.withClip(x: area.x, y: area.y, width: area.width, height: area.height) { buffer in
                widgets[index].render(in: area, into: &buffer)
            }
        }
    }
}
