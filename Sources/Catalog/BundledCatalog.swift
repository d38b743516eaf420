// The catalogs compiled into the binary, chosen with --catalog NAME or [catalog] name: the
// emoji (Data/emoji.tsv, `EmojiCatalog`) and the tables of Data/generate-catalogs.py (the
// CCatalogData target), all of the emoji's format and read by its parser. Only the chosen one
// is read, once, when it is first asked for (each a `static let`, initialised lazily and
// thread-safely); the Unicode table is inflated from gzip first.

import CCatalogData
import CZlib

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
        let sections: [Section]
        if BundledTable.isGzip(embedded), let inflated = BundledTable.gunzip(embedded) {
            sections = inflated.withUnsafeBufferPointer { EmojiCatalog.parse($0, grouping: .group) }
        } else {
            sections = EmojiCatalog.parse(embedded, grouping: .group)
        }
        return Catalog(sections: sections, source: catalog.source)
    }
}

/// The embedded tables' compression: gzip (RFC 1952), inflated by the system's zlib.
enum BundledTable {
    /// Whether `bytes` begin as gzip does (0x1f 0x8b).
    static func isGzip(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 18 && bytes[0] == 0x1f && bytes[1] == 0x8b
    }

    /// The bytes `bytes` (a gzip member) hold, or nil when zlib finds them damaged. The table
    /// is generated and compiled in, so that cannot happen; nil leaves the catalog empty.
    static func gunzip(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        // ISIZE, the last four bytes, little-endian: the size inflated (mod 2^32, and the
        // tables are far smaller).
        let end = bytes.count
        let size =
            Int(bytes[end - 4]) | Int(bytes[end - 3]) << 8 | Int(bytes[end - 2]) << 16 | Int(bytes[end - 1]) << 24
        var stream = z_stream()
        // 15 + 16: a window of 32 KB, gzip's header and trailer.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { inflateEnd(&stream) }
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
