// The keys of `[widths]`: the character sequence itself ("❤️") or its code points ("U+2764 U+FE0F").

import TerminalUI
import TOML
import SafeText

public enum WidthOverrideKey {
    public struct Problem: Error, Hashable {
        public var message: String
    }

    static let example = "e.g. \"❤️\" = 2 or \"U+2764 U+FE0F\" = 2"

    /// The sequence a key names: one grapheme cluster (what one item's glyph or one cell
    /// shows), with nothing a terminal takes for a control.
    public static func parse(_ key: String) -> Result<String, Problem> {
        let sequence: String
        if key.uppercased().hasPrefix("U+") {
            var scalars = String.UnicodeScalarView()
            for word in key.split(separator: " ", omittingEmptySubsequences: true) {
                let digits = word.dropFirst(2)
                guard word.uppercased().hasPrefix("U+"), (1...6).contains(digits.count),
                    digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16),
                    let scalar = Unicode.Scalar(value)
                else {
                    return .failure(
                        Problem(
                            message: "\(TOMLText.quoted(String(word))) is not a code point written U+XXXX (\(example))")
                    )
                }
                scalars.append(scalar)
            }
            sequence = String(scalars)
        } else {
            sequence = key
        }
        guard !sequence.isEmpty else {
            return .failure(Problem(message: "expected the text itself or its code points as the key (\(example))"))
        }
        if let unsafe = sequence.unicodeScalars.first(where: { !TOMLText.isSafeToShow($0) }) {
            return .failure(
                Problem(
                    message:
                        "\(MessageText.codePoint(unsafe.value)) is a control or format character, not something a terminal draws"
                ))
        }
        guard sequence.count == 1 else {
            return .failure(
                Problem(
                    message:
                        "expected one character sequence (one grapheme cluster), found \(sequence.count) (\(example))"))
        }
        // A sequence with nothing to sit on (a lone combining mark, variation selector or
        // joiner) is always drawn on a dotted circle, one cell wide, so that it cannot join the
        // cell before it: a width for it would be taken and never used (a fuzz finding).
        if VisibleText.shown(sequence) != sequence, let first = sequence.unicodeScalars.first {
            return .failure(
                Problem(
                    message:
                        "\(MessageText.codePoint(first.value)) has no character before it to join: splitview draws it on a dotted circle (◌), one cell wide, whatever [widths] says; name the sequence it ends, with its base"
                ))
        }
        return .success(sequence)
    }
}
