// What the screen shows of the content: the terminal's size, the layout at it, the scroll and
// the focus, with the questions asked of them in reading order.

import SplitLayout

/// The view of a session.
public struct ViewState: Sendable {
    public internal(set) var width: Int
    public internal(set) var height: Int
    public internal(set) var layout: SplitLayout
    /// The content row at the top of the view.
    public internal(set) var offset: Int = 0
    public internal(set) var focus: ItemPath?
    /// Presses of `>` minus presses of `<`, applied to a two-column ratio.
    public internal(set) var ratioSteps = 0
    /// End (`G`) was the last key: while data still arrives, the focus follows the last item,
    /// as `less +F` follows a file, until the next key or click.
    public internal(set) var followsEnd = false
    /// The source section the fold key folded last, while no other action came after: the
    /// key pressed again unfolds it (`toggleFocusedFold`).
    var lastFolded: Int?
    /// The focus's screen row at the last size that was not too small (see `resize`).
    var focusRowBeforeTooSmall: Int?

    init(width: Int, height: Int, layout: SplitLayout) {
        self.width = width
        self.height = height
        self.layout = layout
    }

    /// The screen row of the focused item (its frame's top minus the offset).
    var focusRow: Int? { focus.flatMap { layout.frame(of: $0) }.map { $0.y - offset } }

    // MARK: Items in reading order

    /// The first drawn item in section order (from `start`; backwards: the first drawn item of
    /// the nearest section at or before it).
    func firstItem(fromSection start: Int = 0, forward: Bool = true) -> ItemPath? {
        let order =
            forward
            ? Array(start..<layout.sections.count) : Array((0...min(start, layout.sections.count - 1)).reversed())
        for index in order where layout.sections.indices.contains(index) {
            let count = layout.sections[index].itemCount
            for item in 0..<count where layout.frame(of: ItemPath(section: index, item: item)) != nil {
                return ItemPath(section: index, item: item)
            }
        }
        return nil
    }

    /// The next drawn item in section order (reading order), nil after the last.
    func nextItem(after path: ItemPath) -> ItemPath? {
        var section = path.section, item = path.item + 1
        while layout.sections.indices.contains(section) {
            while item < layout.sections[section].itemCount {
                let candidate = ItemPath(section: section, item: item)
                if layout.frame(of: candidate) != nil { return candidate }
                item += 1
            }
            section += 1
            item = 0
        }
        return nil
    }

    /// The drawn item before `path` in section order, nil before the first.
    func previousItem(before path: ItemPath) -> ItemPath? {
        var section = path.section, item = path.item - 1
        while section >= 0 && layout.sections.indices.contains(section) {
            while item >= 0 {
                let candidate = ItemPath(section: section, item: item)
                if layout.frame(of: candidate) != nil { return candidate }
                item -= 1
            }
            section -= 1
            if section >= 0 { item = layout.sections[section].itemCount - 1 }
        }
        return nil
    }

    /// The last drawn item in section order.
    func lastItem() -> ItemPath? {
        for index in layout.sections.indices.reversed() {
            for item in (0..<layout.sections[index].itemCount).reversed()
            where layout.frame(of: ItemPath(section: index, item: item)) != nil {
                return ItemPath(section: index, item: item)
            }
        }
        return nil
    }

    // MARK: Scrolling, for a view of `viewHeight` rows

    func maximumOffset(viewHeight: Int) -> Int { max(0, layout.contentHeight - viewHeight) }

    mutating func clampOffset(viewHeight: Int) { offset = min(max(0, offset), maximumOffset(viewHeight: viewHeight)) }

    /// Scrolls as little as possible so the item is fully in view below its column's pinned
    /// header.
    mutating func scrollIntoView(_ path: ItemPath, viewHeight: Int) {
        guard let frame = layout.frame(of: path) else { return }
        let header = layout.parameters.pinHeaders ? layout.sections[path.section].headerHeight : 0
        // The bottom first, then the top: an item taller than the view shows its top.
        if frame.maxY > offset + viewHeight { offset = frame.maxY - viewHeight }
        if frame.y - header < offset {
            offset = frame.y - header
            // On its section's first line, show the top of the section: the header at its own
            // row and the top inset, as when the section was first scrolled to.
            let section = layout.sections[path.section]
            if layout.firstItem(atOrBelowRow: section.itemsArea.y, columnIndex: section.columnIndex)
                .flatMap({ layout.frame(of: $0) })?.y == frame.y
            {
                offset = section.frame.y
            }
        }
        clampOffset(viewHeight: viewHeight)
    }

    /// Focuses a drawn item and scrolls it into view; an item not drawn changes nothing.
    mutating func setFocus(_ path: ItemPath?, viewHeight: Int) {
        guard let path, layout.frame(of: path) != nil else { return }
        focus = path
        scrollIntoView(path, viewHeight: viewHeight)
    }
}
