// Values that parse but can never leave room for items. A width where the configured layout
// leaves a column no room is not an error: the browser lays out one column there, or says the
// terminal is too small when even one column has no room (ColumnRoom, docs/split-layout.md).
// Refused are only the values that work at no width at all where they apply:
// - the section insets and per_line, which apply at every width, when even one column of
//   `widest` cells (the largest width a configuration names) has no room for items;
// - a breakpoint's two columns (or [layout] left_ratio's, below the breakpoints), when they have
//   no room for items at any width of the breakpoint's range: from its min_width (at least 20,
//   the smallest terminal drawn on) to the next breakpoint's min_width, the last one up to
//   `widest`. Columns only grow with the width, so the range's widest width decides.
// What is found is blamed on the key that makes it so, at its line and column.

import Browser
import SplitLayout
import TOML

enum LayoutRoom {
    /// The widest terminal a configuration is checked for: the most cells a key may name.
    static let widest = ConfigSchema.maximumCells

    /// One width range of the layout: from `from` to `to` columns (both included), `ratio`,
    /// set by the breakpoint at index `breakpoint` (nil: by [layout] left_ratio).
    struct Span {
        var from: Int
        var to: Int
        var ratio: Double
        /// The breakpoint that gives the ratio (its index), or nil for [layout] left_ratio.
        var breakpoint: Int?
        /// The breakpoint whose range this is (its index), or nil for the widths below them all.
        var range: Int?
    }

    /// The width ranges from the smallest terminal drawn on to `widest`, each with the ratio in
    /// force there, in order; a breakpoint that applies nowhere (a later one has its
    /// min_width, or the next one starts at or below 20) has none.
    static func spans(_ layout: LayoutSettings) -> [Span] {
        let smallest = BrowserState.minimumWidth
        let fallback = layout.parameters.leftRatio
        // By min_width; on a tie the later breakpoint wins (Breakpoint.ratio), so it comes last.
        let order = layout.breakpoints.indices.sorted {
            (layout.breakpoints[$0].minWidth, $0) < (layout.breakpoints[$1].minWidth, $1)
        }
        var spans: [Span] = []
        if let first = order.first.map({ layout.breakpoints[$0].minWidth }), first > smallest {
            spans.append(Span(from: smallest, to: min(widest, first - 1), ratio: fallback, breakpoint: nil, range: nil))
        } else if order.isEmpty {
            spans.append(Span(from: smallest, to: widest, ratio: fallback, breakpoint: nil, range: nil))
        }
        for (position, index) in order.enumerated() {
            let breakpoint = layout.breakpoints[index]
            let next = order.dropFirst(position + 1).first.map { layout.breakpoints[$0].minWidth }
            let from = max(smallest, breakpoint.minWidth)
            let to = min(widest, next.map { $0 - 1 } ?? widest)
            guard from <= to else { continue }
            spans.append(
                Span(
                    from: from, to: to, ratio: breakpoint.leftRatio ?? fallback,
                    breakpoint: breakpoint.leftRatio == nil ? nil : index, range: index))
        }
        return spans
    }

    static func check(_ layout: LayoutSettings, in root: TableReader) throws(ConfigError) {
        let parameters = layout.parameters
        let inset = parameters.sectionInset
        let insets = max(0, inset.left) + max(0, inset.right)
        let spacing = parameters.interItemSpacing
        let need = ColumnRoom.need(inset: inset, itemsPerLine: layout.itemsPerLine, spacing: spacing)
        let insetKey = ["layout", "section_inset"]
        let perLineKey = ["item", "per_line"]
        let spacingKey = ["layout", "split_spacing"]

        // One column at the widest: what the insets and per_line need, at any width.
        if need > widest {
            if insets + 1 > widest {
                throw blame(
                    root, [insetKey], or: nil,
                    "the section insets take \(insets) cells (left + right): no width up to \(widest) columns "
                        + "leaves room for items")
            }
            throw blame(
                root, [perLineKey, insetKey], or: nil,
                "\(layout.itemsPerLine) items do not fit on a line at any width up to \(widest) columns "
                    + "(at most \(fitting(room: widest - insets, spacing: spacing)) items)")
        }

        // Each range that asks for two columns: with room at its widest width, else never.
        for span in spans(layout) where span.ratio > 0 && span.ratio < 1 {
            let columns = SplitLayout.columns(
                width: span.to, leftRatio: span.ratio, splitSpacing: parameters.splitSpacing)
            guard columns.contains(where: { $0.width < need }) else { continue }
            let widths = columns.map { "\($0.width)" }.joined(separator: " and ")
            let range =
                span.from == span.to ? "at \(span.to) columns" : "at any width from \(span.from) to \(span.to) columns"
            let ratioKey = span.breakpoint.map { ["breakpoint", "\($0)", "left_ratio"] } ?? ["layout", "left_ratio"]
            if let empty = columns.first(where: { $0.width < 1 }) {
                // Two columns with no room for one of them: the spacing, else the ratio.
                if parameters.splitSpacing >= span.to - 1 {
                    throw blame(
                        root, [spacingKey, ratioKey], or: span,
                        "split_spacing = \(parameters.splitSpacing) leaves no room for two columns \(range) "
                            + "(at most \(span.to - 2))")
                }
                throw blame(
                    root, [ratioKey, spacingKey], or: span,
                    "left_ratio = \(span.ratio) leaves the \(empty.side.rawValue) column 0 cells wide \(range)")
            }
            let room = (columns.map(\.width).min() ?? 0) - insets
            if room < 1 {
                throw blame(
                    root, [ratioKey, insetKey, spacingKey], or: span,
                    "two columns leave no room for items \(range): at \(span.to) they are \(widths) cells wide "
                        + "and the section insets take \(insets) (left + right)")
            }
            throw blame(
                root, [ratioKey, perLineKey, spacingKey], or: span,
                "\(layout.itemsPerLine) items do not fit on a line of two columns \(range): at \(span.to) the "
                    + "columns are \(widths) cells wide (at most \(fitting(room: room, spacing: spacing)) items)")
        }
    }

    /// How many items of one cell fit on a line of `room` cells.
    static func fitting(room: Int, spacing: Int) -> Int { max(0, (room + spacing) / (1 + spacing)) }

    /// The error at the first of `paths` (each a table and a key, or a breakpoint index then a
    /// key) that the file writes; else at the min_width of the breakpoint whose range it is;
    /// else with no position.
    static func blame(_ root: TableReader, _ paths: [[String]], or span: Span?, _ message: String) -> ConfigError {
        for path in paths {
            if let (reader, key) = locate(root, path) { return reader.error(key: key, message) }
        }
        if let index = span?.range, let (reader, _) = locate(root, ["breakpoint", "\(index)", "min_width"]) {
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
