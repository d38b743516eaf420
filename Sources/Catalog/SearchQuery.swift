// What the user typed into the search prompt, as terms to match.

/// What the user typed into the search prompt, split into terms.
///
/// The syntax is small, in the spirit of fzf's `--exact` mode:
/// - Terms are separated by spaces (any run of whitespace). An item matches when every term
///   occurs in it: in its label, in one of its keywords, or in one of its field values; each term
///   may match in a different place.
/// - A term matches as a substring. A term starting with `^` matches only at the start of a word,
///   that is at the start of the text or after a character that is neither a letter nor a digit:
///   `^cat` finds "cat face" and "black cat" but not "vacation". A lone `^` is a literal caret.
/// - Smart case, as in fzf and vim: the query is case-insensitive unless it has a capital letter
///   (any character that lowercasing changes); then every term is case-sensitive. Insensitive
///   matching lowercases Unicode, not only ASCII: "é" finds "École", "k" finds the Kelvin sign.
/// - Text is compared as UTF-8 without normalization, so a precomposed "é" does not find a
///   decomposed one ("e" + U+0301); data files and terminals almost always send the former.
public struct SearchQuery: Hashable, Sendable, CustomStringConvertible {
    public struct Term: Hashable, Sendable {
        /// The text to find, without the `^`.
        public let text: String
        /// Whether the term was written `^text`.
        public let atWordStart: Bool

        public init(_ text: String, atWordStart: Bool = false) {
            self.text = text
            self.atWordStart = atWordStart
        }
    }

    public let terms: [Term]
    public let caseSensitive: Bool

    public init(_ text: String) {
        var typed: [Substring] = []
        terms = text.split(whereSeparator: \.isWhitespace).map { word in
            // A code point (U+1F600, or 1F600) finds the glyphs that hold it.
            if let scalar = Self.codePoint(word) { return Term(String(Character(scalar))) }
            typed.append(word)
            return word.count > 1 && word.first == "^"
                ? Term(String(word.dropFirst()), atWordStart: true) : Term(String(word))
        }
        // (A code point's capitals, U+1F600, do not make the rest case-sensitive.)
        caseSensitive = typed.contains { $0.unicodeScalars.contains { $0.properties.changesWhenLowercased } }
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
    public var isEmpty: Bool { terms.isEmpty }

    /// Whether every item this query matches is also matched by `other`, as far as can be told
    /// from the two queries alone; then searching only `other`'s result gives the same answer as
    /// searching everything. True when both use the same case mode and each of `other`'s terms
    /// is implied by one of this query's terms (which contains it, or for an anchored term,
    /// starts with it and is anchored too). Typing a letter, a space, or a new term refines;
    /// deleting, or adding the first capital, does not.
    public func refines(_ other: SearchQuery) -> Bool {
        if other.isEmpty { return true }
        guard caseSensitive == other.caseSensitive else { return false }
        return other.terms.allSatisfy { old in terms.contains { $0.implies(old) } }
    }

    public var description: String {
        terms.map { ($0.atWordStart ? "^" : "") + $0.text }.joined(separator: " ")
    }
}

extension SearchQuery.Term {
    /// Whether every text where this term occurs (in the same case mode) also holds `other`.
    func implies(_ other: SearchQuery.Term) -> Bool {
        let mine = Array(text.utf8), theirs = Array(other.text.utf8)
        if other.atWordStart {
            return atWordStart && mine.starts(with: theirs)
        }
        guard theirs.count <= mine.count else { return false }
        if theirs.isEmpty { return true }
        for start in 0...(mine.count - theirs.count) where mine[start..<start + theirs.count].elementsEqual(theirs) {
            return true
        }
        return false
    }
}
