import Foundation
internal import CTesseract

extension TesseractEngine {
    /// The most pixels marks are looked for in.
    static let spottingPixels = 1_400_000.0

    /// Lines read in the rows of marks `TextSpotter` finds in `upright` (text of either polarity) that
    /// `found` does not cover yet: the likeliest rows first (letters on a baseline, then the most
    /// contrast), as many as `TextSpotter.readingBudget` allows, each cut out, turned dark on light,
    /// enlarged to the letter size Tesseract reads best and read as a single line; only the words
    /// `TextSpotter.keptWords` keeps.
    ///
    /// With `missedOnly` (much was read already: a sign, a poster, a page), only rows of letters on a
    /// baseline that no line read touches: small print beside big letters, which Tesseract's layout
    /// analysis can drop as noise ("From evening could that room" under a poster's big lines).
    ///
    /// `marks` are `upright`'s (`spottingMarks`, measured once by the reading plan); none, no rows.
    func spottedLines(in upright: borrowing LeptonicaImage, besides found: [FoundLine], missedOnly: Bool = false,
                      marks: SpottingMarks?) throws(OCRError) -> [FoundLine]
    {
        guard let inverse = upright.inverted(), let marks else { return [] }
        let scale = marks.scale, maxHeight = marks.maxHeight
        func candidates(_ marks: [Mark], darkText: Bool) -> [SpottedRow] {
            TextSpotter.rows(marks, maxHeight: maxHeight * scale).compactMap { row in
                let rect = row.rect.divided(by: scale), h = row.markHeight / scale
                let covered = missedOnly ? 0 : 0.5 * rect.area
                guard !found.contains(where: { $0.rect.intersectionArea(rect) > covered }) else { return nil }
                let around = SpottedRow.cutOut(rect, markHeight: h)
                // (The contrast is the same in either polarity.)
                return SpottedRow(aligned: row.aligned, markHeight: h, around: around, darkText: darkText,
                                  contrast: upright.contrast(in: around), row: row)
            }
        }
        // Where little was read, a row that reads is read again with the rest of its line: the marks it may be
        // carried on over (`TextSpotter.lineMarks`), of each polarity, are found when first needed. (Where much
        // was, the rest of a row's line is likelier a line read beside it, on a panel of its own.)
        var lineMarks: [Bool: [Mark]] = [:]
        func alongLine(_ c: SpottedRow) -> PixelRect? {
            guard !missedOnly, let row = c.row else { return nil }
            let level = lineMarks[c.darkText]
                ?? TextSpotter.lineMarks(c.darkText ? marks.dark : marks.light, maxHeight: maxHeight * scale)
            lineMarks[c.darkText] = level
            let line = TextSpotter.alongLine(row, marks: level)
            return line == row.rect ? nil : SpottedRow.cutOut(line.divided(by: scale), markHeight: c.markHeight)
        }
        var rows = candidates(marks.dark, darkText: true) + candidates(marks.light, darkText: false)
        if missedOnly {
            rows = SpottedRow.missedLines(rows, besides: found)
        }
        let ranked = rows.sorted { ($0.onBaseline, $0.contrast) > ($1.onBaseline, $1.contrast) }
        // Reading a line costs about its width in line heights; short rows are cheap, so the budget is
        // in those units rather than in rows.
        var left = TextSpotter.readingBudget
        let likeliest = ranked.filter { c in
            let cost = c.around.width / max(1, c.around.height)
            guard cost <= left else { return false }
            left -= cost
            return true
        }
        // A cut-out row is one ground and its letters: the global (Otsu) threshold separates them.
        setVariable("thresholding_method", "0")
        defer { setVariable("thresholding_method", String(options.thresholding)) }
        var out: [FoundLine] = []
        var readRows: [SpottedRow] = []
        for c in likeliest {
            let factor = c.enlargement
            func cropped(_ around: PixelRect) -> LeptonicaImage? {
                (c.darkText ? upright.clipped(to: around) : inverse.clipped(to: around))?.scaled(by: factor)
            }
            guard let big = cropped(c.around) else { continue }
            let tight = try readRow(big, factor: factor, frame: 0, at: c.around)
            // Cut out tight, a word on a small board reads unsurely where the board's edge or the next
            // mark stands at the cut ("Bank" 41%, "Exit" 48%); framed by more of its ground, surely
            // (89%, 96%). Not every row: framed with the wall's level, a dark plate cut out with the
            // wall around it became one dark blob ("Exit 11", read at 95% tight, was lost). The frame: a
            // third of a letter's height, at the cut-out's median level (its ground).
            let frame = Int((c.markHeight * factor / 3).rounded())
            var read = tight.kept
            if tight.nearlyKept, let framed = big.framed(by: frame, level: big.medianLevel()) {
                read += try readRow(framed, factor: factor, frame: frame, at: c.around).kept
            }
            // A row that read no line surely is read again in black and white near its letters' own level
            // (`nearInk`).
            if !read.contains(where: { $0.line.confidence >= LineFilter.sure }),
               let sharp = nearInk(big, text: c.marksRect, cutOutAt: c.around, factor: factor)
            {
                read += try readRow(sharp, factor: factor, frame: 0, at: c.around).kept
            }
            out += read
            if !read.isEmpty { readRows.append(c) }
            // A row that reads is read again with the rest of its line (`alongLine`): a number a word
            // space after its word ("Gallery 81"); the better reading stays (`FoundLine.merge`). Not every
            // row: a caption overlaid on a photo, "right", carried on over the photo's marks beside it, read
            // nothing.
            if !read.isEmpty, let along = alongLine(c), let longer = cropped(along) {
                out += try readRow(longer, factor: factor, frame: 0, at: along).kept
            }
        }
        if !missedOnly {
            out += try readingLinesOfRows(rows, read: readRows, in: upright, inverse: inverse)
        }
        return out
    }

    /// Where little was read, a line spotted as rows of its words: `lineRows` rows or more along one line
    /// (`SpottedRow.alongLines`), two of them read (in `read`), cut out and read again whole, as the rows are
    /// (enlarged, a single line). The better reading stays (`FoundLine.merge`). A shaken poster's small print,
    /// "Visual settle coast orange debate reader chance claim" under five big lines (held-out seed 3737's
    /// posters-01, little read), was spotted as eight rows: read row by row it gave "Visual" and "debate reader
    /// chance"; read whole, "Visual settle const orange debate reader chance".
    func readingLinesOfRows(_ rows: [SpottedRow], read: [SpottedRow], in upright: borrowing LeptonicaImage,
                            inverse: borrowing LeptonicaImage) throws(OCRError) -> [FoundLine]
    {
        var out: [FoundLine] = []
        for g in SpottedRow.alongLines(rows) where g.count >= Self.lineRows && g.count(where: read.contains) >= 2 {
            let line = SpottedRow.joined(g)
            let factor = line.enlargement
            guard let cut = (line.darkText ? upright.clipped(to: line.around) : inverse.clipped(to: line.around)),
                  let big = cut.scaled(by: factor)
            else { continue }
            out += try readRow(big, factor: factor, frame: 0, at: line.around).kept
        }
        return out
    }

    /// The rows along one line (`readingLinesOfRows`) that make a line of words read again whole: a street's
    /// sign is a word or two, a row each.
    static let lineRows = 3

    /// `cut` (a row or a line cut out of a picture at `around`, turned dark on light and enlarged by `factor`; its
    /// letters within `text`, in the picture's pixels) in black and white near its letters' own level
    /// (`LeptonicaImage.thresholdedNearInk`); `nil` where letters and ground lie less than `nearInkContrast` levels
    /// apart. Lettering laid over a photo (a caption, a label on a landscape: white, edged dark) is the lightest thing
    /// in its cut-out, but the threshold the cut-out is otherwise read with (Otsu's) falls between the photo's own
    /// light and dark, clouds or water, and takes some of them for letters. The orientation samples' labels over a
    /// waterfall and clouds read "lett", "Might" or nothing; so thresholded, "left", "right", "top", "bottom" (96%).
    /// A row of dark letters is read so too: a camera's photo of a street sign gained the plate of its house numbers,
    /// "62-42" (94%), and 40 streets' word recall rose 1.5 points over light rows alone.
    func nearInk(_ cut: borrowing LeptonicaImage, text: PixelRect, cutOutAt around: PixelRect, factor: Double)
        -> LeptonicaImage?
    {
        cut.thresholdedNearInk(measuredIn: text.moved(by: -around.minX, -around.minY).divided(by: 1 / factor),
                               share: Self.nearInkShare, least: Self.nearInkContrast)
    }

    /// How far from its letters' level to its ground's a cut-out is thresholded near its ink (`nearInk`), and how far
    /// apart (grey levels) the two must lie. Eight of the orientation samples' labels, cut out by hand (letters and
    /// ground 64–201 levels apart), all read their word at 0.3 of the way (one with a stray "™"); at 0.2 one read
    /// "too", at 0.4 two read "botton™" and "“Tight".
    static let nearInkShare = 0.3
    static let nearInkContrast = 48

    /// The marks of both polarities the spotter looks for rows among (`SpottingMarks`).
    ///
    /// Marks are looked for in at most about 1.4 megapixels (Sauvola's threshold cost a tenth of a second
    /// per polarity on a 2048 px copy): letters a reader could make out stay 7 px tall there. Both
    /// polarities' marks come from one reduced picture and one pass of window sums (`marks`). Dashes are kept
    /// too (`TextSpotter.mayBeDash`): rows are made of letters alone, but a line is carried on over its dashes.
    static func spottingMarks(_ image: borrowing LeptonicaImage) -> SpottingMarks? {
        let scale = min(1, (spottingPixels / Double(image.width * image.height)).squareRoot())
        guard let small = scale < 1 ? image.scaled(by: scale) : image.grey() else { return nil }
        let maxHeight = Double(min(image.width, image.height)) / 8
        let marks = small.marks(window: 15, factor: 0.15) {
            TextSpotter.mayBeText($0, maxHeight: maxHeight * scale) || TextSpotter.mayBeDash($0)
        }
        return SpottingMarks(dark: marks.dark, light: marks.light, scale: scale, maxHeight: maxHeight)
    }

    /// The row of marks of either polarity likeliest to be text (letters on a baseline first, then the
    /// most marks; `TextSpotter.rows`), as a line read as nothing, in the picture's pixels: where a picture
    /// read as nothing at all, the place a turn is sampled (`turnLooksBetter`).
    static func likeliestRow(_ marks: SpottingMarks) -> FoundLine? {
        likeliest(marks, turned: { $0 }).map { line($0, marks) }
    }

    /// The row of marks likeliest to be text standing on its side (the marks turned a quarter either way, as
    /// `likeliestRow` finds it there), where it is likelier than any row of them as they stand: as a line read as
    /// nothing, in the picture's pixels (a column); and the quarter turns clockwise its marks were turned by.
    static func likeliestColumn(_ marks: SpottingMarks) -> (line: FoundLine, quarterTurns: Int)? {
        // A quarter turn clockwise takes (x, y) to (-y, x), up to a shift; anticlockwise to (y, -x).
        func clockwise(_ r: PixelRect) -> PixelRect { PixelRect(minX: -r.maxY, minY: r.minX, maxX: -r.minY, maxY: r.maxX) }
        func anticlockwise(_ r: PixelRect) -> PixelRect {
            PixelRect(minX: r.minY, minY: -r.maxX, maxX: r.maxY, maxY: -r.minX)
        }
        let standing = likeliest(marks, turned: { $0 })
        var best: (row: TextSpotter.Row, quarterTurns: Int)? = nil
        for (quarterTurns, turn, back) in [(1, clockwise, anticlockwise), (3, anticlockwise, clockwise)] {
            guard var row = likeliest(marks, turned: turn), likelier(row, than: best?.row ?? standing) else { continue }
            row.rect = back(row.rect)
            best = (row, quarterTurns)
        }
        return best.map { (line($0.row, marks), $0.quarterTurns) }
    }

    /// The likeliest row of `marks` of either polarity, their boxes `turned`, as found there.
    private static func likeliest(_ marks: SpottingMarks, turned: (PixelRect) -> PixelRect) -> TextSpotter.Row? {
        func turn(_ marks: [Mark]) -> [Mark] { marks.map { Mark(rect: turned($0.rect), ink: $0.ink, runs: $0.runs) } }
        let maxHeight = marks.maxHeight * marks.scale
        let rows = TextSpotter.rows(turn(marks.dark), maxHeight: maxHeight)
            + TextSpotter.rows(turn(marks.light), maxHeight: maxHeight)
        return rows.reduce(nil) { best, row in best.map { likelier(row, than: $0) ? row : $0 } ?? row }
    }

    /// Letters on a baseline first, then the most marks.
    private static func likelier(_ row: TextSpotter.Row, than other: TextSpotter.Row?) -> Bool {
        guard let other else { return true }
        return (row.aligned ? 1 : 0, row.marks) > (other.aligned ? 1 : 0, other.marks)
    }

    /// `row` (in the reduced picture of `marks`) as a line read as nothing, in the picture's pixels.
    private static func line(_ row: TextSpotter.Row, _ marks: SpottingMarks) -> FoundLine {
        FoundLine(line: TextLine(words: [], slope: 0), rect: row.rect.divided(by: marks.scale),
                  textHeight: row.markHeight / marks.scale)
    }

    /// The lines read in one cut-out row (`image`: the row around `around`, enlarged by `factor`, then
    /// framed by `frame` pixels) with the words `TextSpotter.keptWords` keeps, in the picture's pixels;
    /// and whether a word not kept looks like one a surer reading would keep (`TextSpotter.nearlyKept`).
    private func readRow(_ image: borrowing LeptonicaImage, factor: Double, frame: Int, at around: PixelRect)
        throws(OCRError) -> (kept: [FoundLine], nearlyKept: Bool)
    {
        // Cut at gaps, as every reading is: a row read on along its line can reach across the gap between two
        // panels whose lines stand level.
        let lines = try readCutOut(image, factor: factor, frame: frame, origin: (around.minX, around.minY))
            .flatMap(LineSplitter.split)
        return (lines.compactMap { FoundLine(line: $0, rect: $0.rect, textHeight: $0.textHeight).keepingSureWords() },
                lines.contains { $0.words.contains(where: TextSpotter.nearlyKept) })
    }
}

/// The marks of a picture the spotter looks for rows among, dark (`dark`) and light (`light`), found in the
/// picture reduced by `scale`; and the tallest a letter may stand, in the picture's pixels (`maxHeight`).
struct SpottingMarks {
    var dark: [Mark]
    var light: [Mark]
    var scale: Double
    var maxHeight: Double

    /// Where the picture holds blocks of lines of light text (`TextSpotter.blocks`), in its pixels.
    var lightTextBlocks: [PixelRect] { textBlocks(light) }

    /// Where the picture holds blocks of lines of dark text made of rows that no line of `found` touches, in
    /// its pixels: blocks of a page that its reading left out (`TesseractEngine.readingMissedBlocks`).
    func darkTextBlocks(missedBy found: [FoundLine]) -> [PixelRect] { textBlocks(dark, missedBy: found) }

    /// The blocks of lines (`TextSpotter.blocks`) of the rows of `marks` that no line of `found` touches, in
    /// the picture's pixels.
    func textBlocks(_ marks: [Mark], missedBy found: [FoundLine] = []) -> [PixelRect] {
        let rows = TextSpotter.rows(marks, maxHeight: maxHeight * scale).filter { row in
            let rect = row.rect.divided(by: scale)
            return !found.contains { $0.rect.intersectionArea(rect) > 0 }
        }
        return TextSpotter.blocks(rows).map { $0.divided(by: scale) }
    }
}

/// A spotted row (`TextSpotter.Row`, in the picture's pixels) with what reading it needs: the rectangle
/// cut out around it, the polarity of its text and its contrast there.
struct SpottedRow: Equatable {
    var aligned: Bool
    var markHeight: Double
    var around: PixelRect
    var darkText: Bool
    var contrast: Int
    /// The spotter's row it was found as, in the reduced picture's pixels (`SpottingMarks.scale`); `nil`
    /// for rows joined along their line (`joinedAlongLines`).
    var row: TextSpotter.Row? = nil

    /// 1 for a row of letters on a baseline (`aligned`) standing clearly off its ground, read before the others;
    /// 0 for the rest, read in order of contrast. A row of faint marks on a baseline is grain more likely than
    /// text: over the signs, posters, Korean signs and streets of thirteen shaken harness sets, two unshaken ones and
    /// the ICDAR photos, 418 such rows under `faintRow` were read and none kept a word. Ranked first, the grain of a
    /// light shaken poster spent the reading budget before its bold "Arrivals" (contrast 158), whose smeared letters
    /// stood on no baseline, was read. (Faint rows on no baseline are read in their turn: 19 kept words on the shaken
    /// sets, "Gate A6" at 23.)
    var onBaseline: Int { aligned && contrast >= Self.faintRow ? 1 : 0 }

    /// Contrast (grey levels between the 10th and 90th percentiles of a row's cut-out) under which a row on a
    /// baseline loses its place before the others. Of the rows on a baseline that kept a word on those sets, the
    /// faintest stood at 43.
    static let faintRow = 32

    /// What is cut out around a row's marks at `rect` (the picture's pixels), its letters `markHeight`
    /// tall: `margin` letter heights more either side and above and below.
    static func cutOut(_ rect: PixelRect, markHeight h: Double) -> PixelRect {
        let (mx, my) = (margin.x * h, margin.y * h)
        return PixelRect(minX: max(0, (rect.minX - mx).rounded(.down)), minY: max(0, (rect.minY - my).rounded(.down)),
                         maxX: rect.maxX + mx, maxY: rect.maxY + my)
    }

    /// Where much was read: the lines of small print among `rows` that no line of `found` touches. Small print beside
    /// big letters is whole lines: rows on one line are joined (`joinedAlongLines`). Rows whose letters stand on no
    /// baseline are kept too: a shaken poster's bold "Departures", 25 px, its letters run together, was dropped by
    /// Tesseract's layout analysis and never spotted (over 17 harness sets, the ICDAR and camera photos, three photos
    /// gained a line, all of their text). Joined, rows either side of a line read reach over it: on a page on its side
    /// photographed from one side, two columns' short last lines were spotted as one row across the gutter and read as
    /// one line. (Their marks are compared, not the margin around them: a line of small print close under a line read
    /// is still spotted.)
    static func missedLines(_ rows: [SpottedRow], besides found: [FoundLine]) -> [SpottedRow] {
        joinedAlongLines(rows).filter { row in
            !found.contains { $0.rect.intersectionArea(row.marksRect) > 0 }
        }
    }

    /// The margin a row is cut out with, in letter heights: either side, and above and below.
    static let margin = (x: 0.6, y: 0.4)

    /// How much the row is enlarged to be read: to letters 30 px tall, at most four times.
    var enlargement: Double { min(4, max(1, 30 / markHeight)) }

    /// Where the row's marks are: `around` without its `margin`.
    var marksRect: PixelRect {
        let (mx, my) = (Self.margin.x * markHeight, Self.margin.y * markHeight)
        return PixelRect(minX: around.minX + mx, minY: around.minY + my,
                         maxX: max(around.minX + mx, around.maxX - mx), maxY: max(around.minY + my, around.maxY - my))
    }

    /// `rows` joined where they continue one another along a line (`alongLines`).
    static func joinedAlongLines(_ rows: [SpottedRow]) -> [SpottedRow] { alongLines(rows).map(joined) }

    /// The rows of one line (`alongLines`, not empty) as one row around them all.
    static func joined(_ line: [SpottedRow]) -> SpottedRow {
        let heights = line.map(\.markHeight).sorted()
        return SpottedRow(aligned: line.contains(where: \.aligned), markHeight: heights[heights.count / 2],
                          around: line.dropFirst().reduce(line[0].around) { $0.union($1.around) },
                          darkText: line[0].darkText, contrast: line.map(\.contrast).max() ?? 0)
    }

    /// `rows` in sets that continue one another along a line: one polarity, about one letter height, overlapping
    /// in height by half the shorter, at most three letter heights apart.
    static func alongLines(_ rows: [SpottedRow]) -> [[SpottedRow]] {
        let sorted = rows.sorted { $0.around.minX < $1.around.minX }
        var sets = DisjointSets(count: sorted.count)
        for (i, a) in sorted.enumerated() {
            for j in sorted.indices.dropFirst(i + 1) {
                let b = sorted[j]
                let tall = max(a.markHeight, b.markHeight), short = min(a.markHeight, b.markHeight)
                guard b.around.minX - a.around.maxX <= 3 * tall else { break }
                let overlap = min(a.around.maxY, b.around.maxY) - max(a.around.minY, b.around.minY)
                if a.darkText == b.darkText, tall <= 1.5 * short,
                   overlap >= 0.5 * min(a.around.height, b.around.height)
                {
                    sets.join(i, j)
                }
            }
        }
        return sets.groups().map { $0.map { sorted[$0] } }
    }
}
