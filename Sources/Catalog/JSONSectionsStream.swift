// Sectioned JSON read as it arrives, item by item: a document of 100 MB shows its first items
// while the rest is on its way, and is never held as one tree.
//
// The containers that hold the sections (the top-level object or array, the "sections" array,
// each section object and its "items" array) are read here token by token; every other value
// (an item, a title, a hint, anything under an unknown key) is parsed whole by `JSONParser`,
// as a node, and an item is stored as soon as it is read. The syntax of those containers is
// checked as `JSONParser.parseValueTree` checks any container, with its messages, so that a
// document gives the error a whole read gives, at the same place.
//
// A part of the input is read up to the last value or token that it holds whole and that is
// followed by something (a number or `true` at the end of a part may go on in the next one);
// what is left starts the next part, whose line and column are kept. Unless the part is the
// last, an error stops the reading there without being reported: more bytes may make the value
// whole (an unterminated string is just cut), and at the end of the input the same value is
// read again and its error, if it still has one, reported. Likewise a problem of meaning (a
// width of -1) is only kept until the end: a syntax error later in the document comes first,
// as in a whole read, and a later duplicate key may replace the value at fault.

import Schema
import SafeText

struct JSONSectionsStream {
    let file: String
    /// Where the next part starts in the document.
    private var line = 1
    private var column = 1

    /// What comes next in the document.
    private enum Place: Equatable {
        case document
        /// The value of the top-level member `key`.
        case rootMemberValue
        case afterRootMember
        /// An element of the sections array; `expected` names what may come, for a message.
        case sectionValue(expected: String)
        /// The value of the section member `key`.
        case sectionMemberValue
        case itemValue(expected: String)
        case afterItem
        case afterSectionMember
        case afterSection
        /// After the top-level value: only whitespace.
        case afterRoot
        case done
    }

    private var place = Place.document
    /// The key of the member whose value comes next.
    private var key = ""
    private var keyPosition = SourcePosition(line: 1, column: 1)

    // The containers open, for messages.
    private var rootIsObject = false
    private var rootPosition = SourcePosition(line: 1, column: 1)
    private var sectionsPosition = SourcePosition(line: 1, column: 1)
    private var sectionPosition = SourcePosition(line: 1, column: 1)
    private var itemsPosition = SourcePosition(line: 1, column: 1)

    // What the document says so far.
    /// A top-level value that is neither an object nor an array.
    private var rootError: DataError?
    /// The first top-level key that is not "sections".
    private var unknownRootKey: (key: String, position: SourcePosition)?
    private enum SectionsMember {
        case missing
        case notArray(JSONNode)
        case array
    }
    private var sectionsMember = SectionsMember.missing
    /// The sections read whole, and the first error of one (the sections after it are only
    /// read for their syntax).
    private var sections: [Section] = []
    private var sectionError: DataError?
    /// The index of the section being read in the sections array.
    private var sectionIndex = 0
    /// The section being read: whether there is one, its members so far, and its items (the
    /// last "items" array's).
    private var sectionIsOpen = false
    private var members: [JSONSectionsLoader.SectionMember] = []
    private var items = ItemStoreBuilder()
    private var itemIndex = 0
    private var itemError: DataError?
    private var itemsInSections = 0

    init(file: String) {
        self.file = file
    }

    private var reader: JSONSectionsLoader.Reader { JSONSectionsLoader.Reader(file: file) }

    /// The items read so far.
    var itemCount: Int { itemsInSections + items.count }

    /// How many containers enclose a section object.
    private var sectionDepth: Int { rootIsObject ? 2 : 1 }

    /// Why a step stopped: a syntax error, or (unless the part is the last) the end of the part
    /// before the step's value or token was known whole.
    private enum Stop: Error {
        case syntax(JSONSyntaxError)
        case needMore
    }

    /// Reads what it can of `part`, the document's bytes from where the last call stopped,
    /// and returns how many of them it read (the next part starts with the rest). `final`:
    /// the part ends the input; then it is read to its end, and a syntax error is thrown.
    mutating func read(_ part: UnsafeBufferPointer<UInt8>, final: Bool) throws(DataError) -> Int {
        var parser = JSONParser(part: part, line: line, column: column)
        while place != .done {
            let before = parser
            do throws(Stop) {
                try step(&parser, final: final)
            } catch {
                parser = before
                if case .syntax(let error) = error, final {
                    var message = error.message
                    if !error.snippet.isEmpty { message += " (at \"\(error.snippet)\")" }
                    throw DataError(
                        file: file, line: error.position.line, column: error.position.column, message: message)
                }
                break
            }
        }
        let read = parser.i
        let position = parser.position(at: read)
        (line, column) = (position.line, position.column)
        return read
    }

    /// The sections of the whole document, once it has been read to its end, or the first
    /// error a whole read would give.
    func finish() throws(DataError) -> [Section] {
        precondition(place == .done, "the document was not read to its end")
        if let rootError { throw rootError }
        if rootIsObject {
            if let unknownRootKey {
                throw reader.fail(
                    JSONNode(value: .null, position: unknownRootKey.position), "",
                    "unknown key \(MessageText.quoted(unknownRootKey.key)) at the top level (expected \"sections\")")
            }
            switch sectionsMember {
            case .missing:
                throw reader.fail(
                    JSONNode(value: .null, position: rootPosition), "",
                    "missing \"sections\": expected {\"sections\": [...]} or an array of sections")
            case .notArray(let node):
                throw reader.fail(
                    node, "sections", "expected an array of sections, found \(JSONItemReader.describe(node))")
            case .array:
                break
            }
        }
        if let sectionError { throw sectionError }
        return sections
    }

    /// The sections read so far, the one being read among them once it has a title and an
    /// item (a section appears with its first item); nil when the document already has an
    /// error to report at its end.
    mutating func snapshot() -> [Section]? {
        guard rootError == nil, unknownRootKey == nil, sectionError == nil, itemError == nil else { return nil }
        var result = sections
        if sectionIsOpen, items.count > 0,
            let title = members.last(where: { $0.key == "title" }), case .node(let node) = title.value,
            case .string = node.value
        {
            let read = JSONSectionsLoader.ReadItems(items: ItemList(store: items.snapshot()), error: nil)
            guard let section = try? reader.section(members, items: read, path: "sections[\(sectionIndex)]") else {
                return nil
            }
            result.append(section)
        }
        return result
    }

    // MARK: Steps

    /// Reads one value or token of the containers and what follows up to the next one, then
    /// takes what it read in: nothing is taken in from a step that stopped (`Stop`), which is
    /// read again from its start.
    private mutating func step(_ parser: inout JSONParser, final: Bool) throws(Stop) {
        do {
            switch place {
            case .document: try document(&parser, final: final)
            case .rootMemberValue: try rootMemberValue(&parser, final: final)
            case .afterRootMember:
                try afterMember(&parser, final: final, object: rootPosition) {
                    $0.place = .afterRoot
                } key: {
                    $0.place = .rootMemberValue
                }
            case .sectionValue(let expected): try sectionValue(&parser, final: final, expected: expected)
            case .sectionMemberValue: try sectionMemberValue(&parser, final: final)
            case .itemValue(let expected): try itemValue(&parser, final: final, expected: expected)
            case .afterItem:
                try afterElement(&parser, final: final, array: itemsPosition) {
                    $0.place = .afterSectionMember
                } next: {
                    $0.place = .itemValue(expected: "a value")
                }
            case .afterSectionMember:
                try afterMember(&parser, final: final, object: sectionPosition) {
                    $0.finishSection()
                    $0.place = .afterSection
                } key: {
                    $0.place = .sectionMemberValue
                }
            case .afterSection:
                try afterElement(&parser, final: final, array: sectionsPosition) {
                    $0.place = $0.rootIsObject ? .afterRootMember : .afterRoot
                } next: {
                    $0.place = .sectionValue(expected: "a value")
                }
            case .afterRoot:
                parser.skipWhitespace()
                if parser.i < parser.end {
                    throw parser.error("unexpected text after the JSON value", at: parser.i)
                }
                guard final else { throw Stop.needMore }
                place = .done
            case .done:
                break
            }
        } catch let error as JSONSyntaxError {
            throw .syntax(error)
        } catch let stop as Stop {
            throw stop
        } catch {
            preconditionFailure("unexpected \(error)")
        }
    }

    /// After a step's value or token: the start of the next, which must be there unless the
    /// part is the last.
    private func next(_ parser: inout JSONParser, final: Bool) throws(Stop) {
        parser.skipWhitespace()
        if !final && parser.i >= parser.end { throw .needMore }
    }

    private mutating func document(_ parser: inout JSONParser, final: Bool) throws {
        parser.skipWhitespace()
        guard parser.i < parser.end else {
            if final { throw parser.error("empty input", at: parser.i) }
            throw Stop.needMore
        }
        let position = parser.position(at: parser.i)
        switch parser.p[parser.i] {
        case Byte.openBrace:
            parser.i += 1
            parser.skipWhitespace()
            if parser.i < parser.end && parser.p[parser.i] == Byte.closeBrace {
                parser.i += 1
                try next(&parser, final: final)
                (rootIsObject, rootPosition, place) = (true, position, .afterRoot)
                return
            }
            guard parser.i < parser.end && parser.p[parser.i] == Byte.quote else {
                throw parser.error("expected a string key or '}', found \(parser.describe(parser.i))", at: parser.i)
            }
            let (key, keyPosition) = try parser.parseKeyAndColon()
            try next(&parser, final: final)
            (rootIsObject, rootPosition, place) = (true, position, .rootMemberValue)
            (self.key, self.keyPosition) = (key, keyPosition)
        case Byte.openBracket:
            parser.i += 1
            parser.skipWhitespace()
            if parser.i < parser.end && parser.p[parser.i] == Byte.closeBracket {
                parser.i += 1
                try next(&parser, final: final)
                (rootPosition, place) = (position, .afterRoot)
                return
            }
            try next(&parser, final: final)
            (rootPosition, sectionsPosition, place) = (position, position, .sectionValue(expected: "a value or ']'"))
        default:
            let node = try parser.parseValueTree()
            try next(&parser, final: final)
            rootError = reader.fail(
                node, "",
                "expected {\"sections\": [...]} or an array of sections, found \(JSONItemReader.describe(node))")
            place = .afterRoot
        }
    }

    private mutating func rootMemberValue(_ parser: inout JSONParser, final: Bool) throws {
        if key == "sections", let (position, empty) = try openArray(&parser, final: final) {
            // A later "sections" replaces an earlier one, as a later key does.
            startSections(.array)
            sectionsPosition = position
            place = empty ? .afterRootMember : .sectionValue(expected: "a value or ']'")
            return
        }
        let node = try parser.parseValueTree(depth: 1)
        try next(&parser, final: final)
        if key == "sections" {
            startSections(.notArray(node))
        } else if unknownRootKey == nil {
            unknownRootKey = (key, keyPosition)
        }
        place = .afterRootMember
    }

    /// Opens an array read element by element (the root's "sections", a section's "items"):
    /// takes its `[` (and the `]` of an empty one) and moves to the token after it. Its
    /// position and whether it is empty; nil, taking nothing, when the value there is no array.
    private mutating func openArray(
        _ parser: inout JSONParser, final: Bool
    ) throws -> (position: SourcePosition, empty: Bool)? {
        guard parser.i < parser.end && parser.p[parser.i] == Byte.openBracket else { return nil }
        let position = parser.position(at: parser.i)
        parser.i += 1
        parser.skipWhitespace()
        let empty = parser.i < parser.end && parser.p[parser.i] == Byte.closeBracket
        if empty { parser.i += 1 }
        try next(&parser, final: final)
        return (position, empty)
    }

    private mutating func startSections(_ member: SectionsMember) {
        sectionsMember = member
        sections = []
        sectionError = nil
        sectionIndex = 0
        itemsInSections = 0
    }

    private mutating func sectionValue(_ parser: inout JSONParser, final: Bool, expected: String) throws {
        guard parser.i < parser.end && parser.p[parser.i] == Byte.openBrace else {
            let node = try parser.parseValueTree(depth: sectionDepth, expected: expected)
            try next(&parser, final: final)
            if sectionError == nil {
                sectionError = reader.fail(
                    node, "sections[\(sectionIndex)]",
                    "expected a section object {\"title\": ..., \"items\": [...]}, found \(JSONItemReader.describe(node))"
                )
            }
            sectionIndex += 1
            place = .afterSection
            return
        }
        let position = parser.position(at: parser.i)
        parser.i += 1
        parser.skipWhitespace()
        if parser.i < parser.end && parser.p[parser.i] == Byte.closeBrace {
            parser.i += 1
            try next(&parser, final: final)
            startSection(at: position)
            finishSection()
            place = .afterSection
            return
        }
        guard parser.i < parser.end && parser.p[parser.i] == Byte.quote else {
            throw parser.error("expected a string key or '}', found \(parser.describe(parser.i))", at: parser.i)
        }
        let (key, keyPosition) = try parser.parseKeyAndColon()
        try next(&parser, final: final)
        startSection(at: position)
        (self.key, self.keyPosition) = (key, keyPosition)
        place = .sectionMemberValue
    }

    private mutating func startSection(at position: SourcePosition) {
        sectionIsOpen = true
        sectionPosition = position
        members = []
        startItems()
    }

    private mutating func startItems() {
        items = ItemStoreBuilder()
        itemIndex = 0
        itemError = nil
    }

    /// Checks the section just closed and keeps it, or its error.
    private mutating func finishSection() {
        if sectionError == nil {
            let read = JSONSectionsLoader.ReadItems(items: ItemList(store: items.build()), error: itemError)
            do {
                sections.append(try reader.section(members, items: read, path: "sections[\(sectionIndex)]"))
                itemsInSections += sections[sections.count - 1].items.count
            } catch {
                sectionError = error
            }
        }
        sectionIndex += 1
        sectionIsOpen = false
        members = []
        startItems()
    }

    private mutating func sectionMemberValue(_ parser: inout JSONParser, final: Bool) throws {
        if key == "items", let (position, empty) = try openArray(&parser, final: final) {
            members.append(.init(key: key, keyPosition: keyPosition, value: .items))
            startItems()
            itemsPosition = position
            place = empty ? .afterSectionMember : .itemValue(expected: "a value or ']'")
            return
        }
        let node = try parser.parseValueTree(depth: sectionDepth + 1)
        try next(&parser, final: final)
        members.append(.init(key: key, keyPosition: keyPosition, value: .node(node)))
        place = .afterSectionMember
    }

    private mutating func itemValue(_ parser: inout JSONParser, final: Bool, expected: String) throws {
        let node = try parser.parseValueTree(depth: sectionDepth + 2, expected: expected)
        try next(&parser, final: final)
        if itemError == nil && sectionError == nil {
            // (The path is made only for a message.)
            let (file, section, index) = (file, sectionIndex, itemIndex)
            let itemReader = JSONItemReader(format: .sections) { node, key, message in
                let path = "sections[\(section)].items[\(index)]"
                return DataError(
                    file: file, line: node.position.line, column: node.position.column,
                    message: "\(key.isEmpty ? path : path + "." + key): \(message)")
            }
            do {
                items.append(try itemReader.item(node).item)
            } catch {
                itemError = error
            }
        }
        itemIndex += 1
        place = .afterItem
    }

    /// After a member of an object (at `object`): ',' and the next key, or '}'. Messages as
    /// `JSONParser.parseValueTree` gives them.
    private mutating func afterMember(
        _ parser: inout JSONParser, final: Bool, object: SourcePosition,
        closed: (inout JSONSectionsStream) -> Void, key: (inout JSONSectionsStream) -> Void
    ) throws {
        let i = parser.i
        let b: UInt8 = i < parser.end ? parser.p[i] : 0
        if i < parser.end && b == Byte.comma {
            parser.i += 1
            parser.skipWhitespace()
            if parser.i < parser.end && parser.p[parser.i] == Byte.closeBrace {
                throw parser.error("trailing comma before '}'", at: i)
            }
            guard parser.i < parser.end && parser.p[parser.i] == Byte.quote else {
                throw parser.error("expected a string key after ',', found \(parser.describe(parser.i))", at: parser.i)
            }
            let (name, position) = try parser.parseKeyAndColon()
            try next(&parser, final: final)
            (self.key, keyPosition) = (name, position)
            key(&self)
            return
        }
        if i < parser.end && b == Byte.closeBrace {
            parser.i += 1
            try next(&parser, final: final)
            closed(&self)
            return
        }
        if i < parser.end && b == Byte.quote {
            throw parser.error("missing ',' between object members", at: i)
        }
        throw parser.error(
            "expected ',' or '}' after an object member, found \(parser.describe(i))"
                + (i < parser.end ? "" : " (the object starting at \(object) is not closed)"),
            at: i)
    }

    /// After an element of an array (at `array`): ',' and the next element, or ']'.
    private mutating func afterElement(
        _ parser: inout JSONParser, final: Bool, array: SourcePosition,
        closed: (inout JSONSectionsStream) -> Void, next element: (inout JSONSectionsStream) -> Void
    ) throws {
        let i = parser.i
        let b: UInt8 = i < parser.end ? parser.p[i] : 0
        if i < parser.end && b == Byte.comma {
            parser.i += 1
            parser.skipWhitespace()
            if parser.i < parser.end && parser.p[parser.i] == Byte.closeBracket {
                throw parser.error("trailing comma before ']'", at: i)
            }
            try next(&parser, final: final)
            element(&self)
            return
        }
        if i < parser.end && b == Byte.closeBracket {
            parser.i += 1
            try next(&parser, final: final)
            closed(&self)
            return
        }
        if i < parser.end && parser.startsValue(b) {
            throw parser.error("missing ',' between array elements", at: i)
        }
        throw parser.error(
            "expected ',' or ']' after an array element, found \(parser.describe(i))"
                + (i < parser.end ? "" : " (the array starting at \(array) is not closed)"),
            at: i)
    }
}
