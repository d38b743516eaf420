import Foundation
import Testing

/// The real binary: golden outputs of `splitview layout`, and its errors on bad input.
/// Set SPLITVIEW_UPDATE_GOLDEN=1 to rewrite the golden files after checking a change by eye.
@Suite struct LayoutCommandTests {
    static let goldenCases: [(name: String, arguments: [String])] = [
        ("basic-two-columns", ["--data", "data/basic.json", "--width", "100", "--height", "20"]),
        ("basic-one-column", ["--data", "data/basic.json", "--width", "60", "--height", "20"]),
        (
            "sized-visible-offset",
            ["--data", "data/sized.json", "--width", "90", "--height", "8", "--offset", "6", "--visible"]
        ),
        ("edge-cases", ["--data", "data/edge-cases.json", "--width", "40", "--height", "10"]),
        (
            "rows-at-offsets",
            ["--data", "data/rows.json", "--width", "60", "--height", "20", "--row", "1:27", "--row", "2:18"]
        ),
        // A group's count, background and badges, an item's insets, a height of the view's.
        ("app-store", ["--data", "data/app-store.json", "--width", "64", "--height", "24"]),
        (
            "app-store-short-visible",
            ["--data", "data/app-store.json", "--width", "64", "--height", "14", "--offset", "7", "--visible"]
        ),
    ]

    @Test("layout reports badges, group backgrounds, slots and counts where render draws them")
    func compositionalPieces() throws {
        let arguments = ["--data", Support.fixture("data/app-store.json"), "--width", "64", "--height", "24"]
        let layout = try Support.run(["layout"] + arguments)
        #expect(layout.status == 0, "stderr: \(layout.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any]
        let elements = try #require(object?["elements"] as? [[String: Any]])
        func of(_ kind: String) -> [[String: Any]] { elements.filter { $0["kind"] as? String == kind } }
        let badges = of("badge")
        #expect(
            Set(badges.compactMap { $0["text"] as? String }) == [
                "editors' choice", "new", "Free", "$4.99", "$1.99", "$0.99", "$6.99",
            ])
        #expect(of("decoration").allSatisfy { $0["background"] as? String == "blue" } && of("decoration").count == 2)
        // The nested group repeats its member three times; the large item keeps a row of its slot.
        #expect(of("group").filter { $0["count"] as? Int == 3 }.count == 2)
        let first = try #require(of("item").first)
        let slot = try #require(first["slot"] as? [String: Int])
        #expect(slot["y"]! + 1 == first["y"] as? Int && slot["height"]! - 1 == first["height"] as? Int)
        // Render draws each badge's text where layout says it is.
        let render = try Support.run(["render"] + arguments)
        #expect(render.status == 0, "stderr: \(render.stderr)")
        let lines = render.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for badge in badges {
            let (text, x, y) = (badge["text"] as! String, badge["x"] as! Int, badge["y"] as! Int)
            guard y < lines.count - 1 else { continue }
            // Columns counted in cells: the lines' emoji are two cells wide.
            var column = 0
            var found = ""
            for character in lines[y] {
                if column >= x && found.count < text.count { found.append(character) }
                column += character.unicodeScalars.first!.properties.isEmojiPresentation ? 2 : 1
            }
            #expect(found == text, "\(text) at \(x), \(y): \(lines[y])")
        }
    }

    @Test(arguments: goldenCases.map(\.name))
    func goldenLayout(name: String) throws {
        let arguments = Self.goldenCases.first { $0.name == name }!.arguments
        let resolved = arguments.map { $0.hasPrefix("data/") ? Support.fixture($0) : $0 }
        let result = try Support.run(["layout", "--config", Support.fixture("config/golden.toml")] + resolved)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let goldenPath = Support.fixture("golden/\(name).json")
        if ProcessInfo.processInfo.environment["SPLITVIEW_UPDATE_GOLDEN"] == "1" {
            try result.stdout.write(toFile: goldenPath, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOfFile: goldenPath, encoding: .utf8)
        #expect(result.stdout == golden)
        // It is JSON, with the documented top-level keys.
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(Set(object?.keys.map { $0 } ?? []) == ["viewport", "columns", "contentHeight", "elements"])
    }

    @Test func oneColumnAtRatioZeroIsTheRightSide() throws {
        let scratch = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let config = scratch + "/right.toml"
        try FileManagerHelper.write("[[breakpoint]]\nmin_width = 0\nleft_ratio = 0\n", to: config)
        let result = try Support.run([
            "layout", "--config", config, "--data", Support.fixture("data/basic.json"),
            "--width", "50", "--height", "5",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"columns\": [{\"side\": \"right\", \"x\": 0, \"width\": 50}]"))
        #expect(!result.stdout.contains("\"side\": \"left\""))
    }

    static let errorCases: [(arguments: [String], message: String)] = [
        (
            ["--data", "data/bad-syntax.json"],
            "data/bad-syntax.json:3:44: missing ',' between array elements (at \"\"c\"]}\")"
        ),
        (
            ["--data", "data/bad-width.json"],
            "data/bad-width.json:5:35: sections[0].items[1].width: expected a whole number of cells from 1 to 100000, found string \"wide\""
        ),
        (
            ["--data", "data/bad-section-key.json"],
            "data/bad-section-key.json:1:33: sections[0]: unknown key \"itmes\" (allowed: background, footerHeight, group, headerHeight, inset, interItemSpacing, items, lineSpacing, row, side, style, title)"
        ),
        (
            ["--data", "data/bad-item.json"],
            "data/bad-item.json:1:47: sections[0].items[0]: an item needs a \"label\" string"
        ),
        (
            ["--data", "data/bad-background.json"],
            "data/bad-background.json:1:49: sections[0].background: expected a colour name"
        ),
        (["--data", "data/empty.json"], "data/empty.json"),
        (["--data", "data/missing.json"], "data/missing.json: cannot read the file (no such file)"),
        (
            ["--data", "data/basic.json", "--config", "config/bad-ratio.toml"],
            "config/bad-ratio.toml:3:1: layout.left_ratio: expected a number from 0 to 1"
        ),
        (
            ["--data", "data/basic.json", "--config", "config/unknown-key.toml"],
            "config/unknown-key.toml:2:1: layout.left_ration: unknown key in [layout]"
        ),
        (
            ["--data", "data/basic.json", "--config", "config/unknown-table.toml"],
            "config/unknown-table.toml:1:2: layuot: unknown key at the top level"
        ),
        (
            ["--data", "data/basic.json", "--config", "config/bad-type.toml"],
            "config/bad-type.toml:2:1: layout.pin_headers: expected true or false, found the string \"yes\""
        ),
        (
            ["--data", "data/basic.json", "--config", "config/bad-side.toml"],
            "config/bad-side.toml:2:1: layout.side: expected one of \"alternate\", \"left\", \"right\", \"balance\""
        ),
        (
            ["--data", "data/basic.json", "--config", "config/bad-syntax.toml"],
            "config/bad-syntax.toml:3:"
        ),
        (
            ["--data", "data/basic.json", "--config", "config/bad-breakpoint.toml"],
            "config/bad-breakpoint.toml:5:1: breakpoint[1]: each [[breakpoint]] needs min_width"
        ),
        (
            ["--data", "data/basic.json", "--config", "config/bad-inset.toml"],
            "config/bad-inset.toml:2:28: layout.section_inset.left: expected a whole number of cells from 0 to 100000, found -2"
        ),
    ]

    @Test(arguments: errorCases.indices)
    func badInputExitsTwoWithOneClearLine(index: Int) throws {
        let (arguments, message) = Self.errorCases[index]
        let resolved = arguments.map { $0.hasPrefix("data/") || $0.hasPrefix("config/") ? Support.fixture($0) : $0 }
        let result = try Support.run(["layout", "--width", "80", "--height", "24"] + resolved)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let line = result.stderr.replacingOccurrences(of: Support.fixtures.path + "/", with: "")
        #expect(line.hasPrefix("splitview: " + message), "got: \(line)")
        #expect(line.split(separator: "\n").count == 1, "one line, no stack trace: \(line)")
    }

    @Test func badOptionsAreUsageErrors() throws {
        let result = try Support.run([
            "layout", "--data", Support.fixture("data/basic.json"), "--width", "0", "--height", "5",
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--width must be from 1 to 100000"))
    }

    /// Was SIGILL: the viewport's bottom row (offset + height) overflowed Int.
    @Test(arguments: ["9223372036854775807", "9223372036854775784", "4611686018427387904"])
    func offsetsNearIntMaxShowNothing(offset: String) throws {
        for visible in [["--visible"], []] {
            let result = try Support.run(
                [
                    "layout", "--data", Support.fixture("data/basic.json"), "--width", "80",
                    "--height", "24", "--offset", offset,
                ] + visible)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\"offset\": \(offset)"))
            if !visible.isEmpty { #expect(result.stdout.contains("\"elements\": []")) }
        }
        let rendered = try Support.run([
            "render", "--data", Support.fixture("data/basic.json"), "--width", "40",
            "--height", "6", "--offset", offset,
        ])
        #expect(rendered.status == 0, "\(rendered.stderr)")
    }
}
