// The state of one browsing session. Everything the screen shows is derived from it by
// `Browser.render`, and every key, click and resize changes it through `Browser.update`.

import Catalog
import SplitLayout
import TerminalUI

public struct BrowserState: Sendable {
    /// Below this size the browser shows a "terminal too small" screen instead of garbage
    /// (and below `requiredHeight`, which the configured sizes may raise).
    public static let minimumWidth = 20
    public static let minimumHeight = 5
    /// One press of `<` or `>` moves the split by this share of the width.
    public static let ratioStep = 0.05

    /// What the session was started with and keeps.
    public var options: SessionOptions
    /// The data, and the search in force over it.
    public internal(set) var content: ContentState
    /// The size, the layout, the scroll and the focus.
    public internal(set) var view: ViewState
    /// The search prompt, the help, the detail panel, the tone chooser, a notice.
    public var overlays = OverlayState()
    /// The marks, the tones chosen, how the session ended.
    public internal(set) var picking = PickState()
    /// The clock, values in motion, the gestures under way.
    public internal(set) var motion = MotionState()
    /// The preview (--preview): shown or not, its command's output, its scroll.
    public internal(set) var preview = PreviewPane()

    public init(
        catalog: Catalog, settings: LayoutSettings, theme: Theme = .standard,
        textWidth: TextWidth = TextWidth(), width: Int, height: Int, focus: ItemPath? = nil,
        multiSelect: Bool = false, skinTone: SkinTone? = nil
    ) {
        options = SessionOptions(multiSelect: multiSelect, skinTone: skinTone, theme: theme, textWidth: textWidth)
        content = ContentState(catalog: catalog, settings: settings, theme: theme, textWidth: textWidth)
        let room = content.columnRoom
        view = ViewState(
            width: width, height: height,
            layout: SplitLayout(
                sections: content.specs, parameters: room.fitted(settings.parameters(forWidth: width), width: width),
                width: width))
        // (No detail panel yet: the layout takes the whole width.)
        view.focus = focus.flatMap { view.layout.frame(of: $0) != nil ? $0 : nil } ?? view.firstItem()
        relayout()
        followFocusInRows(animated: false)
        if let focus = view.focus { scrollIntoView(focus) }
    }

    /// Sticky lines above the status line (fzf's --header and --header-lines), as fzf shows
    /// them above its prompt; the view is laid out again for the rows they take.
    public var headerLines: [String] {
        get { content.headerLines }
        set {
            content.headerLines = newValue
            relayout()
        }
    }

    /// Says that the data is still arriving (a stream: `loaded` events follow, then
    /// `loadEnded`); the status line says so.
    public mutating func expectMoreData() { content.isLoading = true }

    /// Whether typing goes straight to the query (`SessionOptions.typingQueries`); turning it
    /// on opens the prompt, where Enter picks.
    public var typingQueries: Bool {
        get { options.typingQueries }
        set {
            options.typingQueries = newValue
            guard newValue else { return }
            if overlays.searchPrompt == nil { startSearch("") }
            options.enterPicksFromPrompt = true
        }
    }

    // MARK: Derived values

    /// When the loop must wake the session with a tick even if no input comes; nil: only
    /// input (or data arriving) changes what is shown.
    public var nextWakeUp: Moment? { motion.nextWakeUp }

    /// Rows that show content: all but the status line.
    public var viewHeight: Int { max(0, view.height - 1 - detailRows - headerLines.count) }
    /// The row of the frame (inside the border) where the content begins: under the prompt
    /// line and the header lines when the prompt is on top (`--layout reverse`), else the first.
    /// A preview above the sections (`--preview-window up`) comes before them too.
    public var contentTop: Int { (options.look.promptOnTop ? 1 + headerLines.count : 0) + rowsAbove }
    /// A mouse event with its point in the content's coordinates, as the view's queries take
    /// it: less the border and the rows above the content. A point above the content (the
    /// prompt line on top, the header lines, the border) goes below it, where nothing is hit.
    func contentPoint(_ mouse: MouseEvent) -> MouseEvent {
        var event = mouse
        event.x -= options.look.borderWidth + contentLeft
        event.y -= options.look.borderWidth + contentTop
        if event.y < 0 { event.y = view.height }
        return event
    }

    /// The screen's size: the frame's and the border's around it.
    public var screenWidth: Int { view.width + 2 * options.look.borderWidth }
    public var screenHeight: Int { view.height + 2 * options.look.borderWidth }
    public var isTooSmall: Bool { view.width < requiredWidth || view.height < requiredHeight }
    /// The columns a screen needs: 20, or more when the sections need a wider column for their
    /// items than that (wide insets, many items per line: `ColumnRoom`).
    public var requiredWidth: Int { max(Self.minimumWidth, content.columnRoom.narrowest) }
    /// The rows a screen needs to show a section's header, its top inset and one whole line
    /// of items of the configured height above the status line: tall items in the
    /// configuration (`[item] height = 40`) on a short terminal would show only slices of
    /// items, and Enter would pick an item the user never saw whole.
    public var requiredHeight: Int {
        // A row's line is a card (and the rows an effect raises cards into); a group's, its
        // tallest repetition.
        let line = max(content.settings.itemHeight, view.layout.tallestRow, view.layout.tallestGroup)
        // A data file's section may have a taller header than the configured one.
        let header = max(content.settings.headerHeight, view.layout.tallestHeader)
        return max(
            Self.minimumHeight,
            header + max(0, content.settings.parameters.sectionInset.top) + line + 1 + headerLines.count)
    }
    public var maximumOffset: Int { view.maximumOffset(viewHeight: viewHeight) }
    /// The rows that show everything at this width: the sections, the status line, the
    /// header lines and a detail panel below; at least `requiredHeight`. A screen whose height
    /// follows its content (`--height ~N`) takes this many.
    public var contentRows: Int {
        max(requiredHeight, view.layout.contentHeight + 1 + detailRows + headerLines.count)
            + 2 * options.look.borderWidth
    }
    /// The glyph shown and printed for an item: the one chosen for it in the tone chooser,
    /// else its variant in the default skin tone, else its own.
    public func glyph(at path: ItemPath) -> String? { glyph(atSource: content.sourcePath(path)) }

    /// The same for a source path.
    public func glyph(atSource path: ItemPath) -> String? {
        content.glyph(atSource: path, picking: picking, options: options)
    }

    /// What the recent-picks file keeps for the item at `path` of the source (`Item.recentKey`):
    /// the glyph `glyph(atSource:)` gives (the tone chosen), else its label.
    public func recentKey(atSource path: ItemPath) -> String? {
        glyph(atSource: path) ?? content.item(atSource: path)?.label
    }

    /// Whether a shown item is marked.
    public func isMarked(_ path: ItemPath) -> Bool {
        !picking.marked.isEmpty && picking.isMarked(content.sourcePath(path))
    }

    /// What Enter prints, as source paths: the marked items in marking order (whatever the
    /// filter shows now), else the focused item.
    public var picks: [ItemPath] { picking.picks(focus: view.focus.map(content.sourcePath)) }

    /// The layout parameters at the current width, with the live ratio adjustment applied to a
    /// two-column split (a one-column breakpoint stays one column), and one column where two
    /// would leave one of them no room for items (`ColumnRoom`).
    var currentParameters: LayoutParameters {
        var parameters = content.settings.parameters(forWidth: contentWidth)
        if parameters.leftRatio > 0 && parameters.leftRatio < 1 {
            parameters.leftRatio = min(0.9, max(0.1, parameters.leftRatio + Double(view.ratioSteps) * Self.ratioStep))
        }
        return content.columnRoom.fitted(parameters, width: contentWidth)
    }

    // MARK: Changes

    /// Lays the sections out again for the current size and ratio, keeping the focused item
    /// at about the same row of the screen.
    mutating func relayout() {
        fitDetails()
        let screenRow = view.focus.flatMap { view.layout.frame(of: $0) }.map { $0.y - view.offset }
        var new = SplitLayout(
            sections: content.specs, parameters: currentParameters, width: contentWidth, height: viewHeight)
        new.takeRowPages(from: view.layout)
        view.layout = new
        // A session started on a terminal too narrow to place any item has no focus yet.
        if view.focus == nil { view.focus = view.firstItem() }
        if let focus = view.focus, let frame = view.layout.frame(of: focus), let screenRow {
            view.offset = frame.y - screenRow
        }
        clampOffset()
        if let focus = view.focus { scrollIntoView(focus) }
    }

    /// Sets the frame's look (`PickerLook`): a border takes a cell on each side of the screen,
    /// so the view is laid out again for the screen size it had.
    public mutating func setLook(_ look: PickerLook) {
        let (width, height) = (screenWidth, screenHeight)
        options.look = look
        resize(width: width, height: height)
    }

    /// Lays the view out for a screen of this size (the border, if any, inside it).
    mutating func resize(width: Int, height: Int) {
        let wasTooSmall = isTooSmall
        if !wasTooSmall {
            view.focusRowBeforeTooSmall = view.focus.flatMap { view.layout.frame(of: $0) }.map { $0.y - view.offset }
        }
        self.view.width = max(0, width - 2 * options.look.borderWidth)
        self.view.height = max(0, height - 2 * options.look.borderWidth)
        relayout()
        // Back from the "terminal too small" screen: the focus at the row it had before, not at
        // one of the few rows the tiny screen had (a 15 x 4 screen has 3).
        if wasTooSmall, !isTooSmall, let row = view.focusRowBeforeTooSmall, let focus = view.focus,
            let frame = view.layout.frame(of: focus)
        {
            view.offset = frame.y - row
            clampOffset()
            scrollIntoView(focus)
        }
    }

    mutating func clampOffset() { view.clampOffset(viewHeight: viewHeight) }

    /// Scrolls as little as possible so the item is fully in view below its column's pinned
    /// header.
    mutating func scrollIntoView(_ path: ItemPath) { view.scrollIntoView(path, viewHeight: viewHeight) }

    mutating func setFocus(_ path: ItemPath?) { view.setFocus(path, viewHeight: viewHeight) }

    /// Opens the tone chooser on the focused item when it has variants; the glyph it shows
    /// now is selected.
    mutating func openToneChooser() {
        guard let focus = view.focus, let item = content.item(at: focus) else { return }
        guard let base = item.glyph, !item.variants.isEmpty else {
            overlays.notice = "\(VisibleText.standalone(item.label)) has no skin tones"
            return
        }
        let options = [base] + item.variants
        overlays.toneChooser = ToneChooser(
            path: focus, options: options,
            selected: glyph(at: focus).flatMap { options.firstIndex(of: $0) } ?? 0)
    }

    /// Takes the chooser's selection for its item: marks it with --multi, else picks it.
    mutating func acceptTone() {
        guard let chooser = overlays.toneChooser else { return }
        overlays.toneChooser = nil
        picking.chosenGlyphs[content.sourcePath(chooser.path)] = chooser.options[chooser.selected]
        if options.multiSelect {
            picking.mark(content.sourcePath(chooser.path))
        } else {
            picking.outcome = .chosen(chooser.path)
        }
    }

    /// Marks the item, or unmarks it if it was marked.
    mutating func toggleMark(_ shown: ItemPath) { picking.toggleMark(content.sourcePath(shown)) }
}

extension BrowserState {
    /// Whether the focus has items beside it on its line, a grid's or a row of cards': there
    /// ← and → go from item to item while typing goes to the query.
    var focusIsSideBySide: Bool {
        guard let focus = view.focus, content.catalog.sections.indices.contains(focus.section) else { return false }
        return focusedRow != nil || !content.drawsAsList(section: focus.section)
    }
}

extension BrowserState {
    /// Scrolls to a content row (clamped), leaving the focus where it is.
    public mutating func scroll(to offset: Int) {
        self.view.offset = offset
        clampOffset()
    }
}

extension BrowserState {
    /// Takes the catalog grown by data that arrived: the same sections with the same items
    /// first, more items after them and more sections after those. The focused item stays at
    /// its row of the screen; a search in force covers the new items too.
    public mutating func load(_ grown: Catalog) {
        if content.foldsArriving, grown.sections.count > content.source.sections.count {
            content.folded.formUnion(content.source.sections.count..<grown.sections.count)
        }
        content.source = grown
        if let adjustSettings = options.adjustSettings { content.settings = adjustSettings(content.settings, grown) }
        // (The search session extends its result over the items that arrived: a snapshot's
        // sections begin with the previous one's.)
        showSource()
        if view.followsEnd { focusLast() }
    }

    /// Focuses the last item, scrolled to the end (End, `G`).
    mutating func focusLast() {
        setFocus(view.lastItem())
        view.offset = maximumOffset
        if let focus = view.focus { scrollIntoView(focus) }
    }

    /// Shows `source` again after it changed: through the filter in force (the focus kept on
    /// its item while it matches), else whole, laid out anew.
    mutating func showSource() {
        if let filter = content.filter {
            applyFilter(overlays.searchPrompt?.text ?? filter.query.description, keepingFocus: true)
            return
        }
        content.catalog = content.source
        content.refreshLayoutInput(theme: options.theme, textWidth: options.textWidth)
        relayout()
    }
}
