// Columnar storage of a section's items: at a million items, one `Item` per row (88 bytes, an
// array of fields and a heap string or more) cost more than the rows' text. A store keeps all of
// a section's strings in one UTF-8 buffer with one offset per string, and what varies little
// between rows (whether there is a glyph, how many keywords, the field names, declared sizes)
// once per distinct "shape". An `Item` is made only when someone asks for one (the few items a
// frame draws, the picked ones); search reads the bytes in place.
//
// A row whose items all share one shape (a CSV or TSV without a keywords column, plain lines)
// keeps no per-item record at all: 8 bytes per string plus the text.

import Synchronization

/// What the items of one shape have, in the order their strings are stored: the label, the
/// keywords, the field values, the glyph (when there is one), the variants, then the keywords
/// as the data wrote them in one string when they cannot be made again from the words. The
/// strings a search reads (label, keywords, field values) come first and together. A line read
/// with `--nth` puts the texts searched instead (`searchTextCount`) before all of them, and a
/// line whose label is not the whole line (`--with-nth`, grouping) keeps the line after them,
/// or, when the label is one run of the line, only what the line has around it, in the shape
/// (`lineAround`): a section of lines grouped by their first field keeps that field once.
struct ItemShape: Hashable, Sendable {
    var hasGlyph: Bool
    var keywordCount: Int
    var variantCount: Int
    /// The names of the item's fields, in file order; a CSV or TSV passes the same array for
    /// every row, so the names are kept once however many rows there are.
    var fieldNames: [String]
    /// The kind of each field, in the order of `fieldNames`; empty when every field is a
    /// string, so that text data (CSV, TSV, JSON of strings) keeps nothing more.
    var fieldKinds: [Item.Field.Kind]
    var width: Int?
    var height: Int?
    var section: Item.Spelling.Section
    var glyphSpelling: Item.Spelling.Glyph
    var keywordsSpelling: KeywordsSpelling
    /// Strings searched instead of the text (`Item.searchTexts`), stored first.
    var searchTextCount = 0
    /// Whether the line as read (`Item.line`) is stored, last.
    var hasLine = false
    /// The line as read is the label with these around it (`Item.line`): no string of its own.
    var lineAround: LineAround?

    /// What a line has before and after its label, when the label is one run of it.
    struct LineAround: Hashable, Sendable {
        var head: String
        var tail: String

        func line(around label: String) -> String { head + label + tail }
    }

    /// `Item.Spelling.Keywords`, with keywords written as one string split in two: a string
    /// that is the words with one space between them is made again from them (`words`), any
    /// other (`"red, round"`) is kept as one more string (`text`).
    enum KeywordsSpelling: UInt8, Hashable, Sendable {
        case kept, array, null, words, text
    }

    init(
        hasGlyph: Bool = false, keywordCount: Int = 0, variantCount: Int = 0, fieldNames: [String] = [],
        fieldKinds: [Item.Field.Kind] = [], width: Int? = nil, height: Int? = nil,
        section: Item.Spelling.Section = .given, glyphSpelling: Item.Spelling.Glyph = .kept,
        keywordsSpelling: KeywordsSpelling = .kept, searchTextCount: Int = 0, hasLine: Bool = false,
        lineAround: LineAround? = nil
    ) {
        self.hasGlyph = hasGlyph
        self.keywordCount = keywordCount
        self.variantCount = variantCount
        self.fieldNames = fieldNames
        self.fieldKinds = fieldKinds
        self.width = width
        self.height = height
        self.section = section
        self.glyphSpelling = glyphSpelling
        self.keywordsSpelling = keywordsSpelling
        self.searchTextCount = searchTextCount
        self.hasLine = hasLine
        self.lineAround = lineAround
    }

    init(of item: Item) {
        let keywords: KeywordsSpelling =
            switch item.spelling.keywords {
            case .kept: .kept
            case .array: .array
            case .null: .null
            case .text:
                (item.spelling.keywordsText ?? "").utf8.elementsEqual(item.keywords.joined(separator: " ").utf8)
                    ? .words : .text
            }
        self.init(
            hasGlyph: item.glyph != nil, keywordCount: item.keywords.count, variantCount: item.variants.count,
            fieldNames: item.fields.map(\.name),
            fieldKinds: item.fields.allSatisfy { $0.kind == .string } ? [] : item.fields.map(\.kind),
            width: item.width, height: item.height, section: item.spelling.section,
            glyphSpelling: item.spelling.glyph, keywordsSpelling: keywords, searchTextCount: item.searchTexts.count,
            hasLine: item.line != nil)
    }

    /// The strings of text: label, keywords and field values.
    var textCount: Int { 1 + keywordCount + fieldNames.count }
    /// The strings searched: the text, and the glyph (so that a pasted emoji, or a code point
    /// typed, finds its item); or only the search texts, when there are some.
    var searchableCount: Int { searchTextCount > 0 ? searchTextCount : textCount + (hasGlyph ? 1 : 0) }
    /// Where the label is among the item's strings.
    var labelOffset: Int { searchTextCount }
    var stringCount: Int {
        searchTextCount + textCount + (hasGlyph ? 1 : 0) + variantCount + (keywordsSpelling == .text ? 1 : 0)
            + (hasLine ? 1 : 0)
    }

    func fieldKind(_ index: Int) -> Item.Field.Kind { fieldKinds.isEmpty ? .string : fieldKinds[index] }

    /// The synthesized comparison, with the numbers first: every item written compares its
    /// shape with the last one.
    @inline(__always)
    static func == (a: ItemShape, b: ItemShape) -> Bool {
        a.hasGlyph == b.hasGlyph && a.keywordCount == b.keywordCount && a.variantCount == b.variantCount
            && a.section == b.section && a.glyphSpelling == b.glyphSpelling
            && a.keywordsSpelling == b.keywordsSpelling && a.width == b.width && a.height == b.height
            && a.searchTextCount == b.searchTextCount && a.hasLine == b.hasLine
            && a.fieldNames == b.fieldNames && a.fieldKinds == b.fieldKinds && a.lineAround == b.lineAround
    }
}

/// The items of one section, immutable once made (so it is shared, not copied, by every
/// catalog filtered from it, and read by search threads without locks). A stream's snapshots
/// of one section are stores over the same growing columns (`StoreColumn.swift`), each seeing
/// the items that had arrived when it was made.
final class ItemStore: Sendable {
    /// Every string's UTF-8, one after another; always valid UTF-8 (the builder repairs input).
    let bytes: Column<UInt8>
    /// Where each string ends in `bytes`; string k starts where string k - 1 ends.
    let stringEnds: Column<Int>
    /// Each item's first string and shape; both empty when every item has `shapes[0]`, the
    /// first string of item i then being i * shapes[0].stringCount.
    let firstString: Column<UInt32>
    let shapeOfItem: Column<UInt32>
    let shapes: [ItemShape]
    /// Whether no shape declares a size, and whether one has a glyph: asked of every section
    /// at every search's answer, so decided once.
    let shapesDeclareNoSize: Bool
    let someShapeHasGlyph: Bool
    /// Each shape's `searchableCount`, for the search loop.
    let searchableCountOfShape: [Int]
    let count: Int
    /// Whether all the text is ASCII, which lets search scan the bytes with ASCII rules only.
    let isASCII: Bool
    /// Names this store's items in `RecentItems`: the same for every snapshot of one builder
    /// (item i of each is the same item), never reused (an object's address may be).
    let identity: UInt64
    /// --ansi: the looks of the items that have some (`AnsiText`), as a side table that costs
    /// nothing for the others: the styled items' indices (ascending), where each one's runs end
    /// in `styleBytes` (its runs start where the one before's end), and the runs' bytes.
    let styledItems: Column<UInt32>
    let styleEnds: Column<Int>
    let styleBytes: Column<UInt8>
    /// Each item's rank (`Item.rank`; 0: none), for the items up to the last one ranked; empty
    /// when no item is (all but the bundled catalogs).
    let ranks: [UInt16]
    /// Which letters start a word in each item (`WordStartIndex`), once made: made aside for
    /// the bundled catalogs (`Catalog.indexWordStartsAside`), never for the user's data.
    let wordStarts = AtomicLazyReference<WordStartIndex>()

    static let identities = Atomic<UInt64>(0)

    static func newIdentity() -> UInt64 { identities.wrappingAdd(1, ordering: .relaxed).newValue }

    init(
        bytes: Column<UInt8>, stringEnds: Column<Int>, firstString: Column<UInt32>, shapeOfItem: Column<UInt32>,
        shapes: [ItemShape], searchableCountOfShape: [Int], count: Int, isASCII: Bool, identity: UInt64,
        styledItems: Column<UInt32> = ColumnWriter<UInt32>().column,
        styleEnds: Column<Int> = ColumnWriter<Int>().column,
        styleBytes: Column<UInt8> = ColumnWriter<UInt8>().column, ranks: [UInt16] = []
    ) {
        self.ranks = ranks
        self.styledItems = styledItems
        self.styleEnds = styleEnds
        self.styleBytes = styleBytes
        self.bytes = bytes
        self.stringEnds = stringEnds
        self.firstString = firstString
        self.shapeOfItem = shapeOfItem
        self.shapes = shapes
        shapesDeclareNoSize = shapes.allSatisfy { $0.width == nil && $0.height == nil }
        someShapeHasGlyph = shapes.contains { $0.hasGlyph }
        self.searchableCountOfShape = searchableCountOfShape
        self.count = count
        self.isASCII = isASCII
        self.identity = identity
    }

    @inline(__always)
    func shapeIndex(of item: Int) -> Int { shapeOfItem.isEmpty ? 0 : Int(shapeOfItem[item]) }

    @inline(__always)
    func firstString(of item: Int) -> Int {
        firstString.isEmpty ? item * shapes[0].stringCount : Int(firstString[item])
    }

    @inline(__always)
    func stringRange(_ string: Int) -> Range<Int> {
        (string == 0 ? 0 : stringEnds[string - 1])..<stringEnds[string]
    }

    func string(_ index: Int) -> String {
        let range = stringRange(index)
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
        }
    }

    /// The item's rank (`Item.rank`), nil when it has none.
    func rank(_ index: Int) -> Int? { index < ranks.count && ranks[index] > 0 ? Int(ranks[index]) : nil }

    /// The item at `index`, made from its strings.
    func item(_ index: Int) -> Item {
        let shape = shapes[shapeIndex(of: index)]
        var next = firstString(of: index)
        func take(_ count: Int) -> [String] {
            guard count > 0 else { return [] }
            defer { next += count }
            return (next..<next + count).map(string)
        }
        let searchTexts = take(shape.searchTextCount)
        let label = string(next)
        next += 1
        let keywords = take(shape.keywordCount)
        let values = take(shape.fieldNames.count)
        let glyph = shape.hasGlyph ? take(1)[0] : nil
        let variants = take(shape.variantCount)
        let fields =
            values.isEmpty
            ? []
            : values.indices.map {
                Item.Field(name: shape.fieldNames[$0], value: values[$0], kind: shape.fieldKind($0))
            }
        var spelling = Item.Spelling(section: shape.section, glyph: shape.glyphSpelling)
        switch shape.keywordsSpelling {
        case .kept: spelling.keywords = .kept
        case .array: spelling.keywords = .array
        case .null: spelling.keywords = .null
        case .words: (spelling.keywords, spelling.keywordsText) = (.text, keywords.joined(separator: " "))
        case .text: (spelling.keywords, spelling.keywordsText) = (.text, take(1)[0])
        }
        var item = Item(
            label: label, glyph: glyph, width: shape.width, height: shape.height, keywords: keywords,
            variants: variants, fields: fields, spelling: spelling)
        item.searchTexts = searchTexts
        item.rank = rank(index)
        if shape.hasLine {
            item.line = take(1)[0]
        } else if let around = shape.lineAround {
            item.line = around.line(around: label)
        }
        return item
    }

    /// The item at `index`, from `RecentItems` when it was made lately.
    func recentItem(_ index: Int) -> Item { RecentItems.shared.item(index, of: self) }

    /// The label alone, without making the rest of the item.
    func label(_ index: Int) -> String {
        let shape = shapes[shapeIndex(of: index)]
        return string(firstString(of: index) + shape.labelOffset)
    }

    /// The first item from `start` on whose label is `label`'s bytes, compared in place (a
    /// million labels in a few milliseconds: no string is made).
    func firstItem(labelled label: [UInt8], from start: Int) -> Int? {
        guard start < count else { return nil }
        return bytes.withUnsafeBufferPointer { stored in
            label.withUnsafeBufferPointer { wanted in
                for index in start..<count {
                    let range = stringRange(firstString(of: index) + shapes[shapeIndex(of: index)].labelOffset)
                    guard range.count == wanted.count else { continue }
                    if UnsafeBufferPointer(rebasing: stored[range]).elementsEqual(wanted) { return index }
                }
                return nil
            }
        }
    }

    /// The looks of the item's label (--ansi), nil when it has none.
    func styleRuns(_ index: Int) -> [AnsiRun]? {
        guard !styledItems.isEmpty else { return nil }
        // Binary search: the styled items are in ascending order.
        var low = 0
        var high = styledItems.count
        let target = UInt32(truncatingIfNeeded: index)
        while low < high {
            let middle = (low + high) / 2
            if styledItems[middle] < target { low = middle + 1 } else { high = middle }
        }
        guard low < styledItems.count, styledItems[low] == target else { return nil }
        let range = (low == 0 ? 0 : styleEnds[low - 1])..<styleEnds[low]
        return styleBytes.withUnsafeBufferPointer { AnsiText.decode(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The glyph alone (nil when the item has none), without making the rest of the item.
    func glyph(_ index: Int) -> String? {
        let shape = shapes[shapeIndex(of: index)]
        guard shape.hasGlyph else { return nil }
        return string(firstString(of: index) + shape.labelOffset + shape.textCount)
    }

    /// The item's strings that search reads (label, keywords, field values, glyph) as a range of
    /// string indices.
    @inline(__always)
    func searchableStrings(of item: Int) -> Range<Int> {
        let first = firstString(of: item)
        return first..<first + shapes[shapeIndex(of: item)].searchableCount
    }
}

/// The items made last, whatever their store: a frame draws the same few thousand items as the
/// frame before (and asks for each twice, for its label and for its glyph), and copying a kept
/// `Item` costs a few reference counts where making it costs a String and an array or more.
/// Direct-mapped: an item made goes to one slot, replacing what was there, so the memory is
/// bounded (16,384 items, about 2 MB; 4,096 slots were too few for the emoji screen, whose
/// sections' items then took each other's slots) and a lookup is one comparison. Stores are immutable, so a kept item
/// never goes stale.
final class RecentItems: Sendable {
    static let shared = RecentItems()

    private struct Slot {
        var store: UInt64
        var index: Int
        var item: Item
    }
    private static let slotCount = 16_384
    private let slots = Mutex<[Slot?]>(Array(repeating: nil, count: RecentItems.slotCount))

    func item(_ index: Int, of store: ItemStore) -> Item {
        // Consecutive items of one store take consecutive slots; stores start far apart.
        let slot = Int(
            truncatingIfNeeded: (UInt64(truncatingIfNeeded: index) &+ store.identity &* 0x9E37_79B9_7F4A_7C15)
                & UInt64(Self.slotCount - 1))
        let kept = slots.withLock { slots -> Item? in
            guard let kept = slots[slot], kept.store == store.identity, kept.index == index else { return nil }
            return kept.item
        }
        if let kept { return kept }
        let item = store.item(index)
        slots.withLock { $0[slot] = Slot(store: store.identity, index: index, item: item) }
        return item
    }
}

/// Fills an `ItemStore` one item at a time: the strings of an item in shape order, then the
/// shape. Loaders that have the bytes of a row write them straight in, with no `String` made.
/// `snapshot()` makes a store of the items so far that shares the columns (a stream's catalog
/// as it grows); `build()` one whose columns are trimmed to their size.
struct ItemStoreBuilder {
    private var bytes = ColumnWriter<UInt8>()
    private var stringEnds = ColumnWriter<Int>()
    private var firstString = ColumnWriter<UInt32>()
    private var shapeOfItem = ColumnWriter<UInt32>()
    private var styledItems = ColumnWriter<UInt32>()
    private var styleEnds = ColumnWriter<Int>()
    private var styleBytes = ColumnWriter<UInt8>()
    private var ranks: [UInt16] = []
    private var shapes: [ItemShape] = []
    private var searchableCountOfShape: [Int] = []
    /// Each shape's `stringCount`, read per item without copying the shape.
    private var stringCountOfShape: [Int] = []
    private var shapeIndex: [ItemShape: Int] = [:]
    private var lastShape = -1
    private var itemStart = 0
    private(set) var count = 0
    /// The bytes already known to be ASCII, or not (`isASCII` false), for `snapshot()`.
    private var checkedBytes = 0
    private var isASCII = true
    /// Held by this builder alone (a copy of the builder shares it until one of them writes):
    /// see `makeColumnsOwn`. Its identity names the stores made from the columns.
    private var writer = Writer()
    /// Whether the input was checked to be valid UTF-8: then bytes are copied as they are,
    /// else a string holding non-ASCII bytes is repaired (U+FFFD) on the way in.
    var inputIsValidUTF8 = false

    private final class Writer {
        let identity = ItemStore.newIdentity()
    }

    init() {}

    /// A copy of a builder that writes would write into the storage the other copy writes
    /// to: the first of them to write after the copy moves its columns to storage of its own
    /// (value semantics, as an array's copy on write).
    @inline(__always)
    private mutating func makeColumnsOwn() {
        if _slowPath(!isKnownUniquelyReferenced(&writer)) {
            writer = Writer()
            bytes.detach()
            stringEnds.detach()
            firstString.detach()
            shapeOfItem.detach()
            styledItems.detach()
            styleEnds.detach()
            styleBytes.detach()
        }
    }

    /// Room for `items` more items and `bytes` more bytes of text.
    mutating func reserveCapacity(items: Int, bytes byteCount: Int) {
        makeColumnsOwn()
        stringEnds.reserveCapacity(items)
        bytes.reserveCapacity(byteCount)
    }

    var byteCount: Int { bytes.count }

    /// Adds the next string of the item being written.
    @inline(__always)
    mutating func addString(_ utf8: UnsafeBufferPointer<UInt8>) {
        makeColumnsOwn()
        if inputIsValidUTF8 || !SearchBytes.hasNonASCII(utf8) {
            bytes.append(contentsOf: utf8)
        } else {
            var repaired = String(decoding: utf8, as: UTF8.self)
            repaired.withUTF8 { bytes.append(contentsOf: $0) }
        }
        stringEnds.append(bytes.count)
    }

    mutating func addString(_ string: String) {
        makeColumnsOwn()
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
        stringEnds.append(bytes.count)
    }

    /// The looks (--ansi) of the item being written, before `finishItem`: `AnsiText.encode`'s
    /// bytes. An item given none has none.
    mutating func setStyles(_ encoded: [UInt8]) {
        guard !encoded.isEmpty else { return }
        makeColumnsOwn()
        styledItems.append(UInt32(truncatingIfNeeded: count))
        styleBytes.append(contentsOf: encoded)
        styleEnds.append(styleBytes.count)
    }

    /// The rank (`Item.rank`, from 1) of the item being written, before `finishItem`.
    mutating func setRank(_ rank: Int) {
        guard rank > 0 else { return }
        if ranks.count < count { ranks += repeatElement(0, count: count - ranks.count) }
        ranks.append(UInt16(min(rank, Int(UInt16.max))))
    }

    /// The shape of the last item finished, as `finishItem(shapeAt:)` takes it.
    var lastShapeIndex: Int { lastShape }

    /// Ends the item whose strings were just added, of the shape at `index` (one that
    /// `lastShapeIndex` gave): a loader that knows its item is of a shape seen before skips
    /// comparing shapes.
    mutating func finishItem(shapeAt index: Int) {
        makeColumnsOwn()
        precondition(
            stringEnds.count - itemStart == stringCountOfShape[index], "an item's strings do not fit its shape")
        finish(shape: index)
    }

    /// Ends the item whose strings were just added: there must be as many as `shape` says.
    mutating func finishItem(_ shape: ItemShape) {
        makeColumnsOwn()
        precondition(stringEnds.count - itemStart == shape.stringCount, "an item's strings do not fit its shape")
        let index: Int
        if lastShape >= 0 && shapes.withUnsafeBufferPointer({ $0[lastShape] == shape }) {
            index = lastShape
        } else if shapes.count <= 8, let known = shapes.firstIndex(of: shape) {
            // A few shapes taking turns (rows with and without a glyph): comparing is cheaper
            // than hashing the field names.
            index = known
        } else if let known = shapeIndex[shape] {
            index = known
        } else {
            index = shapes.count
            shapes.append(shape)
            searchableCountOfShape.append(shape.searchableCount)
            stringCountOfShape.append(shape.stringCount)
            shapeIndex[shape] = index
        }
        finish(shape: index)
    }

    private mutating func finish(shape index: Int) {
        precondition(stringEnds.count <= Int(UInt32.max), "more strings than one section can index")
        lastShape = index
        if firstString.isEmpty && index != 0 && count > 0 {
            // The first item of a second shape: from now on each item needs its own record.
            let stride = shapes[0].stringCount
            firstString.reserveCapacity(count + 1)
            shapeOfItem.reserveCapacity(count + 1)
            for item in 0..<count {
                firstString.append(UInt32(item * stride))
                shapeOfItem.append(0)
            }
        }
        if !firstString.isEmpty {
            firstString.append(UInt32(itemStart))
            shapeOfItem.append(UInt32(index))
        }
        itemStart = stringEnds.count
        count += 1
    }

    mutating func append(_ item: Item) {
        let shape = ItemShape(of: item)
        for text in item.searchTexts { addString(text) }
        addString(item.label)
        for keyword in item.keywords { addString(keyword) }
        for field in item.fields { addString(field.value) }
        if let glyph = item.glyph { addString(glyph) }
        for variant in item.variants { addString(variant) }
        if shape.keywordsSpelling == .text { addString(item.spelling.keywordsText ?? "") }
        if let line = item.line { addString(line) }
        if let rank = item.rank { setRank(rank) }
        finishItem(shape)
    }

    /// The finished items' strings and bytes (a string added for an item not finished yet is
    /// left out).
    private var finishedColumns: (bytes: Column<UInt8>, stringEnds: Column<Int>) {
        let strings = Column(storage: stringEnds.storage, count: itemStart)
        let byteEnd = itemStart == 0 ? 0 : stringEnds[itemStart - 1]
        return (Column(storage: bytes.storage, count: byteEnd), strings)
    }

    /// Whether `bytes` past those checked are ASCII too.
    private func restIsASCII(_ bytes: Column<UInt8>) -> Bool {
        isASCII
            && bytes.withUnsafeBufferPointer {
                !SearchBytes.hasNonASCII(UnsafeBufferPointer(rebasing: $0[min(checkedBytes, $0.count)...]))
            }
    }

    /// A store of the items so far that shares this builder's columns: it costs the same
    /// whatever their number (only the bytes added since the last snapshot are looked at,
    /// for `isASCII`). The builder goes on appending; the store never sees what comes after.
    mutating func snapshot() -> ItemStore {
        let (bytes, stringEnds) = finishedColumns
        isASCII = restIsASCII(bytes)
        checkedBytes = bytes.count
        return ItemStore(
            bytes: bytes, stringEnds: stringEnds, firstString: firstString.column, shapeOfItem: shapeOfItem.column,
            shapes: shapes, searchableCountOfShape: searchableCountOfShape, count: count, isASCII: isASCII,
            identity: writer.identity, styledItems: styledItems.column, styleEnds: styleEnds.column,
            styleBytes: styleBytes.column, ranks: ranks)
    }

    /// The store, its columns trimmed when more than half of their room is unused.
    func build() -> ItemStore {
        func trimmed<T>(_ column: Column<T>) -> Column<T> {
            column.count + column.spareCapacity > 64 && column.spareCapacity > column.count ? column.trimmed() : column
        }
        let (bytes, stringEnds) = finishedColumns
        return ItemStore(
            bytes: trimmed(bytes), stringEnds: trimmed(stringEnds), firstString: trimmed(firstString.column),
            shapeOfItem: trimmed(shapeOfItem.column), shapes: shapes, searchableCountOfShape: searchableCountOfShape,
            count: count, isASCII: restIsASCII(bytes), identity: writer.identity,
            styledItems: trimmed(styledItems.column), styleEnds: trimmed(styleEnds.column),
            styleBytes: trimmed(styleBytes.column), ranks: ranks)
    }
}

/// The items of a section: a random-access collection of `Item`, each made on demand from the
/// section's columnar store. A filtered section is a view: the same store and the indices of the
/// items the search kept, so filtering a million items copies none of them.
public struct ItemList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    let store: ItemStore
    /// The store's items in this list, ascending; nil for all of them.
    let selection: SearchResult.ItemIndices?

    init(store: ItemStore, selection: SearchResult.ItemIndices? = nil) {
        self.store = store
        self.selection = selection
    }

    public init<S: Sequence>(_ items: S) where S.Element == Item {
        var builder = ItemStoreBuilder()
        for item in items { builder.append(item) }
        self.init(store: builder.build())
    }

    public init(arrayLiteral items: Item...) { self.init(items) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { selection?.count ?? store.count }

    public subscript(position: Int) -> Item { store.recentItem(storeIndex(position)) }

    /// The label of the item at `position`, without making the rest of it.
    public func label(at position: Int) -> String { store.label(storeIndex(position)) }

    /// The first position from `start` on whose item's label is `label` (a whole list, not
    /// a search's selection).
    public func firstPosition(labelled label: String, from start: Int = 0) -> Int? {
        guard selection == nil else {
            return (start..<count).first { self.label(at: $0) == label }
        }
        return store.firstItem(labelled: Array(label.utf8), from: start)
    }

    /// The looks of the label of the item at `position` (--ansi; nil: it has none).
    public func styleRuns(at position: Int) -> [AnsiRun]? { store.styleRuns(storeIndex(position)) }

    /// Whether some item of the data has looks of its own (--ansi).
    public var hasStyles: Bool { !store.styledItems.isEmpty }

    /// The glyph of the item at `position` (nil: it has none), without making the rest of it.
    public func glyph(at position: Int) -> String? { store.glyph(storeIndex(position)) }

    /// What the recent-picks file keeps for the item at `position` (`Item.recentKey`): its
    /// glyph, or its label when it has none.
    public func recentKey(at position: Int) -> String { glyph(at: position) ?? label(at: position) }

    /// The item's own width and height, when its data gave them (nil: the configured size).
    public func declaredSize(at position: Int) -> (width: Int?, height: Int?) {
        let shape = store.shapes[store.shapeIndex(of: storeIndex(position))]
        return (shape.width, shape.height)
    }

    /// Whether no item gives its own width or height, so all take the configured size.
    public var allUseConfiguredSize: Bool {
        store.shapesDeclareNoSize
            || indices.allSatisfy { declaredSize(at: $0) == (nil, nil) }
    }

    /// Whether some item of the data has a glyph (asked of the shapes, not of every item; the
    /// items a search left out count too, so that labels stay where they were).
    public var hasGlyphs: Bool { store.someShapeHasGlyph }

    /// Whether some item has variants (skin tones), asked of the shapes, not of every item.
    public var hasVariants: Bool {
        guard store.shapes.contains(where: { $0.variantCount > 0 }) else { return false }
        return selection == nil
            || indices.contains { store.shapes[store.shapeIndex(of: storeIndex($0))].variantCount > 0 }
    }

    /// The lines a card of any item of the store needs below its title: its fields, and one
    /// for its keywords. Asked of the store's shapes (a few), not of its items.
    public var cardDetailLines: Int {
        store.shapes.map { $0.fieldNames.count + ($0.keywordCount > 0 ? 1 : 0) }.max() ?? 0
    }

    /// The names of the items' fields, each once, in order of first appearance.
    public var fieldNames: [String] {
        var names: [String] = []
        var seen = Set<String>()
        var seenShapes = Set<Int>()
        func add(_ shape: Int) {
            guard seenShapes.insert(shape).inserted else { return }
            for name in store.shapes[shape].fieldNames where seen.insert(name).inserted { names.append(name) }
        }
        if selection == nil {
            // Shapes are numbered in order of first appearance, so their names come in order too.
            for shape in store.shapes.indices { add(shape) }
        } else {
            for position in indices { add(store.shapeIndex(of: storeIndex(position))) }
        }
        return names
    }

    @inline(__always)
    func storeIndex(_ position: Int) -> Int { selection.map { $0[position] } ?? position }

    /// The items at `positions` (ascending positions in this list), as a view of the same store.
    public func selecting(_ positions: SearchResult.ItemIndices) -> ItemList {
        if positions.isWholeSection && positions.count == count { return self }
        guard let selection else { return ItemList(store: store, selection: positions) }
        // (Positions out of order, ranked, stay marked so: an ascending list is searched by halves.)
        let mapped = positions.map { Int32(selection[$0]) }
        if case .ranked = positions.storage {
            return ItemList(store: store, selection: .init(storage: .ranked(mapped)))
        }
        return ItemList(store: store, selection: .init(storage: .some(mapped)))
    }

    public static func == (lhs: ItemList, rhs: ItemList) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.store === rhs.store && lhs.selection == rhs.selection { return true }
        return lhs.elementsEqual(rhs)
    }

    /// The count and the first few items: equal lists hash alike, and hashing a million-item
    /// section does not make a million items.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for item in prefix(8) { hasher.combine(item) }
    }
}
