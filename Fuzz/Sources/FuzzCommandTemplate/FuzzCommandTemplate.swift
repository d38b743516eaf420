// Command templates (--preview, execute, become, reload): fzf's placeholders in any text,
// expanded for items, marks and a query from the input, by each kind of delimiter and for both
// shells' quoting. Besides not crashing: what a template says it reads is all that changes its
// command (one with no placeholder reads nothing, one without the query's reads no query, one
// without `+` or `*` no marks); the same context expands the same twice; every quoted text
// reads back, as sh or fish reads it, as the text; the files of `f` placeholders are there.
//
// The first byte of the header chooses the delimiter (and with its high bit, fish's quoting);
// the second how many items are marked and whether items have indices. The body's first line
// is the template, its second the query, each other line an item (the first one focused).

import FuzzSupport

#if canImport(Glibc)
    import Glibc
#endif

private let delimiters: [FieldDelimiter] = [
    .whiteSpace, .string(","), .string("\t"), .string("::"), .string(""), FieldDelimiter(argument: "[,:]+"),
    FieldDelimiter(argument: "\\s+"),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (header, body) = Fuzz.split(UnsafeRawBufferPointer(start: data, count: size), header: 2)
    let lines = String(decoding: body, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
    let text = lines.first ?? ""
    let query = lines.count > 1 ? lines[1] : ""
    let items = lines.dropFirst(2).prefix(64).enumerated().map { offset, line in
        CommandTemplate.Item(text: line, index: header[1] & 1 == 0 ? offset : nil)
    }
    let context = CommandTemplate.Context(
        current: items.first, marked: Array(items.dropFirst().prefix(Int(header[1] >> 1) % 8)), matched: { items },
        query: query, prompt: "> ", section: "Section", lastAction: "accept",
        delimiter: delimiters[Int(header[0] & 0x7F) % delimiters.count],
        shell: header[0] & 0x80 == 0 ? "/bin/sh" : "/usr/bin/fish")
    let template = CommandTemplate(text)
    Fuzz.check(template.description == text, "the template's text changed")
    Fuzz.check(
        template.usesPlaceholders || !(template.usesMarked || template.usesAllMatched || template.usesQuery),
        "\(text.debugDescription) uses something with no placeholder")
    if !text.contains("{") {
        Fuzz.check(!template.usesPlaceholders, "a placeholder without a brace in \(text.debugDescription)")
    }

    let (command, files) = template.expand(context)
    for file in files {
        Fuzz.check(access(file, F_OK) == 0, "\(file) was given but is not there")
    }
    CommandTemplate.removeFiles(files)
    if !text.contains("{") {
        Fuzz.check(command == text, "\(text.debugDescription) expanded to \(command.debugDescription)")
    }
    if files.isEmpty {
        checkReadsOnlyWhatItSays(template, context: context, command: command)
    }
    for item in items.prefix(4) + [CommandTemplate.Item(text: query)] {
        checkQuoting(item.text)
    }
    return 0
}

/// The command does not change with what the template does not read, and is the same twice.
private func checkReadsOnlyWhatItSays(_ template: CommandTemplate, context: CommandTemplate.Context, command: String) {
    let text = template.text.debugDescription
    Fuzz.check(template.expand(context).command == command, "\(text) expands otherwise twice")
    if !template.usesPlaceholders {
        let empty = CommandTemplate.Context(shell: context.quoting == .fish ? "fish" : "sh")
        Fuzz.check(template.expand(empty).command == command, "\(text) reads something, with no placeholder")
    }
    if !template.usesQuery {
        var other = context
        other.query += "x'"
        other.prompt = "?"
        other.lastAction = "up"
        Fuzz.check(template.expand(other).command == command, "\(text) reads the query without saying so")
    }
    if !template.usesMarked && !template.usesAllMatched {
        var other = context
        other.marked = []
        other.matched = { [] }
        Fuzz.check(template.expand(other).command == command, "\(text) reads marks or matches without saying so")
    }
}

/// Both quotings of `text` read back as `text`, as sh and fish read a single-quoted word.
private func checkQuoting(_ text: String) {
    let posix = CommandTemplate.ShellQuoting.posix.quote(text)
    Fuzz.check(readPOSIX(Array(posix.utf8)) == text, "sh reads \(posix.debugDescription) otherwise")
    let fish = CommandTemplate.ShellQuoting.fish.quote(text)
    Fuzz.check(readFish(Array(fish.utf8)) == text, "fish reads \(fish.debugDescription) otherwise")
    Fuzz.check(CommandTemplate("{}").expand(.init(current: .init(text: text))).command == posix, "{} is not quoted")
}

private let quote = UInt8(ascii: "'")
private let backslash = UInt8(ascii: "\\")

/// What sh reads from a word of single-quoted runs with `\'` between them; nil for any other.
private func readPOSIX(_ word: [UInt8]) -> String? {
    var result: [UInt8] = []
    var index = 0
    while index < word.count {
        if word[index] == backslash && index + 1 < word.count && word[index + 1] == quote {
            result.append(quote)
            index += 2
            continue
        }
        guard word[index] == quote, let close = word[(index + 1)...].firstIndex(of: quote) else { return nil }
        result += word[(index + 1)..<close]
        index = close + 1
    }
    return String(decoding: result, as: UTF8.self)
}

/// What fish reads from one single-quoted word, where `\\` and `\'` are escapes (a quote that
/// is none ends the word, which must end there); nil for any other.
private func readFish(_ word: [UInt8]) -> String? {
    guard word.first == quote else { return nil }
    var result: [UInt8] = []
    var index = 1
    while index < word.count {
        let byte = word[index]
        if byte == quote { return index == word.count - 1 ? String(decoding: result, as: UTF8.self) : nil }
        if byte == backslash && index + 1 < word.count && (word[index + 1] == quote || word[index + 1] == backslash) {
            result.append(word[index + 1])
            index += 2
            continue
        }
        result.append(byte)
        index += 1
    }
    return nil
}
