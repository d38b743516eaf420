// probe-widths against a terminal played by the test: it answers each cursor report request
// with the width it chose for the sequence printed before it, and DA1 and DECRQM as a
// terminal does; the sequences it draws differently come out as [widths] lines.

import Foundation
import TerminalTestSupport
import Testing

@testable import TerminalUI
@testable import splitview

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ProbeWidthsTests {
    @Test func answersAreReadFromWhateverTheTerminalSends() {
        let bytes = Array("x\u{1B}[3;5R\u{1B}[?2027;3$y\u{1B}[1;3Rjunk\u{1B}[?62;22c".utf8)
        let answers = TerminalAnswers(parsing: bytes)
        #expect(answers.positions.map(\.column) == [4, 2])
        #expect(answers.positions.map(\.row) == [2, 0])
        #expect(answers.clustering == 3)
        #expect(answers.deviceAttributes == 1)
        #expect(!answers.interrupted)
        // What is no answer is kept, in order: keys typed meanwhile go back to the browser.
        #expect(answers.others == Array("xjunk".utf8))
        #expect(TerminalAnswers(parsing: Array("a\u{1B}[Ab\u{1B}[1;5R".utf8)).others == Array("a\u{1B}[Ab".utf8))
        #expect(TerminalAnswers(parsing: [3]).interrupted)  // Ctrl-C in raw mode
        // A control before a sequence's final byte: no sequence, the ESC a key and Ctrl-C seen
        // (FuzzTerminalAnswers found it taken as part of the sequence).
        let broken = TerminalAnswers(parsing: Array("\u{1B}[\u{1E}?\u{03}".utf8))
        #expect(broken.interrupted && broken.others == Array("\u{1B}[\u{1E}?\u{03}".utf8))
        #expect(WidthProbe.batch(["😀"]) == Array("\r\u{1B}[2K😀\u{1B}[6n\u{1B}[c".utf8))
    }

    /// Plays the terminal for `splitview probe-widths` plus `arguments`: `width` says how wide
    /// it draws a sequence, `clustering` what it answers DECRQM (nil: nothing, as most do).
    /// Returns the program's standard output and exit status.
    func probe(
        _ arguments: [String], home: String, width: (String) -> Int, clustering: Int?
    ) throws -> (output: String, status: Int32) {
        let (master, slave) = try PseudoTerminal.openMaster(columns: 80, rows: 24)
        defer { close(master) }
        let out = home + "/out.txt"
        let pid = try PseudoTerminal.spawn(
            [Support.binary, "probe-widths"] + arguments, onTerminal: slave,
            environment: ["TERM=xterm-256color", "HOME=\(home)", "XDG_CONFIG_HOME=\(home)/config", "LANG=C.UTF-8"],
            standardOutput: out)
        var pending: [UInt8] = []
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, 50) > 0 {
                var buffer = [UInt8](repeating: 0, count: 65_536)
                let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if n > 0 { pending += buffer[0..<n] }
            }
            // Answer every whole request in what came, in order.
            var answer: [UInt8] = []
            while let request = firstRequest(in: pending) {
                switch request.kind {
                case .cursor(let sequence): answer += Array("\u{1B}[1;\(width(sequence) + 1)R".utf8)
                case .clustering: if let clustering { answer += Array("\u{1B}[?2027;\(clustering)$y".utf8) }
                case .attributes: answer += Array("\u{1B}[?62;22c".utf8)
                }
                pending.removeFirst(request.end)
            }
            if !answer.isEmpty { _ = answer.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }
            if waitpid(pid, &status, WNOHANG) == pid { break }
        }
        return ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "", status)
    }

    enum Request {
        case cursor(String)
        case clustering
        case attributes
    }

    /// The first whole request in `bytes` and where it ends: a cursor report request with the
    /// sequence printed before it (after "\r\e[2K"), DECRQM 2027, or DA1.
    func firstRequest(in bytes: [UInt8]) -> (kind: Request, end: Int)? {
        let text = String(decoding: bytes, as: UTF8.self)
        let requests: [(String, Request?)] = [
            ("\u{1B}[6n", nil), ("\u{1B}[?2027$p", .clustering), ("\u{1B}[c", .attributes),
        ]
        let found = requests.compactMap { marker, kind in text.range(of: marker).map { ($0, marker, kind) } }
        guard let (range, _, kind) = found.min(by: { $0.0.lowerBound < $1.0.lowerBound }) else { return nil }
        let end = text[..<range.upperBound].utf8.count
        if let kind { return (kind, end) }
        let before = text[..<range.lowerBound]
        let start = before.range(of: "\r\u{1B}[2K", options: .backwards)?.upperBound ?? before.startIndex
        return (.cursor(String(before[start...])), end)
    }

    @Test("the sequences a terminal draws differently come out as [widths] lines; wider than two, as comments")
    func printsWhatDiffers() throws {
        let home = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let (output, status) = try probe(
            ["--print"], home: home,
            width: { $0 == "❤️" ? 1 : $0 == "🫨" ? 0 : $0 == "👋🏽" ? 4 : 2 }, clustering: 2)
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("3 of 3944 emoji sequences differ") == true, "\(lines.first ?? "")")
        #expect(lines.first?.contains("mode 2027): supported, reset") == true)
        #expect(lines.contains("\"U+2764 U+FE0F\" = 1  # ❤️ (splitview counted 2)"))
        #expect(lines.contains("\"U+1FAE8\" = 0  # 🫨 (splitview counted 2)"))
        #expect(lines.contains { $0.hasPrefix("# \"U+1F44B U+1F3FD\" is drawn 4 cells wide") })
        // A hand drawn apart from its tone: the chooser is to name the tones.
        #expect(lines.last?.contains("combined_tones = false") == true)
        #expect(lines.count == 5)
    }

    @Test("an emoji the terminal draws in 1 cell where it draws the others in 2 is unknown to it: □")
    func unknownEmojiAreUndrawn() throws {
        let home = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        // xterm's way: the newest emoji (🫩, Emoji 16.0) in 1 cell, as U+FE0F sequences (❤️).
        let (output, status) = try probe(
            ["--print"], home: home, width: { $0 == "❤️" || $0 == "🫩" ? 1 : 2 }, clustering: nil)
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains("\"U+1FAE9\" = 0  # 🫩 (drawn 1 cell: newer than this terminal knows, shown as □)"))
        // A text-default emoji with U+FE0F is not one: 1 is how the terminal draws it.
        #expect(lines.contains("\"U+2764 U+FE0F\" = 1  # ❤️ (splitview counted 2)"))
        // A terminal that draws many emoji in 1 cell is taken at its word.
        let finding = { (sequence: String) in WidthProbe.Finding(sequence: sequence, expected: 2, measured: 1) }
        #expect(ProbeWidthsCommand.unknownEmoji([finding("🫩")], singles: 1_300) == ["🫩"])
        #expect(ProbeWidthsCommand.unknownEmoji((0..<200).map { _ in finding("😀") }, singles: 1_300).isEmpty)
        #expect(ProbeWidthsCommand.unknownEmoji([finding("❤️")], singles: 1_300).isEmpty)
    }

    @Test("without --print the lines go into [widths] of the configuration, which still loads")
    func writesTheConfiguration() throws {
        let home = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/config/splitview/config.toml"
        try FileManager.default.createDirectory(atPath: home + "/config/splitview", withIntermediateDirectories: true)
        try "[layout]\nleft_ratio = 0.4\n\n[widths]\n\"U+2764 U+FE0F\" = 2\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let (_, status) = try probe([], home: home, width: { $0 == "❤️" || $0 == "☺️" ? 1 : 2 }, clustering: nil)
        #expect(status == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The user's own key stays; the new one is added under the table's header.
        #expect(text.contains("\"U+2764 U+FE0F\" = 2\n"))
        #expect(!text.contains("\"U+2764 U+FE0F\" = 1"))
        #expect(text.contains("\"U+263A U+FE0F\" = 1  # ☺️"))
        #expect(text.contains("not answered"))
        let configuration = try FileText.configuration(text)
        #expect(configuration.widthOverrides["☺️"] == 1 && configuration.widthOverrides["❤️"] == 2)
    }

    @Test(
        "tones drawn apart set [emoji] combined_tones = false: the key replaced, else added to the table or a new one")
    func writesTonesApart() throws {
        let home = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/config/splitview/config.toml"
        try FileManager.default.createDirectory(atPath: home + "/config/splitview", withIntermediateDirectories: true)
        for (before, kept) in [
            (
                "[emoji]\nskin_tone = \"medium\"\ncombined_tones = true\n\n[layout]\nleft_ratio = 0.4\n",
                "skin_tone = \"medium\""
            ),
            ("[emoji]\nskin_tone = \"dark\"\n", "skin_tone = \"dark\""),
            ("[layout]\nleft_ratio = 0.4\n", "left_ratio = 0.4"),
        ] {
            try before.write(toFile: path, atomically: true, encoding: .utf8)
            let (_, status) = try probe([], home: home, width: { $0 == "👋🏽" ? 4 : 2 }, clustering: nil)
            #expect(status == 0)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains(kept) && !text.contains("combined_tones = true"), "\(text)")
            #expect(text.components(separatedBy: "combined_tones = false").count == 2, "\(text)")
            let configuration = try FileText.configuration(text)
            #expect(!configuration.combinedTones)
        }
        // Tones drawn whole: nothing said of them.
        try "".write(toFile: path, atomically: true, encoding: .utf8)
        _ = try probe([], home: home, width: { $0 == "❤️" ? 1 : 2 }, clustering: nil)
        #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("combined_tones"))
    }

    @Test(
        "in tmux, probe-widths finds the tones drawn apart, and the chooser then names them",
        .needs("tmux"))
    func tonesNamedInTmux() throws {
        let session = try TmuxSession(
            width: 100, height: 24, command: "\(Support.binary) probe-widths && \(Support.binary) --no-recent")
        let config = session.directory + "/home/splitview/config.toml"
        try session.waitFor("the browser after the probe", timeout: 60) { $0.contains("1 of 1884") }
        #expect(session.waitForFile(config, containing: "combined_tones = false").contains("combined_tones = false"))
        // Typing goes to the query; Ctrl-T opens the chooser there.
        try session.send("-l", "waving hand")
        // (The search runs beside the input: its result, with the focus on the best match.)
        try session.waitFor("the waving hand found") { $0.contains("/waving hand") && $0.contains("Best matches · ") }
        try session.send("C-t")
        let screen = try session.waitFor("the chooser with names") { $0.contains("medium-light") }
        for name in ["none", "light", "medium", "medium-dark", "dark"] { #expect(screen.contains(name), "\(screen)") }
    }
}
