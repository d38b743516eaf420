// What a change of the state asks of the world outside it: as Bubble Tea's `Cmd`, a value the
// update returns, carried out by the loop (`Browser.run`) or by the program that runs it,
// rather than a flag left in the state for someone to find and clear.

import Catalog

/// One thing an update asks to be done outside the state.
public enum BrowserCommand: Hashable, Sendable {
    /// Put this text on the terminal's clipboard (`y`; the loop sends it through the screen).
    case copyToClipboard(String)
    /// Stop the program as Ctrl-Z does in a shell (the loop asks the screen).
    case suspend
    /// Take this glyph out of the recent-picks file (`x` on a recent pick; the program writes
    /// the file when the session ends).
    case forgetRecent(glyph: String)
    /// Search, away from the input (`SessionOptions.searchesInBackground`): the loop runs it
    /// on a thread of its own, stops it when a newer one is asked, and hands its result back
    /// as `BrowserEvent.searched`.
    case search(SearchRequest)
    /// Run this preview command, ending the one before (`PreviewRunner`): its output comes
    /// back as `BrowserEvent.previewed`.
    case preview(PreviewRequest)
    /// Run this command with the terminal, given back to the shell's modes until it ends
    /// (fzf's execute); the loop does it.
    case execute(ShellCommand)
    /// Run this command out of sight until it ends, Ctrl-C ending it sooner (fzf's
    /// execute-silent); the loop does it.
    case executeSilent(ShellCommand)
    /// Replace the data by this command's output (fzf's reload): the program reads it as it
    /// reads a pipe, posting `BrowserEvent.reloaded`, then `loaded` and `loadEnded`.
    case reload(ShellCommand)
}

/// A search the state asked for: the query, over the data as it was then.
public struct SearchRequest: Hashable, Sendable {
    /// Numbers the searches of a session: only the answer to the last one asked is shown.
    public let generation: Int
    public let query: SearchQuery
    public let catalog: Catalog
    /// The data's number (`ContentState.dataGeneration`): results of another are not grown.
    public var dataGeneration = 0

    public static func == (a: SearchRequest, b: SearchRequest) -> Bool {
        a.generation == b.generation && a.query == b.query
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(generation)
        hasher.combine(query)
    }
}
