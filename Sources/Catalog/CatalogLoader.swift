// The front door for a user's data: reads a file or standard input once, picks the format
// (asked for, else by extension, else by the first bytes), and hands the bytes to the loader.
// Problems that stop the load are `DataError`s; problems the user should hear about but that
// do not stop it (invalid UTF-8) come back as warnings, for the executable to print: Catalog
// never writes to the terminal.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

import SafeText

/// The formats splitview reads.
public enum DataFormat: String, CaseIterable, Sendable {
    /// Sectioned JSON: `{"sections": [...]}` or a bare array of sections.
    case json
    /// JSON Lines: one item object per line.
    case jsonl
    case csv
    case tsv
    /// Plain text: each line that is not blank is an item's label.
    case lines

    /// How a format is named, found and described: one line per format.
    public struct Declaration: Sendable {
        /// How messages and the help name it.
        public let name: String
        /// The file name extensions that choose it (ignoring case), the first the usual one.
        public let extensions: [String]
        /// What it is, for the help of `--format`.
        public let help: String
    }

    public var declaration: Declaration {
        switch self {
        case .json: Declaration(name: "sectioned JSON", extensions: ["json"], help: "{\"sections\": [...]}")
        case .jsonl:
            Declaration(name: "JSON Lines", extensions: ["jsonl", "ndjson"], help: "one item object per line")
        case .csv: Declaration(name: "CSV", extensions: ["csv"], help: "a header row, then one item per row")
        case .tsv: Declaration(name: "TSV", extensions: ["tsv", "tab"], help: "a header row, then one item per row")
        case .lines:
            Declaration(name: "plain lines", extensions: ["txt", "text", "lst", "list"], help: "each line an item")
        }
    }

    /// The format a file name's extension names, if any (ignoring case).
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."),
            !fileName[dot...].contains("/")
        else { return nil }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        guard let format = Self.allCases.first(where: { $0.declaration.extensions.contains(ext) }) else { return nil }
        self = format
    }

    /// The formats by name, as the help lists them: "sectioned JSON, JSON Lines, CSV, TSV or
    /// plain lines".
    public static var namesInWords: String {
        let names = allCases.map(\.declaration.name)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// The help of one format: `JSON Lines: one item object per line (.jsonl, .ndjson)`.
    public var helpLine: String {
        let declaration = declaration
        return
            "\(declaration.name): \(declaration.help) (\(declaration.extensions.map { "." + $0 }.joined(separator: ", ")))"
    }

    /// Guesses the format from the first bytes: `{"sections"` or `[{` is sectioned JSON; a line
    /// starting with `{"` is JSON Lines; lines that all hold the same number (at least one) of
    /// tabs, or of commas outside quotes, are TSV or CSV. Anything else is plain lines, so
    /// text that merely contains a comma is not taken for a table. (`FormatSniffer` reads the
    /// few parts of the input this looks at, and tells the answer from a stream's first bytes.)
    public static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> DataFormat {
        var sniffer = FormatSniffer()
        sniffer.feed(bytes)
        return sniffer.format(ended: true) ?? .lines
    }

    /// How many lines (that are not blank) the table test compares.
    static let countedLines = 20

    /// Whether the first (up to 20) lines that are not blank, at least two of them, all hold
    /// the same number of `separator`s, more than zero. Only the first 64 KiB are looked at.
    static func consistentCount(of separator: UInt8, in bytes: UnsafeBufferPointer<UInt8>, quoted: Bool) -> Bool {
        let counts = separatorCounts(of: separator, in: bytes, quoted: quoted, lastLineEnds: true)
        guard counts.count >= 2, let first = counts.first, first > 0 else { return false }
        // A file cut at 64 KiB may end inside a line: leave the last count out then.
        let compared = FormatSniffer.tableWindow < bytes.count ? counts.dropLast() : counts[...]
        return compared.count >= 2 && compared.allSatisfy { $0 == first }
    }

    /// The number of `separator`s (outside quotes, when `quoted`) in each of the first (up to
    /// 20) lines that are not blank within the first 64 KiB; the last line, cut by the end of
    /// the bytes or of the window, counts only when `lastLineEnds` (else the bytes are the
    /// first part of an input, and the line may go on).
    static func separatorCounts(
        of separator: UInt8, in bytes: UnsafeBufferPointer<UInt8>, quoted: Bool, lastLineEnds: Bool
    ) -> [Int] {
        let end = min(bytes.count, FormatSniffer.tableWindow)
        var counts: [Int] = []
        var count = 0
        var blank = true
        var inQuotes = false
        var k = 0
        while (lastLineEnds ? k <= end : k < end) && counts.count < countedLines {
            let b = k < end ? bytes[k] : Byte.newline
            if quoted && b == Byte.quote {
                inQuotes.toggle()
                blank = false
            } else if b == Byte.newline && !inQuotes {
                if !blank { counts.append(count) }
                count = 0
                blank = true
            } else if b == separator && !inQuotes {
                count += 1
                blank = false
            } else if b != Byte.space && b != Byte.carriageReturn && b != Byte.tab {
                blank = false
            }
            k += 1
        }
        return counts
    }

    /// How messages name the format.
    public var displayName: String { declaration.name }
}

/// Something wrong with the input that did not stop the load, e.g.
/// `data.csv: 3 invalid UTF-8 sequences replaced with U+FFFD (first at line 7)`.
public struct DataWarning: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    /// One line of plain text, as `DataError`'s.
    public var description: String { "\(MessageText.escaped(file)): \(MessageText.escaped(message))" }
}

/// A catalog and what the user should be told about its input.
public struct LoadedCatalog: Sendable {
    public var catalog: Catalog
    public var format: DataFormat
    public var warnings: [DataWarning]
    /// The lines --header-lines took from the start of plain lines: shown, never items.
    public var headerLines: [String] = []

    public init(catalog: Catalog, format: DataFormat, warnings: [DataWarning] = []) {
        self.catalog = catalog
        self.format = format
        self.warnings = warnings
    }

    /// What an empty standard input gives when no data was named: no items, as fzf's (Enter
    /// and --filter exit 1), and a warning that says so, with the way to the bundled emoji
    /// (a script run from cron or an editor has a standard input that is not a terminal).
    public static func emptyStandardInput(source: String) -> LoadedCatalog {
        LoadedCatalog(
            catalog: Catalog(sections: [], source: source), format: .lines,
            warnings: [DataWarning(file: CatalogLoader.standardInputName, message: emptyStandardInputMessage)])
    }

    public static let emptyStandardInputMessage =
        "no items: standard input is empty (name a data FILE, or give --emoji for the bundled emoji)"
}

public enum CatalogLoader {
    /// How standard input is named in messages and in the section of items that name none.
    public static let standardInputName = "stdin"

    public struct Options: Hashable, Sendable {
        /// The format, overriding the extension; nil: by extension, else by sniffing.
        public var format: DataFormat?
        /// CSV and TSV only.
        public var columns: ColumnChoice
        /// Items separated by NUL rather than by line (fzf's --read0): plain lines, each item
        /// kept whole, line breaks and all.
        public var readZero: Bool
        /// Plain lines only: this many first lines are a header (fzf's --header-lines), not items.
        public var headerLines: Int
        /// Plain lines and CSV/TSV cells: SGR colour sequences are looks, not text (fzf's --ansi;
        /// `AnsiText`).
        public var ansi = false
        /// Plain lines only: their fields and grouping (--delimiter, --nth, --group-nth, ...).
        /// Any of them given, an input of no extension is read as plain lines, not sniffed.
        public var fields: LineFields

        public init(
            format: DataFormat? = nil, columns: ColumnChoice = ColumnChoice(), readZero: Bool = false,
            headerLines: Int = 0, ansi: Bool = false, fields: LineFields = LineFields()
        ) {
            self.ansi = ansi
            self.format = format
            self.columns = columns
            self.readZero = readZero
            self.headerLines = headerLines
            self.fields = fields
        }
    }

    /// Loads a file; `path` is also how messages name it.
    public static func load(path: String, options: Options = Options()) throws(DataError) -> LoadedCatalog {
        try parse(read(path: path), name: path, source: path, options: options)
    }

    /// Loads everything standard input holds (see `readStandardInput`).
    public static func loadStandardInput(options: Options = Options()) throws(DataError) -> LoadedCatalog {
        try parse(readStandardInput(), name: standardInputName, source: "-", options: options)
    }

    /// The whole of a file, read once.
    public static func read(path: String) throws(DataError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw DataError(file: path, message: "cannot read the file (\(problem(errno)))") }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
            throw DataError(file: path, message: "cannot read the file (it is a directory)")
        }
        return try readAll(fd, sizeHint: Int(status.st_size), name: path)
    }

    /// The whole of standard input, to its end.
    public static func readStandardInput() throws(DataError) -> [UInt8] {
        try readAll(0, sizeHint: 0, name: standardInputName)
    }

    /// Appends what `fd` gives to `data` by chunks of `chunkSize` bytes, to its end. Returns
    /// the errno of a read that failed, else 0.
    static func appendChunks(from fd: Int32, to data: inout [UInt8], chunkSize: Int) -> Int32 {
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let n = chunk.withUnsafeMutableBufferPointer { readBytes(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return 0 }
            data.append(contentsOf: chunk[0..<n])
        }
    }

    public static func readAll(_ fd: Int32, sizeHint: Int, name: String) throws(DataError) -> [UInt8] {
        var failure: Int32 = 0
        // A regular file: one allocation of its size, filled by read() directly.
        var data = [UInt8](unsafeUninitializedCapacity: max(sizeHint, 0)) { storage, initialized in
            var filled = 0
            while filled < storage.count {
                let n = readBytes(fd, storage.baseAddress! + filled, storage.count - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if n == 0 { break }
                filled += n
            }
            initialized = filled
        }
        // Whatever is left (all of a pipe, or what a file gained since fstat) comes by chunks.
        if failure == 0 { failure = appendChunks(from: fd, to: &data, chunkSize: 65_536) }
        if failure != 0 { throw DataError(file: name, message: "cannot read the file (\(problem(failure)))") }
        return data
    }

    static func problem(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a directory"
        case ENOTDIR: return "a part of the path is not a directory"
        default: return String(cString: strerror(code))
        }
    }

    /// Parses an input already in memory. `name` is how messages call it (a path or "stdin");
    /// its extension may give the format, and without it (less any extension) titles the
    /// section of items that name none.
    public static func parse(
        _ data: [UInt8], name: String, source: String? = nil,
        options: Options = Options()
    ) throws(DataError) -> LoadedCatalog {
        try parse(data, count: data.count, name: name, source: source, options: options)
    }

    /// Parses the first `count` bytes of `data`, without copying them: `CatalogParser` fed
    /// them at once.
    public static func parse(
        _ data: [UInt8], count: Int, name: String, source: String? = nil,
        options: Options = Options()
    ) throws(DataError) -> LoadedCatalog {
        var parser = CatalogParser(name: name, source: source, options: options)
        let result = data.withUnsafeBufferPointer { whole -> Result<LoadedCatalog, DataError> in
            do throws(DataError) {
                return .success(
                    try parser.finish(last: UnsafeBufferPointer(rebasing: whole[..<min(count, whole.count)])))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Whether the first line that is not blank, split at `separator`, names a label column:
    /// one called label, name or title, or the one --label-column names.
    static func headerNamesLabel(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, columns: ColumnChoice) -> Bool {
        var start = 0
        while start < bytes.count
            && (bytes[start] == Byte.newline || bytes[start] == Byte.carriageReturn || bytes[start] == Byte.space)
        { start += 1 }
        var end = start
        while end < bytes.count && bytes[end] != Byte.newline && end - start < 65_536 { end += 1 }
        let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        let names = line.split(separator: Character(Unicode.Scalar(separator)), omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: [" ", "\t", "\r", "\""]).lowercased()
        }
        let wanted = ColumnChoice.labelNames + (columns.label.map { [$0.lowercased()] } ?? [])
        return names.contains { wanted.contains($0) }
    }

    /// The last path component without its extension: "data/fruit.csv" -> "fruit".
    static func baseName(_ path: String) -> String {
        let file = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}

/// read(2), named apart from `CatalogLoader.read(path:)`.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(fd, buffer, count)
}
