// docs/bindings.md's tables of actions and events come from their declarations
// (`BindableAction.all`, `BindEvent`) and the key maps (the keys that do each action out of
// the box): written between markers, compared here. `UPDATE_README=1 swift test --filter
// BindingDocsTests` writes them anew.

import Foundation
import Testing
import TerminalUI

@testable import Browser

@Suite struct BindingDocsTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/bindings.md").path

    /// The built-in keys of an action in the modes bindings apply in, as the help names them.
    static func keys(of action: BrowserAction) -> String {
        var keys: [String] = []
        for map in KeyMap.all.reversed() where Browser.takesUserBindings(map.mode) {
            for group in map.groups {
                for binding in group.bindings where binding.action == action {
                    for key in binding.keys {
                        let name = key.helpName == "`" ? "backtick" : key.helpName
                        if !keys.contains(name) { keys.append(name) }
                    }
                }
            }
        }
        return keys.map { "`\($0)`" }.joined(separator: " ")
    }

    static var actionsTable: String {
        var lines = ["| action | what it does | built-in keys |", "| --- | --- | --- |"]
        for action in BindableAction.all {
            let builtIn = action.argument == .none ? keys(of: action.make(nil)) : ""
            lines.append("| `\(action.usage)` | \(action.help) | \(builtIn) |")
        }
        return lines.joined(separator: "\n")
    }

    static var eventsTable: String {
        (["| event | fired when |", "| --- | --- |"] + BindEvent.allCases.map { "| `\($0.rawValue)` | \($0.help) |" })
            .joined(separator: "\n")
    }

    /// `text` with what is between `<!-- NAME -->` and `<!-- end NAME -->` replaced by `body`.
    static func replacing(_ name: String, with body: String, in text: String) -> String? {
        guard let start = text.range(of: "<!-- \(name) -->\n"),
            let end = text.range(of: "<!-- end \(name) -->", range: start.upperBound..<text.endIndex)
        else { return nil }
        return text.replacingCharacters(in: start.upperBound..<end.lowerBound, with: body + "\n")
    }

    @Test("the tables of actions and events are their declarations'")
    func tables() throws {
        let text = try String(contentsOfFile: Self.page, encoding: .utf8)
        let wanted = try #require(
            Self.replacing("actions", with: Self.actionsTable, in: text).flatMap {
                Self.replacing("events", with: Self.eventsTable, in: $0)
            }, "docs/bindings.md lacks its markers")
        if ProcessInfo.processInfo.environment["UPDATE_README"] == "1" {
            try wanted.write(toFile: Self.page, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            text == wanted,
            "docs/bindings.md's tables are out of date: UPDATE_README=1 swift test --filter BindingDocsTests")
    }
}
