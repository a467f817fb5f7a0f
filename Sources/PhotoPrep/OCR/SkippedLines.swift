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
