// The format of an input from its first bytes (`DataFormat.sniff`), told as soon as they
// settle it: a stream is parsed as it arrives, so its format must be chosen once, and be the
// one a whole read of the input would choose.
//
// The guess reads three things, each a bounded part of the input: the first byte that is not
// whitespace and the ten after the next one that is not (sectioned JSON, JSON Lines), the first
// 64 KiB (the lines holding as many tabs or commas as each other), and the first line that is
// not blank (a piped table names its label column there). The sniffer keeps those parts as the
// bytes come, and says the format once every input that starts so would get the same answer:
// piped `seq` is plain lines from its first line (which names no label column), a table once
// twenty lines agree.

/// What an input's first bytes say its format is, fed as they arrive.
struct FormatSniffer {
    /// The table test reads this many bytes.
    static let tableWindow = 65_536
    static let sectionsKey = Array("\"sections\"".utf8)

    /// The first `tableWindow` + 1 bytes: one more than the test reads, to know whether the
    /// input is longer.
    private(set) var head: [UInt8] = []
    /// The first byte that is not whitespace.
    private var lead: UInt8?
    /// After a '[' or '{' lead: up to ten bytes from the next byte that is not whitespace.
    private var afterLead: [UInt8] = []
    /// The first line after leading line feeds, carriage returns and spaces, up to
    /// `tableWindow` bytes, and whether its end (a line feed) was seen.
    private var firstLine: [UInt8] = []
    private var firstLineStarted = false
    private var firstLineEnded = false
    /// The bytes fed so far.
    private(set) var count = 0

    init() {}

    /// Whether more bytes would change nothing.
    var isComplete: Bool {
        head.count > Self.tableWindow && lead != nil && (afterLeadDone || !leadOpens)
            && (firstLineEnded || firstLine.count >= Self.tableWindow)
    }

    private var leadOpens: Bool { lead == Byte.openBracket || lead == Byte.openBrace }
    private var afterLeadDone: Bool { afterLead.count >= Self.sectionsKey.count }

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        defer { count += bytes.count }
        guard !isComplete, !bytes.isEmpty else { return }
        if head.count <= Self.tableWindow {
            head.append(contentsOf: bytes.prefix(Self.tableWindow + 1 - head.count))
        }
        for byte in bytes {
            if lead == nil {
                if !Self.isWhitespace(byte) { lead = byte }
            } else if leadOpens && !afterLeadDone && (!afterLead.isEmpty || !Self.isWhitespace(byte)) {
                afterLead.append(byte)
            }
            if !firstLineStarted {
                firstLineStarted = byte != Byte.newline && byte != Byte.carriageReturn && byte != Byte.space
            }
            if firstLineStarted && !firstLineEnded && firstLine.count < Self.tableWindow {
                if byte == Byte.newline { firstLineEnded = true } else { firstLine.append(byte) }
            }
            if lead != nil && (afterLeadDone || !leadOpens)
                && (firstLineEnded || firstLine.count >= Self.tableWindow)
            {
                break
            }
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == Byte.space || byte == Byte.tab || byte == Byte.newline || byte == Byte.carriageReturn
    }

    // MARK: The answers

    /// The format of an input that starts with the bytes fed (`ended`: and holds nothing more),
    /// as `DataFormat.sniff` gives it for the whole input; nil when more bytes could change it.
    func format(ended: Bool) -> DataFormat? {
        switch structuralFormat(ended: ended) {
        case .some(let format): return format
        case .none: return nil
        case .table:
            guard let tabs = consistent(Byte.tab, quoted: false, ended: ended) else { return nil }
            if tabs { return .tsv }
            guard let commas = consistent(Byte.comma, quoted: true, ended: ended) else { return nil }
            return commas ? .csv : .lines
        }
    }

    private enum Structure {
        case some(DataFormat)
        /// Neither '[' nor '{' first: the table test decides.
        case table
        /// Not known yet.
        case none
    }

    /// What the first bytes that are not whitespace say.
    private func structuralFormat(ended: Bool) -> Structure {
        guard let lead else { return ended ? .some(.lines) : .none }
        switch lead {
        case Byte.openBracket:
            guard let next = afterLead.first else { return ended ? .some(.lines) : .none }
            return .some(next == Byte.openBrace || next == Byte.closeBracket ? .json : .lines)
        case Byte.openBrace:
            let key = Self.sectionsKey
            if afterLead.count >= key.count && afterLead.prefix(key.count).elementsEqual(key) { return .some(.json) }
            guard let next = afterLead.first else { return ended ? .some(.lines) : .none }
            if next == Byte.quote && !ended && afterLead.count < key.count && key.starts(with: afterLead) {
                return .none
            }
            return .some(next == Byte.quote || next == Byte.closeBrace ? .jsonl : .lines)
        default:
            return .table
        }
    }

    /// `DataFormat.consistentCount` of the whole input, or nil when more lines could change it.
    private func consistent(_ separator: UInt8, quoted: Bool, ended: Bool) -> Bool? {
        if ended || head.count > Self.tableWindow {
            return head.withUnsafeBufferPointer { DataFormat.consistentCount(of: separator, in: $0, quoted: quoted) }
        }
        // The lines whole so far (the last may be cut), all within the window.
        let counts = head.withUnsafeBufferPointer {
            DataFormat.separatorCounts(of: separator, in: $0, quoted: quoted, lastLineEnds: false)
        }
        guard let first = counts.first else { return nil }
        if first == 0 { return false }
        // A line that disagrees settles it, unless it may be the last one counted, which the
        // whole read leaves out when the input is longer than the window.
        if counts.dropLast().contains(where: { $0 != first }) { return false }
        if counts.count == DataFormat.countedLines && counts.last == first { return true }
        return nil
    }

    /// `CatalogLoader.headerNamesLabel` of the whole input, or nil when its first line is not
    /// all here yet.
    func headerNamesLabel(separator: UInt8, columns: ColumnChoice, ended: Bool) -> Bool? {
        guard ended || firstLineEnded || firstLine.count >= Self.tableWindow else { return nil }
        return firstLine.withUnsafeBufferPointer {
            CatalogLoader.headerNamesLabel($0, separator: separator, columns: columns)
        }
    }

    /// The format a whole read of the input would read it as (`CatalogLoader.parse`): the
    /// sniffed one, with a piped table whose first line names no label column read as lines.
    /// Nil when more bytes could change it.
    func settledFormat(isStandardInput: Bool, columns: ColumnChoice, ended: Bool) -> DataFormat? {
        switch structuralFormat(ended: ended) {
        case .some(let format): return format
        case .none: return nil
        case .table: break
        }
        // Every answer the parts not known yet could give: settled when they all agree.
        func choices(_ known: Bool?) -> [Bool] { known.map { [$0] } ?? [true, false] }
        let tabs = consistent(Byte.tab, quoted: false, ended: ended)
        let commas = consistent(Byte.comma, quoted: true, ended: ended)
        let tabHeader = isStandardInput ? headerNamesLabel(separator: Byte.tab, columns: columns, ended: ended) : true
        let commaHeader =
            isStandardInput ? headerNamesLabel(separator: Byte.comma, columns: columns, ended: ended) : true
        var answer: DataFormat?
        for tabs in choices(tabs) {
            for commas in choices(commas) {
                for tabHeader in choices(tabHeader) {
                    for commaHeader in choices(commaHeader) {
                        var format: DataFormat = tabs ? .tsv : commas ? .csv : .lines
                        if format == .tsv && !tabHeader || format == .csv && !commaHeader { format = .lines }
                        if let answer, answer != format { return nil }
                        answer = format
                    }
                }
            }
        }
        return answer
    }
}
