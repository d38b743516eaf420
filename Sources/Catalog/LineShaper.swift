// One plain line made into an item by the field and grouping options (`LineFields`): its
// section, the label shown, the texts searched and the line kept for printing.
//
// - Section: a heading line (`--heading`) opens the section it titles and is no item; else the
//   key of `--group-nth` (those fields' text, less the delimiter ending it, trimmed of white
//   space) or of `--group-by` (the folder or extension of the line, or of the --group-nth text;
//   a regular expression's first group, or its match) titles it. A line with no key goes to the
//   section named after the input, as without grouping.
// - Label: `--with-nth`'s fields; else the line less what titles its section when that is a
//   whole field (`--group-nth` alone) or a folder (`--group-by dirname`); else the line.
// - Searched: `--nth`'s fields of the label (fzf applies --nth to what --with-nth gives), each
//   range its own string, stored before the label (`ItemShape.searchTextCount`); else the label.
// - The line itself is kept (`Item.line`) when the label may differ from it: a pick prints it.
//
// Sections are found by their title's bytes (`CatalogBuilder.sectionIndex(utf8:)`); a line
// makes no String unless a regular expression reads it. Scratch buffers are reused.

struct LineShaper {
    let fields: LineFields
    private var splitter: FieldSplitter
    /// Splits the label for --nth when it is not the line.
    private var labelSplitter: FieldSplitter
    private let headingPattern: FieldPattern?
    private let keyPattern: FieldPattern?
    private let needsString: Bool
    /// The section the last heading opened (nil: none yet, or an empty title).
    private var headingSection: Int?
    private var headingSeen = false
    private let keepsLine: Bool
    /// Whether the grouped field is left out of the label.
    private let removesGroupFields: Bool
    private let groupedShape: ItemShape
    private let ungroupedShape: ItemShape
    private var label: [UInt8] = []
    private var key: [UInt8] = []
    private var covered: [Bool] = []

    init(_ fields: LineFields) {
        self.fields = fields
        splitter = FieldSplitter(fields.delimiter)
        labelSplitter = FieldSplitter(fields.delimiter)
        headingPattern = fields.heading.flatMap(FieldPattern.init)
        if case .pattern(let source) = fields.groupBy { keyPattern = FieldPattern(source) } else { keyPattern = nil }
        needsString = splitter.needsString || headingPattern != nil || keyPattern != nil
        removesGroupFields = fields.withNth == nil && fields.groupNth != nil && fields.groupBy == nil
        keepsLine = fields.withNth != nil || removesGroupFields || (fields.groupBy == .dirname)
        let searchTextCount = fields.nth?.ranges.count ?? 0
        groupedShape = ItemShape(section: .given, searchTextCount: searchTextCount, hasLine: keepsLine)
        ungroupedShape = ItemShape(section: .absent, searchTextCount: searchTextCount, hasLine: keepsLine)
    }

    /// Adds the item of `line` (a line that is not blank) to its section of `builder`; lines
    /// no key names go to the section titled `defaultTitle`.
    mutating func add(_ line: UnsafeBufferPointer<UInt8>, into builder: inout CatalogBuilder, defaultTitle: String) {
        if needsString {
            var string = String(decoding: line, as: UTF8.self)
            let copy = string
            string.withUTF8 { add($0, string: copy, into: &builder, defaultTitle: defaultTitle) }
        } else {
            add(line, string: nil, into: &builder, defaultTitle: defaultTitle)
        }
    }

    private mutating func add(
        _ line: UnsafeBufferPointer<UInt8>, string: String?, into builder: inout CatalogBuilder, defaultTitle: String
    ) {
        if let headingPattern, let string, let title = headingPattern.key(in: string, orText: true) {
            let trimmed = Self.trimmed(title, in: line)
            headingSection =
                trimmed.isEmpty ? nil : builder.sectionIndex(utf8: UnsafeBufferPointer(rebasing: line[trimmed]))
            headingSeen = true
            return
        }
        let needsFields = fields.nth != nil || fields.withNth != nil || fields.groupNth != nil
        if needsFields { splitter.split(line, string: string) }

        var section: Int? = headingSeen ? headingSection : nil
        // What of the line titles the section and is left out of the label (dirname).
        var removed: Range<Int>? = nil
        if fields.groupNth != nil || fields.groupBy != nil {
            removed = groupKey(line, string: string)
            section = key.isEmpty ? nil : key.withUnsafeBufferPointer { builder.sectionIndex(utf8: $0) }
        }
        builder.beginItem(inSection: section ?? builder.sectionIndex(defaultTitle))

        // The label.
        let labelIsLine: Bool
        if let withNth = fields.withNth {
            label.removeAll(keepingCapacity: true)
            for (range, _) in FieldText.ranges(withNth, of: splitter.fields) {
                label.append(contentsOf: line[range])
            }
            Self.trimEnd(&label)
            labelIsLine = false
        } else if removesGroupFields, let groupNth = fields.groupNth {
            labelWithout(groupNth, line)
            labelIsLine = false
        } else if let removed {
            label.removeAll(keepingCapacity: true)
            label.append(contentsOf: line[..<removed.lowerBound])
            label.append(contentsOf: line[removed.upperBound...])
            labelIsLine = false
        } else {
            labelIsLine = true
        }

        // The texts searched, then the label, then the line.
        if let nth = fields.nth {
            if labelIsLine {
                addSearchTexts(nth, line, splitter.fields, into: &builder)
            } else {
                label.withUnsafeBufferPointer { label in
                    let string = labelSplitter.needsString ? String(decoding: label, as: UTF8.self) : nil
                    labelSplitter.split(label, string: string)
                    addSearchTexts(nth, label, labelSplitter.fields, into: &builder)
                }
            }
        }
        if labelIsLine {
            builder.addString(line)
        } else {
            label.withUnsafeBufferPointer { builder.addString($0) }
        }
        if keepsLine { builder.addString(line) }
        builder.finishItem(section == nil ? ungroupedShape : groupedShape)
    }

    /// Each range of --nth as a string of `text`, the last without the delimiter ending it
    /// (fzf's, so that `suffix$` matches the field's end).
    private func addSearchTexts(
        _ nth: FieldIndices, _ text: UnsafeBufferPointer<UInt8>, _ fields: [Field], into builder: inout CatalogBuilder
    ) {
        let ranges = FieldText.ranges(nth, of: fields)
        for (index, (range, last)) in ranges.enumerated() {
            var range = range
            if index == ranges.count - 1, !self.fields.delimiter.isWhiteSpace, let last, range.upperBound == last.end {
                range = range.lowerBound..<last.delimiterStart
            }
            builder.addString(UnsafeBufferPointer(rebasing: text[range]))
        }
    }

    /// The label: the line's fields that --group-nth does not take, less the delimiter that
    /// ends the last of them, trimmed of white space at the end.
    private mutating func labelWithout(_ groupNth: FieldIndices, _ line: UnsafeBufferPointer<UInt8>) {
        let fields = splitter.fields
        covered.removeAll(keepingCapacity: true)
        covered.append(contentsOf: repeatElement(false, count: fields.count))
        for taken in groupNth.fields(of: fields.count) {
            guard let taken else { continue }
            for index in taken { covered[index] = true }
        }
        label.removeAll(keepingCapacity: true)
        var lastKept: Field?
        for (index, field) in fields.enumerated() where !covered[index] {
            label.append(contentsOf: line[field.start..<field.end])
            lastKept = field
        }
        if let lastKept, lastKept.end != fields.last?.end {
            label.removeLast(lastKept.end - lastKept.delimiterStart)
        }
        Self.trimEnd(&label)
    }

    /// Sets `key` to the line's group key (empty: none); returns the part of the line to leave
    /// out of the label, if any.
    private mutating func groupKey(_ line: UnsafeBufferPointer<UInt8>, string: String?) -> Range<Int>? {
        key.removeAll(keepingCapacity: true)
        // The text the key is read from: the --group-nth fields' (where in the line, when they
        // are one run of it), else the line's.
        var sourceStart: Int? = 0
        if let groupNth = fields.groupNth {
            let ranges = FieldText.ranges(groupNth, of: splitter.fields)
            for (range, _) in ranges { key.append(contentsOf: line[range]) }
            if let (range, last) = ranges.last, let last, !range.isEmpty, last.delimiterStart < last.end {
                key.removeLast(last.end - last.delimiterStart)
            }
            sourceStart = ranges.count == 1 ? ranges[0].range.lowerBound : nil
            // Trimmed: the leading white space moves where the key starts in the line.
            var lead = 0
            while lead < key.count && FieldText.isTrimmedWhite(key[lead]) { lead += 1 }
            key.removeFirst(lead)
            sourceStart = sourceStart.map { $0 + lead }
            Self.trimEnd(&key)
        } else {
            key.append(contentsOf: line)
        }
        guard let groupBy = fields.groupBy else { return nil }
        switch groupBy {
        case .dirname:
            guard let slash = key.lastIndex(of: UInt8(ascii: "/")) else {
                key = Array(".".utf8)
                return nil
            }
            let removed = sourceStart.flatMap { start in slash + 1 < key.count ? start..<start + slash + 1 : nil }
            key.removeSubrange((slash == 0 ? 1 : slash)...)
            return removed
        case .fileExtension:
            let nameStart = (key.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
            if let dot = key.lastIndex(of: UInt8(ascii: ".")), dot > nameStart, dot + 1 < key.count {
                key.removeSubrange(...dot)
            } else {
                key = Array(Self.noExtension.utf8)
            }
            return nil
        case .pattern:
            guard let keyPattern else { return nil }
            let text = fields.groupNth == nil ? (string ?? "") : String(decoding: key, as: UTF8.self)
            guard let found = keyPattern.key(in: text) else {
                key.removeAll()
                return nil
            }
            key = Array(text.utf8.dropFirst(found.lowerBound).prefix(found.count))
            var lead = 0
            while lead < key.count && FieldText.isTrimmedWhite(key[lead]) { lead += 1 }
            key.removeFirst(lead)
            Self.trimEnd(&key)
            return nil
        }
    }

    /// The title of the files that have no extension, grouped by extension.
    static let noExtension = "(no extension)"

    static func trimEnd(_ bytes: inout [UInt8]) {
        while let last = bytes.last, FieldText.isTrimmedWhite(last) { bytes.removeLast() }
    }

    /// `range` of `line` without white space at either end.
    static func trimmed(_ range: Range<Int>, in line: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper && FieldText.isTrimmedWhite(line[lower]) { lower += 1 }
        while upper > lower && FieldText.isTrimmedWhite(line[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}
