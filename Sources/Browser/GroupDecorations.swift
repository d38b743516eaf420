// What a section's compositional group draws beside its items (the layout's
// `GroupDecoration`s): a group's background behind its members (a decoration item), and the
// badges of groups and items over them (boundary supplementary items), as UIKit's compositional
// layout draws them, in cells.

import Catalog
import SplitLayout
import TerminalUI

extension GroupBadge {
    /// What the badge shows for `item` (a field's value, or its own text), made safe to draw;
    /// nil when the item has no such field, or it is empty.
    public func text(for item: Item?) -> String? {
        let raw: String?
        switch content {
        case .text(let text): raw = text
        case .field(let name): raw = item?.fields.first { $0.name == name }?.value
        }
        guard let raw else { return nil }
        let shown = VisibleText.standalone(raw)
        return shown.isEmpty ? nil : shown
    }

    /// Where the badge is drawn on `frame` when it shows `text`.
    public func frame(showing text: String, on frame: Rect, measure: TextWidth) -> Rect {
        self.frame(width: measure.width(of: text), on: frame)
    }
}

/// A section's group decorations on the screen, for one frame.
struct GroupDecorationPainter {
    let section: Int
    /// Content rows to screen rows.
    let shift: Int
    /// The decorations meeting the view (content coordinates).
    let decorations: [GroupDecoration]

    init(section: Int, viewport: Rect, shift: Int, _ state: SectionsInput) {
        self.section = section
        self.shift = shift
        var found: [GroupDecoration] = []
        state.view.layout.forEachDecoration(ofSection: section, in: viewport) { found.append($0) }
        self.decorations = found
    }

    /// The backgrounds of the groups, outer ones first: behind the items.
    func drawBackgrounds(_ state: SectionsInput, into buffer: inout CellBuffer) {
        for decoration in decorations {
            guard let color = Self.color(decoration.background) else { continue }
            var style = state.theme.base
            style.background = color
            buffer.fill(onScreen(decoration.frame), style)
        }
    }

    /// The background an item takes: the innermost group background under its frame (nil:
    /// none, the section's).
    func background(of frame: Rect) -> TerminalColor? {
        decorations.last { $0.background != nil && $0.frame.contains(frame) }.flatMap { Self.color($0.background) }
    }

    /// The badges of the groups, then of the items: over everything of the section but its
    /// pinned header.
    func drawBadges(_ state: SectionsInput, into buffer: inout CellBuffer) {
        for decoration in decorations where !decoration.badges.isEmpty {
            let path = ItemPath(section: section, item: decoration.item)
            let item = state.content.item(at: path)
            for badge in decoration.badges {
                guard let text = badge.text(for: item) else { continue }
                let frame = onScreen(badge.frame(showing: text, on: decoration.frame, measure: state.textWidth))
                guard !frame.isEmpty, state.showsRow(frame.y) else { continue }
                var style: CellStyle
                if let color = Self.color(badge.color) {
                    style = state.theme.item
                    style.background = color
                } else {
                    // The look of what it is on, reversed: it reads as a label stuck on.
                    style = decoration.group == nil && path == state.view.focus ? state.theme.focus : state.theme.item
                    style.reverse.toggle()
                }
                style.bold = true
                buffer.fill(frame, style)
                buffer.put(text, x: frame.x, y: frame.y, style: style, maxWidth: frame.width, measure: state.textWidth)
            }
        }
    }

    private func onScreen(_ frame: Rect) -> Rect {
        Rect(x: frame.x, y: frame.y - shift, width: frame.width, height: frame.height)
    }

    static func color(_ text: String?) -> TerminalColor? {
        text.flatMap(ColorSpec.init(description:))?.terminalColor
    }
}
