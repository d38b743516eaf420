// SPLITVIEW_DEFAULT_OPTS and SPLITVIEW_DEFAULT_OPTS_FILE: options a user gives every browse
// before the command line's, as fzf's FZF_DEFAULT_OPTS and FZF_DEFAULT_OPTS_FILE, so that
// the same habits carry over (`export SPLITVIEW_DEFAULT_OPTS="--layout reverse --multi"`).
//
// The text is split into words as a POSIX shell splits them (quotes, backslashes, `#`
// comments), with nothing expanded. Written by hand: it is about forty lines, and no Swift
// package for it is kept up; fzf's own reader (go-shellwords) differs from a shell in that a
// backslash in double quotes escapes any character, which we do not copy: a user checks what
// a word means by typing it in their shell.

import Foundation
import SafeText

public enum DefaultOptions {
    /// The variable holding the options.
    public static let variable = "SPLITVIEW_DEFAULT_OPTS"
    /// The variable naming a file of options, read before `variable`'s.
    public static let fileVariable = "SPLITVIEW_DEFAULT_OPTS_FILE"

    /// Why the default options cannot be read: one line, naming where they came from.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// A text that does not split into words: a quote left open.
    public struct UnfinishedWord: Error, CustomStringConvertible {
        public let description: String
    }

    /// The words of the file named by `fileVariable` (if set) and then of `variable`.
    public static func words(
        environment: [String: String],
        readFile: (String) throws -> Data = { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    ) throws(Problem) -> [String] {
        var words: [String] = []
        if let path = environment[fileVariable], !path.isEmpty {
            let data: Data
            do {
                data = try readFile(path)
            } catch {
                throw Problem(description: "\(fileVariable): cannot read \(MessageText.quoted(path))")
            }
            do {
                words += try split(String(decoding: data, as: UTF8.self))
            } catch {
                throw Problem(description: "\(MessageText.quoted(path)) (\(fileVariable)): \(error.description)")
            }
        }
        if let text = environment[variable] {
            do {
                words += try split(text)
            } catch {
                throw Problem(description: "\(variable): \(error.description)")
            }
        }
        return words
    }

    /// `text` split into words as `sh` splits a command's arguments: white space separates
    /// words; in single quotes every character is itself; in double quotes a backslash escapes
    /// only `"`, `\`, `$`, `` ` `` and a line break; elsewhere a backslash escapes the next
    /// character (and drops a line break); a `#` that begins a word begins a comment, to the
    /// end of the line. Nothing is expanded (`$HOME` stays as written).
    public static func split(_ text: String) throws(UnfinishedWord) -> [String] {
        enum Quote { case none, single, double }
        var words: [String] = []
        var word = ""
        // Whether a word has begun: `''` is an empty word, white space is none.
        var inWord = false
        var quote = Quote.none
        var characters = text.unicodeScalars.makeIterator()
        while let scalar = characters.next() {
            switch quote {
            case .single:
                if scalar == "'" { quote = .none } else { word.unicodeScalars.append(scalar) }
            case .double:
                if scalar == "\"" {
                    quote = .none
                } else if scalar == "\\" {
                    guard let next = characters.next() else { break }
                    switch next {
                    case "\"", "\\", "$", "`": word.unicodeScalars.append(next)
                    case "\n": break
                    default: word.unicodeScalars.append(contentsOf: ["\\", next])
                    }
                } else {
                    word.unicodeScalars.append(scalar)
                }
            case .none:
                switch scalar {
                case " ", "\t", "\n", "\r":
                    if inWord { words.append(word) }
                    (word, inWord) = ("", false)
                case "#" where !inWord:
                    while let skipped = characters.next(), skipped != "\n" {}
                case "'":
                    (quote, inWord) = (.single, true)
                case "\"":
                    (quote, inWord) = (.double, true)
                case "\\":
                    // (A backslash at the very end stays, as dash keeps it.)
                    let next = characters.next() ?? "\\"
                    if next != "\n" {
                        word.unicodeScalars.append(next)
                        inWord = true
                    }
                default:
                    word.unicodeScalars.append(scalar)
                    inWord = true
                }
            }
        }
        switch quote {
        case .single: throw UnfinishedWord(description: "a single quote (') is not closed")
        case .double: throw UnfinishedWord(description: "a double quote (\") is not closed")
        case .none: break
        }
        if inWord { words.append(word) }
        return words
    }
}
