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
//   When the label is one run of the line (the line less a first or last field, a folder, one
//   range of --with-nth), the line is not stored again: what it has before and after the label
//   goes in the item's shape (`ItemShape.lineAround`), the same for most lines of a section (the
//   group's field and its delimiter), so a section keeps it once and each line its label only.
//
// Sections are found by their title's bytes (`CatalogBuilder.sectionIndex(utf8:)`); a line
// makes no String unless a regular expression reads it, and no array. Scratch buffers are
// reused.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

struct LineShaper {
    let fields: LineFields
    private var splitter: FieldSplitter
    /// Splits the label for --nth when it is not the line.
    private var labelSplitter: FieldSplitter
    private let headingPattern: FieldPattern?
    private let keyPattern: FieldPattern?
    // What a line needs, decided once (reading the options' optionals for each line copied
    // them, a regular expression's included).
    private let hasHeading: Bool
    private let needsFields: Bool
    private let groups: Bool
    private let hasNth: Bool
    private let hasWithNth: Bool
    /// --group-nth's range when it is one and the key is its text (no --group-by).
    private let keyRange: FieldRange?
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
    /// The byte ranges of the line a built label was made of, in order (for its looks).
    private var labelPieces: [Range<Int>] = []
    private var key: [UInt8] = []
    private var covered: [Bool] = []
    /// For each section (by index), the head and tail of its last line kept around its label,
    /// and their shape: the next line with the same ones makes no string. (Arrays side by side,
    /// read in place: a line compares bytes and copies nothing.)
    private var aroundHeads: [[UInt8]] = []
    private var aroundTails: [[UInt8]] = []
    /// The shape's index in the section's store (-1: none yet) and whether it is grouped.
    private var aroundShapes: [Int] = []
    private var aroundGrouped: [Bool] = []
    /// How many times the section's lines brought other ones.
    private var aroundChanges: [Int] = []

    /// A section whose lines bring a new head or tail this often stores its lines whole: each
    /// change makes a shape (and the section's items then keep a shape each).
    static let aroundChangeLimit = 64

    /// What the label is: the line, one run of it, or the bytes in `label`.
    private enum Label {
        case line
        case run(Range<Int>)
        case built
    }

    init(_ fields: LineFields) {
        self.fields = fields
        splitter = FieldSplitter(fields.delimiter)
        labelSplitter = FieldSplitter(fields.delimiter)
        headingPattern = fields.heading.flatMap(FieldPattern.init)
        if case .pattern(let source) = fields.groupBy { keyPattern = FieldPattern(source) } else { keyPattern = nil }
        needsString = splitter.needsString || headingPattern != nil || keyPattern != nil
        hasHeading = headingPattern != nil
        needsFields = fields.nth != nil || fields.withNth != nil || fields.groupNth != nil
        groups = fields.groupNth != nil || fields.groupBy != nil
        hasNth = fields.nth != nil
        hasWithNth = fields.withNth != nil
        keyRange = fields.groupBy == nil && fields.groupNth?.ranges.count == 1 ? fields.groupNth?.ranges[0] : nil
        removesGroupFields = fields.withNth == nil && fields.groupNth != nil && fields.groupBy == nil
        keepsLine = fields.withNth != nil || removesGroupFields || (fields.groupBy == .dirname)
        let searchTextCount = fields.nth?.ranges.count ?? 0
        groupedShape = ItemShape(section: .given, searchTextCount: searchTextCount, hasLine: keepsLine)
        ungroupedShape = ItemShape(section: .absent, searchTextCount: searchTextCount, hasLine: keepsLine)
    }

    /// Adds the item of `line` (a line that is not blank) to its section of `builder`; lines
    /// no key names go to the section titled `defaultTitle`.
    /// `runs`: the line's looks (--ansi), which follow its fields into the label.
    mutating func add(
        _ line: UnsafeBufferPointer<UInt8>, runs: [AnsiRun] = [], into builder: inout CatalogBuilder,
        defaultTitle: String
    ) {
        if needsString {
            var string = String(decoding: line, as: UTF8.self)
            let copy = string
            string.withUTF8 { add($0, string: copy, runs: runs, into: &builder, defaultTitle: defaultTitle) }
        } else {
            add(line, string: nil, runs: runs, into: &builder, defaultTitle: defaultTitle)
        }
    }

    private mutating func add(
        _ line: UnsafeBufferPointer<UInt8>, string: String?, runs: [AnsiRun], into builder: inout CatalogBuilder,
        defaultTitle: String
    ) {
        if hasHeading, let string, let title = headingPattern!.key(in: string, orText: true) {
            let trimmed = Self.trimmed(title, in: line)
            headingSection =
                trimmed.isEmpty ? nil : builder.sectionIndex(utf8: UnsafeBufferPointer(rebasing: line[trimmed]))
            headingSeen = true
            return
        }
        if needsFields { splitter.split(line, string: string) }

        var section: Int? = headingSeen ? headingSection : nil
        // What of the line titles the section and is left out of the label (dirname).
        var removed: Range<Int>? = nil
        if let keyRange {
            // The key is one run of the line: looked up where it is, copied nowhere.
            let run = keyRun(keyRange, line)
            section = run.isEmpty ? nil : builder.sectionIndex(utf8: UnsafeBufferPointer(rebasing: line[run]))
        } else if groups {
            removed = groupKey(line, string: string)
            section = key.isEmpty ? nil : key.withUnsafeBufferPointer { builder.sectionIndex(utf8: $0) }
        }
        let sectionIndex = section ?? builder.sectionIndex(defaultTitle)
        builder.beginItem(inSection: sectionIndex)

        // The label.
        let shown: Label
        if hasWithNth {
            shown = labelOf(fields.withNth!, line)
        } else if removesGroupFields {
            shown = labelWithout(fields.groupNth!, line)
        } else if let removed {
            if removed.lowerBound == 0 {
                shown = .run(removed.upperBound..<line.count)
            } else {
                label.removeAll(keepingCapacity: true)
                label.append(contentsOf: line[..<removed.lowerBound])
                label.append(contentsOf: line[removed.upperBound...])
                labelPieces = [0..<removed.lowerBound, removed.upperBound..<line.count]
                shown = .built
            }
        } else {
            shown = keepsLine ? .run(0..<line.count) : .line
        }

        // The texts searched, then the label, then the line (or what it has around the label).
        label.withUnsafeBufferPointer { built in
            let text: UnsafeBufferPointer<UInt8>
            switch shown {
            case .line: text = line
            case .run(let run): text = UnsafeBufferPointer(rebasing: line[run])
            case .built: text = built
            }
            if hasNth {
                let nth = fields.nth!
                if case .line = shown {
                    addSearchTexts(nth, line, splitter.fields, into: &builder)
                } else {
                    let string = labelSplitter.needsString ? String(decoding: text, as: UTF8.self) : nil
                    labelSplitter.split(text, string: string)
                    addSearchTexts(nth, text, labelSplitter.fields, into: &builder)
                }
            }
            builder.addString(text)
            if !runs.isEmpty {
                let pieces: [Range<Int>]
                switch shown {
                case .line: pieces = [0..<line.count]
                case .run(let run): pieces = [run]
                case .built: pieces = labelPieces
                }
                let labelRuns = AnsiText.runs(runs, through: pieces, length: text.count)
                if !labelRuns.isEmpty { builder.setStyles(AnsiText.encode(labelRuns)) }
            }
        }
        if keepsLine, case .run(let run) = shown {
            switch aroundShape(line, run, sectionIndex, grouped: section != nil) {
            case .known(let index):
                builder.finishItem(shapeAt: index)
                return
            case .new(let shape):
                builder.finishItem(shape)
                aroundShapes[sectionIndex] = builder.lastShapeIndex
                return
            case .whole:
                break
            }
        }
        if keepsLine { builder.addString(line) }
        builder.finishItem(section == nil ? ungroupedShape : groupedShape)
    }

    /// How a line whose label is one run of it is stored.
    private enum AroundShape {
        /// With the shape at this index of its section's store.
        case known(Int)
        /// With a new shape, holding what the line has around its label.
        case new(ItemShape)
        /// Whole: the section's lines change what they have around their labels too often.
        case whole
    }

    /// How a line of `section` whose label is `run` of it is stored: as the section's last such
    /// line when it has the same around its label, else with a new shape, or whole.
    private mutating func aroundShape(
        _ line: UnsafeBufferPointer<UInt8>, _ run: Range<Int>, _ section: Int, grouped: Bool
    ) -> AroundShape {
        if section >= aroundShapes.count {
            let added = section + 1 - aroundShapes.count
            aroundHeads.append(contentsOf: repeatElement([], count: added))
            aroundTails.append(contentsOf: repeatElement([], count: added))
            aroundShapes.append(contentsOf: repeatElement(-1, count: added))
            aroundGrouped.append(contentsOf: repeatElement(false, count: added))
            aroundChanges.append(contentsOf: repeatElement(0, count: added))
        }
        let head = UnsafeBufferPointer(rebasing: line[..<run.lowerBound])
        let tail = UnsafeBufferPointer(rebasing: line[run.upperBound...])
        if aroundShapes[section] >= 0 {
            if aroundGrouped[section] == grouped && Self.equal(aroundHeads[section], head)
                && Self.equal(aroundTails[section], tail)
            {
                return .known(aroundShapes[section])
            }
            if aroundChanges[section] >= Self.aroundChangeLimit { return .whole }
            aroundChanges[section] += 1
        }
        var shape = grouped ? groupedShape : ungroupedShape
        shape.hasLine = false
        shape.lineAround = ItemShape.LineAround(
            head: String(decoding: head, as: UTF8.self), tail: String(decoding: tail, as: UTF8.self))
        aroundHeads[section] = Array(head)
        aroundTails[section] = Array(tail)
        aroundGrouped[section] = grouped
        return .new(shape)
    }

    @inline(__always)
    private static func equal(_ kept: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        kept.count == bytes.count
            && kept.withUnsafeBufferPointer { kept in
                bytes.isEmpty || memcmp(kept.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
    }

    /// Each range of --nth as a string of `text`, the last without the delimiter ending it
    /// (fzf's, so that `suffix$` matches the field's end).
    private func addSearchTexts(
        _ nth: FieldIndices, _ text: UnsafeBufferPointer<UInt8>, _ fields: [Field], into builder: inout CatalogBuilder
    ) {
        for (index, fieldRange) in nth.ranges.enumerated() {
            var (range, last) = FieldText.range(fieldRange, of: fields)
            if index == nth.ranges.count - 1, !self.fields.delimiter.isWhiteSpace, let last,
                range.upperBound == last.end
            {
                range = range.lowerBound..<last.delimiterStart
            }
            builder.addString(UnsafeBufferPointer(rebasing: text[range]))
        }
    }

    /// The label --with-nth gives: its fields' text, trimmed of white space at the end.
    private mutating func labelOf(_ withNth: FieldIndices, _ line: UnsafeBufferPointer<UInt8>) -> Label {
        if withNth.ranges.count == 1 {
            let range = FieldText.range(withNth.ranges[0], of: splitter.fields).range
            return .run(range.lowerBound..<Self.trimmedEnd(range, in: line))
        }
        label.removeAll(keepingCapacity: true)
        labelPieces.removeAll(keepingCapacity: true)
        for fieldRange in withNth.ranges {
            let range = FieldText.range(fieldRange, of: splitter.fields).range
            label.append(contentsOf: line[range])
            labelPieces.append(range)
        }
        Self.trimEnd(&label)
        return .built
    }

    /// The label: the line's fields that --group-nth does not take, less the delimiter that
    /// ends the last of them, trimmed of white space at the end. One run of the line when the
    /// fields kept follow one another.
    private mutating func labelWithout(_ groupNth: FieldIndices, _ line: UnsafeBufferPointer<UInt8>) -> Label {
        let fields = splitter.fields
        if groupNth.ranges.count == 1 {
            // One range taken (the usual first or last field): what is kept is one run unless
            // the range is in the middle.
            var first = 0
            var last = fields.count - 1
            if let taken = groupNth.ranges[0].fields(of: fields.count) {
                if taken.lowerBound == 0 && taken.upperBound == last { return .run(line.count..<line.count) }
                if taken.lowerBound == 0 {
                    first = taken.upperBound + 1
                } else if taken.upperBound == last {
                    last = taken.lowerBound - 1
                } else {
                    first = -1
                }
            }
            if first >= 0 {
                guard first <= last else { return .run(line.count..<line.count) }
                let end =
                    fields[last].end == fields[fields.count - 1].end ? fields[last].end : fields[last].delimiterStart
                return .run(fields[first].start..<Self.trimmedEnd(fields[first].start..<end, in: line))
            }
        }
        covered.removeAll(keepingCapacity: true)
        covered.append(contentsOf: repeatElement(false, count: fields.count))
        for range in groupNth.ranges {
            guard let taken = range.fields(of: fields.count) else { continue }
            for index in taken { covered[index] = true }
        }
        guard let first = covered.firstIndex(of: false) else { return .run(line.count..<line.count) }
        let last = covered.lastIndex(of: false)!
        // (Any field ending where the line's last does counts as the last, as it always did.)
        let end = fields[last].end == fields[fields.count - 1].end ? fields[last].end : fields[last].delimiterStart
        if !covered[first...last].contains(true) {
            return .run(fields[first].start..<Self.trimmedEnd(fields[first].start..<end, in: line))
        }
        label.removeAll(keepingCapacity: true)
        labelPieces.removeAll(keepingCapacity: true)
        for (index, field) in fields.enumerated() where !covered[index] {
            label.append(contentsOf: line[field.start..<field.end])
            labelPieces.append(field.start..<field.end)
        }
        label.removeLast(fields[last].end - end)
        Self.trimEnd(&label)
        return .built
    }

    /// The key of one range of --group-nth: its fields' text less the delimiter ending it,
    /// trimmed of white space (what `groupKey` copies, found in place).
    private func keyRun(_ range: FieldRange, _ line: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var (run, last) = FieldText.range(range, of: splitter.fields)
        if let last, !run.isEmpty, last.delimiterStart < last.end {
            run = run.lowerBound..<run.upperBound - (last.end - last.delimiterStart)
        }
        return Self.trimmed(run, in: line)
    }

    /// Sets `key` to the line's group key (empty: none); returns the part of the line to leave
    /// out of the label, if any.
    private mutating func groupKey(_ line: UnsafeBufferPointer<UInt8>, string: String?) -> Range<Int>? {
        key.removeAll(keepingCapacity: true)
        // The text the key is read from: the --group-nth fields' (where in the line, when they
        // are one run of it), else the line's.
        var sourceStart: Int? = 0
        if let groupNth = fields.groupNth {
            var lastRange: (range: Range<Int>, last: Field?) = (0..<0, nil)
            for fieldRange in groupNth.ranges {
                lastRange = FieldText.range(fieldRange, of: splitter.fields)
                key.append(contentsOf: line[lastRange.range])
            }
            if let last = lastRange.last, !lastRange.range.isEmpty, last.delimiterStart < last.end {
                key.removeLast(last.end - last.delimiterStart)
            }
            sourceStart = groupNth.ranges.count == 1 ? lastRange.range.lowerBound : nil
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
                key.removeAll(keepingCapacity: true)
                key.append(UInt8(ascii: "."))
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
                key.removeAll(keepingCapacity: true)
                key.append(contentsOf: Self.noExtension.utf8)
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

    /// Where `range` of `line` ends without the white space at its end.
    static func trimmedEnd(_ range: Range<Int>, in line: UnsafeBufferPointer<UInt8>) -> Int {
        var upper = range.upperBound
        while upper > range.lowerBound && FieldText.isTrimmedWhite(line[upper - 1]) { upper -= 1 }
        return upper
    }

    /// `range` of `line` without white space at either end.
    static func trimmed(_ range: Range<Int>, in line: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper && FieldText.isTrimmedWhite(line[lower]) { lower += 1 }
        while upper > lower && FieldText.isTrimmedWhite(line[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}
