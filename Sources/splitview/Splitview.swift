// The command line: subcommands share the data and configuration options.

import ArgumentParser
import Browser
import Catalog
import Foundation
import SafeText
import SplitLayout
import UserFiles

@main
struct Splitview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "splitview",
        abstract: "Browse sectioned data in two columns split by a ratio; pick an item to print it.",
        version: "0.1.0",
        subcommands: [BrowseCommand.self, LayoutCommand.self, RenderCommand.self, ProbeWidthsCommand.self],
        defaultSubcommand: BrowseCommand.self)

    /// SIGQUIT (Ctrl-\ where a terminal sends it) back to its default action before anything
    /// else: the Swift runtime's backtracer takes it on Linux, printed a crash report and let
    /// the program go on (`--filter`, `layout -` and `render -` waiting on a standard input held
    /// open went on waiting). Now it ends the program as it ends any, with no report; the
    /// browser's handlers (TerminalGuard) take it again to give the terminal back first.
    static func main() {
        signal(SIGQUIT, SIG_DFL)
        StandardStreams.guardDescriptors()
        do {
            // `splitview --help`: the browsing options, as fzf's --help lists its own, and then
            // the other commands (swift-argument-parser's root help lists only the commands).
            if ["-h", "--help", "help"].contains(CommandLine.arguments.dropFirst().first),
                CommandLine.arguments.count == 2
            {
                throw CleanExit.message(rootHelp())
            }
            var command = try parseWithDefaultOptions(Array(CommandLine.arguments.dropFirst()))
            try StandardStreams.reportingWriteFailures { try command.run() }
        } catch {
            // ArgumentParser's messages quote the arguments as they were typed (an unknown
            // option, a bad --focus), and its exit(withError:) prints them as they are: an
            // argument holding ESC [ 2 J would clear the terminal it is printed on. So its
            // message is printed here, line by line, with controls and bidi characters escaped
            // as in every other message (MessageText).
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { MessageText.escaped(String($0)) }
                .joined(separator: "\n")
            if !message.isEmpty {
                // (--help, --version and the completion scripts go to standard output.)
                if code == .success {
                    do {
                        try StandardStreams.reportingWriteFailures { try StandardStreams.output(message + "\n") }
                    } catch {
                        Foundation.exit(exitCode(for: error).rawValue)
                    }
                } else {
                    StandardStreams.error(message + "\n")
                }
            }
            Foundation.exit(code.rawValue)
        }
    }
}

extension Splitview {
    /// The command `arguments` ask for, with SPLITVIEW_DEFAULT_OPTS's (and its file's) words
    /// before them when the command is browse, as fzf reads FZF_DEFAULT_OPTS: the command
    /// line's options come later and win. An error the default options alone cause is said to
    /// come from them; one the command line causes reads as it does without them.
    static func parseWithDefaultOptions(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> ParsableCommand {
        let arguments = withPlusOptionsSpelledOut(arguments)
        let defaults: [String]
        do {
            defaults = withPlusOptionsSpelledOut(try DefaultOptions.words(environment: environment))
        } catch {
            throw ValidationError(error.description)
        }
        guard !defaults.isEmpty, let at = defaultOptionsPlace(in: arguments) else {
            return try parseAsRoot(arguments)
        }
        var combined = arguments
        combined.insert(contentsOf: defaults, at: at)
        do {
            return try parseAsRoot(combined)
        } catch {
            // The command line alone: its own error, or none, and then the defaults are at fault.
            _ = try parseAsRoot(arguments)
            throw ValidationError("\(DefaultOptions.variable): \(message(for: error))")
        }
    }

    /// fzf's options spelled with `+` (`+m`, the negation of `-m`), and the long options they
    /// stand for. swift-argument-parser reads only `-` and `--`, so these words are spelled out
    /// before it parses. (A value that is one of these words is given with `=`:
    /// `--query=+m`.)
    static let plusOptions = [
        "+m": "--no-multi", "+1": "--no-select-1", "+0": "--no-exit-0", "+i": "--no-ignore-case", "+s": "--no-sort",
        "+e": "--no-exact",
    ]

    /// The browse options that take the next argument as their value, which is then kept as
    /// written even when it is one of `plusOptions` (`--query +i`). `ManualAndCompletionTests`
    /// checks it against the options the parser declares.
    static let valueOptions: Set<String> = [
        "-q", "--query", "-f", "--filter", "--print", "--expect", "--skin-tone", "--typing", "--height", "--tiebreak",
        "--data", "--catalog", "--format", "--section-column", "--label-column", "--glyph-column", "--config",
        "--style",
        "--effect", "--preset", "--layout", "--header-lines", "--header", "--tabstop", "--ellipsis", "--prompt",
        "--info", "--border", "--color", "--pointer", "--marker", "-d", "--delimiter", "--nth", "--with-nth",
        "--accept-nth", "--group-nth",
        "--group-by", "--heading", "--preview", "--preview-window", "--bind", "--tmux", "--action",
    ]

    /// fzf's options whose value may be left out, with the value they then take: `--border`
    /// alone is `--border=rounded`; `--border sharp` takes the next word only when it is one
    /// of the option's values (`takes`: here a word after it may be the data file).
    static let optionalValues: [String: (takes: @Sendable (String) -> Bool, omitted: String)] = [
        "--border": ({ PickerLook.Border.allValueStrings.contains($0) }, PickerLook.Border.rounded.rawValue),
        "--tmux": ({ TmuxPlacement(parsing: $0) != nil }, TmuxPlacement.omitted),
    ]

    /// `arguments` with fzf's spellings that swift-argument-parser does not read spelled out,
    /// before a `--`: each of `plusOptions` (but as an option's value), and each of
    /// `optionalValues` with its value after `=`.
    static func withPlusOptionsSpelledOut(_ arguments: [String]) -> [String] {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var spelled: [String] = []
        var index = 0
        while index < end {
            let word = arguments[index]
            index += 1
            if let optional = optionalValues[word] {
                if index < end, optional.takes(arguments[index]) {
                    spelled.append(word + "=" + arguments[index])
                    index += 1
                } else {
                    spelled.append(word + "=" + optional.omitted)
                }
            } else if index >= 2, valueOptions.contains(arguments[index - 2]),
                optionalValues[arguments[index - 2]] == nil
            {
                // (The value of the option before it: kept as written. An option whose value
                // may be left out took its value above, or none.)
                spelled.append(word)
            } else {
                spelled.append(plusOptions[word] ?? word)
            }
        }
        return spelled + arguments[end...]
    }

    /// Where the default options go in `arguments`: after `browse`, or first when no command
    /// is named (browse is the default); nil for the other commands, whose options differ, and
    /// for help and the version, which read no options.
    static func defaultOptionsPlace(in arguments: [String]) -> Int? {
        guard let first = arguments.first else { return 0 }
        if first == BrowseCommand.configuration.commandName { return 1 }
        let others = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        if others.contains(first) || ["--version", "-h", "--help"].contains(first) { return nil }
        return 0
    }

    /// The help of `splitview` alone: its overview, then the help of the command it runs by
    /// default (browse) under `splitview`'s own usage, then the list of commands. Made of the
    /// argument parser's texts, so it says what they say.
    static func rootHelp() -> String {
        let root = helpMessage()
        let browse = helpMessage(for: BrowseCommand.self)
        let overview = root.components(separatedBy: "\n\n").first ?? ""
        // The browse help past its own overview line, its usage as the root's.
        var body = browse.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
        body = body.replacingOccurrences(
            of: "USAGE: splitview browse ", with: "USAGE: splitview [browse] ")
        let commands = root.range(of: "SUBCOMMANDS:").map { String(root[$0.lowerBound...]) } ?? ""
        return overview + "\n\n" + body.trimmingCharacters(in: .newlines) + "\n\n" + commands
    }
}

/// Options every subcommand that shows data takes.
struct DataOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "The data file: \(DataFormat.namesInWords); - for standard input "
                + "(default: standard input when it is not a terminal, else the bundled emoji; see --emoji).",
            valueName: "FILE"))
    var file: String?

    @Option(name: .long, help: ArgumentHelp("The data file, as FILE.", valueName: "FILE"))
    var data: String?

    @Option(
        help: ArgumentHelp(
            "The data format (default: by the file's extension, else by its first bytes).",
            valueName: "format"))
    var format: DataFormat?

    @Option(
        help: ArgumentHelp(
            "CSV/TSV: the column of the section titles, by name or number from 1 "
                + "(default: one called section, group or category).", valueName: "COLUMN"))
    var sectionColumn: String?

    @Option(
        help: ArgumentHelp(
            "CSV/TSV: the column of the item labels (default: one called label, name or title).",
            valueName: "COLUMN"))
    var labelColumn: String?

    @Option(
        help: ArgumentHelp(
            "CSV/TSV: the column of the glyphs (default: one called glyph, emoji or icon).",
            valueName: "COLUMN"))
    var glyphColumn: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The configuration file (default: $XDG_CONFIG_HOME/splitview/config.toml, else ~/.config/splitview/config.toml).",
            valueName: "FILE"))
    var config: String?

    @Option(
        help: ArgumentHelp(
            "How every section is drawn (default: as the data and the configuration say).", valueName: "style"))
    var style: SectionStyleName?

    @Option(
        name: .customLong("effect"),
        help: ArgumentHelp(
            "The effect of the rows' cards (default: [row] effect in the configuration).", valueName: "effect"))
    var effectName: EffectName?

    @Option(
        name: .customLong("preset"),
        help: ArgumentHelp("A preset of the effect (only scale has presets).", valueName: "preset"))
    var presetName: PresetName?

    @Option(
        name: .customLong("layout"),
        help: ArgumentHelp(
            "How items are placed, as words separated by commas: list (one item a line, as wide as its column; the default for text), chips (side by side, as wide as their labels; the default for items with glyphs), a built-in group, a [groups.NAME] of the configuration, or lines (wrapping lines, no group); and fzf's default, reverse or reverse-list.",
            valueName: "name[,name]"))
    var layoutName: LayoutName?

    @OptionGroup var list: ListOptions
    @OptionGroup(title: "Fields and sections of plain lines") var fields: FieldOptions
    @OptionGroup var look: LookOptions

    var effect: String? { effectName?.name }
    var preset: String? { presetName?.name }
    var layout: String? { layoutName?.group }

    /// The configuration in force, or a clear error naming the file and key; the command
    /// line's --style, --effect, --preset and --layout over it.
    /// Loads the configuration and runs `body` with it, its effects of keyframes known
    /// wherever an effect is named meanwhile (`CardEffects.configured`): --effect, the data's
    /// rows, the browser.
    func withConfiguration(_ body: (Configuration) throws -> Void) throws {
        let configuration = try loadConfiguration()
        try CardEffects.$configured.withValue(configuration.keyframeEffects) {
            // --effect may name the configuration's own effects: checked once they are read (a
            // mistake of the command line's, status 64, as a built-in name's in `validate`).
            if let effect, !CardEffects.builtIn.contains(where: { $0.name == effect }),
                let problem = RowHint.problem(effect: effect, preset: preset)
            {
                throw ValidationError(problem.replacingOccurrences(of: "expected an effect", with: "--effect must be"))
            }
            try body(configuration)
        }
    }

    func loadConfiguration() throws(InputError) -> Configuration {
        let path = ConfigLoader.locate(explicitPath: config, environment: ProcessInfo.processInfo.environment)
        var configuration: Configuration
        do {
            configuration = try ConfigLoader.load(path: path)
        } catch {
            throw InputError(message: error.description)
        }
        configuration.layout.forcedStyle = style
        if let items = layoutName?.items { configuration.layout.items = items }
        if let layout {
            if layout != LayoutSettings.linesLayout && configuration.layout.groups[layout] == nil
                && GroupReader.builtIn[layout] == nil
            {
                throw InputError(
                    message: "--layout: " + GroupReader.unknownName(layout, named: configuration.layout.groups)
                        + " or \"lines\"")
            }
            configuration.layout.forcedGroup = layout
        }
        configuration.layout.commandLineRow = RowHint(effect: effect, preset: preset)
        // A preset without --effect is the scale's.
        if preset != nil && effect == nil { configuration.layout.commandLineRow.effect = "scale" }
        return configuration
    }

    @Flag(help: "Group the bundled emoji by Unicode subgroup (face-smiling, animal-cat, ...) instead of group.")
    var subgroups = false

    func validate() throws {
        if let problem = layoutName?.problem { throw ValidationError("--layout: \(problem)") }
        // (A name that is not a built-in effect's may be the configuration's: checked with it.)
        if effect.map({ name in CardEffects.builtIn.contains { $0.name == name } }) ?? true,
            let problem = RowHint.problem(effect: effect ?? (preset == nil ? nil : "scale"), preset: preset)
        {
            throw ValidationError(problem.replacingOccurrences(of: "expected an effect", with: "--effect must be"))
        }
        if let file, let data {
            throw ValidationError(
                "give the data file once, as FILE or as --data (got \"\(file)\" and --data \"\(data)\")")
        }
        if emoji, let named = data ?? file {
            throw ValidationError("--emoji browses the bundled emoji: give no data file as well (got \"\(named)\")")
        }
        if emoji && asksForData {
            throw ValidationError("--format and the column options need a data file, not --emoji")
        }
        if let name = catalogName?.name, catalog == nil {
            throw ValidationError("--catalog must be: \(CatalogName.choices), found \"\(MessageText.escaped(name))\"")
        }
        if catalog != nil {
            if let named = data ?? file {
                throw ValidationError(
                    "--catalog browses a bundled catalog: give no data file as well (got \"\(named)\")")
            }
            if asksForData {
                throw ValidationError("--format and the column options need a data file, not --catalog")
            }
        }
    }

    @Flag(
        help:
            "Browse the bundled emoji even when standard input is not a terminal (from a script, cron, an editor or a key binding), where standard input would be the data."
    )
    var emoji = false

    @Option(
        name: .customLong("catalog"),
        help: ArgumentHelp(
            "The bundled catalog to browse, even when standard input is not a terminal (default: [catalog] name of the configuration, else emoji).",
            valueName: "name"))
    var catalogName: CatalogName?

    /// --catalog's catalog (its name checked in `validate`).
    var catalog: BundledCatalog? { catalogName.flatMap { BundledCatalog(rawValue: $0.name) } }

    /// The bundled catalog asked for on the command line: --catalog's, or --emoji's (--catalog
    /// comes over --emoji, which the shells' emoji key passes: its options may name a catalog).
    var askedCatalog: BundledCatalog? { catalog ?? (emoji ? .emoji : nil) }

    /// Whether the options only make sense for a data file.
    var asksForData: Bool { format != nil || sectionColumn != nil || labelColumn != nil || glyphColumn != nil }

    @Flag(name: .customLong("read0"), help: "Read items separated by NUL, not by line (as find -print0 writes them).")
    var readZero = false

    @Option(
        help: ArgumentHelp("Sticky lines shown above the status line (a line break starts another).", valueName: "TEXT")
    )
    var header: String?

    @Option(
        name: .customLong("header-lines"),
        help: ArgumentHelp("Plain lines: the first N lines are a sticky header, not items.", valueName: "N"))
    var headerLineCount = 0

    /// The sticky lines to show: --header's, then the lines --header-lines took from the data.
    func headerLines(_ loaded: [String]) -> [String] {
        // (The header lines read from the data are shown as its lines are: --with-nth's
        // fields, or without --group-nth's.)
        let fields = (try? fields.lineFields()) ?? LineFields()
        return (header.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? [])
            + loaded.map { fields.shownText(ofHeader: $0) }
    }

    /// The options of the load; `fields`: plain lines' fields and grouping (browse's).
    func loadOptions(fields: LineFields = LineFields()) -> CatalogLoader.Options {
        CatalogLoader.Options(
            format: format,
            columns: ColumnChoice(section: sectionColumn, label: labelColumn, glyph: glyphColumn), readZero: readZero,
            headerLines: max(0, headerLineCount), ansi: list.ansi, fields: fields)
    }

    /// The data's sections: from FILE or --data ("-" is standard input), else from standard
    /// input when it is not a terminal (the browser reads keys from /dev/tty; an empty input is
    /// no items, with a warning), else (or with --emoji) the bundled emoji. Warnings about the data go to stderr here, before any screen starts.
    func loadCatalog(_ configuration: Configuration) throws(InputError) -> Catalog {
        try loadData(configuration).catalog
    }

    /// `loadCatalog`'s catalog, with its warnings (printed on stderr already) for the browser
    /// to show in its status line: a terminal screen hides what was printed before it.
    /// `fields`: the plain lines' fields and grouping, else the command line's (checked when
    /// it was read).
    func loadData(_ configuration: Configuration, fields: LineFields? = nil) throws(InputError) -> (
        catalog: Catalog, warnings: [DataWarning], headerLines: [String]
    ) {
        let loadOptions = loadOptions(fields: fields ?? (try? self.fields.lineFields()) ?? LineFields())
        let loaded: LoadedCatalog
        do {
            if let path = data ?? file, path != "-" {
                loaded = try CatalogLoader.load(path: path, options: loadOptions)
            } else if askedCatalog == nil && (data ?? file == "-" || isatty(0) == 0) {
                // Standard input ("-", or any that is not a terminal) is the data, even when
                // empty, as fzf's: `ls /nonexistent | splitview` shows no items (and Enter and
                // --filter exit 1), not the emoji. (With --format or a column option an empty
                // input is an error: a table was promised.)
                let input = try CatalogLoader.readStandardInput()
                loaded =
                    input.isEmpty && !asksForData
                    ? .emptyStandardInput(source: "-")
                    : try CatalogLoader.parse(
                        input, name: CatalogLoader.standardInputName, source: "-", options: loadOptions)
            } else {
                if asksForData {
                    throw InputError(
                        message:
                            "--format and the column options need a data file (FILE, --data FILE or standard input)")
                }
                let bundled = askedCatalog ?? configuration.catalog
                return (bundled.load(grouping: subgroups ? .subgroup : configuration.emojiGrouping), [], [])
            }
        } catch let error as InputError {
            throw error
        } catch let error as DataError {
            throw InputError(message: error.description)
        } catch {
            throw InputError(message: "\(error)")
        }
        return try finishLoad(loaded, configuration)
    }

    /// A whole input's catalog checked against the configuration, its warnings printed.
    func finishLoad(_ loaded: LoadedCatalog, _ configuration: Configuration) throws(InputError) -> (
        catalog: Catalog, warnings: [DataWarning], headerLines: [String]
    ) {
        if let problem = configuration.layout.groupProblem(for: loaded.catalog) {
            throw InputError(message: problem)
        }
        for warning in loaded.warnings {
            StandardStreams.error("splitview: \(warning)\n")
        }
        return (loaded.catalog, loaded.warnings, loaded.headerLines)
    }
}

// The values of --format, --style, --effect, --preset and --layout, and what each means, come
// from the tables that declare them (DataFormat, SectionStyleName.choice, CardEffects.entries,
// GroupReader.builtInGroups): the help, the man page and the completion scripts list them.

extension DataFormat: ExpressibleByArgument {
    public static var allValueDescriptions: [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.helpLine) })
    }
}

/// `--catalog`: a bundled catalog's name, checked in `validate` (one line naming the
/// catalogs, where the parser would list six names on lines of their own).
struct CatalogName: ExpressibleByArgument {
    var name: String
    init(argument: String) { name = argument }
    static var allValueStrings: [String] { BundledCatalog.allCases.map(\.rawValue) }
    static var allValueDescriptions: [String: String] { BundledCatalog.helpByName }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    /// The names as the message lists them, as the configuration's `[catalog] name` does:
    /// one of "emoji", ..., "gitmoji".
    static var choices: String { Configuration.catalogNames }
}

extension SectionStyleName: ExpressibleByArgument {
    public static var allValueDescriptions: [String: String] { choice.help }
}

extension SearchOptions.Typing: ExpressibleByArgument {}

/// `--effect`: an effect's name, checked in `validate` (with the message the configuration
/// gives) rather than by the parser.
struct EffectName: ExpressibleByArgument {
    var name: String
    init(argument: String) { name = argument }
    static var allValueStrings: [String] { CardEffects.names }
    static var allValueDescriptions: [String: String] {
        Dictionary(uniqueKeysWithValues: CardEffects.entries.map { ($0.name, $0.help) })
    }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// `--preset`: a preset of the effect, checked in `validate`.
struct PresetName: ExpressibleByArgument {
    var name: String
    init(argument: String) { name = argument }
    static var allValueStrings: [String] { CardEffects.allPresets }
    static var allValueDescriptions: [String: String] {
        var descriptions: [String: String] = [:]
        for entry in CardEffects.entries {
            for (preset, help) in entry.presetHelp where descriptions[preset] == nil {
                descriptions[preset] = "\(entry.name): \(help)"
            }
        }
        return descriptions
    }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// `--layout`: words separated by commas: list or chips (how items are shown, `ItemsLook`),
/// a built-in group, "lines" or a group of the configuration (checked once it is read), and
/// fzf's default, reverse or reverse-list (`PickerLook.Placement`). chips is the built-in group too.
struct LayoutName: ExpressibleByArgument {
    /// The group every grid section takes (nil: none named).
    var group: String?
    var items: ItemsLook?
    var picker: PickerLook.Placement?
    /// What is wrong with the words (two of a kind), for `validate`.
    var problem: String?

    init(argument: String) {
        for word in argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if let picker = PickerLook.Placement(rawValue: word) {
                if let earlier = self.picker {
                    problem = problem ?? "\"\(earlier.rawValue)\" and \"\(word)\" both place the prompt"
                }
                self.picker = picker
                continue
            }
            if word.isEmpty {
                problem = problem ?? "an empty word in \"\(argument)\""
                continue
            }
            if group != nil || items == .list {
                problem = problem ?? "\"\(word)\" and \"\(group ?? "list")\" both place the items"
            }
            switch word {
            case ItemsLook.list.rawValue: items = .list
            case ItemsLook.chips.rawValue: (items, group) = (.chips, word)
            default: group = word
            }
        }
    }

    static var itemWords: [String: String] {
        [
            ItemsLook.list.rawValue: "one item a line, as wide as its column (text's default)",
            LayoutSettings.linesLayout: "wrapping lines, no group",
        ].merging(PickerLook.Placement.allCases.map { ($0.rawValue, "fzf's: " + $0.help) }) { first, _ in first }
    }

    static var allValueStrings: [String] {
        [ItemsLook.list.rawValue] + GroupReader.builtInGroups.map(\.name) + [LayoutSettings.linesLayout]
            + PickerLook.Placement.allCases.map(\.rawValue)
    }
    static var allValueDescriptions: [String: String] {
        Dictionary(uniqueKeysWithValues: GroupReader.builtInGroups.map { ($0.name, $0.help) })
            .merging(itemWords) { first, _ in first }
    }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// Bad input from the user (a data or configuration file): reported in one line, exit status 2.
struct InputError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension ParsableCommand {
    /// Runs `body`, turning an `InputError` into one line on stderr and exit status 2.
    func reportingInputErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as InputError {
            // Escaped here, where every such line leaves, whatever built it (a message quoting
            // the data, a file name, an option's value): each error type escapes what it
            // quotes too, and escaping is idempotent.
            StandardStreams.error("splitview: \(MessageText.escaped(error.message))\n")
            throw ExitCode(2)
        }
    }
}
