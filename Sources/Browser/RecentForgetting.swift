// Forgetting a recent pick: the focused item of a section that repeats others' items (Recent)
// leaves it at once; the command removes it from the recent file when the session ends.

import Catalog
import SplitLayout

extension BrowserState {
    /// Whether the focus is on an item of a section that repeats others' (Recent), in the
    /// source: Best matches, which only a search shows, is not a list to forget from.
    var focusIsInRecent: Bool {
        guard let focus = view.focus else { return false }
        let source = content.sourcePath(focus)
        guard !content.isBestMatch(focus), source.section < self.content.source.sections.count else { return false }
        return self.content.source.sections[source.section].repeatsItems
    }

    /// Removes the focused item from Recent, and asks for its glyph to leave the recent file;
    /// the focus goes to the item that took its place, else the one before, else the first
    /// item. Marks and chosen tones follow their items; a Recent left empty disappears.
    mutating func forgetFocusedRecent() -> BrowserCommand? {
        guard focusIsInRecent, let focus = view.focus else { return nil }
        let removed = content.sourcePath(focus)
        let section = content.source.sections[removed.section]
        let command = BrowserCommand.forgetRecent(glyph: section.items.recentKey(at: removed.item))
        let remaining = section.items.indices.filter { $0 != removed.item }.map { section.items[$0] }
        var catalog = content.source
        if remaining.isEmpty {
            catalog.sections.remove(at: removed.section)
        } else {
            catalog.sections[removed.section].items = ItemList(remaining)
        }
        /// Where a source path goes in the new catalog; nil for the removed item.
        func moved(_ path: ItemPath) -> ItemPath? {
            if path.section == removed.section {
                if path.item == removed.item || remaining.isEmpty { return nil }
                return ItemPath(section: path.section, item: path.item - (path.item > removed.item ? 1 : 0))
            }
            if remaining.isEmpty && path.section > removed.section {
                return ItemPath(section: path.section - 1, item: path.item)
            }
            return path
        }
        picking.remap(moved)
        let next =
            remaining.isEmpty
            ? nil : ItemPath(section: removed.section, item: min(removed.item, remaining.count - 1))
        content.source = catalog
        showSource()
        self.view.focus =
            next.flatMap(content.shownPath).flatMap { view.layout.frame(of: $0) != nil ? $0 : nil } ?? view.firstItem()
        clampOffset()
        if let shown = self.view.focus { scrollIntoView(shown) }
        overlays.notice = "forgotten: no longer in Recent"
        return command
    }
}
