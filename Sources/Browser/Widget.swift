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
    private var layers: [(z: Double, area: Rect, widget: any Widget)] = []

    public init() {}

    public mutating func add(_ widget: any Widget, in area: Rect, z: Double = 0) {
        layers.append((z, area, widget))
    }

    public func render(into buffer: inout CellBuffer) {
        // A stable order: `sorted` promises none, so the index breaks ties.
        let order = layers.indices.sorted { (layers[$0].z, $0) < (layers[$1].z, $1) }
        for index in order {
            let (_, area, widget) = layers[index]
            buffer.withClip(x: area.x, y: area.y, width: area.width, height: area.height) { buffer in
                widget.render(in: area, into: &buffer)
            }
        }
    }
}
