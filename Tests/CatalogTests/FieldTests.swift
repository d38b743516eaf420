// fzf's fields (the index expressions, the delimiters, --nth, --with-nth, --accept-nth) and the
// sections made of plain lines (--group-nth, --group-by, --heading, --group-sort), streamed in
// parts as a whole read. What fzf 0.38 itself does with the same lines is compared end to end
// in Tests/SplitviewTests/FieldEndToEndTests.swift.

import SeededRandom
import Testing

@testable import Catalog

private func load(_ text: String, _ fields: LineFields, headerLines: Int = 0) throws -> LoadedCatalog {
    try CatalogLoader.parse(
        Array(text.utf8), name: CatalogLoader.standardInputName, source: "-",
        options: CatalogLoader.Options(headerLines: headerLines, fields: fields))
}

/// "Title: label | label" per section.
private func outline(_ catalog: Catalog) -> [String] {
    catalog.sections.map { "\($0.title): " + $0.items.map(\.label).joined(separator: " | ") }
}

private func indices(_ text: String) -> FieldIndices { FieldIndices(parsing: text)! }

/// The fields of `line` as strings.
private func split(_ line: String, _ delimiter: FieldDelimiter) -> [String] {
    var splitter = FieldSplitter(delimiter)
    var copy = line
    return copy.withUTF8 { bytes in
        splitter.split(bytes, string: line)
        return splitter.fields.map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) }
    }
}

/// The text each range of `expression` gives of `line`.
private func texts(_ expression: String, of line: String, _ delimiter: FieldDelimiter = .whiteSpace) -> [String] {
    var splitter = FieldSplitter(delimiter)
    var copy = line
    return copy.withUTF8 { bytes in
        splitter.split(bytes, string: line)
        return FieldText.ranges(indices(expression), of: splitter.fields).map {
            String(decoding: bytes[$0.range], as: UTF8.self)
        }
    }
}

@Suite struct FieldIndexTests {
    @Test("every form fzf takes, normalised as fzf's (1.. and ..-1 are the whole line)")
    func forms() {
        let cases: [(String, [FieldRange])] = [
            ("1", [FieldRange(1, 1)]), ("-1", [FieldRange(-1, 0)]), ("2..", [FieldRange(2, 0)]),
            ("..3", [FieldRange(0, 3)]), ("1..3", [FieldRange(0, 3)]), ("..", [FieldRange(0, 0)]),
            ("1..", [FieldRange(0, 0)]), ("..-1", [FieldRange(0, 0)]), ("-3..-2", [FieldRange(-3, -2)]),
            ("2..-1", [FieldRange(2, 0)]), ("1,3", [FieldRange(1, 1), FieldRange(3, 3)]),
            ("3,1,-1", [FieldRange(3, 3), FieldRange(1, 1), FieldRange(-1, 0)]), ("007", [FieldRange(7, 7)]),
        ]
        for (text, ranges) in cases {
            #expect(FieldIndices(parsing: text)?.ranges == ranges, "\(text)")
        }
    }

    @Test("what fzf refuses is refused, with one line naming the option and the forms")
    func refused() {
        for text in [
            "", "x", "0", "-0", "1,", ",1", "1,,2", "...", "1...3", "-2..3", "1.2", "+1", "1 ", "--1", "0..2", "..0",
            "1..2..3", "-", "..-", "99999999999999999999",
        ] {
            #expect(FieldIndices(parsing: text) == nil, "\(text)")
        }
        #expect(
            FieldIndices.problem(option: "--nth", text: "x")
                == "--nth: \"x\" is not a field index (1, -1, 2.., ..3, 1..3, .., 1,3)")
    }

    @Test("ranges past the fields take none; negative ones count from the end")
    func outOfRange() {
        #expect(texts("5", of: "a b c") == [""])
        #expect(texts("-5", of: "a b c") == [""])
        #expect(texts("-2", of: "a b c") == ["b "])
        #expect(texts("-2..", of: "a b c") == ["b c"])
        #expect(texts("2..1", of: "a b c") == [""])
        #expect(texts("3,1", of: "a b c") == ["c", "a "])
        #expect(texts("..", of: "  a b") == ["a b"])
    }

    @Test("random expressions: a range's text is its fields', in order, as a model picks them")
    func againstAModel() {
        var random = SplitMix64(seed: 27)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...6, using: &random)
            let words = (0..<count).map { "w\($0) " }
            let line = words.joined()
            func bound() -> Int {
                let n = Int.random(in: 1...8, using: &random)
                return Bool.random(using: &random) ? n : -n
            }
            let (a, b) = (bound(), bound())
            let form = Int.random(in: 0...3, using: &random)
            let text =
                form == 0
                ? "\(a)" : form == 1 ? "\(a).." : form == 2 ? "..\(b)" : a < 0 && b > 0 ? "\(b)..\(a)" : "\(a)..\(b)"
            guard let parsed = FieldIndices(parsing: text) else {
                Issue.record("\(text) refused")
                continue
            }
            // The model: Go's loop over 1-based indices, negatives from the end.
            func resolve(_ n: Int) -> Int { n < 0 ? n + count + 1 : n }
            let r = parsed.ranges[0]
            var first: Int, last: Int
            if r.begin == r.end {
                (first, last) = r.begin == 0 ? (1, count) : (resolve(r.begin), resolve(r.begin))
            } else {
                first = r.begin == 0 ? 1 : resolve(r.begin)
                last = r.end == 0 ? count : resolve(r.end)
            }
            let expected = (1...max(count, 1)).filter { $0 >= first && $0 <= last && $0 <= count }.map {
                words[$0 - 1]
            }.joined()
            #expect(texts(text, of: line) == [expected], "\(text) of \(line)")
        }
    }
}

@Suite struct FieldSplitterTests {
    @Test("AWK-style: runs of non-white characters with the white space after them; leading white space in none")
    func awk() {
        #expect(split("  a  b\tc \n", .whiteSpace) == ["a  ", "b\t", "c \n"])
        #expect(split("", .whiteSpace) == [])
        #expect(split("   ", .whiteSpace) == [])
        // Only space, tab and line feed are white, as fzf's: a carriage return is text.
        #expect(split("a\rb c", .whiteSpace) == ["a\rb ", "c"])
    }

    @Test("a string delimiter ends each field but the last; an empty one makes a field of each character")
    func string() {
        #expect(split("a,b,,c,", .string(",")) == ["a,", "b,", ",", "c,", ""])
        #expect(split("a::b", .string("::")) == ["a::", "b"])
        #expect(split("abc", .string(",")) == ["abc"])
        #expect(split("aé", .string("")) == ["a", "é"])
    }

    @Test("a regular expression: each field ends at a match's end; the rest is the last field")
    func pattern() {
        #expect(split("a1b22c", .pattern("[0-9]+")) == ["a1", "b22", "c"])
        #expect(split("a1b22", .pattern("[0-9]+")) == ["a1", "b22"])
        #expect(split("é:ü::x", .pattern(":+")) == ["é:", "ü::", "x"])
    }

    @Test("-d as fzf reads it: \\t a tab, one character or a plain word a string, a valid pattern a regular expression")
    func delimiterArgument() {
        #expect(FieldDelimiter(argument: "\\t") == .string("\t"))
        #expect(FieldDelimiter(argument: ".") == .string("."))
        #expect(FieldDelimiter(argument: "::") == .string("::"))
        #expect(FieldDelimiter(argument: "[:,]") == .pattern("[:,]"))
        #expect(FieldDelimiter(argument: "\\s+") == .pattern("\\s+"))
        // Not a valid pattern: the string as written.
        #expect(FieldDelimiter(argument: "a(") == .string("a("))
    }

    @Test("--accept-nth: the fields' text less the delimiter ending it, as fzf prints it")
    func accepted() {
        #expect(LineFields(acceptNth: indices("2")).acceptedText(of: "a b  c") == "b")
        #expect(LineFields(acceptNth: indices("3,1")).acceptedText(of: "a b c") == "ca")
        #expect(LineFields(acceptNth: indices("1,3")).acceptedText(of: "a b c") == "a c")
        #expect(LineFields(delimiter: .string(","), acceptNth: indices("2..")).acceptedText(of: "a,b,c,") == "b,c")
        #expect(LineFields(delimiter: .pattern("[:;]"), acceptNth: indices("1")).acceptedText(of: "a:b") == "a")
        #expect(LineFields(acceptNth: indices("9")).acceptedText(of: "a b") == "")
        #expect(LineFields().acceptedText(of: "a b") == "a b")
    }
}

@Suite struct LineFieldLoadingTests {
    @Test("--with-nth: the label is those fields, trailing white space trimmed; the line is kept for the pick")
    func withNth() throws {
        let catalog = try load("a b c\nd e f\n", LineFields(withNth: indices("2..")))
        #expect(outline(catalog.catalog) == ["stdin: b c | e f"])
        #expect(catalog.catalog.sections[0].items[0].line == "a b c")
        let tsv = try load("x\ty\tz\n", LineFields(delimiter: .string("\t"), withNth: indices("3,1")))
        #expect(outline(tsv.catalog) == ["stdin: zx"])
    }

    @Test("--nth: only those fields are searched, each range alone, of what --with-nth shows")
    func nth() throws {
        let catalog = try load(
            "apple red\nberry blue\n", LineFields(nth: indices("2"))
        ).catalog
        let items = catalog.sections[0].items
        #expect(items[0].searchTexts == ["red"])
        #expect(items[0].label == "apple red")
        #expect(Search.run(SearchQuery("red"), in: catalog).count == 1)
        #expect(Search.run(SearchQuery("apple"), in: catalog).count == 0)
        // --nth counts the fields --with-nth shows.
        let shown = try load("a b c\n", LineFields(nth: indices("1"), withNth: indices("2..")))
        #expect(shown.catalog.sections[0].items[0].searchTexts == ["b "])
        // A delimiter ending the last range is left out, so that `suffix$` finds the field's end.
        let csv = try load("a,b,c\n", LineFields(delimiter: .string(","), nth: indices("1,2")))
        #expect(csv.catalog.sections[0].items[0].searchTexts == ["a,", "b"])
    }

    @Test("--group-nth: sections by the field in order of first appearance, the field left out of the line")
    func groupNth() throws {
        let text = "root 1 init\nalice 20 vim\nroot 2 kthreadd\nbob 7 sh\nalice 21 less\n"
        let loaded = try load(text, LineFields(groupNth: indices("1")))
        #expect(outline(loaded.catalog) == ["root: 1 init | 2 kthreadd", "alice: 20 vim | 21 less", "bob: 7 sh"])
        let item = loaded.catalog.sections[1].items[0]
        #expect(item.line == "alice 20 vim")
        #expect(item.spelling.section == .given)
        let sorted = try load(text, LineFields(groupNth: indices("1"), sortsGroups: true))
        #expect(sorted.catalog.sections.map(\.title) == ["alice", "bob", "root"])
        // A middle field: the line keeps the others; the delimiter of a field left last goes too.
        let csv = try load("a,k,b\nc,k,d\ne,f,k\n", LineFields(delimiter: .string(","), groupNth: indices("-1")))
        #expect(outline(csv.catalog) == ["b: a,k", "d: c,k", "k: e,f"])
        // With --with-nth the label is what it says.
        let shown = try load(text, LineFields(withNth: indices("3"), groupNth: indices("1")))
        #expect(outline(shown.catalog).first == "root: init | kthreadd")
    }

    @Test("a line with no key goes to the input's section; --header-lines come first")
    func noKey() throws {
        let loaded = try load(
            "USER PID\nroot 1\nlonely\n", LineFields(delimiter: .string(" "), groupNth: indices("2")), headerLines: 1)
        #expect(loaded.headerLines == ["USER PID"])
        #expect(outline(loaded.catalog) == ["1: root", "stdin: lonely"])
        #expect(loaded.catalog.sections[1].items[0].spelling.section == .absent)
    }

    @Test("git log by day: -d '\\t' --group-nth 1")
    func commitsByDay() throws {
        let log = "2024-05-02\tabc fix\n2024-05-02\tdef add\n2024-05-01\t123 start\n"
        let loaded = try load(log, LineFields(delimiter: FieldDelimiter(argument: "\\t"), groupNth: indices("1")))
        #expect(outline(loaded.catalog) == ["2024-05-02: abc fix | def add", "2024-05-01: 123 start"])
    }

    @Test("--group-by dirname: files by folder, each shown by its name; extension; a pattern's group")
    func groupBy() throws {
        let paths = "./src/a.c\n./src/b.h\n./README\n/etc/x.conf\nREADME.md\n./src/sub/c.c\n"
        let folders = try load(paths, LineFields(groupBy: .dirname))
        #expect(
            outline(folders.catalog) == [
                "./src: a.c | b.h", ".: README | README.md", "/etc: x.conf", "./src/sub: c.c",
            ])
        #expect(folders.catalog.sections[0].items[0].line == "./src/a.c")
        let extensions = try load(paths, LineFields(groupBy: .fileExtension))
        #expect(extensions.catalog.sections.map(\.title) == ["c", "h", "(no extension)", "conf", "md"])
        let pattern = try load(
            "GET /a 200\nPOST /b 404\nGET /c 404\nnoise\n", LineFields(groupBy: .pattern(" ([0-9]{3})$")))
        #expect(outline(pattern.catalog) == ["200: GET /a 200", "404: POST /b 404 | GET /c 404", "stdin: noise"])
        // The key inside a field: the folder of the second field.
        let sized = try load("12 ./a/x\n7 ./b/y\n3 ./a/z\n", LineFields(groupNth: indices("2"), groupBy: .dirname))
        #expect(outline(sized.catalog) == ["./a: 12 x | 3 z", "./b: 7 y"])
    }

    @Test("--heading: a matching line opens a section titled by it (or its first group) and is no item")
    func heading() throws {
        let makefile = "intro\n## Build\nall: x\nclean: y\n## Test\ntest: z\n##\nlast\n"
        let loaded = try load(makefile, LineFields(heading: "^## ?(.*)"))
        #expect(outline(loaded.catalog) == ["stdin: intro | last", "Build: all: x | clean: y", "Test: test: z"])
        let grep = try load("a.txt\n1:foo\n2:bar\nb.txt\n5:baz\n", LineFields(heading: "^[^0-9]"))
        #expect(outline(grep.catalog) == ["a.txt: 1:foo | 2:bar", "b.txt: 5:baz"])
    }

    @Test("field options on a CSV are refused, naming the option and the way out")
    func notForTables() {
        #expect(throws: DataError.self) {
            try CatalogLoader.parse(
                Array("a,b\n1,2\n".utf8), name: "t.csv", options: .init(fields: LineFields(groupNth: indices("1"))))
        }
        do {
            _ = try CatalogLoader.parse(
                Array("a,b\n1,2\n".utf8), name: "t.csv", options: .init(fields: LineFields(groupNth: indices("1"))))
        } catch {
            #expect(
                error.description
                    == "t.csv: --group-nth applies to plain lines; the file is read as CSV (--format lines reads it as lines); a column makes sections with --section-column"
            )
        }
        // A pipe that would sniff as TSV is read as lines when a field option is given.
        #expect(
            (try? load("2024\ta\n2024\tb\n", LineFields(delimiter: .string("\t"), groupNth: indices("1"))))?.format
                == .lines)
    }

    @Test("an item with search texts and a line survives the store")
    func storeRoundTrip() {
        var item = Item(label: "shown")
        item.searchTexts = ["a", "b"]
        item.line = "the line"
        let list = ItemList([item, Item(label: "plain")])
        #expect(list[0] == item)
        #expect(list.label(at: 0) == "shown")
        #expect(list[1].line == nil)
    }
}

@Suite struct GroupedStreamTests {
    /// The sections (titles, labels, lines) of `text` fed to a parser in the parts `cuts` make.
    func parsed(_ text: [UInt8], cuts: [Int], _ fields: LineFields) throws -> [String] {
        var parser = CatalogParser(
            name: CatalogLoader.standardInputName, source: "-", options: .init(headerLines: 1, fields: fields))
        var start = 0
        var snapshots: [Catalog] = []
        for cut in cuts.sorted() where cut > start && cut < text.count {
            try parser.feed(text[start..<cut])
            if let snapshot = parser.snapshot() { snapshots.append(snapshot.catalog) }
            start = cut
        }
        let whole = try text[start...].withUnsafeBufferPointer { try parser.finish(last: $0) }
        // Every snapshot's sections are the whole's, each a prefix (unsorted).
        if !fields.sortsGroups {
            for snapshot in snapshots {
                for (index, section) in snapshot.sections.enumerated() {
                    #expect(whole.catalog.sections[index].title == section.title)
                    #expect(
                        whole.catalog.sections[index].items.prefix(section.items.count).elementsEqual(section.items))
                }
            }
        }
        return whole.catalog.sections.map { section in
            section.title + ": "
                + section.items.map { "\($0.label)<\($0.line ?? "")>\($0.searchTexts)" }.joined(separator: " | ")
        }
    }

    @Test("a pick prints the line as read, whatever the options leave out of its label")
    func linesAsRead() throws {
        var random = SplitMix64(seed: 2728)
        let choices: [LineFields] = [
            LineFields(groupNth: indices("1")),
            LineFields(groupNth: indices("-1")),
            LineFields(groupNth: indices("2")),
            LineFields(groupNth: indices("1,3")),
            LineFields(nth: indices("1"), groupNth: indices("1")),
            LineFields(delimiter: .string(","), groupNth: indices("1")),
            LineFields(delimiter: .string(","), groupNth: indices("-1")),
            LineFields(delimiter: .pattern("[:;]+"), groupNth: indices("1")),
            LineFields(withNth: indices("2..")),
            LineFields(withNth: indices("3,1")),
            LineFields(groupBy: .dirname),
            LineFields(groupNth: indices("2"), groupBy: .dirname),
        ]
        let words = ["a", "bb", "é", "./x/y.c", "g1", "g2", ",", ";", ":"]
        for round in 0..<120 {
            var lines: [String] = []
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                var line = String(
                    repeating: " ", count: Int.random(in: 0...1, using: &random) * Int.random(in: 0...2, using: &random)
                )
                for index in 0..<Int.random(in: 1...5, using: &random) {
                    if index > 0 { line += [" ", "  ", "\t", ",", ":"][Int.random(in: 0...4, using: &random)] }
                    line += words[Int.random(in: 0..<words.count, using: &random)]
                }
                if Int.random(in: 0...5, using: &random) == 0 { line += " " }
                guard line.contains(where: { $0 != " " && $0 != "\t" }) else { continue }
                lines.append(line)
            }
            let fields = choices[round % choices.count]
            let catalog = try load(lines.joined(separator: "\n") + "\n", fields).catalog
            let printed = catalog.sections.flatMap { $0.items.map { $0.line ?? $0.label } }
            // Each section keeps its lines in input order: the lines, section by section.
            #expect(printed.sorted() == lines.sorted(), "\(fields) over \(lines)")
            for section in catalog.sections {
                let order = section.items.map { lines.firstIndex(of: $0.line ?? $0.label) ?? -1 }
                #expect(!order.contains(-1))
            }
        }
    }

    @Test("lines grouped by their first field keep the field once per section, not the line again")
    func groupedLinesStoredOnce() throws {
        var text = ""
        for index in 0..<300 { text += "g\(index % 7) item\(index) \(index % 2 == 0 ? "even" : "odd")\n" }
        let catalog = try load(text, LineFields(groupNth: indices("1"))).catalog
        #expect(catalog.sections.count == 7)
        for section in catalog.sections {
            let store = section.items.store
            #expect(store.shapes.count == 1)
            #expect(store.shapes[0].hasLine == false)
            #expect(store.shapes[0].lineAround == .init(head: section.title + " ", tail: ""))
            // One string an item: the label.
            #expect(store.stringEnds.count == store.count)
            #expect(section.items[0].line == section.title + " " + section.items[0].label)
        }
        // Lines whose heads keep changing are stored whole past a limit, and still print as read.
        var varied = ""
        for index in 0..<(LineShaper.aroundChangeLimit * 3) {
            varied += "g" + String(repeating: " ", count: 1 + index % 2) + "item\(index)\n"
        }
        let whole = try load(varied, LineFields(groupNth: indices("1"))).catalog
        #expect(whole.sections[0].items.map { $0.line! } == varied.split(separator: "\n").map(String.init))
        #expect(whole.sections[0].items.store.shapes.contains { $0.hasLine })
    }

    @Test("lines grouped by a field, fed in random parts, give what a whole read gives")
    func randomParts() throws {
        var random = SplitMix64(seed: 2727)
        let choices: [LineFields] = [
            LineFields(groupNth: indices("1")),
            LineFields(nth: indices("2"), groupNth: indices("1"), sortsGroups: true),
            LineFields(delimiter: .string("\t"), withNth: indices("2"), groupNth: indices("1")),
            LineFields(groupBy: .dirname),
            LineFields(delimiter: .pattern("[ \t]+"), groupBy: .pattern("^(g[0-9])")),
            LineFields(heading: "^# (.*)"),
        ]
        for round in 0..<60 {
            var text = "HEADER line\n"
            for _ in 0..<Int.random(in: 1...80, using: &random) {
                let group = "g\(Int.random(in: 0...5, using: &random))"
                switch Int.random(in: 0...9, using: &random) {
                case 0: text += "# \(group)\n"
                case 1: text += "\n"
                case 2: text += "./\(group)/f\(Int.random(in: 0...9, using: &random)).c\r\n"
                case 3: text += "\(group)\té item \(Int.random(in: 0...99, using: &random))\n"
                default: text += "\(group) item\(Int.random(in: 0...999, using: &random)) x\n"
                }
            }
            if Bool.random(using: &random) { text.removeLast() }
            let bytes = Array(text.utf8)
            let fields = choices[round % choices.count]
            let whole = try parsed(bytes, cuts: [], fields)
            let cuts = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                Int.random(in: 0...bytes.count, using: &random)
            }
            #expect(try parsed(bytes, cuts: cuts, fields) == whole, "cuts \(cuts.sorted()) of \(text.debugDescription)")
        }
    }
}
