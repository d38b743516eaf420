// Fields and sections from any output, through the real binary: what --filter prints, the
// command-line errors, the same lines as fzf 0.38 matches with its -d, --nth and --with-nth,
// and real command output (ps, git log, find) grouped in tmux.

import Foundation
import SeededRandom
import TerminalTestSupport
import Testing

@Suite struct FieldFilterTests {
    func filter(_ input: String, _ arguments: [String]) throws -> Support.Result {
        try Support.run(["--filter", ""] + arguments, stdin: input)
    }

    @Test("a grouped line prints as it was read; --print section its title; --accept-nth its fields")
    func printed() throws {
        let input = "root 1 init\nalice 20 vim\nroot 2 sh\n"
        #expect(try filter(input, ["--group-nth", "1"]).stdout == "root 1 init\nroot 2 sh\nalice 20 vim\n")
        #expect(try filter(input, ["--group-nth", "1", "--print", "section"]).stdout == "root\nroot\nalice\n")
        #expect(try filter(input, ["--group-nth", "1", "--print", "label"]).stdout == "1 init\n2 sh\n20 vim\n")
        #expect(try filter(input, ["--accept-nth", "-1,1"]).stdout == "initroot\nvimalice\nshroot\n")
        #expect(try filter(input, ["--accept-nth", "2"]).stdout == "1\n20\n2\n")
        #expect(try filter("a,b,c\n", ["-d,", "--accept-nth", "2.."]).stdout == "b,c\n")
        #expect(try filter("a:b\n", ["-d", ":", "--with-nth", "2", "--accept-nth", "1"]).stdout == "a\n")
        #expect(try filter("a b\n", ["--with-nth", "2"]).stdout == "a b\n")
        let query = try Support.run(["--filter", "sh", "--nth", "2", "--group-nth", "1"], stdin: input)
        #expect(query.stdout == "root 2 sh\n")
    }

    @Test("git log of this repository by day: every commit under its day")
    func gitLogByDay() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let log = try Support.shell("git -C \(root) log -n 200 --date=short --format='%ad%x09%h %s'")
        try #require(!log.isEmpty)
        let titles = try filter(log, ["-d", "\\t", "--group-nth", "1", "--print", "section"]).stdout
        var seen: [String] = []
        for line in log.split(separator: "\n") {
            let day = String(line.split(separator: "\t")[0])
            if seen.last != day && !seen.contains(day) { seen.append(day) }
        }
        // Sections in order of first appearance, each day's commits together.
        var expected: [String] = []
        for day in seen {
            let count = log.split(separator: "\n").filter { $0.hasPrefix(day + "\t") }.count
            expected += Array(repeating: day, count: count)
        }
        #expect(titles == expected.map { $0 + "\n" }.joined())
    }

    @Test("a bad field index, --group-by or --heading pattern: one line and status 64")
    func badArguments() throws {
        let cases: [([String], String)] = [
            (["--nth", "x"], "Error: --nth: \"x\" is not a field index (1, -1, 2.., ..3, 1..3, .., 1,3)"),
            (["--with-nth", "0"], "Error: --with-nth: \"0\" is not a field index (1, -1, 2.., ..3, 1..3, .., 1,3)"),
            (
                ["--group-nth", "1,"],
                "Error: --group-nth: \"1,\" is not a field index (1, -1, 2.., ..3, 1..3, .., 1,3)"
            ),
            (
                ["--accept-nth", "-2..3"],
                "Error: --accept-nth: \"-2..3\" is not a field index (1, -1, 2.., ..3, 1..3, .., 1,3)"
            ),
            (["--group-by", "(x"], "Error: --group-by: \"(x\" is neither dirname, extension nor a regular expression"),
            (["--heading", "[", "--group-nth", "1"], "Error: --heading: \"[\" is not a regular expression"),
            (
                ["--heading", "x", "--group-nth", "1"],
                "Error: --heading makes the sections by itself: give it without --group-nth and --group-by"
            ),
            (
                ["--group-sort"],
                "Error: --group-sort orders the sections of --group-nth, --group-by or --heading: give one"
            ),
        ]
        for (arguments, message) in cases {
            let result = try filter("a b\n", arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").first.map(String.init) == message, "\(arguments)")
        }
    }

    @Test("field options on a CSV file or the bundled emoji: one line, status 2")
    func notForThisData() throws {
        let csv = FileManagerHelper.temporaryDirectory() + "/t.csv"
        try "label,kind\napple,fruit\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let table = try Support.run([csv, "--filter", "", "--group-nth", "2"])
        #expect(table.status == 2)
        #expect(
            table.stderr
                == "splitview: \(csv): --group-nth applies to plain lines; the file is read as CSV (--format lines reads it as lines); a column makes sections with --section-column\n"
        )
        let emoji = try Support.run(["--emoji", "--filter", "", "--nth", "1"])
        #expect(emoji.status == 2)
        #expect(
            emoji.stderr == "splitview: --nth reads lines of data (FILE or standard input), not the bundled emoji\n")
    }
}

@Suite(.needs("fzf"))
struct FieldsAgainstFzfTests {
    static let fzf = TestTools.path(of: "fzf") ?? "fzf"

    @Test("random lines, delimiters and field expressions: the lines fzf 0.38 matches with -d, --nth, --with-nth")
    func sameMatches() throws {
        var random = SplitMix64(seed: 38)
        let words = ["ant", "bee", "cat", "dog", "eel", "fox", "gnu"]
        let delimiters: [(argument: String?, join: [String])] = [
            (nil, [" ", "  ", "\t", " \t"]), (",", [","]), ("\\t", ["\t"]), ("[,:]", [",", ":"]), ("::", ["::"]),
        ]
        func expression() -> String {
            let n = Int.random(in: 1...5, using: &random) * (Int.random(in: 0...3, using: &random) == 0 ? -1 : 1)
            switch Int.random(in: 0...5, using: &random) {
            case 0: return "\(n).."
            case 1: return "..\(n)"
            case 2: return "\(min(abs(n), 2))..\(abs(n) + 1)"
            case 3: return "\(n),\(Int.random(in: 1...4, using: &random))"
            default: return "\(n)"
            }
        }
        for round in 0..<60 {
            let delimiter = delimiters[round % delimiters.count]
            let lines = (0..<30).map { _ in
                let count = Int.random(in: 1...5, using: &random)
                let lead = delimiter.argument == nil && Bool.random(using: &random) ? " " : ""
                return lead
                    + (0..<count).map { _ in words.randomElement(using: &random)! }.enumerated().map {
                        $0.offset == 0 ? $0.element : delimiter.join.randomElement(using: &random)! + $0.element
                    }.joined()
            }
            let input = lines.joined(separator: "\n") + "\n"
            var options: [String] = delimiter.argument.map { ["-d", $0] } ?? []
            if Bool.random(using: &random) { options += ["--nth", expression()] }
            if Bool.random(using: &random) || options.count < 3 { options += ["--with-nth", expression()] }
            let query = "'" + words.randomElement(using: &random)!
            let theirs = try Support.spawn(Self.fzf, ["--filter", query] + options, stdin: Data(input.utf8))
            let ours = try Support.run(["--filter", query] + options, stdin: input)
            #expect(
                ours.stdout.split(separator: "\n").sorted() == theirs.stdout.split(separator: "\n").sorted(),
                "\(options) \(query) over:\n\(input)")
        }
    }
}

@Suite(.serialized, .needs("tmux", "ps", "git", "find"))
struct GroupedOutputInTmuxTests {
    func start(_ input: String, _ arguments: String, width: Int = 100, height: Int = 30) throws -> TmuxSession {
        try TmuxSession(width: width, height: height, command: "\(input) | \(Support.binary) \(arguments)")
    }

    @Test("ps aux --header-lines 1 --group-nth 1: processes under their user")
    func processesByUser() throws {
        let user = try Support.shell("id -un").trimmingCharacters(in: .whitespacesAndNewlines)
        let session = try start("ps aux", "--header-lines 1 --group-nth 1")
        // The whole frame: a capture taken while the frame is written can hold its first rows
        // (the first section) and not yet its last (the prompt and the header beneath it).
        let screen = try session.waitFor("the sections and the header") {
            $0.contains(user + " · ") && $0.contains("PID")
        }
        // The header is shown, and no line starts with the user any more (it is the title).
        #expect(screen.contains("PID"))
        let titleLine = screen.split(separator: "\n").first { $0.contains(user + " · ") }
        #expect(titleLine != nil)
        #expect(
            !screen.split(separator: "\n").contains {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(user + " ") && !$0.contains("·")
            })
        try session.send("Escape")
    }

    @Test("git log of this repository by day: the days as titles, the commits under them")
    func commitsByDay() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let first = try Support.shell("git -C \(root) log -1 --date=short --format='%ad%x09%h'")
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\t").map(String.init)
        let session = try start(
            "git -C \(root) log --date=short --format=\"%ad%x09%h %s\"", "-d \"\\t\" --group-nth 1")
        let screen = try session.waitFor("the first day") { $0.contains(first[0] + " · ") }
        #expect(screen.contains(first[1] + " "))
        #expect(!screen.contains(first[0] + "\t"))
        try session.send("Escape")
    }

    @Test("find by dirname: folders as titles, file names as items; a pick prints the path")
    func filesByFolder() throws {
        let directory = FileManagerHelper.temporaryDirectory()
        for path in ["src/main.swift", "src/util.swift", "docs/guide.md", "top.txt"] {
            let file = directory + "/" + path
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "x".write(toFile: file, atomically: true, encoding: .utf8)
        }
        let out = directory + "/out.txt"
        let session = try TmuxSession(
            width: 100, height: 20,
            command:
                "cd \(directory) && find . -type f -name \"*.*\" ! -name out.txt | sort | \(Support.binary) --group-by dirname > \(out)"
        )
        let screen = try session.waitFor("the folders") { $0.contains("./src · 2") && $0.contains("./docs · 1") }
        #expect(screen.contains("main.swift"))
        #expect(!screen.contains("./src/main.swift"))
        #expect(screen.contains(". · 1"))
        try session.send("g", "u", "i", "d", "e")
        try session.waitFor("the match") { $0.contains("1 of 4") }
        try session.send("Enter")
        #expect(session.waitForFile(out, containing: "guide") == "./docs/guide.md\n")
    }
}
