// swift-tools-version: 6.1
// The fuzzing harnesses: one libFuzzer executable per parser, built over the main package's
// libraries with the fuzzer and address sanitizers. A package of its own, so that `swift build`
// and `swift test` of the main package never see them: each harness has no `main` (libFuzzer
// brings one), which a normal build could not link. Fuzz/run.sh builds and runs them.
import PackageDescription

/// Harness name -> what it reads.
let harnesses = [
    "FuzzConfig",  // the configuration file (TOML reader, keys, values, room checks)
    "FuzzTOML",  // the TOML reader alone, with a round trip of what it reads
    "FuzzJSON",  // JSONReader
    "FuzzSections",  // sectioned JSON files
    "FuzzJSONLines",  // JSON Lines files
    "FuzzDelimited",  // CSV and TSV, with the column options
    "FuzzLines",  // plain lines, and the format sniffing of a file with no extension
    "FuzzAnsi",  // --ansi's SGR colour sequences, and lines read with them
    "FuzzFields",  // plain lines' fields and grouping, and the field index expressions
    "FuzzRecentPicks",  // the recent-picks state file
    "FuzzSearch",  // the search query and its matching, against a reference
    "FuzzWidths",  // [widths] keys and the width measure
    "FuzzTerminalAnswers",  // what the terminal answers (cursor reports, DA1), and --height
    "FuzzOptionValues",  // SPLITVIEW_DEFAULT_OPTS's words, --color
    "FuzzPreviewWindow",  // --preview-window's words, its sizes and scroll offsets
    "FuzzCommandTemplate",  // --preview's placeholders, expanded and quoted for the shell
    "FuzzBind",  // --bind's keys, events and actions
]

let package = Package(
    name: "splitview-fuzz",
    dependencies: [
        .package(name: "splitview", path: "..")
    ],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "Catalog", package: "splitview"),
                .product(name: "TOML", package: "splitview"),
                .product(name: "UserFiles", package: "splitview"),
                .product(name: "Browser", package: "splitview"),
                .product(name: "TerminalUI", package: "splitview"),
                .product(name: "SplitLayout", package: "splitview"),
            ])
    ]
        + harnesses.map { name in
            .executableTarget(name: name, dependencies: ["FuzzSupport"])
        }
)
