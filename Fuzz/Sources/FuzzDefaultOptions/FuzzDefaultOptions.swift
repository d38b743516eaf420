// SPLITVIEW_DEFAULT_OPTS's reader: any text gives words or one safe line saying why not; words
// written back, each in single quotes, read back as the same words.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let words: [String]
    do {
        words = try DefaultOptions.split(text)
    } catch {
        Fuzz.check(Fuzz.isSafeOneLine(error.description), "unsafe message: \(error.description.debugDescription)")
        return 0
    }
    let written = words.map {
        "'" + $0.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }.joined(separator: " ")
    do {
        let again = try DefaultOptions.split(written)
        Fuzz.check(again == words, "the words written back read differently: \(written.debugDescription)")
    } catch {
        Fuzz.fail("the words written back do not read: \(written.debugDescription)")
    }
    return 0
}
