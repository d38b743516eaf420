// A list's line (ListLine): tabs at tab stops, the cut with an ellipsis at the end or before a
// far match, and lists drawn by the browser (whole lines a row, colours of --ansi, matches lit).

@testable import Browser
import Catalog
import SeededRandom
import SplitLayout
import TerminalUI
import Testing

@Suite struct ListLineTests {
    func shown(
        _ text: String, room: Int, match: [Range<Int>] = [], tabStop: Int = 8, ellipsis: String = "…"
    ) -> String {
        ListLine.pieces(
            of: text, room: room, highlights: match, tabStop: tabStop, ellipsis: ellipsis, measure: TextWidth()
        ).map(\.text).joined()
    }

    @Test("a line that fits is shown whole; a longer one is cut with … at its end")
    func cutAtTheEnd() {
        #expect(shown("hello world", room: 20) == "hello world")
        #expect(shown("hello world", room: 11) == "hello world")
        #expect(shown("hello world", room: 8) == "hello w…")
        #expect(shown("hello world", room: 8, ellipsis: "..") == "hello ..")
        #expect(shown("漢字漢字漢字", room: 7) == "漢字漢…")
        #expect(shown("abc", room: 1) == "a")
        #expect(shown("abc", room: 0) == "")
    }

    @Test("a match past the cut: … before, the match and what follows it, … after when more follows")
    func cutBeforeTheMatch() {
        let text = "/usr/share/doc/some/long/path/to/libfoo-dev/changelog.Debian.gz"
        let start = text.distance(from: text.startIndex, to: text.range(of: "libfoo")!.lowerBound)
        let shownText = shown(text, room: 30, match: [start..<(start + 6)])
        #expect(shownText.hasPrefix("…") && shownText.hasSuffix("…"), "\(shownText)")
        #expect(shownText.contains("libfoo"))
        #expect(TextWidth().width(of: shownText) <= 30)
        // A match near the end: no ellipsis after.
        let end = text.count
        let near = shown(text, room: 30, match: [(end - 2)..<end])
        #expect(near.hasPrefix("…") && near.hasSuffix(".gz"), "\(near)")
        // A match before the cut: the end is cut as without one.
        #expect(shown(text, room: 30, match: [1..<4]) == String(text.prefix(29)) + "…")
    }

    @Test("tabs move to the next multiple of the tab stop from the start of the shown text")
    func tabs() {
        #expect(shown("a\tb\tc", room: 40) == "a       b       c")
        #expect(shown("abcdefgh\tx", room: 40) == "abcdefgh        x")
        #expect(shown("a\tb", room: 40, tabStop: 4) == "a   b")
        #expect(shown("a\tb\tc", room: 10) == "a       b…")
        // After a cut at the start the stops count from the ellipsis: "…" + "x" fills to 8.
        let text = String(repeating: "y", count: 30) + "x\tmatch"
        let shownText = shown(text, room: 20, match: [32..<37])
        #expect(shownText.hasPrefix("…"))
        let tab = shownText.range(of: "x")!.upperBound
        let before = TextWidth().width(of: String(shownText[..<tab]))
        #expect(TextWidth().width(of: String(shownText[..<shownText.range(of: "match")!.lowerBound])) % 8 == 0)
        #expect(before < 20)
    }

    @Test("random lines and matches: never wider than the room, and the last match shows when it can")
    func randomLines() {
        var random = SplitMix64(seed: 2027)
        let alphabet = Array("abcdef \t漢é/")
        for _ in 0..<2_000 {
            let length = random.next(120)
            let text = String((0..<length).map { _ in alphabet[random.next(alphabet.count)] })
            let room = 1 + random.next(50)
            var match: [Range<Int>] = []
            if length > 0 && random.next(2) == 0 {
                let start = random.next(length)
                match = [start..<min(length, start + 1 + random.next(3))]
            }
            let pieces = ListLine.pieces(
                of: text, room: room, highlights: match, tabStop: 1 + random.next(8), ellipsis: "…",
                measure: TextWidth())
            #expect(pieces.reduce(0) { $0 + $1.width } <= room, "\(text.debugDescription) in \(room)")
            // Characters in order, each once (a tab's spaces are one character).
            let offsets = pieces.compactMap(\.offset)
            #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
            // The match's last character shows when the room holds it with some room to spare.
            if let last = match.last, room >= 24 {
                #expect(offsets.contains(last.upperBound - 1), "\(text.debugDescription) \(match) in \(room)")
            }
        }
    }

    // MARK: - Drawn by the browser

    func listState(_ lines: String, width: Int = 40, height: Int = 8, ansi: Bool = false) throws -> BrowserState {
        let loaded = try CatalogLoader.parse(
            Array(lines.utf8), name: "-", options: .init(format: .lines, ansi: ansi))
        var settings = fixtureSettings(splitFrom: 1000)
        settings.itemsPerLine = 1
        settings.listItems = true
        return fixtureState(width: width, height: height, catalog: loaded.catalog, settings: settings)
    }

    @Test("a list shows one whole line a row, as wide as the column, long ones cut with …")
    func drawnList() throws {
        let state = try listState(
            "drwxr-xr-x  2 root root 53248 Nov 26 16:20 .\n-rwxr-xr-x  1 root root 14280 Jan 11  2023 411toppm\n"
                + "lrwxrwxrwx  1 root root    28 Feb 17  2023 FileCheck-14 -> ../lib/llvm-14/bin/FileCheck\n",
            width: 60)
        let lines = render(state)
        // 60 cells less the insets and the padding: 56 for the text.
        #expect(lines[1].hasPrefix("  drwxr-xr-x  2 root root 53248 Nov 26 16:20 .   "))
        #expect(lines[2].hasPrefix("  -rwxr-xr-x  1 root root 14280 Jan 11  2023 411toppm   "))
        #expect(lines[3].hasPrefix("  lrwxrwxrwx  1 root root    28 Feb 17  2023 FileCheck-14…  "))
    }

    @Test("tabs in a list go to tab stops, not ␉")
    func drawnTabs() throws {
        let lines = render(try listState("a1b2c3d\tsubject one\nabc\tsubject two\n"))
        #expect(lines[1].hasPrefix("  a1b2c3d subject one"))
        #expect(lines[2].hasPrefix("  abc     subject two"))
    }

    @Test("a search whose match is past the cut shows … before it, the match lit")
    func farMatch() throws {
        var state = try listState(
            String(repeating: "x", count: 60) + " needle and more text after it\nshort line\n", width: 40)
        state.send(.character("/"))
        state.type("needle")
        let buffer = Browser.render(state)
        let row = buffer.lines[1]
        #expect(row.hasPrefix("  …") && row.contains("needle"), "\(row)")
        let start = Array(row).firstIndex(of: "n")!
        // (The focused line's: underlined, not bold, which xterm draws grey on the focus.)
        #expect(!buffer[start, 1].style.bold && buffer[start, 1].style.underline)
        #expect(!buffer[start - 1, 1].style.underline)
    }

    @Test("--ansi colours show in a list; on the focus only those that read, never bold or dim")
    func ansiColours() throws {
        let state = try listState(
            "\u{1B}[31mred\u{1B}[0m plain \u{1B}[1;38;2;1;2;3mrgb\u{1B}[0m \u{1B}[33myellow\u{1B}[0m\n"
                + "\u{1B}[1;33msecond\u{1B}[0m\n", ansi: true)
        let buffer = Browser.render(state)
        #expect(buffer.lines[1].hasPrefix("  red plain rgb yellow") && buffer.lines[2].hasPrefix("  second"))
        // The first row is focused: its background kept, the colours that read on it shown
        // (red, 5.4:1 on the bright yellow), not the bold; yellow on yellow is the focus's black.
        #expect(buffer[2, 1].style.foreground == .ansi(1))
        #expect(buffer[6, 1].style.foreground == Theme.standard.focus.foreground)
        #expect(buffer[12, 1].style.foreground == .rgb(1, 2, 3) && !buffer[12, 1].style.bold)
        #expect(buffer[12, 1].style.background == Theme.standard.focus.background)
        #expect(buffer[16, 1].style.foreground == Theme.standard.focus.foreground)
        // The second is not focused: its yellow and bold as the data says.
        #expect(buffer[2, 2].style.foreground == .ansi(3) && buffer[2, 2].style.bold)
        // Without colours (NO_COLOR) the attributes stay, the colours go.
        var plain = state
        plain.options = SessionOptions(theme: Theme.standard.withoutColors, textWidth: TextWidth())
        let uncoloured = Browser.render(plain)
        #expect(uncoloured[2, 2].style.foreground == .default && uncoloured[2, 2].style.bold)
    }
}
