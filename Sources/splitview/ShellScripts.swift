// The key bindings `splitview --bash`, `--zsh` and `--fish` print, for the shell to source:
// Ctrl-T inserts files picked in sections by folder, quoted for the shell; a second key (Alt-E
// unless $SPLITVIEW_EMOJI_KEY says otherwise) inserts an emoji. Everything the three shells
// share is declared once here: the variables, the command listing the files, the options of
// each picker, the keys; bash and zsh also share the functions that run the pickers. Only
// the widgets (how each shell's line editor takes the text at the cursor) and the binding
// lines are each shell's own.

import ArgumentParser
import Browser
import UserFiles

/// A shell `splitview --bash`, `--zsh` or `--fish` prints key bindings for.
enum Shell: String, EnumerableFlag, CaseIterable {
    case bash, zsh, fish

    /// How the user sources the bindings, in the shell's startup file.
    var sourcingLine: String {
        switch self {
        case .bash: return "eval \"$(splitview --bash)\""
        case .zsh: return "source <(splitview --zsh)"
        case .fish: return "splitview --fish | source"
        }
    }

    var startupFile: String {
        switch self {
        case .bash: return "~/.bashrc"
        case .zsh: return "~/.zshrc"
        case .fish: return "~/.config/fish/config.fish"
        }
    }

    static func help(for value: Shell) -> ArgumentHelp? {
        let source = "\(value.sourcingLine) in \(value.startupFile)"
        guard value == .bash else { return "As --bash, for \(value.rawValue): \(source)." }
        return ArgumentHelp(
            "Print key bindings for bash and exit, to source at startup (\(source)): Ctrl-T inserts files picked in sections by folder (Space or Tab marks several), quoted, at the cursor; \(ShellScripts.defaultEmojiKey.name) inserts an emoji. $\(ShellScripts.filesCommandVariable) lists the files (run by sh; set and empty: no Ctrl-T), $\(ShellScripts.filesOptionsVariable) and $\(ShellScripts.emojiOptionsVariable) add options, $\(ShellScripts.emojiKeyVariable) names the emoji's key (as fzf names keys; empty: none)."
        )
    }
}

/// A key a script binds: a letter or digit with Ctrl, Alt or both, as fzf names them
/// (`ctrl-t`, `alt-e`, `ctrl-alt-e`).
struct ShellKey: Equatable {
    var control: Bool
    var alt: Bool
    /// The key: a lowercase letter for Ctrl, else a letter (upper case: with Shift) or a digit.
    var character: Character

    /// The key `name` names, or nil.
    init?(name: String) {
        var rest = Substring(name)
        var control = false, alt = false
        while true {
            if rest.hasPrefix("ctrl-"), !control {
                control = true
                rest = rest.dropFirst(5)
            } else if rest.hasPrefix("alt-"), !alt {
                alt = true
                rest = rest.dropFirst(4)
            } else {
                break
            }
        }
        guard control || alt, rest.count == 1, let character = rest.first, character.isASCII,
            character.isLetter || (character.isNumber && !control)
        else { return nil }
        self.control = control
        self.alt = alt
        self.character = control ? Character(character.lowercased()) : character
    }

    /// The key's name as fzf writes it.
    var name: String { (control ? "ctrl-" : "") + (alt ? "alt-" : "") + String(character) }

    /// The key as `shell`'s binding command writes it (Alt is ESC before the key).
    func spelled(for shell: Shell) -> String {
        let alt = self.alt ? "\\e" : ""
        guard control else { return alt + String(character) }
        switch shell {
        case .bash: return alt + "\\C-" + String(character)
        case .zsh: return alt + "^" + character.uppercased()
        case .fish: return alt + "\\c" + String(character)
        }
    }

    static let problem =
        "alt-KEY, ctrl-KEY or ctrl-alt-KEY, KEY a letter (or a digit with alt alone), as fzf names keys; empty for no key"
}

enum ShellScripts {
    /// The variables the scripts read when a key is pressed.
    static let filesCommandVariable = "SPLITVIEW_CTRL_T_COMMAND"
    static let filesOptionsVariable = "SPLITVIEW_CTRL_T_OPTS"
    static let emojiOptionsVariable = "SPLITVIEW_EMOJI_OPTS"
    /// The variable read when the script is printed: the emoji's key.
    static let emojiKeyVariable = "SPLITVIEW_EMOJI_KEY"

    /// The files Ctrl-T offers without $SPLITVIEW_CTRL_T_COMMAND: every file and link below
    /// the working folder, hidden ones too, but inside .git and node_modules (as fzf's walker
    /// skips them), each path relative, listed as find walks (a folder's files together).
    static let filesCommand =
        #"find . -mindepth 1 \( -name .git -o -name node_modules \) -prune -o \( -type f -o -type l \) -printf '%P\n' 2>/dev/null"#
    /// The pickers' options, before the user's $SPLITVIEW_DEFAULT_OPTS and the picker's own
    /// variable, which win: below the prompt in 40% of the terminal (as fzf's bindings), the
    /// search on top; Ctrl-T's files in a section per folder, several marked (after the
    /// user's: always); the emoji with typing going to the search.
    static let filesOptions = "--height 40% --layout reverse --group-by dirname"
    static let filesForcedOptions = "--multi"
    static let emojiOptions = "--emoji --typing query --height 40% --layout reverse"

    static let filesKey = ShellKey(name: "ctrl-t")!
    static let defaultEmojiKey = ShellKey(name: "alt-e")!

    /// The script of `shell`: the files' key bound unless `filesCommand` is set and empty (as
    /// fzf's FZF_CTRL_T_COMMAND), the emoji's unless `emojiKey` is nil.
    static func script(for shell: Shell, bindsFiles: Bool, emojiKey: ShellKey?) -> String {
        var bindings: [(key: ShellKey, widget: String)] = []
        if bindsFiles { bindings.append((filesKey, "__splitview_file_widget")) }
        if let emojiKey { bindings.append((emojiKey, "__splitview_emoji_widget")) }
        switch shell {
        case .bash:
            return bash(
                bindings: bindings.flatMap { binding in
                    ["emacs-standard", "vi-command", "vi-insert"].map {
                        "bind -m \($0) -x '\"\(binding.key.spelled(for: .bash))\": \(binding.widget)'"
                    }
                })
        case .zsh:
            return zsh(
                bindings: bindings.flatMap { binding in
                    ["zle -N \(binding.widget)"]
                        + ["emacs", "vicmd", "viins"].map {
                            "bindkey -M \($0) '\(binding.key.spelled(for: .zsh))' \(binding.widget)"
                        }
                })
        case .fish:
            return fish(
                bindings: bindings.flatMap { binding in
                    ["", "-M insert "].map { "bind \($0)\(binding.key.spelled(for: .fish)) \(binding.widget)" }
                })
        }
    }

    /// The value a picker's $SPLITVIEW_DEFAULT_OPTS takes, in double quotes: the script's
    /// options, the user's defaults, the picker's variable, then what is forced (splitview
    /// splits it as the shell splits words, the later words winning). Variables are read as
    /// sh reads an unset one without complaint, or as fish reads them.
    static func defaultOptions(_ options: String, then variable: String, forced: String = "", fish: Bool = false)
        -> String
    {
        let read = { (name: String) in fish ? "$\(name)" : "${\(name)-}" }
        let words = [options, read(DefaultOptions.variable), read(variable), forced].filter { !$0.isEmpty }
        return "\"" + words.joined(separator: " ") + "\""
    }

    /// bash's and zsh's functions that run the pickers and print what goes on the line: the
    /// files each quoted for the shell, with a space after each (as fzf's), the emoji as they
    /// are (inserted inside quotes, mostly), their line breaks dropped.
    static var shFunctions: String {
        """
        __splitview_files() {
          local cmd="${\(filesCommandVariable)-}" item
          [ -n "$cmd" ] || cmd=\(CommandTemplate.ShellQuoting.posix.quote(filesCommand))
          sh -c "$cmd" |
            \(DefaultOptions.variable)=\(defaultOptions(filesOptions, then: filesOptionsVariable, forced: filesForcedOptions)) \\
            command splitview |
            while IFS= read -r item; do printf '%q ' "$item"; done
        }

        __splitview_emoji() {
          local picked
          picked=$(\(DefaultOptions.variable)=\(defaultOptions(emojiOptions, then: emojiOptionsVariable)) command splitview)
          printf '%s' "${picked//$'\\n'/}"
        }
        """
    }

    static func bash(bindings: [String]) -> String {
        """
        # splitview's key bindings for bash (4 or later): eval "$(splitview --bash)" in ~/.bashrc
        if [[ $- == *i* ]]; then
        if (( BASH_VERSINFO[0] < 4 )); then
          echo "splitview: the key bindings need bash 4 or later" >&2
        else
        \(shFunctions)

        # The text at the cursor, the cursor after it (bash counts characters).
        __splitview_insert() {
          READLINE_LINE="${READLINE_LINE:0:READLINE_POINT}$1${READLINE_LINE:READLINE_POINT}"
          READLINE_POINT=$((READLINE_POINT + ${#1}))
        }
        __splitview_file_widget() { __splitview_insert "$(__splitview_files)"; }
        __splitview_emoji_widget() { __splitview_insert "$(__splitview_emoji)"; }

        \(bindings.joined(separator: "\n"))
        fi
        fi

        """
    }

    static func zsh(bindings: [String]) -> String {
        """
        # splitview's key bindings for zsh: source <(splitview --zsh) in ~/.zshrc
        if [[ -o interactive ]]; then
        \(shFunctions)

        # The text at the cursor (the end of the left part), then the prompt drawn again.
        __splitview_file_widget() {
          emulate -L zsh
          LBUFFER+=$(__splitview_files)
          local ret=$?
          zle reset-prompt
          return $ret
        }
        __splitview_emoji_widget() {
          emulate -L zsh
          LBUFFER+=$(__splitview_emoji)
          local ret=$?
          zle reset-prompt
          return $ret
        }

        \(bindings.joined(separator: "\n"))
        fi

        """
    }

    static func fish(bindings: [String]) -> String {
        let quote = CommandTemplate.ShellQuoting.fish.quote
        let fishFilesOptions = defaultOptions(
            filesOptions, then: filesOptionsVariable, forced: filesForcedOptions, fish: true)
        return """
            # splitview's key bindings for fish: splitview --fish | source in ~/.config/fish/config.fish
            function __splitview_file_widget
                set -l cmd $\(filesCommandVariable)
                test -n "$cmd"; or set cmd \(quote(filesCommand))
                set -lx \(DefaultOptions.variable) \(fishFilesOptions)
                set -l picked (sh -c $cmd | command splitview)
                and commandline -i -- (string join -- ' ' (string escape -- $picked))' '
                commandline -f repaint
            end

            function __splitview_emoji_widget
                set -lx \(DefaultOptions.variable) \(defaultOptions(emojiOptions, then: emojiOptionsVariable, fish: true))
                set -l picked (command splitview)
                and commandline -i -- (string join -- '' $picked)
                commandline -f repaint
            end

            \(bindings.joined(separator: "\n"))

            """
    }
}
