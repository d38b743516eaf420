// What a cell shows and how: colours, attributes, and the cell as the tests read it.

/// A terminal colour. `.default` is the terminal's own foreground or background.
public enum TerminalColor: Hashable, Sendable {
    case `default`
    /// One of the 16 ANSI colours: 0-7 normal, 8-15 bright.
    case ansi(Int)
    /// An index of the 256-colour palette.
    case indexed(Int)
    case rgb(UInt8, UInt8, UInt8)
}

/// How a cell is drawn.
public struct CellStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default,
        bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = CellStyle()

    /// The alpha at and above which a faded style is drawn as it is.
    public static let opaqueAlpha = 0.95

    /// This style seen at `alpha` (1 opaque, 0 transparent), for a card an effect fades: a
    /// terminal cell has no translucency, only the dim attribute (SGR 2, "faint"), so any alpha
    /// below `opaqueAlpha` is drawn dim and nothing finer.
    public func faded(to alpha: Double) -> CellStyle {
        guard alpha < Self.opaqueAlpha else { return self }
        var faded = self
        faded.dim = true
        return faded
    }
}

/// One cell. A wide cluster occupies its first cell; the cells it covers after that hold
/// `continuation` (empty text) so nothing else is drawn there.
public struct Cell: Hashable, Sendable {
    /// One grapheme cluster, or "" for a continuation cell.
    public var text: String
    /// Cells the cluster takes on screen (1 or 2; 0 for a continuation cell).
    public var width: UInt8
    public var style: CellStyle

    public init(text: String, width: UInt8, style: CellStyle) {
        self.text = text
        self.width = width
        self.style = style
    }

    public var isContinuation: Bool { width == 0 }
}
