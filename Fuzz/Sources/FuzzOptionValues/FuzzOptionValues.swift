// Option values read by hand: SPLITVIEW_DEFAULT_OPTS's words and --color's specification. Any
// text gives a value or one safe line saying why not; words written back, each in single
// quotes, read back as the same words; a colour specification that reads applies again to the
// same theme (it is a function of the text alone).

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let theme = try Theme.standard.applying(colors: text)
        Fuzz.check((try? Theme.standard.applying(colors: text)) == theme, "--color reads differently twice")
    } catch {
        Fuzz.check(Fuzz.isSafeOneLine(error.description), "unsafe message: \(error.description.debugDescription)")
    }
    let words: [String]
    do {
        words = try DefaultOptions.split(text)
    } catch {
        Fuzz.check(Fuzz.isSafeOneLine(error.description), "unsafe message: \(error.description.debugDescription)")
        return 0
    }
    // (Scalar by scalar: a quote followed by a combining mark is one Character, which a
    // split on the quote character would not find.)
    let written = words.map { word in
        var quoted = "'"
        for scalar in word.unicodeScalars {
            if scalar == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }.joined(separator: " ")
    do {
        let again = try DefaultOptions.split(written)
        Fuzz.check(again == words, "the words written back read differently: \(written.debugDescription)")
    } catch {
        Fuzz.fail("the words written back do not read: \(written.debugDescription)")
    }
    return 0
}
