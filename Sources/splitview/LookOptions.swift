// The look of the picker's frame, as fzf's options of the same names: the prompt's text, the
// count's place, the border. (The prompt's place is --layout's: default, reverse,
// reverse-list.) The values and their help are `PickerLook`'s.

import ArgumentParser
import Browser
import TerminalUI

struct LookOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "What stands before the query in the prompt, as fzf's --prompt (default: \" /\").", valueName: "STR"))
    var prompt: String?

    @Option(
        help: ArgumentHelp(
            "Where the count of matches goes, as fzf's --info: "
                + PickerLook.Info.allCases.map { "\($0.rawValue) (\($0.help))" }.joined(separator: ", ") + ".",
            valueName: PickerLook.Info.allCases.map(\.rawValue).joined(separator: "|")))
    var info: PickerLook.Info?

    // (fzf's --border takes its value only after =: `--border` alone is rounded.)
    @Option(
        name: .customLong("border"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "A line around the browser, as fzf's --border=STYLE: "
                + PickerLook.Border.allCases.map { "\($0.rawValue) (\($0.help))" }.joined(separator: ", ")
                + ". --border alone is rounded.",
            valueName: "STYLE"))
    var borderValue: PickerLook.Border?

    @Option(
        help: ArgumentHelp(
            "What marks the focused item, one cell wide, in its left padding, as fzf's --pointer (default: none, the focus is its highlight).",
            valueName: "STR"))
    var pointer: String?

    @Option(
        help: ArgumentHelp(
            "What marks a marked item (--multi), one cell wide, as fzf's --marker (default: *).", valueName: "STR"))
    var marker: String?

    @Flag(name: .customLong("no-border"), help: "No line around the browser (undoes --border).")
    var noBorder = false

    @Option(
        help: ArgumentHelp(
            "Colours as fzf's --color: [BASE,]NAME:COLOUR[:ATTRIBUTE]..., BASE one of "
                + Theme.colorSchemes.joined(separator: ", ") + " (bw and no: no colours); NAME one of "
                + Theme.colorNames.map { "\($0.names.joined(separator: "/")) (\($0.help))" }.joined(separator: ", ")
                + " (fzf's other names are taken and change nothing); COLOUR -1 (the terminal's), 0-255, #rrggbb or a name (red, bright-red, grey, ...); ATTRIBUTE bold, dim, underline, reverse or regular. Given more than once, the later wins.",
            valueName: "SPEC"))
    var color: [String] = []

    func validate() throws {
        for spec in color {
            do {
                _ = try Theme.standard.applying(colors: spec)
            } catch {
                throw ValidationError(error.description)
            }
        }
        for (name, sign) in [("--pointer", pointer), ("--marker", marker)] {
            // (One cell: the sign takes the slot's left padding cell, the only room it has.)
            if let sign, !sign.isEmpty, TextWidth().width(of: sign) != 1 || sign.count != 1 {
                throw ValidationError("\(name) must be one character one cell wide, got \"\(sign)\"")
            }
        }
        if let prompt, prompt.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw ValidationError("--prompt must not hold control characters")
        }
    }

    /// The look these options give, the prompt placed as --layout says.
    func look(placement: PickerLook.Placement?) -> PickerLook {
        var look = PickerLook(
            placement: placement ?? .default, prompt: prompt, info: info ?? .default,
            border: noBorder ? .none : borderValue ?? .none)
        if let pointer { look.pointer = pointer }
        if let marker { look.marker = marker.isEmpty ? " " : marker }
        return look
    }
}

extension PickerLook.Info: ExpressibleByArgument {
    public init?(argument: String) { self.init(named: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension PickerLook.Border: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension LookOptions {
    /// `theme` with the --color specifications applied in order (checked by `validate`).
    func colored(_ theme: Theme) -> Theme {
        color.reduce(theme) { theme, spec in (try? theme.applying(colors: spec)) ?? theme }
    }
}
