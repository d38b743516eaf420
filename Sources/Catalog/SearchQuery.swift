// What the user typed into the search prompt, as terms to match: fzf's extended-search syntax,
// with a word start as the default match (what a picker's user means by "cat").

/// What the user typed into the search prompt, split into terms.
///
/// The syntax is fzf's extended search, with one change of default:
/// - Terms are separated by spaces (any run of whitespace). An item matches when every term
///   matches it, each anywhere among its label, keywords, field values and glyph.
/// - A plain term matches at the start of a word: at the start of the text or after a
///   character that is neither a letter nor a digit. `cat` finds "cat face", "black cat" and
///   "catch", not "intoxicated". (fzf's default is fuzzy; `--fuzzy` makes it ours too.)
/// - `'term` matches anywhere, inside words too. `^term` matches at the start of the label,
///   `term$` at its end, `^term$` the whole label. `!term` excludes the items the term would
///   match (`!'term`, `!^term` and `!term$` likewise). `a | b` matches either.
/// - A word that could name a code point, `U+1F600` or `1F600` (4 to 6 hex digits with a decimal
///   digit among them, so that "face" and "cafe" stay plain words), is its text *and* that code
///   point: `1234` finds "1234" and "12340" as any word would, and also the glyphs that hold
///   U+1234. A match of the text ranks above a match of the code point only.
/// - Smart case, as in fzf and vim: the query is case-insensitive unless it has a capital letter
///   (any character that lowercasing changes); then every term is case-sensitive. Insensitive
///   matching lowercases Unicode, not only ASCII: "é" finds "École", "k" finds the Kelvin sign.
/// - Text is compared as UTF-8 without normalization, so a precomposed "é" does not find a
///   decomposed one ("e" + U+0301); data files and terminals almost always send the former.
public struct SearchQuery: Hashable, Sendable, CustomStringConvertible {
    public struct Term: Hashable, Sendable {
        /// Where in a string the term may match.
        public enum Anchor: UInt8, Hashable, Sendable {
            /// At the start of a word (a plain term).
            case wordStart
            /// Anywhere (`'term`).
            case anywhere
            /// At the start of the label (`^term`).
            case labelStart
            /// At the end of the label (`term$`).
            case labelEnd
            /// The whole label (`^term$`).
            case wholeLabel
            /// Its characters in order, with anything between, within one string (`--fuzzy`).
            case fuzzy

            /// Whether the term looks only at the label.
            var labelOnly: Bool { self == .labelStart || self == .labelEnd || self == .wholeLabel }
        }

        /// The text to find, without the syntax around it.
        public let text: String
        public let anchor: Anchor
        /// Whether the term excludes what it matches (`!term`).
        public let negated: Bool
        /// Whether the term is the code point a word of the query named (`1F600` is also 😀):
        /// it stands beside that word's own term, as an alternative that ranks below any
        /// match of the text.
        public let codePoint: Bool

        public init(_ text: String, _ anchor: Anchor = .wordStart, negated: Bool = false, codePoint: Bool = false) {
            self.text = text
            self.anchor = anchor
            self.negated = negated
            self.codePoint = codePoint
        }
    }

    /// What must hold, all of it: each clause is one term, or terms joined by `|` of which one
    /// must match.
    public let clauses: [[Term]]
    public let caseSensitive: Bool
    /// Whether a plain term matches fuzzily (`--fuzzy`).
    public let fuzzy: Bool

    /// Every term, clause after clause.
    public var terms: [Term] { clauses.flatMap { $0 } }

    /// At most this many terms are kept (a pasted page is not a query): the matcher keeps one
    /// bit per term for clauses of more than one term or negated ones.
    static let maximumTermCount = 64

    public init(_ text: String, fuzzy: Bool = false) {
        self.fuzzy = fuzzy
        // (At most `maximumTermCount` terms, a code point's alternative counted.)
        var words: [Substring] = []
        var count = 0
        for word in text.split(whereSeparator: \.isWhitespace) {
            if word != "|" {
                count += Self.codePoint(word) == nil ? 1 : 2
                guard count <= Self.maximumTermCount else { break }
            }
            words.append(word)
        }
        // Smart case looks at the words that are only text: a code point's capitals (U+1F600)
        // do not make the rest case-sensitive.
        let caseSensitive = words.contains { word in
            Self.codePoint(word) == nil && word.unicodeScalars.contains { $0.properties.changesWhenLowercased }
        }
        var clauses: [[Term]] = []
        var joinNext = false
        for word in words {
            if word == "|" {
                joinNext = !clauses.isEmpty
                continue
            }
            var alternatives = [Self.term(word, fuzzy: fuzzy)]
            // A word that could be a code point (U+1F600, 1F600, but also 1234, 2024, beef1)
            // is its text first and, besides, the glyphs that hold that code point.
            // (Lowercased when the query ignores case, as every term's text then is.)
            if let scalar = Self.codePoint(word) {
                let text = alternatives[0]
                let glyph = String(Character(scalar))
                alternatives = [
                    Term(caseSensitive ? text.text : text.text.lowercased(), text.anchor, negated: text.negated),
                    Term(caseSensitive ? glyph : glyph.lowercased(), .anywhere, codePoint: true),
                ]
            }
            if joinNext {
                clauses[clauses.count - 1] += alternatives
            } else {
                clauses.append(alternatives)
            }
            joinNext = false
        }
        self.clauses = clauses
        self.caseSensitive = caseSensitive
    }

    /// One word of the query with its marks read: `!`, then `'` or `^`, then `$` at the end.
    /// A mark that would leave nothing to find is the text itself ("^", "$", "!").
    static func term(_ word: Substring, fuzzy: Bool) -> Term {
        var rest = word
        var negated = false
        if rest.count > 1, rest.first == "!" {
            negated = true
            rest = rest.dropFirst()
        }
        var anchor: Term.Anchor = fuzzy ? .fuzzy : .wordStart
        if rest.count > 1, rest.first == "'" {
            anchor = .anywhere
            rest = rest.dropFirst()
        } else if rest.count > 1, rest.first == "^" {
            anchor = .labelStart
            rest = rest.dropFirst()
        }
        if rest.count > 1, rest.last == "$", anchor != .anywhere {
            anchor = anchor == .labelStart ? .wholeLabel : .labelEnd
            rest = rest.dropLast()
        }
        return Term(String(rest), anchor, negated: negated)
    }

    /// The scalar `word` names as a code point: "U+" and 4 to 6 hex digits, or 4 to 6 hex
    /// digits with at least one decimal digit among them (so that "face", "cafe" and "added"
    /// stay words); nil otherwise, and for a value that is no scalar (a surrogate) or a control.
    static func codePoint(_ word: Substring) -> Unicode.Scalar? {
        var digits = word
        let prefixed = word.count > 2 && (word.hasPrefix("U+") || word.hasPrefix("u+"))
        if prefixed { digits = word.dropFirst(2) }
        guard (4...6).contains(digits.count), digits.allSatisfy(\.isHexDigit),
            prefixed || digits.contains(where: \.isWholeNumber),
            let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value),
            scalar.properties.generalCategory != .control
        else { return nil }
        return scalar
    }

    /// An empty query matches everything: the unfiltered view.
    public var isEmpty: Bool { clauses.isEmpty }

    /// Whether each clause is one term that must be found (no `|`, no `!`): the matcher's
    /// quick path, which may try the terms in any order and stop at the first one missing.
    var isConjunction: Bool { clauses.allSatisfy { $0.count == 1 && !$0[0].negated } }

    /// Whether every item this query matches is also matched by `other`, as far as can be told
    /// from the two queries alone; then searching only `other`'s result gives the same answer as
    /// searching everything. True when both use the same case mode and each of `other`'s clauses
    /// is implied by one of this query's clauses. Typing a letter, a space, or a new term
    /// refines; deleting, widening a `|`, or adding the first capital does not.
    public func refines(_ other: SearchQuery) -> Bool {
        if other.isEmpty { return true }
        guard caseSensitive == other.caseSensitive else { return false }
        return other.clauses.allSatisfy { old in
            clauses.contains { new in new.allSatisfy { term in old.contains { term.implies($0) } } }
        }
    }

    /// The query as it would be typed (a code point's term is implied by its word: left out).
    public var description: String {
        clauses.map { $0.filter { !$0.codePoint }.map(\.description).joined(separator: " | ") }.joined(
            separator: " ")
    }
}

extension SearchQuery.Term: CustomStringConvertible {
    /// The term as it would be typed.
    public var description: String {
        let marked: String
        switch anchor {
        case .wordStart, .fuzzy: marked = text
        case .anywhere: marked = "'" + text
        case .labelStart: marked = "^" + text
        case .labelEnd: marked = text + "$"
        case .wholeLabel: marked = "^" + text + "$"
        }
        return (negated ? "!" : "") + marked
    }

    /// Whether every item this term matches (in the same case mode) is also matched by `other`.
    func implies(_ other: SearchQuery.Term) -> Bool {
        if negated != other.negated { return false }
        // Not holding a text implies not holding another when the other's presence implies
        // the text's presence.
        if negated {
            return Self(other.text, other.anchor).implies(Self(text, anchor))
        }
        let mine = Array(text.utf8), theirs = Array(other.text.utf8)
        switch other.anchor {
        case .anywhere:
            return anchor != .fuzzy && Self.contains(mine, theirs)
        case .wordStart:
            return (anchor == .wordStart || anchor == .labelStart || anchor == .wholeLabel)
                && mine.starts(with: theirs)
        case .labelStart:
            return (anchor == .labelStart || anchor == .wholeLabel) && mine.starts(with: theirs)
        case .labelEnd:
            return (anchor == .labelEnd || anchor == .wholeLabel) && mine.reversed().starts(with: theirs.reversed())
        case .wholeLabel:
            return anchor == .wholeLabel && mine == theirs
        case .fuzzy:
            // Every string holding this term holds its text's characters in order.
            var next = 0
            for byte in mine where next < theirs.count && theirs[next] == byte { next += 1 }
            return next == theirs.count
        }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
