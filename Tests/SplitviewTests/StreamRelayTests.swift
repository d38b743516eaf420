// The reading of a large input pauses after the snapshot the browser opens with, until the
// browser's first frame (its loop's first look at the inbox): reading on took the second core
// from that frame (at five million lines grouped by a field, the first items came at 185 ms).

@testable import Browser
import Catalog
import Foundation
import Testing

@testable import splitview

@Suite("Stream relay")
struct StreamRelayTests {
    @Test("the reader waits after the first snapshot until the first frame, then reads to the end")
    func readerPausesForTheFirstFrame() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(getpid()).txt").path
        defer { unlink(path) }
        // Larger than the whole-read limit: its first 16 KB are the first snapshot.
        let lines = (0..<400_000).map { "line \($0) of the stream" }.joined(separator: "\n") + "\n"
        try lines.write(toFile: path, atomically: true, encoding: .utf8)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        #expect(CatalogStream.isWorthStreaming(descriptor))
        let relay = StreamRelay(firstFramePause: 20_000)
        relay.start(
            CatalogStream(
                descriptor: descriptor, name: path, source: path, options: .init(format: .lines),
                emptyIsNoItems: false))
        guard case .partial(let first) = relay.take(waitingMilliseconds: 5_000) else {
            Issue.record("no first snapshot")
            return
        }
        #expect(first.catalog.sections[0].items.count < 400_000)
        // Paused: nothing new after the first snapshot, however long the start takes (read on,
        // the whole file takes well under a second here, even in a debug build).
        for _ in 0..<30 {
            Thread.sleep(forTimeInterval: 0.1)
            if relay.take(waitingMilliseconds: 0) != nil {
                Issue.record("the reading went on before the first frame")
                return
            }
        }
        // The browser's loop looks at its inbox after its first frame: the reading goes on.
        let inbox = EventInbox()
        relay.handOver(to: inbox) { _ in [.loadEnded(headerLines: [], notice: nil)] }
        let deadline = Date().addingTimeInterval(10)
        var events: [BrowserEvent] = []
        while inbox.isOpen, Date() < deadline {
            events += inbox.takeAll()
            Thread.sleep(forTimeInterval: 0.01)
        }
        events += inbox.takeAll()
        #expect(!inbox.isOpen, "the reading went on to the end")
        #expect(events.contains { if case .loadEnded = $0 { true } else { false } })
    }
}
