// What a frame is made of: widgets, each drawing into its own region.

import SplitLayout
import TerminalUI

/// Something that draws itself into a region of a frame, as ratatui's
/// `Widget::render(area, buf)`: it is made from the values it shows, draws nothing outside
/// `area`, and keeps nothing between frames.
public protocol Widget {
    func render(in area: Rect, into buffer: inout CellBuffer)
}
