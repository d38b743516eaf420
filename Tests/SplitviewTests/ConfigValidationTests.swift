// A configuration file never crashes splitview, and values that parse but would leave nothing
// to see are errors with the file, line, column and key (issue 11).

import Foundation
import Testing
@testable import UserFiles

@Suite struct ConfigValidationTests {
    func error(_ text: String) -> String? {
        do {
            _ = try ConfigLoader.parse(text, file: "test.toml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func sizesThatShowNoItemsAreErrors() {
        #expect(
            error("[item]\nwidth = 0\n")
                == "test.toml:2:1: item.width: expected a whole number of cells from 1 to 100000, found 0")
        #expect(
            error("[item]\nheight = 0\n")
                == "test.toml:2:1: item.height: expected a whole number of rows from 1 to 100, found 0")
        #expect(
            error("[layout]\nheader_height = 100000\n")
                == "test.toml:2:1: layout.header_height: expected a whole number of rows from 0 to 100, found 100000")
    }

    @Test func coloursAreSixHexDigitsExactly() {
        #expect(error("[theme]\nheader = { fg = \"#+12345\" }\n") != nil)
        #expect(error("[theme]\nheader = { fg = \"#-12345\" }\n") != nil)
        #expect(error("[theme]\nheader = { fg = \"#12345g\" }\n") != nil)
        #expect(error("[theme]\nheader = { fg = \"#A0b1C2\" }\n") == nil)
    }

    // Issue 25: a value is refused only when it can work at no width where it applies (the
    // section insets and per_line: any width up to 100000 columns; a breakpoint's two columns:
    // its range, up to the next breakpoint's min_width). At a narrower width the browser lays
    // out one column, or says the terminal is too small.

    @Test func theConfigurationOfIssue25Loads() throws {
        // Two columns at every width, split 0.837: at 20 columns they would be 16 and 4 cells,
        // and 4 is less than the insets' 5: refused before, now one column there.
        let text = """
            [layout]
            left_ratio = 0.837
            split_spacing = 0
            section_inset = { left = 2, right = 3 }
            [[breakpoint]]
            min_width = 0

            """
        #expect(error(text) == nil)
        #expect(error(text + "[item]\nper_line = 4\n") == nil)
        // And with the default breakpoints (two columns from 80 on).
        #expect(error("[layout]\nleft_ratio = 0.837\nsection_inset = { left = 2, right = 3 }\n") == nil)
    }

    @Test func theSplitSpacingMustLeaveRoomForTwoColumnsAtSomeWidth() {
        // Two columns from 80 columns on, as far as 100000: none at 100000 with this spacing.
        #expect(
            error("[layout]\nsplit_spacing = 100000\n")
                == "test.toml:2:1: layout.split_spacing: split_spacing = 100000 leaves no room for two columns at any width from 80 to 100000 columns (at most 99998)"
        )
        #expect(
            error("[layout]\nsplit_spacing = 99996\n")
                == "test.toml:2:1: layout.split_spacing: two columns leave no room for items at any width from 80 to 100000 columns: at 100000 they are 2 and 2 cells wide and the section insets take 2 (left + right)"
        )
        // Refused before: 78 leaves 1 and 1 cells at 80 columns; from 84 on each has room.
        #expect(error("[layout]\nsplit_spacing = 78\n") == nil)
        #expect(error("[layout]\nsplit_spacing = 99994\n") == nil)
        // In a range that ends: two columns from 80 to 99 with a spacing of 98 never have room.
        let ranged =
            "[layout]\nsplit_spacing = %d\n[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n[[breakpoint]]\nmin_width = 80\n[[breakpoint]]\nmin_width = 100\nleft_ratio = 1\n"
        #expect(
            error(ranged.replacingOccurrences(of: "%d", with: "98"))
                == "test.toml:2:1: layout.split_spacing: split_spacing = 98 leaves no room for two columns at any width from 80 to 99 columns (at most 97)"
        )
        #expect(error(ranged.replacingOccurrences(of: "%d", with: "93")) == nil)
    }

    @Test func insetsMustLeaveRoomForItemsAtSomeWidth() {
        // Refused before (no room at 20 columns); one column has room from 40 columns on.
        #expect(error("[layout]\nsection_inset = { left = 20, right = 19 }\n") == nil)
        #expect(
            error(
                "[layout]\nsection_inset = { left = 10, right = 9 }\n[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n[[breakpoint]]\nmin_width = 40\n"
            ) == nil)
        #expect(error("[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n[layout]\nsection_inset = 10\n") == nil)
        // No width holds them: a terminal is at most 100000 columns here.
        #expect(
            error("[layout]\nsection_inset = { left = 50000, right = 50000 }\n")
                == "test.toml:2:1: layout.section_inset: the section insets take 100000 cells (left + right): no width up to 100000 columns leaves room for items"
        )
        let oneColumn = "[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n"
        #expect(error("[layout]\nsection_inset = { left = 50000, right = 49999 }\n" + oneColumn) == nil)
        // Two columns from 80 columns on: at 100000, 49999 cells each, not enough for 60000.
        #expect(
            error("[layout]\nsection_inset = { left = 30000, right = 30000 }\n")
                == "test.toml:2:1: layout.section_inset: two columns leave no room for items at any width from 80 to 100000 columns: at 100000 they are 49999 and 49999 cells wide and the section insets take 60000 (left + right)"
        )
        #expect(error("[layout]\nsection_inset = { left = 30000, right = 30000 }\n" + oneColumn) == nil)
    }

    @Test func aBreakpointsTwoColumnsMustHaveRoomSomewhereInItsRange() {
        // Two columns from 80 to 119 columns: at 119 they are 58 and 59 cells, less than the
        // 61 the insets and one item need. Blamed on the breakpoint's ratio.
        let ranged =
            "[layout]\nsection_inset = 30\n[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n[[breakpoint]]\nmin_width = 80\nleft_ratio = 0.5\n[[breakpoint]]\nmin_width = %d\nleft_ratio = 1\n"
        #expect(
            error(ranged.replacingOccurrences(of: "%d", with: "120"))
                == "test.toml:8:1: breakpoint[1].left_ratio: two columns leave no room for items at any width from 80 to 119 columns: at 119 they are 58 and 59 cells wide and the section insets take 60 (left + right)"
        )
        // Up to 139 columns the two are 68 and 69 cells at the top of the range: it works there.
        #expect(error(ranged.replacingOccurrences(of: "%d", with: "140")) == nil)
        // Breakpoints in any order in the file: the range still ends at the next min_width.
        #expect(
            error(
                "[layout]\nsection_inset = 30\n[[breakpoint]]\nmin_width = 120\nleft_ratio = 1\n[[breakpoint]]\nmin_width = 80\nleft_ratio = 0.5\n[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n"
            )?.hasPrefix(
                "test.toml:8:1: breakpoint[1].left_ratio: two columns leave no room for items at any width from 80 to 119 columns"
            ) == true)
    }

    @Test func aRatioThatLeavesAColumnEmptyIsBlamedOnItsBreakpoint() {
        // From 80 to 99 columns, 0.001 of at most 97 cells is 0.
        #expect(
            error(
                "[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n[[breakpoint]]\nmin_width = 80\nleft_ratio = 0.001\n[[breakpoint]]\nmin_width = 100\nleft_ratio = 1\n"
            )
                == "test.toml:6:1: breakpoint[1].left_ratio: left_ratio = 0.001 leaves the left column 0 cells wide at any width from 80 to 99 columns"
        )
        // Refused before (0 cells at 80 columns); the last range has no end: from about 3000
        // columns on the left column has room (3 cells), and narrower the browser shows one column.
        #expect(
            error("[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n[[breakpoint]]\nmin_width = 80\nleft_ratio = 0.001\n")
                == nil)
        // A breakpoint that applies nowhere (a later one has its min_width) is not checked.
        #expect(
            error(
                "[[breakpoint]]\nmin_width = 80\nleft_ratio = 0.001\n[[breakpoint]]\nmin_width = 80\nleft_ratio = 1\n"
            ) == nil)
    }

    @Test func itemsPerLineMustFitAtSomeWidth() {
        // Refused before (18 fit at 20 columns); the too-small screen asks for 42 columns.
        #expect(error("[item]\nper_line = 40\n") == nil)
        // Two columns from 80 on: at 100000, 49999 cells each, room for 49997 items.
        #expect(error("[item]\nper_line = 49997\n") == nil)
        #expect(
            error("[item]\nper_line = 49998\n")
                == "test.toml:2:1: item.per_line: 49998 items do not fit on a line of two columns at any width from 80 to 100000 columns: at 100000 the columns are 49999 and 49999 cells wide (at most 49997 items)"
        )
        // One column at every width: 100000 cells less the insets.
        let oneColumn = "[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n"
        #expect(error("[item]\nper_line = 99998\n" + oneColumn) == nil)
        #expect(
            error("[item]\nper_line = 99999\n" + oneColumn)
                == "test.toml:2:1: item.per_line: 99999 items do not fit on a line at any width up to 100000 columns (at most 99998 items)"
        )
        // Two columns from 80 to 99: at 99, 48 and 49 cells, 46 items of room in the narrower.
        let ranged =
            "[item]\nper_line = %d\n[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n[[breakpoint]]\nmin_width = 80\nleft_ratio = 0.5\n[[breakpoint]]\nmin_width = 100\nleft_ratio = 1\n"
        #expect(error(ranged.replacingOccurrences(of: "%d", with: "46")) == nil)
        #expect(
            error(ranged.replacingOccurrences(of: "%d", with: "47"))
                == "test.toml:8:1: breakpoint[1].left_ratio: 47 items do not fit on a line of two columns at any width from 80 to 99 columns: at 99 the columns are 48 and 49 cells wide (at most 46 items)"
        )
    }

    @Test func widthOverridesNameTheirKeyAndPosition() {
        #expect(
            error("[widths]\n\"❤️\" = 3\n")
                == "test.toml:2:1: widths.\"❤️\": expected a width of 0, 1 or 2 cells, found 3")
        #expect(
            error("[widths]\n\"ab\" = 1\n")
                == "test.toml:2:1: widths.ab: expected one character sequence (one grapheme cluster), found 2 (e.g. \"❤️\" = 2 or \"U+2764 U+FE0F\" = 2)"
        )
        #expect(
            error("[widths]\n\"U+ZZ\" = 1\n")
                == "test.toml:2:1: widths.\"U+ZZ\": \"U+ZZ\" is not a code point written U+XXXX (e.g. \"❤️\" = 2 or \"U+2764 U+FE0F\" = 2)"
        )
        #expect(
            error("[widths]\n\"U+1B\" = 1\n")
                == "test.toml:2:1: widths.\"U+1B\": U+001B is a control or format character, not something a terminal draws"
        )
        // Fuzz finding (Fuzz/Regressions/FuzzWidths/lone-variation-selector): a width for a
        // sequence with no base was taken and never used (it is drawn on a dotted circle).
        #expect(
            error("[widths]\n\"U+FE0F\" = 2\n")
                == "test.toml:2:1: widths.\"U+FE0F\": U+FE0F has no character before it to join: splitview draws it on a dotted circle (◌), one cell wide, whatever [widths] says; name the sequence it ends, with its base"
        )
        #expect(error("[widths]\n\"\u{0301}\" = 0\n")?.contains("U+0301 has no character before it to join") == true)
        #expect(error("[widths]\n\"e\u{0301}\" = 1\n") == nil)
        #expect(
            try! ConfigLoader.parse("[widths]\n\"U+2764 U+FE0F\" = 1\n\"🫠\" = 1\n", file: "t").widthOverrides
                == ["\u{2764}\u{FE0F}": 1, "🫠": 1])
    }

    @Test func keysFromTheFileAreEscapedInMessages() {
        #expect(
            error("\"\\u001B[2J\" = 1\n")
                == "test.toml:1:1: \"\\u001B[2J\": unknown key at the top level (allowed: bind, breakpoint, catalog, effects, emoji, groups, item, layout, recent, row, screen, search, sections, theme, widths)"
        )
        // A row effect, preset or option that is none of the known ones (FuzzConfig found the
        // tab of an effect's name quoted as it was).
        #expect(error("[row]\neffect = \"ca\\trousel\"\n")?.hasSuffix("found \"ca\\trousel\"") == true)
        #expect(
            error("[row]\neffect = \"scale\"\npreset = \"x\\u001B[2J\"\n")?.hasSuffix("found \"x\\u001B[2J\"")
                == true)
    }

    /// The documents that crashed TOMLKit with an assertion (issue 11), and their relatives.
    @Test(arguments: ["[# layout\n", "[ #x]", "[[#", "[", "[[", "[]", "[[]]", "a = [", "a = {", "\"", "'''", "[a]]\n"])
    func halfEditedDocumentsAreOneLineErrors(_ text: String) throws {
        let message = try #require(error(text))
        #expect(message.hasPrefix("test.toml:1:"), "\(message)")
        #expect(message.contains("invalid TOML: "))
    }

    @Test func theBinaryReportsABrokenFileInOneLineWithStatusTwo() throws {
        let directory = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (index, text) in ["[# layout\n", "[ #x]", "[[#"].enumerated() {
            let path = directory + "/c\(index).toml"
            try FileManagerHelper.write(text, to: path)
            let result = try Support.run(["render", "--width", "40", "--height", "5", "--config", path])
            #expect(result.status == 2)
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr
                    == "splitview: \(path):1:\(index == 0 ? 2 : 3): invalid TOML: expected a key (letters, digits, _ and -, or a quoted string), found '#'\n"
            )
        }
    }
}
