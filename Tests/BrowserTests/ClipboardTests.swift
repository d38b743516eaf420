// y copies the focused item to the terminal's clipboard (OSC 52), as --print prints it.

import Foundation
import Testing

@testable import Browser
@testable import Catalog
@testable import SplitLayout
@testable import TerminalUI

@Suite("Copying to the clipboard")
struct ClipboardTests {
    @Test func yCopiesTheFocusedItemAndSaysSo() {
        var state = BrowserState(
            catalog: emojiFixtureCatalog, settings: fixtureSettings(), width: 60, height: 10)
        #expect(state.send(.character("y")) == [.copyToClipboard("😀")])
        #expect(render(state).last?.contains("copied 😀 to the clipboard") == true)
        // As --print would print it.
        state.options.printLine = { item, section, _ in "\(section): \(item.label)" }
        #expect(state.send(.right, .character("y")) == [.copyToClipboard("Faces: red heart")])
    }

    @Test("the loop sends what was copied to the screen, once")
    func theLoopSendsIt() {
        var state = BrowserState(
            catalog: emojiFixtureCatalog, settings: fixtureSettings(), width: 60, height: 10)
        let screen = MemoryScreen(width: 60, height: 10)
        screen.pendingEvents = [.key(.character("y")), .key(.right), .key(.character("y"))]
        _ = Browser.run(&state, on: screen)
        #expect(screen.copied == ["😀", "❤️"])
    }

    @Test("OSC 52 carries the text in base64")
    func osc52() {
        #expect(clipboardSequence("hi") == Array("\u{1B}]52;c;aGk=\u{07}".utf8))
        var generator = SystemRandomNumberGenerator()
        for length in 0..<40 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(base64(bytes) == Array(Data(bytes).base64EncodedString().utf8))
        }
    }
}
