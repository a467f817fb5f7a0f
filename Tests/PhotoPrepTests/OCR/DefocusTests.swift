import Foundation
import Testing
@testable import PhotoPrep

/// Photos out of focus: told by the width of their edges, read with them steepened.
@Suite struct DefocusTests {
    /// The committed page of 89 lines (a page photographed from one side), through ImageMagick's `operation`.
    static func page(_ operation: [String]) throws -> Raster {
        try OCRFixtures.magick([OCRFixtures.committedPath("page-far-column-faded.jpg")] + operation + ["ppm:-"])
    }

    @Test func edgesAreWideOutOfFocusButNotAlongAStreak() throws {
        let sharp = try #require(Defocus.edgeWidth(Self.page([]).grey()))
        let blurred = try #require(Defocus.edgeWidth(Self.page(["-blur", "0x2.5"]).grey()))
        // A camera moved along the lines smears the letters' sides, not their tops and bottoms.
        let streaked = try #require(Defocus.edgeWidth(Self.page(["-motion-blur", "0x6+0"]).grey()))
        #expect(sharp <= Defocus.blurredEdge, "sharp: \(sharp)")
        #expect(blurred > Defocus.blurredEdge, "out of focus: \(blurred)")
        #expect(streaked <= Defocus.blurredEdge, "streaked: \(streaked)")
    }

    @Test func steepeningLeavesAFlatGroundFlatAndSteepensAStep() throws {
        var pixels = [UInt8](repeating: 200, count: 40 * 40)
        for y in 0..<40 { for x in 20..<40 { pixels[y * 40 + x] = 60 } }
        // A step blurred over 4 px: 200, 165, 130, 95, 60.
        for y in 0..<40 { for (k, v) in [165, 130, 95].enumerated() { pixels[y * 40 + 19 + k] = UInt8(v) } }
        let sharp = try #require(Defocus.sharpened(Raster(width: 40, height: 40, channels: 1, pixels: pixels)))
        #expect(sharp.pixels[20 * 40 + 5] == 200 && sharp.pixels[20 * 40 + 35] == 60)
        // Either side of the middle, the levels move away from it: the edge is steeper.
        #expect(sharp.pixels[20 * 40 + 19] > 165 && sharp.pixels[20 * 40 + 21] < 95)
    }

    /// A straight page of two columns of 20 pt print (x-height 11 px), photographed out of focus (a Gaussian
    /// blur of 2 px): read as it is, 2 of its 80 lines were found (`tesseract` with its defaults
    /// printed 31 lines of scraps); with its edges steepened, all 80.
    @Test func aPageOutOfFocusReadsAsInFocus() throws {
        let text = Array(try OCRFixtures.committedLines("page-far-column-faded.txt").prefix(80))
        let page = try KeystoneTests.twoColumnPage(text, perColumn: 40, pitch: 42, font: "DejaVu-Sans", points: 20,
                                                   page: "54,54 1494,2004", colours: ("#efece4", "#161616"),
                                                   corners: "0,0 0,0  1536,0 1536,0  1536,2048 1536,2048  0,2048 0,2048",
                                                   blur: "2", seed: "3", grain: "0.3")
        let read = try TesseractEngine().recognize(page).lines.map(\.text)
        #expect(OCRFixtures.linesReadInOrder(read, text) >= 76, "\(read.joined(separator: "\n"))")
        let junk = OCRFixtures.junk(read, against: text)
        #expect(junk.count <= 4, "\(junk)")
    }
}
