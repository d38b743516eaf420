// Reading a file or a pipe while the browser runs: the catalog as it grows, published from the
// reader's thread, so the first frame never waits for the whole input (fzf's bar).
//
// The input is parsed once, as it arrives, by a `CatalogParser` (the parser of a whole read, fed
// in parts): each read is parsed as far as it goes, and a snapshot is the items so far, whose
// stores share their storage with the parser's (publishing one costs a few words a section).
// Every format streams so, sectioned JSON item by item. Snapshots are published as the items
// grow by a quarter (at most every tenth of a second, or at once when the input doubled; and
// each second, for a slow pipe), for the browser, which lays out and searches each one. A large
// file is read by chunks of a megabyte: its first 16 KB make the first snapshot, then it is
// read to its end.

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
        /// The catalog of the items parsed so far; more is coming.
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
    /// The first snapshot of a large file: its first 16 KB, a screenful several times over
    /// (about 400 lines of 40 bytes). At 64 KB a file grouped by a field opened with 800
    /// sections to snapshot and lay out, 6 ms more before its first frame.
    public static let firstPrefix = 16 << 10
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
            readLargeFile(publish: publish)
        } else if let size {
            do throws(DataError) {
                let data = try CatalogLoader.readAll(descriptor, sizeHint: size, name: name)
                if data.isEmpty && emptyIsNoItems {
                    publish(.complete(.emptyStandardInput(source: source)))
                    return
                }
                publish(.complete(try CatalogLoader.parse(data, name: name, source: source, options: options)))
            } catch {
                publish(.failed(error))
            }
        } else {
            readPipe(publish: publish)
        }
    }

    /// The whole input's update: its catalog, or its error.
    func finish(_ parser: inout CatalogParser) -> Update {
        if parser.byteCount == 0 && emptyIsNoItems { return .complete(.emptyStandardInput(source: source)) }
        do throws(DataError) {
            return .complete(try parser.finish())
        } catch {
            return .failed(error)
        }
    }

    /// Reads into `chunk` (once), retrying when a signal interrupts: the count read (0 at the
    /// end), or the errno of the failure as a negative number.
    private func read(into chunk: inout [UInt8]) -> Int {
        while true {
            let n = chunk.withUnsafeMutableBufferPointer { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if n >= 0 { return n }
            if errno != EINTR { return -Int(errno) }
        }
    }

    private func readLargeFile(publish: (Update) -> Void) {
        var parser = CatalogParser(name: name, source: source, options: options)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var fed = 0
        var published = false
        while true {
            let n = read(into: &chunk)
            if n < 0 {
                publish(
                    .failed(
                        DataError(file: name, message: "cannot read the file (\(CatalogLoader.problem(Int32(-n))))")))
                return
            }
            if n == 0 { break }
            // The first 16 KB first, shown before the rest is read.
            let first = published ? 0 : max(0, min(n, Self.firstPrefix - fed))
            for part in [0..<first, first..<n] where !part.isEmpty {
                do throws(DataError) {
                    try parser.feed(chunk[part])
                } catch {
                    publish(.failed(error))
                    return
                }
                fed += part.count
                if !published && fed >= Self.firstPrefix, let snapshot = parser.snapshot() {
                    publish(.partial(snapshot))
                    published = true
                }
            }
        }
        publish(finish(&parser))
    }

    private func readPipe(publish: (Update) -> Void) {
        let clock = ContinuousClock()
        let start = clock.now
        var lastPublished = clock.now
        var parser = CatalogParser(name: name, source: source, options: options)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var fed = 0
        var publishedBytes = 0  // bytes fed at the last snapshot
        var publishedItems = 0  // items parsed then
        var unshown = 0  // items parsed that no snapshot could show yet (a JSON section with no title)
        /// When what has arrived and is not shown yet is due to be, by the rules below.
        func dueTime() -> ContinuousClock.Instant {
            if publishedItems == 0 { return start + .milliseconds(Self.firstWait) }
            let grown = parser.itemCount - publishedItems
            return lastPublished + (grown * 4 >= publishedItems ? .milliseconds(100) : .seconds(1))
        }
        while true {
            // A pipe that goes quiet with items not shown yet: they are shown when due, not
            // when the next lines come (which may be never).
            if parser.itemCount > max(publishedItems, unshown) {
                let wait = clock.now.duration(to: dueTime())
                let milliseconds = max(
                    0, Int(wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000))
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, Int32(min(milliseconds, 1000))) == 0 {
                    publishIfDue(force: clock.now >= dueTime())
                    continue
                }
            }
            let n = read(into: &chunk)
            if n < 0 {
                publish(
                    .failed(
                        DataError(file: name, message: "cannot read the input (\(CatalogLoader.problem(Int32(-n))))")))
                return
            }
            if n == 0 { break }
            do throws(DataError) {
                try parser.feed(chunk[..<n])
            } catch {
                publish(.failed(error))
                return
            }
            fed += n
            // The first screenful at once; later, the input doubled.
            let early =
                publishedItems == 0 ? parser.itemCount >= Self.firstScreenful : fed - publishedBytes >= publishedBytes
            publishIfDue(force: early || clock.now >= dueTime())
        }
        publish(finish(&parser))

        /// Publishes the items so far when `force` says it is time (and there are more).
        func publishIfDue(force: Bool) {
            guard force, parser.itemCount > max(publishedItems, unshown) else { return }
            guard let snapshot = parser.snapshot() else {
                // Nothing to show for these items yet: not again before more arrive.
                unshown = parser.itemCount
                return
            }
            publish(.partial(snapshot))
            publishedItems = parser.itemCount
            publishedBytes = fed
            lastPublished = clock.now
        }
    }
}

/// read(2), named apart from `CatalogStream`'s own.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
