// The options of matching and ordering, as fzf spells them: -e/--exact, -i, +i, --smart-case,
// --literal, --no-sort (+s), --tac, --tiebreak.

import ArgumentParser
import Browser
import Catalog

struct MatchOptions: ParsableArguments {
    @Flag(
        name: [.customShort("e"), .customLong("exact")],
        help: "Match each term as written, anywhere (fzf's --exact); 'term is then fuzzy.")
    var exact = false

    @Flag(name: .customLong("no-exact"), help: "Match fuzzily (+e; fzf's default).")
    var noExact = false

    @Flag(name: [.customShort("i"), .customLong("ignore-case")], help: "Every term ignores case (-i).")
    var ignoreCase = false

    @Flag(name: .customLong("no-ignore-case"), help: "Every term respects case (+i).")
    var noIgnoreCase = false

    @Flag(
        name: .customLong("smart-case"),
        help: "A term with a capital letter respects case, others ignore it (the default).")
    var smartCase = false

    @Flag(help: "Match Latin letters as written: \"e\" no longer finds \"é\" (fzf's --literal).")
    var literal = false

    @Flag(name: .customLong("no-sort"), help: "Keep the matches in input order instead of ranking them (+s).")
    var noSort = false

    @Flag(help: "Take the input in reverse order, the last line first (fzf's --tac).")
    var tac = false

    @Option(
        help: ArgumentHelp(
            "What orders matches that score the same, comma-separated, as fzf's: length (shorter first), begin, end, chunk, pathname; index (input order, always last) may close the list. Default: [search] tiebreak of the configuration, else length.",
            valueName: "CRITERIA"))
    var tiebreak: String?

    func validate() throws {
        if let tiebreak {
            do {
                _ = try SearchQuery.Tiebreak.list(tiebreak)
            } catch {
                throw ValidationError("--tiebreak: \(error.message)")
            }
        }
    }

    /// The search options with these set over them (the configuration's).
    func applied(to options: SearchOptions) -> SearchOptions {
        var options = options
        if exact { options.matching = .exact }
        if noExact { options.matching = .fuzzy }
        if ignoreCase { options.caseMode = .ignore }
        if noIgnoreCase { options.caseMode = .respect }
        if smartCase { options.caseMode = .smart }
        if literal { options.literal = true }
        if noSort { options.sorts = false }
        if tac { options.reversed = true }
        if let tiebreak, let list = try? SearchQuery.Tiebreak.list(tiebreak) { options.tiebreaks = list }
        return options
    }
}
