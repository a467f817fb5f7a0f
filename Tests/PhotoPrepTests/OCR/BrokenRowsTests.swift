import Testing
@testable import PhotoPrep

/// Rows of one column that Tesseract's layout analysis cut in two at a river of word spaces are read
/// as one line each; two columns stay two columns.
@Suite struct BrokenRowsTests {
    /// A line of one word from `x0` to `x1` with its middle at `y`, 20 px tall, read at scale 1.
    static func line(_ x0: Double, _ x1: Double, y: Double, text: String = "word") -> FoundLine {
        let words = [TextWord(text: text, confidence: 90, rect: PixelRect(minX: x0, minY: y - 10, maxX: x1, maxY: y + 10),
                              inDictionary: true)]
        let l = TextLine(words: words, slope: 0)
        return FoundLine(line: l, rect: l.rect, textHeight: 20)
    }

    /// Rows 30 px apart from y = 100, each a whole line from 100 to 1000 px, or cut into two pieces where
    /// `cut` gives the gap's ends.
    static func column(rows: Int, cut: (Int) -> (Double, Double)?) -> [FoundLine] {
        (0..<rows).flatMap { r -> [FoundLine] in
            let y = 100 + 30 * Double(r)
            guard let (a, b) = cut(r) else { return [line(100, 1000, y: y, text: "row\(r)")] }
            return [line(100, a, y: y, text: "left\(r)"), line(b, 1000, y: y, text: "right\(r)")]
        }
    }

    @Test func aRiverThroughRowsOfOneColumnIsJoinedRowByRow() {
        // Rows 3–6 cut at about x = 520 (each a little apart), the rows above and below whole.
        let lines = Self.column(rows: 10) { r in (3...6).contains(r) ? (500 + 4 * Double(r), 515 + 4 * Double(r)) : nil }
        let joined = BrokenRows.joined(lines)
        #expect(joined.count == 10)
        for r in 3...6 {
            #expect(joined.contains { $0.line.text == "left\(r) right\(r)" }, "row \(r): \(joined.map(\.line.text))")
        }
    }

    @Test func rowsOfAPageStretchedBackFromAKeystoneAreComparedWhereTheyWereRead() {
        // The same river on a page read through a map: in the picture each piece's box is slanted and
        // lower the further right it lies (a row's pieces are not level there), on the page stretched
        // flat they are.
        let page = PixelRect(minX: 0, minY: 0, maxX: 1100, maxY: 500)
        let lines = Self.column(rows: 10) { r in (3...6).contains(r) ? (500, 515) : nil }.map { l in
            var l = l
            l.flat = l.rect
            l.panel = page
            l.rect = PixelRect(minX: l.rect.minX, minY: l.rect.minY + 0.1 * l.rect.minX,
                               maxX: l.rect.maxX, maxY: l.rect.maxY + 0.1 * l.rect.maxX)
            return l
        }
        let joined = BrokenRows.joined(lines)
        #expect(joined.count == 10)
        let row = joined.first { $0.line.text == "left4 right4" }
        #expect(row?.flat == PixelRect(minX: 100, minY: 210, maxX: 1000, maxY: 230))
        #expect(row?.panel == page)
    }

    @Test func twoColumnsUnderAFullWidthParagraphStayApart() {
        // A paragraph across the page, then two columns 30 px (1.5 text heights) apart down to the foot.
        let paragraph = Self.column(rows: 3) { _ in nil }
        let columns = (3..<20).flatMap { r -> [FoundLine] in
            let y = 100 + 30 * Double(r)
            return [Self.line(100, 535, y: y, text: "left\(r)"), Self.line(565, 1000, y: y, text: "right\(r)")]
        }
        #expect(BrokenRows.groups(paragraph + columns).isEmpty)
        // Nor a gutter ending on a paragraph under the columns and beginning at the page's top.
        let under = (20..<23).map { Self.line(100, 1000, y: 100 + 30 * Double($0)) }
        #expect(BrokenRows.groups(columns + under).isEmpty)
    }

    @Test func aRowCutAtAColumnsTopIsJoinedOnlyWhenTheCutRunsThroughARowOrTwo() {
        // The column's first row cut, the rows under it whole: a river (nothing of its size above).
        let top = Self.column(rows: 6) { r in r == 0 ? (600, 615) : nil }
        #expect(BrokenRows.groups(top).count == 1)
        // Its first five rows cut at one place and nothing above: two columns, for all the lines say.
        let five = Self.column(rows: 6) { r in r < 5 ? (600, 615) : nil }
        #expect(BrokenRows.groups(five).isEmpty)
    }

    @Test func aLineStandingAloneIsJoinedAtAWordSpaceAndAWordCutBetweenItsLettersGlued() {
        // A poster's line read as "council world north station tours t" and "rain there two": words 16 px
        // apart, the cut 5 px wide.
        func piece(_ words: [(String, Double, Double)]) -> FoundLine {
            let l = TextLine(words: words.map { TextWord(text: $0.0, confidence: 95,
                                                         rect: PixelRect(minX: $0.1, minY: 1210, maxX: $0.2, maxY: 1230),
                                                         inDictionary: true) }, slope: 0)
            return FoundLine(line: l, rect: l.rect, textHeight: 20)
        }
        let left = piece([("council", 116, 205), ("world", 221, 285), ("north", 301, 365), ("station", 381, 470),
                          ("tours", 487, 549), ("t", 566, 574)])
        let right = piece([("rain", 579, 628), ("there", 645, 707), ("two", 724, 761)])
        let joined = BrokenRows.joined([left, right])
        #expect(joined.map(\.line.text) == ["council world north station tours train there two"])
        // Cut at a word space (16 px), alone on the poster: one line, its words apart.
        var spaced = right
        spaced.line.words = right.line.words.map { var w = $0; w.rect = w.rect.moved(by: 11, 0); return w }
        spaced.rect = spaced.line.rect
        #expect(BrokenRows.joined([left, spaced]).map(\.line.text) == ["council world north station tours t rain there two"])
        // Two words a text height and a half apart, alone: two labels, not one line.
        spaced.line.words = right.line.words.map { var w = $0; w.rect = w.rect.moved(by: 30, 0); return w }
        spaced.rect = spaced.line.rect
        #expect(BrokenRows.groups([left, spaced]).isEmpty)
    }

    @Test func piecesOfOtherSizesOrRowsOrPanelsAreNotJoined() {
        var lines = Self.column(rows: 6) { r in r == 2 ? (500, 515) : nil }
        let right = lines.firstIndex { $0.line.text == "right2" }!
        // Taller text: a heading's word beside small print.
        var tall = lines
        tall[right].textHeight = 40
        #expect(BrokenRows.groups(tall).isEmpty)
        // On the next row down: half a line lower.
        var lower = lines
        lower[right].rect = lower[right].rect.moved(by: 0, 10)
        #expect(BrokenRows.groups(lower).isEmpty)
        // In another panel.
        lines[right].panel = PixelRect(minX: 510, minY: 0, maxX: 1100, maxY: 400)
        #expect(BrokenRows.groups(lines).isEmpty)
        // Lines read sideways, running down the picture side by side a line's pitch apart: their words
        // 400 px long, so the 10 px between them is less than a letter's gap along a line.
        let sideways = [100.0, 130.0].map { x -> FoundLine in
            let w = TextWord(text: "sideways", confidence: 90, rect: PixelRect(minX: x, minY: 100, maxX: x + 20, maxY: 500),
                             inDictionary: true)
            let l = TextLine(words: [w], slope: 0)
            return FoundLine(line: l, rect: l.rect, textHeight: 400)
        }
        #expect(BrokenRows.groups(sideways).isEmpty)
    }

    @Test func joinedWordsStandInThePicturesFrameAndAWordReadByBothPiecesOnce() {
        // The left piece read at scale 2 (its words' boxes twice the size), the right at scale 1; both
        // read the word at the cut, the right piece only its tail.
        let leftWords = [TextWord(text: "tablet", confidence: 90, rect: PixelRect(minX: 0, minY: 0, maxX: 100, maxY: 30),
                                  inDictionary: true),
                         TextWord(text: "steady", confidence: 80, rect: PixelRect(minX: 120, minY: 0, maxX: 240, maxY: 30),
                                  inDictionary: true)]
        let left = FoundLine(line: TextLine(words: leftWords, slope: 0),
                             rect: PixelRect(minX: 100, minY: 100, maxX: 220, maxY: 115), textHeight: 15)
        let rightWords = [TextWord(text: "eady", confidence: 60, rect: PixelRect(minX: 205, minY: 100, maxX: 220, maxY: 115),
                                   inDictionary: false),
                          TextWord(text: "bottle", confidence: 95, rect: PixelRect(minX: 226, minY: 100, maxX: 260, maxY: 115),
                                   inDictionary: true)]
        let right = FoundLine(line: TextLine(words: rightWords, slope: 0), rect: PixelRect(minX: 205, minY: 100, maxX: 260, maxY: 115),
                              textHeight: 15)
        let row = BrokenRows.joined(row: [left, right])
        #expect(row.line.text == "tablet steady bottle")
        #expect(row.rect == PixelRect(minX: 100, minY: 100, maxX: 260, maxY: 115))
        #expect(row.line.words.map(\.rect.minX) == [100, 160, 226])
    }

    @Test func aPageWhoseRowsLayoutAnalysisCutsIsReadRowByRow() throws {
        // Two lines of running text, eight whose first three words end at one place and the rest begin
        // at another (a river straight down), then two more of running text.
        let rows = [
            "remain repair reason secret carry attack policy fairly secret",
            "climate amount valley ahead kitchen fairly lovely damage smooth",
            "rescue fairly middle|launch engine argue alone lovely",
            "amount silver campus|remain remain luxury campus campus",
            "middle middle launch|launch amount amount stream follow",
            "rubber damage formal|planet launch alone rubber lovely",
            "decade attack ahead|engine amount ribbon repair silver",
            "tennis decade itself|handle middle itself formal tennis",
            "silver decade reason|decade kitchen follow alone kitchen",
            "kitchen alone climate|repair attack reason golden attack",
            "attend engine ahead lovely handle middle luxury living alone",
            "remain rubber valley fairly policy reason office reason carry",
        ]
        var args = ["-size", "1400x548", "xc:#e8e8e8", "-font", "DejaVu-Sans", "-pointsize", "22", "-fill", "#303030"]
        for (i, row) in rows.enumerated() {
            let y = 58 + 34 * i
            let parts = row.split(separator: "|").map(String.init)
            if parts.count == 2 {
                args += ["-gravity", "NorthEast", "-annotate", "+930+\(y)", parts[0],
                         "-gravity", "NorthWest", "-annotate", "+482+\(y)", parts[1]]
            } else {
                args += ["-gravity", "NorthWest", "-annotate", "+100+\(y)", row]
            }
        }
        let image = try OCRFixtures.magick(args + ["-colorspace", "gray", "pgm:-"])
        let truth = rows.map { $0.replacingOccurrences(of: "|", with: " ") }
        // Tesseract's defaults take the river for a column edge: the cut rows come out in pieces.
        let cli = try OCRFixtures.tesseractCLILines(image)
        #expect(cli.count > truth.count + 4, "\(cli)")
        let read = try TesseractEngine(languages: "eng").recognize(image).lines.map(\.text)
        #expect(OCRFixtures.linesReadInOrder(read, truth) == truth.count, "\(read)")
        #expect(read.count == truth.count, "\(read)")
    }
}
