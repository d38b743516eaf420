// How a CellStyle is drawn on a given terminal: its colours mapped to the terminal's palette
// (256, 16 or 8 colours, or none), and the attributes that stand in for what the terminal
// cannot show.

/// What a terminal can do with colours.
struct ColorSupport: Hashable, Sendable {
    /// Whether colours are used at all (false with NO_COLOR or on a terminal without them).
    var enabled: Bool
    /// The palette size (colors#): 8, 16, 256...
    var paletteSize: Int
    /// Whether the terminal has its own default colours (op): otherwise white on black
    /// stands for them.
    var hasDefaultColors: Bool

    static let none = ColorSupport(enabled: false, paletteSize: 0, hasDefaultColors: true)
}

extension ColorSupport {
    /// What a terminal with these sequences can do: colours from 8 of them up (setaf, setab and
    /// colors#), default colours where it has op.
    init(_ sequences: TerminalSequences) {
        guard sequences.paletteSize >= 8 else {
            self = .none
            return
        }
        self.init(
            enabled: true, paletteSize: sequences.paletteSize,
            hasDefaultColors: !sequences.defaultColors.isEmpty)
    }
}

/// A style as the terminal is told to draw it: attributes and palette indices (-1: the
/// terminal's default colour; on a direct-colour terminal, 0xRRGGBB from 8 on). Two
/// CellStyles that a terminal draws alike resolve alike.
struct DrawnStyle: Hashable, Sendable {
    struct Attributes: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        static let bold = Attributes(rawValue: 1)
        static let dim = Attributes(rawValue: 2)
        static let reverse = Attributes(rawValue: 4)
        static let underline = Attributes(rawValue: 8)
    }

    var attributes: Attributes = []
    var foreground: Int32 = -1
    var background: Int32 = -1

    /// What the terminal draws after sgr0, and what it clears and scrolls in with.
    static let normal = DrawnStyle()

    init(attributes: Attributes = [], foreground: Int32 = -1, background: Int32 = -1) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    init(_ style: CellStyle, colors: ColorSupport) {
        var bold = style.bold
        if colors.enabled {
            let foreground = TerminalPalette.paletteColor(
                style.foreground, colors: colors.paletteSize, foreground: true)
            let background = TerminalPalette.paletteColor(
                style.background, colors: colors.paletteSize, foreground: false)
            bold = bold || foreground.bold
            var (fg, bg) = (foreground.index, background.index)
            if !colors.hasDefaultColors {
                if fg < 0 { fg = 7 }
                if bg < 0 { bg = 0 }
            }
            self.foreground = Int32(fg)
            self.background = Int32(bg)
        }
        if bold { attributes.insert(.bold) }
        if style.dim { attributes.insert(.dim) }
        if TerminalPalette.drawsReverse(style, colorsEnabled: colors.enabled) { attributes.insert(.reverse) }
        if style.underline { attributes.insert(.underline) }
    }
}

enum TerminalPalette {
    /// Whether cells of `style` are drawn in reverse video. Without colours a background is
    /// what sets the focus, the headers and the status line apart, and bold alone does not
    /// show on an emoji: reverse video stands in for it, as in `Theme.withoutColors`.
    static func drawsReverse(_ style: CellStyle, colorsEnabled: Bool) -> Bool {
        style.reverse || (!colorsEnabled && style.background != .default)
    }

    /// The colours from which a terminal's colour numbers are red, green and blue packed as
    /// 0xRRGGBB (terminfo's direct-colour entries, xterm-direct: colors#0x1000000), save 0-7,
    /// its eight ANSI colours.
    static let directColors = 1 << 24

    /// A palette index for `color` on a terminal of `colors` colours (-1: the default), and
    /// whether the foreground should be bold to stand for a bright colour on 8 colours. On a
    /// direct-colour terminal, the colour itself (0xRRGGBB) for all but the first eight: there
    /// an index of 8 or more is read as red, green and blue (bright yellow, 11, drawn nearly
    /// black).
    static func paletteColor(_ color: TerminalColor, colors: Int, foreground: Bool) -> (index: Int, bold: Bool) {
        if colors >= directColors {
            func packed(_ red: Int, _ green: Int, _ blue: Int) -> Int { red << 16 | green << 8 | blue }
            switch color {
            case .default: return (-1, false)
            case .ansi(let number) where (0..<8).contains(number): return (number, false)
            case .ansi(let number):
                let (red, green, blue) = basicColors[min(max(number, 0), 15)]
                return (packed(red, green, blue), false)
            case .indexed(let number):
                let number = min(max(number, 0), 255)
                if number < 16 { return paletteColor(.ansi(number), colors: colors, foreground: foreground) }
                let (red, green, blue) = rgb(ofIndex: number)
                return (packed(red, green, blue), false)
            case .rgb(let red, let green, let blue):
                // (A colour in 0-7 would be read as an ANSI one: black that dark is black.)
                let value = packed(Int(red), Int(green), Int(blue))
                return (value < 8 ? 0 : value, false)
            }
        }
        switch color {
        case .default:
            return (-1, false)
        case .ansi(let number):
            let number = min(max(number, 0), 15)
            if colors >= 16 { return (number, false) }
            return (number % 8, foreground && number >= 8)
        case .indexed(let number):
            let number = min(max(number, 0), 255)
            if number < 16 { return paletteColor(.ansi(number), colors: colors, foreground: foreground) }
            if colors >= 256 { return (number, false) }
            let (red, green, blue) = rgb(ofIndex: number)
            return nearestBasic(red: red, green: green, blue: blue, colors: colors, foreground: foreground)
        case .rgb(let red, let green, let blue):
            if colors >= 256 { return (xterm256Index(red: Int(red), green: Int(green), blue: Int(blue)), false) }
            return nearestBasic(
                red: Int(red), green: Int(green), blue: Int(blue), colors: colors,
                foreground: foreground)
        }
    }

    /// xterm's default colours 0-15.
    static let basicColors: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The nearest colour of the xterm 256-colour palette's 6x6x6 cube (16-231) and grey ramp
    /// (232-255).
    static func xterm256Index(red: Int, green: Int, blue: Int) -> Int {
        func level(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
        let (r, g, b) = (level(red), level(green), level(blue))
        let cube = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance((cubeLevels[r], cubeLevels[g], cubeLevels[b]), (red, green, blue))
        let average = (red + green + blue) / 3
        let grey = average < 3 ? 0 : min(23, max(0, (average - 3) / 10))
        let greyValue = 8 + 10 * grey
        let greyDistance = distance((greyValue, greyValue, greyValue), (red, green, blue))
        return greyDistance < cubeDistance ? 232 + grey : cube
    }

    /// The RGB value of a 256-colour palette index.
    static func rgb(ofIndex index: Int) -> (Int, Int, Int) {
        switch index {
        case ..<16: return basicColors[max(0, index)]
        case 16..<232:
            let offset = index - 16
            return (cubeLevels[offset / 36], cubeLevels[offset / 6 % 6], cubeLevels[offset % 6])
        default:
            let value = 8 + 10 * (min(index, 255) - 232)
            return (value, value, value)
        }
    }

    /// The nearest of the 16 basic colours; on 8 colours a bright foreground becomes bold and a
    /// background takes the nearest of the first 8.
    static func nearestBasic(
        red: Int, green: Int, blue: Int, colors: Int,
        foreground: Bool
    ) -> (index: Int, bold: Bool) {
        let candidates = colors >= 16 || foreground ? 16 : 8
        var best = 0
        var bestDistance = Int.max
        for index in 0..<candidates {
            let d = distance(basicColors[index], (red, green, blue))
            if d < bestDistance {
                bestDistance = d
                best = index
            }
        }
        if colors >= 16 { return (best, false) }
        return (best % 8, foreground && best >= 8)
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }
}
