// Time and data as events: ticks step values in motion, the loop waits no longer than the
// state's next wake-up, and data that arrives grows the catalog under a still view.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Event loop: time and data")
struct EventLoopTests {
    let key = MotionKey.rowOffset(section: 0)

    @Test("a transition eases out from its origin to its target and then stays there")
    func transitionValues() {
        let transition = Transition(from: 0, to: 10, start: Moment(milliseconds: 100), duration: 100)
        #expect(transition.value(at: Moment(milliseconds: 50)) == 0)
        #expect(transition.value(at: Moment(milliseconds: 100)) == 0)
        // Ease-out: more than half of the way at half of the time.
        #expect(transition.value(at: Moment(milliseconds: 150)) == 10 * (1 - 0.125))
        #expect(transition.value(at: Moment(milliseconds: 200)) == 10)
        #expect(transition.value(at: Moment(milliseconds: 900)) == 10)
        let linear = Transition(from: 4, to: 0, start: Moment(milliseconds: 0), duration: 40, easing: .linear)
        #expect(linear.value(at: Moment(milliseconds: 10)) == 3)
    }

    @Test("ticks step an animation: a frame every 16 ms while it moves, none once it has arrived")
    func ticksStepAnAnimation() {
        var state = fixtureState()
        state.motion.timeline.move(key, from: 0, to: 30, at: state.motion.now, duration: 64, easing: .linear)
        var values: [Double] = []
        var wakeUps: [Int] = []
        while let wakeUp = state.nextWakeUp {
            wakeUps.append(wakeUp.milliseconds)
            Browser.update(&state, .tick(at: wakeUp))
            values.append(state.motion.timeline.value(of: key, at: state.motion.now) ?? 30)
        }
        #expect(wakeUps == [16, 32, 48, 64])
        #expect(values == [7.5, 15, 22.5, 30])
        #expect(state.motion.timeline.isIdle)
    }

    @Test("a new target while moving retargets from where the value is: no jump back")
    func retargeting() {
        var timeline = Timeline()
        timeline.move(key, from: 0, to: 10, at: Moment(milliseconds: 0), duration: 100, easing: .linear)
        timeline.move(key, from: 0, to: 20, at: Moment(milliseconds: 50), duration: 100, easing: .linear)
        #expect(timeline.value(of: key, at: Moment(milliseconds: 50)) == 5)
        #expect(timeline.value(of: key, at: Moment(milliseconds: 100)) == 12.5)
        #expect(timeline.value(of: key, at: Moment(milliseconds: 150)) == 20)
    }

    @Test("a timer wakes the session at its time, and a new one of the same key puts it off")
    func timers() {
        var timeline = Timeline()
        let snap = MotionKey.rowSnap(section: 2)
        timeline.schedule(snap, at: Moment(milliseconds: 120))
        #expect(timeline.nextWakeUp(after: Moment(milliseconds: 0)) == Moment(milliseconds: 120))
        timeline.schedule(snap, at: Moment(milliseconds: 200))
        #expect(timeline.advance(to: Moment(milliseconds: 150)).fired.isEmpty)
        #expect(timeline.advance(to: Moment(milliseconds: 200)).fired == [snap])
        #expect(timeline.isIdle && timeline.nextWakeUp(after: Moment(milliseconds: 200)) == nil)
        // A transition asks for frames sooner than a later timer.
        timeline.schedule(snap, at: Moment(milliseconds: 500))
        timeline.move(key, from: 0, to: 1, at: Moment(milliseconds: 200), duration: 50)
        #expect(timeline.nextWakeUp(after: Moment(milliseconds: 210)) == Moment(milliseconds: 226))
    }

    @Test("run waits no longer than the next wake-up, ticks, draws a frame a tick, and waits for input once still")
    func runPassesTheDeadlineToTheScreen() {
        let screen = MemoryScreen(width: 44, height: 8)
        var state = fixtureState()
        state.motion.timeline.move(key, from: 0, to: 1, at: state.motion.now, duration: 48)
        _ = Browser.run(&state, on: screen)
        // Three frames of motion, then a wait with no timeout, which the played-out screen ends.
        #expect(screen.waits == [16, 16, 16, nil])
        #expect(screen.frames.count == 1 + 3)
        #expect(screen.now == Moment(milliseconds: 48))
        #expect(state.motion.timeline.isIdle)
    }

    @Test("input carries its time: a key read during a move is stamped with the screen's clock")
    func inputCarriesItsTime() {
        let screen = MemoryScreen(width: 44, height: 8)
        screen.queue(.key(.down), at: Moment(milliseconds: 40))
        var state = fixtureState(focus: path(0, 0))
        state.motion.timeline.move(key, from: 0, to: 1, at: state.motion.now, duration: 100)
        _ = Browser.run(&state, on: screen)
        // Woken for frames at 16 and 32; the key arrives at 40, inside the wait that would end
        // at 48 (then a look, with no wait, for more that came with it); the frames go on from
        // there, the last one when the move ends.
        #expect(screen.waits == [16, 16, 16, 0, 16, 16, 16, 12, nil])
        #expect(state.view.focus == path(0, 3))
        #expect(screen.now == Moment(milliseconds: 100))
    }

    @Test("events queued with no time behave as before: read at once, run ends when they run out")
    func untimedEvents() {
        let screen = MemoryScreen(width: 44, height: 8)
        screen.pendingEvents = [.key(.down), .key(.right)]
        var state = fixtureState(focus: path(0, 0))
        #expect(Browser.run(&state, on: screen) == nil)
        #expect(state.view.focus == path(0, 4))
        #expect(screen.now == Moment(milliseconds: 0))
    }

    // MARK: Data as events

    /// The fixture with `extra` more items at the end of each section and a fifth section.
    func grown(by extra: Int) -> Catalog {
        Catalog(
            sections: [
                Section(title: "Alpha", items: items("a", 14 + extra)),
                Section(title: "Beta", items: items("b", 10 + extra)),
                Section(title: "Gamma", items: items("g", 8 + extra)),
                Section(title: "Delta", items: items("d", 12 + extra)),
                Section(title: "Epsilon", items: items("e", 5)),
            ], source: "test")
    }

    @Test("loaded data grows the catalog; the focused item stays at its row of the screen")
    func loadKeepsTheFocusStill() {
        var state = fixtureState(focus: path(2, 4))
        let row = state.view.layout.frame(of: path(2, 4))!.y - state.view.offset
        Browser.update(&state, .loaded(grown(by: 9)))
        #expect(state.content.itemCount == 44 + 4 * 9 + 5)
        #expect(state.view.focus == path(2, 4))
        #expect(state.view.layout.frame(of: path(2, 4))!.y - state.view.offset == row)
        #expect(render(state).contains { $0.contains("Alpha · 23") })
    }

    @Test("a search in force covers the items that arrive")
    func loadUpdatesTheSearch() {
        var state = fixtureState()
        state.startSearch("e")
        #expect(state.content.catalog.sections.isEmpty)
        Browser.update(&state, .loaded(grown(by: 0)))
        #expect(state.content.catalog.sections.map(\.title) == ["Epsilon"])
        #expect(state.overlays.searchPrompt?.text == "e")
    }

    @Test("run takes what a loader posts to the inbox, and stops looking when it closes")
    func inboxFeedsTheLoop() {
        let screen = MemoryScreen(width: 44, height: 8)
        let inbox = EventInbox()
        inbox.post(.loaded(grown(by: 1)))
        inbox.close()
        var state = fixtureState()
        _ = Browser.run(&state, on: screen, inbox: inbox)
        #expect(state.content.itemCount == 44 + 4 + 5)
        #expect(screen.frames.count == 2)
        #expect(!inbox.isOpen)
    }

    @Test("while the inbox is open, the loop looks at it every frame")
    func openInboxIsPolled() {
        let screen = MemoryScreen(width: 44, height: 8)
        screen.queue(.key(.character("q")), at: Moment(milliseconds: 50))
        let inbox = EventInbox()
        var state = fixtureState()
        #expect(Browser.run(&state, on: screen, inbox: inbox) == .cancelled)
        #expect(screen.waits == [16, 16, 16, 16])
        // Nothing arrived: no frame but the first.
        #expect(screen.frames.count == 1)
    }
}

@Suite("Event loop: a screen whose height follows its content (--height ~N)")
struct AdaptiveHeightTests {
    /// A session on `count` items, on a 60-column screen `height` rows tall whose height follows
    /// its content up to `limit`, with `keys` typed.
    func run(items count: Int, height: Int, limit: Int, keys: String = "") -> (BrowserState, MemoryScreen) {
        let catalog = Catalog(sections: [Section(title: "Items", items: items("item", count))], source: "test")
        var state = fixtureState(width: 60, height: height, catalog: catalog)
        let screen = MemoryScreen(width: 60, height: height)
        screen.adaptiveLimit = limit
        screen.pendingEvents = keys.map { .key(.character($0)) }
        _ = Browser.run(&state, on: screen)
        return (state, screen)
    }

    @Test("the first frame takes the rows the content needs, within the limit, and the state is laid out at them")
    func firstFrameFitsTheContent() {
        let (state, screen) = run(items: 3, height: 20, limit: 20)
        let needed = state.contentRows
        #expect(needed < 20)
        #expect(screen.frames.first?.height == needed && state.view.height == needed)
        #expect(screen.frames[0].lines.last?.contains("1 of 3") == true)
    }

    @Test("content taller than the limit gets the limit; the height never shrinks as a search narrows")
    func limitAndGrowOnly() {
        let (_, screen) = run(items: 400, height: 30, limit: 12, keys: "/item1")
        #expect(screen.frames.count > 1 && screen.frames.allSatisfy { $0.height == 12 })
    }
}

@Suite("Ctrl-Z")
struct SuspendKeyTests {
    @Test("asks the screen to stop the program, in the browser, the prompt and the help")
    func suspendsInEveryMode() {
        for opening in [[], [Key.character("/")], [Key.character("?")]] as [[Key]] {
            var state = fixtureState()
            let screen = MemoryScreen(width: 44, height: 8)
            screen.pendingEvents = (opening + [.control("z"), .character("q")]).map { .key($0) }
            if opening == [.character("/")] { screen.pendingEvents += [.key(.escape), .key(.character("q"))] }
            if opening == [.character("?")] { screen.pendingEvents += [.key(.character("q"))] }
            _ = Browser.run(&state, on: screen)
            #expect(screen.suspensions == 1, "after \(opening)")
        }
    }

    @Test("with --expect ctrl-z it picks instead, as the user asked")
    func expectedCtrlZPicks() throws {
        var state = fixtureState()
        state.options.expectedKeys = try ExpectedKeys(parsing: "ctrl-z")
        let screen = MemoryScreen(width: 44, height: 8)
        screen.pendingEvents = [.key(.control("z"))]
        let outcome = Browser.run(&state, on: screen)
        #expect(screen.suspensions == 0)
        #expect(outcome == .chosen(path(0, 0)) && state.picking.endingKey == "ctrl-z")
    }
}
