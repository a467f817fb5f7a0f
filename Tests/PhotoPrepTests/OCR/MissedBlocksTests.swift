import Foundation
import Testing
@testable import PhotoPrep

/// A block of a page's lines that Tesseract's layout analysis dropped is found by the spotter's marks and
/// read again (`TesseractEngine.readingMissedBlocks`).
@Suite struct MissedBlocksTests {
    /// A straight two-column page of 13 pt print, 60 lines, 30 a column.
    static let text = SkewTests.lines(60, seed: 21)

    static func page() throws -> Raster {
        try KeystoneTests.twoColumnPage(text, perColumn: 30, pitch: 34, font: "DejaVu-Sans", points: 17,
                                        page: "50,50 1486,1300", colours: ("#ebe8e0", "#1c1c1c"),
                                        corners: "0,0 0,0  1536,0 1536,0  1536,2048 1536,2048  0,2048 0,2048",
                                        blur: "0.5", seed: "3", grain: "0.3")
    }

    struct NoPicture: Error {}

    @Test func aBlockOfLinesTheFirstReadingDroppedIsReadAgain() throws {
        let engine = try TesseractEngine()
        let image = try Self.page()
        guard let pix = LeptonicaImage(image), let grey = pix.grey() else { throw NoPicture() }
        let (lines, plan) = try engine.findLines(in: grey, colour: pix, quarterTurns: 0, invert: false)
        let texts = lines.map(\.line.text)
        #expect(OCRFixtures.found(Self.text, in: texts).count >= 58, "\(texts.joined(separator: "\n"))")
        // The right column's lines 6–20 dropped, as layout analysis dropped forty lines of a held-out page.
        let right = lines.filter { $0.rect.minX > 760 }.sorted { $0.rect.minY < $1.rect.minY }
        try #require(right.count >= 25)
        let dropped = Array(right[5..<20])
        let kept = lines.filter { l in !dropped.contains { $0.rect == l.rect } }
        let again = try engine.readingMissedBlocks(kept, plan: plan, in: grey)
        let read = again.map(\.line.text)
        let back = OCRFixtures.found(dropped.map(\.line.text), in: read)
        #expect(back.count >= 14, "read back: \(back)")
        // Each line once: the block's margins take in lines read already, which are not read twice.
        #expect(again.count <= kept.count + dropped.count + 1, "\(read.joined(separator: "\n"))")
        // A page read unsurely everywhere (blurred bold print at 60%) is no page read well but for a block:
        // its blocks would read more junk, and are left.
        let unsure = kept.map { l in
            var u = l
            for w in u.line.words.indices { u.line.words[w].confidence = 60 }
            return u
        }
        #expect(try engine.readingMissedBlocks(unsure, plan: plan, in: grey).count == unsure.count)
    }

    @Test func aPageReadWholeIsNotReadAgain() throws {
        let engine = try TesseractEngine()
        let image = try Self.page()
        guard let pix = LeptonicaImage(image), let grey = pix.grey() else { throw NoPicture() }
        let (lines, plan) = try engine.findLines(in: grey, colour: pix, quarterTurns: 0, invert: false)
        guard let marks = plan.spottingMarks(of: grey) else { throw NoPicture() }
        #expect(marks.darkTextBlocks(missedBy: lines).isEmpty)
        // Without the lines read, the whole text is a block (or one a column).
        let blocks = marks.darkTextBlocks(missedBy: [])
        #expect((1...2).contains(blocks.count), "\(blocks)")
        #expect(blocks.contains { $0.contains(x: 1000, y: 700) })
    }
}
