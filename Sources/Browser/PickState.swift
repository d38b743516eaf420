// What the user picked or marked, and how the session ended.

import Catalog
import SplitLayout

/// How a session ended.
public enum Outcome: Hashable, Sendable {
    /// Enter (or a click on the focused item): print it.
    case chosen(ItemPath)
    /// Enter with nothing to pick (a search with no match, no marks): as fzf's, the query
    /// (--print-query) and the key (--expect) are printed, no item, and the status is 1.
    case pickedNothing
    /// q or Esc: no output.
    case cancelled
    /// Ctrl-C.
    case interrupted
    /// The data could not be read to its end (a stream's input failed): its message.
    case failed(String)
    /// A binding's become: the program runs this command in its place, the terminal given
    /// back first.
    case become(ShellCommand)
}

/// The marks, the tones chosen, and the end of the session. Paths are source paths (into
/// everything loaded), so that they hold whatever a search shows.
public struct PickState: Hashable, Sendable {
    /// The marked items, in the order they were marked (the order they are printed in).
    public internal(set) var marked: [ItemPath] = []
    /// Glyphs chosen in the tone chooser, by item: shown and printed instead of the default.
    public internal(set) var chosenGlyphs: [ItemPath: String] = [:]
    public internal(set) var outcome: Outcome?
    /// The --expect key that ended the session (nil: Enter or a click).
    public internal(set) var endingKey: String?

    public init() {}

    public func isMarked(_ path: ItemPath) -> Bool { !marked.isEmpty && marked.contains(path) }

    /// Marks the item, or unmarks it if it was marked.
    mutating func toggleMark(_ path: ItemPath) {
        if let index = marked.firstIndex(of: path) {
            marked.remove(at: index)
        } else {
            marked.append(path)
        }
    }

    /// Marks the item if it is not marked yet.
    mutating func mark(_ path: ItemPath) {
        if !marked.contains(path) { marked.append(path) }
    }

    /// What Enter prints: the marked items in marking order (whatever is shown now), else
    /// `focus` (a source path).
    func picks(focus: ItemPath?) -> [ItemPath] {
        if !marked.isEmpty { return marked }
        return focus.map { [$0] } ?? []
    }

    /// Moves every path by `moved` (a section left the data, items moved up), dropping those
    /// it gives nil for.
    mutating func remap(_ moved: (ItemPath) -> ItemPath?) {
        marked = marked.compactMap(moved)
        chosenGlyphs = Dictionary(
            chosenGlyphs.compactMap { path, glyph in moved(path).map { ($0, glyph) } }, uniquingKeysWith: { a, _ in a })
    }
}
