import Schema
import SeededRandom
import Testing

@testable import Catalog

// MARK: - Helpers

private func parse(_ text: String) throws -> JSONNode {
    try JSONReader.parse(text)
}

private func parseBytes(_ bytes: [UInt8]) throws -> (node: JSONNode, invalidUTF8Count: Int) {
    try JSONReader.parse(bytes)
}

/// The syntax error for `text`, or nil when it parses.
private func syntaxError(_ text: String) -> JSONSyntaxError? {
    do {
        _ = try JSONReader.parse(text)
        return nil
    } catch {
        return error
    }
}

private func pos(_ line: Int, _ column: Int) -> SourcePosition {
    SourcePosition(line: line, column: column)
}

extension JSONValue {
    var asInt: Int? { if case .number(let v) = self { v.integer } else { nil } }
    /// A number that is not a whole one fitting in `Int`, as a `Double`.
    var asDouble: Double? { if case .number(let v) = self, v.integer == nil { v.double } else { nil } }
    var asLiteral: String? { if case .number(let v) = self { v.literal } else { nil } }
    var asString: String? { if case .string(let v) = self { v } else { nil } }
    var asBool: Bool? { if case .bool(let v) = self { v } else { nil } }
    var isNull: Bool { if case .null = self { true } else { false } }
    var elements: [JSONNode]? { if case .array(let v) = self { v } else { nil } }
    var members: [JSONMember]? { if case .object(let v) = self { v } else { nil } }
}

// MARK: - Values

@Suite struct JSONReaderValueTests {
    @Test func literals() throws {
        #expect(try parse("null").value.isNull)
        #expect(try parse("true").value.asBool == true)
        #expect(try parse("false").value.asBool == false)
        #expect(try parse(" \t\r\n null \n").value.isNull)
    }

    @Test(arguments: [
        ("0", 0), ("-0", 0), ("7", 7), ("42", 42), ("-17", -17), ("1234567890123", 1_234_567_890_123),
        ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
    ])
    func integers(text: String, expected: Int) throws {
        #expect(try parse(text).value.asInt == expected)
    }

    @Test(arguments: [
        ("1.5", 1.5), ("-1.5e3", -1500), ("1E2", 100), ("1e+2", 100), ("25e-1", 2.5), ("0.1", 0.1),
        ("0.000001", 0.000001), ("1e-7", 1e-7), ("3.141592653589793", 3.141592653589793),
        ("-0.0", -0.0), ("0e0", 0), ("1.7976931348623157e308", 1.7976931348623157e308),
        ("5e-324", Double.leastNonzeroMagnitude), ("1e-400", 0), ("0.30000000000000004", 0.30000000000000004),
        ("123456789.123456789123", 123456789.123456789123),
        ("9223372036854775808", 9223372036854775808.0), ("-9223372036854775809", -9223372036854775809.0),
        ("123456789012345678901234567890", 123456789012345678901234567890.0),
        ("1234567890123456789012345678901234567890e-20", 1234567890123456789012345678901234567890e-20),
    ])
    func numbers(text: String, expected: Double) throws {
        let value = try #require(try parse(text).value.asDouble, "\(text) should be a .number")
        #expect(value == expected)
        #expect(value.sign == expected.sign)
    }

    /// Issue 25: numbers were converted on reading, so `12345678901234567890` came back as
    /// `1.2345678901234567e+19`, `1e3` as `1000.0`, and `1e999` was refused.
    @Test(arguments: [
        "12345678901234567890", "1e3", "1E+2", "-0", "-0.0", "1.50", "0e0", "1e999", "-1e400",
        "123456789012345678901234567890.123456789e-5", "9223372036854775808", "0.1",
    ])
    func numbersKeepTheirLiteral(text: String) throws {
        #expect(try parse(text).value.asLiteral == text)
        #expect(try parse("[ \(text) ]").value.elements?.first?.value.asLiteral == text)
        #expect(try parse("{\"n\":\(text)}")["n"]?.value.asLiteral == text)
    }

    @Test func numbersConvertWhereAValueIsNeeded() throws {
        #expect(try parse("1e999").numberValue == .infinity)
        #expect(try parse("-1e400").numberValue == -.infinity)
        #expect(try parse("1e3").integerValue == nil)  // written with an exponent: not whole
        #expect(try parse("1e3").numberValue == 1000)
        #expect(try parse("12345678901234567890").integerValue == nil)  // beyond Int
        #expect(try parse("-42").integerValue == -42)
        #expect(try parse("\"3\"").numberValue == nil)
    }

    @Test func strings() throws {
        #expect(try parse(#""""#).value.asString == "")
        #expect(try parse(#""hello world""#).value.asString == "hello world")
        #expect(try parse(#""héllo 😀 日本""#).value.asString == "héllo 😀 日本")
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#).value.asString == "\"\\/\u{8}\u{C}\n\r\t")
        #expect(try parse(#""a\u0041\u00e9\u00E9\u20AC""#).value.asString == "aAéé€")
        #expect(try parse(#""\uD83D\uDE00 smile""#).value.asString == "😀 smile")
        #expect(try parse(#""é\n😀""#).value.asString == "é\n😀")
        #expect(try parse(#""\u0000""#).value.asString == "\u{0}")
        #expect(try parse("\"\u{7F}\"").value.asString == "\u{7F}")  // DEL needs no escape
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        let cases: [(String, String, Int)] = [
            (#""\uD800""#, "\u{FFFD}", 1),
            (#""\uD800x""#, "\u{FFFD}x", 1),
            (#""\uDC00""#, "\u{FFFD}", 1),
            (#""\uD800\uD800""#, "\u{FFFD}\u{FFFD}", 2),
            (#""\uD800\u0041""#, "\u{FFFD}A", 1),
            (#""\uDE00\uD83D""#, "\u{FFFD}\u{FFFD}", 2),
            (#""\uD800\uD83D\uDE00""#, "\u{FFFD}😀", 1),
        ]
        for (text, expected, count) in cases {
            let (node, invalid) = try parseBytes(Array(text.utf8))
            #expect(node.value.asString == expected, "\(text)")
            #expect(invalid == count, "\(text)")
        }
    }

    @Test func nestedStructures() throws {
        let node = try parse(#"{"a": [1, 2.5, "x", [], {}], "b": {"c": {"d": [null, true]}}, "e": []}"#)
        let members = try #require(node.value.members)
        #expect(members.map(\.key) == ["a", "b", "e"])
        let a = try #require(node["a"]?.value.elements)
        #expect(a.map(\.kindName) == ["integer", "number", "string", "array", "object"])
        #expect(a[3].value.elements?.isEmpty == true)
        #expect(a[4].value.members?.isEmpty == true)
        let d = try #require(node["b"]?["c"]?["d"]?.value.elements)
        #expect(d.count == 2)
        #expect(d[0].value.isNull)
        #expect(d[1].value.asBool == true)
        #expect(node["e"]?.value.elements?.isEmpty == true)
        #expect(node["missing"] == nil)
        #expect(node["a"]?["x"] == nil)  // not an object
    }

    @Test func objectsKeepOrderAndDuplicates() throws {
        let node = try parse(#"{"z": 1, "a": 2, "z": 3, "": 4}"#)
        let members = try #require(node.value.members)
        #expect(members.map(\.key) == ["z", "a", "z", ""])
        #expect(members.compactMap(\.value.value.asInt) == [1, 2, 3, 4])
        #expect(node["z"]?.value.asInt == 3)  // the last one wins
        #expect(node[""]?.value.asInt == 4)
        #expect(try parse(#"{"a\nb": 1}"#)["a\nb"]?.value.asInt == 1)  // escaped keys
    }

    @Test func kindNames() throws {
        let node = try parse(#"[null, true, 1, 1.5, "s", [], {}]"#)
        #expect(node.kindName == "array")
        #expect(
            node.value.elements?.map(\.kindName) == [
                "null", "boolean", "integer", "number", "string", "array", "object",
            ])
    }

    @Test func byteAndStringEntryPointsAgree() throws {
        let text = #"{"k": [1, "v"]}"#
        let fromString = try JSONReader.parse(text)
        let fromBytes = try JSONReader.parse(Array(text.utf8))
        let fromRaw = try Array(text.utf8).withUnsafeBytes { try JSONReader.parse($0) }
        #expect(fromBytes.invalidUTF8Count == 0)
        #expect(fromRaw.invalidUTF8Count == 0)
        for node in [fromString, fromBytes.node, fromRaw.node] {
            #expect(node["k"]?.value.elements?[1].value.asString == "v")
            #expect(node["k"]?.value.elements?[1].position == pos(1, 11))
        }
    }
}

// MARK: - Positions

@Suite struct JSONReaderPositionTests {
    @Test func positionsOfValuesAndKeys() throws {
        let text = """
            {
            \t"name": "grid",
              "e": "😀😀", "v": 5,
              "list": [
                1, {"k": null},
            \t\ttrue
              ]
            }
            """
        let root = try parse(text)
        #expect(root.position == pos(1, 1))
        let members = try #require(root.value.members)
        #expect(members.map(\.key) == ["name", "e", "v", "list"])
        #expect(members.map(\.keyPosition) == [pos(2, 2), pos(3, 3), pos(3, 14), pos(4, 3)])
        #expect(members.map(\.value.position) == [pos(2, 10), pos(3, 8), pos(3, 19), pos(4, 11)])
        let list = try #require(root["list"]?.value.elements)
        #expect(list.map(\.position) == [pos(5, 5), pos(5, 8), pos(6, 3)])
        let inner = try #require(list[1].value.members)
        #expect(inner[0].keyPosition == pos(5, 9))
        #expect(inner[0].value.position == pos(5, 14))
    }

    @Test func columnsCountUnicodeScalars() throws {
        // "é" is 2 bytes, "日" 3 bytes, "😀" 4 bytes: each is one column.
        let node = try parse(#"["é", "日本", "😀", 1]"#)
        let elements = try #require(node.value.elements)
        #expect(elements.map(\.position) == [pos(1, 2), pos(1, 7), pos(1, 13), pos(1, 18)])
    }

    @Test func lineBreaksCRLFAndCR() throws {
        let node = try parse("[1,\r\n2,\r3,\n\n  4]")
        let elements = try #require(node.value.elements)
        #expect(elements.map(\.position) == [pos(1, 2), pos(2, 1), pos(3, 1), pos(5, 3)])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let (node, invalid) = try parseBytes([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        #expect(invalid == 0)
        #expect(node.position == pos(1, 1))
        #expect(node.value.members?.first?.keyPosition == pos(1, 2))
        #expect(node["a"]?.position == pos(1, 7))
        // Also through the String entry point.
        #expect(try parse("\u{FEFF}[true]").value.elements?.first?.position == pos(1, 2))
        // A BOM alone is empty input.
        #expect(throws: JSONSyntaxError.self) { try parseBytes([0xEF, 0xBB, 0xBF]) }
    }

    @Test func positionDescription() {
        #expect(pos(12, 7).description == "12:7")
        #expect(pos(1, 9) < pos(2, 1))
        #expect(pos(2, 1) < pos(2, 3))
    }

    @Test func manyValuesOnOneLineGetCorrectColumns() throws {
        // Minified input: every column is computed on the same (long) line.
        let count = 5_000
        let text = "[" + (0..<count).map { _ in "\"é\"" }.joined(separator: ",") + "]"
        let elements = try #require(try parse(text).value.elements)
        #expect(elements.count == count)
        for (index, element) in elements.enumerated() {
            #expect(element.position.line == 1)
            if element.position.column != 2 + 4 * index {
                Issue.record("element \(index) at \(element.position)")
                break
            }
        }
    }
}

// MARK: - Invalid UTF-8

@Suite struct JSONReaderUTF8Tests {
    @Test func invalidBytesAreReplacedAndCounted() throws {
        let quote = UInt8(ascii: "\"")
        let cases: [([UInt8], String, Int)] = [
            ([quote, 0x61, 0xFF, 0x62, quote], "a\u{FFFD}b", 1),
            ([quote, 0xC3, quote], "\u{FFFD}", 1),  // truncated 2-byte sequence
            ([quote, 0xE2, 0x82, quote], "\u{FFFD}", 1),  // truncated 3-byte sequence
            ([quote, 0x80, 0x80, quote], "\u{FFFD}\u{FFFD}", 2),  // stray continuation bytes
            ([quote, 0xC0, 0xAF, quote], "\u{FFFD}\u{FFFD}", 2),  // overlong
            ([quote, 0xED, 0xA0, 0x80, quote], "\u{FFFD}\u{FFFD}\u{FFFD}", 3),  // encoded surrogate
            ([quote, 0xC3, 0xA9, 0xFF, quote], "é\u{FFFD}", 1),
        ]
        for (bytes, expected, count) in cases {
            let (node, invalid) = try parseBytes(bytes)
            #expect(node.value.asString == expected, "\(bytes)")
            #expect(invalid == count, "\(bytes)")
        }
    }

    @Test func invalidBytesInStringsWithEscapes() throws {
        let bytes: [UInt8] = Array(#""a\n"#.utf8) + [0xFE] + Array(#"\u00e9"#.utf8) + [0xC3] + Array(#"\t""#.utf8)
        let (node, invalid) = try parseBytes(bytes)
        #expect(node.value.asString == "a\n\u{FFFD}é\u{FFFD}\t")
        #expect(invalid == 2)
    }

    @Test func countsAddUpOverTheDocumentIncludingKeys() throws {
        let bytes: [UInt8] =
            Array(#"{""#.utf8) + [0xFF] + Array(#"": [""#.utf8) + [0xFF, 0xFF]
            + Array(#"", "ok", "é"]}"#.utf8)
        let (node, invalid) = try parseBytes(bytes)
        #expect(invalid == 3)
        let member = try #require(node.value.members?.first)
        #expect(member.key == "\u{FFFD}")
        #expect(member.value.value.elements?.compactMap(\.value.asString) == ["\u{FFFD}\u{FFFD}", "ok", "é"])
    }

    @Test func invalidBytesOutsideStringsAreSyntaxErrors() {
        #expect(throws: JSONSyntaxError.self) { try parseBytes([0x5B, 0xFF, 0x5D]) }
    }
}

// MARK: - Errors

/// (input, line, column, message)
private let errorCases: [(String, Int, Int, String)] = [
    // Empty and trailing input.
    ("", 1, 1, "empty input"),
    ("  \n  ", 2, 3, "empty input"),
    ("[1, 2] x", 1, 8, "unexpected text after the JSON value"),
    ("{}{}", 1, 3, "unexpected text after the JSON value"),
    ("1 2", 1, 3, "unexpected text after the JSON value"),
    ("\"a\" \n  ,", 2, 3, "unexpected text after the JSON value"),
    // Arrays.
    ("[}", 1, 2, "expected a value or ']', found '}'"),
    ("[,1]", 1, 2, "expected a value or ']', found ','"),
    ("[", 1, 2, "expected a value or ']', found end of input"),
    ("[1, }", 1, 5, "expected a value, found '}'"),
    ("[1,,2]", 1, 4, "expected a value, found ','"),
    ("[1 2]", 1, 4, "missing ',' between array elements"),
    ("[\"a\"\n \"b\"]", 2, 2, "missing ',' between array elements"),
    ("[1,]", 1, 3, "trailing comma before ']'"),
    ("[1,\n  ]", 1, 3, "trailing comma before ']'"),
    ("[1}", 1, 3, "expected ',' or ']' after an array element, found '}'"),
    (
        "[1", 1, 3,
        "expected ',' or ']' after an array element, found end of input (the array starting at 1:1 is not closed)"
    ),
    ("[1,", 1, 4, "expected a value, found end of input"),
    // Objects.
    ("{\"a\":1,}", 1, 7, "trailing comma before '}'"),
    ("{\"a\":1 \"b\":2}", 1, 8, "missing ',' between object members"),
    ("{\"a\":1]", 1, 7, "expected ',' or '}' after an object member, found ']'"),
    ("{\"a\" 1}", 1, 6, "expected ':' after object key, found '1'"),
    ("{\"a\"", 1, 5, "expected ':' after object key, found end of input"),
    ("{\"a\":}", 1, 6, "expected a value, found '}'"),
    ("{\"a\":", 1, 6, "expected a value, found end of input"),
    ("{a:1}", 1, 2, "expected a string key or '}', found 'a'"),
    ("{'a':1}", 1, 2, "expected a string key or '}', found \"'\" (JSON strings use double quotes)"),
    ("{", 1, 2, "expected a string key or '}', found end of input"),
    ("{\"a\":1, 2}", 1, 9, "expected a string key after ',', found '2'"),
    ("{\"a\":1,", 1, 8, "expected a string key after ',', found end of input"),
    (
        " {\"a\": [1]\n", 2, 1,
        "expected ',' or '}' after an object member, found end of input (the object starting at 1:2 is not closed)"
    ),
    // Strings.
    ("\"abc", 1, 1, "unterminated string"),
    ("[1, \"abc\\", 1, 5, "unterminated string"),
    (
        "[\"ab\ncd\"]", 1, 2,
        "unterminated string (a line break comes before the closing '\"'; write \\n for a line break inside a string)"
    ),
    ("\"a\tb\"", 1, 3, "control character U+0009 must be escaped in a string (write \\t)"),
    ("\"a\u{1}b\"", 1, 3, "control character U+0001 must be escaped in a string (write \\u0001)"),
    ("\"\\x\"", 1, 2, "invalid escape '\\x' in string (valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
    ("\"ab\\'\"", 1, 4, "invalid escape '\\'' in string (valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
    ("\"\\u12\"", 1, 2, "invalid \\u escape: expected 4 hexadecimal digits after '\\u'"),
    ("\"\\u12G4\"", 1, 2, "invalid \\u escape: expected 4 hexadecimal digits after '\\u'"),
    ("\"\\n\\uD83D\\u12\"", 1, 10, "invalid \\u escape: expected 4 hexadecimal digits after '\\u'"),
    // Numbers.
    ("01", 1, 1, "leading zeros are not allowed in numbers"),
    ("[-01]", 1, 2, "leading zeros are not allowed in numbers"),
    ("-", 1, 2, "expected a digit after '-', found end of input"),
    ("[-]", 1, 3, "expected a digit after '-', found ']'"),
    ("-x", 1, 2, "expected a digit after '-', found 'x'"),
    (".5", 1, 1, "a number must start with a digit, found '.' (write 0.5, not .5)"),
    ("-.5", 1, 2, "a number must start with a digit, found '.' (write -0.5, not -.5)"),
    ("1.", 1, 3, "expected a digit after the decimal point, found end of input"),
    ("[1.]", 1, 4, "expected a digit after the decimal point, found ']'"),
    ("1.e5", 1, 3, "expected a digit after the decimal point, found 'e5'"),
    ("1e", 1, 3, "expected a digit in the exponent, found end of input"),
    ("1e+", 1, 4, "expected a digit in the exponent, found end of input"),
    ("[1E-x]", 1, 5, "expected a digit in the exponent, found 'x'"),
    ("+1", 1, 1, "a number cannot start with '+'"),
    ("[0x10]", 1, 3, "expected ',' or ']' after an array element, found 'x10'"),
    // Literals and other words.
    ("tru", 1, 1, "invalid literal 'tru' (expected 'true')"),
    ("[nul]", 1, 2, "invalid literal 'nul' (expected 'null')"),
    ("falsey", 1, 1, "invalid literal 'falsey' (expected 'false')"),
    ("True", 1, 1, "JSON literals are lowercase: write 'true', not 'True'"),
    ("{\"a\": NULL}", 1, 7, "JSON literals are lowercase: write 'null', not 'NULL'"),
    ("NaN", 1, 1, "'NaN' is not valid JSON (JSON numbers have no NaN or Infinity)"),
    ("[Infinity]", 1, 2, "'Infinity' is not valid JSON (JSON numbers have no NaN or Infinity)"),
    ("hello", 1, 1, "expected a value, found 'hello' (strings must be in double quotes)"),
    ("{\"a\": 'b'}", 1, 7, "expected a value, found \"'\" (JSON strings use double quotes)"),
    ("[\u{7}]", 1, 2, "expected a value or ']', found control character U+0007"),
    ("[é]", 1, 2, "expected a value or ']', found 'é' (U+00E9)"),
    // Positions after multi-byte characters, tabs and line breaks.
    ("[\"😀\", }", 1, 7, "expected a value, found '}'"),
    ("{\n  \"a\": [1,\n\t2,,\n", 3, 4, "expected a value, found ','"),
    ("{\r\n\"日本\": 1,\r\n\t\"b\" 2}", 3, 6, "expected ':' after object key, found '2'"),
]

@Suite struct JSONReaderErrorTests {
    @Test(arguments: errorCases)
    func syntaxErrors(input: String, line: Int, column: Int, message: String) throws {
        let error = try #require(syntaxError(input), "\(input.debugDescription) should not parse")
        #expect(error.message == message, "\(input.debugDescription)")
        #expect(error.position == pos(line, column), "\(input.debugDescription)")
        #expect(error.description == "\(line):\(column): \(message)")
    }

    @Test func sameErrorsFromBytes() {
        for (input, line, column, message) in errorCases {
            do {
                _ = try JSONReader.parse(Array(input.utf8))
                Issue.record("\(input.debugDescription) should not parse")
            } catch {
                #expect(error.message == message)
                #expect(error.position == pos(line, column))
            }
        }
    }

    @Test func emptyBuffer() {
        do {
            _ = try JSONReader.parse(UnsafeRawBufferPointer(start: nil, count: 0))
            Issue.record("empty buffer should not parse")
        } catch {
            #expect(error.message == "empty input")
            #expect(error.position == pos(1, 1))
            #expect(error.snippet == "")
        }
    }

    @Test func snippets() throws {
        #expect(try #require(syntaxError(#"{"a": 1 "b": 2}"#)).snippet == #""b": 2}"#)
        #expect(try #require(syntaxError("[1, 2,\n  ]\n")).snippet == ",")
        #expect(try #require(syntaxError("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10 11, 12, 13]")).snippet == "11, 12, 13]")
        #expect(try #require(syntaxError("[1 😀😀 abcdefghijklmnopqrstuvwxyz]")).snippet == "😀😀 abcdefghijklmnopq")
        #expect(try #require(syntaxError("\"a\tb\"")).snippet == "\\tb\"")
        #expect(try #require(syntaxError("[\"ab\ncd\"]")).snippet == "\"ab")
        #expect(try #require(syntaxError("[\u{1}]")).snippet == "\\u0001]")
        #expect(try #require(syntaxError("[1")).snippet == "")
    }

    @Test func nestingDepthLimit() throws {
        let limit = JSONReader.maxDepth
        #expect(limit == 512)
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        var node = try parse(deepest)
        var depth = 1
        while let first = node.value.elements?.first {
            node = first
            depth += 1
        }
        #expect(depth == limit)

        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let error = try #require(syntaxError(tooDeep))
        #expect(error.message == "nesting too deep: more than 512 levels of arrays and objects")
        #expect(error.position == pos(1, limit + 1))

        let objects = String(repeating: #"{"a":"#, count: limit + 1)
        #expect(try #require(syntaxError(objects)).position == pos(1, 5 * limit + 1))

        // Far deeper input fails the same way instead of overflowing the stack.
        let huge = String(repeating: "[", count: 1_000_000)
        #expect(try #require(syntaxError(huge)).position == pos(1, limit + 1))
    }
}

// MARK: - Large input

@Suite struct JSONReaderLargeInputTests {
    @Test func largeArraySmokeTest() throws {
        let count = 200_000
        var text = "{\"items\": [\n"
        text.reserveCapacity(count * 48)
        for index in 0..<count {
            text += "  {\"id\": \(index), \"title\": \"item \(index) ✓\", \"w\": 1.5}"
            text += index == count - 1 ? "\n" : ",\n"
        }
        text += "]}\n"
        let (root, invalid) = try JSONReader.parse(Array(text.utf8))
        #expect(invalid == 0)
        let items = try #require(root["items"]?.value.elements)
        #expect(items.count == count)
        let last = items[count - 1]
        #expect(last.position == pos(count + 1, 3))
        #expect(last["id"]?.value.asInt == count - 1)
        #expect(last["title"]?.value.asString == "item \(count - 1) ✓")
        #expect(last["w"]?.position.line == count + 1)
        #expect(items[1234]["id"]?.value.asInt == 1234)
    }
}

// MARK: - Compact text

@Suite struct JSONCompactTextTests {
    @Test func compactTextHasNoSpacesAndKeepsLiteralsOrderAndDuplicates() throws {
        let node = try parse(
            #"{ "z" : [ 1e3 , -0, 12345678901234567890 ], "a": {"b": null, "b": true}, "s": "q\"\\\n\u0001😀", "e": [], "o": {} }"#
        )
        #expect(
            node.compactText
                == #"{"z":[1e3,-0,12345678901234567890],"a":{"b":null,"b":true},"s":"q\"\\\n\u0001😀","e":[],"o":{}}"#)
        #expect(try parse(node.compactText).isSameValue(as: node))
    }

    /// Random trees of nested values, long numbers, escapes and duplicate keys: written
    /// compactly, each reads back to the same tree (the property FuzzJSON checks on any input).
    @Test func compactTextReadsBackToTheSameTree() throws {
        var rng = SplitMix64(seed: 25)
        let numbers = [
            "0", "-0", "7", "-12", "1.5", "1e3", "1E-7", "-2.50e+10", "12345678901234567890",
            "98765432109876543210987654321", "1e999", "0.000000000000000000001",
        ]
        let strings = ["", "a", "é", "😀", "\"", "\\", "\n", "\t", "\u{1}", "\u{7F}", "a b", "\u{2028}"]
        func value(_ depth: Int) -> String {
            switch rng.next(depth > 3 ? 4 : 6) {
            case 0: return ["null", "true", "false"][rng.next(3)]
            case 1: return numbers[rng.next(numbers.count)]
            case 2, 3: return JSONText.quoted(strings[rng.next(strings.count)] + strings[rng.next(strings.count)])
            case 4: return "[" + (0..<rng.next(4)).map { _ in value(depth + 1) }.joined(separator: " , ") + "]"
            default:
                return "{ "
                    + (0..<rng.next(4)).map { _ in
                        JSONText.quoted(strings[rng.next(strings.count)]) + " :" + value(depth + 1)
                    }.joined(separator: ",\n") + "}"
            }
        }
        for _ in 0..<2_000 {
            let text = value(0)
            let node = try parse(text)
            let compact = node.compactText
            let again = try parse(compact)
            #expect(again.isSameValue(as: node), "\(text) -> \(compact)")
            #expect(again.compactText == compact)
            #expect(!compact.contains(" , ") && !compact.contains("\n"))
        }
    }
}
