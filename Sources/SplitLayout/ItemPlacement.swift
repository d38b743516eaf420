// The protocol every way of placing a section's items conforms to: a grid's (`ItemGrid`), a
// row's (`RowPlacement`), a compositional group's (`GroupGrid`). The queries ask it for lines
// and items; a new section style is a new conforming type.

/// Where the items of a placed section are, as the queries ask: by lines (a row section is one
/// line of cards), then by items within a line. One conforming type per way of placing items:
/// a grid's (`ItemGrid`), a row's (`RowPlacement`).
protocol ItemPlacement: Sendable {
    /// Items in the section, including zero-size ones.
    var count: Int { get }
    var lineCount: Int { get }
    var linesBottom: Int { get }
    func lineTop(_ line: Int) -> Int
    func lineHeight(_ line: Int) -> Int
    func items(inLine line: Int) -> Range<Int>
    func line(of item: Int) -> Int?
    func frame(of item: Int) -> Rect?
    func lines(meeting rows: Range<Int>) -> Range<Int>
    /// Calls `body` with each drawn item of `line` whose frame meets `area`.
    func forEachItem(inLine line: Int, meeting area: Rect, _ body: (Int, Rect) -> Void)
    /// The item of `line` a vertical move into it lands on, coming from a horizontal centre at
    /// `centreX2` (twice the centre, to stay in integers).
    func nearestItem(inLine line: Int, toDoubledCentre centreX2: Int) -> Int?
    /// The item of `line` a sideways move into it lands on: its first or last.
    func edgeItem(inLine line: Int, last: Bool) -> Int?
    /// The next drawn item after (or before) `item` on the same line.
    func step(from item: Int, inLine line: Int, forward: Bool) -> Int?
    /// Memory held per section beyond the geometry itself.
    var byteCount: Int { get }
    /// An item next to `item` that way inside its own line, found by the drawn frames (a
    /// group's items lie above and beside one another); nil where lines are plain rows of
    /// items, whose moves are `step` and the line above or below.
    func spatialNeighbour(of item: Int, _ direction: Direction) -> Int?
    /// As `nearestItem(inLine:toDoubledCentre:)`, for a move coming up from below the line
    /// (`fromBelow`) or down from above it.
    func nearestItem(inLine line: Int, toDoubledCentre centreX2: Int, fromBelow: Bool) -> Int?
    /// For the repetitions of a compositional group: the frame of repetition `line` (nil for
    /// other placements).
    func groupFrame(ofLine line: Int) -> Rect?
    /// The rows of the tallest repetition of a group (0 for other placements).
    var tallestGroupLine: Int { get }
}

extension ItemPlacement {
    func groupFrame(ofLine line: Int) -> Rect? { nil }
    var tallestGroupLine: Int { 0 }
    func spatialNeighbour(of item: Int, _ direction: Direction) -> Int? { nil }
    func nearestItem(inLine line: Int, toDoubledCentre centreX2: Int, fromBelow: Bool) -> Int? {
        nearestItem(inLine: line, toDoubledCentre: centreX2)
    }
}
