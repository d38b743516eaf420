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
        #expect(wide[0].contains("Smileys & Emotion · 168") && wide[0].contains("People & Body · 385"))
        #expect(wide[15].hasPrefix(" 😀  grinning face  U+1F600  · Smileys & Emotion"))
        #expect(wide[15].hasSuffix("1 of 1898  ? help "))

        let narrow = try lines(["--width", "60", "--height", "16"])
        #expect(narrow.count == 16)
        #expect(narrow[0].contains("Smileys & Emotion") && !narrow[0].contains("People & Body"))
    }

    @Test func anOffsetAloneBringsTheFocusIntoTheView() throws {
        let scrolled = try lines(["--width", "60", "--height", "10", "--offset", "5"])
        // The header stays pinned; the focus followed the scroll, as after the wheel.
        #expect(scrolled[0].contains("Smileys & Emotion"))
        #expect(!scrolled[9].contains(" 1 of 1898"))
        let focused = try #require(scrolled[9].split(separator: " ").first.map(String.init))
        #expect(scrolled[1..<9].contains { $0.contains(focused) })
    }

    @Test func aFocusOutsideTheDataSaysWhy() throws {
        let item = try Support.run(["render", "--width", "60", "--height", "10", "--focus", "1:999"])
        #expect(item.status == 2)
        #expect(item.stderr == "splitview: --focus 1:999: no such item (section 1 has 385 items, numbered from 0)\n")
        let section = try Support.run(["render", "--width", "60", "--height", "10", "--focus", "9:0"])
        #expect(section.status == 2)
        #expect(section.stderr == "splitview: --focus 9:0: no such item (the data has 9 sections, numbered from 0)\n")
    }
}
