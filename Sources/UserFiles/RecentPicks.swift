// The emoji picked last and most, shown as a "Recent" section before the others. Kept in
// $XDG_STATE_HOME/splitview/recent (else ~/.local/state/splitview/recent; another bundled
// catalog's in recent-NAME): one line per pick, `key<TAB>times picked<TAB>last picked (Unix
// seconds)`, the key an emoji's glyph or a kaomoji's text (`Item.recentKey`); a line of a key
// alone (the format before counts) is one pick at an unknown time, the file's order kept among
// such lines.

import Catalog
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One pick of the recent list.
public struct RecentEntry: Hashable, Sendable {
    /// What names the item picked (`Item.recentKey`): an emoji's glyph, a kaomoji's text.
    public var key: String
    public var count: Int
    /// When it was last picked, in seconds since 1970 (0: unknown).
    public var lastPicked: Int

    public init(key: String, count: Int = 1, lastPicked: Int = 0) {
        self.key = key
        self.count = count
        self.lastPicked = lastPicked
    }
}

/// How the Recent section is ordered (`[recent] order`).
public enum RecentOrder: String, Hashable, Sendable, CaseIterable {
    /// The most recent pick first.
    case recent
    /// The most often picked first.
    case frequent
    /// Both: picks counted, the older ones counting less (as Firefox's address bar does).
    case frecency
}

/// Why the recent picks could not be kept: what was done, on which path, and why, in words
/// ("cannot make the folder /x/splitview: /x is not a folder").
public struct RecentPicksError: Error, CustomStringConvertible {
    public var description: String

    init(_ description: String) { self.description = description }

    /// `message`, then the reason errno gives.
    static func failure(_ message: String) -> RecentPicksError {
        RecentPicksError(message + ": " + String(cString: strerror(errno)))
    }
}

public struct RecentPicks: Sendable {
    /// The default of `[recent] size`: two lines of a wide two-column grid.
    public static let limit = 32
    /// The most `[recent] size` may be.
    public static let largestSize = 200
    public static let sectionTitle = "Recent"

    public let path: String
    /// How many emoji the list keeps.
    public var size: Int
    public var order: RecentOrder

    public init(path: String, size: Int = RecentPicks.limit, order: RecentOrder = .frecency) {
        self.path = path
        self.size = size
        self.order = order
    }

    /// The file's place by the XDG base directory rules: `recent` for the bundled emoji,
    /// `recent-NAME` for another bundled catalog (`--catalog NAME`), each its own list.
    public static func location(environment: [String: String], catalog: String = EmojiCatalog.source) -> String? {
        let name = catalog == EmojiCatalog.source ? "recent" : "recent-" + catalog
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/splitview/" + name
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/splitview/" + name
    }

    /// The entries in the file, in its order; none when it is missing or unreadable (a recent
    /// list is a convenience: it never stops the program).
    public func load() -> [RecentEntry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return Self.parse(Array(data))
    }

    /// The keys of the picks to show (`RecentEntry.key`), in `order` at `now`, at most `size`.
    public func keys(now: Int) -> [String] { Self.ordered(load(), by: order, now: now).prefix(size).map(\.key) }

    /// The entries a file's bytes list: blank lines skipped, a glyph listed twice counted once
    /// (its first line), at most `largestSize` (invalid UTF-8 is read as U+FFFD: such a glyph
    /// matches no emoji and is left out later).
    public static func parse(_ bytes: [UInt8]) -> [RecentEntry] {
        let text = String(decoding: bytes, as: UTF8.self)
        var seen = Set<String>()
        var entries: [RecentEntry] = []
        for line in text.split(whereSeparator: \.isNewline) where entries.count < largestSize {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let key = String(fields[0])
            guard !key.isEmpty, seen.insert(key).inserted else { continue }
            let count = fields.count > 1 ? Int(fields[1]).map { min(max($0, 1), 1_000_000) } ?? 1 : 1
            let time = fields.count > 2 ? Int(fields[2]).map { max($0, 0) } ?? 0 : 0
            entries.append(RecentEntry(key: key, count: count, lastPicked: time))
        }
        return entries
    }

    /// The file's bytes for `entries`.
    public static func format(_ entries: [RecentEntry]) -> [UInt8] {
        Array(entries.map { "\($0.key)\t\($0.count)\t\($0.lastPicked)\n" }.joined().utf8)
    }

    /// How much an entry weighs at `now` for frecency: its picks, the older ones counting
    /// less (a pick of the last four days counts 100, of the last two weeks 70, of the month 50,
    /// of three months 30, older 10).
    public static func frecency(_ entry: RecentEntry, now: Int) -> Int {
        let days = entry.lastPicked == 0 ? Int.max : (now - entry.lastPicked) / 86_400
        let weight = days <= 4 ? 100 : days <= 14 ? 70 : days <= 31 ? 50 : days <= 90 ? 30 : 10
        return entry.count * weight
    }

    /// `entries` in `order` at `now`; ties (and entries of unknown time) in their order.
    public static func ordered(_ entries: [RecentEntry], by order: RecentOrder, now: Int) -> [RecentEntry] {
        let keyed = entries.enumerated().map { index, entry -> (key: (Int, Int), index: Int, entry: RecentEntry) in
            switch order {
            case .recent: return ((-entry.lastPicked, 0), index, entry)
            case .frequent: return ((-entry.count, -entry.lastPicked), index, entry)
            case .frecency: return ((-frecency(entry, now: now), -entry.lastPicked), index, entry)
            }
        }
        return keyed.sorted { ($0.key.0, $0.key.1, $0.index) < ($1.key.0, $1.key.1, $1.index) }.map(\.entry)
    }

    /// `entries` with `picked` counted (once more each, last picked `now`; new ones added) and
    /// `forgotten` removed; at most `size`, the ones that weigh least at `now` dropped.
    public static func updated(
        _ entries: [RecentEntry], picked: [String], forgotten: [String] = [], now: Int, size: Int = limit
    ) -> [RecentEntry] {
        // The picks first, in pick order (they share `now`, and ties keep the list's order).
        var front: [RecentEntry] = []
        for key in picked where !forgotten.contains(key) && !front.contains(where: { $0.key == key }) {
            var entry = entries.first { $0.key == key } ?? RecentEntry(key: key, count: 0)
            entry.count += 1
            entry.lastPicked = now
            front.append(entry)
        }
        let list = front + entries.filter { !forgotten.contains($0.key) && !picked.contains($0.key) }
        // The most recent first in the file; the lightest dropped past `size`.
        let kept = Set(ordered(list, by: .frecency, now: now).prefix(size).map(\.key))
        return ordered(list.filter { kept.contains($0.key) }, by: .recent, now: now)
    }

    /// Records picks and forgotten emoji in the file, merged with what is there now: under an
    /// exclusive lock (flock on a file beside it), the file is read again, updated and written
    /// (atomically, see `save`), so two instances picking at once both keep their picks.
    public func record(picked: [String], forgotten: [String] = [], now: Int) throws(RecentPicksError) {
        guard !picked.isEmpty || !forgotten.isEmpty else { return }
        try makeDirectory()
        let lockPath = path + ".lock"
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw .failure("cannot open \(lockPath)") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .failure("cannot lock \(lockPath)") }
        }
        defer { flock(lock, LOCK_UN) }
        try save(Self.updated(load(), picked: picked, forgotten: forgotten, now: now, size: size))
    }

    /// The file's folder and the folders above it, made where missing (0700), as `mkdir -p`.
    /// Not FileManager's createDirectory: its error names neither the folder nor the reason
    /// ("The operation could not be completed. (NSCocoaErrorDomain error 512.)").
    private func makeDirectory() throws(RecentPicksError) {
        let directory = (path as NSString).deletingLastPathComponent
        var made = ""
        for part in directory.split(separator: "/", omittingEmptySubsequences: true) {
            made += "/" + part
            if mkdir(made, 0o700) == 0 || errno == EEXIST {
                var status = stat()
                if stat(made, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR { continue }
                throw RecentPicksError("cannot make the folder \(directory): \(made) is not a folder")
            }
            throw .failure("cannot make the folder \(made)")
        }
    }

    /// Writes the list so that a kill at any moment leaves the old file or the new one, never
    /// a mix: a temporary file in the same directory, written, flushed to disk, then renamed
    /// over the old one (rename is atomic within a file system). Temporary files a killed run
    /// left behind are removed first.
    public func save(_ entries: [RecentEntry]) throws(RecentPicksError) {
        try makeDirectory()
        let directory = (path as NSString).deletingLastPathComponent
        removeStaleTemporaryFiles(in: directory)
        let temporary = directory + "/" + Self.temporaryName(pid: getpid())
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .failure("cannot create \(temporary)") }
        let bytes = Self.format(entries)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                let failure = RecentPicksError.failure("cannot write \(temporary)")
                close(descriptor)
                unlink(temporary)
                throw failure
            }
            written += result
        }
        let synced = fsync(descriptor) == 0
        let syncFailure = RecentPicksError.failure("cannot write \(temporary)")
        close(descriptor)
        guard synced else {
            unlink(temporary)
            throw syncFailure
        }
        guard rename(temporary, path) == 0 else {
            let failure = RecentPicksError.failure("cannot replace \(path)")
            unlink(temporary)
            throw failure
        }
    }

    /// The temporary file of the writer `pid`: `.recent.PID.tmp` beside the file.
    static func temporaryName(pid: pid_t) -> String { ".recent.\(pid).tmp" }

    /// Removes the temporary files of writers that are gone (a run killed while it wrote):
    /// those whose process no longer exists. (A writer holds the lock while it writes, so the
    /// others' files are left only by killed ones; a live process's is never touched.)
    func removeStaleTemporaryFiles(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(".recent.") && name.hasSuffix(".tmp") {
            guard let pid = pid_t(name.dropFirst(".recent.".count).dropLast(".tmp".count)), pid > 0,
                pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink(directory + "/" + name)
        }
    }
    /// The "Recent" section for `keys` (`RecentEntry.key`), a carousel row, each item the
    /// catalog's item for it (a skin-tone variant shows as picked); keys no longer in the
    /// catalog are left out. Nil when none is.
    public static func section(for keys: [String], in catalog: Catalog) -> Section? {
        section(ofItemsFor: keys, in: catalog).map { section in
            var recent = section
            recent.repeatsItems = true
            return recent
        }
    }

    private static func section(ofItemsFor keys: [String], in catalog: Catalog) -> Section? {
        var byKey: [String: (item: Item, isVariant: Bool)] = [:]
        let wanted = Set(keys)
        for section in catalog.sections {
            let items = section.items
            if items.hasVariants {
                // (An item with variants has a glyph, its key; each variant is a key too.)
                for item in items {
                    if let glyph = item.glyph, byKey[glyph] == nil { byKey[glyph] = (item, false) }
                    for variant in item.variants where byKey[variant] == nil { byKey[variant] = (item, true) }
                }
                continue
            }
            // (Without variants, only the items asked for are made: the Unicode catalog's
            // 160,000 would take a good part of its first frame.)
            for position in items.indices {
                let key = items.recentKey(at: position)
                if wanted.contains(key), byKey[key] == nil { byKey[key] = (items[position], false) }
            }
        }
        let items: [Item] = keys.compactMap { key in
            guard let entry = byKey[key] else { return nil }
            var item = entry.item
            if entry.isVariant {
                // Exactly the tone that was picked: no default tone or chooser over it.
                item.glyph = key
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
