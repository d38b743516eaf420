// `splitview probe-widths`: measures, in the terminal it runs in, the width of every emoji
// sequence of the catalog, and writes those splitview's model gets wrong into the
// configuration's [widths] table (or prints them).

import ArgumentParser
import Catalog
import Foundation
import TerminalUI
import UserFiles

struct ProbeWidthsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe-widths",
        abstract: "Measure the width of every emoji in this terminal; write the ones that differ into [widths].",
        discussion: """
            Prints each emoji sequence of the catalog (with its skin tones) on the terminal's \
            alternate screen and asks where the cursor went, as ucs-detect does; it also asks \
            whether the terminal knows grapheme clustering (mode 2027, DECRQM). The sequences \
            whose width differs from splitview's are added to the [widths] table of the \
            configuration (created if need be), keys already there kept; with --print they go \
            to standard output instead. Run it in each terminal you use (inside tmux, in tmux).
            """)

    @Flag(name: .customLong("print"), help: "Print the [widths] lines instead of writing the configuration.")
    var printOnly = false

    @Option(
        help: ArgumentHelp(
            "The configuration file to write (default: $XDG_CONFIG_HOME/splitview/config.toml, else ~/.config/splitview/config.toml).",
            valueName: "FILE"))
    var config: String?

    func run() throws {
        try reportingInputErrors {
            let catalog = EmojiCatalog.load()
            var sequences: [String] = []
            for section in catalog.sections {
                for index in section.items.indices {
                    let item = section.items[index]
                    sequences += (item.glyph.map { [$0] } ?? []) + item.variants
                }
            }
            let report: WidthProbe.Report
            do {
                report = try WidthProbe.run(sequences)
            } catch {
                throw InputError(message: "probe-widths: \(error)")
            }
            let environment = ProcessInfo.processInfo.environment
            let terminal = environment["TERM_PROGRAM"] ?? environment["TERM"] ?? "this terminal"
            let wide = report.findings.filter { $0.measured > 2 }.count
            var lines = [
                "# splitview probe-widths in \(terminal): \(report.findings.count) of \(report.measured) emoji sequences differ from splitview's widths (\(wide) drawn wider than 2 cells, not written); grapheme clustering (mode 2027): \(report.clustering)."
            ]
            let unknown = Self.unknownEmoji(report.findings, singles: sequences.filter(Self.isSingleEmoji).count)
            lines += report.findings.map { Self.line($0, unknown: unknown.contains($0.sequence)) }
            let tonesApart = Self.drawsTonesApart(report.findings)
            if printOnly {
                if tonesApart { lines.append(Self.tonesApartComment) }
                try StandardStreams.output(lines.joined(separator: "\n") + "\n")
                return
            }
            let path = try Self.configurationPath(explicit: config, environment: environment)
            let written = try Self.merge(lines, intoFileAt: path, tonesApart: tonesApart)
            StandardStreams.error(
                "splitview: \(report.findings.count) of \(report.measured) emoji sequences differ in \(terminal) (mode 2027: \(report.clustering)); \(written) written to [widths] of \(path)"
                    + (tonesApart ? ", and [emoji] combined_tones = false (skin tones drawn apart)" : "") + "\n"
            )
        }
    }

    /// The [widths] line of a finding: the key by code points (readable, and the same however
    /// an editor shows the sequence), the sequence itself in a comment. A sequence drawn wider
    /// than two cells (its parts side by side: tmux 3.3 draws a skin tone apart from its hand)
    /// is only a comment: [widths] takes 0 to 2, the room of a glyph in a slot.
    /// `unknown`: an emoji newer than the terminal knows (`unknownEmoji`), written as drawn at
    /// no width, so that the browser shows the □ placeholder in its place.
    static func line(_ finding: WidthProbe.Finding, unknown: Bool = false) -> String {
        let key = finding.sequence.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(
            separator: " ")
        if finding.measured > 2 {
            return "# \"\(key)\" is drawn \(finding.measured) cells wide, its parts apart: \(finding.sequence)"
        }
        if unknown {
            return
                "\"\(key)\" = 0  # \(finding.sequence) (drawn \(finding.measured) cell: newer than this terminal knows, shown as □)"
        }
        return "\"\(key)\" = \(finding.measured)  # \(finding.sequence) (splitview counted \(finding.expected))"
    }

    /// Whether a sequence is one emoji code point alone (no U+FE0F, no tone): an emoji drawn
    /// wide by default, which a terminal that knows it draws in 2 cells.
    static func isSingleEmoji(_ sequence: String) -> Bool { sequence.unicodeScalars.count == 1 }

    /// The emoji the terminal does not know: single code points it drew in 1 cell where it
    /// draws nearly all others (`singles` in all) in 2. xterm and kitty draw an emoji newer than
    /// their width table so, and then as nothing (xterm) or a box of their own (kitty): the
    /// browser's □ says what it is, with its label. A terminal that draws many emoji narrow
    /// (a tenth of them or more) is taken at its word instead.
    static func unknownEmoji(_ findings: [WidthProbe.Finding], singles: Int) -> Set<String> {
        let narrow = findings.filter { $0.measured == 1 && $0.expected == 2 && isSingleEmoji($0.sequence) }
        guard !narrow.isEmpty, narrow.count * 10 < singles else { return [] }
        return Set(narrow.map(\.sequence))
    }

    /// Whether the terminal draws skin tones apart from their emoji: an emoji with its tone
    /// (two code points) measured wider than two cells, as tmux 3.3 and xterm draw them.
    static func drawsTonesApart(_ findings: [WidthProbe.Finding]) -> Bool {
        findings.contains { finding in
            let scalars = Array(finding.sequence.unicodeScalars)
            return finding.measured > 2 && scalars.count == 2 && (0x1F3FB...0x1F3FF).contains(scalars[1].value)
        }
    }

    /// `combined_tones = false` in the [emoji] table of a file's lines: the key's line replaced,
    /// else added under the table's header, else a new table at the end.
    static func setTonesApart(in fileLines: inout [String]) {
        let line = "combined_tones = false  # skin tones drawn apart from their emoji (probe-widths)"
        func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespaces) }
        if let header = fileLines.firstIndex(where: { trimmed($0).hasPrefix("[emoji]") }) {
            // The table's lines: up to the next header.
            let end = fileLines[(header + 1)...].firstIndex { trimmed($0).hasPrefix("[") } ?? fileLines.endIndex
            if let key = fileLines[(header + 1)..<end].firstIndex(where: {
                trimmed($0).hasPrefix("combined_tones") && trimmed($0).dropFirst(14).drop { $0 == " " }.hasPrefix("=")
            }) {
                fileLines[key] = line
            } else {
                fileLines.insert(line, at: header + 1)
            }
            return
        }
        if let last = fileLines.last, last.isEmpty { fileLines.removeLast() }
        fileLines += ["", "[emoji]", line, ""]
    }

    static let tonesApartComment =
        "# Skin tones are drawn apart from their emoji: in [emoji], combined_tones = false (the tone chooser names each tone)."

    static func configurationPath(explicit: String?, environment: [String: String]) throws(InputError) -> String {
        if let explicit { return explicit }
        if let found = ConfigLoader.locate(explicitPath: nil, environment: environment) { return found }
        guard let first = ConfigLoader.candidatePaths(environment: environment).first else {
            throw InputError(message: "probe-widths: no configuration file to write (no HOME); use --config or --print")
        }
        return first
    }

    /// Adds `lines` (a comment, then `key = width` lines) to the [widths] table of the file at
    /// `path` (made if missing): after the table's header when there is one, else in a new
    /// table at the end; a key the file has already is left as it is. `tonesApart`: sets
    /// `combined_tones = false` in [emoji] too (over a value there: one terminal that draws
    /// the tones apart is enough for the chooser to name them). Returns how many [widths]
    /// entries were added.
    static func merge(_ lines: [String], intoFileAt path: String, tonesApart: Bool = false) throws(InputError) -> Int {
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let entries = lines.filter { !$0.hasPrefix("#") }.filter { line in
            let key = String(line.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces)
            return !existing.contains(key)
        }
        var fileLines = existing.isEmpty ? [] : existing.components(separatedBy: "\n")
        let addition = [lines[0]] + entries
        if let header = fileLines.firstIndex(where: {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("[widths]")
        }) {
            fileLines.insert(contentsOf: addition, at: header + 1)
        } else {
            if let last = fileLines.last, last.isEmpty { fileLines.removeLast() }
            fileLines += (fileLines.isEmpty ? [] : [""]) + ["[widths]"] + addition + [""]
        }
        if tonesApart { setTonesApart(in: &fileLines) }
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try fileLines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw InputError(message: "probe-widths: cannot write \(path) (\(error.localizedDescription))")
        }
        return entries.count
    }
}
