// Values that parse but leave nothing to see: a configuration must leave room for items in
// every column, at every terminal width its breakpoints apply to.
//
// Each breakpoint is checked at the narrowest width where it applies (its min_width, or the
// smallest terminal the browser draws on, whichever is larger), since columns only grow from
// there. What is found is blamed on the key that makes it so, at its line and column.

import Browser
import SplitLayout
import TOML

enum LayoutRoom {
    /// One width range of the layout: from `width` columns on, `ratio`, set by the breakpoint
    /// at index `breakpoint` (nil: by [layout] left_ratio).
    struct Span {
        var width: Int
        var ratio: Double
        /// The breakpoint that gives the ratio (its index), or nil for [layout] left_ratio.
        var breakpoint: Int?
    }

    static func spans(_ layout: LayoutSettings) -> [Span] {
        let smallest = BrowserState.minimumWidth
        var spans = layout.breakpoints.enumerated().map { index, breakpoint in
            Span(
                width: max(smallest, breakpoint.minWidth), ratio: breakpoint.leftRatio ?? layout.parameters.leftRatio,
                breakpoint: breakpoint.leftRatio == nil ? nil : index)
        }
        // Below the smallest breakpoint, [layout] left_ratio holds.
        if layout.breakpoints.allSatisfy({ $0.minWidth > smallest }) {
            spans.append(Span(width: smallest, ratio: layout.parameters.leftRatio, breakpoint: nil))
        }
        return spans
    }

    static func check(_ layout: LayoutSettings, in root: TableReader) throws(ConfigError) {
        let parameters = layout.parameters
        let inset = parameters.sectionInset
        for span in spans(layout) {
            let columns = SplitLayout.columns(
                width: span.width, leftRatio: span.ratio, splitSpacing: parameters.splitSpacing)
            let at = "at \(span.width) columns"
            let ratioKey = span.breakpoint.map { ["breakpoint", "\($0)", "left_ratio"] } ?? ["layout", "left_ratio"]
            let spacingKey = ["layout", "split_spacing"]
            if let empty = columns.first(where: { $0.width < 1 }) {
                // Two columns with no room for one of them: the spacing, else the ratio.
                if parameters.splitSpacing >= span.width - 1 {
                    throw blame(
                        root, [spacingKey, ratioKey], or: span,
                        "split_spacing = \(parameters.splitSpacing) leaves no room for two columns \(at) (at most \(span.width - 2))"
                    )
                }
                throw blame(
                    root, [ratioKey, spacingKey], or: span,
                    "left_ratio = \(span.ratio) leaves the \(empty.side.rawValue) column 0 cells wide \(at)")
            }
            let widths = columns.map { "\($0.width)" }.joined(separator: " and ")
            let room = columns.map { $0.width - inset.left - inset.right }.min() ?? 0
            if room < 1 {
                let shaping =
                    columns.count == 2
                    ? [["layout", "section_inset"], spacingKey, ratioKey] : [["layout", "section_inset"]]
                throw blame(
                    root, shaping, or: span,
                    "\(at) the columns are \(widths) cells wide and the section insets take \(inset.left + inset.right) "
                        + "(left + right): no room is left for items")
            }
            if layout.itemsPerLine > 0,
                SplitLayout.equalItemWidth(
                    count: layout.itemsPerLine, columnWidth: columns.map(\.width).min() ?? 0,
                    inset: inset, spacing: parameters.interItemSpacing) < 1
            {
                let fitting = (room + parameters.interItemSpacing) / (1 + parameters.interItemSpacing)
                throw blame(
                    root, [["item", "per_line"]], or: span,
                    "\(layout.itemsPerLine) items do not fit on a line \(at): the columns are \(widths) cells wide "
                        + "(at most \(fitting) items)")
            }
        }
    }

    /// The error at the first of `paths` (each a table and a key, or a breakpoint index then a
    /// key) that the file writes; else at the breakpoint that sets the width; else with no position.
    static func blame(_ root: TableReader, _ paths: [[String]], or span: Span, _ message: String) -> ConfigError {
        for path in paths {
            if let (reader, key) = locate(root, path) { return reader.error(key: key, message) }
        }
        if let index = span.breakpoint, let (reader, _) = locate(root, ["breakpoint", "\(index)", "min_width"]) {
            return reader.error(key: "min_width", message)
        }
        return ConfigError(file: root.file, key: paths[0].joined(separator: "."), message: message)
    }

    /// The table holding the last key of `path`, when the file writes that key.
    private static func locate(_ root: TableReader, _ path: [String]) -> (TableReader, String)? {
        var reader = root
        var rest = path[...]
        while rest.count > 1 {
            let key = rest.removeFirst()
            if key == "breakpoint", let index = rest.first.flatMap({ Int($0) }) {
                rest.removeFirst()
                guard let list = try? reader.arrayOfTables(key), list.indices.contains(index) else { return nil }
                reader = list[index]
            } else {
                guard let nested = try? reader.table(key) else { return nil }
                reader = nested
            }
        }
        guard let key = rest.first, reader.has(key) else { return nil }
        return (reader, key)
    }
}
