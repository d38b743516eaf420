// Search: the query parser, and the matching of the fast paths (whole-section scans, narrowing
// by the previous result, the word-start index) against the one-item reference
// (Search.matches), and, for ASCII text, against a plain reimplementation of the documented
// rules.
//
// The input's first line is the query; each other line an item: `label|keyword keyword|field`,
// a blank line starting a new section.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let queryText = lines.isEmpty ? "" : lines.removeFirst()
    var sections: [[Item]] = [[]]
    for line in lines.prefix(64) {
        if line.isEmpty {
            sections.append([])
            continue
        }
        let parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        sections[sections.count - 1].append(
            Item(
                label: parts[0],
                keywords: parts.count > 1 ? parts[1].split(separator: " ").map(String.init) : [],
                fields: parts.count > 2 ? [Item.Field(name: "f", value: parts[2])] : []))
    }
    func makeCatalog() -> Catalog {
        Catalog(
            sections: sections.enumerated().map { Section(title: "s\($0.offset)", items: $0.element) },
            source: "fuzz")
    }
    let catalog = makeCatalog()
    // Odd-sized inputs search fuzzily (--fuzzy).
    let query = SearchQuery(queryText, fuzzy: size % 2 == 1)
    // (As fzf splits a query: at spaces only; `\ ` is a space within a term, and so is a tab,
    // which fzf's reader takes for an escaped space.)
    let spaced = queryText.contains("\\ ") || queryText.contains("\t")
    Fuzz.check(
        query.terms.allSatisfy { !$0.text.isEmpty && (spaced || !$0.text.contains(" ")) },
        "an empty term, or one with a space the query did not escape")

    let result = Search.run(query, in: catalog)
    // Its word starts indexed (as a bundled catalog's are): the same answer, ranking and all.
    let indexed = makeCatalog()
    indexed.indexWordStarts()
    Fuzz.check(Search.run(query, in: indexed) == result, "the word-start index changed the result of \(query)")
    var expected: [[Int]] = []
    for section in catalog.sections {
        expected.append(section.items.indices.filter { Search.matches(section.items[$0], query) })
    }
    var found = Array(repeating: [Int](), count: catalog.sections.count)
    for match in result.sections {
        Fuzz.check(catalog.sections.indices.contains(match.section), "a result section out of range")
        // (Ranked: the best first; the same items as in catalog order.)
        found[match.section] = Array(match.items).sorted()
        Fuzz.check(Array(match.items).sorted() == Array(match.matched), "ranking is not a reordering of the matches")
    }
    Fuzz.check(
        found == expected,
        "Search.run \(found) differs from Search.matches \(expected) for \(queryText.debugDescription)")
    Fuzz.check(result.count == expected.reduce(0) { $0 + $1.count }, "the result's count is wrong")

    // Growing: the catalog without its last section's second half, then the whole (as a
    // stream's snapshots arrive): the grown result equals the fresh one.
    if let last = catalog.sections.indices.last {
        var smaller = catalog
        let items = catalog.sections[last].items
        smaller.sections[last].items = ItemList(items.prefix(items.count / 2))
        if let grown = Search.grow(Search.run(query, in: smaller), to: catalog) {
            Fuzz.check(grown == result, "growing changed the result of \(query)")
        }
    }

    // Narrowing: the query less its last character, then the query within its result.
    if !queryText.isEmpty {
        let shorter = SearchQuery(String(queryText.dropLast()), fuzzy: query.fuzzy)
        let narrowed = Search.run(query, in: catalog, within: Search.run(shorter, in: catalog))
        Fuzz.check(narrowed.sections == result.sections, "narrowing from \(shorter) changed the result of \(query)")
    }

    // The documented rules, for ASCII text: every clause holds (one of its terms found, or a
    // negated one absent); a term at a word start of the label, a keyword or the field, 'term
    // anywhere, ^term$ at the label's ends, a fuzzy term's bytes in order; case ignored unless
    // the term is case-sensitive (a word query: when the query has a capital; fzf's: when the
    // term has one).
    // (fzf's 'term' with a sign at an end, `'-x'`, asks more of the sign than this rule says:
    // left to the comparison of the two paths above.)
    let plainBoundaries = query.clauses.joined().allSatisfy { term in
        term.anchor != .boundary
            || (term.text.utf8.first.map(ASCIIRules.isAlphanumeric) ?? false
                && term.text.utf8.last.map(ASCIIRules.isAlphanumeric) ?? false)
    }
    if text.utf8.allSatisfy({ $0 < 0x80 }) && plainBoundaries {
        for (sectionIndex, section) in catalog.sections.enumerated() {
            for index in section.items.indices {
                let item = section.items[index]
                let texts = [item.label] + item.keywords + item.fields.map(\.value)
                let matches = query.clauses.allSatisfy { clause in
                    clause.contains { term in
                        texts.enumerated().contains {
                            ASCIIRules.contains($0.element, term, term.caseSensitive, isLabel: $0.offset == 0)
                        } != term.negated
                    }
                }
                Fuzz.check(
                    matches == expected[sectionIndex].contains(index),
                    "item \(item.label.debugDescription) for \(queryText.debugDescription): rules say \(matches)")
            }
        }
    }

    // A word that could be a code point (1234, 2024, beef1, U+1F600) is its text first: its
    // clause holds the word's own term, and an item matched only through the code point ranks
    // after every item the text matched (for ASCII text, by the rules above).
    let words = queryText.split(whereSeparator: \.isWhitespace).filter { $0 != "|" }
    for clause in query.clauses where clause.contains(where: \.codePoint) {
        Fuzz.check(clause.contains { !$0.codePoint }, "a code point without its word's text in \(query)")
    }
    if words.count == 1, let word = words.first, query.clauses.count == 1, query.clauses[0].contains(where: \.codePoint)
    {
        let textTerms = query.clauses[0].filter { !$0.codePoint }
        Fuzz.check(
            textTerms.map(\.description) == [query.caseSensitive ? String(word) : word.lowercased()],
            "the code point word \(word.debugDescription) lost its text: \(query.clauses)")
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            for match in result.sections {
                let items = catalog.sections[match.section].items
                var codePointOnlySeen = false
                for index in match.items {
                    let item = items[index]
                    let strings = [item.label] + item.keywords + item.fields.map(\.value)
                    let byText = textTerms.contains { term in
                        strings.enumerated().contains {
                            ASCIIRules.contains($0.element, term, term.caseSensitive, isLabel: $0.offset == 0)
                        }
                    }
                    Fuzz.check(
                        !(byText && codePointOnlySeen),
                        "\(item.label.debugDescription) matches \(word.debugDescription) as text, ranked after a code point's match"
                    )
                    if !byText { codePointOnlySeen = true }
                }
            }
        }
    }

    // Highlights: sorted, merged character ranges inside the label.
    for section in catalog.sections {
        for index in section.items.indices {
            let label = section.items[index].label
            let ranges = Search.highlights(in: label, for: query)
            let count = label.count
            var end = -1
            for range in ranges {
                Fuzz.check(
                    range.lowerBound >= 0 && range.upperBound <= count && !range.isEmpty,
                    "a highlight outside \(label.debugDescription)")
                Fuzz.check(range.lowerBound > end, "highlights not sorted and merged")
                end = range.upperBound
            }
        }
    }
    return 0
}

enum ASCIIRules {
    static func contains(_ text: String, _ term: SearchQuery.Term, _ caseSensitive: Bool, isLabel: Bool) -> Bool {
        let haystack = Array((caseSensitive ? text : text.lowercased()).utf8)
        let needle = Array((caseSensitive ? term.text : term.text.lowercased()).utf8)
        // ^ and $ look past the label's white space (tab to carriage return, and space) at the
        // end they anchor, unless the term has white space there itself: fzf's rule.
        func isWhite(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var label = haystack[...]
        if term.anchor != .labelEnd, let first = needle.first, !isWhite(first) {
            label = label.drop(while: isWhite)
        }
        if term.anchor != .labelStart, let last = needle.last, !isWhite(last) {
            while let end = label.last, isWhite(end) { label.removeLast() }
        }
        switch term.anchor {
        case .labelStart: return isLabel && label.starts(with: needle)
        case .labelEnd: return isLabel && label.reversed().starts(with: needle.reversed())
        case .wholeLabel: return isLabel && Array(label) == needle
        case .fuzzy, .wordFirst:
            // (Word-first ranks word starts first; it matches as fuzzy does.)
            var next = 0
            for byte in haystack where next < needle.count && needle[next] == byte { next += 1 }
            return !needle.isEmpty && next == needle.count
        case .boundary:
            // fzf's 'term': found with no letter or digit just before it nor just after.
            guard needle.count <= haystack.count else { return false }
            for start in 0...(haystack.count - needle.count)
            where Array(haystack[start..<(start + needle.count)]) == needle {
                let end = start + needle.count
                if (start == 0 || !isAlphanumeric(haystack[start - 1]))
                    && (end == haystack.count || !isAlphanumeric(haystack[end]))
                {
                    return true
                }
            }
            return false
        case .wordStart, .anywhere:
            guard needle.count <= haystack.count else { return false }
            for start in 0...(haystack.count - needle.count)
            where Array(haystack[start..<(start + needle.count)]) == needle {
                if term.anchor == .anywhere { return true }
                if start == 0 || !isAlphanumeric(haystack[start - 1]) { return true }
            }
            return false
        }
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
