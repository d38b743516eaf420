// What plain lines' fields say (fzf's --delimiter, --nth, --with-nth, --accept-nth) and how
// lines are made into sections (--group-nth, --group-by, --heading, --group-sort): the options
// as the command line gives them, checked there, read by `LineLoader` (`LineShaper` does the
// work per line) and, for --accept-nth, by what prints a pick (`acceptedText`).

/// The fields and the grouping of plain lines.
public struct LineFields: Hashable, Sendable {
    public var delimiter: FieldDelimiter
    /// The fields search reads (nil: the whole shown text).
    public var nth: FieldIndices?
    /// The fields shown (nil: the line, less the group's field).
    public var withNth: FieldIndices?
    /// The fields a pick prints (nil: the whole line). Not read by the loader.
    public var acceptNth: FieldIndices?
    /// The fields whose text is the section's title (or the text `groupBy` reads).
    public var groupNth: FieldIndices?
    public var groupBy: GroupKey?
    /// A regular expression: a line it matches starts a section titled by it.
    public var heading: String?
    /// Sections in the order of their titles rather than of their first line.
    public var sortsGroups: Bool

    /// What `--group-by` takes from a line (or from the --group-nth fields).
    public enum GroupKey: Hashable, Sendable {
        /// The folder of a path: `./src/a.c` is in `./src`, and shows as `a.c`.
        case dirname
        /// The extension of a path's file name: `a.tar.gz` has `gz`.
        case fileExtension
        /// A regular expression's first capture group, or its whole match.
        case pattern(String)

        /// `--group-by`'s value: `dirname`, `extension`, or a regular expression (nil when it
        /// is none of them).
        public init?(argument: String) {
            switch argument {
            case "dirname": self = .dirname
            case "extension": self = .fileExtension
            default:
                guard FieldPattern(argument) != nil else { return nil }
                self = .pattern(argument)
            }
        }
    }

    public init(
        delimiter: FieldDelimiter = .whiteSpace, nth: FieldIndices? = nil, withNth: FieldIndices? = nil,
        acceptNth: FieldIndices? = nil, groupNth: FieldIndices? = nil, groupBy: GroupKey? = nil,
        heading: String? = nil, sortsGroups: Bool = false
    ) {
        self.delimiter = delimiter
        self.nth = nth
        self.withNth = withNth
        self.acceptNth = acceptNth
        self.groupNth = groupNth
        self.groupBy = groupBy
        self.heading = heading
        self.sortsGroups = sortsGroups
    }

    /// Whether lines are made into sections by their content.
    public var groups: Bool { groupNth != nil || groupBy != nil || heading != nil }

    /// Whether the loader has anything to do beyond keeping each line as it is.
    var shapesLines: Bool { nth != nil || withNth != nil || groups }

    /// The options given, by name, for messages about a format they do not apply to.
    public var givenOptions: [String] {
        var names: [String] = []
        if delimiter != .whiteSpace { names.append("--delimiter") }
        if nth != nil { names.append("--nth") }
        if withNth != nil { names.append("--with-nth") }
        if acceptNth != nil { names.append("--accept-nth") }
        if groupNth != nil { names.append("--group-nth") }
        if groupBy != nil { names.append("--group-by") }
        if heading != nil { names.append("--heading") }
        if sortsGroups { names.append("--group-sort") }
        return names
    }

    /// What a pick of `line` prints with --accept-nth: the text of those fields, one after
    /// another, less the delimiter that ends the last (fzf's); the line itself without it.
    public func acceptedText(of line: String) -> String {
        guard let acceptNth else { return line }
        var splitter = FieldSplitter(delimiter)
        var bytes = line
        return bytes.withUTF8 { bytes in
            splitter.split(bytes, string: line)
            var text: [UInt8] = []
            for (range, _) in FieldText.ranges(acceptNth, of: splitter.fields) {
                text.append(contentsOf: bytes[range])
            }
            return stripLastDelimiter(String(decoding: text, as: UTF8.self))
        }
    }

    /// A header line (--header-lines) as the items are shown: its --with-nth fields, else
    /// the line less its --group-nth fields, white space at its end left out. fzf shows its
    /// header lines through --with-nth too, so the header's columns stay over the items'.
    public func shownText(ofHeader line: String) -> String {
        guard withNth != nil || groupNth != nil else { return line }
        var splitter = FieldSplitter(delimiter)
        var bytes = line
        return bytes.withUTF8 { bytes in
            splitter.split(bytes, string: line)
            var text: [UInt8] = []
            if let withNth {
                for (range, _) in FieldText.ranges(withNth, of: splitter.fields) {
                    text.append(contentsOf: bytes[range])
                }
            } else if let groupNth {
                let removed = FieldText.ranges(groupNth, of: splitter.fields).map(\.0)
                for index in bytes.indices where !removed.contains(where: { $0.contains(index) }) {
                    text.append(bytes[index])
                }
            }
            var shown = String(decoding: text, as: UTF8.self)
            while shown.last?.isWhitespace == true { shown.removeLast() }
            return shown
        }
    }

    /// `text` less the delimiter that ends it (fzf's StripLastDelimiter): white space at the
    /// end, AWK-style; else the string, or the last match of the pattern when it ends the text.
    func stripLastDelimiter(_ text: String) -> String {
        switch delimiter {
        case .whiteSpace:
            var end = text.unicodeScalars.endIndex
            while end > text.unicodeScalars.startIndex,
                text.unicodeScalars[text.unicodeScalars.index(before: end)].properties.isWhitespace
            {
                end = text.unicodeScalars.index(before: end)
            }
            return String(text.unicodeScalars[..<end])
        case .string(let delimiter):
            guard !delimiter.isEmpty, text.utf8.count >= delimiter.utf8.count,
                text.utf8.suffix(delimiter.utf8.count).elementsEqual(delimiter.utf8)
            else { return text }
            return String(decoding: text.utf8.dropLast(delimiter.utf8.count), as: UTF8.self)
        case .pattern(let source):
            guard let pattern = FieldPattern(source), let last = pattern.matches(in: text).last,
                last.upperBound == text.utf8.count
            else { return text }
            return String(decoding: text.utf8.prefix(last.lowerBound), as: UTF8.self)
        }
    }
}
