// Which compositional group places a grid section's items: `--layout NAME` over the
// configuration's [sections."TITLE"] group, over the data's, over [layout] group; a name is one
// of the configuration's [groups.NAME] or a built-in group (GroupReader.builtIn).

import Catalog
import SplitLayout
import TerminalUI

extension LayoutSettings {
    /// The name `--layout` takes for no group: items in wrapping lines.
    public static let linesLayout = "lines"

    /// The group that places `section`'s items when it is a grid; nil: wrapping lines (or a
    /// name no group has, which `groupProblem` reports before the browser starts).
    public func group(of section: Section) -> GroupLayout? {
        if let forcedGroup {
            return forcedGroup == Self.linesLayout ? nil : groups[forcedGroup] ?? GroupReader.builtIn[forcedGroup]
        }
        let configured = sectionStyles.isEmpty ? nil : sectionStyles[section.title]?.group
        guard let choice = configured ?? section.group ?? defaultGroup else { return nil }
        return GroupReader.resolve(choice, named: groups)
    }

    /// The first group a data file names that no group has, as "file:line:column: unknown group
    /// ..."; nil when every name is known.
    public func groupProblem(for catalog: Catalog) -> String? {
        for (index, section) in catalog.sections.enumerated() {
            guard case .named(let name, let line, let column)? = section.group,
                GroupReader.resolve(.named(name, line: line, column: column), named: groups) == nil
            else { continue }
            return "\(catalog.source):\(line):\(column): sections[\(index)].group: "
                + GroupReader.unknownName(name, named: groups)
        }
        return nil
    }

    /// The display width of each item as a grid slot shows it whole: the glyph, a space and the
    /// label (see `Browser.itemFace`), at most `limit` cells.
    static func contentWidths(of section: Section, textWidth: TextWidth, limit: Int?) -> [Int32] {
        let limit = limit ?? .max
        // A glyph column before every label where some item has a glyph (see `itemFace`).
        let glyphColumn = section.items.hasGlyphs ? Browser.glyphColumn + 1 : 0
        return section.items.indices.map { position in
            // Measured no further than the limit: a label may be a 50 MB line.
            let label = textWidth.width(of: section.items.label(at: position), upTo: limit)
            guard let glyph = section.items.glyph(at: position) else {
                return Int32(clamping: min(limit, glyphColumn + label))
            }
            let glyphWidth = max(Browser.glyphColumn, textWidth.width(of: glyph))
            return Int32(clamping: min(limit, glyphWidth + (label > 0 ? 1 + label : 0)))
        }
    }
}
