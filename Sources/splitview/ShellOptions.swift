// `splitview --bash`, `--zsh`, `--fish`: print the shell's key bindings (ShellScripts.swift)
// and exit, as `fzf --bash` does.

import ArgumentParser
import Foundation
import SafeText

struct ShellOptions: ParsableArguments {
    @Flag var shell: Shell?

    /// Prints the key bindings of the shell asked for, if one is; whether it did. The keys
    /// are read from the environment now: a bad $SPLITVIEW_EMOJI_KEY is one line and exit 2.
    func printScript(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Bool {
        guard let shell else { return false }
        let emojiKey: ShellKey?
        switch environment[ShellScripts.emojiKeyVariable] {
        case nil:
            emojiKey = ShellScripts.defaultEmojiKey
        case ""?:
            emojiKey = nil
        case let name?:
            guard let key = ShellKey(name: name) else {
                throw InputError(
                    message: "\(ShellScripts.emojiKeyVariable): \"\(MessageText.escaped(name))\" is not a key: "
                        + ShellKey.problem)
            }
            emojiKey = key
        }
        // (Set and empty, as fzf's FZF_CTRL_T_COMMAND: no Ctrl-T.)
        let bindsFiles = environment[ShellScripts.filesCommandVariable].map { !$0.isEmpty } ?? true
        try StandardStreams.output(ShellScripts.script(for: shell, bindsFiles: bindsFiles, emojiKey: emojiKey))
        return true
    }
}
