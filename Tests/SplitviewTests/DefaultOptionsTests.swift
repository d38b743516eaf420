// SPLITVIEW_DEFAULT_OPTS and SPLITVIEW_DEFAULT_OPTS_FILE: split as the shell splits words,
// placed before the command line's options of a browse, and blamed for their own errors.

import Foundation
import SeededRandom
import Testing
import UserFiles

@testable import splitview

@Suite struct DefaultOptionsTests {
    @Test func wordsSplitAsTheShellSplitsThem() throws {
        #expect(try DefaultOptions.split("  --layout reverse\t--multi\n") == ["--layout", "reverse", "--multi"])
        #expect(
            try DefaultOptions.split(#"--prompt 'a b> ' --query "it's \"x\" \$HOME""#) == [
                "--prompt", "a b> ", "--query", #"it's "x" $HOME"#,
            ])
        #expect(try DefaultOptions.split(#"-d '\t' "\n" a\ b"#) == ["-d", #"\t"#, #"\n"#, "a b"])
        #expect(try DefaultOptions.split("'' \"\" x''y") == ["", "", "xy"])
        #expect(try DefaultOptions.split("--multi # the rest\n--print0 a#b") == ["--multi", "--print0", "a#b"])
        #expect(try DefaultOptions.split("--bind=x\\\n+y") == ["--bind=x+y"])
        // A quote before a combining mark is still a quote (found by FuzzOptionValues).
        #expect(try DefaultOptions.split("'a'\\''\u{05A3}b'") == ["a'\u{05A3}b"])
        #expect(throws: DefaultOptions.UnfinishedWord.self) { try DefaultOptions.split("--query 'open") }
        #expect(throws: DefaultOptions.UnfinishedWord.self) { try DefaultOptions.split(#"--query "open"#) }
        // (As dash reads it.)
        #expect(try DefaultOptions.split("a\\") == ["a\\"])
    }

    /// Random texts of quotes, backslashes, comments and blanks split as dash (`sh`) splits
    /// them, or, where the shell finds a quote unclosed, not at all.
    @Test(.needs("sh")) func wordsAgreeWithTheShell() throws {
        var random = SplitMix64(seed: 27)
        // (No line break outside quotes: it would end the shell's command, where the options read
        // on; `wordsSplitAsTheShellSplitsThem` has them.)
        let pieces = ["a", "b", " ", "\t", "'\n'", "\\\n", "'", "\"", "\\", "#", "-", "=", "é", "x y"]
        for _ in 0..<150 {
            let text = (0..<Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            let shell = try Support.spawn(
                "/bin/sh", ["-c", "set -f; eval \"set -- $1\" && for a; do printf '%s\\0' \"$a\"; done", "sh", text])
            let ours = try? DefaultOptions.split(text)
            // (127: a line break outside quotes ended `set` and the shell ran the rest as a
            // command: not what the options read.)
            if shell.status == 127 { continue }
            if shell.status != 0 {
                #expect(
                    ours == nil,
                    "sh refuses \(text.debugDescription) (\(shell.status), \(shell.stderr)), we read \(String(describing: ours))"
                )
            } else {
                var words = shell.stdout.components(separatedBy: "\0")
                words.removeLast()
                #expect(ours == words, "\(text.debugDescription)")
            }
        }
    }

    @Test func theFileComesBeforeTheVariable() throws {
        let words = try DefaultOptions.words(
            environment: [DefaultOptions.fileVariable: "/opts", DefaultOptions.variable: "--multi"],
            readFile: { _ in Data("--print0 # from the file\n".utf8) })
        #expect(words == ["--print0", "--multi"])
        #expect(throws: DefaultOptions.Problem.self) {
            try DefaultOptions.words(environment: [DefaultOptions.fileVariable: "/nowhere/opts"])
        }
        do {
            _ = try DefaultOptions.words(environment: [DefaultOptions.variable: "--query 'x"])
            Issue.record("an unclosed quote read")
        } catch {
            #expect(error.description == "SPLITVIEW_DEFAULT_OPTS: a single quote (') is not closed")
        }
    }

    @Test func theyGoBeforeABrowsesOptionsOnly() {
        #expect(Splitview.defaultOptionsPlace(in: []) == 0)
        #expect(Splitview.defaultOptionsPlace(in: ["--filter", "x"]) == 0)
        #expect(Splitview.defaultOptionsPlace(in: ["data.csv"]) == 0)
        #expect(Splitview.defaultOptionsPlace(in: ["browse", "--multi"]) == 1)
        #expect(Splitview.defaultOptionsPlace(in: ["layout", "-"]) == nil)
        #expect(Splitview.defaultOptionsPlace(in: ["probe-widths"]) == nil)
        #expect(Splitview.defaultOptionsPlace(in: ["--help"]) == nil)
    }

    @Test func plusOptionsAreSpelledOutBeforeADoubleDash() {
        #expect(
            Splitview.withPlusOptionsSpelledOut(["+m", "-q", "x", "+1", "--", "+0"]) == [
                "--no-multi", "-q", "x", "--no-select-1", "--", "+0",
            ])
    }

    /// The real binary: the command line wins over the defaults, and an error of the defaults
    /// names them.
    @Test func theCommandLineWins() throws {
        let input = "apple\navocado\n"
        let both = try Support.run(
            ["--filter", "a", "--no-print0"], stdin: input, environment: [DefaultOptions.variable: "--print0 -q x"])
        #expect(both.status == 0)
        #expect(both.stdout == "apple\navocado\n")
        let zero = try Support.run(["-f", "apple"], stdin: input, environment: [DefaultOptions.variable: "--print0"])
        #expect(zero.stdout == "apple\0")
        let bad = try Support.run(["-f", "a"], stdin: input, environment: [DefaultOptions.variable: "--bogus"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: SPLITVIEW_DEFAULT_OPTS: Unknown option '--bogus'"))
        let mine = try Support.run(["-f", "a", "--bogus"], stdin: input, environment: [DefaultOptions.variable: "-m"])
        #expect(mine.status == 64)
        #expect(mine.stderr.hasPrefix("Error: Unknown option '--bogus'"))
        // Another command reads none of them.
        let layout = try Support.run(
            ["layout", "-", "--width", "40", "--height", "10"], stdin: input,
            environment: [DefaultOptions.variable: "--multi"])
        #expect(layout.status == 0)
    }
}
