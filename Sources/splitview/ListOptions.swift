// How a line of text is shown in a list: its tabs, its colours (--ansi) and the ellipsis of a
// cut, as fzf's options of the same names. (--layout list|chips, which chooses a list, is
// DataOptions' --layout.)

import ArgumentParser
import Browser
import Catalog

struct ListOptions: ParsableArguments {
    @Option(
        name: .customLong("tabstop"),
        help: ArgumentHelp(
            "A tab in an item's text moves it to the next multiple of N cells, counted from the start of the shown text (as fzf's --tabstop).",
            valueName: "N"))
    var tabStop = 8

    @Flag(
        help:
            "Read the SGR colour sequences of plain lines and of CSV and TSV cells (ESC [ ... m: 16, 256 and 24-bit colours, bold, dim, italic, underline, reverse): show the colours and search, print and measure the text without them, as fzf's --ansi; the colours follow the fields --with-nth shows. Other escape sequences are shown as signs (␛)."
    )
    var ansi = false

    @Option(
        help: ArgumentHelp(
            "What stands for the text a list's line leaves out, at its end or before a match (as fzf's --ellipsis).",
            valueName: "STR"))
    var ellipsis = "…"

    func validate() throws {
        guard (1...64).contains(tabStop) else {
            throw ValidationError("--tabstop must be a whole number from 1 to 64, got \(tabStop)")
        }
        guard ellipsis.count <= 8, !ellipsis.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            throw ValidationError("--ellipsis must be at most 8 characters, without control characters")
        }
    }

    /// The session's options these set.
    func apply(to options: inout SessionOptions) {
        options.tabStop = tabStop
        options.ellipsis = ellipsis
    }
}
