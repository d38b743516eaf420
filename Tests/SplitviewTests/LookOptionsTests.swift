// The look options on the command line, as fzf reads them: --border with or without a value
// (a word after it is its value only when it is one), one-cell --pointer and --marker, fzf's
// --color, and the frame they give (`render`).

import Foundation
import Testing

@Suite struct LookOptionsTests {
    @Test func borderTakesItsValueOnlyWhenTheNextWordIsOne() throws {
        let file = FileManagerHelper.temporaryDirectory() + "/names.txt"
        try "ann\nbob\n".write(toFile: file, atomically: true, encoding: .utf8)
        // `--border FILE`: rounded, and FILE is the data.
        let rounded = try Support.run(["render", "--width", "30", "--height", "8", "--border", file])
        #expect(rounded.status == 0, "\(rounded.stderr)")
        #expect(rounded.stdout.hasPrefix("╭"))
        #expect(rounded.stdout.contains("ann"))
        let sharp = try Support.run(["render", "--width", "30", "--height", "8", "--border", "sharp", file])
        #expect(sharp.stdout.hasPrefix("┌"))
        let equals = try Support.run(["render", "--width", "30", "--height", "8", "--border=none", file])
        #expect(equals.stdout.contains("ann") && !equals.stdout.contains("┌") && !equals.stdout.contains("╭"))
        let bad = try Support.run(["render", "--width", "30", "--height", "8", "--border=thick", file])
        #expect(bad.status == 64)
        // Too small, the screen asks for the frame's need and the border's two cells more.
        let small = try Support.run(["render", "--width", "20", "--height", "5", "--border", file])
        #expect(small.stdout.contains("need 22 x 7"))
    }

    @Test func pointerAndMarkerAreOneCell() throws {
        for sign in [">>", "😀", "界"] {
            let result = try Support.run(["-f", "a", "--pointer", sign], stdin: "a\n")
            #expect(result.status == 64, "\(sign)")
            #expect(result.stderr.contains("--pointer must be one character one cell wide"))
        }
        let marker = try Support.run(["-f", "a", "--marker", "ab"], stdin: "a\n")
        #expect(marker.status == 64)
        #expect(try Support.run(["-f", "a", "--pointer", "▶", "--marker", "✓"], stdin: "a\n").status == 0)
    }

    @Test func colorIsCheckedAsTheCommandLineIsRead() throws {
        let bad = try Support.run(["-f", "a", "--color", "fg:nope"], stdin: "a\n")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--color fg: \"nope\" is not a colour"))
        let fine = try Support.run(["-f", "a", "--color", "dark,fg:252,hl:red:bold", "--color", "bw"], stdin: "a\n")
        #expect(fine.status == 0)
    }

    @Test func aReverseLayoutRendersThePromptOnTop() throws {
        let file = FileManagerHelper.temporaryDirectory() + "/names.txt"
        try "ann\nbob\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try Support.run([
            "render", "--width", "24", "--height", "6", "--layout", "reverse", "--header", "who", file,
        ])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].contains("who"))
        #expect(lines[2...].contains { $0.contains("ann") })
    }
}

/// The header lines of grouped or transformed lines are shown as the lines are: without the
/// --group-nth field (ps aux's header over its processes), or only the --with-nth fields.
@Test func headerLinesAreShownAsTheLinesAre() throws {
    let ps = "USER PID COMMAND\nroot 1 init\nann 20 vim\n"
    let grouped = try Support.run(
        ["render", "--width", "40", "--height", "8", "--header-lines", "1", "--group-nth", "1"], stdin: ps)
    #expect(grouped.stdout.contains(" PID COMMAND\n") || grouped.stdout.contains(" PID COMMAND "))
    #expect(!grouped.stdout.contains("USER"))
    let picked = try Support.run(
        ["render", "--width", "40", "--height", "8", "--header-lines", "1", "--with-nth", "2"], stdin: ps)
    #expect(picked.stdout.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "PID" })
}
