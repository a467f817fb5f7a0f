/// Lines of one row of text that Tesseract's layout analysis read as two or more lines.
///
/// On a page of small print its column finder can see a column edge in a river of word spaces running
/// down a column, and cut the lines it crosses in two: "middle attack" and "ving Climate silver…", a
/// letter or two lost at the cut (a held-out page: 17 of its 157 lines so). A cut is told from a
/// column's gutter by the lines above and below it: a river runs through a few lines of one column, and
/// the lines just above and below it run across its gap; a gutter runs down the columns' whole length,
/// and nothing of their size crosses it at one end at least (the end of the page, a heading, a picture).
/// A full-width paragraph above two columns crosses their gutter, but nothing does under them, and a row
/// cut at a column's top or foot is taken for a river only when the cut runs through a row or two.
///
/// The pieces are joined into one line again, their words in one frame. Read again alone, such a row
/// read no better: cut out of a tilted page, its box holds the ascenders of the line under it, and
/// Tesseract read nothing there.
enum BrokenRows {
    /// `lines` with each broken row's pieces (`groups`) joined into one line.
    static func joined(_ lines: [FoundLine]) -> [FoundLine] {
        let rows = groups(lines)
        guard !rows.isEmpty else { return lines }
        let inRows = Set(rows.joined())
        return lines.indices.filter { !inRows.contains($0) }.map { lines[$0] } + rows.map { joined(row: $0.map { lines[$0] }) }
    }

    /// The pieces of one row, left to right, as one line: each piece's words moved from the frame it was
    /// read in into the picture's, or the flat panel's for a line read through a map (by the piece's box
    /// in both); of two words over the same place (a word cut in two at the cut, read by both pieces) the
    /// wider kept, and the halves of a word cut between its letters glued.
    static func joined(row parts: [FoundLine]) -> FoundLine {
        // Each word with the piece it came from.
        var words: [(word: TextWord, piece: Int)] = []
        for (k, p) in parts.enumerated() {
            let read = p.line.rect, frame = p.flat ?? p.rect
            let (fx, fy) = frameScale(p)
            for var w in p.line.words {
                w.rect = PixelRect(minX: frame.minX + (w.rect.minX - read.minX) * fx,
                                   minY: frame.minY + (w.rect.minY - read.minY) * fy,
                                   maxX: frame.minX + (w.rect.maxX - read.minX) * fx,
                                   maxY: frame.minY + (w.rect.maxY - read.minY) * fy)
                if let i = words.firstIndex(where: { o in
                    min(o.word.rect.maxX, w.rect.maxX) - max(o.word.rect.minX, w.rect.minX)
                        > 0.5 * min(o.word.rect.width, w.rect.width)
                }) {
                    if w.rect.width > words[i].word.rect.width { words[i] = (w, k) }
                } else {
                    words.append((w, k))
                }
            }
        }
        words.sort { $0.word.rect.minX < $1.word.rect.minX }
        // A word cut in two at the cut ("tours t" and "rain there two") is one word again: its halves
        // stand closer than words do.
        let insideWord = Self.insideWord(parts)
        var glued: [TextWord] = []
        for (i, (w, piece)) in words.enumerated() {
            if i > 0, piece != words[i - 1].piece, var last = glued.last,
               w.rect.minX - last.rect.maxX < insideWord
            {
                last.text += w.text
                last.rect = last.rect.union(w.rect)
                last.confidence = min(last.confidence, w.confidence)
                last.inDictionary = false
                glued[glued.count - 1] = last
            } else {
                glued.append(w)
            }
        }
        let line = TextLine(words: glued, slope: parts.reduce(0) { $0 + $1.line.slope } / Double(parts.count))
        let rect = parts.dropFirst().reduce(parts[0].rect) { $0.union($1.rect) }
        let flats = parts.compactMap(\.flat)
        let flat = flats.count == parts.count ? flats.dropFirst().reduce(flats[0]) { $0.union($1) } : nil
        return FoundLine(line: line, rect: rect, textHeight: line.textHeight, panel: parts[0].panel, flat: flat)
    }

    /// How much `piece`'s words grow from the frame they were read in to the picture's (the flat panel's,
    /// for a line read through a map): its box there over its box as read.
    static func frameScale(_ piece: FoundLine) -> (x: Double, y: Double) {
        let read = piece.line.rect, frame = piece.flat ?? piece.rect
        return (read.width > 0 ? frame.width / read.width : 1, read.height > 0 ? frame.height / read.height : 1)
    }

    /// A gap between two pieces of a row: `left` ends where `right` begins (or overlaps it a little).
    struct Gap {
        var left: Int, right: Int
        /// The gap's ends along the row, and the height of the row's middle there.
        var from: Double, to: Double, y: Double
        var textHeight: Double
        /// The space between the pieces (negative where they overlap).
        var width: Double
        /// Narrower than this, the gap lies inside a word (`insideWord`).
        var insideWord: Double
        /// Narrower than this, the gap is a word space: one and a half usual spaces, or `wordSpace` text
        /// heights.
        var wordSpace: Double
    }

    /// The usual space between the words of `parts` of a row (their spaces' median, in the picture's
    /// pixels), or `nil` when they have too few spaces to tell.
    static func usualSpace(_ parts: [FoundLine]) -> Double? {
        let spaces = parts.flatMap { p in
            let fx = frameScale(p).x
            return zip(p.line.words, p.line.words.dropFirst()).map { ($1.rect.minX - $0.rect.maxX) * fx }
        }.sorted()
        return spaces.count >= 3 ? spaces[spaces.count / 2] : nil
    }

    /// A gap between `parts` of a row narrower than this lies inside a word: half their usual space, or
    /// `letterGap` text heights.
    static func insideWord(_ parts: [FoundLine]) -> Double {
        usualSpace(parts).map { 0.5 * $0 } ?? letterGap * (parts.map(\.textHeight).min() ?? 0)
    }

    /// The groups of `lines` (indices, left to right, two or more) that are one row cut by layout
    /// analysis: each piece followed by the next (`continues`), and the gap between them a river's
    /// (`river`). Lines read through a map (a keystoned panel stretched flat) are compared where they
    /// were read, with the lines read there (in the picture their boxes are slanted); lines running down
    /// the picture (read sideways), whose text height is their words' length, are left alone.
    static func groups(_ lines: [FoundLine]) -> [[Int]] {
        // Each line where it was read: a line read through a map in its panel stretched flat, level.
        let lines = lines.map { l in
            var v = l
            if let flat = l.flat { v.rect = flat; v.line.slope = 0 }
            return v
        }
        let candidates = lines.indices.filter { i in lines[i].textHeight > 0 && !LineSplitter.Axis(lines[i].line).vertical }
        var gaps: [Gap] = []
        for i in candidates {
            let next = candidates.filter { $0 != i && continues(lines[i], with: lines[$0]) }
                .min { lines[$0].rect.minX < lines[$1].rect.minX }
            guard let j = next else { continue }
            let a = lines[i], b = lines[j]
            let from = min(a.rect.maxX, b.rect.minX), to = max(a.rect.maxX, b.rect.minX)
            gaps.append(Gap(left: i, right: j, from: from, to: to, y: y(of: a, at: (from + to) / 2),
                            textHeight: min(a.textHeight, b.textHeight), width: b.rect.minX - a.rect.maxX,
                            insideWord: insideWord([a, b]),
                            wordSpace: usualSpace([a, b]).map { 1.5 * $0 } ?? Self.wordSpace * min(a.textHeight, b.textHeight)))
        }
        guard !gaps.isEmpty else { return [] }
        var sets = DisjointSets(count: lines.count)
        var joined = false
        for g in gaps where river(g, gaps, lines, candidates) {
            sets.join(g.left, g.right)
            joined = true
        }
        guard joined else { return [] }
        return sets.groups().filter { $0.count >= 2 }.map { g in g.sorted { lines[$0].rect.minX < lines[$1].rect.minX } }
    }

    /// Whether `gap` is a river's: going up from it and going down, the nearest line of its size over it
    /// runs across it, or is itself cut at about the same place (the river goes on). At a column's top
    /// or foot (nothing of its size over the gap, going one way) a river of one or two rows will do: a
    /// gutter runs on for the column's length. A line standing alone (a poster's) cut at a word space or
    /// less is one line; so is any line cut narrower than a word space (inside a word: "tours t" and
    /// "rain there two"), which no gutter is.
    static func river(_ gap: Gap, _ gaps: [Gap], _ lines: [FoundLine], _ candidates: [Int]) -> Bool {
        if gap.width < gap.insideWord { return true }
        let up = reach(gap, going: -1, gaps, lines, candidates)
        let down = reach(gap, going: 1, gaps, lines, candidates)
        switch (up.end, down.end) {
        case (.crossed, .crossed): return true
        case (.crossed, .nothing), (.nothing, .crossed): return up.rows + down.rows <= shortRiver
        case (.nothing, .nothing): return up.rows + down.rows == 0 && gap.width < gap.wordSpace
        default: return false
        }
    }

    /// How a walk up or down a gap ends.
    enum End { case crossed, nothing, blocked }

    /// Going up (`direction` −1) or down (+1) from `gap`: how the walk ends, and the rows cut at the
    /// same place it passed. The nearest line of the gap's size over it (within `neighbourRows` text
    /// heights) crosses it, or is cut about there and the walk goes on, or blocks it; or there is none.
    static func reach(_ gap: Gap, going direction: Double, _ gaps: [Gap], _ lines: [FoundLine],
                      _ candidates: [Int]) -> (end: End, rows: Int)
    {
        var g = gap
        let panel = lines[gap.left].panel, flat = lines[gap.left].flat != nil
        for rows in 0..<maxRiver {
            let h = g.textHeight, x = (g.from + g.to) / 2
            let near = candidates.compactMap { k -> (k: Int, dy: Double)? in
                let c = lines[k]
                guard k != g.left, k != g.right, c.panel == panel, (c.flat != nil) == flat, sameSize(c.textHeight, h),
                      c.rect.maxX > g.from - h, c.rect.minX < g.to + h else { return nil }
                let dy = (y(of: c, at: x) - g.y) * direction
                return dy > levelShift * h && dy <= neighbourRows * h ? (k, dy) : nil
            }.min { $0.dy < $1.dy }
            guard let near else { return (.nothing, rows) }
            let c = lines[near.k]
            if c.rect.minX < g.from - h && c.rect.maxX > g.to + h { return (.crossed, rows) }
            guard let cut = gaps.first(where: { o in
                (o.left == near.k || o.right == near.k) && o.to > g.from - 2 * h && o.from < g.to + 2 * h
            }) else { return (.blocked, rows) }
            g = cut
        }
        return (.blocked, maxRiver)
    }

    /// The height of the middle of `line` at `x`, along its slope.
    static func y(of line: FoundLine, at x: Double) -> Double {
        line.rect.midY + line.line.slope * (x - line.rect.midX)
    }

    /// Whether `b` continues `a` to its right on the same row (see `groups`).
    static func continues(_ a: FoundLine, with b: FoundLine) -> Bool {
        guard a.panel == b.panel, (a.flat == nil) == (b.flat == nil), sameSize(a.textHeight, b.textHeight),
              b.rect.midX > a.rect.midX else { return false }
        let h = min(a.textHeight, b.textHeight)
        let gap = b.rect.minX - a.rect.maxX
        guard gap < maxGap * h, gap > -0.5 * min(a.rect.width, b.rect.width) else { return false }
        let slope = (a.line.slope + b.line.slope) / 2
        let expected = a.rect.midY + slope * (b.rect.midX - a.rect.midX)
        return abs(b.rect.midY - expected) < levelShift * h
    }

    /// Whether two text heights are of one size of print (within `heightRatio`).
    static func sameSize(_ a: Double, _ b: Double) -> Bool { max(a, b) <= heightRatio * min(a, b) }

    /// Text heights of one row differ by less than this factor (a piece of ascenders beside a piece of
    /// descenders).
    static let heightRatio = 1.4
    /// The widest gap, in text heights, between two pieces of a row (a word or two lost at the cut).
    static let maxGap = 4.0
    /// Pieces of one row stand level within this many text heights (along their slope); lines of the
    /// next row stand further.
    static let levelShift = 0.4
    /// The furthest, in text heights, the next line up or down may stand (a line and a half apart, as
    /// print is set, and one line read less).
    static let neighbourRows = 3.5
    /// The most rows a river may cut.
    static let maxRiver = 40
    /// A gap narrower than this many text heights lies inside a word (letters stand closer than words),
    /// where a line has too few spaces to measure its own.
    static let letterGap = 0.3
    /// A word space is narrower than this many text heights, where a line has too few spaces to measure
    /// its own.
    static let wordSpace = 0.8
    /// The most rows besides its own a river at a column's top or foot may cut.
    static let shortRiver = 1
}
