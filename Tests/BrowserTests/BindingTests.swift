// The user's bindings at work in the browser's state: a bound key before the mode's own (and
// `ignore` taking one away), chains, the actions only bindings reach, the events each fired
// by the update that made it happen, the help listing the bindings, and a reload's data
// replacing the old with the focus kept on its item.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Bindings in the browser")
struct BindingTests {
    /// Thirty lines in one section, as a list.
    func lines(_ count: Int = 30, prefix: String = "line") -> Catalog {
        Catalog(
            sections: [Section(title: "Lines", items: (0..<count).map { Item(label: "\(prefix) \($0)") })],
            source: "test")
    }

    func state(_ specs: String..., multi: Bool = false, catalog: Catalog? = nil) throws -> BrowserState {
        var settings = fixtureSettings()
        settings.listItems = true
        settings.itemsPerLine = 1
        var state = BrowserState(
            catalog: catalog ?? lines(), settings: settings, width: 60, height: 12, multiSelect: multi)
        state.options.bindings = try UserBindings(parsing: specs)
        return state
    }

    func focusedLabel(_ state: BrowserState) -> String? {
        state.view.focus.map { state.content.catalog.sections[$0.section].items[$0.item].label }
    }

    @Test("a bound key acts before the mode's own; ignore takes a built-in key away")
    func overridesAndIgnore() throws {
        var state = try state("j:last", "q:ignore")
        state.send(.character("j"))
        #expect(focusedLabel(state) == "line 29")
        state.send(.character("q"))
        #expect(state.picking.outcome == nil)
        // Unbound keys keep their meaning.
        state.send(.character("g"))
        #expect(focusedLabel(state) == "line 0")
    }

    @Test("a chain runs in order and stops at the action that ends the session")
    func chains() throws {
        var state = try state("ctrl-a:down+down+down+accept+down")
        state.send(.control("a"))
        #expect(state.picking.outcome == .chosen(ItemPath(section: 0, item: 3)))
    }

    @Test("bindings apply while typing a query, not in the help or the chooser")
    func modes() throws {
        var state = try state("ctrl-a:last", "x:first")
        state.send(.character("/"))
        state.type("line 2")
        #expect(state.overlays.searchPrompt?.text == "line 2")
        state.send(.control("a"))
        #expect(state.picking.outcome == nil)
        state.send(.escape)
        state.send(.character("?"))
        #expect(state.overlays.showingHelp)
        state.send(.control("a"))
        // Any key closes the help; a bound one does only that.
        #expect(!state.overlays.showingHelp)
    }

    @Test("change-query, clear-query and put search; change-prompt changes the prompt")
    func queryActions() throws {
        var state = try state("ctrl-q:change-query(^line 1)", "ctrl-u:clear-query", "ctrl-p:change-prompt(> )", "x:put")
        state.send(.control("q"))
        #expect(state.overlays.searchPrompt?.text == "^line 1")
        // (Two terms: "line" at the start, and a 1: line 1, 10 to 19, 21.)
        #expect(state.content.filter?.count == 12)
        state.send(.control("u"))
        #expect(state.overlays.searchPrompt?.text == "")
        #expect(!state.content.isSearching)
        state.send(.control("p"))
        #expect(state.options.look.prompt == "> ")
        state.send(.character("x"))
        #expect(state.overlays.searchPrompt?.text == "x")
    }

    @Test("toggle, toggle-all, select-all and deselect-all mark the shown items")
    func marks() throws {
        var state = try state(
            "ctrl-t:toggle", "ctrl-a:select-all", "ctrl-d:deselect-all", "ctrl-v:toggle-all", multi: true)
        state.send(.control("t"))
        #expect(state.picking.marked == [ItemPath(section: 0, item: 0)])
        #expect(focusedLabel(state) == "line 0")
        Browser.perform(.changeQuery("^line 2"), &state)
        state.send(.control("a"))
        // (line 2, 12, 20 to 29.)
        #expect(state.picking.marked.count == 1 + 12)
        state.send(.control("v"))
        #expect(state.picking.marked == [ItemPath(section: 0, item: 0)])
        Browser.perform(.clearQuery, &state)
        state.send(.control("d"))
        #expect(state.picking.marked.isEmpty)
    }

    @Test("{*} and select-all go in the order shown: the best matches first; a folded section not at all")
    func shownOrder() throws {
        let catalog = Catalog(
            sections: [
                Section(title: "Fruits", items: [Item(label: "apple pie"), Item(label: "banana")]),
                Section(title: "Desserts", items: [Item(label: "apple"), Item(label: "crumble")]),
            ], source: "test")
        var state = try state("ctrl-a:select-all", "ctrl-e:execute(echo {*})", multi: true, catalog: catalog)
        state.options.shell = "/bin/sh"
        Browser.perform(.changeQuery("apple"), &state)
        // "apple" ranks first (the shorter), under Best matches at the top: so it goes first.
        let command = state.send(.control("e"))
        guard case .execute(let shell)? = command.first else {
            Issue.record("no execute: \(command)")
            return
        }
        #expect(shell.command == "echo 'apple' 'apple pie'")
        state.send(.control("a"))
        #expect(state.picking.marked == [ItemPath(section: 1, item: 0), ItemPath(section: 0, item: 0)])
        // Desserts folded: its items are not shown, so neither in {*} nor marked.
        Browser.perform(.deselectAll, &state)
        state.setFolded([1], true)
        guard case .execute(let folded)? = state.send(.control("e")).first else {
            Issue.record("no execute")
            return
        }
        #expect(folded.command == "echo 'apple pie'")
        state.send(.control("a"))
        #expect(state.picking.marked == [ItemPath(section: 0, item: 0)])
    }

    @Test("execute, execute-silent and reload are asked of the loop with their placeholders expanded")
    func commands() throws {
        var state = try state("ctrl-e:execute(less {})", "ctrl-s:execute-silent(echo {q} {n})", "ctrl-r:reload(ls)")
        state.options.shell = "/bin/sh"
        state.send(.down)
        #expect(
            state.send(.control("e")) == [
                .execute(
                    ShellCommand(
                        command: "less 'line 1'", shell: "/bin/sh",
                        environment: ["FZF_QUERY": "", "FZF_PROMPT": "", "FZF_ACTION": "execute"]))
            ])
        let silent = state.send(.control("s"))
        guard case .executeSilent(let command)? = silent.first else {
            Issue.record("no execute-silent: \(silent)")
            return
        }
        #expect(command.command == "echo '' 1")
        let reload = state.send(.control("r"))
        guard case .reload(let reloadCommand)? = reload.first else {
            Issue.record("no reload: \(reload)")
            return
        }
        #expect(reloadCommand.command == "ls")
    }

    @Test("become ends the session with its command")
    func become() throws {
        var state = try state("enter:become(vim {})")
        state.send(.enter)
        guard case .become(let command)? = state.picking.outcome else {
            Issue.record("not become: \(String(describing: state.picking.outcome))")
            return
        }
        #expect(command.command == "vim 'line 0'")
    }

    @Test("the events fire on what made them happen, each once per update")
    func events() throws {
        var state = try state(
            "start:change-prompt(started)", "load:put(L)", "focus:execute-silent(echo focus {})",
            "change:execute-silent(echo change {q})", "one:execute-silent(echo one)", "zero:execute-silent(echo zero)",
            "result:execute-silent(echo result)", "resize:execute-silent(echo resize)")
        func silent(_ commands: [BrowserCommand]) -> [String] {
            commands.compactMap { if case .executeSilent(let command) = $0 { command.command } else { nil } }
        }
        // start, then load: the data is all there.
        _ = Browser.start(&state)
        #expect(state.options.look.prompt == "started")
        #expect(state.overlays.searchPrompt?.text == "L")
        // (The prompt stays open, empty.)
        Browser.perform(.clearQuery, &state)
        #expect(silent(state.send(.down)) == ["echo focus 'line 1'"])
        #expect(silent(state.send(.character("2"))).prefix(2) == ["echo change '2'", "echo result"])
        // A query of one match: change, result, one, then the focus on it.
        #expect(
            silent(state.send(.character("9"))) == [
                "echo change '29'", "echo result", "echo one", "echo focus 'line 29'",
            ])
        // No match: zero; the focus on nothing runs no command.
        #expect(silent(state.send(.character("x"))) == ["echo change '29x'", "echo result", "echo zero"])
        #expect(silent(state.send(.resize(width: 50, height: 12))) == ["echo resize"])
    }

    @Test("load fires when streamed data ends; a reload's data replaces the old, the focus kept on its item")
    func reload() throws {
        var state = try state("load:execute-silent(echo loaded)", "ctrl-r:reload(seq 5 40)")
        state.expectMoreData()
        #expect(Browser.start(&state).isEmpty)
        Browser.update(&state, .loadEnded(headerLines: [], notice: nil))
        state.send(.down, .down, .down, .down, .down, .down)
        #expect(focusedLabel(state) == "line 6")
        state.send(.control("r"))
        // The first part of the new data has no "line 6": the focus waits for it.
        let first = Catalog(
            sections: [Section(title: "Lines", items: (3..<5).map { Item(label: "line \($0)") })], source: "test")
        Browser.update(&state, .reloaded(first))
        #expect(state.content.source.sections[0].items.count == 2)
        #expect(focusedLabel(state) == "line 3")
        let grown = Catalog(
            sections: [Section(title: "Lines", items: (3..<9).map { Item(label: "line \($0)") })], source: "test")
        Browser.update(&state, .loaded(grown))
        #expect(focusedLabel(state) == "line 6")
        let ended = Browser.update(&state, .loadEnded(headerLines: [], notice: nil))
        #expect(
            ended.contains {
                if case .executeSilent(let command) = $0 { command.command == "echo loaded" } else { false }
            })
        #expect(!state.content.isLoading)
    }

    @Test("a reload keeps the query, searched over the new data; the marks go with the old")
    func reloadKeepsQuery() throws {
        var state = try state(multi: true)
        state.send(.character(" "))
        #expect(state.picking.marked.count == 1)
        Browser.perform(.changeQuery("item 1"), &state)
        Browser.update(&state, .reloaded(lines(20, prefix: "item")))
        #expect(state.picking.marked.isEmpty)
        #expect(state.content.filter?.count == 11)
        #expect(state.overlays.searchPrompt?.text == "item 1")
    }

    @Test("the help lists the user's keys and events first, and no longer the keys they took")
    func help() throws {
        var state = try state("j:last", "ctrl-r:reload(ls)+first", "start:change-prompt(x)")
        state.send(.character("?"))
        let section = try #require(HelpOverlay(state).sections.first)
        #expect(section.title == "Your keys (--bind, [bind])")
        #expect(
            section.entries == [
                HelpEntry(keys: "j", action: "last"), HelpEntry(keys: "^R", action: "reload(ls)+first"),
                HelpEntry(keys: "on start", action: "change-prompt(x)"),
            ])
        let browsing = try #require(HelpOverlay(state).sections.first { $0.title == "Browsing" })
        let move = try #require(browsing.entries.first { $0.action.hasPrefix("move") })
        #expect(move.keys == "← ↓ ↑ →  h k l")
    }

    @Test("show-preview and hide-preview open and close the details without --preview")
    func showAndHide() throws {
        var state = try state("ctrl-s:show-preview", "ctrl-h:hide-preview")
        state.send(.control("s"))
        #expect(state.overlays.showingDetails)
        state.send(.control("s"))
        #expect(state.overlays.showingDetails)
        state.send(.control("h"))
        #expect(!state.overlays.showingDetails)
    }

    @Test("execute-silent runs out of sight; Ctrl-C ends a command that hangs, other keys wait for it")
    func silentRun() throws {
        let screen = MemoryScreen(width: 40, height: 10)
        let file = "/tmp/splitview-silent-\(getpid())"
        let done = Browser.runSilently(
            ShellCommand(command: "echo ran > \(file)", shell: "/bin/sh"), on: screen)
        #expect(done.isEmpty)
        #expect((try? String(contentsOfFile: file, encoding: .utf8)) == "ran\n")
        unlink(file)
        screen.pendingEvents = [.key(.character("a")), .key(.control("c")), .key(.character("b"))]
        let started = Moment.now
        let held = Browser.runSilently(ShellCommand(command: "sleep 30", shell: "/bin/sh"), on: screen)
        #expect(Moment.now - started < 5000)
        #expect(held == [.key(.character("a"))])
    }

    @Test("every built-in key of the modes bindings apply in does an action a binding can name")
    func builtInKeysAreNamed() {
        for map in KeyMap.all where Browser.takesUserBindings(map.mode) {
            for group in map.groups {
                for binding in group.bindings {
                    let name = BindableAction.name(of: binding.action)
                    #expect(name != nil, "\(map.mode) \(binding.keys): \(binding.action)")
                    // The name reads back as the action (one name per action).
                    if let name, let back = try? UserBindings(parsing: ["ctrl-a:" + name]).keys[.control("a")] {
                        #expect(
                            back == [binding.action] || binding.action == .sayNoSkinTones,
                            "\(name): \(back) for \(binding.action)")
                    }
                }
            }
        }
    }

    @Test("page fires when the focused row comes to rest on another card")
    func pageEvent() throws {
        var settings = fixtureSettings()
        settings.defaultStyle = .row
        var state = BrowserState(catalog: fixtureCatalog, settings: settings, width: 60, height: 12)
        state.options.bindings = try UserBindings(parsing: ["page:execute-silent(echo page {})"])
        #expect(state.focusedRow != nil)
        var fired: [BrowserCommand] = state.send(.right)
        // Moving: no page yet; at rest on the next card, one.
        #expect(fired.isEmpty)
        for time in stride(from: 20, through: 400, by: 20) {
            fired += Browser.update(&state, .tick(at: Moment(milliseconds: time)))
        }
        #expect(fired.count == 1, "\(fired)")
    }
}
