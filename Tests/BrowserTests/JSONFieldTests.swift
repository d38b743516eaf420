// JSON as people have it (issue 25): nested values and numbers as written are shown, searched
// and printed back.

@testable import Browser
import Catalog
import Testing

@Suite("JSON fields in the browser and in --print")
struct JSONFieldTests {
    static func loaded(_ lines: String, name: String = "x.jsonl") throws -> Catalog {
        try CatalogLoader.parse(Array(lines.utf8), name: name).catalog
    }

    static let data = """
        {"section": "Books", "label": "Dune", "meta": {"pages": 412, "tags": ["sf", "desert"]}, "isbn": 9780441172719, "rating": 4.25e0, "read": true, "lent": null}
        {"section": "Books", "label": "Emma", "keywords": "austen, novel", "glyph": ""}
        {"label": "loose", "keywords": [], "glyph": null, "section": null}
        {"label": "plain"}
        """

    @Test("a nested value shows as its compact JSON in the detail panel, numbers as written")
    func detailPanel() throws {
        var state = BrowserState(
            catalog: try Self.loaded(Self.data), settings: fixtureSettings(itemWidth: 20), theme: .standard,
            width: 200, height: 14)
        state.send(.character("i"))
        let lines = render(state)
        #expect(lines.contains { $0.contains(#"meta: {"pages":412,"tags":["sf","desert"]}"#) })
        #expect(lines.contains { $0.contains("isbn: 9780441172719") })
        #expect(lines.contains { $0.contains("rating: 4.25e0") })
        #expect(lines.contains { $0.contains("read: true") })
        #expect(lines.contains { $0.contains("lent: null") })
    }

    @Test("a nested value is searched by its text")
    func searched() throws {
        var state = BrowserState(
            catalog: try Self.loaded(Self.data), settings: fixtureSettings(itemWidth: 20), theme: .standard,
            width: 80, height: 10)
        state.send(.character("/"))
        state.type("desert")
        #expect(state.catalog.sections.flatMap { $0.items.map(\.label) } == ["Dune"])
        state.applyFilter("\"pages\":412")
        #expect(state.catalog.sections.flatMap { $0.items.map(\.label) } == ["Dune"])
    }

    @Test("--print FIELD gives a nested value's compact JSON and a number as written")
    func printField() throws {
        let catalog = try Self.loaded(Self.data)
        let dune = catalog.sections[0].items[0]
        #expect(
            PrintFormat(parsing: "meta").line(for: dune, section: "Books") == #"{"pages":412,"tags":["sf","desert"]}"#)
        #expect(PrintFormat(parsing: "isbn").line(for: dune, section: "Books") == "9780441172719")
        #expect(PrintFormat(parsing: "rating").line(for: dune, section: "Books") == "4.25e0")
        #expect(PrintFormat(parsing: "read").line(for: dune, section: "Books") == "true")
        #expect(PrintFormat(parsing: "lent").line(for: dune, section: "Books") == "null")
    }
}
