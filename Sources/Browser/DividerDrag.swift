// The divider under the mouse: in two columns, a press in the gap between them takes the
// divider, the pointer moves the split ratio live (by the steps `<` and `>` take), the release
// lets it go; a double click on it restores the configured ratio.

import SplitLayout
import TerminalUI

extension BrowserState {
    /// Whether screen column `x` lies in the gap between the two columns.
    func isOnDivider(x: Int) -> Bool {
        guard view.layout.isSplit, view.layout.columns.count == 2 else { return false }
        return x >= view.layout.columns[0].range.upperBound && x < view.layout.columns[1].x
    }

    /// The pointer at column `x` with the divider held: the ratio step that puts the split
    /// nearest it.
    mutating func dragDivider(toX x: Int) {
        let base = content.settings.parameters(forWidth: contentWidth).leftRatio
        let total = Double(max(1, contentWidth - max(0, currentParameters.splitSpacing)))
        let wanted = ((Double(x) / total - base) / Self.ratioStep).rounded()
        guard wanted.isFinite else { return }
        Browser.adjustRatio(Int(wanted) - view.ratioSteps, &self)
    }
}
