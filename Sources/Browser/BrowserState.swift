// The state of one browsing session. Everything the screen shows is derived from it by
// `Browser.render`, and every key, click and resize changes it through `Browser.update`.

import Catalog
import SplitLayout
import TerminalUI

/// How a session ended.
public enum Outcome: Hashable, Sendable {
    /// Enter (or a click on the focused item): print it.
    case chosen(ItemPath)
    /// Enter with nothing to pick (a search with no match, no marks): as fzf's, the query
    /// (--print-query) and the key (--expect) are printed, no item, and the status is 1.
    case pickedNothing
    /// q or Esc: no output.
    case cancelled
    /// Ctrl-C.
    case interrupted
    /// The data could not be read to its end (a stream's input failed): its message.
    case failed(String)
}

public struct BrowserState: Sendable {
    /// Below this size the browser shows a "terminal too small" screen instead of garbage
    /// (and below `requiredHeight`, which the configured sizes may raise).
    public static let minimumWidth = 20
    public static let minimumHeight = 5
    /// One press of `<` or `>` moves the split by this share of the width.
    public static let ratioStep = 0.05

    /// Everything loaded. Item paths kept across searches (marks, chosen tones, the focus to
    /// restore) are paths into this catalog: "source paths".
    public internal(set) var source: Catalog
    /// What is shown: `source`, or the items the search filter kept. The focus, the layout and
    /// `item(at:)` use paths into this catalog.
    public internal(set) var catalog: Catalog
    /// The search filter in force; nil when everything is shown.
    public internal(set) var filter: SearchResult?
    /// The items of the "Best matches" section leading the filtered catalog (source paths);
    /// empty when it is not shown.
    public internal(set) var bestMatches: [ItemPath] = []
    /// How a search matches and what it shows (the configuration's `[search]`).
    public var searchOptions = SearchOptions()
    /// Open while the user types a search.
    public internal(set) var searchPrompt: SearchPrompt?
    /// The results along what was typed, so Backspace costs nothing at a million items.
    var searches = SearchSession()
    /// Set when the prompt's text changed and the filter does not follow it yet (a paste is
    /// searched once, at its end: see `Browser.take`).
    var filterIsStale = false
    /// The configuration's layout (with the styles chosen in the browser: `toggleStyle`).
    public internal(set) var settings: LayoutSettings
    public let theme: Theme
    public let textWidth: TextWidth
    /// What drawing each item takes that depends on the item alone, kept between frames (and
    /// shared by the copies of this state, which show the same items: a catalog only grows,
    /// `load`, and a source path keeps its item).
    let itemFaces = ItemFaces()
    public private(set) var width: Int
    public private(set) var height: Int
    public internal(set) var layout: SplitLayout
    /// The content row at the top of the view.
    public internal(set) var offset: Int = 0
    public internal(set) var focus: ItemPath?
    /// Presses of `>` minus presses of `<`, applied to a two-column ratio.
    public internal(set) var ratioSteps = 0
    public internal(set) var showingHelp = false
    /// The detail panel (`i`) is open.
    public internal(set) var showingDetails = false
    /// End (`G`) was the last key: while data still arrives, the focus follows the last item,
    /// as `less +F` follows a file, until the next key or click.
    public internal(set) var followsEnd = false
    /// The help's first line shown (`HelpOverlay`, which keeps it in range), 0 when it opens.
    public internal(set) var helpScroll = 0
    /// A message about the data (its load warnings) in the status line, in place of the
    /// focused item, until the first key or click: printed before the screen started, on
    /// standard error, it would be seen only after quitting. A resize keeps it.
    public var notice: String?
    public internal(set) var outcome: Outcome?
    /// Whether Space marks items for one Enter to print them all (--multi).
    public let multiSelect: Bool
    /// The marked items, in the order they were marked (the order they are printed in).
    public internal(set) var marked: [ItemPath] = []
    /// The tone shown and printed for every emoji that has it (nil: the yellow default).
    public let skinTone: SkinTone?
    /// Open while the user picks a skin tone for the focused emoji.
    public internal(set) var toneChooser: ToneChooser?
    /// Glyphs chosen in the tone chooser, by item: shown and printed instead of the default.
    public internal(set) var chosenGlyphs: [ItemPath: String] = [:]
    /// How --print prints an item (given the item, its section's title and its glyph as
    /// shown): what Enter prints and `y` copies; nil: its glyph, else its label.
    public var printLine: (@Sendable (Item, String, String?) -> String)?
    /// The keys of --expect.
    public var expectedKeys = ExpectedKeys()
    /// Sticky lines above the status line (fzf's --header and --header-lines), as fzf shows
    /// them above its prompt. Set before the first frame.
    public var headerLines: [String] = [] {
        didSet { relayout() }
    }
    /// The --expect key that ended the session (nil: Enter or a click).
    public internal(set) var endingKey: String?
    /// Whether typing goes straight to the query (fzf's way, `--typing query`): the prompt is
    /// open from the start and never closes, Enter picks, Esc quits; the browsing keys that are
    /// letters are not there (arrows, Ctrl-N and Ctrl-P move; Ctrl-T, Ctrl-O for s and i).
    public var typingQueries = false {
        didSet {
            guard typingQueries else { return }
            if searchPrompt == nil { startSearch("") }
            enterPicksFromPrompt = true
        }
    }
    /// Items left out because the terminal cannot draw their glyph (`[emoji] undrawable =
    /// "hidden"`): the status line counts them.
    public var hiddenItems = 0
    /// Whether the data is still arriving (a stream): the status line says so.
    public var isLoading = false
    /// After a count while the data is still arriving: "…", more to come (fzf shows a spinner).
    public var loadingMark: String { isLoading ? "…" : "" }
    /// The layout settings for a catalog that grew (a data file's items measured while there
    /// are few enough, one column for one section): given the settings in force (the styles
    /// chosen in the browser kept) and the new catalog.
    public var adjustSettings: (@Sendable (LayoutSettings, Catalog) -> LayoutSettings)?
    /// Whether Enter in the search prompt picks at once (the prompt opened by --query, as
    /// fzf's Enter does) rather than keeping the filter.
    public var enterPicksFromPrompt = false
    /// The time of the last event (an input or a tick): what values in motion are read at.
    public internal(set) var now = Moment(milliseconds: 0)
    /// Values in motion and timers; the loop wakes at `nextWakeUp` for them.
    public internal(set) var timeline = Timeline()
    /// The rows the wheel or a drag is sliding, by section (see `slideRow`).
    var rowSlides: [Int: RowSlide] = [:]
    /// The row the mouse button was pressed on, while it is held (see `grabRow`).
    var rowGrab: RowGrab?
    /// Whether the button was pressed on the divider between the columns and is held.
    var dividerGrabbed = false
    /// The focus's screen row at the last size that was not too small (see `resize`).
    var focusRowBeforeTooSmall: Int?
    var specs: [SectionSpec] {
        didSet { columnRoom = ColumnRoom(sections: specs, parameters: settings.parameters) }
    }
    /// How wide a column must be for every section's items (`ColumnRoom`): narrower two
    /// columns are laid out as one, and a screen narrower than one is too small.
    public private(set) var columnRoom: ColumnRoom
    /// The style options and effect of each row section, by section (made with `specs`: a frame
    /// asks them of every row on screen).
    var rowLooks: [Int: RowLook]
    /// Index of each section's first item among all items, for "n of N".
    var itemsBefore: [Int]

    public init(
        catalog: Catalog, settings: LayoutSettings, theme: Theme = .standard,
        textWidth: TextWidth = TextWidth(), width: Int, height: Int, focus: ItemPath? = nil,
        multiSelect: Bool = false, skinTone: SkinTone? = nil
    ) {
        self.source = catalog
        self.catalog = catalog
        self.multiSelect = multiSelect
        self.skinTone = skinTone
        self.settings = settings
        self.theme = theme
        self.textWidth = textWidth
        self.width = width
        self.height = height
        (self.specs, self.itemsBefore, self.rowLooks) = Self.layoutInput(
            for: catalog, settings: settings, theme: theme, textWidth: textWidth)
        self.columnRoom = ColumnRoom(sections: specs, parameters: settings.parameters)
        self.layout = SplitLayout(
            sections: specs, parameters: columnRoom.fitted(settings.parameters(forWidth: width), width: width),
            width: width)
        // (No detail panel yet: the layout takes the whole width.)
        self.focus = focus.flatMap { layout.frame(of: $0) != nil ? $0 : nil } ?? firstItem()
        relayout()
        followFocusInRows(animated: false)
        if let focus = self.focus { scrollIntoView(focus) }
    }

    /// The layout's sections, each section's first item among all items, and the looks of the
    /// row sections.
    static func layoutInput(for catalog: Catalog, settings: LayoutSettings, theme: Theme, textWidth: TextWidth) -> (
        [SectionSpec], [Int], [Int: RowLook]
    ) {
        let looks = settings.rowLooks(for: catalog)
        var specs = settings.sectionSpecs(for: catalog, rowLooks: looks, textWidth: textWidth)
        for index in specs.indices where !theme.sectionBackgrounds.isEmpty {
            specs[index].hasBackground = true
        }
        var running = 0
        let itemsBefore = catalog.sections.map { section in
            defer { running += section.items.count }
            return running
        }
        return (specs, itemsBefore, looks)
    }

    // MARK: Derived values

    /// When the loop must wake the session with a tick even if no input comes; nil: only
    /// input (or data arriving) changes what is shown.
    public var nextWakeUp: Moment? { timeline.nextWakeUp(after: now) }

    /// Rows that show content: all but the status line.
    public var viewHeight: Int { max(0, height - 1 - detailRows - headerLines.count) }
    public var isTooSmall: Bool { width < requiredWidth || height < requiredHeight }
    /// The columns a screen needs: 20, or more when the sections need a wider column for their
    /// items than that (wide insets, many items per line: `ColumnRoom`).
    public var requiredWidth: Int { max(Self.minimumWidth, columnRoom.narrowest) }
    /// The rows a screen needs to show a section's header, its top inset and one whole line
    /// of items of the configured height above the status line: tall items in the
    /// configuration (`[item] height = 40`) on a short terminal would show only slices of
    /// items, and Enter would pick an item the user never saw whole.
    public var requiredHeight: Int {
        // A row's line is a card (and the rows an effect raises cards into); a group's, its
        // tallest repetition.
        let line = max(settings.itemHeight, layout.tallestRow, layout.tallestGroup)
        // A data file's section may have a taller header than the configured one.
        let header = max(settings.headerHeight, layout.tallestHeader)
        return max(
            Self.minimumHeight,
            header + max(0, settings.parameters.sectionInset.top) + line + 1 + headerLines.count)
    }
    public var maximumOffset: Int { max(0, layout.contentHeight - viewHeight) }
    /// The rows that show everything at this width: the sections, the status line, the
    /// header lines and a detail panel below; at least `requiredHeight`. A screen whose height
    /// follows its content (`--height ~N`) takes this many.
    public var contentRows: Int {
        max(requiredHeight, layout.contentHeight + 1 + detailRows + headerLines.count)
    }
    public var itemCount: Int { itemsBefore.last.map { $0 + catalog.sections.last!.items.count } ?? 0 }

    public func item(at path: ItemPath) -> Item? {
        guard catalog.sections.indices.contains(path.section),
            catalog.sections[path.section].items.indices.contains(path.item)
        else { return nil }
        return catalog.sections[path.section].items[path.item]
    }

    /// The glyph shown and printed for an item: the one chosen for it in the tone chooser,
    /// else its variant in the default skin tone, else its own.
    public func glyph(at path: ItemPath) -> String? { glyph(atSource: sourcePath(path)) }

    /// The same for a source path.
    public func glyph(atSource path: ItemPath) -> String? {
        if let chosen = chosenGlyphs[path] { return chosen }
        guard let item = item(atSource: path) else { return nil }
        if let skinTone, !item.variants.isEmpty, let variant = skinTone.variant(of: item) { return variant }
        return item.glyph
    }

    public func isMarked(_ path: ItemPath) -> Bool { !marked.isEmpty && marked.contains(sourcePath(path)) }

    /// What Enter prints, as source paths: the marked items in marking order (whatever the
    /// filter shows now), else the focused item.
    public var picks: [ItemPath] {
        if !marked.isEmpty { return marked }
        return focus.map { [sourcePath($0)] } ?? []
    }

    public func item(atSource path: ItemPath) -> Item? {
        guard source.sections.indices.contains(path.section),
            source.sections[path.section].items.indices.contains(path.item)
        else { return nil }
        return source.sections[path.section].items[path.item]
    }

    /// The source path of a shown item.
    public func sourcePath(_ path: ItemPath) -> ItemPath {
        guard let filter else { return path }
        if isBestMatch(path) { return bestMatches.indices.contains(path.item) ? bestMatches[path.item] : path }
        let shift = bestMatches.isEmpty ? 0 : 1
        return sourcePath(ItemPath(section: path.section - shift, item: path.item), in: filter)
    }

    /// Whether a shown item is in the Best matches section (which leads while it has items).
    func isBestMatch(_ path: ItemPath) -> Bool { !bestMatches.isEmpty && path.section == 0 }

    /// The source path of an item of `filter`'s sections (Best matches left out).
    private func sourcePath(_ path: ItemPath, in filter: SearchResult) -> ItemPath {
        guard filter.sections.indices.contains(path.section) else { return path }
        let match = filter.sections[path.section]
        guard match.items.indices.contains(path.item) else { return path }
        return ItemPath(section: match.section, item: match.items[path.item])
    }

    /// Where a source item is shown (in its own section, not in Best matches); nil when the
    /// filter hides it.
    public func shownPath(_ path: ItemPath) -> ItemPath? {
        guard let filter else { return path }
        guard let index = filter.sections.firstIndex(where: { $0.section == path.section }),
            let position = filter.sections[index].items.position(of: path.item)
        else { return nil }
        return ItemPath(section: index + (bestMatches.isEmpty ? 0 : 1), item: position)
    }

    /// 1-based position of an item among all items.
    /// Where the item stands among the items shown ("n" of "n of N"): in its own section for a
    /// section that repeats items (Recent), else among the other sections' items.
    public func ordinal(of path: ItemPath) -> Int {
        guard catalog.sections.indices.contains(path.section) else { return path.item + 1 }
        if catalog.sections[path.section].repeatsItems { return path.item + 1 }
        let repeatedBefore = catalog.sections[..<path.section].filter(\.repeatsItems).reduce(0) { $0 + $1.items.count }
        return itemsBefore[path.section] - repeatedBefore + path.item + 1
    }

    /// The items shown, each once: a section that repeats others' items (Recent) left out.
    public var distinctItemCount: Int {
        itemCount - catalog.sections.filter(\.repeatsItems).reduce(0) { $0 + $1.items.count }
    }

    /// The layout parameters at the current width, with the live ratio adjustment applied to a
    /// two-column split (a one-column breakpoint stays one column), and one column where two
    /// would leave one of them no room for items (`ColumnRoom`).
    var currentParameters: LayoutParameters {
        var parameters = settings.parameters(forWidth: contentWidth)
        if parameters.leftRatio > 0 && parameters.leftRatio < 1 {
            parameters.leftRatio = min(0.9, max(0.1, parameters.leftRatio + Double(ratioSteps) * Self.ratioStep))
        }
        return columnRoom.fitted(parameters, width: contentWidth)
    }

    // MARK: Changes

    /// Lays the sections out again for the current size and ratio, keeping the focused item
    /// at about the same row of the screen.
    mutating func relayout() {
        let screenRow = focus.flatMap { layout.frame(of: $0) }.map { $0.y - offset }
        var new = SplitLayout(sections: specs, parameters: currentParameters, width: contentWidth)
        new.takeRowPages(from: layout)
        layout = new
        // A session started on a terminal too narrow to place any item has no focus yet.
        if focus == nil { focus = firstItem() }
        if let focus, let frame = layout.frame(of: focus), let screenRow {
            offset = frame.y - screenRow
        }
        clampOffset()
        if let focus { scrollIntoView(focus) }
    }

    mutating func resize(width: Int, height: Int) {
        let wasTooSmall = isTooSmall
        if !wasTooSmall { focusRowBeforeTooSmall = focus.flatMap { layout.frame(of: $0) }.map { $0.y - offset } }
        self.width = max(0, width)
        self.height = max(0, height)
        relayout()
        // Back from the "terminal too small" screen: the focus at the row it had before, not at
        // one of the few rows the tiny screen had (a 15 x 4 screen has 3).
        if wasTooSmall, !isTooSmall, let row = focusRowBeforeTooSmall, let focus, let frame = layout.frame(of: focus) {
            offset = frame.y - row
            clampOffset()
            scrollIntoView(focus)
        }
    }

    mutating func clampOffset() { offset = min(max(0, offset), maximumOffset) }

    /// Scrolls as little as possible so the item is fully in view below its column's pinned
    /// header.
    mutating func scrollIntoView(_ path: ItemPath) {
        guard let frame = layout.frame(of: path) else { return }
        let header = layout.parameters.pinHeaders ? layout.sections[path.section].headerHeight : 0
        // The bottom first, then the top: an item taller than the view shows its top.
        if frame.maxY > offset + viewHeight { offset = frame.maxY - viewHeight }
        if frame.y - header < offset {
            offset = frame.y - header
            // On its section's first line, show the top of the section: the header at its own
            // row and the top inset, as when the section was first scrolled to.
            let section = layout.sections[path.section]
            if layout.firstItem(atOrBelowRow: section.itemsArea.y, columnIndex: section.columnIndex)
                .flatMap({ layout.frame(of: $0) })?.y == frame.y
            {
                offset = section.frame.y
            }
        }
        clampOffset()
    }

    mutating func setFocus(_ path: ItemPath?) {
        guard let path, layout.frame(of: path) != nil else { return }
        focus = path
        scrollIntoView(path)
    }

    /// The first drawn item in section order.
    func firstItem(fromSection start: Int = 0, forward: Bool = true) -> ItemPath? {
        let order =
            forward
            ? Array(start..<layout.sections.count) : Array((0...min(start, layout.sections.count - 1)).reversed())
        for index in order where layout.sections.indices.contains(index) {
            let count = layout.sections[index].itemCount
            for item in 0..<count where layout.frame(of: ItemPath(section: index, item: item)) != nil {
                return ItemPath(section: index, item: item)
            }
        }
        return nil
    }

    /// Opens the tone chooser on the focused item when it has variants; the glyph it shows
    /// now is selected.
    mutating func openToneChooser() {
        guard let focus, let item = item(at: focus) else { return }
        guard let base = item.glyph, !item.variants.isEmpty else {
            notice = "\(VisibleText.standalone(item.label)) has no skin tones"
            return
        }
        let options = [base] + item.variants
        toneChooser = ToneChooser(
            path: focus, options: options,
            selected: glyph(at: focus).flatMap { options.firstIndex(of: $0) } ?? 0)
    }

    /// Takes the chooser's selection for its item: marks it with --multi, else picks it.
    mutating func acceptTone() {
        guard let chooser = toneChooser else { return }
        toneChooser = nil
        chosenGlyphs[sourcePath(chooser.path)] = chooser.options[chooser.selected]
        if multiSelect {
            if !isMarked(chooser.path) { marked.append(sourcePath(chooser.path)) }
        } else {
            outcome = .chosen(chooser.path)
        }
    }

    /// Marks the item, or unmarks it if it was marked.
    mutating func toggleMark(_ shown: ItemPath) {
        let path = sourcePath(shown)
        if let index = marked.firstIndex(of: path) {
            marked.remove(at: index)
        } else {
            marked.append(path)
        }
    }

    /// The next drawn item in section order (reading order), nil after the last.
    func nextItem(after path: ItemPath) -> ItemPath? {
        var section = path.section, item = path.item + 1
        while layout.sections.indices.contains(section) {
            while item < layout.sections[section].itemCount {
                let candidate = ItemPath(section: section, item: item)
                if layout.frame(of: candidate) != nil { return candidate }
                item += 1
            }
            section += 1
            item = 0
        }
        return nil
    }

    /// The drawn item before `path` in section order, nil before the first.
    func previousItem(before path: ItemPath) -> ItemPath? {
        var section = path.section, item = path.item - 1
        while section >= 0 && layout.sections.indices.contains(section) {
            while item >= 0 {
                let candidate = ItemPath(section: section, item: item)
                if layout.frame(of: candidate) != nil { return candidate }
                item -= 1
            }
            section -= 1
            if section >= 0 { item = layout.sections[section].itemCount - 1 }
        }
        return nil
    }

    /// The last drawn item in section order.
    func lastItem() -> ItemPath? {
        for index in layout.sections.indices.reversed() {
            for item in (0..<layout.sections[index].itemCount).reversed()
            where layout.frame(of: ItemPath(section: index, item: item)) != nil {
                return ItemPath(section: index, item: item)
            }
        }
        return nil
    }
}

extension BrowserState {
    /// Scrolls to a content row (clamped), leaving the focus where it is.
    public mutating func scroll(to offset: Int) {
        self.offset = offset
        clampOffset()
    }
}

extension BrowserState {
    /// Takes the catalog grown by data that arrived: the same sections with the same items
    /// first, more items after them and more sections after those. The focused item stays at
    /// its row of the screen; a search in force covers the new items too.
    public mutating func load(_ grown: Catalog) {
        source = grown
        if let adjustSettings { settings = adjustSettings(settings, grown) }
        // (The search session extends its result over the items that arrived: a snapshot's
        // sections begin with the previous one's.)
        showSource()
        if followsEnd { focusLast() }
    }

    /// Focuses the last item, scrolled to the end (End, `G`).
    mutating func focusLast() {
        setFocus(lastItem())
        offset = maximumOffset
        if let focus { scrollIntoView(focus) }
    }

    /// Shows `source` again after it changed: through the filter in force (the focus kept on
    /// its item while it matches), else whole, laid out anew.
    mutating func showSource() {
        if let filter {
            applyFilter(searchPrompt?.text ?? filter.query.description, keepingFocus: true)
            return
        }
        catalog = source
        (specs, itemsBefore, rowLooks) = Self.layoutInput(
            for: catalog, settings: settings, theme: theme, textWidth: textWidth)
        relayout()
    }
}
