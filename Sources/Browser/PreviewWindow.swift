// The preview window's layout, as fzf's --preview-window says it: its side (beside the list or
// above or below it, where the detail panel goes), its size, its border, wrapping, following,
// the scroll offset it opens at, its fixed header lines and an alternative layout for a small
// screen. The value, its parser and its arithmetic only, each as fzf has it (src/options.go:
// parsePreviewWindowImpl, parseSize; src/terminal.go: calculateSize, minPreviewSize,
// resizeWindows, evaluateScrollOffset): the words, the messages, the rounding and the minimums.
// Running the preview command and drawing its window are not here.

import SafeText

/// fzf's `--preview-window` value: what the words given so far make of fzf's default
/// (`right,50%`, a rounded border, info shown). Words apply in order, a later one overriding an
/// earlier one, and `default` going back to this default; `alternative` is the layout in force
/// while the window would be smaller than its threshold.
public struct PreviewWindow: Hashable, Sendable {
    /// Where the window goes, beside the list or above or below it. `top` and `bottom` are
    /// fzf's other names for up and down.
    public enum Position: String, CaseIterable, Hashable, Sendable {
        case up
        case down
        case left
        case right
        /// Next to the prompt, on the list's side (fzf's `next`, which 0.38 lacks): above the
        /// prompt when it is at the bottom, below it when it is on top (--layout reverse). The
        /// window then stands below or above the list, as `side(promptOnTop:)` says.
        case next
    }

    /// The window's border, as fzf's `border-STYLE` names it.
    public enum Border: String, CaseIterable, Hashable, Sendable {
        case rounded
        case sharp
        case bold
        case double
        case dashed
        case block
        case thinblock
        case horizontal
        case vertical
        case top
        case bottom
        case left
        case right
        /// One separating line on the side that faces the list (`drawnBorder(promptOnTop:)`).
        case line
        case none

        /// Whether a line is drawn on the left (fzf's HasLeft; `line` before it is turned to a side).
        public var hasLeft: Bool { ![.none, .line, .right, .top, .bottom, .horizontal].contains(self) }
        /// Whether a line is drawn on the right (fzf's HasRight), where the scroll bar then goes.
        public var hasRight: Bool { ![.none, .line, .left, .top, .bottom, .horizontal].contains(self) }
        /// Whether a line is drawn at the top (fzf's HasTop).
        public var hasTop: Bool { ![.none, .line, .left, .right, .bottom, .vertical].contains(self) }
        /// Whether a line is drawn at the bottom (fzf's HasBottom).
        public var hasBottom: Bool { ![.none, .line, .left, .right, .top, .vertical].contains(self) }

        /// The columns the border takes: each side drawn is its line and a blank column (fzf's
        /// borderColumns with the border one column wide).
        public var columns: Int { (hasLeft ? 2 : 0) + (hasRight ? 2 : 0) }

        /// The rows the border takes (fzf's borderLines).
        public var rows: Int { (hasTop ? 1 : 0) + (hasBottom ? 1 : 0) }
    }

    /// The window's size along its side's axis: rows above or below the list, columns beside it.
    public enum Size: Hashable, Sendable, CustomStringConvertible {
        /// This percent of the screen's height or width, 0 to 99 (fzf refuses 100%: the list
        /// keeps some room).
        case percent(Int)
        /// This many lines or columns of text, the border's added; 0 or more.
        case count(Int)

        /// The word that gives this size: `40%` or `12`.
        public var description: String {
            switch self {
            case .percent(let percent): "\(percent)%"
            case .count(let count): "\(count)"
            }
        }

        /// Whether the window is shown at all: a size of 0 runs the preview without a window.
        public var isZero: Bool { self == .percent(0) || self == .count(0) }
    }

    /// How long lines show: cut at the window's edge (`nowrap`), wrapped there (`wrap`), or
    /// wrapped between words (`wrap-word`, which 0.38 lacks).
    public enum Wrapping: Hashable, Sendable {
        case off
        case characters
        case words
    }

    /// fzf's initial scroll offset, `+SCROLL[OFFSETS][/DENOM]`: a number or a placeholder, then
    /// signed numbers added, then a fraction of the window's height taken off. Kept as written,
    /// as fzf keeps it (two specs are the same when their texts are), and worked out per item by
    /// `offset(height:value:)`.
    public struct Scroll: Hashable, Sendable, CustomStringConvertible {
        /// The spec as written, e.g. `+{2}-5/2`.
        public let text: String

        /// What a placeholder at the spec's start stands for, which the caller supplies.
        public enum Placeholder: Hashable, Sendable {
            /// `{N}`: the focused item's field N (fzf's field index: 1 the first, -1 the last).
            case field(Int)
            /// `{n}`: the focused item's zero-based index (which 0.38 lacks).
            case index
        }

        /// The spec `text`, or nil when it is not one: fzf's pattern
        /// `(+{N}|+{n})?([+-]DIGITS)*(-?/DENOM)?`, DENOM a number that does not start with 0.
        public init?(_ text: String) {
            guard Self.isSpec(Array(text.utf8)) else { return nil }
            self.text = text
        }

        public var description: String { text }

        /// The placeholder at the spec's start. `{0}` and a number too large for an Int are no
        /// field fzf knows: it leaves them as written, so their digits count as a number.
        public var placeholder: Placeholder? {
            guard let inner = braced else { return nil }
            if inner == "n" { return .index }
            guard let field = Int(inner), field != 0 else { return nil }
            return .field(field)
        }

        /// What stands between `+{` and `}` at the start, if the spec starts so.
        private var braced: Substring? {
            guard text.hasPrefix("+{"), let close = text.firstIndex(of: "}") else { return nil }
            return text[text.index(text.startIndex, offsetBy: 2)..<close]
        }

        /// The line at the top of the window, 0 the first, as fzf's evaluateScrollOffset works it
        /// out: the placeholder replaced by `value(placeholder)` (nil when no item is focused:
        /// nothing), every character but digits, `+`, `-` and `/` dropped, then -1 plus each
        /// signed number found, less `height / DENOM` at the first `/DENOM`, and 0 at least.
        /// `height` is the rows of text under the fixed header lines. A number too large for an
        /// Int counts 0, as fzf's; the sum wraps around as Go's does.
        public func offset(height: Int, value: (Placeholder) -> String?) -> Int {
            var expression = text
            if let inner = braced {
                let replacement = placeholder.map { value($0) ?? "" } ?? "{" + inner + "}"
                expression = "+" + replacement + text[text.index(after: inner.endIndex)...]
            }
            let kept = expression.utf8.filter { isDigit($0) || $0 == plus || $0 == minus || $0 == slash }
            return Self.evaluate(kept, height: max(0, height))
        }

        /// -1 plus the signed numbers of `expression`, less `height / DENOM` at the first
        /// `/DENOM`, 0 at least: fzf's scan of `[+-][0-9]+|-?/[1-9][0-9]*`, leftmost first.
        private static func evaluate(_ expression: [UInt8], height: Int) -> Int {
            var base = -1
            var index = 0
            let end = expression.count
            while index < end {
                let byte = expression[index]
                if byte == plus || byte == minus, index + 1 < end, isDigit(expression[index + 1]) {
                    let stop = digitsEnd(expression, from: index + 1)
                    base &+= integer(expression[index..<stop]) ?? 0
                    index = stop
                    continue
                }
                let slashAt = byte == minus ? index + 1 : index
                if slashAt + 1 < end, expression[slashAt] == slash, expression[slashAt + 1] != zero,
                    isDigit(expression[slashAt + 1])
                {
                    let denominator = integer(expression[(slashAt + 1)..<digitsEnd(expression, from: slashAt + 1)]) ?? 0
                    if denominator != 0 { base &-= height / denominator }
                    break
                }
                index += 1
            }
            return max(0, base)
        }

        /// Whether `bytes` is a whole scroll spec (fzf's offsetRegex).
        private static func isSpec(_ bytes: [UInt8]) -> Bool {
            var index = 0
            let end = bytes.count
            if end >= 2, bytes[0] == plus, bytes[1] == openBrace {
                index = 2
                if index < end, bytes[index] == letterN {
                    index += 1
                } else {
                    if index < end, bytes[index] == minus { index += 1 }
                    let stop = digitsEnd(bytes, from: index)
                    guard stop > index else { return false }
                    index = stop
                }
                guard index < end, bytes[index] == closeBrace else { return false }
                index += 1
            }
            while index + 1 < end, bytes[index] == plus || bytes[index] == minus, isDigit(bytes[index + 1]) {
                index = digitsEnd(bytes, from: index + 1)
            }
            if index < end {
                if bytes[index] == minus { index += 1 }
                guard index + 1 < end, bytes[index] == slash, bytes[index + 1] != zero, isDigit(bytes[index + 1])
                else { return false }
                index = digitsEnd(bytes, from: index + 1)
            }
            return index == end
        }
    }

    /// The layout in force instead while the window would be smaller than `threshold` rows or
    /// columns (fzf's `<SIZE_THRESHOLD(ALTERNATIVE_LAYOUT)`). Its window has no alternative of
    /// its own: fzf allows one.
    public struct Alternative: Hashable, Sendable {
        /// Below this size the alternative is in force. The parser gives 1 or more, or 0 when a
        /// later `default` reset it (as fzf's does): at 0 or less it never is.
        public var threshold: Int

        /// The alternative layout: the main one with its words applied over it, shown even
        /// when the main one is hidden unless its own words say `hidden`.
        public var window: PreviewWindow {
            get { boxed.window }
            set { boxed = Box(newValue) }
        }

        private var boxed: Box

        /// `window` in force below `threshold`; the window's own alternative is dropped.
        public init(threshold: Int, window: PreviewWindow) {
            self.threshold = threshold
            self.boxed = Box(window)
        }

        /// The window held indirectly, as a value cannot hold a value of its own type in place.
        private indirect enum Box: Hashable, Sendable {
            case window(PreviewWindow)

            /// `window` without an alternative of its own.
            init(_ window: PreviewWindow) {
                var window = window
                window.alternative = nil
                self = .window(window)
            }

            /// The window held.
            var window: PreviewWindow {
                switch self {
                case .window(let window): window
                }
            }
        }
    }

    /// A value that does not read: fzf's message and the word at fault.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The word at fault as written, or the number in it that fzf's message names.
        public let word: String
        /// fzf's message, word for word, as fzf 0.38 and the current fzf print it.
        public let reason: String

        /// One line naming the option, fzf's message and the word (when the message does not
        /// end with it already), escaped for a terminal.
        public var description: String {
            let named = reason.hasSuffix(": " + word) ? reason : reason + ": " + word
            return "--preview-window: " + MessageText.escaped(named, limit: 120)
        }
    }

    /// `up`, `down`, `left`, `right` or `next`: where the window goes.
    public var position: Position = .right
    /// `N%` or `N`: its rows or columns.
    public var size: Size = .percent(50)
    /// `border-STYLE` (and `border`, `rounded`, `sharp`, `noborder`): the line around it.
    public var border: Border = .rounded
    /// `nowrap`, `wrap` or `wrap-word`: how its long lines show.
    public var wrapping: Wrapping = .off
    /// `follow`: the window scrolls to the end as the preview's output grows.
    public var follow = false
    /// `cycle`: scrolling past an end goes round to the other.
    public var cycle = false
    /// `info` (the default) or `noinfo`: the scroll position shown at the top right corner.
    public var info = true
    /// `hidden`: the window waits for toggle-preview to show.
    public var hidden = false
    /// `+SCROLL...`: the scroll offset the window opens at; nil: the top. Only `default` clears it.
    public var scroll: Scroll?
    /// `~N`: the first N lines of the preview stay at the top as it scrolls.
    public var headerLines = 0
    /// `<N(...)`: the layout in force on a screen too small for this one.
    public var alternative: Alternative?

    /// fzf's default: `right,50%`, a rounded border, info shown, nothing else.
    public static let `default` = PreviewWindow()

    /// fzf's default.
    public init() {}

    /// The window `text` makes of fzf's default; a Problem for a word that does not read.
    public init(parsing text: String) throws(Problem) {
        self = try Self.default.applying(text)
    }

    /// This window with `text`'s words applied over it, as fzf applies a second --preview-window
    /// or change-preview-window.
    public func applying(_ text: String) throws(Problem) -> PreviewWindow {
        var window = self
        try window.apply(text)
        return window
    }

    /// Applies `text`'s words, separated by commas or colons, in order: a later word overrides
    /// an earlier one, `default` goes back to fzf's default. The words of `<N(...)` apply,
    /// after all the others, over a copy of the result shown (not hidden), which becomes the
    /// alternative; of several, the last counts. Unchanged when a word does not read (fzf, which
    /// exits, stops at the first of them: the alternative's words are read last).
    public mutating func apply(_ text: String) throws(Problem) {
        var window = self
        try window.applyWords(Array(text.utf8))
        self = window
    }

    /// `apply` over the text's bytes.
    private mutating func applyWords(_ bytes: [UInt8]) throws(Problem) {
        var threshold = 0
        var alternativeWords: ArraySlice<UInt8> = []
        for token in Self.tokens(of: bytes) {
            switch token {
            case .alternative(let digits, let words):
                guard let value = integer(digits) else {
                    let text = Self.text(digits)
                    throw Problem(word: text, reason: "not a valid integer: " + text)
                }
                threshold = value
                alternativeWords = words
            case .word(let word):
                try applyWord(Self.text(word))
                // (`default` resets fzf's threshold, not the alternative's words read so far.)
                if word.elementsEqual("default".utf8) { threshold = 0 }
            }
        }
        if !alternativeWords.isEmpty {
            var window = self
            window.hidden = false
            window.alternative = nil
            try window.applyWords(Array(alternativeWords))
            alternative = Alternative(threshold: threshold, window: window)
        }
    }

    /// Applies one word that is not an alternative layout.
    private mutating func applyWord(_ word: String) throws(Problem) {
        // (Only ASCII words are fzf's; a comparison of other text could find one canonically
        // equal to a word.)
        guard word.utf8.allSatisfy({ $0 < 0x80 }) else {
            throw Problem(word: word, reason: "invalid preview window option: " + word)
        }
        switch word {
        case "default": self = .default
        case "hidden": hidden = true
        case "nohidden": hidden = false
        case "wrap": wrapping = .characters
        case "wrap-word": wrapping = .words
        case "nowrap": wrapping = .off
        case "cycle": cycle = true
        case "nocycle": cycle = false
        case "up", "top": position = .up
        case "down", "bottom": position = .down
        case "left": position = .left
        case "right": position = .right
        case "next": position = .next
        case "rounded", "border", "border-rounded": border = .rounded
        case "border-line": border = .line
        case "sharp", "border-sharp": border = .sharp
        case "border-bold": border = .bold
        case "border-block": border = .block
        case "border-thinblock": border = .thinblock
        case "border-double": border = .double
        case "border-dashed": border = .dashed
        case "noborder", "border-none": border = .none
        case "border-horizontal": border = .horizontal
        case "border-vertical": border = .vertical
        case "border-up", "border-top": border = .top
        case "border-down", "border-bottom": border = .bottom
        case "border-left": border = .left
        case "border-right": border = .right
        case "follow": follow = true
        case "nofollow": follow = false
        case "info": info = true
        case "noinfo": info = false
        default: try applyValue(word)
        }
    }

    /// Applies a word that is a value, tried in fzf's order: `~N` header lines, a size
    /// (`N` or `N%`), a scroll spec; else the word is no option.
    private mutating func applyValue(_ word: String) throws(Problem) {
        let bytes = Array(word.utf8)
        if bytes.first == tilde, bytes.count >= 2, digitsEnd(bytes, from: 1) == bytes.count,
            bytes[1] != zero || bytes.count == 2
        {
            guard let lines = integer(bytes[1...]) else {
                let digits = String(word.dropFirst())
                throw Problem(word: digits, reason: "not a valid integer: " + digits)
            }
            headerLines = lines
            return
        }
        let digits = digitsEnd(bytes, from: 0)
        if digits > 0 && (digits == bytes.count || (digits == bytes.count - 1 && bytes.last == percentSign)) {
            size = try Self.size(word, digits: bytes[..<digits], percent: digits < bytes.count)
            return
        }
        if let scroll = Scroll(word) {
            self.scroll = scroll
            return
        }
        throw Problem(word: word, reason: "invalid preview window option: " + word)
    }

    /// The size of `word`, whose `digits` are followed by `%` when `percent`: fzf's parseSize
    /// with 99% the most.
    private static func size(_ word: String, digits: ArraySlice<UInt8>, percent: Bool) throws(Problem) -> Size {
        if percent {
            // (fzf reads the digits as a float: any number of them, leading zeros too.)
            let significant = digits.drop { $0 == zero }
            guard significant.count <= 2, let value = significant.isEmpty ? 0 : integer(significant), value <= 99
            else {
                throw Problem(word: word, reason: "window size too large (max: 99%)")
            }
            return .percent(value)
        }
        guard let value = integer(digits) else {
            throw Problem(word: word, reason: "not a valid integer: " + word)
        }
        return .count(value)
    }

    /// A token of the text: a word, or `<DIGITS(WORDS)`, an alternative layout.
    private enum Token {
        case word(ArraySlice<UInt8>)
        case alternative(threshold: ArraySlice<UInt8>, words: ArraySlice<UInt8>)
    }

    /// The text's tokens, as fzf's `[:,]*(<([1-9][0-9]*)\(([^)<]+)\)|[^,:]+)` finds them: commas
    /// and colons separate; `<N(...)` is one token, its words anything up to the first `)`
    /// but `<`, whatever follows it; what fails to be one is a word up to the next separator.
    private static func tokens(of bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        let end = bytes.count
        while index < end {
            while index < end, bytes[index] == comma || bytes[index] == colon { index += 1 }
            guard index < end else { break }
            if let (token, next) = alternative(in: bytes, at: index) {
                tokens.append(token)
                index = next
                continue
            }
            let start = index
            while index < end, bytes[index] != comma, bytes[index] != colon { index += 1 }
            tokens.append(.word(bytes[start..<index]))
        }
        return tokens
    }

    /// The alternative layout `<N(...)` at `start`, and the index after it, if one is there.
    private static func alternative(in bytes: [UInt8], at start: Int) -> (Token, Int)? {
        let end = bytes.count
        guard bytes[start] == less, start + 1 < end, bytes[start + 1] != zero, isDigit(bytes[start + 1]) else {
            return nil
        }
        let digitsStop = digitsEnd(bytes, from: start + 1)
        guard digitsStop < end, bytes[digitsStop] == openParenthesis else { return nil }
        var close = digitsStop + 1
        while close < end, bytes[close] != closeParenthesis, bytes[close] != less { close += 1 }
        guard close < end, bytes[close] == closeParenthesis, close > digitsStop + 1 else { return nil }
        return (
            .alternative(threshold: bytes[(start + 1)..<digitsStop], words: bytes[(digitsStop + 1)..<close]), close + 1
        )
    }

    /// The bytes as text (they are whole UTF-8 characters: the text is cut at ASCII bytes).
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

// The bytes the parser looks for.
private let comma = UInt8(ascii: ","), colon = UInt8(ascii: ":"), less = UInt8(ascii: "<")
private let openParenthesis = UInt8(ascii: "("), closeParenthesis = UInt8(ascii: ")")
private let plus = UInt8(ascii: "+"), minus = UInt8(ascii: "-"), slash = UInt8(ascii: "/")
private let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}"), letterN = UInt8(ascii: "n")
private let zero = UInt8(ascii: "0"), tilde = UInt8(ascii: "~"), percentSign = UInt8(ascii: "%")

/// Whether `byte` is an ASCII digit.
private func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= zero + 9 }

/// The index after the run of digits that starts at `start` (`start` when there is none).
private func digitsEnd(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int {
    var index = start
    while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
    return index
}

/// `value - subtrahend`, or the nearest Int where that is past them.
private func saturating(_ value: Int, minus subtrahend: Int) -> Int {
    let (difference, overflow) = value.subtractingReportingOverflow(subtrahend)
    return overflow ? (subtrahend > 0 ? Int.min : Int.max) : difference
}

/// `digitsEnd` over a whole array.
private func digitsEnd(_ bytes: [UInt8], from start: Int) -> Int { digitsEnd(bytes[...], from: start) }

/// The integer of the optionally signed digits, as Go's strconv.Atoi reads them; nil when it
/// is too large for an Int (or is no number).
private func integer(_ bytes: ArraySlice<UInt8>) -> Int? {
    Int(String(decoding: bytes, as: UTF8.self))
}

// MARK: - Geometry

extension PreviewWindow {
    /// The least columns fzf's list keeps beside the window (its minWidth).
    public static let listKeepsColumns = 4
    /// The least rows fzf's list keeps above or below the window (its minHeight: a line of
    /// items, the prompt and its separator).
    public static let listKeepsRows = 3

    /// The side the window takes, `next` resolved: below the list when the prompt is at the
    /// bottom (the window stands between the list and the prompt), above it when the prompt is
    /// on top (fzf's --layout reverse).
    public func side(promptOnTop: Bool) -> Position {
        position == .next ? (promptOnTop ? .up : .down) : position
    }

    /// Whether the window's size is rows (above or below the list) rather than columns.
    public var takesRows: Bool { position == .up || position == .down || position == .next }

    /// The border as drawn: `line` becomes the one side that faces the list (fzf's Border).
    public func drawnBorder(promptOnTop: Bool) -> Border {
        guard border == .line else { return border }
        switch side(promptOnTop: promptOnTop) {
        case .up: return .bottom
        case .down, .next: return .top
        case .left: return .right
        case .right: return .left
        }
    }

    /// The least size of the window along its axis: one row or column of text with the
    /// border's, and beside the list a column for the scroll bar when the border has no right
    /// side to draw it on (fzf's minPreviewSize; `scrollbar` false for --no-scrollbar).
    public func minimumExtent(promptOnTop: Bool = false, scrollbar: Bool = true) -> Int {
        let shape = drawnBorder(promptOnTop: promptOnTop)
        if takesRows { return 1 + shape.rows }
        return 1 + shape.columns + (scrollbar && !shape.hasRight ? 1 : 0)
    }

    /// fzf's calculateSize: the window's extent out of `base` rows or columns when the rest keeps
    /// `listKeeps` of them, never below `minimum` (which wins over `listKeeps`). A percentage is
    /// of the whole `base`, cut to a whole number as fzf's float arithmetic does
    /// (`base * 0.01 * percent`); a count is of lines of text, `minimum - 1` (the border's) added.
    /// A count too large for the arithmetic is the most (fzf's Go conversion overflows there).
    public static func extent(of size: Size, in base: Int, listKeeps: Int, minimum: Int) -> Int {
        let most = max(saturating(base, minus: listKeeps), minimum)
        let wanted: Int
        switch size {
        case .percent(let percent):
            let exact = Double(base) * 0.01 * Double(percent)
            wanted = exact.isFinite && abs(exact) < 9e18 ? Int(exact) : (exact > 0 ? most : minimum)
        case .count(let count):
            let sum = count.addingReportingOverflow(minimum &- 1)
            wanted = sum.overflow ? (count > 0 ? most : minimum) : sum.partialValue
        }
        return max(min(wanted, most), minimum)
    }

    /// The window's extent on a screen of `width` columns and `height` rows: rows when it stands
    /// above or below the list, columns beside it, as fzf's resizeWindows computes it (before
    /// fzf bounds rows by the lines the prompt leaves, which is the caller's to do). `listKeeps`
    /// is what the list keeps, fzf's 3 rows or 4 columns unless given.
    public func extent(
        width: Int, height: Int, promptOnTop: Bool = false, scrollbar: Bool = true, listKeeps: Int? = nil
    ) -> Int {
        let minimum = minimumExtent(promptOnTop: promptOnTop, scrollbar: scrollbar)
        return takesRows
            ? Self.extent(of: size, in: height, listKeeps: listKeeps ?? Self.listKeepsRows, minimum: minimum)
            : Self.extent(of: size, in: width, listKeeps: listKeeps ?? Self.listKeepsColumns, minimum: minimum)
    }

    /// The window on a screen, resolved: the layout in force and its rectangle.
    public struct Layout: Hashable, Sendable {
        /// The layout in force: this window, or its alternative's.
        public let window: PreviewWindow
        /// Whether that is the alternative, the screen being too small for this one.
        public let usesAlternative: Bool
        /// Where it goes (never `next`).
        public let side: Position
        /// Its border as drawn.
        public let border: Border
        /// Its rectangle's columns, border included: its size beside the list, else the screen's.
        public let columns: Int
        /// Its rectangle's rows, border included: its size above or below the list, else the
        /// screen's.
        public let rows: Int
    }

    /// The layout in force on the screen and its rectangle, as fzf's resizeWindows settles
    /// them: the alternative when the window would be smaller than the threshold (and larger
    /// than 0), and nil when the one in force shows nothing (hidden, or of size 0).
    public func layout(
        width: Int, height: Int, promptOnTop: Bool = false, scrollbar: Bool = true, listKeeps: Int? = nil
    ) -> Layout? {
        guard !size.isZero else { return nil }
        var window = self
        var usesAlternative = false
        if let alternative, alternative.threshold > 0,
            extent(width: width, height: height, promptOnTop: promptOnTop, scrollbar: scrollbar, listKeeps: listKeeps)
                < alternative.threshold
        {
            window = alternative.window
            usesAlternative = true
            guard !window.size.isZero else { return nil }
        }
        guard !window.hidden else { return nil }
        let extent = window.extent(
            width: width, height: height, promptOnTop: promptOnTop, scrollbar: scrollbar, listKeeps: listKeeps)
        return Layout(
            window: window, usesAlternative: usesAlternative, side: window.side(promptOnTop: promptOnTop),
            border: window.drawnBorder(promptOnTop: promptOnTop),
            columns: window.takesRows ? width : extent, rows: window.takesRows ? extent : height)
    }

    /// The line at the top of the window when it opens on an item, 0 the first: the scroll spec
    /// worked out over the rows of text under the fixed header lines (`windowRows`, the
    /// window's rows inside its border, less `headerLines`), fzf's evaluateScrollOffset.
    public func scrollOffset(windowRows: Int, value: (Scroll.Placeholder) -> String?) -> Int {
        guard let scroll else { return 0 }
        return scroll.offset(height: max(0, saturating(windowRows, minus: headerLines)), value: value)
    }
}

// MARK: - Description

extension PreviewWindow: CustomStringConvertible {
    /// The words that give this window from fzf's default: its side and size, then what else
    /// differs, then its alternative, e.g. `up,40%,border-sharp,wrap,+{2}-5,~3,<80(down,10)`.
    public var description: String {
        var words = words(over: .default)
        if let alternative {
            var base = self
            base.hidden = false
            base.alternative = nil
            let inner = alternative.window.words(over: base).joined(separator: ",")
            if alternative.threshold > 0 {
                words.append("<\(alternative.threshold)(\(inner))")
            } else {
                // (A threshold of 0 is what a later `default` leaves: fzf's own way there.)
                words = ["<1(\(inner))", "default"] + words
            }
        }
        return words.joined(separator: ",")
    }

    /// The words that make this window, its alternative aside, of `base`: the side and size
    /// always, then what differs. Only `default` clears a scroll spec, so a window without one
    /// over a base with one starts with it.
    func words(over base: PreviewWindow) -> [String] {
        if scroll == nil && base.scroll != nil { return ["default"] + words(over: .default) }
        var words = [position.rawValue, size.description]
        if border != base.border { words.append("border-" + border.rawValue) }
        if wrapping != base.wrapping {
            switch wrapping {
            case .off: words.append("nowrap")
            case .characters: words.append("wrap")
            case .words: words.append("wrap-word")
            }
        }
        if follow != base.follow { words.append(follow ? "follow" : "nofollow") }
        if cycle != base.cycle { words.append(cycle ? "cycle" : "nocycle") }
        if info != base.info { words.append(info ? "info" : "noinfo") }
        if hidden != base.hidden { words.append(hidden ? "hidden" : "nohidden") }
        if let scroll, scroll != base.scroll { words.append(scroll.text) }
        if headerLines != base.headerLines { words.append("~\(headerLines)") }
        return words
    }
}
