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
        // Another bundled catalog keeps its own list beside it.
        #expect(
            RecentPicks.location(environment: ["XDG_STATE_HOME": "/s"], catalog: "kaomoji")
                == "/s/splitview/recent-kaomoji")
    }

    @Test("items without a glyph (kaomoji) are kept and found by their label")
    func labelsStandForMissingGlyphs() throws {
        let shrug = Item(label: "¯\\_(ツ)_/¯", keywords: ["shrug"])
        let catalog = Catalog(
            sections: [Section(title: "whatever", items: [Item(label: "(・_・)"), shrug])], source: "kaomoji")
        #expect(shrug.recentKey == "¯\\_(ツ)_/¯")
        let section = try #require(RecentPicks.section(for: ["¯\\_(ツ)_/¯", "nothing"], in: catalog))
        #expect(section.items.map(\.label) == ["¯\\_(ツ)_/¯"])
    }

    func entry(_ glyph: String, _ count: Int = 1, _ time: Int = 0) -> RecentEntry {
        RecentEntry(key: glyph, count: count, lastPicked: time)
    }

    @Test func picksAreCountedAndTimedWithoutRepeatsUpToTheSize() {
        let day = 86_400, now = 100 * day
        let list = [entry("a", 3, now - day), entry("b", 1, now - 2 * day), entry("c", 5, now - 40 * day)]
        let updated = RecentPicks.updated(list, picked: ["c", "d"], now: now)
        // The most recent first in the file.
        #expect(updated.map(\.key) == ["c", "d", "a", "b"])
        #expect(updated[0] == entry("c", 6, now) && updated[1] == entry("d", 1, now))
        let many = (0..<40).map { entry(String($0), 1, now - $0) }
        #expect(RecentPicks.updated(many, picked: ["x"], now: now).count == RecentPicks.limit)
        #expect(RecentPicks.updated(many, picked: ["x"], now: now, size: 5).count == 5)
        // The lightest are dropped: the oldest single picks.
        #expect(!RecentPicks.updated(many, picked: ["x"], now: now).contains { $0.key == "39" })
        #expect(RecentPicks.updated(list, picked: [], forgotten: ["a"], now: now).map(\.key) == ["b", "c"])
    }

    @Test("recent, frequent and frecency orders")
    func orders() {
        let day = 86_400, now = 1_000 * day
        // a: picked often, a month and a half ago; b: once, today; c: twice, this week.
        let list = [entry("a", 10, now - 45 * day), entry("b", 1, now), entry("c", 2, now - 6 * day)]
        func order(_ order: RecentOrder) -> [String] { RecentPicks.ordered(list, by: order, now: now).map(\.key) }
        #expect(order(.recent) == ["b", "c", "a"])
        #expect(order(.frequent) == ["a", "c", "b"])
        // Frecency: a's 10 picks weigh 30 each (300), c's 2 weigh 70 (140), b's 1 weighs 100.
        #expect(order(.frecency) == ["a", "c", "b"])
        #expect(RecentPicks.frecency(entry("x", 3, now - 100 * day), now: now) == 30)
    }

    @Test func theFileFormatReadsTheOldOneToo() {
        // The format before counts: a glyph a line, the most recent first.
        let old = RecentPicks.parse(Array("😀\n👍🏽\n\n😀\n".utf8))
        #expect(old == [entry("😀"), entry("👍🏽")])
        #expect(RecentPicks.ordered(old, by: .frecency, now: 1_000).map(\.key) == ["😀", "👍🏽"])
        let new = [entry("😀", 4, 1_700_000_000), entry("👍🏽", 1, 1_600_000_000)]
        #expect(RecentPicks.parse(RecentPicks.format(new)) == new)
        #expect(String(decoding: RecentPicks.format(new), as: UTF8.self) == "😀\t4\t1700000000\n👍🏽\t1\t1600000000\n")
        // Nonsense counts and times are clamped, not trusted.
        #expect(RecentPicks.parse(Array("x\t-3\tnever\n".utf8)) == [entry("x", 1, 0)])
    }

    @Test("two instances recording at once both keep their picks")
    func concurrentRecordsMerge() throws {
        let scratch = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let recent = RecentPicks(path: scratch + "/state/recent")
        try recent.save([entry("🦄", 1, 10)])
        let glyphs = ["😀", "😁", "😂", "🤣", "😃", "😄", "😅", "😆"]
        DispatchQueue.concurrentPerform(iterations: glyphs.count) { index in
            try? recent.record(picked: [glyphs[index]], now: 100 + index)
        }
        let kept = Set(recent.load().map(\.key))
        #expect(kept == Set(glyphs + ["🦄"]))
        // Forgetting is recorded the same way.
        try recent.record(picked: [], forgotten: ["🦄"], now: 200)
        #expect(!recent.load().contains { $0.key == "🦄" })
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
        try recent.save([entry("😀"), entry("👍🏽")])
        #expect(recent.load() == [entry("😀"), entry("👍🏽")])
        try recent.save([entry("🦄")])
        #expect(recent.load() == [entry("🦄")])
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["recent"])
    }

    @Test("a file where a folder must be is named, with the reason in words")
    func aFileInTheWayIsNamed() throws {
        let scratch = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let state = scratch + "/state"
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: state))
        let recent = try #require(
            RecentPicks.location(environment: ["XDG_STATE_HOME": state]).map { RecentPicks(path: $0) })
        #expect(throws: RecentPicksError.self) { try recent.record(picked: ["😀"], now: 1) }
        do {
            try recent.record(picked: ["😀"], now: 1)
        } catch {
            #expect(error.description == "cannot make the folder \(state)/splitview: \(state) is not a folder")
        }
        // A folder it may not write in: the path and the system's reason.
        let locked = scratch + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        chmod(locked, 0o500)
        defer { chmod(locked, 0o700) }
        if geteuid() != 0 {  // (root writes anywhere)
            do {
                try RecentPicks(path: locked + "/splitview/recent").record(picked: ["😀"], now: 1)
                Issue.record("no error")
            } catch {
                #expect(error.description == "cannot make the folder \(locked)/splitview: Permission denied")
            }
        }
    }

    @Test("a temporary file left by a run killed while writing is removed by the next write")
    func staleTemporaryFilesAreRemoved() throws {
        let scratch = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let directory = scratch + "/splitview"
        let recent = RecentPicks(path: directory + "/recent")
        try recent.save([entry("😀")])
        // A process that is gone: one that ran and was waited for.
        var gone: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { free(argv[0]) }
        #expect(posix_spawn(&gone, "/bin/true", nil, nil, argv, nil) == 0)
        var status: Int32 = 0
        waitpid(gone, &status, 0)
        let stale = directory + "/" + RecentPicks.temporaryName(pid: gone)
        // A live process's file (this one's parent is alive) is left alone.
        let live = directory + "/" + RecentPicks.temporaryName(pid: getppid())
        for file in [stale, live] { try Data("half".utf8).write(to: URL(fileURLWithPath: file)) }
        try recent.record(picked: ["👍"], now: 5)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(names == ["recent", "recent.lock", RecentPicks.temporaryName(pid: getppid())])
        #expect(recent.load().map(\.key).contains("👍"))
    }
}
