// fzf's --bind syntax as splitview reads it: keys and events, chains, arguments in each of fzf's
// delimiters, the colon form, the keys `,` `:` and `+`, a chain added to the one before, and a
// located message for each mistake.

@testable import Browser
import Testing
import TerminalUI

@Suite("--bind's syntax")
struct BindSyntaxTests {
    func bindings(_ specs: String...) throws -> UserBindings { try UserBindings(parsing: specs) }

    func error(_ spec: String) -> BindSyntaxError? {
        do {
            _ = try UserBindings(parsing: [spec])
            return nil
        } catch {
            return error
        }
    }

    @Test("a key, an event, and several keys before one colon share the actions")
    func keysAndEvents() throws {
        let parsed = try bindings("ctrl-j,ctrl-n:down,start:first,alt-x:abort")
        #expect(parsed.keys[.control("j")] == [.move(.down)])
        #expect(parsed.keys[.control("n")] == [.move(.down)])
        #expect(parsed.keys[Key.character("x").with(.alt)] == [.interrupt])
        #expect(parsed.events[.start] == [.first])
        #expect(
            parsed.order == [
                .key(.control("j")), .key(.control("n")), .event(.start), .key(Key.character("x").with(.alt)),
            ])
        #expect(parsed.keyNames[.control("j")] == "ctrl-j")
    }

    @Test("a delimiter after a mark that joins the next character still closes the argument")
    func delimitersAreScalars() throws {
        // U+070F prepends itself to what follows: "܏)" is one Character, and the bracket went
        // unseen (FuzzBind's input, Fuzz/Regressions/FuzzBind).
        let parsed = try bindings("ctrl-a:execute(echo \u{FFFD}\u{070F})+first")
        #expect(parsed.keys[.control("a")] == [.run(ShellAction(.execute, "echo \u{FFFD}\u{070F}")), .first])
        #expect(
            try bindings("ctrl-a:execute(\u{070F})").keys[.control("a")] == [.run(ShellAction(.execute, "\u{070F}"))])
    }

    @Test("a chain; arguments in fzf's delimiters hold commas, pluses and other closers")
    func chainsAndArguments() throws {
        let parsed = try bindings(
            "ctrl-r:reload(ls -l | sort -k 2,3)+first,ctrl-e:execute[vim {} +(3)]+abort,f1:change-query~a,b~")
        #expect(parsed.keys[.control("r")] == [.run(ShellAction(.reload, "ls -l | sort -k 2,3")), .first])
        #expect(parsed.keys[.control("e")] == [.run(ShellAction(.execute, "vim {} +(3)")), .interrupt])
        #expect(parsed.keys[.function(1)] == [.changeQuery("a,b")])
        for (opener, closer) in [
            ("(", ")"), ("[", "]"), ("{", "}"), ("<", ">"), ("~", "~"), ("!", "!"), ("@", "@"),
            ("#", "#"), ("$", "$"), ("%", "%"), ("^", "^"), ("&", "&"), ("*", "*"), (";", ";"), ("/", "/"), ("|", "|"),
        ] {
            let parsed = try bindings("ctrl-a:change-prompt\(opener)> \(closer)+down")
            #expect(parsed.keys[.control("a")] == [.changePrompt("> "), .move(.down)], "\(opener)")
        }
        // The first closer followed by + , or the end: "(a)b)" holds "a)b".
        #expect(try bindings("ctrl-a:put(a)b)").keys[.control("a")] == [.insertText("a)b")])
    }

    @Test("the colon form takes the rest of the text, commas and pluses too")
    func colonForm() throws {
        let parsed = try bindings("ctrl-a:up+execute:echo a+b, c:d")
        #expect(parsed.keys[.control("a")] == [.move(.up), .run(ShellAction(.execute, "echo a+b, c:d"))])
        #expect(parsed.keys.count == 1)
    }

    @Test("the keys , : and + are written before a colon; alt-, too")
    func punctuationKeys() throws {
        let parsed = try bindings(",:up,::down,+:first,alt-,:last")
        #expect(parsed.keys[.character(",")] == [.move(.up)])
        #expect(parsed.keys[.character(":")] == [.move(.down)])
        #expect(parsed.keys[.character("+")] == [.first])
        #expect(parsed.keys[Key.character(",").with(.alt)] == [.last])
    }

    @Test("a later binding of a key replaces it; a chain that begins with + adds to it")
    func replaceAndAppend() throws {
        var parsed = try bindings("ctrl-a:up", "ctrl-a:down")
        #expect(parsed.keys[.control("a")] == [.move(.down)])
        try parsed.add(parsing: "ctrl-a:+first")
        #expect(parsed.keys[.control("a")] == [.move(.down), .first])
        #expect(parsed.order == [.key(.control("a"))])
        // Nothing after the colon leaves it as it was (fzf's).
        try parsed.add(parsing: "ctrl-a:,ctrl-b:")
        #expect(parsed.keys[.control("a")] == [.move(.down), .first])
        #expect(parsed.keys[.control("b")] == nil)
    }

    @Test("put alone types its key; names are case-blind; every declared action reads")
    func putAndNames() throws {
        #expect(try bindings("x:put").keys[.character("x")] == [.insertText("x")])
        #expect(try bindings("ctrl-a:Page-Down").keys[.control("a")] == [.page(down: true)])
        for action in BindableAction.all {
            let spec: String
            switch action.argument {
            case .none: spec = "ctrl-a:\(action.name)"
            case .required, .optionalText: spec = "ctrl-a:\(action.name)(x)"
            }
            let parsed = try bindings(spec)
            let bound = try #require(parsed.keys[.control("a")]?.first)
            // The name read back is the name written.
            #expect(BindableAction.name(of: bound)?.hasPrefix(action.name) == true, "\(action.name)")
        }
    }

    @Test(
        "each mistake is one message at its column",
        arguments: [
            ("ctrl-x:reload(", 14, "reload's \"(\" is not closed before the end"),
            ("ctrl-x:frobnicate", 8, "unknown action \"frobnicate\""),
            ("ctrl-x:transform(echo)", 8, "fzf's transform is not in splitview"),
            ("ctrl-q", 1, "no action for ctrl-q: write KEY:ACTION"),
            ("ctrl-a,ctrl-b", 8, "no action for ctrl-b"),
            ("ctrlx:up", 1, "unknown key or event \"ctrlx\""),
            ("ctrl-a:up+", 11, "an action is missing after \"+\""),
            ("ctrl-a:up(3)", 10, "up takes no argument"),
            ("ctrl-a:reload", 8, "reload needs its COMMAND: reload(COMMAND)"),
            ("ctrl-a:up x", 10, "\"+\" or \",\" is expected after up, not \" \""),
            (":up", 1, "a key or event name is missing"),
            ("start:put", 7, "put alone types the key's own character"),
            ("", 1, "nothing to bind"),
        ])
    func located(spec: String, column: Int, message: String) throws {
        let found = try #require(error(spec), "\(spec) was read")
        #expect(found.offset + 1 == column, "\(spec): \(found)")
        #expect(found.message.contains(message), "\(spec): \(found)")
    }
}
