// What a change of the state asks of the world outside it: as Bubble Tea's `Cmd`, a value the
// update returns, carried out by the loop (`Browser.run`) or by the program that runs it,
// rather than a flag left in the state for someone to find and clear.

/// One thing an update asks to be done outside the state.
public enum BrowserCommand: Hashable, Sendable {
    /// Put this text on the terminal's clipboard (`y`; the loop sends it through the screen).
    case copyToClipboard(String)
    /// Stop the program as Ctrl-Z does in a shell (the loop asks the screen).
    case suspend
    /// Take this glyph out of the recent-picks file (`x` on a recent pick; the program writes
    /// the file when the session ends).
    case forgetRecent(glyph: String)
}
