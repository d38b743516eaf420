// Composes one frame from the state: the widgets of what the state shows, stacked.

import Catalog
import SplitLayout
import TerminalUI

extension Browser {
    /// The frame for `state`. Its layers, back to front: the sections (or the "no matches"
    /// message), the status line or the search prompt, the tone chooser, the help.
    public static func render(_ state: BrowserState) -> CellBuffer {
        var buffer = CellBuffer(width: state.view.width, height: state.view.height, style: state.options.theme.base)
        var layers = Layers()
        let screen = Rect(x: 0, y: 0, width: state.view.width, height: state.view.height)
        if state.isTooSmall {
            layers.add(TooSmallScreen(state: state), in: screen)
            layers.render(into: &buffer)
            return buffer
        }
        let view = Rect(x: 0, y: 0, width: state.contentWidth, height: state.viewHeight)
        let statusRow = Rect(x: 0, y: state.view.height - 1, width: state.view.width, height: 1)
        state.content.itemFaces.withFaces { faces in
            layers.add(SectionsView(state: state, faces: faces), in: view, z: Layer.sections)
            if state.content.filter != nil && state.content.catalog.sections.isEmpty {
                layers.add(NoMatchesMessage(state: state), in: view, z: Layer.sections)
            }
            if !state.headerLines.isEmpty {
                let rows = Rect(
                    x: 0, y: state.view.height - 1 - state.headerLines.count, width: state.view.width,
                    height: state.headerLines.count)
                layers.add(HeaderLines(state: state), in: rows, z: Layer.status)
            }
            // (While a tone is chosen, the status line names it, whether the chooser was
            // opened from the prompt, Ctrl-T, or while browsing, s.)
            if let prompt = state.overlays.searchPrompt, state.overlays.toneChooser == nil {
                layers.add(SearchPromptLine(prompt: prompt, state: state), in: statusRow, z: Layer.status)
            } else {
                layers.add(StatusLine(state: state), in: statusRow, z: Layer.status)
            }
            if let panel = state.detailArea { layers.add(DetailPanel(state: state), in: panel, z: Layer.sections) }
            if state.overlays.toneChooser != nil {
                // Over the detail panel too: the chooser needs the rows around its emoji.
                let above = Rect(x: 0, y: 0, width: state.contentWidth, height: max(0, state.view.height - 1))
                layers.add(ToneChooserOverlay(state: state), in: above, z: Layer.chooser)
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
        static let help = 3.0
    }
}

/// --header and --header-lines: sticky lines above the status line, one per row, cut to the
/// width, controls shown by their signs.
struct HeaderLines: Widget {
    let state: BrowserState

    func render(in area: Rect, into buffer: inout CellBuffer) {
        buffer.fill(area, state.options.theme.base)
        for (row, line) in state.headerLines.enumerated() where row < area.height {
            let shown = state.options.textWidth.truncate(" " + VisibleText.standalone(line), toWidth: area.width)
            buffer.put(
                shown, x: area.x, y: area.y + row, style: state.options.theme.footer, measure: state.options.textWidth)
        }
    }
}

/// In place of the sections when the filter keeps nothing.
struct NoMatchesMessage: Widget {
    let state: BrowserState

    func render(in area: Rect, into buffer: inout CellBuffer) {
        let query = VisibleText.standalone(state.content.filter?.query.description ?? "")
        let message = state.options.textWidth.truncate("no matches for \"\(query)\"", toWidth: area.width - 2)
        let x = area.x + max(0, (area.width - state.options.textWidth.width(of: message)) / 2)
        buffer.put(
            message, x: x, y: area.y + area.height / 2, style: state.options.theme.base,
            measure: state.options.textWidth)
    }
}
