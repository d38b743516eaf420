import Foundation
import Browser
import Catalog
import SplitLayout
import Testing
@testable import splitview
import TerminalUI
@testable import UserFiles

@Suite struct ConfigLoaderTests {
    func parse(_ text: String) throws(ConfigError) -> Configuration {
        try ConfigLoader.parse(text, file: "test.toml")
    }

    func error(_ text: String) -> ConfigError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func emptyFileKeepsTheDefaults() throws {
        #expect(try parse("") == .defaults)
        #expect(try parse("# only a comment\n") == .defaults)
    }

    @Test func keysOverrideTheDefaultsOneByOne() throws {
        let configuration = try parse(
            """
            [layout]
            left_ratio = 0.3
            split_spacing = 4
            inter_item_spacing = 1
            line_spacing = 2
            section_inset = { top = 2, right = 0 }
            normalize_line_height = true
            pin_headers = false
            side = "alternate"
            header_height = 2
            footer_height = 1

            [item]
            width = 10
            height = 3
            per_line = 5
            """)
        let layout = configuration.layout
        #expect(layout.parameters.leftRatio == 0.3)
        #expect(layout.parameters.splitSpacing == 4)
        #expect(layout.parameters.interItemSpacing == 1)
        #expect(layout.parameters.lineSpacing == 2)
        // Sides the inline table leaves out keep the default inset.
        #expect(layout.parameters.sectionInset == EdgeInsets(top: 2, left: 1, bottom: 1, right: 0))
        #expect(layout.parameters.normalizeLineHeight)
        #expect(!layout.parameters.pinHeaders)
        #expect(layout.parameters.sideRule == .alternate)
        #expect(layout.headerHeight == 2 && layout.footerHeight == 1)
        #expect(layout.itemWidth == 10 && layout.itemHeight == 3 && layout.itemsPerLine == 5)
        #expect(layout.breakpoints == Configuration.defaults.layout.breakpoints)
    }

    @Test func oneKeyLeavesTheOthersAlone() throws {
        var expected = Configuration.defaults
        expected.layout.parameters.splitSpacing = 7
        #expect(try parse("[layout]\nsplit_spacing = 7\n") == expected)
    }

    @Test func insetAsOneNumber() throws {
        #expect(try parse("[layout]\nsection_inset = 2\n").layout.parameters.sectionInset == EdgeInsets(all: 2))
    }

    @Test func integerRatiosAreAccepted() throws {
        #expect(try parse("[layout]\nleft_ratio = 1\n").layout.parameters.leftRatio == 1)
    }

    @Test func breakpointListReplacesTheDefaultsAsAWhole() throws {
        let configuration = try parse(
            """
            [[breakpoint]]
            min_width = 120
            left_ratio = 0.35
            """)
        #expect(configuration.layout.breakpoints == [ConfiguredBreakpoint(minWidth: 120, leftRatio: 0.35)])
        // Below every breakpoint, left_ratio holds.
        #expect(configuration.layout.leftRatio(forWidth: 100) == 0.5)
        #expect(configuration.layout.leftRatio(forWidth: 120) == 0.35)
    }

    @Test func defaultBreakpointsGiveOneColumnWhenNarrowAndTheRatioWhenWide() throws {
        let settings = try parse("[layout]\nleft_ratio = 0.3\n").layout
        #expect(settings.leftRatio(forWidth: 60) == 1)
        #expect(settings.leftRatio(forWidth: 79) == 1)
        #expect(settings.leftRatio(forWidth: 80) == 0.3)
        #expect(settings.leftRatio(forWidth: 200) == 0.3)
    }

    @Test func skinToneIsANameAndAnythingElseIsNamedInTheError() throws {
        #expect(try parse("[emoji]\nskin_tone = \"medium-dark\"\n").skinTone == .mediumDark)
        #expect(try parse("[emoji]\nskin_tone = \"none\"\n").skinTone == nil)
        #expect(
            error("[emoji]\nskin_tone = \"tan\"\n")?.description
                == #"test.toml:2:1: emoji.skin_tone: expected one of "none", "light", "medium-light", "medium", "medium-dark", "dark", found the string "tan""#
        )
    }

    @Test func undrawableEmojiArePlaceholdersOrHidden() throws {
        #expect(try parse("").undrawable == .placeholder)
        #expect(try parse("[emoji]\nundrawable = \"hidden\"\n").undrawable == .hidden)
        #expect(error("[emoji]\nundrawable = \"skip\"\n")?.description.contains("emoji.undrawable") == true)
    }

    @Test func screenHeightChoosesInlineMode() throws {
        #expect(try parse("").inlineHeight == nil)
        #expect(try parse("[screen]\nheight = 12\n").inlineHeight == .rows(12))
        #expect(try parse("[screen]\nheight = \"40%\"\n").inlineHeight == .percent(40))
        #expect(try parse("[screen]\nheight = \"-2\"\n").inlineHeight == .allBut(2))
        #expect(try parse("[screen]\nheight = \"full\"\n").inlineHeight == nil)
        #expect(try parse("[screen]\nheight = \"~40%\"\n").inlineHeight == InlineHeight(.percent(40), adaptive: true))
        #expect(
            error("[screen]\nheight = 0\n")?.description
                == "test.toml:2:1: screen.height: expected \"full\" or N rows (1 or more), N% of the terminal (1% to 100%) or -N (all rows but N), with ~ before for only the rows the content needs, found 0"
        )
        #expect(error("[screen]\nheight = \"half\"\n")?.description.contains("screen.height") == true)
        #expect(error("[screen]\nheight = 0.5\n") != nil)
        #expect(error("[screen]\nrows = 5\n")?.description.contains("unknown key") == true)
    }

    @Test func recentSetsTheOrderAndTheSize() throws {
        #expect(try parse("").recentOrder == .frecency && parse("").recentSize == 32)
        let configuration = try parse("[recent]\norder = \"recent\"\nsize = 0\n")
        #expect(configuration.recentOrder == .recent && configuration.recentSize == 0)
        #expect(
            error("[recent]\norder = \"often\"\n")?.description
                == #"test.toml:2:1: recent.order: expected one of "recent", "frequent", "frecency", found the string "often""#
        )
        #expect(error("[recent]\nsize = 201\n")?.description.contains("from 0 to 200") == true)
    }

    @Test func searchSetsTheBestMatchesAndFuzzyMatching() throws {
        #expect(try parse("").search == SearchOptions(bestMatches: 10, fuzzy: false))
        #expect(
            try parse("[search]\nbest_matches = 0\nfuzzy = true\n").search == SearchOptions(bestMatches: 0, fuzzy: true)
        )
        #expect(
            error("[search]\nbest_matches = 51\n")?.description
                == "test.toml:2:1: search.best_matches: expected a whole number of items from 0 to 50, found 51")
        #expect(
            error("[search]\nfuzzy = \"yes\"\n")?.description
                == #"test.toml:2:1: search.fuzzy: expected true or false, found the string "yes""#)
        #expect(error("[search]\nexact = true\n")?.description.contains("unknown key") == true)
        #expect(try parse("[search]\ntyping = \"query\"\n").search.typing == .query)
        #expect(error("[search]\ntyping = \"fzf\"\n")?.description.contains("search.typing") == true)
    }

    @Test func dataFilesGetCardsWideEnoughForALabelUnlessTheWidthIsSet() throws {
        let emoji = Catalog(sections: [], source: EmojiCatalog.source)
        let data = Catalog(sections: [], source: "fruit.csv")
        let defaults = try parse("")
        #expect(defaults.layoutSettings(for: emoji).itemWidth == 4)
        // Lines of text are a list (one item a line); words and items with glyphs are as wide
        // as their labels.
        let lines = Catalog(
            sections: [Section(title: "ps", items: [Item(label: "root 1 init"), Item(label: "root 2 kthreadd")])],
            source: "-")
        #expect(defaults.layoutSettings(for: lines).listItems && defaults.layoutSettings(for: lines).itemsPerLine == 1)
        let words = Catalog(
            sections: [Section(title: "ls", items: [Item(label: "bin"), Item(label: "etc")])], source: "-")
        #expect(!defaults.layoutSettings(for: words).listItems)
        #expect(defaults.layoutSettings(for: words).itemWidth == Configuration.dataItemWidth)
        let glyphs = Catalog(
            sections: [Section(title: "fruit", items: [Item(label: "apple", glyph: "🍎")])], source: "f.csv")
        #expect(!defaults.layoutSettings(for: glyphs).listItems)
        #expect(defaults.layoutSettings(for: glyphs).itemWidth == Configuration.dataItemWidth)
        #expect(!defaults.layoutSettings(for: emoji).listItems)
        let set = try parse("[item]\nwidth = 6\n")
        #expect(set.layoutSettings(for: emoji).itemWidth == 6)
        #expect(set.layoutSettings(for: data).itemWidth == 6)
    }

    @Test func shippedDefaultFileMatchesTheBuiltInDefaults() throws {
        let path = Support.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Config/default.toml").path
        #expect(try ConfigLoader.load(path: path) == .defaults)
    }

    @Test func outOfRangeRatioNamesFileLineColumnAndKey() {
        #expect(
            error("[layout]\nsplit_spacing = 2\nleft_ratio = 1.5\n")?.description
                == "test.toml:3:1: layout.left_ratio: expected a number from 0 to 1 (0 or 1 = one column), found 1.5")
    }

    @Test func unknownKeyIsReportedByName() {
        #expect(
            error("[layout]\n  left_ration = 0.3\n")?.description
                == "test.toml:2:3: layout.left_ration: unknown key in [layout] (allowed: footer_height, group, header_height, inter_item_spacing, items, left_ratio, line_spacing, normalize_line_height, pin_headers, section_inset, side, split_spacing)"
        )
        #expect(
            error("[layuot]\nleft_ratio = 0.5\n")?.description
                == "test.toml:1:2: layuot: unknown key at the top level (allowed: bind, breakpoint, catalog, effects, emoji, groups, item, layout, recent, row, screen, search, sections, theme, widths)"
        )
    }

    @Test func wrongTypes() {
        #expect(
            error("[layout]\npin_headers = \"yes\"\n")?.description
                == "test.toml:2:1: layout.pin_headers: expected true or false, found the string \"yes\"")
        #expect(
            error("[layout]\nside = \"middle\"\n")?.description
                == "test.toml:2:1: layout.side: expected one of \"alternate\", \"left\", \"right\", \"balance\", found the string \"middle\""
        )
        #expect(
            error("[item]\nwidth = 2.5\n")?.description
                == "test.toml:2:1: item.width: expected a whole number of cells from 1 to 100000, found 2.5")
        #expect(
            error("layout = 3\n")?.description
                == "test.toml:1:1: layout: expected a table [layout], found 3")
    }

    @Test func keyInsideAnInlineTable() {
        #expect(
            error("[layout]\nsection_inset = { top = 1, left = -2 }\n")?.description
                == "test.toml:2:28: layout.section_inset.left: expected a whole number of cells from 0 to 100000, found -2"
        )
    }

    @Test func breakpointErrorsNameTheEntry() {
        let text = "[[breakpoint]]\nmin_width = 0\n\n[[breakpoint]]\nmin_width = 80\nleft_ratio = 2\n"
        #expect(
            error(text)?.description
                == "test.toml:6:1: breakpoint[1].left_ratio: expected a number from 0 to 1 (0 or 1 = one column), found 2"
        )
        #expect(
            error("[[breakpoint]]\nmin_width = 0\n[[breakpoint]]\nleft_ratio = 0.5\n")?.description
                == "test.toml:3:1: breakpoint[1]: each [[breakpoint]] needs min_width (a whole number of columns)")
    }

    @Test func syntaxErrorsCarryTheParsersPosition() throws {
        let failure = try #require(error("[layout]\nleft_ratio = 0.5\nsplit_spacing = = 2\n"))
        #expect(failure.line == 3)
        #expect(failure.column != nil)
        #expect(failure.description.hasPrefix("test.toml:3:"))
        #expect(failure.description.contains("invalid TOML"))
    }

    @Test func missingFileIsAClearError() {
        #expect(throws: ConfigError.self) { try ConfigLoader.load(path: "/nonexistent/splitview.toml") }
        do {
            _ = try ConfigLoader.load(path: "/nonexistent/splitview.toml")
        } catch {
            #expect(
                error.description == "/nonexistent/splitview.toml: cannot read the configuration file (no such file)")
        }
    }

    @Test func aConfigurationFromAPipeIsRead() throws {
        // `--config <(printf ...)`: a pipe, which FileManager.contents(atPath:) could not read.
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let text = "[item]\nheight = 3\n"
        _ = text.withCString { write(fds[1], $0, strlen($0)) }
        close(fds[1])
        defer { close(fds[0]) }
        let configuration = try ConfigLoader.load(path: "/proc/self/fd/\(fds[0])")
        #expect(configuration.layout.itemHeight == 3)
        let directory = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: ConfigError.self) { try ConfigLoader.load(path: directory) }
    }

    @Test func lookupOrder() throws {
        let directory = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let xdg = directory + "/xdg"
        let home = directory + "/home"
        try FileManagerHelper.write("[layout]\nsplit_spacing = 1\n", to: home + "/.config/splitview/config.toml")
        #expect(
            ConfigLoader.locate(explicitPath: nil, environment: ["XDG_CONFIG_HOME": xdg, "HOME": home])
                == home + "/.config/splitview/config.toml")
        try FileManagerHelper.write("", to: xdg + "/splitview/config.toml")
        #expect(
            ConfigLoader.locate(explicitPath: nil, environment: ["XDG_CONFIG_HOME": xdg, "HOME": home])
                == xdg + "/splitview/config.toml")
        #expect(ConfigLoader.locate(explicitPath: "/x.toml", environment: ["XDG_CONFIG_HOME": xdg]) == "/x.toml")
        #expect(ConfigLoader.locate(explicitPath: nil, environment: [:]) == nil)
        // A relative $XDG_CONFIG_HOME is ignored (XDG Base Directory specification), by the
        // loader and by probe-widths' choice of a file to write alike.
        #expect(
            ConfigLoader.candidatePaths(environment: ["XDG_CONFIG_HOME": "xdg", "HOME": home])
                == [home + "/.config/splitview/config.toml"])
        #expect(
            ConfigLoader.candidatePaths(environment: ["XDG_CONFIG_HOME": xdg, "HOME": home]).first
                == xdg + "/splitview/config.toml")
    }
}
