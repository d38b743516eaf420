// fzf's scripting options in the real binary: --read0 and --print0, --select-1 and --exit-0,
// --print-query.

import Foundation
import Testing

@Suite struct ScriptingOptionsTests {
    @Test func read0AndPrint0KeepItemsWholeLineBreaksAndAll() throws {
        let result = try Support.run(["--read0", "--print0", "--filter", ""], stdin: "a\nb c\0d\0")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "a\nb c\0d\0")
        let lines = try Support.run(["--print0", "--filter", "b"], stdin: "a\nb\n")
        #expect(lines.stdout == "b\0")
    }

    @Test func select1PicksTheOnlyMatchAndExit0LeavesWhenNoneMatch() throws {
        // No browser: no terminal is needed (none is given to these runs).
        let one = try Support.run(["--query", "1F600", "--select-1"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == "😀\n")
        let none = try Support.run(["--query", "zzzqqq", "--exit-0"])
        #expect(none.status == 1 && none.stdout.isEmpty)
        // (More than one match opens the browser: the tmux tests are where that is seen.)
    }

    @Test func printQueryComesFirst() throws {
        let result = try Support.run(["--filter", "U+1F600", "--print-query"])
        #expect(result.stdout == "U+1F600\n😀\n")
        let none = try Support.run(["--filter", "zzzqqq", "--print-query"])
        #expect(none.status == 1 && none.stdout == "zzzqqq\n")
    }
}
