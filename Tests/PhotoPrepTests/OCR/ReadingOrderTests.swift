import Foundation
import Testing
@testable import PhotoPrep

@Suite struct ReadingOrderTests {
    /// A line of `width` at (x, y), 30 px of text.
    static func line(_ x: Double, _ y: Double, _ width: Double, height: Double = 30, slope: Double = 0) -> ReadingOrder.Item {
        ReadingOrder.Item(rect: PixelRect(minX: x, minY: y, maxX: x + width, maxY: y + height),
                          textHeight: height, slope: slope)
    }

    @Test func signPanelsAreReadPanelByPanelRowByRow() {
        // Four panels in two rows; each panel has two lines. Listed in a scrambled order.
        var items: [ReadingOrder.Item] = []
        var expected: [Int] = []
        let panels = [(100.0, 100.0), (900.0, 130.0), (100.0, 700.0), (900.0, 690.0)]
        for (px, py) in panels {
            expected += [items.count, items.count + 1]
            items.append(Self.line(px, py, 400))
            items.append(Self.line(px + 50, py + 45, 300))
        }
        let shuffled = [5, 2, 7, 0, 3, 6, 1, 4]
        let order = ReadingOrder.order(shuffled.map { items[$0] }).map { shuffled[$0] }
        #expect(order == expected)
    }

    @Test func twoPanelsSideBySideAreReadOneAfterTheOther() {
        // Left panel: 3 lines; right panel: 2 lines at different heights, interleaving in y.
        let items = [Self.line(100, 100, 500), Self.line(100, 145, 500), Self.line(100, 190, 400),
                     Self.line(800, 125, 500), Self.line(800, 170, 450)]
        #expect(ReadingOrder.order(items) == [0, 1, 2, 3, 4])
    }

    @Test(arguments: [0.0, 0.035, -0.035])
    func pageColumnsAreReadAfterTheTitleOneAfterTheOther(slope: Double) {
        // A title spanning both columns, then 20 lines per column; optionally tilted by about 2 degrees.
        var items = [Self.line(100, 80, 1200, height: 60)]
        for c in 0..<2 {
            for i in 0..<20 {
                items.append(Self.line(100 + Double(c) * 680, 220 + Double(i) * 42, 600))
            }
        }
        // Tilt every box about the page centre, as a slightly turned camera does.
        let angle = atan(slope)
        let tilted = items.map { item -> ReadingOrder.Item in
            let cx = item.rect.midX - 700, cy = item.rect.midY - 600
            let x = cx * cos(angle) - cy * sin(angle) + 700, y = cx * sin(angle) + cy * cos(angle) + 600
            let w = item.rect.width, h = item.rect.height + abs(item.rect.width * slope)
            return ReadingOrder.Item(rect: PixelRect(minX: x - w / 2, minY: y - h / 2, maxX: x + w / 2, maxY: y + h / 2),
                                     textHeight: item.textHeight, slope: slope)
        }
        #expect(ReadingOrder.order(tilted) == Array(0..<41))
    }

    @Test func smallPrintFromTwoReadingsIsReadColumnByColumnTopToBottom() {
        // Two columns of 5 px print, 18 px apart: most lines read at full size (boxes 30 px tall), every
        // fourth only in the enlarged reading (boxes 12 px, text 6 px), which do not stack with them by
        // height; they still belong in their column, in their place.
        var items: [ReadingOrder.Item] = []
        for c in 0..<2 {
            for i in 0..<24 {
                let y = 200 + Double(i) * 18, x = 100 + Double(c) * 690
                items.append(i % 4 == 2
                    ? ReadingOrder.Item(rect: PixelRect(minX: x + 4, minY: y + 3, maxX: x + 580, maxY: y + 15),
                                        textHeight: 6, slope: 0)
                    : ReadingOrder.Item(rect: PixelRect(minX: x, minY: y - 6, maxX: x + 600, maxY: y + 24),
                                        textHeight: 30, slope: 0))
            }
        }
        let shuffled = Array(items.indices.reversed())
        #expect(ReadingOrder.order(shuffled.map { items[$0] }).map { shuffled[$0] } == Array(items.indices))
    }

    @Test func runsOfTwoReadingsTakingTurnsDownAColumnAreOneColumn() throws {
        // A page photographed from one side, its lines where they were read on it stretched flat
        // (`Fixtures/ocr/stretched-page-lines.txt`): lines read at its own size measure 29 px, enlarged
        // 11 px, and each column falls into runs of either height, blocks overlapping the next, none within
        // another's bounds. Taken for blocks of their own, a line was read four lines late.
        let items = try OCRFixtures.committedLines("stretched-page-lines.txt").map { line in
            let v = line.split(separator: " ").map { Double($0)! }
            return ReadingOrder.Item(rect: PixelRect(minX: v[0], minY: v[1], maxX: v[0] + v[2], maxY: v[1] + v[3]),
                                     textHeight: v[4], slope: 0)
        }
        try #require(items.count == 191)
        let order = ReadingOrder.order(items)
        // The title, then the left column top to bottom, then the right one.
        #expect(items[order[0]].textHeight > 40)
        let column = order.dropFirst().map { items[$0].rect.minX > 600 ? 1 : 0 }
        #expect(column == column.sorted())
        // Within a column, no line before one above it.
        let backwards = zip(order.dropFirst(), order.dropFirst(2)).filter { a, b in
            (items[a].rect.minX > 600) == (items[b].rect.minX > 600) && items[b].rect.midY < items[a].rect.midY - 5
        }
        #expect(backwards.isEmpty, "\(backwards.map { (items[$0.0].rect, items[$0.1].rect) })")
    }

    @Test func aPostersLeftAlignedLineAmongCentredOnesIsReadInItsPlace() {
        // Centred lines down a poster and one line set flush left halfway down: a line beside the
        // middle of a tall part is no column of its own.
        var items: [ReadingOrder.Item] = []
        for i in 0..<7 {
            // The gap beside the flush-left line (300 px) is wider than twice the gaps between lines.
            let width = [600.0, 400, 500, 300, 0, 350, 500][i]
            items.append(i == 4 ? Self.line(100, 100 + Double(i) * 160, 300)
                                : Self.line(1000 - width / 2, 100 + Double(i) * 160, width))
        }
        let shuffled = [3, 6, 0, 4, 2, 5, 1]
        #expect(ReadingOrder.order(shuffled.map { items[$0] }).map { shuffled[$0] } == Array(0..<7))
    }

    @Test func centredAndFlushLeftLinesTakingTurnsDownAPosterAreReadTopToBottom() {
        // A held-out dark poster (seed 6060) as read: a title, centred lines and flush-left ones by turns,
        // no line beside another. Its centred lines stand right of its flush-left ones, and the two
        // parts' heights overlap, but they are no columns: it reads top to bottom.
        let items = [Self.line(117, 91, 551, height: 120),   // Pharmacy
                     Self.line(776, 306, 517, height: 68),   // Closed for repairs
                     Self.line(898, 603, 259, height: 37),   // Please queue here
                     Self.line(102, 726, 211, height: 40),   // Mind the gap
                     Self.line(98, 880, 109, height: 30),    // Toilets
                     Self.line(95, 1027, 265, height: 33),   // Next train 10:35
                     Self.line(840, 1188, 346, height: 28),  // Chapter tablet surely award visual
                     Self.line(86, 1312, 382, height: 25)]   // Soccer pocket assume saving united silver
        #expect(ReadingOrder.order(items) == Array(0..<8))
        // Two lines level with each other, one each side, make the parts columns again.
        let columns = items + [Self.line(900, 1312, 300, height: 25)]
        #expect(ReadingOrder.order(columns) == [0, 1, 3, 4, 5, 7, 2, 6, 8], "\(ReadingOrder.order(columns))")
    }

    @Test func aLineFarBesideAColumnIsReadAfterIt() {
        // A café's menu lettered on a brick wall and its opening hours on the wall beside it (the fifth of
        // the menu walls `render_menu_walls.py` renders, as read): the hours stand level with the middle of
        // the menu, but 1,170 px away, two thirds of the width of both. A line beside the middle of a
        // poster's column stands a few letters' widths from it (the tests above).
        let items = [Self.line(22, 127, 175, height: 34), Self.line(21, 195, 175, height: 27),
                     Self.line(20, 262, 349, height: 34), Self.line(21, 331, 246, height: 27),
                     Self.line(20, 398, 166, height: 28), Self.line(20, 467, 191, height: 26),
                     Self.line(13, 536, 145, height: 27), Self.line(21, 603, 317, height: 27),
                     Self.line(1538, 440, 203, height: 50)]
        #expect(ReadingOrder.order(items) == Array(0..<9), "\(ReadingOrder.order(items))")
    }

    @Test func aTitleOverTwoColumnsOfBlurredLinesIsReadBeforeThemNotAcrossThem() {
        // The top of a held-out page (seed 9192's pages-04) blurred by ImageMagick's `-motion-blur 0x5+20`, as
        // read: its word boxes measure the lines of one column 24–42 px, and the 47 px title stacks onto the
        // right column's 42 px first line; the block's bounds then hold the left column's first line too.
        // Read as one block, the page went row by row across its gutter.
        func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, text: Double? = nil) -> ReadingOrder.Item {
            ReadingOrder.Item(rect: PixelRect(minX: x, minY: y, maxX: x + w, maxY: y + h), textHeight: text ?? h, slope: 0)
        }
        let items = [box(120, 136, 879, 61, text: 47),
                     box(120, 257, 548, 30, text: 24), box(116, 292, 579, 39), box(121, 336, 560, 32, text: 25),
                     box(123, 376, 558, 28, text: 25), box(118, 412, 540, 41), box(123, 457, 535, 27),
                     box(118, 492, 588, 41), box(119, 532, 532, 38),
                     box(784, 241, 578, 42), box(790, 285, 525, 33), box(790, 326, 558, 31), box(785, 362, 564, 38),
                     box(791, 408, 561, 25), box(790, 443, 541, 38), box(793, 486, 538, 28), box(794, 527, 534, 32)]
        #expect(ReadingOrder.order(items) == Array(items.indices), "\(ReadingOrder.order(items))")
    }

    @Test func linesOfOnePanelStayTogetherWhateverTheirSizes() {
        // Two panels side by side, each with a big name over a small translation (heights too different
        // to be grouped as one block by their shapes alone), and a loose line under both.
        func inPanel(_ item: ReadingOrder.Item, _ panel: Int) -> ReadingOrder.Item {
            var i = item
            i.panel = PixelRect(minX: 60 + 1000 * Double(panel), minY: 200, maxX: 960 + 1000 * Double(panel), maxY: 600)
            return i
        }
        let items = [inPanel(Self.line(100, 300, 200, height: 80), 0), inPanel(Self.line(100, 420, 300, height: 36), 0),
                     inPanel(Self.line(1100, 320, 250, height: 80), 1), inPanel(Self.line(1100, 440, 260, height: 36), 1),
                     Self.line(600, 900, 600)]
        let order = [3, 4, 0, 2, 1]
        #expect(ReadingOrder.order(order.map { items[$0] }).map { order[$0] } == [0, 1, 2, 3, 4])
    }

    @Test func aGridOfPanelsWithCentredLinesIsReadRowByRow() {
        // Three rows of two panels (900×300, 40 px apart); each panel's two short lines are centred,
        // so its lines leave a gap of 500 px between the columns and of 200 px between the rows.
        var items: [ReadingOrder.Item] = []
        for row in 0..<3 {
            for col in 0..<2 {
                let px = 60 + Double(col) * 940, py = 60 + Double(row) * 340
                let panel = PixelRect(minX: px, minY: py, maxX: px + 900, maxY: py + 300)
                for k in 0..<2 {
                    var item = Self.line(px + 300, py + 90 + Double(k) * 70, 300, height: 40)
                    item.panel = panel
                    items.append(item)
                }
            }
        }
        let shuffled = [7, 2, 11, 0, 5, 9, 1, 4, 10, 3, 8, 6]
        #expect(ReadingOrder.order(shuffled.map { items[$0] }).map { shuffled[$0] } == Array(0..<12))
    }

    @Test func aPosterIsReadTopToBottomWithItsSmallPrintInACornerLast() {
        // A held-out eval poster as read: seven centred lines, then two small lines at the bottom left.
        // The gap beside the small print (293 px) is wider than any between rows (114 px), but nothing
        // stands beside the small print: no columns.
        let boxes: [(Double, Double, Double, Double)] = [
            (805, 131, 1229, 234), (887, 348, 1158, 410), (913, 487, 1133, 524), (912, 631, 1137, 671),
            (926, 778, 1121, 818), (958, 923, 1093, 954), (814, 1069, 1238, 1109), (104, 1215, 512, 1239),
            (151, 1364, 459, 1380),
        ]
        let items = boxes.map { b in
            ReadingOrder.Item(rect: PixelRect(minX: b.0, minY: b.1, maxX: b.2, maxY: b.3),
                              textHeight: b.3 - b.1, slope: 0)
        }
        let shuffled = [8, 3, 0, 7, 5, 1, 6, 2, 4]
        #expect(ReadingOrder.order(shuffled.map { items[$0] }).map { shuffled[$0] } == Array(0..<9))
    }

    @Test func aSingleLineAndNoLinesNeedNoOrdering() {
        #expect(ReadingOrder.order([]) == [])
        #expect(ReadingOrder.order([Self.line(0, 0, 100)]) == [0])
    }

    /// The lines of a held-out harness page photographed from one side, as read on it stretched flat
    /// (`Fixtures/ocr/keystoned-page-lines.txt`): a title, then two columns of small print. In the photo its
    /// top lines slant by 6°, its middle ones lie level.
    static func keystonedPage() throws -> [ReadingOrder.Item] {
        let panel = PixelRect(minX: 6, minY: 24, maxX: 1440, maxY: 1974)
        return try OCRFixtures.committedLines("keystoned-page-lines.txt").map { line in
            let v = line.split(separator: " ").map { Double($0)! }
            return ReadingOrder.Item(rect: PixelRect(minX: v[0], minY: v[1], maxX: v[0] + v[2], maxY: v[1] + v[3]),
                                     textHeight: v[4], slope: v[5], panel: panel,
                                     flat: PixelRect(minX: v[6], minY: v[7], maxX: v[6] + v[8], maxY: v[7] + v[9]))
        }
    }

    /// Sign panels two by two photographed from one side (a held-out Korean sign wall): 36 px between the
    /// rows, 96 between the columns. Read row by row, as a person reads a wall of panels; before, column by
    /// column.
    @Test func panelsInRowsCloserThanTheirColumnsAreReadRowByRow() {
        let panels = [PixelRect(minX: 84, minY: 60, maxX: 786, maxY: 660),
                      PixelRect(minX: 882, minY: 144, maxX: 1494, maxY: 696),
                      PixelRect(minX: 72, minY: 732, maxX: 774, maxY: 1290),
                      PixelRect(minX: 870, minY: 768, maxX: 1482, maxY: 1284)]
        var items: [ReadingOrder.Item] = []
        for panel in panels {
            for k in 0..<2 {
                var item = Self.line(panel.minX + 40, panel.minY + 120 + Double(k) * 160, 400, height: 70)
                item.panel = panel
                items.append(item)
            }
        }
        let shuffled = [5, 2, 7, 0, 3, 6, 1, 4]
        #expect(ReadingOrder.order(shuffled.map { items[$0] }).map { shuffled[$0] } == Array(0..<8))
    }

    /// A panel read stretched flat, as a held-out Korean sign stood (seed 5151, from one side): 흡연실 over
    /// "Smoking Room", twice. The two big Hangul lines stacked into one block across the English line between
    /// them, which was then read first.
    @Test func linesOfOneSizeDoNotStackAcrossALineBetweenThem() {
        let panel = PixelRect(minX: 750, minY: 60, maxX: 1296, maxY: 690)
        func item(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> ReadingOrder.Item {
            var i = Self.line(x, y, w, height: h)
            i.panel = panel
            return i
        }
        let items = [item(876, 98, 278, 160), item(778, 261, 484, 75), item(872, 379, 294, 163),
                     item(769, 545, 504, 75)]
        let shuffled = [3, 1, 2, 0]
        #expect(ReadingOrder.order(shuffled.map { items[$0] }).map { shuffled[$0] } == [0, 1, 2, 3])
    }

    /// A wall of panels two by two photographed from one side and turned upright (seed 5151's held-out
    /// rotated-04): its rows' bounds overlap by 6 px of 606–696, no gap parts them, and it was read column by
    /// column. Rows of panels overlapping by a tenth of a panel's height still part.
    @Test func rowsOfPanelsOverlappingSlightlyAreStillRows() {
        func panel(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ lines: [(Double, Double, Double, Double)])
            -> [ReadingOrder.Item]
        {
            lines.map { l in
                var i = Self.line(l.0, l.1, l.2, height: l.3)
                i.panel = PixelRect(minX: x, minY: y, maxX: x + w, maxY: y + h)
                return i
            }
        }
        let items = panel(36, 132, 864, 642, [(57, 232, 560, 90), (60, 407, 687, 80), (67, 588, 474, 60)])
            + panel(948, 36, 1020, 696, [(980, 328, 733, 90)])
            + panel(60, 810, 870, 606, [(127, 918, 708, 65), (301, 1072, 359, 60), (130, 1248, 739, 50)])
            + panel(978, 768, 1020, 654, [(1005, 950, 770, 70), (1021, 1173, 463, 65)])
        let shuffled = [8, 3, 5, 0, 7, 2, 6, 1, 4]
        #expect(ReadingOrder.order(shuffled.map { items[$0] }).map { shuffled[$0] } == Array(0..<9))
        // Panels side by side whose tops are staggered are no rows.
        let staggered = panel(36, 132, 864, 642, [(57, 232, 560, 90)])
            + panel(948, 36, 1020, 696, [(980, 328, 733, 90)])
        #expect(ReadingOrder.order(staggered) == [0, 1])
    }

    /// A line read again alone on a stretched page (a doubtful one), or spotted, has no place where the page was
    /// read flat: it is placed there as the nearest line read flat lies, and the page is still ordered where it
    /// was read. Two such lines on a held-out page made the whole page be ordered in the photo's frame.
    @Test func linesWithNoPlaceInTheStretchAreOrderedWithTheirColumn() throws {
        var items = try Self.keystonedPage()
        try #require(items.count == 169)
        let expected = ReadingOrder.order(items)
        // Two lines of the left column, halfway down, read again.
        let flat = items.indices.map { items[$0].flat! }
        let left = items.indices.filter { flat[$0].minX < 600 }.sorted { flat[$0].minY < flat[$1].minY }
        for k in [left[left.count / 3], left[left.count / 2]] { items[k].flat = nil }
        #expect(ReadingOrder.order(items) == expected)
    }

    @Test func aPageStretchedFlatIsReadColumnByColumnWhereItWasRead() throws {
        // Ordered by their boxes in the photo, which no one skew unslants, the two columns were read in
        // alternating runs of lines (the page's CER 63%, every line read).
        let items = try Self.keystonedPage()
        try #require(items.count == 169)
        let flat = items.indices.map { items[$0].flat! }
        let title = items.indices.max { flat[$0].height < flat[$1].height }!
        // Column by column, row by row, a row's pieces left to right.
        let columns = items.indices.filter { $0 != title }.sorted {
            (flat[$0].minX > 600 ? 1 : 0, flat[$0].minY, flat[$0].minX)
                < (flat[$1].minX > 600 ? 1 : 0, flat[$1].minY, flat[$1].minX)
        }
        #expect(ReadingOrder.order(items) == [title] + columns)
    }
}

@Suite struct LineSplitterTests {
    static func word(_ text: String, _ x: Double, _ width: Double) -> TextWord {
        TextWord(text: text, confidence: 90, rect: PixelRect(minX: x, minY: 100, maxX: x + width, maxY: 130),
                 inDictionary: true)
    }

    @Test func aLineIsCutWhereTwoPanelsMeet() {
        let line = TextLine(words: [Self.word("Exit", 100, 80), Self.word("3", 195, 20),
                                    Self.word("Toilets", 400, 140)], slope: 0)
        #expect(LineSplitter.split(line).map(\.text) == ["Exit 3", "Toilets"])
    }

    @Test func aWordReadTwiceIntoOneLineIsKeptOnce() {
        // Tesseract's line for a light-on-dark title bar: each word twice, one under the other.
        var low = Self.word("Departures", 102, 190)
        low.rect.minY += 40; low.rect.maxY += 40; low.confidence = 70
        var lowStation = Self.word("Station", 461, 120)
        lowStation.rect.minY += 40; lowStation.rect.maxY += 40; lowStation.confidence = 95
        let line = TextLine(words: [Self.word("Departures", 100, 192), low, Self.word("Seoul", 330, 100),
                                    Self.word("Station", 460, 122), lowStation], slope: 0)
        let split = LineSplitter.split(line)
        #expect(split.map(\.text) == ["Departures Seoul Station"])
        #expect(split.first?.words.last?.confidence == 95, "the more confident reading is kept")
    }

    @Test func aSidewaysLineKeepsTheSameWordReadTwiceInTurnAndIsCutAtItsGaps() {
        // A line of a page turned a quarter, as Tesseract reports it: words one under another.
        func down(_ text: String, _ y: Double, _ length: Double) -> TextWord {
            TextWord(text: text, confidence: 90, rect: PixelRect(minX: 300, minY: y, maxX: 330, maxY: y + length),
                     inDictionary: true)
        }
        let line = TextLine(words: [down("The", 100, 60), down("dog", 175, 60), down("saw", 250, 65),
                                    down("the", 330, 55), down("fox.", 400, 70),
                                    down("Exit", 700, 80)], slope: 0)
        #expect(LineSplitter.split(line).map(\.text) == ["The dog saw the fox.", "Exit"])
    }

    @Test func wideSpacesOfMonospacedPrintKeepALineWholeAndAPanelGapStillCuts() {
        // Small monospaced print: words 8 px tall, 7 px characters; one-character spaces, and two (14 px,
        // more than 1.5 text heights) where a comma was dropped.
        func mono(_ text: String, _ column: Int) -> TextWord {
            TextWord(text: text, confidence: 90, rect: PixelRect(minX: Double(100 + 7 * column), minY: 100,
                                                                 maxX: Double(100 + 7 * (column + text.count)), maxY: 108),
                     inDictionary: true)
        }
        let line = TextLine(words: [mono("address", 0), mono("east", 8), mono("are", 14), mono("there", 18),
                                    mono("exhibition", 24), mono("will", 35)], slope: 0)
        #expect(LineSplitter.split(line).map(\.text) == ["address east are there exhibition will"])
        // The same print on two panels 70 px apart is two lines.
        let twoPanels = TextLine(words: line.words + [mono("Exit", 50), mono("only", 55)], slope: 0)
        #expect(LineSplitter.split(twoPanels).map(\.text) == ["address east are there exhibition will", "Exit only"])
    }

    @Test func wordsOfTwoPanelsWithAPanelsEdgeReadBetweenThemAreCut() {
        // Two panels' words on one baseline and the first panel's edge read as "|" between them: two
        // gaps of over ten text heights, and no ordinary space to measure them by.
        let line = TextLine(words: [Self.word("Tickets", 100, 160), Self.word("|", 600, 6),
                                    Self.word("Waiting", 1000, 170)], slope: 0)
        #expect(LineSplitter.split(line).map(\.text) == ["Tickets", "|", "Waiting"])
    }

    @Test func aPanelsEdgeReadAsAMarkBridgesNoGapButADashStillJoins() {
        // Two panels' words under dim light, the edge between them read as "|”": a mark as wide as a
        // letter but twice the line's height, filling the gap of 2.3 heights between the panels' words
        // so that neither gap beside it is wider than a word space.
        var edge = Self.word("|”", 285, 25)
        edge.rect.minY = 85; edge.rect.maxY = 145
        let line = TextLine(words: [Self.word("Smoking", 50, 130), Self.word("Room", 190, 80), edge,
                                    Self.word("International", 340, 190)], slope: 0)
        #expect(LineSplitter.split(line).map(\.text) == ["Smoking Room |”", "International"])
        // A dash between numbers stands no taller than they do: the line stays whole.
        let hours = TextLine(words: [Self.word("9:00", 100, 70), Self.word("-", 180, 12),
                                     Self.word("18:00", 202, 85)], slope: 0)
        #expect(LineSplitter.split(hours).map(\.text) == ["9:00 - 18:00"])
    }

    @Test func ordinaryWordSpacesKeepALineWhole() {
        let line = TextLine(words: [Self.word("Mind", 100, 90), Self.word("the", 205, 60),
                                    Self.word("gap", 280, 60)], slope: 0)
        #expect(LineSplitter.split(line).map(\.text) == ["Mind the gap"])
    }
}

@Suite struct LineFilterTests {
    static func line(_ words: [(String, Double, Bool)]) -> TextLine {
        TextLine(words: words.enumerated().map { i, w in
            TextWord(text: w.0, confidence: w.1,
                     rect: PixelRect(minX: Double(i) * 100, minY: 0, maxX: Double(i) * 100 + 80, maxY: 30),
                     inDictionary: w.2)
        }, slope: 0)
    }

    @Test func textureFragmentsAreDropped() {
        #expect(LineFilter.clean(Self.line([("|", 40, false)])) == nil)
        #expect(LineFilter.clean(Self.line([("~—", 30, false), ("=", 20, false)])) == nil)
        #expect(LineFilter.clean(Self.line([("ee", 45, false), ("sii", 40, false)])) == nil)
        #expect(LineFilter.clean(Self.line([("i", 60, false)])) == nil)
        // The courses of a brick wall read as one letter over and over, however sure Tesseract is.
        #expect(LineFilter.clean(Self.line([("HHHHH", 89, false), ("Pe", 25, false)])) == nil)
        #expect(LineFilter.clean(Self.line([("eee", 75, false)])) == nil)
        // Numbers of one digit repeated are real: a room 111, a price 000.
        #expect(LineFilter.clean(Self.line([("Room", 90, true), ("111", 88, false)]))?.text == "Room 111")
        // A honeycomb pattern read unsure as two letters mixed, though Tesseract calls them words.
        #expect(LineFilter.clean(Self.line([("REE", 39, true), ("EEE", 40, false), ("EEO", 38, true)])) == nil)
        #expect(LineFilter.clean(Self.line([("nen", 35, true)])) == nil)
        // Real words of two letters, read as text is, stay.
        #expect(LineFilter.clean(Self.line([("See", 88, true), ("all", 91, true), ("floors", 90, true)]))?.text
            == "See all floors")
    }

    @Test func realLinesAreKeptAndTheirEdgeNoiseTrimmed() {
        #expect(LineFilter.clean(Self.line([("Platform", 92, true), ("3", 90, false)]))?.text == "Platform 3")
        #expect(LineFilter.clean(Self.line([("|", 30, false), ("Exit", 88, true), ("4", 85, false), ("]", 25, false)]))?.text
            == "Exit 4")
        // An unsure reading is kept when it holds a real word or a number.
        #expect(LineFilter.clean(Self.line([("Opening", 62, true), ("hours", 55, true)]))?.text == "Opening hours")
        #expect(LineFilter.clean(Self.line([("1250", 58, false), ("won", 50, false)]))?.text == "1250 won")
    }

    /// Tesseract gives the first or last word of a line of small print 0–20% however well it reads it: in
    /// a line of running text such a word stays; on a sign's short line, or when it stands taller than
    /// the line's letters or is no word's shape, it goes.
    @Test func aLineOfRunningTextKeepsItsUnsureEndWords() {
        let running = Self.line([("council", 0, true), ("train", 91, true), ("thank", 88, true), ("state", 93, true),
                                 ("have", 90, true), ("guided", 8, true)])
        #expect(LineFilter.clean(running)?.text == "council train thank state have guided")
        // A short line, a sign's: its unsure first word goes.
        #expect(LineFilter.clean(Self.line([("Penis", 0, false), ("Exit", 90, true), ("4", 88, false)]))?.text == "Exit 4")
        // Noise by its shape, or twice the line's height (a panel's edge beside the text): it goes.
        #expect(LineFilter.clean(Self.line([("eee", 5, false), ("train", 91, true), ("thank", 88, true),
                                            ("state", 93, true), ("have", 90, true)]))?.text == "train thank state have")
        var tall = running
        tall.words[0].rect.maxY = 60
        #expect(LineFilter.clean(tall)?.text == "train thank state have guided")
        // A word of x-height letters stands lower than the line's middle word: a poster's "Smooth" read "iooth"
        // (0%), 10 px tall where the line's words stood 11–19 px, stays; a speck a third as tall goes.
        var low = running
        low.words[0].rect.minY = 12
        #expect(LineFilter.clean(low)?.text == "council train thank state have guided")
        low.words[0].rect.minY = 20
        #expect(LineFilter.clean(low)?.text == "train thank state have guided")
        // The line is judged on its own words: unsure end words do not carry a line that is not text.
        #expect(LineFilter.clean(Self.line([("wee", 10, false), ("EOE", 30, false), ("nen", 20, false), ("sii", 30, false),
                                            ("Ree", 25, false), ("ooo", 5, false)])) == nil)
    }

    /// Tesseract can give the last word of a big line next to nothing however well it reads it: a poster's
    /// "Waiting room", 128 px tall, read "Waiting" 96% and "room" 9%. Beside a sure dictionary word and
    /// within its height, a dictionary word after it stays; a non-word, a word after an unsure one, a
    /// mark, or a word standing below the line goes.
    @Test func aShortLineKeepsADictionaryWordBesideASureOne() {
        var waiting = Self.line([("Waiting", 96, true), ("room", 9, true)])
        waiting.words[1].rect.minY = 12  // "room" has no ascender nor descender: x-height only
        #expect(LineFilter.clean(waiting)?.text == "Waiting room")
        // Not before a line's first word: a row cut out of a street photo read "Dental Clinic" cut at its
        // edge as "ental" (11%, a dictionary word to Tesseract) and "Clinic" (91%).
        #expect(LineFilter.clean(Self.line([("ental", 11, true), ("Clinic", 91, true)]))?.text == "Clinic")
        #expect(LineFilter.clean(Self.line([("Waiting", 96, true), ("rcom", 9, false)]))?.text == "Waiting")
        #expect(LineFilter.clean(Self.line([("Waiting", 80, true), ("room", 9, true)]))?.text == "Waiting")
        #expect(LineFilter.clean(Self.line([("Waiting", 96, true), ("eee", 9, true)]))?.text == "Waiting")
        var below = Self.line([("Waiting", 96, true), ("room", 9, true)])
        below.words[1].rect.minY = 20; below.words[1].rect.maxY = 50
        #expect(LineFilter.clean(below)?.text == "Waiting")
        // A line read down the picture (a turned poster's, read sideways): its words stand one under another,
        // side by side across it. "Hospital" at 0% right under "University" (96%) stays; beside it, it goes.
        func down(_ words: [(String, Double, Double)]) -> TextLine {
            var y = 0.0
            return TextLine(words: words.map { w in
                defer { y += w.2 + 20 }
                return TextWord(text: w.0, confidence: w.1,
                                rect: PixelRect(minX: 435, minY: y, maxX: 478, maxY: y + w.2), inDictionary: true)
            }, slope: 0)
        }
        let turned = down([("Buses", 95, 122), ("to", 96, 41), ("University", 96, 205), ("Hospital", 0, 164)])
        #expect(LineFilter.clean(turned)?.text == "Buses to University Hospital")
        var aside = turned
        aside.words[3].rect.minX = 500; aside.words[3].rect.maxX = 543
        #expect(LineFilter.clean(aside)?.text == "Buses to University")
    }

    @Test func anUnsureKoreanWordIsReadAgainAloneButNotATexturesSyllables() {
        // 금연 read at 45% within a sign's panel (97% alone) is dropped by the rule for unsure lines, which
        // wants words of three or four letters; it deserves a second look. So does 주차장 at 28%.
        let unsure = Self.line([("금연", 45, false)])
        #expect(LineFilter.clean(unsure) == nil)
        #expect(LineFilter.deservesSecondLook(unsure))
        #expect(LineFilter.deservesSecondLook(Self.line([("주차장", 28, false)])))
        // A texture read as Korean: one syllable over and over, or one syllable among Latin junk.
        #expect(!LineFilter.deservesSecondLook(Self.line([("이이", 30, false), ("이이", 25, false)])))
        #expect(!LineFilter.deservesSecondLook(Self.line([("가", 24, false), ("Pipes", 16, false), ("SSE", 13, false)])))
        // Latin lines are not: a short unsure Latin word is a texture's as often as a sign's.
        #expect(!LineFilter.deservesSecondLook(Self.line([("No", 45, false)])))
    }

    /// A short line that lost a letter-sized mark at an end is read again alone: a sign's 탑승구 read "-: 승구"
    /// in its panel, "-:" at 54% as tall and wide as 승 beside it, and 탑승구 at 93% alone. Not for a bar at a
    /// panel's edge, a speck, a mark far off, nor a line that lost nothing.
    @Test func aShortLineThatLostALetterAtAnEndIsReadAgain() throws {
        func word(_ t: String, _ c: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> TextWord {
            TextWord(text: t, confidence: c, rect: PixelRect(minX: x0, minY: y0, maxX: x1, maxY: y1),
                     inDictionary: false)
        }
        func losesALetter(_ first: TextWord) throws -> Bool {
            let read = TextLine(words: [first, word("승", 86, 437, 113, 512, 217), word("구", 92, 535, 114, 610, 213)],
                                slope: 0)
            let clean = try #require(LineFilter.clean(read))
            #expect(clean.text == "승구")
            return LineFilter.lostLetterAtEnd(read, cleaned: clean)
        }
        #expect(try losesALetter(word("-:", 54, 321, 116, 413, 218)))
        #expect(try !losesALetter(word("|", 30, 395, 110, 410, 220)))
        #expect(try !losesALetter(word("-", 30, 380, 190, 410, 200)))
        #expect(try !losesALetter(word("-:", 54, 100, 116, 192, 218)))
        let whole = TextLine(words: [word("승", 86, 437, 113, 512, 217), word("구", 92, 535, 114, 610, 213)], slope: 0)
        #expect(!LineFilter.lostLetterAtEnd(whole, cleaned: try #require(LineFilter.clean(whole))))
    }
}

@Suite struct PassGeometryTests {
    @Test(arguments: [0, 1, 2, 3])
    func fromCopyUndoesToCopy(turns: Int) {
        let g = PassGeometry(quarterTurns: turns, scale: 1, width: 640, height: 480)
        let r = PixelRect(minX: 13, minY: 27, maxX: 101, maxY: 55)
        #expect(g.toCopy(g.fromCopy(r)) == r)
        #expect(g.fromCopy(g.toCopy(r)) == r)
    }

    /// Forward: where a copy point lands after turning the copy clockwise by `turns` quarter turns.
    static func forward(_ x: Double, _ y: Double, turns: Int, w: Double, h: Double) -> (Double, Double) {
        switch turns {
        case 1: return (h - y, x)
        case 2: return (w - x, h - y)
        case 3: return (y, w - x)
        default: return (x, y)
        }
    }

    @Test(arguments: [0, 1, 2, 3])
    func boxesComeBackToTheCopysPixels(turns: Int) {
        let g = PassGeometry(quarterTurns: turns, scale: 2, width: 800, height: 600)
        let copyRect = PixelRect(minX: 100, minY: 50, maxX: 300, maxY: 90)
        let a = Self.forward(copyRect.minX, copyRect.minY, turns: turns, w: 800, h: 600)
        let b = Self.forward(copyRect.maxX, copyRect.maxY, turns: turns, w: 800, h: 600)
        // In the pass image (scaled by 2).
        let passRect = PixelRect(minX: 2 * min(a.0, b.0), minY: 2 * min(a.1, b.1), maxX: 2 * max(a.0, b.0),
                                 maxY: 2 * max(a.1, b.1))
        #expect(g.toCopy(g.toUpright(passRect)) == copyRect)
    }
}

@Suite struct FoundLineMergeTests {
    /// A line of `text` at `y`, `height` tall (its ascenders and descenders included), 560 px wide.
    static func found(_ text: String, y: Double, height: Double, confidence: Double = 95) -> FoundLine {
        let rect = PixelRect(minX: 160, minY: y, maxX: 720, maxY: y + height)
        let words = text.split(separator: " ").enumerated().map { i, w in
            TextWord(text: String(w), confidence: confidence,
                     rect: PixelRect(minX: 160 + Double(i) * 60, minY: y, maxX: 210 + Double(i) * 60, maxY: y + height),
                     inDictionary: true)
        }
        return FoundLine(line: TextLine(words: words, slope: 0), rect: rect, textHeight: 12)
    }

    /// A line of one word, `text`, read with `confidence` in `rect`, its text `textHeight` tall.
    static func word(_ text: String, confidence: Double, _ rect: PixelRect, textHeight: Double) -> FoundLine {
        FoundLine(line: TextLine(words: [TextWord(text: text, confidence: confidence, rect: rect, inDictionary: false)],
                                 slope: 0), rect: rect, textHeight: textHeight)
    }

    @Test func neighbouringLinesOfSmallPrintAreBothKept() {
        // Measured on a page of 9 pt print: line pitch 20 px, boxes 26–36 px with their ascenders.
        let a = Self.found("garden adults had please two garden weather", y: 385, height: 36)
        let b = Self.found("which are only through much quiet with while", y: 405, height: 26)
        #expect(FoundLine.merge([a, b]).count == 2)
    }

    @Test func oneLineReadTwiceIsKeptOnceTheBetterReading() {
        let plain = Self.found("Platform 3 Seoul Station", y: 100, height: 40, confidence: 80)
        let inverted = Self.found("Platform 3 Seoul Station", y: 104, height: 38, confidence: 95)
        let merged = FoundLine.merge([plain, inverted])
        #expect(merged.count == 1 && merged.first?.line.confidence == 95)
        // Read once as two lines and once as one tall line holding both: one reading is kept.
        let tall = Self.found("Opening hours Monday to Friday", y: 200, height: 70)
        let top = Self.found("Opening hours", y: 200, height: 34)
        #expect(FoundLine.merge([tall, top]).count == 1)
    }

    @Test func aSureReadingOfHangulBeatsAnUnsureOneWithMoreLetters() {
        // A sign's 안전문 in a bold held-out font: read reduced "안전문" at 93%, at full size "OF 전문" at
        // 77 and 84% (안 taken for two Latin letters). Letter for letter the misreading says more.
        let hangul = Self.found("안전문", y: 470, height: 80, confidence: 93)
        var misread = Self.found("OF 전문", y: 466, height: 115)
        misread.line.words[0].confidence = 77
        misread.line.words[1].confidence = 84
        #expect(FoundLine.merge([misread, hangul]).map(\.line.text) == ["안전문"])
    }

    @Test func aReadingWithALoneJamoLosesToTheSyllablesReadWhole() {
        // A held-out sign's 출입금지 (97 px box): read at full size "출입금ㅅ지" at 91%, a piece of a syllable
        // read as a letter of its own, and reduced "출입금지" at 90%. Letter for letter the misreading says more.
        let whole = Self.found("출입금지", y: 366, height: 97, confidence: 90)
        let misread = Self.found("출입금ㅅ지", y: 366, height: 97, confidence: 91)
        #expect(misread.weight < whole.weight)
        #expect(FoundLine.merge([misread, whole]).map(\.line.text) == ["출입금지"])
        // A reading of other syllables with no jamo still wins on its confidence.
        let other = Self.found("출입금자", y: 366, height: 97, confidence: 91)
        #expect(FoundLine.merge([whole, other]).map(\.line.text) == ["출입금자"])
    }

    @Test func aLineReadAgainIsNewUnlessMostOfItsWordsWereRead() {
        // Tesseract reads Hangul a syllable a word: a band read alone as "흡연실" holds one word of three that
        // a sure "연" read; a band of two lines blur ran together, read "Bus Stop Exit", holds three of three.
        func line(_ words: [String]) -> TextLine {
            TextLine(words: words.enumerated().map { i, w in
                TextWord(text: w, confidence: 93, rect: PixelRect(minX: Double(60 * i), minY: 0,
                                                                  maxX: Double(60 * i + 50), maxY: 40),
                         inDictionary: false)
            }, slope: 0)
        }
        #expect(FoundLine.wordsRead(line(["흡", "연", "실"]), by: [line(["연"]), line(["Smoking", "Roo"])]) < 0.5)
        #expect(FoundLine.wordsRead(line(["Bus", "Stop", "Exit"]), by: [line(["Bus", "Stop"]), line(["EXIT"])]) == 1)
        #expect(FoundLine.wordsRead(line(["Bus", "Stop"]), by: []) == 0)
    }

    @Test func aPieceOfALineOfSmallPrintReadOnItsOwnGoes() {
        // 5 px print read whole by one reading (its box 19 px tall with descenders) and in a piece by
        // another ("Train 49 sone cou", 9 px tall without them), 4 px higher on the same row.
        var whole = Self.found("Train is some could south through been website", y: 470, height: 19, confidence: 75)
        whole.textHeight = 10
        var piece = Self.found("Train 49 sone cou", y: 471, height: 9, confidence: 79)
        piece.rect = PixelRect(minX: 160, minY: 471, maxX: 297, maxY: 480)
        piece.textHeight = 10
        #expect(FoundLine.merge([piece, whole]).map(\.line.text) == [whole.line.text])
    }

    @Test func thePieceOfBigSyllablesReadAsALineGoesTheWholeLineStays() {
        // 금연 100 px tall, read whole at reduced size (confidence 53) and, at full size, its top jamo
        // read as a line of its own ("그", confidence 88), its box reaching 20 px further left (two
        // readings at two sizes box the same ink a few pixels apart).
        let whole = Self.word("금연", confidence: 53, PixelRect(minX: 620, minY: 300, maxX: 840, maxY: 400),
                              textHeight: 100)
        let piece = Self.word("그", confidence: 88, PixelRect(minX: 600, minY: 302, maxX: 720, maxY: 345),
                              textHeight: 43)
        #expect(FoundLine.merge([piece, whole]).map(\.line.text) == ["금연"])
        // A held-out sign's "공원" (88 px box) with the top of its syllables read at 65% as "370.", a line
        // of more characters than the two syllables, lying inside it.
        let park = Self.word("공원", confidence: 97, PixelRect(minX: 807, minY: 383, maxX: 969, maxY: 471),
                             textHeight: 66)
        let top = Self.word("370.", confidence: 65, PixelRect(minX: 820, minY: 388, maxX: 940, maxY: 419),
                            textHeight: 22)
        #expect(FoundLine.merge([park, top]).map(\.line.text) == ["공원"])
        // A held-out sign's 식당 (70 px box), the bottom of its syllables read at 42% as "bag fe)", a line
        // saying more than the two syllables: read so unsurely inside a sure line, it is a piece of it. Read
        // surely, it would be a line of its own.
        let restaurant = Self.word("식당", confidence: 97, PixelRect(minX: 1442, minY: 97, maxX: 1556, maxY: 167),
                                   textHeight: 56)
        var bottom = FoundLine(line: TextLine(words: [
            TextWord(text: "bag", confidence: 42, rect: PixelRect(minX: 1453, minY: 138, maxX: 1500, maxY: 166),
                     inDictionary: true),
            TextWord(text: "fe)", confidence: 42, rect: PixelRect(minX: 1510, minY: 138, maxX: 1546, maxY: 166),
                     inDictionary: false),
        ], slope: 0), rect: PixelRect(minX: 1453, minY: 138, maxX: 1546, maxY: 166), textHeight: 20)
        #expect(FoundLine.merge([restaurant, bottom]).map(\.line.text) == ["식당"])
        bottom.line.words = bottom.line.words.map { var w = $0; w.confidence = 90; return w }
        #expect(FoundLine.merge([restaurant, bottom]).count == 2)
        // A line slanting across the photo has a box much taller than its text: a small line of
        // its own that falls inside that box is no piece of it.
        var slanted = Self.found("Airport Railroad", y: 100, height: 90)
        slanted.textHeight = 40
        var small = Self.found("Exit 3", y: 150, height: 20)
        small.textHeight = 18
        #expect(FoundLine.merge([slanted, small]).count == 2)
    }

    @Test func anUnsureReadingAroundASureLineGoesASureOneAroundAnotherStays() {
        // A street plate's lower row read twice: "Sejong-daero" (92%) and, by the reduced reading,
        // the row with its arrow as "Gee oe =>" (52%), a box around it.
        var sure = Self.found("Sejong-daero", y: 1109, height: 85, confidence: 92)
        sure.rect = PixelRect(minX: 199, minY: 1109, maxX: 862, maxY: 1194)
        var unsure = Self.found("Gee oe =>", y: 1086, height: 190, confidence: 52)
        unsure.rect = PixelRect(minX: 121, minY: 1086, maxX: 1191, maxY: 1276)
        #expect(FoundLine.merge([unsure, sure]).map(\.line.text) == ["Sejong-daero"])
        // A sure two-row reading around a sure one-row reading is no misreading (the merge's other
        // rules choose between them).
        var twoRows = Self.found("Opening hours Monday to Friday", y: 200, height: 70, confidence: 90)
        twoRows.textHeight = 30
        var oneRow = Self.found("Opening hours", y: 200, height: 34, confidence: 95)
        oneRow.textHeight = 30
        #expect(!twoRows.isMisreading(around: oneRow))
    }

    @Test func aSurePieceInsideAnUnsureReadingOfItStays() {
        // A shop's "Carpark" read twice by spotted rows (a real photo): sure in a box its text's
        // height, and unsure in a box three times as tall. Each was a reason to drop the other.
        var sure = Self.found("Carpark", y: 198, height: 12.8, confidence: 96)
        sure.rect = PixelRect(minX: 376.6, minY: 198, maxX: 419.8, maxY: 210.8)
        sure.textHeight = 12.8
        var unsure = Self.found("Carpark", y: 184, height: 35, confidence: 51)
        unsure.rect = PixelRect(minX: 377, minY: 184, maxX: 419, maxY: 219)
        unsure.textHeight = 35
        #expect(sure.isFragment(of: unsure) && unsure.isMisreading(around: sure))
        #expect(FoundLine.merge([unsure, sure]).map(\.line.confidence) == [96])
    }

    @Test func aLineHoldingAJamoNeedOnlyBeNoTallerThanTheTextToBeItsPiece() {
        // Held-out seed 8383's 수하물 찾는 곳 (text 94 px), its top read "ㅅ =1 13" (73%) in a box 65 px tall: taller
        // than two thirds of the text, the bound for a piece, but a lone jamo is a syllable's piece read as a letter.
        let row = Self.word("수하물 찾는 곳", confidence: 93, PixelRect(minX: 300, minY: 500, maxX: 900, maxY: 600),
                            textHeight: 94)
        let top = Self.word("ㅅ =1 13", confidence: 73, PixelRect(minX: 320, minY: 498, maxX: 700, maxY: 563),
                            textHeight: 65)
        #expect(top.isFragment(of: row))
        #expect(FoundLine.merge([top, row]).map(\.line.text) == ["수하물 찾는 곳"])
        // The same box saying as little without a jamo is no piece of the row; one no taller than two thirds of the
        // text is.
        let latin = Self.word("A =1 13", confidence: 73, top.rect, textHeight: 65)
        #expect(!latin.isFragment(of: row))
        var shorter = latin
        shorter.rect.maxY = shorter.rect.minY + 60
        #expect(shorter.isFragment(of: row))
        // Neither is a piece where it does not lie inside the row.
        var beside = top
        beside.rect = PixelRect(minX: 320, minY: 640, maxX: 700, maxY: 705)
        #expect(!beside.isFragment(of: row))
    }

}

@Suite struct LineTextTests {
    /// Words of 60 px text at the given left edges, each `width` wide.
    static func line(_ words: [(String, Double, Double)]) -> TextLine {
        TextLine(words: words.map { w in
            TextWord(text: w.0, confidence: 93, rect: PixelRect(minX: w.1, minY: 0, maxX: w.1 + w.2, maxY: 60),
                     inDictionary: false)
        }, slope: 0)
    }

    @Test func hangulSyllablesReadAsWordsAreJoinedButRealSpacesStay() {
        // 홍대입구 as Tesseract's Korean model gives it: one "word" per syllable, 8 px apart.
        #expect(Self.line([("홍", 0, 55), ("대", 63, 55), ("입", 126, 55), ("구", 189, 55)]).text == "홍대입구")
        // 입 and 구 as one photo's sign gave them: 구's ink leaves a gap of 0.27 heights, but the syllables
        // stand one pitch (1.07 heights, middle to middle) apart.
        #expect(Self.line([("홍", 0, 54), ("대", 62, 54), ("입", 124, 50), ("구", 190, 47)]).text == "홍대입구")
        // 나가는 곳: a real space, a third of the height wide.
        #expect(Self.line([("나가는", 0, 170), ("곳", 192, 55)]).text == "나가는 곳")
        // Latin words keep their spaces however tight.
        #expect(Self.line([("Exit", 0, 120), ("7", 126, 30)]).text == "Exit 7")
        #expect(Self.line([("Gate", 0, 120), ("강남", 126, 110)]).text == "Gate 강남")
    }

    @Test func aLetterSpacedKoreanWordIsOneWord() {
        // 안전문 as a sign in a held-out font set it, letter-spaced: its syllables 1.31 heights apart,
        // as far as words stand, but every word of the line one syllable, evenly spaced.
        #expect(Self.line([("안", 0, 50), ("전", 79, 50), ("문", 158, 50)]).text == "안전문")
        #expect(Self.line([("출", 0, 50), ("구", 79, 50)]).text == "출구")
        // Single syllables far apart, or unevenly spaced, stay apart.
        #expect(Self.line([("동", 0, 55), ("역", 150, 55)]).text == "동 역")
        #expect(Self.line([("안", 0, 50), ("전", 79, 50), ("문", 200, 50)]).text == "안 전 문")
        // A word of several syllables beside one keeps its space (나가는 곳, above).
        #expect(Self.line([("매표소", 0, 170), ("앞", 250, 55)]).text == "매표소 앞")
    }

    @Test func aWordsSyllablesBoxedInPartAreStillOneWord() {
        // 수유실 on a held-out sign, 100 px syllables set tight, as Tesseract boxed them: 수 and 유 only in
        // part (45 and 48 px tall), 실 whole. By those heights its syllables stood 2.3 heights apart.
        func word(_ text: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> TextWord {
            TextWord(text: text, confidence: 90, rect: PixelRect(minX: x, minY: y, maxX: x + w, maxY: y + h),
                     inDictionary: false)
        }
        let line = TextLine(words: [word("수", 185, 1072, 99, 45), word("유", 306, 1070, 82, 48),
                                    word("실", 408, 1017, 69, 102)], slope: 0)
        #expect(line.text == "수유실")
        // The same word on a sign a moving camera smeared (38 px syllables): 수 and 유 boxed 15 and 16 px tall.
        let smeared = TextLine(words: [word("수", 117, 16, 28, 15), word("유", 161, 15, 16, 16),
                                       word("실", 196, 13, 24, 35)], slope: 0)
        #expect(smeared.text == "수유실")
        // Two syllables as wide apart, each boxed whole, are two words.
        let apart = TextLine(words: [word("동", 0, 0, 90, 100), word("역", 300, 0, 90, 100)], slope: 0)
        #expect(apart.text == "동 역")
    }
}

