// Row sections in the browser: drawing under each effect, the focus as the row's page, the
// animated moves (stepped by ticks), the wheel's slide and snap, clicks on cards.

@testable import Browser
import Catalog
import SeededRandom
import Foundation
import SplitLayout
import Testing
import TerminalUI

/// A grid section "Top" of 4 items above a row section "Cards" of 8 items with a field, one
/// column 40 wide: cards 14 x 4, gap 2 (stride 16), centred.
func rowState(
    effect: String = "none", behavior: RowBehavior = .groupPagingCentered, height: Int = 12, settle: RowSettle? = nil
) -> BrowserState {
    let cards = (0..<8).map { Item(label: "card \($0)", fields: [Item.Field(name: "n", value: "\($0 * 11)")]) }
    let catalog = Catalog(
        sections: [Section(title: "Top", items: items("t", 4)), Section(title: "Cards", items: cards)], source: "test")
    var settings = fixtureSettings(splitFrom: 1000)
    settings.sectionStyles["Cards"] = SectionStyleOverride(
        style: .row,
        row: RowHint(cardWidth: 14, cardHeight: 4, gap: 2, behavior: behavior, effect: effect, settle: settle))
    return BrowserState(catalog: catalog, settings: settings, theme: .standard, width: 40, height: height)
}

extension BrowserState {
    /// Feeds ticks every frame interval until nothing moves; returns the row offsets seen.
    mutating func settle(section: Int = 1, limit: Int = 100) -> [Double] {
        var seen: [Double] = []
        var steps = 0
        while let wakeUp = nextWakeUp, steps < limit {
            Browser.update(&self, .tick(at: wakeUp))
            seen.append(view.layout.rowOffset(section: section))
            steps += 1
        }
        return seen
    }

    mutating func press(_ key: Key, at time: Int) {
        Browser.update(&self, .input(.key(key), at: Moment(milliseconds: time)))
    }
}

@Suite("Row sections in the browser")
struct RowBrowserTests {
    @Test("a row is drawn as boxed cards, the focused one centred, its neighbours cut at the row's edges")
    func drawn() {
        var state = rowState()
        state.send(.down)
        #expect(state.view.focus == path(1, 0))
        expectLines(
            render(state),
            framed(
                """
                |  Top · 4                               |
                |  t0    t1    t2    t3                  |
                |                                        |
                |  Cards · 8                             |
                |             ╭────────────╮  ╭───────── |
                |             │ card 0     │  │ card 1   |
                |             │ n: 0       │  │ n: 11    |
                |             ╰────────────╯  ╰───────── |
                |                                        |
                |                                        |
                |                                        |
                | card 0…  page 1 of 8 · 5 of 12  ? help |
                """))
    }

    /// Every effect at progress 0, 0.5 and 1 of card 3 (card 3 centred, half a card right
    /// of the centre, a whole card right), the row's rows only.
    static func effectFrames() -> String {
        var text = ""
        for effect in CardEffects.names {
            for progress in [0.0, 0.5, 1.0] {
                var state = rowState(effect: effect)
                state.send(.down)
                state.view.layout.setRowOffset(16 * (3 - progress), section: 1)
                text += "== \(effect), p = \(progress)\n"
                for line in render(state)[3..<11] { text += "|\(line)|\n" }
            }
        }
        return text
    }

    @Test("snapshots of every effect at p = 0, 0.5 and 1 (Snapshots/row-effects.txt)")
    func effectSnapshots() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Snapshots/row-effects.txt")
        let expected = try String(contentsOf: file, encoding: .utf8)
        let actual = Self.effectFrames()
        if actual != expected {
            // To review a change: the frames as they are now, beside the file.
            try? actual.write(
                to: file.deletingPathExtension().appendingPathExtension("actual.txt"), atomically: true,
                encoding: .utf8)
        }
        #expect(actual == expected)
    }

    @Test("Right flicks one card: the row moves there in frames 16 ms apart, monotonically, and rests centred")
    func flickAnimates() {
        var state = rowState()
        state.send(.down)
        state.press(.right, at: 1_000)
        #expect(state.view.focus == path(1, 1))
        #expect(state.nextWakeUp == Moment(milliseconds: 1_016))
        let seen = state.settle()
        #expect(seen.count >= 5)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 }, "\(seen)")
        #expect(seen.last == 16)
        let row = state.view.layout.sections[1].row!
        #expect(row.progress(ofCard: 1, offset: state.view.layout.rowOffset(section: 1)) == 0)
        #expect(state.nextWakeUp == nil)
    }

    @Test("a new key during a move retargets it from where it is: no jump back")
    func retarget() {
        var state = rowState()
        state.send(.down)
        state.press(.right, at: 1_000)
        Browser.update(&state, .tick(at: Moment(milliseconds: 1_048)))
        let midway = state.view.layout.rowOffset(section: 1)
        #expect(midway > 0 && midway < 16)
        state.press(.right, at: 1_050)
        #expect(state.view.focus == path(1, 2))
        let seen = state.settle()
        #expect(seen.first! >= midway)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 }, "\(seen)")
        #expect(seen.last == 32)
    }

    @Test("Home and End go to the row's first and last card; Up and Down leave the row and come back to its page")
    func keysInARow() {
        var state = rowState()
        state.send(.down)
        state.send(.end)
        #expect(state.view.focus == path(1, 7))
        #expect(state.inputMode == .row)
        state.send(.home)
        #expect(state.view.focus == path(1, 0))
        state.send(.right, .right, .right)
        state.send(.up)
        #expect(state.view.focus?.section == 0)
        state.send(.down)
        #expect(state.view.focus == path(1, 3))
        _ = state.settle()
        #expect(render(state).last?.contains("page 4 of 8") == true)
    }

    @Test("a burst of wheel notches slides the row; when it stops the row snaps to a card, which takes the focus")
    func wheelBurst() {
        var state = rowState()
        state.send(.down)
        // Three notches over the row (screen row 5), 20 ms apart: a third of a card each.
        for (index, time) in [2_000, 2_020, 2_040].enumerated() {
            Browser.update(
                &state, .input(.mouse(MouseEvent(action: .wheelDown, x: 20, y: 5)), at: Moment(milliseconds: time)))
            #expect(state.view.layout.rowOffset(section: 1) == Double(5 * (index + 1)))
        }
        #expect(state.view.focus == path(1, 0))
        // Still for 150 ms: the burst ends; 15 cells in 40 ms is a fast gesture, but it already
        // passed the middle (15 of 16): the next card.
        _ = state.settle()
        #expect(state.view.layout.rowOffset(section: 1) == 16)
        #expect(state.view.focus == path(1, 1))
        // A single notch is a flick: one card back, though it did not pass the middle.
        Browser.update(
            &state, .input(.mouse(MouseEvent(action: .wheelUp, x: 20, y: 5)), at: Moment(milliseconds: 5_000)))
        _ = state.settle()
        #expect(state.view.layout.rowOffset(section: 1) == 0)
        #expect(state.view.focus == path(1, 0))
        // The wheel elsewhere still scrolls the view.
        #expect(Browser.mouseAction(for: MouseEvent(action: .wheelDown, x: 20, y: 1), in: state) == .scroll(rows: 3))
    }

    @Test("a notch late for its burst, while the row settles, goes on with it: one card in all")
    func lateNotchGoesOnWithItsBurst() {
        var state = rowState()
        state.send(.down)
        func notch(_ down: Bool, at time: Int) {
            // The loop's ticks up to the notch (the snap timer among them), then the notch.
            while let wake = state.nextWakeUp, wake.milliseconds <= time { Browser.update(&state, .tick(at: wake)) }
            Browser.update(
                &state,
                .input(
                    .mouse(MouseEvent(action: down ? .wheelDown : .wheelUp, x: 20, y: 5)),
                    at: Moment(milliseconds: time)))
        }
        // Three notches, then one 200 ms after the last: the burst had ended (150 ms still) and
        // the row was settling on card 1; the late notch is the same burst's, which moves one
        // card at most.
        for time in [2_000, 2_020, 2_040, 2_240] { notch(true, at: time) }
        _ = state.settle()
        #expect(state.view.layout.rowOffset(section: 1) == 16)
        #expect(state.view.focus == path(1, 1))
        // A notch 400 ms after the last is a burst of its own: the next card.
        notch(true, at: 2_640)
        _ = state.settle()
        #expect(state.view.layout.rowOffset(section: 1) == 32)
        // A notch the other way while the row settles is a new burst: back a card.
        for time in [4_000, 4_020, 4_040] { notch(true, at: time) }
        notch(false, at: 4_240)
        _ = state.settle()
        #expect(state.view.layout.rowOffset(section: 1) == 32)
        // A key moves the row meanwhile: a late notch starts a burst of its own.
        for time in [6_000, 6_020] { notch(true, at: time) }
        while let wake = state.nextWakeUp, wake.milliseconds <= 6_200 { Browser.update(&state, .tick(at: wake)) }
        state.send(.left)
        notch(true, at: 6_220)
        _ = state.settle()
        #expect(state.view.layout.rowOffset(section: 1) == 48)
    }

    @Test("a click on a side card goes to it; a click on the focused card picks it")
    func clicks() {
        var state = rowState()
        state.send(.down)
        // Card 1 is drawn from column 29 on, rows 4-7.
        state.send(.mouse(MouseEvent(action: .click, x: 31, y: 5)))
        #expect(state.view.focus == path(1, 1))
        #expect(state.picking.outcome == nil)
        _ = state.settle()
        state.send(.mouse(MouseEvent(action: .click, x: 20, y: 5)))
        #expect(state.picking.outcome == .chosen(path(1, 1)))
    }

    @Test("the carousel dims the cards beside the centred one, not the centred one")
    func carouselDims() {
        var state = rowState(effect: "carousel")
        state.send(.down, .right)
        _ = state.settle()
        let buffer = Browser.render(state)
        // Rows 4-7: the centred card at 13..<27, its neighbours beside it.
        #expect(!buffer[13, 4].style.dim && !buffer[20, 5].style.dim)
        #expect(buffer[5, 5].style.dim && buffer[33, 5].style.dim)
    }
}

@Suite("Row drawing stays in its section")
struct RowClipTests {
    /// A row in the left column of two, grids around it: "Beta" of the fixture as a row.
    static func state(effect: String, width: Int) -> BrowserState {
        var settings = fixtureSettings()
        settings.sectionStyles["Alpha"] = SectionStyleOverride(
            style: .row, row: RowHint(cardWidth: 12, cardHeight: 3, effect: effect))
        return BrowserState(catalog: fixtureCatalog, settings: settings, theme: .standard, width: width, height: 20)
    }

    @Test("whatever the effect and offset, a row's cards change no cell outside its section's frame")
    func cardsStayInTheirSection() {
        var generator = SplitMix64(seed: 21)
        for effect in CardEffects.names {
            for _ in 0..<12 {
                let width = Int.random(in: 44...90, using: &generator)
                var moved = Self.state(effect: effect, width: width)
                let base = Browser.render(moved)
                let row = moved.view.layout.sections[0].row!
                let frame = moved.view.layout.sections[0].frame
                moved.setRowOffset(Double.random(in: 0...row.maxOffset, using: &generator), section: 0)
                let after = Browser.render(moved)
                for y in 0..<moved.viewHeight {
                    for x in 0..<width where !frame.contains(Point(x: x, y: y + moved.view.offset)) {
                        #expect(after[x, y] == base[x, y], "\(effect) at \(width): cell (\(x), \(y)) changed")
                    }
                }
            }
        }
    }
}

@Suite("Row moves")
struct RowMoveProperties {
    @Test("between two rests a row's offset moves monotonically, frame by frame, and arrives exactly")
    func monotonic() {
        var generator = SplitMix64(seed: 5)
        for _ in 0..<200 {
            var state = rowState(
                behavior: [.groupPaging, .groupPagingCentered, .leadingBoundary].randomElement(
                    using: &generator)!)
            state.send(.down)
            let keys = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                Bool.random(using: &generator) ? Key.right : Key.left
            }
            // Same-direction keys, each a few frames after the last: the row never turns back.
            let direction = keys[0]
            var time = 10_000
            var seen: [Double] = [state.view.layout.rowOffset(section: 1)]
            for _ in keys {
                state.press(direction, at: time)
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    time += Timeline.frameInterval
                    Browser.update(&state, .tick(at: Moment(milliseconds: time)))
                    seen.append(state.view.layout.rowOffset(section: 1))
                }
            }
            seen += state.settle()
            let ordered =
                direction == .right
                ? zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 }
                : zip(seen, seen.dropFirst()).allSatisfy { $0 >= $1 }
            #expect(ordered, "\(keys): \(seen)")
            let row = state.view.layout.sections[1].row!
            #expect(row.progress(ofCard: state.view.focus!.item, offset: seen.last!) == 0)
        }
    }
}

/// Issue 29: a row rests where its behaviour says, focused or not; the focus goes to the card
/// nearest the rest.
@Suite("A focused row rests as its behaviour says")
struct FocusedRowRestTests {
    /// The row fixture with `behavior`, focused, after wheel notches of 5 cells at 2,000 ms
    /// (down, or up when negative), settled.
    func afterWheel(_ behavior: RowBehavior, notches: Int) -> BrowserState {
        var state = rowState(behavior: behavior)
        state.send(.down)
        for index in 0..<abs(notches) {
            Browser.update(
                &state,
                .input(
                    .mouse(MouseEvent(action: notches > 0 ? .wheelDown : .wheelUp, x: 20, y: 5)),
                    at: Moment(milliseconds: 2_000 + 20 * index)))
        }
        _ = state.settle()
        return state
    }

    @Test("continuous: a focused row stays where the wheel left it, the nearest card focused")
    func continuous() {
        // Two notches: 10 cells, between the first card (0) and the second (16).
        let state = afterWheel(.continuous, notches: 2)
        #expect(state.view.layout.rowOffset(section: 1) == 10)
        #expect(state.view.focus == path(1, 1))
        // Another burst: it still rests where it is left.
        var more = state
        for index in 0..<3 {
            Browser.update(
                &more,
                .input(
                    .mouse(MouseEvent(action: .wheelDown, x: 20, y: 5)), at: Moment(milliseconds: 9_000 + 20 * index)))
        }
        _ = more.settle()
        #expect(more.view.layout.rowOffset(section: 1) == 25)
        #expect(more.view.focus == path(1, 2))
    }

    @Test("continuous: a key to a card that shows whole leaves the row; to one cut off, moves it as little as shows it")
    func continuousKeys() {
        // At 10 the cards, 14 wide at a stride of 16 in a row 38 wide, begin at -10, 6, 22, 38.
        var state = afterWheel(.continuous, notches: 2)
        state.send(.right)
        _ = state.settle()
        #expect(state.view.focus == path(1, 2))
        #expect(state.view.layout.rowOffset(section: 1) == 10)
        // The next one begins at the edge: the row moves 14 cells, to show it whole there.
        state.send(.right)
        _ = state.settle()
        #expect(state.view.focus == path(1, 3))
        #expect(state.view.layout.rowOffset(section: 1) == 24)
    }

    @Test("group paging still rests on a card, the focus with it")
    func groupPaging() {
        let state = afterWheel(.groupPagingCentered, notches: 2)
        #expect(state.view.layout.rowOffset(section: 1) == 16)
        #expect(state.view.focus == path(1, 1))
    }

    @Test(
        "random gestures on a focused row: it rests where its behaviour says, its focused card shown",
        arguments: RowBehavior.allCases)
    func randomGestures(behavior: RowBehavior) {
        for seed in 0..<6 { gestures(behavior, seed: UInt64(seed)) }
    }

    func gestures(_ behavior: RowBehavior, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var state = rowState(behavior: behavior)
        state.send(.down)
        var time = 2_000
        for _ in 0..<60 {
            switch random.next(4) {
            case 0:
                state.send(random.next(2) == 0 ? .left : .right)
            case 1:
                // A burst of 1 to 4 notches, 20 ms apart.
                let down = random.next(2) == 0
                for _ in 0...random.next(4) {
                    time += 20
                    Browser.update(
                        &state,
                        .input(
                            .mouse(MouseEvent(action: down ? .wheelDown : .wheelUp, x: 20, y: 5)),
                            at: Moment(milliseconds: time)))
                }
            case 2:
                // A drag of up to 20 cells, quick or slow.
                let from = 20
                let to = from + random.next(41) - 20
                time += 10
                state.mouse(.press, x: from, at: time)
                time += random.next(2) == 0 ? 20 : 300
                state.mouse(.drag, x: to, at: time)
                state.mouse(.release, x: to, at: time)
            default:
                state.send(random.next(2) == 0 ? .home : .end)
            }
            time += 2_000
            Browser.update(&state, .tick(at: Moment(milliseconds: time)))
            time += 2_000
            Browser.update(&state, .tick(at: Moment(milliseconds: time)))
            guard let focus = state.view.focus, focus.section == 1, let row = state.view.layout.sections[1].row
            else {
                Issue.record("the focus left the row")
                return
            }
            let offset = state.view.layout.rowOffset(section: 1)
            // Where the behaviour rests: a card's place, a page's, or anywhere in bounds.
            switch behavior {
            case .continuous:
                #expect(offset >= 0 && offset <= row.maxOffset, "\(offset)")
            case .paging:
                let pages = offset / Double(row.frame.width)
                #expect(pages == pages.rounded() || offset == row.maxOffset, "\(offset)")
            case .leadingBoundary, .groupPaging, .groupPagingCentered:
                #expect((0..<row.count).contains { row.restingOffset(ofPage: $0) == offset }, "\(offset)")
            }
            // The focused card shows (whole, where the row rests anywhere; a page may cut a card
            // that straddles two pages).
            let left = row.cardX(row.card(ofItem: focus.item), offset: offset)
            if behavior == .continuous {
                #expect(left >= 0 && left + Double(row.cardWidth) <= Double(row.frame.width), "\(left) at \(offset)")
            } else {
                #expect(left + Double(row.cardWidth) > 0 && left < Double(row.frame.width), "\(left) at \(offset)")
            }
        }
    }
}
