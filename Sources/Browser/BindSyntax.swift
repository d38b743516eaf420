// fzf's --bind syntax: `KEY:ACTION[+ACTION...][,KEY:ACTION...]`, read as fzf reads it, with
// every problem placed at its column. Written by hand: the syntax is fzf's own (an action's
// argument in any of fzf's delimiters, `action:ARG` to the end, `,:` and `::` for the keys
// `,` and `:`), which no parsing package knows.
//
// As in fzf: keys before a colon share its actions (`ctrl-j,ctrl-n:down`); an argument in
// `(...)`, `[...]`, `{...}`, `<...>` or between two of `~!@#$%^&*;/|` ends at the first closer
// followed by `+`, `,` or the end, so it may hold the others; `execute:CMD` takes the rest of
// the text, commas too; a list that begins with `+` adds to the key's earlier actions instead
// of replacing them.

import SafeText
import TerminalUI

/// What a binding fires on: a key, or one of fzf's events.
public enum BindTrigger: Hashable, Sendable {
    case key(Key)
    case event(BindEvent)
}

/// The events a binding can fire on (fzf's names, and `page`).
public enum BindEvent: String, Hashable, Sendable, CaseIterable {
    /// Once, when the browser starts (its first frame).
    case start
    /// When the input is read to its end (and after each `reload`).
    case load
    /// When the query changes.
    case change
    /// When the focus goes to another item.
    case focus
    /// When a search's result is shown (the query's matches, or everything).
    case result
    /// When a result has exactly one item.
    case one
    /// When a result has no item.
    case zero
    /// When the terminal changes size.
    case resize
    /// When a row of cards comes to rest on another card (the paging seed's
    /// `onCurrentPageChanged`).
    case page

    public var help: String {
        switch self {
        case .start: "once, at the first frame"
        case .load: "the input read to its end (after each reload too)"
        case .change: "the query changed"
        case .focus: "the focus went to another item"
        case .result: "a search's result shown"
        case .one: "a result of exactly one item"
        case .zero: "a result of no item"
        case .resize: "the terminal changed size"
        case .page: "a row of cards came to rest on another card"
        }
    }
}

/// A --bind text that cannot be read: what is wrong, at which character (0-based).
public struct BindSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public let offset: Int
    public let message: String

    public var description: String { "column \(offset + 1): \(message)" }
}

/// The user's bindings (--bind, [bind]): keys and events to chains of actions, later
/// bindings of a key replacing earlier ones.
public struct UserBindings: Hashable, Sendable {
    public private(set) var keys: [Key: [BrowserAction]] = [:]
    public private(set) var events: [BindEvent: [BrowserAction]] = [:]
    /// Each bound key's name as written, for the help.
    public private(set) var keyNames: [Key: String] = [:]
    /// The triggers in the order first bound (the help lists them so).
    public private(set) var order: [BindTrigger] = []

    public init() {}

    public init(parsing specs: [String]) throws(BindSyntaxError) {
        for spec in specs { try add(parsing: spec) }
    }

    public var isEmpty: Bool { order.isEmpty }

    /// The actions bound to `trigger`, nil when none are.
    public func actions(for trigger: BindTrigger) -> [BrowserAction]? {
        switch trigger {
        case .key(let key): keys[key]
        case .event(let event): events[event]
        }
    }

    /// Whether some binding runs `reload` (the loop then keeps its inbox for the new data).
    public var reloads: Bool {
        (Array(keys.values) + Array(events.values)).joined().contains {
            if case .run(let command) = $0 { command.kind == .reload } else { false }
        }
    }

    /// Adds the bindings of one --bind text.
    public mutating func add(parsing spec: String) throws(BindSyntaxError) {
        var reader = BindReader(Array(spec.unicodeScalars))
        for binding in try reader.bindings() {
            for (trigger, name) in binding.triggers where !(binding.appends && binding.actions.isEmpty) {
                let earlier = actions(for: trigger) ?? []
                let actions = binding.appends ? earlier + binding.actions : binding.actions
                switch trigger {
                case .key(let key):
                    keys[key] = actions
                    keyNames[key] = name
                case .event(let event):
                    events[event] = actions
                }
                if !order.contains(trigger) { order.append(trigger) }
            }
        }
    }
}

/// Reads one --bind text, scalar by scalar as fzf reads runes: a delimiter is one whatever
/// it follows (`execute(x܏)`: U+070F, a mark that prepends itself to the next character, would
/// make one Character of "܏)", and the bracket unseen).
struct BindReader {
    struct Binding {
        var triggers: [(BindTrigger, String)]
        var actions: [BrowserAction]
        var appends: Bool
    }

    let text: [Unicode.Scalar]
    var index = 0

    init(_ text: [Unicode.Scalar]) {
        self.text = text
    }

    /// The text of `range`.
    private func string(_ range: Range<Int>) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text[range])
        return String(scalars)
    }

    private func fail(_ message: String, at offset: Int) -> BindSyntaxError {
        BindSyntaxError(offset: offset, message: message)
    }

    private func character(at offset: Int) -> Unicode.Scalar? { offset < text.count ? text[offset] : nil }

    /// Every binding of the text, in order.
    mutating func bindings() throws(BindSyntaxError) -> [Binding] {
        var result: [Binding] = []
        var waiting: [(BindTrigger, String)] = []
        if text.isEmpty { throw fail("nothing to bind: write KEY:ACTION", at: 0) }
        while index < text.count {
            let start = index
            let name = keyName()
            if name.isEmpty {
                throw fail(
                    "a key or event name is missing before \(MessageText.quoted(String(text[index])))", at: start)
            }
            guard let trigger = Self.trigger(named: name) else {
                throw fail(
                    "unknown key or event \(MessageText.quoted(name, limit: 40)) (\(Self.triggerNames))", at: start)
            }
            waiting.append((trigger, name))
            guard let next = character(at: index) else {
                throw fail("no action for \(MessageText.escaped(name, limit: 40)): write KEY:ACTION", at: start)
            }
            index += 1
            if next == "," {
                if index == text.count { throw fail("a key or event name is missing after \",\"", at: index) }
                continue
            }
            let (actions, appends) = try actionList(for: trigger)
            result.append(Binding(triggers: waiting, actions: actions, appends: appends))
            waiting = []
        }
        if let (_, name) = waiting.first {
            throw fail("no action for \(MessageText.escaped(name, limit: 40)): write KEY:ACTION", at: text.count)
        }
        return result
    }

    /// A key or event name, up to the colon or comma after it; `,` `:` and `+` are keys of
    /// their own when a colon follows (`,:up`), and so is `alt-,`.
    private mutating func keyName() -> String {
        if let first = character(at: index), ",:+".unicodeScalars.contains(first), character(at: index + 1) == ":" {
            index += 1
            return String(first)
        }
        let start = index
        while let character = character(at: index), character != ":" && character != "," { index += 1 }
        if character(at: index) == ",", string(start..<index).lowercased().hasSuffix("alt-") { index += 1 }
        return string(start..<index)
    }

    static let triggerNames =
        "keys as fzf names them: ctrl-a, alt-x, f1, enter, tab, up, ...; events: "
        + BindEvent.allCases.map(\.rawValue).joined(separator: ", ")

    static func trigger(named name: String) -> BindTrigger? {
        if let event = BindEvent(rawValue: name.lowercased()) { return .event(event) }
        return ExpectedKeys.key(named: name).map(BindTrigger.key)
    }

    /// The actions after a trigger's colon, to the comma that ends them (taken) or the end.
    private mutating func actionList(for trigger: BindTrigger) throws(BindSyntaxError) -> ([BrowserAction], Bool) {
        var actions: [BrowserAction] = []
        var appends = false
        // Nothing after the colon leaves the key as it was (fzf's).
        if character(at: index) == nil || character(at: index) == "," {
            if character(at: index) == "," {
                index += 1
                if index == text.count { throw fail("a key or event name is missing after \",\"", at: index) }
            }
            return ([], true)
        }
        if character(at: index) == "+" {
            appends = true
            index += 1
        }
        while true {
            actions.append(try action(for: trigger))
            guard let next = character(at: index) else { break }
            index += 1
            if next == "," {
                if index == text.count { throw fail("a key or event name is missing after \",\"", at: index) }
                break
            }
            // "+": another action must follow.
            if index == text.count { throw fail("an action is missing after \"+\"", at: index) }
        }
        return (actions, appends)
    }

    /// The closing delimiter of an argument that opens with `opener`.
    static func closer(of opener: Unicode.Scalar) -> Unicode.Scalar? {
        switch opener {
        case "(": ")"
        case "[": "]"
        case "{": "}"
        case "<": ">"
        case "~", "!", "@", "#", "$", "%", "^", "&", "*", ";", "/", "|": opener
        default: nil
        }
    }

    /// One action, with its argument.
    private mutating func action(for trigger: BindTrigger) throws(BindSyntaxError) -> BrowserAction {
        let start = index
        while let character = character(at: index),
            ("a"..."z").contains(character) || ("A"..."Z").contains(character) || character == "-"
        {
            index += 1
        }
        let name = string(start..<index).lowercased()
        guard !name.isEmpty else {
            if let character = character(at: index), character != "," && character != "+" {
                throw fail(
                    "an action name (letters and -) is expected, not \(MessageText.quoted(String(character)))",
                    at: start)
            }
            throw fail("an action is missing", at: start)
        }
        guard let declared = BindableAction.byName[name] else {
            let known = Self.fzfOnly.contains(name) ? "fzf's \(name) is not in splitview" : "unknown action \"\(name)\""
            throw fail("\(known) (splitview --help lists the actions under --bind)", at: start)
        }
        var argument: String?
        if declared.argument != .none, let opener = character(at: index), let closer = Self.closer(of: opener) {
            var end = index + 1
            while end < text.count {
                if text[end] == closer, end + 1 == text.count || text[end + 1] == "+" || text[end + 1] == "," { break }
                end += 1
            }
            guard end < text.count else {
                throw fail(
                    "\(name)'s \(MessageText.quoted(String(opener))) is not closed before the end: end its argument with \(MessageText.quoted(String(closer)))",
                    at: index)
            }
            argument = string((index + 1)..<end)
            index = end + 1
        } else if declared.argument != .none, character(at: index) == ":" {
            argument = string((index + 1)..<text.count)
            index = text.count
        } else if case .required(let what) = declared.argument {
            throw fail("\(name) needs its \(what): \(name)(\(what))", at: start)
        }
        if let next = character(at: index), next != "+" && next != "," {
            if declared.argument == .none, Self.closer(of: next) != nil || next == ":" {
                throw fail("\(name) takes no argument", at: index)
            }
            throw fail("\"+\" or \",\" is expected after \(name), not \(MessageText.quoted(String(next)))", at: index)
        }
        if declared.argument == .optionalText, argument == nil {
            // `put` alone types the key's own character.
            guard case .key(.character(let character)) = trigger else {
                throw fail("put alone types the key's own character: bind it to one, or write put(TEXT)", at: start)
            }
            return .insertText(String(character))
        }
        return declared.make(argument)
    }

    /// fzf's actions (0.6x) that splitview does not have: a message better than "unknown".
    static let fzfOnly: Set<String> = [
        "accept-non-empty", "accept-or-print-query", "backward-kill-subword", "backward-subword", "backward-word",
        "bell", "best", "bg-cancel", "cancel", "change-border-label", "change-ghost", "change-header",
        "change-header-lines", "change-header-label", "change-input-label", "change-list-label", "change-multi",
        "change-nth", "change-with-nth", "change-pointer", "change-preview-label", "change-preview-window",
        "clear-screen", "clear-multi", "close", "delete-char", "deselect", "disable-raw", "disable-search",
        "down-match", "down-selected", "enable-raw", "enable-search", "exclude", "exclude-multi", "forward-subword",
        "forward-word", "jump", "kill-line", "kill-subword", "kill-word", "next-history", "next-selected",
        "half-page-down", "half-page-up", "hide-header", "hide-input", "offset-down", "offset-up",
        "offset-middle", "pos", "prev-history", "prev-selected", "preview", "preview-half-page-down",
        "preview-half-page-up", "print", "rebind", "reload-sync", "replace-query", "search", "select", "show-header",
        "show-input", "toggle-in", "toggle-out", "toggle-bind", "toggle-header", "toggle-hscroll",
        "toggle-input", "toggle-multi-line", "toggle-preview-wrap", "toggle-preview-wrap-word", "toggle-raw",
        "toggle-search", "toggle-sort", "toggle-track", "toggle-track-current", "toggle-wrap", "toggle-wrap-word",
        "track-current", "transform", "transform-border-label", "transform-ghost", "transform-header",
        "transform-header-lines", "transform-header-label", "transform-input-label", "transform-list-label",
        "transform-nth", "transform-with-nth", "transform-pointer", "transform-preview-label", "transform-prompt",
        "transform-query", "transform-search", "trigger", "unbind", "unix-word-rubout", "untrack-current", "wait",
        "up-match", "up-selected", "yank",
    ]
}
