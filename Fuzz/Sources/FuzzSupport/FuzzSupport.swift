// What every harness asserts about a parser's answer, besides "no crash": an error's position
// is inside the input, and its message is one line a terminal shows as it is.

@_exported import Browser
@_exported import Catalog
@_exported import SplitLayout
@_exported import TerminalUI
@_exported import TOML
@_exported import UserFiles

#if canImport(Glibc)
    import Glibc
#endif

public enum Fuzz {
    /// Stops the run with `message`: libFuzzer keeps the input that got here as a crash.
    public static func fail(_ message: String) -> Never {
        let line = Array("fuzz contract broken: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }

    public static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    /// The lengths, in scalars, of the input's lines (split at LF, CRLF and a lone CR: the
    /// readers differ on the last, and a position is accepted if either count holds it).
    static func lineLengths(_ bytes: [UInt8], splittingAtCarriageReturn: Bool) -> [Int] {
        var lengths: [Int] = []
        var current = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || (splittingAtCarriageReturn && byte == 0x0D) {
                lengths.append(current)
                current = 0
                if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
            } else if byte & 0xC0 != 0x80 {
                current += 1
            }
            index += 1
        }
        lengths.append(current)
        return lengths
    }

    /// Whether `line:column` (1-based, column optional) lies inside `bytes` or just past the end
    /// of a line (where "found the end of the line" is reported).
    public static func isInside(line: Int, column: Int?, of bytes: [UInt8]) -> Bool {
        for splitting in [false, true] {
            // A byte order mark is not a column.
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            let lengths = lineLengths(body, splittingAtCarriageReturn: splitting)
            guard line >= 1, line <= lengths.count else { continue }
            guard let column else { return true }
            // +1: just past the line's end; +1 more for a column counted on the raw line with its CR.
            if column >= 1 && column <= lengths[line - 1] + 2 { return true }
        }
        return false
    }

    /// Whether `message` is one line with nothing a terminal would take as a control or that
    /// changes how the text around it shows (bidi controls, line separators).
    public static func isSafeOneLine(_ message: String) -> Bool {
        message.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                return false
            default:
                return true
            }
        }
    }

    /// Checks a data file's error: a position inside the input when it has one, and a safe line.
    public static func checkDataError(_ error: DataError, input: [UInt8]) {
        if let line = error.line {
            check(
                isInside(line: line, column: error.column, of: input),
                "position \(line):\(error.column ?? 0) outside the input: \(error)")
        } else {
            check(error.column == nil, "a column without a line: \(error)")
        }
        check(isSafeOneLine(error.description), "unsafe or multi-line message: \(error.description.debugDescription)")
    }

    /// Checks a loaded catalog: every section and item can be read back, and the counts agree.
    public static func checkCatalog(_ catalog: Catalog) {
        var total = 0
        for section in catalog.sections {
            total += section.items.count
            for index in section.items.indices {
                let item = section.items[index]
                check(item.label == section.items.label(at: index), "label(at:) differs from the item's label")
                check(item.glyph == section.items.glyph(at: index), "glyph(at:) differs from the item's glyph")
            }
        }
        check(total == catalog.itemCount, "item count \(catalog.itemCount) but \(total) items")
    }

    /// Splits a fuzz input into a small header (the first `count` bytes, zero-padded) that
    /// chooses options, and the rest, which is the document.
    public static func split(_ data: UnsafeRawBufferPointer, header count: Int) -> (header: [UInt8], body: [UInt8]) {
        let bytes = Array(data)
        let header = Array(bytes.prefix(count)) + Array(repeating: 0, count: max(0, count - bytes.count))
        return (header, Array(bytes.dropFirst(count)))
    }
}

extension Fuzz {
    /// Loads `body` as a data file; checks the error, or the catalog, its layout at a width and
    /// offsets the header bytes choose (offsets up to Int.max included), and the browser's
    /// first frame: no cell of it may hold a control character. Returns the catalog loaded.
    /// The input is also fed in parts (`checkInParts`), which must give what the whole read gave.
    @discardableResult
    public static func loadAndLayOut(
        _ body: [UInt8], name: String, options: CatalogLoader.Options, header: [UInt8]
    ) -> Catalog? {
        let whole: Result<LoadedCatalog, DataError>
        do throws(DataError) {
            whole = .success(try CatalogLoader.parse(body, name: name, options: options))
        } catch {
            whole = .failure(error)
        }
        checkInParts(body, name: name, options: options, whole: whole)
        let loaded: LoadedCatalog
        switch whole {
        case .success(let success):
            loaded = success
        case .failure(let error):
            checkDataError(error, input: body)
            return nil
        }
        for warning in loaded.warnings {
            check(isSafeOneLine(warning.description), "unsafe warning: \(warning.description.debugDescription)")
        }
        let catalog = loaded.catalog
        checkCatalog(catalog)
        let width = 20 + Int(header[0]) % 181
        let height = 5 + Int(header[1]) % 56
        let settings = Configuration.defaults.layoutSettings(for: catalog)
        let layout = SplitLayout(
            sections: settings.sectionSpecs(for: catalog), parameters: settings.parameters(forWidth: width),
            width: width, height: height - 1)
        for offset in [0, Int(header[1]) * 7, layout.contentHeight, Int.max / 2, Int.max - 1, Int.max] {
            let viewport = Rect(x: 0, y: offset, width: width, height: height)
            layout.forEachElement(in: viewport) { element in
                check(element.frame.width >= 0 && element.frame.height >= 0, "a negative frame \(element.frame)")
            }
            // A group's backgrounds and badges: where they are attached is a frame of the group.
            for section in layout.sections.indices.prefix(64) {
                layout.forEachDecoration(ofSection: section, in: viewport) { decoration in
                    check(
                        decoration.frame.width >= 0 && decoration.frame.height >= 0,
                        "a negative decoration frame \(decoration.frame)")
                    for badge in decoration.badges {
                        let frame = badge.frame(width: 5, on: decoration.frame)
                        check(frame.width <= max(0, decoration.frame.width), "a badge wider than its frame")
                    }
                }
            }
        }
        var state = BrowserState(catalog: catalog, settings: settings, width: width, height: height)
        checkFrame(Browser.render(state))
        state.startSearch(String(decoding: body.prefix(3), as: UTF8.self))
        checkFrame(Browser.render(state))
        return catalog
    }

    /// No cell of a frame shows a control or a character that reorders or breaks the line.
    public static func checkFrame(_ frame: CellBuffer) {
        for line in frame.lines {
            check(isSafeOneLine(line), "a frame line with a control: \(line.debugDescription)")
        }
    }
}

extension Fuzz {
    /// Feeds `body` to a `CatalogParser` in parts, as a stream arrives: once in parts whose sizes
    /// the input's own bytes choose (1 to 64 bytes, so that cuts fall inside lines, quoted
    /// fields, characters and JSON values), and byte by byte; each must give what the whole
    /// read gave (`whole`): the same catalog, format, warnings and header lines, or the same
    /// error. The snapshots taken along the way must not hold more items than were parsed.
    public static func checkInParts(
        _ body: [UInt8], name: String, options: CatalogLoader.Options, whole: Result<LoadedCatalog, DataError>
    ) {
        var byteSizes: [Int] = []
        var total = 0
        while total < body.count {
            let size = 1 + Int(body[(total &* 7 &+ byteSizes.count) % body.count] & 0x3F)
            byteSizes.append(min(size, body.count - total))
            total += size
        }
        for sizes in [byteSizes, Array(repeating: 1, count: body.count)] {
            var parser = CatalogParser(name: name, options: options)
            var start = 0
            var failure: DataError?
            for size in sizes {
                do throws(DataError) {
                    try parser.feed(body[start..<start + size])
                } catch {
                    failure = error
                    break
                }
                start += size
                if let snapshot = parser.snapshot() {
                    check(
                        snapshot.catalog.itemCount <= parser.itemCount,
                        "a snapshot of \(snapshot.catalog.itemCount) items after \(parser.itemCount) were parsed")
                    checkCatalog(snapshot.catalog)
                }
            }
            let parts: Result<LoadedCatalog, DataError>
            if let failure {
                parts = .failure(failure)
            } else {
                do throws(DataError) {
                    parts = .success(try parser.finish())
                } catch {
                    parts = .failure(error)
                }
            }
            let cuts = sizes.count == body.count ? "byte by byte" : "in parts of \(sizes)"
            switch (whole, parts) {
            case (.failure(let expected), .failure(let got)):
                check(expected == got, "read \(cuts): \(got), a whole read: \(expected)")
            case (.success(let expected), .success(let got)):
                check(expected.catalog == got.catalog, "read \(cuts): another catalog than a whole read's")
                check(expected.format == got.format, "read \(cuts): \(got.format), a whole read: \(expected.format)")
                check(
                    expected.warnings == got.warnings,
                    "read \(cuts): \(got.warnings), a whole read: \(expected.warnings)")
                check(expected.headerLines == got.headerLines, "read \(cuts): other header lines than a whole read's")
            case (.success, .failure(let got)):
                fail("read \(cuts): \(got), a whole read loads")
            case (.failure(let expected), .success):
                fail("read \(cuts): loads, a whole read fails with \(expected)")
            }
        }
    }
}
