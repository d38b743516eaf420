// Messages that quote the data (errors and warnings, printed on a terminal's standard error)
// never carry a control or a bidi control of the data: each is escaped, and the message is
// one line. The cases include the fuzzers' findings: a raw DEL in "found string ..." from the
// JSON loaders, NULs in the column list of the delimited loader.

import SafeText
import Testing

@testable import Catalog

@Suite struct MessageTextTests {
    @Test func escapesWhatATerminalWouldNotShowAsItself() {
        #expect(MessageText.escaped("a\u{1B}[2J\u{7}b") == "a\\u001B[2J\\u0007b")
        #expect(MessageText.escaped("tab\tline\nret\r") == "tab\\tline\\nret\\r")
        #expect(MessageText.escaped("\u{7F}\u{85}\u{9B}") == "\\u007F\\u0085\\u009B")
        // JSON output (--print json, layout) escapes the same controls, C1 included.
        #expect(JSONText.quoted("a\u{1B}\u{7F}\u{85}\u{9B}é😀") == "\"a\\u001b\\u007f\\u0085\\u009bé😀\"")
        #expect(
            MessageText.escaped("\u{202E}x\u{2066}\u{200F}\u{61C}\u{2028}\u{FEFF}\u{AD}")
                == "\\u202Ex\\u2066\\u200F\\u061C\\u2028\\uFEFF\\u00AD")
        #expect(MessageText.escaped("\u{E0001}") == "\\U000E0001")
        // Emoji sequences (ZWJ, tags, selectors), marks and quotes are kept as they are.
        for kept in ["👨‍👩‍👧", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "❤️", "e\u{301}", "say \"hi\" \\ bye"] {
            #expect(MessageText.escaped(kept) == kept)
        }
        #expect(MessageText.quoted("say \"hi\" \\ bye") == "\"say \\\"hi\\\" \\\\ bye\"")
        #expect(MessageText.quoted("abcdef", limit: 3) == "\"abc…\"")
        #expect(MessageText.quoted("abc", limit: 3) == "\"abc\"")
    }

    /// What the user reads when `bytes` are refused.
    func failure(_ text: String, name: String, columns: ColumnChoice = ColumnChoice()) -> String? {
        do {
            _ = try CatalogLoader.parse(Array(text.utf8), name: name, options: CatalogLoader.Options(columns: columns))
            return nil
        } catch {
            return error.description
        }
    }

    static func isOneSafeLine(_ message: String) -> Bool {
        message.unicodeScalars.allSatisfy { MessageText.isShownAsItself($0) }
    }

    @Test func dataErrorsQuoteTheDataEscaped() throws {
        let cases: [(text: String, name: String, columns: ColumnChoice, message: String)] = [
            // A JSON Lines line that is a string (DEL needs no escape in JSON): the string named
            // and the snippet of the line, both escaped.
            (
                "\"a\u{7F}b\\u001b[2J\"\n", "x.jsonl", ColumnChoice(),
                "x.jsonl:1:1: expected an item object {\"label\": ...}, found string \"a\\u007Fb\\u001B[2J\" (at \"\"a\\u007Fb\\u001b[2J\"\")"
            ),
            // A raw control in a JSON string is a syntax error, its snippet escaped.
            (
                "{\"label\": \"\u{1B}[2J\"}\n", "x.jsonl", ColumnChoice(),
                "x.jsonl:1:12: control character U+001B must be escaped in a string (write \\u001B) (at \"\\u001B[2J\"}\")"
            ),
            (
                "\"\u{202E}k\\u001b\"\n", "x.jsonl", ColumnChoice(),
                "x.jsonl:1:1: expected an item object {\"label\": ...}, found string \"\\u202Ek\\u001B\" (at \"\"\\u202Ek\\u001b\"\")"
            ),
            (
                "{\"sections\": [], \"\\u001b]52;c;aGk=\\u0007\": 1}", "x.json", ColumnChoice(),
                "x.json:1:18: unknown key \"\\u001B]52;c;aGk=\\u0007\" at the top level (expected \"sections\")"
            ),
            (
                "[{\"title\": \"t\", \"items\": [\"l\"], \"inset\": {\"\\u0085\": 1}}]", "x.json", ColumnChoice(),
                "x.json:1:43: sections[0].inset: unknown key \"\\u0085\" (allowed: top, left, bottom, right)"
            ),
            (
                "[{\"title\": \"t\", \"side\": \"\u{2067}left\\u0000\"}]", "x.json", ColumnChoice(),
                "x.json:1:25: sections[0].side: expected \"left\" or \"right\", found string \"\\u2067left\\u0000\""
            ),
            // The delimited loader's column list.
            (
                "\u{0},\u{0}\na,b\n", "x.csv", ColumnChoice(label: "-1"),
                "x.csv:1: no column \"-1\" (columns: \\u0000, \\u0000)"
            ),
            (
                "\u{1B}[201~,\u{9B}\na,b\n", "x.csv", ColumnChoice(),
                "x.csv:1: no label column (columns: \\u001B[201~, \\u009B): name one with --label-column, call it label, name or title, or read the lines as they are with --format lines"
            ),
        ]
        for (text, name, columns, message) in cases {
            let got = failure(text, name: name, columns: columns)
            #expect(got == message, "\(text.debugDescription)")
            #expect(got.map(Self.isOneSafeLine) == true, "\(got.debugDescription)")
        }
    }

    @Test func aFileNameWithControlsIsEscapedToo() {
        let error = DataError(file: "evil\u{1B}[2J.csv", line: 1, message: "no items\n(\u{202E})")
        #expect(error.description == "evil\\u001B[2J.csv:1: no items\\n(\\u202E)")
        let warning = DataWarning(file: "a\u{7}.csv", message: "1 invalid UTF-8 sequence")
        #expect(warning.description == "a\\u0007.csv: 1 invalid UTF-8 sequence")
    }
}
