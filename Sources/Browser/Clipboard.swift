// Copying to the clipboard: `y` puts the focused item there, as --print prints it (a command
// the loop sends to the screen, OSC 52), and the status line says what was copied.

import Catalog
import SplitLayout
import TerminalUI

extension BrowserState {
    /// A source item as Enter prints it and `y` copies it: as --print prints it (`printLine`),
    /// else its glyph as shown, else its label.
    public func printedText(ofSource path: ItemPath) -> String? {
        guard let item = content.item(atSource: path) else { return nil }
        let glyph = glyph(atSource: path)
        return options.printLine?(item, content.source.sections[path.section].title, glyph) ?? glyph ?? item.label
    }

    /// Says that the focused item goes to the clipboard; the command takes it there.
    mutating func copyFocused() -> BrowserCommand? {
        guard let focus = view.focus, let text = printedText(ofSource: content.sourcePath(focus)) else { return nil }
        overlays.notice =
            "copied \(VisibleText.standalone(text.count > 40 ? String(text.prefix(39)) + "…" : text)) to the clipboard"
        return .copyToClipboard(text)
    }
}
