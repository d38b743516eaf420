// What lies over the sections or beside them for a while: the search prompt, the help, the
// detail panel, the skin-tone chooser, a notice in the status line.

/// The overlays of a session and what each shows.
public struct OverlayState: Hashable, Sendable {
    /// Open while the user types a search.
    public internal(set) var searchPrompt: SearchPrompt?
    public internal(set) var showingHelp = false
    /// The help's first line shown (`HelpOverlay`, which keeps it in range), 0 when it opens.
    public internal(set) var helpScroll = 0
    /// The detail panel (`i`) is open.
    public internal(set) var showingDetails = false
    /// The room the panel's lines need (`DetailPanel.fit`), taken when the sections are laid
    /// out, so that the panel keeps its size while the focus moves (the sections do not
    /// re-split under it); nil when the panel is closed.
    public internal(set) var detailFit: DetailFit?
    /// Open while the user picks a skin tone for the focused emoji.
    public internal(set) var toneChooser: ToneChooser?
    /// Open while the user picks a section to jump to by its title (SectionSwitcher.swift).
    public internal(set) var sectionSwitcher: SectionSwitcher?
    /// A message in the status line, in place of the focused item, until the first key or
    /// click (a data file's warnings: printed before the screen started, on standard error,
    /// they would be seen only after quitting; what `y` copied). A resize keeps it.
    public var notice: String?

    public init() {}

    /// Opens the help at its top.
    mutating func openHelp() {
        showingHelp = true
        helpScroll = 0
    }

    /// Closes the help and the tone chooser (what a click does while one is open).
    mutating func closeHelpAndChooser() {
        showingHelp = false
        toneChooser = nil
        sectionSwitcher = nil
    }

    /// Whether an overlay takes the keys from the browsing ones (the help, the chooser).
    var holdsKeys: Bool { showingHelp || toneChooser != nil || sectionSwitcher != nil }
}
