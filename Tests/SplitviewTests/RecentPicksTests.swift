import Catalog
import Foundation
import Testing
@testable import splitview
@testable import UserFiles

@Suite struct RecentPicksTests {
    @Test func theFileFollowsXDGStateHomeElseHome() {
        #expect(RecentPicks.location(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/splitview/recent")
        // A relative XDG path is invalid by the spec: ignored.
        #expect(
            RecentPicks.location(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])
                == "/h/.local/state/splitview/recent")
        #expect(RecentPicks.location(environment: [:]) == nil)
    }

    @Test func picksGoFirstInPickOrderWithoutRepeatsUpToTheLimit() {
        #expect(RecentPicks.updated(["a", "b", "c"], picked: ["c", "d"]) == ["c", "d", "a", "b"])
        let many = (0..<40).map(String.init)
        #expect(RecentPicks.updated(many, picked: ["x"]).count == RecentPicks.limit)
        #expect(RecentPicks.updated(many, picked: ["x"]).first == "x")
    }

    @Test func theSectionShowsEachGlyphAsPickedAndSkipsUnknownOnes() throws {
        let thumbs = Item(label: "thumbs up", glyph: "👍", variants: ["👍🏻", "👍🏽"])
        let catalog = Catalog(
            sections: [Section(title: "Hands", items: [thumbs, Item(label: "wave", glyph: "👋")])],
            source: "emoji")
        let section = try #require(RecentPicks.section(for: ["👍🏽", "🦄", "👋", "👍"], in: catalog))
        #expect(section.title == "Recent")
        #expect(section.items.map(\.glyph) == ["👍🏽", "👋", "👍"])
        // A toned pick stays in its tone; the base keeps its variants for the chooser.
        #expect(section.items[0].variants.isEmpty)
        #expect(section.items[2].variants == ["👍🏻", "👍🏽"])
        #expect(RecentPicks.section(for: ["🦄"], in: catalog) == nil)
    }

    @Test func saveReplacesTheFileWholeAndLoadReadsItBack() throws {
        let scratch = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let directory = scratch + "/state/splitview"
        let recent = RecentPicks(path: directory + "/recent")
        #expect(recent.load().isEmpty)
        try recent.save(["😀", "👍🏽"])
        #expect(recent.load() == ["😀", "👍🏽"])
        try recent.save(["🦄"])
        #expect(recent.load() == ["🦄"])
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["recent"])
    }
}
