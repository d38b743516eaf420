// JSONReader: any bytes give a document or an error at a position inside the input; a document
// written back as compact JSON reads back to the same tree, numbers by their literal (issue 25:
// nested values and numbers as written are kept, in fields and in --print json).

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let node: JSONNode
    do {
        node = try JSONReader.parse(bytes).node
    } catch {
        Fuzz.check(
            Fuzz.isInside(line: error.position.line, column: error.position.column, of: bytes),
            "position \(error.position) outside the input: \(error)")
        Fuzz.check(Fuzz.isSafeOneLine(error.description), "unsafe message: \(error.description.debugDescription)")
        Fuzz.check(Fuzz.isSafeOneLine(error.snippet), "unsafe snippet: \(error.snippet.debugDescription)")
        return 0
    }
    let compact = node.compactText
    let again: JSONNode
    do {
        again = try JSONReader.parse(compact)
    } catch {
        Fuzz.fail("the compact text does not read back: \(error)\n\(compact.debugDescription)")
    }
    Fuzz.check(again.isSameValue(as: node), "the compact text reads back differently: \(compact.debugDescription)")
    Fuzz.check(again.compactText == compact, "the compact text of the compact text differs")
    checkNumbers(node)
    return 0
}

/// Every number keeps its literal as a field's text, and converts without trapping.
func checkNumbers(_ node: JSONNode) {
    var stack = [node]
    while let next = stack.popLast() {
        switch next.value {
        case .number(let number):
            let field = next.field(named: "n")
            Fuzz.check(field.value == number.literal && field.kind == .number, "a number's field is not its literal")
            if let whole = next.integerValue {
                Fuzz.check(String(whole) == number.literal || number.literal == "-0", "\(number) read as \(whole)")
            }
            _ = next.numberValue
        case .array(let elements): stack += elements
        case .object(let members): stack += members.map(\.value)
        default: break
        }
    }
}
