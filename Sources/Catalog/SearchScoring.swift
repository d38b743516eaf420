// fzf's scoring of a match: how well a term matches a text, and which characters it picked.
//
// The rules are fzf's (src/algo/algo.go, its "default" scheme), reimplemented here over a text
// decoded once into scalars (`ScoringText`):
// - each matched character scores 16; a gap costs 3 for its first character and 1 for each
//   further one;
// - a character at a word's start gets a bonus: 10 after white space or at the text's start, 9
//   after a delimiter (`/`, `,`, `:`, `;`, `|`), 8 after any other non-word character; 7 at a
//   camelCase hump or where digits begin (`foo123`); a non-word character itself gets 8;
// - the first character of the pattern counts its bonus twice;
// - a run of consecutive matches keeps the bonus of its first character (at least 4 each),
//   unless a stronger word start comes inside it;
// - fuzzy terms take the best-scoring alignment (fzf's algorithm V2, a Smith-Waterman variant
//   that allows no omission), or for a text too long for that table (more than 102,400 cells)
//   the first match shortened from its end (fzf's V1), scored by the same rules;
// - exact terms take the occurrence whose first character has the highest bonus.

/// A character's class, which decides the bonus of a match at it (fzf's char classes).
enum CharacterClass: UInt8 {
    case white = 0, nonWord, delimiter, lower, upper, letter, number
}

/// fzf's constants (the "default" scheme).
enum ScoringRules {
    static let match: Int16 = 16
    static let gapStart: Int16 = -3
    static let gapExtension: Int16 = -1
    static let boundary: Int16 = match / 2
    static let nonWord: Int16 = match / 2
    static let camel123: Int16 = boundary + gapExtension
    static let consecutive: Int16 = -(gapStart + gapExtension)
    static let firstCharMultiplier: Int16 = 2
    static let boundaryWhite: Int16 = boundary + 2
    static let boundaryDelimiter: Int16 = boundary + 1
    /// Above this many cells (text length times pattern length), V1 scores instead of V2: fzf's
    /// slab of 16-bit integers.
    static let tableLimit = 100 * 1024

    /// What `ScoringText.match` gives for a one-character fuzzy pattern (`wanted`, folded when
    /// `foldsCase`) in ASCII `text` of at most `tableLimit` bytes, read in place: the
    /// occurrence of the best bonus, the first of equals, a word start ending the search (as
    /// V2 does for one character); nil when absent.
    static func asciiSingle(
        _ wanted: UInt8, foldsCase: Bool, in text: UnsafeBufferPointer<UInt8>, tables: ScoringTables = .shared
    ) -> ScoredMatch? {
        // (Folding, a capital never matches: the text's capitals are lowered.)
        if foldsCase && wanted &- 0x41 < 26 { return nil }
        guard let base = text.baseAddress else { return nil }
        // A lowercase letter folding matches its capital: the byte with bit 5 set.
        let mask: UInt8 = foldsCase && wanted &- 0x61 < 26 ? 0x20 : 0
        let count = text.count
        var best: Int16 = 0, bestAt = -1
        var index = 0
        while true {
            // Only an occurrence's class and the one before it decide its bonus: the bytes
            // between occurrences are only compared.
            index = SearchBytes.nextByte(wanted, foldingCase: mask != 0, in: base, count: count, from: index)
            if index == count { break }
            let bonus =
                index == 0
                ? boundaryWhite : tables.bonus(tables.asciiClass(base[index - 1]), tables.asciiClass(base[index]))
            let score = match + bonus * firstCharMultiplier
            if score > best {
                best = score
                bestAt = index
                if bonus >= boundary { break }
            }
            index += 1
        }
        guard bestAt >= 0 else { return nil }
        return ScoredMatch(score: Int(best), start: bestAt, end: bestAt + 1)
    }

    /// The number of bytes of ASCII `text` less the white space around it (`trimmedLength` of
    /// the text decoded).
    static func asciiTrimmedLength(_ text: UnsafeBufferPointer<UInt8>, tables: ScoringTables = .shared) -> Int {
        guard let base = text.baseAddress else { return 0 }
        var start = 0, end = text.count
        while start < end && tables.asciiClass(base[start]) == .white { start += 1 }
        while end > start && tables.asciiClass(base[end - 1]) == .white { end -= 1 }
        return end - start
    }

    /// The bonus of a character of class `current` after one of class `previous`.
    static func bonus(_ previous: CharacterClass, _ current: CharacterClass) -> Int16 {
        if current.rawValue >= CharacterClass.nonWord.rawValue {
            switch previous {
            case .white: return boundaryWhite
            case .delimiter: return boundaryDelimiter
            case .nonWord: return boundary
            default: break
            }
        }
        if previous == .lower && current == .upper || previous != .number && current == .number {
            return camel123
        }
        switch current {
        case .nonWord, .delimiter: return nonWord
        case .white: return boundaryWhite
        default: return 0
        }
    }

    /// `bonus(previous, current)` for every pair, indexed `previous * 8 + current`.
    static let bonusTable: [Int16] = (0..<64).map { index in
        guard let previous = CharacterClass(rawValue: UInt8(index / 8)),
            let current = CharacterClass(rawValue: UInt8(index % 8))
        else { return 0 }
        return bonus(previous, current)
    }

    /// The class of each ASCII character.
    static let asciiClasses: [CharacterClass] = (0..<128).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return .lower
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return .upper
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case 0x20, 0x09...0x0D: return .white
        case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"):
            return .delimiter
        default: return .nonWord
        }
    }

    /// The class of a scalar beyond ASCII, by its general category (Go's unicode.IsLower,
    /// IsUpper, IsNumber, IsLetter, IsSpace, as fzf asks them).
    static func nonASCIIClass(_ scalar: Unicode.Scalar) -> CharacterClass {
        switch scalar.properties.generalCategory {
        case .lowercaseLetter: return .lower
        case .uppercaseLetter: return .upper
        case .decimalNumber, .letterNumber, .otherNumber: return .number
        case .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        default: return isSpace(scalar) ? .white : .nonWord
        }
    }

    /// Go's unicode.IsSpace.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0: return true
        case 0..<0x80: return false
        default: return scalar.properties.isWhitespace
        }
    }

    /// The ASCII character a Latin letter is matched as (`LatinFolding.swift`), or the scalar.
    static func normalized(_ value: UInt32) -> UInt32 {
        guard value >= 0xC0, value <= 0xFF61 else { return value }
        var low = 0, high = latinFolding.count
        while low < high {
            let mid = (low + high) / 2
            if latinFolding[mid] >> 8 < value { low = mid + 1 } else { high = mid }
        }
        return low < latinFolding.count && latinFolding[low] >> 8 == value ? latinFolding[low] & 0xFF : value
    }

    /// A term's text as its scoring sees it: scalars, lowercased when the term ignores case,
    /// Latin letters as ASCII when it normalizes.
    static func patternScalars(_ text: String, foldsCase: Bool, normalizes: Bool) -> [UInt32] {
        text.unicodeScalars.map { scalar in
            var value = scalar.value
            if foldsCase { value = lowercased(scalar).value }
            return normalizes ? normalized(value) : value
        }
    }

    /// The scalar lowercased by its simple mapping (Go's unicode.ToLower).
    static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.value < 0x80 {
            return scalar.value &- 0x41 < 26 ? Unicode.Scalar(UInt8(scalar.value | 0x20)) : scalar
        }
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first! : scalar
    }
}

/// `ScoringRules.asciiClasses` and `bonusTable` as pointers, for the loops that read them per
/// byte: a `static let` array costs a lazy-initialization check at each use and a bounds check
/// at each read. Made once, never freed; a matcher keeps a copy.
struct ScoringTables: @unchecked Sendable {
    let classes: UnsafePointer<CharacterClass>
    let bonuses: UnsafePointer<Int16>

    static let shared: ScoringTables = {
        let classes = UnsafeMutablePointer<CharacterClass>.allocate(capacity: 128)
        classes.initialize(from: ScoringRules.asciiClasses, count: 128)
        let bonuses = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
        bonuses.initialize(from: ScoringRules.bonusTable, count: 64)
        return ScoringTables(classes: classes, bonuses: bonuses)
    }()

    /// The class of an ASCII byte.
    @inline(__always) func asciiClass(_ byte: UInt8) -> CharacterClass { classes[Int(byte & 0x7F)] }

    /// `ScoringRules.bonus(previous, current)`.
    @inline(__always) func bonus(_ previous: CharacterClass, _ current: CharacterClass) -> Int16 {
        bonuses[Int(previous.rawValue) &* 8 &+ Int(current.rawValue)]
    }
}

/// One scored match of a term: its score, and the scalars it spans (`start` as fzf reports it:
/// for a fuzzy term, where the term's first character first occurs).
struct ScoredMatch: Hashable, Sendable {
    var score: Int
    var start: Int
    var end: Int
}

/// How a term is matched, for scoring (fzf's term types).
enum ScoringKind: UInt8, Hashable, Sendable {
    case fuzzy, exact, boundary, prefix, suffix, equal
}

/// What fzf's fuzzy alignment reads of a text: its scalars as matched (folded as asked) and
/// each one's class. A decoded text is one; ASCII bytes read in place are another, which spares
/// the decoding of every item a first keystroke scores.
protocol ScoringSource {
    var count: Int { get }
    func scalar(_ index: Int) -> UInt32
    func characterClass(_ index: Int) -> CharacterClass
    /// The first index at or after `start` whose scalar is `wanted`, or `count`.
    func index(of wanted: UInt32, from start: Int) -> Int
}

extension ScoringSource {
    @inline(__always) func index(of wanted: UInt32, from start: Int) -> Int {
        var index = start
        while index < count && scalar(index) != wanted { index += 1 }
        return index
    }
}

/// A decoded text's buffers as a `ScoringSource`.
struct DecodedSource: ScoringSource {
    let scalars: UnsafePointer<UInt32>
    let classes: UnsafePointer<CharacterClass>
    let count: Int
    @inline(__always) func scalar(_ index: Int) -> UInt32 { scalars[index] }
    @inline(__always) func characterClass(_ index: Int) -> CharacterClass { classes[index] }
}

/// ASCII bytes read in place as a `ScoringSource`, capitals lowered when `foldsCase` (what
/// `ScoringText.load` makes of them).
struct ASCIISource: ScoringSource {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    let foldsCase: Bool
    let tables: ScoringTables
    @inline(__always) func scalar(_ index: Int) -> UInt32 {
        let byte = bytes[index]
        return UInt32(foldsCase && byte &- 0x41 < 26 ? byte | 0x20 : byte)
    }
    @inline(__always) func characterClass(_ index: Int) -> CharacterClass { tables.asciiClass(bytes[index]) }

    /// Eight bytes at a time (`SearchBytes.nextByte`): where a search over short labels spends
    /// its time is looking for the pattern's characters.
    @inline(__always) func index(of wanted: UInt32, from start: Int) -> Int {
        guard wanted < 0x80, !(foldsCase && wanted &- 0x41 < 26) else { return count }
        let byte = UInt8(truncatingIfNeeded: wanted)
        return SearchBytes.nextByte(
            byte, foldingCase: foldsCase && byte &- 0x61 < 26, in: bytes, count: count, from: start)
    }
}

/// A text decoded for scoring, in buffers a worker reuses: its scalars as matched (folded and
/// normalized as asked) and each one's class (of the scalar as written).
struct ScoringText: ~Copyable {
    private(set) var count = 0
    private var scalars: UnsafeMutablePointer<UInt32>
    private var classes: UnsafeMutablePointer<CharacterClass>
    private var capacity: Int
    /// Whether the text is all ASCII (the fast paths of the prefilter).
    private(set) var isASCII = true
    /// The matrices of V2, grown as needed.
    private var table = UnsafeMutablePointer<Int16>.allocate(capacity: 1)
    private var tableCapacity = 1
    /// V2's first occurrence of each pattern character (at most 1,000 of them).
    private var firsts = UnsafeMutablePointer<Int>.allocate(capacity: 1000)
    /// The class and bonus tables.
    private let tables = ScoringTables.shared

    init() {
        capacity = 64
        scalars = .allocate(capacity: capacity)
        classes = .allocate(capacity: capacity)
    }

    deinit {
        scalars.deallocate()
        classes.deallocate()
        table.deallocate()
        firsts.deallocate()
    }

    @inline(__always) func scalar(_ index: Int) -> UInt32 { scalars[index] }
    @inline(__always) func characterClass(_ index: Int) -> CharacterClass { classes[index] }

    /// Decodes `utf8` (valid UTF-8; a stray byte is U+FFFD).
    mutating func load(_ utf8: UnsafeBufferPointer<UInt8>, foldsCase: Bool, normalizes: Bool) {
        if utf8.count > capacity {
            capacity = max(utf8.count, capacity * 2)
            scalars.deallocate()
            classes.deallocate()
            scalars = .allocate(capacity: capacity)
            classes = .allocate(capacity: capacity)
        }
        var index = 0, n = 0
        isASCII = true
        let tables = tables
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x80 {
                let kind = tables.asciiClass(byte)
                classes[n] = kind
                scalars[n] = UInt32(foldsCase && kind == .upper ? byte | 0x20 : byte)
                index += 1
            } else {
                isASCII = false
                let (scalar, length) = SearchBytes.scalar(at: index, in: utf8)
                let kind = ScoringRules.nonASCIIClass(scalar)
                classes[n] = kind
                var value = scalar.value
                if foldsCase { value = ScoringRules.lowercased(scalar).value }
                if normalizes { value = ScoringRules.normalized(value) }
                scalars[n] = value
                index += length
            }
            n += 1
        }
        count = n
    }

    /// The bonus of a match at `index`.
    @inline(__always)
    func bonus(at index: Int) -> Int16 {
        if index == 0 { return ScoringRules.boundaryWhite }
        return tables.bonus(classes[index - 1], classes[index])
    }

    /// The number of scalars less leading and trailing white space (fzf's trimmed length).
    var trimmedLength: Int {
        let leading = leadingWhite
        if leading == count { return 0 }
        return count - leading - trailingWhite
    }

    var leadingWhite: Int {
        var n = 0
        while n < count && classes[n] == .white { n += 1 }
        return n
    }

    var trailingWhite: Int {
        var n = 0
        while n < count && classes[count - 1 - n] == .white { n += 1 }
        return n
    }

    /// The best match of `pattern` (scalars, folded and normalized as the text was) under
    /// `kind`, or nil. With `positions`, the scalars it picked are appended there.
    mutating func match(
        _ pattern: UnsafeBufferPointer<UInt32>, _ kind: ScoringKind, positions: UnsafeMutablePointer<[Int]>? = nil
    ) -> ScoredMatch? {
        switch kind {
        case .fuzzy: return fuzzyV2(pattern, positions: positions)
        case .exact, .boundary:
            guard let found = exact(pattern, boundary: kind == .boundary) else { return nil }
            positions?.pointee.append(contentsOf: found.start..<found.end)
            return found
        case .prefix, .suffix, .equal:
            guard let found = anchored(pattern, kind) else { return nil }
            positions?.pointee.append(contentsOf: found.start..<found.end)
            return found
        }
    }

    /// Where the pattern's characters first occur in order: the scalar before the first one's
    /// first occurrence (its bonus needs the class before it) up to past the last one's last
    /// occurrence; nil when they do not occur in order (fzf's prefilter).
    private static func window<Text: ScoringSource>(
        _ text: Text, _ pattern: UnsafeBufferPointer<UInt32>
    ) -> (start: Int, end: Int)? {
        let count = text.count
        var index = 0, first = 0, last = 0
        for p in 0..<pattern.count {
            let wanted = pattern[p]
            index = text.index(of: wanted, from: index)
            if index == count { return nil }
            if p == 0 && index > 0 { first = index - 1 }
            last = index
            index += 1
        }
        let wanted = pattern[pattern.count - 1]
        var end = count - 1
        while end > last && text.scalar(end) != wanted { end -= 1 }
        return (first, end + 1)
    }

    /// fzf's FuzzyMatchV2: the alignment of the highest score.
    private mutating func fuzzyV2(
        _ pattern: UnsafeBufferPointer<UInt32>, positions: UnsafeMutablePointer<[Int]>?
    ) -> ScoredMatch? {
        if count * pattern.count > ScoringRules.tableLimit || pattern.count > 1000 {
            return fuzzyV1(pattern, positions: positions)
        }
        return fuzzyV2(DecodedSource(scalars: scalars, classes: classes, count: count), pattern, positions: positions)
    }

    /// fzf's FuzzyMatchV2 of `pattern` (as `match` takes it) over ASCII bytes read in place,
    /// not decoded first: nil when it does not match. Only for a text and pattern small enough
    /// for V2 (`tableLimit`), as `match` would score them.
    mutating func asciiFuzzy(
        _ pattern: UnsafeBufferPointer<UInt32>, in bytes: UnsafeBufferPointer<UInt8>, foldsCase: Bool,
        tables: ScoringTables
    ) -> ScoredMatch? {
        guard let base = bytes.baseAddress else {
            return pattern.isEmpty ? ScoredMatch(score: 0, start: 0, end: 0) : nil
        }
        precondition(bytes.count * pattern.count <= ScoringRules.tableLimit && pattern.count <= 1000)
        return fuzzyV2(
            ASCIISource(bytes: base, count: bytes.count, foldsCase: foldsCase, tables: tables), pattern, positions: nil)
    }

    /// V2 over `text` (see `fuzzyV2(_:positions:)`), in this text's matrices.
    private mutating func fuzzyV2<Text: ScoringSource>(
        _ text: Text, _ pattern: UnsafeBufferPointer<UInt32>, positions: UnsafeMutablePointer<[Int]>?
    ) -> ScoredMatch? {
        let m = pattern.count
        if m == 0 { return ScoredMatch(score: 0, start: 0, end: 0) }
        if m > text.count { return nil }
        guard let bounds = Self.window(text, pattern) else { return nil }
        let minIndex = bounds.start, maxIndex = bounds.end
        if m == 1 {
            // One character: the occurrence of the best bonus, the first of equals; a word
            // start is good enough to stop at.
            var best: Int16 = 0, bestAt = -1
            let wanted = pattern[0]
            for index in minIndex..<maxIndex where text.scalar(index) == wanted {
                let bonus =
                    index == 0
                    ? ScoringRules.boundaryWhite
                    : tables.bonus(text.characterClass(index - 1), text.characterClass(index))
                let score = ScoringRules.match + bonus * ScoringRules.firstCharMultiplier
                if score > best {
                    best = score
                    bestAt = index
                    if bonus >= ScoringRules.boundary { break }
                }
            }
            guard bestAt >= 0 else { return nil }
            positions?.pointee.append(bestAt)
            return ScoredMatch(score: Int(best), start: bestAt, end: bestAt + 1)
        }
        let n = maxIndex - minIndex
        // H0, C0 and B (n each), then H and C (width * m each).
        let needed = 3 * n + 2 * n * m
        if needed > tableCapacity {
            table.deallocate()
            tableCapacity = max(needed, tableCapacity * 2)
            table = .allocate(capacity: tableCapacity)
        }
        let h0 = table, c0 = table + n, b = table + 2 * n
        // (A buffer kept, not an array: no allocation per item scored.)
        let first = firsts

        // Phase 2: bonuses, the first occurrences, and the first row.
        var found = 0, lastIndex = 0
        var wanted = pattern[0]
        let first0 = pattern[0]
        var previousH: Int16 = 0, inGap = false
        var previousClass = CharacterClass.white
        for offset in 0..<n {
            let kind = text.characterClass(minIndex + offset)
            let bonus = tables.bonus(previousClass, kind)
            b[offset] = bonus
            previousClass = kind
            let char = text.scalar(minIndex + offset)
            if char == wanted {
                if found < m {
                    first[found] = offset
                    found += 1
                    wanted = pattern[min(found, m - 1)]
                }
                lastIndex = offset
            }
            if char == first0 {
                h0[offset] = ScoringRules.match + bonus * ScoringRules.firstCharMultiplier
                c0[offset] = 1
                inGap = false
            } else {
                h0[offset] = max(previousH + (inGap ? ScoringRules.gapExtension : ScoringRules.gapStart), 0)
                c0[offset] = 0
                inGap = true
            }
            previousH = h0[offset]
        }
        if found != m { return nil }

        // Phase 3: the score matrix, row by row from each character's first occurrence.
        let f0 = first[0]
        let width = lastIndex - f0 + 1
        let H = table + 3 * n, C = H + width * m
        for column in 0..<width {
            H[column] = h0[f0 + column]
            C[column] = c0[f0 + column]
        }
        var maxScore: Int16 = 0, maxScoreAt = 0
        for p in 1..<m {
            let f = first[p]
            let char = pattern[p]
            let row = p * width
            var inGap = false
            H[row + f - f0 - 1] = 0  // (the cell left of the row's start reads as 0)
            for column in f...lastIndex {
                let cell = row + column - f0
                var s1: Int16 = 0, consecutive: Int16 = 0
                let s2 = H[cell - 1] + (inGap ? ScoringRules.gapExtension : ScoringRules.gapStart)
                if text.scalar(minIndex + column) == char {
                    s1 = H[cell - width - 1] + ScoringRules.match
                    var bonus = b[column]
                    consecutive = C[cell - width - 1] + 1
                    if consecutive > 1 {
                        let chunkBonus = b[column - Int(consecutive) + 1]
                        if bonus >= ScoringRules.boundary && bonus > chunkBonus {
                            consecutive = 1
                        } else {
                            bonus = max(bonus, ScoringRules.consecutive, chunkBonus)
                        }
                    }
                    if s1 + bonus < s2 {
                        s1 += b[column]
                        consecutive = 0
                    } else {
                        s1 += bonus
                    }
                }
                C[cell] = consecutive
                inGap = s1 < s2
                let score = max(s1, s2, 0)
                if p == m - 1 && score > maxScore {
                    maxScore = score
                    maxScoreAt = column
                }
                H[cell] = score
            }
        }

        // Phase 4: the characters picked, back from the best cell.
        if let positions {
            var p = m - 1, column = maxScoreAt
            var preferMatch = true
            var picked: [Int] = []
            while true {
                let base = p * width
                let j0 = column - f0
                let score = H[base + j0]
                var diagonal: Int16 = 0, left: Int16 = 0
                if p > 0 && column >= first[p] { diagonal = H[base - width + j0 - 1] }
                if column > first[p] { left = H[base + j0 - 1] }
                let row = p
                if score > diagonal && (score > left || score == left && preferMatch) {
                    picked.append(column + minIndex)
                    if p == 0 { break }
                    p -= 1
                }
                preferMatch =
                    C[base + j0] > 1
                    || (row + 1 < m && column < lastIndex && column + 1 >= first[row + 1]
                        && C[base + width + j0 + 1] > 0)
                column -= 1
            }
            positions.pointee.append(contentsOf: picked.reversed())
        }
        return ScoredMatch(score: Int(maxScore), start: minIndex + f0, end: minIndex + maxScoreAt + 1)
    }

    /// fzf's FuzzyMatchV1: the first match, shortened from its end, scored by the same rules.
    private func fuzzyV1(_ pattern: UnsafeBufferPointer<UInt32>, positions: UnsafeMutablePointer<[Int]>?)
        -> ScoredMatch?
    {
        var p = 0, start = -1, end = -1
        for index in 0..<count where scalars[index] == pattern[p] {
            if start < 0 { start = index }
            p += 1
            if p == pattern.count {
                end = index + 1
                break
            }
        }
        guard start >= 0, end >= 0 else { return nil }
        p -= 1
        var index = end - 1
        while index >= start {
            if scalars[index] == pattern[p] {
                p -= 1
                if p < 0 {
                    start = index
                    break
                }
            }
            index -= 1
        }
        return ScoredMatch(
            score: score(pattern, from: start, to: end, positions: positions), start: start, end: end)
    }

    /// fzf's calculateScore: the score of the pattern's characters taken greedily in
    /// `start..<end`.
    func score(
        _ pattern: UnsafeBufferPointer<UInt32>, from start: Int, to end: Int,
        positions: UnsafeMutablePointer<[Int]>? = nil
    ) -> Int {
        var p = 0, score = 0, inGap = false, consecutive = 0
        var firstBonus: Int16 = 0
        var previousClass = start > 0 ? classes[start - 1] : .white
        for index in start..<end {
            let kind = classes[index]
            if p < pattern.count && scalars[index] == pattern[p] {
                positions?.pointee.append(index)
                score += Int(ScoringRules.match)
                var bonus = tables.bonus(previousClass, kind)
                if consecutive == 0 {
                    firstBonus = bonus
                } else {
                    if bonus >= ScoringRules.boundary && bonus > firstBonus { firstBonus = bonus }
                    bonus = max(bonus, firstBonus, ScoringRules.consecutive)
                }
                score += Int(p == 0 ? bonus * ScoringRules.firstCharMultiplier : bonus)
                inGap = false
                consecutive += 1
                p += 1
            } else {
                score += Int(inGap ? ScoringRules.gapExtension : ScoringRules.gapStart)
                inGap = true
                consecutive = 0
                firstBonus = 0
            }
            previousClass = kind
        }
        return score
    }

    /// fzf's exact match (`'term`, or a plain term with --exact): the occurrence whose first
    /// character has the highest bonus (the first of equals; a word start ends the search).
    /// `boundary` (`'term'`) asks for a whole word: a word start before and a word end after.
    private func exact(_ pattern: UnsafeBufferPointer<UInt32>, boundary: Bool) -> ScoredMatch? {
        let m = pattern.count
        if m == 0 { return ScoredMatch(score: 0, start: 0, end: 0) }
        guard m <= count else { return nil }
        var bestAt = -1, bestBonus: Int16 = -1
        var start = 0
        while start + m <= count {
            var j = 0
            while j < m && scalars[start + j] == pattern[j] { j += 1 }
            if j == m {
                let bonus = bonus(at: start)
                var fits = true
                if boundary {
                    let end = start + m - 1
                    fits =
                        bonus >= ScoringRules.boundary
                        && (start == 0 || classes[start - 1].rawValue <= CharacterClass.delimiter.rawValue)
                        && (end == count - 1 || classes[end + 1].rawValue <= CharacterClass.delimiter.rawValue)
                }
                if fits {
                    if bonus > bestBonus {
                        bestAt = start
                        bestBonus = bonus
                    }
                    if bonus >= ScoringRules.boundary { break }
                }
            }
            start += 1
        }
        guard bestAt >= 0 else { return nil }
        let end = bestAt + m
        if boundary {
            var score = Int(bestBonus)
            var deduct = Int(bestBonus - ScoringRules.boundary) + 1
            if bestAt > 0 && scalars[bestAt - 1] == UInt32(UInt8(ascii: "_")) {
                score -= deduct + 1
                deduct = 1
            }
            if end < count && scalars[end] == UInt32(UInt8(ascii: "_")) { score -= deduct }
            score += Int(ScoringRules.match) * m + Int(ScoringRules.boundaryWhite) * (m + 1)
            return ScoredMatch(score: score, start: bestAt, end: end)
        }
        return ScoredMatch(score: score(pattern, from: bestAt, to: end), start: bestAt, end: end)
    }

    /// fzf's prefix (`^term`), suffix (`term$`) and equal (`^term$`) matches, which look past
    /// leading and trailing white space unless the pattern begins or ends with it.
    private func anchored(_ pattern: UnsafeBufferPointer<UInt32>, _ kind: ScoringKind) -> ScoredMatch? {
        let m = pattern.count
        func isWhite(_ value: UInt32) -> Bool { Unicode.Scalar(value).map(ScoringRules.isSpace) ?? false }
        guard m > 0 else { return kind == .equal ? nil : ScoredMatch(score: 0, start: 0, end: 0) }
        let leading = kind != .suffix && !isWhite(pattern[0]) ? leadingWhite : 0
        let trailing = kind != .prefix && !isWhite(pattern[m - 1]) ? trailingWhite : 0
        let start: Int
        switch kind {
        case .prefix:
            guard count - leading >= m else { return nil }
            start = leading
        case .suffix:
            guard count - trailing - m >= 0 else { return nil }
            start = count - trailing - m
        default:
            guard count - leading - trailing == m else { return nil }
            start = leading
        }
        for j in 0..<m where scalars[start + j] != pattern[j] { return nil }
        if kind == .equal {
            let score =
                (Int(ScoringRules.match) + Int(ScoringRules.boundaryWhite)) * m
                + Int(ScoringRules.firstCharMultiplier - 1) * Int(ScoringRules.boundaryWhite)
            return ScoredMatch(score: score, start: start, end: start + m)
        }
        return ScoredMatch(score: score(pattern, from: start, to: start + m), start: start, end: start + m)
    }
}
