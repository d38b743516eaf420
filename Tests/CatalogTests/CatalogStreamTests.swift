// Streaming: items arriving in chunks make the same sections as a whole read, every snapshot
// is a prefix of the whole, and a search grown over the items that arrived equals a fresh one.

import Foundation
import SeededRandom
import Testing

@testable import Catalog

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Streaming the data")
struct CatalogStreamTests {
    /// The updates of a stream fed `chunks` through a pipe, with `pause` between chunks.
    func updates(
        of chunks: [String], pause: Duration = .milliseconds(30), options: CatalogLoader.Options = .init()
    ) -> [CatalogStream.Update] {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let input = ends[1]
        let seconds = Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18
        let writer = Thread {
            for chunk in chunks {
                _ = chunk.utf8CString.withUnsafeBufferPointer { write(input, $0.baseAddress!, $0.count - 1) }
                Thread.sleep(forTimeInterval: seconds)
            }
            close(input)
        }
        writer.start()
        let stream = CatalogStream(
            descriptor: ends[0], name: CatalogLoader.standardInputName, source: "-", options: options,
            emptyIsNoItems: true)
        var updates: [CatalogStream.Update] = []
        stream.run { updates.append($0) }
        close(ends[0])
        return updates
    }

    func labels(_ catalog: Catalog) -> [[String]] {
        catalog.sections.map { section in section.items.indices.map { section.items.label(at: $0) } }
    }

    /// Whether `part`'s sections begin `whole`'s, item for item.
    func isPrefix(_ part: Catalog, of whole: Catalog) -> Bool {
        let partLabels = labels(part), wholeLabels = labels(whole)
        guard partLabels.count <= wholeLabels.count else { return false }
        return zip(partLabels, wholeLabels).allSatisfy { $1.starts(with: $0) }
            && zip(part.sections, whole.sections).allSatisfy { $0.title == $1.title }
    }

    @Test("lines arriving in chunks: snapshots along the way, the same catalog as a whole read at the end")
    func linesInChunks() throws {
        // Chunks cut inside lines too: a snapshot ends at the last whole line.
        let text = (1...3_000).map { "line \($0)\n" }.joined()
        let chunks = stride(from: 0, to: text.utf8.count, by: 7_001).map { start in
            String(decoding: Array(text.utf8)[start..<min(start + 7_001, text.utf8.count)], as: UTF8.self)
        }
        let all = updates(of: chunks)
        guard case .complete(let whole)? = all.last else {
            Issue.record("no complete update: \(all)")
            return
        }
        let expected = try CatalogLoader.parse(Array(text.utf8), name: CatalogLoader.standardInputName, source: "-")
        #expect(labels(whole.catalog) == labels(expected.catalog))
        let partials = all.dropLast().compactMap { update -> Catalog? in
            if case .partial(let loaded) = update { return loaded.catalog }
            return nil
        }
        #expect(partials.count >= 1, "\(all.count) updates")
        #expect(partials.allSatisfy { isPrefix($0, of: whole.catalog) })
        // Each snapshot holds more than the one before.
        let counts = partials.map(\.itemCount) + [whole.catalog.itemCount]
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }, "\(counts)")
    }

    @Test("a TSV with sections streams as a whole read parses it: sections in order of first appearance")
    func tableInChunks() throws {
        var rows = "section\tlabel\n"
        var rng = SplitMix64(seed: 9)
        for index in 0..<2_000 { rows += "s\(rng.next(5))\titem \(index)\n" }
        let bytes = Array(rows.utf8)
        let chunks = stride(from: 0, to: bytes.count, by: 4_096).map {
            String(decoding: bytes[$0..<min($0 + 4_096, bytes.count)], as: UTF8.self)
        }
        let all = updates(of: chunks, pause: .milliseconds(20))
        guard case .complete(let whole)? = all.last else {
            Issue.record("no complete update")
            return
        }
        let expected = try CatalogLoader.parse(bytes, name: CatalogLoader.standardInputName, source: "-")
        #expect(labels(whole.catalog) == labels(expected.catalog))
        for update in all.dropLast() {
            if case .partial(let loaded) = update { #expect(isPrefix(loaded.catalog, of: whole.catalog)) }
        }
    }

    @Test("a sectioned JSON through a pipe shows its sections as their items come, before it ends")
    func sectionedJSONInChunks() throws {
        let sections = (0..<3).map { section in
            #"{"title": "s\#(section)", "items": ["#
                + (0..<400).map { #"{"label": "item \#($0)"}"# }.joined(separator: ", ")
                + "]}"
        }
        let text = #"{"sections": ["# + sections.joined(separator: ",\n") + "]}\n"
        let bytes = Array(text.utf8)
        let chunks = stride(from: 0, to: bytes.count, by: 5_000).map {
            String(decoding: bytes[$0..<min($0 + 5_000, bytes.count)], as: UTF8.self)
        }
        let all = updates(of: chunks, pause: .milliseconds(40))
        guard case .complete(let whole)? = all.last else {
            Issue.record("no complete update: \(all)")
            return
        }
        let expected = try CatalogLoader.parse(bytes, name: CatalogLoader.standardInputName, source: "-")
        #expect(whole.catalog == expected.catalog)
        let partials = all.dropLast().compactMap { update -> Catalog? in
            if case .partial(let loaded) = update { return loaded.catalog }
            return nil
        }
        #expect(partials.count >= 2, "\(all.count) updates")
        #expect(partials.allSatisfy { isPrefix($0, of: whole.catalog) })
        // The first snapshot came while the first section was still open.
        #expect(partials.first.map { $0.itemCount < 400 } == true)
    }

    @Test("a large sectioned JSON file: the items of its first 16 KB first, then the whole")
    func largeSectionedJSONFile() throws {
        let directory = NSTemporaryDirectory() + "stream-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/big.json"
        let items = (0..<200_000).map { #"{"label": "item number \#($0)", "n": \#($0)}"# }
        try (#"{"sections": [{"title": "all", "items": ["# + items.joined(separator: ",\n") + "]}]}")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let stream = CatalogStream(
            descriptor: descriptor, name: path, source: path, options: .init(), emptyIsNoItems: false)
        #expect(stream.isLargeFile)
        var all: [CatalogStream.Update] = []
        stream.run { all.append($0) }
        guard all.count == 2, case .partial(let first)? = all.first, case .complete(let whole)? = all.last else {
            Issue.record("\(all.count) updates")
            return
        }
        // (Items of about 45 bytes: the first snapshot holds the first part's whole items.)
        let firstItems = CatalogStream.firstPrefix / 45
        #expect(first.catalog.itemCount > firstItems / 2 && first.catalog.itemCount < firstItems * 2)
        #expect(isPrefix(first.catalog, of: whole.catalog))
        #expect(whole.catalog.itemCount == 200_000)
    }

    @Test("a quiet pipe's lines are shown within the first wait, not when the next lines come")
    func quietPipeShowsWhatCame() {
        let all = updates(of: ["a\nb\n", "c\n"], pause: .milliseconds(300))
        #expect(all.count >= 2)
        if case .partial(let first)? = all.first {
            #expect(labels(first.catalog) == [["a", "b"]])
        } else {
            Issue.record("the first update is not a snapshot of the first lines: \(all)")
        }
    }

    @Test("an empty pipe is no items; a bad one fails with the whole read's message")
    func emptyAndBadInput() {
        let empty = updates(of: [])
        if case .complete(let loaded)? = empty.last {
            #expect(loaded.catalog.sections.isEmpty)
        } else {
            Issue.record("\(empty)")
        }
        let bad = updates(of: ["{\"label\": \"a\"}\n", "{\"label\": \n"], options: .init(format: .jsonl))
        if case .failed(let error)? = bad.last {
            #expect(error.description.hasPrefix("stdin:2:"), "\(error)")
        } else {
            Issue.record("\(bad)")
        }
    }

    @Test("a large file: its first 16 KB first, then the whole")
    func largeFileFirstPart() throws {
        let directory = NSTemporaryDirectory() + "stream-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/big.txt"
        let text = (0..<400_000).map { "item number \($0)\n" }.joined()
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(text.utf8.count > CatalogStream.wholeReadLimit)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let stream = CatalogStream(
            descriptor: descriptor, name: path, source: path, options: .init(), emptyIsNoItems: false)
        #expect(stream.isLargeFile)
        var all: [CatalogStream.Update] = []
        stream.run { all.append($0) }
        #expect(all.count == 2)
        guard case .partial(let first)? = all.first, case .complete(let whole)? = all.last else {
            Issue.record("\(all.count) updates")
            return
        }
        // (Lines of about 19 bytes.)
        let firstLines = CatalogStream.firstPrefix / 19
        #expect(first.catalog.itemCount > firstLines / 2 && first.catalog.itemCount < firstLines * 2)
        #expect(isPrefix(first.catalog, of: whole.catalog))
        #expect(whole.catalog.itemCount == 400_000)
    }

    // MARK: Searching a catalog that grows

    /// The first `counts[i]` items of each of the first `counts.count` sections of `catalog`.
    func prefix(_ catalog: Catalog, _ counts: [Int]) -> Catalog {
        var copy = catalog
        copy.sections = counts.enumerated().map { index, count in
            var section = catalog.sections[index]
            section.items = ItemList(section.items.prefix(count))
            return section
        }
        return copy
    }

    @Test("a search grown over the items that arrived equals a fresh search, over random growth")
    func grownSearchEqualsFresh() {
        var rng = SplitMix64(seed: 0x57EA)
        var grownSteps = 0
        for _ in 0..<150 {
            let whole = SearchTests.randomCatalog(&rng)
            // Three snapshots: fewer sections, fewer items, then the whole.
            let sectionCount = whole.sections.count
            let first = (0..<max(1, rng.next(sectionCount) + 1)).map { rng.next(whole.sections[$0].items.count + 1) }
            var second = whole.sections.indices.prefix(max(first.count, rng.next(sectionCount) + 1)).map {
                $0 < first.count ? first[$0] : rng.next(whole.sections[$0].items.count + 1)
            }
            for index in second.indices where index < first.count {
                second[index] = first[index] + rng.next(whole.sections[index].items.count - first[index] + 1)
            }
            let snapshots = [prefix(whole, first), prefix(whole, second), whole]
            let text = ["a", "b", "'a", "a | b", "!a", "é", "k", "a b", "-"][rng.next(9)]
            let query = SearchQuery(text, fuzzy: rng.next(4) == 0)
            var session = SearchSession()
            for snapshot in snapshots {
                let grown = session.run(query, in: snapshot)
                #expect(grown == Search.run(query, in: snapshot), "\"\(text)\" over \(Search.shape(of: snapshot))")
            }
            if let previous = Optional(Search.run(query, in: snapshots[0])), Search.grow(previous, to: whole) != nil {
                grownSteps += 1
            }
        }
        #expect(grownSteps > 100)  // the grown path was really taken
    }

    @Test func aCatalogThatDidNotGrowFromTheOldOneIsSearchedAfresh() {
        let old = Catalog(sections: [Section(title: "a", items: [Item(label: "cat")])], source: "x")
        let other = Catalog(
            sections: [Section(title: "b", items: [Item(label: "cat"), Item(label: "cab")])], source: "x")
        #expect(Search.grow(Search.run(SearchQuery("ca"), in: old), to: other) == nil)
        let shrunk = Catalog(sections: [Section(title: "a", items: [])], source: "x")
        #expect(Search.grow(Search.run(SearchQuery("ca"), in: old), to: shrunk) == nil)
    }
}
