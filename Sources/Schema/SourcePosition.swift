// A place in a file the user wrote: the configuration (TOML) or a data file (JSON, JSON Lines,
// CSV, TSV, lines). One type for every reader, so that every message names a place the same way.

/// A place in a source file. Both fields are 1-based. The column counts Unicode scalars from
/// the start of the line (a tab counts as one), which is roughly the column an editor shows.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, ready to follow `file:`.
    public var description: String { "\(line):\(column)" }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}
