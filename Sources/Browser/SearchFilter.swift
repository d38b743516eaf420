// The search prompt and the filter it puts on the catalog: what is shown of the source while
// a search is in force, and where the focus goes.

import Catalog
import SplitLayout
import TerminalUI

/// The search prompt while it is open, and what to go back to when it is cancelled.
public struct SearchPrompt: Hashable, Sendable {
    /// What the user typed.
    public internal(set) var text: String
    /// Where the cursor is: the characters (grapheme clusters) of `text` before it.
    public internal(set) var cursor: Int
    /// The focus (a source path) and scroll offset before the prompt opened.
    let focusBefore: ItemPath?
    let offsetBefore: Int

    /// The prompt with `text`, the cursor at its end.
    init(text: String, focusBefore: ItemPath?, offsetBefore: Int) {
        self.text = text
        self.cursor = text.count
        self.focusBefore = focusBefore
        self.offsetBefore = offsetBefore
    }

    /// The text before the cursor, and from it on.
    var split: (before: Substring, after: Substring) {
        let index = text.index(text.startIndex, offsetBy: min(max(0, cursor), text.count))
        return (text[..<index], text[index...])
    }

    /// Applies a shell-like edit at the cursor: typing inserts there, Backspace deletes the
    /// character before it, Ctrl-W the word before it, Ctrl-U everything before it.
    mutating func edit(_ action: BrowserAction) {
        var (before, after) = split
        switch action {
        case .insertText(let typed): before += typed
        case .deleteBackward: if !before.isEmpty { before.removeLast() }
        case .clearText: before = ""
        case .deleteWord:
            while before.last == " " { before.removeLast() }
            while let last = before.last, last != " " { before.removeLast() }
        case .moveQueryCursor(let by):
            cursor = min(max(0, cursor + by), text.count)
            return
        case .queryCursorToStart:
            cursor = 0
            return
        case .queryCursorToEnd:
            cursor = text.count
            return
        default: return
        }
        text = String(before + after)
        cursor = before.count
    }
}

/// How a search matches and what it shows (the configuration's `[search]`).
public struct SearchOptions: Hashable, Sendable {
    /// How many items the "Best matches" section holds while a query matches items of more
    /// than one section (0: no such section).
    public var bestMatches = 10
    /// The most `bestMatches` may be set to.
    public static let bestMatchesLimit = 50
    /// How plain terms match: `auto` is fzf's fuzzy matching for the user's data and a
    /// bundled catalog's own (`BundledCatalog.matching`; see docs/search.md for why).
    public var matching = Matching.auto
    /// Which case terms tell apart (fzf's smart case by default).
    public var caseMode = SearchQuery.CaseMode.smart
    /// Whether Latin letters with marks are matched as they are ("e" does not find "é"), as
    /// fzf's `--literal`.
    public var literal = false
    /// Whether matches are ranked (fzf's `--sort`), else shown in input order.
    public var sorts = true
    /// Whether input order is reversed (fzf's `--tac`).
    public var reversed = false
    /// What orders matches that score the same (fzf's `--tiebreak`, `index` implied last).
    public var tiebreaks: [SearchQuery.Tiebreak] = [.length]
    /// Where typing goes when the browser starts.
    public var typing = Typing.auto

    /// How plain terms match.
    public enum Matching: String, Hashable, Sendable, CaseIterable {
        /// fzf's fuzzy matching for the user's data, a bundled catalog's own for it
        /// (word-first for the emoji, word for `unicode` and `symbols`).
        case auto
        /// fzf's: the term's characters in order, ranked by fzf's score.
        case fuzzy
        /// fzf's `--exact`: the term as written, anywhere (`'term` is then fuzzy).
        case exact
        /// At the start of a word only (splitview's former default).
        case word
        /// Its characters in order, the matches at a word's start first.
        case wordFirst = "word-first"
    }

    /// Whether plain terms match fuzzily for every data (`--fuzzy`, `[search] fuzzy`): setting
    /// it true asks for fzf's fuzzy matching, the emoji's too; false leaves `matching` alone
    /// unless it was fuzzy (then `auto`).
    public var fuzzy: Bool {
        get { matching == .fuzzy }
        set {
            if newValue {
                matching = .fuzzy
            } else if matching == .fuzzy {
                matching = .auto
            }
        }
    }

    /// The matching `auto` stands for over the catalog whose source is `source`: a bundled
    /// catalog's own (`BundledCatalog.matching`: word-first for the emoji, word for Unicode's
    /// names), fzf's fuzzy matching for anything else.
    public func resolvedMatching(forSource source: String) -> SearchQuery.Matching {
        switch matching {
        case .auto: return BundledCatalog(source: source)?.matching ?? .fuzzy
        case .fuzzy: return .fuzzy
        case .exact: return .exact
        case .word: return .word
        case .wordFirst: return .wordFirst
        }
    }

    /// Where typing goes: to the query (fzf's way, and every picker's) or to the browsing keys
    /// (`/` searches).
    public enum Typing: String, Hashable, Sendable, CaseIterable {
        /// To the query; for data not piped in (the emoji, a file) the status line stays until
        /// the first key is typed, so the first frame is the browser's.
        case auto
        case query
        case keys

        /// Whether typing goes to the query.
        public var goesToQuery: Bool { self != .keys }

        /// Whether the prompt line waits for the first key typed (the status line until then).
        public func promptWaitsForTyping(dataFromStandardInput: Bool) -> Bool {
            self == .auto && !dataFromStandardInput
        }
    }

    public init(bestMatches: Int = 10, fuzzy: Bool = false, typing: Typing = .auto, matching: Matching = .auto) {
        self.bestMatches = bestMatches
        self.typing = typing
        // (`fuzzy` is a view of `matching`: set only when asked, it would turn a fuzzy
        // `matching` back to auto.)
        self.matching = fuzzy ? .fuzzy : matching
    }

    /// What `text` asks for, under these options, over a catalog whose source is `source`
    /// (`auto` matching depends on it).
    public func query(_ text: String, source: String = "") -> SearchQuery {
        SearchQuery(
            text, matching: resolvedMatching(forSource: source), caseMode: caseMode,
            literal: literal, order: .init(sorts: sorts, reversed: reversed, tiebreaks: tiebreaks))
    }

    /// The best matches of `result` over `catalog` to lead the filtered catalog with: none
    /// when the matches are all in one section (it already starts with its best). The
    /// sections `leavingOut` names (folded: the user put them away) lend none.
    public func bestMatches(of result: SearchResult, in catalog: Catalog, leavingOut: Set<Int> = []) -> [ItemLocation] {
        // (Unsorted, no match is better than another.)
        guard result.query.order.sorts else { return [] }
        let sections = result.sections.filter {
            !catalog.sections[$0.section].repeatsItems && !leavingOut.contains($0.section)
        }
        guard sections.count > 1 else { return [] }
        return Search.bestMatches(of: result, in: catalog, count: bestMatches, leavingOut: leavingOut)
    }

    /// Every match of `result` once, in the browser's order: the best matches, then each
    /// section's others (what `--filter` prints); none of the sections `leavingOut` names
    /// (folded: the browser does not show them).
    public func orderedMatches(of result: SearchResult, in catalog: Catalog, leavingOut: Set<Int> = [])
        -> [ItemLocation]
    {
        let best = bestMatches(of: result, in: catalog, leavingOut: leavingOut)
        let shown = Set(best)
        return best
            + result.sections.filter { !leavingOut.contains($0.section) }.flatMap { match in
                match.items.lazy.map { ItemLocation(section: match.section, item: $0) }.filter { !shown.contains($0) }
            }
    }
}

extension BrowserState {
    /// Shows only the items that match `text` (everything when it is empty): the layout
    /// re-splits over the sections that still have items, led by the best matches. The focus
    /// goes to the best match, as fzf's cursor goes to its first line; with `keepingFocus` (more
    /// data arrived) it stays on its item while the item matches. Searching in the background
    /// (`SessionOptions.searchesInBackground`), a query is only asked for here: the last
    /// result stays shown until its answer comes (`takeSearchResult`).
    public mutating func applyFilter(_ text: String, keepingFocus: Bool = false) {
        content.filterIsStale = false
        let query = options.searchOptions.query(text, source: content.source.source)
        if options.searchesInBackground && !query.isEmpty {
            content.searchGeneration += 1
            let generation = content.searchGeneration
            // (An Enter waiting for the last answer waits for this one instead.)
            let picks = content.pendingSearch?.picksWhenAnswered ?? false
            content.pendingSearch = .init(generation: generation, keepingFocus: keepingFocus, picksWhenAnswered: picks)
            content.searchToStart = SearchRequest(
                generation: generation, query: query, catalog: content.source, dataGeneration: content.dataGeneration)
            return
        }
        content.pendingSearch = nil
        content.searchToStart = nil
        // (Everything shown: in input order as it is, reversed through a result of its own.)
        let whole = query.isEmpty && !query.order.reversed
        show(whole ? nil : content.searches.run(query, in: content.source), keepingFocus: keepingFocus)
    }

    /// The answer of a search run in the background: shown when it answers the last search
    /// asked for (an older one is stale: a newer query or more data came since), then the
    /// pick that waited for it, if any.
    mutating func takeSearchResult(_ result: SearchResult, generation: Int) -> [BrowserCommand] {
        guard let pending = content.pendingSearch, pending.generation == generation else { return [] }
        content.pendingSearch = nil
        show(result, keepingFocus: pending.keepingFocus)
        return pending.picksWhenAnswered ? Browser.perform(.pick, &self) : []
    }

    /// Whether a pick must wait for the search running in the background (it picks from the
    /// answer); notes that it waits.
    mutating func deferPickToSearch() -> Bool {
        guard content.pendingSearch != nil else { return false }
        content.pendingSearch?.picksWhenAnswered = true
        return true
    }

    /// The search asked for during an update, as the command that runs it.
    mutating func takeSearchToStart() -> [BrowserCommand] {
        guard let request = content.searchToStart else { return [] }
        content.searchToStart = nil
        return [.search(request)]
    }

    /// Shows `result`'s items (nil: everything), laid out anew; see `applyFilter`.
    mutating func show(_ result: SearchResult?, keepingFocus: Bool) {
        content.resultsShown += 1
        let focusSource = view.focus.map(content.sourcePath)
        let focusWasBest = view.focus.map(content.isBestMatch) ?? false
        if let result {
            content.filter = result
            let best = options.searchOptions.bestMatches(of: result, in: content.source, leavingOut: content.folded)
            content.bestMatches = best.map { ItemPath(section: $0.section, item: $0.item) }
            content.catalog = content.source.filtered(by: result, best: best)
        } else {
            content.filter = nil
            content.bestMatches = []
            content.catalog = content.source
        }
        content.refreshLayoutInput(theme: options.theme, textWidth: options.textWidth)
        view.layout = SplitLayout(
            sections: content.specs, parameters: currentParameters, width: contentWidth, height: viewHeight)
        overlays.toneChooser = nil
        view.focus = nil
        if keepingFocus || result == nil, let focusSource {
            let inBest =
                focusWasBest
                ? content.bestMatches.firstIndex(of: focusSource).map { ItemPath(section: 0, item: $0) } : nil
            view.focus = (inBest ?? content.shownPath(focusSource)).flatMap {
                view.layout.frame(of: $0) != nil ? $0 : nil
            }
        }
        if view.focus == nil {
            view.focus = view.firstItem()
            view.offset = 0
        }
        clampOffset()
        if let focus = view.focus { scrollIntoView(focus) }
    }

    /// Takes the search options (the configuration's and the command line's): with `--tac`,
    /// everything is shown reversed from the start.
    public mutating func setSearchOptions(_ searchOptions: SearchOptions) {
        let reversal = searchOptions.reversed != options.searchOptions.reversed
        options.searchOptions = searchOptions
        if reversal && !content.isSearching { applyFilter(overlays.searchPrompt?.text ?? "") }
    }

    /// Brings the filter up to the prompt's text, if it changed since the last search.
    mutating func applyStaleFilter() {
        guard content.filterIsStale else { return }
        content.filterIsStale = false
        if let prompt = overlays.searchPrompt { applyFilter(prompt.text) }
    }

    /// Opens the search prompt with `text` typed (--query).
    public mutating func startSearch(_ text: String) {
        overlays.searchPrompt = SearchPrompt(
            text: text, focusBefore: view.focus.map(content.sourcePath), offsetBefore: view.offset)
        applyFilter(text)
    }

    /// Shows the source item `path` focused (after the filter is gone), at `offset` if given.
    mutating func restoreFocus(_ path: ItemPath?, offset: Int) {
        guard let path, let shown = content.shownPath(path), view.layout.frame(of: shown) != nil else { return }
        view.focus = shown
        self.view.offset = offset
        clampOffset()
        scrollIntoView(shown)
    }
}
