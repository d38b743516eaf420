// CSV and TSV files with the column options: the first bytes choose CSV or TSV (and --ansi) and
// each of --section-column, --label-column and --glyph-column (a name, a number, nonsense or
// none). Each
// input is also fed in parts, as a stream arrives (`Fuzz.checkInParts`), cut inside records
// and quoted fields, and must give what the whole read gives.

import FuzzSupport

let columnChoices: [String?] = [
    nil, "1", "2", "3", "0", "-1", "99999999999999999999", "label", "Section", "glyph",
    "name", "nope", "", " 2", "2 ", "+2", "\u{1B}[2J",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (header, body) = Fuzz.split(UnsafeRawBufferPointer(start: data, count: size), header: 4)
    func choice(_ byte: UInt8) -> String? { columnChoices[Int(byte) % columnChoices.count] }
    let columns = ColumnChoice(section: choice(header[1]), label: choice(header[2]), glyph: choice(header[3]))
    let format: DataFormat = header[0] & 1 == 0 ? .csv : .tsv
    Fuzz.loadAndLayOut(
        body, name: format == .csv ? "fuzz.csv" : "fuzz.tsv",
        options: CatalogLoader.Options(format: format, columns: columns, ansi: header[0] & 2 != 0),
        header: [header[0], header[1]])
    return 0
}
