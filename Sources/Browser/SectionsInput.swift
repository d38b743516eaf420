// What the section styles draw from: a value made of the state's parts they read (the
// content, the view, the marks and chosen tones, the options), not the whole state: they never
// see the overlays or the clock.

import Catalog
import SplitLayout
import TerminalUI

/// The input of `SectionsView` and the section styles, made once per frame.
struct SectionsInput {
    let content: ContentState
    let view: ViewState
    let picking: PickState
    let options: SessionOptions
    /// Rows of the screen that show content.
    let viewHeight: Int
    /// The row of the buffer drawn on where they begin (under a prompt on top, a preview
    /// above; 0 on a buffer of the sections' own).
    var viewTop: Int

    /// Whether a screen row shows content.
    func showsRow(_ y: Int) -> Bool { y >= viewTop && y < viewTop + viewHeight }
    /// The options' theme and width rules, at hand: read for every item of every frame, and
    /// taken through `options` each time they were copied whole with it (a fifth of a frame).
    let theme: Theme
    let textWidth: TextWidth
    /// The content's filter and best matches, which map a shown path to its source.
    let filter: SearchResult?
    let bestMatches: [ItemPath]

    init(_ state: BrowserState) {
        content = state.content
        view = state.view
        picking = state.picking
        options = state.options
        viewHeight = state.viewHeight
        viewTop = state.contentTop
        theme = state.options.theme
        textWidth = state.options.textWidth
        filter = state.content.filter
        bestMatches = state.content.bestMatches
    }

    /// The source path of a shown item (`ContentState.sourcePath`).
    func sourcePath(_ path: ItemPath) -> ItemPath {
        ContentState.sourcePath(path, filter: filter, bestMatches: bestMatches)
    }

    /// The glyph shown for a shown item (see `ContentState.glyph(atSource:picking:options:)`).
    func glyph(at path: ItemPath) -> String? {
        content.glyph(atSource: sourcePath(path), picking: picking, options: options)
    }

    /// `glyph(at:)` for a path known to exist in section `items`, read from the store alone
    /// when no tone was chosen or set (every frame asks it of every item on screen).
    func shownGlyph(at path: ItemPath, of items: ItemList) -> String? {
        if picking.chosenGlyphs.isEmpty && options.skinTone == nil { return items.glyph(at: path.item) }
        return glyph(at: path)
    }

    /// (Asked of every item of every frame: the source path only when something is marked.)
    func isMarked(_ path: ItemPath) -> Bool {
        !picking.marked.isEmpty && picking.isMarked(sourcePath(path))
    }

    /// The widget type that draws section `index`: its configured style's.
    func style(ofSection index: Int) -> any SectionStyle.Type {
        view.layout.sections[index].row == nil ? GridSection.self : RowSection.self
    }
}
