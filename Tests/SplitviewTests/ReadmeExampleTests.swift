import Foundation
import Testing

/// The examples of the README and its pages print what they show.
@Suite struct ReadmeExampleTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../README.md").standardized.path
    /// Where the subcommands' examples are.
    static let commands = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/commands.md").standardized.path

    /// The lines of the fenced block that follows the first line containing `marker`.
    static func block(after marker: String, in text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains(marker) }),
            let open = lines[(start + 1)...].firstIndex(where: { $0.hasPrefix("```") }),
            let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") })
        else { return [] }
        return Array(lines[(open + 1)..<close])
    }

    @Test("the `layout` example's lines are the first lines of its output")
    func layoutExample() throws {
        let text = try String(contentsOfFile: Self.commands, encoding: .utf8)
        let command = Self.block(after: "### `splitview layout`", in: text).joined(separator: " ")
            .replacingOccurrences(of: "\\", with: " ")
        // The command's required arguments, as the README gives them (the optional ones in []).
        let words = command.split(separator: " ").map(String.init).filter { !$0.isEmpty }
        let data = try #require(words.firstIndex(of: "--data").map { words[$0 + 1] })
        let width = try #require(words.firstIndex(of: "--width").map { words[$0 + 1] })
        let height = try #require(words.firstIndex(of: "--height").map { words[$0 + 1] })
        let shown = Self.block(after: "prints one JSON object", in: text).filter {
            $0.trimmingCharacters(in: .whitespaces) != "..."
        }
        #expect(shown.count >= 5)
        let root = URL(fileURLWithPath: Self.readme).deletingLastPathComponent().path
        let result = try Support.run(["layout", "--data", root + "/" + data, "--width", width, "--height", height])
        #expect(result.status == 0, "\(result.stderr)")
        let printed = result.stdout.components(separatedBy: "\n")
        // Every line shown but the closing one is the output's line at the same place.
        for (index, line) in shown.dropLast().enumerated() {
            #expect(printed.indices.contains(index) && printed[index] == line, "line \(index + 1): \(line)")
        }
        #expect(printed.contains(shown.last!), "the closing line \(shown.last!)")
    }
}
