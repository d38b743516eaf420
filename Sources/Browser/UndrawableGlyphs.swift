// Sequences the terminal cannot draw (`[widths]` says 0 cells, as probe-widths finds for the
// newest emoji in tmux 3.3): shown as a placeholder in their glyph's place, so that the grid
// stays whole and the user sees that something is there; or left out, counted in the status
// line (`[emoji] undrawable`).

import Catalog
import SplitLayout
import TerminalUI

/// What becomes of an emoji whose glyph the terminal draws at no width.
public enum UndrawableGlyphs: String, Hashable, Sendable, CaseIterable {
    /// Shown as `placeholder`, its label beside it.
    case placeholder
    /// Left out of the catalog; the status line counts them.
    case hidden

    /// What stands in an undrawable glyph's place: a white square, one cell in every terminal.
    public static let placeholderGlyph = "□"
}

extension TextWidth {
    /// Whether the terminal draws `glyph` at all, as far as the configuration's widths say.
    public func draws(_ glyph: String) -> Bool { width(of: glyph) > 0 }

    /// `glyph`, or the placeholder when the terminal draws it at no width.
    public func drawable(_ glyph: String) -> String { draws(glyph) ? glyph : UndrawableGlyphs.placeholderGlyph }
}

extension Catalog {
    /// The catalog without the items whose glyph `textWidth` says the terminal cannot draw,
    /// and how many those were.
    public func withoutUndrawable(_ textWidth: TextWidth) -> (catalog: Catalog, hidden: Int) {
        var hidden = 0
        var copy = self
        var emptied = Set<Int>()
        for index in sections.indices {
            let items = sections[index].items
            let kept = items.indices.filter { items.glyph(at: $0).map(textWidth.draws) ?? true }
            guard kept.count < items.count else { continue }
            hidden += items.count - kept.count
            copy.sections[index].items = ItemList(kept.map { items[$0] })
            if kept.isEmpty { emptied.insert(index) }
        }
        // (A section the hiding emptied goes; one that was empty in the data stays, as it shows.)
        copy.sections = copy.sections.enumerated().filter { !emptied.contains($0.offset) }.map(\.element)
        return (copy, hidden)
    }
}
