// The module graph as it really is: Package.swift's target dependencies against the `import`
// lines of each target's Swift files, and ARCHITECTURE.md's module graph against Package.swift.
// - Every import of one of the package's modules is declared in Package.swift, and every
//   declared dependency on a module is imported by some file of the target (an executable,
//   which cannot be imported, is declared only to be built).
// - ARCHITECTURE.md's graph (the fenced block after the `<!-- module graph` marker, in
//   "Modules") has one line per target of Package.swift but the test targets,
//   `Name -> Dependency Dependency ...` (`Name` alone when it has none), naming exactly the
//   dependencies Package.swift declares: targets, and products of other packages by name.
// Package.swift is read as text: the targets of `targets: [...]`, each `.kind(name: "...",
// dependencies: [...], path: "...")`.

import Foundation
import Testing

@Suite struct ModuleGraphTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    struct Target {
        var name: String
        /// `target`, `executableTarget`, `testTarget`, `systemLibrary`, ...
        var kind: String
        /// Targets and products, by name, in Package.swift's order.
        var dependencies: [String]
        /// Which of `dependencies` are products of other packages.
        var products: Set<String>
        var path: String?

        /// The folder of its sources, relative to the package's root.
        var folder: String { path ?? (kind == "testTarget" ? "Tests/" : "Sources/") + name }
    }

    // MARK: Reading Package.swift

    /// `text` without its comments (strings kept whole, so "https://..." stays).
    static func withoutComments(_ text: String) -> [Character] {
        let characters = Array(text)
        var kept: [Character] = []
        var index = 0
        var inString = false
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            if inString {
                kept.append(character)
                if character == "\\" {
                    kept.append(next)
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
                index += 1
            } else if character == "/" && next == "/" {
                while index < characters.count && characters[index] != "\n" { index += 1 }
            } else if character == "/" && next == "*" {
                index += 2
                while index + 1 < characters.count && !(characters[index] == "*" && characters[index + 1] == "/") {
                    index += 1
                }
                index += 2
            } else {
                if character == "\"" { inString = true }
                kept.append(character)
                index += 1
            }
        }
        return kept
    }

    /// The parts of `text` between commas outside brackets and strings, trimmed.
    static func items(_ text: ArraySlice<Character>) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        for character in text {
            if inString {
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
            } else if character == "," && depth == 0 {
                items.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
                current = ""
                continue
            }
            current.append(character)
        }
        let last = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !last.isEmpty { items.append(last) }
        return items
    }

    /// The text inside the brackets that open at `open`.
    static func inside(_ text: [Character], from open: Int) -> ArraySlice<Character>? {
        var depth = 0
        var inString = false
        for index in open..<text.count {
            let character = text[index]
            if inString {
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
                if depth == 0 { return text[(open + 1)..<index] }
            }
        }
        return nil
    }

    /// The labelled arguments of a call's argument list: label -> its text.
    static func arguments(_ items: [String]) -> [String: String] {
        var arguments: [String: String] = [:]
        for item in items {
            guard let match = item.firstMatch(of: /^(\w+)\s*:\s*/) else { continue }
            arguments[String(match.output.1)] = String(item[match.range.upperBound...])
        }
        return arguments
    }

    /// The first string literal of `text`.
    static func firstString(_ text: String) -> String? {
        text.firstMatch(of: /"([^"]*)"/).map { String($0.output.1) }
    }

    /// The call `text` (`.name(...)`): its name and its arguments' items.
    static func call(_ text: String) -> (name: String, items: [String])? {
        guard let match = text.firstMatch(of: /^\.(\w+)\s*\(/) else { return nil }
        let characters = Array(text)
        let open = text.distance(from: text.startIndex, to: match.range.upperBound) - 1
        guard let inner = inside(characters, from: open) else { return nil }
        return (String(match.output.1), items(inner))
    }

    static func targets(ofManifest manifest: String) throws -> [Target] {
        let text = withoutComments(manifest)
        let string = String(text)
        // The `targets:` argument of `Package(...)` (not a product's `targets:`).
        let package = try #require(string.firstMatch(of: /\bPackage\s*\(/), "Package.swift has no Package(...)")
        let open = string.distance(from: string.startIndex, to: package.range.upperBound) - 1
        let packageArguments = try #require(inside(text, from: open).map { arguments(items($0)) })
        let list = try #require(packageArguments["targets"], "Package.swift has no targets: [...]")
        let listOpen = try #require(list.firstIndex(of: "["))
        let elements = try #require(inside(Array(list), from: list.distance(from: list.startIndex, to: listOpen)))
        var targets: [Target] = []
        for item in items(elements) {
            let (kind, callItems) = try #require(call(item), "Package.swift: a target that is no .kind(...): \(item)")
            let arguments = Self.arguments(callItems)
            let name = try #require(arguments["name"].flatMap(firstString), "Package.swift: a target with no name")
            var dependencies: [String] = []
            var products: Set<String> = []
            if let list = arguments["dependencies"], let open = list.firstIndex(of: "["),
                let inner = inside(Array(list), from: list.distance(from: list.startIndex, to: open))
            {
                for dependency in items(inner) {
                    if dependency.hasPrefix("\"") {
                        dependencies += firstString(dependency).map { [$0] } ?? []
                    } else if let (dependencyKind, dependencyItems) = call(dependency),
                        let dependencyName = Self.arguments(dependencyItems)["name"].flatMap(firstString)
                    {
                        dependencies.append(dependencyName)
                        if dependencyKind == "product" { products.insert(dependencyName) }
                    }
                }
            }
            targets.append(
                Target(
                    name: name, kind: kind, dependencies: dependencies, products: products,
                    path: arguments["path"].flatMap(firstString)))
        }
        return targets
    }

    // MARK: Reading the sources and ARCHITECTURE.md

    /// The modules the Swift files under `folder` import, each with the first file that does.
    static func imports(under folder: String) -> [String: String] {
        let directory = root + "/" + folder
        let files = (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        var imports: [String: String] = [:]
        for file in files {
            guard let text = try? String(contentsOfFile: directory + "/" + file, encoding: .utf8) else { continue }
            // (Swift's Regex is slow: only the lines that can be imports are matched.)
            for line in text.split(separator: "\n") where line.contains("import ") {
                guard
                    let match = line.wholeMatch(
                        of:
                            /\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+).*/
                    )
                else { continue }
                let module = String(match.output.1)
                if imports[module] == nil { imports[module] = folder + "/" + file }
            }
        }
        return imports
    }

    /// ARCHITECTURE.md's graph: module -> its dependencies, in the order of its lines.
    static func graph(ofArchitecture text: String) throws -> [(module: String, dependencies: [String])] {
        let lines = text.components(separatedBy: "\n")
        let marker = try #require(
            lines.firstIndex { $0.hasPrefix("<!-- module graph") },
            "ARCHITECTURE.md has no `<!-- module graph ... -->` marker before its module graph")
        guard marker + 1 < lines.count, lines[marker + 1].hasPrefix("```"),
            let close = lines[(marker + 2)...].firstIndex(where: { $0.hasPrefix("```") })
        else {
            Issue.record("ARCHITECTURE.md: the module graph's fenced block must follow its marker at once")
            return []
        }
        var graph: [(module: String, dependencies: [String])] = []
        for line in lines[(marker + 2)..<close] where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let sides = line.components(separatedBy: "->")
            let module = sides[0].trimmingCharacters(in: .whitespaces)
            let dependencies = sides.count > 1 ? sides[1].split(separator: " ").map(String.init) : []
            if sides.count > 2 || module.contains(" ") {
                Issue.record("ARCHITECTURE.md's module graph: `\(line)` is not `Name -> Dependency Dependency ...`")
            }
            graph.append((module, dependencies))
        }
        return graph
    }

    static func line(_ target: Target) -> String {
        target.dependencies.isEmpty ? target.name : target.name + " -> " + target.dependencies.joined(separator: " ")
    }

    // MARK: The tests

    @Test("Package.swift is read as written: the targets, their kinds, dependencies and paths")
    func readsTheManifest() throws {
        let manifest = """
            // A comment with .target(name: "Nothing")
            let package = Package(
                name: "p", products: [.library(name: "B", targets: ["B"])],
                dependencies: [.package(url: "https://example.org/x", from: "1.0.0")],
                targets: [
                    .target(name: "A"),  // (one)
                    .target(name: "B", dependencies: ["A", .product(name: "X", package: "x")]),
                    /* .target(name: "C") */
                    .testTarget(name: "BTests", dependencies: [.target(name: "B")], exclude: ["F"]),
                    .executableTarget(name: "tool", dependencies: ["B"], path: "Tools/tool"),
                ])
            """
        let targets = try Self.targets(ofManifest: manifest)
        #expect(targets.map(\.name) == ["A", "B", "BTests", "tool"])
        #expect(targets.map(\.dependencies) == [[], ["A", "X"], ["B"], ["B"]])
        #expect(targets[1].products == ["X"])
        #expect(targets.map(\.folder) == ["Sources/A", "Sources/B", "Tests/BTests", "Tools/tool"])
    }

    @Test("every import of the package's modules is declared in Package.swift, and every declared module imported")
    func importsAreDeclared() throws {
        let targets = try Self.targets(
            ofManifest: String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8))
        #expect(targets.count > 10, "Package.swift read as \(targets.map(\.name))")
        let modules = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for target in targets {
            let imports = Self.imports(under: target.folder)
            for (module, file) in imports.sorted(by: { $0.key < $1.key })
            where modules[module] != nil && module != target.name && !target.dependencies.contains(module) {
                Issue.record(
                    """
                    \(file) imports \(module), which Package.swift does not declare for \(target.name): add \
                    "\(module)" to the dependencies of \(target.name) in Package.swift\
                    \(target.kind == "testTarget" ? "" : ", and to its line in ARCHITECTURE.md's module graph")
                    """)
            }
            // (A target with no Swift file, a C one, imports nothing to compare.)
            guard !imports.isEmpty else { continue }
            for dependency in target.dependencies
            where modules[dependency].map({ $0.kind != "executableTarget" }) == true && imports[dependency] == nil {
                Issue.record(
                    """
                    Package.swift declares \(dependency) for \(target.name), but no Swift file of \
                    \(target.folder) imports it: take it out of the dependencies of \(target.name)\
                    \(target.kind == "testTarget" ? "" : " and of its line in ARCHITECTURE.md's module graph")
                    """)
            }
        }
    }

    @Test("ARCHITECTURE.md's module graph names exactly the dependencies Package.swift declares")
    func architectureGraphIsTrue() throws {
        let targets = try Self.targets(
            ofManifest: String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8)
        ).filter { $0.kind != "testTarget" }
        let graph = try Self.graph(
            ofArchitecture: String(contentsOfFile: Self.root + "/ARCHITECTURE.md", encoding: .utf8))
        #expect(!graph.isEmpty)
        let drawn = Dictionary(graph.map { ($0.module, $0.dependencies) }, uniquingKeysWith: { first, _ in first })
        for module in Set(graph.map(\.module)) where graph.filter({ $0.module == module }).count > 1 {
            Issue.record("ARCHITECTURE.md's module graph has \(module) on more than one line: keep one")
        }
        for target in targets {
            guard let dependencies = drawn[target.name] else {
                Issue.record(
                    """
                    ARCHITECTURE.md's module graph has no line for \(target.name), a target of Package.swift: \
                    add `\(Self.line(target))` (and a word on what it is for, below the graph)
                    """)
                continue
            }
            if Set(dependencies) != Set(target.dependencies) || dependencies.count != target.dependencies.count {
                let missing = target.dependencies.filter { !dependencies.contains($0) }
                let extra = dependencies.filter { !target.dependencies.contains($0) }
                Issue.record(
                    """
                    ARCHITECTURE.md's module graph: the line of \(target.name) must be `\(Self.line(target))`, \
                    the dependencies Package.swift declares (missing: \(missing), not declared: \(extra))
                    """)
            }
        }
        let names = Set(targets.map(\.name))
        for (module, _) in graph where !names.contains(module) {
            Issue.record(
                """
                ARCHITECTURE.md's module graph has a line for \(module), which is no target of Package.swift \
                (or a test target, which the graph leaves out): take the line out, or rename it
                """)
        }
    }
}
