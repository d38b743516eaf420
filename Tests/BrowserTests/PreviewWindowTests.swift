// fzf's --preview-window read as fzf reads it (PreviewWindow): every word, `default`, the later
// word winning, both separators, sizes, scroll specs, header lines, the alternative layout and
// the errors; the window's size on a screen and its scroll offset by fzf's arithmetic. The
// numbers marked "fzf 0.38" were measured with fzf 0.38 in tmux (FZF_PREVIEW_COLUMNS and
// FZF_PREVIEW_LINES, the preview's first lines); where 0.38 lacks a word the current fzf's
// source (src/options.go, src/terminal.go) is what is expected.

@testable import Browser
import Foundation
import Testing

@Suite struct PreviewWindowTests {
    /// The window `text` makes of fzf's default; a test failure when it does not read.
    func window(_ text: String) throws -> PreviewWindow { try PreviewWindow(parsing: text) }

    /// The problem `text` has, or nil when it reads.
    func problem(_ text: String) -> PreviewWindow.Problem? {
        do {
            _ = try PreviewWindow(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test("fzf's default: right, 50%, a rounded border, info shown, nothing else")
    func theDefault() throws {
        let window = PreviewWindow.default
        #expect(window.position == .right && window.size == .percent(50) && window.border == .rounded)
        #expect(window.wrapping == .off && !window.follow && !window.cycle && window.info && !window.hidden)
        #expect(window.scroll == nil && window.headerLines == 0 && window.alternative == nil)
        #expect(try self.window("") == .default)
        #expect(try self.window(",:,") == .default)
        #expect(window.description == "right,50%")
    }

    @Test("every word of fzf's sets what it names")
    func everyWord() throws {
        // Over a base where the word changes something when it can.
        let base = try window("left,10,wrap,follow,cycle,noinfo,hidden,~7")
        let positions: [(String, PreviewWindow.Position)] = [
            ("up", .up), ("top", .up), ("down", .down), ("bottom", .down), ("left", .left), ("right", .right),
            ("next", .next),
        ]
        for (word, position) in positions { #expect(try base.applying(word).position == position, "\(word)") }
        let wrappings: [(String, PreviewWindow.Wrapping)] = [
            ("wrap", .characters), ("wrap-word", .words), ("nowrap", .off),
        ]
        for (word, wrapping) in wrappings { #expect(try base.applying(word).wrapping == wrapping, "\(word)") }
        let flags: [(String, WritableKeyPath<PreviewWindow, Bool>, Bool)] = [
            ("hidden", \.hidden, true), ("nohidden", \.hidden, false), ("follow", \.follow, true),
            ("nofollow", \.follow, false), ("cycle", \.cycle, true), ("nocycle", \.cycle, false),
            ("info", \.info, true), ("noinfo", \.info, false),
        ]
        for (word, flag, value) in flags {
            #expect(try base.applying(word)[keyPath: flag] == value, "\(word)")
            // Each sets only its own field.
            var expected = base
            expected[keyPath: flag] = value
            #expect(try base.applying(word) == expected, "\(word)")
        }
        #expect(try base.applying("40%").size == .percent(40))
        #expect(try base.applying("12").size == .count(12))
        #expect(try base.applying("~3").headerLines == 3)
        #expect(try base.applying("+{2}-5").scroll == PreviewWindow.Scroll("+{2}-5"))
    }

    @Test("every border word, and fzf's other names for some")
    func borderWords() throws {
        let words: [(String, PreviewWindow.Border)] = [
            ("border", .rounded), ("rounded", .rounded), ("border-rounded", .rounded), ("sharp", .sharp),
            ("border-sharp", .sharp), ("border-bold", .bold), ("border-double", .double),
            ("border-dashed", .dashed), ("border-block", .block), ("border-thinblock", .thinblock),
            ("border-horizontal", .horizontal), ("border-vertical", .vertical), ("border-top", .top),
            ("border-up", .top), ("border-bottom", .bottom), ("border-down", .bottom), ("border-left", .left),
            ("border-right", .right), ("border-line", .line), ("border-none", .none), ("noborder", .none),
        ]
        for (word, border) in words {
            #expect(try window("border-double," + word).border == border, "\(word)")
        }
        // Every style has its border- word.
        for border in PreviewWindow.Border.allCases {
            #expect(try window("border-" + border.rawValue).border == border)
        }
        // (The bare style names are no words but rounded and sharp, as in fzf.)
        #expect(problem("bold")?.reason == "invalid preview window option: bold")
        #expect(problem("border-inline")?.reason == "invalid preview window option: border-inline")
    }

    @Test("commas and colons both separate, any number of them, at either end too")
    func separators() throws {
        let expected = try window("up,30%,wrap")
        for text in ["up:30%:wrap", "up,30%:wrap", ",,up::30%,:wrap,", ":up,30%,wrap:"] {
            #expect(try window(text) == expected, "\(text)")
        }
        // White space is no separator: it is part of a word.
        #expect(problem("up, 30%")?.reason == "invalid preview window option:  30%")
    }

    @Test("a later word overrides an earlier one")
    func laterWins() throws {
        #expect(try window("up,down").position == .down)
        #expect(try window("wrap-word,wrap").wrapping == .characters)
        #expect(try window("wrap,wrap-word,nowrap").wrapping == .off)
        #expect(try window("50%,10").size == .count(10))
        #expect(try window("10,50%").size == .percent(50))
        #expect(try window("+10,+{2}-5").scroll?.text == "+{2}-5")
        #expect(try window("~3,~1").headerLines == 1)
        #expect(try window("hidden,nohidden,hidden").hidden)
        // A second --preview-window goes on from the first, as fzf's does.
        let first = try window("up,30%,wrap")
        #expect(try first.applying("left") == window("left,30%,wrap"))
    }

    @Test("default goes back to fzf's default, the words after it applying again")
    func defaultResets() throws {
        #expect(try window("up,30%,border-sharp,wrap,follow,cycle,noinfo,hidden,+10,~3,default") == .default)
        #expect(try window("up,30%,default,left") == window("left"))
        // Only default clears a scroll spec.
        #expect(try window("+10,default").scroll == nil)
        // It clears an alternative given before (in an earlier --preview-window too).
        let alternated = try window("<80(up)")
        #expect(alternated.alternative != nil)
        #expect(try alternated.applying("default").alternative == nil)
    }

    @Test("sizes: a count of lines or columns, or a percentage up to 99%")
    func sizes() throws {
        #expect(try window("0").size == .count(0))
        #expect(try window("0%").size == .percent(0))
        #expect(try window("1").size == .count(1))
        #expect(try window("99%").size == .percent(99))
        #expect(try window("007").size == .count(7))
        #expect(try window("0099%").size == .percent(99))
        #expect(try window("000%").size == .percent(0))
        #expect(try window("9223372036854775807").size == .count(Int.max))
        // fzf 0.38 and the current fzf: 99% at most (the list keeps some room).
        for text in ["100%", "101%", "150%", "99999999999999999999999999%"] {
            #expect(problem(text)?.reason == "window size too large (max: 99%)", "\(text)")
            #expect(problem(text)?.description == "--preview-window: window size too large (max: 99%): " + text)
        }
        // A count too large for an integer is refused as fzf refuses it (Go's Atoi).
        #expect(
            problem("9223372036854775808")?.description == "--preview-window: not a valid integer: 9223372036854775808")
        // No fractions, no signs: these are no words at all.
        for text in ["1.5", "1.5%", "-1%", "+5%", "%", "5%%", "5 %"] {
            #expect(problem(text)?.reason == "invalid preview window option: " + text, "\(text)")
        }
    }

    @Test("~N: header lines, N without leading zeros")
    func headerLines() throws {
        #expect(try window("~3").headerLines == 3)
        #expect(try window("~0").headerLines == 0)
        for text in ["~", "~01", "~x", "~-1", "~+1", "~3x"] {
            #expect(problem(text)?.reason == "invalid preview window option: " + text, "\(text)")
        }
        #expect(
            problem("~99999999999999999999")?.description
                == "--preview-window: not a valid integer: 99999999999999999999")
    }

    @Test("scroll specs: a number or a placeholder, signed numbers, /DENOM")
    func scrollSpecs() throws {
        let valid = [
            "+10", "-5", "+{2}", "+{2}-5", "+{2}+3/2", "+{-1}", "+{n}", "+{n}-3", "/2", "-/2", "+1+2-3/4",
            "+{2}/2", "+{2}-/3", "+{007}", "+{0}", "+0", "+10/10",
        ]
        for text in valid {
            #expect(try window(text).scroll?.text == text, "\(text)")
            #expect(PreviewWindow.Scroll(text) != nil, "\(text)")
        }
        let invalid = [
            "{2}", "+{}", "+{2", "+{x}", "+{N}", "+{2}{3}", "+-5", "--5", "/0", "/02", "--/2", "+5/", "+5/2/3",
            "+5/2+1", "+{+2}", "+{n1}", "+ 5", "+{2}x", "+５", "-", "+5-", "+{2}-", "+5-/", "/",
        ]
        for text in invalid {
            #expect(problem(text)?.reason == "invalid preview window option: " + text, "\(text)")
            #expect(PreviewWindow.Scroll(text) == nil, "\(text)")
        }
        #expect(PreviewWindow.Scroll("+{2}-5")?.placeholder == .field(2))
        #expect(PreviewWindow.Scroll("+{-1}")?.placeholder == .field(-1))
        #expect(PreviewWindow.Scroll("+{n}")?.placeholder == .index)
        // No field fzf knows: left as written.
        #expect(PreviewWindow.Scroll("+{0}")?.placeholder == nil)
        #expect(PreviewWindow.Scroll("+{99999999999999999999}")?.placeholder == nil)
        #expect(PreviewWindow.Scroll("+10")?.placeholder == nil)
    }

    /// fzf's evaluateScrollOffset over `spec`, written out again here as the man page and the
    /// source say it: -1, plus each signed number, less height / DENOM, 0 at least.
    func reference(_ numbers: [Int], denominator: Int? = nil, height: Int) -> Int {
        max(0, -1 + numbers.reduce(0, +) - (denominator.map { height / $0 } ?? 0))
    }

    @Test(
        "the scroll offset on an item, as fzf 0.38 opens the window (22 rows of text)",
        arguments: [
            ("20", "+{1}-5", 14), ("20", "+{1}+3/2", 11), ("x", "+10", 9), ("x", "-/2", 0),
            ("abc", "+{1}", 0), ("x-3", "+{1}+10", 6), ("30/2", "+{1}", 18), ("x", "+{0}+5", 4),
            ("20", "+{-1}-5", 14), ("5 7", "+{2}", 6), ("x", "+5/3", 0), ("x", "+50-/2", 38),
        ])
    func scrollOffsetsAsFzf(item: String, spec: String, offset: Int) throws {
        // (Fields as fzf's AWK-style split gives them, white space trimmed.)
        let fields = item.split(separator: " ").map(String.init)
        let window = try window(spec)
        let found = window.scrollOffset(windowRows: 22) { placeholder in
            guard case .field(let index) = placeholder else { return nil }
            let at = index > 0 ? index - 1 : fields.count + index
            return fields.indices.contains(at) ? fields[at] : ""
        }
        #expect(found == offset, "\(item) \(spec)")
    }

    @Test("the scroll offset by fzf's formula, over field values and heights")
    func scrollOffsetFormula() throws {
        for height in [0, 1, 7, 22, 100] {
            for value in [0, 1, 5, 42, 1000] {
                let field = { (_: PreviewWindow.Scroll.Placeholder) -> String? in "\(value)" }
                let offset = { (spec: String) in PreviewWindow.Scroll(spec)!.offset(height: height, value: field) }
                #expect(offset("+{2}-5") == reference([value, -5], height: height))
                #expect(offset("+{2}+3/2") == reference([value, 3], denominator: 2, height: height))
                #expect(offset("+10") == reference([10], height: height))
                #expect(offset("-/2") == reference([], denominator: 2, height: height))
                #expect(offset("+{n}") == reference([value], height: height))
                #expect(offset("+{2}-1+2-3/4") == reference([value, -1, 2, -3], denominator: 4, height: height))
            }
        }
        // {n}: the caller's zero-based index (the current fzf; 0.38 lacks it).
        let scroll = PreviewWindow.Scroll("+{n}+1")!
        #expect(scroll.offset(height: 10) { $0 == .index ? "41" : nil } == 41)
        // No item focused: the placeholder is nothing.
        #expect(scroll.offset(height: 10) { _ in nil } == 0)
        // The header lines come off the window's rows before DENOM divides them.
        let headed = try window("~3,+{2}+3/2")
        #expect(headed.scrollOffset(windowRows: 22) { _ in "20" } == -1 + 23 - 19 / 2)
        #expect(headed.scrollOffset(windowRows: 2) { _ in "20" } == 22)
        #expect(PreviewWindow.default.scrollOffset(windowRows: 22) { _ in "20" } == 0)
        // A number too large for an integer counts 0, as Go's Atoi gives fzf; the sum wraps.
        #expect(PreviewWindow.Scroll("+99999999999999999999+5")!.offset(height: 10) { _ in nil } == 4)
        #expect(PreviewWindow.Scroll("+{1}")!.offset(height: 10) { _ in "9223372036854775807" } == Int.max - 1)
        #expect(PreviewWindow.Scroll("+{1}+2")!.offset(height: 10) { _ in "9223372036854775807" } == 0)
        // What the field holds besides digits and signs drops out; its own "/" counts.
        #expect(PreviewWindow.Scroll("+{1}")!.offset(height: 10) { _ in "line 12 of 40" } == 1240 - 1)
        #expect(PreviewWindow.Scroll("+{1}-5")!.offset(height: 10) { _ in "1/0" } == 0)
        #expect(PreviewWindow.Scroll("+{1}")!.offset(height: 10) { _ in "'\\''" } == 0)
    }

    @Test("<N(...): the alternative layout, over the main one, for a window smaller than N")
    func alternativeLayout() throws {
        let window = try window("right,50%,<80(up,40%)")
        #expect(window.position == .right && window.size == .percent(50))
        let alternative = try #require(window.alternative)
        #expect(alternative.threshold == 80)
        #expect(alternative.window == (try self.window("up,40%")))
        #expect(alternative.window.alternative == nil)
        // Its words apply over the main layout as it ends, whatever their order, shown.
        let over = try self.window("hidden,<30(up),wrap,border-sharp")
        #expect(over.hidden && over.wrapping == .characters)
        #expect(over.alternative?.window == (try self.window("up,wrap,border-sharp")))
        #expect(try self.window("<30(up,hidden)").alternative?.window.hidden == true)
        // Commas and colons inside; the last of several counts; what follows needs no comma.
        #expect(try self.window("<80(up:40%)").alternative?.window.size == .percent(40))
        let twice = try self.window("<80(up),<60(down)")
        #expect(twice.alternative?.threshold == 60 && twice.alternative?.window.position == .down)
        let glued = try self.window("<80(up)wrap")
        #expect(glued.wrapping == .characters && glued.alternative?.window.wrapping == .characters)
        // An earlier --preview-window's alternative stays through one without it.
        #expect(try self.window("<80(up)").applying("left").alternative?.threshold == 80)
        // A default after it resets the threshold (fzf's own quirk): the alternative is still
        // read, but is never in force.
        let reset = try self.window("<80(up),default")
        #expect(reset.alternative?.threshold == 0 && reset.alternative?.window.position == .up)
        #expect(reset.layout(width: 10, height: 10)?.usesAlternative == false)
    }

    @Test("an alternative that does not read")
    func badAlternatives() {
        #expect(problem("right,50%,<80(up,foo)")?.reason == "invalid preview window option: foo")
        // Not an alternative at all: one word, which is none.
        for text in ["<0(up)", "<80(up", "<80()", "<80(a<b)", "<(up)", "<80up)", "<08(up)"] {
            #expect(problem(text)?.reason == "invalid preview window option: " + text.prefix { $0 != "," && $0 != ":" })
        }
        #expect(problem("<80(up),<x")?.reason == "invalid preview window option: <x")
        // Words are read before the alternative's, as fzf reads them.
        #expect(problem("<80(foo),bar")?.word == "bar")
        #expect(
            problem("<99999999999999999999(up)")?.description
                == "--preview-window: not a valid integer: 99999999999999999999")
    }

    @Test("a word that does not read leaves the window as it was")
    func failedApplyChangesNothing() throws {
        var window = try window("up,30%")
        #expect(throws: PreviewWindow.Problem.self) { try window.apply("left,wrap,nonsense") }
        #expect(window == (try self.window("up,30%")))
    }

    @Test("the message: one line naming the option and the word, escaped for a terminal")
    func messages() {
        #expect(problem("up,foo,bar")?.description == "--preview-window: invalid preview window option: foo")
        #expect(problem("up,foo,bar")?.word == "foo")
        #expect(problem("150%")?.word == "150%")
        let hostile = problem("\u{1B}[2J\n")?.description
        #expect(hostile == "--preview-window: invalid preview window option: \\u001B[2J\\n")
        let long = problem(String(repeating: "x", count: 1000))?.description ?? ""
        #expect(long.count < 200 && long.hasSuffix("…"))
        // A word that only looks like one of fzf's is none.
        #expect(problem("up\u{301}")?.word == "up\u{301}")
        #expect(problem("Up")?.word == "Up")
    }

    /// (width, height, spec, the preview's text columns and rows) as fzf 0.38 sets
    /// FZF_PREVIEW_COLUMNS and FZF_PREVIEW_LINES on a screen of that size in tmux, with its
    /// scroll bar. For these borders 0.38's sizes are the current fzf's.
    static let measured: [(Int, Int, String, Int, Int)] = [
        (80, 24, "right,50%", 36, 22), (80, 24, "up,40%", 76, 7), (58, 24, "right,50%", 24, 22),
        (116, 30, "left,25%", 24, 28), (80, 24, "right,10", 10, 22), (80, 24, "right,99%", 72, 22),
        (80, 24, "right,1", 1, 22), (80, 24, "right,1000", 72, 22), (20, 10, "right,50%", 6, 8),
        (8, 10, "right,50%", 1, 8), (80, 24, "up,3", 76, 3), (80, 24, "down,100", 76, 19),
        (80, 24, "down,3,border-none", 79, 3), (80, 24, "down,3,border-top", 79, 3),
        (80, 24, "up,30%,border-horizontal", 79, 5), (80, 24, "right,20,border-vertical", 20, 24),
        (80, 5, "up,50%", 76, 1), (80, 58, "up,50%", 76, 26), (80, 24, "right,50%,border-sharp", 36, 22),
        (80, 24, "right,50%,<50(up,40%)", 76, 7), (120, 24, "right,50%,<50(up,40%)", 56, 22),
        (100, 24, "right,50%,<50(up,40%)", 46, 22), (98, 24, "right,50%,<50(up,40%)", 94, 7),
        (80, 24, "hidden,<50(up,40%)", 76, 7), (80, 24, "<50(up,40%),default", 36, 22),
        (80, 24, "up,40%,<10(right,30)", 30, 22), (80, 24, "up,2,<5(right,30)", 30, 22),
    ]

    @Test("the window's size on a screen, as fzf 0.38 measured in tmux", arguments: PreviewWindowTests.measured)
    func sizesAsFzf(width: Int, height: Int, spec: String, columns: Int, rows: Int) throws {
        let layout = try #require(try window(spec).layout(width: width, height: height))
        // The text's room: the rectangle less the border, and less the scroll bar's column
        // where the border has no right side.
        let border = layout.border
        let textColumns = layout.columns - border.columns - (border.hasRight ? 0 : 1)
        #expect(textColumns == columns, "\(width)x\(height) \(spec)")
        #expect(layout.rows - border.rows == rows, "\(width)x\(height) \(spec)")
    }

    @Test("fzf's calculateSize: a percentage cut by float arithmetic, a count with the border, the bounds")
    func calculateSize() {
        // 58 * 0.01 * 50 is 28.999999999999996 in floating point: fzf makes it 28.
        #expect(PreviewWindow.extent(of: .percent(50), in: 58, listKeeps: 4, minimum: 5) == 28)
        #expect(PreviewWindow.extent(of: .percent(25), in: 116, listKeeps: 4, minimum: 5) == 28)
        #expect(PreviewWindow.extent(of: .percent(60), in: 205, listKeeps: 4, minimum: 5) == 122)
        #expect(PreviewWindow.extent(of: .percent(50), in: 80, listKeeps: 4, minimum: 5) == 40)
        // A count: lines of text, the border's added (minimum - 1).
        #expect(PreviewWindow.extent(of: .count(10), in: 80, listKeeps: 4, minimum: 5) == 14)
        #expect(PreviewWindow.extent(of: .count(0), in: 80, listKeeps: 4, minimum: 5) == 5)
        // Never more than the screen less what the list keeps, never less than the minimum,
        // which wins.
        #expect(PreviewWindow.extent(of: .count(1000), in: 80, listKeeps: 4, minimum: 5) == 76)
        #expect(PreviewWindow.extent(of: .percent(99), in: 80, listKeeps: 4, minimum: 5) == 76)
        #expect(PreviewWindow.extent(of: .percent(1), in: 80, listKeeps: 4, minimum: 5) == 5)
        #expect(PreviewWindow.extent(of: .percent(50), in: 3, listKeeps: 4, minimum: 5) == 5)
        #expect(PreviewWindow.extent(of: .count(5), in: 0, listKeeps: 3, minimum: 3) == 3)
        // Huge counts are the most (fzf's Go float conversion overflows there instead).
        #expect(PreviewWindow.extent(of: .count(Int.max), in: 80, listKeeps: 4, minimum: 5) == 76)
        #expect(PreviewWindow.extent(of: .count(Int.max - 2), in: 80, listKeeps: 4, minimum: 5) == 76)
        #expect(PreviewWindow.extent(of: .percent(1000), in: Int.max, listKeeps: 4, minimum: 5) == Int.max - 4)
        #expect(PreviewWindow.extent(of: .count(-5), in: 80, listKeeps: 4, minimum: 5) == 5)
    }

    @Test("the least size: a row or column of text, the border's, and the scroll bar's column beside")
    func minimumSizes() throws {
        #expect(try window("up").minimumExtent() == 3)
        #expect(try window("up,border-none").minimumExtent() == 1)
        #expect(try window("up,border-top").minimumExtent() == 2)
        #expect(try window("up,border-vertical").minimumExtent() == 1)
        #expect(try window("up,border-line").minimumExtent() == 2)
        #expect(try window("right").minimumExtent() == 5)
        #expect(try window("right,border-none").minimumExtent() == 2)
        #expect(try window("right,border-none").minimumExtent(scrollbar: false) == 1)
        #expect(try window("right,border-left").minimumExtent() == 4)
        #expect(try window("right,border-right").minimumExtent() == 3)
        #expect(try window("right,border-line").minimumExtent() == 4)
        #expect(try window("left,border-line").minimumExtent() == 3)
        #expect(try window("right,border-horizontal").minimumExtent() == 2)
    }

    @Test("border-line is the side that faces the list; next is below the list, or above with the prompt on top")
    func lineAndNext() throws {
        #expect(try window("up,border-line").drawnBorder(promptOnTop: false) == .bottom)
        #expect(try window("down,border-line").drawnBorder(promptOnTop: false) == .top)
        #expect(try window("left,border-line").drawnBorder(promptOnTop: false) == .right)
        #expect(try window("right,border-line").drawnBorder(promptOnTop: false) == .left)
        #expect(try window("next,border-line").drawnBorder(promptOnTop: false) == .top)
        #expect(try window("next,border-line").drawnBorder(promptOnTop: true) == .bottom)
        #expect(try window("next,border-sharp").drawnBorder(promptOnTop: true) == .sharp)
        #expect(try window("next").side(promptOnTop: false) == .down)
        #expect(try window("next").side(promptOnTop: true) == .up)
        #expect(try window("left").side(promptOnTop: true) == .left)
        let layout = try #require(try window("next,30%").layout(width: 80, height: 24, promptOnTop: true))
        #expect(layout.side == .up && layout.rows == 7 && layout.columns == 80)
    }

    @Test("no layout when the window in force shows nothing: hidden, or of size 0")
    func nothingShown() throws {
        #expect(try window("hidden").layout(width: 80, height: 24) == nil)
        #expect(try window("0").layout(width: 80, height: 24) == nil)
        #expect(try window("0%").layout(width: 80, height: 24) == nil)
        // A size of 0 is no window at all, whatever the alternative (fzf returns before it).
        #expect(try window("0,<50(up,40%)").layout(width: 80, height: 24) == nil)
        // An alternative of size 0: no window on a small screen, the main one on a large one.
        let narrowHidden = try window("right,50%,<50(0)")
        #expect(narrowHidden.layout(width: 80, height: 24) == nil)
        #expect(narrowHidden.layout(width: 120, height: 24)?.columns == 60)
        #expect(try window("<50(up,hidden)").layout(width: 80, height: 24) == nil)
        let used = try #require(try window("right,50%,<50(up,40%)").layout(width: 80, height: 24))
        #expect(used.usesAlternative && used.window.position == .up)
    }

    @Test(
        "the description reads back as the same window",
        arguments: [
            "", "up", "left,30%,border-sharp,wrap,follow,cycle,noinfo,hidden,+{2}-5/2,~3",
            "right,50%,<80(up,40%)", "hidden,+10,<30(up,hidden)", "+10,<30(default,up)", "<80(up),default,left",
            "wrap-word,border-line,next", "0", "border-none,<5(0)", "+{n},~0,<1(border-thinblock)",
            "+10,~3,default,<80(+5)", "up,<80(down),<60(left)",
        ])
    func roundTrip(text: String) throws {
        let window = try window(text)
        #expect(try self.window(window.description) == window, "\(text) -> \(window.description)")
    }

    @Test("the description says what differs from the default, the alternative's what differs from the main")
    func descriptions() throws {
        #expect(try window("up:40%:border-sharp:wrap:+{2}-5:~3").description == "up,40%,border-sharp,wrap,+{2}-5,~3")
        #expect(try window("right,50%,<80(up,40%)").description == "right,50%,<80(up,40%)")
        #expect(try window("wrap,<80(up,nowrap)").description == "right,50%,wrap,<80(up,50%,nowrap)")
        #expect(try window("+10,<80(default,up)").description == "right,50%,+10,<80(default,up,50%)")
        #expect(try window("<80(up),default").description == "<1(up,50%),default,right,50%")
    }

    /// Whether fzf 0.38 is the fzf at /usr/bin/fzf.
    static let fzf038: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fzf") else { return false }
        return (try? runFzf(["--version"]).output.hasPrefix("0.38.")) ?? false
    }()

    /// fzf's exit status, standard output and standard error for `arguments`, with no input.
    static func runFzf(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fzf")
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }

    @Test(
        "fzf 0.38 accepts and refuses what is read here, with the same message",
        .enabled(if: PreviewWindowTests.fzf038, "needs fzf 0.38 at /usr/bin/fzf"))
    func againstFzf038() throws {
        // Words 0.38 has; what it refuses, with its message (it exits 2, before filtering).
        let texts = [
            "up,30%", "top:bottom", "left,10,border-sharp", "border-double,border-bold,noborder", "border-horizontal",
            "border-vertical", "border-up", "border-down", "border-left", "border-right", "rounded", "sharp",
            "wrap,nowrap,cycle,nocycle,follow,nofollow,hidden,nohidden", "+{2}-5", "+{2}+3/2", "+10", "-/2",
            "+{-1}", "~3", "~0", "default", "", ",", "0", "99%", "right,50%,<80(up,40%)", "<80(up)wrap",
            "foo", "150%", "100%", "1.5", "1.5%", "-1%", "<0(up)", "<80(up", "<80()", "~x", "~01", "+abc", "{2}",
            "border-foo", "bold", "right,<80(up,foo)", "<80(foo),bar", "9223372036854775808",
            "<99999999999999999999(up)", "~99999999999999999999", "99999999999999999999%", "up, 30%", "Up", "-",
            "+5-", "+{2}-", "/0", "+{0}", "+{2}-/3",
        ]
        for text in texts {
            let fzf = try Self.runFzf(["--preview-window", text, "--filter", "x"])
            let message = fzf.errors.trimmingCharacters(in: .newlines)
            if let problem = problem(text) {
                #expect(fzf.status == 2 && message == problem.reason, "\(text): fzf \(fzf.status) \(message)")
            } else {
                #expect(fzf.status == 1 && message.isEmpty, "\(text): fzf \(fzf.status) \(message)")
            }
        }
        // Words the current fzf has and 0.38 lacks: read here, refused by 0.38.
        for text in [
            "next", "wrap-word", "info", "noinfo", "border-line", "border-block", "border-thinblock",
            "border-dashed", "+{n}", "+{n}-3",
        ] {
            #expect(problem(text) == nil, "\(text)")
            let fzf = try Self.runFzf(["--preview-window", text, "--filter", "x"])
            #expect(fzf.status == 2 && fzf.errors.contains("invalid preview window option: \(text)"), "\(text)")
        }
    }
}
