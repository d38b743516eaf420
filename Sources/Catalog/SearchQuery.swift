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
            /// Its characters in order, with anything between, within one string (fzf's default).
            case fuzzy
            /// A whole word anywhere (fzf's `'term'`).
            case boundary
            /// Its characters in order, as `fuzzy`, but a match at a word's start ranks above
            /// any that is not (the emoji's default).
            case wordFirst

            /// Whether the term looks only at the label.
            var labelOnly: Bool { self == .labelStart || self == .labelEnd || self == .wholeLabel }

            /// How fzf's rules match it (a word start is matched as anywhere there).
            var scoringKind: ScoringKind {
                switch self {
                case .fuzzy, .wordFirst: return .fuzzy
                case .wordStart, .anywhere: return .exact
                case .boundary: return .boundary
                case .labelStart: return .prefix
                case .labelEnd: return .suffix
                case .wholeLabel: return .equal
                }
            }
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
        /// Whether the term tells capitals from small letters (smart case: it has a capital).
        public let caseSensitive: Bool
        /// Whether a Latin letter with a mark matches the plain letter ("e" finds "é"), as fzf
        /// does unless `--literal`: only for a term with no such letter of its own.
        public let normalizes: Bool

        public init(
            _ text: String, _ anchor: Anchor = .wordStart, negated: Bool = false, codePoint: Bool = false,
            caseSensitive: Bool = false, normalizes: Bool = false
        ) {
            self.text = text
            self.anchor = anchor
            self.negated = negated
            self.codePoint = codePoint
            self.caseSensitive = caseSensitive
            self.normalizes = normalizes
        }

        /// The term with its case and normalization set.
        func with(caseSensitive: Bool, normalizes: Bool) -> Term {
            Term(
                text, anchor, negated: negated, codePoint: codePoint, caseSensitive: caseSensitive,
                normalizes: normalizes)
        }
    }

    /// How a plain term matches.
    public enum Matching: String, Hashable, Sendable, CaseIterable {
        /// At the start of a word, ranked by where it matched.
        case word
        /// Its characters in order, but the matches at a word's start first, ranked as `word`
        /// ranks them, then the others (the emoji's default).
        case wordFirst = "word-first"
        /// fzf's default: the term's characters in order, ranked by fzf's score.
        case fuzzy
        /// fzf's `--exact`: the term as it is, anywhere, ranked by fzf's score; `'term` is
        /// then fuzzy.
        case exact
    }

    /// Which case a term tells apart (fzf's `--smart-case`, `-i`, `+i`).
    public enum CaseMode: String, Hashable, Sendable, CaseIterable {
        /// A term with a capital letter is case-sensitive, others are not.
        case smart
        /// Every term ignores case (`-i`).
        case ignore
        /// Every term respects case (`+i`).
        case respect
    }

    /// What orders matches that score the same, after the score (fzf's `--tiebreak`); the
    /// item's place in the input always comes last.
    public enum Tiebreak: String, Hashable, Sendable, CaseIterable {
        /// The shorter item first (white space around it left out).
        case length
        /// The match that ends earlier first (fzf measures the end of the match).
        case begin
        /// The match nearer the item's end first.
        case end
        /// The item whose match sits in the shorter run of non-space characters first.
        case chunk
        /// The match nearer the start of the file name (after the last `/`) first.
        case pathname
        /// Input order: as the end of the list, the default anyway.
        case index

        /// The criteria of a comma-separated list, as fzf reads `--tiebreak`: at most three
        /// besides `index`, none twice, `index` only last. Throws a message naming the fault.
        public static func list(_ text: String) throws(TiebreakError) -> [Tiebreak] {
            var criteria: [Tiebreak] = []
            var sawIndex = false
            for name in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
                guard let criterion = Tiebreak(rawValue: String(name)) else {
                    throw TiebreakError(
                        message: "invalid sort criterion \"\(name)\" (length, chunk, pathname, begin, end or index)")
                }
                if sawIndex { throw TiebreakError(message: "index should be the last criterion") }
                if criteria.contains(criterion) {
                    throw TiebreakError(message: "duplicate sort criterion \"\(name)\"")
                }
                if criterion == .index { sawIndex = true } else { criteria.append(criterion) }
            }
            if criteria.count > 3 { throw TiebreakError(message: "at most 3 tiebreaks are allowed") }
            return criteria
        }
    }

    /// A `--tiebreak` list that cannot be read.
    public struct TiebreakError: Error, Hashable, Sendable {
        public let message: String
    }

    /// How matches are ordered (fzf's `--no-sort`, `--tac` and `--tiebreak`).
    public struct Order: Hashable, Sendable {
        /// Whether matches are ranked (by score, then `tiebreaks`, then input order); false
        /// keeps input order.
        public var sorts: Bool
        /// Whether input order is taken backward (the last line first), as fzf's `--tac`.
        public var reversed: Bool
        /// The criteria after the score (`index` is implied at the end).
        public var tiebreaks: [Tiebreak]

        public init(sorts: Bool = true, reversed: Bool = false, tiebreaks: [Tiebreak] = [.length]) {
            self.sorts = sorts
            self.reversed = reversed
            self.tiebreaks = tiebreaks
        }
    }

    /// What must hold, all of it: each clause is one term, or terms joined by `|` of which one
    /// must match.
    public let clauses: [[Term]]
    /// How plain terms match.
    public let matching: Matching
    /// How matches are ordered.
    public let order: Order
    /// Whether some term is case-sensitive.
    public var caseSensitive: Bool { terms.contains { $0.caseSensitive } }
    /// Whether a plain term matches fuzzily.
    public var fuzzy: Bool { matching == .fuzzy }
    /// Whether matches are scored by fzf's rules (fuzzy or exact matching), not by word starts.
    public var scoresAsFzf: Bool { matching == .fuzzy || matching == .exact }

    /// Every term, clause after clause.
    public var terms: [Term] { clauses.flatMap { $0 } }

    /// At most this many terms are kept (a pasted page is not a query): the matcher keeps one
    /// bit per term for clauses of more than one term or negated ones.
    static let maximumTermCount = 64

    /// The query `text` in word-start matching (or fuzzy, fzf's, with `fuzzy`), smart case.
    public init(_ text: String, fuzzy: Bool = false) {
        if fuzzy {
            self.init(text, matching: .fuzzy)
        } else {
            self.init(wordQuery: text)
        }
    }

    /// The query `text` matched as `matching` says, in case mode `caseMode`, Latin letters
    /// normalized unless `literal`, ordered by `order`. Fuzzy and exact queries read the
    /// syntax exactly as fzf's extended search does (terms split at spaces, `\ ` a space
    /// within a term, smart case per term); word queries as splitview always has (smart case
    /// over the whole query, and a word that names a code point also finds its glyph).
    public init(
        _ text: String, matching: Matching, caseMode: CaseMode = .smart, literal: Bool = false,
        order: Order = Order()
    ) {
        guard matching != .word && matching != .wordFirst else {
            let words = SearchQuery(wordQuery: text, wordFirst: matching == .wordFirst)
            self.init(
                clauses: words.clauses.map { clause in
                    clause.map { term in
                        let sensitive =
                            caseMode == .respect || (caseMode == .smart && words.terms.contains(where: \.caseSensitive))
                        return Term(
                            sensitive ? term.text : term.text.lowercased(), term.anchor, negated: term.negated,
                            codePoint: term.codePoint, caseSensitive: sensitive)
                    }
                }, matching: matching, order: order)
            return
        }
        self.init(
            clauses: Self.fzfClauses(text, exact: matching == .exact, caseMode: caseMode, literal: literal),
            matching: matching, order: order)
    }

    init(clauses: [[Term]], matching: Matching, order: Order) {
        self.clauses = clauses
        self.matching = matching
        self.order = order
    }

    /// fzf's reading of the extended syntax (its parseTerms): terms split at runs of spaces
    /// (`\ ` is a space inside a term); `|` between terms joins them; `!` negates and makes
    /// the term exact; `term$` is a suffix, `^term` a prefix, `^term$` the whole text;
    /// `'term'` a whole word; `'term` flips exactness (exact in fuzzy mode, fuzzy in exact
    /// mode, and fuzzy after `!`). Each term is case-sensitive when it has a capital (smart
    /// case), and normalizes Latin letters when it has none of its own.
    static func fzfClauses(_ text: String, exact: Bool, caseMode: CaseMode, literal: Bool) -> [[Term]] {
        var trimmed = Substring(text)
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.hasSuffix(" ") && !trimmed.hasSuffix("\\ ") { trimmed.removeLast() }
        let tokens = trimmed.replacing("\\ ", with: "\t").split(separator: " ")
        var clauses: [[Term]] = []
        var clause: [Term] = []
        var switchClause = false
        var afterBar = false
        var count = 0
        for token in tokens {
            var text = String(token).replacing("\t", with: " ")
            let lower = text.lowercased()
            let caseSensitive = caseMode == .respect || (caseMode == .smart && text != lower)
            let normalizes =
                !literal && lower.unicodeScalars.allSatisfy { ScoringRules.normalized($0.value) == $0.value }
            if !caseSensitive { text = lower }
            var anchor: Term.Anchor = exact ? .anywhere : .fuzzy
            var negated = false
            if !clause.isEmpty && !afterBar && text == "|" {
                switchClause = false
                afterBar = true
                continue
            }
            afterBar = false
            if text.hasPrefix("!") {
                negated = true
                anchor = .anywhere
                text.removeFirst()
            }
            if text != "$" && text.hasSuffix("$") {
                anchor = .labelEnd
                text.removeLast()
            }
            if text.count > 2 && text.hasPrefix("'") && text.hasSuffix("'") {
                anchor = .boundary
                text = String(text.dropFirst().dropLast())
            } else if text.hasPrefix("'") {
                anchor = !exact && !negated ? .anywhere : .fuzzy
                text.removeFirst()
            } else if text.hasPrefix("^") {
                anchor = anchor == .labelEnd ? .wholeLabel : .labelStart
                text.removeFirst()
            }
            guard !text.isEmpty else { continue }
            count += 1
            if count > maximumTermCount { break }
            if switchClause {
                clauses.append(clause)
                clause = []
            }
            clause.append(Term(text, anchor, negated: negated, caseSensitive: caseSensitive, normalizes: normalizes))
            switchClause = true
        }
        if !clause.isEmpty { clauses.append(clause) }
        return clauses
    }

    /// The word-start query (splitview's reading of the syntax).
    private init(wordQuery text: String, wordFirst: Bool = false) {
        self.matching = wordFirst ? .wordFirst : .word
        self.order = Order()
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
            var alternatives = [
                Self.term(word, fuzzy: false, wordFirst: wordFirst).with(
                    caseSensitive: caseSensitive, normalizes: false)
            ]
            // A word that could be a code point (U+1F600, 1F600, but also 1234, 2024, beef1)
            // is its text first and, besides, the glyphs that hold that code point.
            // (Lowercased when the query ignores case, as every term's text then is.)
            if let scalar = Self.codePoint(word) {
                let text = alternatives[0]
                let glyph = String(Character(scalar))
                alternatives = [
                    Term(
                        caseSensitive ? text.text : text.text.lowercased(), text.anchor, negated: text.negated,
                        caseSensitive: caseSensitive),
                    Term(
                        caseSensitive ? glyph : glyph.lowercased(), .anywhere, codePoint: true,
                        caseSensitive: caseSensitive),
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
    }

    /// One word of the query with its marks read: `!`, then `'` or `^`, then `$` at the end.
    /// A mark that would leave nothing to find is the text itself ("^", "$", "!").
    static func term(_ word: Substring, fuzzy: Bool, wordFirst: Bool = false) -> Term {
        var rest = word
        var negated = false
        if rest.count > 1, rest.first == "!" {
            negated = true
            rest = rest.dropFirst()
        }
        var anchor: Term.Anchor = fuzzy ? .fuzzy : wordFirst ? .wordFirst : .wordStart
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
        guard matching == other.matching else { return false }
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
        case .wordStart, .fuzzy, .wordFirst: marked = text
        case .anywhere: marked = "'" + text
        case .boundary: marked = "'" + text + "'"
        case .labelStart: marked = "^" + text
        case .labelEnd: marked = text + "$"
        case .wholeLabel: marked = "^" + text + "$"
        }
        return (negated ? "!" : "") + marked
    }

    /// Whether every item this term matches (in the same case mode) is also matched by `other`.
    func implies(_ other: SearchQuery.Term) -> Bool {
        if negated != other.negated || caseSensitive != other.caseSensitive || normalizes != other.normalizes {
            return false
        }
        // Not holding a text implies not holding another when the other's presence implies
        // the text's presence.
        if negated {
            return Self(other.text, other.anchor, caseSensitive: caseSensitive, normalizes: normalizes).implies(
                Self(text, anchor, caseSensitive: caseSensitive, normalizes: normalizes))
        }
        let mine = Array(text.utf8), theirs = Array(other.text.utf8)
        switch other.anchor {
        case .anywhere:
            return anchor != .fuzzy && anchor != .wordFirst && Self.contains(mine, theirs)
        case .wordStart:
            return (anchor == .wordStart || anchor == .labelStart || anchor == .wholeLabel)
                && mine.starts(with: theirs)
        case .labelStart:
            return (anchor == .labelStart || anchor == .wholeLabel) && mine.starts(with: theirs)
        case .labelEnd:
            return (anchor == .labelEnd || anchor == .wholeLabel) && mine.reversed().starts(with: theirs.reversed())
        case .wholeLabel:
            return anchor == .wholeLabel && mine == theirs
        case .boundary:
            return anchor == .boundary && mine == theirs
        case .fuzzy, .wordFirst:
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
