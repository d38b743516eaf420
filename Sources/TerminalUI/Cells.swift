// The cell buffer every frame is composed into, whatever screen shows it.

/// A cell as a `CellBuffer` stores it: eight bytes and no reference to count, so that making,
/// filling, copying, comparing and freeing the 12,000 cells of a 200 x 60 frame are plain
/// memory operations. (A `Cell` holds a String and a `CellStyle` of two enums: 48 bytes that
/// Swift copies and destroys one by one, which was a fifth of the time of every frame.)
struct PackedCell: Hashable, Sendable {
    /// The scalar value of a one-scalar cluster (0 in a continuation cell), or
    /// `clusterFlag | i` for the cluster `clusters[i]` of its buffer (more than one scalar).
    var glyph: UInt32
    var width: UInt8
    /// The index of the cell's style in its buffer's `styles`.
    var style: UInt16

    static let clusterFlag: UInt32 = 0x8000_0000

    @inline(__always) var isContinuation: Bool { width == 0 }
    @inline(__always) var isCluster: Bool { glyph & Self.clusterFlag != 0 }
    @inline(__always) var clusterIndex: Int { Int(glyph & ~Self.clusterFlag) }
}

/// A rectangle of cells. Every write is clipped to the buffer and placed at an explicit
/// position, so a cluster whose width a terminal disagrees about cannot shift what follows.
///
/// Two buffers are equal when every cell shows the same text in the same style: how the
/// cells are stored (the order of the style and cluster tables) does not count.
public struct CellBuffer: Hashable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    /// The cells, row by row.
    private(set) var packed: [PackedCell]
    /// The styles the cells use, each once, in order of first use.
    private(set) var styles: [CellStyle]
    /// The clusters of more than one scalar (emoji sequences, combining marks), in order of
    /// writing; a cell overwritten later leaves its entry unused until the next frame.
    private(set) var clusters: [String]
    /// The first scalar of each of `clusters` (what ncurses' model of a cell holds).
    private(set) var clusterFirstScalars: [UInt32]
    /// The style last looked up: writes come in runs of one style, found without a search.
    private var lastStyle: CellStyle
    private var lastStyleIndex: UInt16 = 0
    /// The style looked up before the last: a section's header and its items alternate, and
    /// are found here without a search.
    private var earlierStyle: CellStyle
    private var earlierStyleIndex: UInt16 = 0
    /// The cells writes may change (`withClip`): [clipLeft, clipRight) x [clipTop, clipBottom),
    /// the whole buffer outside a `withClip`.
    private var clipLeft = 0, clipTop = 0, clipRight: Int, clipBottom: Int

    public init(width: Int, height: Int, style: CellStyle = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.styles = [style]
        self.clusters = []
        self.clusterFirstScalars = []
        self.lastStyle = style
        self.earlierStyle = style
        self.packed = Array(repeating: PackedCell(glyph: 0x20, width: 1, style: 0), count: self.width * self.height)
        self.clipRight = self.width
        self.clipBottom = self.height
    }

    /// Runs `body` with writes (`fill`, `put`) limited to the rectangle at (x, y), `width` x
    /// `height` cells, within the clip already in force: what a widget draws stays in its area.
    /// A wide cluster that would cross the clip's edge is not drawn (never half an emoji), and
    /// one already there that a write inside cuts is blanked on both sides, as at any cut.
    @discardableResult
    public mutating func withClip<Result>(
        x: Int, y: Int, width: Int, height: Int,
        _ body: (inout CellBuffer) throws -> Result
    ) rethrows -> Result {
        let saved = (clipLeft, clipTop, clipRight, clipBottom)
        defer { (clipLeft, clipTop, clipRight, clipBottom) = saved }
        clipLeft = max(clipLeft, x)
        clipTop = max(clipTop, y)
        clipRight = max(clipLeft, min(clipRight, x + max(0, width)))
        clipBottom = max(clipTop, min(clipBottom, y + max(0, height)))
        return try body(&self)
    }

    /// The index of `style` in `styles`, added when new.
    @inline(__always)
    mutating func styleIndex(_ style: CellStyle) -> UInt16 {
        if style == lastStyle { return lastStyleIndex }
        return styleIndexSearching(style)
    }

    private mutating func styleIndexSearching(_ style: CellStyle) -> UInt16 {
        if style == earlierStyle {
            swap(&lastStyle, &earlierStyle)
            swap(&lastStyleIndex, &earlierStyleIndex)
            return lastStyleIndex
        }
        let index: Int
        if let found = styles.firstIndex(of: style) {
            index = found
        } else {
            // A frame uses a few dozen styles; more than 65,535 would need more distinct
            // styles than most screens have cells, and the last one is then reused.
            guard styles.count <= Int(UInt16.max) else { return UInt16.max }
            styles.append(style)
            index = styles.count - 1
        }
        earlierStyle = lastStyle
        earlierStyleIndex = lastStyleIndex
        lastStyle = style
        lastStyleIndex = UInt16(index)
        return lastStyleIndex
    }

    /// The packed form of a cluster known to be one scalar or more (a new table entry then).
    /// A cell set to a control (or anything `VisibleText` hides) holds its sign instead, as
    /// `put` would draw it: nothing hidden is ever stored.
    private mutating func glyph(of cluster: String) -> UInt32 {
        var scalars = cluster.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        if VisibleText.isHidden(first.value) { return VisibleText.sign(for: first.value) }
        if scalars.next() == nil { return first.value }
        if cluster.unicodeScalars.contains(where: { VisibleText.isHidden($0.value) }) {
            return VisibleText.hiddenSign.value
        }
        return addCluster(cluster, firstScalar: first.value)
    }

    /// Adds a cluster of more than one scalar to the table; its packed glyph.
    private mutating func addCluster(_ cluster: String, firstScalar: UInt32) -> UInt32 {
        clusters.append(cluster)
        clusterFirstScalars.append(firstScalar)
        return PackedCell.clusterFlag | UInt32(clusters.count - 1)
    }

    /// The text of a stored cell.
    func text(of cell: PackedCell) -> String {
        if cell.isCluster { return clusters[cell.clusterIndex] }
        if cell.isContinuation { return "" }
        return String(Character(Unicode.Scalar(cell.glyph) ?? "\u{FFFD}"))
    }

    /// The first scalar of a stored cell's text; nil for a continuation cell.
    @inline(__always)
    func firstScalar(of cell: PackedCell) -> UInt32? {
        if cell.isCluster { return clusterFirstScalars[cell.clusterIndex] }
        return cell.isContinuation ? nil : cell.glyph
    }

    func cell(_ cell: PackedCell) -> Cell {
        Cell(text: text(of: cell), width: cell.width, style: styles[Int(cell.style)])
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cell(packed[y * width + x]) }
        set {
            let style = styleIndex(newValue.style)
            packed[y * width + x] = PackedCell(
                glyph: newValue.width == 0 ? 0 : glyph(of: newValue.text),
                width: newValue.width, style: style)
        }
    }

    public static func == (a: CellBuffer, b: CellBuffer) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        let same = CellMatcher(old: a, new: b)
        return a.packed.indices.allSatisfy { same(a.packed[$0], b.packed[$0]) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        for cell in packed { hasher.combine(self.cell(cell)) }
    }

    /// Copies `other` whole into this buffer with its top left cell at (x, y): a frame drawn on
    /// its own, placed inside a border. `other` must fit (it is what the border leaves).
    public mutating func place(_ other: CellBuffer, atX x: Int, y: Int) {
        precondition(x >= 0 && y >= 0 && x + other.width <= width && y + other.height <= height)
        let styleMap = other.styles.map { styleIndex($0) }
        let clusterBase = UInt32(clusters.count)
        clusters += other.clusters
        clusterFirstScalars += other.clusterFirstScalars
        for row in 0..<other.height {
            for column in 0..<other.width {
                var cell = other.packed[row * other.width + column]
                cell.style = styleMap[Int(cell.style)]
                if cell.isCluster { cell.glyph = PackedCell.clusterFlag | (UInt32(cell.clusterIndex) + clusterBase) }
                packed[(y + row) * width + x + column] = cell
            }
        }
    }

    /// Fills a rectangle (clipped) with blanks of `style`.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, style: CellStyle) {
        let x0 = max(clipLeft, x), y0 = max(clipTop, y)
        let x1 = min(clipRight, x + width), y1 = min(clipBottom, y + height)
        guard x0 < x1, y0 < y1 else { return }
        let blank = PackedCell(glyph: 0x20, width: 1, style: styleIndex(style))
        for row in y0..<y1 {
            clearCutClusters(row: row, from: x0, to: x1)
            let start = row * self.width
            packed.withUnsafeMutableBufferPointer { cells in
                for index in start + x0..<start + x1 { cells[index] = blank }
            }
        }
    }

    /// Writes `text` from (x, y), cluster by cluster, never past `maxWidth` cells (nor the
    /// buffer's edge), each cluster as `VisibleText` shows it: a control or an invisible format
    /// character as its sign, a lone combining mark on a dotted circle. Returns the cells used.
    @discardableResult
    public mutating func put(
        _ text: String, x: Int, y: Int, style: CellStyle, maxWidth: Int? = nil,
        measure: TextWidth = TextWidth()
    ) -> Int {
        guard y >= clipTop, y < clipBottom else { return 0 }
        let limit = min(clipRight, maxWidth.map { x + max(0, $0) } ?? clipRight)
        let styleIndex = styleIndex(style)
        return TextWidth.UTF8Text.with(text) { utf8 in
            var column = x
            var offset = 0
            if measure.countsASCIIBytes {
                // Printable ASCII, a cell per byte, is most text on screen: its cells are
                // written straight from the bytes, without grapheme breaking or measuring.
                let run = utf8.printableASCIIPrefix(from: 0, atMost: max(0, limit - column) + 1)
                let count = max(0, min(run, limit - column))
                putASCII(UnsafeBufferPointer(rebasing: utf8.bytes[0..<count]), x: column, y: y, style: styleIndex)
                column += count
                if count < run { return column - x }
                offset = run
            }
            while offset < utf8.end {
                let range = offset..<utf8.clusterEnd(from: offset)
                offset = range.upperBound
                let (form, clusterWidth) = measure.shownCluster(range, in: utf8)
                if clusterWidth == 0 { continue }  // overridden to no width
                if column + clusterWidth > limit { break }
                switch form {
                case .itself:
                    let (first, firstLength) = utf8.scalar(at: range.lowerBound)
                    // A glyph drawn on its own (an emoji) shares the caller's string.
                    let glyph =
                        firstLength == range.count
                        ? first
                        : addCluster(range.count == utf8.end ? text : utf8.string(range), firstScalar: first)
                    putCell(glyph, width: clusterWidth, x: column, y: y, style: styleIndex)
                case .signs:
                    var signColumn = column
                    for scalar in utf8.scalars(range) {
                        putCell(VisibleText.sign(for: scalar.value), width: 1, x: signColumn, y: y, style: styleIndex)
                        signColumn += 1
                    }
                case .onMarkBase:
                    if column >= clipLeft {
                        let glyph = addCluster(
                            String(VisibleText.markBase) + utf8.string(range),
                            firstScalar: VisibleText.markBase.value)
                        putCell(glyph, width: 1, x: column, y: y, style: styleIndex)
                    }
                }
                column += clusterWidth
            }
            return column - x
        }
    }

    /// Writes one cell of `glyph`, `width` wide, at (x, y) when x is inside the clip (the
    /// caller has clipped the right end).
    @inline(__always)
    private mutating func putCell(_ glyph: UInt32, width cellWidth: Int, x: Int, y: Int, style: UInt16) {
        guard x >= clipLeft else { return }
        clearCutClusters(row: y, from: x, to: x + cellWidth)
        let start = y * width + x
        packed[start] = PackedCell(glyph: glyph, width: UInt8(cellWidth), style: style)
        for extra in 1..<max(1, cellWidth) {
            packed[start + extra] = PackedCell(glyph: 0, width: 0, style: style)
        }
    }

    /// Writes one measured cluster at (x, y) if all of it fits in `maxWidth` cells (and the
    /// buffer); returns the cells used (0 when it does not fit).
    @discardableResult
    public mutating func put(
        _ cluster: TextWidth.MeasuredCluster, x: Int, y: Int, style: CellStyle,
        maxWidth: Int? = nil
    ) -> Int {
        let limit = min(clipRight, maxWidth.map { x + max(0, $0) } ?? clipRight)
        guard y >= clipTop, y < clipBottom, x >= clipLeft, x + cluster.width <= limit else { return 0 }
        let styleIndex = styleIndex(style)
        let glyph: UInt32
        if let scalar = cluster.scalar {
            glyph = scalar
        } else {
            glyph = addCluster(cluster.text, firstScalar: cluster.firstScalar)
        }
        clearCutClusters(row: y, from: x, to: x + cluster.width)
        let start = y * width + x
        packed[start] = PackedCell(glyph: glyph, width: UInt8(cluster.width), style: styleIndex)
        if cluster.width == 2 { packed[start + 1] = PackedCell(glyph: 0, width: 0, style: styleIndex) }
        return cluster.width
    }

    /// Writes printable ASCII bytes from (x, y), one cell each, skipping those left of the
    /// clip (the caller has clipped the right end).
    private mutating func putASCII(_ bytes: UnsafeBufferPointer<UInt8>, x: Int, y: Int, style: UInt16) {
        let start = max(clipLeft, x), end = x + bytes.count
        guard start < end else { return }
        // Only the run's two ends can cut a wide cluster: inside it, each cell is overwritten.
        clearCutClusters(row: y, from: start, to: end)
        let row = y * width
        packed.withUnsafeMutableBufferPointer { cells in
            for index in (start - x)..<bytes.count {
                cells[row + x + index] = PackedCell(glyph: UInt32(bytes[index]), width: 1, style: style)
            }
        }
    }

    /// Before cells `from..<to` of a row are overwritten: a wide cluster that the write would
    /// cut in half at either edge becomes blanks, so no half-glyph is left on screen.
    mutating func clearCutClusters(row: Int, from: Int, to: Int) {
        let start = row * width
        if from > 0, from < width, packed[start + from].isContinuation {
            var column = from - 1
            while column > 0 && packed[start + column].isContinuation { column -= 1 }
            for blank in column..<from {
                packed[start + blank] = PackedCell(glyph: 0x20, width: 1, style: packed[start + blank].style)
            }
        }
        var column = to
        while column < width && packed[start + column].isContinuation {
            packed[start + column] = PackedCell(glyph: 0x20, width: 1, style: packed[start + column].style)
            column += 1
        }
    }

    /// The buffer as text, one line per row, with trailing spaces kept (snapshot tests and
    /// `splitview render` compare exactly this).
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for cell in packed[row * width..<(row + 1) * width] where !cell.isContinuation {
                line += text(of: cell)
            }
            return line
        }
    }

    public var text: String { lines.joined(separator: "\n") }
}

/// Whether cells of one buffer (`old`) and of another (`new`) are drawn alike, comparing
/// their packed forms: style indices through a map from one buffer's table to the other's,
/// and the text of clusters of more than one scalar only when both cells have one.
struct CellMatcher {
    private let oldClusters: [String]
    private let newClusters: [String]
    /// The index in `new.styles` of each style of `old.styles` (UInt16.max: not there).
    private let styleMap: [UInt16]
    /// Whether both buffers list the same styles in the same order (nearly always: frames
    /// are composed alike), when indices compare as they are.
    private let sameStyleTables: Bool

    init(old: CellBuffer, new: CellBuffer) {
        oldClusters = old.clusters
        newClusters = new.clusters
        sameStyleTables = old.styles == new.styles
        styleMap =
            sameStyleTables
            ? []
            : old.styles.map { style in
                new.styles.firstIndex(of: style).map { UInt16($0) } ?? UInt16.max
            }
    }

    @inline(__always)
    func callAsFunction(_ a: PackedCell, _ b: PackedCell) -> Bool {
        guard a.width == b.width else { return false }
        if sameStyleTables {
            guard a.style == b.style else { return false }
        } else {
            guard styleMap[Int(a.style)] == b.style else { return false }
        }
        if !a.isCluster || !b.isCluster { return a.glyph == b.glyph }
        return sameClusters(a.clusterIndex, b.clusterIndex)
    }

    /// Out of line: the common case above, inlined in every loop over cells, stays small.
    @inline(never)
    private func sameClusters(_ old: Int, _ new: Int) -> Bool { Self.sameText(oldClusters[old], newClusters[new]) }

    /// `a == b` for a cluster's text, as UTF-8.
    @inline(__always)
    static func sameText(_ a: String, _ b: String) -> Bool {
        // Byte for byte: a terminal draws canonically equivalent but different sequences
        // differently anyway, and String's `==` normalises non-ASCII text to compare it.
        let count = a.utf8.count
        guard count == b.utf8.count else { return false }
        let same = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in
                var index = 0
                while index < count && a[index] == b[index] { index += 1 }
                return index == count
            }
        }
        return (same ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

}
