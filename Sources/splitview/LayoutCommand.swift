// `splitview layout`: the computed layout as JSON, so anyone can check the geometry.

import ArgumentParser
import Browser
import Foundation
import SplitLayout

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print the layout of the data at a terminal size as one JSON object.",
        discussion: """
            Elements are headers, items, footers and backgrounds in content coordinates; headers \
            also carry pinnedY, the row where they are drawn at --offset. With --visible, only the \
            elements meeting rows [offset, offset + height) are printed (headers by their pinned row).
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
            let configuration = try options.loadConfiguration()
            let catalog = try options.loadCatalog(configuration)
            let settings = configuration.layoutSettings(for: catalog)
            let layout = SplitLayout(
                sections: settings.sectionSpecs(for: catalog),
                parameters: settings.parameters(forWidth: width), width: width)
            var output = LayoutJSON.render(
                layout, viewport: Rect(x: 0, y: offset, width: width, height: height),
                visibleOnly: visible)
            output.append("\n")
            FileHandle.standardOutput.write(Data(output.utf8))
        }
    }
}

/// Writes the layout dump. The schema is fixed (integers and a few known words), so it is
/// written directly: one element per line keeps golden files readable in a diff and a million
/// elements stream out without building an intermediate tree.
enum LayoutJSON {
    static func render(_ layout: SplitLayout, viewport: Rect, visibleOnly: Bool) -> String {
        var elements: [LayoutElement] = []
        if visibleOnly {
            layout.forEachElement(in: viewport) { elements.append($0) }
        } else {
            layout.forEachElement(offset: viewport.y) { elements.append($0) }
        }
        // Reading order: by section, then background, header, items, footer.
        let rank: [LayoutElement.Kind: Int] = [.background: 0, .header: 1, .item: 2, .footer: 3]
        elements.sort { ($0.section, rank[$0.kind]!, $0.item ?? 0) < ($1.section, rank[$1.kind]!, $1.item ?? 0) }

        var out =
            "{\"viewport\": {\"width\": \(viewport.width), \"height\": \(viewport.height), \"offset\": \(viewport.y)},\n"
        out += " \"columns\": ["
        out += layout.columns.map { "{\"side\": \"\($0.side.rawValue)\", \"x\": \($0.x), \"width\": \($0.width)}" }
            .joined(separator: ", ")
        out += "],\n \"contentHeight\": \(layout.contentHeight),\n \"elements\": ["
        for (index, element) in elements.enumerated() {
            out += index == 0 ? "\n  " : ",\n  "
            out += "{\"kind\": \"\(element.kind.rawValue)\", \"section\": \(element.section), "
            if let item = element.item { out += "\"item\": \(item), " }
            out += "\"side\": \"\(element.side.rawValue)\", \"x\": \(element.frame.x), \"y\": \(element.frame.y), "
            out += "\"width\": \(element.frame.width), \"height\": \(element.frame.height)"
            if let pinnedY = element.pinnedY { out += ", \"pinnedY\": \(pinnedY)" }
            out += "}"
        }
        out += elements.isEmpty ? "]}" : "\n ]}"
        return out
    }
}
