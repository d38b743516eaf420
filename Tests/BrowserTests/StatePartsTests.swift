// The parts of the state, each on its own: what each keeps and the changes that are its alone.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("The state's parts")
struct StatePartsTests {
    @Test("PickState: marks toggle in marking order, picks are the marks else the focus, paths remap")
    func picks() {
        var picks = PickState()
        #expect(picks.picks(focus: path(0, 3)) == [path(0, 3)])
        #expect(picks.picks(focus: nil).isEmpty)
        picks.toggleMark(path(1, 2))
        picks.toggleMark(path(0, 5))
        picks.mark(path(1, 2))  // already marked: stays where it was
        #expect(picks.marked == [path(1, 2), path(0, 5)])
        #expect(picks.isMarked(path(0, 5)) && !picks.isMarked(path(0, 6)))
        #expect(picks.picks(focus: path(0, 3)) == [path(1, 2), path(0, 5)])
        picks.toggleMark(path(1, 2))
        #expect(picks.marked == [path(0, 5)])
        picks.chosenGlyphs[path(0, 5)] = "👍🏽"
        picks.chosenGlyphs[path(2, 0)] = "✋🏿"
        // Section 1 leaves: section 2 moves up, section 0 stays.
        picks.remap { $0.section == 1 ? nil : $0.section > 1 ? path($0.section - 1, $0.item) : $0 }
        #expect(picks.marked == [path(0, 5)])
        #expect(picks.chosenGlyphs == [path(0, 5): "👍🏽", path(1, 0): "✋🏿"])
    }

    @Test("OverlayState: the help opens at its top; a click closes the help and the chooser")
    func overlays() {
        var overlays = OverlayState()
        overlays.helpScroll = 7
        overlays.openHelp()
        #expect(overlays.showingHelp && overlays.helpScroll == 0 && overlays.holdsKeys)
        overlays.toneChooser = ToneChooser(path: path(0, 0), options: ["👍", "👍🏽"], selected: 1)
        overlays.closeHelpAndChooser()
        #expect(!overlays.showingHelp && overlays.toneChooser == nil && !overlays.holdsKeys)
    }

    @Test("MotionState: the clock never goes back; it wakes for what moves")
    func motion() {
        var motion = MotionState()
        motion.advanceClock(to: Moment(milliseconds: 40))
        motion.advanceClock(to: Moment(milliseconds: 10))
        #expect(motion.now == Moment(milliseconds: 40))
        #expect(motion.nextWakeUp == nil)
        motion.timeline.move(.rowOffset(section: 0), from: 0, to: 9, at: motion.now, duration: 100)
        #expect(motion.nextWakeUp == Moment(milliseconds: 56))
    }

    @Test("ViewState: reading order over drawn items; scrolling shows an item below its pinned header")
    func view() {
        let state = fixtureState(width: 44, height: 8)
        var view = state.view
        #expect(view.firstItem() == path(0, 0))
        #expect(view.nextItem(after: path(0, 13)) == path(1, 0))
        #expect(view.previousItem(before: path(1, 0)) == path(0, 13))
        #expect(view.previousItem(before: path(0, 0)) == nil)
        #expect(view.lastItem() == path(3, 11))
        #expect(view.firstItem(fromSection: 2, forward: false) == path(2, 0))
        // Delta's last line is row 10; a view of 7 rows scrolls to show it whole.
        view.setFocus(path(3, 11), viewHeight: 7)
        #expect(view.focus == path(3, 11))
        let frame = view.layout.frame(of: path(3, 11))!
        #expect(frame.maxY <= view.offset + 7 && frame.y >= view.offset)
        view.offset = 1_000
        view.clampOffset(viewHeight: 7)
        #expect(view.offset == view.maximumOffset(viewHeight: 7))
        // An item that is not drawn is not focused.
        view.setFocus(path(9, 9), viewHeight: 7)
        #expect(view.focus == path(3, 11))
    }

    @Test("ContentState: shown and source paths agree through a filter and its best matches")
    func content() {
        var state = fixtureState(width: 44, height: 8)
        state.startSearch("'1")
        let content = state.content
        #expect(content.filter != nil && !content.bestMatches.isEmpty)
        for (sectionIndex, section) in content.catalog.sections.enumerated() {
            for item in section.items.indices {
                let shown = path(sectionIndex, item)
                let source = content.sourcePath(shown)
                #expect(content.item(at: shown)?.label == content.item(atSource: source)?.label)
                // Best matches repeat items: their own section's place is where they show.
                if !content.isBestMatch(shown) { #expect(content.shownPath(source) == shown) }
            }
        }
        #expect(content.itemCount == content.catalog.sections.reduce(0) { $0 + $1.items.count })
        #expect(content.distinctItemCount == content.itemCount - content.bestMatches.count)
    }

    @Test("SessionOptions and the state: turning typing to the query on opens the prompt")
    func options() {
        var state = fixtureState(width: 44, height: 8)
        #expect(!state.options.typingQueries && state.overlays.searchPrompt == nil)
        state.typingQueries = true
        #expect(state.options.typingQueries && state.options.enterPicksFromPrompt)
        #expect(state.overlays.searchPrompt?.text == "")
    }
}
