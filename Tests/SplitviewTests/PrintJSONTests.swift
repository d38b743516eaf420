// JSON as people have it (issue 25), end to end: `splitview x.jsonl --filter '' --print json`
// prints the input's objects back, compared with jq as a user would compare them.

import Foundation
import TerminalTestSupport
import Testing

@Suite("--print json gives back the JSON Lines it read")
struct PrintJSONTests {
    static var jq: String? { TestTools.path(of: "jq") }

    /// Lines of `jq -S -c` over `text`, sorted (splitview prints items section by section).
    static func normalized(_ jq: String, _ path: String) throws -> [String] {
        let result = try Support.spawn(jq, ["-S", "-c", ".", path])
        #expect(result.status == 0, "jq: \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    static let data = #"""
        {"label": "x", "meta": {"a": 1, "b": [true, null, "s"]}}
        {"section": "Numbers", "label": "big", "n": 12345678901234567890, "e": 1e3, "f": 1.50, "z": -0, "huge": 1e999}
        {"section": "Numbers", "label": "types", "ok": true, "no": false, "none": null, "s": "1"}
        {"section": "Fruit", "label": "apple", "glyph": "🍎", "keywords": ["red", "crisp"], "detail": "sweet"}
        {"section": "Fruit", "label": "banana", "keywords": "yellow curved", "price": 0.5}
        {"section": "Fruit", "label": "cherry", "keywords": "red, small|round", "glyph": ""}
        {"label": "empty", "keywords": [], "glyph": null, "section": null, "list": [[], {}, [1, [2, [3]]]]}
        {"label": "esc\"aped \\ \t \u0001 é 😀", "k\u00e9y": "v\nw", "api": {"id": 7, "tags": ["a", "b"], "next": null}}
        """#

    @Test(
        "splitview x.jsonl --filter '' --print json equals the input under jq -S",
        // (The round trip is also tested without jq, in JSONFieldTests.)
        .needs("jq")
    )
    func roundTripThroughJq() throws {
        let jq = try #require(Self.jq)
        let directory = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/x.jsonl", output = directory + "/out.jsonl"
        try FileManagerHelper.write(Self.data + "\n", to: input)
        let result = try Support.run([input, "--filter", "", "--print", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 8)
        try FileManagerHelper.write(result.stdout, to: output)
        #expect(try Self.normalized(jq, output) == Self.normalized(jq, input))
        // Numbers as written, which jq would have normalised.
        #expect(result.stdout.contains(#""n":12345678901234567890,"e":1e3,"f":1.50,"z":-0,"huge":1e999"#))
        #expect(result.stdout.contains(#"{"label":"x","meta":{"a":1,"b":[true,null,"s"]}}"#))
    }

    @Test("--print FIELD prints a nested value as compact JSON and a number as written")
    func printField() throws {
        let directory = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/x.jsonl"
        try FileManagerHelper.write(Self.data + "\n", to: input)
        #expect(
            try Support.run([input, "--filter", "true,null", "--print", "meta"]).stdout
                == #"{"a":1,"b":[true,null,"s"]}"# + "\n")
        #expect(try Support.run([input, "--filter", "big", "--print", "n"]).stdout == "12345678901234567890\n")
        #expect(try Support.run([input, "--filter", "big", "--print", "e"]).stdout == "1e3\n")
        // A nested value is searched by its text.
        #expect(try Support.run([input, "--filter", "tags", "--print", "label"]).stdout.hasPrefix("esc\"aped"))
    }

    /// Issue 25: `"width": 0` was accepted and the item invisible (its header counted it, a
    /// search found "1 of 3" with nothing shown, Enter exited 1); `[item] width = 0` in the
    /// configuration is refused, and so is this now, with its place and key path.
    @Test("an item of width or height 0 in sectioned JSON is refused with its place")
    func zeroSize() throws {
        let directory = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/z.json"
        try FileManagerHelper.write(
            """
            {"sections": [{"title": "S", "items": [
              "one",
              {"label": "zero", "width": 0},
              "two"
            ]}]}
            """, to: path)
        let result = try Support.run([path, "--filter", "zero"])
        #expect(result.status == 2)
        #expect(
            result.stderr.replacingOccurrences(of: directory + "/", with: "")
                == "splitview: z.json:3:30: sections[0].items[1].width: expected a whole number of cells from 1 to 100000, found 0\n"
        )
    }
}
