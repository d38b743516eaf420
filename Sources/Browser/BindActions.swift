// The actions keys and events can be bound to, by name, declared once: `--bind` and the
// configuration's [bind] read the names here (BindSyntax.swift), the help overlay names every
// key's action by them, and the docs list them from `BindableAction.all`. fzf's names where fzf
// has the action, with fzf's meaning; splitview's own for what fzf lacks.

import TerminalUI

/// One action a key or an event can be bound to.
public struct BindableAction: Sendable {
    /// What the action takes in parentheses.
    public enum Argument: Hashable, Sendable {
        case none
        /// Required; the name of what it is, for messages and the docs (`COMMAND`, `TEXT`).
        case required(String)
        /// `put`: the text, else the bound key's own character.
        case optionalText
    }

    public let name: String
    public let argument: Argument
    public let help: String
    /// The action, given the argument (nil for `.none`, and for `put` bound without one).
    let make: @Sendable (String?) -> BrowserAction

    init(_ name: String, _ help: String, _ action: BrowserAction) {
        self.name = name
        self.argument = .none
        self.help = help
        self.make = { _ in action }
    }

    init(_ name: String, takes what: String, _ help: String, _ make: @escaping @Sendable (String) -> BrowserAction) {
        self.name = name
        self.argument = .required(what)
        self.help = help
        self.make = { make($0 ?? "") }
    }

    init(optionalText name: String, _ help: String, _ make: @escaping @Sendable (String?) -> BrowserAction) {
        self.name = name
        self.argument = .optionalText
        self.help = help
        self.make = make
    }

    /// The action as a binding writes it, for the help and the docs: `down`,
    /// `reload(COMMAND)`, `put[(TEXT)]`.
    public var usage: String {
        switch argument {
        case .none: name
        case .required(let what): "\(name)(\(what))"
        case .optionalText: "\(name)[(TEXT)]"
        }
    }

    /// Every bindable action, in the order the docs list them.
    public static let all: [BindableAction] = [
        // Picking and leaving.
        BindableAction("accept", "print the focused item (the marked ones with --multi) and exit", .pick),
        BindableAction("abort", "exit 130 with no output (fzf's abort, Ctrl-C)", .interrupt),
        BindableAction("quit", "exit 1 with no output (q, Esc)", .quit),
        BindableAction("suspend", "back to the shell, fg to return (Ctrl-Z)", .suspend),
        BindableAction("ignore", "nothing (a binding to it removes a built-in key)", .ignore),
        // Moving.
        BindableAction("up", "the item above", .move(.up)),
        BindableAction("down", "the item below", .move(.down)),
        BindableAction("left", "the item to the left, across the columns too", .move(.left)),
        BindableAction("right", "the item to the right, across the columns too", .move(.right)),
        BindableAction("page-up", "a page up", .page(down: false)),
        BindableAction("page-down", "a page down", .page(down: true)),
        BindableAction("first", "the first item", .first),
        BindableAction("last", "the last item", .last),
        BindableAction("first-card", "the first card of the focused row", .firstCard),
        BindableAction("last-card", "the last card of the focused row", .lastCard),
        // Sections.
        BindableAction("next-section", "the next section's first item", .nextSection),
        BindableAction("prev-section", "the previous section's first item", .previousSection),
        BindableAction("toggle-section", "fold or unfold the focused section", .toggleSection),
        BindableAction("toggle-all-sections", "fold or unfold every section", .toggleAllSections),
        BindableAction("section-switcher", "go to a section by its title", .openSectionSwitcher),
        BindableAction(
            "jump-to-section", takes: "TITLE", "the first section of this title, unfolded, its first item",
            BrowserAction.jumpToSection),
        BindableAction("split-left", "move the split of the two columns left", .adjustRatio(steps: -1)),
        BindableAction("split-right", "move the split of the two columns right", .adjustRatio(steps: 1)),
        BindableAction("toggle-cards", "the focused section as a row of cards, or a grid", .toggleSectionStyle),
        // Marks.
        BindableAction("toggle", "mark or unmark the focused item (--multi)", .toggle),
        BindableAction("toggle-next", "mark or unmark, then the next item (Space, Tab)", .toggleMark),
        BindableAction(
            "toggle-prev", "mark or unmark, then the previous item (Shift-Tab)", .toggleMarkThenPrevious),
        BindableAction("toggle-all", "mark the unmarked shown items, unmark the marked", .toggleAll),
        BindableAction("select-all", "mark every shown item", .selectAll),
        BindableAction("deselect-all", "unmark every shown item", .deselectAll),
        // The query.
        BindableAction("open-search", "open the search prompt (/)", .openSearch),
        BindableAction(
            "change-query", takes: "TEXT", "the query becomes TEXT", BrowserAction.changeQuery),
        BindableAction("clear-query", "empty the query: everything shown again", .clearQuery),
        BindableAction(
            "change-prompt", takes: "TEXT", "the prompt before the query becomes TEXT", BrowserAction.changePrompt),
        BindableAction(optionalText: "put", "type TEXT (put alone: the bound key's character) into the query") {
            .insertText($0 ?? "")
        },
        BindableAction("keep-filter", "close the prompt, keeping its filter (Enter in the prompt)", .acceptSearch),
        BindableAction("cancel-search", "close the prompt, its filter dropped", .cancelSearch),
        BindableAction("clear-filter", "drop a kept filter, everything shown again", .clearFilter),
        BindableAction("backward-char", "the query's cursor one character left", .moveQueryCursor(by: -1)),
        BindableAction("forward-char", "the query's cursor one character right", .moveQueryCursor(by: 1)),
        BindableAction("beginning-of-line", "the query's cursor to its start", .queryCursorToStart),
        BindableAction("end-of-line", "the query's cursor to its end", .queryCursorToEnd),
        BindableAction("backward-delete-char", "delete the character before the cursor", .deleteBackward),
        BindableAction("backward-kill-word", "delete the word before the cursor", .deleteWord),
        BindableAction("unix-line-discard", "delete everything before the cursor", .clearText),
        // The preview and the details.
        BindableAction("toggle-preview", "show or hide the preview (the details without --preview)", .toggleDetails),
        BindableAction("show-preview", "show the preview (the details without --preview)", .showPreview(true)),
        BindableAction("hide-preview", "hide the preview (the details without --preview)", .showPreview(false)),
        BindableAction(
            "change-preview", takes: "COMMAND", "the preview runs COMMAND from now on", BrowserAction.changePreview),
        BindableAction("refresh-preview", "run the preview command again", .refreshPreview),
        BindableAction("preview-up", "scroll the preview a line up", .scrollPreview(lines: -1)),
        BindableAction("preview-down", "scroll the preview a line down", .scrollPreview(lines: 1)),
        BindableAction("preview-page-up", "scroll the preview a page up", .scrollPreviewPage(down: false)),
        BindableAction("preview-page-down", "scroll the preview a page down", .scrollPreviewPage(down: true)),
        BindableAction("preview-top", "the preview's first line", .scrollPreview(lines: Int.min / 2)),
        BindableAction("preview-bottom", "the preview's last line", .scrollPreview(lines: Int.max / 2)),
        // Commands.
        BindableAction(
            "execute", takes: "COMMAND", "run COMMAND with the terminal, then come back",
            { .run(ShellAction(.execute, $0)) }),
        BindableAction(
            "execute-silent", takes: "COMMAND", "run COMMAND out of sight, the browser staying",
            { .run(ShellAction(.executeSilent, $0)) }),
        BindableAction(
            "become", takes: "COMMAND", "end the browser and run COMMAND in its place (its exit is splitview's)",
            { .run(ShellAction(.become, $0)) }),
        BindableAction(
            "reload", takes: "COMMAND", "replace the items by COMMAND's output, read as it arrives",
            { .run(ShellAction(.reload, $0)) }),
        // Other.
        BindableAction("copy", "put the focused item on the clipboard (y)", .copyFocused),
        BindableAction("skin-tone", "the focused emoji's skin tones (s)", .openToneChooser),
        BindableAction("forget-recent", "take the focused item out of Recent", .forgetRecent),
        BindableAction("help", "this help (?)", .openHelp),
    ]

    /// The actions by name.
    static let byName: [String: BindableAction] = Dictionary(all.map { ($0.name, $0) }) { first, _ in first }

    /// The name of an action a key can do, as a binding writes it (`down`,
    /// `jump-to-section(Smileys)`); nil for what only a mode of its own does (the tone
    /// chooser's moves, the help's scrolling, the mouse's).
    public static func name(of action: BrowserAction) -> String? {
        switch action {
        case .chain(let actions):
            let names = actions.map(name(of:))
            return names.contains(nil) ? nil : names.compactMap { $0 }.joined(separator: "+")
        case .jumpToSection(let title): return "jump-to-section(\(title))"
        case .changeQuery(let text): return "change-query(\(text))"
        case .changePrompt(let text): return "change-prompt(\(text))"
        case .changePreview(let command): return "change-preview(\(command))"
        case .insertText(let text): return "put(\(text))"
        case .run(let command): return "\(command.kind.rawValue)(\(command.template))"
        case .sayNoSkinTones: return "skin-tone"
        default:
            return plainNames[action]
        }
    }

    private static let plainNames: [BrowserAction: String] = Dictionary(
        all.filter { $0.argument == .none }.map { ($0.make(nil), $0.name) }
    ) { first, _ in first }
}

/// A shell command a binding runs (execute, execute-silent, become, reload), its placeholders
/// expanded when it runs.
public struct ShellAction: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case execute
        case executeSilent = "execute-silent"
        case become
        case reload
    }

    public let kind: Kind
    public let template: CommandTemplate

    public init(_ kind: Kind, _ template: String) {
        self.kind = kind
        self.template = CommandTemplate(template)
    }
}
