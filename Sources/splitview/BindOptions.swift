// fzf's --bind: keys and events bound to actions (BindSyntax.swift reads them, BindActions.swift
// declares the actions, whose names and help the option's help lists).

import ArgumentParser
import Browser

struct BindOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Bind keys or events to actions, as fzf's --bind: KEY:ACTION[+ACTION...][,KEY:ACTION...], an argument in (...) or fzf's other brackets (execute(less {}), reload(ls), become(vim {}), change-query(x)). Given more than once, the later bindings of a key win; they come over [bind] of the configuration and over the built-in keys (ignore removes one). Events: \(BindEvent.allCases.map(\.rawValue).joined(separator: ", ")). Actions: \(BindableAction.all.map(\.usage).joined(separator: ", ")).",
            valueName: "BINDINGS"))
    var bind: [String] = []

    func validate() throws {
        _ = try bindings(over: UserBindings())
    }

    /// `base` (the configuration's) with each --bind added in turn.
    func bindings(over base: UserBindings) throws -> UserBindings {
        var bindings = base
        for spec in bind {
            do {
                try bindings.add(parsing: spec)
            } catch {
                throw ValidationError("--bind \"\(spec)\": \(error)")
            }
        }
        return bindings
    }
}
