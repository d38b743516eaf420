// fzf's --tmux: inside tmux, the browser opens in a popup over the pane (`tmux display-popup`,
// TmuxPopup.swift) and the pick comes back to the caller's standard output with its exit
// status; outside tmux the option changes nothing.

import ArgumentParser
import Foundation

/// Where the popup goes and how large it is: `[center|top|bottom|left|right][,SIZE[%]][,SIZE[%]]`,
/// as fzf reads it.
struct TmuxPlacement: Equatable {
    enum Position: String, CaseIterable {
        case center, top, bottom, left, right
    }

    /// A width or a height: cells, or a share of the window.
    enum Size: Equatable {
        case cells(Int)
        case percent(Int)

        /// "N" (1 or more) or "N%" (1 to 100); nil for anything else.
        init?(parsing text: Substring) {
            let percent = text.hasSuffix("%")
            let digits = percent ? text.dropLast() : text
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits),
                value >= 1, !percent || value <= 100
            else { return nil }
            self = percent ? .percent(value) : .cells(value)
        }

        /// As tmux takes it after -w and -h.
        var tmux: String {
            switch self {
            case .cells(let count): return String(count)
            case .percent(let share): return "\(share)%"
            }
        }
    }

    var position = Position.center
    var width = Size.percent(50)
    var height = Size.percent(50)

    /// What --tmux alone means.
    static let omitted = "center,50%"
    static let syntax = "[center|top|bottom|left|right][,SIZE[%]][,SIZE[%]]"

    /// The placement `text` describes, as fzf reads it (words separated by commas or colons;
    /// up and down for top and bottom): the position first (center when the first word is a
    /// size); one size is both of center's sides, the height of top and bottom (whose width is
    /// the window's), the width of left and right (whose height is the window's); two sizes are
    /// the width and the height. Nil when it is not one.
    init?(parsing text: String) {
        var words = text.split(omittingEmptySubsequences: false) { $0 == "," || $0 == ":" }
        let aliases: [Substring: Position] = ["up": .top, "down": .bottom]
        if let first = words.first, let position = Position(rawValue: String(first)) ?? aliases[first] {
            self.position = position
            words.removeFirst()
        }
        guard words.count <= 2 else { return nil }
        var sizes: [Size] = []
        for word in words {
            guard let size = Size(parsing: word) else { return nil }
            sizes.append(size)
        }
        switch position {
        case .top, .bottom: width = .percent(100)
        case .left, .right: height = .percent(100)
        case .center: break
        }
        if sizes.count == 2 {
            (width, height) = (sizes[0], sizes[1])
        } else if let size = sizes.first {
            switch position {
            case .center: (width, height) = (size, size)
            case .top, .bottom: height = size
            case .left, .right: width = size
            }
        }
    }

    /// display-popup's options placing the popup (fzf's: -y9999 is as low as it goes).
    var popupArguments: [String] {
        let place: [String]
        switch position {
        case .center: place = ["-xC", "-yC"]
        case .top: place = ["-xC", "-y0"]
        case .bottom: place = ["-xC", "-y9999"]
        case .left: place = ["-x0", "-yC"]
        case .right: place = ["-xR", "-yC"]
        }
        return place + ["-w" + width.tmux, "-h" + height.tmux]
    }
}

struct TmuxOptions: ParsableArguments {
    @Option(
        name: .customLong("tmux"),
        help: ArgumentHelp(
            "Inside tmux, open the browser in a popup over the pane (tmux display-popup, tmux 3.2 or later), as fzf's --tmux: the pick comes back to standard output with the exit status, standard input is the popup's data; outside tmux, the browser as usual. SIZE: cells, or N% of the window; one size is both of center's sides, top's and bottom's height, left's and right's width; two are the width and the height. --tmux alone is --tmux \(TmuxPlacement.omitted) (a FILE after it that reads as a placement, as 80%, goes before it, or --tmux takes =).",
            valueName: TmuxPlacement.syntax))
    var tmux: String?

    @Flag(
        name: .customLong("no-tmux"),
        help:
            "Draw on this terminal inside tmux too, whatever --tmux says (as the popup's own browser does; it undoes a --tmux of $SPLITVIEW_DEFAULT_OPTS)."
    )
    var noTmux = false

    func validate() throws {
        if let tmux, TmuxPlacement(parsing: tmux) == nil {
            throw ValidationError(
                "--tmux must be \(TmuxPlacement.syntax), SIZE 1 or more cells or 1% to 100%, got \"\(tmux)\"")
        }
    }

    /// Inside tmux ($TMUX set) with --tmux: the browser run in a popup with `arguments` (the
    /// command line's, as typed), its output written to standard output; its exit status.
    /// Nil where the browser runs here.
    func runInPopup(
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Int32? {
        guard let tmux, !noTmux, !(environment["TMUX"] ?? "").isEmpty,
            let placement = TmuxPlacement(parsing: tmux)
        else { return nil }
        return try TmuxPopup(placement: placement, arguments: arguments, environment: environment).run()
    }
}
