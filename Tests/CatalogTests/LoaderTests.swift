import SeededRandom
import Foundation
import Testing

@testable import Catalog

// MARK: - Helpers

private func load(
    _ text: String, name: String = "data.csv", format: DataFormat? = nil,
    columns: ColumnChoice = ColumnChoice()
) throws -> LoadedCatalog {
    try CatalogLoader.parse(
        Array(text.utf8), name: name, options: CatalogLoader.Options(format: format, columns: columns))
}

private func catalog(
    _ text: String, name: String = "data.csv", format: DataFormat? = nil,
    columns: ColumnChoice = ColumnChoice()
) throws -> Catalog {
    try load(text, name: name, format: format, columns: columns).catalog
}

/// The error `load` throws, as the user reads it; nil when it loads.
private func failure(
    _ text: String, name: String = "data.csv", format: DataFormat? = nil,
    columns: ColumnChoice = ColumnChoice()
) -> String? {
    failure(Array(text.utf8), name: name, format: format, columns: columns)
}

private func failure(
    _ bytes: [UInt8], name: String, format: DataFormat? = nil,
    columns: ColumnChoice = ColumnChoice()
) -> String? {
    do {
        _ = try CatalogLoader.parse(bytes, name: name, options: CatalogLoader.Options(format: format, columns: columns))
        return nil
    } catch {
        return error.description
    }
}

/// "Title: label label ..." per section, to compare a whole catalog at a glance.
private func outline(_ catalog: Catalog) -> [String] {
    catalog.sections.map { "\($0.title): " + $0.items.map(\.label).joined(separator: " | ") }
}

private func fields(_ item: Item) -> [String] {
    item.fields.map { "\($0.name)=\($0.value)" }
}

// MARK: - JSON Lines

@Suite struct JSONLinesLoaderTests {
    @Test func itemsWithTheirSectionsGlyphsKeywordsAndFields() throws {
        let result = try catalog(
            """
            {"section": "Fruit", "label": "apple", "glyph": "🍎", "keywords": ["red", "crisp"], "detail": "sweet"}
            {"section": "Vegetables", "label": "carrot", "keywords": "orange long", "price": 0.5, "organic": true, "count": 3, "note": null}
            {"section": "Fruit", "label": "banana", "glyph": null}
            """, name: "food.jsonl")
        #expect(outline(result) == ["Fruit: apple | banana", "Vegetables: carrot"])
        let apple = result.sections[0].items[0]
        #expect(apple.glyph == "🍎")
        #expect(apple.keywords == ["red", "crisp"])
        #expect(fields(apple) == ["detail=sweet"])
        let carrot = result.sections[1].items[0]
        #expect(carrot.glyph == nil)
        #expect(carrot.keywords == ["orange", "long"])
        #expect(fields(carrot) == ["price=0.5", "organic=true", "count=3", "note=null"])
        #expect(carrot.fields.map(\.kind) == [.number, .bool, .number, .null])
        #expect(result.sections[0].items[1].glyph == nil)
        #expect(result.source == "food.jsonl")
    }

    @Test func anItemWithoutASectionGoesToOneNamedByTheFile() throws {
        let result = try catalog(
            "{\"label\": \"a\"}\n{\"section\": \"S\", \"label\": \"b\"}\n{\"label\": \"c\"}\n",
            name: "dir/things.ndjson")
        #expect(outline(result) == ["things: a | c", "S: b"])
        let piped = try CatalogLoader.parse(Array("{\"label\": \"a\"}\n".utf8), name: "stdin", source: "-")
        #expect(outline(piped.catalog) == ["stdin: a"])
        #expect(piped.catalog.source == "-")
        #expect(piped.format == .jsonl)
    }

    @Test func blankLinesAndCRLFAreSkipped() throws {
        let result = try catalog("\r\n{\"label\": \"a\"}\r\n   \r\n\t\n{\"label\": \"b\"}", name: "x.jsonl")
        #expect(outline(result) == ["x: a | b"])
    }

    @Test func aSyntaxErrorNamesItsLineColumnAndText() {
        let message = failure("{\"label\": \"a\"}\n\n{\"label\": \"b\",, \"glyph\": \"3\"}\n", name: "x.jsonl")
        #expect(message == "x.jsonl:3:15: expected a string key after ',', found ',' (at \", \"glyph\": \"3\"}\")")
    }

    @Test func aLineThatIsNotAnObject() {
        #expect(
            failure("{\"label\": \"a\"}\n[1, 2]\n", name: "x.jsonl")
                == "x.jsonl:2:1: expected an item object {\"label\": ...}, found array (at \"[1, 2]\")")
        #expect(
            failure("  \"just a string\"\n", name: "x.jsonl")
                == "x.jsonl:1:3: expected an item object {\"label\": ...}, found string \"just a string\" (at \"\"just a string\"\")"
        )
    }

    /// Fuzz finding (Fuzz/Regressions/FuzzJSONLines/lone-cr-in-line): a lone CR is whitespace
    /// in a line, not a line break, and positions after it are on that line of the file; they
    /// were given as the next line's (line 4 of a 3-line file).
    @Test func aLoneCarriageReturnDoesNotStartALine() {
        #expect(
            failure(" \n\t\r\t{\"label\": \"a\"}\n\t\r\t\tab\n", name: "x.jsonl")
                == "x.jsonl:3:5: expected a value, found 'ab' (strings must be in double quotes) (at \"ab\")")
        #expect(
            failure("{\"label\": \"a\",\r \"glyph\": 3}\n", name: "x.jsonl")
                == "x.jsonl:1:26: glyph: expected a string, found 3 (at \"3}\")")
    }

    @Test func aMissingLabel() {
        #expect(
            failure("{\"label\": \"a\"}\n{\"section\": \"S\", \"glyph\": \"🍎\"}\n", name: "x.jsonl")
                == "x.jsonl:2:1: an item needs a \"label\" string (at \"{\"section\": \"S\", \"glyph\": \"🍎\"}\")")
    }

    @Test func wrongTypesPointAtTheValue() {
        #expect(
            failure("{\"label\": 42}\n", name: "x.jsonl")
                == "x.jsonl:1:11: label: expected a string, found 42 (at \"42}\")")
        #expect(
            failure("{\"label\": \"🍎 a\", \"section\": [1]}\n", name: "x.jsonl")
                == "x.jsonl:1:29: section: expected a string, found array (at \"[1]}\")")
        #expect(
            failure("{\"label\": \"a\", \"glyph\": true}\n", name: "x.jsonl")
                == "x.jsonl:1:25: glyph: expected a string, found true (at \"true}\")")
        #expect(
            failure("{\"label\": \"a\", \"keywords\": [\"x\", 2]}\n", name: "x.jsonl")
                == "x.jsonl:1:34: keywords[1]: expected a string, found 2 (at \"2]}\")")
        #expect(
            failure("{\"label\": \"a\", \"keywords\": 7}\n", name: "x.jsonl")
                == "x.jsonl:1:28: keywords: expected an array of strings or one string of words, found 7 (at \"7}\")")
    }

    /// Issue 25: a nested value (typical of `jq -c` or an API) refused the whole file, and
    /// numbers came back converted (`1e3` as 1000.0, `12345678901234567890` as 1.2345678901234567e+19).
    @Test func nestedValuesAndNumbersAreKeptAsWritten() throws {
        let result = try catalog(
            #"""
            {"label": "x", "meta": {"a": 1, "b": [true, null, "s\"q"]}, "tags": [ ], "big": 12345678901234567890, "e": 1e3, "z": -0, "f": 1.50}
            """#, name: "x.jsonl")
        let item = result.sections[0].items[0]
        #expect(
            fields(item) == [
                #"meta={"a":1,"b":[true,null,"s\"q"]}"#, "tags=[]", "big=12345678901234567890", "e=1e3", "z=-0",
                "f=1.50",
            ])
        #expect(item.fields.map(\.kind) == [.json, .json, .number, .number, .number, .number])
    }

    /// Issue 25: JSON Lines took "keywords" as an array and sectioned JSON refused it ("expected
    /// a string, number or boolean field, found array"); one reader reads both formats' items.
    @Test func sectionedJSONReadsItemsAsJSONLinesDoes() throws {
        let members = [
            #""label": "apple", "glyph": "🍎", "keywords": ["red", "crisp"], "n": 3, "meta": {"a": [1]}"#,
            #""label": "pear", "keywords": "green soft", "glyph": "", "ok": true, "none": null"#,
            #""label": "fig", "keywords": null, "glyph": null"#,
        ]
        let lines = try catalog(
            members.map { #"{"section": "S", "# + $0 + "}" }.joined(separator: "\n"), name: "x.jsonl")
        let sectioned = try catalog(
            #"{"sections": [{"title": "S", "items": ["# + members.map { "{" + $0 + "}" }.joined(separator: ",")
                + "]}]}", name: "x.json")
        #expect(Array(sectioned.sections[0].items) == Array(lines.sections[0].items))
        #expect(sectioned.sections[0].items[0].keywords == ["red", "crisp"])
        #expect(sectioned.sections[0].items[1].keywords == ["green", "soft"])
        #expect(sectioned.sections[0].items[1].glyph == nil)  // "" is no glyph in both
        #expect(
            failure(#"{"sections": [{"title": "S", "items": [{"label": "a", "keywords": ["x", 2]}]}]}"#, name: "x.json")
                == "x.json:1:73: sections[0].items[0].keywords[1]: expected a string, found 2")
    }

    /// Issue 25: `"width": 0` was accepted and the item invisible (counted, found as "1 of 3",
    /// nothing shown); refused as the configuration's `[item] width = 0` is.
    @Test func aSizeOfZeroIsRefusedWithItsPlace() throws {
        func items(_ item: String) -> String { #"{"sections": [{"title": "S", "items": ["a", "# + item + "]}]}" }
        #expect(
            failure(items(#"{"label": "zero", "width": 0}"#), name: "x.json")
                == "x.json:1:72: sections[0].items[1].width: expected a whole number of cells from 1 to 100000, found 0"
        )
        #expect(
            failure(items("{\"label\": \"zero\",\n  \"height\": 0}"), name: "x.json")
                == "x.json:2:13: sections[0].items[1].height: expected a whole number of rows from 1 to 100, found 0")
        #expect(
            failure(items(#"{"label": "tall", "height": 101}"#), name: "x.json")
                == "x.json:1:73: sections[0].items[1].height: expected a whole number of rows from 1 to 100, found 101")
        #expect(
            failure(items(#"{"label": "l", "width": 1e1}"#), name: "x.json")
                == "x.json:1:69: sections[0].items[1].width: expected a whole number of cells from 1 to 100000, found 1e1"
        )
        // In JSON Lines "width" and "height" are a record's own fields (often pixels), as before.
        let photo = try catalog(#"{"label": "photo", "width": 0, "height": 1080}"#, name: "x.jsonl")
        #expect(fields(photo.sections[0].items[0]) == ["width=0", "height=1080"])
    }

    @Test func invalidUTF8InsideStringsIsReplacedAndCountedOnce() throws {
        var bytes =
            Array("{\"label\": \"a".utf8) + [0xFF] + Array("\"}\n{\"label\": \"b".utf8) + [0xC3] + Array("\"}\n".utf8)
        let result = try CatalogLoader.parse(bytes, name: "x.jsonl")
        #expect(result.catalog.sections[0].items.map(\.label) == ["a\u{FFFD}", "b\u{FFFD}"])
        #expect(
            result.warnings.map(\.description) == [
                "x.jsonl: 2 invalid UTF-8 sequences replaced with U+FFFD (first at line 1)"
            ])
        bytes = Array("{\"label\": \"ok\"}\n".utf8)
        #expect(try CatalogLoader.parse(bytes, name: "x.jsonl").warnings.isEmpty)
    }
}

// MARK: - CSV

@Suite struct CSVLoaderTests {
    @Test func columnsAreFoundByCommonNamesIgnoringCase() throws {
        let result = try catalog("Category,Title,Icon,Price\nFruit,apple,🍎,1\nNuts,pecan,,2\nFruit,fig,,3\n")
        #expect(outline(result) == ["Fruit: apple | fig", "Nuts: pecan"])
        #expect(result.sections[0].items[0].glyph == "🍎")
        #expect(result.sections[1].items[0].glyph == nil)  // an empty cell is no glyph
        #expect(fields(result.sections[0].items[0]) == ["Price=1"])
    }

    @Test func theFirstCommonNameInOrderWins() throws {
        // "label" before "name" before "title", whatever the column order.
        let result = try catalog("title,name,label\nt,n,l\n")
        #expect(result.sections[0].items[0].label == "l")
        #expect(fields(result.sections[0].items[0]) == ["title=t", "name=n"])
        let groups = try catalog("group,section,name\ng,s,n\n")
        #expect(groups.sections[0].title == "s")
    }

    @Test func rfc4180Quoting() throws {
        let text =
            "section,name,detail\r\n"
            + "\"Fruit, sweet\",\"banana \"\"split\"\"\",\"two\r\nlines\"\r\n"
            + "Fruit,\"\",plain\r\n"
            + "Fruit,last,\"ends the file\""
        let result = try catalog(text)
        #expect(result.sections.map(\.title) == ["Fruit, sweet", "Fruit"])
        let banana = result.sections[0].items[0]
        #expect(banana.label == "banana \"split\"")
        #expect(fields(banana) == ["detail=two\r\nlines"])
        #expect(result.sections[1].items.map(\.label) == ["", "last"])
        #expect(fields(result.sections[1].items[1]) == ["detail=ends the file"])
    }

    @Test func aQuoteInsideAnUnquotedFieldIsText() throws {
        let result = try catalog("name,size\n5\" disk,small\n")
        #expect(result.sections[0].items[0].label == "5\" disk")
    }

    @Test func keywordsSplitOnSpacesCommasAndBars() throws {
        let result = try catalog("name,keywords,note\na,\"red, round|sweet  fruit\",n\nb,,m\n")
        #expect(result.sections[0].items[0].keywords == ["red", "round", "sweet", "fruit"])
        #expect(result.sections[0].items[1].keywords == [])
        #expect(fields(result.sections[0].items[0]) == ["note=n"])
    }

    @Test func otherColumnsBecomeFieldsInOrder() throws {
        let result = try catalog("z,name,a,section,m\n1,x,2,S,3\n")
        #expect(fields(result.sections[0].items[0]) == ["z=1", "a=2", "m=3"])
    }

    @Test func columnsChosenByNameCaseOrNumber() throws {
        let text = "id,word,kind,sym\n1,apple,fruit,🍎\n2,pecan,nut,🥜\n"
        let byName = try catalog(text, columns: ColumnChoice(section: "kind", label: "word", glyph: "sym"))
        #expect(outline(byName) == ["fruit: apple", "nut: pecan"])
        #expect(byName.sections[0].items[0].glyph == "🍎")
        #expect(fields(byName.sections[0].items[0]) == ["id=1"])
        let byCase = try catalog(text, columns: ColumnChoice(label: "WORD"))
        #expect(outline(byCase) == ["data: apple | pecan"])
        let byNumber = try catalog(text, columns: ColumnChoice(section: "3", label: "2"))
        #expect(outline(byNumber) == ["fruit: apple", "nut: pecan"])
    }

    @Test func aMissingNamedColumnListsTheColumns() {
        #expect(
            failure("section,name,emoji\nS,a,🍎\n", columns: ColumnChoice(label: "nmae"))
                == "data.csv:1: no column \"nmae\" (columns: section, name, emoji)")
        #expect(
            failure("section,name,emoji\nS,a,🍎\n", columns: ColumnChoice(glyph: "4"))
                == "data.csv:1: no column \"4\" (columns: section, name, emoji)")
    }

    @Test func noLabelColumnNamesTheColumns() {
        #expect(
            failure("id,colour\n1,red\n")
                == "data.csv:1: no label column (columns: id, colour): name one with --label-column, call it label, name or title, or read the lines as they are with --format lines"
        )
    }

    @Test func withoutASectionColumnOneSectionNamedByTheFile() throws {
        let result = try catalog("name\napple\nbanana\n", name: "/tmp/some.dir/fruit.csv")
        #expect(outline(result) == ["fruit: apple | banana"])
        // An empty section cell goes there too.
        let mixed = try catalog("section,name\nA,x\n,y\nA,z\n", name: "m.csv")
        #expect(outline(mixed) == ["A: x | z", "m: y"])
    }

    @Test func rowsWithAnotherNumberOfFields() {
        #expect(
            failure("section,name,emoji\nFruit,apple,🍎\nFruit,banana\n")
                == "data.csv:3:1: this row has 2 fields, the header (line 1) has 3 (at \"Fruit,banana\")")
        #expect(
            failure("section,name,emoji\nFruit,apple,🍎\nFruit,banana,🍌,yellow\n")
                == "data.csv:3:16: this row has 4 fields, the header (line 1) has 3 (at \"yellow\")")
        // Lines are counted in the file, across a line break inside quotes.
        #expect(
            failure("name,detail\n\"a\",\"two\nlines\"\nb\n")
                == "data.csv:4:1: this row has 1 field, the header (line 1) has 2 (at \"b\")")
    }

    @Test func badQuoting() {
        #expect(
            failure("section,name\nFruit,\"banana\nFruit,cherry\n")
                == "data.csv:2:7: a quoted field is not closed (a '\"' opened here has no closing '\"') (at \"\"banana\")"
        )
        #expect(
            failure("section,name\nFruit,\"banana\"split\n")
                == "data.csv:2:15: unexpected text after the closing quote of a field (a quote inside a quoted field is written \"\") (at \"split\")"
        )
    }

    @Test func blankLinesAreSkipped() throws {
        let result = try catalog("\n\nname\r\n\r\napple\n\nbanana\n\n")
        #expect(outline(result) == ["data: apple | banana"])
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstColumnName() throws {
        let result = try CatalogLoader.parse([0xEF, 0xBB, 0xBF] + Array("name,x\napple,1\n".utf8), name: "b.csv")
        #expect(result.catalog.sections[0].items[0].label == "apple")
        #expect(fields(result.catalog.sections[0].items[0]) == ["x=1"])
    }

    @Test func headerNamesAreTrimmedAndEmptyOnesNumbered() throws {
        let result = try catalog(" name ,,x\na,b,c\n")
        #expect(fields(result.sections[0].items[0]) == ["column 2=b", "x=c"])
    }
}

// MARK: - TSV

@Suite struct TSVLoaderTests {
    @Test func tabSeparatedWithEscapesAndNoQuoting() throws {
        let result = try catalog(
            "section\tlabel\tglyph\tnote\r\nFruit\t\"apple\"\t🍎\ta\\tb\\nc\\\\d\\x\r\nNuts\tpecan\t\t\n",
            name: "f.tsv")
        #expect(outline(result) == ["Fruit: \"apple\"", "Nuts: pecan"])
        #expect(fields(result.sections[0].items[0]) == ["note=a\tb\nc\\d\\x"])
        #expect(result.sections[1].items[0].glyph == nil)
        #expect(fields(result.sections[1].items[0]) == ["note="])
    }

    @Test func escapedSectionAndLabel() throws {
        let result = try catalog("section\tlabel\nA\\tB\tx\\\\y\nA\\tB\tz\n", name: "f.tsv")
        #expect(outline(result) == ["A\tB: x\\y | z"])
    }

    @Test func rowsWithAnotherNumberOfFields() {
        #expect(
            failure("section\tlabel\nA\tx\textra\n", name: "f.tsv")
                == "f.tsv:2:5: this row has 3 fields, the header (line 1) has 2 (at \"extra\")")
        #expect(
            failure("section\tlabel\nA\n", name: "f.tsv")
                == "f.tsv:2:1: this row has 1 field, the header (line 1) has 2 (at \"A\")")
    }

    @Test func sectionsKeepTheOrderOfFirstAppearance() throws {
        let result = try catalog("section\tlabel\nB\t1\nA\t2\nB\t3\nC\t4\nA\t5\n", name: "f.tsv")
        #expect(outline(result) == ["B: 1 | 3", "A: 2 | 5", "C: 4"])
    }
}

// MARK: - Plain lines

@Suite struct LineLoaderTests {
    @Test func eachLineThatIsNotBlankIsALabel() throws {
        let result = try catalog("alpha\r\nbravo, charlie\n\n   \n  delta  \nlast", name: "w.txt")
        #expect(outline(result) == ["w: alpha | bravo, charlie |   delta   | last"])
        #expect(result.sections[0].items.allSatisfy { $0.glyph == nil && $0.fields.isEmpty })
    }
}

// MARK: - Choosing the format

@Suite struct FormatTests {
    @Test func byExtension() {
        #expect(DataFormat(fileName: "a.json") == .json)
        #expect(DataFormat(fileName: "a.JSONL") == .jsonl)
        #expect(DataFormat(fileName: "a.ndjson") == .jsonl)
        #expect(DataFormat(fileName: "dir/a.csv") == .csv)
        #expect(DataFormat(fileName: "a.tsv") == .tsv)
        #expect(DataFormat(fileName: "a.txt") == .lines)
        #expect(DataFormat(fileName: "a.dat") == nil)
        #expect(DataFormat(fileName: "a.d/file") == nil)
        #expect(DataFormat(fileName: "README") == nil)
    }

    private func sniff(_ text: String) -> DataFormat {
        Array(text.utf8).withUnsafeBufferPointer { DataFormat.sniff($0) }
    }

    @Test func bySniffing() {
        #expect(sniff("{\"sections\": []}") == .json)
        #expect(sniff("\n  {\n  \"sections\": [") == .json)
        #expect(sniff("[{\"title\": \"x\"}]") == .json)
        #expect(sniff("[\n  {") == .json)
        #expect(sniff("{\"label\": \"a\"}\n{\"label\": \"b\"}") == .jsonl)
        #expect(sniff("a\tb\nc\td\n") == .tsv)
        #expect(sniff("name,emoji\napple,🍎\n\"a, b\",c\n") == .csv)
        // Text that only happens to hold a comma or a bracket is lines.
        #expect(sniff("hello, world\n") == .lines)
        #expect(sniff("one, two\nthree\nfour, five, six\n") == .lines)
        #expect(sniff("[INFO] started\n[INFO] done\n") == .lines)
        #expect(sniff("{not json}\n") == .lines)
        #expect(sniff("plain\nwords\n") == .lines)
        #expect(sniff("") == .lines)
    }

    @Test func anExplicitFormatOverridesTheExtension() throws {
        let asCSV = try load("name,x\na,1\n", name: "list.txt", format: .csv)
        #expect(asCSV.format == .csv)
        #expect(outline(asCSV.catalog) == ["list: a"])
        let asLines = try load("name,x\na,1\n", name: "list.csv", format: .lines)
        #expect(outline(asLines.catalog) == ["list: name,x | a,1"])
    }

    @Test func standardInputIsSniffed() throws {
        let loaded = try CatalogLoader.parse(Array("label\tsection\nx\tS\n".utf8), name: "stdin")
        #expect(loaded.format == .tsv)
        #expect(outline(loaded.catalog) == ["S: x"])
    }

    @Test func columnOptionsNeedCSVOrTSV() {
        #expect(
            failure("{\"label\": \"a\"}\n", name: "x.jsonl", columns: ColumnChoice(label: "name"))
                == "x.jsonl: --section-column, --label-column and --glyph-column apply to CSV and TSV; the file is read as JSON Lines (choose the format with --format)"
        )
    }

    @Test func sectionedJSONStillLoadsAndObjectPerLineGetsAHint() throws {
        let result = try catalog(
            "{\"sections\": [{\"title\": \"T\", \"items\": [\"a\", {\"label\": \"b\", \"glyph\": \"🅱\"}]}]}",
            name: "s.json")
        #expect(outline(result) == ["T: a | b"])
        #expect(
            failure("{\"label\": \"a\"}\n{\"label\": \"b\"}\n", name: "s.json")
                == "s.json:2:1: unexpected text after the JSON value (at \"{\"label\": \"b\"}\") (one object per line is JSON Lines: name the file .jsonl or use --format jsonl)"
        )
    }
}

// MARK: - Empty input, invalid UTF-8, reading files

@Suite struct BadInputTests {
    @Test func emptyInputSaysSo() {
        #expect(failure("", name: "data.csv") == "data.csv: no items (the file is empty)")
        #expect(failure([0xEF, 0xBB, 0xBF], name: "data.csv") == "data.csv: no items (the file is empty)")
        #expect(failure("", name: "stdin") == "stdin: no items (the input is empty)")
        #expect(failure("\n \r\n\t\n", name: "w.txt") == "w.txt: no items (the file has only blank lines)")
        #expect(failure("\n\n", name: "x.jsonl") == "x.jsonl: no items (the file has only blank lines)")
        #expect(failure("section,name\n\n", name: "data.csv") == "data.csv: no items (the file has only a header row)")
        #expect(failure("{\"sections\": []}", name: "s.json") == "s.json: no items (no sections)")
        #expect(failure("[]", name: "s.json") == "s.json: no items (no sections)")
    }

    @Test func utf16IsRefusedWithAReason() {
        #expect(
            failure([0xFF, 0xFE, 0x61, 0x00], name: "u.txt")
                == "u.txt: the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8")
    }

    @Test func invalidUTF8IsReplacedWithOneWarningForTheFile() throws {
        let bytes =
            Array("section,name\nFruit,apple\nFruit,ban".utf8) + [0xFF] + Array("ana\nFruit,ch".utf8) + [0xC3]
            + Array("rry\n".utf8) + [0xE2, 0x82] + Array(",date\n".utf8)
        let result = try CatalogLoader.parse(bytes, name: "data.csv")
        #expect(
            result.warnings.map(\.description)
                == ["data.csv: 3 invalid UTF-8 sequences replaced with U+FFFD (first at line 3)"])
        #expect(outline(result.catalog) == ["Fruit: apple | ban\u{FFFD}ana | ch\u{FFFD}rry", "\u{FFFD}: date"])
        let one = try CatalogLoader.parse(Array("a".utf8) + [0x80] + Array("\n".utf8), name: "w.txt")
        #expect(
            one.warnings.map(\.description) == [
                "w.txt: 1 invalid UTF-8 sequence replaced with U+FFFD (first at line 1)"
            ])
    }

    @Test func theInvalidCountMatchesTheReplacementsStringMakes() {
        // Random bytes biased towards UTF-8 lead and continuation bytes, compared with the
        // standard library's decoding (one U+FFFD per maximal invalid subpart).
        var generator = SplitMix64(seed: 4)
        let alphabet: [UInt8] = [
            0x41, 0x0A, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 24)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let decoded = String(decoding: bytes, as: UTF8.self)
            // (0xBD is not in the alphabet, so no U+FFFD is in the input itself.)
            let expected = decoded.unicodeScalars.filter { $0 == "\u{FFFD}" }.count
            let counted = bytes.withUnsafeBufferPointer { UTF8Check.invalidSequences(in: $0).count }
            #expect(counted == expected, "\(bytes.map { String($0, radix: 16) })")
        }
    }

    @Test func theFirstInvalidSequenceIsFoundPastTheASCIIFastPath() {
        let bytes =
            Array(repeating: UInt8(ascii: "a"), count: 37) + [0xC3] + Array(repeating: UInt8(ascii: "b"), count: 20)
        let result = bytes.withUnsafeBufferPointer { UTF8Check.invalidSequences(in: $0) }
        #expect(result.count == 1 && result.firstOffset == 37)
        let valid = Array("héllo wörld, ünïcödé 🍎 fine".utf8)
        #expect(valid.withUnsafeBufferPointer { UTF8Check.invalidSequences(in: $0) }.count == 0)
    }

    @Test func unreadableFilesSayWhy() throws {
        let directory = NSTemporaryDirectory() + "splitview-loader-tests-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: DataError(file: directory + "/missing.csv", message: "cannot read the file (no such file)")) {
            try CatalogLoader.load(path: directory + "/missing.csv")
        }
        #expect(throws: DataError(file: directory, message: "cannot read the file (it is a directory)")) {
            try CatalogLoader.load(path: directory)
        }
        let locked = directory + "/locked.csv"
        try "name\na\n".write(toFile: locked, atomically: false, encoding: .utf8)
        chmod(locked, 0)
        if geteuid() != 0 {  // root reads anything
            #expect(throws: DataError(file: locked, message: "cannot read the file (permission denied)")) {
                try CatalogLoader.load(path: locked)
            }
        }
        let file = directory + "/ok.tsv"
        try "name\tsection\na\tS\n".write(toFile: file, atomically: false, encoding: .utf8)
        let loaded = try CatalogLoader.load(path: file)
        #expect(outline(loaded.catalog) == ["S: a"])
        #expect(loaded.catalog.source == file)
    }
}

// MARK: - The builder and byte helpers

@Suite struct CatalogBuilderTests {
    @Test func sectionsInOrderOfFirstAppearance() {
        var builder = CatalogBuilder(source: "test")
        for (title, label) in [("B", "1"), ("A", "2"), ("B", "3"), ("C", "4"), ("A", "5")] {
            builder.append(Item(label: label), toSection: title)
        }
        #expect(outline(builder.build()) == ["B: 1 | 3", "A: 2 | 5", "C: 4"])
        #expect(builder.itemCount == 5)
        #expect(builder.sectionCount == 3)
        #expect(builder.build().source == "test")
    }

    @Test func aSmallSectionAfterAHugeOneKeepsLittleRoom() {
        var builder = CatalogBuilder(source: "test")
        for index in 0..<10_000 { builder.append(Item(label: String(index)), toSection: "huge") }
        builder.append(Item(label: "one"), toSection: "small")
        builder.append(Item(label: "two"), toSection: "smaller")
        let sections = builder.build().sections
        #expect(sections.map(\.items.count) == [10_000, 1, 1])
        for small in sections[1...] {
            #expect(small.items.store.bytes.capacity < 64 && small.items.store.stringEnds.capacity < 64)
        }
    }

    @Test func titlesByBytesMatchTitlesByString() {
        var builder = CatalogBuilder(source: "test")
        let titles = ["x", "y", "x", "", "y", "", "x"]
        let indices = titles.map { title in Array(title.utf8).withUnsafeBufferPointer { builder.sectionIndex(utf8: $0) }
        }
        #expect(indices == [0, 1, 0, 2, 1, 2, 0])
        #expect(builder.sectionIndex("y") == 1)
        #expect(builder.sectionIndex("z") == 3)
        #expect(Array("z".utf8).withUnsafeBufferPointer { builder.sectionIndex(utf8: $0) } == 3)
    }

    @Test func keywordsAndLineFeeds() {
        #expect(splitKeywords(" a,b|c  d,,|e ") == ["a", "b", "c", "d", "e"])
        #expect(splitKeywords("") == [])
        for text in ["", "\n", "a\nb", String(repeating: "ab\ncd\n\n", count: 13) + "x"] {
            let bytes = Array(text.utf8)
            let counted = bytes.withUnsafeBufferPointer { SourceText(bytes: $0, file: "t").lineFeedCount() }
            #expect(counted == bytes.filter { $0 == 0x0A }.count)
        }
    }
}

/// The flat-line fast path of JSON Lines reads what the full parser reads, and leaves it every
/// line it cannot take whole.
@Suite struct FlatJSONLinesTests {
    /// The catalog of `lines`, through the fast path or the full parser only, and how many lines
    /// the fast path took.
    static func load(_ lines: [String], flatLines: Bool) throws -> (Catalog, taken: Int) {
        let bytes = Array(lines.joined(separator: "\n").utf8)
        return try bytes.withUnsafeBufferPointer { all in
            let text = SourceText(bytes: all, file: "t.jsonl")
            var builder = CatalogBuilder(source: "t")
            try JSONLinesLoader.load(text, into: &builder, defaultSection: "t", flatLines: flatLines)
            var taken = 0
            var reader = FlatLineReader()
            var scratch = CatalogBuilder(source: "scratch")
            var start = 0
            for line in lines {
                let end = start + line.utf8.count
                if reader.read(start..<end, of: text, into: &scratch, defaultSection: "t") { taken += 1 }
                start = end + 1
            }
            return (builder.build(), taken)
        }
    }

    static let flat = [
        #"{"section": "Fruit", "label": "apple", "glyph": "🍎", "keywords": ["red", "", "round"], "detail": "crisp", "n": 3}"#,
        #"{"label":"banana","section":"Fruit","keywords":"yellow, long|soft","ok":true,"no":false,"none":null}"#,
        #"  { "label" : "" , "glyph" : "" , "section" : null }  "#,
        #"{"label": "carrot", "section": "Veg", "n": -12, "zero": 0, "big": 123456789012345678}"#,
        #"{"label": "École", "section": "", "città": "Köln", "keywords": []}"# + "\r",
        #"{"label": "dup", "label": "twice", "keywords": ["a"], "keywords": ["b"], "x": "1", "x": "2"}"#,
        #"{"glyph": null, "label": "late label", "keywords": null}"#,
        #"{"label": "fraction", "n": 1.5, "m": -0.25E-3}"#,
        #"{"label": "exponent", "n": 1e3, "section": "Num"}"#,
        #"{"label": "minus zero", "n": -0, "section": "Num"}"#,
        #"{"label": "huge", "n": 1234567890123456789012345678901234567890, "section": "Num"}"#,
        #"{"label": "words", "keywords": "a b c", "section": "Num"}"#,
        #"{"label": "words as written", "keywords": " a,  b|c ", "glyph": "x", "section": "Num"}"#,
        #"{"label": "no words", "keywords": "", "section": "Num"}"#,
        #"{"label": "again", "glyph": "", "glyph": "g", "keywords": "x  y", "keywords": ["z"], "section": "Num"}"#,
    ]

    /// Lines the fast path leaves to the full parser, which reads them (or refuses them) as before.
    static let full = [
        #"{"label": "esc\"aped"}"#,
        #"{"label": "kw escape", "keywords": ["a\nb"]}"#,
        #"{"l\u0061bel": "escaped key"}"#,
        #"{"label": "nested", "meta": {"a": [1, 2.5e1]}, "list": [ ]}"#,
        #"{"label": "kw string escape", "keywords": "a\tb  c"}"#,
    ]

    @Test func flatLinesReadAsTheFullParserReadsThem() throws {
        let lines = Self.flat + Self.full
        let (fast, taken) = try Self.load(lines, flatLines: true)
        let (slow, _) = try Self.load(lines, flatLines: false)
        #expect(fast == slow)
        #expect(taken == Self.flat.count)
        #expect(Array(fast.sections[0].items)[0].fields.map(\.value) == ["crisp", "3"])
        #expect(Array(fast.sections[0].items)[1].keywords == ["yellow", "long", "soft"])
        let numbers = Array(fast.sections.first { $0.title == "Num" }!.items)
        #expect(
            numbers.map { $0.fields.first?.value } == [
                "1e3", "-0", "1234567890123456789012345678901234567890", nil, nil, nil, nil,
            ])
        #expect(numbers[4].spelling.keywordsText == " a,  b|c ")
        #expect(numbers[4].keywords == ["a", "b", "c"])
        #expect(numbers[6].glyph == "g" && numbers[6].spelling.keywords == .kept)
    }

    @Test func stringScanStopsWhereABytewiseScanDoes() {
        // Every alignment, with bytes next to the ones looked for (a borrow in the word test).
        var rng = SplitMix64(seed: 11)
        let bytes: [UInt8] = [0x22, 0x5C, 0x1F, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x00, 0x0A, 0x61, 0xC3, 0xA9, 0xFF]
        for _ in 0..<3_000 {
            let text = (0..<rng.next(30)).map { _ in bytes[rng.next(bytes.count)] }
            let start = rng.next(text.count + 1)
            let expected =
                text.indices.first { $0 >= start && (text[$0] == 0x22 || text[$0] == 0x5C || text[$0] < 0x20) }
                ?? text.count
            #expect(
                text.withUnsafeBufferPointer { firstQuoteBackslashOrControl(in: $0, from: start) } == expected,
                "\(text) from \(start)")
        }
    }

    @Test func refusedLinesGetTheFullParsersMessages() {
        for bad in [
            #"{"label": 3}"#, #"{"glyph": "x"}"#, #"{"label": "a", "x": [1,]}"#, #"{"label": "a",}"#,
            #"{"label": "a", "n": 01}"#, #"{"label": "a", "n": 1.}"#, #"{"label": "a", "n": -}"#,
            #"{"label": "a", "n": 1e}"#, #"{"label": "a", "n": 1.5.2}"#, #"{"label": "a", "n": .5}"#,
            #"{"label": "a"} x"#, #"{"label": "a", "section": 1}"#, "{\"label\": \"a\u{1}\"}",
            #"{"label": "nested", "keywords": [["x"]]}"#, #"{"label": "n", "keywords": 3}"#,
        ] {
            #expect(throws: DataError.self, "\(bad)") { try Self.load([bad], flatLines: true) }
            let fast = Result { try Self.load([bad], flatLines: true) }.mapError { $0 as! DataError }
            let slow = Result { try Self.load([bad], flatLines: false) }.mapError { $0 as! DataError }
            #expect(fast.map { $0.0 } == slow.map { $0.0 }, "\(bad)")
        }
    }
}
