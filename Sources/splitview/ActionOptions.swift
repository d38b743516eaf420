// --action: what is done with a pick besides printing it: copy it to the clipboard (as
// --copy), or type it into the window that had the focus (DesktopTyping.swift), for a desktop
// picker that a window manager's key opens in a terminal.

import ArgumentParser
import Foundation

/// What --action does with the pick.
enum PickAction: String, CaseIterable, ExpressibleByArgument {
    case copy, type

    static var allValueDescriptions: [String: String] {
        [
            "copy": "copy it to the clipboard, as --copy",
            "type":
                "type it into the window that had the focus, once splitview's terminal is gone: with xdotool under X11, wtype under Wayland",
        ]
    }
}

struct ActionOptions: ParsableArguments {
    /// The exit status when --action type finds nothing to type with.
    static let cannotType: Int32 = 127

    @Option(
        name: .customLong("action"),
        help: ArgumentHelp(
            "Also do this with the pick on Enter, besides printing it (give it twice for both). type needs xdotool (X11) or wtype (Wayland) on PATH; without, one line says which to install, and the exit status is \(cannotType), before the browser opens.",
            valueName: "action"))
    var actions: [PickAction] = []

    var copies: Bool { actions.contains(.copy) }

    /// With --action type, the tool that will type the pick, found now, before any screen:
    /// where there is none, one line and exit status 127. Nil without --action type.
    func typist(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> DesktopTyping.Typist? {
        guard actions.contains(.type) else { return nil }
        switch DesktopTyping.typist(environment: environment) {
        case .success(let typist):
            return typist
        case .failure(let problem):
            StandardStreams.error("splitview: \(problem.message)\n")
            throw ExitCode(Self.cannotType)
        }
    }
}
