// Folded sections: a folded section is laid out as its header alone (its spec has no items),
// so every query of the layout (moves, pages, clicks, the first and last item) passes it by
// and the focus never rests in it. Folds are kept by source section, so a search (which shows
// a folded section's header with its count of matches), data arriving and a resize keep them.

import Catalog
import SplitLayout

extension ContentState {
    /// The source section a shown section shows; nil for Best matches.
    public func sourceSection(ofShown index: Int) -> Int? {
        guard catalog.sections.indices.contains(index) else { return nil }
        guard let filter else { return index }
        if !bestMatches.isEmpty {
            if index == 0 { return nil }
            return filter.sections.indices.contains(index - 1) ? filter.sections[index - 1].section : nil
        }
        return filter.sections.indices.contains(index) ? filter.sections[index].section : nil
    }

    /// Where a source section is shown; nil when the filter hides it.
    func shownSection(ofSource source: Int) -> Int? {
        guard let filter else { return catalog.sections.indices.contains(source) ? source : nil }
        guard let index = filter.sections.firstIndex(where: { $0.section == source }) else { return nil }
        return index + (bestMatches.isEmpty ? 0 : 1)
    }

    /// Whether shown section `index` is folded.
    public func isFolded(shown index: Int) -> Bool {
        !folded.isEmpty && sourceSection(ofShown: index).map(folded.contains) == true
    }

    /// Whether folding means anything here: more than one section to fold.
    var canFold: Bool { source.sections.count > 1 }

    /// The specs of the folded sections made their header alone: no items, no footer, no
    /// inset above or below (a column of folded sections is a list of titles).
    mutating func foldSpecs() {
        var specs = self.specs
        for index in specs.indices where isFolded(shown: index) {
            let inset = specs[index].inset ?? settings.parameters.sectionInset
            specs[index].items = .uniform(count: 0, size: ItemSize(width: 0, height: 0))
            specs[index].footerHeight = 0
            specs[index].inset = EdgeInsets(top: 0, left: inset.left, bottom: 0, right: inset.right)
            specs[index].row = nil
            specs[index].group = nil
            specs[index].contentWidths = nil
            rowLooks[index] = nil
        }
        self.specs = specs
    }
}

extension BrowserState {
    /// Folds or unfolds shown section `index` (a click on its header, the switcher).
    mutating func toggleFold(shown index: Int) {
        guard content.canFold, let source = content.sourceSection(ofShown: index) else { return }
        setFolded([source], !content.folded.contains(source))
    }

    /// The fold key: folds the focused section, the focus going on to the next item shown (or
    /// back to the last one before, at the end); pressed again at once it unfolds that section
    /// (the focus back on its first item). With no focus (everything folded) it unfolds the
    /// first section in view.
    mutating func toggleFocusedFold() {
        guard content.canFold else { return }
        if let last = view.lastFolded, content.folded.contains(last) {
            setFolded([last], false)
            focusFirstItem(ofSource: last)
            return
        }
        guard let focus = view.focus else {
            unfoldFirstInView()
            return
        }
        guard let source = content.sourceSection(ofShown: focus.section) else { return }
        setFolded([source], true)
        view.lastFolded = source
    }

    /// Folds every section, or unfolds them all when every one is folded already. Folding all
    /// while data arrives folds the sections still to come too.
    mutating func toggleAllFolds() {
        guard content.canFold else { return }
        let all = Set(content.source.sections.indices)
        let fold = !all.isSubset(of: content.folded)
        content.foldsArriving = fold
        setFolded(all, fold)
    }

    /// With no focus (everything folded), Enter or the fold key opens the first section in
    /// view, its first item focused.
    /// Whether there was one to open.
    @discardableResult
    mutating func unfoldFirstInView() -> Bool {
        guard !content.folded.isEmpty else { return false }
        let folded = view.layout.sections.filter { content.isFolded(shown: $0.index) }
        let top = folded.first { $0.frame.maxY > view.offset } ?? folded.last
        guard let top, let source = content.sourceSection(ofShown: top.index) else { return false }
        focusFirstItem(ofSource: source)
        return true
    }

    /// Opens a source section and focuses its first item, its header at the top of its
    /// column (as Tab does).
    mutating func focusFirstItem(ofSource source: Int) {
        if content.folded.contains(source) { setFolded([source], false) }
        guard let shown = content.shownSection(ofSource: source),
            let first = view.firstItem(fromSection: shown), first.section == shown
        else { return }
        view.focus = first
        view.offset = view.layout.sections[shown].frame.y
        clampOffset()
        scrollIntoView(first)
    }

    /// Sets the fold of source sections and lays the view out again. A focus left in a
    /// folded section goes to the next item shown (else the last one before it), with the
    /// folded header kept in view.
    mutating func setFolded(_ sections: Set<Int>, _ fold: Bool) {
        let focusSource = view.focus.map(content.sourcePath)
        if fold { content.folded.formUnion(sections) } else { content.folded.subtract(sections) }
        let best = content.filter.map {
            options.searchOptions.bestMatches(of: $0, in: content.source, leavingOut: content.folded)
        }
        if let filter = content.filter, content.isSearching,
            best?.map({ ItemPath(section: $0.section, item: $0.item) }) != content.bestMatches
        {
            // The best matches change (a folded section lends none): shown again, the focus
            // kept on its item; one in a section just folded moves on as below.
            show(filter, keepingFocus: true)
            if let focusSource, content.folded.contains(focusSource.section),
                let shown = content.shownSection(ofSource: focusSource.section)
            {
                view.focus = ItemPath(section: shown, item: 0)
            }
        } else {
            content.refreshLayoutInput(theme: options.theme, textWidth: options.textWidth)
            relayout()
        }
        guard let focus = view.focus, view.layout.frame(of: focus) == nil else { return }
        let header =
            view.layout.sections.indices.contains(focus.section)
            ? view.layout.sections[focus.section].frame.y : view.offset
        view.focus =
            view.firstItem(fromSection: focus.section + 1)
            ?? view.previousItem(before: ItemPath(section: focus.section, item: 0))
        view.offset = min(view.offset, header)
        clampOffset()
        if let next = view.focus { scrollIntoView(next) }
    }
}
