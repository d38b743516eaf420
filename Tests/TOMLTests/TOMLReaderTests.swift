// The TOML reader: values, tables and the rules of which table may take which keys, and a
// positioned error for every invalid document.
//
// (The reader also passes every TOML 1.0 case of the toml-test suite, checked by hand when it
// was written; those files are not copied here.)

import Schema
import Testing
@testable import TOML

/// The document's values as plain Swift values, to compare whole documents in one line.
private func plain(_ value: TOMLValue) -> AnyHashable {
    switch value {
    case .string(let text): return text
    case .integer(let number): return number
    case .float(let number): return number.isNaN ? "nan" : AnyHashable(number)
    case .boolean(let flag): return flag
    case .dateTime(let dateTime): return "date:" + dateTime.description
    case .array(let elements): return elements.map { plain($0.value) }
    case .table(let table):
        return Dictionary(uniqueKeysWithValues: table.entries.map { ($0.key, plain($0.node.value)) })
    }
}

private func read(_ text: String) throws -> [String: AnyHashable] {
    plain(.table(try TOMLReader.parse(text))) as! [String: AnyHashable]
}

/// The error a document gives, as `line:column: message`.
private func failure(_ text: String) -> String? {
    do {
        _ = try TOMLReader.parse(text)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct TOMLValueTests {
    @Test func strings() throws {
        let document = try read(
            #"""
            basic = "tab\there \"quoted\" \u00E9 \U0001F600"
            literal = 'C:\path\no escapes'
            multi = """
            one
            two"""
            trimmed = """\
                   joined \
                   here"""
            quotes = """a ""quoted"" word"""""
            literal_multi = '''
            keeps \n as written'''
            empty = ""
            """#)
        #expect(document["basic"] == AnyHashable("tab\there \"quoted\" é 😀"))
        #expect(document["literal"] == AnyHashable(#"C:\path\no escapes"#))
        #expect(document["multi"] == AnyHashable("one\ntwo"))
        #expect(document["trimmed"] == AnyHashable("joined here"))
        #expect(document["quotes"] == AnyHashable(#"a ""quoted"" word"""#))
        #expect(document["literal_multi"] == AnyHashable(#"keeps \n as written"#))
        #expect(document["empty"] == AnyHashable(""))
    }

    @Test func crlfLineEndsInMultilineStringsBecomeLineFeeds() throws {
        #expect(try read("a = \"\"\"\r\none\r\ntwo\"\"\"\r\n")["a"] == AnyHashable("one\ntwo"))
    }

    @Test func integers() throws {
        let document = try read(
            """
            a = 42
            b = -17
            c = +0
            d = 1_000_000
            e = 0xDEAD_beef
            f = 0o755
            g = 0b1101
            max = 9223372036854775807
            min = -9223372036854775808
            """)
        #expect(document["a"] == AnyHashable(Int64(42)))
        #expect(document["b"] == AnyHashable(Int64(-17)))
        #expect(document["c"] == AnyHashable(Int64(0)))
        #expect(document["d"] == AnyHashable(Int64(1_000_000)))
        #expect(document["e"] == AnyHashable(Int64(0xDEADBEEF)))
        #expect(document["f"] == AnyHashable(Int64(0o755)))
        #expect(document["g"] == AnyHashable(Int64(13)))
        #expect(document["max"] == AnyHashable(Int64.max))
        #expect(document["min"] == AnyHashable(Int64.min))
    }

    @Test func floats() throws {
        let document = try read(
            """
            a = 0.5
            b = -3.25e2
            c = 1e06
            d = 6.626E-34
            e = 1_000.000_1
            f = inf
            g = -inf
            h = nan
            """)
        #expect(document["a"] == AnyHashable(0.5))
        #expect(document["b"] == AnyHashable(-325.0))
        #expect(document["c"] == AnyHashable(1e6))
        #expect(document["d"] == AnyHashable(6.626e-34))
        #expect(document["e"] == AnyHashable(1000.0001))
        #expect(document["f"] == AnyHashable(Double.infinity))
        #expect(document["g"] == AnyHashable(-Double.infinity))
        #expect(document["h"] == AnyHashable("nan"))
    }

    @Test func booleansAndDateTimes() throws {
        let document = try read(
            """
            yes = true
            no = false
            offset = 1979-05-27T07:32:00.999999-07:00
            utc = 1979-05-27 07:32:00z
            local = 1979-05-27T07:32:00
            day = 2024-02-29
            time = 00:32:00.5
            """)
        #expect(document["yes"] == AnyHashable(true))
        #expect(document["no"] == AnyHashable(false))
        #expect(document["offset"] == AnyHashable("date:1979-05-27T07:32:00.999999-07:00"))
        #expect(document["utc"] == AnyHashable("date:1979-05-27T07:32:00Z"))
        #expect(document["local"] == AnyHashable("date:1979-05-27T07:32:00"))
        #expect(document["day"] == AnyHashable("date:2024-02-29"))
        #expect(document["time"] == AnyHashable("date:00:32:00.5"))
    }

    @Test func arraysOverSeveralLinesWithCommentsAndATrailingComma() throws {
        let document = try read(
            """
            a = [
              1, # one
              "two",
              [3, 4],
              { five = 5 },
            ]
            empty = []
            """)
        #expect(
            document["a"]
                == AnyHashable(
                    [
                        Int64(1), "two", [Int64(3), Int64(4)] as [AnyHashable],
                        ["five": Int64(5)] as [String: AnyHashable],
                    ] as [AnyHashable]))
        #expect(document["empty"] == AnyHashable([AnyHashable]()))
    }
}

@Suite struct TOMLTableTests {
    @Test func headersDottedKeysAndInlineTables() throws {
        let document = try read(
            """
            title = "top"
            [server]
            host = "a"
            limits.max = 3
            limits."quoted key" = 4
            [server.tls]
            on = true
            [ 'odd key' . sub ]
            x = { a.b = 1, c = 2 }
            """)
        #expect(
            document == [
                "title": "top",
                "server": [
                    "host": "a", "limits": ["max": Int64(3), "quoted key": Int64(4)] as [String: AnyHashable],
                    "tls": ["on": true] as [String: AnyHashable],
                ] as [String: AnyHashable],
                "odd key": [
                    "sub": [
                        "x": ["a": ["b": Int64(1)] as [String: AnyHashable], "c": Int64(2)] as [String: AnyHashable]
                    ] as [String: AnyHashable]
                ] as [String: AnyHashable],
            ])
    }

    @Test func arraysOfTablesAndTheirSubtables() throws {
        let document = try read(
            """
            [[point]]
            x = 1
            [point.label]
            text = "a"
            [[point]]
            x = 2
            [[point.tags]]
            name = "t"
            """)
        #expect(
            document == [
                "point": [
                    ["x": Int64(1), "label": ["text": "a"] as [String: AnyHashable]] as [String: AnyHashable],
                    ["x": Int64(2), "tags": [["name": "t"] as [String: AnyHashable]] as [AnyHashable]]
                        as [String: AnyHashable],
                ] as [AnyHashable]
            ])
    }

    @Test func anImplicitTableMayBeDefinedLaterOnce() throws {
        #expect(
            try read("[a.b]\nx = 1\n[a]\ny = 2\n") == [
                "a": ["b": ["x": Int64(1)] as [String: AnyHashable], "y": Int64(2)] as [String: AnyHashable]
            ])
        #expect(failure("[a.b]\n[a]\n[a]\n") == "3:1: [a] is defined twice (first at line 2); a table is defined once")
    }

    @Test func aHeaderMayDefineATableBelowOneMadeByDottedKeys() throws {
        #expect(
            try read("[a]\nb.c = 1\n[a.b.d]\ne = 2\n")
                == [
                    "a": ["b": ["c": Int64(1), "d": ["e": Int64(2)] as [String: AnyHashable]] as [String: AnyHashable]]
                        as [String: AnyHashable]
                ])
    }

    @Test func entriesKeepTheOrderAndPositionsOfTheirKeys() throws {
        let table = try TOMLReader.parse("z = 1\n[layout]\n  side = \"left\"\n\"α\".\"β\" = 2\n")
        #expect(table.keys == ["z", "layout"])
        #expect(table["layout"]?.keyPosition == SourcePosition(line: 2, column: 2))
        #expect(table["layout"]?.node.position == SourcePosition(line: 2, column: 1))
        guard case .table(let layout)? = table["layout"]?.node.value else {
            Issue.record("no layout table")
            return
        }
        #expect(layout["side"]?.keyPosition == SourcePosition(line: 3, column: 3))
        #expect(layout["side"]?.node.position == SourcePosition(line: 3, column: 10))
        guard case .table(let alpha)? = layout["α"]?.node.value else {
            Issue.record("no dotted table")
            return
        }
        // Columns count scalars, not bytes.
        #expect(alpha["β"]?.keyPosition == SourcePosition(line: 4, column: 5))
        #expect(alpha["β"]?.node.position == SourcePosition(line: 4, column: 11))
    }

    @Test func aByteOrderMarkAndCRLFLinesAreRead() throws {
        #expect(
            try read("\u{FEFF}a = 1\r\n[b]\r\nc = 2\r\n") == [
                "a": Int64(1), "b": ["c": Int64(2)] as [String: AnyHashable],
            ])
    }
}

@Suite struct TOMLErrorTests {
    /// Each invalid document with the error it must give: the position is where the problem
    /// is, the message says what is wrong.
    @Test(
        arguments: [
            // The half-edited headers that crashed TOMLKit (issue 11).
            ("[# layout\n", "1:2: expected a key (letters, digits, _ and -, or a quoted string), found '#'"),
            ("[ #x]", "1:3: expected a key (letters, digits, _ and -, or a quoted string), found '#'"),
            ("[[#", "1:3: expected a key (letters, digits, _ and -, or a quoted string), found '#'"),
            ("[layout", "1:8: expected ']' to close the header [layout, found the end of the file"),
            ("[[a]", "1:5: expected ']]' to close the header [[a], found the end of the file"),
            ("[a] x = 1", "1:5: expected the end of the line after the header, found 'x'"),
            // Keys and values.
            ("a", "1:2: expected '=' after the key \"a\", found the end of the file"),
            ("a =", "1:4: expected a value, found the end of the file"),
            ("a = \n", "1:5: expected a value, found the end of the line"),
            ("= 1", "1:1: expected a key (letters, digits, _ and -, or a quoted string), found '='"),
            ("a = 1 2", "1:7: expected the end of the line after the value, found '2'"),
            ("a = left", "1:5: expected a value, found left (a string is written in quotes: \"left\")"),
            ("a = 1\na = 2", "2:1: the key \"a\" is defined twice (first at line 1, column 1)"),
            ("a.b = 1\na.b = 2", "2:3: the key \"a.b\" is defined twice (first at line 1, column 3)"),
            ("a = 1\na.b = 2", "2:1: \"a\" is already an integer (line 1), so it cannot hold keys"),
            ("\"\"\"a\"\"\" = 1", "1:1: a key cannot be a multi-line string"),
            // Strings.
            ("a = \"open", "1:5: this string has no closing '\"'"),
            (
                "a = \"two\nlines\"",
                "1:5: this string has no closing '\"' on its line (a string of several lines is written \"\"\"...\"\"\")"
            ),
            ("a = 'open", "1:5: this string has no closing \"'\""),
            ("a = \"\"\"open", "1:5: this string has no closing '\"\"\"'"),
            (
                "a = \"\\q\"",
                "1:6: unknown escape \\q; a string knows \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX and \\UXXXXXXXX"
            ),
            ("a = \"\\uD800\"", "1:6: U+D800 is not a Unicode scalar value (a surrogate, or past U+10FFFF)"),
            ("a = \"\\u12\"", "1:6: \\u takes 4 hexadecimal digits"),
            (
                "a = \"bell\u{07}\"",
                "1:10: the control character U+0007 must be written as an escape in a string (\\u0007)"
            ),
            (
                "a = \"\"\"x\"\"\"\"\"\"",
                "1:14: too many quotes in a row: at most two can come before the closing three"
            ),
            // Numbers and dates.
            ("a = 01", "1:5: \"01\" is not a valid number: leading zeros are not allowed"),
            ("a = 1__0", "1:5: \"1__0\" is not a valid number: an underscore must stand between two digits"),
            ("a = 1.", "1:5: \"1.\" is not a valid number: a digit must follow the decimal point"),
            ("a = 1e", "1:5: \"1e\" is not a valid number: the exponent has no digits"),
            (
                "a = 9223372036854775808",
                "1:5: \"9223372036854775808\" is not a valid number: it does not fit in 64 bits"
            ),
            ("a = -0x1", "1:5: \"-0x1\" is not a valid number: a hexadecimal, octal or binary number takes no sign"),
            ("a = 0xG", "1:5: \"0xG\" is not a valid number: 'G' is not a digit here"),
            ("a = 1e400", "1:5: \"1e400\" is not a valid number: it is too large for a 64-bit float"),
            (
                "a = 2023-02-29",
                "1:5: \"2023-02-29\" is not a valid date or time (e.g. 1979-05-27T07:32:00Z, 1979-05-27, 07:32:00)"
            ),
            (
                "a = 25:00:00",
                "1:5: \"25:00:00\" is not a valid date or time (e.g. 1979-05-27T07:32:00Z, 1979-05-27, 07:32:00)"
            ),
            (
                "a = 07:32:00Z",
                "1:5: \"07:32:00Z\" is not a valid date or time (e.g. 1979-05-27T07:32:00Z, 1979-05-27, 07:32:00)"
            ),
            // Arrays and inline tables.
            ("a = [1, 2", "1:5: this array has no closing ']'"),
            ("a = [1 2]", "1:8: expected ',' or ']' after an element of the array, found '2'"),
            ("a = [,]", "1:6: expected a value, found ','"),
            ("a = { b = 1,}", "1:13: no comma after the last entry of an inline table"),
            (
                "a = { b = 1\n}",
                "1:5: this inline table has no closing '}' on its line (an inline table is written on one line)"
            ),
            ("a = { b = 1, b = 2 }", "1:14: the key \"b\" is defined twice (first at line 1, column 7)"),
            ("a = { b = 1 }\na.c = 2", "2:1: \"a\" is already a table (line 1), so it cannot hold keys"),
            ("a = { b = 1 }\n[a]", "2:1: [a]: the key is already a table (line 1)"),
            // Tables.
            ("[a]\n[a]", "2:1: [a] is defined twice (first at line 1); a table is defined once"),
            ("[a]\nb.c = 1\n[a.b]", "3:1: [a.b] is already defined by dotted keys (line 2); a table is defined once"),
            (
                "[a.b.c]\n[a]\nb.d = 1",
                "3:1: cannot add keys to the table \"a.b\" with a dotted key: it is a [table] (line 1); write the key under its header"
            ),
            ("a = 1\n[a.b]", "2:2: [a.b]: \"a\" is already an integer (line 1), so it cannot hold a table"),
            ("[[a]]\n[a]", "2:1: [a] is an array of tables (line 1); add an element with [[a]]"),
            ("[a]\n[[a]]", "2:1: [[a]]: \"a\" is already a table (line 1), not an array of tables"),
            (
                "a = []\n[[a]]",
                "2:1: [[a]]: the key is already an array (line 1); an array written with [ ] cannot be extended by [[ ]]"
            ),
            // Bytes.
            ("a = 1 # bell \u{07}", "1:14: the control character U+0007 is not allowed in a comment"),
            ("a = 1\r", "1:6: a carriage return must be followed by a line feed"),
            ("a = \u{202E}", "1:5: expected a value, found U+202E"),
            ("a = é", "1:5: expected a value, found 'é' (U+00E9)"),
        ] as [(String, String)])
    func invalidDocuments(_ document: String, _ expected: String) {
        #expect(failure(document) == expected)
    }

    @Test func invalidUTF8IsAnErrorAtItsByte() {
        let bytes: [UInt8] = Array("a = \"ok\"\nb = \"".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
        #expect(
            throws: TOMLError(
                position: SourcePosition(line: 2, column: 6),
                message: "invalid UTF-8 (a sequence starting with the byte 0xC3 is cut short); TOML files are UTF-8")
        ) {
            try TOMLReader.parse(bytes)
        }
        #expect(
            throws: TOMLError(
                position: SourcePosition(line: 1, column: 1),
                message: "invalid UTF-8 (the byte 0xFF); TOML files are UTF-8")
        ) {
            try TOMLReader.parse([0xFF])
        }
    }

    @Test func nestingDeeperThanTheLimitIsAnError() throws {
        let depth = TOMLReader.maximumDepth
        _ = try TOMLReader.parse("a = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(
            failure("a = " + String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1))
                == "1:\(5 + depth): arrays and tables nest more than \(depth) levels deep")
        let deepHeader = "[" + Array(repeating: "k", count: depth + 1).joined(separator: ".") + "]"
        #expect(failure(deepHeader)?.hasSuffix("tables nest more than \(depth) levels deep") == true)
        let deepInline =
            "a = " + String(repeating: "{b=", count: depth + 1) + "1" + String(repeating: "}", count: depth + 1)
        #expect(failure(deepInline)?.hasSuffix("nest more than \(depth) levels deep") == true)
    }

    @Test func messagesShowUnsafeCharactersAsEscapes() {
        #expect(TOMLScanner.quoted("a\u{1B}[2J\u{202E}b\u{200D}c") == "\"a\\u001B[2J\\u202Eb\u{200D}c\"")
        #expect(
            failure("\"\\u001B[31m\" = 1\n\"\\u001B[31m\" = 2")
                == "2:1: the key \"\\u001B[31m\" is defined twice (first at line 1, column 1)")
    }
}
