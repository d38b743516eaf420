// TOML values: strings, integers, floats, booleans, date-times, arrays and inline tables.

extension TOMLScanner {
    /// The value that starts at the next byte. `depth`: tables and arrays around it.
    mutating func readValue(depth: Int) throws(TOMLError) -> TOMLNode {
        let start = position()
        guard let byte = peek() else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "\""):
            let multiline = peek(1) == byte && peek(2) == byte
            return TOMLNode(.string(multiline ? try readMultilineBasicString() : try readBasicString()), at: start)
        case UInt8(ascii: "'"):
            let multiline = peek(1) == byte && peek(2) == byte
            return TOMLNode(.string(multiline ? try readMultilineLiteralString() : try readLiteralString()), at: start)
        case UInt8(ascii: "["):
            return TOMLNode(.array(try readArray(depth: depth + 1)), at: start)
        case UInt8(ascii: "{"):
            return TOMLNode(.table(try readInlineTable(depth: depth + 1)), at: start)
        default:
            return TOMLNode(try readWord(), at: start)
        }
    }

    // MARK: Arrays and inline tables

    private mutating func checkDepth(_ depth: Int) throws(TOMLError) {
        if depth > TOMLReader.maximumDepth {
            throw error("arrays and tables nest more than \(TOMLReader.maximumDepth) levels deep")
        }
    }

    /// `[ value, value, ]`, over several lines if need be, with comments.
    private mutating func readArray(depth: Int) throws(TOMLError) -> [TOMLNode] {
        try checkDepth(depth)
        let start = index
        advance()
        var elements: [TOMLNode] = []
        while true {
            try skipArrayBlanks()
            if peek() == UInt8(ascii: "]") {
                advance()
                return elements
            }
            if atEnd { throw error("this array has no closing ']'", at: start) }
            elements.append(try readValue(depth: depth))
            try skipArrayBlanks()
            if atEnd { throw error("this array has no closing ']'", at: start) }
            switch peek() {
            case UInt8(ascii: ",")?:
                advance()
            case UInt8(ascii: "]")?:
                advance()
                return elements
            default:
                throw error("expected ',' or ']' after an element of the array, found \(describeNext())")
            }
        }
    }

    /// Spaces, line ends and comments, all allowed between the elements of an array.
    private mutating func skipArrayBlanks() throws(TOMLError) {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): advance()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): try expectLineEnd()
            case UInt8(ascii: "#"): try skipComment()
            default: return
            }
        }
    }

    /// `{ key = value, a.b = value }` on one line, no comma after the last entry.
    private mutating func readInlineTable(depth: Int) throws(TOMLError) -> TOMLTable {
        try checkDepth(depth)
        let start = index
        let box = TableBox(origin: .inline, position: position(), path: [], depth: depth)
        advance()
        skipSpaces()
        if peek() == UInt8(ascii: "}") {
            advance()
            return box.frozen()
        }
        while true {
            try checkInlineLineGoesOn(start: start)
            let key = try readKey()
            skipSpaces()
            guard peek() == UInt8(ascii: "=") else {
                throw error("expected '=' after the key \(quotedKey(key.names)), found \(describeNext())")
            }
            advance()
            skipSpaces()
            try checkInlineLineGoesOn(start: start)
            let value = try readValue(depth: depth + key.parts.count - 1)
            try DocumentReader.insert(value, at: key, into: box)
            skipSpaces()
            switch peek() {
            case UInt8(ascii: ",")?:
                advance()
                skipSpaces()
                if peek() == UInt8(ascii: "}") {
                    throw error("no comma after the last entry of an inline table")
                }
            case UInt8(ascii: "}")?:
                advance()
                return box.frozen()
            default:
                try checkInlineLineGoesOn(start: start)
                throw error("expected ',' or '}' after an entry of the inline table, found \(describeNext())")
            }
        }
    }

    private mutating func checkInlineLineGoesOn(start: Int) throws(TOMLError) {
        if atEnd || peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "\r") {
            throw error(
                "this inline table has no closing '}' on its line (an inline table is written on one line)", at: start)
        }
    }

    // MARK: Words: numbers, booleans, date-times

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    /// A value written without quotes or brackets.
    private mutating func readWord() throws(TOMLError) -> TOMLValue {
        let start = index
        while let byte = peek(), Self.isWordByte(byte) { advance() }
        // A date and a time may be separated by a space: "1979-05-27 07:32:00".
        if index - start == 10, DateTimeText.isFullDate(bytes[start..<index]),
            peek() == UInt8(ascii: " "), let next = peek(1), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9")
        {
            advance()
            while let byte = peek(), Self.isWordByte(byte) { advance() }
        }
        let word = bytes[start..<index]
        guard !word.isEmpty else {
            throw error("expected a value, found \(describeNext())")
        }
        let text = String(decoding: word, as: UTF8.self)
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        if DateTimeText.isFullDate(word.prefix(10)) || DateTimeText.startsWithTime(word) {
            guard let dateTime = DateTimeText.parse(word) else {
                throw error(
                    "\(Self.quoted(text)) is not a valid date or time (e.g. 1979-05-27T07:32:00Z, 1979-05-27, 07:32:00)",
                    at: start)
            }
            return .dateTime(dateTime)
        }
        let first = word[word.startIndex]
        if !(first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
            || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")))
        {
            throw error(
                "expected a value, found \(text.count > 30 ? String(text.prefix(30)) + "..." : text)"
                    + " (a string is written in quotes: \(Self.quoted(text.count > 30 ? String(text.prefix(30)) : text)))",
                at: start)
        }
        switch NumberText.parse(word) {
        case .integer(let value): return .integer(value)
        case .float(let value): return .float(value)
        case .invalid(let reason): throw error("\(Self.quoted(text)) is not a valid number: \(reason)", at: start)
        }
    }
}

/// TOML's integer and float syntax.
enum NumberText {
    enum Result {
        case integer(Int64)
        case float(Double)
        case invalid(String)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Digits of `radix` with single underscores between them; the digits, or why not.
    static func digitRun(_ bytes: ArraySlice<UInt8>, radix: Int) -> Swift.Result<[UInt8], NumberProblem> {
        var digits: [UInt8] = []
        var previousWasDigit = false
        for byte in bytes {
            if byte == UInt8(ascii: "_") {
                guard previousWasDigit else { return .failure(.underscore) }
                previousWasDigit = false
                continue
            }
            guard let value = TOMLScanner.hexValue(byte), Int(value) < radix else { return .failure(.digit(byte)) }
            digits.append(value)
            previousWasDigit = true
        }
        guard !digits.isEmpty else { return .failure(.noDigits) }
        guard previousWasDigit else { return .failure(.underscore) }
        return .success(digits)
    }

    enum NumberProblem: Error {
        case underscore, noDigits, digit(UInt8)

        var reason: String {
            switch self {
            case .underscore: "an underscore must stand between two digits"
            case .noDigits: "digits are missing"
            case .digit(let byte):
                (0x21...0x7E).contains(byte)
                    ? "'\(Character(Unicode.Scalar(byte)))' is not a digit here" : "a character is not a digit"
            }
        }
    }

    static func parse(_ word: ArraySlice<UInt8>) -> Result {
        var body = word
        var negative = false
        if let first = body.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            body = body.dropFirst()
        }
        // 0x, 0o, 0b: unsigned integers.
        if body.count >= 2, body[body.startIndex] == UInt8(ascii: "0") {
            let prefix = body[body.startIndex + 1]
            let radix =
                prefix == UInt8(ascii: "x") ? 16 : prefix == UInt8(ascii: "o") ? 8 : prefix == UInt8(ascii: "b") ? 2 : 0
            if radix != 0 {
                if word.count != body.count { return .invalid("a hexadecimal, octal or binary number takes no sign") }
                switch digitRun(body.dropFirst(2), radix: radix) {
                case .failure(let problem): return .invalid(problem.reason)
                case .success(let digits):
                    var value: Int64 = 0
                    for digit in digits {
                        let (shifted, overflow) = value.multipliedReportingOverflow(by: Int64(radix))
                        let (sum, overflow2) = shifted.addingReportingOverflow(Int64(digit))
                        if overflow || overflow2 { return .invalid("it does not fit in 64 bits") }
                        value = sum
                    }
                    return .integer(value)
                }
            }
        }
        // Decimal: an integer part, then a fraction and an exponent, each optional.
        let exponentStart = body.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let mantissa = body[..<(exponentStart ?? body.endIndex)]
        let dot = mantissa.firstIndex(of: UInt8(ascii: "."))
        let integerPart = mantissa[..<(dot ?? mantissa.endIndex)]
        let integerDigits: [UInt8]
        switch digitRun(integerPart, radix: 10) {
        case .failure(let problem): return .invalid(problem.reason)
        case .success(let digits): integerDigits = digits
        }
        if integerDigits.count > 1 && integerDigits[0] == 0 { return .invalid("leading zeros are not allowed") }
        if let dot {
            if case .failure(let problem) = digitRun(mantissa[(dot + 1)...], radix: 10) {
                return .invalid(problem == .noDigits ? "a digit must follow the decimal point" : problem.reason)
            }
        }
        if let exponentStart {
            var exponent = body[(exponentStart + 1)...]
            if let sign = exponent.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponent = exponent.dropFirst()
            }
            if case .failure(let problem) = digitRun(exponent, radix: 10) {
                return .invalid(problem == .noDigits ? "the exponent has no digits" : problem.reason)
            }
        }
        if dot == nil && exponentStart == nil {
            var value: Int64 = 0
            for digit in integerDigits {
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) =
                    negative
                    ? shifted.subtractingReportingOverflow(Int64(digit))
                    : shifted.addingReportingOverflow(Int64(digit))
                if overflow || overflow2 { return .invalid("it does not fit in 64 bits") }
                value = sum
            }
            return .integer(value)
        }
        let cleaned = String(decoding: word.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        guard let value = Double(cleaned) else { return .invalid("it is not a number") }
        guard value.isFinite else { return .invalid("it is too large for a 64-bit float") }
        return .float(value)
    }
}

extension NumberText.NumberProblem: Equatable {}

/// TOML's date-times (RFC 3339, with a space allowed between date and time, and local forms).
enum DateTimeText {
    static func digits(_ bytes: ArraySlice<UInt8>, from offset: Int, count: Int) -> Int? {
        let start = bytes.startIndex + offset
        guard offset >= 0, start + count <= bytes.endIndex else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard NumberText.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    static func byte(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt8? {
        let index = bytes.startIndex + offset
        return index < bytes.endIndex ? bytes[index] : nil
    }

    /// `YYYY-MM-DD` (the shape only).
    static func isFullDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count >= 10 && digits(bytes, from: 0, count: 4) != nil && byte(bytes, at: 4) == UInt8(ascii: "-")
            && digits(bytes, from: 5, count: 2) != nil && byte(bytes, at: 7) == UInt8(ascii: "-")
            && digits(bytes, from: 8, count: 2) != nil
    }

    /// `HH:` (the shape only).
    static func startsWithTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        digits(bytes, from: 0, count: 2) != nil && byte(bytes, at: 2) == UInt8(ascii: ":")
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func parse(_ bytes: ArraySlice<UInt8>) -> TOMLDateTime? {
        var offset = 0
        var date: TOMLDateTime.Date?
        if isFullDate(bytes) {
            guard let year = digits(bytes, from: 0, count: 4), let month = digits(bytes, from: 5, count: 2),
                let day = digits(bytes, from: 8, count: 2), (1...12).contains(month),
                (1...daysIn(month: month, year: year)).contains(day)
            else { return nil }
            date = TOMLDateTime.Date(year: year, month: month, day: day)
            offset = 10
            if bytes.count == 10 { return TOMLDateTime(date: date, time: nil, offsetMinutes: nil) }
            guard let separator = byte(bytes, at: 10),
                separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ")
            else { return nil }
            offset = 11
        }
        guard let hour = digits(bytes, from: offset, count: 2), byte(bytes, at: offset + 2) == UInt8(ascii: ":"),
            let minute = digits(bytes, from: offset + 3, count: 2), byte(bytes, at: offset + 5) == UInt8(ascii: ":"),
            let second = digits(bytes, from: offset + 6, count: 2),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        offset += 8
        var nanosecond = 0
        if byte(bytes, at: offset) == UInt8(ascii: ".") {
            offset += 1
            var count = 0
            while let next = byte(bytes, at: offset), NumberText.isDigit(next) {
                if count < 9 { nanosecond = nanosecond * 10 + Int(next - UInt8(ascii: "0")) }
                count += 1
                offset += 1
            }
            guard count > 0 else { return nil }
            for _ in min(count, 9)..<9 { nanosecond *= 10 }
        }
        let time = TOMLDateTime.Time(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        var offsetMinutes: Int?
        if let marker = byte(bytes, at: offset) {
            guard date != nil else { return nil }  // a local time has no offset
            if marker == UInt8(ascii: "Z") || marker == UInt8(ascii: "z") {
                offsetMinutes = 0
                offset += 1
            } else if marker == UInt8(ascii: "+") || marker == UInt8(ascii: "-") {
                guard let hours = digits(bytes, from: offset + 1, count: 2),
                    byte(bytes, at: offset + 3) == UInt8(ascii: ":"),
                    let minutes = digits(bytes, from: offset + 4, count: 2), hours < 24, minutes < 60
                else { return nil }
                offsetMinutes = (hours * 60 + minutes) * (marker == UInt8(ascii: "-") ? -1 : 1)
                offset += 6
            } else {
                return nil
            }
        }
        guard offset == bytes.count else { return nil }
        return TOMLDateTime(date: date, time: time, offsetMinutes: offsetMinutes)
    }
}
