// The pages that list the effects of rows name every effect of the table, and the scale's
// presets: a new effect is one type and one table line, and this test says which page to
// give it a word on.

import Foundation
import SplitLayout
import Testing

@Suite struct EffectDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test("docs/rows-and-groups.md and docs/row-sections.md name every effect of CardEffects.entries")
    func everyEffectIsNamed() throws {
        for page in ["docs/rows-and-groups.md", "docs/row-sections.md"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            for entry in CardEffects.entries {
                #expect(text.contains("`\(entry.name)`"), "\(page) does not name the effect `\(entry.name)`")
                if page.hasSuffix("rows-and-groups.md") {
                    for preset in entry.presets {
                        #expect(
                            text.contains("`\(preset)`"), "\(page) does not name `\(entry.name)`'s preset `\(preset)`")
                    }
                }
            }
        }
    }
}
