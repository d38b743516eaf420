// JSON Lines data files (the fast path for flat lines and the full parser for the others):
// sections or one error line inside the input, the same when fed in parts as a stream arrives
// (`Fuzz.checkInParts`); and `--print json` of every item, each line valid
// JSON, read back as JSON Lines gives the same items in the same sections (issue 25: types,
// nested values, numbers and the way section, glyph and keywords were written all kept).

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (header, body) = Fuzz.split(UnsafeRawBufferPointer(start: data, count: size), header: 2)
    let options = CatalogLoader.Options(format: .jsonl)
    guard let catalog = Fuzz.loadAndLayOut(body, name: "fuzz.jsonl", options: options, header: header) else {
        return 0
    }
    var printed = ""
    for section in catalog.sections {
        for item in section.items {
            let line = PrintFormat.json.line(for: item, section: section.title)
            do {
                _ = try JSONReader.parse(line)
            } catch {
                Fuzz.fail("--print json wrote a line that is not JSON: \(error)\n\(line.debugDescription)")
            }
            printed += line + "\n"
        }
    }
    let again: Catalog
    do {
        again = try CatalogLoader.parse(Array(printed.utf8), name: "fuzz.jsonl", options: options).catalog
    } catch {
        Fuzz.fail("--print json's lines do not load: \(error)\n\(printed.debugDescription)")
    }
    Fuzz.check(
        again.sections.map(\.title) == catalog.sections.map(\.title), "--print json's lines load other sections")
    for (before, after) in zip(catalog.sections, again.sections) {
        Fuzz.check(
            Array(before.items) == Array(after.items),
            "--print json's lines load other items in \(before.title.debugDescription):\n\(printed.debugDescription)")
    }
    return 0
}
