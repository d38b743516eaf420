// fzf's command templates (--preview, execute, become, reload): every placeholder and flag, the
// escapes, the fields by each kind of delimiter, what is left as written, the temporary files,
// and the quoting, checked by running the commands in sh (and fish, where it is installed) on
// random text. The comparison with fzf itself is CommandTemplateFzfTests (SplitviewTests).

import Foundation
import SeededRandom
import Testing

@testable import Browser
import Catalog

/// The items, marks and query most tests expand in.
private let current = CommandTemplate.Item(text: "ab cd  ef", index: 2)
private let marked = [CommandTemplate.Item(text: "x y", index: 0), CommandTemplate.Item(text: "it's", index: 5)]
private let matched = [
    CommandTemplate.Item(text: "m1", index: 7), CommandTemplate.Item(text: "m2 z", index: 8),
    CommandTemplate.Item(text: "m3", index: nil),
]
private var context: CommandTemplate.Context {
    CommandTemplate.Context(
        current: current, marked: marked, matched: { matched }, query: " foo  bar baz ", prompt: "> ", section: "Fruit",
        lastAction: "accept")
}

/// The command `template` gives in `context`, its temporary files removed.
private func expand(_ template: String, _ context: CommandTemplate.Context = context) -> String {
    let (command, files) = CommandTemplate(template).expand(context)
    CommandTemplate.removeFiles(files)
    return command
}

@Suite("Command templates")
struct CommandTemplateTests {
    @Test(
        "the focused item: {} quoted, {n} its index, {r} raw, fields of it",
        arguments: [
            ("{}", "'ab cd  ef'"), ("{n}", "2"), ("{r}", "ab cd  ef"), ("{s}", "'ab cd  ef'"),
            ("{1}", "'ab'"), ("{-1}", "'ef'"), ("{2..}", "'cd  ef'"), ("{..2}", "'ab cd'"), ("{1,3}", "'ab ef'"),
            ("{3,1}", "'efab'"), ("{..}", "'ab cd  ef'"), ("{-2..-1}", "'cd  ef'"), ("{1..1}", "'ab'"),
            ("{s1}", "'ab '"), ("{s2}", "'cd  '"), ("{r2}", "cd"), ("{sr1,2}", "ab cd  "), ("{4}", "''"),
            ("{9..}", "''"), ("{-9}", "''"),
        ])
    func focusedItem(template: String, expected: String) {
        #expect(expand(template) == expected)
    }

    @Test(
        "+ takes the marked items, * every match, n their indices, space-separated",
        arguments: [
            ("{+}", "'x y' 'it'\\''s'"), ("{+n}", "0 5"), ("{+r}", "x y it's"), ("{+1}", "'x' 'it'\\''s'"),
            ("{+s1}", "'x ' 'it'\\''s'"), ("{*}", "'m1' 'm2 z' 'm3'"), ("{*n}", "7 8 ''"), ("{*1}", "'m1' 'm2' 'm3'"),
            ("{*r}", "m1 m2 z m3"), ("{*+}", "'m1' 'm2 z' 'm3'"), ("{+*-1}", "'m1' 'z' 'm3'"),
        ])
    func markedAndMatched(template: String, expected: String) {
        #expect(expand(template) == expected)
    }

    @Test("with nothing marked, + takes the focused item; with no item, an empty one")
    func plusWithoutMarks() {
        var unmarked = context
        unmarked.marked = []
        #expect(expand("{+} {+n} {+2}", unmarked) == "'ab cd  ef' 2 'cd'")
        var empty = unmarked
        empty.current = nil
        #expect(expand("{} {n} {1} {+} {+n} {section}", empty) == "'' '' '' '' '' ''")
        #expect(expand("[{*}] [{*n}]", CommandTemplate.Context()) == "[] []")
        var unindexed = unmarked
        unindexed.current = CommandTemplate.Item(text: "a")
        #expect(expand("{n}", unindexed) == "''")
    }

    @Test("execute-multi: every item placeholder takes the marked items")
    func marksEveryPlaceholder() {
        var multi = context
        multi.marksEveryPlaceholder = true
        #expect(expand("{} {n} {1} {q}", multi) == "'x y' 'it'\\''s' 0 5 'x' 'it'\\''s' ' foo  bar baz '")
    }

    @Test(
        "the query, its fields (AWK-style, trimmed unless s), the prompt, the action, the section",
        arguments: [
            ("{q}", "' foo  bar baz '"), ("{fzf:query}", "' foo  bar baz '"), ("{q:1}", "'foo'"),
            ("{q:2..}", "'bar baz'"), ("{q:s2..}", "'bar baz '"), ("{q:..}", "'foo  bar baz'"),
            ("{q:s..}", "'foo  bar baz '"), ("{q:-1}", "'baz'"), ("{q:s1}", "'foo  '"), ("{q:1,3}", "'foo  baz'"),
            ("{q:5}", "''"), ("{fzf:prompt}", "'> '"), ("{fzf:action}", "accept"), ("{section}", "'Fruit'"),
        ])
    func queryAndSession(template: String, expected: String) {
        #expect(expand(template) == expected)
    }

    @Test("the query splits AWK-style whatever the delimiter")
    func queryIgnoresTheDelimiter() {
        var commas = context
        commas.delimiter = .string(",")
        commas.query = "a,b c"
        #expect(expand("{q:1} {1}", commas) == "'a,b' 'ab cd  ef'")
    }

    @Test("an action name that is not a plain word is quoted, not run")
    func actionNames() {
        var other = context
        other.lastAction = "change-query"
        #expect(expand("{fzf:action}", other) == "change-query")
        other.lastAction = "x; rm -rf ~"
        #expect(expand("{fzf:action}", other) == "'x; rm -rf ~'")
        other.lastAction = ""
        #expect(expand("{fzf:action}", other) == "''")
    }

    @Test(
        "a backslash escapes a placeholder: left as written, less the backslash",
        arguments: [
            ("\\{}", "{}"), ("\\{q}", "{q}"), ("\\{+1}", "{+1}"), ("\\{fzf:query}", "{fzf:query}"),
            ("\\{section}", "{section}"), ("\\\\{}", "\\{}"), ("\\{x}", "\\{x}"), ("\\{} {}", "{} 'ab cd  ef'"),
            ("a\\b {n}", "a\\b 2"), ("\\", "\\"), ("{}\\", "'ab cd  ef'\\"),
        ])
    func escapes(template: String, expected: String) {
        #expect(expand(template) == expected)
    }

    @Test(
        "what is no placeholder is text; an expression that is none is left as written, less its flags",
        arguments: [
            ("{x}", "{x}"), ("{ }", "{ }"), ("{+q}", "{+q}"), ("{qs}", "{qs}"), ("{fzf:foo}", "{fzf:foo}"),
            ("{+section}", "{+section}"), ("{Section}", "{Section}"), ("{1 }", "{1 }"), ("{n+}", "{n+}"),
            ("{nn}", "{nn}"), ("{+*n}", "{+*n}"), ("{q:}", "{q:}"), ("{q:s}", "{q:s}"), ("{", "{"), ("}", "}"),
            ("{{}}", "{'ab cd  ef'}"), ("{0}", "{0}"), ("{+0}", "{0}"), ("{s-}", "{-}"), ("{1..2..3}", "{1..2..3}"),
            ("{,}", "{,}"), ("{1,}", "{1,}"), ("{-1..2}", "{-1..2}"), ("{.}", "{.}"), ("{...}", "{...}"),
            ("{q:0}", "{q:0}"), ("{q:s0}", "{q:0}"), ("{99999999999999999999}", "{99999999999999999999}"),
            ("{1.}", "{1.}"), ("{😀}", "{😀}"), ("{}{n}", "'ab cd  ef'2"),
        ])
    func leftAsWritten(template: String, expected: String) {
        #expect(expand(template) == expected)
    }

    @Test("fields by a string delimiter: the delimiter ending the text is removed, then the white space")
    func stringDelimiter() {
        var commas = context
        commas.delimiter = FieldDelimiter(argument: ",")
        commas.current = CommandTemplate.Item(text: "a,b,,c,", index: 0)
        #expect(expand("{1} {2..} {3} {-1} {-2} {..} {1,4} {s2}", commas) == "'a' 'b,,c' '' '' 'c' 'a,b,,c' 'a,c' 'b'")
        commas.current = CommandTemplate.Item(text: " x , y ,z", index: 0)
        #expect(expand("{1} {s1} {2} {s2..} {-1}", commas) == "'x' ' x ' 'y' ' y ,z' 'z'")
        commas.delimiter = FieldDelimiter(argument: "\\t")
        commas.current = CommandTemplate.Item(text: "a b\tc", index: 0)
        #expect(expand("{1} {2}", commas) == "'a b' 'c'")
    }

    @Test("fields by a regular expression: its last match is removed when it ends the text")
    func patternDelimiter() {
        var pattern = context
        pattern.delimiter = FieldDelimiter(argument: "[:;]+")
        #expect(pattern.delimiter == .pattern("[:;]+"))
        pattern.current = CommandTemplate.Item(text: "a:;b;c::", index: 0)
        #expect(expand("{1} {2..} {-1} {s1,2} {..}", pattern) == "'a' 'b;c' 'c' 'a:;b' 'a:;b;c'")
        pattern.current = CommandTemplate.Item(text: ":lead;z", index: 0)
        #expect(expand("{1} {2} {3}", pattern) == "'' 'lead' 'z'")
    }

    @Test("AWK-style fields: white space before the first belongs to none; s keeps what follows")
    func whiteSpaceDelimiter() {
        var lines = context
        lines.current = CommandTemplate.Item(text: "  alpha  beta\tgamma  ", index: 0)
        #expect(
            expand("{1} {s1} {2..} {s2..} {-1} {s-1} {..} {s..}", lines)
                == "'alpha' 'alpha  ' 'beta\tgamma' 'beta\tgamma  ' 'gamma' 'gamma  ' 'alpha  beta\tgamma' 'alpha  beta\tgamma  '"
        )
        lines.current = CommandTemplate.Item(text: " \u{A0}x\u{3000} ", index: 0)
        // Unicode white space is not a delimiter, but trimmed as Go's strings.TrimSpace trims.
        #expect(expand("{1} {s1} {}", lines) == "'x' '\u{A0}x\u{3000} ' ' \u{A0}x\u{3000} '")
    }

    @Test("what a template uses, as fzf's hasPreviewFlags says; escaped placeholders use nothing")
    func uses() {
        func uses(_ text: String) -> [Bool] {
            let template = CommandTemplate(text)
            return [template.usesPlaceholders, template.usesMarked, template.usesAllMatched, template.usesQuery]
        }
        #expect(uses("ls -l") == [false, false, false, false])
        #expect(uses("cat {}") == [true, false, false, false])
        #expect(uses("cat \\{} \\{+} \\{q}") == [false, false, false, false])
        #expect(uses("cat {+}") == [true, true, false, false])
        #expect(uses("cat {+n}") == [true, true, false, false])
        #expect(uses("cat {+0}") == [true, true, false, false])
        #expect(uses("wc {*f}") == [true, false, true, false])
        #expect(uses("grep {q} {1}") == [true, false, false, true])
        #expect(uses("echo {q:s2}") == [true, false, false, true])
        #expect(uses("echo {q:0}") == [true, false, false, true])
        #expect(uses("echo {fzf:action}") == [true, false, false, true])
        #expect(uses("echo {fzf:prompt}") == [true, false, false, true])
        #expect(uses("echo {+q} {fzf:x}") == [false, false, false, false])
        #expect(uses("echo {section}") == [true, false, false, false])
        #expect(CommandTemplate("a {} b").description == "a {} b")
    }

    @Test("whether fzf would run the command: an item is needed unless the template reads more")
    func runnable() {
        let none = CommandTemplate.Context()
        var marks = none
        marks.marked = marked
        #expect(CommandTemplate("ls").isRunnable(with: none))
        #expect(!CommandTemplate("cat {}").isRunnable(with: none))
        #expect(!CommandTemplate("cat {section}").isRunnable(with: none))
        #expect(CommandTemplate("cat {}").isRunnable(with: context))
        #expect(CommandTemplate("grep {q} {}").isRunnable(with: none))
        #expect(CommandTemplate("wc {*}").isRunnable(with: none))
        #expect(!CommandTemplate("cat {+}").isRunnable(with: none))
        #expect(CommandTemplate("cat {+}").isRunnable(with: marks))
        #expect(!CommandTemplate("cat {}").isRunnable(with: marks))
        marks.marksEveryPlaceholder = true
        #expect(CommandTemplate("cat {}").isRunnable(with: marks))
    }

    @Test("f writes the evaluated items to a file, one a line, and gives its path")
    func files() throws {
        let directory = NSTemporaryDirectory() + "command-template-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = CommandTemplate.TemporaryFiles(directory: directory)
        let template = CommandTemplate("cat {+f} {f1} {*fn} {+fs1} {f} {fr}")
        let (command, files) = template.expand(context, temporaryFiles: folder)
        #expect(files.count == 6)
        #expect(command == "cat " + files.joined(separator: " "))
        let contents = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }
        #expect(contents == ["x y\nit's\n", "ab\n", "7\n8\n''\n", "x \nit's\n", "ab cd  ef\n", "ab cd  ef\n"])
        for file in files {
            #expect(file.hasPrefix(directory + "/"))
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
        }
        CommandTemplate.removeFiles(files)
        #expect(files.allSatisfy { !FileManager.default.fileExists(atPath: $0) })

        // No match: a file with one empty line, as fzf's. NUL-separated with --print0.
        let empty = CommandTemplate("{*f}").expand(CommandTemplate.Context(), temporaryFiles: folder)
        #expect(try String(contentsOfFile: empty.command, encoding: .utf8) == "\n")
        var print0 = context
        print0.fileSeparator = "\0"
        let nul = CommandTemplate("{+f}").expand(print0, temporaryFiles: folder)
        #expect(try String(contentsOfFile: nul.command, encoding: .utf8) == "x y\0it's\0")
        CommandTemplate.removeFiles(empty.files + nul.files)

        // A folder that cannot be written: nothing, and no file to remove.
        let missing = CommandTemplate("cat {f}").expand(
            context, temporaryFiles: .init(directory: directory + "/missing"))
        #expect(missing.command == "cat " && missing.files.isEmpty)
        let slash = CommandTemplate("cat {f}").expand(context, temporaryFiles: .init(directory: directory + "/"))
        #expect(slash.files.count == 1 && slash.files.allSatisfy { $0.hasPrefix(directory + "/splitview-temp-") })
        CommandTemplate.removeFiles(slash.files)
    }

    @Test("quoting for sh and for fish, chosen by the shell's last path component")
    func quotingStyles() {
        #expect(CommandTemplate.ShellQuoting(shell: "/usr/bin/fish") == .fish)
        #expect(CommandTemplate.ShellQuoting(shell: "fish") == .fish)
        #expect(CommandTemplate.ShellQuoting(shell: "/bin/bash") == .posix)
        #expect(CommandTemplate.ShellQuoting(shell: "/opt/fish/bin/zsh") == .posix)
        #expect(CommandTemplate.ShellQuoting(shell: "") == .posix)
        let text = #"it's a \ back\\slash 'x'"#
        #expect(CommandTemplate.ShellQuoting.posix.quote(text) == #"'it'\''s a \ back\\slash '\''x'\'''"#)
        #expect(CommandTemplate.ShellQuoting.fish.quote(text) == #"'it\'s a \\ back\\\\slash \'x\''"#)
        var fish = context
        fish.quoting = .fish
        fish.current = CommandTemplate.Item(text: #"a\'b"#, index: 1)
        #expect(expand("{} {1} {r} {n}", fish) == #"'a\\\'b' 'a\\\'b' a\'b 1"#)
    }

    @Test("the placeholders found are those of fzf's regular expression (random templates)")
    func sameAsFzfsExpression() throws {
        let regex = try Regex(
            #"\\?(?:\{[+*sfr]*[0-9,\-.]*\}|\{q(?::s?[0-9,\-.]+)?\}|\{fzf:(?:query|action|prompt)\}|\{[+*]?f?nf?\}|\{section\})"#
        ).matchingSemantics(.unicodeScalar)
        let pieces = [
            "{", "}", "\\", "+", "*", "s", "f", "r", "q", "n", ":", "1", "2", "-", ",", ".", "..", "x", " ", "fzf:",
            "query", "action", "prompt", "section", "{}", "{q:", "é", "😀",
        ]
        var random = SplitMix64(seed: 5)
        for _ in 0..<3000 {
            let text = (0..<random.next(14)).map { _ in pieces[random.next(pieces.count)] }.joined()
            let bytes = Array(text.utf8)
            let ours = CommandTemplate.Parser.placeholders(in: bytes).map {
                String(decoding: bytes[$0.range], as: UTF8.self)
            }
            let theirs = text.matches(of: regex).map { String(text[$0.range]) }
            #expect(ours == theirs, "\(text.debugDescription)")
            // Expanding never fails, whatever the template and the delimiter.
            var varied = context
            varied.delimiter = [.whiteSpace, .string(","), .string(""), .pattern("[,:]")][text.utf8.count % 4]
            _ = expand(text, varied)
        }
    }

    @Test("text with quotes, line breaks, $, backticks, control bytes and any UTF-8 reaches sh as it is")
    func shellRoundTrip() throws {
        var random = SplitMix64(seed: 52)
        for round in 0..<40 {
            let items = (0..<25).map { index in
                CommandTemplate.Item(text: Self.randomText(&random), index: index)
            }
            let context = CommandTemplate.Context(
                current: items[0], marked: Array(items.dropFirst()), query: Self.randomText(&random))
            let command = CommandTemplate(#"printf '%s\0' {} {+} {q} {s..}"#).expand(context).command
            let output = try Self.run("/bin/sh", ["-c", command])
            // {s..}: every field, kept as it is, AWK-style: white space before the first is none's.
            let fields = String(items[0].text.drop { $0 == " " || $0 == "\t" || $0 == "\n" })
            let expected = [items[0].text] + items.dropFirst().map(\.text) + [context.query, fields]
            #expect(Self.arguments(output) == expected, "round \(round): \(command.debugDescription)")
        }
    }

    @Test(
        "fish reads its quoting back as the text",
        .enabled(if: fish != nil, "fish is not installed: its quoting is checked against expected strings only"))
    func fishRoundTrip() throws {
        var random = SplitMix64(seed: 53)
        let fish = Self.fishExecutable ?? "fish"
        for round in 0..<20 {
            let items = (0..<20).map { CommandTemplate.Item(text: Self.randomText(&random), index: $0) }
            let context = CommandTemplate.Context(
                current: items[0], marked: items, query: Self.randomText(&random), shell: fish)
            // (coreutils' printf: fish's own may read `\0` otherwise.)
            let command = CommandTemplate(#"/usr/bin/printf '%s\0' {+} {q}"#).expand(context).command
            let output = try Self.run(fish, ["--no-config", "-c", command])
            #expect(
                Self.arguments(output) == items.map(\.text) + [context.query],
                "round \(round): \(command.debugDescription)")
        }
    }

    /// fish on PATH, if it is installed.
    static let fishExecutable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/fish" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    /// Random text of every kind a command meets (no NUL: an argument cannot hold one).
    static func randomText(_ random: inout SplitMix64) -> String {
        let pieces = [
            "'", "\"", "\\", "$", "`", "$(id)", "\n", "\t", "\r", " ", "  ", "!", "*", "?", "[", "]", "{}", "~", "#",
            ";", "&", "|", "<", ">", "%s", "\u{1}", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{A0}", "é", "e\u{301}",
            "日本", "😀", "👩‍👩‍👧", "\u{202E}", "\u{2028}", "-n", "--", "a", "word",
        ]
        return (0..<random.next(12)).map { _ in pieces[random.next(pieces.count)] }.joined()
    }

    /// The arguments `printf '%s\0'` printed: each a NUL after it, read as UTF-8 (bytes that
    /// are not would show as U+FFFD, which no argument holds).
    static func arguments(_ output: [UInt8]) -> [String] {
        guard output.last == 0 else { return [String(decoding: output, as: UTF8.self) + " (no NUL at the end)"] }
        return output.dropLast().split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// Runs `executable` with `arguments` and returns its standard output's bytes (posix_spawn:
    /// Foundation's Process was seen to hang under parallel tests).
    static func run(_ executable: String, _ arguments: [String]) throws -> [UInt8] {
        let output = NSTemporaryDirectory() + "command-template-out-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard error == 0 else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
    }
}

private let fish = CommandTemplateTests.fishExecutable
