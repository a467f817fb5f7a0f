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

    /// A wall of five sign panels, two of them dark with light letters, 22 lines in all, in colour, grainy.
    static let wallPanels: [(rect: String, ground: String, ink: String, lines: [String])] = [
        ("120,50 680,670", "#1e1e28", "#d8c050", ["Restaurant", "Lockers", "Cafe", "Toilets"]),
        ("760,50 1290,670", "#f0f0ec", "#151515", ["Express Bus", "Terminal", "Nursing Room", "Gate 12"]),
        ("1380,50 1920,670", "#1f5a96", "#f4f4f4", ["Safety Door", "Men", "Women", "Exit"]),
        ("70,770 980,1470", "#e8e6e0", "#151515", ["Boarding Gate", "Cinema", "Ticket Office", "Platform 3",
                                                    "Lost and Found"]),
        ("1070,770 1990,1470", "#15151c", "#f0f0f0", ["Stairs", "Police Station", "Bus Stop", "Taxi Rank",
                                                      "Information"]),
    ]

    static func signWall() throws -> Raster {
        var args = ["-size", "2048x1536", "xc:#8f8a80", "-font", "DejaVu-Serif", "-pointsize", "66"]
        for panel in wallPanels {
            let corners = panel.rect.split(separator: " ").map { $0.split(separator: ",").compactMap { Int($0) } }
            args += ["-fill", panel.ground, "-draw", "rectangle \(panel.rect)", "-fill", panel.ink]
            let pitch = (corners[1][1] - corners[0][1]) / (panel.lines.count + 1)
            for (i, text) in panel.lines.enumerated() {
                args += ["-annotate", "+\(corners[0][0] + 50)+\(corners[0][1] + pitch * (i + 1) + 20)", text]
            }
        }
        // Grain strong enough that the spotter finds rows of dark specks on the dark panels and between them.
        return try OCRFixtures.magick(args + ["-seed", "5", "-attenuate", "4", "+noise", "Gaussian", "-blur", "0x1",
                                              "ppm:-"])
    }

    /// A sign wall whose lines are 20 or more reads like a page, but its panels were read on their own: the
    /// rows of dark marks on a panel that no line touches are its grain, or the gaps around light letters, and
    /// are not read as a page's missed block. On a harness wall of five panels (21 lines at 95%), two such
    /// blocks read as "AIC LOCK" and "Da", for 8 s of the photo's 9.
    @Test func blocksOnSignPanelsAreNotReadAsAPagesMissedBlocks() throws {
        let engine = try TesseractEngine()
        let image = try Self.signWall()
        guard let pix = LeptonicaImage(image), let grey = pix.grey() else { throw NoPicture() }
        let (lines, plan) = try engine.findLines(in: grey, colour: pix, quarterTurns: 0, invert: true)
        let texts = lines.map(\.line.text)
        #expect(OCRFixtures.found(Self.wallPanels.flatMap(\.lines), in: texts).count >= 20, "\(texts)")
        guard let marks = plan.spottingMarks(of: grey) else { throw NoPicture() }
        let blocks = marks.darkTextBlocks(missedBy: lines)
        let panels = plan.signPanels.map(\.rect)
        let onPanels = blocks.filter { b in panels.contains { $0.intersectionArea(b) >= 0.5 * b.area } }
        // The grain makes such blocks, on the dark panel at the bottom right at least.
        try #require(!onPanels.isEmpty, "blocks \(blocks), panels \(panels)")
        let before = engine.pixelsRecognized
        let again = try engine.readingMissedBlocks(lines, plan: plan, in: grey)
        let read = engine.pixelsRecognized - before
        let elsewhere = blocks.filter { b in !onPanels.contains(b) }.reduce(0.0) { $0 + $1.area }
        #expect(Double(read) <= elsewhere + 0.01 * Double(image.width * image.height),
                "read \(read) px of blocks, \(elsewhere) px of them off the panels")
        #expect(again.count == lines.count, "\(again.map(\.line.text))")
    }
}
