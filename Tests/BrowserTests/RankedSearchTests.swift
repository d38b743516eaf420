// Ranked search in the browser: the best first within each section, a "Best matches" section
// across sections, and the order --filter prints, on the bundled emoji.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Ranked search")
struct RankedSearchTests {
    @Test("the options keep the matching they are made with (fuzzy alone, or any mode)")
    func optionsKeepTheirMatching() {
        #expect(SearchOptions(matching: .fuzzy).matching == .fuzzy)
        #expect(SearchOptions(fuzzy: true).matching == .fuzzy)
        #expect(SearchOptions(matching: .word).matching == .word)
        #expect(SearchOptions().matching == .auto)
    }

    static let emoji = EmojiCatalog.load()

    /// The labels of the matches of `text` in the browser's order (what --filter prints).
    func ranked(_ text: String, options: SearchOptions = SearchOptions()) -> [String] {
        let result = Search.run(options.query(text, source: Self.emoji.source), in: Self.emoji)
        return options.orderedMatches(of: result, in: Self.emoji).map {
            Self.emoji.sections[$0.section].items.label(at: $0.item)
        }
    }

    @Test(
        "what a picker's user types finds what they mean first: the best match, then the most common",
        arguments: [
            ("cat", ["cat", "cat with tears of joy", "smiling cat with heart-eyes"]),
            ("heart", ["red heart", "smiling face with heart-eyes", "heart suit"]),
            ("thumbs", ["thumbs up", "thumbs down"]),
            ("smile", ["grinning face with smiling eyes", "cat with wry smile", "smiling face with hearts"]),
            ("flag us", ["flag: United States"]),
            ("usa", ["flag: United States"]),
            (":joy:", ["face with tears of joy"]),
            ("joy", ["face with tears of joy", "cat with tears of joy", "rolling on the floor laughing"]),
            ("1F600", ["grinning face"]),
            // Words spelling a whole name rank it as one word spelling it does: before a
            // commoner emoji whose name holds those words and more.
            ("grinning cat", ["grinning cat", "grinning cat with smiling eyes"]),
        ])
    func firstResults(query: String, expected: [String]) {
        #expect(Array(ranked(query).prefix(expected.count)) == expected, "\(query)")
    }

    @Test func aWordStartIsNotTheInsideOfAWord() {
        let word = SearchOptions(matching: .word)
        func ranked(_ text: String) -> [String] { self.ranked(text, options: word) }
        let cats = ranked("cat")
        #expect(!cats.contains("woozy face"))  // keyword "intoxicated"
        #expect(!ranked("multiply").isEmpty && !ranked("cat").contains("multiply"))
        #expect(ranked("'cat").contains("woozy face"))
        // Every flag first, before the mailboxes with raised flags.
        let flags = ranked("flag")
        #expect(flags.prefix(10).allSatisfy { $0.hasPrefix("flag") || $0.hasSuffix("flag") }, "\(flags.prefix(10))")
    }

    @Test func fuzzyMatchingScoresTightMatchesFirst() {
        let fuzzy = SearchOptions(fuzzy: true)
        let thumbs = ranked("thmbup", options: fuzzy)
        #expect(thumbs.first == "thumbs up", "\(thumbs.prefix(5))")
        // Word-first (the emoji's default) finds it too, after any word-start match.
        #expect(ranked("thmbup").first == "thumbs up")
        #expect(ranked("thmbup", options: SearchOptions(matching: .word)).isEmpty)  // not a word start
        // 'term is exact even in fuzzy mode.
        #expect(ranked("'thmb", options: fuzzy).isEmpty)
    }

    @Test func filterOrderListsEachItemOnceBestFirst() {
        let all = ranked("face")
        #expect(Set(all).count == all.count)
        let plain = Search.run(SearchQuery("face", matching: .wordFirst), in: Self.emoji)
        #expect(all.count == plain.count)
        // A whole word of the name first, the most common emoji first among those.
        #expect(all.prefix(2) == ["face with tears of joy", "loudly crying face"], "\(all.prefix(3))")
    }

    // MARK: The Best matches section

    func emojiState(_ options: SearchOptions = SearchOptions()) -> BrowserState {
        var state = BrowserState(
            catalog: Self.emoji, settings: fixtureSettings(), theme: .standard, width: 100, height: 30)
        state.options.searchOptions = options
        return state
    }

    @Test("a query matching several sections is led by its ten best matches")
    func bestMatchesLead() {
        var state = emojiState()
        state.send(.character("/"))
        state.type("cat")
        #expect(state.content.catalog.sections.first?.title == "Best matches")
        #expect(state.content.catalog.sections[0].items.count == 10)
        #expect(state.content.catalog.sections[0].items.label(at: 0) == "cat")
        // The focus is on the best match, and picking it picks the emoji of its own section.
        #expect(state.view.focus == path(0, 0))
        let source = state.content.sourcePath(path(0, 0))
        #expect(state.content.item(atSource: source)?.glyph == "🐈")
        #expect(Self.emoji.sections[source.section].title == "Animals & Nature")
        // Each best match is also in its own section, where shownPath finds it.
        for item in state.content.catalog.sections[0].items.indices {
            let source = state.content.sourcePath(path(0, item))
            let own = state.content.shownPath(source)!
            #expect(own.section > 0)
            #expect(state.content.item(at: own) == state.content.item(at: path(0, item)))
        }
        // Counted once: "1 of 10 best matches", and the items shown each once.
        state.send(.enter)  // keeps the filter, closes the prompt
        let status = render(state).last!
        #expect(status.contains("1 of 10 best matches"), "\(status)")
        #expect(state.content.distinctItemCount == state.content.filter?.count)
        state.send(.enter)
        #expect(state.picking.outcome == .chosen(path(0, 0)))
        #expect(state.picks.map { state.glyph(atSource: $0) } == ["🐈"])
    }

    @Test("no Best matches section for matches in one section, or when the configuration says 0")
    func bestMatchesOnlyWhereTheyHelp() {
        var state = emojiState()
        state.send(.character("/"))
        state.type("thumbs")
        #expect(state.content.catalog.sections.map(\.title) == ["People & Body"])
        var off = emojiState(SearchOptions(bestMatches: 0))
        off.send(.character("/"))
        off.type("cat")
        // (Sections follow their best match: the cat is an animal.)
        #expect(off.content.catalog.sections.first?.title == "Animals & Nature")
        var three = emojiState(SearchOptions(bestMatches: 3))
        three.send(.character("/"))
        three.type("cat")
        #expect(three.content.catalog.sections[0].items.count == 3)
    }

    @Test("a Recent section is searched but never repeated among the best matches")
    func recentIsNotABestMatch() {
        var catalog = Self.emoji
        var recent = Section(title: "Recent", items: [Item(label: "cat", glyph: "🐈")])
        recent.repeatsItems = true
        catalog.sections.insert(recent, at: 0)
        var state = BrowserState(
            catalog: catalog, settings: fixtureSettings(), theme: .standard, width: 100, height: 30)
        state.send(.character("/"))
        state.type("cat")
        #expect(state.content.catalog.sections.map(\.title).prefix(2) == ["Best matches", "Recent"])
        let best = state.content.catalog.sections[0].items.indices.map { state.content.sourcePath(path(0, $0)) }
        #expect(!best.contains { $0.section == 0 })
        #expect(best.first.map { state.content.item(atSource: $0)?.label } == "cat")
    }

    @Test("typing puts the focus on the best match; more data arriving leaves it where it is")
    func focusFollowsTheQueryNotTheLoad() {
        var state = emojiState()
        state.send(.character("/"))
        state.type("heart")
        #expect(state.view.focus == path(0, 0))
        state.send(.enter, .right, .right)
        let focused = state.content.sourcePath(state.view.focus!)
        #expect(state.view.focus == path(0, 2))
        var grown = Self.emoji
        grown.sections.append(Section(title: "More", items: [Item(label: "heart of gold")]))
        state.load(grown)
        #expect(state.content.sourcePath(state.view.focus!) == focused)
        #expect(state.view.focus?.section == 0)  // still in Best matches
    }
}

@Suite("Typing to the query (--typing query)")
struct QueryModeTests {
    /// The emoji browser at 100 x 30, typing going to the query (or to the browsing keys,
    /// `--typing keys`), the prompt line waiting for the first key or not.
    func emojiState(typing: Bool = true, waiting: Bool = false) -> BrowserState {
        var state = BrowserState(
            catalog: EmojiCatalog.load(), settings: fixtureSettings(), theme: .standard, width: 100, height: 30)
        if typing { state.typingQueries = true }
        state.options.promptWaitsForTyping = waiting
        return state
    }

    @Test("letters type, Enter picks the best match, Esc quits")
    func lettersTypeAndEnterPicks() {
        var state = fixtureState(width: 44, height: 8)
        state.typingQueries = true
        #expect(state.overlays.searchPrompt?.text == "")
        state.type("qj")  // q and j type: they are no longer quit and down
        #expect(state.overlays.searchPrompt?.text == "qj")
        #expect(state.picking.outcome == nil)
        state.send(.backspace, .backspace)
        state.type("a1")
        state.send(.enter)
        #expect(state.picking.outcome == .chosen(path(0, 0)))
        #expect(state.picks.map { state.content.item(atSource: $0)?.label } == ["a1"])

        var leaving = fixtureState(width: 44, height: 8)
        leaving.typingQueries = true
        leaving.type("a1")
        leaving.send(.escape)
        #expect(leaving.picking.outcome == .cancelled)
    }

    @Test(
        "while typing, ← → go through a grid or a row; in a list they move the cursor, as fzf's; Ctrl-B Ctrl-F always")
    func arrowsGoThroughAGrid() {
        var grid = emojiState()
        grid.type("face")
        let best = grid.view.focus
        grid.send(.right)
        #expect(grid.view.focus != best && grid.overlays.searchPrompt?.cursor == 4)
        grid.send(.left)
        #expect(grid.view.focus == best)
        grid.send(.control("b"))
        #expect(grid.view.focus == best && grid.overlays.searchPrompt?.cursor == 3)
        grid.send(.control("f"))
        #expect(grid.overlays.searchPrompt?.cursor == 4)

        var settings = fixtureSettings()
        settings.listItems = true
        var list = fixtureState(width: 44, height: 8, settings: settings)
        list.typingQueries = true
        list.type("a1")
        let focus = list.view.focus
        list.send(.left)
        #expect(list.view.focus == focus && list.overlays.searchPrompt?.cursor == 1)
        list.send(.right)
        #expect(list.overlays.searchPrompt?.cursor == 2)
    }

    @Test("while typing, the help lists the prompt's keys first, not browsing's letters, each key once")
    func helpWhileTyping() {
        let state = emojiState()
        let sections = HelpOverlay(state).sections
        #expect(!sections.map(\.title).contains("Browsing") && !sections.map(\.title).contains("In a row of cards"))
        let prompt = sections.first { $0.title.hasPrefix("Search") }!
        #expect(prompt.entries.first?.action == "print the focused item (the best match) and exit")
        #expect(prompt.entries.filter { $0.keys.contains("←") }.map(\.keys) == ["← →"])
        #expect(prompt.entries.contains { $0.keys == "^B ^F" && $0.action == "move the cursor" })
        #expect(prompt.entries.contains { $0.keys == "Alt-v" })
    }

    @Test("Ctrl-N and Ctrl-P move, Ctrl-T opens the tone chooser, Ctrl-O the details")
    func controlKeysBrowse() {
        var state = emojiState()
        state.type("hand")
        let first = state.view.focus
        state.send(.control("n"))
        #expect(state.view.focus != first)
        state.send(.control("p"))
        #expect(state.view.focus == first)
        state.send(.control("t"))
        #expect(state.overlays.toneChooser != nil, "\(state.content.item(at: state.view.focus!)!.label)")
        // The status line names the tone chosen, as after s; the prompt comes back after.
        state.send(.right)
        let status = render(state).last ?? ""
        #expect(status.contains(": light skin tone"), "\(status)")
        state.send(.escape)
        #expect(render(state).last?.hasPrefix(" /hand") == true)
        #expect(state.overlays.toneChooser == nil && state.picking.outcome == nil)
        state.send(.control("o"))
        #expect(state.overlays.showingDetails)
        #expect(state.overlays.searchPrompt?.text == "hand")
    }

    @Test func typingGoesToTheQueryByDefault() {
        #expect(SearchOptions.Typing.auto.goesToQuery && SearchOptions.Typing.query.goesToQuery)
        #expect(!SearchOptions.Typing.keys.goesToQuery)
        // The prompt line waits for a key where the data is not piped in (the emoji, a file).
        #expect(SearchOptions.Typing.auto.promptWaitsForTyping(dataFromStandardInput: false))
        #expect(!SearchOptions.Typing.auto.promptWaitsForTyping(dataFromStandardInput: true))
        #expect(!SearchOptions.Typing.query.promptWaitsForTyping(dataFromStandardInput: false))
    }

    @Test("the emoji browser: its first frame as before; the first letter types; ? helps while nothing is typed")
    func emojiBrowserTypes() {
        var keys = emojiState(typing: false)
        var state = emojiState(waiting: true)
        // The first frame is the browser's (the status line, not the prompt's).
        #expect(render(state) == render(keys))
        #expect(render(emojiState(waiting: false)).last?.hasPrefix(" /") == true)
        // ? opens the help while nothing is typed, as the status line says.
        state.type("?")
        #expect(state.overlays.showingHelp && state.overlays.searchPrompt?.text == "")
        state.send(.escape)
        // The first letter types, and the prompt line shows; s, v, i are letters now.
        state.type("smile")
        #expect(state.overlays.searchPrompt?.text == "smile")
        #expect(render(state).last?.hasPrefix(" /smile") == true)
        #expect(state.overlays.toneChooser == nil && !state.overlays.showingDetails)
        // A ? after a letter types.
        state.type("?")
        #expect(state.overlays.searchPrompt?.text == "smile?")
        state.send(.backspace)
        // The browsing letters as Alt chords: details, a row, the split.
        state.send(Key.character("i").with(.alt))
        #expect(state.overlays.showingDetails)
        state.send(Key.character("i").with(.alt))
        let section = state.view.focus!.section
        state.send(Key.character("v").with(.alt))
        #expect(state.view.layout.sections[section].row != nil)
        #expect(state.overlays.searchPrompt?.text == "smile")
        // Enter picks the best match.
        state.send(.enter)
        #expect(state.picking.outcome != nil && state.picking.outcome != .cancelled)
        // With the query emptied, the status line is back.
        var back = emojiState(waiting: true)
        back.type("x")
        back.send(.backspace)
        let status = render(back).last ?? ""
        #expect(!status.hasPrefix(" /") && status.hasSuffix("? help "), "\(status)")
        // --typing keys: the letters are the keys, as before.
        keys.type("i")
        #expect(keys.overlays.showingDetails)
    }
}
