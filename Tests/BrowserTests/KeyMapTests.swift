// The key maps: every binding dispatches to its action in its mode, the help lists exactly the
// bindings that apply to the data at hand, and a key that applies to nothing does nothing.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

/// Emoji with skin-tone variants among emoji without, in two sections: the tone chooser opens
/// on the first item of each section.
let skinToneCatalog = Catalog(
    sections: [
        Section(
            title: "Hands",
            items: [
                Item(label: "thumbs up", glyph: "👍", variants: ["👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿"]),
                Item(label: "grinning face", glyph: "😀"),
                Item(label: "waving hand", glyph: "👋", variants: ["👋🏻", "👋🏼", "👋🏽", "👋🏾", "👋🏿"]),
                Item(label: "red heart", glyph: "❤️"),
            ]),
        Section(
            title: "People",
            items: [
                Item(label: "handshake", glyph: "🤝", variants: ["🤝🏻", "🫱🏻‍🫲🏼", "🫱🏽‍🫲🏻", "🤝🏽", "🤝🏿"]),
                Item(label: "family: man, woman, girl", glyph: "👨‍👩‍👧"),
                Item(label: "person", glyph: "🧑", variants: ["🧑🏻", "🧑🏼", "🧑🏽", "🧑🏾", "🧑🏿"]),
            ]),
    ], source: "test")

func skinToneState(width: Int = 60, height: Int = 16, multi: Bool = false) -> BrowserState {
    BrowserState(
        catalog: skinToneCatalog, settings: fixtureSettings(itemWidth: 4), theme: .standard,
        width: width, height: height, multiSelect: multi)
}

/// A state in `mode`, on the skin-tone catalog so that every mode can happen.
func state(in mode: InputMode, multi: Bool) -> BrowserState {
    var state = skinToneState(multi: multi)
    switch mode {
    case .browse: break
    case .row:
        // People as a row of cards, the focus on its first card.
        var settings = fixtureSettings(itemWidth: 4)
        settings.sectionStyles["People"] = SectionStyleOverride(style: .row)
        state = BrowserState(
            catalog: skinToneCatalog, settings: settings, theme: .standard, width: 60, height: 16,
            focus: ItemPath(section: 1, item: 0), multiSelect: multi)
    case .searchPrompt: state.send(.character("/"))
    case .toneChooser: state.send(.character("s"))
    case .sectionSwitcher: state.send(.character("t"))
    case .help: state.send(.character("?"))
    case .tooSmall: state.send(.resize(width: 15, height: 4))
    }
    return state
}

@Suite("Key maps")
struct KeyMapTests {
    @Test("every mode has one map, and the state in that mode is in it")
    func oneMapPerMode() {
        #expect(KeyMap.all.map(\.mode).sorted { "\($0)" < "\($1)" } == InputMode.allCases.sorted { "\($0)" < "\($1)" })
        for mode in InputMode.allCases {
            #expect(state(in: mode, multi: false).inputMode == mode, "\(mode)")
        }
    }

    @Test(
        "every available binding of every map dispatches to its action", arguments: InputMode.allCases, [false, true])
    func everyBindingDispatches(_ mode: InputMode, multi: Bool) {
        let state = state(in: mode, multi: multi)
        let map = KeyMap.map(for: mode)
        var checked = 0
        for group in map.availableGroups(in: state) {
            for binding in group.bindings {
                for key in binding.keys {
                    #expect(Browser.action(for: key, in: state) == binding.action, "\(mode): \(key.helpName)")
                    #expect(Browser.editsSearchText(.key(key), state) == binding.action.editsSearchText)
                    checked += 1
                }
            }
        }
        #expect(checked >= 2, "\(mode)")
        // Keys bound to nothing do what the map says of other keys.
        for key in [Key.delete, .control("x"), .character("x"), .character("é")] {
            let expected: BrowserAction? =
                switch map.otherKeys {
                case .ignored: nil
                case .typeText: if case .character(let character) = key { .insertText(String(character)) } else { nil }
                case .perform(let action, _): action
                }
            #expect(Browser.action(for: key, in: state) == expected, "\(mode): \(key.helpName)")
        }
    }

    @Test("in the search prompt every character types, Space and the browsing letters too")
    func searchPromptTypesCharacters() {
        let state = state(in: .searchPrompt, multi: true)
        for character in "qjkhl gG<>?/s" {
            #expect(Browser.action(for: .character(character), in: state) == .insertText(String(character)))
            #expect(Browser.editsSearchText(.key(.character(character)), state))
        }
        #expect(Browser.action(for: .down, in: state) == .move(.down))
        // Ctrl-B and Ctrl-F move the query's cursor, as fzf's; PgUp and PgDn page.
        #expect(Browser.action(for: .control("f"), in: state) == .moveQueryCursor(by: 1))
        #expect(Browser.action(for: .pageDown, in: state) == .page(down: true))
        #expect(!Browser.editsSearchText(.key(.down), state))
    }

    @Test("a data file (no skin tones): s says there are none, in the help and when pressed; no chooser section")
    func noSkinTonesNoS() {
        var state = fixtureState(width: 64, height: 16)
        let sections = HelpOverlay(state).sections
        #expect(sections[0].entries.contains { $0.keys == "s" && $0.action == "skin tones (none in this data)" })
        #expect(!sections.map(\.title).contains { $0.contains("Skin") })
        #expect(Browser.action(for: .character("s"), in: state) == .sayNoSkinTones)
        state.send(.character("s"))
        #expect(state.overlays.toneChooser == nil)
        #expect(render(state).last!.contains("no skin tones in this data"))

        // With skin tones, both are there, and s opens the chooser.
        var emoji = skinToneState()
        let emojiSections = HelpOverlay(emoji).sections
        #expect(emojiSections.flatMap(\.entries).contains { $0.keys == "s" })
        #expect(emojiSections.map(\.title).contains("Skin-tone chooser (s, Ctrl-T)"))
        emoji.send(.character("s"))
        #expect(emoji.overlays.toneChooser != nil)
    }

    @Test(
        "the help lists exactly the available bindings of each mode it shows",
        arguments: [false, true], [false, true])
    func helpListsAvailableBindings(multi: Bool, skinTones: Bool) {
        let state = BrowserState(
            catalog: skinTones ? skinToneCatalog : fixtureCatalog, settings: fixtureSettings(),
            theme: .standard, width: 100, height: 120, multiSelect: multi)
        let help = HelpOverlay(state)
        let shown = KeyMap.all.reversed().filter { $0.helpTitle != nil && $0.availability.holds(in: state) }
        #expect(help.sections.map(\.title) == shown.map(\.helpTitle!))
        #expect(
            shown.map(\.mode)
                == (skinTones
                    ? [.browse, .row, .searchPrompt, .sectionSwitcher, .toneChooser, .help]
                    : [.browse, .row, .searchPrompt, .sectionSwitcher, .help]))
        for (section, map) in zip(help.sections, shown) {
            let keyEntries = section.entries.filter { entry in
                map.groups.contains { $0.keysLabel == entry.keys && $0.help == entry.action }
            }
            #expect(keyEntries.map(\.keys) == map.availableGroups(in: state).map(\.keysLabel), "\(map.mode)")
            // Every key of an available binding is named in its section; a key only an
            // unavailable group has is not.
            let named = Set(keyEntries.flatMap { $0.keys.split(separator: " ").map(String.init) })
            let available = map.availableGroups(in: state).flatMap { $0.bindings.flatMap(\.keys) }
            for key in available { #expect(named.contains(key.helpName), "\(map.mode): \(key.helpName)") }
            for group in map.groups where !group.availability.holds(in: state) {
                for key in group.bindings.flatMap(\.keys) where !available.contains(key) {
                    #expect(!named.contains(key.helpName), "\(map.mode): \(key.helpName)")
                }
            }
        }
        #expect(help.sections[0].entries.contains { $0.keys == "Space" } == multi)
        #expect(
            help.sections[0].entries.contains { $0.keys == "s" && $0.action == "skin tone of the focused emoji" }
                == skinTones)
        #expect(help.sections[0].entries.filter { $0.keys == "Enter" }.count == 1)

        // Drawn, each entry is one row (the help fits 100 x 120 unscrolled): keys, then action.
        var open = state
        open.send(.character("?"))
        let text = render(open)
        for entry in help.sections.flatMap(\.entries) {
            #expect(text.contains { $0.contains(entry.keys) && $0.contains(entry.action) }, "\(entry)")
        }
    }

    @Test("q and Esc quit from the too-small screen whatever is open under it; other keys do nothing")
    func tooSmallOnlyQuits() {
        for mode in [InputMode.browse, .searchPrompt, .toneChooser, .help] {
            var state = state(in: mode, multi: false)
            state.send(.resize(width: 15, height: 4))
            #expect(state.inputMode == .tooSmall)
            for key in [Key.character("x"), .down, .enter, .character("?"), .backspace] {
                #expect(Browser.action(for: key, in: state) == nil, "\(mode): \(key.helpName)")
            }
            for key in [Key.character("q"), .escape] {
                var copy = state
                copy.send(key)
                #expect(copy.picking.outcome == .cancelled, "\(mode): \(key.helpName)")
            }
        }
    }

    @Test("a key group's label: named keys, then Ctrl keys, then characters")
    func keysLabel() {
        #expect(KeyMap.browse.groups[1].keysLabel == "PgUp PgDn  ^B ^F")
        #expect(KeyMap.browse.groups[0].keysLabel == "← ↓ ↑ →  h j k l")
        #expect(KeyGroup([.character(" ")], .toggleMark, "").keysLabel == "Space")
        #expect(KeyGroup([.escape, .character("s"), .character("q")], .closeToneChooser, "").keysLabel == "Esc  s q")
    }
}

@Suite("--expect keys")
struct ExpectedKeysTests {
    @Test("fzf's key names parse; an unknown one is refused by name")
    func names() throws {
        let keys = try ExpectedKeys(parsing: "ctrl-d,tab,btab,pgdn,x,space")
        #expect(keys.names[.control("d")] == "ctrl-d" && keys.names[.tab] == "tab")
        #expect(keys.names[.backTab] == "btab" && keys.names[.pageDown] == "pgdn")
        #expect(keys.names[.character("x")] == "x" && keys.names[.character(" ")] == "space")
        #expect(throws: UnknownKeyName(name: "ctrl-1")) { try ExpectedKeys(parsing: "ctrl-d,ctrl-1") }
    }

    @Test("function keys, Alt and the modified editing keys, by fzf's names, as the terminal sends them")
    func functionAndAltKeys() throws {
        let cases: [(String, Key)] = [
            ("f1", .function(1)), ("F12", .function(12)), ("insert", .insert),
            ("alt-a", .modified(.character("a"), .alt)), ("alt-A", .modified(.character("A"), .alt)),
            ("alt--", .modified(.character("-"), .alt)), ("alt-enter", .modified(.enter, .alt)),
            ("alt-return", .modified(.enter, .alt)), ("alt-space", .modified(.character(" "), .alt)),
            ("alt-bspace", .modified(.backspace, .alt)), ("ctrl-alt-a", .modified(.control("a"), .alt)),
            ("alt-ctrl-b", .modified(.control("b"), .alt)), ("shift-up", .modified(.up, .shift)),
            ("shift-tab", .backTab), ("ctrl-left", .modified(.left, .ctrl)),
            ("alt-shift-right", .modified(.right, [.alt, .shift])),
            ("shift-alt-right", .modified(.right, [.alt, .shift])),
            ("ctrl-alt-shift-page-down", .modified(.pageDown, [.ctrl, .alt, .shift])),
            ("shift-delete", .modified(.delete, .shift)), ("alt-home", .modified(.home, .alt)),
            ("ctrl-space", .control(" ")), ("ctrl-\\", .control("\\")), ("ctrl-]", .control("]")),
            ("ctrl-^", .control("^")), ("ctrl-6", .control("^")), ("ctrl-/", .control("/")),
            ("ctrl-_", .control("/")), ("CTRL-D", .control("d")),
        ]
        for (name, key) in cases {
            let keys = try ExpectedKeys(parsing: name)
            #expect(keys.names == [key: name], "\(name)")
        }
        // Names of keys no terminal sends apart, or no key at all.
        for name in [
            "f0", "f13", "f01", "ctrl-shift-a", "shift-a", "alt-", "alt-ab", "ctrl-alt-1", "meta-a", "ctrl-f1",
        ] {
            #expect(throws: UnknownKeyName(name: name)) { try ExpectedKeys(parsing: name) }
        }
    }

    @Test("an expected key picks the focus and is kept as the ending key; not while the help is open")
    func picks() throws {
        var state = fixtureState(width: 44, height: 8)
        state.options.expectedKeys = try ExpectedKeys(parsing: "ctrl-d")
        state.send(.character("?"), .control("d"))
        #expect(state.picking.outcome == nil)
        state.send(.escape, .right, .control("d"))
        #expect(state.picking.outcome == .chosen(path(0, 1)) && state.picking.endingKey == "ctrl-d")
    }
}
