// The command line: subcommands share the data and configuration options.

import ArgumentParser
import Browser
import Catalog
import Foundation

@main
struct Splitview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "splitview",
        abstract: "Browse sectioned data in two columns split by a ratio; pick an item to print it.",
        version: "0.1.0",
        subcommands: [BrowseCommand.self, LayoutCommand.self, RenderCommand.self],
        defaultSubcommand: BrowseCommand.self)
}

/// Options every subcommand that shows data takes.
struct DataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The data file (sectioned JSON; default: the bundled emoji).", valueName: "FILE"))
    var data: String?

    @Option(name: .long, help: ArgumentHelp(
        "The configuration file (default: $XDG_CONFIG_HOME/splitview/config.toml, else ~/.config/splitview/config.toml).",
        valueName: "FILE"))
    var config: String?

    /// The configuration in force, or a clear error naming the file and key.
    func loadConfiguration() throws(InputError) -> Configuration {
        let path = ConfigLoader.locate(explicitPath: config, environment: ProcessInfo.processInfo.environment)
        do {
            return try ConfigLoader.load(path: path)
        } catch {
            throw InputError(message: error.description)
        }
    }

    @Flag(help: "Group the bundled emoji by Unicode subgroup (face-smiling, animal-cat, ...) instead of group.")
    var subgroups = false

    /// The data file's sections, or the bundled emoji when no file is given.
    func loadCatalog(_ configuration: Configuration) throws(InputError) -> Catalog {
        guard let data else { return EmojiCatalog.load(grouping: subgroups ? .subgroup : configuration.emojiGrouping) }
        do {
            return try JSONSectionsLoader.load(path: data)
        } catch {
            throw InputError(message: error.description)
        }
    }
}

/// Bad input from the user (a data or configuration file): reported in one line, exit status 2.
struct InputError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension ParsableCommand {
    /// Runs `body`, turning an `InputError` into one line on stderr and exit status 2.
    func reportingInputErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as InputError {
            FileHandle.standardError.write(Data("splitview: \(error.message)\n".utf8))
            throw ExitCode(2)
        }
    }
}
