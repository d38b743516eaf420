// --ansi's SGR parser (AnsiText) on any bytes: the text it leaves is the input less whole SGR
// sequences, in order; the runs start inside the text, in increasing order, and read back from
// their stored bytes the same. The bytes are also loaded as lines with --ansi, laid out and
// drawn (in parts too, as a stream), no control reaching a cell.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (header, body) = Fuzz.split(UnsafeRawBufferPointer(start: data, count: size), header: 2)
    var style = header[0] & 1 == 1 ? AnsiStyle(foreground: .indexed(header[1]), bold: true) : .plain
    let start = style
    let stripped = body.withUnsafeBufferPointer { AnsiText.strip($0, style: &style) }
    if let (text, runs) = stripped {
        // A subsequence of the input, no longer than it.
        var position = 0
        for byte in text {
            while position < body.count && body[position] != byte { position += 1 }
            Fuzz.check(position < body.count, "the text is not the input less sequences")
            position += 1
        }
        Fuzz.check(zip(runs, runs.dropFirst()).allSatisfy { $0.start < $1.start }, "runs out of order: \(runs)")
        Fuzz.check(runs.allSatisfy { $0.start < text.count }, "a run past the text: \(runs), \(text.count) bytes")
        let encoded = AnsiText.encode(runs)
        Fuzz.check(encoded.withUnsafeBufferPointer { AnsiText.decode($0) } == runs, "runs not read back: \(runs)")
        if !body.contains(0x1B) { Fuzz.check(text == body, "text changed without an escape") }
    } else {
        Fuzz.check(!body.contains(0x1B) && start == .plain, "no text for a line with an escape or a look")
    }
    Fuzz.loadAndLayOut(
        body, name: "fuzz.txt", options: CatalogLoader.Options(format: .lines, ansi: true), header: header)
    return 0
}
