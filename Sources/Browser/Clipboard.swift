// Copying to the clipboard: `y` puts the focused item there, as --print prints it; the loop
// sends it to the screen (OSC 52), and the status line says what was copied.

import Catalog
import SplitLayout
import TerminalUI

extension BrowserState {
    /// The text `y` copies of a source item: as --print prints it (`copyText`), else its glyph
    /// as shown, else its label.
    public func clipboardText(ofSource path: ItemPath) -> String? {
        guard let item = item(atSource: path) else { return nil }
        let glyph = glyph(atSource: path)
        return copyText?(item, source.sections[path.section].title, glyph) ?? glyph ?? item.label
    }

    /// Puts the focused item on the clipboard (the loop sends it) and says so.
    mutating func copyFocused() {
        guard let focus, let text = clipboardText(ofSource: sourcePath(focus)) else { return }
        pendingCopy = text
        notice =
            "copied \(VisibleText.standalone(text.count > 40 ? String(text.prefix(39)) + "…" : text)) to the clipboard"
    }
}
