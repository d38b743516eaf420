// The configuration file: any bytes give a configuration whose values are in their documented
// ranges and leave room for items at some width where they apply, or one error line at a key's
// line and column. At every width the browser is drawn at, an accepted configuration leaves
// every column room for items (one column where two would not), or the browser says the
// terminal is too small; and each width range that asks for two columns gets them at its
// widest width (else the file would have been refused: issue 25).

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let configuration: Configuration
    do {
        configuration = try ConfigLoader.parse(bytes, file: "fuzz.toml")
    } catch {
        guard let line = error.line else { Fuzz.fail("an error with no position: \(error)") }
        Fuzz.check(Fuzz.isInside(line: line, column: error.column, of: bytes), "position outside the input: \(error)")
        Fuzz.check(Fuzz.isSafeOneLine(error.description), "unsafe message: \(error.description.debugDescription)")
        return 0
    }
    let layout = configuration.layout
    Fuzz.check(layout.itemWidth >= 1 && layout.itemHeight >= 1 && layout.itemHeight <= 100, "item size out of range")
    Fuzz.check(
        (0...100).contains(layout.headerHeight) && (0...100).contains(layout.footerHeight), "heights out of range")
    Fuzz.check(
        configuration.widthOverrides.allSatisfy { $0.key.count == 1 && (0...2).contains($0.value) }, "bad [widths]")
    // Two sections, so that the configured split applies (one section gets one column).
    let catalog = Catalog(
        sections: [
            Section(title: "s", items: [Item(label: "a"), Item(label: "b")]),
            Section(title: "t", items: [Item(label: "c")]),
        ], source: "fuzz")
    let settings = configuration.layoutSettings(for: catalog)
    let widest = 100_000
    let need = ColumnRoom.need(
        inset: settings.parameters.sectionInset, itemsPerLine: settings.itemsPerLine,
        spacing: settings.parameters.interItemSpacing)
    Fuzz.check(need <= widest, "accepted, but no width up to \(widest) columns holds the items (\(need) cells needed)")
    var state = BrowserState(catalog: catalog, settings: settings, width: 200, height: 50)
    Fuzz.check(
        state.requiredWidth <= max(BrowserState.minimumWidth, need),
        "the browser asks for \(state.requiredWidth) columns, the configuration needs \(need)")
    // Where each breakpoint's range starts and ends, the widths around the room needed, a few more.
    let starts = Set(settings.breakpoints.map { min(max(BrowserState.minimumWidth, $0.minWidth), widest) })
    let ends = Set(settings.breakpoints.map { min(max(1, $0.minWidth - 1), widest) })
    var widths = starts.union(ends).union([1, 20, 80, 200, widest, need, max(1, need - 1)])
    widths.formUnion(settings.breakpoints.map { min($0.minWidth + 1, widest) })
    for width in widths.sorted() {
        Browser.update(&state, .resize(width: width, height: 50))
        if width < state.requiredWidth {
            Fuzz.check(state.isTooSmall, "\(width) columns, less than the \(state.requiredWidth) needed, drawn")
            continue
        }
        let narrowest = state.content.columnRoom.narrowest
        Fuzz.check(
            state.view.layout.columns.allSatisfy { $0.width >= narrowest },
            "at \(width) columns a column has no room for items: \(state.view.layout.columns), \(narrowest) needed")
        guard let frame = state.view.layout.frame(of: ItemPath(section: 0, item: 0)) else {
            Fuzz.fail("no item at \(width) columns")
        }
        Fuzz.check(frame.width >= 1 && frame.height >= 1, "an empty item at \(width) columns: \(frame)")
    }
    // Each range of widths that asks for two columns gets them at its widest width (the file is
    // refused otherwise): a range ends where the next breakpoint starts, the last at `widest`.
    let minimums = Set(settings.breakpoints.map(\.minWidth) + [BrowserState.minimumWidth]).sorted()
    for (position, start) in minimums.enumerated() {
        let end = min(widest, position + 1 < minimums.count ? minimums[position + 1] - 1 : widest)
        guard end >= max(BrowserState.minimumWidth, start) else { continue }
        let ratio = settings.leftRatio(forWidth: end)
        guard ratio > 0 && ratio < 1 else { continue }
        Browser.update(&state, .resize(width: end, height: 50))
        Fuzz.check(
            state.view.layout.columns.count == 2,
            "two columns (ratio \(ratio)) asked from \(start) to \(end) columns, and none at \(end)")
    }
    return 0
}
