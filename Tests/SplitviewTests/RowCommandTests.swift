import Foundation
import Testing

/// The real binary with rows: the card view of records, --row, and the errors of the row options.
@Suite struct RowCommandTests {
    @Test func aCardViewOfRecordsShowsEveryField() throws {
        let result = try Support.run([
            "render", "--data", Support.fixture("data/contacts.csv"), "--style", "row", "--effect", "stack",
            "--width", "60", "--height", "24",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let screen = result.stdout
        for text in ["Ada Lovelace", "email: ada@example.org", "phone: +44 20 7946 0001", "Grace Hopper"] {
            #expect(screen.contains(text), "\(text) in\n\(screen)")
        }
        #expect(screen.contains("page 1 of 2"))
    }

    @Test func rowMovesTheCardsAndTheFocusWithThem() throws {
        let result = try Support.run([
            "render", "--data", Support.fixture("data/contacts.csv"), "--style", "row", "--effect", "none",
            "--width", "60", "--height", "14", "--focus", "0:0", "--row", "0:26",
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("page 2 of 2"), "\(result.stdout)")
    }

    @Test func badRowOptionsAreClearErrors() throws {
        let effect = try Support.run(["render", "--effect", "wobble", "--width", "40", "--height", "10"])
        #expect(effect.status == 64)
        #expect(effect.stderr.contains("--effect must be: one of \"none\", \"carousel\""), "\(effect.stderr)")
        let preset = try Support.run([
            "render", "--effect", "stack", "--preset", "linear", "--width", "40", "--height", "10",
        ])
        #expect(preset.status == 64)
        #expect(preset.stderr.contains("the \"stack\" effect has no presets"), "\(preset.stderr)")
        let grid = try Support.run([
            "layout", "--data", Support.fixture("data/basic.json"), "--width", "40", "--height", "10", "--row", "0:5",
        ])
        #expect(grid.status == 2)
        #expect(grid.stderr == "splitview: --row 0: section 0 is a grid, not a row (see --style and [row] style)\n")
        let missing = try Support.run([
            "layout", "--data", Support.fixture("data/rows.json"), "--width", "40", "--height", "10", "--row", "7:5",
        ])
        #expect(missing.stderr == "splitview: --row 7: the data has 3 sections, numbered from 0\n")
        let malformed = try Support.run(["layout", "--width", "40", "--height", "10", "--row", "a:b"])
        #expect(malformed.status == 64)
    }
}
