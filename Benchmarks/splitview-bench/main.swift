// Release-mode benchmark of the layout engine and of the browser's frames:
// `swift run -c release splitview-bench`.
// Times are medians over repeated runs; memory is what the allocator holds for the layout
// (mallinfo2 before and after building it), so it includes every table the layout keeps.
// The frame figures (RenderBenchmark.swift) draw on the real screen over a pseudo-terminal.

import Glibc
import CMallocStats
import SeededRandom
import SplitLayout

func nanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Median and minimum of `runs` timings of `body`, in nanoseconds per call.
func measure(runs: Int, repeats: Int = 1, _ body: () -> Void) -> (median: Double, min: Double) {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = nanoseconds()
        for _ in 0..<repeats { body() }
        samples.append(Double(nanoseconds() - start) / Double(repeats))
    }
    samples.sort()
    return (samples[samples.count / 2], samples[0])
}

func allocatedBytes() -> Int { Int(cmallocstats_allocated_bytes()) }

func format(_ nanoseconds: Double) -> String {
    if nanoseconds >= 1_000_000 { return String(Int(nanoseconds / 1_000)).dividedThousands + " ms" }
    if nanoseconds >= 1_000 { return String(format1(nanoseconds / 1_000)) + " µs" }
    return String(Int(nanoseconds)) + " ns"
}

func format1(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

extension String {
    /// "12345" microseconds as "12.345" milliseconds.
    var dividedThousands: String {
        let value = Int(self)!
        return "\(value / 1000).\(String(value % 1000 + 1000).dropFirst())"
    }
}

func formatBytes(_ bytes: Int) -> String {
    if bytes >= 1 << 20 { return format1(Double(bytes) / Double(1 << 20)) + " MiB" }
    if bytes >= 1 << 10 { return format1(Double(bytes) / Double(1 << 10)) + " KiB" }
    return "\(bytes) B"
}

struct Scenario {
    let name: String
    let sections: [SectionSpec]
}

// `splitview-bench --compose SCENARIO N` composes the opening view of frame scenario
// SCENARIO (0: emoji by group, 1: by subgroup, 2: text items) N times and does nothing else:
// for counting instructions under callgrind, steady where wall times on a shared machine vary
// twofold between runs.
if let flag = CommandLine.arguments.firstIndex(of: "--compose"), CommandLine.arguments.count > flag + 2,
    let scenario = Int(CommandLine.arguments[flag + 1]), let count = Int(CommandLine.arguments[flag + 2])
{
    composeOnly(scenario: scenario, count: count)
    exit(0)
}
if let flag = CommandLine.arguments.firstIndex(of: "--search") {
    runSearchBenchmark(arguments: Array(CommandLine.arguments[(flag + 1)...]))
    exit(0)
}
// `splitview-bench --rows`: only the row frames (RowBenchmark.swift).
if CommandLine.arguments.contains("--rows") {
    printRowBenchmarks()
    exit(0)
}
// `splitview-bench --draw SCENARIO N`: draws N frames composed beforehand, scrolled one row
// each (`--draw-pages`: a page each), on the real screen over a pseudo-terminal, and nothing else.
for (flag, page) in [("--draw", false), ("--draw-pages", true)] {
    if let index = CommandLine.arguments.firstIndex(of: flag), CommandLine.arguments.count > index + 2,
        let scenario = Int(CommandLine.arguments[index + 1]), let count = Int(CommandLine.arguments[index + 2])
    {
        drawOnly(scenario: scenario, count: count, pages: page)
        exit(0)
    }
}

let uniform = Scenario(
    name: "1,000 sections x 1,000 items, uniform",
    sections: (0..<1000).map { _ in
        SectionSpec(items: .uniform(count: 1000, size: ItemSize(width: 4, height: 1)), headerHeight: 1)
    })

var random = SplitMix64(seed: 42)
let varying = Scenario(
    name: "100,000 items of varying sizes (100 x 1,000)",
    sections: (0..<100).map { _ in
        SectionSpec(
            items: .varying(
                (0..<1000).map { _ in
                    ItemSize(
                        width: Int.random(in: 2...12, using: &random), height: Int.random(in: 1...3, using: &random))
                }), headerHeight: 1)
    })

let heroGroups = Scenario(
    name: "1,000 sections x 1,000 items, hero groups",
    sections: (0..<1000).map { _ in
        SectionSpec(
            items: .uniform(count: 1000, size: ItemSize(width: 4, height: 1)), headerHeight: 1,
            group: .hero(height: 6, spacing: 1))
    })

let chips = Scenario(
    name: "100,000 items as chips (estimated widths, 100 x 1,000)",
    sections: (0..<100).map { _ in
        SectionSpec(
            items: .uniform(count: 1000, size: ItemSize(width: 4, height: 1)), headerHeight: 1,
            group: GroupLayout(
                direction: .horizontal, width: .fraction(1), height: .estimated(padding: 0),
                members: [.item(width: .estimated(padding: 2), height: .estimated(padding: 0))]),
            contentWidths: (0..<1000).map { _ in Int32.random(in: 3...30, using: &random) })
    })

let parameters = LayoutParameters(
    leftRatio: 0.5, splitSpacing: 2, interItemSpacing: 1, lineSpacing: 0,
    sectionInset: EdgeInsets(top: 0, left: 1, bottom: 1, right: 1),
    normalizeLineHeight: true, pinHeaders: true, sideRule: .balance)

print("| scenario | full layout | re-layout (200 -> 120 cols) | visible query (200x60) | layout memory |")
print("| --- | --- | --- | --- | --- |")
for scenario in [uniform, varying, heroGroups, chips] {
    let runs = 21
    var layout = SplitLayout(sections: scenario.sections, parameters: parameters, width: 200)

    // Memory: build one more layout while the first stays alive, and count what it added.
    let before = allocatedBytes()
    let measured = SplitLayout(sections: scenario.sections, parameters: parameters, width: 200)
    let memory = allocatedBytes() - before
    withExtendedLifetime(measured) {}

    let full = measure(runs: runs) {
        layout = SplitLayout(sections: scenario.sections, parameters: parameters, width: 200)
    }
    var narrow = layout
    let relayout = measure(runs: runs) {
        narrow = layout.relayout(width: 120)
    }
    precondition(narrow.viewportWidth == 120)

    // Visible queries at offsets spread over the whole content.
    let offsets = (0..<1000).map { _ in Int.random(in: 0..<max(1, layout.contentHeight - 60), using: &random) }
    var counted = 0
    var index = 0
    let query = measure(runs: runs, repeats: 1000) {
        let offset = offsets[index % offsets.count]
        index += 1
        layout.forEachElement(in: Rect(x: 0, y: offset, width: 200, height: 60)) { _ in counted += 1 }
    }
    precondition(counted > 0)

    print(
        "| \(scenario.name) | \(format(full.median)) | \(format(relayout.median)) | \(format(query.median)) | \(formatBytes(memory)) (tables: \(formatBytes(layout.byteCount))) |"
    )
}

printRenderBenchmarks()
printRowBenchmarks()
