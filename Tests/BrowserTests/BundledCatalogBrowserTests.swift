// The bundled catalogs of --catalog in the browser: Nerd Font icons a terminal cannot draw,
// the code points the status line and the details panel give, kaomoji measured as text.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Bundled catalogs in the browser")
struct BundledCatalogBrowserTests {
    /// The Nerd Font's GitHub icon (U+F09B) and the Octicons' heart (U+2665), from the catalog.
    static let icons = Catalog(
        sections: [
            Section(
                title: "Icons",
                items: BundledCatalog.nerdFont.load().sections.flatMap(\.items).filter {
                    ["\u{F09B}", "\u{2665}"].contains($0.glyph)
                })
        ], source: BundledCatalog.nerdFont.source)

    @Test("a Private Use icon is one cell; where [widths] says 0, □ stands in, its code point kept")
    func undrawableIcon() {
        #expect(Self.icons.sections[0].items.count == 2)
        #expect(TextWidth().width(of: "\u{F09B}") == 1)
        let noFont = TextWidth(overrides: ["\u{F09B}": 0])
        var state = BrowserState(
            catalog: Self.icons, settings: fixtureSettings(), textWidth: noFont, width: 60, height: 24)
        let lines = render(state)
        #expect(lines[1].contains("□") && !lines[1].contains("\u{F09B}"), "\(lines[1])")
        // The status line and the details panel name the icon by its own code point.
        #expect(lines.last?.contains("□  github  U+F09B") == true, "\(lines.last ?? "")")
        state.send(.character("i"))
        let details = render(state).joined(separator: "\n")
        #expect(details.contains("U+F09B") && !details.contains("U+25A1"), "\(details)")
        #expect(details.contains("nf-fa-github"), "\(details)")
        // Hidden, they are left out and counted.
        #expect(Self.icons.withoutUndrawable(noFont).hidden == 1)
    }

    @Test("kaomoji are text, each as wide as it is measured; the status line shows it and its tag")
    func kaomojiWidths() throws {
        let catalog = BundledCatalog.kaomoji.load()
        let items = catalog.sections.flatMap(\.items)
        let shrug = try #require(items.first { $0.label == "¯\\_(ツ)_/¯" })
        let measure = TextWidth()
        // ツ is wide: 9 characters, 10 cells.
        #expect(measure.width(of: shrug.label) == 10)
        // Every kaomoji measures to at least a cell and at most a line.
        #expect(items.allSatisfy { (1...60).contains(measure.width(of: $0.label)) })
        let search = SearchOptions().query("shrug", source: catalog.source)
        #expect(search.matching == .wordFirst)
        // Unicode's names at a word's start (BundledCatalog.matching), data fuzzily.
        #expect(SearchOptions().resolvedMatching(forSource: BundledCatalog.unicode.source) == .word)
        #expect(SearchOptions().resolvedMatching(forSource: BundledCatalog.symbols.source) == .word)
        #expect(SearchOptions().resolvedMatching(forSource: "emoji") == .wordFirst)
        #expect(SearchOptions().resolvedMatching(forSource: "-") == .fuzzy)
        #expect(SearchOptions(matching: .wordFirst).resolvedMatching(forSource: "unicode") == .wordFirst)
        let found = Search.run(search, in: catalog)
        #expect(found.sections.reduce(0) { $0 + $1.items.count } >= 7)
        var state = BrowserState(
            catalog: catalog.filtered(by: found), settings: fixtureSettings(itemWidth: 20),
            width: 100, height: 12)
        state.send(.home)
        let status = render(state).last ?? ""
        #expect(status.contains("¯") && status.contains("· "), "\(status)")
    }
}
