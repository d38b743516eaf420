import Browser
import Catalog
import Schema
import SplitLayout
import Testing

@testable import UserFiles

@Suite("Row options in the configuration and in sectioned JSON")
struct RowConfigTests {
    func parse(_ text: String) throws(ConfigError) -> Configuration { try FileText.configuration(text) }
    func error(_ text: String) -> String? { FileText.configurationError(text) }
    func dataError(_ json: String) -> String? { FileText.dataError(json) }

    @Test("[row] sets the options of every row; [sections.\"TITLE\"] the style and options of one section")
    func configured() throws {
        let configuration = try parse(
            """
            [row]
            card_width = 30
            card_height = 7
            gap = 1
            peek = 2
            behavior = "paging"
            effect = "scale"
            preset = "linear"
            visible_items = 5
            flick_velocity = 0.2

            [sections."Recent"]
            style = "row"
            effect = "stack"

            [sections."Smileys & Emotion"]
            style = "grid"
            """)
        let layout = configuration.layout
        #expect(
            layout.rowDefaults
                == RowHint(
                    cardWidth: 30, cardHeight: 7, gap: 1, peek: 2, behavior: .paging, effect: "scale",
                    preset: "linear", visibleItems: 5, flickVelocity: 0.2))
        #expect(layout.sectionStyles["Recent"] == SectionStyleOverride(style: .row, row: RowHint(effect: "stack")))
        #expect(layout.sectionStyles["Smileys & Emotion"]?.style == .grid)

        // Recent: the [row] options, with its own effect (whose preset the scale's was not).
        let recent = try #require(layout.rowLook(of: Section(title: "Recent", items: [])))
        #expect(recent.effectName == "stack" && recent.preset == nil && recent.effect is StackEffect)
        #expect(recent.spec.cardWidth == 30 && recent.spec.cardHeight == 7 && recent.spec.behavior == .paging)
        #expect(recent.spec.headroom == 3 && recent.spec.alignment == .centered)
        // Another section stays a grid.
        #expect(layout.rowLook(of: Section(title: "Animals", items: [])) == nil)
    }

    @Test("[row] style = \"row\" makes every section a row unless one says otherwise")
    func everySection() throws {
        let layout = try parse("[row]\nstyle = \"row\"\n[sections.\"Flags\"]\nstyle = \"grid\"\n").layout
        #expect(layout.rowLook(of: Section(title: "Animals", items: [])) != nil)
        #expect(layout.rowLook(of: Section(title: "Flags", items: [])) == nil)
        // The built-in row: a centred carousel of cards 24 wide.
        let look = try #require(layout.rowLook(of: Section(title: "Animals", items: [])))
        // Sized by their content: a border and the title (these items have no fields).
        #expect(look.effect is CarouselEffect && look.spec.cardWidth == 24 && look.spec.cardHeight == 3)
        #expect(look.spec.behavior == .groupPagingCentered)
    }

    @Test("a peek set without a card width sizes the card: the row less a peek at each side, at any width")
    func peekSizesTheCard() throws {
        let layout = try parse("[row]\nstyle = \"row\"\npeek = 6\n").layout
        let look = try #require(layout.rowLook(of: Section(title: "Animals", items: [])))
        #expect(look.spec.cardWidth == nil && look.spec.peek == 6)
        for width in [40, 70] {
            let row = RowGeometry(spec: look.spec, origin: Point(x: 0, y: 0), width: width, count: 5)
            // Centred (the default group-paging-centered) and at the peek alike.
            #expect(row.cardWidth == width - 12 && row.lead == 6, "\(width)")
        }
        // A width set still wins; no peek set, the carousel's cards are 24 wide.
        let sized = try parse("[row]\nstyle = \"row\"\npeek = 6\ncard_width = 30\n").layout
        #expect(try #require(sized.rowLook(of: Section(title: "A", items: []))).spec.cardWidth == 30)
        let unset = try parse("[row]\nstyle = \"row\"\n").layout
        let plain = try #require(unset.rowLook(of: Section(title: "A", items: [])))
        #expect(plain.spec.cardWidth == 24 && plain.spec.peek == 4)
    }

    @Test("the data names a section's style and options; the configuration's title wins over it")
    func dataAndPrecedence() throws {
        let catalog = try JSONSectionsLoader.parse(
            Array(
                """
                {"sections": [
                  {"title": "Books", "style": "row", "row": {"cardWidth": 40, "effect": "snapshot", "gap": 0}},
                  {"title": "Films", "items": ["A"]}
                ]}
                """.utf8), file: "data.json")
        #expect(catalog.sections[0].style == .row)
        #expect(catalog.sections[0].row == RowHint(cardWidth: 40, gap: 0, effect: "snapshot"))
        var layout = try parse("").layout
        let look = try #require(layout.rowLook(of: catalog.sections[0]))
        #expect(look.spec.cardWidth == 40 && look.spec.gap == 0 && look.effect is SnapshotEffect)
        layout = try parse("[sections.\"Books\"]\ncard_width = 16\n").layout
        #expect(layout.rowLook(of: catalog.sections[0])?.spec.cardWidth == 16)
        layout = try parse("[sections.\"Books\"]\nstyle = \"grid\"\n").layout
        #expect(layout.rowLook(of: catalog.sections[0]) == nil)
        // The layout's input carries the row.
        #expect(try parse("").layout.sectionSpecs(for: catalog).map { $0.row != nil } == [true, false])
    }

    @Test("bad row options in the configuration name the file, line, column and key")
    func configErrors() {
        let effects = CardEffects.names.map { "\"\($0)\"" }.joined(separator: ", ")
        #expect(
            error("[row]\neffect = \"wobble\"\n")
                == "test.toml:2:1: row.effect: expected an effect: one of \(effects), found \"wobble\"")
        #expect(
            error("[row]\nbehavior = \"sideways\"\n")?.hasPrefix("test.toml:2:1: row.behavior: expected one of") == true
        )
        #expect(
            error("[row]\ncard_width = 0\n")?.hasPrefix("test.toml:2:1: row.card_width: expected a whole number")
                == true)
        #expect(
            error("[row]\nflick_velocity = -1\n")?.hasPrefix(
                "test.toml:2:1: row.flick_velocity: expected cells per millisecond") == true)
        #expect(
            error("[row]\neffect = \"stack\"\npreset = \"linear\"\n")
                == "test.toml:3:1: row.preset: the \"stack\" effect has no presets (only \"scale\" does), found \"linear\""
        )
        #expect(error("[row]\npreset = \"spiral\"\n")?.hasPrefix("test.toml:2:1: row.preset:") == true)
        #expect(error("[row]\ncolour = 1\n")?.hasPrefix("test.toml:2:1: row.colour: unknown key in [row]") == true)
        #expect(
            error("[sections.\"Recent\"]\nstyle = \"carousel\"\n")?.hasPrefix(
                "test.toml:2:1: sections.Recent.style: expected \"grid\" or \"row\", found the string \"carousel\"")
                == true)
        #expect(
            error("[sections]\nRecent = 3\n")?.hasPrefix("test.toml:2:1: sections.Recent: expected a table") == true)
    }

    @Test("bad row options in sectioned JSON name the file, line, column and path")
    func dataErrors() {
        #expect(
            dataError(#"{"sections": [{"title": "A", "style": "rows"}]}"#)
                == #"data.json:1:39: sections[0].style: expected "grid" or "row", found string "rows""#)
        #expect(
            dataError(#"{"sections": [{"title": "A", "row": {"cardHeight": 0}}]}"#)?.hasPrefix(
                "data.json:1:52: sections[0].row.cardHeight: expected a whole number of rows from 1 to 100") == true)
        #expect(
            dataError(#"{"sections": [{"title": "A", "row": {"effect": "wobble"}}]}"#)?.hasPrefix(
                "data.json:1:48: sections[0].row.effect: expected an effect") == true)
        #expect(
            dataError(#"{"sections": [{"title": "A", "row": {"speed": 1}}]}"#)?.hasPrefix(
                "data.json:1:47: sections[0].row.speed: unknown row option") == true)
        #expect(
            dataError(#"{"sections": [{"title": "A", "row": {"behavior": "paging", "flickVelocity": "fast"}}]}"#)?
                .hasPrefix("data.json:1:77: sections[0].row.flickVelocity: expected cells per millisecond") == true)
    }

    @Test("the scale effect's options go over its preset, in the configuration and in the data")
    func scaleOptions() throws {
        let layout = try parse(
            "[row]\nstyle = \"row\"\neffect = \"scale\"\npreset = \"linear\"\nscale_ratio = 0.5\ntranslation_y = 0\n"
        ).layout
        let look = try #require(layout.rowLook(of: Section(title: "A", items: [])))
        let scale = try #require(look.effect as? ScaleEffect)
        #expect(scale.options.scaleRatio == 0.5 && scale.options.translationRatioY == 0)
        #expect(scale.options.minScale == 0.6)  // the linear preset's
        let catalog = try JSONSectionsLoader.parse(
            Array(#"{"sections": [{"title": "B", "style": "row", "row": {"effect": "scale", "minScale": 0.9}}]}"#.utf8),
            file: "data.json")
        let fromData = try #require(try parse("").layout.rowLook(of: catalog.sections[0])?.effect as? ScaleEffect)
        #expect(fromData.options.minScale == 0.9)
        let stackOptions = CardEffects.options(of: "stack").map(\.configKey).joined(separator: ", ")
        #expect(
            error("[row]\neffect = \"stack\"\nmin_scale = 0.5\n")
                == "test.toml:3:1: row.min_scale: the \"stack\" effect has no option min_scale (its options: \(stackOptions))"
        )
        #expect(
            error("[row]\neffect = \"none\"\nspread = 1\n")
                == "test.toml:3:1: row.spread: the \"none\" effect has no options, found spread")
        #expect(
            error("[row]\neffect = \"scale\"\nscale_ratio = 11\n")
                == "test.toml:3:1: row.scale_ratio: expected a number from 0 to 10, found 11")
        #expect(
            dataError(#"{"sections": [{"title": "A", "row": {"effect": "scale", "maxScale": "big"}}]}"#)?.hasPrefix(
                "data.json:1:69: sections[0].row.maxScale: expected a number from 0 to 10") == true)
    }
    @Test("every effect but none takes options of its own, checked against that effect")
    func otherEffectsOptions() throws {
        func look(_ toml: String) throws -> RowLook? {
            try parse("[row]\nstyle = \"row\"\n" + toml).layout.rowLook(of: Section(title: "A", items: []))
        }
        let carousel = try #require(try look("effect = \"carousel\"\nside_scale = 0.8\n")?.effect as? CarouselEffect)
        #expect(carousel.sideScale == 0.8 && carousel.sideAlpha == 0.85)
        let stack = try #require(try look("effect = \"stack\"\ndepth = 2\nfade_step = 0.3\n")?.effect as? StackEffect)
        #expect(stack.depth == 2 && stack.fadeStep == 0.3 && stack.scaleStep == 0.15 && stack.headroom == 2)
        let distance = try #require(try look("effect = \"distance\"\nmin_scale = 0.5\n")?.effect as? DistanceEffect)
        #expect(distance.minScale == 0.5)
        let snapshot = try #require(try look("effect = \"snapshot\"\nspread = 1\n")?.effect as? SnapshotEffect)
        #expect(snapshot.spread == 1)
        #expect(
            error("[row]\neffect = \"stack\"\ndepth = 2.5\n")
                == "test.toml:3:1: row.depth: depth of the stack effect must be a whole number from 1 to 8, found 2.5")
        #expect(
            error("[row]\neffect = \"distance\"\nmin_scale = 2\n")
                == "test.toml:3:1: row.min_scale: min_scale of the distance effect must be from 0.1 to 1, found 2")
        let carouselOptions = CardEffects.options(of: "carousel").map(\.name).joined(separator: ", ")
        #expect(
            dataError(#"{"sections": [{"title": "A", "row": {"effect": "carousel", "depth": 2}}]}"#)
                == "data.json:1:69: sections[0].row.depth: the \"carousel\" effect has no option depth (its options: \(carouselOptions))"
        )
    }

    /// Every effect and each of its options, from the tables, in both files: so a new effect's
    /// options are read and checked here with nothing more than its line in the table.
    @Test("every effect and option of the table reads in the configuration and in the data, in range only")
    func everyEffectOption() throws {
        for entry in CardEffects.entries {
            let name = entry.name
            func look(_ toml: String) throws -> RowLook? {
                try parse("[row]\nstyle = \"row\"\neffect = \"\(name)\"\n" + toml).layout.rowLook(
                    of: Section(title: "A", items: []))
            }
            func dataLook(_ row: String) throws -> RowLook? {
                let catalog = try JSONSectionsLoader.parse(
                    Array(
                        #"{"sections": [{"title": "A", "style": "row", "row": {"effect": "\#(name)"\#(row)}}]}"#.utf8),
                    file: "data.json")
                return try parse("").layout.rowLook(of: catalog.sections[0])
            }
            #expect(try look("")?.effectName == name)
            #expect(try dataLook("")?.effectName == name)
            for preset in entry.presets {
                #expect(try look("preset = \"\(preset)\"\n")?.preset == preset, "\(name) \(preset)")
            }
            for option in entry.options {
                // (A choice as its last word, read as that word's index.)
                let value = option.text(option.range.upperBound)
                let read = try look("\(option.configKey) = \(value)\n")
                #expect(read?.spec != nil, "\(name).\(option.configKey)")
                #expect(try dataLook(#", "\#(option.name)": \#(value)"#) != nil, "\(name).\(option.name)")
                let wide = RowHint.options.setting(option.configKey)
                #expect(wide?.key == OptionKey(toml: option.configKey, json: option.name))
                guard option.choices.isEmpty else {
                    #expect(
                        error("[row]\neffect = \"\(name)\"\n\(option.configKey) = \"sideways\"\n")
                            == "test.toml:3:1: row.\(option.configKey): expected \(option.expected), found the string \"sideways\"",
                        "\(name).\(option.name)")
                    continue
                }
                let outside = EffectOption.text(option.range.upperBound + 100)
                #expect(
                    error("[row]\neffect = \"\(name)\"\n\(option.configKey) = \(outside)\n")?.hasPrefix(
                        "test.toml:3:1: row.\(option.configKey): expected a number from") == true,
                    "\(name).\(option.name)")
                if option.isWholeNumber {
                    #expect(
                        error("[row]\neffect = \"\(name)\"\n\(option.configKey) = \(option.range.lowerBound + 0.5)\n")?
                            .contains("must be \(option.expected)") == true, "\(name).\(option.name)")
                }
            }
        }
        // The row options have one key each in each file, none an effect's option's.
        for dialect in [SourceDialect.toml, .json] {
            let keys = RowHint.options.keys(in: dialect)
            #expect(Set(keys).count == keys.count, "\(dialect)")
        }
    }
}
