// The data model: sections of items, as read from the bundled emoji or a user's file.
// Catalog never draws and knows nothing of geometry beyond the hints a data file may carry.

import SafeText

/// Which column a data file asks a section to go to.
public enum ColumnHint: String, Hashable, Sendable, CaseIterable {
    case left, right
}

/// Insets named in a data file; a side left out keeps the configured inset.
public struct InsetHint: Hashable, Sendable {
    public var top: Int?
    public var left: Int?
    public var bottom: Int?
    public var right: Int?

    public init(top: Int? = nil, left: Int? = nil, bottom: Int? = nil, right: Int? = nil) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// A colour as written by a user: a name ("blue", "bright-red", "default"), a 256-colour index,
/// or "#rrggbb". Turning it into a terminal colour is the drawing side's job.
public enum ColorSpec: Hashable, Sendable, CustomStringConvertible {
    case named(String)
    case indexed(Int)
    case rgb(UInt8, UInt8, UInt8)

    public static let names = [
        "default", "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue",
        "bright-magenta", "bright-cyan", "bright-white", "grey", "gray",
    ]

    /// Parses a colour name or "#rrggbb"; nil when it is neither.
    public init?(parsing text: String) {
        let lowered = text.lowercased()
        if ColorSpec.names.contains(lowered) {
            self = .named(lowered == "gray" ? "grey" : lowered)
            return
        }
        let hex = Array(lowered.utf8)
        // Six hex digits exactly: UInt32(_:radix:) alone would also take a sign ("#+12345").
        guard hex.count == 7, hex[0] == UInt8(ascii: "#"),
            hex[1...].allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }),
            let value = UInt32(String(decoding: hex[1...], as: UTF8.self), radix: 16)
        else { return nil }
        self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// A colour from its `description` (a name, an index or "#rrggbb"), as a layout carries it.
    public init?(description text: String) {
        if let index = Int(text), (0...255).contains(index) {
            self = .indexed(index)
        } else {
            self.init(parsing: text)
        }
    }

    public static let allowedDescription =
        "a colour name (\(names.joined(separator: ", "))), an index 0-255 or \"#rrggbb\""

    public var description: String {
        switch self {
        case .named(let name): return name
        case .indexed(let index): return String(index)
        case .rgb(let r, let g, let b):
            func hex(_ v: UInt8) -> String { let s = String(v, radix: 16); return s.count == 1 ? "0" + s : s }
            return "#" + hex(r) + hex(g) + hex(b)
        }
    }
}

/// One item. Sizes left nil take the configured item size.
public struct Item: Hashable, Sendable {
    public var label: String
    public var glyph: String?

    /// What the recent-picks file keeps of it: its glyph, or its label when it has none (a
    /// kaomoji is its label).
    public var recentKey: String { glyph ?? label }
    public var width: Int?
    public var height: Int?
    /// Words a search matches besides the label (for emoji: the CLDR keywords).
    public var keywords: [String]
    /// Alternative glyphs of the same item (for emoji: the skin-tone variants, light to dark,
    /// then any hair styles or directions with their tones: Data/README.md).
    public var variants: [String]
    /// Any other named values of the record, in file order.
    public var fields: [Field]
    /// How the data wrote what the item keeps in its own way, for `--print json` to write back.
    public var spelling: Spelling
    /// A line's text that search reads instead of the label (`--nth`: one string per range of
    /// fields, each matched alone, as fzf's); empty: the label, keywords and fields are read.
    public var searchTexts: [String] = []
    /// The line as the input gave it, when the label shows less of it or other fields
    /// (`--with-nth`, `--group-nth`, `--group-by dirname`): what a pick prints.
    public var line: String?
    /// How common the item is in its catalog, 1 the most (a bundled table's frequency rank,
    /// Data/emoji-frequency.tsv for the emoji); nil when unranked. Among matches that match
    /// as well, search puts the more common first (docs/search.md).
    public var rank: Int?

    public struct Field: Hashable, Sendable {
        public var name: String
        /// The value as text: a string's own, a number as written, `true`, `false`, `null`, or
        /// an array or object as compact JSON (`{"a":1}`). It is what is shown and searched.
        public var value: String
        /// What the value is in JSON data; every value of CSV, TSV and plain lines is a string.
        public var kind: Kind

        public enum Kind: UInt8, Hashable, Sendable {
            case string, number, bool, null
            /// An array or an object.
            case json
        }

        public init(name: String, value: String, kind: Kind = .string) {
            self.name = name
            self.value = value
            self.kind = kind
        }

        /// The value as JSON: a string quoted, any other kind its text.
        public var jsonText: String { kind == .string ? JSONText.quoted(value) : value }
    }

    /// How the data wrote an item's section, glyph and keywords where the item does not keep
    /// it as written: whether a JSON Lines line (or a CSV row) named its section, a glyph
    /// written `""` or `null`, keywords written as one string. The defaults are what an item
    /// made in code has: its section's title, its glyph if any, its keywords as an array if any.
    public struct Spelling: Hashable, Sendable {
        public enum Section: UInt8, Hashable, Sendable {
            /// The item's section title came from the data.
            case given
            /// The data named no section (the item went to the one named after the file).
            case absent
            /// `"section": null`.
            case null
        }
        public enum Glyph: UInt8, Hashable, Sendable {
            /// The glyph if the item has one, else none written.
            case kept
            /// `"glyph": null`.
            case null
            /// `"glyph": ""`.
            case empty
        }
        public enum Keywords: UInt8, Hashable, Sendable {
            /// An array when there are some, else none written.
            case kept
            /// An array with no words in it (`[]`).
            case array
            /// `"keywords": null`.
            case null
            /// One string of words, `keywordsText`.
            case text
        }

        public var section: Section
        public var glyph: Glyph
        public var keywords: Keywords
        /// The keywords as one string, as the data wrote it (`"red, round"`), for `.text`.
        public var keywordsText: String?

        public init(
            section: Section = .given, glyph: Glyph = .kept, keywords: Keywords = .kept, keywordsText: String? = nil
        ) {
            self.section = section
            self.glyph = glyph
            self.keywords = keywords
            self.keywordsText = keywordsText
        }
    }

    public init(
        label: String, glyph: String? = nil, width: Int? = nil, height: Int? = nil,
        keywords: [String] = [], variants: [String] = [], fields: [Field] = [], spelling: Spelling = Spelling()
    ) {
        self.label = label
        self.glyph = glyph
        self.width = width
        self.height = height
        self.keywords = keywords
        self.variants = variants
        self.fields = fields
        self.spelling = spelling
    }
}

/// One section and the layout hints its data file gave it.
public struct Section: Hashable, Sendable {
    public var title: String
    /// Made from columnar storage on demand (see `ItemList`): a million items cost their text
    /// and a few bytes each, not an `Item` each.
    public var items: ItemList
    /// Whether the section repeats items of the other sections (Recent): they are not counted
    /// twice in "n of N".
    public var repeatsItems = false
    /// The hints, kept apart: 400 bytes of them, most often all nil, made every copy of a
    /// section cost that much, and a search's answer copies each section it shows (a
    /// grouped list's thousand at every key).
    private var hints: SectionHintsBox

    public var side: ColumnHint? {
        get { hints.value.side }
        set { setHint(\.side, newValue) }
    }
    public var inset: InsetHint? {
        get { hints.value.inset }
        set { setHint(\.inset, newValue) }
    }
    public var interItemSpacing: Int? {
        get { hints.value.interItemSpacing }
        set { setHint(\.interItemSpacing, newValue) }
    }
    public var lineSpacing: Int? {
        get { hints.value.lineSpacing }
        set { setHint(\.lineSpacing, newValue) }
    }
    public var headerHeight: Int? {
        get { hints.value.headerHeight }
        set { setHint(\.headerHeight, newValue) }
    }
    public var footerHeight: Int? {
        get { hints.value.footerHeight }
        set { setHint(\.footerHeight, newValue) }
    }
    public var background: ColorSpec? {
        get { hints.value.background }
        set { setHint(\.background, newValue) }
    }
    /// The style the data asks for (nil: the configured one).
    public var style: SectionStyleName? {
        get { hints.value.style }
        set { setHint(\.style, newValue) }
    }
    /// A row's options the data gives.
    public var row: RowHint? {
        get { hints.value.row }
        set { setHint(\.row, newValue) }
    }
    /// The compositional group the data places the section's items by (nil: wrapping lines).
    public var group: GroupChoice? {
        get { hints.value.group }
        set { setHint(\.group, newValue) }
    }

    public init(
        title: String, items: [Item], side: ColumnHint? = nil, inset: InsetHint? = nil,
        interItemSpacing: Int? = nil, lineSpacing: Int? = nil, headerHeight: Int? = nil,
        footerHeight: Int? = nil, background: ColorSpec? = nil
    ) {
        self.init(
            title: title, items: ItemList(items), side: side, inset: inset, interItemSpacing: interItemSpacing,
            lineSpacing: lineSpacing, headerHeight: headerHeight, footerHeight: footerHeight,
            background: background)
    }

    public init(
        title: String, items: ItemList, side: ColumnHint? = nil, inset: InsetHint? = nil,
        interItemSpacing: Int? = nil, lineSpacing: Int? = nil, headerHeight: Int? = nil,
        footerHeight: Int? = nil, background: ColorSpec? = nil
    ) {
        self.title = title
        self.items = items
        let given = SectionHints(
            side: side, inset: inset, interItemSpacing: interItemSpacing, lineSpacing: lineSpacing,
            headerHeight: headerHeight, footerHeight: footerHeight, background: background)
        hints = given == SectionHints() ? .none : SectionHintsBox(given)
    }

    private mutating func setHint<Value>(_ hint: WritableKeyPath<SectionHints, Value>, _ value: Value) {
        var changed = hints.value
        changed[keyPath: hint] = value
        hints = SectionHintsBox(changed)
    }
}

/// A section's layout hints (`Section`'s, each nil when the data gives none).
struct SectionHints: Hashable, Sendable {
    var side: ColumnHint?
    var inset: InsetHint?
    var interItemSpacing: Int?
    var lineSpacing: Int?
    var headerHeight: Int?
    var footerHeight: Int?
    var background: ColorSpec?
    var style: SectionStyleName?
    var row: RowHint?
    var group: GroupChoice?
}

/// `SectionHints` behind one reference, compared and hashed by value; never changed (a
/// section given another hint gets another box).
final class SectionHintsBox: Hashable, Sendable {
    let value: SectionHints

    init(_ value: SectionHints) { self.value = value }

    /// The box of no hints, shared.
    static let none = SectionHintsBox(SectionHints())

    static func == (a: SectionHintsBox, b: SectionHintsBox) -> Bool { a === b || a.value == b.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// Everything loaded from one source.
public struct Catalog: Hashable, Sendable {
    public var sections: [Section]
    /// Where the data came from, for messages ("emoji", a path, or "-").
    public var source: String
    /// The user's own picks, the most preferred first (the recent picks): among matches that
    /// match as well, search puts them first (`SearchPicks`).
    public var picks = SearchPicks()

    public init(sections: [Section], source: String) {
        self.sections = sections
        self.source = source
    }

    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }
}

/// A problem with input data, located in its file: printed as `file:line:column: message`.
public struct DataError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// One line of plain text whatever the file's name and the data quoted in the message:
    /// anything a terminal would take for a control is escaped (`MessageText`).
    public var description: String {
        var location = MessageText.escaped(file)
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): \(MessageText.escaped(message))"
    }
}
