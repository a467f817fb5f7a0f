import Foundation
import Testing
import CTesseract
@testable import PhotoPrep

/// The street-scene spotter: rows of letters found among a photo's marks, and the words kept from them.
@Suite struct TextSpotterTests {
    /// A letter-like mark: half-filled, one stroke across its middle.
    static func letter(_ x: Double, _ y: Double, width: Double = 9, height: Double = 14, runs: Int = 1) -> Mark {
        let rect = PixelRect(minX: x, minY: y, maxX: x + width, maxY: y + height)
        return Mark(rect: rect, ink: Int(rect.area / 2), runs: runs)
    }

    @Test func lettersOnABaselineMakeOneAlignedRow() throws {
        // Two words of letters of one height and several widths, 2 px apart, a space between the words.
        let widths: [Double] = [9, 10, 4, 9, 12, 9, 6]
        var x = 100.0
        var word: [Mark] = []
        for (i, w) in widths.enumerated() {
            word.append(Self.letter(x, 50, width: w))
            x += w + (i == 3 ? 8 : 2)
        }
        let rows = TextSpotter.rows(word, maxHeight: 90)
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row.marks == 7)
        #expect(row.aligned)
        #expect(row.rect == PixelRect(minX: 100, minY: 50, maxX: 177, maxY: 64))
    }

    /// A long line of small letters on a photo tilted 2.3° rises more than its letters' height along
    /// its length: it is one row of text all the same, its height measured across its baseline (it was
    /// taken for a patch of texture: a poster's footnote was never read).
    @Test func aLongLineOfSmallLettersOnATiltedPhotoIsARow() throws {
        let widths: [Double] = [7, 8, 4, 7, 9, 6, 7]
        var line: [Mark] = []
        var x = 100.0
        for i in 0..<35 {
            let w = widths[i % widths.count]
            line.append(Self.letter(x, 50 + 0.04 * (x - 100), width: w, height: 9))
            x += w + (i % 5 == 4 ? 5 : 2)
        }
        let rows = TextSpotter.rows(line, maxHeight: 90)
        let row = try #require(rows.first)
        #expect(rows.count == 1)
        // Its box over twice its letters' height: its bottoms 12 px lower at its end.
        #expect(row.rect.height > 2 * 9)
        #expect(row.marks == 35)
        #expect(row.aligned)
    }

    /// Rows spotted on one line of small print (its words, and a gap the marks did not bridge) are
    /// read as one line; a row of the other polarity, of another size or on the next line is not joined.
    @Test func rowsAlongOneLineAreJoined() throws {
        func row(_ x: Double, _ width: Double, y: Double = 100, height: Double = 16, dark: Bool = false,
                 aligned: Bool = true) -> SpottedRow {
            SpottedRow(aligned: aligned, markHeight: height * 0.6,
                       around: PixelRect(minX: x, minY: y, maxX: x + width, maxY: y + height),
                       darkText: dark, contrast: 80)
        }
        let line = [row(100, 60), row(175, 120, aligned: false), row(310, 90, y: 102)]
        let others = [row(420, 80, dark: true), row(420, 80, height: 40), row(100, 200, y: 130)]
        let joined = SpottedRow.joinedAlongLines(line + others)
        #expect(joined.count == 4)
        let whole = try #require(joined.first { $0.around.minX == 100 && $0.around.minY == 100 })
        #expect(whole.around == PixelRect(minX: 100, minY: 100, maxX: 400, maxY: 118))
        #expect(whole.aligned)
        // Too far along the line (more than three letter heights) is another line of text.
        #expect(SpottedRow.joinedAlongLines([row(100, 60), row(200, 60)]).count == 2)
    }

    /// Where much was read, only lines no line read touches are spotted: rows either side of a line read,
    /// joined along their line, reach over it (two columns' short last lines and the gutter between them).
    @Test func aLineSpottedBesideMuchReadTouchesNoLineRead() {
        func row(_ x: Double, _ width: Double) -> SpottedRow {
            SpottedRow(aligned: true, markHeight: 10, around: PixelRect(minX: x, minY: 100, maxX: x + width, maxY: 116),
                       darkText: true, contrast: 80)
        }
        let words = [TextWord(text: "residents", confidence: 95, rect: PixelRect(minX: 158, minY: 100, maxX: 182, maxY: 116),
                              inDictionary: true)]
        let read = FoundLine(line: TextLine(words: words, slope: 0), rect: PixelRect(minX: 158, minY: 100, maxX: 182, maxY: 116),
                             textHeight: 16)
        // Each row clear of the line read, joined they cross it.
        #expect(SpottedRow.missedLines([row(100, 55), row(185, 50)], besides: [read]).isEmpty)
        // A footnote far from it is spotted.
        let footnote = [row(600, 80), row(700, 90)]
        #expect(SpottedRow.missedLines(footnote, besides: [read]).map(\.around)
                    == [PixelRect(minX: 600, minY: 100, maxX: 790, maxY: 116)])
        // So is one close under a line read: the line reaches into its margin, not to its marks.
        let above = FoundLine(line: TextLine(words: words, slope: 0), rect: PixelRect(minX: 600, minY: 88, maxX: 790, maxY: 102),
                              textHeight: 14)
        #expect(SpottedRow.missedLines(footnote, besides: [above]).count == 1)
        // A row whose letters stand on no baseline is spotted too: a shaken poster's bold "Departures", its letters
        // run together, which Tesseract's layout analysis dropped.
        let smeared = SpottedRow(aligned: false, markHeight: 18,
                                 around: PixelRect(minX: 600, minY: 300, maxX: 780, maxY: 336), darkText: false,
                                 contrast: 80)
        #expect(SpottedRow.missedLines([smeared], besides: [read]).map(\.around) == [smeared.around])
    }

    /// A light, grainy poster, shaken (held-out seed 8787's shaken posters-04, re-encoded at quality 80): its grain
    /// makes rows of faint marks on a baseline (contrast 15–27), which were read first and spent the spotter's budget;
    /// the poster's bold "Arrivals" (contrast 158 in its cut-out), its letters about 30 px tall and smeared off any
    /// baseline, and its "Information" were never read. Faint rows on a baseline now wait their turn by contrast.
    @Test func aWordOffItsBaselineIsSpottedBeforeTheGrainOfAShakenPoster() throws {
        let image = try OCRFixtures.committed("poster-shaken-grainy-word-off-baseline.jpg")
        let read = try TesseractEngine().recognize(image).lines.map(\.text)
        #expect(read.contains("Arrivals"), "\(read)")
        #expect(read.contains { $0.lowercased() == "information" }, "\(read)")
        // The rule itself: a row on a baseline leads only standing clearly off its ground.
        func row(aligned: Bool, contrast: Int) -> SpottedRow {
            SpottedRow(aligned: aligned, markHeight: 18, around: PixelRect(minX: 0, minY: 0, maxX: 100, maxY: 30),
                       darkText: true, contrast: contrast)
        }
        #expect(row(aligned: true, contrast: 24).onBaseline == 0)
        #expect(row(aligned: true, contrast: 43).onBaseline == 1)
        #expect(row(aligned: false, contrast: 158).onBaseline == 0)
    }

    /// Where little was read, the global-threshold reading of a photo keeps only the words a spotted
    /// row would: a street plate's words stay, with their box; a window's reflections read as "44 y"
    /// (80%) or "MOY ry" (49%) go.
    @Test func aRereadKeepsOnlySureWords() throws {
        func word(_ text: String, _ confidence: Double, x: Double, dictionary: Bool = false) -> TextWord {
            TextWord(text: text, confidence: confidence, rect: PixelRect(minX: x, minY: 40, maxX: x + 60, maxY: 60),
                     inDictionary: dictionary)
        }
        func found(_ words: [TextWord]) -> FoundLine {
            let line = TextLine(words: words, slope: 0)
            return FoundLine(line: line, rect: line.rect, textHeight: line.textHeight)
        }
        let plate = try #require(found([word("Alt", 91, x: 100), word("Hammoor", 88, x: 170), word("P", 40, x: 240)])
            .keepingSureWords())
        #expect(plate.line.text == "Alt Hammoor")
        #expect(plate.rect == PixelRect(minX: 100, minY: 40, maxX: 230, maxY: 60))
        #expect(found([word("44", 80, x: 0), word("y", 81, x: 70)]).keepingSureWords() == nil)
        #expect(found([word("MOY", 49, x: 0, dictionary: true), word("ry", 48, x: 70)]).keepingSureWords() == nil)
    }

    @Test func aRowOfWindowsIsNotTakenForLetters() throws {
        // A facade's windows: one width, spaced as wide as they are. Letters of one height differ in width.
        let windows = (0..<6).map { i in
            Mark(rect: PixelRect(minX: 100 + 50 * Double(i), minY: 40, maxX: 130 + 50 * Double(i), maxY: 75),
                 ink: 500, runs: 2)
        }
        let exit = [(100.0, 14.0), (116, 15), (133, 5), (140, 14)].map {
            Self.letter($0.0, 50, width: $0.1, height: 20)
        }
        let exitRow = try #require(TextSpotter.rows(exit, maxHeight: 90).first)
        // Taken out as a grid before rows are made, or a row of no letters on a baseline.
        #expect(TextSpotter.rows(windows, maxHeight: 90).allSatisfy { !$0.aligned })
        #expect(exitRow.aligned)
        // Even spaced close, identical marks are a grid (a railing), not a word.
        let railing = (0..<6).map { Self.letter(100 + 12 * Double($0), 50, width: 8, height: 30) }
        #expect(TextSpotter.rows(railing, maxHeight: 90).allSatisfy { !$0.aligned })
    }

    @Test func aMonospacedWordIsLettersButEvenWindowsAreAGrid() throws {
        // "Books 60" in a monospaced face on a dark plate (seed 5 street-04, at the spotting scale): its
        // letters one width, 11–13 px, but 3 px apart and of several heights (B, k, 6, 0 rise above o, s).
        let books = zip(zip([307.0, 321, 336, 352, 366, 395, 409], [12.0, 12, 12, 11, 12, 12, 13]),
                        [17.0, 13, 14, 19, 13, 17, 16]).map { Self.letter($0.0, 306 - $1, width: $0.1, height: $1) }
        let row = try #require(TextSpotter.rows(books, maxHeight: 90).first)
        #expect(row.marks == 7 && row.aligned)
        // Three windows of that facade: one width and one height, half their width apart.
        let windows = zip(zip([57.0, 125, 192], [45.0, 43, 44]), [31.0, 31, 29]).map {
            Self.letter($0.0, 426 - $1, width: $0.1, height: $1)
        }
        #expect(TextSpotter.rows(windows, maxHeight: 90).allSatisfy { !$0.aligned })
    }

    @Test func aWordShapedWordReadUnsurelyIsNearlyKept() {
        func word(_ text: String, _ confidence: Double, inDictionary: Bool = true) -> TextWord {
            TextWord(text: text, confidence: confidence, rect: PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10),
                     inDictionary: inDictionary)
        }
        // Read again framed, these read 89% and 96%.
        #expect(TextSpotter.nearlyKept(word("Bank", 41)) && TextSpotter.nearlyKept(word("‘Exit", 48)))
        // Read right, but at 8% where the cut-out's edge crossed the sign's border; framed, 96%.
        #expect(TextSpotter.nearlyKept(word("Laundry", 8)))
        // Kept already; a texture's scraps; read with next to no confidence and no dictionary word, or too
        // short a one.
        #expect(!TextSpotter.nearlyKept(word("Bank", 89)))
        #expect(!TextSpotter.nearlyKept(word("ee", 45)) && !TextSpotter.nearlyKept(word("-?/", 50)))
        #expect(!TextSpotter.nearlyKept(word("Exit", 20, inDictionary: false)))
        #expect(!TextSpotter.nearlyKept(word("eee", 20)) && !TextSpotter.nearlyKept(word("Ba7k", 20)))
    }

    @Test func aWordLevelWithAFacadesWindowsIsARowOfItsOwn() throws {
        // Marks measured on a harness street (seed 99, street-12, at the spotting scale): eight windows of
        // a facade, hollowed by the threshold, and beside them a shop's "Pharmacy", its letters about as
        // tall as the windows.
        func mark(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Mark {
            Mark(rect: PixelRect(minX: x, minY: y, maxX: x + w, maxY: y + h), ink: Int(w * h / 2), runs: 2)
        }
        let columns = [439.0, 483, 528, 573, 617, 662, 707, 751]
        let windows = columns.map { mark($0, 145, 25, 41) } + columns.map { mark($0, 85, 25, 41) }
        let pharmacy = [(808.0, 155.0, 23.0, 28.0), (835, 153, 21, 29), (860, 160, 21, 22), (887, 159, 15, 22),
                        (904, 159, 34, 21), (942, 158, 21, 22), (967, 158, 18, 22), (987, 158, 23, 28)]
            .map { mark($0.0, $0.1, $0.2, $0.3) }
        let rows = TextSpotter.rows(windows + pharmacy, maxHeight: 144)
        let word = try #require(rows.first { $0.rect.minX == 808 })
        #expect(word.marks == 8 && word.aligned)
        // A word whose every other letter is one size ("Hardware": a-r, w, r-e touching) is no grid.
        let hardware = [(589.0, 313.0, 12.0, 15.0), (603, 316, 17, 11), (621, 311, 10, 15), (631, 315, 15, 11),
                        (646, 314, 11, 12), (658, 314, 16, 12)].map { mark($0.0, $0.1, $0.2, $0.3) }
        #expect(TextSpotter.gridMarks(hardware).isEmpty)
        #expect(TextSpotter.rows(hardware, maxHeight: 144).map(\.marks) == [6])
        // Nor are marks of one size evenly spaced on one row, with marks of their size above them that
        // stand in no such row: the final ㅇ of each syllable of a spaced 승강장, and ㅅ, ㄱ, ㅈ above.
        let finals = columns.prefix(3).map { mark($0, 145, 25, 25) }
        let initials = zip(columns.prefix(3), [0.0, 14, 3]).map { mark($0.0 + $0.1, 100, 25, 25) }
        #expect(TextSpotter.gridMarks((finals + initials).sorted { $0.rect.minX < $1.rect.minX }).isEmpty)
        #expect(TextSpotter.gridMarks(windows.sorted { $0.rect.minX < $1.rect.minX }).count == 16)
    }

    @Test func lettersOnASlantingBaselineAreAligned() throws {
        // "Bus Stop" on a photo tilted 2.5° (marks measured at the spotting scale, harness seed 77
        // street-04): its bottoms spread 7 px about a level line, its letters 11–13 px tall.
        let marks = [(1012.0, 531.0, 6.0, 8.0), (1026, 528, 10, 13), (1037, 532, 10, 9), (1048, 533, 9, 9),
                     (1064, 530, 10, 12), (1075, 531, 7, 12), (1083, 534, 10, 9), (1094, 535, 10, 12),
                     (1111, 535, 5, 11)].map { Self.letter($0.0, $0.1, width: $0.2, height: $0.3) }
        let row = try #require(TextSpotter.rows(marks, maxHeight: 144).first)
        #expect(row.marks == 9 && row.aligned)
        // Marks scattered up and down stay unaligned, whatever line is fitted through them.
        let scattered = [(100.0, 50.0), (112, 54), (124, 50), (136, 54), (148, 50)].map {
            Self.letter($0.0, $0.1, width: 9, height: 12)
        }
        #expect(TextSpotter.rows(scattered, maxHeight: 144).first?.aligned == false)
    }

    @Test func aWordWithDescendersIsAligned() throws {
        // "pen daily" lettered dark on a blotched wall (the fifth of the menu walls `render_menu_walls.py`
        // renders; the marks at the spotting scale, its O run into a blotch): its p and y hang below the
        // line the other letters stand on, and the middle half of its bottoms spread over a third of a
        // letter's height. It was taken for texture, and never read beside the menu read on the next wall.
        let marks = [(1035.0, 301.0, 11.0, 18.0), (1048, 301, 13, 13), (1063, 300, 12, 14), (1091, 296, 12, 18),
                     (1106, 300, 13, 14), (1121, 300, 11, 14), (1148, 301, 14, 18)]
            .map { Self.letter($0.0, $0.1, width: $0.2, height: $0.3) }
        let row = try #require(TextSpotter.rows(marks, maxHeight: 128).first)
        #expect(row.marks == 7 && row.aligned)
        // The p and y shifted down whole, their tops well below the others': not letters on a line.
        var shifted = marks
        shifted[0] = Self.letter(1035, 304, width: 11, height: 14)
        shifted[6] = Self.letter(1148, 305, width: 14, height: 18)
        let other = try #require(TextSpotter.rows(shifted, maxHeight: 128).first)
        #expect(other.marks == 7 && !other.aligned)
    }

    @Test func aSureShortWordBesideAKeptOneIsKept() {
        func word(_ text: String, _ confidence: Double, _ inDictionary: Bool) -> TextWord {
            TextWord(text: text, confidence: confidence, rect: PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10),
                     inDictionary: inDictionary)
        }
        let line = TextLine(words: [word("One", 96, true), word("Way", 95, true), word("38", 92, false),
                                    word("*", 0, false)], slope: 0)
        #expect(TextSpotter.keptWords(of: line).map(\.text) == ["One", "Way", "38"])
        // Alone, the number says too little to be taken from a street's textures.
        let alone = TextLine(words: [word("38", 92, false), word("ie", 40, true)], slope: 0)
        #expect(TextSpotter.keptWords(of: alone).isEmpty)
    }

    /// A sign's first or last word reads less surely at the cut than the words between: read in the
    /// harness's street photos (spotted rows, confidences as Tesseract gave them).
    @Test func aSignsWordReadLessSurelyAtTheCutIsKeptBesideASureOne() {
        func word(_ text: String, _ confidence: Double, _ inDictionary: Bool = false) -> TextWord {
            TextWord(text: text, confidence: confidence, rect: PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10),
                     inDictionary: inDictionary)
        }
        func kept(_ words: [TextWord]) -> [String] {
            TextSpotter.keptWords(of: TextLine(words: words, slope: 0)).map(\.text)
        }
        #expect(kept([word("Post", 72, true), word("Office", 96, true), word("22.", 36)]) == ["Post", "Office"])
        #expect(kept([word("Open", 56, true), word("24", 95), word("Hours", 96, true)]) == ["Open", "24", "Hours"])
        #expect(kept([word("Hotel", 92, true), word("58", 84)]) == ["Hotel", "58"])
        #expect(kept([word("Hours:", 57, true), word("Open", 96, true)]) == ["Hours:", "Open"])
        // Texture read beside a sign's word: two-letter scraps, however they read, and a word too unsure.
        #expect(kept([word("Gallery", 96, true), word("ff", 70, true)]) == ["Gallery"])
        #expect(kept([word("ne", 39, true), word("Coffee", 96, true)]) == ["Coffee"])
        #expect(kept([word("‘Fresh", 31, true), word("Market", 96, true)]) == ["Market"])
        #expect(kept([word("Sale", 96, true), word("x7", 80)]) == ["Sale"])
        // With no word kept on its own, none is kept beside it.
        #expect(kept([word("Post", 72, true), word("58", 84)]).isEmpty)
        // A dash between two kept words is the range a reader reads; not one at a line's end, or beside a word
        // not kept.
        #expect(kept([word("Mon", 93, true), word("-", 57), word("Fri", 90, true)]) == ["Mon", "-", "Fri"])
        #expect(kept([word("9:00", 88), word("–", 40), word("17:00", 91)]) == ["9:00", "–", "17:00"])
        #expect(kept([word("Open", 96, true), word("-", 87)]) == ["Open"])
        #expect(kept([word("Gallery", 96, true), word("-", 80), word("ff", 70, true)]) == ["Gallery"])
    }

    /// Tesseract's Korean model reads a word one syllable at a time ("편 의 점", 93%, from a yellow sign
    /// panel): standing tight, the syllables are one word of three letters and kept; a lone syllable is not.
    @Test func aKoreanWordReadSyllableBySyllableIsJudgedWhole() {
        func syllable(_ text: String, x: Double) -> TextWord {
            TextWord(text: text, confidence: 90, rect: PixelRect(minX: x, minY: 100, maxX: x + 40, maxY: 140),
                     inDictionary: false)
        }
        let word = TextLine(words: [syllable("편", x: 100), syllable("의", x: 143), syllable("점", x: 186)], slope: 0)
        #expect(TextSpotter.keptWords(of: word).map(\.text) == ["편", "의", "점"])
        #expect(FoundLine(line: word, rect: word.rect, textHeight: 40).keepingSureWords()?.line.text == "편의점")
        // Two syllables are a whole word (입구, "entrance"); one is not.
        let entrance = TextLine(words: [syllable("입", x: 100), syllable("구", x: 143)], slope: 0)
        #expect(TextSpotter.keptWords(of: entrance).count == 2)
        // Syllables a wide space apart are words of one letter each: a texture's scraps, not kept.
        let apart = TextLine(words: [syllable("편", x: 100), syllable("의", x: 200), syllable("점", x: 300)], slope: 0)
        #expect(TextSpotter.keptWords(of: apart).isEmpty)
    }

    @Test func scatteredOrStackedMarksAreNoRow() {
        // Marks far apart, of very different heights, or one above the other (a fence's posts, leaves).
        let apart = (0..<4).map { Self.letter(100 + 40 * Double($0), 50) }
        let sizes = [Self.letter(100, 50, height: 10), Self.letter(111, 40, height: 30),
                     Self.letter(122, 50, height: 10)]
        let stacked = (0..<4).map { Self.letter(100, 50 + 16 * Double($0)) }
        #expect(TextSpotter.rows(apart, maxHeight: 90) == [])
        #expect(TextSpotter.rows(sizes, maxHeight: 90) == [])
        #expect(TextSpotter.rows(stacked, maxHeight: 90) == [])
    }

    /// A menu lettered light on a brick wall is a block of lines, read inverted as one; a street's light
    /// words, alone or in twos, and a stack of texture that is no letters on a baseline are not.
    @Test func aMenusRowsAreABlockButAStreetsScatteredWordsAreNot() throws {
        func row(_ x: Double, _ y: Double, _ width: Double, _ aligned: Bool = true, height: Double = 25)
            -> TextSpotter.Row
        {
            TextSpotter.Row(rect: PixelRect(minX: x, minY: y, maxX: x + width, maxY: y + height + 3),
                            markHeight: height, marks: 6, aligned: aligned)
        }
        // The light rows spotted on a menu of the harness (`render_menu_walls.py`), in its pixels: every
        // other line ran into the bricks' mortar and is no row on a baseline, a price ("7.00") stands apart
        // from its dish, and one line ("Tea 2.50") gave no row at all.
        let menu = [row(20, 122, 286), row(19, 193, 221), row(20, 257, 331), row(421, 266, 41, false),
                    row(199, 335, 40, false), row(43, 340, 41, false), row(154, 403, 196), row(43, 473, 151),
                    row(221, 476, 41, false), row(110, 616, 85, false), row(22, 616, 61, false)]
        let blocks = TextSpotter.blocks(menu)
        #expect(blocks.count == 1)
        let block = try #require(blocks.first)
        // Every line of the menu, the price and the line after the missing one inside.
        for r in menu { #expect(block.intersectionArea(r.rect) == r.rect.area, "\(r.rect) outside \(block)") }
        #expect(block.minY <= 122 - 25 && block.maxY >= 644 + 25)
        // A street: light words alone, two of them one under the other, a third far below.
        let street = [row(100, 100, 120), row(900, 400, 80), row(1500, 120, 60), row(300, 800, 150),
                      row(320, 840, 100), row(330, 1300, 90)]
        #expect(TextSpotter.blocks(street) == [])
        // Leaves stacked in rows of marks of one size, none of them letters on a baseline.
        let leaves = (0..<5).map { row(600, 200 + 40 * Double($0), 90, false) }
        #expect(TextSpotter.blocks(leaves) == [])
        // A row of another size between two is not one of their lines (the two alone are too few).
        let sizes = [row(20, 100, 200), row(20, 150, 200, height: 60), row(20, 240, 200)]
        #expect(TextSpotter.blocks(sizes) == [])
    }

    /// A number a word space after a word is no row of its own ("81": two marks, its bold 8 blurred nearly
    /// solid): the word's row is carried on over it. Not over a mark a word space beyond, one standing
    /// higher, one twice as tall (a window), or a solid block.
    @Test func aRowIsCarriedOnAlongItsLineOverANumber() throws {
        var gallery: [Mark] = []
        var x = 100.0
        for w in [12.0, 9, 4, 4, 9, 7, 9] {
            gallery.append(Self.letter(x, 50, width: w))
            x += w + 2
        }
        let row = try #require(TextSpotter.rows(gallery, maxHeight: 90).first)
        #expect(row.rect.maxX == 166)
        // "81" 9 px on, its 8 filling 88% of its box, then a mark 20 px beyond (over a letter's height away).
        let eight = Mark(rect: PixelRect(minX: 175, minY: 50, maxX: 184, maxY: 64), ink: 111, runs: 1)
        let one = Self.letter(186, 50, width: 5)
        let far = Self.letter(211, 50)
        // Right before the word: a mark standing higher, a window twice as tall, a solid block.
        let higher = Self.letter(88, 30)
        let window = Self.letter(80, 43, width: 12, height: 28)
        let block = Mark(rect: PixelRect(minX: 87, minY: 50, maxX: 99, maxY: 64), ink: 168, runs: 1)
        let marks = TextSpotter.lineMarks(gallery + [eight, one, far, higher, window, block], maxHeight: 90)
        // (The 8 is no letter to `rows`: it makes no row with the 1.)
        #expect(TextSpotter.rows([eight, one], maxHeight: 90) == [])
        let line = TextSpotter.alongLine(row, marks: marks)
        #expect(line == PixelRect(minX: 100, minY: 50, maxX: 191, maxY: 64))
        // Within reach of the far mark, the line takes it in too.
        let near = Self.letter(200, 50)
        let longer = TextSpotter.alongLine(row, marks: TextSpotter.lineMarks(gallery + [eight, one, near], maxHeight: 90))
        #expect(longer.maxX == 209)
    }

    /// A dash between two words is no letter, and the row of the words before it ends there ("Open daily 6:00 -
    /// 13:00" on a shaken poster was spotted as two rows, the second 1.2 letter heights on): the row is carried on
    /// over the dash to the words after. Not over a flat mark on the baseline (an underscore) or over the letters'
    /// tops, nor without one.
    @Test func aRowIsCarriedOnAlongItsLineOverADash() throws {
        func word(at x: Double) -> [Mark] { (0..<3).map { Self.letter(x + 11 * Double($0), 50) } }
        // "Mon" ends at 131; "Fri" begins 20 px on, over a letter's height (14) away.
        let mon = word(at: 100), fri = word(at: 151)
        let row = try #require(TextSpotter.rows(mon, maxHeight: 90).first)
        #expect(row.rect.maxX == 131)
        func dash(_ y: Double) -> Mark {
            Mark(rect: PixelRect(minX: 137, minY: y, maxX: 145, maxY: y + 3), ink: 24, runs: 1)
        }
        // The dash is no letter of any row: the marks make the two words' rows alone.
        #expect(TextSpotter.rows(mon + [dash(55)] + fri, maxHeight: 90).map(\.rect.maxX) == [131, 182])
        func carried(_ between: [Mark]) -> Double {
            TextSpotter.alongLine(row, marks: TextSpotter.lineMarks(mon + between + fri, maxHeight: 90)).maxX
        }
        #expect(carried([dash(55)]) == 182)
        #expect(carried([]) == 131)
        #expect(carried([dash(62)]) == 131)
        #expect(carried([dash(45)]) == 131)
    }

    @Test func aWordOfTouchingLettersIsARowButASolidBarIsNot() {
        // Small blurred letters touch: one mark whose strokes still cross its middle.
        let word = Mark(rect: PixelRect(minX: 10, minY: 10, maxX: 40, maxY: 28), ink: 300, runs: 6)
        let bar = Mark(rect: PixelRect(minX: 10, minY: 50, maxX: 60, maxY: 62), ink: 600, runs: 1)
        let solid = Mark(rect: PixelRect(minX: 10, minY: 80, maxX: 60, maxY: 92), ink: 590, runs: 4)
        let rows = TextSpotter.rows([word, bar, solid], maxHeight: 90)
        #expect(rows.map(\.rect) == [word.rect])
        #expect(rows.first?.aligned == false)
        // Taller than letters can be in this photo: no row.
        #expect(TextSpotter.rows([word], maxHeight: 15) == [])
    }

    @Test(arguments: [
        ("Theatre", 48.0, true, true),   // small blurred letters: a long dictionary word, unsure
        ("hist", 57.0, true, false),     // a texture's short "word" that happens to be in the dictionary
        ("(62-03)", 69.0, false, true),  // a number in brackets
        ("Exit", 88.0, false, true),
        ("ab", 95.0, true, false),       // two letters say little
        ("=x=", 90.0, false, false),     // mostly symbols
    ])
    func keepsWordsAPersonWouldRead(text: String, confidence: Double, inDictionary: Bool, kept: Bool) {
        let w = TextWord(text: text, confidence: confidence, rect: PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10),
                         inDictionary: inDictionary)
        #expect(TextSpotter.keeps(w) == kept)
    }

    /// A busy photo (coloured, with a fine checked texture) with three small signs: a dark one and a
    /// blue one, which the panel finder reads, and a light one on the busy ground, which Tesseract's
    /// layout analysis misses there, reading `light` (in bold with `bold`); the photo blurred by `blur` px.
    static func busyStreet(light: String = "Pharmacy", bold: Bool = false, blur: Double = 0.7) throws -> Raster {
        try OCRFixtures.magick([
            "-size", "1280x720", "-seed", "1", "plasma:grey20-grey80", "-blur", "0x1",
            "(", "-size", "1280x720", "pattern:checkerboard", "-blur", "0x1", ")", "-compose", "overlay", "-composite",
            "-fill", "#202020", "-draw", "rectangle 520,200 590,228",
            "-font", "DejaVu-Sans-Bold", "-pointsize", "15", "-fill", "#f0f0f0", "-annotate", "+530+220", "EXIT",
            "-fill", "#d8d4c8", "-draw", "rectangle 700,500 \(bold ? 850 : 840),526",
            "-font", bold ? "DejaVu-Sans-Bold" : "DejaVu-Sans", "-pointsize", "15", "-fill", "#303030",
            "-annotate", "+708+518", light,
            "-fill", "#2040a0", "-draw", "rectangle 200,420 330,446",
            "-font", "DejaVu-Sans-Bold", "-pointsize", "15", "-fill", "#f0f0f0", "-annotate", "+208+439", "Platform",
            "-seed", "7", "-attenuate", "0.5", "+noise", "Gaussian", "-blur", "0x\(blur)", "ppm:-",
        ])
    }

    /// On a blurred street photo, the light sign's "Gallery 81" is spotted as "Gallery" alone (the bold 8,
    /// blurred, is as solid as a block, and the 1 alone no row): the row is cut out with the rest of its line
    /// and the number read with its word. (Read in "Gallery" alone, it lost the number.)
    @Test func aNumberAfterAWordOnAStreetSignIsReadWithIt() throws {
        let image = try Self.busyStreet(light: "Gallery 81", bold: true, blur: 1.3)
        let lines = try TesseractEngine().recognize(image).lines
        let gallery = try #require(lines.first { $0.text.contains("Gallery") }, "\(lines.map(\.text))")
        #expect(gallery.text == "Gallery 81")
        // Its box on the sign (700…850, 500…526).
        let b = gallery.box
        #expect(b.x >= 696 && b.x + b.width <= 854 && b.y >= 496 && b.y + b.height <= 530, "\(b)")
    }

    /// On a busy street photo, the light sign's "Mon - Fri" is spotted as two rows, "Mon" and "Fri", the dash
    /// between them no letter: the row is cut out with the rest of its line, over the dash, and read with its
    /// dash. (Read in "Mon" alone, it lost "- Fri"; carried on but its dash dropped as a word of no letters, it
    /// read "Mon Fri".)
    @Test func aRangeOnAStreetSignIsReadWithItsDash() throws {
        let lines = try TesseractEngine().recognize(try Self.busyStreet(light: "Mon - Fri")).lines
        let sign = try #require(lines.first { $0.text.contains("Mon") }, "\(lines.map(\.text))")
        #expect(sign.text == "Mon - Fri")
    }

    /// A shaken poster's two lines of small print under five big ones (`poster-shaken-small-print-spotted-by-words`):
    /// little is read there, and the small print is spotted as rows of a word or two. Read row by row, each line
    /// came in pieces ("orange debate reader", "ler chance claim"; "Figure crisis", "obtain decade degree"), and
    /// neither was found. Read again whole along its line, each is.
    @Test func aLineOfSmallPrintSpottedWordByWordIsReadWhole() throws {
        let (_, truth, read, _) = try OCRFixtures.readCommittedPage("poster-shaken-small-print-spotted-by-words")
        #expect(OCRFixtures.found(truth, in: read) == truth, "read \(read)")
        #expect(OCRFixtures.junk(read, against: truth).isEmpty, "junk among \(read)")
    }

    @Test func aSmallSignOnABusyStreetIsFound() throws {
        let image = try Self.busyStreet()
        let engine = try TesseractEngine()
        let result = try engine.recognize(image)
        #expect(result.textRotation == 0)
        let pharmacy = try #require(result.lines.first { $0.text == "Pharmacy" }, "\(result.lines.map(\.text))")
        // Its box is the sign's text, in the copy's pixels: on the light panel (700…840, 500…526), as wide
        // as the word.
        let b = pharmacy.box
        #expect(b.x >= 700 && b.y >= 500 && b.x + b.width <= 840 && b.y + b.height <= 526, "\(b)")
        #expect(b.width >= 70 && b.height >= 10, "\(b)")
        for word in ["EXIT", "Platform"] {
            #expect(result.lines.contains { $0.text.contains(word) }, "\(word) in \(result.lines.map(\.text))")
        }
        // The scene needs the spotter: without it (and for Tesseract's defaults) the light sign is not read.
        engine.options.spotText = false
        #expect(!(try engine.recognize(image)).lines.contains { $0.text.contains("Pharmacy") })
        #expect(!(try OCRFixtures.tesseractCLILines(image)).contains { $0.contains("Pharmacy") })
    }

    /// A café's menu lettered light on a dark brick wall (as `scripts/eval/render_menu_walls.py` draws one),
    /// beside its opening hours lettered dark on a blotched light wall: the menu's lines in `size` pt, `pitch`
    /// px apart; the photo's grain (`attenuate`) and blur (σ in px).
    static func menuWall(_ menu: [String], size: Int = 44, pitch: Int = 84, grain: Double = 2, blur: Double = 1.5)
        throws -> Raster
    {
        var bricks: [String] = [], blotches: [String] = []
        for (r, y) in stride(from: 0, to: 1536, by: 50).enumerated() {
            for (c, x) in stride(from: r % 2 == 0 ? -60 : 0, to: 1400, by: 120).enumerated() {
                let v = 30 + (r * 37 + c * 23) % 56
                bricks.append("fill rgb(\(v * 8 / 10),\(v),\(v * 9 / 10)) "
                              + "rectangle \(x + 4),\(y + 4) \(x + 116),\(y + 46)")
            }
        }
        for i in 0..<600 {
            let x = 1400 + (i * 389) % 648, y = (i * 613) % 1536, r = 5 + (i * 7) % 36, v = 120 + (i * 53) % 111
            blotches.append("fill rgb(\(v),\(v - 10),\(v - 25)) circle \(x),\(y) \(x + r),\(y)")
        }
        var args = ["-size", "2048x1536", "xc:rgb(200,190,170)", "-draw", blotches.joined(separator: " "),
                    "-fill", "rgb(88,110,99)", "-draw", "rectangle 0,0 1400,1536",
                    "-draw", bricks.joined(separator: " "),
                    "-blur", "0x1.5", "-font", "DejaVu-Sans", "-pointsize", "\(size)", "-fill", "rgb(235,235,225)"]
        for (i, line) in menu.enumerated() { args += ["-annotate", "+60+\(160 + pitch * i)", line] }
        return try OCRFixtures.magick(args + [
            "-font", "DejaVu-Sans-Bold", "-pointsize", "36", "-fill", "rgb(20,20,20)",
            "-annotate", "+1500+440", "Open daily", "-annotate", "+1500+510", "8 to 18",
            "-seed", "7", "-attenuate", "\(grain)", "+noise", "Gaussian", "-blur", "0x\(blur)", "ppm:-",
        ])
    }

    /// Little reads as it is on a menu wall; its menu, read inverted as a block, is read line by line.
    /// Read inverted whole (as before the blocks) and without its inverse alike, "Soup of the day 6.00" came
    /// apart into "Souprof the" and "the day 6.00", read after the next line.
    @Test func aMenuOnABrickWallIsReadLineByLine() throws {
        let menu = ["Salad 7.50", "Lemonade 4.20", "Fresh bread 9.50", "Soup of the day 6.00", "Muffin 3.80",
                    "Tea 2.50"]
        let wall = try Self.menuWall(menu, size: 46, pitch: 87, grain: 0.3, blur: 1)
        let read = try TesseractEngine().recognize(wall).lines.map(\.text)
        #expect(OCRFixtures.linesReadInOrder(read, menu) == menu.count, "\(read)")
    }

    /// Where little reads as it is, the inverse is read only around blocks of light lines: on a menu wall
    /// a block holding every line of the menu and not the wall; on a busy street, whose light words stand
    /// alone, none.
    @Test func aMenuOnABrickWallIsOneBlockOfLightLinesAndAStreetHasNone() throws {
        let menu = ["Salad 7.50", "Lemonade 4.20", "Fresh bread 9.50", "Soup of the day 6.00", "Muffin 3.80",
                    "Tea 2.50"]
        let wall = try Self.menuWall(menu)
        guard let grey = LeptonicaImage(wall)?.grey(), let street = LeptonicaImage(try Self.busyStreet())?.grey()
        else {
            Issue.record("Leptonica could not hold the pictures")
            return
        }
        let blocks = TesseractEngine.spottingMarks(grey)?.lightTextBlocks ?? []
        // Every line's light ink inside it (the lines' baselines at 160 + 84 i, their letters 44 pt; the
        // mortar is darker than the letters).
        let g = wall.grey()
        var right = 0
        for y in 120..<(172 + 84 * (menu.count - 1)) {
            for x in 0..<1300 where g.pixels[y * g.width + x] > 200 { right = max(right, x + 1) }
        }
        let lines = PixelRect(minX: 60, minY: 120, maxX: Double(right), maxY: Double(172 + 84 * (menu.count - 1)))
        #expect(right > 400)
        let block = try #require(blocks.first { $0.intersectionArea(lines) == lines.area },
                                  "\(blocks) against \(lines)")
        // The menu, not the wall: the bricks run to 1400 px and down the whole picture. (The blotches on
        // the light wall can make a block of their own, read inverted for nothing.)
        #expect(block.maxX < 900 && block.maxY < 1000, "\(block)")
        #expect(TesseractEngine.spottingMarks(street)?.lightTextBlocks == [])
    }

    /// The marks of both polarities come from one pass of window sums: a picture's light marks are
    /// exactly its inverse's dark marks, measured on the inverse itself; and each polarity's marks are
    /// its own letters (the light sign's letters are light marks, not dark ones).
    @Test func aPicturesLightMarksAreItsInversesDarkMarks() throws {
        guard let street = LeptonicaImage(try Self.busyStreet())?.grey(), let inverse = street.inverted() else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        let keep: (PixelRect) -> Bool = { $0.height >= 6 && $0.height <= 60 && $0.width <= 60 }
        let both = street.marks(window: 15, factor: 0.15, keep: keep)
        let inverseDark = inverse.marks(window: 15, factor: 0.15, keep: keep).dark
        #expect(both.light.count >= 20 && both.dark.count >= 20, "\(both.light.count), \(both.dark.count)")
        #expect(both.light == inverseDark)
        // The dark marks are those of Leptonica's own Sauvola threshold (with a mirrored border).
        var binary: UnsafeMutablePointer<Pix>? = nil
        #expect(pixSauvolaBinarize(street.pix, 15, 0.15, 1, nil, nil, nil, &binary) == 0)
        defer { pixDestroy(&binary) }
        var boxes = pixConnCompBB(binary, 8)
        defer { boxaDestroy(&boxes) }
        var leptonica: [PixelRect] = []
        for i in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            _ = boxaGetBoxGeometry(boxes, i, &x, &y, &w, &h)
            let rect = PixelRect(minX: Double(x), minY: Double(y), maxX: Double(x + w), maxY: Double(y + h))
            if keep(rect) { leptonica.append(rect) }
        }
        let ours = both.dark.map { "\($0.rect)" }, theirs = leptonica.map { "\($0)" }
        let onlyOurs = Set(ours).subtracting(theirs), onlyTheirs = Set(theirs).subtracting(ours)
        #expect(ours.count == theirs.count && onlyOurs.isEmpty && onlyTheirs.isEmpty,
                "\(ours.count) vs \(theirs.count): \(onlyOurs.sorted().prefix(5)) | \(onlyTheirs.sorted().prefix(5))")
        // "Platform", light on the blue plate at 200…330, 420…446: its letters are light marks, not dark ones.
        let plate = PixelRect(minX: 200, minY: 420, maxX: 330, maxY: 446)
        func letters(_ marks: [Mark]) -> Int { marks.count { plate.contains(x: $0.rect.midX, y: $0.rect.midY) } }
        #expect(letters(both.light) >= 6, "\(letters(both.light))")
        #expect(letters(both.dark) <= 2, "\(letters(both.dark))")
    }

    /// A word on a board whose edge joins it as a mark of its own: the marks of a rendered street's
    /// "Bicycles" (seed 5, light letters on a green board, as the spotter found them in the copy at 0.77 of its
    /// size), 'y' and 'l' taller than the rest, and before the B a sliver of the wall beside the board, standing
    /// higher. With the sliver, the row stood 30.4 px along its baseline, over twice its letters' 15 px, and
    /// was taken for texture: the word was never read. Without it, it is an aligned row of the eight letters.
    @Test func aBoardsEdgeBesideAWordLeavesTheWordARow() throws {
        // (x, y, width, height) in the copy's pixels.
        let copy: [(Double, Double, Double, Double)] = [
            (1302, 789, 12, 25), (1328, 799, 18, 23), (1348, 803, 18, 19), (1369, 803, 16, 19), (1389, 802, 19, 27),
            (1411, 802, 16, 19), (1433, 794, 16, 27), (1453, 802, 16, 18), (1476, 800, 15, 19),
        ]
        let scale = 0.7703
        let marks = copy.map { x, y, w, h in Self.letter(x * scale, y * scale, width: w * scale, height: h * scale) }
        let rows = TextSpotter.rows(marks, maxHeight: 85)
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row.marks == 8)
        #expect(row.aligned)
        #expect(abs(row.rect.minX - 1328 * scale) < 0.01)
    }
}
