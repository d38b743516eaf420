// Reads the sectioned JSON format:
//   {"sections": [{"title": ..., "items": [...], optional layout hints}]}   (or a bare array)
// where an item is a string (its label) or {"label", optional "glyph", "width", "height", ...}.
// Every problem is reported with the file, line and column of the offending value and the
// path of the key, e.g. `data.json:7:21: sections[0].items[2].width: expected ...`. The document
// is read item by item (`JSONSectionsStream`); a section is checked here once its object closes.

import Foundation
import SafeText
import Schema
import SplitLayout

public enum JSONSectionsLoader {
    /// Largest size accepted for widths, heights, insets and spacings: far beyond any terminal,
    /// small enough that no sum of them can overflow.
    public static let maximumCells = 100_000
    /// Largest height of an item, in rows: more than any terminal shows at once (the
    /// configuration's `[item] height` has the same bound).
    public static let maximumRows = 100

    /// Parses a document already in memory; `file` names it in messages.
    public static func parse(_ bytes: [UInt8], file: String) throws(DataError) -> Catalog {
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var reader = JSONSectionsStream(file: file)
        let read = bytes.withUnsafeBufferPointer { all -> Result<[Section], DataError> in
            do throws(DataError) {
                _ = try reader.read(UnsafeBufferPointer(rebasing: all[(hasBOM ? 3 : 0)...]), final: true)
                return .success(try reader.finish())
            } catch {
                return .failure(error)
            }
        }
        return Catalog(sections: try read.get(), source: file)
    }

    /// A member of a section object as the reader met it: its value, or for "items" an array
    /// read item by item (`ReadItems`).
    struct SectionMember {
        enum Value {
            case node(JSONNode)
            /// The section's items array, read as it came (the last "items" of the section is
            /// the one that counts, as for every key).
            case items
        }

        var key: String
        var keyPosition: SourcePosition
        var value: Value
    }

    /// The items of a section's "items" array, read as they came: the items up to the first
    /// that is wrong, and its error.
    struct ReadItems {
        var items: ItemList
        var error: DataError?
    }

    struct Reader {
        let file: String

        func fail(_ node: JSONNode, _ path: String, _ message: String) -> DataError {
            DataError(
                file: file, line: node.position.line, column: node.position.column,
                message: path.isEmpty ? message : "\(path): \(message)")
        }

        func describe(_ node: JSONNode) -> String { JSONItemReader.describe(node) }

        /// The section of these members (in the order the object has them), read through
        /// `Section.options` as a whole section object is: the items read as they came stand
        /// for their array (`ReadItemsValue`), any other value is its node.
        func section(_ members: [SectionMember], items read: ReadItems, path: String) throws(DataError) -> Section {
            let position = members.first?.keyPosition ?? SourcePosition(line: 1, column: 1)
            var streamed = false
            let object = JSONNode(
                value: .object(
                    members.map { member in
                        switch member.value {
                        case .node(let node):
                            return JSONMember(key: member.key, keyPosition: member.keyPosition, value: node)
                        case .items:
                            streamed = true
                            return JSONMember(
                                key: member.key, keyPosition: member.keyPosition,
                                value: JSONNode(value: .array([]), position: member.keyPosition))
                        }
                    }), position: position)
            // (The last "items" counts, as for every key: read as it came, or a node.)
            let lastItems = members.last { $0.key == "items" }
            if case .node? = lastItems?.value { streamed = false }
            var section = Section(title: "", items: [])
            do {
                let table = try SourceTable(
                    object, at: SourceSite(path: path, position: position, style: .values),
                    noun: Section.options.noun)
                try table.apply(
                    streamed ? Section.options(items: ReadItemsValue(read: read)) : Section.options, to: &section)
            } catch {
                throw DataError(
                    file: file, line: error.position?.line, column: error.position?.column,
                    message: error.path.isEmpty ? error.message : "\(error.path): \(error.message)")
            }
            return section
        }
    }

    /// A section's items that were read as they came: what stands for their array when the
    /// section is read through `Section.options`, with their first error.
    struct ReadItemsValue: ValueType {
        let read: ReadItems

        var expected: String { "an array of items" }

        func read<Node: SourceNode>(_ node: Node, at site: SourceSite) throws(SourceProblem) -> ItemList {
            if let error = read.error {
                // (The message names its path already.)
                throw SourceProblem(
                    position: SourcePosition(line: error.line ?? 1, column: error.column ?? 1), path: "",
                    message: error.message)
            }
            return read.items
        }
    }
}
