// swift-tools-version: 6.1
import PackageDescription

// Module boundaries follow ARCHITECTURE.md: data flows catalog -> layout -> frame -> screen.
// SplitLayout is pure geometry (no I/O); Catalog turns files into sections; the executable
// parses arguments and configuration and drives everything else.
let package = Package(
    name: "splitview",
    products: [
        .executable(name: "splitview", targets: ["splitview"]),
        .library(name: "SplitLayout", targets: ["SplitLayout"]),
        // For the fuzzing package (Fuzz/), which builds its harnesses over these.
        .library(name: "TOML", targets: ["TOML"]),
        .library(name: "Catalog", targets: ["Catalog"]),
        .library(name: "UserFiles", targets: ["UserFiles"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "Browser", targets: ["Browser"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(name: "SplitLayout"),
        // Text quoted into the one-line messages on standard error, escaped so that it cannot
        // act on the terminal; shared by the TOML reader and the data loaders.
        .target(name: "SafeText"),
        // What the configuration and the data files share: the one position type, the view of a
        // file's values that both the TOML and the JSON trees give, and the options declared
        // once and read through it.
        .target(name: "Schema", dependencies: ["SafeText"]),
        // A TOML 1.0 reader that keeps the position of every key and value (why not a
        // library: see Sources/TOML/TOMLValue.swift).
        .target(name: "TOML", dependencies: ["SafeText", "Schema"]),
        // The seeded generator of the randomised tests and the benchmarks.
        .target(name: "SeededRandom"),
        // The bundled emoji table (Data/emoji.tsv), compiled into the binary so the program
        // finds it from any directory and when installed.
        .target(name: "CEmojiData"),
        // The other bundled catalogs (Data/generate-catalogs.py's tables), compiled in likewise;
        // the Unicode one gzip-compressed, inflated by the system's zlib when it is chosen.
        .target(name: "CCatalogData"),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // The processor's prefetch hint, for the search loop.
        .target(name: "CPrefetch"),
        .target(
            name: "Catalog",
            dependencies: ["CEmojiData", "CCatalogData", "CZlib", "CPrefetch", "SafeText", "Schema", "SplitLayout"]),
        // Only TerminalUI touches the terminal (and TerminalTestSupport, for the tests); CNcursesw
        // wraps the ncursesw macros and globals.
        // (No pkgConfig: its -D_XOPEN_SOURCE flags are refused by SwiftPM; the shim defines
        // what it needs and the module map links ncursesw.)
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        // The signal handlers that give the terminal back, in C with the one copy of the state
        // they share with TerminalUI (no ncurses in a handler: see terminal_guard.c).
        .target(name: "CTerminalGuard"),
        .target(name: "TerminalUI", dependencies: ["CNcursesw", "CTerminalGuard"]),
        .target(name: "Browser", dependencies: ["SplitLayout", "Catalog", "TerminalUI", "SafeText"]),
        // The user's own files: the configuration and the recent picks.
        .target(
            name: "UserFiles",
            dependencies: ["TOML", "Browser", "Catalog", "SplitLayout", "TerminalUI", "SafeText", "Schema"]),
        .executableTarget(
            name: "splitview",
            dependencies: [
                "SplitLayout",
                "Catalog",
                "Browser",
                "TerminalUI",
                "UserFiles",
                "SafeText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "splitview-bench",
            dependencies: [
                "SplitLayout", "Catalog", "Browser", "TerminalUI", "CMallocStats", "TerminalTestSupport",
                "SeededRandom",
            ],
            path: "Benchmarks/splitview-bench"
        ),
        .target(name: "CMallocStats", path: "Benchmarks/CMallocStats"),
        // For the tests and the benchmark: a pseudo-terminal of one's own (PseudoTerminal, read on
        // a thread by PseudoTerminalOutput) and a model of an xterm that plays what a screen
        // sends (XtermModel). A regular target, not a test target, so that splitview-bench can
        // use it; it sees only TerminalUI's public API (release builds cannot @testable import).
        .target(
            name: "TerminalTestSupport",
            dependencies: ["TerminalUI", "CNcursesw", "CPseudoTerminal"],
            path: "Tests/TerminalTestSupport"
        ),
        // The pseudo-terminal functions Swift's Glibc module leaves out (they need _XOPEN_SOURCE).
        .target(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal"),
        .testTarget(
            name: "SplitLayoutTests",
            dependencies: [
                "SplitLayout",
                "SeededRandom",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "TOMLTests", dependencies: ["TOML", "Schema"]),
        .testTarget(
            name: "CatalogTests",
            dependencies: ["Catalog", "CZlib", "SafeText", "Schema", "SeededRandom", "TerminalTestSupport"]),
        .testTarget(
            name: "TerminalUITests", dependencies: ["TerminalUI", "CNcursesw", "TerminalTestSupport", "SeededRandom"]),
        .testTarget(
            name: "BrowserTests",
            dependencies: ["Browser", "TerminalUI", "Catalog", "SplitLayout", "SeededRandom", "TerminalTestSupport"],
            // Golden frames, read by path from the test that compares with them.
            exclude: ["Snapshots"]),
        .testTarget(
            name: "SplitviewTests",
            dependencies: [
                "splitview", "SplitLayout", "Catalog", "Browser", "TerminalUI", "UserFiles", "TerminalTestSupport",
                "SeededRandom", "TOML", "Schema",
            ],
            exclude: ["Fixtures"]
        ),
    ]
)
