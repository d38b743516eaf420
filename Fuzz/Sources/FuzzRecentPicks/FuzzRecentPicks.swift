// The recent-picks state file: any bytes give at most `limit` keys, and the Recent section
// made of them holds only emoji of the catalog.

import FuzzSupport

// Two groups of the catalog (Smileys & Emotion, People & Body, with the skin-tone variants):
// the Recent section is made by a pass over the whole catalog, too slow to fuzz over all of it.
let emoji: Catalog = {
    var catalog = EmojiCatalog.load()
    catalog.sections = Array(catalog.sections.prefix(2))
    return catalog
}()
let glyphs = Set(
    emoji.sections.flatMap { section in
        section.items.indices.flatMap { index -> [String] in
            let item = section.items[index]
            return (item.glyph.map { [$0] } ?? []) + item.variants
        }
    })

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let entries = RecentPicks.parse(bytes)
    let picks = entries.map(\.key)
    Fuzz.check(picks.count <= RecentPicks.largestSize, "\(picks.count) picks, over the limit")
    Fuzz.check(Set(picks).count == picks.count, "a key listed twice")
    Fuzz.check(entries.allSatisfy { $0.count >= 1 && $0.lastPicked >= 0 }, "a count or a time out of range")
    Fuzz.check(
        picks.allSatisfy { !$0.isEmpty && !$0.contains(where: \.isNewline) && !$0.contains("\t") },
        "an empty pick or one with a line break or a tab")
    // What is written reads back the same.
    Fuzz.check(RecentPicks.parse(RecentPicks.format(entries)) == entries, "the format does not read back")
    if let section = RecentPicks.section(for: picks, in: emoji) {
        Fuzz.check(section.items.count <= picks.count, "more recent items than picks")
        for index in section.items.indices {
            let glyph = section.items[index].glyph
            Fuzz.check(
                glyph.map(glyphs.contains) == true,
                "a recent item that is no emoji: \(String(describing: glyph).debugDescription)")
            Fuzz.check(glyph.map(picks.contains) == true, "a recent item that was not picked")
        }
    }
    let updated = RecentPicks.updated(
        entries, picked: Array(picks.prefix(3)), forgotten: Array(picks.dropFirst(3).prefix(1)), now: 1_000_000)
    Fuzz.check(updated.count <= RecentPicks.limit, "updated list over the limit")
    Fuzz.check(!updated.contains { picks.dropFirst(3).prefix(1).contains($0.key) }, "a forgotten pick kept")
    for order in RecentOrder.allCases {
        Fuzz.check(
            RecentPicks.ordered(entries, by: order, now: 1_000_000).count == entries.count, "ordering lost entries")
    }
    return 0
}
