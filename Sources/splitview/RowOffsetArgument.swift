// `--row SECTION:OFFSET`: where a row section's cards are, for `layout` and `render`.

import ArgumentParser
import Browser
import SplitLayout

struct RowOffsetArgument: ExpressibleByArgument {
    var section: Int
    /// Cells, 0 resting on the first card.
    var offset: Double

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let section = Int(parts[0]), section >= 0, let offset = Double(parts[1]),
            offset.isFinite, offset >= 0
        else { return nil }
        self.section = section
        self.offset = offset
    }

    static let help = ArgumentHelp(
        "A row section's offset in cells (0: its first card at rest), as section index from 0 and cells; "
            + "repeat for several rows.", valueName: "SECTION:OFFSET")

    /// Why the rows named cannot be set in `layout`, or nil.
    static func problem(_ rows: [RowOffsetArgument], in layout: SplitLayout) -> String? {
        for row in rows {
            guard layout.sections.indices.contains(row.section) else {
                return "--row \(row.section): the data has \(layout.sections.count) sections, numbered from 0"
            }
            guard layout.sections[row.section].row != nil else {
                return "--row \(row.section): section \(row.section) is a grid, not a row (see --style and [row] style)"
            }
        }
        return nil
    }
}
