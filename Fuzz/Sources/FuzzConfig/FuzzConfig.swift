// The configuration file: any bytes give a configuration whose values are in their documented
// ranges and leave room for items, or one error line at a key's line and column.

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
    // Items show: at the narrowest width of each breakpoint and a few wider ones, a section's
    // first item is laid out with a size.
    let catalog = Catalog(sections: [Section(title: "s", items: [Item(label: "a"), Item(label: "b")])], source: "fuzz")
    let settings = configuration.layoutSettings(for: catalog)
    let widths = Set(
        settings.breakpoints.map { max(BrowserState.minimumWidth, min($0.minWidth, 100_000)) } + [20, 80, 200])
    for width in widths {
        let layout = SplitLayout(
            sections: settings.sectionSpecs(for: catalog), parameters: settings.parameters(forWidth: width),
            width: width)
        guard let frame = layout.frame(of: ItemPath(section: 0, item: 0)) else {
            Fuzz.fail("no item at \(width) columns")
        }
        Fuzz.check(frame.width >= 1 && frame.height >= 1, "an empty item at \(width) columns: \(frame)")
    }
    return 0
}
