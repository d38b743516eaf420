// Measuring text only as far as a screen can show it. A label or a query may be a 50 MB line
// or a paste of 10,000 characters; a frame shows a few hundred cells of it, and measuring all
// of it for every frame (or, for the search prompt, once per character dropped from its
// front) made such input take seconds or minutes a frame.

extension TextWidth {
    /// `min(width(of: text), limit)`, measuring no further than `limit` cells.
    public func width(of text: String, upTo limit: Int) -> Int {
        guard limit > 0 else { return 0 }
        return UTF8Text.with(text) { utf8 in
            var total = 0
            var offset = 0
            if countsASCIIBytes {
                total = utf8.printableASCIIPrefix(from: 0, atMost: limit)
                offset = total
            }
            while total < limit && offset < utf8.end {
                let end = utf8.clusterEnd(from: offset)
                total += width(ofCluster: offset..<end, in: utf8)
                offset = end
            }
            return min(total, limit)
        }
    }

    /// The longest end of `text`, in whole characters, at most `width` cells wide (the end of a
    /// long query, where the user types), measured from the end.
    public func suffix(of text: String, fittingWidth width: Int) -> Substring {
        var start = text.endIndex
        var used = 0
        while start > text.startIndex {
            let previous = text.index(before: start)
            used += self.width(of: text[previous])
            if used > width { break }
            start = previous
        }
        return text[start...]
    }
}
