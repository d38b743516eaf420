// --ansi: the SGR parser (AnsiText), the runs a store keeps, and the lines loader's hook.

import Catalog
import SeededRandom
import Testing

@Suite struct AnsiTextTests {
    func strip(_ text: String, from style: AnsiStyle = .plain) -> (String, [AnsiRun], AnsiStyle) {
        var style = style
        let (stripped, runs) = AnsiText.strip(text, style: &style)
        return (stripped, runs, style)
    }

    @Test("colour sequences leave the text, their looks become runs at byte offsets")
    func colours() {
        let (text, runs, left) = strip("\u{1B}[31mred\u{1B}[0m plain \u{1B}[1;38;5;33mblue\u{1B}[m")
        #expect(text == "red plain blue")
        #expect(
            runs == [
                AnsiRun(start: 0, style: AnsiStyle(foreground: .basic(1))),
                AnsiRun(start: 3, style: .plain),
                AnsiRun(start: 10, style: AnsiStyle(foreground: .indexed(33), bold: true)),
            ])
        // A look that ends the line covers nothing.
        #expect(strip("x\u{1B}[31m").1.isEmpty)
        #expect(left == .plain)
    }

    @Test("16, 256 and 24-bit colours, with ; or :, bright ones, and every attribute and its end")
    func everyKind() {
        func look(_ parameters: String) -> AnsiStyle { strip("\u{1B}[\(parameters)mx").1.first?.style ?? .plain }
        #expect(look("92") == AnsiStyle(foreground: .basic(10)))
        #expect(look("104") == AnsiStyle(background: .basic(12)))
        #expect(look("38;2;1;2;3") == AnsiStyle(foreground: .rgb(1, 2, 3)))
        #expect(look("48:2::10:20:30") == AnsiStyle(background: .rgb(10, 20, 30)))
        #expect(look("38:2:10:20:30") == AnsiStyle(foreground: .rgb(10, 20, 30)))
        #expect(look("48;5;200") == AnsiStyle(background: .indexed(200)))
        #expect(look("1;2;3;4;7") == AnsiStyle(bold: true, dim: true, italic: true, underline: true, reverse: true))
        #expect(look("1;2;3;4;7;22;23;24;27") == .plain)
        #expect(look("31;39;41;49") == .plain)
        // Out-of-range numbers are clamped, unknown codes ignored.
        #expect(look("38;5;999;5;58") == AnsiStyle(foreground: .indexed(255)))
    }

    @Test("any other escape, or a cut SGR sequence, stays in the text")
    func otherEscapesStay() {
        #expect(strip("\u{1B}[2Jx").0 == "\u{1B}[2Jx")
        #expect(strip("a\u{1B}]0;title\u{07}b").0 == "a\u{1B}]0;title\u{07}b")
        #expect(strip("cut \u{1B}[31").0 == "cut \u{1B}[31")
        #expect(strip("\u{1B}[31;?mx").0 == "\u{1B}[31;?mx")
        #expect(strip("\u{1B}").0 == "\u{1B}")
    }

    @Test("the look carries to the next line, as fzf's does")
    func carries() {
        let (first, _, left) = strip("\u{1B}[32mgreen")
        #expect(first == "green" && left == AnsiStyle(foreground: .basic(2)))
        let (second, runs, _) = strip("still", from: left)
        #expect(second == "still" && runs == [AnsiRun(start: 0, style: AnsiStyle(foreground: .basic(2)))])
        // An empty line between has no run, and passes the look on (found by FuzzAnsi).
        let (empty, none, kept) = strip("", from: left)
        #expect(empty == "" && none.isEmpty && kept == left)
    }

    @Test("random styled segments: the text is theirs and each byte has its segment's look")
    func randomSegments() {
        var random = SplitMix64(seed: 27)
        let colours: [AnsiColor?] = [nil, .basic(3), .basic(12), .indexed(200), .rgb(1, 2, 3)]
        for _ in 0..<500 {
            var input = ""
            var expected = ""
            var looks: [AnsiStyle] = []
            for _ in 0..<random.next(6) {
                let style = AnsiStyle(
                    foreground: colours[random.next(colours.count)], background: colours[random.next(colours.count)],
                    bold: random.next(2) == 0, underline: random.next(3) == 0)
                var codes = ["0"]
                if style.bold { codes.append("1") }
                if style.underline { codes.append("4") }
                for (base, colour) in [(30, style.foreground), (40, style.background)] {
                    switch colour {
                    case .basic(let n)?: codes.append("\(n < 8 ? base + Int(n) : base + 60 + Int(n) - 8)")
                    case .indexed(let n)?: codes.append("\(base + 8);5;\(n)")
                    case .rgb(let r, let g, let b)?: codes.append("\(base + 8);2;\(r);\(g);\(b)")
                    case nil: break
                    }
                }
                let alphabet = Array("aé漢 \t[m;")
                let text = String((0..<random.next(5)).map { _ in alphabet[random.next(alphabet.count)] })
                input += "\u{1B}[" + codes.joined(separator: ";") + "m" + text
                expected += text
                looks += Array(repeating: style, count: text.utf8.count)
            }
            let (text, runs, _) = strip(input)
            #expect(text == expected)
            for (offset, look) in looks.enumerated() {
                let run = runs.last { $0.start <= offset }
                #expect((run?.style ?? .plain) == look, "\(input.debugDescription) at \(offset)")
            }
            // Kept as bytes and read back the same.
            let encoded = AnsiText.encode(runs)
            #expect(encoded.withUnsafeBufferPointer { AnsiText.decode($0) } == runs)
        }
    }

    @Test("--ansi: lines are stored and searched without the codes, their looks kept beside them")
    func lines() throws {
        let input = "\u{1B}[01;34mbin\u{1B}[0m -> usr/bin\n\u{1B}[32mgreen\nstill\u{1B}[0m\nplain \u{1B}[2J\n"
        let loaded = try CatalogLoader.parse(Array(input.utf8), name: "-", options: .init(format: .lines, ansi: true))
        let items = loaded.catalog.sections[0].items
        #expect(items.map(\.label) == ["bin -> usr/bin", "green", "still", "plain \u{1B}[2J"])
        #expect(items.hasStyles)
        #expect(
            items.styleRuns(at: 0) == [
                AnsiRun(start: 0, style: AnsiStyle(foreground: .basic(4), bold: true)),
                AnsiRun(start: 3, style: .plain),
            ])
        #expect(items.styleRuns(at: 2) == [AnsiRun(start: 0, style: AnsiStyle(foreground: .basic(2)))])
        #expect(items.styleRuns(at: 3) == nil)
        // Searched as the text: "bin->" would not match across a code.
        let result = Search.run(SearchQuery("'bin -> usr"), in: loaded.catalog)
        #expect(result.sections.map { Array($0.items) } == [[0]])
        // Without --ansi the codes are text, as before.
        let plain = try CatalogLoader.parse(Array(input.utf8), name: "-", options: .init(format: .lines))
        #expect(plain.catalog.sections[0].items[0].label.hasPrefix("\u{1B}[01;34m"))
        #expect(!plain.catalog.sections[0].items.hasStyles)
    }

    @Test("runs follow pieces of the text: each piece keeps its bytes' looks")
    func runsThroughPieces() {
        let red = AnsiStyle(foreground: .basic(1)), blue = AnsiStyle(foreground: .basic(4))
        // "aaBBBcc" with BBB red from 2, cc blue from 5.
        let runs = [AnsiRun(start: 2, style: red), AnsiRun(start: 5, style: blue)]
        #expect(AnsiText.runs(runs, through: [0..<7], length: 7) == runs)
        // The middle alone: red from 0.
        #expect(AnsiText.runs(runs, through: [2..<5], length: 3) == [AnsiRun(start: 0, style: red)])
        // "aa" then "cc": plain, then blue from 2.
        #expect(AnsiText.runs(runs, through: [0..<2, 5..<7], length: 4) == [AnsiRun(start: 2, style: blue)])
        // "cc" then "BBB", cut to 4 bytes: blue, red from 2.
        #expect(
            AnsiText.runs(runs, through: [5..<7, 2..<5], length: 4) == [
                AnsiRun(start: 0, style: blue), AnsiRun(start: 2, style: red),
            ])
        #expect(AnsiText.runs([], through: [0..<3], length: 3).isEmpty)
    }

    @Test("--ansi with fields: the colours follow the fields shown (--with-nth, --group-nth), as fzf's")
    func coloursThroughFields() throws {
        let green = AnsiStyle(foreground: .basic(2)), bold = AnsiStyle(bold: true)
        let input = "alice \u{1B}[32mvim\u{1B}[0m \u{1B}[1mnotes.txt\u{1B}[0m\nbob \u{1B}[32mbash\u{1B}[0m\n"
        func load(_ fields: LineFields) throws -> ItemList {
            try CatalogLoader.parse(
                Array(input.utf8), name: "-", options: .init(format: .lines, ansi: true, fields: fields)
            ).catalog.sections[0].items
        }
        let shown = try load(LineFields(withNth: FieldIndices(parsing: "2..")!))
        #expect(shown.label(at: 0) == "vim notes.txt")
        #expect(
            shown.styleRuns(at: 0) == [
                AnsiRun(start: 0, style: green), AnsiRun(start: 3, style: .plain), AnsiRun(start: 4, style: bold),
            ])
        let reordered = try load(LineFields(withNth: FieldIndices(parsing: "3,1")!))
        #expect(reordered.label(at: 0) == "notes.txtalice")
        #expect(reordered.styleRuns(at: 0) == [AnsiRun(start: 0, style: bold), AnsiRun(start: 9, style: .plain)])
        let grouped = try CatalogLoader.parse(
            Array(input.utf8), name: "-",
            options: .init(format: .lines, ansi: true, fields: LineFields(groupNth: FieldIndices(parsing: "1")!))
        ).catalog
        #expect(grouped.sections.map(\.title) == ["alice", "bob"])
        #expect(grouped.sections[1].items.label(at: 0) == "bash")
        #expect(grouped.sections[1].items.styleRuns(at: 0) == [AnsiRun(start: 0, style: green)])
    }

    @Test("--ansi in CSV and TSV: each cell without its codes, the label's looks kept, titles and keywords clean")
    func coloursInCells() throws {
        let red = AnsiStyle(foreground: .basic(1))
        let csv =
            "section,label,keywords\n\u{1B}[1mTools\u{1B}[0m,\"\u{1B}[31mhammer\u{1B}[0m, big\",\"\u{1B}[2mnail\u{1B}[0m wood\"\n"
        let loaded = try CatalogLoader.parse(Array(csv.utf8), name: "t.csv", options: .init(ansi: true))
        let section = loaded.catalog.sections[0]
        #expect(section.title == "Tools")
        #expect(section.items.label(at: 0) == "hammer, big")
        #expect(section.items.styleRuns(at: 0) == [AnsiRun(start: 0, style: red), AnsiRun(start: 6, style: .plain)])
        #expect(section.items[0].keywords == ["nail", "wood"])
        let tsv = "section\tlabel\nA\t\u{1B}[31mred\u{1B}[0m\\tcell\n"
        let fromTSV = try CatalogLoader.parse(Array(tsv.utf8), name: "t.tsv", options: .init(ansi: true))
        #expect(fromTSV.catalog.sections[0].items.label(at: 0) == "red\tcell")
        #expect(fromTSV.catalog.sections[0].items.styleRuns(at: 0)?.first == AnsiRun(start: 0, style: red))
        // Without --ansi the codes stay text.
        let plain = try CatalogLoader.parse(Array(csv.utf8), name: "t.csv", options: .init())
        #expect(plain.catalog.sections[0].items.label(at: 0).hasPrefix("\u{1B}[31m"))
    }
}
