// Plain lines, and a file with no extension or a pipe, whose format is sniffed from its first
// bytes (so every loader is reached from arbitrary bytes); each input is also fed in parts, as
// a stream arrives, which must give what the whole read gives (`Fuzz.checkInParts`).

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (header, body) = Fuzz.split(UnsafeRawBufferPointer(start: data, count: size), header: 2)
    let sniffed = header[0] & 1 == 1
    // A pipe is sniffed as a file is, but a table must name its label column.
    let piped = sniffed && header[0] & 2 == 2
    Fuzz.loadAndLayOut(
        body, name: piped ? CatalogLoader.standardInputName : sniffed ? "fuzz" : "fuzz.txt",
        options: CatalogLoader.Options(format: sniffed ? nil : .lines), header: header)
    return 0
}
