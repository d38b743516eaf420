// The look of the picker's frame, in fzf's words: where the prompt goes (--layout), what it
// says (--prompt), where the count goes (--info) and the border around it all (--border).
// Each value is declared here once, with its help: the command line, its help and the docs
// read these.

/// How the browser's frame looks.
public struct PickerLook: Hashable, Sendable {
    /// fzf's --layout: where the prompt (the status line) is. splitview lists its sections top
    /// down in every layout (a section reads from its title down); `default` and
    /// `reverse-list` keep the prompt at the bottom, `reverse` puts it at the top, with the
    /// header lines under it.
    public enum Placement: String, CaseIterable, Hashable, Sendable {
        case `default`
        case reverse
        case reverseList = "reverse-list"

        public var help: String {
            switch self {
            case .default: "the prompt at the bottom (the list reads top down, as in every layout)"
            case .reverse: "the prompt at the top, the header lines under it"
            case .reverseList: "as default: splitview's list always reads top down"
            }
        }
    }

    /// fzf's --info: where the count of matches goes.
    public enum Info: String, CaseIterable, Hashable, Sendable {
        case `default`
        case inline
        case hidden

        /// fzf's other names for the places splitview has (its default is fzf's `inline-right`).
        public static let synonyms: [String: Info] = ["right": .default, "inline-right": .default]

        public init?(named name: String) {
            guard let info = Info(rawValue: name) ?? Self.synonyms[name] else { return nil }
            self = info
        }

        public var help: String {
            switch self {
            case .default: "at the right end of the prompt line (fzf's inline-right; right is the same)"
            case .inline: "right after the query, after \"< \""
            case .hidden: "not shown"
            }
        }
    }

    /// fzf's --border: a frame around the whole browser.
    public enum Border: String, CaseIterable, Hashable, Sendable {
        case rounded
        case sharp
        case none

        public var help: String {
            switch self {
            case .rounded: "rounded corners (--border alone)"
            case .sharp: "square corners"
            case .none: "no border"
            }
        }

        /// The corners, then the horizontal and the vertical line.
        var lines:
            (topLeft: String, topRight: String, bottomLeft: String, bottomRight: String, across: String, down: String)?
        {
            switch self {
            case .rounded: ("╭", "╮", "╰", "╯", "─", "│")
            case .sharp: ("┌", "┐", "└", "┘", "─", "│")
            case .none: nil
            }
        }
    }

    /// What marks the focused item in its left padding cell (fzf's --pointer); empty: the
    /// focus is its highlight alone, splitview's default.
    public var pointer = ""
    /// What marks a marked item there (fzf's --marker); splitview's is `*`.
    public var marker = "*"

    public var placement = Placement.default
    /// What stands before the query (fzf's --prompt); nil: splitview's " /".
    public var prompt: String?
    public var info = Info.default
    public var border = Border.none

    public init(placement: Placement = .default, prompt: String? = nil, info: Info = .default, border: Border = .none) {
        self.placement = placement
        self.prompt = prompt
        self.info = info
        self.border = border
    }

    /// Whether the prompt line is at the top of the screen.
    public var promptOnTop: Bool { placement == .reverse }

    /// The cells the border takes on each side.
    public var borderWidth: Int { border == .none ? 0 : 1 }

    /// The prompt as drawn before the query.
    var shownPrompt: String { prompt ?? " /" }
}
