// JSON as people have it (issue 25): nested values and numbers as written are shown, searched
// and printed back; `--print json` writes each item as the data wrote it, types included.

@testable import Browser
import Catalog
import SeededRandom
import Testing

@Suite("JSON fields in the browser and in --print")
struct JSONFieldTests {
    static func loaded(_ lines: String, name: String = "x.jsonl") throws -> Catalog {
        try CatalogLoader.parse(Array(lines.utf8), name: name).catalog
    }

    static let data = """
        {"section": "Books", "label": "Dune", "meta": {"pages": 412, "tags": ["sf", "desert"]}, "isbn": 9780441172719, "rating": 4.25e0, "read": true, "lent": null}
        {"section": "Books", "label": "Emma", "keywords": "austen, novel", "glyph": ""}
        {"label": "loose", "keywords": [], "glyph": null, "section": null}
        {"label": "plain"}
        """

    @Test("a nested value shows as its compact JSON in the detail panel, numbers as written")
    func detailPanel() throws {
        var state = BrowserState(
            catalog: try Self.loaded(Self.data), settings: fixtureSettings(itemWidth: 20), theme: .standard,
            width: 200, height: 14)
        state.send(.character("i"))
        let lines = render(state)
        #expect(lines.contains { $0.contains(#"meta: {"pages":412,"tags":["sf","desert"]}"#) })
        #expect(lines.contains { $0.contains("isbn: 9780441172719") })
        #expect(lines.contains { $0.contains("rating: 4.25e0") })
        #expect(lines.contains { $0.contains("read: true") })
        #expect(lines.contains { $0.contains("lent: null") })
    }

    @Test("a nested value is searched by its text")
    func searched() throws {
        var state = BrowserState(
            catalog: try Self.loaded(Self.data), settings: fixtureSettings(itemWidth: 20), theme: .standard,
            width: 80, height: 10)
        state.send(.character("/"))
        state.type("desert")
        #expect(state.content.catalog.sections.flatMap { $0.items.map(\.label) } == ["Dune"])
        state.applyFilter("\"pages\":412")
        #expect(state.content.catalog.sections.flatMap { $0.items.map(\.label) } == ["Dune"])
    }

    @Test("--print FIELD gives a nested value's compact JSON and a number as written")
    func printField() throws {
        let catalog = try Self.loaded(Self.data)
        let dune = catalog.sections[0].items[0]
        #expect(
            PrintFormat(parsing: "meta").line(for: dune, section: "Books") == #"{"pages":412,"tags":["sf","desert"]}"#)
        #expect(PrintFormat(parsing: "isbn").line(for: dune, section: "Books") == "9780441172719")
        #expect(PrintFormat(parsing: "rating").line(for: dune, section: "Books") == "4.25e0")
        #expect(PrintFormat(parsing: "read").line(for: dune, section: "Books") == "true")
        #expect(PrintFormat(parsing: "lent").line(for: dune, section: "Books") == "null")
    }

    /// Issue 25: numbers and booleans were printed as strings, null as "", and every line got
    /// a "section", its file's name for a line that had none.
    @Test("--print json keeps types, and writes section, glyph and keywords as the data did")
    func printJSON() throws {
        let catalog = try Self.loaded(Self.data)
        let json = PrintFormat.json
        let books = catalog.sections.first { $0.title == "Books" }!
        let other = catalog.sections.first { $0.title == "x" }!
        #expect(
            json.line(for: books.items[0], section: "Books")
                == #"{"section":"Books","label":"Dune","meta":{"pages":412,"tags":["sf","desert"]},"isbn":9780441172719,"rating":4.25e0,"read":true,"lent":null}"#
        )
        #expect(
            json.line(for: books.items[1], section: "Books")
                == #"{"section":"Books","label":"Emma","glyph":"","keywords":"austen, novel"}"#)
        #expect(
            json.line(for: other.items[0], section: "x")
                == #"{"section":null,"label":"loose","glyph":null,"keywords":[]}"#)
        #expect(json.line(for: other.items[1], section: "x") == #"{"label":"plain"}"#)
        // An item made in code (the emoji) writes its section, glyph and keywords.
        #expect(
            json.line(for: Item(label: "a", glyph: "🅰", keywords: ["k"]), section: "S")
                == #"{"section":"S","label":"a","glyph":"🅰","keywords":["k"]}"#)
        // A field of its own named "section" is written instead of the section's title.
        #expect(
            json.line(for: Item(label: "a", fields: [Item.Field(name: "section", value: "own")]), section: "S")
                == #"{"label":"a","section":"own"}"#)
    }

    @Test("plain lines and a CSV row of no section column print no section")
    func noSectionFromTheData() throws {
        let lines = try Self.loaded("one\ntwo\n", name: "w.txt")
        #expect(PrintFormat.json.line(for: lines.sections[0].items[0], section: "w") == #"{"label":"one"}"#)
        let table = try Self.loaded("section,name,n\nFruit,apple,1\n,pear,2\n", name: "t.csv")
        let fruit = table.sections.first { $0.title == "Fruit" }!.items[0]
        let pear = table.sections.first { $0.title == "t" }!.items[0]
        #expect(PrintFormat.json.line(for: fruit, section: "Fruit") == #"{"section":"Fruit","label":"apple","n":"1"}"#)
        #expect(PrintFormat.json.line(for: pear, section: "t") == #"{"label":"pear","n":"2"}"#)
    }

    // MARK: The round trip, as a property

    /// Equal as JSON values with the members of an object in any order (as `jq -S` compares),
    /// and numbers by their literal.
    static func sameIgnoringOrder(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { member in
                y.contains { $0.key == member.key && sameIgnoringOrder(member.value, $0.value) }
            }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameIgnoringOrder($0, $1) }
        default:
            return a.isSameValue(as: b)
        }
    }

    /// A random JSON Lines object: a unique label, maybe a section (a string or null), a glyph
    /// (a string, "" or null), keywords (an array, one string of words written any way, or
    /// null), and fields of every kind, nested ones and long numbers too, some written with
    /// spaces and escapes (the full parser's lines) and some flat (the fast path's).
    static func randomLine(_ index: Int, _ rng: inout SplitMix64) -> String {
        let texts = ["", "a", "é x", "😀", "q\"uote", "back\\slash", "tab\there", "\u{1}", "日本", "a, b|c"]
        let numbers = ["0", "-0", "42", "-7", "1.50", "1e3", "2.5E-8", "12345678901234567890", "1e999", "0.1"]
        func text() -> String { JSONText.quoted(texts[rng.next(texts.count)]) }
        func scalar() -> String {
            switch rng.next(4) {
            case 0: text()
            case 1: numbers[rng.next(numbers.count)]
            case 2: ["true", "false"][rng.next(2)]
            default: "null"
            }
        }
        func value(_ depth: Int) -> String {
            switch rng.next(depth > 2 ? 1 : 4) {
            case 0: return scalar()
            case 1:
                return "["
                    + (0..<rng.next(4)).map { _ in value(depth + 1) }.joined(separator: rng.next(2) == 0 ? "," : ", ")
                    + "]"
            case 2:
                return "{" + (0..<rng.next(4)).map { "\"k\($0)\": " + value(depth + 1) }.joined(separator: ",") + "}"
            default: return scalar()
            }
        }
        var members = [#""label": "item \#(index)""#]
        switch rng.next(3) {
        case 0: members.append(#""section": "S\#(rng.next(3))""#)
        case 1: members.append(#""section": null"#)
        default: break
        }
        switch rng.next(4) {
        case 0: members.append(#""glyph": "🍎""#)
        case 1: members.append(#""glyph": """#)
        case 2: members.append(#""glyph": null"#)
        default: break
        }
        let words = ["red", "round", "é", "x\"y"]
        switch rng.next(6) {
        case 0: members.append(#""keywords": []"#)
        case 1:
            members.append(
                #""keywords": ["# + (1...3).map { _ in JSONText.quoted(words[rng.next(4)]) }.joined(separator: ",")
                    + "]")
        case 2: members.append(#""keywords": "red round""#)
        case 3: members.append(#""keywords": " red,  round|x ""#)
        case 4: members.append(#""keywords": null"#)
        default: break
        }
        for field in 0..<rng.next(5) { members.append("\"f\(field)\": " + value(0)) }
        // Members in any order, with or without spaces.
        for k in stride(from: members.count - 1, to: 0, by: -1) { members.swapAt(k, rng.next(k + 1)) }
        return "{" + members.joined(separator: rng.next(2) == 0 ? "," : " , ") + "}"
    }

    @Test("--print json of every item reads back as the object its line wrote (literals and types kept)")
    func printJSONRoundTrips() throws {
        var rng = SplitMix64(seed: 0x25)
        for _ in 0..<40 {
            let lines = (0..<rng.next(30) + 1).map { Self.randomLine($0, &rng) }
            let catalog = try Self.loaded(lines.joined(separator: "\n"))
            var printed = 0
            for section in catalog.sections {
                for item in section.items {
                    let output = PrintFormat.json.line(for: item, section: section.title)
                    let index = Int(item.label.dropFirst("item ".count))!
                    let expected = try JSONReader.parse(lines[index])
                    let actual = try JSONReader.parse(output)
                    #expect(Self.sameIgnoringOrder(actual, expected), "\(lines[index])\n -> \(output)")
                    printed += 1
                }
            }
            #expect(printed == lines.count)
        }
    }
}
