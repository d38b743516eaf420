// `splitview layout`: the computed layout as JSON, so anyone can check the geometry.

import ArgumentParser
import Browser
import Catalog
import Foundation
import SplitLayout
import TerminalUI

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print the layout of the data at a terminal size as one JSON object.",
        discussion: """
            Elements are headers, items, footers and backgrounds in content coordinates; headers \
            also carry pinnedY, the row where they are drawn at --offset. A row section adds an \
            element of kind row (its offset, page, page count, behaviour, effect and inner frame), and \
            its cards are the items that meet the row, where the effect draws them, with their \
            progress, scale, alpha and z. A section placed by a group adds each repetition (kind \
            group, with its count when the group repeats its member a number of times), its \
            groups' backgrounds (kind decoration) and the badges of its groups and items (kind \
            badge, with the text shown); an item with insets adds its slot. A group's height \
            given as a fraction is of the rows the browser shows content in at --height (all \
            but the status line), less the section's header and insets. With --visible, only the elements meeting rows \
            [offset, offset + height) are printed (headers by their pinned row).
            """)

    @OptionGroup var options: DataOptions

    @Option(help: "Terminal width in columns.")
    var width: Int

    @Option(help: "Terminal height in rows.")
    var height: Int

    @Option(help: "Scroll offset: the content row at the top of the viewport.")
    var offset: Int = 0

    @Flag(help: "Only the elements visible in the viewport.")
    var visible = false

    @Option(help: RowOffsetArgument.help)
    var row: [RowOffsetArgument] = []

    func validate() throws {
        guard (1...100_000).contains(width) else {
            throw ValidationError("--width must be from 1 to 100000, got \(width)")
        }
        guard (1...100_000).contains(height) else {
            throw ValidationError("--height must be from 1 to 100000, got \(height)")
        }
        guard offset >= 0 else { throw ValidationError("--offset must be 0 or more, got \(offset)") }
    }

    func run() throws {
        try reportingInputErrors {
            try options.withConfiguration { configuration in
                let catalog = try options.loadCatalog(configuration)
                let settings = configuration.layoutSettings(for: catalog)
                let looks = settings.rowLooks(for: catalog)
                let specs = settings.sectionSpecs(
                    for: catalog, rowLooks: looks, textWidth: TextWidth(overrides: configuration.widthOverrides))
                // As the browser lays out: one column where two would leave one no room for items.
                let parameters = ColumnRoom(sections: specs, parameters: settings.parameters)
                    .fitted(settings.parameters(forWidth: width), width: width)
                // The rows the browser shows content in at this height: all but the status line.
                var layout = SplitLayout(
                    sections: specs, parameters: parameters, width: width, height: max(1, height - 1))
                if let problem = RowOffsetArgument.problem(row, in: layout) { throw InputError(message: problem) }
                for row in row { layout.setRowOffset(row.offset, section: row.section) }
                let measure = TextWidth(overrides: configuration.widthOverrides)
                var output = LayoutJSON.render(
                    layout, viewport: Rect(x: 0, y: offset, width: width, height: height),
                    visibleOnly: visible, rows: looks
                ) { badge, path in
                    let items =
                        catalog.sections.indices.contains(path.section) ? catalog.sections[path.section].items : []
                    return badge.text(for: items.indices.contains(path.item) ? items[path.item] : nil).map {
                        ($0, measure.width(of: $0))
                    }
                }
                output.append("\n")
                try StandardStreams.output(output)
            }
        }
    }
}

/// Writes the layout dump. The schema is fixed (integers and a few known words), so it is
/// written directly: one element per line keeps golden files readable in a diff and a million
/// elements stream out without building an intermediate tree.
enum LayoutJSON {
    /// `badgeText`: what a badge shows on an item, and its width in cells (nil: nothing).
    static func render(
        _ layout: SplitLayout, viewport: Rect, visibleOnly: Bool, rows looks: [Int: RowLook] = [:],
        badgeText: (GroupBadge, ItemPath) -> (text: String, width: Int)? = { _, _ in nil }
    ) -> String {
        var elements: [LayoutElement] = []
        if visibleOnly {
            layout.forEachElement(in: viewport) { elements.append($0) }
        } else {
            layout.forEachElement(offset: viewport.y) { elements.append($0) }
        }
        // Reading order: by section, then background, header, row, items, footer.
        let rank: [LayoutElement.Kind: Int] = [.background: 0, .header: 1, .item: 3, .footer: 4]
        elements.sort { ($0.section, rank[$0.kind]!, $0.item ?? 0) < ($1.section, rank[$1.kind]!, $1.item ?? 0) }

        var out =
            "{\"viewport\": {\"width\": \(viewport.width), \"height\": \(viewport.height), \"offset\": \(viewport.y)},\n"
        out += " \"columns\": ["
        out += layout.columns.map { "{\"side\": \"\($0.side.rawValue)\", \"x\": \($0.x), \"width\": \($0.width)}" }
            .joined(separator: ", ")
        out += "],\n \"contentHeight\": \(layout.contentHeight),\n \"elements\": ["
        var first = true
        func open() {
            out += first ? "\n  " : ",\n  "
            first = false
        }
        func write(_ element: LayoutElement) {
            open()
            out += "{\"kind\": \"\(element.kind.rawValue)\", \"section\": \(element.section), "
            if let item = element.item { out += "\"item\": \(item), " }
            out += "\"side\": \"\(element.side.rawValue)\", \"x\": \(element.frame.x), \"y\": \(element.frame.y), "
            out += "\"width\": \(element.frame.width), \"height\": \(element.frame.height)"
            if let pinnedY = element.pinnedY { out += ", \"pinnedY\": \(pinnedY)" }
            // An item kept inside its slot by its insets: the slot too.
            if element.kind == .item, let item = element.item,
                let slot = layout.slot(of: ItemPath(section: element.section, item: item)), slot != element.frame
            {
                out += ", \"slot\": {\(box(slot))}"
            }
            out += "}"
        }
        func box(_ frame: Rect) -> String {
            "\"x\": \(frame.x), \"y\": \(frame.y), \"width\": \(frame.width), \"height\": \(frame.height)"
        }
        /// A repetition of a section's group (a row's card of a group, too), then, for a grid's,
        /// its groups' backgrounds and the badges of its groups and items.
        func writeGroup(section: Int, index: Int, side: Side, frame: Rect) {
            open()
            out +=
                "{\"kind\": \"group\", \"section\": \(section), \"index\": \(index), \"side\": \"\(side.rawValue)\", "
            out += box(frame)
            if let count = layout.group(ofSection: section)?.count { out += ", \"count\": \(count)" }
            out += "}"
            guard layout.sections[section].row == nil else { return }
            var decorations: [GroupDecoration] = []
            layout.forEachDecoration(ofSection: section, in: frame) { decoration in
                if decoration.repetition == index { decorations.append(decoration) }
            }
            // Nested groups that repeat their member a number of times (the section's own says
            // its count above).
            for decoration in decorations {
                guard let node = decoration.group, node > 0, let count = decoration.count else { continue }
                if visibleOnly && !decoration.frame.intersects(viewport) { continue }
                open()
                out += "{\"kind\": \"group\", \"section\": \(section), \"index\": \(index), \"node\": \(node), "
                out += "\"side\": \"\(side.rawValue)\", " + box(decoration.frame) + ", \"count\": \(count)}"
            }
            for decoration in decorations {
                guard let background = decoration.background else { continue }
                if visibleOnly && !decoration.frame.intersects(viewport) { continue }
                open()
                out += "{\"kind\": \"decoration\", \"section\": \(section), \"group\": \(index), "
                out +=
                    "\"node\": \(decoration.group ?? 0), \"background\": \(JSONText.quoted(background)), \"side\": \"\(side.rawValue)\", "
                out += box(decoration.frame) + "}"
            }
            for decoration in decorations {
                for badge in decoration.badges {
                    let path = ItemPath(section: section, item: decoration.item)
                    guard let (text, width) = badgeText(badge, path) else { continue }
                    let badgeFrame = badge.frame(width: width, on: decoration.frame)
                    if visibleOnly && !badgeFrame.intersects(viewport) { continue }
                    open()
                    out += "{\"kind\": \"badge\", \"section\": \(section), "
                    if let node = decoration.group {
                        out += "\"group\": \(index), \"node\": \(node), "
                    } else {
                        out += "\"item\": \(decoration.item), "
                    }
                    out += "\"text\": \(JSONText.quoted(text)), \"corner\": \"\(badge.anchor.rawValue)\", "
                    out += "\"side\": \"\(side.rawValue)\", " + box(badgeFrame) + "}"
                }
            }
        }
        /// A row and its cards where the effect draws them (the cards its effect shows, which
        /// need not meet the row where the line would have them).
        func writeRow(_ section: Int) {
            guard let row = layout.sections[section].row else { return }
            let offset = layout.rowOffset(section: section)
            let look = looks[section]
            let effect = look?.effect ?? NoCardEffect()
            open()
            out += "{\"kind\": \"row\", \"section\": \(section), \"offset\": \(number(offset)), "
            out += "\"page\": \(row.page(offset: offset)), \"pageCount\": \(row.count), "
            out += "\"behavior\": \"\(row.behavior.rawValue)\", \"effect\": \"\(look?.effectName ?? "none")\", "
            out += "\"x\": \(row.frame.x), \"y\": \(row.frame.y), \"width\": \(row.frame.width), "
            out += "\"height\": \(row.frame.height)}"
            let side = layout.sections[section].side
            for index in row.visibleCards(offset: offset) {
                let (cardFrame, card) = row.drawnCard(index, offset: offset, effect: effect)
                if visibleOnly && !cardFrame.intersects(viewport) { continue }
                // A card holding a group's repetition: the card, then its items.
                if !row.slots.isEmpty { writeGroup(section: section, index: index, side: side, frame: cardFrame) }
                for item in row.items(ofCard: index) {
                    let frame = row.frame(ofItem: item, inCard: cardFrame)
                    open()
                    out += "{\"kind\": \"item\", \"section\": \(section), \"item\": \(item), "
                    out += "\"progress\": \(number(row.progress(ofCard: index, offset: offset))), "
                    out += "\"side\": \"\(side.rawValue)\", \"x\": \(frame.x), \"y\": \(frame.y), "
                    out += "\"width\": \(frame.width), \"height\": \(frame.height), \"scale\": \(number(card.scale)), "
                    // (A card scaled down otherwise than across: an effect of keyframes' scale_y.)
                    if let down = card.scaleY { out += "\"scaleY\": \(number(down)), " }
                    out += "\"alpha\": \(number(card.alpha)), \"z\": \(number(card.z))}"
                }
            }
        }
        var rowsWritten = Set<Int>()
        var groupsWritten = Set<[Int]>()
        for element in elements {
            // A group's repetition before its first item (a row's are written with its cards).
            if element.kind == .item, let item = element.item,
                let group = layout.group(ofItem: item, section: element.section),
                groupsWritten.insert([element.section, group.index]).inserted
            {
                writeGroup(section: element.section, index: group.index, side: element.side, frame: group.frame)
            }
            let isRow = layout.sections[element.section].row != nil
            // A row section: the row and its cards in the items' place.
            if isRow, element.kind == .item || element.kind == .footer, rowsWritten.insert(element.section).inserted {
                writeRow(element.section)
            }
            if isRow && element.kind == .item { continue }
            write(element)
        }
        out += first ? "]}" : "\n ]}"
        return out
    }

    /// A number as JSON, to four decimals at most, with no trailing zeros ("0.9", "1", "-0.5").
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
