import Testing
@testable import PhotoPrep

/// A line the first reading was unsure of is read again alone: the reading of the whole picture can
/// mangle a line of thin letters on a grainy poster ("valle", 61%, for "Wi-Fi available") that reads
/// cleanly alone.
@Suite struct DoubtfulLinesTests {
    /// Narrow dark letters on a yellow poster: "Wi-Fi available" with "Children 700 won" on its row, and
    /// light letters on a dark bar below.
    static func poster() throws -> Raster {
        try OCRFixtures.magick([
            "-size", "1400x500", "xc:#d8c020",
            "-font", "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf", "-pointsize", "32",
            "-fill", "#282010", "-annotate", "+100+200", "Wi-Fi available",
            "-font", "DejaVu-Sans", "-pointsize", "30", "-annotate", "+330+200", "Children 700 won",
            "-fill", "#1c3f94", "-draw", "rectangle 60,300 900,420",
            "-fill", "#f4f4f4", "-annotate", "+100+375", "Platform 2 and exit",
            "-colorspace", "gray", "pgm:-",
        ])
    }

    /// A line read as `text` with `confidence`, its box `rect`, 30 px tall.
    static func line(_ text: String, _ confidence: Double, _ rect: PixelRect) -> FoundLine {
        let l = TextLine(words: [TextWord(text: text, confidence: confidence, rect: rect, inDictionary: false)],
                         slope: 0)
        return FoundLine(line: l, rect: rect, textHeight: 30)
    }

    @Test func aDoubtfulLineIsReadAgainWholeButNotIntoTheLineBesideIt() throws {
        guard let image = LeptonicaImage(try Self.poster()) else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        // As the whole picture's reading left it: "available" alone, misread, and the next line sure.
        let found = [Self.line("valle", 61, PixelRect(minX: 160, minY: 176, maxX: 270, maxY: 208)),
                     Self.line("Children 700 won", 96, PixelRect(minX: 330, minY: 176, maxX: 600, maxY: 208))]
        let again = try TesseractEngine().rereadingDoubtful(found, in: image)
        #expect(again.map(\.line.text).sorted() == ["Children 700 won", "Wi-Fi available"])
        // The sure line is kept as it was read.
        #expect(again.contains { $0.line.text == "Children 700 won" && $0.line.confidence == 96 })
    }

    /// A line read again on a panel that was read stretched flat (a page photographed from one side) is placed
    /// in the stretch's frame where the line it reads again lay, and keeps that line's text height: without
    /// either, the reading order put a held-out page's line read again with its title (its cut-out took in
    /// a neighbour's descenders: 56 px tall, not 36), and read six lines of its left column after the right.
    @Test func aLineReadAgainKeepsItsPlaceInAStretchedPanelAndItsHeight() throws {
        guard let image = LeptonicaImage(try Self.poster()) else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        var doubtful = Self.line("valle", 61, PixelRect(minX: 160, minY: 176, maxX: 270, maxY: 208))
        doubtful.panel = PixelRect(minX: 40, minY: 100, maxX: 1300, maxY: 460)
        // The stretch's frame: moved, a little wider.
        doubtful.flat = PixelRect(minX: 90, minY: 108, maxX: 222, maxY: 140)
        doubtful.textHeight = 26
        let again = try TesseractEngine().rereadingDoubtful([doubtful], in: image)
        let line = try #require(again.first { $0.line.text == "Wi-Fi available" }, "read \(again.map(\.line.text))")
        let flat = try #require(line.flat, "the line read again has no place in the stretched frame")
        #expect(abs(flat.minY - (line.rect.minY - 68)) < 1 && abs(flat.minX - (90 + 1.2 * (line.rect.minX - 160))) < 1)
        #expect(line.textHeight <= 26)
        #expect(line.panel == doubtful.panel)
    }

    @Test func lightLettersAreReadAgainTurnedDarkAndSureLinesNotAtAll() throws {
        guard let image = LeptonicaImage(try Self.poster()) else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        let bar = Self.line("Platfonn 2 and ex", 55, PixelRect(minX: 100, minY: 350, maxX: 420, maxY: 382))
        #expect(try TesseractEngine().rereadingDoubtful([bar], in: image).map(\.line.text) == ["Platform 2 and exit"])
        // A line read with confidence is not read again, right or wrong.
        let sure = Self.line("Platfonn 2 and ex", 90, bar.rect)
        #expect(try TesseractEngine().rereadingDoubtful([sure], in: image).map(\.line.text) == ["Platfonn 2 and ex"])
    }
}
