// `splitview-bench --search FILE [--group-nth N] [QUERY]`: the time each keystroke of QUERY
// (default `amber har`) costs the browser once the data is loaded, split into the search (a
// `SearchSession` narrowing along the typed prefixes, as `SearchRunner` runs it) and the whole
// of showing its answer (`applyFilter`, searching in the foreground: the search again, then the
// filtered catalog and its layout). For finding where a keystroke's time goes; the end-to-end
// figures against fzf are Benchmarks/scale/run.py's.

import Browser
import Catalog
import Glibc

func runSearchBenchmark(arguments: [String]) {
    var rest = arguments
    var fields = LineFields()
    if let index = rest.firstIndex(of: "--group-nth"), index + 1 < rest.count {
        fields.groupNth = FieldIndices(parsing: rest[index + 1])
        rest.removeSubrange(index...index + 1)
    }
    guard let path = rest.first else {
        print("usage: splitview-bench --search FILE|--catalog NAME [--group-nth N] [QUERY]")
        exit(2)
    }
    let catalog: Catalog
    if path == "--catalog", let name = rest.dropFirst().first, let bundled = BundledCatalog(source: name) {
        // (A bundled catalog, `--catalog NAME`: the query follows the name.)
        catalog = bundled.load()
        rest.removeFirst()
    } else {
        do {
            catalog = try CatalogLoader.load(
                path: path, options: .init(format: path.hasSuffix(".txt") ? .lines : nil, fields: fields)
            ).catalog
        } catch {
            print("\(error)")
            exit(1)
        }
    }
    let query = rest.count > 1 ? rest[1] : "amber har"
    // (A bundled catalog's word starts, indexed aside in the program, indexed here before the
    // first key; SPLITVIEW_BENCH_NO_INDEX=1: not, to measure the search without them.)
    if getenv("SPLITVIEW_BENCH_NO_INDEX") == nil && BundledCatalog(source: catalog.source) != nil {
        let start = nanoseconds()
        catalog.indexWordStarts()
        print("word starts indexed in \(format(Double(nanoseconds() - start)))")
    }
    let settings = linesSettings(list: true)
    var options = SearchOptions()
    if getenv("SPLITVIEW_BENCH_NO_SORT") != nil { options.sorts = false }
    print("\(catalog.sections.count) sections, \(catalog.sections.reduce(0) { $0 + $1.items.count }) items")
    // (SPLITVIEW_BENCH_ONLY=K: only key K's search, narrowed from the key before, ROUNDS times
    // (21); for a profiler.)
    if let only = getenv("SPLITVIEW_BENCH_ONLY").flatMap({ Int(String(cString: $0)) }) {
        let typed = Array(query)
        let before =
            only > 1
            ? Search.run(options.query(String(typed[..<(only - 1)]), source: catalog.source), in: catalog) : nil
        let searchQuery = options.query(String(typed[..<only]), source: catalog.source)
        // Each search with the caches cold, as a key typed after a pause finds them: 64 MB
        // written between searches pushes the items out of the processor's caches.
        var evictor = [UInt8](repeating: 0, count: 64 << 20)
        var times: [Double] = []
        let rounds = max(1, rounds(or: 21))
        for round in 0..<rounds {
            for index in stride(from: 0, to: evictor.count, by: 64) {
                evictor[index] = UInt8(truncatingIfNeeded: round)
            }
            let start = nanoseconds()
            _ = Search.run(searchQuery, in: catalog, within: before)
            times.append(Double(nanoseconds() - start))
        }
        times.sort()
        print(
            "`\(String(typed[..<only]))`: \(format(times[times.count / 2])) a search (median of \(rounds), caches cold)"
        )
        return
    }
    // (SPLITVIEW_BENCH_SHOW=K: showing key K's answer again, and drawing its frame, ROUNDS
    // times (50): the part of a key's time after its search.)
    if let only = getenv("SPLITVIEW_BENCH_SHOW").flatMap({ Int(String(cString: $0)) }) {
        let typed = String(Array(query)[..<only])
        var state = BrowserState(catalog: catalog, settings: settings, width: 200, height: 60)
        state.applyFilter(typed)
        let rounds = max(1, rounds(or: 50))
        let start = nanoseconds()
        for _ in 0..<rounds { state.applyFilter(typed) }
        print("`\(typed)`: \(format(Double(nanoseconds() - start) / Double(rounds))) to show")
        // And drawing its frame (200 x 60), as many times.
        let drawing = nanoseconds()
        for _ in 0..<rounds { _ = Browser.render(state) }
        print("`\(typed)`: \(format(Double(nanoseconds() - drawing) / Double(rounds))) to draw its frame")
        return
    }
    print("| typed | matches | search | applyFilter (search + show) |")
    print("| --- | --- | --- | --- |")
    for _ in 0..<2 {
        var session = SearchSession()
        var state = BrowserState(catalog: catalog, settings: settings, width: 200, height: 60)
        var typed = ""
        for character in query {
            typed.append(character)
            let searchQuery = options.query(typed, source: catalog.source)
            var start = nanoseconds()
            let result = session.run(searchQuery, in: catalog)
            let search = Double(nanoseconds() - start)
            start = nanoseconds()
            state.applyFilter(typed)
            let apply = Double(nanoseconds() - start)
            print("| `\(typed)` | \(result.count) | \(format(search)) | \(format(apply)) |")
        }
    }
}

/// ROUNDS from the environment, else `standard`.
private func rounds(or standard: Int) -> Int {
    getenv("ROUNDS").flatMap { Int(String(cString: $0)) } ?? standard
}
