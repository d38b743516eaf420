// The TOML 1.0 reader: the document's lines (comments, `[table]` and `[[array]]` headers,
// `key = value`), and where each table may still receive keys. Values are read in
// TOMLValues.swift, keys, strings and positions in TOMLScanner.swift.
//
// Which table may take which keys is TOML's subtlest part. The document is built as a tree of
// boxes that remember how each table came to be, because that decides what may be added later:
//  - a `[header]` defines a table once; the tables on its path that did not exist yet are
//    made implicitly and may be defined by a header of their own later, once;
//  - dotted keys (`a.b = 1`) make tables that only more dotted keys in the same table may
//    extend (a header may still define tables below them);
//  - an inline table `{ ... }` and a value array are complete: nothing is added to them;
//  - `[[name]]` appends a table to an array of tables, and `[name.sub]` then means a table in
//    the array's last element.

import Schema

public enum TOMLReader {
    /// Tables and arrays may nest this deep; deeper is an error (the document is read with
    /// recursion, and a config file has no use for it).
    public static let maximumDepth = 64

    /// Reads a TOML document from UTF-8 bytes (a leading byte order mark is skipped).
    public static func parse(_ bytes: [UInt8]) throws(TOMLError) -> TOMLTable {
        var reader = DocumentReader(scanner: TOMLScanner(bytes))
        return try reader.read()
    }

    /// Reads a TOML document from text.
    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        try parse(Array(text.utf8))
    }
}

/// A table while the document is read: its entries, and how it came to be.
final class TableBox {
    enum Origin {
        case root
        /// Made as a parent of a header's table (`[a.b]` makes `a`); a header may define it.
        case implicit
        /// Defined by its own `[header]`.
        case header
        /// Made by a dotted key (`a.b = 1` makes `a`).
        case dotted
        /// An inline table `{ ... }` being read.
        case inline
        /// An element of an array of tables, made by `[[name]]`.
        case arrayElement
    }

    enum Content {
        case value(TOMLNode)
        case table(TableBox)
        case tables(TableArrayBox)
    }

    struct Slot {
        var keyPosition: SourcePosition
        var content: Content
    }

    var origin: Origin
    var position: SourcePosition
    /// The keys from the root to this table, for messages (from the inline table for a
    /// table inside one).
    let path: [String]
    /// Tables and arrays around this one.
    let depth: Int
    private(set) var order: [String] = []
    private(set) var slots: [String: Slot] = [:]

    init(origin: Origin, position: SourcePosition, path: [String], depth: Int) {
        self.origin = origin
        self.position = position
        self.path = path
        self.depth = depth
    }

    /// A table inside this one, at `key`.
    func child(_ origin: Origin, key: String, position: SourcePosition) -> TableBox {
        TableBox(origin: origin, position: position, path: path + [key], depth: depth + 1)
    }

    subscript(key: String) -> Slot? { slots[key] }

    func add(_ key: String, _ slot: Slot) {
        order.append(key)
        slots[key] = slot
    }

    /// The finished table, as values.
    func frozen() -> TOMLTable {
        var table = TOMLTable()
        for key in order {
            guard let slot = slots[key] else { continue }
            let node: TOMLNode
            switch slot.content {
            case .value(let value): node = value
            case .table(let box): node = TOMLNode(.table(box.frozen()), at: box.position)
            case .tables(let array):
                node = TOMLNode(
                    .array(array.elements.map { TOMLNode(.table($0.frozen()), at: $0.position) }),
                    at: array.position)
            }
            table[key] = TOMLEntry(key: key, keyPosition: slot.keyPosition, node: node)
        }
        return table
    }
}

/// An array of tables (`[[name]]`) while the document is read.
final class TableArrayBox {
    let position: SourcePosition
    var elements: [TableBox] = []

    init(position: SourcePosition) {
        self.position = position
    }
}

/// A key as written: its parts (`a."b c".d` has three) and where each starts.
struct DottedKey {
    var parts: [(name: String, position: SourcePosition)]

    var names: [String] { parts.map(\.name) }
}

/// How a key path is written in a header: bare parts as they are, others quoted.
func displayKey(_ parts: [String]) -> String {
    parts.map(TOMLText.keyName).joined(separator: ".")
}

/// How a key path is named in a message: in quotes, "a.b", or as written when a part needs
/// quotes itself.
func quotedKey(_ parts: [String]) -> String {
    parts.allSatisfy(TOMLText.isBareKey) ? "\"" + parts.joined(separator: ".") + "\"" : displayKey(parts)
}

/// Text from a document, made safe to show in a message on a terminal.
public enum TOMLText {
    /// `text` in double quotes, with what a terminal would not show as itself written as an
    /// escape (`\u001B`), and quotes and backslashes escaped.
    public static func quoted(_ text: String) -> String { TOMLScanner.quoted(text) }

    /// A key as TOML writes it: bare when it can be, else quoted and escaped.
    public static func keyName(_ key: String) -> String { isBareKey(key) ? key : quoted(key) }

    /// Whether `key` can be written without quotes (letters, digits, `_` and `-`).
    public static func isBareKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy(TOMLScanner.isBareKeyByte)
    }

    /// Whether a terminal shows `scalar` as itself (see `TOMLScanner.isSafeToShow`).
    public static func isSafeToShow(_ scalar: Unicode.Scalar) -> Bool { TOMLScanner.isSafeToShow(scalar) }
}

struct DocumentReader {
    var scanner: TOMLScanner
    let root = TableBox(origin: .root, position: SourcePosition(line: 1, column: 1), path: [], depth: 0)

    init(scanner: TOMLScanner) {
        self.scanner = scanner
    }

    mutating func read() throws(TOMLError) -> TOMLTable {
        try scanner.checkEncoding()
        var current = root
        while !scanner.atEnd {
            scanner.skipSpaces()
            guard let byte = scanner.peek() else { break }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try scanner.expectLineEnd()
            case UInt8(ascii: "#"):
                try scanner.skipComment()
            case UInt8(ascii: "["):
                current = try readHeader()
            default:
                try readKeyValue(into: current)
                try scanner.expectEndOfLine(after: "the value")
            }
        }
        return root.frozen()
    }

    // MARK: Key/value lines

    /// `key = value`, the key possibly dotted, into `table`.
    mutating func readKeyValue(into table: TableBox) throws(TOMLError) {
        let key = try scanner.readKey()
        scanner.skipSpaces()
        guard scanner.peek() == UInt8(ascii: "=") else {
            throw scanner.error("expected '=' after the key \(quotedKey(key.names)), found \(scanner.describeNext())")
        }
        scanner.advance()
        scanner.skipSpaces()
        let value = try scanner.readValue(depth: table.depth + key.parts.count - 1)
        try Self.insert(value, at: key, into: table)
    }

    /// Puts `value` at the dotted `key` of `table`, making the tables the dotted parts name.
    static func insert(_ value: TOMLNode, at key: DottedKey, into table: TableBox) throws(TOMLError) {
        var box = table
        for part in key.parts.dropLast() {
            if let slot = box[part.name] {
                let path = box.path + [part.name]
                switch slot.content {
                case .table(let inner) where inner.origin == .dotted:
                    box = inner
                case .table(let inner):
                    throw TOMLError(
                        position: part.position,
                        message:
                            "cannot add keys to the table \(quotedKey(path)) with a dotted key: "
                            + "it is a [table] (line \(inner.position.line)); write the key under its header")
                case .tables(let array):
                    throw TOMLError(
                        position: part.position,
                        message:
                            "cannot add keys to \(quotedKey(path)) with a dotted key: it is an array of tables "
                            + "(line \(array.position.line))")
                case .value(let node):
                    throw TOMLError(
                        position: part.position,
                        message:
                            "\(quotedKey(path)) is already \(node.value.kindName) (line \(slot.keyPosition.line)), "
                            + "so it cannot hold keys")
                }
            } else {
                let inner = box.child(.dotted, key: part.name, position: part.position)
                try checkDepth(inner, at: part.position)
                box.add(part.name, TableBox.Slot(keyPosition: part.position, content: .table(inner)))
                box = inner
            }
        }
        let last = key.parts[key.parts.count - 1]
        if let existing = box[last.name] {
            throw TOMLError(
                position: last.position,
                message:
                    "the key \(quotedKey(box.path + [last.name])) is defined twice "
                    + "(first at line \(existing.keyPosition.line), column \(existing.keyPosition.column))")
        }
        box.add(last.name, TableBox.Slot(keyPosition: last.position, content: .value(value)))
    }

    static func checkDepth(_ box: TableBox, at position: SourcePosition) throws(TOMLError) {
        if box.depth > TOMLReader.maximumDepth {
            throw TOMLError(position: position, message: "tables nest more than \(TOMLReader.maximumDepth) levels deep")
        }
    }

    // MARK: Headers

    /// `[a.b]` or `[[a.b]]`: the table that the following keys go to.
    mutating func readHeader() throws(TOMLError) -> TableBox {
        let start = scanner.position()
        scanner.advance()
        let isArray = scanner.peek() == UInt8(ascii: "[")
        if isArray { scanner.advance() }
        scanner.skipSpaces()
        let key = try scanner.readKey()
        scanner.skipSpaces()
        let closing = isArray ? "]]" : "]"
        guard scanner.peek() == UInt8(ascii: "]") else {
            throw scanner.error(
                "expected '\(closing)' to close the header [\(isArray ? "[" : "")\(displayKey(key.names)), found \(scanner.describeNext())"
            )
        }
        scanner.advance()
        if isArray {
            guard scanner.peek() == UInt8(ascii: "]") else {
                throw scanner.error(
                    "expected ']]' to close the header [[\(displayKey(key.names))], found \(scanner.describeNext())")
            }
            scanner.advance()
        }
        try scanner.expectEndOfLine(after: "the header")
        return isArray
            ? try appendArrayElement(at: key, headerPosition: start)
            : try defineTable(at: key, headerPosition: start)
    }

    /// The table a header's path leads to, but for its last part: tables made on the way as
    /// needed, an array of tables meaning its last element.
    func parentTable(of key: DottedKey, header: String) throws(TOMLError) -> TableBox {
        var box = root
        for part in key.parts.dropLast() {
            let path = box.path + [part.name]
            if let slot = box[part.name] {
                switch slot.content {
                case .table(let inner):
                    box = inner
                case .tables(let array):
                    box = array.elements[array.elements.count - 1]
                case .value(let node):
                    let what = node.value.kindName
                    throw TOMLError(
                        position: part.position,
                        message:
                            "\(header): \(quotedKey(path)) is already \(what) (line \(slot.keyPosition.line)), so it cannot hold a table"
                    )
                }
            } else {
                let inner = box.child(.implicit, key: part.name, position: part.position)
                try Self.checkDepth(inner, at: part.position)
                box.add(part.name, TableBox.Slot(keyPosition: part.position, content: .table(inner)))
                box = inner
            }
        }
        return box
    }

    func defineTable(at key: DottedKey, headerPosition: SourcePosition) throws(TOMLError) -> TableBox {
        let header = "[\(displayKey(key.names))]"
        let parent = try parentTable(of: key, header: header)
        let last = key.parts[key.parts.count - 1]
        guard let slot = parent[last.name] else {
            let box = parent.child(.header, key: last.name, position: headerPosition)
            try Self.checkDepth(box, at: last.position)
            parent.add(last.name, TableBox.Slot(keyPosition: last.position, content: .table(box)))
            return box
        }
        switch slot.content {
        case .table(let box) where box.origin == .implicit:
            box.origin = .header
            box.position = headerPosition
            return box
        case .table(let box) where box.origin == .dotted:
            throw TOMLError(
                position: headerPosition,
                message:
                    "\(header) is already defined by dotted keys (line \(box.position.line)); a table is defined once")
        case .table(let box):
            throw TOMLError(
                position: headerPosition,
                message:
                    "\(header) is defined twice (first at line \(box.position.line)); a table is defined once")
        case .tables(let array):
            throw TOMLError(
                position: headerPosition,
                message:
                    "\(header) is an array of tables (line \(array.position.line)); add an element with [\(header)]")
        case .value(let node):
            throw TOMLError(
                position: headerPosition,
                message:
                    "\(header): the key is already \(node.value.kindName) (line \(slot.keyPosition.line))")
        }
    }

    func appendArrayElement(at key: DottedKey, headerPosition: SourcePosition) throws(TOMLError) -> TableBox {
        let header = "[[\(displayKey(key.names))]]"
        let parent = try parentTable(of: key, header: header)
        let last = key.parts[key.parts.count - 1]
        let element = parent.child(.arrayElement, key: last.name, position: headerPosition)
        try Self.checkDepth(element, at: last.position)
        guard let slot = parent[last.name] else {
            let array = TableArrayBox(position: headerPosition)
            array.elements.append(element)
            parent.add(last.name, TableBox.Slot(keyPosition: last.position, content: .tables(array)))
            return element
        }
        switch slot.content {
        case .tables(let array):
            array.elements.append(element)
            return element
        case .table(let box):
            throw TOMLError(
                position: headerPosition,
                message:
                    "\(header): \(quotedKey(element.path)) is already a table (line \(box.position.line)), not an array of tables"
            )
        case .value(let node):
            throw TOMLError(
                position: headerPosition,
                message:
                    "\(header): the key is already \(node.value.kindName) (line \(slot.keyPosition.line)); "
                    + "an array written with [ ] cannot be extended by [[ ]]")
        }
    }
}
