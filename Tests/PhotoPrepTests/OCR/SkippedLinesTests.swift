import Foundation
import Testing
@testable import PhotoPrep

/// A reading that left lines out of a page's columns is read again (a page on its side photographed
/// from one side lost one line in seven to Tesseract's reading of vertical lines).
@Suite struct SkippedLinesTests {
    /// A line of text at `y` (its middle) in the column starting at `x`, 20 px tall.
    static func line(x: Double, y: Double, text: String = "tours group museum some") -> FoundLine {
        let words = [TextWord(text: text, confidence: 95, rect: PixelRect(minX: x, minY: y - 10, maxX: x + 500, maxY: y + 10),
                              inDictionary: true)]
        let l = TextLine(words: words, slope: 0)
        return FoundLine(line: l, rect: l.rect, textHeight: 20)
    }

    /// Two columns of 20 lines, their pitch growing from 36 to 45 px down the page (a page photographed
    /// from below), the second column's lines a little further apart.
    static func page(leaving out: Set<Int> = []) -> [FoundLine] {
        var lines: [FoundLine] = []
        for (column, x) in [100.0, 700.0].enumerated() {
            var y = 100.0
            for row in 0..<20 {
                if !out.contains(column * 20 + row) { lines.append(line(x: x, y: y)) }
                y += 36 + Double(row) * 0.5 + Double(column) * 3
            }
        }
        return lines
    }

    @Test func aWholePageSkipsNothingItsPitchChangingDownIt() {
        #expect(FoundLine.skippedLines(in: Self.page()) == 0)
    }

    @Test func linesLeftOutOfAColumnLeaveStepsOfTwoPitchesOrMore() {
        // Column one without its lines 3, 5, 8 and 9 (two in a row leave one step of three pitches).
        #expect(FoundLine.skippedLines(in: Self.page(leaving: [2, 4, 7, 8])) == 3)
        // The second column's last line missing leaves no step at all.
        #expect(FoundLine.skippedLines(in: Self.page(leaving: [39])) == 0)
    }

    @Test func scrapsAndLinesOfAnotherSizeAreNoColumn() {
        // Short scraps far apart, and a heading above a column, are not lines left out.
        let scraps = [Self.line(x: 100, y: 100, text: "EXIT"), Self.line(x: 100, y: 300, text: "B2"),
                      Self.line(x: 100, y: 340, text: "12")]
        #expect(FoundLine.skippedLines(in: scraps) == 0)
        var heading = Self.line(x: 100, y: 0)
        heading.textHeight = 40
        #expect(FoundLine.skippedLines(in: [heading] + Self.page()) == 0)
    }

    /// `line` from `minX` to `maxX`, its middle at `y`.
    static func piece(_ minX: Double, _ maxX: Double, y: Double, text: String) -> FoundLine {
        let rect = PixelRect(minX: minX, minY: y - 10, maxX: maxX, maxY: y + 10)
        let words = [TextWord(text: text, confidence: 95, rect: rect, inDictionary: true)]
        let l = TextLine(words: words, slope: 0)
        return FoundLine(line: l, rect: l.rect, textHeight: 20)
    }

    /// Rows a reading split in two at a word space ("avoid" | "neither series expect. burden answer result", as
    /// Tesseract read a page turned on its side): two lines on a row that the column's lines above or below
    /// span together. Two columns' lines side by side on each row are no split rows, nor a scrap beside a page.
    @Test func rowsSplitInTwoAreToldFromColumnsSideBySide() {
        // Two columns, 500 px wide and 100 px apart: no row split.
        #expect(FoundLine.splitRows(in: Self.page()) == 0)
        // One column whose rows 4 and 11 were read in two pieces each, 30 px apart (box edges of a reading of
        // vertical text land off the words).
        var column = (0..<20).map { Self.line(x: 100, y: 100 + 40 * Double($0)) }
        column[3] = Self.piece(100, 160, y: 220, text: "avoid")
        column.append(Self.piece(190, 600, y: 220, text: "neither series expect. burden answer result"))
        column[10] = Self.piece(100, 420, y: 500, text: "expert palace saving campus expert belong")
        column.append(Self.piece(450, 590, y: 500, text: "hidden"))
        #expect(FoundLine.splitRows(in: column) == 2)
        // A page number out in the margin on a row of the second column, which its lines above would span
        // with it: no piece of a row.
        let numbered = Self.page() + [Self.piece(1250, 1290, y: 100 + 36 * 19 + 85, text: "12")]
        #expect(FoundLine.splitRows(in: numbered) == 0)
        // A title over both columns, just above their first rows, spans each row's two lines: it is no line of
        // a column (its text twice as tall).
        var title = Self.piece(100, 1200, y: 60, text: "A title over the two columns")
        title.textHeight = 40
        #expect(FoundLine.splitRows(in: Self.page() + [title]) == 0)
    }

    /// A page of bold print set close and shaken (held-out seed 9292's pages-04: a title over two columns, 93
    /// lines). Under Sauvola's threshold with the engine's window (1 inch at 70 dpi: two lines tall), its rows
    /// ran together, and Tesseract's layout analysis read one line of every two or three there: its first reading
    /// held 68 lines, 15 places skipped in its columns, and 77 of the 93 were read in all. Read again with a window
    /// a line tall (`readingRowsApart`), all 93.
    @Test func aPageWhoseRowsRanTogetherIsReadAgainWithASmallerWindow() throws {
        let page = try OCRFixtures.committed("page-bold-rows-run-together.jpg")
        let truth = try OCRFixtures.committedLines("page-bold-rows-run-together.txt")
        let engine = try TesseractEngine()
        let read = try engine.recognize(page).lines.map(\.text)
        #expect(OCRFixtures.linesReadInOrder(read, truth) >= 90, "\(read.joined(separator: "\n"))")
        let junk = OCRFixtures.junk(read, against: truth)
        #expect(junk.count <= 1, "\(junk)")
        // The premise: read once as the first reading reads it (turned level, as a page whose slant is sure
        // is), the page skips lines in its columns. And the oracle: Tesseract's own command line, with Sauvola's
        // threshold at its own window, reads its lines.
        var map: ProjectiveMap? = nil
        guard let grey = LeptonicaImage(page)?.grey(), let slant = grey.slant(),
              let level = grey.turned(by: slant.degrees, map: &map)
        else { throw MissedBlocksTests.NoPicture() }
        let first = try engine.pass(level, scale: 1, map: map)
        #expect(FoundLine.skippedLines(in: first) >= TesseractEngine.rowsRunTogether)
        #expect(OCRFixtures.found(truth, in: first.map(\.line.text)).count <= 80)
        let url = try OCRFixtures.writePNM(page)
        defer { try? FileManager.default.removeItem(at: url) }
        let cli = String(decoding: try OCRFixtures.run("tesseract", [url.path, "-", "--dpi", "70",
                                                                     "-c", "thresholding_method=2"]), as: UTF8.self)
        #expect(OCRFixtures.found(truth, in: cli.split(separator: "\n").map(String.init)).count >= 90, "\(cli)")
    }
}
