// JSON Lines (`.jsonl`, `.ndjson`): one item object per line,
//   {"section": "Fruit", "label": "apple", "glyph": "🍎", "keywords": ["red"], "detail": "...", ...}
// Only "label" is required. "keywords" is an array of strings or one string of words; every
// other member ("detail" too) becomes a field of the item, numbers and booleans written out.
//
// Each line is parsed on its own by `JSONReader`, straight from the file's bytes; a JSON string
// cannot hold a raw line break, so a line is always a whole document and the reader's
// positions need only their line shifted.

enum JSONLinesLoader {
    static func load(_ text: SourceText, into builder: inout CatalogBuilder, defaultSection: String) throws(DataError) {
        let reader = JSONSectionsLoader.Reader(file: text.file)
        var start = 0
        var lineNumber = 1
        let end = text.count
        while start < end {
            var stop = start
            while stop < end && text[stop] != Byte.newline { stop += 1 }
            defer {
                start = stop + 1
                lineNumber += 1
            }
            if text.isBlank(start..<stop) { continue }

            let node: JSONNode
            do {
                node = try JSONReader.parse(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text.bytes[start..<stop]))).node
            } catch {
                var message = error.message
                if !error.snippet.isEmpty { message += " (at \"\(error.snippet)\")" }
                throw DataError(file: text.file, line: lineNumber - 1 + error.position.line,
                                column: error.position.column, message: message)
            }

            func fail(_ at: JSONNode, _ message: String) -> DataError {
                text.error(message, at: start + byteOffset(ofColumn: at.position.column, from: start, in: text))
            }
            func failAtLine(_ message: String) -> DataError {
                text.error(message, at: start)
            }

            guard case .object(let members) = node.value else {
                throw fail(node, "expected an item object {\"label\": ...}, found \(reader.describe(node))")
            }
            var item = Item(label: "")
            var hasLabel = false
            var section: String?
            for member in members {
                let value = member.value
                switch member.key {
                case "label":
                    guard case .string(let label) = value.value else {
                        throw fail(value, "label: expected a string, found \(reader.describe(value))")
                    }
                    item.label = label
                    hasLabel = true
                case "section":
                    switch value.value {
                    case .string(let title): section = title
                    case .null: section = nil
                    default: throw fail(value, "section: expected a string, found \(reader.describe(value))")
                    }
                case "glyph":
                    switch value.value {
                    case .string(let glyph): item.glyph = glyph.isEmpty ? nil : glyph
                    case .null: item.glyph = nil
                    default: throw fail(value, "glyph: expected a string, found \(reader.describe(value))")
                    }
                case "keywords":
                    item.keywords = try keywords(value, fail: fail, reader: reader)
                default:
                    guard let scalar = scalarText(value) else {
                        throw fail(value, "\(member.key): expected a string, number or boolean, found \(value.kindName)")
                    }
                    item.fields.append(Item.Field(name: member.key, value: scalar))
                }
            }
            guard hasLabel else { throw failAtLine("an item needs a \"label\" string") }
            builder.append(item, toSection: builder.sectionIndex(section ?? defaultSection))
        }
    }

    static func keywords(_ node: JSONNode, fail: (JSONNode, String) -> DataError,
                         reader: JSONSectionsLoader.Reader) throws(DataError) -> [String] {
        switch node.value {
        case .string(let words):
            return splitKeywords(words)
        case .null:
            return []
        case .array(let elements):
            var words: [String] = []
            words.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let word) = element.value else {
                    throw fail(element, "keywords: expected strings, found \(reader.describe(element))")
                }
                if !word.isEmpty { words.append(word) }
            }
            return words
        default:
            throw fail(node, "keywords: expected an array of strings or one string of words, found \(reader.describe(node))")
        }
    }

    /// A field's value as text; nil for arrays and objects.
    static func scalarText(_ node: JSONNode) -> String? {
        switch node.value {
        case .string(let text): return text
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        case .bool(let value): return String(value)
        case .null: return ""
        case .array, .object: return nil
        }
    }

    /// The byte offset from `lineStart` of a 1-based scalar column on that line.
    static func byteOffset(ofColumn column: Int, from lineStart: Int, in text: SourceText) -> Int {
        var scalars = 1
        var k = lineStart
        while k < text.count && scalars < column {
            k += 1
            while k < text.count && text[k] & 0xC0 == 0x80 { k += 1 }
            scalars += 1
        }
        return k - lineStart
    }
}
