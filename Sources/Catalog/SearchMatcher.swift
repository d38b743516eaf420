// Matching a query against the items of a store, in place in the store's bytes: the matcher
// one search worker owns, and the reader it goes through.

import CPrefetch

/// The query's terms as one worker matches them against many items.
///
/// Speed comes from what the hot loop does not do. The terms live in memory this matcher alone
/// owns, so no reference count is shared with another thread (two cores incrementing one
/// array's count cost more than the matching). Items are read in place in their store's bytes,
/// through pointers, with no `Item` or `String` made. And the common case, ASCII text and ASCII
/// word boundaries, runs as a pure scan with no call the optimizer cannot see through, which
/// lets it read each string's bytes with no call in between; anything that needs Unicode properties
/// (non-ASCII text in case-insensitive mode, a `^` term after a non-ASCII character) reports
/// itself undecided and is settled by the exact path, out of line.
struct SearchMatcher: ~Copyable {
    private struct Term {
        var start: Int
        var count: Int
        var anchor: SearchQuery.Term.Anchor
        /// The clause the term belongs to, and whether it counts by being absent.
        var clause: Int
        var negated: Bool
        /// A code point's alternative to its word's text: it scores nothing (see `scoreAndShortcodes`).
        var codePoint: Bool
        /// Whether the term ignores case, and whether it matches Latin letters as ASCII.
        var foldsCase: Bool
        var normalizes: Bool
        /// The term's scalars (for fzf's scoring), in `scalars`.
        var scalarStart: Int
        var scalarCount: Int
        /// Whether the term's text is ASCII (then ASCII text without its bytes lacks it).
        var isASCII: Bool
    }

    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let terms: UnsafeMutableBufferPointer<Term>
    private let scalars: UnsafeMutableBufferPointer<UInt32>
    let termCount: Int
    /// Whether matches are scored by fzf's rules (else by word starts, `SearchBytes.points`).
    let scoresAsFzf: Bool
    /// How matches are ordered.
    let order: SearchQuery.Order
    /// A string decoded for fzf's rules (the slow path of matching, and scoring), and what it
    /// holds: the string's index and its decoding's mode, so that terms of one mode share it.
    private var text = ScoringText()
    private var textKey: (base: UnsafePointer<UInt8>?, count: Int, foldsCase: Bool, normalizes: Bool) = (
        nil, -1, false, false
    )
    /// Whether the query is only terms that must all be found (no `|`, no `!`): then the terms
    /// may be tried in any order and an item is settled by its first missing term.
    private let isConjunction: Bool
    /// Otherwise, each clause as two masks over the terms: the ones that satisfy it by being
    /// found, and the negated ones that satisfy it by being absent.
    private let clauses: UnsafeMutableBufferPointer<(found: UInt64, absent: UInt64)>
    /// How often each term was the one that ruled an item out; `adapt()` puts the most
    /// selective terms first, so "section 7 item 5" soon tries "7" before "section".
    private let misses: UnsafeMutableBufferPointer<Int>
    /// The Unicode-folding path's buffer, grown once and reused for every string.
    private var scratch: [UInt8] = []

    /// The user's picks (`Catalog.picks`), which word-start ranking puts first among equals.
    let picks: SearchPicks
    /// A word-start query of several words, one a clause, none negated: its words with a space
    /// between (lowercase when they all ignore case), which a label may spell whole; else empty.
    private let wholeName: [UInt8]
    private let wholeNameFoldsCase: Bool

    init(_ query: SearchQuery, picks: SearchPicks = SearchPicks()) {
        self.picks = picks
        let needles = query.clauses.map { clause in clause.map { SearchNeedle($0) } }
        scoresAsFzf = query.scoresAsFzf
        order = query.order
        isConjunction = query.isConjunction
        let words = needles.compactMap { clause in clause.first { !$0.codePoint } }
        if !scoresAsFzf, needles.count > 1, words.count == needles.count,
            !needles.contains(where: { $0.contains(where: \.negated) })
        {
            wholeName = Array(words.map(\.bytes).joined(separator: [UInt8(ascii: " ")]))
        } else {
            wholeName = []
        }
        wholeNameFoldsCase = words.allSatisfy(\.foldsCase)
        // The longest term first: it usually rules an item out soonest. (Only a conjunction's
        // terms may move: otherwise the clauses' masks name them by place.)
        var flat = needles.enumerated().flatMap { clause in clause.element.map { (clause: clause.offset, needle: $0) } }
        if isConjunction { flat.sort { $0.needle.bytes.count > $1.needle.bytes.count } }
        bytes = .allocate(capacity: max(1, flat.reduce(0) { $0 + $1.needle.bytes.count }))
        terms = .allocate(capacity: max(1, flat.count))
        misses = .allocate(capacity: max(1, flat.count))
        misses.initialize(repeating: 0)
        let patterns = flat.map { item in
            String(decoding: item.needle.bytes, as: UTF8.self).unicodeScalars.map { scalar in
                item.needle.normalizes ? ScoringRules.normalized(scalar.value) : scalar.value
            }
        }
        scalars = .allocate(capacity: max(1, patterns.reduce(0) { $0 + $1.count }))
        var offset = 0
        var scalarOffset = 0
        for (index, (clause, needle)) in flat.enumerated() {
            _ = UnsafeMutableBufferPointer(rebasing: bytes[offset..<offset + needle.bytes.count]).initialize(
                from: needle.bytes)
            terms.initializeElement(
                at: index,
                to: Term(
                    start: offset, count: needle.bytes.count, anchor: needle.anchor, clause: clause,
                    negated: needle.negated, codePoint: needle.codePoint, foldsCase: needle.foldsCase,
                    normalizes: needle.normalizes, scalarStart: scalarOffset, scalarCount: patterns[index].count,
                    isASCII: needle.bytes.allSatisfy { $0 < 0x80 }))
            _ = UnsafeMutableBufferPointer(rebasing: scalars[scalarOffset..<scalarOffset + patterns[index].count])
                .initialize(from: patterns[index])
            scalarOffset += patterns[index].count
            offset += needle.bytes.count
        }
        termCount = flat.count
        clauses = .allocate(capacity: max(1, needles.count))
        var bit = 0
        for (index, clause) in needles.enumerated() {
            var masks: (found: UInt64, absent: UInt64) = (0, 0)
            for needle in clause {
                // (SearchQuery keeps at most 64 terms.)
                if bit < 64 {
                    if needle.negated { masks.absent |= 1 << UInt64(bit) } else { masks.found |= 1 << UInt64(bit) }
                }
                bit += 1
            }
            clauses.initializeElement(at: index, to: masks)
        }
        clauseCount = needles.count
        if termCount == 1, terms[0].scalarCount == 1, terms[0].anchor.scoringKind == .fuzzy,
            (1..<0x80).contains(scalars[terms[0].scalarStart])
        {
            singleASCIICharacter = UInt8(truncatingIfNeeded: scalars[terms[0].scalarStart])
        } else {
            singleASCIICharacter = 0
        }
        breaksTiesByLengthOnly = order.tiebreaks == [.length]
        breaksNoTies = order.tiebreaks.isEmpty
    }

    private let clauseCount: Int
    /// The scoring tables, read per byte by the ASCII fast paths.
    let tables = ScoringTables.shared
    /// The query's one term when it is one ASCII character matched fuzzily (a first key), else 0.
    let singleASCIICharacter: UInt8
    /// Whether the only tiebreak is the length (fzf's default), read in place in ASCII text.
    let breaksTiesByLengthOnly: Bool
    /// Whether there is no tiebreak (the score alone, then input order).
    let breaksNoTies: Bool

    deinit {
        bytes.deallocate()
        scalars.deallocate()
        terms.deallocate()
        misses.deallocate()
        clauses.deallocate()
    }

    /// Whether some term scores (is not negated): otherwise ranking has nothing to order by.
    var scores: Bool { (0..<termCount).contains { !terms[$0].negated } }

    /// Whether `itemsContainingFirstTerm` may be used: a conjunction whose first term is
    /// looked for in every string.
    var canScanFirstTerm: Bool {
        isConjunction && termCount > 0 && (terms[0].anchor == .wordStart || terms[0].anchor == .anywhere)
    }

    /// Whether `itemsContainingFirstTerm` may be used on `store`: for text beyond ASCII, only
    /// for a first term of ASCII text (not a code point), which the scan's bytes can rule out.
    func canScanFirstTerm(in store: ItemStoreReader) -> Bool {
        canScanFirstTerm && (store.isASCII || (terms[0].isASCII && !terms[0].codePoint))
    }

    /// What `store`'s `WordStartIndex` says of this query (nil: the store has no index, or the
    /// query no term it can rule on): the first characters, ASCII letters or digits, of a
    /// conjunction's word-start terms.
    func wordStartFilter(in store: ItemStoreReader) -> WordStartFilter? {
        guard !store.wordStarts.isEmpty, isConjunction else { return nil }
        var required: UInt64 = 0
        for index in 0..<termCount {
            let term = terms[index]
            guard term.anchor == .wordStart, !term.negated, !term.codePoint, term.count > 0 else { continue }
            required |= WordStartIndex.bit(for: bytes[term.start])
        }
        guard required != 0 else { return nil }
        // (One term that set a bit: a word-start term of a letter or digit.)
        return WordStartFilter(
            required: required, settles: termCount == 1 && terms[0].count == 1 && terms[0].foldsCase)
    }

    /// Reorders the terms by how often each ruled an item out, most often first; counts are
    /// halved so the order follows the data as it changes. Cheap (at most 64 terms), so the
    /// caller does it every section.
    mutating func adapt() {
        guard isConjunction, termCount > 1, termCount <= 64 else { return }
        for index in 1..<termCount {
            let term = terms[index], count = misses[index]
            var slot = index
            while slot > 0, misses[slot - 1] < count {
                terms[slot] = terms[slot - 1]
                misses[slot] = misses[slot - 1]
                slot -= 1
            }
            terms[slot] = term
            misses[slot] = count
        }
        for index in 0..<termCount { misses[index] /= 2 }
    }

    /// Whether the item matches: every term found (each in its label, one of its keywords, one
    /// of its field values or its glyph), or for a query with `|` or `!`, every clause holding.
    /// The item is the store's `item`th, read in place.
    @inline(__always)
    mutating func matches(_ store: ItemStoreReader, _ item: Int) -> Bool {
        let strings = store.searchableStrings(of: item)
        guard isConjunction else { return satisfiesClauses(store, strings) }
        // Terms go by groups of 64, one bit per term still to be found, so each string is read
        // once for all the terms it can settle.
        var group = 0
        while group < termCount {
            let end = min(group + 64, termCount)
            let all: UInt64 = end - group == 64 ? ~0 : (1 << UInt64(end - group)) - 1
            if findAll(store, strings, group, all, stopAtMiss: true) != 0 { return false }
            group = end
        }
        return true
    }

    /// Whether every clause holds: one of its terms found, or one of its negated terms absent.
    private mutating func satisfiesClauses(_ store: ItemStoreReader, _ strings: Range<Int>) -> Bool {
        let all: UInt64 = termCount >= 64 ? ~0 : (1 << UInt64(termCount)) - 1
        let found = all & ~findAll(store, strings, 0, all, stopAtMiss: false)
        for index in 0..<clauseCount {
            let clause = clauses[index]
            if found & clause.found == 0 && ~found & clause.absent == 0 { return false }
        }
        return true
    }

    /// The terms of `pending` (bits from `group`) found in none of the strings.
    @inline(__always)
    private mutating func findAll(
        _ store: ItemStoreReader, _ strings: Range<Int>, _ group: Int, _ pending: UInt64, stopAtMiss: Bool
    ) -> UInt64 {
        // The label comes first; when it is all there is, the first term surely missing in it
        // settles the item.
        let onlyLabel = strings.count == 1
        var pending = pending
        for string in strings {
            let haystack = store.string(string)
            let isLabel = string == strings.lowerBound
            let quick = quickFind(
                pending, group, in: haystack, isLabel: isLabel, stopAtMiss: stopAtMiss && onlyLabel,
                knownASCII: store.isASCII)
            if let missed = quick.missed {
                misses[group + missed] += 1
                return pending
            }
            pending = quick.undecided ? exactFind(quick.left, group, in: haystack, isLabel: isLabel) : quick.left
            if pending == 0 { return 0 }
        }
        return pending
    }

    /// How well the item matches, for ranking (0 when it does not): for each clause, the best
    /// `SearchBytes.points` of its terms over the item's strings, added up. Negated terms and
    /// code points score nothing. (Word-start queries; fzf's are scored by `fzfScore`.) And
    /// how many clauses' best match was a shortcode the term spells whole (`:smile:` for
    /// "smile"), a tiebreak after how common the item is.
    mutating func scoreAndShortcodes(_ store: ItemStoreReader, _ item: Int) -> (score: Int, shortcodes: Int) {
        let strings = store.searchableStrings(of: item)
        var total = 0, shortcodes = 0
        var clauseBest = 0, clauseShortcode = false
        var clause = -1
        // (A clause's terms are next to each other; a conjunction's, one per clause, in any order.)
        for index in 0..<termCount {
            let term = terms[index]
            if term.clause != clause {
                total += clauseBest
                if clauseShortcode { shortcodes += 1 }
                clauseBest = 0
                clauseShortcode = false
                clause = term.clause
            }
            // A code point alone scores nothing, below any match of text (at least 1 point): in
            // the user's data "1234" ranks the items holding that text above a glyph holding
            // U+1234. (In the emoji, whose names hold few numbers, the glyphs are all there is,
            // shortest name first.)
            if term.negated || term.codePoint { continue }
            for string in strings {
                let isLabel = string == strings.lowerBound
                if term.anchor.labelOnly && !isLabel { break }
                // (Once a word-first term starts a word, another string can only beat it with a
                // better word start: its fuzzy score, at most 999, is not read.)
                let found = points(
                    term, in: store.string(string), isLabel: isLabel,
                    wordStartOnly: term.anchor == .wordFirst && clauseBest > 999)
                if found > clauseBest {
                    clauseBest = found
                    clauseShortcode = !isLabel && SearchBytes.spellsShortcode(points: found)
                }
            }
        }
        if clauseShortcode { shortcodes += 1 }
        return (total + clauseBest, shortcodes)
    }

    /// The rank key of a word-start match (`SearchRanking.wordKey`): how well it matches, then
    /// the user's picks (the first the most preferred), then how common the item is
    /// (`ItemStoreReader.rank`), then whether the query spells one of its shortcodes, then the
    /// shorter label.
    mutating func wordKey(_ store: ItemStoreReader, _ item: Int) -> UInt64 {
        var (score, shortcodes) = scoreAndShortcodes(store, item)
        let label = store.string(store.searchableStrings(of: item).lowerBound)
        // Words that spell the whole label ("grinning cat", 😺's name) rank it as one word that
        // is its whole name does (8 points to a word's 7): above the labels that hold those
        // words and more (😸 "grinning cat with smiling eyes").
        if !wholeName.isEmpty, spellsWholeName(label) { score += 1 }
        let commonness: Int
        if let place = picks.place(ofLabel: label) {
            commonness = place
        } else {
            commonness = SearchPicks.limit + store.rank(of: item)
        }
        return SearchRanking.wordKey(
            score: score, commonness: commonness, spellsShortcode: shortcodes > 0, labelLength: label.count)
    }

    /// Whether `label` is `wholeName` (ASCII case folded when the words ignore case).
    private func spellsWholeName(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
        guard label.count == wholeName.count else { return false }
        for index in 0..<label.count {
            let byte = wholeNameFoldsCase ? SearchBytes.asciiLower(label[index]) : label[index]
            if byte != wholeName[index] { return false }
        }
        return true
    }

    /// `SearchBytes.points`, on the Unicode-lowercased string when lowercasing changes a
    /// scalar beyond ASCII (so "é" ranks in "École" as it matched there).
    /// With `wordStartOnly` (a word-first term), only a word start scores (1000 and its points).
    private mutating func points(
        _ term: Term, in haystack: UnsafeBufferPointer<UInt8>, isLabel: Bool, wordStartOnly: Bool = false
    ) -> Int {
        let anchor: SearchQuery.Term.Anchor = wordStartOnly ? .wordStart : term.anchor
        // Without the term's first character, folded or not, an exact term scores nothing: one
        // quick look spares the lowercasing of a glyph (every item of Unicode's catalog has one
        // that a first key, an ASCII letter, cannot be found in).
        if term.foldsCase, term.isASCII, anchor == .wordStart || anchor == .anywhere,
            let first = pattern(term).first, !SearchBytes.mayHoldFolded(first, in: haystack)
        {
            return 0
        }
        let found: Int
        if term.foldsCase, SearchBytes.foldBeyondASCII(haystack, into: &scratch) {
            found = scratch.withUnsafeBufferPointer {
                SearchBytes.points(of: pattern(term), anchor: anchor, foldingCase: true, isLabel: isLabel, in: $0)
            }
        } else {
            found = SearchBytes.points(
                of: pattern(term), anchor: anchor, foldingCase: term.foldsCase, isLabel: isLabel, in: haystack)
        }
        return wordStartOnly && found > 0 ? 1000 + found : found
    }

    /// An item's match by fzf's rules: the sum of its clauses' scores (in each clause, the
    /// first term that matches, in the first string where it does; a negated term scores 0),
    /// and the bounds of the matches in the label, in scalars, for the tiebreaks.
    struct FzfMatch {
        var score = 0
        var minBegin = Int.max
        var minEnd = Int.max
        var maxEnd = 0
        /// The label's length in scalars without white space around it, and its leading white
        /// space, and its scalars (for `chunk` and `pathname`): read from the label when asked.
        var found: Bool { minBegin != Int.max }
    }

    /// Whether the query is one clause of one term (a word being typed): then its score alone
    /// tells whether an item matches (`singleTermScore`: `scored` is what settles a match that
    /// `matches` cannot settle on the bytes, so both say the same, as tested); otherwise
    /// `matches` settles it first, on the bytes, and a missing term costs no alignment of the
    /// others.
    var isSingleTerm: Bool { termCount == 1 && !terms[0].negated }

    /// Whether each item may be matched and scored in one reading (`SearchRanking.keyIfMatches`,
    /// `Search.matchAndRank`): fzf's rules, ranked, and no term that only `matches` knows (a
    /// code point, a word start).
    var matchesWhileScoring: Bool {
        scoresAsFzf && order.sorts && scores
            && (0..<termCount).allSatisfy { !terms[$0].codePoint && terms[$0].anchor != .wordStart }
    }

    /// The item scored by fzf's rules (`FzfMatch`); the label is left decoded in `text`.
    mutating func fzfScore(_ store: ItemStoreReader, _ item: Int) -> FzfMatch {
        let strings = store.searchableStrings(of: item)
        var result = FzfMatch()
        var index = 0
        while index < termCount {
            let clause = terms[index].clause
            var done = false
            while index < termCount && terms[index].clause == clause {
                let term = terms[index]
                index += 1
                if done || term.codePoint { continue }
                var matched: ScoredMatch?
                var inLabel = false
                for string in strings {
                    let isLabel = string == strings.lowerBound
                    if term.anchor.labelOnly && !isLabel { break }
                    if let found = scored(term, in: store.string(string), knownASCII: store.isASCII) {
                        matched = found
                        inLabel = isLabel
                        break
                    }
                }
                if let matched {
                    if term.negated { continue }
                    result.score += matched.score
                    if inLabel && matched.start < matched.end {
                        result.minBegin = min(result.minBegin, matched.start)
                        result.minEnd = min(result.minEnd, matched.end)
                        result.maxEnd = max(result.maxEnd, matched.end)
                    }
                    done = true
                } else if term.negated {
                    done = true
                }
            }
        }
        return result
    }

    /// `fzfScore` of a query that `isSingleTerm`, nil when the item does not match: the term's
    /// best match in the first string that has it. (The general loop's clauses and terms cost
    /// as much as the scoring itself on a first key's one-character term.)
    @inline(__always)
    mutating func singleTermScore(_ store: ItemStoreReader, _ item: Int) -> FzfMatch? {
        let term = terms[0]
        let strings = store.searchableStrings(of: item)
        for string in strings {
            let isLabel = string == strings.lowerBound
            if term.anchor.labelOnly && !isLabel { break }
            guard let found = scored(term, in: store.string(string), knownASCII: store.isASCII) else { continue }
            var result = FzfMatch()
            result.score = found.score
            if isLabel && found.start < found.end {
                result.minBegin = found.start
                result.minEnd = found.end
                result.maxEnd = found.end
            }
            return result
        }
        return nil
    }

    /// The rank key of a one-character query (`singleASCIICharacter`) with the length
    /// tiebreak over ASCII text, when the character is in the item's label: its score and
    /// the label's length read in place. Nil otherwise (then `singleTermScore` looks further).
    @inline(__always)
    func singleCharacterLabelKey(_ store: ItemStoreReader, _ item: Int) -> UInt64? {
        let label = store.string(store.searchableStrings(of: item).lowerBound)
        guard label.count <= ScoringRules.tableLimit,
            let found = ScoringRules.asciiSingle(
                singleASCIICharacter, foldsCase: terms[0].foldsCase, in: label, tables: tables)
        else { return nil }
        return SearchRanking.key(
            score: found.score, labelLength: ScoringRules.asciiTrimmedLength(label, tables: tables))
    }

    /// `body` of the label of the store's `item`th, decoded (as the first term sees it: its
    /// classes and length do not depend on how), for the tiebreaks.
    mutating func withDecodedLabel<R>(_ store: ItemStoreReader, _ item: Int, _ body: (borrowing ScoringText) -> R)
        -> R
    {
        let label = store.string(store.searchableStrings(of: item).lowerBound)
        let first = termCount > 0 ? terms[0] : nil
        load(label, foldsCase: first?.foldsCase ?? true, normalizes: first?.normalizes ?? false)
        return body(text)
    }

    /// Decodes `haystack` into `text` in the given mode, unless it holds it already.
    @inline(__always)
    private mutating func load(_ haystack: UnsafeBufferPointer<UInt8>, foldsCase: Bool, normalizes: Bool) {
        let key = (base: UnsafePointer(haystack.baseAddress), count: haystack.count, foldsCase, normalizes)
        if textKey.base == key.base && textKey.count == key.count && textKey.foldsCase == foldsCase
            && textKey.normalizes == normalizes && key.base != nil
        {
            return
        }
        text.load(haystack, foldsCase: foldsCase, normalizes: normalizes)
        textKey = key
    }

    /// Forgets what `text` holds (its strings' memory may be reused by another store).
    mutating func forgetText() { textKey = (nil, -1, false, false) }

    /// The term's best match in `haystack` by fzf's rules, or nil.
    private mutating func scored(
        _ term: Term, in haystack: UnsafeBufferPointer<UInt8>, knownASCII: Bool = false
    ) -> ScoredMatch? {
        // One ASCII character in ASCII text (a query's first key, which matches most items):
        // scored on the bytes in place, with no decoding.
        if knownASCII, term.scalarCount == 1, term.anchor.scoringKind == .fuzzy, scalars[term.scalarStart] < 0x80,
            haystack.count <= ScoringRules.tableLimit
        {
            return ScoringRules.asciiSingle(
                UInt8(truncatingIfNeeded: scalars[term.scalarStart]), foldsCase: term.foldsCase, in: haystack,
                tables: tables)
        }
        let pattern = UnsafeBufferPointer(rebasing: scalars[term.scalarStart..<term.scalarStart + term.scalarCount])
        // A fuzzy term of ASCII in ASCII text: aligned on the bytes in place, not decoded first.
        // (An ASCII scalar normalizes to itself, so `normalizes` changes nothing here.)
        if knownASCII, term.isASCII, term.anchor.scoringKind == .fuzzy, term.scalarCount <= 1000,
            haystack.count * term.scalarCount <= ScoringRules.tableLimit
        {
            return text.asciiFuzzy(pattern, in: haystack, foldsCase: term.foldsCase, tables: tables)
        }
        load(haystack, foldsCase: term.foldsCase, normalizes: term.normalizes)
        return text.match(pattern, term.anchor.scoringKind)
    }

    /// The items of a store in which the first term occurs (in a searchable string),
    /// ascending, found by passes over the store's bytes instead of item by item: a section's
    /// text is one buffer, scanned eight bytes at a time for the term's rarest letter, and only
    /// where that shows up does the scan compare the term and look at which string and item it
    /// is in. After a hit the scan jumps to the next item. In ASCII text, ASCII folding and ASCII
    /// word boundaries are the whole rules, so nothing is left undecided.
    ///
    /// In text beyond ASCII (an ASCII term: `canScanFirstTerm(in:)`) the items are those that
    /// may hold it, each to be tried by `matches`: those whose bytes hold it where the byte
    /// before, beyond ASCII, leaves the word start to Unicode's rules, and every item holding a
    /// scalar that may read as ASCII (`SearchBytes.mayReadAsASCII`: "é" as "e", the Kelvin sign
    /// as "k"). Any other match is one of bytes, as in ASCII text: an ideograph, an emoji or a
    /// Cyrillic name cannot hold an ASCII term otherwise.
    ///
    /// `items`: the store items whose bytes are read (all of them by default).
    func itemsContainingFirstTerm(in store: ItemStoreReader, items: Range<Int>? = nil) -> [Int32] {
        precondition(canScanFirstTerm(in: store))
        let term = terms[0]
        let needle = pattern(term)
        let ends = store.stringEnds
        let items = items ?? 0..<store.itemCount
        guard !items.isEmpty else { return [] }
        // The bytes of the items' strings: from the first one's first string to the last one's
        // last string.
        let firstString = store.firstStringIndex(of: items.lowerBound)
        let from = store.start(ofString: firstString)
        let n = ends[store.firstStringIndex(of: items.upperBound) - 1]
        let m = needle.count
        guard m > 0, n - from >= m, let base = store.bytes.baseAddress, let needleBase = needle.baseAddress else {
            return []
        }
        var hits: [Int32] = []
        let rareOffset = SearchBytes.rarestByteOffset(in: needle)
        let rare = needle[rareOffset]
        let foldsCase = term.foldsCase
        let foldsRare = foldsCase && rare &- 0x61 < 26
        var walker = ItemWalker(store, from: items.lowerBound)
        let last = n - m
        var next = from + rareOffset

        while true {
            let found = SearchBytes.nextByte(rare, foldingCase: foldsRare, in: base, count: n, from: next)
            let start = found - rareOffset
            if start > last { break }
            next = found + 1
            var j = 0
            if foldsCase {
                while j < m, SearchBytes.asciiLower(base[start + j]) == needleBase[j] { j += 1 }
            } else {
                while j < m, base[start + j] == needleBase[j] { j += 1 }
            }
            guard j == m else { continue }
            guard let (item, lastString) = walker.searchableItem(holding: start, count: m) else { continue }
            if term.anchor == .wordStart {
                // (A byte beyond ASCII before it is no word's end to ASCII's rules: left to
                // `matches`.)
                if start > store.start(ofString: walker.string) && SearchBytes.isASCIIAlphanumeric(base[start - 1]) {
                    continue
                }
            }
            hits.append(Int32(truncatingIfNeeded: item))
            // On from the end of this item's searchable strings: it matched, whatever else it holds.
            walker.string = lastString
            next = ends[lastString] + rareOffset
        }
        guard !store.isASCII else { return hits }
        // The items holding a scalar that may read as ASCII, merged in.
        var readers: [Int32] = []
        walker = ItemWalker(store, from: items.lowerBound)
        var at = from
        while true {
            at = SearchBytes.nextScalarReadingAsASCII(in: UnsafeBufferPointer(start: base, count: n), from: at)
            if at >= n { break }
            if let (item, lastString) = walker.searchableItem(holding: at, count: 1) {
                readers.append(Int32(truncatingIfNeeded: item))
                walker.string = lastString
                at = ends[lastString]
            } else {
                at += 1
            }
        }
        guard !readers.isEmpty else { return hits }
        var merged: [Int32] = []
        merged.reserveCapacity(hits.count + readers.count)
        var h = 0, r = 0
        while h < hits.count || r < readers.count {
            let least = r == readers.count || (h < hits.count && hits[h] <= readers[r]) ? hits[h] : readers[r]
            merged.append(least)
            if h < hits.count && hits[h] == least { h += 1 }
            if r < readers.count && readers[r] == least { r += 1 }
        }
        return merged
    }

    /// Which item holds a byte of a store, for scans that go forward through its bytes: the
    /// string holding it and its item are found by walking on from the last ones.
    private struct ItemWalker {
        let store: ItemStoreReader
        /// The string the last byte asked for is in (where the walk goes on from).
        var string = 0
        /// The item holding `string` (stores of several shapes).
        private var item = 0

        /// From the first byte of item `first`.
        init(_ store: ItemStoreReader, from first: Int) {
            self.store = store
            string = store.firstStringIndex(of: first)
            item = first
        }

        /// The item whose searchable string holds the `count` bytes from `offset` and the last
        /// of its searchable strings; nil when they are not within one searchable string.
        @inline(__always)
        mutating func searchableItem(holding offset: Int, count: Int) -> (item: Int, lastString: Int)? {
            let ends = store.stringEnds
            while ends[string] <= offset { string += 1 }
            guard offset + count <= ends[string] else { return nil }
            let role: Int, searchable: Int
            if store.firstString.isEmpty {
                let stride = store.stride
                item = stride == 1 ? string : string / stride
                role = string - item * stride
                searchable = store.searchableCountOfShape[0]
            } else {
                while item + 1 < store.firstString.count && Int(store.firstString[item + 1]) <= string { item += 1 }
                role = string - Int(store.firstString[item])
                searchable = store.searchableCountOfShape[Int(store.shapeOfItem[item])]
            }
            guard role < searchable else { return nil }
            return (item, string - role + searchable - 1)
        }
    }

    @inline(__always)
    private func pattern(_ term: Term) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[term.start..<term.start + term.count])
    }

    /// The pending terms (bits from `group`) that do not match in `haystack`, as far as ASCII
    /// folding and ASCII word boundaries can tell; `undecided` when only the exact path can.
    /// With `stopAtMiss`, returns at the first term surely missing, since no other string could
    /// supply it. Label-only terms are left pending in other strings.
    @inline(__always)
    private func quickFind(
        _ pending: UInt64, _ group: Int, in haystack: UnsafeBufferPointer<UInt8>, isLabel: Bool,
        stopAtMiss: Bool, knownASCII: Bool
    ) -> (left: UInt64, undecided: Bool, missed: Int?) {
        // Case-insensitive text beyond ASCII may hold "É" for "é": then only the exact path can
        // say a term is absent. Asked at the first absent term, not for every string.
        var beyondASCII: Bool?
        /// Whether the exact path could find `term`, absent by ASCII's rules: only in text beyond
        /// ASCII, and for an ASCII term only where a scalar becomes ASCII as the term reads it
        /// (the Kelvin sign as "k", "é" as "e"): not in an ideograph, which every item of
        /// Unicode's catalog holds as its glyph.
        func mayBeFoundBeyondASCII(_ term: Term) -> Bool {
            let nonASCII = beyondASCII ?? SearchBytes.hasNonASCII(haystack)
            beyondASCII = nonASCII
            guard nonASCII else { return false }
            return !term.isASCII
                || SearchBytes.mayBecomeASCII(haystack, foldingCase: term.foldsCase, normalizing: term.normalizes)
        }
        var left = pending
        var bits = pending
        var undecided = false
        while bits != 0 {
            let bit = bits.trailingZeroBitCount
            bits &= bits - 1
            let term = terms[group + bit]
            if !isLabel && term.anchor.labelOnly { continue }
            switch SearchBytes.quickMatch(
                of: pattern(term), anchor: term.anchor, foldingCase: term.foldsCase, in: haystack)
            {
            case .found:
                left &= ~(1 << UInt64(bit))
            case .undecided:
                undecided = true
            case .absent:
                if term.foldsCase || term.normalizes, !knownASCII, mayBeFoundBeyondASCII(term) {
                    undecided = true
                } else if stopAtMiss {
                    return (left, false, bit)
                }
            }
        }
        return (left, undecided, nil)
    }

    /// The pending terms that do not match in `haystack`, by the full rules: Unicode lowercasing
    /// and Unicode word boundaries for word starts, fzf's rules (`ScoringText`) for the others.
    @inline(never)
    private mutating func exactFind(
        _ pending: UInt64, _ group: Int, in haystack: UnsafeBufferPointer<UInt8>, isLabel: Bool
    ) -> UInt64 {
        var left = pending
        var bits = pending
        while bits != 0 {
            let bit = bits.trailingZeroBitCount
            bits &= bits - 1
            let term = terms[group + bit]
            if !isLabel && term.anchor.labelOnly { continue }
            let found: Bool
            if term.anchor == .wordStart {
                found =
                    SearchBytes.matches(pattern(term), anchor: .wordStart, foldingCase: term.foldsCase, in: haystack)
                    || (term.foldsCase && SearchBytes.foldBeyondASCII(haystack, into: &scratch)
                        && scratch.withUnsafeBufferPointer {
                            SearchBytes.matches(pattern(term), anchor: .wordStart, foldingCase: true, in: $0)
                        })
            } else {
                found = scored(term, in: haystack) != nil
            }
            if found { left &= ~(1 << UInt64(bit)) }
        }
        return left
    }
}

/// An `ItemStore`'s arrays as pointers, for the search loop (valid inside `withReader`).
struct ItemStoreReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let stringEnds: UnsafeBufferPointer<Int>
    let firstString: UnsafeBufferPointer<UInt32>
    let shapeOfItem: UnsafeBufferPointer<UInt32>
    let searchableCountOfShape: UnsafeBufferPointer<Int>
    /// The strings per item when all items share one shape (`firstString` is empty).
    let stride: Int
    /// The number of items.
    let itemCount: Int
    /// Whether every byte of the store is ASCII: then ASCII case folding and word boundaries
    /// decide every match.
    let isASCII: Bool
    /// The items' ranks (`ItemStore.ranks`).
    let ranks: UnsafeBufferPointer<UInt16>
    /// Each item's `WordStartIndex` bits; empty when the store has no index (yet).
    var wordStarts = UnsafeBufferPointer<UInt64>(start: nil, count: 0)

    /// How common the item is (`Item.rank`), from 1; `unranked` when it has no rank.
    @inline(__always)
    func rank(of item: Int) -> Int {
        item < ranks.count && ranks[item] > 0 ? Int(ranks[item]) : Self.unranked
    }

    /// The rank of an unranked item, after every rank: the same for every store, so that
    /// matches of several sections compare (the best matches).
    static let unranked = Int(UInt16.max)

    /// Where string `index` starts in `bytes` (where the one before it ends).
    @inline(__always)
    func start(ofString index: Int) -> Int { index == 0 ? 0 : stringEnds[index &- 1] }

    /// The index of item `item`'s first string; for `itemCount`, the number of strings.
    @inline(__always)
    func firstStringIndex(of item: Int) -> Int {
        if firstString.isEmpty { return item &* stride }
        return item < firstString.count ? Int(firstString[item]) : stringEnds.count
    }

    /// The item's label, keywords and field values, as string indices.
    @inline(__always)
    func searchableStrings(of item: Int) -> Range<Int> {
        if firstString.isEmpty {
            let first = item &* stride
            return first..<first &+ searchableCountOfShape[0]
        }
        let first = Int(firstString[item])
        return first..<first &+ searchableCountOfShape[Int(shapeOfItem[item])]
    }

    /// Starts loading the item's first string (its label), whose place is known once
    /// `prefetchPlace` had time to load it.
    @inline(__always)
    func prefetchLabel(of item: Int) {
        let string = searchableStrings(of: item).lowerBound
        let start = start(ofString: string)
        if let base = bytes.baseAddress, start < bytes.count { splitview_prefetch(base + start) }
    }

    /// Starts loading where the item's strings are.
    @inline(__always)
    func prefetchPlace(of item: Int) {
        if firstString.isEmpty {
            let string = item &* stride
            if string > 0, string <= stringEnds.count, let base = stringEnds.baseAddress {
                splitview_prefetch(base + string - 1)
            }
        } else if item < firstString.count, let base = firstString.baseAddress {
            splitview_prefetch(base + item)
        }
    }

    @inline(__always)
    func string(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[start(ofString: index)..<stringEnds[index]])
    }
}

extension ItemStore {
    func withReader<R>(_ body: (ItemStoreReader) -> R) -> R {
        bytes.withUnsafeBufferPointer { bytes in
            stringEnds.withUnsafeBufferPointer { stringEnds in
                firstString.withUnsafeBufferPointer { firstString in
                    shapeOfItem.withUnsafeBufferPointer { shapeOfItem in
                        searchableCountOfShape.withUnsafeBufferPointer { searchable in
                            ranks.withUnsafeBufferPointer { ranks in
                                (wordStartIndex?.starts ?? []).withUnsafeBufferPointer { wordStarts in
                                    body(
                                        ItemStoreReader(
                                            bytes: bytes, stringEnds: stringEnds, firstString: firstString,
                                            shapeOfItem: shapeOfItem, searchableCountOfShape: searchable,
                                            stride: shapes.first?.stringCount ?? 0, itemCount: count,
                                            isASCII: isASCII, ranks: ranks, wordStarts: wordStarts))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
