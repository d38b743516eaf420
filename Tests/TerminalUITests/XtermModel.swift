// The xterm model (TerminalTestSupport) checking frames against the styles as TerminalUI draws
// them: the model has its own Pen, so that it does not take the encoder's word for how a style
// looks; here a CellStyle is turned into a Pen through the encoder's DrawnStyle.

import TerminalTestSupport
@testable import TerminalUI

extension XtermModel {
    /// Differences from what `frame` should look like, one line each; with `colors`, the
    /// styles too, as the frame's styles are drawn with those colours.
    func differences(from frame: CellBuffer, colors: ColorSupport? = nil) -> [String] {
        differences(from: frame, drawing: colors.map { colors in { Pen(DrawnStyle($0, colors: colors)) } })
    }
}

extension XtermModel.Pen {
    init(_ style: DrawnStyle) {
        var attributes: Attributes = []
        if style.attributes.contains(.bold) { attributes.insert(.bold) }
        if style.attributes.contains(.dim) { attributes.insert(.dim) }
        if style.attributes.contains(.reverse) { attributes.insert(.reverse) }
        if style.attributes.contains(.underline) { attributes.insert(.underline) }
        self.init(
            attributes: attributes, foreground: Int16(clamping: style.foreground),
            background: Int16(clamping: style.background))
    }
}
