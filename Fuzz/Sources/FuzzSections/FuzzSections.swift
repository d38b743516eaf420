// Sectioned JSON data files: any bytes give sections whose layout can be queried anywhere, or
// one error line inside the input; and read item by item in parts, as a stream arrives, the
// same sections or error (`Fuzz.checkInParts`).

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (header, body) = Fuzz.split(UnsafeRawBufferPointer(start: data, count: size), header: 2)
    Fuzz.loadAndLayOut(body, name: "fuzz.json", options: CatalogLoader.Options(format: .json), header: header)
    return 0
}
