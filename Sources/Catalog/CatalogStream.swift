// Reading a file or a pipe while the browser runs: the catalog as it grows, published from the
// reader's thread, so the first frame never waits for the whole input (fzf's bar).
//
// A snapshot is the whole input so far, up to its last whole line, parsed by the same loader
// as a whole read (`CatalogLoader.parse`): so every format streams with no second parser, and
// a snapshot's sections and items are those of a whole read of that much input. Each snapshot
// reparses what came before it; snapshots are published only as the input grows by a quarter
// (at most every tenth of a second, or at once when it doubled; and each second, for a slow
// pipe), so the parsing stays within a few times that of one whole read. A file is not mapped: one read of its size fills one
// allocation (as a whole read does), and its first 64 KB make the first snapshot.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One input read to its end, its catalog published as it grows.
public struct CatalogStream: Sendable {
    /// What the reader has to say.
    public enum Update: Sendable {
        /// The catalog of the input so far (its last whole line); more is coming.
        case partial(LoadedCatalog)
        /// The catalog of the whole input.
        case complete(LoadedCatalog)
        /// The input cannot be read or parsed (the first error of a whole read).
        case failed(DataError)
    }

    /// Where to read: an open descriptor (a file or standard input), read to its end.
    public let descriptor: Int32
    /// How messages name the input: its path, or "stdin".
    public let name: String
    public let source: String
    public let options: CatalogLoader.Options
    /// Whether an empty input is no items (standard input that is not a terminal) rather than
    /// an error (a file, or a format was asked for).
    public let emptyIsNoItems: Bool

    /// A file this small is parsed whole at once (a few milliseconds): snapshots would only
    /// cost more.
    public static let wholeReadLimit = 4 << 20
    /// The first snapshot of a large file: its first 64 KB, a screenful many times over.
    public static let firstPrefix = 64 << 10
    /// A pipe's first snapshot comes when this many items' lines have arrived (a screenful on
    /// the tallest terminal) ...
    public static let firstScreenful = 500
    /// ... or this many milliseconds after the start, with what has arrived.
    public static let firstWait = 15

    public init(descriptor: Int32, name: String, source: String, options: CatalogLoader.Options, emptyIsNoItems: Bool) {
        self.descriptor = descriptor
        self.name = name
        self.source = source
        self.options = options
        self.emptyIsNoItems = emptyIsNoItems
    }

    /// The size of the regular file `descriptor` reads; nil for anything else (a pipe, a
    /// terminal) or when it cannot be told.
    static func regularFileSize(_ descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// Whether what `descriptor` reads is worth reading while the browser runs: a pipe or a
    /// socket, or a file larger than `wholeReadLimit`. A smaller file is parsed in a few
    /// milliseconds; a terminal is no data.
    public static func isWorthStreaming(_ descriptor: Int32) -> Bool {
        if let size = regularFileSize(descriptor) { return size > wholeReadLimit }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFIFO || status.st_mode & S_IFMT == S_IFSOCK
    }

    /// Whether the input is a file larger than `wholeReadLimit` (its first part is shown first).
    public var isLargeFile: Bool { (Self.regularFileSize(descriptor) ?? 0) > Self.wholeReadLimit }

    /// Reads the input to its end on the calling thread, calling `publish` with each snapshot
    /// and then with the whole catalog (or the failure). `publish` must not block for long:
    /// reading waits for it.
    public func run(publish: (Update) -> Void) {
        let size = Self.regularFileSize(descriptor)
        if let size, size > Self.wholeReadLimit {
            readLargeFile(size: size, publish: publish)
        } else if let size {
            do throws(DataError) {
                let data = try CatalogLoader.readAll(descriptor, sizeHint: size, name: name)
                publish(finish(data, count: data.count))
            } catch {
                publish(.failed(error))
            }
        } else {
            readPipe(publish: publish)
        }
    }

    /// The whole input's update: its catalog, or its error.
    func finish(_ data: [UInt8], count: Int) -> Update {
        if count == 0 && emptyIsNoItems { return .complete(.emptyStandardInput(source: source)) }
        do throws(DataError) {
            return .complete(try CatalogLoader.parse(data, count: count, name: name, source: source, options: options))
        } catch {
            return .failed(error)
        }
    }

    /// A snapshot of the input's first `count` bytes (a prefix ending at a separator), or nil
    /// when that much does not parse yet (a JSON document, a quoted field cut in two).
    func snapshot(_ data: [UInt8], count: Int) -> LoadedCatalog? {
        guard count > 0 else { return nil }
        return try? CatalogLoader.parse(data, count: count, name: name, source: source, options: options)
    }

    /// The byte that ends an item's line.
    var separator: UInt8 { options.readZero ? 0 : Byte.newline }

    /// The length of `data`'s longest prefix that ends with a separator, looking back from
    /// `end` no further than `floor`.
    func wholeLines(_ data: [UInt8], end: Int, floor: Int) -> Int {
        var index = end
        while index > floor {
            if data[index - 1] == separator { return index }
            index -= 1
        }
        return floor
    }

    private func readLargeFile(size: Int, publish: (Update) -> Void) {
        // One allocation of the file's size (pages are only touched as they are read), its
        // first part read and shown before the rest.
        var data = [UInt8](repeating: 0, count: 0)
        data.reserveCapacity(size)
        var published = false
        let failure = CatalogLoader.appendChunks(from: descriptor, to: &data, chunkSize: 1 << 20) { data in
            guard !published && data.count >= Self.firstPrefix else { return }
            published = true
            let cut = wholeLines(data, end: min(data.count, Self.firstPrefix), floor: 0)
            if let first = snapshot(data, count: cut) { publish(.partial(first)) }
        }
        if failure != 0 {
            publish(.failed(DataError(file: name, message: "cannot read the file (\(CatalogLoader.problem(failure)))")))
            return
        }
        publish(finish(data, count: data.count))
    }

    private func readPipe(publish: (Update) -> Void) {
        let clock = ContinuousClock()
        let start = clock.now
        var lastPublished = clock.now
        var data: [UInt8] = []
        data.reserveCapacity(1 << 16)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var published = 0  // bytes in the last snapshot
        var nextTry = 0  // after a prefix that did not parse: not again before this many bytes
        var lines = 0
        var scanned = 0
        /// When what has arrived and is not shown yet is due to be, by the rules below.
        func dueTime() -> ContinuousClock.Instant {
            if published == 0 { return start + .milliseconds(Self.firstWait) }
            let grown = data.count - published
            return lastPublished + (grown * 4 >= published ? .milliseconds(100) : .seconds(1))
        }
        while true {
            // A pipe that goes quiet with lines not shown yet: they are shown when due, not
            // when the next lines come (which may be never).
            if data.count >= nextTry, wholeLines(data, end: data.count, floor: published) > published {
                let wait = clock.now.duration(to: dueTime())
                let milliseconds = max(
                    0, Int(wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000))
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, Int32(min(milliseconds, 1000))) == 0 {
                    publishIfDue(force: clock.now >= dueTime())
                    continue
                }
            }
            let n = chunk.withUnsafeMutableBufferPointer { read(descriptor, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let failure = errno
                publish(
                    .failed(DataError(file: name, message: "cannot read the input (\(CatalogLoader.problem(failure)))"))
                )
                return
            }
            if n == 0 { break }
            data.append(contentsOf: chunk[0..<n])
            // Lines counted only until the first snapshot.
            if published == 0 {
                for byte in data[scanned...] where byte == separator { lines += 1 }
                scanned = data.count
            }
            // The first screenful at once; later, the input doubled.
            let early = published == 0 ? lines >= Self.firstScreenful : data.count - published >= published
            publishIfDue(force: early || clock.now >= dueTime())
        }
        publish(finish(data, count: data.count))

        /// Publishes the input to its last whole line when `force` says it is time (and it
        /// grew, and a prefix that failed to parse is not retried too soon).
        func publishIfDue(force: Bool) {
            guard force, data.count >= nextTry else { return }
            let cut = wholeLines(data, end: data.count, floor: published)
            guard cut > published else { return }
            if let partial = snapshot(data, count: cut) {
                publish(.partial(partial))
                published = cut
                lastPublished = clock.now
            } else {
                nextTry = data.count * 2
            }
        }
    }
}
