// fzf's --bind (BindSyntax.swift, and [bind] of the configuration through FuzzConfig). Any
// text gives bindings or one safe line placed inside the text; the same text reads the same
// twice; every action read has a name a binding writes (the help shows it), and read back from
// that name it is the same action, as long as its argument holds no delimiter.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let bindings: UserBindings
    do {
        bindings = try UserBindings(parsing: [text])
    } catch {
        Fuzz.check(Fuzz.isSafeOneLine(error.description), "unsafe message: \(error.description.debugDescription)")
        // (Columns count scalars, as the reader reads them.)
        Fuzz.check(
            (0...text.unicodeScalars.count).contains(error.offset), "the column \(error.offset + 1) is outside the text"
        )
        return 0
    }
    Fuzz.check((try? UserBindings(parsing: [text])) == bindings, "the text reads differently twice")
    Fuzz.check(Set(bindings.order).count == bindings.order.count, "a trigger is listed twice")
    for trigger in bindings.order {
        guard let actions = bindings.actions(for: trigger) else {
            Fuzz.fail("\(trigger) is listed with no actions")
            return 0
        }
        for action in actions {
            guard let name = BindableAction.name(of: action) else {
                Fuzz.fail("\(action) has no name")
                return 0
            }
            // An argument with no bracket, +, comma or colon reads back from the name.
            let argument = name.drop { $0 != "(" }.dropFirst().dropLast()
            guard !argument.contains(where: { "()+,:".contains($0) }) else { continue }
            let again = try? UserBindings(parsing: ["ctrl-a:" + name])
            Fuzz.check(again?.keys[.control("a")] == [action], "\(name.debugDescription) reads back otherwise")
        }
    }
    return 0
}
