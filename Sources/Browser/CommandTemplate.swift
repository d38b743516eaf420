// fzf's command templates: the text of --preview, execute(...), become(...) and reload(...),
// whose placeholders are replaced by the focused item, the marked items, every matched item,
// the query or the prompt, each quoted for the shell, to make the command line that runs. The
// grammar and every rule are fzf's (src/terminal.go: the `placeholder` regular expression,
// parsePlaceholder, hasPreviewFlags, replacePlaceholder; src/util/util_unix.go: QuoteEntry;
// man fzf, PREVIEW WINDOW):
//
// - A placeholder is `{` and `}` around one of: flags of `+*sfr` then a field index expression
//   (`{}`, `{+}`, `{*}`, `{r}`, `{1}`, `{s-1}`, `{+2..}`, `{1,3}`); `q`, or `q:` then an optional
//   `s` and an expression (`{q:2..}`); `fzf:query`, `fzf:action` or `fzf:prompt`; an optional
//   `+` or `*`, and `n` with an optional `f` either side (`{n}`, `{+n}`, `{*fn}`). splitview adds
//   `{section}`, the focused item's section title, which fzf's grammar does not match. Any other
//   text is literal, and a backslash before a placeholder leaves it as written, less the
//   backslash.
// - `+` takes the marked items (the focused one when none is marked), `*` every matched item;
//   several items expand one after another, a space between them. `r` leaves the text
//   unquoted, `s` keeps the white space around fields, `n` gives the items' indices, `f` writes
//   the expansion, one item a line, to a temporary file and gives its path.
// - Field expressions cut each item by the session's delimiter (the query always AWK-style),
//   as Catalog's `PlaceholderFields` does. An expression that is not one is left as written,
//   less its flags, as fzf leaves it.
// - Every expansion is quoted for the shell that runs the command: single quotes (a quote
//   inside as `'\''`), or fish's escapes in single quotes when the shell is fish.

import Catalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A command with fzf's placeholders, read once and expanded each time the command runs.
public struct CommandTemplate: Hashable, Sendable, CustomStringConvertible {
    /// The template as written.
    public let text: String
    /// The template in order: literal text and placeholders.
    let pieces: [Piece]
    /// Whether the template has a placeholder at all (fzf's `slot`): without one, the command
    /// reads nothing of the session and runs as written.
    public let usesPlaceholders: Bool
    /// Whether a placeholder takes the marked items (`+`): the command changes with the marks.
    public let usesMarked: Bool
    /// Whether a placeholder takes every matched item (`*`): the command changes with the
    /// search's result.
    public let usesAllMatched: Bool
    /// Whether a placeholder reads the query, the prompt or the last action (`{q}`,
    /// `{q:...}`, `{fzf:...}`; fzf's `forceUpdate`): the command changes as they do, and runs
    /// even when no item is focused.
    public let usesQuery: Bool

    /// Reads `text`; never fails: what is not a placeholder is literal text, as in fzf.
    public init(_ text: String) {
        self.text = text
        let parsed = Parser.parse(text)
        pieces = parsed.pieces
        usesPlaceholders = parsed.uses.placeholders
        usesMarked = parsed.uses.marked
        usesAllMatched = parsed.uses.allMatched
        usesQuery = parsed.uses.query
    }

    public var description: String { text }

    /// Whether fzf would run the command in `context` (its buildPlusList): a template that reads
    /// only the focused item needs one; one with no placeholder, or that reads the query or
    /// every match, or marked items while some are marked, runs without (a missing item then
    /// expands as an empty one).
    public func isRunnable(with context: Context) -> Bool {
        !usesPlaceholders || usesQuery || usesAllMatched
            || ((usesMarked || context.marksEveryPlaceholder) && !context.marked.isEmpty) || context.current != nil
    }

    /// The command line for `context`, and the temporary files its `f` placeholders wrote (in
    /// `temporaryFiles`'s folder), which the caller removes when the command has ended
    /// (`removeFiles`).
    public func expand(_ context: Context, temporaryFiles: TemporaryFiles = .system) -> (
        command: String, files: [String]
    ) {
        var expander = Expander(context: context, temporaryFiles: temporaryFiles)
        var command = ""
        for piece in pieces { command += expander.expand(piece) }
        return (command, expander.files)
    }

    /// Removes the temporary files an expansion wrote.
    public static func removeFiles(_ files: [String]) {
        for file in files { unlink(file) }
    }
}

extension CommandTemplate {
    /// An item as the placeholders read it: its text as printed, and its zero-based index
    /// among the input's items (`{n}`; nil when it has none, which `{n}` gives as `''`).
    public struct Item: Hashable, Sendable {
        public var text: String
        public var index: Int?

        public init(text: String, index: Int? = nil) {
            self.text = text
            self.index = index
        }
    }

    /// What the placeholders read when the command runs.
    public struct Context {
        /// The focused item; nil when none is (then it reads as an empty item without an
        /// index, fzf's: `{}` is `''`, `{n}` is `''`).
        public var current: Item?
        /// The marked items, in the order they were marked (`+`; empty: the focused item).
        public var marked: [Item]
        /// Every matched item (`*`), in the order shown: asked once per expansion, and only when
        /// a placeholder takes them, as there can be a million.
        public var matched: () -> [Item]
        /// The search's text as typed (`{q}`).
        public var query: String
        /// The prompt's text (`{fzf:prompt}`).
        public var prompt: String
        /// The focused item's section title (`{section}`); nil: none, `''`.
        public var section: String?
        /// The name of the action that ran last (`{fzf:action}`), fzf's kebab-case names.
        public var lastAction: String
        /// What cuts items into fields (fzf's --delimiter).
        public var delimiter: FieldDelimiter
        /// How expansions are quoted, after the shell that runs the command.
        public var quoting: ShellQuoting
        /// Whether every item placeholder takes the marked items, as if it had `+` (fzf's
        /// execute-multi).
        public var marksEveryPlaceholder: Bool
        /// What ends each item in an `f` placeholder's file (fzf's --print0 makes it a NUL).
        public var fileSeparator: String

        /// A context; `shell` is the path or name of the program that runs the command (its
        /// last path component `fish` quotes for fish; anything else for a POSIX shell).
        public init(
            current: Item? = nil, marked: [Item] = [], matched: @escaping () -> [Item] = { [] }, query: String = "",
            prompt: String = "", section: String? = nil, lastAction: String = "",
            delimiter: FieldDelimiter = .whiteSpace, shell: String = "sh", marksEveryPlaceholder: Bool = false,
            fileSeparator: String = "\n"
        ) {
            self.current = current
            self.marked = marked
            self.matched = matched
            self.query = query
            self.prompt = prompt
            self.section = section
            self.lastAction = lastAction
            self.delimiter = delimiter
            self.quoting = ShellQuoting(shell: shell)
            self.marksEveryPlaceholder = marksEveryPlaceholder
            self.fileSeparator = fileSeparator
        }
    }

    /// How a text is made one word of a shell's command line, whatever it holds.
    public enum ShellQuoting: Hashable, Sendable {
        /// sh, bash, zsh...: in single quotes, each quote inside as `'\''`.
        case posix
        /// fish, whose single quotes take `\\` and `\'` as escapes.
        case fish

        /// The quoting of `shell`, as fzf decides it: fish's when the last path component of
        /// the program is `fish`.
        public init(shell: String) {
            let name = shell.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
            self = name == "fish" ? .fish : .posix
        }

        /// `text` as one word (fzf's QuoteEntry).
        public func quote(_ text: String) -> String {
            let quote = UInt8(ascii: "'")
            let backslash = UInt8(ascii: "\\")
            let escapesBackslash = self == .fish
            guard text.utf8.contains(where: { $0 == quote || ($0 == backslash && escapesBackslash) }) else {
                return "'" + text + "'"
            }
            // The two are ASCII, so never a part of another character's UTF-8.
            var bytes: [UInt8] = [quote]
            bytes.reserveCapacity(text.utf8.count + 8)
            for byte in text.utf8 {
                if byte == quote && self == .posix {
                    bytes += [quote, backslash, quote, quote]
                } else if byte == quote || (byte == backslash && escapesBackslash) {
                    bytes += [backslash, byte]
                } else {
                    bytes.append(byte)
                }
            }
            bytes.append(quote)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Where `f` placeholders write their files.
    public struct TemporaryFiles: Hashable, Sendable {
        /// The folder of the files.
        public var directory: String

        public init(directory: String) {
            self.directory = directory
        }

        /// The system's folder for temporary files: $TMPDIR, else /tmp (Go's os.TempDir, as
        /// fzf's).
        public static var system: TemporaryFiles {
            let variable = getenv("TMPDIR").map { String(cString: $0) } ?? ""
            return TemporaryFiles(directory: variable.isEmpty ? "/tmp" : variable)
        }

        /// Writes `entries`, each followed by `separator`, to a new file readable only by the
        /// user; its path, or nil when it could not be written (fzf then expands to nothing).
        func writeFile(_ entries: [String], separator: String) -> String? {
            let folder = directory.hasSuffix("/") ? directory : directory + "/"
            var path = Array((folder + "splitview-temp-XXXXXX").utf8CString)
            let descriptor = path.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return -1 }
                return mkstemp(base)
            }
            guard descriptor >= 0 else { return nil }
            let name = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            var bytes: [UInt8] = []
            for entry in entries {
                bytes += entry.utf8
                bytes += separator.utf8
            }
            if entries.isEmpty { bytes += separator.utf8 }
            let written = Self.writeAll(bytes, to: descriptor)
            close(descriptor)
            guard written else {
                unlink(name)
                return nil
            }
            return name
        }

        /// Writes every byte of `bytes` (a write may take part of them, or be interrupted).
        private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
            bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return true }
                var offset = 0
                while offset < buffer.count {
                    let count = write(descriptor, base + offset, buffer.count - offset)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return false }
                    offset += count
                }
                return true
            }
        }
    }
}

extension CommandTemplate {
    /// A part of a template: text as it is, or a placeholder to replace.
    enum Piece: Hashable, Sendable {
        case literal(String)
        /// `{q}`, `{fzf:query}`.
        case query
        /// `{q:EXPRESSION}`: fields of the query, AWK-style; `keepsSpace` with `s`.
        case queryFields(FieldIndices, keepsSpace: Bool)
        /// `{fzf:prompt}`.
        case prompt
        /// `{fzf:action}`.
        case action
        /// `{section}` (splitview's).
        case section
        /// `{}`, `{n}`, `{1..3}`, with their flags.
        case items(ItemPart, Flags)
    }

    /// What an item placeholder takes of each item.
    enum ItemPart: Hashable, Sendable {
        /// Its text (`{}`).
        case text
        /// Its index (`{n}`).
        case index
        /// Fields of its text (`{2..}`).
        case fields(FieldIndices)
    }

    /// A placeholder's flags, fzf's placeholderFlags less those that only say what it uses.
    struct Flags: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        /// `+`: the marked items.
        static let marked = Flags(rawValue: 1)
        /// `*`: every matched item.
        static let allMatched = Flags(rawValue: 2)
        /// `s`: white space around fields kept.
        static let keepsSpace = Flags(rawValue: 4)
        /// `n`: the items' indices.
        static let index = Flags(rawValue: 8)
        /// `f`: a temporary file's path.
        static let file = Flags(rawValue: 16)
        /// `r`: unquoted.
        static let raw = Flags(rawValue: 32)
    }
}

extension CommandTemplate {
    /// Reads a template into pieces, finding placeholders as fzf's regular expression does.
    enum Parser {
        /// What the placeholders of a template use (fzf's hasPreviewFlags).
        struct Uses {
            var placeholders = false
            var marked = false
            var allMatched = false
            var query = false
        }

        /// The pieces of `text` (consecutive literal text as one piece) and what they use.
        static func parse(_ text: String) -> (pieces: [Piece], uses: Uses) {
            let bytes = Array(text.utf8)
            var pieces: [Piece] = []
            var uses = Uses()
            var literal: [UInt8] = []
            var index = 0
            for (range, escaped) in placeholders(in: bytes) {
                literal += bytes[index..<range.lowerBound]
                index = range.upperBound
                // An escaped placeholder is text, less its backslash.
                if escaped {
                    literal += bytes[(range.lowerBound + 1)..<range.upperBound]
                    continue
                }
                if !literal.isEmpty { pieces.append(.literal(String(decoding: literal, as: UTF8.self))) }
                literal = []
                pieces.append(piece(String(decoding: bytes[range], as: UTF8.self), uses: &uses))
            }
            literal += bytes[index...]
            if !literal.isEmpty { pieces.append(.literal(String(decoding: literal, as: UTF8.self))) }
            return (pieces, uses)
        }

        /// Where the placeholders of `bytes` are, first to last, as fzf's regular expression
        /// finds them (each with its backslash when one escapes it).
        static func placeholders(in bytes: [UInt8]) -> [(range: Range<Int>, escaped: Bool)] {
            var found: [(range: Range<Int>, escaped: Bool)] = []
            var index = 0
            while index < bytes.count {
                let escaped = bytes[index] == backslash
                guard let close = placeholderEnd(in: bytes, at: escaped ? index + 1 : index) else {
                    index += 1
                    continue
                }
                found.append((index..<(close + 1), escaped))
                index = close + 1
            }
            return found
        }

        static let backslash = UInt8(ascii: "\\")
        static let openBrace = UInt8(ascii: "{")
        static let closeBrace = UInt8(ascii: "}")
        /// Every byte any placeholder may hold between its braces: a byte outside them ends
        /// the search for a closing brace, so a template is read in one pass.
        static let bodyBytes = Set("+*sfrqn:0123456789,-.zuerytacionpm".utf8)

        /// Where the placeholder that opens at `start` closes (its `}`), or nil when none opens
        /// there. Every kind ends at its first `}`, so the text between the braces decides.
        static func placeholderEnd(in bytes: [UInt8], at start: Int) -> Int? {
            guard start < bytes.count, bytes[start] == openBrace else { return nil }
            var close = start + 1
            while close < bytes.count && bytes[close] != closeBrace {
                guard bodyBytes.contains(bytes[close]) else { return nil }
                close += 1
            }
            guard close < bytes.count, isPlaceholderBody(bytes[(start + 1)..<close]) else { return nil }
            return close
        }

        /// Whether `body` is what fzf's regular expression takes between braces, or `section`.
        static func isPlaceholderBody(_ body: ArraySlice<UInt8>) -> Bool {
            let fieldBytes = Set("0123456789,-.".utf8)
            // {[+*sfr]*[0-9,-.]*}
            let flags = body.prefix { "+*sfr".utf8.contains($0) }
            if body.dropFirst(flags.count).allSatisfy(fieldBytes.contains) { return true }
            // {q(?::s?[0-9,-.]+)?}
            let text = String(decoding: body, as: UTF8.self)
            if text == "q" { return true }
            if text.hasPrefix("q:") {
                var fields = text.dropFirst(2)
                if fields.first == "s" { fields = fields.dropFirst() }
                if !fields.isEmpty && fields.utf8.allSatisfy(fieldBytes.contains) { return true }
            }
            // {fzf:(?:query|action|prompt)}, and splitview's {section}
            if ["fzf:query", "fzf:action", "fzf:prompt", "section"].contains(text) { return true }
            // {[+*]?f?nf?}
            var rest = text[...]
            if rest.first == "+" || rest.first == "*" { rest = rest.dropFirst() }
            if rest.first == "f" { rest = rest.dropFirst() }
            guard rest.first == "n" else { return false }
            rest = rest.dropFirst()
            return rest.isEmpty || rest == "f"
        }

        /// The piece of one placeholder (`match`, braces included), as fzf's parsePlaceholder
        /// and replacePlaceholder read it; what it uses is added to `uses`.
        static func piece(_ match: String, uses: inout Uses) -> Piece {
            uses.placeholders = true
            switch match {
            case "{section}": return .section
            case "{fzf:query}":
                uses.query = true
                return .query
            case "{fzf:prompt}":
                uses.query = true
                return .prompt
            case "{fzf:action}":
                uses.query = true
                return .action
            default: break
            }
            var flags: Flags = []
            var kept = ""
            for character in match.dropFirst() {
                switch character {
                case "*": flags.insert(.allMatched)
                case "+": flags.insert(.marked)
                case "s": flags.insert(.keepsSpace)
                case "n": flags.insert(.index)
                case "f": flags.insert(.file)
                case "r": flags.insert(.raw)
                default: kept.append(character)
                }
            }
            if kept.hasPrefix("q") { uses.query = true }
            uses.marked = uses.marked || flags.contains(.marked)
            uses.allMatched = uses.allMatched || flags.contains(.allMatched)
            let written = "{" + kept
            let inside = String(kept.dropLast())
            if inside == "q" { return .query }
            if inside.hasPrefix("q:") {
                guard let indices = FieldIndices(parsing: String(inside.dropFirst(2))) else { return .literal(written) }
                return .queryFields(indices, keepsSpace: flags.contains(.keepsSpace))
            }
            if inside.isEmpty { return .items(flags.contains(.index) ? .index : .text, flags) }
            guard let indices = FieldIndices(parsing: inside) else { return .literal(written) }
            return .items(.fields(indices), flags)
        }
    }
}

extension CommandTemplate {
    /// Expands pieces in one context: the matched items asked once, the field splitters made
    /// once, the temporary files written kept.
    struct Expander {
        let context: Context
        let temporaryFiles: TemporaryFiles
        private(set) var files: [String] = []
        private var matched: [Item]?
        private var itemFields: PlaceholderFields
        private var queryFields = PlaceholderFields(.whiteSpace)

        init(context: Context, temporaryFiles: TemporaryFiles) {
            self.context = context
            self.temporaryFiles = temporaryFiles
            itemFields = PlaceholderFields(context.delimiter)
        }

        /// What `piece` expands to.
        mutating func expand(_ piece: Piece) -> String {
            let quoting = context.quoting
            switch piece {
            case .literal(let text): return text
            case .query: return quoting.quote(context.query)
            case .queryFields(let indices, let keepsSpace):
                let text = queryFields.text(indices, of: context.query)
                return quoting.quote(keepsSpace ? text : Self.trimmingSpace(text))
            case .prompt: return quoting.quote(context.prompt)
            case .action:
                return Self.isPlainName(context.lastAction) ? context.lastAction : quoting.quote(context.lastAction)
            case .section: return quoting.quote(context.current == nil ? "" : context.section ?? "")
            case .items(let part, let flags):
                let replacements = items(flags).map { replacement(of: $0, part: part, flags: flags) }
                guard flags.contains(.file) else { return replacements.joined(separator: " ") }
                guard let path = temporaryFiles.writeFile(replacements, separator: context.fileSeparator) else {
                    return ""
                }
                files.append(path)
                return path
            }
        }

        /// The items a placeholder with `flags` takes: every match (`*`), the marked ones
        /// (`+`; the focused one when none is marked), or the focused one; a missing focused
        /// item is an empty one without an index (fzf's minItem).
        private mutating func items(_ flags: Flags) -> [Item] {
            if flags.contains(.allMatched) {
                if matched == nil { matched = context.matched() }
                return matched ?? []
            }
            let current = context.current ?? Item(text: "", index: nil)
            if flags.contains(.marked) || context.marksEveryPlaceholder {
                return context.marked.isEmpty ? [current] : context.marked
            }
            return [current]
        }

        /// What one item gives: its index, its text or its fields' (trimmed unless `s`),
        /// quoted unless `r` or `f`.
        private mutating func replacement(of item: Item, part: ItemPart, flags: Flags) -> String {
            let unquoted = flags.contains(.raw) || flags.contains(.file)
            switch part {
            case .index:
                return item.index.map(String.init) ?? "''"
            case .text:
                return unquoted ? item.text : context.quoting.quote(item.text)
            case .fields(let indices):
                var text = itemFields.text(indices, of: item.text)
                if !flags.contains(.keepsSpace) { text = Self.trimmingSpace(text) }
                return unquoted ? text : context.quoting.quote(text)
            }
        }

        /// `text` less the white space at both ends, as Go's strings.TrimSpace (Unicode's
        /// White_Space, which is Go's unicode.IsSpace).
        static func trimmingSpace(_ text: String) -> String {
            // Most text begins and ends with a visible ASCII character: nothing to trim.
            let visible: (UInt8?) -> Bool = { $0.map { $0 > 0x20 && $0 < 0x7F } ?? false }
            if visible(text.utf8.first) && visible(text.utf8.last) { return text }
            let scalars = text.unicodeScalars
            guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
                let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
            else { return "" }
            return String(scalars[first...last])
        }

        /// Whether an action's name can stand unquoted: fzf gives it as it is, and its names
        /// are kebab-case words; any other text is quoted, so that it cannot run.
        static func isPlainName(_ name: String) -> Bool {
            !name.isEmpty
                && name.utf8.allSatisfy {
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                        || $0 == UInt8(ascii: "-")
                }
        }
    }
}
