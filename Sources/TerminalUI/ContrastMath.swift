// WCAG 2's relative luminance and contrast ratio of sRGB colours: the browser keeps a data
// colour on the focus only where it reads (ListLine), and the tests measure the focus's
// contrast from the theme's colours (BrowserTests) and from screenshots (SplitviewTests).

import Foundation

public enum ContrastMath {
    /// The relative luminance of an sRGB colour, 0 to 1.
    public static func luminance(_ color: (Int, Int, Int)) -> Double {
        func channel(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.0) + 0.7152 * channel(color.1) + 0.0722 * channel(color.2)
    }

    /// The contrast ratio of two colours, 1 to 21.
    public static func contrast(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}

extension TerminalColor {
    /// The colour as xterm's default palette draws it; nil for the terminal's default colour,
    /// which only the terminal knows.
    public var paletteRGB: (Int, Int, Int)? {
        switch self {
        case .default: nil
        case .ansi(let index), .indexed(let index): TerminalPalette.rgb(ofIndex: index)
        case .rgb(let red, let green, let blue): (Int(red), Int(green), Int(blue))
        }
    }

    /// The contrast ratio of text in this colour on `background` (1 to 21); nil where either
    /// is the terminal's default.
    public func contrast(on background: TerminalColor) -> Double? {
        guard let text = paletteRGB, let ground = background.paletteRGB else { return nil }
        return ContrastMath.contrast(text, ground)
    }
}
