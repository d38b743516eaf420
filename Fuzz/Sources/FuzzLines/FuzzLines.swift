// Plain lines, and a file with no extension, whose format is sniffed from its first bytes
// (so every loader is reached from arbitrary bytes).

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (header, body) = Fuzz.split(UnsafeRawBufferPointer(start: data, count: size), header: 2)
    let sniffed = header[0] & 1 == 1
    Fuzz.loadAndLayOut(
        body, name: sniffed ? "fuzz" : "fuzz.txt",
        options: CatalogLoader.Options(format: sniffed ? nil : .lines), header: header)
    return 0
}
