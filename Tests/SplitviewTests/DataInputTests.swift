import Foundation
import Testing

/// The user's data through the real binary: each format from a file, by `FILE`, `--data` and
/// standard input, and every kind of bad input exiting 2 with one line (warnings exit 0).
@Suite struct DataInputTests {
    func render(_ arguments: [String], stdin: String? = nil) throws -> (lines: [String], result: Support.Result) {
        let result = try Support.run(["render", "--width", "80", "--height", "8"] + arguments, stdin: stdin)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        return (lines, result)
    }

    func trimmed(_ lines: [String]) -> [String] {
        lines.map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    @Test func csvWithQuotingAndCRLF() throws {
        let (lines, result) = try render([Support.fixture("data/fruits.csv")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(
            trimmed(lines) == [
                "  Fruit · 3                                Vegetables · 1",
                // Items as wide as their labels, wrapping at the column; the line break inside
                // the quoted field (CR LF in this file) is two control characters, drawn as their
                // Control Pictures.
                "  🍎 apple  🍌 banana \"split\"              🥕 carrot",
                "  🍒 cherry␍␊pair",
                "", "", "", "",
                " 🍎  apple  U+1F34E  · Fruit                                     1 of 4  ? help",
            ])
    }

    @Test func everyFormatFromAFile() throws {
        let cases: [(file: String, header: String, status: String)] = [
            (
                "data/fruits.tsv", "  Fruit · 2                                Vegetables · 1",
                " 🍎  apple  U+1F34E  · Fruit"
            ),
            (
                "data/fruits.jsonl", "  Fruit · 2                                Vegetables · 1",
                " 🍎  apple  U+1F34E  · Fruit"
            ),
            ("data/words.txt", "  words · 3", " alpha  · words"),
            // No known extension: sniffed as TSV.
            ("data/fruits.dat", "  Fruit · 1                                Vegetables · 1", " apple  · Fruit"),
        ]
        for (file, header, status) in cases {
            let (lines, result) = try render([Support.fixture(file)])
            #expect(result.status == 0, "\(file): \(result.stderr)")
            #expect(trimmed(lines).first == header, "\(file)")
            #expect(lines.last?.hasPrefix(status) == true, "\(file): \(lines.last ?? "")")
        }
        // JSON Lines: the item with no section goes to a section named by the file, last.
        let (jsonl, _) = try render([Support.fixture("data/fruits.jsonl")])
        #expect(jsonl.contains { $0.contains("fruits · 1") })
        #expect(!jsonl[0].contains("fruits · 1"))
    }

    @Test func fileAndDataAreTheSameAndNotBoth() throws {
        let positional = try Support.run([
            "layout", "--width", "80", "--height", "8", Support.fixture("data/fruits.csv"),
        ])
        let option = try Support.run([
            "layout", "--width", "80", "--height", "8", "--data", Support.fixture("data/fruits.csv"),
        ])
        #expect(positional.status == 0 && option.status == 0)
        #expect(positional.stdout == option.stdout)
        let object = try JSONSerialization.jsonObject(with: Data(positional.stdout.utf8)) as? [String: Any]
        let elements = object?["elements"] as? [[String: Any]] ?? []
        #expect(elements.filter { $0["kind"] as? String == "header" }.count == 2)
        #expect(elements.filter { $0["kind"] as? String == "item" }.count == 4)

        let both = try Support.run([
            "render", "--width", "80", "--height", "8", Support.fixture("data/fruits.csv"),
            "--data", Support.fixture("data/fruits.tsv"),
        ])
        #expect(both.status != 0)
        #expect(both.stdout.isEmpty)
        #expect(both.stderr.contains("give the data file once, as FILE or as --data"))
    }

    @Test func theDefaultCommandTakesTheFile() throws {
        // `splitview FILE` is `splitview browse FILE`: bad data stops it before any terminal is used.
        let missing = try Support.run([Support.fixture("data/missing.csv")])
        #expect(missing.status == 2)
        #expect(
            missing.stderr == "splitview: \(Support.fixture("data/missing.csv")): cannot read the file (no such file)\n"
        )
        let bad = try Support.run(["--label-column", "nmae", Support.fixture("data/fruits.csv")])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.hasSuffix("fruits.csv:1: no column \"nmae\" (columns: Group, Name, Emoji, Keywords, Price)\n"))
    }

    @Test func standardInput() throws {
        // "-" and a pipe with no file both read it; it is sniffed, and its section is "stdin".
        for arguments in [["-"], []] {
            let (lines, result) = try render(arguments, stdin: "apple\nbanana, split\ncherry\n")
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(trimmed(lines).first == "  stdin · 3")
            #expect(lines.last?.hasPrefix(" apple  · stdin") == true)
        }
        let (csv, result) = try render(["-"], stdin: "section,name,emoji\nFruit,apple,🍎\nNuts,pecan,🥜\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(trimmed(csv).first == "  Fruit · 1                                Nuts · 1")
        let (jsonl, _) = try render([], stdin: "{\"label\": \"x\", \"glyph\": \"🙂\"}\n")
        #expect(trimmed(jsonl).first == "  stdin · 1")
        #expect(jsonl.last?.hasPrefix(" 🙂  x  U+1F642  · stdin") == true)
    }

    @Test func pipedLinesWithCommasOrTabsAreLinesUnlessAHeaderNamesTheLabel() throws {
        // Names with a comma each, and `git log --format='%h%x09%s'`: lines, not a table.
        let names = try Support.run(["--filter", "'o"], stdin: "Smith, John\nDoe, Jane\n")
        #expect(names.status == 0, "\(names.stderr)")
        #expect(names.stdout == "Doe, Jane\nSmith, John\n")  // equally good: the shorter first
        let log = try Support.run(["--filter", "fix"], stdin: "abc1234\tfix the thing\ndef5678\tadd a feature\n")
        #expect(log.stdout == "abc1234\tfix the thing\n", "\(log.stderr)")
        // A header naming the label column makes a table; so does --format.
        let table = try Support.run(["--filter", "Bob", "--print", "json"], stdin: "name,email\nAda,a@x\nBob,b@y\n")
        // The section is the input's name, not the data's: --print json writes none.
        #expect(table.stdout == #"{"label":"Bob","email":"b@y"}"# + "\n", "\(table.stderr)")
        let csv = try Support.run(
            ["--filter", "Doe", "--format", "csv", "--label-column", "2"], stdin: "a,b\nJane,Doe\n")
        #expect(csv.stdout == "Doe\n", "\(csv.stderr)")
        // Column options on lines say how to read a table, not take the first line for a header.
        let columns = try Support.run(["--filter", "a", "--label-column", "1"], stdin: "Smith, John\nDoe, Jane\n")
        #expect(columns.status == 2)
        #expect(columns.stderr.contains("the input is read as plain lines (choose the format with --format)"))
    }

    @Test func emptyStandardInputIsNoItems() throws {
        // Input that is not a terminal is the data, even when empty, as fzf's: no items, not
        // the emoji (`ls /nonexistent | splitview`, `splitview < /dev/null`).
        // It says so, in one line with the way to the emoji (--emoji), on stderr and in the
        // status line.
        let hint = "stdin: no items: standard input is empty (name a data FILE, or give --emoji for the bundled emoji)"
        let (lines, result) = try render([], stdin: "")
        #expect(result.status == 0)
        #expect(result.stderr == "splitview: \(hint)\n")
        #expect(lines.last?.hasPrefix(" warning: stdin: no items: standard input is empty") == true, "\(lines)")
        #expect(!lines.contains { $0.contains("Smileys") })
        let (dash, _) = try render(["-"], stdin: "")
        #expect(dash == lines)
        // --filter finds nothing there: exit 1, as fzf's.
        let filter = try Support.run(["--filter", "heart"], stdin: "")
        #expect(filter.status == 1 && filter.stdout.isEmpty && filter.stderr == "splitview: \(hint)\n")
        // A table was promised: an empty input is an error.
        let csv = try Support.run(["--filter", "x", "--format", "csv"], stdin: "")
        #expect(csv.status == 2)
        #expect(csv.stderr == "splitview: stdin: no items (the input is empty)\n")
        // From a terminal: the emoji.
        #expect(try Support.run(["--filter", "heart"]).stdout.split(separator: "\n").count >= 30)
    }

    @Test func formatAndColumnOptions() throws {
        // --format overrides the extension: the .txt file read as CSV.
        let directory = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/table.txt"
        try FileManagerHelper.write("kind,word,sym\nfruit,apple,🍎\nnut,pecan,🥜\n", to: path)
        let (asLines, _) = try render([path])
        #expect(trimmed(asLines).first == "  table · 3")
        let (asCSV, csvResult) = try render([
            path, "--format", "csv", "--label-column", "word",
            "--section-column", "1", "--glyph-column", "SYM",
        ])
        #expect(csvResult.status == 0, "\(csvResult.stderr)")
        #expect(trimmed(asCSV).first == "  fruit · 1                                nut · 1")
        #expect(asCSV.last?.hasPrefix(" 🍎  apple  U+1F34E  · fruit") == true)

        let unknown = try Support.run(["render", "--width", "80", "--height", "8", path, "--format", "xml"])
        #expect(unknown.status != 0 && unknown.stderr.contains("xml"))
        // Options that only make sense for data make an empty standard input an error too.
        let noData = try Support.run(["render", "--width", "80", "--height", "8", "--label-column", "x"], stdin: "")
        #expect(noData.status == 2)
        #expect(noData.stderr == "splitview: stdin: no items (the input is empty)\n")
    }

    static let errorCases: [(arguments: [String], message: String)] = [
        (
            ["data/bad-syntax.jsonl"],
            "data/bad-syntax.jsonl:3:19: expected a string key after ',', found ',' (at \", \"glyph\": \"3\"}\")"
        ),
        (
            ["data/not-object.jsonl"],
            "data/not-object.jsonl:2:1: expected an item object {\"label\": ...}, found array (at \"[\"two\", \"2\"]\")"
        ),
        (
            ["data/missing-label.jsonl"],
            "data/missing-label.jsonl:3:1: an item needs a \"label\" string (at \"{\"section\": \"Fruit\", \"glyph\": …\")"
        ),
        (["data/bad-label.jsonl"], "data/bad-label.jsonl:2:33: label: expected a string, found 42 (at \"42}\")"),
        (
            ["data/ragged.csv"],
            "data/ragged.csv:3:1: this row has 2 fields, the header (line 1) has 3 (at \"Fruit,banana\")"
        ),
        (
            ["data/extra-field.csv"],
            "data/extra-field.csv:3:16: this row has 4 fields, the header (line 1) has 3 (at \"yellow\")"
        ),
        (
            ["data/unterminated.csv"],
            "data/unterminated.csv:3:7: a quoted field is not closed (a '\"' opened here has no closing '\"') (at \"\"banana\")"
        ),
        (
            ["data/no-label.csv"],
            "data/no-label.csv:1: no label column (columns: id, colour, size): name one with --label-column, call it label, name or title, or read the lines as they are with --format lines"
        ),
        (
            ["data/fruits.csv", "--label-column", "nmae"],
            "data/fruits.csv:1: no column \"nmae\" (columns: Group, Name, Emoji, Keywords, Price)"
        ),
        (
            ["data/fruits.jsonl", "--glyph-column", "icon"],
            "data/fruits.jsonl: --section-column, --label-column and --glyph-column apply to CSV and TSV; the file is read as JSON Lines"
        ),
        (["data/header-only.csv"], "data/header-only.csv: no items (the file has only a header row)"),
        (["data/empty.csv"], "data/empty.csv: no items (the file is empty)"),
        (["data/blank.txt"], "data/blank.txt: no items (the file has only blank lines)"),
        (["data/no-sections.json"], "data/no-sections.json: no items (no sections)"),
        (
            ["data/object-lines.json"],
            "data/object-lines.json:2:1: unexpected text after the JSON value (at \"{\"label\": \"two\"}\") (one object per line is JSON Lines"
        ),
        (["data/missing.csv"], "data/missing.csv: cannot read the file (no such file)"),
        (["data"], "data: cannot read the file (it is a directory)"),
    ]

    @Test(arguments: errorCases.indices)
    func badInputExitsTwoWithOneLine(index: Int) throws {
        let (arguments, message) = Self.errorCases[index]
        let resolved = arguments.map { $0.hasPrefix("data") ? Support.fixture($0) : $0 }
        for command in ["render", "layout"] {
            let result = try Support.run([command, "--width", "80", "--height", "8"] + resolved)
            #expect(result.status == 2)
            #expect(result.stdout.isEmpty)
            let line = result.stderr.replacingOccurrences(of: Support.fixtures.path + "/", with: "")
            #expect(line.hasPrefix("splitview: " + message), "got: \(line)")
            #expect(line.filter { $0 == "\n" }.count == 1, "one line: \(line)")
        }
    }

    @Test func invalidUTF8IsShownReplacedWithOneWarning() throws {
        let (lines, result) = try render([Support.fixture("data/invalid-utf8.csv")])
        #expect(result.status == 0)
        let warning = result.stderr.replacingOccurrences(of: Support.fixtures.path + "/", with: "")
        #expect(
            warning
                == "splitview: data/invalid-utf8.csv: 3 invalid UTF-8 sequences replaced with U+FFFD (first at line 3)\n"
        )
        #expect(trimmed(lines).first == "  Fruit · 3                                \u{FFFD} · 1")
        // Printed before the screen starts, the warning would be seen only after quitting: the
        // browser's first screen has it in the status line too.
        #expect(lines.last == " warning: invalid-utf8.csv: 3 invalid UTF-8 sequences replaced with U+FFFD (fir…")
        let layout = try Support.run([
            "layout", "--width", "80", "--height", "8", Support.fixture("data/invalid-utf8.csv"),
        ])
        #expect(layout.status == 0)
        #expect(layout.stderr.filter { $0 == "\n" }.count == 1)
    }
}
