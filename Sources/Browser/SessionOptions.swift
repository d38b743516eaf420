// What a session is started with and keeps: the options of the command line and the
// configuration that the browser reads but never changes.

import Catalog
import TerminalUI

/// The options of a session.
public struct SessionOptions: Sendable {
    /// Whether Space marks items for one Enter to print them all (--multi).
    public let multiSelect: Bool
    /// The tone shown and printed for every emoji that has it (nil: the yellow default).
    public let skinTone: SkinTone?
    public let theme: Theme
    public let textWidth: TextWidth
    /// How a search matches and what it shows (the configuration's `[search]`).
    public var searchOptions = SearchOptions()
    /// How --print prints an item (given the item, its section's title and its glyph as
    /// shown): what Enter prints and `y` copies; nil: its glyph, else its label.
    public var printLine: (@Sendable (Item, String, String?) -> String)?
    /// The keys of --expect.
    public var expectedKeys = ExpectedKeys()
    /// Whether typing goes straight to the query (fzf's way, `--typing query`): the prompt is
    /// open from the start and never closes, Enter picks, Esc quits; the browsing keys that are
    /// letters are there as Alt chords (arrows, Ctrl-N and Ctrl-P move; Ctrl-T, Ctrl-O for s
    /// and i; ? while nothing is typed). Set through `BrowserState.typingQueries`, which opens
    /// the prompt.
    public internal(set) var typingQueries = false
    /// Whether the prompt line waits for the first key typed, the status line shown until then
    /// (and again while the query is empty): typing goes to the query by default (`--typing
    /// auto`), and the browser's first frame stays as it was.
    public var promptWaitsForTyping = false
    /// Whether Enter in the search prompt picks at once (the prompt opened by --query, as
    /// fzf's Enter does) rather than keeping the filter.
    public var enterPicksFromPrompt = false
    /// Whether a search runs beside the input loop (`BrowserCommand.search`), the browser
    /// showing the last result it has meanwhile, rather than inside the update (the tests'
    /// and `render`'s way, where a frame must show the search's result).
    public var searchesInBackground = false
    /// The frame's look: the prompt's place and text, the count's place, the border.
    public var look = PickerLook()
    /// Items left out because the terminal cannot draw their glyph (`[emoji] undrawable =
    /// "hidden"`): the status line counts them.
    public var hiddenItems = 0
    /// The layout settings for a catalog that grew (a data file's items measured while there
    /// are few enough, one column for one section): given the settings in force (the styles
    /// chosen in the browser kept) and the new catalog.
    public var adjustSettings: (@Sendable (LayoutSettings, Catalog) -> LayoutSettings)?
    /// Where a tab of an item's text takes the text in a list: to the next multiple of this
    /// many cells from the start of the shown text (`--tabstop`, fzf's).
    public var tabStop = 8
    /// What stands for the text a list's line leaves out, at its end or before a match
    /// (`--ellipsis`).
    public var ellipsis = "…"
    /// The preview's command and window (--preview, --preview-window); nil: none, `i` shows
    /// the detail panel.
    public var preview: PreviewSettings?
    /// The shell the commands run in (--preview, --bind's execute, reload, become), with -c,
    /// and are quoted for (its last path component decides: fish quotes otherwise).
    public var shell = "/bin/sh"
    /// What cuts an item into fields for the placeholders (`{1}`, `{-1}`; fzf's --delimiter).
    public var fieldDelimiter = FieldDelimiter.whiteSpace
    /// The user's bindings of keys and events (--bind, [bind]).
    public var bindings = UserBindings()
    /// Whether the terminal draws an emoji and its skin tone as one glyph (`[emoji]
    /// combined_tones`, which probe-widths sets false where it finds them apart): otherwise the
    /// tone chooser shows each tone's swatch and name beside its option.
    public var combinedTones = true

    public init(multiSelect: Bool = false, skinTone: SkinTone? = nil, theme: Theme = .standard, textWidth: TextWidth) {
        self.multiSelect = multiSelect
        self.skinTone = skinTone
        self.theme = theme
        self.textWidth = textWidth
    }
}
