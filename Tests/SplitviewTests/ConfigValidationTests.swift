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

    @Test func theSplitSpacingMustLeaveRoomForTwoColumns() {
        #expect(
            error("[layout]\nsplit_spacing = 100000\n")
                == "test.toml:2:1: layout.split_spacing: split_spacing = 100000 leaves no room for two columns at 80 columns (at most 78)"
        )
        #expect(
            error("[layout]\nsplit_spacing = 78\n")
                == "test.toml:2:1: layout.split_spacing: at 80 columns the columns are 1 and 1 cells wide and the section insets take 2 (left + right): no room is left for items"
        )
        // With no insets, 78 spacing leaves a cell in each column at 80: allowed.
        #expect(error("[layout]\nsplit_spacing = 78\nsection_inset = 0\n") == nil)
    }

    @Test func insetsMustLeaveRoomForItemsInTheNarrowestColumn() {
        #expect(
            error("[layout]\nsection_inset = { left = 20, right = 19 }\n")
                == "test.toml:2:1: layout.section_inset: at 20 columns the columns are 20 cells wide and the section insets take 39 (left + right): no room is left for items"
        )
        // Two columns from 40 on: 19 cells each, too narrow for insets that one column of 20 holds.
        #expect(
            error(
                "[layout]\nsection_inset = { left = 10, right = 9 }\n[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n[[breakpoint]]\nmin_width = 40\n"
            )
                == "test.toml:2:1: layout.section_inset: at 40 columns the columns are 19 and 19 cells wide and the section insets take 19 (left + right): no room is left for items"
        )
        // One column from 20 columns (the smallest terminal drawn on) up.
        #expect(
            error("[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n[layout]\nsection_inset = 10\n")
                == "test.toml:5:1: layout.section_inset: at 20 columns the columns are 20 cells wide and the section insets take 20 (left + right): no room is left for items"
        )
        #expect(error("[layout]\nsection_inset = 9\n") == nil)
    }

    @Test func aRatioThatLeavesAColumnEmptyIsBlamedOnItsBreakpoint() {
        #expect(
            error("[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n[[breakpoint]]\nmin_width = 80\nleft_ratio = 0.001\n")
                == "test.toml:6:1: breakpoint[1].left_ratio: left_ratio = 0.001 leaves the left column 0 cells wide at 80 columns"
        )
    }

    @Test func itemsPerLineMustFit() {
        #expect(
            error("[item]\nper_line = 40\n")
                == "test.toml:2:1: item.per_line: 40 items do not fit on a line at 20 columns: the columns are 20 cells wide (at most 18 items)"
        )
        #expect(error("[item]\nper_line = 18\n") == nil)
        #expect(error("[item]\nper_line = 19\n") != nil)
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
                == "test.toml:1:1: \"\\u001B[2J\": unknown key at the top level (allowed: breakpoint, emoji, groups, item, layout, recent, row, screen, search, sections, theme, widths)"
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
