extension FoundLine {
    /// How many lines a reading seems to have skipped inside its columns: places where the step from
    /// one line to the next one below it (overlapping it sideways, its text of a similar height) is
    /// over 1.7 times the column's usual step (the median of its lines' steps). Lines of a column follow
    /// one another at a steady pitch, even photographed from one side (it changes slowly along the
    /// column); a line left out leaves a step of two pitches. A paragraph's break of a line's height
    /// counts too, so this is a reason to read again, not a count of lines lost.
    ///
    /// Lines are in one upright frame; only lines of several characters count (a page's, not a scrap's).
    static func skippedLines(in lines: [FoundLine]) -> Int {
        let text = lines.filter { $0.characters >= 8 }
        func overlaps(_ a: FoundLine, _ b: FoundLine) -> Bool {
            min(a.rect.maxX, b.rect.maxX) - max(a.rect.minX, b.rect.minX) > 0.5 * min(a.rect.width, b.rect.width)
        }
        // The next line below each one in its column, and the step to it.
        var below = [Int?](repeating: nil, count: text.count)
        for (i, a) in text.enumerated() {
            var best: (j: Int, step: Double)? = nil
            for (j, b) in text.enumerated() where j != i {
                let step = b.rect.midY - a.rect.midY
                guard step > 0.5 * a.textHeight, overlaps(a, b),
                      max(a.textHeight, b.textHeight) < 1.5 * min(a.textHeight, b.textHeight)
                else { continue }
                if best.map({ step < $0.step }) ?? true { best = (j, step) }
            }
            below[i] = best?.j
        }
        func step(_ i: Int) -> Double? { below[i].map { text[$0].rect.midY - text[i].rect.midY } }
        var skipped = 0
        for i in text.indices {
            guard let s = step(i) else { continue }
            let column = text.indices.filter { overlaps(text[$0], text[i]) }.compactMap(step).sorted()
            if s > 1.7 * column[column.count / 2] { skipped += 1 }
        }
        return skipped
    }
}

extension FoundLine {
    /// How many of a page's rows a reading split in two: two lines on one row, side by side, that lines of
    /// the column above or below them span together. Tesseract reading a page turned a quarter clockwise as
    /// vertical text (`TesseractEngine.reading`) can cut a line at a word space ("avoid" | "neither series
    /// expect. burden answer result"), and neither piece matches the line. Two columns' lines on one row
    /// are no such pieces: each column's other lines are as narrow as one of them.
    ///
    /// Lines are in one upright frame; only rows with a line above or below of several characters count.
    static func splitRows(in lines: [FoundLine]) -> Int {
        var split = 0
        // (Pieces of a word or more: a page number or a footnote's mark beside a line is no piece of it.)
        for (i, a) in lines.enumerated() where a.characters >= 4 {
            // The nearest line after `a` on its row, of a similar text height.
            let next = lines.indices.filter { j in
                let b = lines[j]
                let shared = min(a.rect.maxY, b.rect.maxY) - max(a.rect.minY, b.rect.minY)
                return j != i && b.characters >= 4 && b.rect.minX >= a.rect.maxX - 0.5 * a.textHeight
                    && shared > 0.5 * min(a.rect.height, b.rect.height)
                    && max(a.textHeight, b.textHeight) < 1.5 * min(a.textHeight, b.textHeight)
            }.min { lines[$0].rect.minX < lines[$1].rect.minX }
            guard let j = next else { continue }
            let b = lines[j]
            let union = (minX: a.rect.minX, maxX: b.rect.maxX)
            let width = union.maxX - union.minX
            // A line of the column just above or below (of its print: not a title over two columns), as wide as
            // the two together.
            let spanned = lines.contains { c in
                let step = abs(c.rect.midY - a.rect.midY)
                return c.characters >= 8 && step > 0.5 * a.textHeight && step < 2.5 * a.textHeight
                    && max(a.textHeight, c.textHeight) < 1.5 * min(a.textHeight, c.textHeight)
                    && c.rect.width >= 0.8 * width
                    && min(c.rect.maxX, union.maxX) - max(c.rect.minX, union.minX) >= 0.8 * width
            }
            if spanned { split += 1 }
        }
        return split
    }
}
