// Reads the TOML configuration file and checks every key against what is allowed and what can
// be drawn. The document is read by the project's own TOML reader (Sources/TOML; why not a
// library: see there), which keeps the position of every key, so every error names the file,
// line, column and key.

import Browser
import Catalog
import Foundation
import SplitLayout
import TerminalUI
import TOML

/// A problem in a configuration file: `file:line:column: key: message`.
public struct ConfigError: Error, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var key: String?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return key.map { "\(location): \($0): \(message)" } ?? "\(location): \(message)"
    }
}

public enum ConfigLoader {
    /// The file to read: `--config PATH`, else `$XDG_CONFIG_HOME/splitview/config.toml`, else
    /// `~/.config/splitview/config.toml`; nil when no file is named and none exists.
    public static func locate(explicitPath: String?, environment: [String: String]) -> String? {
        if let explicitPath { return explicitPath }
        return candidatePaths(environment: environment).first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Where the configuration file is looked for, in order: under $XDG_CONFIG_HOME, then
    /// ~/.config. A relative $XDG_CONFIG_HOME is ignored, as the XDG Base Directory
    /// specification asks. The first is where a new file goes (probe-widths).
    public static func candidatePaths(environment: [String: String]) -> [String] {
        var candidates: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            candidates.append(xdg + "/splitview/config.toml")
        }
        if let home = environment["HOME"], !home.isEmpty {
            candidates.append(home + "/.config/splitview/config.toml")
        }
        return candidates
    }

    /// The defaults overridden by the file at `path` (or the defaults alone for nil).
    public static func load(path: String?) throws(ConfigError) -> Configuration {
        guard let path else { return .defaults }
        // Read as the data files are (read(2) to the end): FileManager.contents(atPath:) fails
        // on a pipe, so `--config <(...)` was refused as "permission denied".
        let bytes: [UInt8]
        do {
            bytes = try CatalogLoader.read(path: path)
        } catch {
            throw ConfigError(
                file: path,
                message: error.message.replacingOccurrences(
                    of: "cannot read the file", with: "cannot read the configuration file"))
        }
        return try parse(bytes, file: path)
    }

    public static func parse(_ text: String, file: String) throws(ConfigError) -> Configuration {
        try parse(Array(text.utf8), file: file)
    }

    /// The configuration a document gives; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(ConfigError) -> Configuration {
        let root: TOMLTable
        do {
            root = try TOMLReader.parse(bytes)
        } catch {
            throw ConfigError(
                file: file, line: error.position.line, column: error.position.column,
                message: "invalid TOML: \(error.message)")
        }
        let reader = TableReader(document: root, file: file)
        var configuration = Configuration.defaults
        try reader.checkKeys(ConfigSchema.root)
        // The effects first: [row] and [sections."TITLE"] may name them.
        if let effects = try reader.table("effects") { configuration.keyframeEffects = try effects.keyframeEffects() }
        // (withValue rethrows untyped: the result carried out of it instead.)
        let start = configuration
        let result = CardEffects.$configured.withValue(configuration.keyframeEffects) {
            () -> Result<Configuration, ConfigError> in
            do throws(ConfigError) {
                return .success(try parseTables(reader, into: start))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The tables after [effects], which may name its effects.
    private static func parseTables(_ reader: TableReader, into start: Configuration) throws(ConfigError)
        -> Configuration
    {
        var configuration = start

        // Named groups first: [layout] and [sections."TITLE"] may name them.
        if let groups = try reader.table("groups") { configuration.layout.groups = try groups.namedGroups() }
        if let layout = try reader.table("layout") { try layout.apply(ConfigSchema.layout, to: &configuration) }
        if let item = try reader.table("item") { try item.apply(ConfigSchema.item, to: &configuration) }
        // A list in the file replaces the default list as a whole.
        if let breakpoints = try reader.read(ConfigSchema.breakpoints) {
            configuration.layout.breakpoints = breakpoints
        }
        if let row = try reader.table("row") {
            var override = SectionStyleOverride()
            try row.apply(ConfigSchema.row, to: &override)
            if let style = override.style { configuration.layout.defaultStyle = style }
            configuration.layout.rowDefaults = override.row
        }
        if let sections = try reader.table("sections") {
            configuration.layout.sectionStyles = try sections.sectionStyles(in: configuration)
        }
        try LayoutRoom.check(configuration.layout, in: reader)
        if let theme = try reader.table("theme") { try theme.apply(ConfigSchema.theme, to: &configuration) }
        if let widths = try reader.table("widths") {
            for member in widths.source.members {
                let sequence = try widths.widthSequence(member.key)
                guard case .integer(let width) = member.value.sourceValue, (0...2).contains(width) else {
                    throw widths.error(
                        key: member.key, "expected a width of 0, 1 or 2 cells, found \(member.value.sourceSummary)")
                }
                configuration.widthOverrides[sequence] = width
            }
        }
        if let catalog = try reader.table("catalog") { try catalog.apply(ConfigSchema.catalog, to: &configuration) }
        if let emoji = try reader.table("emoji") { try emoji.apply(ConfigSchema.emoji, to: &configuration) }
        if let recent = try reader.table("recent") { try recent.apply(ConfigSchema.recent, to: &configuration) }
        if let screen = try reader.table("screen") { try screen.apply(ConfigSchema.screen, to: &configuration) }
        if let search = try reader.table("search") { try search.apply(ConfigSchema.search, to: &configuration) }
        if let bind = try reader.table("bind") { configuration.bindings = try bind.bindings() }
        return configuration
    }
}

extension TableReader {
    /// [effects.NAME]: each table an effect of keyframes, checked whole: keyframes in
    /// increasing progress, each with its progress; a name of its own.
    func keyframeEffects() throws(ConfigError) -> [String: KeyframeEffect] {
        var effects: [String: KeyframeEffect] = [:]
        for member in source.members {
            if CardEffects.builtIn.contains(where: { $0.name == member.key }) {
                throw error(
                    key: member.key,
                    "an effect of your own cannot be called \"\(member.key)\": a built-in effect is; choose another name"
                )
            }
            guard let table = try table(member.key) else { continue }
            try table.checkKeys(ConfigSchema.effect)
            var spec = KeyframeEffectSpec()
            try table.apply(ConfigSchema.effect, to: &spec)
            guard let frames = try table.arrayOfTables("keyframes"), !frames.isEmpty else {
                throw table.error(
                    key: nil, "an effect needs keyframes = [{ progress = 0, scale = 1 }, ...], one at least")
            }
            var keyframes: [Keyframe] = []
            for frame in frames {
                try frame.checkKeys(ConfigSchema.keyframe)
                var keyframe = KeyframeSpec()
                try frame.apply(ConfigSchema.keyframe, to: &keyframe)
                guard let progress = keyframe.progress else {
                    throw frame.error(key: nil, "each keyframe needs its progress (0 resting, 1 one card to the right)")
                }
                if let last = keyframes.last, progress <= last.progress {
                    throw frame.error(
                        key: "progress",
                        "the keyframes go in increasing progress: \(EffectOption.text(progress)) after \(EffectOption.text(last.progress))"
                    )
                }
                keyframes.append(keyframe.keyframe)
            }
            effects[member.key] = KeyframeEffect(keyframes: keyframes, curve: spec.curve ?? .linear)
        }
        return effects
    }

    /// [bind]: `KEY = "ACTION[+ACTION...]"`, each read as --bind reads `KEY:ACTION...`, a
    /// problem placed at its character of the file.
    func bindings() throws(ConfigError) -> UserBindings {
        var bindings = UserBindings()
        for member in source.members {
            guard case .string(let actions) = member.value.sourceValue else {
                throw error(
                    key: member.key,
                    "expected the actions as a string (\"down\", \"execute(less {})\"), found \(member.value.sourceSummary)"
                )
            }
            let key = member.key
            do {
                try bindings.add(parsing: key + ":" + actions)
            } catch {
                // In the key, or in the value's string (after its opening quote).
                let inKey = error.offset <= key.count
                var position = inKey ? member.keyPosition : member.value.position
                if !inKey { position.column += 1 + error.offset - key.count - 1 }
                throw self.error(key: key, error.message, at: position)
            }
        }
        return bindings
    }

    /// [groups.NAME]: each table a group.
    func namedGroups() throws(ConfigError) -> [String: GroupLayout] {
        var groups: [String: GroupLayout] = [:]
        for member in source.members {
            // `--layout` reads fzf's words and its own before a group's name: a group named so
            // could never be chosen there.
            if LayoutWords.reserved.contains(member.key) {
                throw ConfigError(
                    file: file, line: member.keyPosition.line, column: member.keyPosition.column,
                    key: source.path(of: member.key),
                    message: "a group cannot be named \"\(member.key)\": --layout reads it as "
                        + LayoutWords.meaning(of: member.key) + "; choose another name")
            }
            do {
                groups[member.key] = try GroupReader.group(
                    member.value, path: source.path(of: member.key), parentWidth: nil)
            } catch {
                throw ConfigError(error, file: file)
            }
        }
        return groups
    }

    /// The configuration's [sections."TITLE"] tables, by title; the groups they name are the
    /// configuration's or built-in ones.
    func sectionStyles(in configuration: Configuration) throws(ConfigError) -> [String: SectionStyleOverride] {
        var styles: [String: SectionStyleOverride] = [:]
        for member in source.members {
            guard let section = try table(member.key) else { continue }
            var override = SectionStyleOverride()
            try section.apply(ConfigSchema.section, to: &override)
            if let group = override.group {
                do {
                    try ConfigSchema.check(group, in: configuration)
                } catch {
                    throw section.error(key: "group", error.message)
                }
            }
            styles[member.key] = override
        }
        return styles
    }

    /// A `[widths]` key as the sequence it names.
    func widthSequence(_ key: String) throws(ConfigError) -> String {
        switch WidthOverrideKey.parse(key) {
        case .success(let sequence): return sequence
        case .failure(let problem): throw error(key: key, problem.message)
        }
    }
}
