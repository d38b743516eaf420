// The browser's data read while it runs: the stream's reader thread, and the relay that hands
// its snapshots first to the start (which waits at most 20 ms for one) and then to the running
// browser's inbox.

import Browser
import Catalog
import Foundation
import SplitLayout
import TerminalUI
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
        if askedCatalog == nil && (data ?? file == "-" || isatty(0) == 0) && CatalogStream.isWorthStreaming(0) {
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
    /// A reload's relay: its first snapshot replaces the data (`BrowserEvent.reloaded`), and
    /// a failure is a notice, not the session's end.
    var replaces = false
    /// Set by `cancel`: nothing more is delivered (a newer reload took over).
    private var cancelled = false

    /// Delivers nothing from now on.
    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// Starts reading `stream` on a thread of its own, then does `finally` there (a reload's
    /// clean-up) once the stream has ended.
    func start(_ stream: CatalogStream, finally: @escaping @Sendable () -> Void = {}) {
        // (The configuration's effects, which the data's rows may name, go with it.)
        let effects = CardEffects.configured
        Thread.detachNewThread { [self] in
            CardEffects.$configured.withValue(effects) { stream.run { self.offer($0) } }
            finally()
        }
    }

    private func offer(_ update: CatalogStream.Update) {
        lock.lock()
        if cancelled {
            lock.unlock()
            return
        }
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
            post(.loaded(loaded.catalog), to: inbox)
        case .complete(let loaded):
            if !replaces { warnings = loaded.warnings }
            for event in finishing?(loaded) ?? [] { post(event, to: inbox) }
            inbox.close()
        case .failed(let error) where replaces:
            inbox.post(.loadEnded(headerLines: [], notice: "reload: \(error.description)"))
            inbox.close()
        case .failed(let error):
            inbox.post(.loadFailed(error.description))
            inbox.close()
        }
    }

    /// Posts `event`, a reload's first data as the data's replacement.
    private func post(_ event: BrowserEvent, to inbox: EventInbox) {
        if replaces, case .loaded(let catalog) = event {
            replaces = false
            inbox.post(.reloaded(catalog))
        } else {
            inbox.post(event)
        }
    }
}

/// Runs --bind's reload commands: each one's output read as a pipe is (the same format and
/// fields as the data), replacing the data in the browser as it arrives; a newer reload ends
/// the one before (its process group killed, its relay silenced), and so does the session's
/// end.
final class Reloader: @unchecked Sendable {
    private let lock = NSLock()
    private var relay: StreamRelay?
    private var group: pid_t = 0

    /// Starts `command`, ending what read the data before (`earlier`: the first stream's
    /// relay, while it runs). `stream` makes the reading of a descriptor.
    func start(
        _ command: ShellCommand, after earlier: StreamRelay?, inbox: EventInbox,
        finishing: @escaping @Sendable (LoadedCatalog) -> [BrowserEvent], stream: (Int32) -> CatalogStream
    ) {
        stop()
        earlier?.cancel()
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            inbox.post(.loadEnded(headerLines: [], notice: "reload: no pipe for the command"))
            return
        }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        guard let pid = ChildProcess.spawn(command, input: .null, output: .descriptor(ends[1]), error: .null) else {
            close(ends[0])
            close(ends[1])
            inbox.post(.loadEnded(headerLines: [], notice: "reload: cannot run \(command.shell)"))
            return
        }
        close(ends[1])
        TerminalGuard.setChildGroup(pid, slot: .reload)
        let relay = StreamRelay(firstFramePause: 0)
        relay.replaces = true
        lock.lock()
        self.relay = relay
        group = pid
        lock.unlock()
        inbox.reopen()
        relay.handOver(to: inbox, finishing: finishing)
        let reader = ends[0]
        relay.start(stream(reader)) { [self] in
            close(reader)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            for file in command.files { unlink(file) }
            lock.lock()
            if group == pid {
                group = 0
                TerminalGuard.setChildGroup(nil, slot: .reload)
            }
            lock.unlock()
        }
    }

    /// Ends the reload under way, if any.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        relay?.cancel()
        relay = nil
        if group > 0 { kill(-group, SIGKILL) }
        group = 0
        TerminalGuard.setChildGroup(nil, slot: .reload)
    }
}
