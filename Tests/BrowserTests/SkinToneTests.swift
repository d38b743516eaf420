// Skin tones: the default tone for every emoji that has one, and the chooser for one pick.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Skin tones")
struct SkinToneTests {
    let thumbsUp = Item(label: "thumbs up", glyph: "👍", variants: ["👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿"])
    let handshake = Item(
        label: "handshake", glyph: "🤝",
        variants: ["🤝🏻", "🫱🏻‍🫲🏼", "🫱🏽‍🫲🏻", "🤝🏽", "🤝🏿"])
    var catalog: Catalog {
        Catalog(
            sections: [
                Section(title: "Hands", items: [thumbsUp, Item(label: "grinning face", glyph: "😀"), handshake])
            ],
            source: "test")
    }

    func state(tone: SkinTone? = nil, multi: Bool = false) -> BrowserState {
        BrowserState(
            catalog: catalog, settings: fixtureSettings(itemWidth: 4), theme: .standard, width: 40, height: 12,
            multiSelect: multi, skinTone: tone)
    }

    @Test("names and numbers parse; none is no tone; anything else is refused")
    func parsing() {
        #expect(SkinTone.parse("medium") == .some(.medium))
        #expect(SkinTone.parse("Medium-Dark") == .some(.mediumDark))
        #expect(SkinTone.parse("1") == .some(.light))
        #expect(SkinTone.parse("none") == .some(nil))
        #expect(SkinTone.parse("0") == .some(nil))
        #expect(SkinTone.parse("purple") == nil)
        #expect(SkinTone.parse("6") == nil)
    }

    @Test("a tone's variant has that modifier alone, never a mixed pair")
    func variants() {
        #expect(SkinTone.medium.variant(of: thumbsUp) == "👍🏽")
        #expect(SkinTone.light.variant(of: handshake) == "🤝🏻")
        #expect(SkinTone.medium.variant(of: handshake) == "🤝🏽")
        #expect(SkinTone.mediumDark.variant(of: handshake) == nil)
        #expect(SkinTone.dark.variant(of: Item(label: "grinning face", glyph: "😀")) == nil)
    }

    @Test("the default tone is shown in the grid and the status line; emoji without tones stay")
    func defaultToneIsShown() {
        let toned = state(tone: .medium)
        let lines = render(toned)
        #expect(lines[1].contains("👍🏽") && lines[1].contains("😀") && lines[1].contains("🤝🏽"))
        #expect(lines[11].hasPrefix(" 👍🏽  thumbs up  U+1F44…"))
        #expect(toned.glyph(at: path(0, 0)) == "👍🏽")
        #expect(state().glyph(at: path(0, 0)) == "👍")
    }

    @Test("s opens the chooser on the focused emoji; arrows move; Enter picks that tone")
    func chooserPicks() {
        var session = state()
        session.send(.character("s"))
        let chooser = try! #require(session.overlays.toneChooser)
        #expect(chooser.options == ["👍", "👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿"])
        #expect(chooser.selected == 0)
        let lines = render(session)
        #expect(lines.contains { $0.contains("skin tone") })
        #expect(lines.contains { $0.contains("👍🏻") && $0.contains("👍🏿") })
        session.send(.right, .right, .left, .right)
        #expect(session.overlays.toneChooser?.selected == 2)
        session.send(.enter)
        #expect(session.picking.outcome == .chosen(path(0, 0)))
        #expect(session.glyph(at: path(0, 0)) == "👍🏼")
    }

    @Test("the chooser opens on the tone shown; Esc closes it without quitting; keys act on it only")
    func chooserCloses() {
        var session = state(tone: .dark)
        session.send(.character("s"))
        #expect(session.overlays.toneChooser?.selected == 5)
        session.send(.character("q"))
        #expect(session.overlays.toneChooser == nil && session.picking.outcome == nil)
        session.send(.character("s"), .down, .escape)
        #expect(session.overlays.toneChooser == nil && session.picking.outcome == nil)
        #expect(session.view.focus == path(0, 0))
        // An emoji without tones opens nothing.
        session.send(.right, .character("s"))
        #expect(session.overlays.toneChooser == nil)
    }

    @Test("with --multi Enter in the chooser marks the emoji in that tone and goes on browsing")
    func chooserMarksWithMulti() {
        var session = state(multi: true)
        session.send(.right, .right, .character("s"), .end, .enter)
        #expect(session.picking.outcome == nil)
        #expect(session.picking.marked == [path(0, 2)])
        #expect(session.glyph(at: path(0, 2)) == "🤝🏿")
    }

    @Test("a tone chosen for an emoji shows in the grid at once, though the frame before kept its face")
    func chosenToneRedraws() {
        var session = state(multi: true)
        #expect(render(session).joined().contains("🤝"))  // the default glyph's face is kept
        session.send(.right, .right, .character("s"), .end, .enter)
        let lines = render(session)
        #expect(lines.joined().contains("🤝🏿"))
        #expect(!lines[1].contains("🤝 "))
    }
}

@Suite("Skin tones that explain themselves")
struct SkinToneNamingTests {
    @Test("while choosing, the status line names the tones of the chosen option")
    func namesTheTones() {
        let pair = Item(
            label: "people holding hands", glyph: "🧑‍🤝‍🧑", variants: ["🧑🏽‍🤝‍🧑🏼", "🧑🏻‍🤝‍🧑🏻"])
        let catalog = Catalog(sections: [Section(title: "People", items: [pair])], source: "test")
        var state = BrowserState(catalog: catalog, settings: fixtureSettings(), theme: .standard, width: 100, height: 8)
        state.send(.character("s"), .right)
        #expect(state.overlays.toneChooser?.selected == 1)
        let status = render(state).last!
        #expect(status.contains("people holding hands: medium skin tone, medium-light skin tone"), "\(status)")
        #expect(SkinTone.tones(in: "👍🏿").map(\.name) == ["dark skin tone"])
        #expect(SkinTone.tones(in: "👍").isEmpty)
    }

    @Test("s on an emoji without tones, or in data without any, says so")
    func saysWhenThereAreNone() {
        var state = BrowserState(
            catalog: skinToneCatalog, settings: fixtureSettings(), theme: .standard, width: 80, height: 8,
            focus: ItemPath(section: 0, item: 1))
        state.send(.character("s"))
        #expect(state.overlays.toneChooser == nil)
        #expect(render(state).last!.contains("grinning face has no skin tones"))
        var data = fixtureState(width: 80, height: 8)
        data.send(.character("s"))
        #expect(render(data).last!.contains("no skin tones in this data"))
        data.send(.down)
        #expect(data.overlays.notice == nil)
    }
}

@Suite("The tone chooser where the terminal draws tones apart")
struct ToneChooserNamesTests {
    let thumbsUp = Item(label: "thumbs up", glyph: "👍", variants: ["👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿"])

    func chooser(combined: Bool, width: Int = 60, theme: Theme = .standard) -> BrowserState {
        let catalog = Catalog(sections: [Section(title: "Hands", items: [thumbsUp])], source: "test")
        var state = BrowserState(
            catalog: catalog, settings: fixtureSettings(splitFrom: 1000, itemWidth: 4), theme: theme, width: width,
            height: 8)
        state.options.combinedTones = combined
        state.send(.character("s"))
        return state
    }

    @Test("where the terminal combines them, the options are the glyphs alone, six to a line")
    func combined() {
        expectLines(
            render(chooser(combined: true)),
            framed(
                """
                |  Hands · 1                                                 |
                |  👍                                                        |
                |┌ skin tone ───────────────┐                                |
                |│  👍  👍🏻  👍🏼  👍🏽  👍🏾  👍🏿  │                                |
                |└──────────────────────────┘                                |
                |                                                            |
                |                                                            |
                | 👍  thumbs up  U+1F44D  · Hands             1 of 1  ? help |
                """))
    }

    @Test("where it draws them apart, each option has its tone's swatch and name; the keys follow the lines")
    func apart() {
        var state = chooser(combined: false)
        expectLines(
            render(state),
            framed(
                """
                |  Hands · 1                                                 |
                |  👍                                                        |
                |┌ skin tone ───────────────────────────────┐                |
                |│  👍    none          👍🏻    light         │                |
                |│  👍🏼    medium-light  👍🏽    medium        │                |
                |│  👍🏾    medium-dark   👍🏿    dark          │                |
                |└──────────────────────────────────────────┘                |
                | 👍  thumbs up  U+1F44D  · Hands             1 of 1  ? help |
                """))
        let buffer = Browser.render(state)
        // The swatches: two cells in each tone's colour, after the glyph and a space.
        #expect([6, 7].allSatisfy { buffer[$0, 3].style.background == SkinTone.defaultColor })
        #expect([26, 27].allSatisfy { buffer[$0, 3].style.background == SkinTone.light.color })
        #expect(buffer[26, 5].style.background == SkinTone.dark.color)
        #expect(buffer[8, 3].style.background == Theme.standard.focus.background)
        // The selected option in the focus style, its name too.
        #expect(buffer[9, 3].style == Theme.standard.focus && buffer[9, 3].text == "n")
        #expect(buffer[29, 3].style == Theme.standard.help && buffer[29, 3].text == "l")
        // Down goes to the option under it, two on.
        state.send(.down)
        #expect(state.overlays.toneChooser?.selected == 2)
    }

    @Test("without colours the names alone tell the tones apart")
    func apartWithoutColors() {
        let state = chooser(combined: false, theme: Theme.standard.withoutColors)
        let lines = render(state)
        #expect(lines[3].contains("none") && lines[3].contains("light") && lines[4].contains("medium-light"))
        let buffer = Browser.render(state)
        #expect(buffer[26, 3].style.background == .default)
    }

    @Test("an option of two tones shows both swatches and both names")
    func mixed() {
        #expect(ToneChooser.label(of: "🫱🏽‍🫲🏻").name == "medium/light")
        #expect(ToneChooser.label(of: "🫱🏽‍🫲🏻").swatches == [SkinTone.medium.color, SkinTone.light.color])
        #expect(ToneChooser.label(of: "🧑🏻‍🤝‍🧑🏻").name == "light")
        #expect(ToneChooser.label(of: "🤝").name == "none")
    }
}

@Suite("Hair styles and directions, variants as the tones are")
struct HairAndDirectionTests {
    /// The man (👨) as the bundled catalog has him: five tones, then four hair styles with their
    /// five tones each.
    let man: Item = {
        let tones = ["", "🏻", "🏼", "🏽", "🏾", "🏿"]
        let forms = [""] + ["🦰", "🦱", "🦳", "🦲"].map { "\u{200D}" + $0 }
        let all = forms.flatMap { form in tones.map { "👨" + $0 + form } }
        return Item(label: "man", glyph: "👨", variants: Array(all.dropFirst()))
    }()

    func state(_ item: Item, tone: SkinTone? = nil, combined: Bool = true, width: Int = 60) -> BrowserState {
        let catalog = Catalog(sections: [Section(title: "People", items: [item])], source: "test")
        var state = BrowserState(
            catalog: catalog, settings: fixtureSettings(splitFrom: 1000, itemWidth: 4), theme: .standard,
            width: width, height: 12, skinTone: tone)
        state.options.combinedTones = combined
        return state
    }

    @Test("the default tone is the emoji's own toned form, not a hair style's")
    func defaultTone() {
        #expect(SkinTone.medium.variant(of: man) == "👨🏽")
        #expect(state(man, tone: .dark).glyph(at: path(0, 0)) == "👨🏿")
    }

    @Test("the chooser holds every form, a form and its tones to a line, and names them")
    func chooserLines() throws {
        var session = state(man)
        session.send(.character("s"))
        let chooser = try #require(session.overlays.toneChooser)
        #expect(chooser.options.count == 30)
        #expect(chooser.title == "hair and skin tone")
        #expect(chooser.columns(forWidth: 60, named: false) == 12)
        #expect(chooser.columns(forWidth: 30, named: false) == 6)
        let lines = render(session)
        #expect(lines.contains { $0.contains("┌ hair and skin tone") }, "\(lines)")
        #expect(lines.contains { $0.contains("👨  👨🏻  👨🏼  👨🏽  👨🏾  👨🏿  👨‍🦰  👨🏻‍🦰") }, "\(lines)")
        // Down goes a line on (two forms at this width); the status line names the form.
        session.send(.down, .right)
        #expect(session.overlays.toneChooser?.selected == 13)
        #expect(render(session).last!.contains("man: curly hair, light skin tone"), "\(render(session).last!)")
        session.send(.enter)
        #expect(session.glyph(at: path(0, 0)) == "👨🏻‍🦱")
    }

    @Test("the details call them variants, named by style and tones where tones are drawn apart")
    func details() {
        var session = state(man, width: 100)
        session.send(.character("i"))
        let combined = render(session).joined(separator: "\n")
        #expect(combined.contains("variants: 👨🏻 👨🏼"), "\(combined)")
        session.options.combinedTones = false
        session.send(.character("i"), .character("i"))
        // (The panel wraps its lines: the words, read across them.)
        let named = render(session).map { $0.split(separator: "│").dropFirst().first ?? "" }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(named.contains("variants: light; medium-light; medium;"), "\(named)")
        #expect(named.contains("dark; red hair; red hair, light;"), "\(named)")
    }

    @Test("where tones are drawn apart, a form is named by its style and tones")
    func named() {
        #expect(ToneChooser.label(of: "👨🏼‍🦰").name == "red hair, medium-light")
        #expect(ToneChooser.label(of: "👨‍🦲").name == "bald")
        #expect(ToneChooser.label(of: "🚶‍♀️‍➡️").name == "facing right")
        #expect(ToneChooser.label(of: "🚶🏿‍➡️").swatches == [SkinTone.dark.color])
        #expect(ToneChooser.style(of: "👨") == nil && ToneChooser.style(of: "➡️") == nil)
        let walking = Item(
            label: "person walking", glyph: "🚶",
            variants: ["🚶🏻", "🚶🏼", "🚶🏽", "🚶🏾", "🚶🏿", "🚶‍➡️", "🚶🏻‍➡️", "🚶🏼‍➡️", "🚶🏽‍➡️", "🚶🏾‍➡️", "🚶🏿‍➡️"])
        var session = state(walking, combined: false, width: 120)
        session.send(.character("s"))
        let lines = render(session)
        #expect(lines.contains { $0.contains("┌ direction and skin tone") }, "\(lines)")
        #expect(lines.contains { $0.contains("facing right, medium-light") }, "\(lines)")
    }
}
