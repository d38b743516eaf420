// JSON Lines data files (the fast path for flat lines and the full parser for the others):
// sections or one error line inside the input.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (header, body) = Fuzz.split(UnsafeRawBufferPointer(start: data, count: size), header: 2)
    Fuzz.loadAndLayOut(body, name: "fuzz.jsonl", options: CatalogLoader.Options(format: .jsonl), header: header)
    return 0
}
