// --ansi: the SGR colour sequences of the input (ESC [ ... m), read as fzf reads them. A line's
// text is stored without them (searched, printed and measured as the stripped text) and its
// looks beside it as runs: where each look starts, in UTF-8 bytes of the stripped text, and
// the look. Only SGR is read: any other escape sequence, or an SGR one that is cut or holds a
// byte it may not, stays in the text, where the screen shows its ESC as a sign (␛), as without
// --ansi.
//
// What is read: 0 (reset), 1 bold, 2 dim, 3 italic, 4 underline, 5/6 blink (ignored), 7
// reverse, 8/9 (ignored), 21-29 their ends (21 and 22 end bold, 22 dim too), 30-37 and 90-97
// the 16 colours, 38;5;N and 38;2;R;G;B (also with colons, 38:5:N, 38:2::R:G:B), 39 the
// default, and the same for the background (40-47, 100-107, 48, 49). An empty parameter is 0.
// The look carries from one line to the next, as fzf's does (a `grep --color` line that opens
// a colour and leaves it open colours the next lines too).

/// A colour of an SGR sequence.
public enum AnsiColor: Hashable, Sendable {
    /// One of the 16 colours (0-7 normal, 8-15 bright).
    case basic(UInt8)
    /// An index of the 256-colour palette.
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

/// The look SGR sequences give text: colours and attributes.
public struct AnsiStyle: Hashable, Sendable {
    public var foreground: AnsiColor?
    public var background: AnsiColor?
    public var bold = false
    public var dim = false
    public var italic = false
    public var underline = false
    public var reverse = false

    public init(
        foreground: AnsiColor? = nil, background: AnsiColor? = nil, bold: Bool = false, dim: Bool = false,
        italic: Bool = false, underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
    }

    /// The look of text no sequence touched.
    public static let plain = AnsiStyle()
}

/// From `start` (a UTF-8 byte offset of the stripped text) on, text looks like `style`, up to
/// the next run's start.
public struct AnsiRun: Hashable, Sendable {
    public var start: Int
    public var style: AnsiStyle

    public init(start: Int, style: AnsiStyle) {
        self.start = start
        self.style = style
    }
}

public enum AnsiText {
    static let escape: UInt8 = 0x1B

    /// The text of `bytes` without its SGR sequences, and the runs of its looks, starting from
    /// `style` (the look the line before left, updated to the one this line leaves). A line
    /// with no ESC is nil when `style` is plain (its text is `bytes` as they are, no run).
    /// The runs start at increasing offsets, the first at 0 when the line starts with a look
    /// that is not plain; a run of the plain look ends the one before.
    public static func strip(
        _ bytes: UnsafeBufferPointer<UInt8>, style: inout AnsiStyle
    ) -> (text: [UInt8], runs: [AnsiRun])? {
        guard let firstEscape = bytes.firstIndex(of: escape) else {
            if style == .plain { return nil }
            // (An empty text has no run: the look carried in covers nothing of it.)
            return (Array(bytes), bytes.isEmpty ? [] : [AnsiRun(start: 0, style: style)])
        }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var runs: [AnsiRun] = []
        if style != .plain { runs.append(AnsiRun(start: 0, style: style)) }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<firstEscape]))
        var index = firstEscape
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == escape, let end = sgrEnd(bytes, from: index) else {
                text.append(byte)
                index += 1
                continue
            }
            let before = style
            apply(UnsafeBufferPointer(rebasing: bytes[(index + 2)..<(end - 1)]), to: &style)
            index = end
            guard style != before else { continue }
            // A run at the same offset as the last one replaces it (sequences one after another).
            if let last = runs.last, last.start == text.count {
                runs.removeLast()
            }
            if runs.last?.style != style && !(runs.isEmpty && style == .plain) {
                runs.append(AnsiRun(start: text.count, style: style))
            }
        }
        // A look that ends the line covers nothing here (it carries to the next line).
        while let last = runs.last, last.start >= text.count { runs.removeLast() }
        return (text, runs)
    }

    /// `strip` over a String (tests, tools): the stripped text and the runs.
    public static func strip(_ string: String, style: inout AnsiStyle) -> (text: String, runs: [AnsiRun]) {
        var copy = string
        return copy.withUTF8 { bytes in
            guard let (text, runs) = strip(bytes, style: &style) else { return (string, []) }
            return (String(decoding: text, as: UTF8.self), runs)
        }
    }

    /// The end (one past the `m`) of the SGR sequence at `start` (an ESC): ESC [, parameters
    /// (digits, `;` and `:`, at most 64 bytes), then `m`. Nil when the bytes there are not one.
    static func sgrEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start + 2 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else { return nil }
        var index = start + 2
        let limit = min(bytes.count, start + 2 + 64)
        while index < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: "m") { return index + 1 }
            guard
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ";")
                    || byte == UInt8(ascii: ":")
            else { return nil }
            index += 1
        }
        return nil
    }

    /// Applies the parameters of one SGR sequence (what lies between `ESC [` and `m`).
    static func apply(_ parameters: UnsafeBufferPointer<UInt8>, to style: inout AnsiStyle) {
        // The parameters as numbers, a colon's sub-parameters flattened in place (38:2::R:G:B
        // has an empty colour space before R), -1 for an empty one.
        var numbers: [Int] = []
        var colonGroups: [Bool] = []
        var current = -1
        var afterColon = false
        for byte in parameters {
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
                numbers.append(current)
                colonGroups.append(afterColon)
                afterColon = byte == UInt8(ascii: ":")
                current = -1
            } else {
                current = min(max(current, 0) * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
            }
        }
        numbers.append(current)
        colonGroups.append(afterColon)
        var index = 0
        func value(_ offset: Int) -> Int? {
            index + offset < numbers.count ? max(0, numbers[index + offset]) : nil
        }
        while index < numbers.count {
            let code = max(0, numbers[index])
            switch code {
            case 0: style = .plain
            case 1: style.bold = true
            case 2: style.dim = true
            case 3: style.italic = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 21, 22:
                style.bold = false
                if code == 22 { style.dim = false }
            case 23: style.italic = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37: style.foreground = .basic(UInt8(code - 30))
            case 39: style.foreground = nil
            case 40...47: style.background = .basic(UInt8(code - 40))
            case 49: style.background = nil
            case 90...97: style.foreground = .basic(UInt8(code - 90 + 8))
            case 100...107: style.background = .basic(UInt8(code - 100 + 8))
            case 38, 48:
                // 38;5;N, 38;2;R;G;B; with colons, 38:2:SPACE:R:G:B may name a colour space.
                var color: AnsiColor?
                var used = 1
                if value(1) == 5, let n = value(2) {
                    color = .indexed(UInt8(min(n, 255)))
                    used = 3
                } else if value(1) == 2 {
                    // Colons with six numbers: a colour space before R, G and B.
                    let spaced =
                        index + 2 < colonGroups.count && colonGroups[index + 2] && index + 5 < numbers.count
                        && colonGroups[index + 5]
                    let first = spaced ? 3 : 2
                    if let r = value(first), let g = value(first + 1), let b = value(first + 2) {
                        color = .rgb(UInt8(min(r, 255)), UInt8(min(g, 255)), UInt8(min(b, 255)))
                        used = first + 3
                    } else {
                        used = numbers.count - index
                    }
                }
                if let color {
                    if code == 38 { style.foreground = color } else { style.background = color }
                }
                index += used
                continue
            default: break
            }
            index += 1
        }
    }

    // Runs kept beside a store's text: a few bytes each. A run is its start (the distance from
    // the run before, as a variable-length number), a byte of flags (attributes, and which
    // colours follow), then each colour: a kind byte and its 1 or 3 bytes.

    /// `runs` as the bytes a store keeps.
    /// The runs of a text made of `pieces` of another (byte ranges of it, in order; the made
    /// text cut to `length` bytes), from that text's `runs`: each piece keeps the looks its
    /// bytes had. How a line's colours follow its fields into the label (`--with-nth`,
    /// `--group-nth`).
    public static func runs(_ runs: [AnsiRun], through pieces: [Range<Int>], length: Int) -> [AnsiRun] {
        guard !runs.isEmpty else { return [] }
        var mapped: [AnsiRun] = []
        func add(_ start: Int, _ style: AnsiStyle) {
            guard start < length else { return }
            if let last = mapped.last, last.start == start { mapped.removeLast() }
            if mapped.last?.style ?? .plain != style { mapped.append(AnsiRun(start: start, style: style)) }
        }
        var offset = 0
        for piece in pieces where !piece.isEmpty {
            // The look the piece starts in: the last run from its start or before.
            let before = runs.lastIndex { $0.start <= piece.lowerBound }
            add(offset, before.map { runs[$0].style } ?? .plain)
            for run in runs where run.start > piece.lowerBound && run.start < piece.upperBound {
                add(offset + run.start - piece.lowerBound, run.style)
            }
            offset += piece.count
        }
        return mapped
    }

    public static func encode(_ runs: [AnsiRun]) -> [UInt8] {
        var bytes: [UInt8] = []
        var previous = 0
        for run in runs {
            var delta = UInt(max(0, run.start - previous))
            previous = run.start
            repeat {
                let low = UInt8(delta & 0x7F)
                delta >>= 7
                bytes.append(delta == 0 ? low : low | 0x80)
            } while delta != 0
            let style = run.style
            var flags: UInt8 = 0
            if style.bold { flags |= 1 }
            if style.dim { flags |= 2 }
            if style.italic { flags |= 4 }
            if style.underline { flags |= 8 }
            if style.reverse { flags |= 16 }
            if style.foreground != nil { flags |= 32 }
            if style.background != nil { flags |= 64 }
            bytes.append(flags)
            for color in [style.foreground, style.background] {
                switch color {
                case .basic(let n)?: bytes += [0, n]
                case .indexed(let n)?: bytes += [1, n]
                case .rgb(let r, let g, let b)?: bytes += [2, r, g, b]
                case nil: break
                }
            }
        }
        return bytes
    }

    /// The runs `encode` wrote (what does not read as runs ends them).
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [AnsiRun] {
        var runs: [AnsiRun] = []
        var index = 0
        var start = 0
        func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }
        while index < bytes.count {
            var delta = 0
            var shift = 0
            while let byte = next() {
                delta |= Int(byte & 0x7F) << shift
                shift += 7
                if byte & 0x80 == 0 || shift > 56 { break }
            }
            start += delta
            guard let flags = next() else { break }
            var style = AnsiStyle(
                bold: flags & 1 != 0, dim: flags & 2 != 0, italic: flags & 4 != 0, underline: flags & 8 != 0,
                reverse: flags & 16 != 0)
            func color() -> AnsiColor? {
                switch next() {
                case 0: return next().map { .basic($0) }
                case 1: return next().map { .indexed($0) }
                case 2:
                    guard let r = next(), let g = next(), let b = next() else { return nil }
                    return .rgb(r, g, b)
                default: return nil
                }
            }
            if flags & 32 != 0 { style.foreground = color() }
            if flags & 64 != 0 { style.background = color() }
            runs.append(AnsiRun(start: start, style: style))
        }
        return runs
    }
}
