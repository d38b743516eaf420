// Composes one frame from the state: the widgets of what the state shows, stacked.

import Catalog
import SplitLayout
import TerminalUI

extension Browser {
    /// The frame for `state`. Its layers, back to front: the sections (or the "no matches"
    /// message), the status line or the search prompt, the tone chooser, the help.
    public static func render(_ state: BrowserState) -> CellBuffer {
        let frame = renderFrame(state)
        guard let lines = state.options.look.border.lines else { return frame }
        // (--border: the frame inside a line around the screen.)
        let theme = state.options.theme
        var buffer = CellBuffer(width: state.screenWidth, height: state.screenHeight, style: theme.base)
        let (right, bottom) = (buffer.width - 1, buffer.height - 1)
        guard right > 0, bottom > 0 else { return buffer }
        let across = String(repeating: lines.across, count: right - 1)
        buffer.put(lines.topLeft + across + lines.topRight, x: 0, y: 0, style: theme.border)
        buffer.put(lines.bottomLeft + across + lines.bottomRight, x: 0, y: bottom, style: theme.border)
        for row in 1..<bottom {
            buffer.put(lines.down, x: 0, y: row, style: theme.border)
            buffer.put(lines.down, x: right, y: row, style: theme.border)
        }
        buffer.place(frame, atX: 1, y: 1)
        return buffer
    }

    /// The frame inside the border.
    static func renderFrame(_ state: BrowserState) -> CellBuffer {
        var buffer = CellBuffer(width: state.view.width, height: state.view.height, style: state.options.theme.base)
        var layers = Layers()
        let screen = Rect(x: 0, y: 0, width: state.view.width, height: state.view.height)
        if state.isTooSmall {
            layers.add(
                // (What the screen needs: the frame's need and the border around it.)
                TooSmallScreen(
                    needWidth: state.requiredWidth + state.screenWidth - state.view.width,
                    needHeight: state.requiredHeight + state.screenHeight - state.view.height,
                    theme: state.options.theme),
                in: screen)
            layers.render(into: &buffer)
            return buffer
        }
        let view = Rect(x: state.contentLeft, y: state.contentTop, width: state.contentWidth, height: state.viewHeight)
        // The prompt line at the bottom, the header lines above it; or with the prompt on top
        // (--layout reverse), the header lines under it.
        let onTop = state.options.look.promptOnTop
        let statusRow = Rect(x: 0, y: onTop ? 0 : state.view.height - 1, width: state.view.width, height: 1)
        state.content.itemFaces.withFaces { faces in
            layers.add(SectionsView(state: SectionsInput(state), faces: faces), in: view, z: Layer.sections)
            if state.content.isSearching && state.content.catalog.sections.isEmpty {
                layers.add(
                    NoMatchesMessage(query: state.content.filter?.query.description ?? "", options: state.options),
                    in: view, z: Layer.sections)
            }
            if !state.headerLines.isEmpty {
                let rows = Rect(
                    x: 0, y: onTop ? 1 : state.view.height - 1 - state.headerLines.count, width: state.view.width,
                    height: state.headerLines.count)
                layers.add(HeaderLines(lines: state.headerLines, options: state.options), in: rows, z: Layer.status)
            }
            // (While a tone is chosen, the status line names it, whether the chooser was
            // opened from the prompt, Ctrl-T, or while browsing, s.)
            if let prompt = state.overlays.searchPrompt, state.overlays.toneChooser == nil,
                !(state.options.promptWaitsForTyping && prompt.text.isEmpty)
            {
                layers.add(SearchPromptLine(prompt, state), in: statusRow, z: Layer.status)
            } else {
                layers.add(StatusLine(state), in: statusRow, z: Layer.status)
            }
            if let panel = state.detailArea {
                if state.hasPreview {
                    layers.add(PreviewPanel(state), in: panel, z: Layer.sections)
                } else {
                    layers.add(DetailPanel(state), in: panel, z: Layer.sections)
                }
            }
            if let chooser = state.overlays.toneChooser {
                // Over the detail panel too: the chooser needs the rows around its emoji.
                let above = Rect(
                    x: state.contentLeft, y: onTop ? 1 : 0, width: state.contentWidth,
                    height: max(0, state.view.height - 1))
                let anchor = state.drawnFrame(of: chooser.path).map {
                    Rect(
                        x: $0.x + state.contentLeft, y: $0.y - state.view.offset + state.contentTop, width: $0.width,
                        height: $0.height)
                }
                layers.add(
                    ToneChooserOverlay(
                        chooser: chooser, anchor: anchor, screenWidth: state.view.width, options: state.options),
                    in: above, z: Layer.chooser)
            }
            if let switcher = state.overlays.sectionSwitcher {
                layers.add(
                    SectionSwitcherOverlay(
                        switcher: switcher, entries: switcher.entries(in: state), options: state.options),
                    in: Rect(x: 0, y: state.contentTop, width: state.view.width, height: state.viewHeight),
                    z: Layer.switcher)
            }
            if state.overlays.showingHelp { layers.add(HelpOverlay(state), in: helpArea(state), z: Layer.help) }
            layers.render(into: &buffer)
        }
        return buffer
    }

    /// The `z` of each layer of a frame.
    enum Layer {
        static let sections = 0.0
        static let status = 1.0
        static let chooser = 2.0
        static let switcher = 2.5
        static let help = 3.0
    }
}

/// --header and --header-lines: sticky lines above the status line, one per row, cut to the
/// width, controls shown by their signs.
struct HeaderLines: Widget {
    let lines: [String]
    let options: SessionOptions

    func render(in area: Rect, into buffer: inout CellBuffer) {
        buffer.fill(area, options.theme.base)
        for (row, line) in lines.enumerated() where row < area.height {
            let shown = options.textWidth.truncate(" " + VisibleText.standalone(line), toWidth: area.width)
            buffer.put(shown, x: area.x, y: area.y + row, style: options.theme.footer, measure: options.textWidth)
        }
    }
}

/// In place of the sections when the filter keeps nothing.
struct NoMatchesMessage: Widget {
    let query: String
    let options: SessionOptions

    func render(in area: Rect, into buffer: inout CellBuffer) {
        let message = options.textWidth.truncate(
            "no matches for \"\(VisibleText.standalone(query))\"", toWidth: area.width - 2)
        let x = area.x + max(0, (area.width - options.textWidth.width(of: message)) / 2)
        buffer.put(message, x: x, y: area.y + area.height / 2, style: options.theme.base, measure: options.textWidth)
    }
}
