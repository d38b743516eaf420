// The compositional pieces drawn: a group's background behind its members (the items in it
// take it), badges over items and groups (a text of their own or a field's value), an item
// drawn inside its slot less its insets, a member repeated a count of times, a height that
// follows the view's.

@testable import Browser
import Catalog
import SplitLayout
import Testing
import TerminalUI

@Suite("Group decorations in the browser: backgrounds, badges, insets, counts")
struct GroupDecorationTests {
    static let shop = GroupLayout(
        direction: .horizontal, width: .fraction(1), height: .cells(4),
        members: [
            .item(
                GroupItem(
                    width: .fraction(0.5), height: .fraction(1), insets: EdgeInsets(left: 1, right: 1),
                    badges: [GroupBadge(content: .text("new"), anchor: .topRight, color: "red")])),
            .group(
                GroupLayout(
                    direction: .vertical, width: .fraction(0.5), height: .fraction(1),
                    members: [
                        .item(
                            GroupItem(
                                width: .fraction(1), height: .cells(1),
                                badges: [GroupBadge(content: .field("price"), anchor: .right)]))
                    ], spacing: 0, count: 2, decor: GroupDecor(background: "blue"))),
        ], spacing: 0,
        decor: GroupDecor(badges: [GroupBadge(content: .text("top"), anchor: .bottomLeft)]))

    func state(height: Int = 12, group: GroupLayout = shop) -> BrowserState {
        let prices = ["Free", "$1", "$22", "Free", "$3", "$4"]
        let catalog = Catalog(
            sections: [
                Section(
                    title: "Shop",
                    items: prices.enumerated().map { index, price in
                        Item(label: "app\(index)", fields: [Item.Field(name: "price", value: price)])
                    })
            ], source: "test")
        var settings = fixtureSettings(splitFrom: 1000)
        settings.groups["shop"] = group
        settings.forcedGroup = "shop"
        return BrowserState(catalog: catalog, settings: settings, theme: .standard, width: 40, height: height)
    }

    @Test("badges over items and groups, items inside their insets, a count of rows: the frame as drawn")
    func snapshot() throws {
        let screen = MemoryScreen(width: 40, height: 12)
        screen.show(Browser.render(state()))
        let frame = try #require(screen.lastFrame)
        // The large item inside its slot less a cell each side, "new" over its corner; the
        // count's two items of two rows each, their prices at their right edge; "top" at the
        // group's bottom-left corner.
        expectLines(
            frame.lines,
            framed(
                """
                |  Shop · 6                              |
                |  ╭─────────────new  app1            $1 |
                |  │ app0          │                     |
                |  │ price: Free   │  app2           $22 |
                | top──────────────╯                     |
                |  ╭─────────────new  app4            $3 |
                |  │ app3          │                     |
                |  │ price: Free   │  app5            $4 |
                | top──────────────╯                     |
                |                                        |
                |                                        |
                | app0  · Shop            1 of 6  ? help |
                """))
    }

    @Test("a group's background is behind its members, and the items in it take it; a badge's colour is its own")
    func colours() throws {
        let buffer = Browser.render(state())
        let blue = ColorSpec.named("blue").terminalColor
        // The nested group's rows, right half (x 20 on), both of its items' rows, but under
        // their badges: blue. The large item, outside it: not blue.
        for y in 1...4 {
            for x in 20..<35 { #expect(buffer[x, y].style.background == blue, "\(x), \(y)") }
        }
        #expect(buffer[2, 2].style.background != blue)
        // "new" in red, bold, over the card's top-right.
        let newX = (0..<40).first { buffer.lines[1].dropFirst($0).hasPrefix("new") }
        let x = try #require(newX)
        #expect(buffer[x, 1].style.background == ColorSpec.named("red").terminalColor && buffer[x, 1].style.bold)
        // A badge with no colour: its item's look, reversed.
        let top = buffer[1, 4].style
        #expect(top.reverse && top.bold)
    }

    @Test("a height as a fraction of the container follows the view's height, not the column's width")
    func fractionalHeight() {
        var group = Self.shop
        group.height = .fraction(0.5)
        // 20 rows: 19 show content, 18 under the header, less the bottom inset 17: 8 rows a
        // repetition. 30 rows: 28 less 1, 13.
        let short = state(height: 20, group: group)
        #expect(short.view.layout.group(ofItem: 0, section: 0)?.frame.height == 8)
        var tall = short
        tall.resize(width: 40, height: 30)
        #expect(tall.view.layout.group(ofItem: 0, section: 0)?.frame.height == 13)
        tall.resize(width: 80, height: 30)
        #expect(tall.view.layout.group(ofItem: 0, section: 0)?.frame.height == 13)
    }
}
