// The loop that drives a session: events in, frames out.

import Catalog
import SplitLayout
import TerminalUI

extension Browser {
    /// Applies one input event.
    public static func update(_ state: inout BrowserState, _ event: InputEvent) {
        take(event, &state)
        state.applyStaleFilter()
    }

    /// Applies one input event, but an edit of the search prompt's text leaves the search to
    /// catch up (`applyStaleFilter`), so that `run` searches once for a whole paste: a search
    /// per pasted character (each over a longer query) made a paste of 12,000 characters take
    /// minutes. Any other event sees the filter caught up first.
    static func take(_ event: InputEvent, _ state: inout BrowserState) {
        if !editsSearchText(event, state) { state.applyStaleFilter() }
        switch event {
        case .resize(let width, let height):
            state.resize(width: width, height: height)
        case .key(let key):
            state.notice = nil
            handle(key, &state)
        case .mouse(let mouse):
            state.notice = nil
            handle(mouse, &state)
        }
    }

    /// Runs a session on a screen until it ends (or, for an in-memory screen, until its
    /// queued events run out).
    public static func run(_ state: inout BrowserState, on screen: Screen) -> Outcome? {
        if state.width != screen.width || state.height != screen.height {
            state.resize(width: screen.width, height: screen.height)
        }
        screen.show(render(state))
        while state.outcome == nil, let event = screen.nextEvent(timeoutMilliseconds: nil) {
            take(event, &state)
            // What has arrived already (a paste, a key held down) is taken before the next
            // frame and the next search: a frame and a search per key made a 12,000-character
            // paste into the search prompt take minutes, and showed nobody the frames between.
            while state.outcome == nil, let waiting = screen.nextEvent(timeoutMilliseconds: 0) {
                take(waiting, &state)
            }
            state.applyStaleFilter()
            if state.outcome == nil { screen.show(render(state)) }
        }
        return state.outcome
    }
}
