// Search beside the input loop, as fzf's matcher runs beside its reader: the loop hands each
// search the state asks for (`BrowserCommand.search`) to a thread of its own, a newer search
// stops the one running, and the answer comes back as an event (`BrowserEvent.searched`)
// while keys go on being read and drawn.

import Catalog
import Dispatch
import Synchronization
import TerminalUI

/// Runs searches one at a time away from the loop, the last one asked winning.
final class SearchRunner: Sendable {
    /// How often, in milliseconds, the loop looks for the answer while a search runs, on a
    /// screen that the runner's wakeup cannot wake (and in case a wake is missed): a look
    /// once a frame (16 ms) made every answer wait 8 ms on average, and a key's count come a
    /// frame late; a look costs next to nothing beside a search.
    static let answerPoll = 1

    /// The answers, for the loop to take (`BrowserEvent.searched`).
    let answers = EventInbox()
    /// Ends the loop's wait for input when an answer is posted (nil: the loop's look every
    /// `answerPoll` finds it).
    private let wakeup: InputWakeup?
    private let queue = DispatchQueue(label: "splitview.search", qos: .userInteractive)
    /// The running (or waiting) search's stop, and how many are asked and not done.
    private let state = Mutex<(current: SearchCancellation?, unfinished: Int)>((nil, 0))
    /// Only used on `queue`: the results along what was typed, so a query that refines the
    /// last one searches only its matches (`SearchSession`).
    nonisolated(unsafe) private var session = SearchSession()
    /// Only used on `queue`: the data the session's results are of (a reload replaces it).
    nonisolated(unsafe) private var dataGeneration = 0

    init(wakeup: InputWakeup? = nil) {
        self.wakeup = wakeup
        // (Before the first search asks for them.)
        queue.async { Search.startThreads() }
    }

    /// Starts `request`, stopping the search under way (its answer would be stale).
    func start(_ request: SearchRequest) {
        let cancellation = SearchCancellation()
        state.withLock { state in
            state.current?.cancel()
            state.current = cancellation
            state.unfinished += 1
        }
        queue.async { [self] in
            defer { state.withLock { $0.unfinished -= 1 } }
            if request.dataGeneration != dataGeneration {
                session.reset()
                dataGeneration = request.dataGeneration
            }
            guard !cancellation.isCancelled,
                let result = session.run(request.query, in: request.catalog, cancellation: cancellation)
            else { return }
            // (Posted before `unfinished` goes down: the loop never sees it idle with an
            // answer on its way.)
            answers.post(.searched(result, generation: request.generation))
            wakeup?.wake()
        }
    }

    /// Whether a search is running or waiting to run.
    var isBusy: Bool { state.withLock { $0.unfinished > 0 } }

    /// Stops the search under way (the session ended).
    func stop() { state.withLock { $0.current?.cancel() } }
}
