// Reads the sectioned JSON format:
//   {"sections": [{"title": ..., "items": [...], optional layout hints}]}   (or a bare array)
// where an item is a string (its label) or {"label", optional "glyph", "width", "height", ...}.
// Every problem is reported with the file, line and column of the offending value and the
// path of the key, e.g. `data.json:7:21: sections[0].items[2].width: expected ...`.

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
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes).node
        } catch {
            var message = error.message
            if !error.snippet.isEmpty { message += " (at \"\(error.snippet)\")" }
            throw DataError(file: file, line: error.position.line, column: error.position.column, message: message)
        }
        var reader = Reader(file: file)
        return Catalog(sections: try reader.sections(from: root), source: file)
    }

    struct Reader {
        let file: String

        func fail(_ node: JSONNode, _ path: String, _ message: String) -> DataError {
            DataError(
                file: file, line: node.position.line, column: node.position.column,
                message: path.isEmpty ? message : "\(path): \(message)")
        }

        func describe(_ node: JSONNode) -> String { JSONItemReader.describe(node) }

        mutating func sections(from root: JSONNode) throws(DataError) -> [Section] {
            let list: [JSONNode]
            switch root.value {
            case .array(let elements):
                list = elements
            case .object(let members):
                for member in members where member.key != "sections" {
                    throw fail(
                        JSONNode(value: .null, position: member.keyPosition), "",
                        "unknown key \(MessageText.quoted(member.key)) at the top level (expected \"sections\")")
                }
                guard let sections = root["sections"] else {
                    throw fail(root, "", "missing \"sections\": expected {\"sections\": [...]} or an array of sections")
                }
                guard case .array(let elements) = sections.value else {
                    throw fail(sections, "sections", "expected an array of sections, found \(describe(sections))")
                }
                list = elements
            default:
                throw fail(root, "", "expected {\"sections\": [...]} or an array of sections, found \(describe(root))")
            }
            var result: [Section] = []
            result.reserveCapacity(list.count)
            for (index, node) in list.enumerated() {
                result.append(try section(node, path: "sections[\(index)]"))
            }
            return result
        }

        /// A section, read through `Section.options`.
        func section(_ node: JSONNode, path: String) throws(DataError) -> Section {
            var section = Section(title: "", items: [])
            do {
                let table = try SourceTable(
                    node, at: SourceSite(path: path, position: node.position, style: .values),
                    noun: Section.options.noun)
                try table.apply(Section.options, to: &section)
            } catch {
                throw DataError(
                    file: file, line: error.position?.line, column: error.position?.column,
                    message: error.path.isEmpty ? error.message : "\(error.path): \(error.message)")
            }
            return section
        }
    }
}
