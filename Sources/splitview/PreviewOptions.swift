// fzf's --preview and --preview-window: a command run for the focused item, its output in the
// detail panel's place (PreviewPane.swift, PreviewRunner.swift); the template's placeholders
// are `CommandTemplate`'s, the window's options `PreviewWindow`'s.

import ArgumentParser
import Browser
import Catalog

#if canImport(Glibc)
    import Glibc
#endif

struct PreviewOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A command run for the focused item, its output shown beside the items (below them on a narrow screen), as fzf's --preview: {} the item as printed, {n} its index, {q} the query, {1}, {-1}, {2..} its fields, {+} the marked items, {section} its section's title, each quoted for the shell ({r...} raw, {f...} a file of them, \\{} left as written). i shows and hides it; Shift-Up, Shift-Down and the wheel scroll it.",
            valueName: "COMMAND"))
    var preview: String?

    @Option(
        name: .customLong("preview-window"),
        help: ArgumentHelp(
            "Where the preview goes and how, as fzf's --preview-window: [up|down|left|right][,SIZE[%]][,border-STYLE][,[no]wrap][,[no]hidden][,+SCROLL[OFFSETS][/DENOM]][,~HEADER_LINES][,default][,<SIZE_THRESHOLD(ALTERNATIVE)]. Given more than once, the later words win.",
            valueName: "OPTIONS"))
    var previewWindow: [String] = []

    func validate() throws {
        _ = try window()
    }

    /// The window's options: fzf's defaults, then each --preview-window's words in turn.
    func window() throws -> PreviewWindow {
        var window = PreviewWindow()
        for spec in previewWindow {
            do {
                try window.apply(spec)
            } catch {
                throw ValidationError("\(error)")
            }
        }
        return window
    }

    /// The session's preview; nil without --preview.
    func settings() throws -> PreviewSettings? {
        guard let preview else { return nil }
        return PreviewSettings(template: CommandTemplate(preview), window: try window())
    }

    /// The shell commands run in (--preview, --bind's), as fzf's: $SHELL, else sh.
    static var shell: String {
        getenv("SHELL").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"
    }
}
