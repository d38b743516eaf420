// An input parsed as it arrives gives what a whole read gives, however it is cut: the same
// catalog (items, sections, hints), the same warnings and header lines, the same first error at
// the same place; and each snapshot along the way begins the final catalog.

import SafeText
import SeededRandom
import Testing

@testable import Catalog

/// A parse's outcome, comparable: the loaded catalog or the error's message.
enum ParseOutcome: Equatable, CustomStringConvertible {
    case loaded(Catalog, format: DataFormat, warnings: [DataWarning], headerLines: [String])
    case failed(DataError)

    init(_ body: () throws(DataError) -> LoadedCatalog) {
        do throws(DataError) {
            let loaded = try body()
            self = .loaded(
                loaded.catalog, format: loaded.format, warnings: loaded.warnings, headerLines: loaded.headerLines)
        } catch {
            self = .failed(error)
        }
    }

    var catalog: Catalog? {
        if case .loaded(let catalog, _, _, _) = self { return catalog }
        return nil
    }

    var description: String {
        switch self {
        case .loaded(let catalog, let format, let warnings, let header):
            let sections = catalog.sections.map { "\($0.title): " + $0.items.map(\.label).joined(separator: " | ") }
            return "\(format) \(sections) \(warnings) \(header)"
        case .failed(let error): return error.description
        }
    }
}

/// Feeding an input through `CatalogParser` in parts.
enum Chunked {
    /// `bytes` cut at `cuts` (ascending offsets inside it), fed part by part; the snapshots
    /// taken after each part, and the outcome.
    static func parse(
        _ bytes: [UInt8], cuts: [Int], name: String, options: CatalogLoader.Options
    ) -> (outcome: ParseOutcome, snapshots: [Catalog]) {
        var parser = CatalogParser(name: name, source: name, options: options)
        var snapshots: [Catalog] = []
        var start = 0
        for end in cuts + [bytes.count] {
            let part = Array(bytes[start..<end])
            start = end
            do throws(DataError) {
                try parser.feed(part)
            } catch {
                return (.failed(error), snapshots)
            }
            if let snapshot = parser.snapshot() { snapshots.append(snapshot.catalog) }
        }
        return (ParseOutcome { () throws(DataError) in try parser.finish() }, snapshots)
    }

    /// Random cut points: a few, many, or every byte.
    static func cuts(_ count: Int, _ rng: inout SplitMix64) -> [Int] {
        guard count > 1 else { return [] }
        switch rng.next(4) {
        case 0: return Array(1..<count)
        case 1: return Array(Set((0..<1 + rng.next(4)).map { _ in 1 + rng.next(count - 1) })).sorted()
        default: return Array(Set((0..<1 + rng.next(count)).map { _ in 1 + rng.next(count - 1) })).sorted()
        }
    }

    /// Whether `part`'s sections begin `whole`'s, each with a prefix of its items.
    static func isPrefix(_ part: Catalog, of whole: Catalog) -> Bool {
        guard part.sections.count <= whole.sections.count else { return false }
        return zip(part.sections, whole.sections).allSatisfy { part, whole in
            part.title == whole.title && part.items.count <= whole.items.count
                && part.items.indices.allSatisfy { part.items[$0] == whole.items[$0] }
        }
    }
}

/// Random inputs of each format: the usual and the awkward (CRLF, blank lines, no last line
/// break, multi-byte and invalid UTF-8, quotes and escapes), and sometimes broken.
struct RandomInputs {
    var rng: SplitMix64

    mutating func pick<T>(_ choices: [T]) -> T { choices[rng.next(choices.count)] }
    mutating func chance(_ percent: Int) -> Bool { rng.next(100) < percent }

    static let words = ["apple", "é", "🍎", "naïve", "x y", "日本", "a,b", "q\"t", "tab\tin", "", " sp ", "\\", "🏳️‍🌈"]

    mutating func word() -> String { pick(Self.words) }

    mutating func lineBreak() -> String { chance(25) ? "\r\n" : "\n" }

    /// Bytes that are not UTF-8, now and then.
    mutating func spoil(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        if chance(10) && !bytes.isEmpty {
            bytes.insert(pick([0xFF, 0xC3, 0xE2, 0x80, 0xF0]), at: rng.next(bytes.count + 1))
        }
        if chance(5) { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        return bytes
    }

    mutating func lines() -> String {
        (0..<rng.next(12)).map { _ in
            chance(15) ? pick(["", " ", "\t", "\r"]) : (0..<1 + rng.next(3)).map { _ in word() }.joined(separator: " ")
        }.joined(separator: "\n").replacingOccurrences(of: "\n", with: lineBreak()) + (chance(70) ? "\n" : "")
    }

    mutating func csvField() -> String {
        let word = word()
        switch rng.next(5) {
        case 0: return "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\r\nmore, \"\"x\"\"\""
        case 1: return "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        case 2: return ""
        default: return word.filter { $0 != "," && $0 != "\"" && $0 != "\n" && $0 != "\r" }
        }
    }

    mutating func csv(separator: String) -> String {
        let names = [
            ["label"], ["section", "label"], ["name", "glyph", "keywords"], ["x", "title", "note"], ["a", "b"],
        ][
            rng.next(5)]
        var rows = [names.joined(separator: separator)]
        for _ in 0..<rng.next(10) {
            if chance(10) { rows.append(pick(["", " ", "\r"])) }
            let count = chance(5) ? names.count + pick([-1, 1]) : names.count
            rows.append(
                (0..<max(count, 1)).map { _ in
                    separator == "," ? csvField() : pick(["a", "b\\tc", "d\\\\", "é", "", "s\\n"])
                }.joined(separator: separator))
        }
        if chance(5) { rows.append("\"unclosed,x") }
        if chance(5) { rows.append("\"a\"b,c") }
        var text = rows.joined(separator: lineBreak())
        if chance(70) { text += lineBreak() }
        return text
    }

    mutating func jsonString() -> String {
        pick([
            "\"apple\"", "\"é\\u00e9\"", "\"🍎\"", "\"a\\\"b\"", "\"\\ud83c\\udf4e\"", "\"\\ud800\"", "\"\"",
            "\"tab\\t\"",
        ])
    }

    mutating func jsonScalar() -> String {
        pick(["1", "-2.5e3", "0", "true", "false", "null", "12345678901234567890"] + [jsonString()])
    }

    mutating func space() -> String { chance(70) ? "" : pick([" ", "\n", "\r\n", "\t", "  \n  "]) }

    mutating func jsonItemObject(lines: Bool) -> String {
        var members = ["\"label\": \(jsonString())"]
        if chance(40) { members.append("\"glyph\": \(pick(["\"🍎\"", "\"\"", "null"]))") }
        if chance(40) { members.append("\"keywords\": \(pick(["[\"a\", \"b\"]", "\"a b\"", "[]", "null"]))") }
        if chance(30) { members.append("\"n\": \(jsonScalar())") }
        if chance(20) { members.append("\"nested\": {\"a\": [1, {\"b\": null}]}") }
        if lines && chance(50) { members.append("\"section\": \(pick(["\"S\"", "\"T\"", "null"]))") }
        if !lines && chance(20) { members.append("\"width\": \(pick(["2", "1", "-1"]))") }
        if chance(5) { members.removeFirst() }
        members.shuffle(using: &rng)
        let separator = lines ? ", " : "," + space()
        return "{" + space() + members.joined(separator: separator) + space() + "}"
    }

    mutating func jsonLines() -> String {
        (0..<rng.next(10)).map { _ in
            chance(10)
                ? pick(["", "  ", "\r"])
                : chance(5) ? pick(["[1]", "{\"label\": }", "{bad"]) : jsonItemObject(lines: true)
        }.joined(separator: "\n").replacingOccurrences(of: "\n", with: lineBreak()) + (chance(70) ? "\n" : "")
    }

    mutating func section() -> String {
        var members: [String] = []
        if chance(90) { members.append("\"title\": \(chance(95) ? jsonString() : "3")") }
        let items = (0..<rng.next(6)).map { _ in chance(30) ? jsonString() : jsonItemObject(lines: false) }
        if chance(95) { members.append("\"items\":" + space() + "[" + items.joined(separator: "," + space()) + "]") }
        if chance(20) { members.append("\"side\": \(pick(["\"left\"", "\"right\"", "\"up\""]))") }
        if chance(15) { members.append("\"style\": \(pick(["\"row\"", "\"grid\""]))") }
        if chance(15) { members.append("\"lineSpacing\": \(pick(["1", "0", "-1"]))") }
        if chance(10) { members.append("\"background\": \(pick(["\"blue\"", "7", "\"#12345\""]))") }
        if chance(10) { members.append("\"row\": {\"cardWidth\": \(pick(["10", "0"]))}") }
        if chance(3) { members.append("\"nope\": 1") }
        if chance(70) { members.shuffle(using: &rng) }
        return "{" + space() + members.joined(separator: "," + space()) + space() + "}"
    }

    mutating func sectionedJSON() -> String {
        let sections = (0..<rng.next(5)).map { _ in chance(3) ? "\"not a section\"" : section() }
        let list = "[" + space() + sections.joined(separator: "," + space()) + space() + "]"
        var text = chance(75) ? "{" + space() + "\"sections\":" + space() + list + space() + "}" : list
        if chance(3) { text = "{\"extra\": 1, \"sections\": \(list)}" }
        if chance(3) { text += "\n{\"label\": \"x\"}" }
        return space() + text + (chance(50) ? "\n" : "")
    }

    /// A few random edits (bytes deleted, inserted or replaced), for errors anywhere.
    mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<1 + rng.next(3) where !bytes.isEmpty {
            let at = rng.next(bytes.count)
            let byte = pick(Array("{}[],:\"\\ x1\n\r-.e".utf8) + [0xC3, 0xA9])
            switch rng.next(3) {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(byte, at: at)
            default: bytes[at] = byte
            }
        }
        return bytes
    }
}

@Suite("Parsing as the input arrives")
struct CatalogParserTests {
    /// Checks `bytes` read whole and in random parts, `cuttings` times.
    func check(
        _ bytes: [UInt8], name: String, options: CatalogLoader.Options = .init(), cuttings: Int = 4,
        snapshotsArePrefixes: Bool = true, rng: inout SplitMix64
    ) {
        let whole = ParseOutcome { () throws(DataError) in
            try CatalogLoader.parse(bytes, name: name, source: name, options: options)
        }
        for _ in 0..<cuttings {
            let cuts = Chunked.cuts(bytes.count, &rng)
            let (outcome, snapshots) = Chunked.parse(bytes, cuts: cuts, name: name, options: options)
            #expect(
                outcome == whole,
                "\(name) \(options) cut at \(cuts): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            guard outcome == whole else { return }
            if snapshotsArePrefixes, let final = whole.catalog {
                #expect(
                    snapshots.allSatisfy { Chunked.isPrefix($0, of: final) },
                    "a snapshot is not a prefix: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                #expect(zip(snapshots, snapshots.dropFirst()).allSatisfy { Chunked.isPrefix($0, of: $1) })
            }
        }
    }

    @Test("plain lines and --read0, cut anywhere, give what a whole read gives")
    func lines() {
        var rng = SplitMix64(seed: 0x11E5)
        var inputs = RandomInputs(rng: SplitMix64(seed: 1))
        for round in 0..<300 {
            var bytes = inputs.spoil(inputs.lines())
            let readZero = round % 5 == 0
            if readZero { bytes = bytes.map { $0 == 0x0A ? 0 : $0 } }
            let options = CatalogLoader.Options(readZero: readZero, headerLines: round % 3 == 0 ? round % 4 : 0)
            check(bytes, name: inputs.pick(["stdin", "x.txt", "x"]), options: options, rng: &rng)
        }
    }

    @Test("CSV and TSV, cut anywhere (inside quoted fields, between CR and LF), give a whole read's")
    func tables() {
        var rng = SplitMix64(seed: 0xC5F)
        var inputs = RandomInputs(rng: SplitMix64(seed: 2))
        for round in 0..<400 {
            let csv = round % 2 == 0
            var bytes = inputs.spoil(inputs.csv(separator: csv ? "," : "\t"))
            if inputs.chance(10) { bytes = inputs.mutate(bytes) }
            let name = inputs.pick(["stdin", csv ? "x.csv" : "x.tsv", "x"])
            var options = CatalogLoader.Options()
            if inputs.chance(10) { options.format = csv ? .csv : .tsv }
            if inputs.chance(10) { options.columns = ColumnChoice(label: inputs.pick(["2", "note", "nope"])) }
            check(bytes, name: name, options: options, rng: &rng)
        }
    }

    @Test("JSON Lines, cut anywhere, give what a whole read gives")
    func jsonLines() {
        var rng = SplitMix64(seed: 0x150)
        var inputs = RandomInputs(rng: SplitMix64(seed: 3))
        for _ in 0..<300 {
            var bytes = inputs.spoil(inputs.jsonLines())
            if inputs.chance(10) { bytes = inputs.mutate(bytes) }
            check(bytes, name: inputs.pick(["stdin", "x.jsonl", "x"]), rng: &rng)
        }
    }

    @Test("sectioned JSON, cut anywhere, gives a whole read's catalog or first error")
    func sectionedJSON() {
        var rng = SplitMix64(seed: 0x5EC)
        var inputs = RandomInputs(rng: SplitMix64(seed: 4))
        for _ in 0..<500 {
            var bytes = inputs.spoil(inputs.sectionedJSON())
            let mutated = inputs.chance(30)
            if mutated { bytes = inputs.mutate(bytes) }
            check(bytes, name: inputs.pick(["stdin", "x.json", "x"]), snapshotsArePrefixes: !mutated, rng: &rng)
        }
    }

    /// The old reading of sectioned JSON, kept as the reference: the whole document parsed into
    /// one tree, then its sections checked.
    func referenceSections(_ bytes: [UInt8], file: String) -> ParseOutcome {
        ParseOutcome { () throws(DataError) in
            let root: JSONNode
            do throws(JSONSyntaxError) {
                root = try JSONReader.parse(bytes).node
            } catch {
                var message = error.message
                if !error.snippet.isEmpty { message += " (at \"\(error.snippet)\")" }
                throw DataError(file: file, line: error.position.line, column: error.position.column, message: message)
            }
            let reader = JSONSectionsLoader.Reader(file: file)
            let list: [JSONNode]
            switch root.value {
            case .array(let elements):
                list = elements
            case .object(let members):
                for member in members where member.key != "sections" {
                    throw reader.fail(
                        JSONNode(value: .null, position: member.keyPosition), "",
                        "unknown key \(MessageText.quoted(member.key)) at the top level (expected \"sections\")")
                }
                guard let sections = root["sections"] else {
                    throw reader.fail(
                        root, "", "missing \"sections\": expected {\"sections\": [...]} or an array of sections")
                }
                guard case .array(let elements) = sections.value else {
                    throw reader.fail(
                        sections, "sections",
                        "expected an array of sections, found \(JSONItemReader.describe(sections))")
                }
                list = elements
            default:
                throw reader.fail(
                    root, "",
                    "expected {\"sections\": [...]} or an array of sections, found \(JSONItemReader.describe(root))")
            }
            var sections: [Section] = []
            for (index, node) in list.enumerated() {
                guard case .object(let members) = node.value else {
                    throw reader.fail(
                        node, "sections[\(index)]",
                        "expected a section object {\"title\": ..., \"items\": [...]}, found \(JSONItemReader.describe(node))"
                    )
                }
                sections.append(
                    try reader.section(
                        members.map { .init(key: $0.key, keyPosition: $0.keyPosition, value: .node($0.value)) },
                        items: .init(items: [], error: nil), path: "sections[\(index)]"))
            }
            return LoadedCatalog(catalog: Catalog(sections: sections, source: file), format: .json)
        }
    }

    @Test("sectioned JSON read item by item gives the one-tree reading's sections and errors")
    func sectionedJSONAgainstTheTree() {
        var inputs = RandomInputs(rng: SplitMix64(seed: 5))
        var errors = 0
        for _ in 0..<1_500 {
            var bytes = Array(inputs.sectionedJSON().utf8)
            if inputs.chance(50) { bytes = inputs.mutate(bytes) }
            let streamed = ParseOutcome { () throws(DataError) in
                LoadedCatalog(catalog: try JSONSectionsLoader.parse(bytes, file: "x.json"), format: .json)
            }
            let reference = referenceSections(bytes, file: "x.json")
            #expect(streamed == reference, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if case .failed = reference { errors += 1 }
        }
        #expect(errors > 300)  // errors of every kind were met
    }

    // MARK: The cuts that matter

    /// `text` cut at every offset into two parts, and into single bytes.
    func checkEveryCut(_ bytes: [UInt8], name: String, options: CatalogLoader.Options = .init()) {
        let whole = ParseOutcome { () throws(DataError) in
            try CatalogLoader.parse(bytes, name: name, source: name, options: options)
        }
        for cuts in (1..<max(bytes.count, 1)).map({ [$0] }) + [Array(1..<max(bytes.count, 1))] {
            let (outcome, _) = Chunked.parse(bytes, cuts: cuts, name: name, options: options)
            #expect(outcome == whole, "\(name) cut at \(cuts)")
        }
    }

    @Test func aLineSplitAcrossReadsCRLFAndNoLastLineBreak() {
        checkEveryCut(Array("one\r\ntwo\r\n\r\nthree".utf8), name: "stdin")
        checkEveryCut(Array("one\0two\r\n\0\0three".utf8), name: "stdin", options: .init(readZero: true))
        checkEveryCut(Array("h1\n\nh2\nitem\n".utf8), name: "stdin", options: .init(headerLines: 2))
    }

    @Test func aCharacterSplitAcrossReads() {
        // Valid UTF-8 cut inside a character, and invalid: the same warning, on the same line.
        checkEveryCut(Array("é\n🍎 x\n日本\n".utf8), name: "stdin")
        checkEveryCut([0x61, 0x0A, 0xF0, 0x9F, 0x8D, 0x0A, 0xC3, 0xA9, 0xFF, 0x0A, 0xE2, 0x82], name: "stdin")
        let warned = try? CatalogLoader.parse([0x61, 0x0A, 0xF0, 0x9F, 0x8D, 0x0A], name: "stdin")
        #expect(warned?.warnings.first?.message.hasSuffix("(first at line 2)") == true)
    }

    @Test func aQuotedFieldSpanningLinesSplitAcrossReads() {
        let csv = "name,note\r\n\"a, b\",\"one\r\ntwo \"\"quoted\"\"\"\r\nc,\"\"\"\"\r\n"
        checkEveryCut(Array(csv.utf8), name: "x.csv")
        checkEveryCut(Array("name,note\n\"a\"b,c\n".utf8), name: "x.csv")
        checkEveryCut(Array("name,note\nx,\"open\n".utf8), name: "x.csv")
    }

    @Test func aJSONValueSplitAcrossReads() {
        checkEveryCut(
            Array(#"{"sections": [{"title": "t", "items": ["a", 12, {"label": "é\u00e9", "n": 1234}, true]}]}"#.utf8),
            name: "x.json")
        checkEveryCut(Array("[{\"title\": \"t\", \"items\": [\"a\"]}]\r\n".utf8), name: "stdin")
        checkEveryCut(Array("{\"label\": \"a\"}\n{\"label\": \"b\"}\n".utf8), name: "x.json")
        checkEveryCut(Array("[{\"title\": \"t\", \"items\": [\"a\",\r\n 1x]}]".utf8), name: "x.json")
        checkEveryCut(Array("{\"label\": \"a\", \"n\": 12}\r\n{\"label\": \"b\"}".utf8), name: "stdin")
    }

    @Test func theStartOfAnInput() {
        checkEveryCut([0xEF, 0xBB, 0xBF] + Array("a\nb\n".utf8), name: "stdin")
        checkEveryCut([0xFF, 0xFE, 0x61, 0x00], name: "stdin")
        checkEveryCut(Array("  \n\t\r\n".utf8), name: "stdin")
        checkEveryCut([], name: "x.txt")
        checkEveryCut(Array("label,x\nb,c\n".utf8), name: "stdin", options: .init(columns: .init(label: "x")))
        checkEveryCut(Array("\n\n a\n".utf8), name: "x.json", options: .init(headerLines: 1))
    }

    @Test("a sectioned JSON's sections appear with their first items, before the document ends")
    func sectionsAppearWithTheirFirstItems() throws {
        let text =
            #"{"sections": [{"title": "A", "items": ["a1", "a2"]}, {"title": "B", "items": ["b1", "b2"], "style": "row"}]}"#
        var parser = CatalogParser(name: "x.json")
        var seen: [[String]] = []
        for byte in Array(text.utf8) {
            try parser.feed([byte])
            if let snapshot = parser.snapshot() {
                let outline = snapshot.catalog.sections.map {
                    "\($0.title):\($0.items.map(\.label).joined(separator: ","))"
                }
                if seen.last != outline { seen.append(outline) }
            }
        }
        #expect(
            seen == [["A:a1"], ["A:a1,a2"], ["A:a1,a2", "B:b1"], ["A:a1,a2", "B:b1,b2"]],
            "\(seen)")
        let whole = try parser.finish()
        #expect(whole.catalog.sections.map(\.style) == [nil, .row])
    }

    @Test("snapshots share the stores' storage: one costs the same at 10 items as at 100,000")
    func snapshotsShareStorage() throws {
        var parser = CatalogParser(name: "stdin")
        try parser.feed(Array((0..<100_000).map { "line \($0)\n" }.joined().utf8))
        let firstSnapshot = parser.snapshot()
        let first = try #require(firstSnapshot)
        try parser.feed(Array("more\n".utf8))
        let secondSnapshot = parser.snapshot()
        let second = try #require(secondSnapshot)
        #expect(first.catalog.itemCount == 100_000 && second.catalog.itemCount == 100_001)
        let (a, b) = (first.catalog.sections[0].items.store, second.catalog.sections[0].items.store)
        a.bytes.withUnsafeBufferPointer { a in
            b.bytes.withUnsafeBufferPointer { b in #expect(a.baseAddress == b.baseAddress) }
        }
        #expect(a.identity == b.identity)
        #expect(first.catalog.sections[0].items.last?.label == "line 99999")
    }

    @Test("the format a pipe's first bytes settle is the whole input's")
    func settledFormatsAreFinal() {
        var inputs = RandomInputs(rng: SplitMix64(seed: 6))
        var settledEarly = 0
        for round in 0..<400 {
            var text: String
            switch round % 4 {
            case 0: text = inputs.csv(separator: ",")
            case 1: text = inputs.csv(separator: "\t")
            case 2: text = inputs.lines()
            default: text = inputs.pick(["{\"sections\": []}", "[{", "{\"label\": 1}", "[x", "{}", "  {  \"sec"])
            }
            if inputs.chance(20) { text = String(repeating: text, count: 1 + inputs.rng.next(30)) }
            let bytes = Array(text.utf8)
            let columns = ColumnChoice(label: inputs.chance(20) ? "x" : nil)
            for standardInput in [true, false] {
                var whole = FormatSniffer()
                bytes.withUnsafeBufferPointer { whole.feed($0) }
                let expected = whole.settledFormat(isStandardInput: standardInput, columns: columns, ended: true)
                var sniffer = FormatSniffer()
                for byte in bytes {
                    [byte].withUnsafeBufferPointer { sniffer.feed($0) }
                    if let early = sniffer.settledFormat(isStandardInput: standardInput, columns: columns, ended: false)
                    {
                        #expect(early == expected, "\(text.debugDescription)")
                        settledEarly += 1
                        break
                    }
                }
            }
        }
        #expect(settledEarly > 200)
    }
}
