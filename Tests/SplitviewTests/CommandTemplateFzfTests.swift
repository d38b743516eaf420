// Command templates against fzf itself: fzf runs in tmux over a few inputs, a query typed and
// items marked, with `--bind 'ctrl-t:execute-silent:TEMPLATE'`; the command it runs writes its
// arguments to a file, and the same template expanded by `CommandTemplate` for the same
// focused item, marks and query, run by the same shell (sh), must write the same bytes.
//
// The machine's fzf is Debian's 0.38, whose placeholders are `{}`, `{n}`, `{q}`, field
// expressions, and the flags `+`, `s`, `f` (`{r}`, `{*}`, `{q:1}` and `{fzf:...}` came later and
// are checked against fzf's source in CommandTemplateTests). One difference is left out on
// purpose: with no item focused, 0.38 expands `{n}` to nothing where later fzf (and
// `CommandTemplate`) give `''`.

import Foundation
import TerminalTestSupport
import Testing

@testable import Browser
import Catalog

@Suite("Command templates against fzf", .serialized, .needs("tmux", "fzf"))
struct CommandTemplateFzfTests {
    /// One run of fzf: its input, its options, what is typed, and the template.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var lines: [String]
        /// fzf's --delimiter (nil: AWK-style).
        var delimiter: String? = nil
        /// Typed before the command runs.
        var query = ""
        /// --disabled: the query does not filter (for a query no item would match).
        var disabled = false
        /// Items marked with Tab from the first matched one on; the next one is focused.
        var marks = 0
        var template: String
        var testDescription: String { name }
    }

    static let awkLines = [
        "  alpha  beta\tgamma  ", #"it's a "quoted" $HOME `x` \back\slash"#, "émoji 😀 ünïcode", "one", "x",
    ]

    static let cases: [Case] = [
        Case(
            name: "the focused item, its fields, AWK-style, and what is left as written", lines: awkLines,
            template:
                #"printf '[%s]' {} {n} {1} {-1} {2..} {..2} {1,3} {3,1} {..} {s1} {s2..} {s-1} {+} {+n} {+1} {0} {1..2..3} {-} {x} \{} \{1} {q}"#
        ),
        Case(
            name: "marked items: {+} and its flags", lines: awkLines, marks: 2,
            template: #"printf '[%s]' {+} {+n} {+1} {+s-1} {+2..} {} {n} {s2}"#),
        Case(
            name: "a query that filters: the item it focuses, and the query", lines: awkLines, query: "it's",
            template: #"printf '[%s]' {q} {} {n} {2} {+}"#),
        Case(
            name: "a query with quotes, $, backticks and backslashes", lines: awkLines,
            query: #" it's "q" $x `y` \z  "#, disabled: true, template: #"printf '[%s]' {q} {} {n}"#),
        Case(
            name: "no match: the query, and an empty item", lines: awkLines, query: "zzzz",
            template: #"printf '[%s]' {q} {} {1} {+} {+1} {s..}"#),
        Case(
            name: "-d ,: the delimiter ending the text removed", lines: ["a,b,,c,", " x , y ,z", "1,2,3"],
            delimiter: ",", marks: 1,
            template: #"printf '[%s]' {} {1} {2..} {-1} {-2} {s1} {s2} {..} {1,3} {+} {+2..} {+s1}"#),
        Case(
            name: "-d '\\t'", lines: ["a b\tc\td", "x\t\ty"], delimiter: "\\t",
            template: #"printf '[%s]' {1} {2} {-1} {2..} {s1}"#),
        Case(
            name: "a regular expression delimiter", lines: ["a:;b;c::", "x::y", ":lead;z"], delimiter: "[:;]+",
            marks: 1, template: #"printf '[%s]' {1} {2..} {-1} {s1,2} {..} {2} {+1} {+..}"#),
        Case(
            name: "f: the items in a temporary file", lines: awkLines, marks: 2,
            template: #"cat {+f} {f} {f2..} {+fn} {+fs1}"#),
    ]

    @Test("the command fzf 0.38 runs", arguments: cases)
    func sameCommandAsFzf(_ test: Case) throws {
        let directory = FileManagerHelper.temporaryDirectory()
        let input = directory + "/input"
        try (test.lines.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let matched = try Self.matched(test, input: input)
        try #require(test.marks <= matched.count)
        let theirs = try Self.runFzf(test, directory: directory, input: input, matched: matched.count)

        let items = matched.map { CommandTemplate.Item(text: $0, index: test.lines.firstIndex(of: $0)) }
        let context = CommandTemplate.Context(
            current: test.marks < items.count ? items[test.marks] : nil, marked: Array(items.prefix(test.marks)),
            query: test.query, delimiter: test.delimiter.map(FieldDelimiter.init(argument:)) ?? .whiteSpace,
            shell: "/bin/sh")
        let (command, files) = CommandTemplate(Self.written(test.template)).expand(context)
        defer { CommandTemplate.removeFiles(files) }
        var environment = ProcessInfo.processInfo.environment
        environment["OUT"] = directory + "/ours"
        let run = try Support.spawn("/bin/sh", ["-c", command], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let ours = FileManager.default.contents(atPath: directory + "/ours") ?? Data()
        #expect(
            String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self),
            "\(test.template) expanded as \(command)")
        #expect(ours == theirs)
    }

    /// The template with its output written to $OUT, whole once the command has ended.
    static func written(_ template: String) -> String {
        #"(\#(template)) > "$OUT.part" && mv "$OUT.part" "$OUT""#
    }

    /// The lines fzf matches, in the input's order (`--filter`, as the session's --no-sort).
    static func matched(_ test: Case, input: String) throws -> [String] {
        guard !test.query.isEmpty && !test.disabled else { return test.lines }
        let options = test.delimiter.map { ["-d", $0] } ?? []
        let result = try Support.spawn(
            CommandTemplateFzfTests.fzf, ["--filter", test.query, "--no-sort"] + options,
            stdin: FileManager.default.contents(atPath: input) ?? Data())
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static let fzf = TestTools.path(of: "fzf") ?? "fzf"

    /// Runs fzf in tmux on `input`, types the query, marks, runs the template with ctrl-t and
    /// returns what it wrote.
    static func runFzf(_ test: Case, directory: String, input: String, matched: Int) throws -> Data {
        let quote = CommandTemplate.ShellQuoting.posix.quote
        var arguments = ["--multi", "--no-sort", "--reverse"]
        if test.disabled { arguments.append("--disabled") }
        if let delimiter = test.delimiter { arguments += ["-d", delimiter] }
        arguments += ["--bind", "ctrl-t:execute-silent:" + written(test.template)]
        let output = directory + "/theirs"
        let script = """
            export SHELL=/bin/sh OUT=\(quote(output))
            exec \(quote(fzf)) \(arguments.map(quote).joined(separator: " ")) < \(quote(input))

            """
        try script.write(toFile: directory + "/run.sh", atomically: true, encoding: .utf8)
        let session = try TmuxSession(width: 120, height: 20, command: "sh \(directory)/run.sh")
        let total = test.lines.count
        try session.waitFor("fzf's list") { $0.contains("\(total)/\(total)") }
        if !test.query.isEmpty {
            try session.send("-l", test.query)
            let count = test.disabled ? total : matched
            try session.waitFor("the query's matches") { $0.contains("\(count)/\(total)") }
        }
        for _ in 0..<test.marks { try session.send("Tab") }
        if test.marks > 0 { try session.waitFor("the marks") { $0.contains("(\(test.marks))") } }
        try session.send("C-t")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && !FileManager.default.fileExists(atPath: output) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        try session.send("Escape")
        return try #require(FileManager.default.contents(atPath: output), "fzf's command wrote nothing")
    }
}
