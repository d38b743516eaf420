// `splitview` (browse): the interactive browser. The picked item goes to standard output;
// the screen is drawn on /dev/tty, so `splitview | xargs ...` and `$(splitview)` work.

import ArgumentParser
import Browser
import Catalog
import Foundation
import SafeText
import SplitLayout
import TerminalUI
import UserFiles

struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse and pick an item (the default command).",
        discussion: """
            Enter prints the focused item (its glyph, else its label; see --print) and exits 0; with \
            --multi, Space marks items and Enter prints them all, one per line. q or Esc exits 1 with \
            no output, and so does Enter with nothing to pick (which prints the query with \
            --print-query); Ctrl-C exits 130; bad input, or a standard output that takes nothing (a \
            full disk), exits 2, a bad command line 64; a reader that went away (| head -1), 141. Press \
            ? in the browser for every key. The words of $SPLITVIEW_DEFAULT_OPTS (and before them, \
            of the file $SPLITVIEW_DEFAULT_OPTS_FILE names), split as the shell splits them, come \
            before the command line's options, as fzf's $FZF_DEFAULT_OPTS: the command line wins \
            (--no-multi or +m undoes --multi).
            """)

    @OptionGroup var options: DataOptions

    @OptionGroup(title: "Matching") var matching: MatchOptions

    @OptionGroup(title: "Preview") var previewOptions: PreviewOptions

    @OptionGroup(title: "Keys") var bindOptions: BindOptions

    @OptionGroup(title: "Shell key bindings") var shellOptions: ShellOptions

    @OptionGroup(title: "tmux") var tmuxOptions: TmuxOptions

    @OptionGroup(title: "After the pick") var actionOptions: ActionOptions

    @Flag(
        name: [.customShort("m"), .long], inversion: .prefixedNo, exclusivity: .chooseLast,
        help: "Space marks items; Enter prints every marked item (or the focused one), one per line (+m: --no-multi).")
    var multi = false

    @Option(
        name: .customLong("print"),
        help: ArgumentHelp(
            "What to print of a picked item: glyph (its glyph, else its label), label, section (its section's title), keywords (joined by \", \"), json (one JSON object), or a field name.",
            valueName: "glyph|label|json|FIELD"))
    var printFormat: String = "glyph"

    @Option(
        help: ArgumentHelp(
            "The skin tone shown and printed for emoji that have one (default: [emoji] skin_tone of the configuration).",
            valueName: "none|light|medium-light|medium|medium-dark|dark"))
    var skinTone: String?

    @Option(
        name: [.customShort("q"), .long],
        help: ArgumentHelp("Start with this search typed in the prompt.", valueName: "QUERY"))
    var query: String?

    @Option(
        name: [.customShort("f"), .long],
        help: ArgumentHelp(
            "Print the items that match QUERY (as --print says, one per line) and exit without the browser: 0 when some match, 1 when none.",
            valueName: "QUERY"))
    var filter: String?

    @Flag(
        help:
            "Match each term fuzzily, as fzf does, the bundled emoji too (fuzzy is the default for other data already; default: [search] matching of the configuration)."
    )
    var fuzzy = false

    @Option(
        help: ArgumentHelp(
            "Where typing goes: to the query, as in fzf (arrows, Ctrl-N and Ctrl-P move; Enter picks; Esc quits; the browsing keys that are letters as Alt chords), or to the browsing keys (/ searches). Default: [search] typing of the configuration, whose auto is the query, the status line shown until the first key for data not piped in.",
            valueName: "query|keys|auto"))
    var typing: SearchOptions.Typing?

    @Flag(
        inversion: .prefixedNo, exclusivity: .chooseLast,
        help:
            "Read all the data before the first frame (fzf's --sync); without it a pipe or a large file is read while the browser runs."
    )
    var sync = false

    @Flag(
        inversion: .prefixedNo, exclusivity: .chooseLast,
        help:
            "Also copy the pick to the clipboard on Enter: through the terminal (OSC 52, over ssh and tmux too) and with wl-copy, xclip or xsel where they exist. y copies the focused item any time."
    )
    var copy = false

    // (.unconditional: the value may start with a dash, `--height -30`, as fzf takes it.)
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Draw the browser in this many rows below the cursor, on the normal screen, as fzf's --height: N rows, N% of the terminal or -N (all rows but N; a share is at least 10 rows), cleared on exit; with ~ before, only as many as the content needs, up to that; full uses the whole (alternate) screen. Default: [screen] height of the configuration, else full.",
            valueName: "[~]N[%]|-N|full"))
    var height: String?

    @Flag(
        help:
            "Neither show a Recent section of the emoji (or the --catalog's characters) picked last, nor rank them first among equal matches, nor record this pick."
    )
    var noRecent = false

    @Flag(
        name: .customLong("print0"), inversion: .prefixedNo, exclusivity: .chooseLast,
        help: "End each printed line with NUL rather than a line break.")
    var printZero = false

    @Flag(
        inversion: .prefixedNo, exclusivity: .chooseLast,
        help: "Print the query (what was typed in the search) as the first line, before the picks.")
    var printQuery = false

    @Flag(
        name: [.customShort("1"), .customLong("select-1")], inversion: .prefixedNo, exclusivity: .chooseLast,
        help:
            "With exactly one item matching --query (or one item in all), print it and exit without the browser (+1: --no-select-1)."
    )
    var selectOne = false

    @Flag(
        name: [.customShort("0"), .customLong("exit-0")], inversion: .prefixedNo, exclusivity: .chooseLast,
        help: "With no item matching --query, exit 1 at once, without the browser (+0: --no-exit-0).")
    var exitZero = false

    @Option(
        help: ArgumentHelp(
            "Keys that also pick the focused item, comma-separated, by fzf's names (ctrl-a, alt-a, ctrl-alt-a, f1 ... f12, alt-enter, tab, btab, esc, del, home, end, pgup, pgdn, up, down, left, right, shift-up, ctrl-left, alt-shift-right, ..., or a character); the key's name is printed on the first line of the output (an empty line for Enter).",
            valueName: "KEYS"))
    var expect: String?

    /// Writes `lines` to standard output, each ended by a line break (NUL with --print0), the
    /// query first with --print-query, then with --expect the key that ended the browser
    /// (`key`; nil where no key ends anything, as for --filter: no line).
    func emit(_ lines: [String], query: String, key: String?) throws(StandardStreams.WriteFailure) {
        try emit(count: lines.count, query: query, key: key) { lines[$0] }
    }

    /// `emit` for `count` lines made one at a time by `line`, written in blocks of about 64 KB:
    /// a filter that prints a million lines never holds them all. Stops at the first block
    /// standard output does not take.
    func emit(count: Int, query: String, key: String?, line: (Int) -> String) throws(StandardStreams.WriteFailure) {
        let end = UInt8(ascii: printZero ? "\0" : "\n")
        var block: [UInt8] = []
        block.reserveCapacity(1 << 16)
        func add(_ text: String) throws(StandardStreams.WriteFailure) {
            block.append(contentsOf: text.utf8)
            block.append(end)
            if block.count >= 1 << 16 {
                try StandardStreams.output(block)
                block.removeAll(keepingCapacity: true)
            }
        }
        if printQuery { try add(query) }
        if expect != nil, let key { try add(key) }
        for index in 0..<count { try add(line(index)) }
        if !block.isEmpty { try StandardStreams.output(block) }
    }

    func validate() throws {
        if let expect {
            do {
                _ = try ExpectedKeys(parsing: expect)
            } catch {
                throw ValidationError(
                    "--expect: unknown key \"\(error.name)\" (fzf's names: ctrl-a, alt-a, ctrl-alt-a, f1 ... f12, alt-enter, tab, btab, esc, space, del, home, end, pgup, pgdn, up, down, left, right with ctrl-, alt- or shift- before them, or a character)"
                )
            }
        }
        if let height, InlineHeight.setting(height) == nil {
            throw ValidationError("--height must be \(InlineHeight.settingSyntax), got \"\(height)\"")
        }
        if let skinTone, SkinTone.parse(skinTone) == nil {
            throw ValidationError(
                "--skin-tone must be one of \(SkinTone.names.joined(separator: ", ")), got \"\(skinTone)\"")
        }
    }

    func run() throws {
        try reportingInputErrors {
            if try shellOptions.printScript() { return }
            if filter == nil, let status = try tmuxOptions.runInPopup() { throw ExitCode(status) }
            let typist = try actionOptions.typist()
            if filter == nil { TextWidth.prepareTablesAside() }
            try options.withConfiguration { configuration in
                let lineFields = try options.fields.lineFields()
                let format = PrintFormat(parsing: printFormat).accepting(lineFields)
                // A pipe or a large file is read while the browser runs: the first frame waits at
                // most 20 ms for the data (fzf's bar). --filter, --select-1 and --exit-0 need it all.
                let relay = StreamRelay()
                var streaming = false
                var catalog: Catalog, warnings: [DataWarning], loadedHeader: [String]
                if !sync && filter == nil && !selectOne && !exitZero,
                    let stream = options.dataStream(fields: lineFields)
                {
                    relay.start(stream)
                    // (A file too large to read at once holds too many items to measure: its first
                    // part is laid out as the whole will be.)
                    relay.expectsManyItems = stream.isLargeFile
                    switch relay.take(waitingMilliseconds: 20) {
                    case .complete(let loaded)?:
                        (catalog, warnings, loadedHeader) = try options.finishLoad(loaded, configuration)
                    case .failed(let error)?:
                        throw InputError(message: error.description)
                    case .partial(let loaded)?:
                        (catalog, warnings, loadedHeader, streaming) = (loaded.catalog, [], loaded.headerLines, true)
                    case nil:
                        (catalog, warnings, loadedHeader, streaming) = (
                            Catalog(sections: [], source: stream.source), [], [], true
                        )
                    }
                } else {
                    (catalog, warnings, loadedHeader) = try options.loadData(configuration, fields: lineFields)
                }
                if let bundled = BundledCatalog(source: catalog.source), let given = lineFields.givenOptions.first {
                    let name = bundled == .emoji ? "emoji" : "\(bundled.rawValue) catalog"
                    throw InputError(
                        message: "\(given) reads lines of data (FILE or standard input), not the bundled \(name)")
                }
                if !streaming, let problem = format.problem(for: catalog) { throw InputError(message: problem) }
                let tone = skinTone.flatMap { SkinTone.parse($0) } ?? configuration.skinTone
                var searchOptions = configuration.search
                if fuzzy { searchOptions.fuzzy = true }
                searchOptions = matching.applied(to: searchOptions)
                if let typing { searchOptions.typing = typing }
                // Recent picks are kept for the bundled catalogs only, each its own list: a data
                // file's items change. They rank first among equal matches, in --filter's output
                // too.
                let environment = ProcessInfo.processInfo.environment
                let recent =
                    BundledCatalog.isBundled(catalog.source) && !noRecent
                    ? RecentPicks.location(environment: environment, catalog: catalog.source).map {
                        RecentPicks(path: $0, size: configuration.recentSize, order: configuration.recentOrder)
                    } : nil
                let now = Int(Date().timeIntervalSince1970)
                let recentKeys = recent.flatMap { $0.size > 0 ? $0.keys(now: now) : nil } ?? []
                // (Only with picks to look for: the look goes through every item, a million lines'.)
                var recentSection = recentKeys.isEmpty ? nil : RecentPicks.section(for: recentKeys, in: catalog)
                if let recentSection { catalog.picks = SearchPicks(labels: recentSection.items.map(\.label)) }
                /// The lines `--print` gives for the items matching `query`, in the browser's order:
                /// the best matches first, then each section's others, each item once.
                func locations(_ query: String) -> [ItemLocation] {
                    searchOptions.orderedMatches(
                        of: Search.run(searchOptions.query(query, source: catalog.source), in: catalog), in: catalog)
                }
                func line(_ location: ItemLocation) -> String {
                    let section = catalog.sections[location.section]
                    let item = section.items[location.item]
                    let glyph = tone.flatMap { $0.variant(of: item) } ?? item.glyph
                    return format.line(for: item, section: section.title, glyph: glyph)
                }
                func matches(_ query: String) -> [String] { locations(query).map(line) }
                if let filter {
                    let found = locations(filter)
                    // (No key ends a filter: no key line, as fzf's --filter.)
                    try emit(count: found.count, query: filter, key: nil) { line(found[$0]) }
                    throw ExitCode(found.isEmpty ? 1 : 0)
                }
                // --select-1 and --exit-0 decide before any screen, as fzf does (on the whole input:
                // splitview reads it before it starts).
                if selectOne || exitZero {
                    let lines = matches(query ?? "")
                    if exitZero && lines.isEmpty { throw ExitCode(1) }
                    if selectOne && lines.count == 1 {
                        // (No key ended it: Enter's empty line.)
                        try emit(lines, query: query ?? "", key: "")
                        throw ExitCode(0)
                    }
                }
                let textWidth = TextWidth(overrides: configuration.widthOverrides)
                // Emoji this terminal cannot draw ([widths] = 0, as probe-widths finds): left out
                // when the configuration says so, counted in the status line.
                var hidden = 0
                if configuration.undrawable == .hidden && !streaming {
                    (catalog, hidden) = catalog.withoutUndrawable(textWidth)
                    // (The Recent section shows only the emoji left.)
                    if hidden > 0 && recentSection != nil {
                        recentSection = RecentPicks.section(for: recentKeys, in: catalog)
                    }
                }
                if let recentSection { catalog.sections.insert(recentSection, at: 0) }
                // (A bundled catalog's first key, over every item, reads the index once it is made.)
                if BundledCatalog.isBundled(catalog.source) { catalog.indexWordStartsAside() }
                let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
                // (NO_COLOR wins over --color: the colours go, the attributes stay.)
                let colored = options.look.colored(configuration.theme)
                let theme = noColor ? colored.withoutColors : colored

                TerminalGuard.install()
                let screen: NcursesScreen
                do {
                    let inlineHeight = height.flatMap(InlineHeight.setting) ?? configuration.inlineHeight
                    screen = try NcursesScreen(colorMode: noColor ? .none : .auto, inlineHeight: inlineHeight)
                } catch {
                    throw InputError(message: "\(error)")
                }
                var state = BrowserState(
                    catalog: catalog,
                    settings: configuration.layoutSettings(for: catalog, manyItemsExpected: relay.expectsManyItems),
                    theme: theme,
                    textWidth: textWidth,
                    width: screen.width, height: screen.height, multiSelect: multi,
                    skinTone: tone)
                // Searches run beside the input loop: a key is drawn at once, at millions of items too.
                state.options.searchesInBackground = true
                state.overlays.notice = Browser.notice(for: warnings)
                state.setSearchOptions(searchOptions)
                state.options.hiddenItems = hidden
                state.options.combinedTones = configuration.combinedTones
                options.list.apply(to: &state.options)
                state.setLook(options.look.look(placement: options.layoutName?.picker))
                state.options.printLine = { item, section, glyph in
                    format.line(for: item, section: section, glyph: glyph)
                }
                state.options.shell = PreviewOptions.shell
                state.options.fieldDelimiter = lineFields.delimiter
                if let preview = try previewOptions.settings() { state.setPreview(preview) }
                state.options.bindings = try bindOptions.bindings(over: configuration.bindings)
                state.headerLines = options.headerLines(loadedHeader)
                if let query {
                    state.startSearch(query)
                    // As fzf's: with a query given, Enter picks at once.
                    state.options.enterPicksFromPrompt = true
                }
                state.typingQueries = searchOptions.typing.goesToQuery
                state.options.promptWaitsForTyping = searchOptions.typing.promptWaitsForTyping(
                    dataFromStandardInput: catalog.source == "-")
                if let expect { state.options.expectedKeys = (try? ExpectedKeys(parsing: expect)) ?? ExpectedKeys() }
                let inbox = EventInbox()
                let options = options
                /// The events that end a load of the whole input: checked as a whole read is before
                /// any screen.
                let finishing: @Sendable (LoadedCatalog) -> [BrowserEvent] = { loaded in
                    if let problem = configuration.layout.groupProblem(for: loaded.catalog)
                        ?? format.problem(for: loaded.catalog)
                    {
                        return [.loadFailed(problem)]
                    }
                    return [
                        .loaded(loaded.catalog),
                        .loadEnded(
                            headerLines: options.headerLines(loaded.headerLines),
                            notice: Browser.notice(for: loaded.warnings)),
                    ]
                }
                // The layout's settings made over for data that grew (a stream) or came anew (a
                // reload).
                let many = relay.expectsManyItems
                state.options.adjustSettings = { configuration.adjusted($0, for: $1, manyItemsExpected: many) }
                if streaming {
                    state.expectMoreData()
                    relay.handOver(to: inbox, finishing: finishing)
                } else {
                    inbox.close()
                }
                // --bind's reload: the command's output read as the data was, in its place.
                let reloader = Reloader()
                defer { reloader.stop() }
                let loadOptions = options.loadOptions(fields: lineFields)
                let source = catalog.source
                // (Titled as the data it replaces: its file, or stdin.)
                let reloadName =
                    (options.data ?? options.file).flatMap { $0 == "-" ? nil : $0 }
                    ?? (BundledCatalog.isBundled(source) ? "reload" : CatalogLoader.standardInputName)
                var forgotten: [String] = []
                let reloads = state.options.bindings.reloads
                let outcome = Browser.run(&state, on: screen, inbox: streaming || reloads ? inbox : nil) { command in
                    switch command {
                    case .forgetRecent(let glyph):
                        forgotten.append(glyph)
                    case .reload(let command):
                        reloader.start(command, after: streaming ? relay : nil, inbox: inbox, finishing: finishing) {
                            CatalogStream(
                                descriptor: $0, name: reloadName, source: source, options: loadOptions,
                                emptyIsNoItems: true
                            )
                        }
                    default:
                        break
                    }
                }
                reloader.stop()
                let picked = outcome.map { if case .chosen = $0 { true } else { false } } ?? false
                let printed = picked ? state.picks.compactMap(state.printedText(ofSource:)) : []
                // --copy: the pick on the clipboard too, through the terminal while it is ours.
                let copied = (copy || actionOptions.copies) && picked ? printed.joined(separator: "\n") : nil
                if let copied { screen.copyToClipboard(copied) }
                screen.close()
                if let copied { ClipboardTools.copy(copied, environment: environment) }
                if picked, let typist { DesktopTyping.typeLater(printed.joined(), with: typist) }
                TerminalGuard.restore()
                // (A stream's warnings are shown in the status line while the screen is up.)
                for warning in relay.warnings {
                    StandardStreams.error("splitview: \(warning)\n")
                }

                // Enter with nothing to pick prints the query and the key as fzf's does (a script's
                // "create it if nothing matches"), no item.
                let accepted = picked || outcome == .pickedNothing
                if accepted {
                    let typed = state.overlays.searchPrompt?.text ?? state.content.filter?.query.description ?? ""
                    try emit(printed, query: typed, key: state.picking.endingKey ?? "")
                }
                // The picks and the forgotten recent ones into the recent file, merged with what
                // another instance wrote meanwhile.
                if let recent, recent.size > 0 {
                    do {
                        try recent.record(
                            picked: picked ? state.picks.compactMap { state.recentKey(atSource: $0) } : [],
                            forgotten: forgotten, now: Int(Date().timeIntervalSince1970))
                    } catch {
                        // A recent list that cannot be kept is only a warning.
                        StandardStreams.error(
                            "splitview: warning: recent picks not kept: \(MessageText.escaped("\(error)"))\n")
                    }
                }
                switch outcome {
                case .chosen:
                    break
                case .interrupted:
                    throw ExitCode(130)
                case .failed(let message):
                    throw InputError(message: message)
                case .cancelled, .pickedNothing, nil:
                    throw ExitCode(1)
                case .become(let command):
                    try become(command)
                }
            }
        }
    }

    /// --bind's become: the browser's process becomes `command` (`SHELL -c`), its exit
    /// status splitview's, the terminal given back already. Returns only when it cannot.
    func become(_ command: ShellCommand) throws {
        // In a --tmux popup the command is the caller's to run, in its pane (fzf's).
        if let file = ProcessInfo.processInfo.environment[TmuxPopup.becomeVariable], !file.isEmpty {
            try TmuxPopup.handBack(command, to: file)
            throw ExitCode(0)
        }
        try Self.replaceProcess(with: command)
    }

    /// This process becomes `command` (`SHELL -c COMMAND`, its variables set); returns only
    /// when it cannot.
    static func replaceProcess(with command: ShellCommand) throws {
        for (name, value) in command.environment { setenv(name, value, 1) }
        let arguments = [command.shell, "-c", command.command]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        execvp(command.shell, argv)
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        throw InputError(message: "become: cannot run \(MessageText.quoted(command.shell)): \(reason)")
    }
}
