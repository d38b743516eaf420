// fzf's --preview-window (PreviewWindow). Any text gives a window or one safe line naming the
// option; the same text reads the same twice; a window's description reads back as the same
// window; a text that does not read leaves a window it is applied to as it was; on any screen
// the window's size stays between its least size and the room the list leaves, and its scroll
// offset, with the text itself as the field's value, is 0 or more.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let window: PreviewWindow
    do {
        window = try PreviewWindow(parsing: text)
    } catch {
        Fuzz.check(Fuzz.isSafeOneLine(error.description), "unsafe message: \(error.description.debugDescription)")
        Fuzz.check(error.description.hasPrefix("--preview-window: "), "a message without the option's name")
        var base = PreviewWindow()
        base.position = .up
        base.scroll = PreviewWindow.Scroll("+{2}-5")
        base.alternative = PreviewWindow.Alternative(threshold: 40, window: PreviewWindow())
        let before = base
        Fuzz.check((try? base.apply(text)) == nil && base == before, "a text that does not read changed the window")
        return 0
    }
    Fuzz.check((try? PreviewWindow(parsing: text)) == window, "the text reads differently twice")
    do {
        let again = try PreviewWindow(parsing: window.description)
        Fuzz.check(again == window, "the description reads back otherwise: \(window.description.debugDescription)")
    } catch {
        Fuzz.fail("the description does not read: \(window.description.debugDescription): \(error.description)")
    }
    for (width, height) in [(0, 0), (1, 1), (7, 3), (80, 24), (1000, 500)] {
        for promptOnTop in [false, true] {
            let least = window.minimumExtent(promptOnTop: promptOnTop)
            let room = window.takesRows ? height - PreviewWindow.listKeepsRows : width - PreviewWindow.listKeepsColumns
            let extent = window.extent(width: width, height: height, promptOnTop: promptOnTop)
            Fuzz.check(extent >= least && extent <= max(room, least), "size \(extent) on \(width)x\(height)")
            if let layout = window.layout(width: width, height: height, promptOnTop: promptOnTop) {
                Fuzz.check(layout.side != .next && layout.border != .line, "an unresolved side or border")
                Fuzz.check(layout.columns >= 0 && layout.rows >= 0, "a negative rectangle")
                Fuzz.check(!layout.window.hidden && !layout.window.size.isZero, "a layout for nothing shown")
            }
        }
    }
    Fuzz.check(window.scrollOffset(windowRows: 24) { _ in text } >= 0, "a negative scroll offset")
    return 0
}
