// The key maps of the browser's modes. A new key is one binding line here; a new mode is one
// new map added to `KeyMap.all` (with an `InputMode` case to name it): dispatch, the help and
// the tests that check every binding pick it up.

import Catalog
import TerminalUI

extension KeyMap {
    /// Every mode's map, in precedence order: the state is in the mode of the first map whose
    /// `isActive` holds. The help lists the maps in the reverse order, the mode under all
    /// others first.
    static let all: [KeyMap] = [tooSmall, help, toneChooser, sectionSwitcher, searchPrompt, row, browse]

    /// Ctrl-C ends the session in every mode.
    static let interrupt = KeyGroup([.control("c")], .interrupt, "interrupt: exit 130, no output")
    /// Ctrl-Z stops it in every mode but the too-small screen, as in a shell (and fzf).
    static let suspend = KeyGroup([.control("z")], .suspend, "suspend: back to the shell, fg to return")

    static let browse = KeyMap(
        .browse, helpTitle: "Browsing", isActive: { _ in true },
        groups: [
            KeyGroup(
                [
                    KeyBinding([.left, .character("h")], .move(.left)),
                    KeyBinding([.down, .character("j")], .move(.down)),
                    KeyBinding([.up, .character("k")], .move(.up)),
                    KeyBinding([.right, .character("l")], .move(.right)),
                ],
                "move (across the two columns too)"),
            KeyGroup(
                [
                    KeyBinding([.pageUp, .control("b")], .page(down: false)),
                    KeyBinding([.pageDown, .control("f")], .page(down: true)),
                ], "page up / down"),
            KeyGroup(
                [
                    KeyBinding([.home, .character("g")], .first),
                    KeyBinding([.end, .character("G")], .last),
                ], "first / last item"),
            KeyGroup(
                [KeyBinding([.tab], .nextSection), KeyBinding([.backTab], .previousSection)],
                "next / previous section"),
            // Letters while browsing; the Alt chords work while typing a query too, where the
            // letters type (fzf binds no Alt-Z, Alt-Shift-Z, Alt-T, Alt-V, Alt-I, Alt-X, Alt-<
            // or Alt->).
            KeyGroup(
                [.character("z"), Key.character("z").with(.alt)], .toggleSection,
                "fold / unfold this section", when: .sections),
            KeyGroup(
                [.character("Z"), Key.character("Z").with(.alt)], .toggleAllSections, "fold / unfold every section",
                when: .sections),
            KeyGroup(
                [.character("t"), Key.character("t").with(.alt)], .openSectionSwitcher,
                "go to a section by its title", when: .sections),
            KeyGroup(
                [
                    KeyBinding([.character("<"), Key.character("<").with(.alt)], .adjustRatio(steps: -1)),
                    KeyBinding([.character(">"), Key.character(">").with(.alt)], .adjustRatio(steps: 1)),
                ], "move the split left / right"),
            KeyGroup(
                [.character("v"), Key.character("v").with(.alt)], .toggleSectionStyle,
                "this section as a row of cards / a grid"),
            KeyGroup([.character("i"), Key.character("i").with(.alt)], .toggleDetails, "details of the focused item"),
            KeyGroup(
                [
                    KeyBinding([Key.up.with(.shift)], .scrollPreview(lines: -1)),
                    KeyBinding([Key.down.with(.shift)], .scrollPreview(lines: 1)),
                ], "scroll the preview up / down", when: .previewShown),
            KeyGroup([.character("/")], .openSearch, "search: each key filters"),
            KeyGroup([.character("s")], .openToneChooser, "skin tone of the focused emoji", when: .skinTones),
            KeyGroup([.character("s")], .sayNoSkinTones, "skin tones (none in this data)", when: .noSkinTones),
            KeyGroup([.character(" ")], .toggleMark, "mark / unmark, then the next item", when: .multiSelect),
            KeyGroup(
                [.character("x"), .delete, Key.character("x").with(.alt)], .forgetRecent, "forget this recent pick",
                when: .inRecent),
            KeyGroup([.character("y")], .copyFocused, "copy the focused item to the clipboard"),
            KeyGroup([.enter], .pick, "print the focused item and exit", when: .singleSelect),
            KeyGroup([.enter], .pick, "print the marked items (or the focused one) and exit", when: .multiSelect),
            // Esc takes back a kept filter before it quits (fzf's users expect Esc to leave
            // the search first).
            // Esc closes the detail panel before anything else, as it closes the help.
            KeyGroup([.escape], .toggleDetails, "close the details", when: .detailsShown),
            KeyGroup([.escape], .clearFilter, "drop the filter, everything shown again", when: .filtered),
            KeyGroup([.character("q"), .escape], .quit, "quit without output"),
            interrupt,
            suspend,
            KeyGroup([.character("?"), .function(1)], .openHelp, "this help"),
        ],
        mouseHelp: ("click  wheel", "focus (click again to pick) / scroll"))

    /// With the focus on a card of a row: Left and Right flick one card, Home and End go to the
    /// row's ends; the other browsing keys as usual (Up and Down leave the row).
    static let row: KeyMap = {
        let own = [
            KeyGroup(
                [
                    KeyBinding([.left, .character("h")], .move(.left)),
                    KeyBinding([.right, .character("l")], .move(.right)),
                ], "one card left / right"),
            KeyGroup(
                [
                    KeyBinding([.home, .character("g")], .firstCard),
                    KeyBinding([.end, .character("G")], .lastCard),
                ], "first / last card of the row"),
        ]
        let ownKeys = Set(own.flatMap { $0.bindings.flatMap(\.keys) })
        return KeyMap(
            .row, helpTitle: "In a row of cards", when: .rows, isActive: { $0.focusedRow != nil },
            groups: own + browse.groups.compactMap { $0.without(keysIn: ownKeys) },
            mouseHelp: ("wheel  click", "slide (or drag) the row / go to a card (click again to pick)"))
    }()

    /// A query's cursor, in the search prompt and the section switcher.
    static let queryCursorKeys = KeyGroup(
        [
            KeyBinding([.left, .control("b")], .moveQueryCursor(by: -1)),
            KeyBinding([.right, .control("f")], .moveQueryCursor(by: 1)),
        ], "move the cursor")
    static let queryCursorEnds = KeyGroup(
        [KeyBinding([.control("a")], .queryCursorToStart), KeyBinding([.control("e")], .queryCursorToEnd)],
        "cursor to the start / end")

    /// While the search prompt is open, characters type; the search's own keys, then the
    /// browsing keys that are not characters (moves, pages, sections), work.
    static let searchPrompt: KeyMap = {
        let own = [
            KeyGroup([.enter], .acceptSearch, "print the focused item (the best match) and exit", when: .queryMode),
            KeyGroup([.enter], .acceptSearch, "keep the filter, close the prompt", when: .keysMode),
            // As in fzf, Tab marks while typing with --multi, then on to the next item, and
            // Shift-Tab marks, then back to the item before; without --multi they go through the
            // sections as while browsing.
            KeyGroup(
                [KeyBinding([.tab], .toggleMark), KeyBinding([.backTab], .toggleMarkThenPrevious)],
                "mark / unmark, then the next / previous item", when: .multiSelect),
            KeyGroup(
                [KeyBinding([.tab], .nextSection), KeyBinding([.backTab], .previousSection)],
                "next / previous section", when: .singleSelect),
            KeyGroup([.escape], .toggleDetails, "close the details", when: .detailsShown),
            KeyGroup([.escape], .cancelSearch, "drop the filter, back to where you were", when: .keysMode),
            // (Typing goes to the query: the prompt is the browser, and Esc leaves, as fzf's.)
            KeyGroup([.escape], .quit, "quit without output", when: .queryMode),
            KeyGroup(
                [KeyBinding([.control("p")], .move(.up)), KeyBinding([.control("n")], .move(.down))],
                "up / down (as fzf's)"),
            KeyGroup([.control("t")], .openToneChooser, "skin tone of the focused emoji", when: .skinTones),
            KeyGroup([.control("o")], .toggleDetails, "details of the focused item"),
            KeyGroup(
                [
                    KeyBinding([Key.up.with(.shift)], .scrollPreview(lines: -1)),
                    KeyBinding([Key.down.with(.shift)], .scrollPreview(lines: 1)),
                ], "scroll the preview up / down", when: .previewShown),
            KeyGroup([.control("y")], .copyFocused, "copy the focused item to the clipboard"),
            // Typing goes to the query: ? with nothing typed yet opens the help, as the status
            // line says; after a character it types.
            KeyGroup([.character("?")], .openHelp, "this help, while nothing is typed", when: .emptyQuery),
            // In a grid of emoji (or a row of cards) ← and → go through it, as in every
            // picker; Ctrl-B and Ctrl-F still move the cursor (fzf's keys for it).
            KeyGroup(
                [KeyBinding([.left], .move(.left)), KeyBinding([.right], .move(.right))],
                "item to the left / right, in a grid or a row", when: .queryInGrid),
            queryCursorKeys,
            queryCursorEnds,
            KeyGroup([.backspace], .deleteBackward, "delete the character before the cursor"),
            KeyGroup([.control("w")], .deleteWord, "delete the word before the cursor"),
            KeyGroup([.control("u")], .clearText, "delete everything before the cursor"),
        ]
        let ownKeys = Set(own.flatMap { $0.bindings.flatMap(\.keys) })
        return KeyMap(
            .searchPrompt, helpTitle: "Search: typing (with --typing keys, after /)",
            isActive: { $0.overlays.searchPrompt != nil },
            groups: own + browse.groups.compactMap { $0.withoutCharacters(orKeysIn: ownKeys) },
            otherKeys: .typeText(help: "type: the filter follows"),
            mouseHelp: ("click  wheel", "focus (click again to pick) / scroll (over a row: slide it)"))
    }()

    /// While the section switcher is open, characters type its filter.
    static let sectionSwitcher = KeyMap(
        .sectionSwitcher, helpTitle: "Section switcher (t, Alt-t)", when: .sections,
        isActive: { $0.overlays.sectionSwitcher != nil },
        groups: [
            KeyGroup(
                [
                    KeyBinding([.up, .control("p")], .moveSwitcher(by: -1)),
                    KeyBinding([.down, .control("n")], .moveSwitcher(by: 1)),
                ], "choose a section"),
            KeyGroup(
                [KeyBinding([.pageUp], .moveSwitcher(by: -10)), KeyBinding([.pageDown], .moveSwitcher(by: 10))],
                "ten sections up / down"),
            KeyGroup([.enter], .acceptSwitcher, "go there: its first item, its title at the top"),
            KeyGroup([.escape], .closeSwitcher, "close, staying where you were"),
            queryCursorKeys,
            queryCursorEnds,
            KeyGroup([.backspace], .deleteBackward, "delete the character before the cursor"),
            KeyGroup([.control("w")], .deleteWord, "delete the word before the cursor"),
            KeyGroup([.control("u")], .clearText, "delete everything before the cursor"),
            interrupt,
            suspend,
        ],
        otherKeys: .typeText(help: "type: the titles are filtered as the search matches"))

    static let toneChooser = KeyMap(
        .toneChooser, helpTitle: "Skin-tone chooser (s, Ctrl-T)", when: .skinTones,
        isActive: { $0.overlays.toneChooser != nil },
        groups: [
            KeyGroup(
                [
                    KeyBinding([.left, .character("h")], .moveTone(.left)),
                    KeyBinding([.down, .character("j")], .moveTone(.down)),
                    KeyBinding([.up, .character("k")], .moveTone(.up)),
                    KeyBinding([.right, .character("l")], .moveTone(.right)),
                ], "choose a tone"),
            KeyGroup(
                [
                    KeyBinding([.home, .character("g")], .firstTone),
                    KeyBinding([.end, .character("G")], .lastTone),
                ], "first / last tone"),
            KeyGroup([.enter], .acceptTone, "pick this tone and exit", when: .singleSelect),
            KeyGroup([.enter], .acceptTone, "mark the emoji in this tone", when: .multiSelect),
            KeyGroup([.escape, .character("s"), .character("q")], .closeToneChooser, "close, no tone chosen"),
            interrupt,
            suspend,
        ])

    /// While the help is open it scrolls; any other key only closes it (q and Esc too: they
    /// do not also quit).
    static let help = KeyMap(
        .help, helpTitle: "This help (?)", isActive: { $0.overlays.showingHelp },
        groups: [
            KeyGroup(
                [
                    KeyBinding([.up, .character("k")], .scrollHelp(.lineUp)),
                    KeyBinding([.down, .character("j")], .scrollHelp(.lineDown)),
                ], "scroll"),
            KeyGroup(
                [
                    KeyBinding([.pageUp], .scrollHelp(.pageUp)),
                    KeyBinding([.pageDown], .scrollHelp(.pageDown)),
                ], "scroll a page"),
            KeyGroup(
                [KeyBinding([.home], .scrollHelp(.top)), KeyBinding([.end], .scrollHelp(.bottom))],
                "top / end of the help"),
            interrupt,
            suspend,
        ],
        otherKeys: .perform(.closeHelp, help: "close the help"))

    /// Only the ways out work on the "terminal too small" screen, whatever is open under it:
    /// the other keys acted on a view nobody could see (Enter printed an item that was not
    /// shown), and moves there lost the view that growing back restores (see
    /// `BrowserState.resize`).
    static let tooSmall = KeyMap(
        .tooSmall, helpTitle: nil, isActive: { $0.isTooSmall },
        groups: [KeyGroup([.character("q"), .escape], .quit, "quit without output"), interrupt])
}
