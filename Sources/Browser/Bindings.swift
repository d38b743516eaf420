// The user's bindings at work (--bind, [bind]): a bound key's actions before the mode's own,
// the actions only bindings reach (marks of everything, the query and the prompt set, shell
// commands), and the events (fzf's start, load, change, focus, result, one, zero, resize, and
// `page`) fired after the update that made them happen.

import Catalog
import SplitLayout
import TerminalUI

extension Browser {
    /// Whether the user's bindings apply in the state's mode: the modes of browsing and of the
    /// query (fzf has no others); the help, the chooser and the switcher keep their keys.
    static func takesUserBindings(_ state: BrowserState) -> Bool { takesUserBindings(state.inputMode) }

    /// Whether the user's bindings apply in `mode`.
    static func takesUserBindings(_ mode: InputMode) -> Bool {
        switch mode {
        case .browse, .row, .searchPrompt: true
        case .sectionSwitcher, .toneChooser, .help, .tooSmall: false
        }
    }

    /// The user's binding of `key` in the state's mode, as one action; nil when none applies.
    static func boundAction(for key: Key, in state: BrowserState) -> BrowserAction? {
        guard let actions = state.options.bindings.keys[key], takesUserBindings(state) else { return nil }
        return actions.count == 1 ? actions[0] : .chain(actions)
    }

    /// Carries out the actions only bindings reach (see `perform`).
    static func performBound(_ action: BrowserAction, _ state: inout BrowserState) -> [BrowserCommand] {
        switch action {
        case .ignore:
            return []
        case .chain(let actions):
            var commands: [BrowserCommand] = []
            for action in actions {
                commands += perform(action, &state)
                // (An action's filter applied before the next one looks at the focus.)
                state.applyStaleFilter()
                if state.picking.outcome != nil { break }
            }
            return commands
        case .run(let action):
            return state.runCommand(action)
        case .changeQuery(let text):
            state.setQuery(text)
        case .clearQuery:
            state.setQuery("")
        case .changePrompt(let text):
            state.options.look.prompt = text
        case .toggle:
            guard state.options.multiSelect, let focus = state.view.focus else { return [] }
            state.toggleMark(focus)
        case .toggleAll, .selectAll, .deselectAll:
            guard state.options.multiSelect else { return [] }
            state.markShown(action)
        case .showPreview(let shown):
            let isShown = state.hasPreview ? state.preview.isShown : state.overlays.showingDetails
            if isShown != shown { return perform(.toggleDetails, &state) }
        case .changePreview(let template):
            guard var settings = state.options.preview else {
                state.setPreview(PreviewSettings(template: CommandTemplate(template), window: PreviewWindow()))
                return []
            }
            settings.template = CommandTemplate(template)
            state.options.preview = settings
            state.preview.forgetCommand()
        case .refreshPreview:
            state.preview.forgetCommand()
        case .scrollPreviewPage(let down):
            guard let area = state.previewTextArea else { return [] }
            let page = max(1, area.height - (state.options.preview?.window.headerLines ?? 0))
            return perform(.scrollPreview(lines: down ? page : -page), &state)
        default:
            break
        }
        return []
    }
}

extension BrowserState {
    /// What `template`'s placeholders read now: the focused item, the query, the section, the
    /// marks (made only when it reads them: a million after select-all), and (asked only when
    /// a placeholder takes them) every shown item.
    func commandContext(for template: CommandTemplate, lastAction: String = "") -> CommandTemplate.Context {
        let focus = view.focus.map(content.sourcePath)
        // Each section's first item's index among all items, counted once for every item.
        var before: [Int] = []
        before.reserveCapacity(content.source.sections.count)
        var count = 0
        for section in content.source.sections {
            before.append(count)
            count += section.items.count
        }
        let item = { (path: ItemPath) -> CommandTemplate.Item? in
            printedText(ofSource: path).map { CommandTemplate.Item(text: $0, index: before[path.section] + path.item) }
        }
        let shown = self
        return CommandTemplate.Context(
            current: focus.flatMap(item), marked: template.usesMarked ? picking.marked.compactMap(item) : [],
            matched: { shown.shownSourcePaths().compactMap(item) }, query: queryText,
            prompt: options.look.prompt ?? "", section: focus.map { content.source.sections[$0.section].title },
            lastAction: lastAction, delimiter: options.fieldDelimiter, shell: options.shell)
    }

    /// The query as typed: the prompt's text, else the kept filter's.
    var queryText: String { overlays.searchPrompt?.text ?? content.filter?.query.description ?? "" }

    /// Every shown item's source path, in the order shown: a search's best matches first, then
    /// each section's others (each once: not again in its section), none of a folded section.
    func shownSourcePaths() -> [ItemPath] {
        let folded = content.folded
        guard let filter = content.filter else {
            return content.source.sections.indices.filter { !folded.contains($0) }.flatMap { section in
                content.source.sections[section].items.indices.map { ItemPath(section: section, item: $0) }
            }
        }
        return options.searchOptions.orderedMatches(of: filter, in: content.source, leavingOut: folded).map {
            ItemPath(section: $0.section, item: $0.item)
        }
    }

    /// The query becomes `text`: typed into the prompt (opened if it is closed), searched.
    mutating func setQuery(_ text: String) {
        if overlays.searchPrompt == nil, text.isEmpty {
            if content.isSearching { applyFilter("") }
            return
        }
        overlays.searchPrompt = SearchPrompt(
            text: text, focusBefore: overlays.searchPrompt?.focusBefore ?? view.focus.map(content.sourcePath),
            offsetBefore: overlays.searchPrompt?.offsetBefore ?? view.offset)
        applyFilter(text)
    }

    /// Marks or unmarks the shown items: all of them (select-all), none (deselect-all), or
    /// each the other way (toggle-all).
    mutating func markShown(_ action: BrowserAction) {
        let shown = shownSourcePaths()
        switch action {
        case .selectAll:
            let marked = Set(picking.marked)
            picking.marked += shown.filter { !marked.contains($0) }
        case .deselectAll:
            let unmarked = Set(shown)
            picking.marked.removeAll { unmarked.contains($0) }
        default:
            let marked = Set(picking.marked)
            let flipped = Set(shown)
            picking.marked.removeAll { flipped.contains($0) }
            picking.marked += shown.filter { !marked.contains($0) }
        }
    }

    /// A binding's shell command, its placeholders expanded now: what the loop is to do
    /// with it, or the session's end (become).
    mutating func runCommand(_ action: ShellAction) -> [BrowserCommand] {
        let context = commandContext(for: action.template, lastAction: action.kind.rawValue)
        guard action.template.isRunnable(with: context) else { return [] }
        let (line, files) = action.template.expand(context)
        let command = ShellCommand(
            command: line, shell: options.shell,
            environment: [
                "FZF_QUERY": queryText, "FZF_PROMPT": options.look.prompt ?? "", "FZF_ACTION": action.kind.rawValue,
            ],
            files: files)
        switch action.kind {
        case .execute: return [.execute(command)]
        case .executeSilent: return [.executeSilent(command)]
        case .reload:
            content.reloadFocus = view.focus.map { content.catalog.sections[$0.section].items.label(at: $0.item) }
            return [.reload(command)]
        case .become:
            picking.outcome = .become(command)
            return []
        }
    }
}

/// What the events are watched by: the values before an update, to compare with after it.
struct BindWatch: Hashable, Sendable {
    var focus: ItemPath?
    var query: String
    var results: Int
    var loads: Int
    var width: Int
    var height: Int
}

extension BrowserState {
    /// The values the events compare (nil when no event is bound: nothing to watch).
    var bindWatch: BindWatch? {
        guard !options.bindings.events.isEmpty else { return nil }
        return BindWatch(
            focus: view.focus.map(content.sourcePath), query: queryText, results: content.resultsShown,
            loads: content.loadsEnded, width: screenWidth, height: screenHeight)
    }

    /// The focused row's current card (the focused one), when the row is at rest.
    var restingCard: MotionState.RowCard? {
        guard let section = focusedRow, let focus = view.focus, let row = view.layout.sections[section].row,
            motion.timeline.transitions[Self.rowMotion(section)] == nil, motion.rowSlides[section] == nil
        else { return nil }
        return MotionState.RowCard(section: section, card: row.card(ofItem: focus.item))
    }

    /// The events that happened since `before`, in fzf's order.
    mutating func events(since before: BindWatch) -> [BindEvent] {
        guard let after = bindWatch else { return [] }
        var events: [BindEvent] = []
        if after.width != before.width || after.height != before.height { events.append(.resize) }
        if after.loads != before.loads { events.append(.load) }
        if after.query != before.query { events.append(.change) }
        if after.results != before.results {
            events.append(.result)
            let count = content.filter?.count ?? content.itemCount
            if count == 1 { events.append(.one) }
            if count == 0 { events.append(.zero) }
        }
        if after.focus != before.focus { events.append(.focus) }
        // A row come to rest on another card than it last rested on.
        if let card = restingCard {
            if let earlier = motion.restedOn, earlier.section == card.section, earlier.card != card.card {
                events.append(.page)
            }
            motion.restedOn = card
        }
        return events
    }

    /// Runs the actions bound to `events`; what they ask of the world. (Events their actions
    /// cause fire at the next update, not again now.)
    mutating func fire(_ events: [BindEvent]) -> [BrowserCommand] {
        var commands: [BrowserCommand] = []
        for event in events where picking.outcome == nil {
            guard let actions = options.bindings.events[event] else { continue }
            commands += Browser.perform(actions.count == 1 ? actions[0] : .chain(actions), &self)
            applyStaleFilter()
        }
        return commands
    }
}

extension BrowserState {
    /// Takes data that replaces what was loaded (a reload's first snapshot; `loaded` grows it
    /// after): the marks and folds go with the old items, the query stays and is searched
    /// over the new ones, and the focus goes back to the item it was on when it is there
    /// (`content.reloadFocus`, looked for again as more arrives).
    mutating func replaceData(_ catalog: Catalog) {
        // (New data: its look, a list or chips, decided on its own items.)
        var settings = content.settings
        settings.itemsLookDecided = false
        var fresh = ContentState(
            catalog: catalog, settings: options.adjustSettings?(settings, catalog) ?? content.settings,
            theme: options.theme, textWidth: options.textWidth)
        fresh.headerLines = content.headerLines
        fresh.isLoading = true
        fresh.resultsShown = content.resultsShown
        fresh.loadsEnded = content.loadsEnded
        fresh.dataGeneration = content.dataGeneration + 1
        fresh.reloadFocus = content.reloadFocus
        content = fresh
        picking.remap { _ in nil }
        overlays.toneChooser = nil
        view.focus = nil
        view.offset = 0
        if !queryText.isEmpty || overlays.searchPrompt != nil {
            applyFilter(queryText)
        } else {
            showSource()
        }
        focusReloaded()
    }

    /// Focuses the item a reload was asked on (the first of its label), when it has arrived
    /// and is shown (then forgets it); each item is looked at once, as the data grows.
    mutating func focusReloaded() {
        guard let wanted = content.reloadFocus, content.pendingSearch == nil else { return }
        let sections = content.source.sections
        if content.reloadScanned.count < sections.count {
            content.reloadScanned += Array(repeating: 0, count: sections.count - content.reloadScanned.count)
        }
        for section in sections.indices {
            let items = sections[section].items
            var start = content.reloadScanned[section]
            content.reloadScanned[section] = items.count
            while let item = items.firstPosition(labelled: wanted, from: start) {
                let source = ItemPath(section: section, item: item)
                start = item + 1
                guard let shown = content.shownPath(source), view.layout.frame(of: shown) != nil else { continue }
                content.reloadFocus = nil
                setFocus(shown)
                return
            }
        }
    }
}
