// What a slot shows of an item, and the cache of those faces that spares a frame from
// reading and fitting again the items the frame before showed.

import Catalog
import SplitLayout
import Synchronization
import TerminalUI

/// What a slot shows of an item, from the item and the slot's room alone (see `itemFace`).
struct ItemFace {
    /// The label, when it was read (the slot has room for some of it).
    var label: String?
    /// Where the label starts in what the slot shows (the glyph, the label, or both: "😀
    /// grinning face"), in characters; nil when it does not show.
    var labelStart: Int?
    var drawn: DrawnFace
}

/// What is drawn in a slot: the glyph alone, measured, or text fitted to the room.
struct DrawnFace {
    var glyphOnly: TextWidth.MeasuredCluster?
    /// The text truncated to the room ("" with `glyphOnly`).
    var shown: String
}

/// The faces of the items drawn lately, by source path and room, so that a frame does not read,
/// measure and fit again each of the couple of thousand items the frame before showed.
///
/// Direct-mapped and bounded (16,384 faces, more than a 200 x 60 screen has cells): an item
/// takes one slot, replacing what was there. A state's catalog never changes (a filter shows some of its
/// items, by the same source paths) nor its width rules; a glyph chosen in the tone chooser is
/// never kept here. The lock is taken once per frame.
final class ItemFaces: Sendable {
    struct Table {
        // Three arrays rather than one of optional slots: a lookup compares the key in place
        // instead of copying a slot and its strings out first.
        fileprivate var paths = [ItemPath](repeating: ItemPath(section: -1, item: -1), count: ItemFaces.slotCount)
        fileprivate var rooms = [Int](repeating: 0, count: ItemFaces.slotCount)
        fileprivate var faces = [DrawnFace?](repeating: nil, count: ItemFaces.slotCount)

        /// The face kept for `path` (whose position among all items is `ordinal`) in `room`
        /// cells, else `make()`'s, kept.
        mutating func face(of path: ItemPath, ordinal: Int, room: Int, _ make: () -> DrawnFace) -> DrawnFace {
            // By position: a screen shows runs of consecutive items, which take consecutive
            // slots and so never each other's (hashed, a screenful of 3,000 items took each
            // other's slots by the hundred, every frame).
            let slot = ordinal & (ItemFaces.slotCount - 1)
            if paths[slot] == path && rooms[slot] == room, let face = faces[slot] { return face }
            let face = make()
            paths[slot] = path
            rooms[slot] = room
            faces[slot] = face
            return face
        }
    }

    fileprivate static let slotBits = 14
    fileprivate static let slotCount = 1 << slotBits
    private let table = Mutex(Table())

    func withFaces<R>(_ body: (inout Table) -> R) -> R { table.withLock { body(&$0) } }
}
