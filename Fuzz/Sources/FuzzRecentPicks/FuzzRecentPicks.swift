// The recent-picks state file: any bytes give at most `limit` glyphs, and the Recent section
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
    let picks = RecentPicks.parse(bytes)
    Fuzz.check(picks.count <= RecentPicks.limit, "\(picks.count) picks, over the limit")
    Fuzz.check(
        picks.allSatisfy { !$0.isEmpty && !$0.contains(where: \.isNewline) }, "an empty pick or one with a line break")
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
    Fuzz.check(
        RecentPicks.updated(picks, picked: Array(picks.prefix(3))).count <= RecentPicks.limit,
        "updated list over the limit")
    return 0
}
