// The browser's data read while it runs: the stream's reader thread, and the relay that hands
// its snapshots first to the start (which waits at most 20 ms for one) and then to the running
// browser's inbox.

import Browser
import Catalog
import Foundation
import UserFiles

extension DataOptions {
    /// The stream of the data the options name, when it is worth reading while the browser
    /// runs: a pipe (standard input that is not a file), or a file larger than
    /// `CatalogStream.wholeReadLimit`. Nil for the rest (the bundled emoji, compiled in; a
    /// small file, parsed in a few milliseconds): those are read before the first frame, and
    /// their errors reported before any screen.
    func dataStream(fields: LineFields = LineFields()) -> CatalogStream? {
        let loadOptions = loadOptions(fields: fields)
        if let path = data ?? file, path != "-" {
            // (A file that cannot be opened is left to the whole read, which says why.)
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            if !CatalogStream.isWorthStreaming(descriptor) {
                close(descriptor)
                return nil
            }
            return CatalogStream(
                descriptor: descriptor, name: path, source: path, options: loadOptions, emptyIsNoItems: false)
        }
        if !emoji && (data ?? file == "-" || isatty(0) == 0) && CatalogStream.isWorthStreaming(0) {
            return CatalogStream(
                descriptor: 0, name: CatalogLoader.standardInputName, source: "-", options: loadOptions,
                emptyIsNoItems: !asksForData)
        }
        return nil
    }
}

/// Hands a stream's updates on: to the start while it waits for the first one, then as events
/// to the browser's inbox. Updates come from the reader's thread; the lock orders them with
/// the hand-over, so none is lost or delivered twice.
final class StreamRelay: @unchecked Sendable {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var pending: CatalogStream.Update?
    private var signalled = false
    private var inbox: EventInbox?
    /// Turns the whole input's catalog into the events that end the load (checked first:
    /// a problem with it fails the session).
    private var finishing: (@Sendable (LoadedCatalog) -> [BrowserEvent])?
    /// The whole input's warnings, for standard error once the screen is gone.
    private(set) var warnings: [DataWarning] = []
    /// Whether the stream is a file too large to measure its items (set before it starts).
    var expectsManyItems = false

    /// Starts reading `stream` on a thread of its own.
    func start(_ stream: CatalogStream) {
        Thread.detachNewThread { [self] in
            stream.run { self.offer($0) }
        }
    }

    private func offer(_ update: CatalogStream.Update) {
        lock.lock()
        if let inbox {
            deliver(update, to: inbox)
            lock.unlock()
            return
        }
        // The start takes only the latest: a snapshot it has not drawn yet is outdated.
        pending = update
        if !signalled {
            signalled = true
            arrived.signal()
        }
        let pauses = !paused && { if case .partial = update { true } else { false } }()
        if pauses { paused = true }
        lock.unlock()
        // The first snapshot is what the browser opens with: reading on meanwhile took the
        // second core from the first frame (at five million lines grouped by a field, 185 ms
        // to the first items where fzf shows its first in 85). The reading waits for that
        // frame, at most `firstFramePause`.
        if pauses { _ = firstFrameShown.wait(timeout: .now() + .milliseconds(firstFramePause)) }
    }

    /// The longest the reading waits for the first frame, in milliseconds.
    let firstFramePause: Int
    private let firstFrameShown = DispatchSemaphore(value: 0)

    init(firstFramePause: Int = 250) { self.firstFramePause = firstFramePause }
    private var paused = false

    /// The latest update, waiting at most `milliseconds` for a first one; nil if none came.
    func take(waitingMilliseconds milliseconds: Int) -> CatalogStream.Update? {
        _ = arrived.wait(timeout: .now() + .milliseconds(milliseconds))
        lock.lock()
        defer { lock.unlock() }
        defer { pending = nil }
        return pending
    }

    /// From now on, updates go to `inbox` (one that came since `take` first), the last one
    /// turned into events by `finishing`.
    func handOver(to inbox: EventInbox, finishing: @escaping @Sendable (LoadedCatalog) -> [BrowserEvent]) {
        lock.lock()
        defer { lock.unlock() }
        self.inbox = inbox
        self.finishing = finishing
        inbox.whenFirstTaken { [firstFrameShown] in firstFrameShown.signal() }
        if let pending { deliver(pending, to: inbox) }
        pending = nil
    }

    private func deliver(_ update: CatalogStream.Update, to inbox: EventInbox) {
        switch update {
        case .partial(let loaded):
            inbox.post(.loaded(loaded.catalog))
        case .complete(let loaded):
            warnings = loaded.warnings
            for event in finishing?(loaded) ?? [] { inbox.post(event) }
            inbox.close()
        case .failed(let error):
            inbox.post(.loadFailed(error.description))
            inbox.close()
        }
    }
}
