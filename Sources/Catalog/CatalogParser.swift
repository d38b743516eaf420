// One input parsed as it arrives, whatever its format: the bytes are fed in parts (a pipe's
// reads, a large file's chunks, or a whole file at once) and each part is parsed once, as far as
// it goes; only what a part leaves unfinished (the start of a line, of a CSV record, of a JSON
// value) is kept for the next. The catalog grows by appending: `snapshot()` gives the items so
// far, sharing the stores' columns with the parser, which goes on appending past them.
//
// Every way of cutting an input into parts gives what a whole read gives (`CatalogLoader.parse`
// is this parser fed once): the same catalog, the same warnings, the same first error at the same
// place. So what a whole read decides from all of the input is decided here only once the bytes
// settle it: the byte order mark (the first three bytes), the format of an input with no
// extension (`FormatSniffer`: its first bytes), the errors about options that do not fit the
// format (once a byte that is not blank says the input is not empty), the UTF-8 check (a
// character cut in two waits for its end) and the line of its warning.

/// An input parsed as it arrives.
public struct CatalogParser {
    /// How messages name the input: its path, or "stdin".
    public let name: String
    public let source: String
    public let options: CatalogLoader.Options
    let isStandardInput: Bool
    /// "the input" or "the file", in messages.
    let what: String

    /// The bytes fed and not parsed yet: an unfinished line, record or value, or the first
    /// bytes while they do not settle the byte order mark or the format.
    private var pending: [UInt8] = []
    /// Bytes fed in all, and the text's (after any byte order mark).
    public private(set) var byteCount = 0
    private var textCount = 0
    /// Whether the byte order mark is known (and skipped, when there is one).
    private var startKnown = false
    private var sniffer = FormatSniffer()
    private var format: DataFormat?
    private var optionsChecked = false
    /// Whether a byte that is not a space, a tab or a line break has come.
    private var sawText = false
    /// The text parsed and dropped from `pending`, and the line feeds in it.
    private var parsedCount = 0
    private var parsedLineFeeds = 0
    /// How many of the text's bytes pending are known to hold no line separator (what a line
    /// loader left, the start of a line).
    private var withoutSeparator = 0
    /// Where the UTF-8 check stands in `pending`, what it found, and where the last invalid
    /// sequence was in the text.
    private var utf8Checked = 0
    private var invalidCount = 0
    private var firstInvalidLine: Int?
    private var lastInvalid = -1
    /// A stuck parser (a record or value longer than what came) tries again only once the
    /// bytes pending have doubled, so that a long one is not parsed over and over.
    private var retryAt = 0
    private var builder: CatalogBuilder
    private var loader: Loader = .none
    private var failure: DataError?
    private var finished: LoadedCatalog?

    private enum Loader {
        case none
        case lines(LineLoader)
        case jsonLines(JSONLinesLoader)
        case delimited(DelimitedLoader)
        case sections(JSONSectionsStream)
    }

    /// `name` is how messages call the input (a path or "stdin"); its extension may give the
    /// format, and without it (less any extension) it titles the section of items that name
    /// none.
    public init(name: String, source: String? = nil, options: CatalogLoader.Options = .init()) {
        self.name = name
        self.source = source ?? name
        self.options = options
        isStandardInput = name == CatalogLoader.standardInputName
        what = isStandardInput ? "the input" : "the file"
        builder = CatalogBuilder(source: source ?? name)
        if options.readZero {
            format = .lines
        } else {
            format = options.format ?? (isStandardInput ? nil : DataFormat(fileName: name))
            // Fields and grouping are for lines (`git log --format='%ad%x09%s'` would sniff as
            // TSV): a file named .csv or a --format given still says otherwise, and is refused.
            if format == nil && !options.fields.givenOptions.isEmpty { format = .lines }
        }
    }

    /// The items parsed so far.
    public var itemCount: Int {
        if case .sections(let reader) = loader { return reader.itemCount }
        return builder.itemCount
    }

    /// Parses what `bytes` complete. Throws the input's error as soon as it is certain (and
    /// again on any later call).
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws(DataError) {
        try take(bytes, final: false)
    }

    /// Parses `bytes` as the end of the input: the catalog of all of it, or the error a whole
    /// read gives.
    public mutating func finish(last bytes: UnsafeBufferPointer<UInt8>) throws(DataError) -> LoadedCatalog {
        if finished == nil { try take(bytes, final: true) }
        return try finish()
    }

    public mutating func feed(_ bytes: [UInt8]) throws(DataError) {
        try feed(bytes[...])
    }

    public mutating func feed(_ bytes: ArraySlice<UInt8>) throws(DataError) {
        let failure = bytes.withUnsafeBufferPointer { bytes -> DataError? in
            do throws(DataError) { try feed(bytes) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// The end of the input: the catalog of all of it, or the error a whole read gives.
    public mutating func finish() throws(DataError) -> LoadedCatalog {
        if let finished { return finished }
        try take(UnsafeBufferPointer(start: nil, count: 0), final: true)
        do throws(DataError) {
            let loaded = try end()
            finished = loaded
            return loaded
        } catch {
            failure = error
            throw error
        }
    }

    /// The catalog of the items parsed so far: its sections begin with the previous
    /// snapshot's, each with at least as many items (the items arrive in order), and it shares
    /// their storage. Nil while there is no item yet, or when the input already has an error
    /// to report at its end.
    public mutating func snapshot() -> LoadedCatalog? {
        guard failure == nil, let format else { return nil }
        var catalog: Catalog
        if case .sections(var reader) = loader {
            loader = .none
            defer { loader = .sections(reader) }
            guard let sections = reader.snapshot(), !sections.isEmpty else { return nil }
            catalog = Catalog(sections: sections, source: source)
        } else {
            guard builder.itemCount > 0 else { return nil }
            catalog = builder.snapshot()
            if options.fields.sortsGroups { catalog.sections.sort { $0.title < $1.title } }
        }
        var loaded = LoadedCatalog(catalog: catalog, format: format)
        if case .lines(let lines) = loader { loaded.headerLines = lines.header }
        return loaded
    }

    // MARK: Parsing

    private mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) throws(DataError) {
        if let failure { throw failure }
        byteCount += bytes.count
        do throws(DataError) {
            if pending.isEmpty {
                // Nothing waits: parse the bytes where they are (a whole read copies nothing).
                let used = try parse(bytes, final: final)
                pending.append(contentsOf: bytes[used...])
            } else {
                pending.append(contentsOf: bytes)
                var window: [UInt8] = []
                swap(&window, &pending)
                defer { swap(&window, &pending) }
                let result = window.withUnsafeBufferPointer { window -> Result<Int, DataError> in
                    do throws(DataError) {
                        return .success(try parse(window, final: final))
                    } catch {
                        return .failure(error)
                    }
                }
                let used = try result.get()
                window.removeFirst(used)
            }
        } catch {
            failure = error
            throw error
        }
    }

    /// Parses what it can of `window`, the bytes pending; returns how many it is done with.
    private mutating func parse(_ window: UnsafeBufferPointer<UInt8>, final: Bool) throws(DataError) -> Int {
        var start = 0
        if !startKnown {
            if window.count >= 2 && (window[0] == 0xFF && window[1] == 0xFE || window[0] == 0xFE && window[1] == 0xFF) {
                // Spreadsheets on Windows export "Unicode text" this way; read as UTF-8 it would
                // be a NUL between every two letters.
                throw DataError(
                    file: name,
                    message: "\(what) is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8")
            }
            guard window.count >= 3 || final else { return 0 }
            startKnown = true
            if window.count >= 3 && window[0] == 0xEF && window[1] == 0xBB && window[2] == 0xBF { start = 3 }
        }
        // The text: what follows the byte order mark.
        let text = UnsafeBufferPointer(rebasing: window[start...])
        // (`parsedCount` is where the text pending starts.)
        let new = UnsafeBufferPointer(rebasing: text[(textCount - parsedCount)...])
        textCount += new.count
        if !sniffer.isComplete { sniffer.feed(new) }
        if !sawText { sawText = new.contains { !FormatSniffer.isWhitespace($0) } }
        if final && textCount == 0 { throw DataError(file: name, message: "no items (\(what) is empty)") }
        if final && !sawText { throw DataError(file: name, message: "no items (\(what) has only blank lines)") }
        if format == nil {
            format = sniffer.settledFormat(isStandardInput: isStandardInput, columns: options.columns, ended: final)
        }
        // Nothing is parsed before a byte that is not blank: an input of blank lines is an error
        // of its own, before any about the options.
        guard let format, sawText else { return start }
        if !optionsChecked {
            try checkOptions(format)
            optionsChecked = true
            startLoader(format)
        }
        if !final && text.count < retryAt { return start }
        checkUTF8(text, final: final)
        let used = try load(text, final: final)
        withoutSeparator = text.count - used
        if !final {
            retryAt = used == 0 ? text.count * 2 : 0
            parsedLineFeeds += SourceText.lineFeedCount(in: UnsafeBufferPointer(rebasing: text[..<used]))
        }
        parsedCount += used
        utf8Checked -= used
        return start + used
    }

    /// The errors about options that do not apply to the format.
    private func checkOptions(_ format: DataFormat) throws(DataError) {
        // (--header-lines does not choose the format: a CSV or JSON file given it is refused
        // below, as with --format csv, rather than read as lines.)
        if format != .csv && format != .tsv && !options.columns.isEmpty {
            throw DataError(
                file: name,
                message:
                    "--section-column, --label-column and --glyph-column apply to CSV and TSV; \(what) is read as \(format.displayName)"
                    + (options.format == nil ? " (choose the format with --format)" : ""))
        }
        if let given = options.fields.givenOptions.first, format != .lines {
            let grouping = ["--group-nth", "--group-by", "--heading", "--group-sort"].contains(given)
            throw DataError(
                file: name,
                message: "\(given) applies to plain lines; \(what) is read as \(format.displayName)"
                    + (options.format == nil ? " (--format lines reads it as lines)" : "")
                    + (grouping && (format == .csv || format == .tsv)
                        ? "; a column makes sections with --section-column" : ""))
        }
        if options.headerLines > 0 && format != .lines {
            throw DataError(
                file: name,
                message: "--header-lines applies to plain lines; \(what) is read as \(format.displayName)"
                    + (options.format == nil ? " (--format lines reads it as lines)" : ""))
        }
    }

    private mutating func startLoader(_ format: DataFormat) {
        let sectionTitle = isStandardInput ? CatalogLoader.standardInputName : CatalogLoader.baseName(name)
        switch format {
        case .json: loader = .sections(JSONSectionsStream(file: name))
        case .jsonl: loader = .jsonLines(JSONLinesLoader(defaultSection: sectionTitle))
        case .csv, .tsv:
            loader = .delimited(
                DelimitedLoader(
                    dialect: format == .csv ? .csv : .tsv, columns: options.columns, defaultSection: sectionTitle,
                    ansi: options.ansi))
        case .lines:
            loader = .lines(
                LineLoader(
                    sectionTitle: sectionTitle, separator: options.readZero ? 0 : Byte.newline,
                    headerLines: options.headerLines, ansi: options.ansi, fields: options.fields))
        }
    }

    /// Counts the invalid UTF-8 of the text not checked yet (a character cut by the end of a
    /// part waits for the next), noting the line of the first.
    private mutating func checkUTF8(_ text: UnsafeBufferPointer<UInt8>, final: Bool) {
        guard utf8Checked < text.count else { return }
        let scan = UTF8Check.scan(UnsafeBufferPointer(rebasing: text[utf8Checked...]), final: final)
        if scan.count > 0, let first = scan.firstOffset.map({ $0 + utf8Checked }) {
            if invalidCount == 0 {
                firstInvalidLine =
                    parsedLineFeeds + SourceText.lineFeedCount(in: UnsafeBufferPointer(rebasing: text[..<first])) + 1
            }
            invalidCount += scan.count
            lastInvalid = parsedCount + utf8Checked + scan.checked
        }
        utf8Checked += scan.checked
    }

    /// Parses the text pending with the format's loader; returns how much of it was parsed.
    private mutating func load(_ text: UnsafeBufferPointer<UInt8>, final: Bool) throws(DataError) -> Int {
        // Strings are copied as they are when no invalid UTF-8 was seen in what is parsed.
        builder.inputIsValidUTF8 = lastInvalid < parsedCount
        var loader = Loader.none
        swap(&loader, &self.loader)
        defer { swap(&loader, &self.loader) }
        switch loader {
        case .none:
            return 0
        // (Each case takes the loader out of `loader` before changing it: a copy left there
        // would make the first write copy its columns.)
        case .lines(var lines):
            loader = .none
            defer { loader = .lines(lines) }
            let used = final ? text.count : lastLineEnd(text, separator: lines.separator)
            lines.load(source(text, used), into: &builder)
            return used
        case .jsonLines(var jsonLines):
            loader = .none
            defer { loader = .jsonLines(jsonLines) }
            let used = final ? text.count : lastLineEnd(text, separator: Byte.newline)
            try jsonLines.load(source(text, used), into: &builder)
            return used
        case .delimited(var delimited):
            loader = .none
            defer { loader = .delimited(delimited) }
            if delimited.dialect == .tsv {
                // A TSV record is a line: no field holds a line break.
                let used = final ? text.count : lastLineEnd(text, separator: Byte.newline)
                _ = try delimited.load(source(text, used), final: true, into: &builder)
                return used
            }
            return try delimited.load(source(text, text.count), final: final, into: &builder)
        case .sections(var sections):
            loader = .none
            defer { loader = .sections(sections) }
            do throws(DataError) {
                return try sections.read(text, final: final)
            } catch {
                throw hinted(error)
            }
        }
    }

    /// A sectioned JSON error, with a hint when one object per line is JSON Lines that was
    /// taken for sectioned JSON (a file called .json).
    private func hinted(_ error: DataError) -> DataError {
        guard error.message.hasPrefix("unexpected text after the JSON value"), sniffer.format(ended: true) == .jsonl
        else { return error }
        var hinted = error
        hinted.message +=
            options.format == nil
            ? " (one object per line is JSON Lines: name the file .jsonl or use --format jsonl)"
            : " (one object per line is JSON Lines: use --format jsonl)"
        return hinted
    }

    /// The first `count` bytes of `text`, which start the line after those parsed.
    private func source(_ text: UnsafeBufferPointer<UInt8>, _ count: Int) -> SourceText {
        SourceText(bytes: UnsafeBufferPointer(rebasing: text[..<count]), file: name, firstLine: parsedLineFeeds + 1)
    }

    /// The length of the text up to its last separator (0 when there is none), looking only
    /// at the bytes not known to hold none.
    private func lastLineEnd(_ text: UnsafeBufferPointer<UInt8>, separator: UInt8) -> Int {
        var index = text.count
        let floor = min(withoutSeparator, text.count)
        while index > floor {
            if text[index - 1] == separator { return index }
            index -= 1
        }
        return 0
    }

    // MARK: The end

    private mutating func end() throws(DataError) -> LoadedCatalog {
        guard let format else { preconditionFailure("no format at the end of the input") }
        var warnings: [DataWarning] = []
        if invalidCount > 0, let line = firstInvalidLine {
            warnings.append(
                DataWarning(
                    file: name,
                    message:
                        "\(invalidCount) invalid UTF-8 sequence\(invalidCount == 1 ? "" : "s") replaced with U+FFFD (first at line \(line))"
                ))
        }
        switch loader {
        case .sections(let reader):
            let sections = try reader.finish()
            if sections.isEmpty { throw DataError(file: name, message: "no items (no sections)") }
            return LoadedCatalog(
                catalog: Catalog(sections: sections, source: source), format: format, warnings: warnings)
        case .delimited(let delimited) where delimited.outcome == .headerOnly:
            throw DataError(file: name, message: "no items (\(what) has only a header row)")
        default:
            break
        }
        var headerLines: [String] = []
        if case .lines(let lines) = loader { headerLines = lines.header }
        if builder.itemCount == 0 {
            throw DataError(
                file: name,
                message: headerLines.isEmpty
                    ? "no items (\(what) has only blank lines)" : "no items after the \(headerLines.count) header lines"
            )
        }
        var catalog = builder.build()
        if options.fields.sortsGroups { catalog.sections.sort { $0.title < $1.title } }
        var loaded = LoadedCatalog(catalog: catalog, format: format, warnings: warnings)
        loaded.headerLines = headerLines
        return loaded
    }
}
