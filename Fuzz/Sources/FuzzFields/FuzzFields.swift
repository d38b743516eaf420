// Plain lines with fields and grouping: the field index expressions (--nth, --with-nth,
// --accept-nth, --group-nth) read from the input's first line, the delimiter and the grouping
// chosen by the header, the rest loaded as lines (also in parts, as a stream arrives, which
// must give what the whole read gives), laid out and drawn; --accept-nth of every line printed.
// Regular expressions come from a fixed list: a pattern the fuzzer wrote could backtrack for
// ever, which is the regex engine's to bound, not this parser's.

import FuzzSupport

private let delimiters: [FieldDelimiter] = [
    .whiteSpace, .string(","), .string("\t"), .string("::"), .string(""), FieldDelimiter(argument: "[,:]+"),
    FieldDelimiter(argument: "\\s+"),
]
private let groupKeys: [LineFields.GroupKey?] = [nil, .dirname, .fileExtension, .pattern("^(.)"), .pattern("[0-9]+")]
private let headings: [String?] = [nil, "^#+ ?(.*)", "^[A-Z]"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (header, body) = Fuzz.split(UnsafeRawBufferPointer(start: data, count: size), header: 4)
    // The first line: up to four expressions, tab-separated.
    let firstLine = body.firstIndex(of: 10) ?? body.count
    let expressions = String(decoding: body[..<firstLine], as: UTF8.self).split(
        separator: "\t", omittingEmptySubsequences: false
    ).map(String.init)
    var parsed: [FieldIndices?] = []
    for text in expressions.prefix(4) {
        let indices = FieldIndices(parsing: text)
        if let indices {
            Fuzz.check(indices.description == text, "an expression's text changed: \(text.debugDescription)")
            Fuzz.check(
                indices.ranges.count == text.split(separator: ",", omittingEmptySubsequences: false).count,
                "\(text.debugDescription): \(indices.ranges.count) ranges")
            Fuzz.check(FieldIndices(parsing: text) == indices, "\(text.debugDescription) reads back otherwise")
        } else {
            let problem = FieldIndices.problem(option: "--nth", text: text)
            Fuzz.check(Fuzz.isSafeOneLine(problem), "unsafe message: \(problem.debugDescription)")
        }
        parsed.append(indices)
    }
    while parsed.count < 4 { parsed.append(nil) }
    let delimiter = delimiters[Int(header[0]) % delimiters.count]
    var fields = LineFields(
        delimiter: delimiter, nth: parsed[0], withNth: parsed[1], acceptNth: parsed[2],
        groupNth: header[1] & 1 == 1 ? parsed[3] : nil, groupBy: groupKeys[Int(header[2]) % groupKeys.count],
        heading: nil, sortsGroups: header[1] & 2 == 2)
    if fields.groupNth == nil && fields.groupBy == nil {
        fields.heading = headings[Int(header[3]) % headings.count]
    }
    let lines = Array(body[min(firstLine + 1, body.count)...])
    let catalog = Fuzz.loadAndLayOut(
        lines, name: "fuzz.txt", options: CatalogLoader.Options(headerLines: Int(header[3] >> 6), fields: fields),
        header: header)
    for section in catalog?.sections ?? [] {
        for item in section.items {
            let line = item.line ?? item.label
            _ = fields.acceptedText(of: line)
            if case .string(let text) = delimiter, !text.isEmpty {
                // All the fields, less the delimiter that ends the line: the line.
                var whole = fields
                whole.acceptNth = FieldIndices(parsing: "..")
                var expected = line
                if expected.utf8.count >= text.utf8.count
                    && expected.utf8.suffix(text.utf8.count).elementsEqual(text.utf8)
                {
                    expected = String(decoding: expected.utf8.dropLast(text.utf8.count), as: UTF8.self)
                }
                Fuzz.check(
                    whole.acceptedText(of: line) == expected,
                    "--accept-nth .. of \(line.debugDescription): \(whole.acceptedText(of: line).debugDescription)")
            }
        }
    }
    return 0
}
