// The TOML reader: any bytes give a table or an error inside the input; a table written back
// as TOML (every table inline) reads back to the same values.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let table: TOMLTable
    do {
        table = try TOMLReader.parse(bytes)
    } catch {
        Fuzz.check(
            Fuzz.isInside(line: error.position.line, column: error.position.column, of: bytes),
            "position outside the input: \(error)")
        Fuzz.check(Fuzz.isSafeOneLine(error.description), "unsafe message: \(error.description.debugDescription)")
        return 0
    }
    let written = TOMLWriter.document(table)
    let again: TOMLTable
    do {
        again = try TOMLReader.parse(written)
    } catch {
        // Arrays of tables written inline nest one level more than their headers did.
        if error.message.contains("levels deep") { return 0 }
        Fuzz.fail("the written document does not read back: \(error)\n\(written)")
    }
    Fuzz.check(
        TOMLWriter.same(.table(table), .table(again)), "the written document reads back differently:\n\(written)")
    return 0
}

/// Writes values as TOML: every key on one line at the top, tables and arrays inline.
enum TOMLWriter {
    static func document(_ table: TOMLTable) -> String {
        table.entries.map { TOMLText.keyNameWritable($0.key) + " = " + value($0.node.value) + "\n" }.joined()
    }

    static func value(_ value: TOMLValue) -> String {
        switch value {
        case .string(let text): return string(text)
        case .integer(let number): return String(number)
        case .float(let number):
            if number.isNaN { return "nan" }
            if number.isInfinite { return number < 0 ? "-inf" : "inf" }
            return "\(number)"
        case .boolean(let flag): return String(flag)
        case .dateTime(let dateTime): return dateTime.description
        case .array(let elements): return "[" + elements.map { self.value($0.value) }.joined(separator: ", ") + "]"
        case .table(let table):
            return "{"
                + table.entries.map { TOMLText.keyNameWritable($0.key) + " = " + self.value($0.node.value) }
                .joined(separator: ", ") + "}"
        }
    }

    /// A basic string with every control escaped.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let digits = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Equal values, positions aside (and nan equal to nan).
    static func same(_ a: TOMLValue, _ b: TOMLValue) -> Bool {
        switch (a, b) {
        case (.float(let x), .float(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0.value, $1.value) }
        case (.table(let x), .table(let y)):
            return x.keys == y.keys && zip(x.entries, y.entries).allSatisfy { same($0.node.value, $1.node.value) }
        default: return a == b
        }
    }
}

extension TOMLText {
    /// A key as it can be written back: bare, else a basic string with escapes.
    static func keyNameWritable(_ key: String) -> String { isBareKey(key) ? key : TOMLWriter.string(key) }
}
