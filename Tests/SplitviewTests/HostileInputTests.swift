// Data hostile to the terminal, through the real binary: the hostile-labels file rendered,
// browsed on a pseudo-terminal whose every received byte is checked (no escape sequence, C0
// or C1 control, bidi control of the data reaches it; each shows by its sign), and picked
// (standard output has the original bytes); messages quoting such data; a 50 MB line.

import Foundation
import TerminalTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct HostileInputTests {
    static let hostile = Support.fixture("data/hostile.jsonl")
    /// Items per section of the fixture.
    static let sectionSizes = [5, 3, 3, 1, 4, 1]

    /// The first item's label, as the fixture has it (JSON escapes decoded).
    static let firstLabel =
        "all \u{1B}[2J \u{1B}]52;c;SGk=\u{7} \u{1B}]8;;http://e.example/\u{1B}\\ \u{1B}[201~ \u{9B}31m "
        + "\u{202E} \u{2066} \u{200F} \u{301} end"

    /// A new directory for one test's files; the caller removes it.
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "splitview-hostile-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Where `bytes` has a scalar the data could have made a control of the terminal: a C0
    /// control other than those the program's own output uses (ESC, BS, LF, CR), DEL, a C1
    /// control, a bidi control or mark, an invisible format character, a line or paragraph
    /// separator. Nil when there is none.
    static func firstControlFromData(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let allowed: Set<UInt32> = [0x1B, 0x08, 0x0A, 0x0D]
        for scalar in text.unicodeScalars where !allowed.contains(scalar.value) {
            let value = scalar.value
            let hidden =
                value < 0x20 || (0x7F..<0xA0).contains(value) || value == 0xAD || value == 0x61C
                || (0x200B...0x200F).contains(value) && value != 0x200C && value != 0x200D
                || (0x2028...0x202E).contains(value) || (0x2060...0x206F).contains(value) || value == 0xFEFF
            if hidden { return "U+" + String(value, radix: 16, uppercase: true) }
        }
        return nil
    }

    /// The escape sequences of the fixture that must never reach the terminal. (ESC [ 2 J is
    /// also the program's own clear, always after ESC [ H: checked apart.)
    static let payloads = [
        "\u{1B}]52;", "\u{1B}]8;", "\u{1B}[201~", "\u{1B}[2J ", "\u{1B}[2J\u{202E}", "\u{1B}[31m glyph",
        "\u{1B}\\", "\u{9B}",
    ]

    static func expectNoDataControl(
        _ bytes: [UInt8], _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(firstControlFromData(bytes) == nil, "\(context)", sourceLocation: sourceLocation)
        let text = String(decoding: bytes, as: UTF8.self)
        for payload in payloads {
            #expect(!text.contains(payload), "\(context): \(payload.debugDescription)", sourceLocation: sourceLocation)
        }
        let clears = text.components(separatedBy: "\u{1B}[2J").count - 1
        let ownClears = text.components(separatedBy: "\u{1B}[H\u{1B}[2J").count - 1
        #expect(clears == ownClears, "\(context): a clear that is not the program's", sourceLocation: sourceLocation)
    }

    /// The checks above find the data's controls where they are (else the tests below would
    /// prove nothing): the first label as it is printed on a pick, to a terminal.
    @Test func theChecksFindTheDataWhereItIs() {
        let raw = Array(Self.firstLabel.utf8)
        #expect(Self.firstControlFromData(raw) == "U+7")
        #expect(Self.firstControlFromData(Array("a\u{202E}b".utf8)) == "U+202E")
        #expect(Self.firstControlFromData(Array("a\u{85}b".utf8)) == "U+85")
        let text = Self.firstLabel
        #expect(Self.payloads.filter { text.contains($0) }.count == 6)
    }

    @Test func renderShowsEveryItemBySigns() throws {
        for (section, size) in Self.sectionSizes.enumerated() {
            for item in 0..<size {
                let result = try Support.run([
                    "render", "--width", "100", "--height", "24", "--focus", "\(section):\(item)",
                    Self.hostile,
                ])
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stderr.isEmpty)
                Self.expectNoDataControl(Array(result.stdout.utf8), "render --focus \(section):\(item)")
                #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 25)
            }
        }
        let first = try Support.run(["render", "--width", "100", "--height", "24", Self.hostile]).stdout
        #expect(
            first.contains("clear ␛[2J screen") && first.contains("c0 ␀␁␇␈␉␊␍␋␌␟ end")
                && first.contains("override �A�B�C�D�E end") && first.contains("◌́̂ lone combining"))
        #expect(
            first.hasSuffix(
                " all ␛[2J ␛]52;c;SGk=␇ ␛]8;;http://e.example/␛\\ ␛[201~ �31m � � � ́ end  · Escapes   1 of 17  ? help \n"
            ))
    }

    /// The "done when": the hostile-labels file browsed on a terminal (its first frame,
    /// the help, a paste into the search prompt), no control sequence of the data among the
    /// bytes the terminal received, and the pick printing the original label.
    @Test func browsingTheHostileFileSendsNoControlOfTheData() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let picked = directory + "/picked"
        let (master, pid) = try Support.startOnPseudoTerminal(
            columns: 100, rows: 30, arguments: [Self.hostile],
            standardOutput: picked, home: directory)
        defer { close(master) }
        let (start, _) = Support.drain(master, pid, for: 20) { MouseInputTests.contains($0, "1 of 17") }
        try #require(MouseInputTests.contains(start, "1 of 17"), "no first frame")
        #expect(MouseInputTests.contains(start, "clear ␛[2J screen"))
        // The help, closed by a key (x: j, k and the arrows scroll it); a paste into the search
        // prompt (escape sequences, BEL, a C1 control, a bidi override); the prompt cleared
        // (Ctrl-U) and closed; the first item (g) picked.
        MouseInputTests.send("?", to: master)
        let (help, _) = Support.drain(master, pid, for: 10) { MouseInputTests.contains($0, "splitview keys") }
        #expect(MouseInputTests.contains(help, "splitview keys"))
        MouseInputTests.send("x/x\u{1B}]52;c;SGk=\u{7}\u{9B}2J\u{202E}y\u{1B}[201~z", to: master)
        let (paste, _) = Support.drain(master, pid, for: 10) { MouseInputTests.contains($0, "no matches") }
        #expect(MouseInputTests.contains(paste, "no matches"))
        MouseInputTests.send("\u{15}\rg\r", to: master)
        let (end, ended) = Support.drain(master, pid, for: 20)
        let status = try #require(ended, "splitview did not end after the pick")
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 0)

        Self.expectNoDataControl(start + help + paste + end, "the terminal's bytes")
        let output = try #require(FileManager.default.contents(atPath: picked))
        #expect(Array(output) == Array((Self.firstLabel + "\n").utf8))
    }

    /// A long paste into the search prompt is taken whole before the next frame and searched
    /// once (it took minutes, a search and a frame per character). The limits are generous:
    /// this checks that it ends, not how fast.
    @Test func aTwelveThousandCharacterPasteIntoTheSearchPrompt() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (master, pid) = try Support.startOnPseudoTerminal(columns: 80, rows: 24, home: directory)
        defer { close(master) }
        let (start, _) = Support.drain(master, pid, for: 20) { MouseInputTests.contains($0, "1 of 1884") }
        try #require(MouseInputTests.contains(start, "1 of 1884"), "no first frame")
        // Typing goes to the query from the first key.
        // ("xqz": no emoji holds x, q, z in order; "zq" is fuzzily in "Mozambique".)
        let paste = String(repeating: "xqz ", count: 3_000)  // 12,000 characters
        // In pieces, reading in between: the terminal's buffers are a few kilobytes, and a
        // frame written meanwhile must not wait on a reader that is busy writing.
        var received: [UInt8] = []
        var rest = Substring(paste)
        while !rest.isEmpty {
            MouseInputTests.send(String(rest.prefix(500)), to: master)
            rest = rest.dropFirst(500)
            received += Support.drain(master, pid, for: 0.02).bytes
        }
        // The paste is searched (beside the input loop: its answer shows when it comes).
        let (searched, _) = Support.drain(master, pid, for: 60) {
            MouseInputTests.contains(received + $0, "no matches")
        }
        #expect(MouseInputTests.contains(received + searched, "no matches"), "the paste was not searched within 60 s")
        // Ctrl-U after it deletes the query: the whole catalog again.
        MouseInputTests.send("\u{15}", to: master)
        let (closed, _) = Support.drain(master, pid, for: 60) { MouseInputTests.contains($0, "1 of 1884") }
        #expect(MouseInputTests.contains(closed, "1 of 1884"), "Ctrl-U did not delete the query within 60 s")
        // Esc quits (exit status 1), as fzf's.
        MouseInputTests.send("\u{1B}", to: master)
        let (_, ended) = Support.drain(master, pid, for: 30)
        let status = try #require(ended, "splitview did not end")
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 1)
    }

    @Test func messagesQuotingTheDataAreOnePlainLine() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cases: [(file: String, content: String, arguments: [String], message: String)] = [
            (
                "del.jsonl", "\"a\u{7F}b\\u001b[2J\"\n", [],
                "del.jsonl:1:1: expected an item object {\"label\": ...}, found string \"a\\u007Fb\\u001B[2J\" (at \"\"a\\u007Fb\\u001b[2J\"\")"
            ),
            (
                "nul.csv", "\u{0},\u{0}\na,b\n", ["--label-column=-1"],
                "nul.csv:1: no column \"-1\" (columns: \\u0000, \\u0000)"
            ),
            (
                // (An item's nested field is a value now, no longer an error quoting its key.)
                "bidi.json",
                "[{\"title\": \"t\", \"items\": [], \"inset\": {\"\u{202E}\\u001b]52;c;SGk=\": 1}}]", [],
                "bidi.json:1:40: sections[0].inset: unknown key \"\\u202E\\u001B]52;c;SGk=\" (allowed: top, left, bottom, right)"
            ),
        ]
        for (file, content, arguments, message) in cases {
            let path = directory + "/" + file
            try Data(content.utf8).write(to: URL(fileURLWithPath: path))
            let result = try Support.run(["render", "--width", "40", "--height", "8", path] + arguments)
            #expect(result.status == 2)
            let line = result.stderr.replacingOccurrences(of: directory + "/", with: "")
            #expect(line == "splitview: " + message + "\n")
            #expect(Self.firstControlFromData(Array(line.dropLast().utf8)) == nil, "\(line.debugDescription)")
        }
        // --print with a field name no item has: the data's field names escaped.
        let fields = directory + "/fields.jsonl"
        try Data("{\"label\": \"a\", \"\\u001b[2J\": \"x\"}\n".utf8).write(to: URL(fileURLWithPath: fields))
        let print = try Support.run(["--print", "nope", "--filter", "a", fields])
        #expect(print.status == 2)
        #expect(
            print.stderr
                == "splitview: --print nope: no item has a field \"nope\" (choose from: glyph, label, section, keywords, json, \\u001B[2J)\n"
        )
    }

    /// A plain-lines file of one 50 MB line (hostile text in it every so often): loaded,
    /// rendered and browsed in seconds, not minutes; the pick prints the line whole. Not timed
    /// beyond generous limits: the machine is shared.
    /// Arguments are typed text too: the argument parser's messages quote them, and were
    /// printed as they are (an ESC [ 2 J in --focus cleared the terminal the error went to).
    @Test func argumentsQuotedInUsageErrorsAreEscaped() throws {
        let focus = try Support.run(["render", "--width", "10", "--height", "5", "--focus", "\u{1B}[2J\u{202E}x"])
        #expect(focus.status == 64)
        #expect(focus.stderr.contains("got \"\\u001B[2J\\u202Ex\""), "\(focus.stderr.debugDescription)")
        let option = try Support.run(["--\u{1B}]52;c;aGk=\u{07}"])
        #expect(option.status == 64)
        #expect(option.stderr.contains("Unknown option '--\\u001B]52;c;aGk'"), "\(option.stderr.debugDescription)")
        for result in [focus, option] {
            Self.expectNoDataControl(Array(result.stderr.utf8), "a usage error")
            #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
        let help = try Support.run(["--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: ") && help.stderr.isEmpty)
        let version = try Support.run(["--version"])
        #expect(version.status == 0 && version.stdout == "0.1.0\n")
    }

    @Test func aFiftyMegabyteLine() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/long.txt"
        let unit = Array("plain words \u{1B}[2J and \u{202E}bidi é\u{301} 中文 😀 ".utf8)
        var line: [UInt8] = []
        line.reserveCapacity(50_000_100)
        while line.count < 50_000_000 { line += unit }
        try Data(line + [0x0A]).write(to: URL(fileURLWithPath: path))

        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory
        environment["XDG_CONFIG_HOME"] = directory
        environment["XDG_STATE_HOME"] = directory
        let render = try Support.spawn(
            TestTools.path(of: "timeout") ?? "/usr/bin/timeout",
            ["120", Support.binary, "render", "--width", "200", "--height", "60", path],
            environment: environment)
        #expect(render.status == 0, "status \(render.status) (124: timed out)")
        let rows = render.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.count == 61)
        #expect(rows[1].hasPrefix("  plain words ␛[2J") && rows[1].contains("…"))
        #expect(rows[59].hasPrefix(" plain words ␛[2J and �bidi") && rows[59].hasSuffix("…  1 of 1  ? help "))
        Self.expectNoDataControl(Array(render.stdout.utf8), "render of a 50 MB line")

        // Browsed: a search typed over it, then the pick, which prints the 50 MB line.
        let picked = directory + "/picked"
        let (master, pid) = try Support.startOnPseudoTerminal(
            columns: 120, rows: 30, arguments: [path], standardOutput: picked,
            home: directory)
        defer { close(master) }
        let (start, _) = Support.drain(master, pid, for: 120) { MouseInputTests.contains($0, "1 of 1") }
        try #require(MouseInputTests.contains(start, "1 of 1"), "no first frame")
        MouseInputTests.send("bidi\r", to: master)
        let (end, ended) = Support.drain(master, pid, for: 120)
        let status = try #require(ended, "splitview did not end after the pick")
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 0)
        Self.expectNoDataControl(start + end, "browsing a 50 MB line")
        let output = try #require(FileManager.default.contents(atPath: picked))
        #expect(output.count == line.count + 1)
        #expect(output == Data(line + [0x0A]))
    }
}
