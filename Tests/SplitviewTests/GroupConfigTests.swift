// Compositional groups as users give them: in sectioned JSON, in the configuration ([groups.NAME],
// [layout] group, [sections."TITLE"] group) and with --layout; their located errors; what
// `layout` reports and `render` draws.

import Browser
import Catalog
import Foundation
import SplitLayout
import Testing

@testable import UserFiles

@Suite("Groups in the configuration and in sectioned JSON")
struct GroupConfigTests {
    func parse(_ text: String) throws(ConfigError) -> Configuration { try FileText.configuration(text) }
    func error(_ text: String) -> String? { FileText.configurationError(text) }
    func dataError(_ json: String) -> String? { FileText.dataError(json) }
    func data(_ json: String) throws -> Catalog { try FileText.data(json) }

    static let heroJSON = """
        {"direction": "horizontal", "width": {"fraction": 1}, "height": {"cells": 4}, "items": [
          {"width": {"fraction": 0.5}, "height": {"fraction": 1}},
          {"direction": "vertical", "width": {"fraction": 0.5}, "height": {"fraction": 1},
           "items": [{"width": {"fraction": 1}, "height": {"fraction": 0.5}}]}]}
        """

    @Test("a section's group in sectioned JSON places its items; the classic example")
    func fromData() throws {
        let catalog = try data(
            #"{"sections": [{"title": "A", "items": ["a", "b", "c", "d"], "group": "# + Self.heroJSON + "}]}")
        let settings = LayoutSettings.defaults
        let group = try #require(settings.group(of: catalog.sections[0]))
        #expect(group.members.count == 2 && group.height == .cells(4))
        let layout = SplitLayout(
            sections: settings.sectionSpecs(for: catalog), parameters: LayoutParameters(), width: 40)
        #expect(layout.frame(of: ItemPath(section: 0, item: 0)) == Rect(x: 0, y: 1, width: 20, height: 4))
        #expect(layout.frame(of: ItemPath(section: 0, item: 2)) == Rect(x: 20, y: 3, width: 20, height: 2))
    }

    @Test("bad groups in sectioned JSON name the file, line, column and path")
    func dataErrors() {
        #expect(
            dataError(
                #"{"sections": [{"title": "A", "group": {"direction": "horizontal", "width": {"fraction": 1}, "height": {"cells": 2}, "items": [{"width": {"fraction": 0.7}, "height": {"cells": 1}}, {"width": {"fraction": 0.5}, "height": {"cells": 1}}]}}]}"#
            )
                == "data.json:1:181: sections[0].group.items[1]: the fractions of a horizontal group's widths add up to more than 1 (1.2)"
        )
        #expect(
            dataError(
                #"{"sections": [{"title": "A", "group": {"direction": "horizontal", "width": {"cells": 10}, "height": {"cells": 2}, "items": [{"direction": "vertical", "width": {"cells": 12}, "height": {"cells": 1}, "items": [{"width": {"fraction": 1}, "height": {"cells": 1}}]}]}}]}"#
            )?.hasSuffix(
                "sections[0].group.items[0].width: a nested group 12 cells wide is wider than its parent (10 cells)")
                == true)
        #expect(
            dataError(#"{"sections": [{"title": "A", "group": {"direction": "diagonal"}}]}"#)
                == #"data.json:1:53: sections[0].group.direction: expected "horizontal" or "vertical", found string "diagonal""#
        )
        #expect(
            dataError(
                #"{"sections": [{"title": "A", "group": {"direction": "vertical", "width": {"fraction": 2}, "height": {"cells": 1}, "items": []}}]}"#
            )?.contains("sections[0].group.width.fraction: expected a fraction above 0 and at most 1, found 2") == true)
        // Nested more than four deep: refused (each level of an estimated group is measured
        // again).
        var nested = #"{"width": {"cells": 1}, "height": {"cells": 1}}"#
        for _ in 0..<5 {
            nested =
                #"{"direction": "vertical", "width": {"fraction": 1}, "height": {"cells": 1}, "items": ["# + nested
                + "]}"
        }
        #expect(
            dataError(#"{"sections": [{"title": "A", "group": "# + nested + "}]}")?.hasSuffix(
                "sections[0].group.items[0].items[0].items[0].items[0]: groups nest more than 4 levels deep") == true)
        // A name is checked against the configuration's groups once both are read.
        let named = try! data(#"{"sections": [{"title": "A", "items": ["a"], "group": "heroic"}]}"#)
        #expect(
            LayoutSettings.defaults.groupProblem(for: named)
                == #"data.json:1:55: sections[0].group: unknown group "heroic" (known: "chips", "hero")"#)
    }

    @Test("[groups.NAME] defines a group that [layout] and [sections.\"TITLE\"] name; unknown names are errors")
    func fromConfiguration() throws {
        let configuration = try parse(
            """
            [groups.pair]
            direction = "horizontal"
            width = { fraction = 1 }
            height = { cells = 2 }
            items = [{ width = { fraction = 0.5 }, height = { fraction = 1 } }]

            [layout]
            group = "chips"

            [sections."Travel"]
            group = "pair"
            """)
        let settings = configuration.layout
        let travel = try #require(settings.group(of: Section(title: "Travel", items: [])))
        #expect(travel.members.count == 1 && travel.height == .cells(2))
        #expect(settings.group(of: Section(title: "Other", items: [])) == GroupReader.builtIn["chips"])
        var forced = settings
        forced.forcedGroup = "lines"
        #expect(forced.group(of: Section(title: "Travel", items: [])) == nil)
        #expect(
            error("[sections.\"A\"]\ngroup = \"pear\"\n")
                == "test.toml:2:1: sections.A.group: unknown group \"pear\" (known: \"chips\", \"hero\")")
        // Found by FuzzConfig: a name with a line break is quoted escaped, on one line.
        #expect(
            error("[sections.\"A\"]\ngroup = \"ch\\n\"\n")
                == "test.toml:2:1: sections.A.group: unknown group \"ch\\n\" (known: \"chips\", \"hero\")")
        #expect(
            error("[groups.x]\ndirection = \"vertical\"\nwidth = { fraction = 1 }\nheight = { cells = 2 }\n")
                == "test.toml:1:1: groups.x: a group needs \"items\": its items and nested groups")
        #expect(
            error(
                "[groups.x]\ndirection = \"vertical\"\nwidth = { fraction = 1 }\nheight = { cells = 2 }\nitems = [{ width = { fraction = 1 }, height = { estimated = -1 } }]\n"
            )
                == "test.toml:5:61: groups.x.items[0].height.estimated: expected a whole number of cells from 0 to 10000, found -1"
        )
    }

    @Test("a group named as --layout's own words (fzf's reverse, list, lines) is refused: --layout could never name it")
    func reservedNames() {
        let body = "direction = \"vertical\"\nwidth = { fraction = 1 }\nheight = { cells = 2 }\nitems = []\n"
        #expect(
            error("[groups.reverse]\n" + body)
                == "test.toml:1:9: groups.reverse: a group cannot be named \"reverse\": --layout reads it as fzf's placement of the prompt; choose another name"
        )
        #expect(
            error("[groups]\nlist = { direction = \"vertical\" }\n")?.contains("a group cannot be named \"list\"")
                == true)
        #expect(error("[groups.lines]\n" + body)?.contains("wrapping lines, no group") == true)
    }

    @Test("--layout hero in the real binary: the large card and two small ones; layout reports the groups")
    func commandLine() throws {
        let render = try Support.run(["render", "--layout", "hero", "--width", "60", "--height", "9"])
        #expect(render.status == 0, "stderr: \(render.stderr)")
        let lines = render.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].hasPrefix(" ╭") && lines[1].contains("╮ ╭"), "\(render.stdout)")
        #expect(lines[2].contains("😀 grinning face") && lines[2].contains("😃 grinning face"), "\(render.stdout)")
        #expect(lines[5].contains("😄 grinning face"), "\(render.stdout)")
        let layout = try Support.run(["layout", "--layout", "hero", "--width", "60", "--height", "9", "--visible"])
        #expect(layout.status == 0, "stderr: \(layout.stderr)")
        #expect(
            layout.stdout.contains(
                #"{"kind": "group", "section": 0, "index": 0, "side": "left", "x": 1, "y": 1, "width": 58, "height": 6}"#
            ),
            "\(layout.stdout)")
        let unknown = try Support.run(["render", "--layout", "heroic", "--width", "60", "--height", "9"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--layout: unknown group \"heroic\""), "\(unknown.stderr)")
    }

    @Test("the [groups.hero] example of Config/default.toml is the built-in hero")
    func documentedExample() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Config/default.toml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "#   [groups.hero]"))
        let example = lines[start...].prefix { $0.hasPrefix("#   ") }.map { String($0.dropFirst(4)) }
        let configuration = try parse(example.joined(separator: "\n") + "\n")
        #expect(configuration.layout.groups["hero"] == GroupReader.builtIn["hero"])
    }

    @Test("text data is sized by its content: piped names fill the whole width, long labels show whole")
    func textDataByContent() throws {
        let names = (0..<400).map { "command-\($0)" + String(repeating: "x", count: $0 % 7) }.joined(separator: "\n")
        let result = try Support.run(["render", "--width", "200", "--height", "20"], stdin: names + "\n")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // One section: the whole width, as many names on a line as fit (not 4 in the left half).
        #expect(lines[1].count > 150 && lines[1].trimmingCharacters(in: .whitespaces).count > 150, "\(lines[1])")
        #expect(lines[1].hasPrefix("  command-0  command-1x  command-2xx"), "\(lines[1])")
        let books = try Support.run([
            "render", "--data", Support.fixture("data/books-hero.json"), "--layout", "chips", "--width", "120",
            "--height", "8",
        ])
        #expect(books.status == 0, "stderr: \(books.stderr)")
        #expect(books.stdout.contains("A Wizard of Earthsea") && books.stdout.contains("The Left Hand of Darkness"))
    }

    @Test("count, background, badges and item insets read the same from the data and from [groups.NAME]")
    func compositionalPieces() throws {
        let json = """
            {"sections": [{"title": "A", "items": ["a"], "group": {"direction": "horizontal", "width": {"fraction": 1},
              "height": {"fraction": 0.5}, "background": "#102030", "badges": [{"text": "new"}], "items": [
              {"direction": "vertical", "width": {"fraction": 1}, "height": {"fraction": 1}, "count": 3, "items": [
                {"width": {"fraction": 1}, "height": {"fraction": 1}, "insets": {"left": 1, "right": 2},
                 "badges": [{"field": "price", "corner": "bottom-left", "offsetX": -1, "offsetY": 2, "color": 33}]}]}]}}]}
            """
        let fromData = try #require(LayoutSettings.defaults.group(of: try data(json).sections[0]))
        let configuration = try parse(
            """
            [groups.shop]
            direction = "horizontal"
            width = { fraction = 1 }
            height = { fraction = 0.5 }
            background = "#102030"
            badges = [{ text = "new" }]
            [[groups.shop.items]]
            direction = "vertical"
            width = { fraction = 1 }
            height = { fraction = 1 }
            count = 3
            items = [{ width = { fraction = 1 }, height = { fraction = 1 }, insets = { left = 1, right = 2 }, badges = [{ field = "price", corner = "bottom-left", offset_x = -1, offset_y = 2, color = 33 }] }]
            """)
        let fromConfiguration = try #require(configuration.layout.groups["shop"])
        #expect(fromData == fromConfiguration)
        #expect(fromData.decor == GroupDecor(background: "#102030", badges: [GroupBadge(content: .text("new"))]))
        guard case .group(let nested) = fromData.members[0] else {
            Issue.record("not a nested group")
            return
        }
        #expect(nested.count == 3)
        #expect(
            nested.members[0]
                == .item(
                    GroupItem(
                        width: .fraction(1), height: .fraction(1), insets: EdgeInsets(left: 1, right: 2),
                        badges: [
                            GroupBadge(
                                content: .field("price"), anchor: .bottomLeft, offset: Point(x: -1, y: 2), color: "33")
                        ])))
    }

    @Test("bad counts, badges, backgrounds and insets: one located message each, in either file")
    func compositionalErrors() {
        func group(_ extra: String, item: String = "") -> String {
            #"{"sections": [{"title": "A", "group": {"direction": "horizontal", "width": {"fraction": 1}, "height": {"cells": 2}, "items": [{"width": {"cells": 2}, "height": {"cells": 1}"#
                + item + "}]" + extra + "}}]}"
        }
        #expect(
            dataError(group(#", "count": 0"#))
                == "data.json:1:186: sections[0].group.count: expected a whole number from 1 to 64, found 0")
        #expect(
            dataError(
                #"{"sections": [{"title": "A", "group": {"direction": "horizontal", "width": {"fraction": 1}, "height": {"cells": 2}, "count": 2, "items": [{"width": {"cells": 2}, "height": {"cells": 1}}, {"width": {"cells": 2}, "height": {"cells": 1}}]}}]}"#
            )
                == #"data.json:1:126: sections[0].group.count: a group with a "count" repeats its one member: "items" has 2"#
        )
        #expect(
            dataError(group(#", "background": "mauve""#))?.contains(
                #"sections[0].group.background: expected a colour name (default, black, red"#) == true)
        #expect(
            dataError(group("", item: #", "badges": [{"corner": "top-right"}]"#))
                == #"data.json:1:186: sections[0].group.items[0].badges[0]: a badge needs a "text" or a "field""#)
        #expect(
            dataError(group("", item: #", "badges": [{"text": "a", "field": "b"}]"#))?.hasSuffix(
                #"sections[0].group.items[0].badges[0].field: a badge shows a "text" or a "field", not both"#) == true)
        #expect(
            dataError(group("", item: #", "badges": [{"text": "a", "corner": "middle"}]"#))?.contains(
                #"sections[0].group.items[0].badges[0].corner: expected one of "top-left", "top", "top-right""#)
                == true)
        #expect(
            dataError(group("", item: #", "badges": [{"text": "a", "offsetX": 99}]"#))?.hasSuffix(
                "sections[0].group.items[0].badges[0].offsetX: expected a whole number of cells from -20 to 20, found 99"
            ) == true)
        #expect(
            dataError(group("", item: #", "badges": [{"text": "a", "shape": "round"}]"#))?.hasSuffix(
                #"sections[0].group.items[0].badges[0]: unknown key "shape" in a badge (allowed: color, corner, field, offsetX, offsetY, text)"#
            ) == true)
        #expect(
            dataError(group("", item: #", "badges": {"text": "a"}"#))?.hasSuffix(
                #"sections[0].group.items[0].badges: expected an array of badges {"text" or "field", "corner"}, found object"#
            ) == true)
        #expect(
            dataError(group("", item: #", "count": 2"#))?.hasSuffix(
                #"sections[0].group.items[0]: unknown key "count" in an item (allowed: badges, height, insets, width)"#)
                == true)
        #expect(
            dataError(group("", item: #", "insets": {"left": -1}"#))?.hasSuffix(
                "sections[0].group.items[0].insets.left: expected a whole number of cells from 0 to 10000, found -1")
                == true)
        // The configuration says the same at its line and key.
        #expect(
            error(
                "[groups.x]\ndirection = \"vertical\"\nwidth = { fraction = 1 }\nheight = { cells = 2 }\nitems = [{ width = { fraction = 1 }, height = { cells = 1 }, badges = [{ text = \"a\", offset_y = 30 }] }]\n"
            )
                == "test.toml:5:97: groups.x.items[0].badges[0].offset_y: expected a whole number of cells from -20 to 20, found 30"
        )
        #expect(
            error(
                "[groups.x]\ndirection = \"vertical\"\nwidth = { fraction = 1 }\nheight = { cells = 2 }\ncount = 65\nitems = [{ width = { fraction = 1 }, height = { cells = 1 } }]\n"
            ) == "test.toml:5:9: groups.x.count: expected a whole number from 1 to 64, found 65")
    }
}
