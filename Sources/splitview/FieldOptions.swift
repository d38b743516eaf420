// Plain lines' fields and sections from any output: fzf's --delimiter, --nth, --with-nth and
// --accept-nth, and the grouping fzf never had (--group-nth, --group-by, --heading,
// --group-sort). Checked here (exit 64 with one line); the loader reads them as `LineFields`.

import ArgumentParser
import Browser
import Catalog

struct FieldOptions: ParsableArguments {
    // (.unconditional: a value may start with a dash, `--nth -1`, `-d -`, as fzf takes it.)
    @Option(
        name: [.customShort("d", allowingJoined: true), .long], parsing: .unconditional,
        help: ArgumentHelp(
            "Plain lines: what ends a field, a string or a regular expression, as fzf's (\\t is a tab); default: AWK-style, each run of non-white characters with the white space after it.",
            valueName: "STR"))
    var delimiter: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Plain lines: search only these fields of the shown text (fzf's field index: 1, -1, 2.., ..3, 1..3, 1,3).",
            valueName: "N[,..]"))
    var nth: String?

    @Option(
        name: .customLong("with-nth"), parsing: .unconditional,
        help: ArgumentHelp(
            "Plain lines: show only these fields of each line (the whole line is still printed).",
            valueName: "N[,..]"))
    var withNth: String?

    @Option(
        name: .customLong("accept-nth"), parsing: .unconditional,
        help: ArgumentHelp(
            "Plain lines: print these fields of a picked line rather than the whole line.",
            valueName: "N[,..]"))
    var acceptNth: String?

    @Option(
        name: .customLong("group-nth"), parsing: .unconditional,
        help: ArgumentHelp(
            "Plain lines: lines with the same text in these fields form one section titled by it, in order of first appearance; the fields are left out of the shown line (unless --with-nth).",
            valueName: "N[,..]"))
    var groupNth: String?

    @Option(
        name: .customLong("group-by"),
        help: ArgumentHelp(
            "Plain lines: sections by a key inside each line (or inside its --group-nth fields): dirname (the folder of a path; the line shows the file's name), extension, or a regular expression (its first capture group, else its match).",
            valueName: "dirname|extension|REGEX"))
    var groupBy: String?

    @Option(
        help: ArgumentHelp(
            "Plain lines: a line this regular expression matches starts a section titled by it (its first capture group, else the whole line) and is not an item.",
            valueName: "REGEX"))
    var heading: String?

    @Flag(name: .customLong("group-sort"), help: "Order the sections of --group-nth, --group-by or --heading by title.")
    var groupSort = false

    /// `--option`'s field index expression, or a ValidationError (exit 64) saying what it takes.
    private static func indices(_ text: String?, _ option: String) throws -> FieldIndices? {
        guard let text else { return nil }
        guard let indices = FieldIndices(parsing: text) else {
            throw ValidationError(FieldIndices.problem(option: option, text: text))
        }
        return indices
    }

    func validate() throws {
        _ = try lineFields()
    }

    /// The options as the loader and the printing read them; a ValidationError for a bad one.
    func lineFields() throws -> LineFields {
        var fields = LineFields()
        if let delimiter { fields.delimiter = FieldDelimiter(argument: delimiter) }
        fields.nth = try Self.indices(nth, "--nth")
        fields.withNth = try Self.indices(withNth, "--with-nth")
        fields.acceptNth = try Self.indices(acceptNth, "--accept-nth")
        fields.groupNth = try Self.indices(groupNth, "--group-nth")
        if let groupBy {
            guard let key = LineFields.GroupKey(argument: groupBy) else {
                throw ValidationError(
                    "--group-by: \"\(groupBy)\" is neither dirname, extension nor a regular expression")
            }
            fields.groupBy = key
        }
        if let heading {
            guard FieldPattern(heading) != nil else {
                throw ValidationError("--heading: \"\(heading)\" is not a regular expression")
            }
            if groupNth != nil || groupBy != nil {
                throw ValidationError(
                    "--heading makes the sections by itself: give it without --group-nth and --group-by")
            }
            fields.heading = heading
        }
        if groupSort && !fields.groups {
            throw ValidationError("--group-sort orders the sections of --group-nth, --group-by or --heading: give one")
        }
        fields.sortsGroups = groupSort
        return fields
    }
}

/// What a pick prints: `--print`'s text, or with --accept-nth those fields of the line.
struct PickPrinter {
    let format: PrintFormat
    let fields: LineFields

    func line(for item: Item, section: String, glyph: String?) -> String {
        if fields.acceptNth != nil { return fields.acceptedText(of: item.line ?? item.label) }
        return format.line(for: item, section: section, glyph: glyph)
    }

    func problem(for catalog: Catalog) -> String? { format.problem(for: catalog) }
}

extension PrintFormat {
    /// This format, or --accept-nth's fields when `fields` has them.
    func accepting(_ fields: LineFields) -> PickPrinter { PickPrinter(format: self, fields: fields) }
}
