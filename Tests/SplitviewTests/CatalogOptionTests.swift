import Foundation
import TerminalTestSupport
import Testing

import UserFiles

/// --catalog NAME and [catalog] name: the bundled catalogs through the real binary.
@Suite("--catalog")
struct CatalogOptionTests {
    /// The first lines --filter prints.
    func first(_ arguments: [String], _ count: Int = 1, stdin: String? = nil) throws -> [String] {
        let result = try Support.run(arguments, stdin: stdin)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return Array(result.stdout.split(separator: "\n").prefix(count).map(String.init))
    }

    @Test("each catalog's search finds what a person types, best first")
    func searches() throws {
        // The best-known kaomoji first among the matches of the word they are known by.
        #expect(try first(["--catalog", "kaomoji", "--filter", "shrug"]) == ["¯\\_(ツ)_/¯"])
        #expect(try first(["--catalog", "kaomoji", "--filter", "table flip"]) == ["(╯°□°)╯︵\u{A0}┻━┻"])
        #expect(try first(["--catalog", "kaomoji", "--filter", "lenny"]) == ["(\u{A0}͡°\u{A0}͜ʖ\u{A0}͡°)"])
        #expect(try first(["--catalog", "unicode", "--filter", "rightwards arrow"]) == ["→"])
        #expect(try first(["--catalog", "unicode", "--filter", "U+2192"]) == ["→"])
        #expect(try first(["--catalog", "unicode", "--filter", "2192"]) == ["→"])
        #expect(try first(["--catalog", "symbols", "--filter", "U+2192"]) == ["→"])
        #expect(try first(["--catalog", "symbols", "--filter", "euro"]) == ["€"])
        #expect(try first(["--catalog", "unicode", "--filter", "water"], 1_000).contains("水"))
        // The characters that are ranked emoji keep the emoji's rank: the most used first
        // among equal matches (the shortest name, 💙 "blue heart", came first before).
        #expect(try first(["--catalog", "unicode", "--filter", "heart"]) == ["❤"])
        #expect(try first(["--catalog", "unicode", "--filter", "fire"]) == ["🔥"])
        #expect(try first(["--catalog", "symbols", "--filter", "check"]) == ["✅"])
        #expect(try first(["--catalog", "gitmoji", "--filter", "bug"]) == ["🐛"])
        #expect(try first(["--catalog", "gitmoji", "--filter", ":bug:", "--print", "label"]) == ["Fix a bug"])
        #expect(try first(["--catalog", "nerd-font", "--filter", "nf-fa-github"]) == ["\u{F09B}"])
    }

    @Test("unicode and symbols match at a word's start: no letters in order through generated names")
    func unicodeWords() throws {
        let found = try first(["--catalog", "unicode", "--filter", "he", "--print", "label"], 200_000)
        // "he" starts a word of each (heart, hebrew, ...; an ideograph's "he, she, it"), the
        // words in any string of an item.
        #expect(found.contains("black heart suit") && found.contains("hebrew letter alef"))
        // Before, letters in order found 58,818 characters, 56,000 ideographs among them through
        // "ideograp*h*-4*e*00".
        #expect(!found.contains("cjk unified ideograph-4e00"))
        #expect(found.count == 2_082)
        // Letters in order stay for the other catalogs, and for these when asked.
        #expect(try first(["--catalog", "emoji", "--filter", "starstruck"]) == ["🤩"])
        let fuzzy = try first(["--catalog", "unicode", "--fuzzy", "--filter", "he"], 200_000)
        #expect(fuzzy.count > 50_000)
    }

    @Test("--print gives the glyph, a kaomoji's text, the name and section")
    func printed() throws {
        #expect(try first(["--catalog", "unicode", "--filter", "U+2192", "--print", "label"]) == ["rightwards arrow"])
        #expect(try first(["--catalog", "unicode", "--filter", "U+2192", "--print", "section"]) == ["Arrows"])
        let kaomoji = try first(["--catalog", "kaomoji", "--filter", "table flip", "--print", "json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data((kaomoji.first ?? "").utf8)) as? [String: Any])
        #expect(object["glyph"] == nil && (object["label"] as? String)?.contains("┻") == true, "\(object)")
        #expect((object["keywords"] as? [String])?.contains("table flip") == true)
    }

    @Test("--catalog chooses over a pipe on standard input, as --emoji does")
    func overStandardInput() throws {
        #expect(try first(["--catalog", "gitmoji", "--filter", "bug"], stdin: "a bug\n") == ["🐛"])
        #expect(try first(["--filter", "bug", "--print", "label"], stdin: "a bug\n") == ["a bug"])
    }

    @Test("an unknown name, a data file beside it: one line, status 64")
    func mistakes() throws {
        let unknown = try Support.run(["--catalog", "klingon", "--filter", "x"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.split(separator: "\n").first
                == "Error: --catalog must be: one of \"emoji\", \"unicode\", \"symbols\", \"kaomoji\", \"nerd-font\", \"gitmoji\", found \"klingon\""
        )
        let file = try Support.run(["--catalog", "unicode", "data.json"])
        #expect(file.status == 64)
        #expect(file.stderr.hasPrefix("Error: --catalog browses a bundled catalog: give no data file as well"))
        // --catalog comes over --emoji (which the shells' emoji key passes before the user's options).
        #expect(try first(["--emoji", "--catalog", "gitmoji", "--filter", "bug"]) == ["🐛"])
        #expect(try Support.run(["--emoji", "--catalog", "emoji", "--filter", "hundred"]).stdout == "💯\n")
        let fields = try Support.run(["--catalog", "kaomoji", "--nth", "1", "--filter", "x"])
        #expect(fields.status == 2)
        #expect(fields.stderr.contains("not the bundled kaomoji catalog"), "\(fields.stderr)")
    }

    @Test("[catalog] name chooses the catalog; --catalog comes over it; a wrong name is located")
    func configured() throws {
        #expect(try FileText.configuration("[catalog]\nname = \"kaomoji\"\n").catalog == .kaomoji)
        #expect(try FileText.configuration("").catalog == .emoji)
        #expect(
            FileText.configurationError("[catalog]\nname = \"klingon\"\n")
                == "test.toml:2:1: catalog.name: expected one of \"emoji\", \"unicode\", \"symbols\", \"kaomoji\", \"nerd-font\", \"gitmoji\", found the string \"klingon\""
        )
        let folder = FileManagerHelper.temporaryDirectory()
        let config = folder + "/config.toml"
        try "[catalog]\nname = \"gitmoji\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try first(["--config", config, "--filter", "bug"]) == ["🐛"])
        #expect(try first(["--config", config, "--catalog", "emoji", "--filter", "hundred"]) == ["💯"])
        // Data on standard input is still the data.
        #expect(try first(["--config", config, "--filter", "bug", "--print", "label"], stdin: "a bug\n") == ["a bug"])
    }

    @Test("help and the completions list the catalogs")
    func helpAndCompletions() throws {
        let help = try Support.run(["--help"]).stdout
        #expect(help.contains("--catalog <name>"))
        #expect(help.contains("nerd-font") && help.contains("every character of Unicode 17.0"), "\(help)")
        let bash = try Support.run(["--generate-completion-script", "bash"]).stdout
        #expect(bash.contains("'emoji'$'\\n''unicode'$'\\n''symbols'$'\\n''kaomoji'$'\\n''nerd-font'$'\\n''gitmoji'"))
    }
}

/// The browser on the whole Unicode catalog in tmux: the first frame, a search, a pick.
@Suite(.serialized, .needs("tmux"))
struct CatalogBrowserTests {
    @Test("--catalog unicode: blocks, a search by name and by code point, the status line, a pick")
    func unicodeBrowser() throws {
        let out = FileManagerHelper.temporaryDirectory() + "/out.txt"
        let session = try TmuxSession(
            width: 100, height: 24,
            command: "\(Support.binary) --catalog unicode > \(out); echo EXIT:$? >> \(out)")
        try session.waitFor("the first frame") {
            $0.contains("Basic Latin · 95") && $0.contains("1 of 159801") && $0.contains("space  U+0020")
        }
        // Typing goes to the query; Alt-i shows the details of the best match; Enter picks it.
        try session.send("-l", "U+2192")
        try session.waitFor("the code point found") { $0.contains("Best matches · 10") && $0.contains("Arrows · 1") }
        try session.send("M-i")
        try session.waitFor("the details") {
            $0.contains("rightwards arrow") && $0.contains("keywords: z notation") && $0.contains("│ U+2192")
        }
        try session.send("Enter")
        #expect(session.waitForFile(out, containing: "EXIT:") == "→\nEXIT:0\n")
    }

    @Test("--catalog kaomoji: text chips as wide as each kaomoji, found by tag")
    func kaomojiBrowser() throws {
        let out = FileManagerHelper.temporaryDirectory() + "/out.txt"
        let session = try TmuxSession(
            width: 100, height: 24,
            command: "\(Support.binary) --catalog kaomoji > \(out); echo EXIT:$? >> \(out)")
        try session.waitFor("the first frame") { $0.contains("love · ") && $0.contains("1 of 1562") }
        try session.send("-l", "shrug")
        try session.waitFor("the shrugs") { $0.contains("whatever · 6") && $0.contains("¯\\_(ツ)_/¯") }
        try session.send("Enter")
        let output = session.waitForFile(out, containing: "EXIT:")
        #expect(output.hasSuffix("EXIT:0\n") && output.contains("¯"), "\(output)")
    }

    @Test("a catalog keeps its own recent picks: the kaomoji picked opens in Recent, forgotten with Alt-x")
    func catalogRecentPicks() throws {
        let out = FileManagerHelper.temporaryDirectory() + "/out.txt"
        let run = "\(Support.binary) --catalog kaomoji >> \(out); echo EXIT:$? >> \(out)"
        let session = try TmuxSession(width: 100, height: 24, command: "\(run); \(run)")
        try session.waitFor("the first frame") { $0.contains("love · ") && !$0.contains("Recent") }
        try session.send("-l", "shrug")
        try session.waitFor("the shrugs") { $0.contains("whatever · 6") }
        try session.send("Enter")
        // The second run opens with it in Recent, the first thing focused.
        try session.waitFor("the Recent section") { $0.contains("Recent · 1") && $0.contains("1 of 1 recent") }
        let folder = session.directory + "/home/splitview/"
        let kept = try String(contentsOfFile: folder + "recent-kaomoji", encoding: .utf8)
        #expect(kept.hasPrefix("¯\\_(ツ)_/¯\t1\t"), "\(kept)")
        // The emoji's list is another, untouched.
        #expect(!FileManager.default.fileExists(atPath: folder + "recent"))
        try session.send("M-x")
        try session.waitFor("Recent gone") { !$0.contains("Recent · ") && $0.contains("love · ") }
        try session.send("Escape")
        #expect(session.waitForFile(out, containing: "EXIT:1").hasSuffix("EXIT:0\nEXIT:1\n"))
        #expect(try String(contentsOfFile: folder + "recent-kaomoji", encoding: .utf8) == "")
    }
}
