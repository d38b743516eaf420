// The emoji picked last, shown as a "Recent" section before the others. Kept in
// $XDG_STATE_HOME/splitview/recent (else ~/.local/state/splitview/recent), one glyph a line,
// the most recent first.

import Catalog
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

public struct RecentPicks {
    /// Glyphs kept: two lines of a wide two-column grid.
    public static let limit = 32
    public static let sectionTitle = "Recent"

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The file's place by the XDG base directory rules.
    public static func location(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/splitview/recent"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/splitview/recent"
    }

    /// The glyphs in the file; none when it is missing or unreadable (a recent list is a
    /// convenience: it never stops the program).
    public func load() -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return Self.parse(Array(data))
    }

    /// The glyphs a file's bytes list: one a line, blank lines skipped, at most `limit`
    /// (invalid UTF-8 is read as U+FFFD: such a glyph matches no emoji and is left out later).
    public static func parse(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.split(whereSeparator: \.isNewline).map(String.init).prefix(limit))
    }

    /// Writes the list so that a kill at any moment leaves the old file or the new one, never
    /// a mix: a temporary file in the same directory, written, flushed to disk, then renamed
    /// over the old one (rename is atomic within a file system).
    public func save(_ glyphs: [String]) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let temporary = directory + "/.recent.\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("cannot create \(temporary)") }
        let bytes = Array(glyphs.map { $0 + "\n" }.joined().utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                close(descriptor)
                unlink(temporary)
                throw Self.failure("cannot write \(temporary)")
            }
            written += result
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Self.failure("cannot replace \(path)")
        }
    }

    private static func failure(_ message: String) -> Error {
        CocoaError(
            .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: message + ": " + String(cString: strerror(errno))])
    }

    /// `picked` first, in pick order, then the earlier list without them; at most `limit`.
    public static func updated(_ recent: [String], picked: [String]) -> [String] {
        var seen = Set<String>()
        return Array((picked + recent).filter { seen.insert($0).inserted }.prefix(limit))
    }

    /// The "Recent" section for `glyphs`, a carousel row, each item the catalog's emoji for it
    /// (a skin-tone variant shows as picked); glyphs no longer in the catalog are left out. Nil
    /// when none is.
    public static func section(for glyphs: [String], in catalog: Catalog) -> Section? {
        section(ofItemsFor: glyphs, in: catalog).map { section in
            var recent = section
            recent.repeatsItems = true
            return recent
        }
    }

    private static func section(ofItemsFor glyphs: [String], in catalog: Catalog) -> Section? {
        var byGlyph: [String: (item: Item, isVariant: Bool)] = [:]
        for section in catalog.sections {
            for item in section.items {
                if let glyph = item.glyph, byGlyph[glyph] == nil { byGlyph[glyph] = (item, false) }
                for variant in item.variants where byGlyph[variant] == nil { byGlyph[variant] = (item, true) }
            }
        }
        let items: [Item] = glyphs.compactMap { glyph in
            guard let entry = byGlyph[glyph] else { return nil }
            var item = entry.item
            if entry.isVariant {
                // Exactly the tone that was picked: no default tone or chooser over it.
                item.glyph = glyph
                item.variants = []
            }
            return item
        }
        guard !items.isEmpty else { return nil }
        // A carousel at the top: the last pick centred, the ones before it beside it. The
        // configuration's [sections."Recent"] can make it a grid again.
        var section = Section(title: sectionTitle, items: items)
        section.style = .row
        section.row = RowHint(effect: "carousel")
        return section
    }
}
