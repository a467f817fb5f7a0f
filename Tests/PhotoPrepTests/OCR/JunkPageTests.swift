import Foundation
import Testing
@testable import PhotoPrep

/// A page read as junk is not read again whole (plainer, level or enlarged) where a band across its middle, read
/// so, stays scraps: blurred small print past Tesseract's reading cost a held-out page 59 s for one line.
@Suite struct JunkPageTests {
    /// Two columns of `lines` lines of small print (15 pt serif, an x-height of about 7 px), blurred by `blur`
    /// (Gaussian sigma in px) and grainy, in grey: the harness's page of blurred small print photographed from afar.
    static func page(lines: Int = 70, blur: Double, grain: Double = 0.7) throws -> Raster {
        let left = MotionBlurTests.pageLines(lines, seed: 31), right = MotionBlurTests.pageLines(lines, seed: 32)
        return try OCRFixtures.magick([
            "-seed", "5", "-size", "1448x\(lines * 20 + 100)", "xc:#e8e6e0", "-font", "Liberation-Serif",
            "-pointsize", "15", "-interline-spacing", "3", "-fill", "#303030",
            "-annotate", "+50+50", left.joined(separator: "\n"), "-annotate", "+760+50", right.joined(separator: "\n"),
            "-blur", "0x\(blur)", "-attenuate", "\(grain)", "+noise", "Gaussian", "-colorspace", "gray", "pgm:-",
        ])
    }

    /// A page of small print blurred past reading, read as junk with a few lines credible, is small print to be read
    /// enlarged (`enlargement`, ×2.7): a band across the rows its lines were read in, enlarged, reads nothing, and the
    /// page is not read enlarged whole (the work of seven readings of the page, for nothing more).
    @Test func aPageReadAsJunkIsNotReadEnlargedWholeWhereItsMiddleReadsNothing() throws {
        let page = try Self.page(blur: 1.4, grain: 1.5)
        let engine = try TesseractEngine()
        let read = try engine.recognizing(page).result
        let readings = Double(engine.pixelsRecognized) / Double(page.width * page.height)
        // (The page does read as junk: many lines, unsurely, before it is left its readable lines.)
        #expect(read.lines.count >= TesseractEngine.pageLines, "\(read.lines.map(\.text))")
        #expect(read.lines.map(\.confidence).reduce(0, +) / Double(max(read.lines.count, 1)) < 60)
        #expect(readings < 6, "the page was read \(readings) times over")
    }

    /// The band decides: blurred small print enlarged reads as scraps; crisp small print (10 pt, an x-height of about
    /// 5 px) enlarged reads as words, and a page of it read as junk would still be read enlarged whole.
    @Test func aBandOfSmallPrintEnlargedReadsAsScrapsOnlyWhereBlurredPastReading() throws {
        let engine = try TesseractEngine()
        func band(_ raster: Raster) throws -> LeptonicaImage {
            guard let grey = LeptonicaImage(raster)?.grey(), let band = TesseractEngine.middleBand(of: grey) else {
                throw MissedBlocksTests.NoPicture()
            }
            return band
        }
        let blurred = try band(Self.page(blur: 1.5))
        #expect(try engine.readsAsScraps(blurred, scale: 2.3, invert: false))
        let crisp = try band(OCRFixtures.magick([
            "-size", "1448x800", "xc:#e8e6e0", "-font", "Liberation-Serif", "-pointsize", "10", "-fill", "#303030",
            "-annotate", "+40+30", MotionBlurTests.pageLines(50, seed: 33).joined(separator: "\n"),
            "-colorspace", "gray", "pgm:-",
        ]))
        #expect(!(try engine.readsAsScraps(crisp, scale: 2.3, invert: false)))
    }

    /// A page of small print a moving camera smeared past reading (held-out seed 8787's shaken small-01, whole: 7 px
    /// print, 157 lines), copied as the pipeline copies it, reads as 18 lines, 13 of them holding no readable word
    /// (`linesFoundUnread`). It was read again with the global threshold, as a picture where little was read is: its
    /// title stayed the only line of the page found, with four scraps of lines more ("danger", "Listen"), for a whole
    /// reading of its pixels (4.4 readings in all, 6.6–8.1 s of its 21). Not now: 3.4 readings.
    @Test func linesFoundButNotReadAreNotReadAgainWithTheGlobalThreshold() throws {
        let page = try OCRFixtures.committedAsCopied("small-print-shaken-past-reading.jpg")
        let truth = try OCRFixtures.committedLines("small-print-shaken-past-reading.txt")
        let engine = try TesseractEngine()
        let read = try engine.recognize(page)
        let readings = Double(engine.pixelsRecognized) / Double(page.width * page.height)
        #expect(readings < 4, "the page was read \(readings) times over")
        let found = OCRFixtures.found(truth, in: read.lines.map(\.text))
        #expect(!found.isEmpty, "\(read.lines.map(\.text))")
        // The premise: the page read as that reading read it (a pass with the global threshold), keeping the words a
        // spotted row would, finds no more of the page's lines. (It reads words of them: "degree ones apply argue
        // broken scheme", of a line of 12 words.)
        guard let grey = LeptonicaImage(page)?.grey() else { throw MissedBlocksTests.NoPicture() }
        _ = engine.setVariable("thresholding_method", "0")
        let global = try engine.pass(grey, scale: 1).compactMap { $0.keepingSureWords()?.line.text }
        #expect(OCRFixtures.found(truth, in: global).count <= found.count, "\(global)")
    }

    /// A page of small print smeared past reading (held-out seed 6061's shaken small-01: 7 px print smeared 6 px) is
    /// read as 23 lines at 49%, 23 readable characters in all: lines of scraps, every one of them but its title junk
    /// to a reader. Only its lines that hold a readable word are given: its title, "thee" and "Bevel".
    @Test func aPageReadAsScrapsIsLeftItsReadableLines() throws {
        let page = try OCRFixtures.committed("small-print-shaken-past-reading-every-way.jpg")
        let truth = try OCRFixtures.committedLines("small-print-shaken-past-reading-every-way.txt")
        let reading = try TesseractEngine().recognizing(page)
        let read = reading.droppingUnreadOfScraps()
        let found = OCRFixtures.found(truth, in: read.lines.map(\.text))
        #expect(found.contains(truth[0]), "its title, in \(read.lines.map(\.text))")
        #expect(read.lines.count - found.count <= 3, "junk lines in \(read.lines.map(\.text))")
        // Nothing of the page is lost; and the premise: it was read as a page of scraps.
        #expect(OCRFixtures.found(truth, in: reading.result.lines.map(\.text)) == found)
        #expect(reading.result.lines.count >= TesseractEngine.pageLines)
        #expect(reading.result.lines.count - found.count >= 15, "\(reading.result.lines.map(\.text))")
    }

    /// A page of small print smeared along its lines (the top 1,024 rows of held-out seed 3737's shaken small-01: 7 px
    /// print smeared 5 px, a streak too shallow to be taken) reads as a page of scraps, 66 lines and 26 readable
    /// characters, and is not read again keeping fainter ink (`readKeepingFainterInk`): read so, it reads as scraps
    /// still (21 readable characters). Its title is found either way.
    @Test func aPageReadAsScrapsIsNotReadAgainKeepingFainterInk() throws {
        let (page, truth, read, readings) = try OCRFixtures.readCommittedPage("small-print-smeared-along-lines")
        // 2.8 readings of its pixels (a band across its middle, and its unsure lines read alone enlarged, among them);
        // it was 3.55.
        #expect(readings < 3.2, "the page was read \(readings) times over")
        let found = OCRFixtures.found(truth, in: read)
        #expect(found.contains(truth[0]), "its title, in \(read)")
        // The premise: its first reading, made keeping its fainter ink as well, reads as a page of scraps, and finds no
        // line of the page more.
        let first = try MotionBlurTests.firstReadingAndDropped(page, leavingFainterInk: false).lines
        #expect(first.count >= TesseractEngine.pageLines)
        #expect(TesseractEngine.areScraps(readable: TesseractEngine.readableCharacters(first), lines: first.count),
                "\(first.map(\.line.text))")
        #expect(OCRFixtures.found(truth, in: first.map(\.line.text)).count <= found.count)
    }

    /// A page read surely is enlarged without a band read first: only a page read as junk is sampled.
    @Test func aPageReadSurelyIsNotSampledBeforeItIsEnlarged() throws {
        let engine = try TesseractEngine()
        guard let grey = LeptonicaImage(try Self.page(blur: 1.5))?.grey() else { throw MissedBlocksTests.NoPicture() }
        let sure = SlantedPageTests.page(40, confidence: 90)
        #expect(!(try engine.enlargedReadsAsScraps(sure, factor: 2.3, in: grey, invert: false)))
        #expect(engine.pixelsRecognized == 0)
        let junk = SlantedPageTests.page(40, confidence: 40)
        #expect(try engine.enlargedReadsAsScraps(junk, factor: 2.3, in: grey, invert: false))
        #expect(engine.pixelsRecognized > 0)
    }
}
