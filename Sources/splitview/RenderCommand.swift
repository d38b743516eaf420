// `splitview render`: the screen as text, without a terminal, for scripts, documents and tests.

import ArgumentParser
import Browser
import Foundation
import SplitLayout
import TerminalUI

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print the characters the browser would show at a terminal size, one line per row.")

    @OptionGroup var options: DataOptions

    @Option(help: "Terminal width in columns.")
    var width: Int

    @Option(help: "Terminal height in rows.")
    var height: Int

    @Option(help: "Scroll offset: the content row at the top of the view (default: where the focus puts it).")
    var offset: Int?

    @Option(help: ArgumentHelp("The focused item, as section and item indices from 0.", valueName: "SECTION:ITEM"))
    var focus: String?

    @Option(help: RowOffsetArgument.help)
    var row: [RowOffsetArgument] = []

    func validate() throws {
        guard (1...10_000).contains(width) else {
            throw ValidationError("--width must be from 1 to 10000, got \(width)")
        }
        guard (1...10_000).contains(height) else {
            throw ValidationError("--height must be from 1 to 10000, got \(height)")
        }
        if let offset, offset < 0 { throw ValidationError("--offset must be 0 or more, got \(offset)") }
        if let focus, parseFocus(focus) == nil {
            throw ValidationError("--focus must be SECTION:ITEM with two whole numbers, got \"\(focus)\"")
        }
    }

    func parseFocus(_ text: String) -> ItemPath? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let section = Int(parts[0]), let item = Int(parts[1]), section >= 0, item >= 0 else {
            return nil
        }
        return ItemPath(section: section, item: item)
    }

    func run() throws {
        try reportingInputErrors {
            try options.withConfiguration { configuration in
                let (catalog, warnings, loadedHeader) = try options.loadData(configuration)
                let requested = focus.flatMap(parseFocus)
                var state = BrowserState(
                    catalog: catalog, settings: configuration.layoutSettings(for: catalog),
                    theme: options.look.colored(configuration.theme),
                    textWidth: TextWidth(overrides: configuration.widthOverrides),
                    width: width, height: height, focus: requested,
                    skinTone: configuration.skinTone)
                // The browser's first screen shows the warnings in the status line.
                state.overlays.notice = Browser.notice(for: warnings)
                state.headerLines = options.headerLines(loadedHeader)
                options.list.apply(to: &state.options)
                state.setLook(options.look.look(placement: options.layoutName?.picker))
                if let requested, state.view.focus != requested {
                    let sections = catalog.sections
                    let reason =
                        sections.indices.contains(requested.section)
                        ? "section \(requested.section) has \(sections[requested.section].items.count) items, numbered from 0"
                        : "the data has \(sections.count) sections, numbered from 0"
                    throw InputError(message: "--focus \(focus!): no such item (\(reason))")
                }
                if let problem = RowOffsetArgument.problem(row, in: state.view.layout) {
                    throw InputError(message: problem)
                }
                for row in row { state.setRowOffset(row.offset, section: row.section) }
                if let offset {
                    state.scroll(to: offset)
                    // As after a wheel scroll: the status line describes an item on the screen.
                    if requested == nil { Browser.keepFocusInView(&state) }
                }
                let frame = Browser.render(state)
                try StandardStreams.output(frame.lines.joined(separator: "\n") + "\n")
            }
        }
    }
}
