// The protocol of a style of section (grid, row), and the choice of a section's style.

import SplitLayout
import TerminalUI

/// A style of section: draws one section into its frame on the screen (the part outside the
/// view is clipped). As a ratatui `StatefulWidget`, it is handed what it draws from when it
/// renders rather than holding it: a section widget is made for every section on the screen
/// each frame, and a copy of the (large) state in each cost more than drawing its items. A
/// new style is a new conforming type, chosen in `SectionsInput.style(ofSection:)`.
protocol SectionStyle {
    init(section: Int)
    /// `faces`: the faces kept from earlier frames (locked for this frame).
    func render(in area: Rect, into buffer: inout CellBuffer, state: SectionsInput, faces: ItemFaces.Table)
}
