// What of the data a terminal may be given as it is, and how the rest is shown. The one rule
// for measuring (TextWidth) and for drawing (CellBuffer.put), so that a label measured to fit
// its slot, and cut with "…" to fit it, is drawn in exactly the cells it was measured for.
//
// Data reaches the screen only as cells, and a cell never holds:
// - a C0 control, DEL or a C1 control: ESC starts an escape sequence (clear the screen, set
//   the clipboard with OSC 52, a hyperlink with OSC 8, end a bracketed paste with ESC [ 201 ~),
//   BEL rings, BS and CR move the cursor; xterm takes the UTF-8 form of U+009B for CSI;
// - a format character that changes how the text around it looks and has no look of its own:
//   bidi embeddings, overrides, isolates and marks (U+202A-202E, U+2066-2069, U+200E, U+200F,
//   U+061C), which a terminal that does bidi applies to the rest of the line; invisible
//   separators and joiners (U+200B, U+2060-2064, U+FEFF, U+180E, the soft hyphen); the line
//   and paragraph separators U+2028 and U+2029; and the other scalars that Unicode breaks
//   grapheme clusters around as controls (Egyptian, shorthand and musical format controls,
//   U+E0001 and the unassigned default-ignorables of plane 14). These are "hidden" here.
// Kept as they are: ZWJ and ZWNJ, the emoji tags (U+E0020-E007F), variation selectors and
// skin-tone modifiers, all of which join the cluster before them, and the prepended
// concatenation marks (U+0600-0605, ...), which join the digits after them and are drawn.
//
// How a hidden scalar is shown: one cell of a visible sign, so the user sees that something
// is there and where. C0 controls and DEL as their Control Pictures (U+2400-2421: ␛ for ESC,
// ␇ for BEL, ␊ for LF), which say which control it was; everything else hidden as U+FFFD �
// (C1 controls and format characters have no pictures, and one sign is clearer than a made-up
// one per scalar). A cluster that starts with a hidden scalar is that scalar alone or CR LF
// (grapheme rules GB3-GB5), so it takes one cell per scalar: CR LF is ␍␊.
//
// A cluster that starts with a combining mark (or another scalar of no width of its own: ZWJ,
// a variation selector, a tag) has nothing to sit on: the terminal would draw it on the cell
// before, over another label or a border. It is drawn on U+25CC ◌, the dotted circle Unicode
// shows lone marks on, in one cell. (A prepended concatenation mark with nothing of width
// after it, which joins what follows rather than what precedes, is shown by signs instead.)

public enum VisibleText {
    /// The base a cluster with none is drawn on.
    public static let markBase: Unicode.Scalar = "\u{25CC}"
    /// The sign of a hidden scalar that has no Control Picture.
    public static let hiddenSign: Unicode.Scalar = "\u{FFFD}"

    /// How a cluster is shown.
    public enum Form: Hashable, Sendable {
        /// As it is.
        case itself
        /// Each of its scalars as its sign, one cell each (it holds a hidden scalar).
        case signs
        /// After `markBase`, in one cell (it starts with no base).
        case onMarkBase
    }

    /// Whether `value` must never reach the terminal as itself (see the top of this file).
    @inline(__always)
    public static func isHidden(_ value: UInt32) -> Bool {
        if value < 0xA0 { return value < 0x20 || value >= 0x7F }
        if value < 0x2000 { return value == 0xAD || value == 0x61C || value == 0x180E }
        if value < 0x2070 {
            return (value >= 0x200B && value <= 0x200F && value != 0x200C && value != 0x200D)
                || (value >= 0x2028 && value <= 0x202E) || value >= 0x2060
        }
        if value < 0xFEFF { return false }
        return value == 0xFEFF || (value >= 0xFFF9 && value <= 0xFFFB) || (value >= 0x13430 && value <= 0x1343F)
            || (value >= 0x1BCA0 && value <= 0x1BCA3) || (value >= 0x1D173 && value <= 0x1D17A)
            || (value >= 0xE0000 && value <= 0xE0FFF && !(value >= 0xE0020 && value <= 0xE007F)
                && !(value >= 0xE0100 && value <= 0xE01EF))
    }

    /// The one-cell sign shown for a hidden scalar: its Control Picture for C0 and DEL, else
    /// `hiddenSign`.
    @inline(__always)
    public static func sign(for value: UInt32) -> UInt32 {
        if value < 0x20 { return 0x2400 + value }
        if value == 0x7F { return 0x2421 }
        return hiddenSign.value
    }

    /// The prepended concatenation marks: format characters that are drawn, across the
    /// digits after them (Arabic number signs and the like), not hidden.
    static func isPrependedConcatenationMark(_ value: UInt32) -> Bool {
        (value >= 0x600 && value <= 0x605) || value == 0x6DD || value == 0x70F || value == 0x890 || value == 0x891
            || value == 0x8E2 || value == 0x110BD || value == 0x110CD
    }

    /// `text` to be drawn right after other text (a glyph and a space, a quote): with the
    /// dotted circle before it when it starts with a cluster of no base, which would otherwise
    /// join what comes before it (a combining mark on the space) rather than show on its own.
    public static func standalone(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, !isHidden(first.value),
            TextWidth.startsWithoutBase(first.value)
        else { return text }
        return String(markBase) + text
    }

    /// `text` as the screen shows it, cluster by cluster: what `CellBuffer.put` draws (without
    /// the clipping), for tests and for anything that must show data as text.
    public static func shown(_ text: String, measure: TextWidth = TextWidth()) -> String {
        TextWidth.UTF8Text.with(text) { utf8 in
            var result = ""
            var offset = 0
            while offset < utf8.end {
                let range = offset..<utf8.clusterEnd(from: offset)
                offset = range.upperBound
                switch measure.shownCluster(range, in: utf8).form {
                case .itself:
                    result += utf8.string(range)
                case .signs:
                    for scalar in utf8.scalars(range) {
                        result.unicodeScalars.append(Unicode.Scalar(sign(for: scalar.value)).unsafelyUnwrapped)
                    }
                case .onMarkBase:
                    result.unicodeScalars.append(markBase)
                    result += utf8.string(range)
                }
            }
            return result
        }
    }
}

extension TextWidth {
    /// How the cluster at `range` of `text` is shown, and the cells that takes: the one place
    /// measuring and drawing ask. Overrides apply to clusters shown as themselves (a lone mark
    /// is drawn on its base whatever `[widths]` says of it).
    @inline(__always)
    func shownCluster(_ range: Range<Int>, in text: UTF8Text) -> (form: VisibleText.Form, width: Int) {
        let (first, firstLength) = text.scalar(at: range.lowerBound)
        if VisibleText.isHidden(first) {
            // One scalar, or CR LF: a cell each.
            if firstLength == range.count { return (.signs, 1) }
            var count = 0
            for _ in text.scalars(range) { count += 1 }
            return (.signs, count)
        }
        if firstLength == range.count {
            let width = Self.scalarWidth(Unicode.Scalar(first).unsafelyUnwrapped)
            if width == 0 {
                return VisibleText.isPrependedConcatenationMark(first) ? (.signs, 1) : (.onMarkBase, 1)
            }
            if !overrides.isEmpty, let width = overrides[text.string(range)] { return (.itself, width) }
            return (.itself, width)
        }
        // A mark (or ZWJ, a variation selector) leading the cluster: the cluster follows a
        // hidden scalar or starts the text, and the marks after it join it, not a base.
        // (Below U+0300 only controls and the soft hyphen have no width: hidden, above.)
        if first >= 0x300 && Self.startsWithoutBase(first) { return (.onMarkBase, 1) }
        if !overrides.isEmpty, let width = overrides[text.string(range)] { return (.itself, width) }
        let width = Self.computedWidth(of: text.scalars(range))
        if width == 0 {
            // Only a prepended concatenation mark can start a cluster of no width here.
            var count = 0
            for _ in text.scalars(range) { count += 1 }
            return (.signs, count)
        }
        return (.itself, width)
    }

    /// Whether a cluster that starts with `value` has no base: a scalar of no width of its own
    /// that is not a prepended concatenation mark (those are drawn over what follows them).
    @inline(__always)
    static func startsWithoutBase(_ value: UInt32) -> Bool {
        if let facts = SymbolTable.facts(value) {
            guard facts & SymbolTable.widthMask == 0 else { return false }
        } else if scalarWidth(Unicode.Scalar(value).unsafelyUnwrapped) != 0 {
            return false
        }
        return !VisibleText.isPrependedConcatenationMark(value)
    }
}
