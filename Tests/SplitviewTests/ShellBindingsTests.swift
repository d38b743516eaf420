import Foundation
import TerminalTestSupport
import Testing

@testable import splitview

/// `splitview --bash`, `--zsh` and `--fish` (issue 28): each shell sources its script in tmux,
/// Ctrl-T picks files from their folders' sections and puts them, quoted, on the command line,
/// and Alt-E puts an emoji at the cursor; what lands there is run, so the quoting is checked by
/// the shell itself.
@Suite(.serialized, .needs("tmux", "bash", "zsh", "fish"))
struct ShellBindingsTests {
    /// A folder of files with a space and a quote in their names, and the shell's startup files.
    let folder: String

    init() throws {
        folder = FileManagerHelper.temporaryDirectory()
        for path in ["a dir/b file.txt", "it's.txt", "src/main.swift", ".git/config"] {
            try FileManagerHelper.write("", to: folder + "/files/" + path)
        }
    }

    /// The shell sourcing splitview's script as its startup file says, in the files' folder,
    /// its prompt `$ `, with `environment` (words of `env`) set.
    func start(_ shell: Shell, environment: String = "") throws -> TmuxSession {
        let bin = URL(fileURLWithPath: Support.binary).deletingLastPathComponent().path
        let command: String
        switch shell {
        case .bash:
            try FileManagerHelper.write("PS1='$ '\n\(shell.sourcingLine)\n", to: folder + "/bashrc")
            command = "bash --noprofile --rcfile \(folder)/bashrc"
        case .zsh:
            try FileManagerHelper.write("PS1='$ '\n\(shell.sourcingLine)\n", to: folder + "/zsh/.zshrc")
            command = "env ZDOTDIR=\(folder)/zsh zsh"
        case .fish:
            try FileManagerHelper.write(
                "function fish_prompt; printf '$ '; end\n\(shell.sourcingLine)\n", to: folder + "/config.fish")
            command = "fish --no-config --init-command 'source \(folder)/config.fish'"
        }
        let line = "cd \(folder)/files && exec env -u NO_COLOR LANG=C.UTF-8 PATH=\(bin):$PATH \(environment) \(command)"
        let session = try TmuxSession(
            width: 80, height: 24, command: line.replacingOccurrences(of: "'", with: "'\\''"))
        // (capture-pane leaves out the space at the end of the line.)
        try session.waitFor("\(shell)'s prompt") { $0.hasPrefix("$") }
        return session
    }

    /// The first line of the screen: the command line.
    func commandLine(_ screen: String) -> String {
        String(screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    @Test("Ctrl-T: files picked in their folders' sections land quoted at the cursor", arguments: Shell.allCases)
    func filesOnTheCommandLine(shell: Shell) throws {
        let session = try start(shell)
        try session.send("-l", "printf '<%s>\\n' ")
        try session.send("C-t")
        // Every file but .git's, in a section per folder; the search on top.
        var screen = try session.waitFor("the files") { $0.contains("3 of 3") }
        for part in ["a dir · 1", "b file.txt", "src · 1", "main.swift", "it's.txt"] {
            #expect(screen.contains(part), "\(shell): \(part)\n\(screen)")
        }
        #expect(!screen.contains("config"), "\(screen)")
        // Two marked with Tab, in that order.
        try session.send("-l", "file")
        try session.waitFor("the search") { $0.contains("1 of 3") }
        try session.send("Tab", "C-u")
        try session.send("-l", "its")
        try session.waitFor("the second") { $0.contains("1 of 3") && $0.contains("1 marked") }
        try session.send("Tab", "Enter")
        screen = try session.waitFor("the files on the command line") { commandLine($0).hasSuffix("s.txt") }
        #expect(commandLine(screen).hasPrefix("$ printf '<%s>\\n' "), "\(shell): \(screen)")
        // A space after each (capture-pane leaves out the last), the cursor at the end.
        try session.send("-l", "end")
        screen = try session.waitFor("typed after them") { commandLine($0).hasSuffix("end") }
        #expect(commandLine(screen).hasSuffix("s.txt end"), "\(shell): \(screen)")
        try session.send("Enter")
        screen = try session.waitFor("the command's output") { $0.contains("<end>") }
        #expect(screen.contains("<a dir/b file.txt>\n<it's.txt>\n<end>"), "\(shell):\n\(screen)")
    }

    @Test("Alt-E: the emoji picked lands at the cursor, in the middle of the line too", arguments: Shell.allCases)
    func emojiAtTheCursor(shell: Shell) throws {
        let session = try start(shell)
        try session.send("-l", "echo X Y")
        try session.send("Left", "Left")
        try session.send("M-e")
        try session.waitFor("the emoji") { $0.contains("Smileys & Emotion") }
        try session.send("-l", "apple")
        try session.waitFor("the search") { $0.contains("/apple") }
        try session.send("Enter")
        let screen = try session.waitFor("the emoji on the command line") { commandLine($0).contains("🍎") }
        #expect(commandLine(screen).hasPrefix("$ echo X🍎 Y"), "\(shell): \(screen)")
        try session.send("Enter")
        try session.waitFor("the command's output") { $0.contains("\nX🍎 Y\n") }
    }

    @Test("SPLITVIEW_EMOJI_KEY moves the emoji to another key; Esc leaves the line as it was")
    func anotherKey() throws {
        let session = try start(.bash, environment: "SPLITVIEW_EMOJI_KEY=ctrl-alt-j")
        try session.send("-l", "echo before")
        try session.send("M-e")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!(try session.screen()).contains("Smileys"))
        try session.send("C-M-j")
        try session.waitFor("the emoji") { $0.contains("Smileys & Emotion") }
        try session.send("Escape")
        let screen = try session.waitFor("the line back") { !$0.contains("Smileys") }
        #expect(commandLine(screen).hasPrefix("$ echo before"), "\(screen)")
        try session.send("Enter")
        try session.waitFor("the command's output") { $0.contains("\nbefore\n") }
    }

    @Test("the scripts are each shell's syntax, whatever the keys; a bad key is one line and status 2")
    func scriptsParse() throws {
        let environments: [[String: String]] = [
            [:], ["SPLITVIEW_EMOJI_KEY": "ctrl-e"], ["SPLITVIEW_EMOJI_KEY": "ctrl-alt-x"],
            ["SPLITVIEW_EMOJI_KEY": "", "SPLITVIEW_CTRL_T_COMMAND": ""], ["SPLITVIEW_EMOJI_KEY": "alt-9"],
        ]
        for shell in Shell.allCases {
            let check = TestTools.path(of: shell.rawValue) ?? shell.rawValue
            for environment in environments {
                let script = try Support.run(["--\(shell.rawValue)"], environment: environment)
                #expect(script.status == 0 && script.stderr.isEmpty, "\(shell) \(environment): \(script.stderr)")
                let file = FileManagerHelper.temporaryDirectory() + "/script"
                try FileManagerHelper.write(script.stdout, to: file)
                let parsed = try Support.spawn(check, ["-n", file])
                #expect(parsed.status == 0, "\(shell) \(environment): \(parsed.stderr)\n\(script.stdout)")
                #expect(
                    script.stdout.contains(ShellScripts.filesKey.spelled(for: shell))
                        == (environment["SPLITVIEW_CTRL_T_COMMAND"] != ""))
            }
        }
        for bad in ["e", "alt-", "ctrl-1", "alt-é", "meta-e", "ctrl-ctrl-e"] {
            let result = try Support.run(["--zsh"], environment: ["SPLITVIEW_EMOJI_KEY": bad])
            #expect(result.status == 2 && result.stdout.isEmpty, "\(bad)")
            #expect(
                result.stderr.hasPrefix("splitview: SPLITVIEW_EMOJI_KEY: \"\(bad)\" is not a key: alt-KEY")
                    && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(try Support.run(["--bash", "--fish"]).status == 64)
    }

    @Test("a key as each shell binds it")
    func keySpellings() throws {
        let cases: [(String, bash: String, zsh: String, fish: String)] = [
            ("ctrl-t", "\\C-t", "^T", "\\ct"), ("alt-e", "\\ee", "\\ee", "\\ee"), ("alt-E", "\\eE", "\\eE", "\\eE"),
            ("ctrl-alt-x", "\\e\\C-x", "\\e^X", "\\e\\cx"), ("alt-ctrl-X", "\\e\\C-x", "\\e^X", "\\e\\cx"),
            ("alt-7", "\\e7", "\\e7", "\\e7"),
        ]
        for (name, bash, zsh, fish) in cases {
            let key = try #require(ShellKey(name: name), "\(name)")
            #expect([key.spelled(for: .bash), key.spelled(for: .zsh), key.spelled(for: .fish)] == [bash, zsh, fish])
        }
    }
}
