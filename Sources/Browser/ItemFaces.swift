// What a slot shows of an item, and the cache of those faces that spares a frame from
// reading and fitting again the items the frame before showed.

import Catalog
import SplitLayout
import Synchronization
import TerminalUI

extension Browser {
    /// What a slot of `room` cells shows of an item, from the item alone: its glyph and label
    /// (the label only when some of it shows), fitted to the room. `spare`: cells after the
    /// room (the slot's right padding) that a label takes (`DrawnFace.widened`) when it would
    /// not show otherwise: a 6-cell slot shows "🍌 b…" rather than the glyph alone with cells
    /// free.
    static func itemFace(_ path: ItemPath, room: Int, spare: Int = 0, _ state: SectionsInput) -> DrawnFace {
        // The label and glyph are read from the store alone, and the label only where it is
        // drawn: making the whole `Item`, or a label an emoji grid has no room for, for each
        // of the ~2,000 items of a frame was a good part of its cost.
        let items = state.content.catalog.sections[path.section].items
        var text: String
        var label: String?
        var labelStart: Int?
        var fits = false
        // The glyph alone, measured once, when that is what the slot shows.
        var glyphOnly: TextWidth.MeasuredCluster?
        var room = room
        var widened = false
        if let glyph = state.shownGlyph(at: path, of: items).map({ state.textWidth.drawable($0) }) {
            let measured = state.textWidth.measuredCluster(glyph)
            let glyphWidth = measured?.width ?? state.textWidth.width(of: glyph)
            // Labels line up whatever the glyph's width: a narrower glyph is padded to an
            // emoji's two cells.
            let gap = String(repeating: " ", count: 1 + max(0, Browser.glyphColumn - glyphWidth))
            // The label only when some of it shows: the whole label, or at least one cell of it
            // before the ellipsis (never "😀 …", a glyph with an ellipsis and no label).
            var labelRoom = room - glyphWidth - gap.count
            if labelRoom + spare >= 1 { label = items.label(at: path.item) }
            // (Up to 2 cells: all that is asked of a label that may be a 50 MB line.)
            let labelWidth = label.map { state.textWidth.width(of: $0, upTo: 2) } ?? 0
            if labelWidth > 0 && labelRoom < labelWidth && labelRoom + spare >= labelWidth {
                // Some of the label shows with the padding's cell too.
                room += spare
                labelRoom += spare
                widened = true
            }
            if let label, labelWidth > 0 && labelRoom >= labelWidth {
                // (A label that starts with a combining mark has it on a dotted circle, not on
                // the space: counted on that first character alone, which could join the space.)
                let standalone = VisibleText.standalone(label)
                text = glyph + gap + standalone
                labelStart = (glyph + gap + String(standalone.prefix(1))).count - 1
            } else {
                text = glyph
                fits = glyphWidth <= room
                if fits { glyphOnly = measured }
            }
        } else {
            label = items.label(at: path.item)
            // Where other items have glyphs, the label goes where theirs are.
            let indent = items.hasGlyphs && room > Browser.glyphColumn + 1 ? Browser.glyphColumn + 1 : 0
            // (After the indent, a leading combining mark goes on a dotted circle, as after a
            // glyph: it would join the space.)
            text = indent > 0 ? String(repeating: " ", count: indent) + VisibleText.standalone(label!) : label!
            labelStart = indent
        }
        return glyphOnly.map { DrawnFace(glyphOnly: $0, shown: "") }
            ?? DrawnFace(
                glyphOnly: nil, shown: fits ? text : state.textWidth.truncate(text, toWidth: room),
                labelStart: labelStart, widened: widened)
    }
}

/// What is drawn in a slot, from the item and the slot's room alone (see `itemFace`): the glyph
/// alone, measured, or text fitted to the room.
struct DrawnFace {
    var glyphOnly: TextWidth.MeasuredCluster?
    /// The text truncated to the room ("" with `glyphOnly`).
    var shown: String
    /// Where the label starts in `shown` (the glyph, the label, or both: "😀 grinning face"),
    /// in characters; nil when none of it shows. (Where a search's matches are lit.)
    var labelStart: Int?
    /// Whether the text takes the slot's right padding too (its label would not show else).
    var widened = false
}

/// The faces of the items drawn lately, by source path and room, so that a frame does not read,
/// measure and fit again each of the couple of thousand items the frame before showed.
///
/// Direct-mapped and bounded (16,384 faces, more than a 200 x 60 screen has cells): an item
/// takes one slot, replacing what was there. A state's catalog never changes (a filter shows some of its
/// items, by the same source paths) nor its width rules; a glyph chosen in the tone chooser is
/// never kept here. The lock is taken once per frame.
final class ItemFaces: Sendable {
    /// The slots; a class so that the widgets of a frame share it while the lock is held.
    final class Table {
        // Three buffers rather than one of optional slots: a lookup compares the key in place
        // instead of copying a slot and its strings out first. Buffers the class owns through
        // `let`s rather than `var` arrays: every access to a class's `var` is checked for
        // exclusivity at run time, which cost a fifth of a frame's composing.
        private let paths = UnsafeMutableBufferPointer<ItemPath>.allocate(capacity: ItemFaces.slotCount)
        private let rooms = UnsafeMutableBufferPointer<Int>.allocate(capacity: ItemFaces.slotCount)
        private let faces = UnsafeMutableBufferPointer<DrawnFace?>.allocate(capacity: ItemFaces.slotCount)

        init() {
            paths.initialize(repeating: ItemPath(section: -1, item: -1))
            rooms.initialize(repeating: 0)
            faces.initialize(repeating: nil)
        }

        deinit {
            paths.deallocate()
            rooms.deallocate()
            _ = faces.deinitialize()
            faces.deallocate()
        }

        /// The face kept for `path` (whose position among all items is `ordinal`) in `room`
        /// cells, else `make()`'s, kept.
        func face(of path: ItemPath, ordinal: Int, room: Int, _ make: () -> DrawnFace) -> DrawnFace {
            // By position: a screen shows runs of consecutive items, which take consecutive
            // slots and so never each other's (hashed slots collide by the hundred within one
            // screenful of 3,000 items).
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
    /// Only used while `lock` is held (a Mutex of the class itself would not let the frame's
    /// widgets share it).
    nonisolated(unsafe) private let table = Table()
    private let lock = Mutex(())

    /// Runs `body` (a frame's drawing) with the table, locked.
    func withFaces<R>(_ body: (Table) -> R) -> R { lock.withLock { _ in body(table) } }
}

extension Browser {
    /// The cells a glyph column takes before a label (an emoji's two): narrower glyphs, and
    /// items without one among items with glyphs, are padded to it.
    public static let glyphColumn = 2
}
