import Foundation
import Testing

/// `splitview render`: the characters the browser would show, from the real binary.
@Suite struct RenderCommandTests {
    func lines(_ arguments: [String]) throws -> [String] {
        let result = try Support.run(["render"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func twoColumnsWhenWideOneWhenNarrow() throws {
        let wide = try lines(["--width", "100", "--height", "16"])
        #expect(wide.count == 16)
        #expect(wide[0].contains("Smileys & Emotion · 171") && wide[0].contains("People & Body · 358"))
        #expect(wide[15].hasPrefix(" 😀  grinning face  U+1F600  · Smileys & Emotion"))
        #expect(wide[15].hasSuffix("1 of 1884  ? help "))

        let narrow = try lines(["--width", "60", "--height", "16"])
        #expect(narrow.count == 16)
        #expect(narrow[0].contains("Smileys & Emotion") && !narrow[0].contains("People & Body"))
    }

    @Test func anOffsetAloneBringsTheFocusIntoTheView() throws {
        let scrolled = try lines(["--width", "60", "--height", "10", "--offset", "5"])
        // The header stays pinned; the focus followed the scroll, as after the wheel.
        #expect(scrolled[0].contains("Smileys & Emotion"))
        #expect(!scrolled[9].contains(" 1 of 1884"))
        let focused = try #require(scrolled[9].split(separator: " ").first.map(String.init))
        #expect(scrolled[1..<9].contains { $0.contains(focused) })
    }

    @Test func aFocusOutsideTheDataSaysWhy() throws {
        let item = try Support.run(["render", "--width", "60", "--height", "10", "--focus", "1:999"])
        #expect(item.status == 2)
        #expect(item.stderr == "splitview: --focus 1:999: no such item (section 1 has 358 items, numbered from 0)\n")
        let section = try Support.run(["render", "--width", "60", "--height", "10", "--focus", "9:0"])
        #expect(section.status == 2)
        #expect(section.stderr == "splitview: --focus 9:0: no such item (the data has 9 sections, numbered from 0)\n")
    }

    /// Issue 25: the configuration refused before ("at 20 columns the columns are 16 and 4
    /// cells wide") loads and browses; where two columns leave one no room, one column.
    @Test func theConfigurationOfIssue25BrowsesWideAndNarrow() throws {
        let directory = FileManagerHelper.temporaryDirectory()
        let issue = directory + "/issue25.toml"
        let text = "[layout]\nleft_ratio = 0.837\nsplit_spacing = 0\nsection_inset = { left = 2, right = 3 }\n"
        try FileManagerHelper.write(text + "[[breakpoint]]\nmin_width = 0\n", to: issue)
        let perLine = directory + "/issue25-per-line.toml"
        try FileManagerHelper.write(text + "[[breakpoint]]\nmin_width = 0\n[item]\nper_line = 4\n", to: perLine)

        for config in [issue, perLine] {
            // Two columns at 117: the right one 20 cells wide from x 97, its header inset by 2.
            let wide = try lines(["--width", "117", "--height", "6", "--config", config])
            #expect(wide.count == 6)
            #expect(wide[0].hasPrefix("  Smileys & Emotion · 171"))
            let people = try #require(wide[0].range(of: "People & Body"))
            #expect(wide[0].distance(from: wide[0].startIndex, to: people.lowerBound) == 99)
            #expect(wide[5].hasSuffix("1 of 1884  ? help "))
        }
        // One column at 20: the left one would be 16 cells, the right one 4, less than the insets.
        #expect(
            try lines(["--width", "20", "--height", "6", "--config", issue]) == [
                "  Smileys & Emotion…",
                "   😀  😃  😄       ",
                "   😁  😆  😅       ",
                "   🤣  😂  🙂       ",
                "   🙃  🫠  😉       ",
                " 😀  gr…  1 of 1884 ",
            ])
        // per_line = 4: four items of (20 - 5) / 4 = 3 cells on a line of the one column.
        let narrow = try lines(["--width", "20", "--height", "6", "--config", perLine])
        #expect(narrow[0] == "  Smileys & Emotion…")
        #expect(narrow[1] == "  😀 😃 😄 😁       ")
        #expect(!narrow.joined().contains("People"))
    }

    /// Where even one column cannot hold the items, the too-small screen says how wide a
    /// terminal they need (per_line = 30 and insets 1 + 1: 32 columns).
    @Test func aWidthWithNoRoomForItemsShowsTheTooSmallScreen() throws {
        let config = FileManagerHelper.temporaryDirectory() + "/thirty.toml"
        try FileManagerHelper.write("[item]\nper_line = 30\n", to: config)
        let narrow = try lines(["--width", "30", "--height", "6", "--config", config])
        #expect(
            narrow.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } == [
                "terminal too small:", "need 32 x 5", "have 30 x 6",
            ])
        // At 32, thirty items of one cell on a line (a glyph two cells wide shows as "…").
        let wide = try lines(["--width", "32", "--height", "6", "--config", config])
        #expect(wide[0].hasPrefix("  Smileys & Emotion · 171"))
        #expect(wide[1] == " " + String(repeating: "…", count: 30) + " ")
    }
}
