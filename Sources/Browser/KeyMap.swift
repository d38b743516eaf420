// Keys as data: each input mode has one key map, the bindings of keys to actions with a short
// help text and the rule for when they apply. The same maps drive dispatch (`Browser.handle`)
// and the help overlay, so the help cannot list a key that does something else, or nothing.
// The maps themselves are in KeyMaps.swift.

import Catalog
import TerminalUI

/// What the keys mean at a moment: one mode per key map (`KeyMap.all`).
public enum InputMode: Hashable, Sendable, CaseIterable {
    case browse, row, searchPrompt, sectionSwitcher, toneChooser, help, tooSmall
}

/// When a binding (or a whole mode) does something with the data and options at hand.
public enum Availability: Hashable, Sendable {
    case always
    /// With --multi.
    case multiSelect
    /// Without --multi.
    case singleSelect
    /// When some item of the catalog has skin-tone variants (the emoji, not a data file).
    case skinTones
    /// When there are sections to show as rows of cards (`v` makes one of any section).
    case rows
    /// A search's filter is kept (the prompt closed with Enter).
    case filtered
    /// When no item of the catalog has skin-tone variants (a data file).
    case noSkinTones
    /// The focus is on a recent pick (in Recent).
    case inRecent
    /// Typing goes straight to the query (fzf's way: the prompt is always open).
    case queryMode
    /// Typing runs the browsing keys; `/` opens the prompt.
    case keysMode
    /// Typing goes straight to the query, and nothing is typed yet.
    case emptyQuery
    /// Typing goes straight to the query, and the focus is in a grid or a row of cards, where
    /// ← and → go from item to item (in a list they move the query's cursor, as fzf's).
    case queryInGrid
    /// The detail panel is open (`i`, Ctrl-O); not the preview, which Esc leaves as fzf's.
    case detailsShown
    /// The preview shows (--preview).
    case previewShown
    /// More than one section: they fold, and the switcher goes between them.
    case sections

    public func holds(in state: BrowserState) -> Bool {
        switch self {
        case .always: true
        case .multiSelect: state.options.multiSelect
        case .singleSelect: !state.options.multiSelect
        case .skinTones: state.content.source.sections.contains { $0.items.hasVariants }
        // `v` makes a row of any section.
        case .rows: !state.content.source.sections.isEmpty
        case .filtered: state.content.isSearching
        case .noSkinTones: !Availability.skinTones.holds(in: state)
        case .inRecent: state.focusIsInRecent
        case .queryMode: state.typingQueries
        case .keysMode: !state.typingQueries
        case .emptyQuery: state.typingQueries && (state.overlays.searchPrompt?.text.isEmpty ?? true)
        case .queryInGrid: state.typingQueries && state.focusIsSideBySide
        case .detailsShown: !state.hasPreview && state.overlays.showingDetails
        case .previewShown: state.hasPreview && state.preview.isShown
        case .sections: state.content.canFold
        }
    }
}

/// Keys that do one action.
public struct KeyBinding: Hashable, Sendable {
    public let keys: [Key]
    public let action: BrowserAction

    public init(_ keys: [Key], _ action: BrowserAction) {
        self.keys = keys
        self.action = action
    }
}

/// Bindings that share one line of help ("← ↓ ↑ →  h j k l: move") and one availability.
public struct KeyGroup: Hashable, Sendable {
    public let bindings: [KeyBinding]
    public let help: String
    public let availability: Availability

    public init(_ bindings: [KeyBinding], _ help: String, when availability: Availability = .always) {
        self.bindings = bindings
        self.help = help
        self.availability = availability
    }

    /// One binding's group.
    public init(_ keys: [Key], _ action: BrowserAction, _ help: String, when availability: Availability = .always) {
        self.init([KeyBinding(keys, action)], help, when: availability)
    }

    /// The keys as the help names them: named keys, then Ctrl keys, then characters, each
    /// kind in binding order and two spaces between kinds ("PgUp PgDn  ^B ^F").
    public var keysLabel: String {
        let keys = bindings.flatMap(\.keys)
        let kinds = [
            keys.filter { $0.kind == .named }, keys.filter { $0.kind == .control },
            keys.filter { $0.kind == .character },
        ]
        return kinds.filter { !$0.isEmpty }.map { $0.map(\.helpName).joined(separator: " ") }.joined(separator: "  ")
    }

    /// The group without `keys`, nil when no key is left: what a mode takes over from another.
    func without(keysIn keys: Set<Key>) -> KeyGroup? {
        let kept = bindings.compactMap { binding -> KeyBinding? in
            let left = binding.keys.filter { !keys.contains($0) }
            return left.isEmpty ? nil : KeyBinding(left, binding.action)
        }
        return kept.isEmpty ? nil : KeyGroup(kept, help, when: availability)
    }

    /// The group without `keys` and without character keys (which type text), nil when no
    /// key is left: what a text-entry mode takes over from another mode.
    func withoutCharacters(orKeysIn keys: Set<Key>) -> KeyGroup? {
        let kept = bindings.compactMap { binding -> KeyBinding? in
            let left = binding.keys.filter { $0.kind != .character && !keys.contains($0) }
            return left.isEmpty ? nil : KeyBinding(left, binding.action)
        }
        return kept.isEmpty ? nil : KeyGroup(kept, help, when: availability)
    }
}

/// What a key bound to nothing in a mode does.
public enum OtherKeys: Hashable, Sendable {
    case ignored
    /// A character key types itself (`insertText`); other keys are ignored.
    case typeText(help: String)
    /// Every other key does this action.
    case perform(BrowserAction, help: String)
}

/// One mode's keys.
public struct KeyMap: Sendable {
    public let mode: InputMode
    /// The title of the mode's section in the help; nil: not in the help (it cannot be seen
    /// in this mode).
    public let helpTitle: String?
    /// Whether the mode can happen at all with the data at hand (for the help).
    public let availability: Availability
    /// Whether the state is in this mode, when no map before it in `KeyMap.all` is.
    let isActive: @Sendable (BrowserState) -> Bool
    public let groups: [KeyGroup]
    public let otherKeys: OtherKeys
    /// What the mouse does, for the help: (the buttons, what they do).
    public let mouseHelp: (buttons: String, help: String)?

    init(
        _ mode: InputMode, helpTitle: String?, when availability: Availability = .always,
        isActive: @escaping @Sendable (BrowserState) -> Bool, groups: [KeyGroup], otherKeys: OtherKeys = .ignored,
        mouseHelp: (buttons: String, help: String)? = nil
    ) {
        self.mode = mode
        self.helpTitle = helpTitle
        self.availability = availability
        self.isActive = isActive
        self.groups = groups
        self.otherKeys = otherKeys
        self.mouseHelp = mouseHelp
    }

    /// The map of the state's mode: the first of `all` that is active.
    static func current(_ state: BrowserState) -> KeyMap {
        // `browse`, last in `all`, is always active.
        all.first { $0.isActive(state) }!
    }

    static func map(for mode: InputMode) -> KeyMap { all.first { $0.mode == mode }! }

    /// The action of `key` in this mode: the first binding of an available group that has
    /// the key, else what other keys do.
    public func action(for key: Key, in state: BrowserState) -> BrowserAction? {
        for group in groups {
            for binding in group.bindings where binding.keys.contains(key) {
                // Availability is asked only of a group that has the key: for skin tones it
                // looks at every section.
                if group.availability.holds(in: state) { return binding.action }
            }
        }
        switch otherKeys {
        case .ignored:
            return nil
        case .typeText:
            if case .character(let character) = key { return .insertText(String(character)) }
            return nil
        case .perform(let action, _):
            return action
        }
    }

    /// The groups that apply to the state.
    public func availableGroups(in state: BrowserState) -> [KeyGroup] {
        groups.filter { $0.availability.holds(in: state) }
    }
}

extension BrowserState {
    /// The mode the next key is taken in.
    public var inputMode: InputMode { KeyMap.current(self).mode }
}

extension Key {
    enum Kind { case named, control, character }

    var kind: Kind {
        switch self {
        case .character: .character
        case .control: .control
        default: .named
        }
    }

    /// How the help writes the key.
    public var helpName: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let letter): "^" + letter.uppercased()
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Del"
        case .insert: "Ins"
        case .function(let number): "F\(number)"
        case .modified(let key, let modifiers):
            (modifiers.contains(.ctrl) ? "Ctrl-" : "") + (modifiers.contains(.alt) ? "Alt-" : "")
                + (modifiers.contains(.shift) ? "Shift-" : "") + key.helpName
        }
    }
}
