// What a terminal sends back (cursor reports, DA1, DECRPM, keys typed meanwhile) and what a
// user types as a --height: the answers account for every byte, the keys are kept in order, and
// a height taken parses again from its description and always fits the terminal.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let answers = TerminalAnswers(parsing: bytes)
    Fuzz.check(answers.others.count <= bytes.count, "more bytes left over than came")
    Fuzz.check(answers.positions.allSatisfy { $0.row >= 0 && $0.column >= 0 }, "a negative position")
    // What is no answer comes in the order it was typed: a subsequence of the input.
    var index = 0
    for byte in answers.others {
        while index < bytes.count && bytes[index] != byte { index += 1 }
        Fuzz.check(index < bytes.count, "a byte left over that did not come, or out of order")
        index += 1
    }
    // Each answer is a CSI sequence ended by R, c or y: the bytes not left over hold them all.
    let answered = answers.positions.count + answers.deviceAttributes + (answers.clustering == nil ? 0 : 1)
    Fuzz.check(bytes.count - answers.others.count >= answered * 3, "answers made of fewer bytes than they take")
    Fuzz.check(answers.interrupted == bytes.contains(3), "Ctrl-C seen where there is none, or missed")

    let text = String(decoding: bytes, as: UTF8.self)
    if let height = InlineHeight(parsing: text) {
        Fuzz.check(InlineHeight(parsing: height.description) == height, "\(height) does not parse back")
        for terminal in [0, 1, 5, 24, 300] {
            let rows = height.rows(ofTerminal: terminal)
            Fuzz.check(rows >= 1 && rows <= max(1, terminal), "\(height) takes \(rows) rows of \(terminal)")
        }
    }
    return 0
}
