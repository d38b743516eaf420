// JSONReader: any bytes give a document or an error at a position inside the input.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        _ = try JSONReader.parse(bytes)
    } catch {
        Fuzz.check(
            Fuzz.isInside(line: error.position.line, column: error.position.column, of: bytes),
            "position \(error.position) outside the input: \(error)")
        Fuzz.check(Fuzz.isSafeOneLine(error.description), "unsafe message: \(error.description.debugDescription)")
        Fuzz.check(Fuzz.isSafeOneLine(error.snippet), "unsafe snippet: \(error.snippet.debugDescription)")
    }
    return 0
}
