// The catalogs compiled into the binary, chosen with --catalog NAME or [catalog] name: the
// emoji (Data/emoji.tsv, `EmojiCatalog`) and the tables of Data/generate-catalogs.py (the
// CCatalogData target), all of the emoji's format and read by its parser. Only the chosen one
// is read, once, when it is first asked for (each a `static let`, initialised lazily and
// thread-safely); the Unicode table is inflated from gzip first.

import CCatalogData
import CZlib
import Dispatch

public enum BundledCatalog: String, CaseIterable, Sendable {
    case emoji
    case unicode
    case symbols
    case kaomoji
    case nerdFont = "nerd-font"
    case gitmoji

    /// The catalog's `source`: its name (the emoji's is `EmojiCatalog.source`, the same).
    public var source: String { rawValue }

    /// The bundled catalog whose source `source` is, if it is one.
    public init?(source: String) { self.init(rawValue: source) }

    /// Whether `source` is a bundled catalog's (not a file's or standard input's).
    public static func isBundled(_ source: String) -> Bool { BundledCatalog(source: source) != nil }

    /// What it holds, for --help, the man page and the configuration's comments.
    public var help: String {
        switch self {
        case .emoji: return "the emoji of Emoji 17.0, by group (the default)"
        case .unicode: return "every character of Unicode 17.0 with its name, by block (about 160,000)"
        case .symbols: return "arrows, mathematical, currency, box drawing and other symbols, by block"
        case .kaomoji: return "kaomoji, faces of text such as (^_^), by tag"
        case .nerdFont: return "the Nerd Font icons, by icon set (a Nerd Font draws them)"
        case .gitmoji: return "the gitmoji of commit messages, by kind"
        }
    }

    /// Each catalog's `help`, by name: the choices of --catalog and of [catalog] name.
    public static var helpByName: [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.help) })
    }

    /// How its plain terms match under `auto` (`[search] matching`): `word` for the catalogs of
    /// Unicode's character names, where only a word's start is looked for, as uni and
    /// gucharmap look (letters in order over 160,000 names match noise: `he` found 58,818
    /// characters, 56,000 ideographs through "ideograp*h*-4*e*00", and each key over all of
    /// them cost several times the emoji's); `wordFirst` for the others, whose names are
    /// short and where letters in order find what a word start does not (`starstruck`: 🤩).
    public var matching: SearchQuery.Matching {
        switch self {
        case .unicode, .symbols: return .word
        case .emoji, .kaomoji, .nerdFont, .gitmoji: return .wordFirst
        }
    }

    /// Whether its items are glyphs, laid out as the emoji are; else text (the kaomoji), laid
    /// out as a data file's text is, each as wide as it is.
    public var itemsAreGlyphs: Bool { self != .kaomoji }

    /// The catalog, one section per group (for the emoji, per group or subgroup as asked).
    public func load(grouping: EmojiCatalog.Grouping = .group) -> Catalog {
        switch self {
        case .emoji: return EmojiCatalog.load(grouping: grouping)
        case .unicode: return Self.unicodeCatalog
        case .symbols: return Self.symbolsCatalog
        case .kaomoji: return Self.kaomojiCatalog
        case .nerdFont: return Self.nerdFontCatalog
        case .gitmoji: return Self.gitmojiCatalog
        }
    }

    private static let unicodeCatalog = build(.unicode)
    private static let symbolsCatalog = build(.symbols)
    private static let kaomojiCatalog = build(.kaomoji)
    private static let nerdFontCatalog = build(.nerdFont)
    private static let gitmojiCatalog = build(.gitmoji)

    /// The number of its table in CCatalogData (the emoji's is CEmojiData's).
    private var tableNumber: Int32 {
        switch self {
        case .emoji: return -1
        case .unicode: return 0
        case .symbols: return 1
        case .kaomoji: return 2
        case .nerdFont: return 3
        case .gitmoji: return 4
        }
    }

    /// The table's bytes as compiled in (the Unicode one gzip-compressed); nil for the emoji,
    /// whose table is CEmojiData's.
    var embeddedTable: UnsafeBufferPointer<UInt8>? {
        var count: UInt = 0
        guard let start = ccatalogdata_table(tableNumber, &count) else { return nil }
        return UnsafeBufferPointer(start: start, count: Int(count))
    }

    private static func build(_ catalog: BundledCatalog) -> Catalog {
        guard let embedded = catalog.embeddedTable else { return Catalog(sections: [], source: catalog.source) }
        return Catalog(sections: BundledTable.sections(of: embedded), source: catalog.source)
    }
}

/// The embedded tables' compression: gzip (RFC 1952), inflated by the system's zlib. The
/// Unicode table is gzip in members of whole sections (Data/generate-catalogs.py), each
/// inflated and read on a core of its own.
enum BundledTable {
    /// Whether `bytes` begin as gzip does (0x1f 0x8b).
    static func isGzip(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 18 && bytes[0] == 0x1f && bytes[1] == 0x8b
    }

    /// The sections of an embedded table, read by the emoji's parser. A gzip table whose
    /// members `members` finds is inflated and read a member to a core at once (its 11.8 MB
    /// took 90 ms on one), the sections joined in the members' order; else it is inflated as a
    /// whole first. A table zlib finds damaged gives no sections (it is generated and compiled
    /// in, so that cannot happen).
    static func sections(of table: UnsafeBufferPointer<UInt8>) -> [Section] {
        @Sendable func read(_ bytes: UnsafeBufferPointer<UInt8>) -> [Section] {
            EmojiCatalog.parse(bytes, grouping: .group)
        }
        guard isGzip(table) else { return read(table) }
        guard let members = members(of: table), members.count > 1 else {
            return gunzip(table)?.withUnsafeBufferPointer(read) ?? []
        }
        // The largest first: each core takes the next member when it is done with one, so the
        // last ones taken are small and the cores finish together (a section is not split,
        // and CJK Extension B alone is 3 MB).
        let order = members.indices.sorted { inflatedSize(members[$0]) > inflatedSize(members[$1]) }
        let slots = MemberSlots(count: members.count)
        // (The table is compiled in: its bytes never change nor go away.)
        nonisolated(unsafe) let shared = members
        DispatchQueue.concurrentPerform(iterations: order.count) { turn in
            let index = order[turn]
            slots.store(gunzip(shared[index])?.withUnsafeBufferPointer(read), at: index)
        }
        guard let parts = slots.all() else { return [] }
        let sections = Array(parts.joined())
        guard Set(sections.map(\.title)).count < sections.count else { return sections }
        // A section in two members (a table not written by the script): the members read as
        // one text, so that it is one section, as reading the whole table makes it.
        var whole: [UInt8] = []
        for member in members {
            guard let inflated = gunzip(member) else { return [] }
            whole += inflated
        }
        return whole.withUnsafeBufferPointer(read)
    }

    /// The members of a gzip table as Data/generate-catalogs.py writes it: each member's header
    /// holds an extra subfield "SV" of four bytes, the member's size (little-endian), which
    /// gives where the next member starts without inflating this one. Nil when a header is not
    /// gzip's or lacks the subfield, or when the sizes do not tile the bytes exactly.
    static func members(of bytes: UnsafeBufferPointer<UInt8>) -> [UnsafeBufferPointer<UInt8>]? {
        func little(_ offset: Int, _ count: Int) -> Int { littleEndian(bytes, at: offset, count: count) }
        let fextra: UInt8 = 0x04
        var members: [UnsafeBufferPointer<UInt8>] = []
        var start = 0
        while start < bytes.count {
            // ID1 ID2 CM FLG MTIME(4) XFL OS, then XLEN and the extra field when FLG has FEXTRA.
            guard start + 12 <= bytes.count, bytes[start] == 0x1f, bytes[start + 1] == 0x8b,
                bytes[start + 2] == 8, bytes[start + 3] & fextra != 0
            else { return nil }
            let extraEnd = start + 12 + little(start + 10, 2)
            guard extraEnd <= bytes.count else { return nil }
            var size: Int?
            var field = start + 12
            while field + 4 <= extraEnd {
                let length = little(field + 2, 2)
                guard field + 4 + length <= extraEnd else { return nil }
                if bytes[field] == UInt8(ascii: "S") && bytes[field + 1] == UInt8(ascii: "V") && length == 4 {
                    size = little(field + 4, 4)
                }
                field += 4 + length
            }
            // (At least the header, and the CRC-32 and ISIZE after the data.)
            guard let size, size >= extraEnd - start + 8, start + size <= bytes.count else { return nil }
            members.append(UnsafeBufferPointer(rebasing: bytes[start..<start + size]))
            start += size
        }
        return members.isEmpty ? nil : members
    }

    /// What a gzip member inflates to, from its last four bytes (ISIZE, little-endian: the size
    /// mod 2^32, and the tables are far smaller).
    static func inflatedSize(_ member: UnsafeBufferPointer<UInt8>) -> Int {
        littleEndian(member, at: member.count - 4, count: 4)
    }

    /// The number of `count` bytes at `offset`, least significant first (gzip's order).
    private static func littleEndian(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, count: Int) -> Int {
        (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    /// The bytes `bytes` (a gzip member) hold, or nil when zlib finds them damaged. The table
    /// is generated and compiled in, so that cannot happen; nil leaves the catalog empty.
    static func gunzip(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard bytes.count >= 18 else { return nil }
        let size = inflatedSize(bytes)
        var stream = z_stream()
        // 15 + 16: a window of 32 KB, gzip's header and trailer.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { inflateEnd(&stream) }
        // No CRC-32 computed nor checked (4 ms of the Unicode table's 31 on one core): the bytes
        // are compiled into the binary, not carried over a link, and damage that inflates at
        // all still has to give ISIZE's count of bytes.
        inflateValidate(&stream, 0)
        var status = Z_OK
        // (Not zero-filled first: inflate writes every byte it counts.)
        let output = [UInt8](unsafeUninitializedCapacity: max(size, 1)) { out, initialized in
            stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
            stream.avail_in = UInt32(bytes.count)
            stream.next_out = out.baseAddress
            stream.avail_out = UInt32(out.count)
            status = inflate(&stream, Z_FINISH)
            initialized = Int(stream.total_out)
        }
        guard status == Z_STREAM_END, output.count == size else { return nil }
        return output
    }
}

/// One slot per member, each written by exactly one worker and read after all have finished
/// (concurrentPerform returns only then), so the slots need no lock.
private final class MemberSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<[Section]?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ sections: [Section]?, at index: Int) { slots[index] = sections }

    /// Every member's sections in order, or nil when one was damaged.
    func all() -> [[Section]]? {
        var all: [[Section]] = []
        for slot in slots {
            guard let sections = slot else { return nil }
            all.append(sections)
        }
        return all
    }
}
