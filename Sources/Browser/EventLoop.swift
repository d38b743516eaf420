// The loop that drives a session: events in (input, time, data), frames out.

import Catalog
import Synchronization
import SplitLayout
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Everything that changes a session's state.
public enum BrowserEvent: Sendable {
    /// A key, a click or a resize, with the time it was read.
    case input(InputEvent, at: Moment)
    /// Time has passed: values in motion move on, timers fire (`BrowserState.nextWakeUp`).
    case tick(at: Moment)
    /// More data arrived: the catalog grown (see `BrowserState.load`).
    case loaded(Catalog)
    /// A reload's first data: the catalog replacing the one loaded (`BrowserState.replaceData`);
    /// `loaded` and `loadEnded` follow as for a stream.
    case reloaded(Catalog)
    /// The input ended (the last `loaded` held all of it): the header lines it gave
    /// (--header-lines) and a notice about it (its warnings), if any.
    case loadEnded(headerLines: [String], notice: String?)
    /// The input could not be read or parsed: the session ends with this message.
    case loadFailed(String)
    /// A search run in the background answered (`BrowserCommand.search`).
    case searched(SearchResult, generation: Int)
    /// A preview command printed (`BrowserCommand.preview`).
    case previewed(PreviewOutput)
}

/// Where events made away from the loop (a loader reading a pipe) wait for it. The loop looks
/// at least once a frame (`Timeline.frameInterval`) while the inbox is open.
public final class EventInbox: Sendable {
    private let state = Mutex<(events: [BrowserEvent], isOpen: Bool)>(([], true))
    /// What to do when the loop first looks, once its first frame is drawn (`whenFirstTaken`).
    private let firstTake = Mutex<(@Sendable () -> Void)?>(nil)
    /// Ends the loop's wait for input when an event is posted (set by `Browser.run`): data
    /// is drawn when it comes, not at the next look a frame later.
    private let wakeup = Mutex<InputWakeup?>(nil)

    func wakeWaits(on wakeup: InputWakeup) {
        self.wakeup.withLock { $0 = wakeup }
    }

    public init() {}

    /// Runs `action` once, when the loop first takes its events: after its first frame. (A
    /// reader that paused so as not to slow the first frame down goes on then.)
    public func whenFirstTaken(_ action: @escaping @Sendable () -> Void) {
        firstTake.withLock { $0 = action }
    }

    /// Adds an event for the loop to take.
    public func post(_ event: BrowserEvent) {
        state.withLock { $0.events.append(event) }
        wakeup.withLock { $0 }?.wake()
    }

    /// Says no more events will be posted: the loop stops looking.
    public func close() {
        state.withLock { $0.isOpen = false }
    }

    /// Says events will be posted again (a reload's data): the loop looks again.
    public func reopen() {
        state.withLock { $0.isOpen = true }
    }

    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Whether events wait to be taken.
    var hasEvents: Bool { state.withLock { !$0.events.isEmpty } }

    /// The events posted since the last call, in order.
    func takeAll() -> [BrowserEvent] {
        if let action = firstTake.withLock({ action in
            defer { action = nil }
            return action
        }) {
            action()
        }
        return state.withLock { state in
            defer { state.events = [] }
            return state.events
        }
    }
}

extension Browser {
    /// Carries out what updates asked: the loop's own commands on the screen (the clipboard,
    /// a stop, a bound command) and the searcher, the others by `others` (the program's: the
    /// recent file, a reload). Returns the input read while a command ran out of sight, for
    /// the loop to take after it.
    static func carryOut(
        _ commands: [BrowserCommand], on screen: Screen, searcher: SearchRunner, previewer: PreviewRunner,
        others: (BrowserCommand) -> Void
    ) -> [InputEvent] {
        var input: [InputEvent] = []
        for command in commands {
            switch command {
            case .copyToClipboard(let text): screen.copyToClipboard(text)
            case .suspend: screen.suspend()
            case .search(let request): searcher.start(request)
            case .preview(let request): previewer.start(request)
            case .execute(let command): screen.runOutside { _ = ChildProcess.runInForeground(command) }
            case .executeSilent(let command): input += runSilently(command, on: screen)
            case .forgetRecent, .reload: others(command)
            }
        }
        return input
    }

    /// Runs `command` out of sight to its end (fzf's execute-silent) while the screen's input
    /// is read: Ctrl-C or Esc ends the command at once, other input is kept for after it. A
    /// command that hangs never holds the browser past a key.
    static func runSilently(_ command: ShellCommand, on screen: Screen) -> [InputEvent] {
        guard let pid = ChildProcess.spawn(command, input: .null, output: .null, error: .null) else { return [] }
        TerminalGuard.setChildGroup(pid, slot: .command)
        defer {
            TerminalGuard.setChildGroup(nil, slot: .command)
            for file in command.files { unlink(file) }
        }
        var input: [InputEvent] = []
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            let asked = Moment.now
            guard let event = screen.nextEvent(timeoutMilliseconds: 5) else {
                // (A screen that did not wait: no terminal, or its input ended.)
                if Moment.now - asked < 5 { usleep(5000) }
                continue
            }
            if case .key(let key) = event, key == .control("c") || key == .escape {
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            input.append(event)
        }
        return input
    }

    /// Fires the `start` event, and `load` when the data is all there already: what a session
    /// does before its first frame.
    public static func start(_ state: inout BrowserState) -> [BrowserCommand] {
        state.fire(state.content.isLoading ? [.start] : [.start, .load])
    }

    /// Applies one event; returns what it asks of the world outside the state.
    @discardableResult
    public static func update(_ state: inout BrowserState, _ event: BrowserEvent) -> [BrowserCommand] {
        var commands = take(event, &state)
        state.applyStaleFilter()
        // A search that caught up (or a catalog loaded) built a new layout, its rows at their
        // first cards: the focused row goes to the focus at once (a move already on its way is
        // left to arrive).
        state.followFocusInRows(animated: false)
        commands += state.takeSearchToStart()
        commands += state.takePreviewToStart()
        return commands
    }

    /// Applies one input event, read at the time of the last event.
    @discardableResult
    public static func update(_ state: inout BrowserState, _ event: InputEvent) -> [BrowserCommand] {
        update(&state, .input(event, at: state.motion.now))
    }

    /// Applies one event, but an edit of the search prompt's text leaves the search to catch
    /// up (`applyStaleFilter`), so that `run` searches once for a whole paste, not once per
    /// pasted character over an ever longer query. Any other event sees the filter caught up
    /// first.
    static func take(_ event: BrowserEvent, _ state: inout BrowserState) -> [BrowserCommand] {
        guard let before = state.bindWatch else { return takeUnwatched(event, &state) }
        // (Where a row rests before the event: the first update of a session has no earlier.)
        if state.motion.restedOn == nil { state.motion.restedOn = state.restingCard }
        let commands = takeUnwatched(event, &state)
        state.applyStaleFilter()
        return commands + state.fire(state.events(since: before))
    }

    /// `take`, no event fired.
    static func takeUnwatched(_ event: BrowserEvent, _ state: inout BrowserState) -> [BrowserCommand] {
        switch event {
        case .input(let input, let time):
            state.motion.advanceClock(to: time)
            return take(input, &state)
        case .tick(let time):
            state.motion.advanceClock(to: time)
            state.applyStaleFilter()
            let (arrived, fired) = state.motion.timeline.advance(to: state.motion.now)
            state.advanceRows(arrived: arrived)
            for key in fired {
                if case .rowSnap(let section) = key { state.endSlide(section) }
            }
        case .loaded(let catalog):
            state.applyStaleFilter()
            state.load(catalog)
            state.focusReloaded()
        case .reloaded(let catalog):
            state.applyStaleFilter()
            state.replaceData(catalog)
        case .loadEnded(let headerLines, let notice):
            state.content.isLoading = false
            state.content.loadsEnded += 1
            state.focusReloaded()
            state.content.reloadFocus = nil
            if !headerLines.isEmpty && state.headerLines != headerLines { state.headerLines = headerLines }
            if let notice { state.overlays.notice = notice }
        case .loadFailed(let message):
            state.picking.outcome = .failed(message)
        case .searched(let result, let generation):
            let commands = state.takeSearchResult(result, generation: generation)
            state.focusReloaded()
            return commands
        case .previewed(let output):
            state.preview.take(output)
            if let window = state.previewLayout?.window, window.follow, let area = state.previewTextArea {
                state.preview.follow(visible: area.height, header: window.headerLines)
            }
        }
        return []
    }

    static func take(_ event: InputEvent, _ state: inout BrowserState) -> [BrowserCommand] {
        if !editsSearchText(event, state) { state.applyStaleFilter() }
        switch event {
        case .mouse(let mouse) where mouse.action == .drag || mouse.action == .release: break
        default: state.dropGrab()
        }
        var commands: [BrowserCommand] = []
        switch event {
        case .resize(let width, let height):
            state.resize(width: width, height: height)
        case .key(let key):
            state.overlays.notice = nil
            state.view.followsEnd = false
            commands = handle(key, &state)
        case .mouse(let mouse):
            state.overlays.notice = nil
            state.view.followsEnd = false
            commands = handle(mouse, &state)
        }
        if case .resize = event {
            state.followFocusInRows(animated: false)
        } else {
            state.followFocusInRows(animated: true)
        }
        return commands
    }

    /// Draws a frame of `state` on `screen`, after telling the screen the rows the content
    /// needs: one whose height follows its content (`--height ~N`) may change its height, and
    /// the state is then laid out again at the new one first.
    static func show(_ state: inout BrowserState, on screen: Screen) {
        if screen.fit(contentRows: state.contentRows) {
            state.resize(width: screen.width, height: screen.height)
        }
        screen.show(render(state))
    }

    /// Runs a session on a screen until it ends (or, for an in-memory screen, until its
    /// queued events run out and nothing moves). Waits for input no longer than the state's
    /// next wake-up (then it ticks) and, while `inbox` is open, than a frame (then it takes
    /// what was posted). A frame is drawn after each round that changed something.
    /// `commands`: what the loop does not carry out itself (`carryOut`), for the program.
    public static func run(
        _ state: inout BrowserState, on screen: Screen, inbox: EventInbox? = nil,
        commands: (BrowserCommand) -> Void = { _ in }
    ) -> Outcome? {
        let wakeup = InputWakeup()
        screen.wakeWaits(on: wakeup)
        inbox?.wakeWaits(on: wakeup)
        let searcher = SearchRunner(wakeup: wakeup)
        let previewer = PreviewRunner(wakeup: wakeup)
        defer {
            searcher.stop()
            previewer.stop()
        }
        /// Input read while a command ran out of sight, taken before any new input.
        var held: [InputEvent] = []
        func carryOut(_ asked: [BrowserCommand]) {
            held += Self.carryOut(
                asked + state.takeSearchToStart() + state.takePreviewToStart(), on: screen, searcher: searcher,
                previewer: previewer, others: commands)
        }
        state.motion.advanceClock(to: screen.now)
        if state.screenWidth != screen.width || state.screenHeight != screen.height {
            state.resize(width: screen.width, height: screen.height)
        }
        // (A search asked before the loop: --query, a prompt opened at the start.)
        carryOut(start(&state))
        if state.picking.outcome == nil { show(&state, on: screen) }
        while state.picking.outcome == nil {
            if !held.isEmpty {
                let events = held
                held = []
                var asked: [BrowserCommand] = []
                for event in events where state.picking.outcome == nil {
                    asked += take(.input(event, at: screen.now), &state)
                }
                state.applyStaleFilter()
                carryOut(asked)
                if state.picking.outcome == nil { show(&state, on: screen) }
                continue
            }
            // Open before taking: a post and close after this look are seen by the next one.
            let inboxOpen = inbox?.isOpen ?? false
            let posted = (inbox?.takeAll() ?? []) + searcher.answers.takeAll() + previewer.takeEvents()
            if !posted.isEmpty {
                var asked: [BrowserCommand] = []
                for event in posted where state.picking.outcome == nil { asked += take(event, &state) }
                state.applyStaleFilter()
                carryOut(asked)
                if state.picking.outcome == nil { show(&state, on: screen) }
                continue
            }
            var wait = state.nextWakeUp.map { max(0, $0 - screen.now) }
            // Data arriving: looked for once a frame; a search's answer, every `answerPoll`.
            // (Busy, or done with its answer posted after the look above.)
            let searching = searcher.isBusy || searcher.answers.hasEvents
            // A preview printing: its output wakes the wait (a wait with no end ignores wakes).
            let previewing = previewer.isActive
            if inboxOpen || searching || previewing {
                wait = min(wait ?? Timeline.frameInterval, Timeline.frameInterval)
            }
            if searching { wait = min(wait ?? SearchRunner.answerPoll, SearchRunner.answerPoll) }
            var changed = false
            var asked: [BrowserCommand] = []
            if let event = screen.nextEvent(timeoutMilliseconds: wait) {
                asked += take(.input(event, at: screen.now), &state)
                // What has arrived already (a paste, a key held down) is all taken before the
                // next frame and the next search: the frames between would show nobody anything,
                // and a search per key makes a long paste take minutes.
                while state.picking.outcome == nil, let waiting = screen.nextEvent(timeoutMilliseconds: 0) {
                    asked += take(.input(waiting, at: screen.now), &state)
                }
                changed = true
            } else if (wait == nil || screen.inputHasEnded) && !searching {
                break
            }
            if state.picking.outcome == nil, let wakeUp = state.nextWakeUp, screen.now >= wakeUp {
                asked += take(.tick(at: screen.now), &state)
                changed = true
            }
            state.applyStaleFilter()
            // The key's own frame (its echo in the prompt) before its search starts: started
            // first, the search's threads took both cores of a small machine from the frame, 3
            // to 10 ms for a key over the whole of Unicode, where the frame alone takes one.
            let search = state.takeSearchToStart()
            carryOut(asked)
            if changed && state.picking.outcome == nil { show(&state, on: screen) }
            if !search.isEmpty { carryOut(search) }
        }
        return state.picking.outcome
    }
}
