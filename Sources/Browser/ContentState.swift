// What a session browses: everything loaded, what a search shows of it, and what the layout is
// made from.

import Catalog
import SplitLayout
import TerminalUI

/// The data of a session and the search in force over it.
public struct ContentState: Sendable {
    /// Everything loaded. Item paths kept across searches (marks, chosen tones, the focus to
    /// restore) are paths into this catalog: "source paths".
    public internal(set) var source: Catalog {
        didSet {
            countedSpecs = nil
            sourceItemsBefore = Self.itemsBefore(in: source)
        }
    }
    /// Index of each source section's first item among all the source's items: where the
    /// faces of its items are kept between frames (`ItemFaces`), whatever a search shows.
    private(set) var sourceItemsBefore: [Int]
    /// What is shown: `source`, or the items the search filter kept. The focus, the layout and
    /// `item(at:)` use paths into this catalog.
    public internal(set) var catalog: Catalog
    /// The search filter in force; nil when everything is shown.
    public internal(set) var filter: SearchResult?
    /// The items of the "Best matches" section leading the filtered catalog (source paths);
    /// empty when it is not shown.
    public internal(set) var bestMatches: [ItemPath] = []
    /// The results along what was typed, so Backspace costs nothing at a million items.
    var searches = SearchSession()
    /// Set when the prompt's text changed and the filter does not follow it yet (a paste is
    /// searched once, at its end: see `Browser.take`).
    var filterIsStale = false
    /// Searching in the background: the number of the last search asked for.
    var searchGeneration = 0
    /// Searching in the background: the search asked for and not answered yet (what to do
    /// with its answer), while the last result stays shown.
    public internal(set) var pendingSearch: PendingSearch?
    /// A search to hand to the loop, as a command, when the update ends.
    var searchToStart: SearchRequest?

    /// What waits for a search running in the background.
    public struct PendingSearch: Hashable, Sendable {
        public let generation: Int
        /// More data arrived: the focus stays on its item while it matches.
        let keepingFocus: Bool
        /// Enter (or an --expect key) came meanwhile: the pick is made on the answer.
        var picksWhenAnswered = false
    }
    /// Whether the data is still arriving (a stream): the status line says so.
    public var isLoading = false
    /// How many results were shown (a search's, or everything): the `result` event's count.
    var resultsShown = 0
    /// How many times the data was read to its end: the `load` event's count.
    var loadsEnded = 0
    /// Numbers the data read (a `reload` replaces it): the search runner forgets its results
    /// of another number.
    public internal(set) var dataGeneration = 0
    /// A reload's focused item, by its label: focused again when it arrives.
    var reloadFocus: String?
    /// How many items of each source section were looked at for `reloadFocus`.
    var reloadScanned: [Int] = []
    /// Sticky lines above the status line (fzf's --header and --header-lines), as fzf shows
    /// them above its prompt. Set through `BrowserState.headerLines`, which lays out again.
    public internal(set) var headerLines: [String] = []
    /// The configuration's layout (with the styles chosen in the browser: `toggleStyle`).
    public internal(set) var settings: LayoutSettings {
        didSet { countedSpecs = nil }
    }
    /// The source sections' specs that serve any subset of their items with its count
    /// (`LayoutSettings.countedSpec`), made at the first search's answer after the source or
    /// the settings changed: a grouped list's thousand sections were read and made into
    /// specs anew at every key, a third of showing an answer.
    private var countedSpecs: [SectionSpec?]?
    /// The layout's sections, made from the shown catalog and the settings.
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
    /// The folded sections, by source section (SectionFolds.swift): laid out as their
    /// header alone, through searches, data arriving and resizes.
    public internal(set) var folded: Set<Int> = []
    /// Every section was folded at once (`Z`): the sections that arrive later come folded.
    var foldsArriving = false
    /// What drawing each item takes that depends on the item alone, kept between frames (and
    /// shared by the copies of this state, which show the same items: a catalog only grows,
    /// `load`, and a source path keeps its item).
    let itemFaces = ItemFaces()

    init(catalog: Catalog, settings: LayoutSettings, theme: Theme, textWidth: TextWidth) {
        source = catalog
        sourceItemsBefore = Self.itemsBefore(in: catalog)
        self.catalog = catalog
        self.settings = settings
        (specs, itemsBefore, rowLooks) = Self.layoutInput(
            for: catalog, settings: settings, theme: theme, textWidth: textWidth)
        columnRoom = ColumnRoom(sections: specs, parameters: settings.parameters)
    }

    /// After a count while the data is still arriving: "…", more to come (fzf shows a spinner).
    public var loadingMark: String { isLoading ? "…" : "" }

    /// Makes the layout's input anew for the shown catalog (after a search, data arriving, a
    /// style changed).
    mutating func refreshLayoutInput(theme: Theme, textWidth: TextWidth) {
        if filter != nil {
            (specs, itemsBefore, rowLooks) = filteredLayoutInput(theme: theme, textWidth: textWidth)
        } else {
            (specs, itemsBefore, rowLooks) = Self.layoutInput(
                for: catalog, settings: settings, theme: theme, textWidth: textWidth)
            // The whole source's specs: those that serve a subset with its count are kept for
            // the searches (the first key's answer made them all again).
            countedSpecs = specs.map { LayoutSettings.servesSubsets($0) ? $0 : nil }
        }
        if !folded.isEmpty { foldSpecs() }
    }

    /// `layoutInput` of the filtered catalog, each section whose source section has a counted
    /// spec taking it with its count.
    private mutating func filteredLayoutInput(theme: Theme, textWidth: TextWidth) -> (
        [SectionSpec], [Int], [Int: RowLook]
    ) {
        if countedSpecs == nil {
            countedSpecs = source.sections.indices.map { settings.countedSpec(of: source.sections[$0]) }
        }
        var specs: [SectionSpec] = []
        specs.reserveCapacity(catalog.sections.count)
        var looks: [Int: RowLook] = [:]
        var itemsBefore: [Int] = []
        itemsBefore.reserveCapacity(catalog.sections.count)
        var running = 0
        for index in catalog.sections.indices {
            let count = catalog.sections[index].items.count
            itemsBefore.append(running)
            running += count
            if let from = sourceSection(ofShown: index), var spec = countedSpecs?[from],
                case .uniform(_, let size) = spec.items
            {
                spec.items = .uniform(count: count, size: size)
                specs.append(spec)
            } else {
                let section = catalog.sections[index]
                let look = settings.rowLook(of: section)
                looks[index] = look
                specs.append(settings.sectionSpec(of: section, look: look, textWidth: textWidth))
            }
            if !theme.sectionBackgrounds.isEmpty { specs[index].hasBackground = true }
        }
        return (specs, itemsBefore, looks)
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
        return (specs, itemsBefore(in: catalog), looks)
    }

    /// Index of each section's first item among all the catalog's items.
    static func itemsBefore(in catalog: Catalog) -> [Int] {
        var running = 0
        return catalog.sections.map { section in
            defer { running += section.items.count }
            return running
        }
    }

    // MARK: Items and paths

    public var itemCount: Int { itemsBefore.last.map { $0 + catalog.sections.last!.items.count } ?? 0 }

    /// A shown item.
    public func item(at path: ItemPath) -> Item? {
        guard catalog.sections.indices.contains(path.section),
            catalog.sections[path.section].items.indices.contains(path.item)
        else { return nil }
        return catalog.sections[path.section].items[path.item]
    }

    /// An item of the source.
    public func item(atSource path: ItemPath) -> Item? {
        guard source.sections.indices.contains(path.section),
            source.sections[path.section].items.indices.contains(path.item)
        else { return nil }
        return source.sections[path.section].items[path.item]
    }

    /// Whether a search keeps some items out: a query in force (an empty one's result only
    /// orders everything, reversed with `--tac`).
    public var isSearching: Bool { filter.map { !$0.isUnfiltered } ?? false }

    /// The source path of a shown item.
    public func sourcePath(_ path: ItemPath) -> ItemPath {
        Self.sourcePath(path, filter: filter, bestMatches: bestMatches)
    }

    /// The source path of an item shown through `filter`, led by `bestMatches`. (Static, of
    /// the two values it reads: asked for every item of every frame, and a call on the whole
    /// state, 800 bytes, copied it each time.)
    static func sourcePath(_ path: ItemPath, filter: SearchResult?, bestMatches: [ItemPath]) -> ItemPath {
        guard let filter else { return path }
        if !bestMatches.isEmpty && path.section == 0 {
            return bestMatches.indices.contains(path.item) ? bestMatches[path.item] : path
        }
        let shift = bestMatches.isEmpty ? 0 : 1
        guard filter.sections.indices.contains(path.section - shift) else { return path }
        let match = filter.sections[path.section - shift]
        guard match.items.indices.contains(path.item) else { return path }
        return ItemPath(section: match.section, item: match.items[path.item])
    }

    /// The glyph shown and printed for a source item: the one chosen for it in the tone
    /// chooser (`picking`), else its variant in the default skin tone (`options`), else its own.
    func glyph(atSource path: ItemPath, picking: PickState, options: SessionOptions) -> String? {
        if let chosen = picking.chosenGlyphs[path] { return chosen }
        guard let item = item(atSource: path) else { return nil }
        if let skinTone = options.skinTone, !item.variants.isEmpty, let variant = skinTone.variant(of: item) {
            return variant
        }
        return item.glyph
    }

    /// Section `index`'s row options and effect; nil for a grid.
    func rowLook(ofSection index: Int) -> RowLook? { rowLooks[index] }

    /// Whether a shown item is in the Best matches section (which leads while it has items).
    func isBestMatch(_ path: ItemPath) -> Bool { !bestMatches.isEmpty && path.section == 0 }

    /// Where a source item is shown (in its own section, not in Best matches); nil when the
    /// filter hides it.
    public func shownPath(_ path: ItemPath) -> ItemPath? {
        guard let filter else { return path }
        guard let index = filter.sections.firstIndex(where: { $0.section == path.section }),
            let position = filter.sections[index].items.position(of: path.item)
        else { return nil }
        return ItemPath(section: index + (bestMatches.isEmpty ? 0 : 1), item: position)
    }

    /// Where the item stands among the items shown ("n" of "n of N", from 1): in its own
    /// section for a section that repeats items (Recent), else among the other sections' items.
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
}

extension ContentState {
    /// Whether a section's items are drawn as a list: one a line, as wide as the column (text
    /// without glyphs, in a list look or with looks of its own), not side by side.
    func drawsAsList(section: Int) -> Bool {
        let items = catalog.sections[section].items
        return !items.hasGlyphs && (settings.listItems || items.hasStyles)
    }
}
