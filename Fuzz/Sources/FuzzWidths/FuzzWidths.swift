// [widths] keys: a key is taken only when it names one character sequence with no control,
// and the width measure then gives exactly the configured width.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (header, body) = Fuzz.split(UnsafeRawBufferPointer(start: data, count: size), header: 1)
    let key = String(decoding: body, as: UTF8.self)
    switch WidthOverrideKey.parse(key) {
    case .failure(let problem):
        Fuzz.check(Fuzz.isSafeOneLine(problem.message), "unsafe message: \(problem.message.debugDescription)")
    case .success(let sequence):
        Fuzz.check(sequence.count == 1, "\(sequence.debugDescription) is not one character sequence")
        Fuzz.check(Fuzz.isSafeOneLine(sequence), "\(sequence.debugDescription) holds a control")
        let width = Int(header[0] % 3)
        let measure = TextWidth(overrides: [sequence: width])
        Fuzz.check(
            measure.width(of: sequence) == width, "the override \(width) of \(sequence.debugDescription) is not used")
    }
    // The measure of any text is never negative, and a line drawn of it uses what was measured
    // at most.
    let measure = TextWidth()
    let width = measure.width(of: key)
    Fuzz.check(width >= 0, "a negative width")
    return 0
}
