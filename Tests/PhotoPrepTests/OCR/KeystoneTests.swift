import Foundation
import Testing
@testable import PhotoPrep

/// Panels photographed from one side (keystone): found by their outline, stretched back to a
/// rectangle for reading, their lines' boxes brought back onto the photo's ink.
@Suite struct KeystoneTests {
    static func quad(_ p: [(Double, Double)]) -> Quad {
        Quad(topLeft: .init(x: p[0].0, y: p[0].1), topRight: .init(x: p[1].0, y: p[1].1),
             bottomRight: .init(x: p[2].0, y: p[2].1), bottomLeft: .init(x: p[3].0, y: p[3].1))
    }

    @Test func aTiltedRectangleIsNoKeystoneATrapezoidIs() {
        let a = 5.0 * Double.pi / 180
        let turned = [(0.0, 0.0), (400.0, 0.0), (400.0, 200.0), (0.0, 200.0)].map { x, y in
            (x * cos(a) - y * sin(a) + 100, x * sin(a) + y * cos(a) + 50)
        }
        #expect(Self.quad(turned).keystone < 0.001)
        #expect(abs(Self.quad(turned).area - 80_000) < 0.01)
        // Seen from the left: the right side 160 px against the left's 200.
        let seen = Self.quad([(0, 0), (400, 20), (400, 180), (0, 200)])
        #expect(abs(seen.keystone - 0.2) < 1e-9)
        #expect(seen.area == 400 * (200 + 160) / 2)
    }

    static let lines = ["Platform 3", "Seoul Station", "Trains every 5 minutes", "Lost property"]
    /// Where ImageMagick's perspective distortion puts the panel's corners (drawn at 200,150–1400,850):
    /// its right side 600 px tall against the left's 700, as photographed from the left.
    static let photographed = [(200.0, 150.0), (1400.0, 200.0), (1400.0, 800.0), (200.0, 850.0)]

    /// A light panel with four lines of dark text on a darker wall, photographed from the left.
    static func keystonedSign() throws -> Raster {
        var args = ["-size", "1600x1000", "xc:#6b6560", "-fill", "#ece9e2", "-draw", "rectangle 200,150 1400,850",
                    "-font", "DejaVu-Sans", "-pointsize", "64", "-fill", "#1a1a1a"]
        for (i, l) in lines.enumerated() { args += ["-annotate", "+280+\(290 + 150 * i)", l] }
        return try Self.photographing(args, drawn: [(200, 150), (1400, 150), (1400, 850), (200, 850)], as: photographed)
    }

    /// The picture ImageMagick draws with `args`, its corners `drawn` moved to `corners` (a perspective
    /// distortion), with a little grain.
    static func photographing(_ args: [String], drawn: [(Int, Int)], as corners: [(Double, Double)]) throws -> Raster {
        let map = zip(drawn, corners).map { d, p in "\(d.0),\(d.1) \(Int(p.0)),\(Int(p.1))" }
            .joined(separator: "  ")
        return try OCRFixtures.magick(args + ["-virtual-pixel", "edge", "-distort", "Perspective", map,
                                              "-seed", "7", "-attenuate", "0.4", "+noise", "Gaussian", "ppm:-"])
    }

    @Test func theOutlineOfAPanelPhotographedFromOneSideIsFound() throws {
        guard let pix = LeptonicaImage(try Self.keystonedSign()), let grey = pix.grey() else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        let quads = PanelFinder.find(grey).compactMap(\.quad)
        try #require(quads.count == 1, "\(PanelFinder.find(grey).map(\.rect))")
        let q = quads[0]
        // Within three cells of the averaged picture (4 px each here) of where ImageMagick put them:
        // the ground is found a cell inside the panel's edge.
        for (found, truth) in zip([q.topLeft, q.topRight, q.bottomRight, q.bottomLeft], Self.photographed) {
            #expect(abs(found.x - truth.0) <= 12 && abs(found.y - truth.1) <= 12, "\(found) vs \(truth)")
        }
        #expect(abs(q.keystone - 1.0 / 7) < 0.03)
    }

    @Test func itsLinesAreReadInOrderWithTheirBoxesOnTheirInkInThePhoto() throws {
        let image = try Self.keystonedSign()
        let result = try TesseractEngine().recognize(image)
        #expect(result.lines.map(\.text) == Self.lines)
        for line in result.lines {
            let ink = try #require(OCRFixtures.inkBox(image, in: line.box))
            #expect(OCRFixtures.overlap(ink, line.box) > 0.7, "\(line.text): box \(line.box) vs ink \(ink)")
        }
    }

    /// A wide dark red panel with two lines of light text on a brick wall, photographed from the left
    /// and tilted: its corners as photographed.
    static let wideTilted = [(150.0, 330.0), (1450.0, 230.0), (1430.0, 650.0), (170.0, 790.0)]
    static let wideLines = ["Women", "Lost property"]

    static func wideTiltedSign() throws -> Raster {
        var args = ["-size", "1600x1000", "pattern:bricks", "-scale", "400%", "-crop", "1600x1000+0+0", "+repage",
                    "+level-colors", "#8a8580,#b0aba6", "-fill", "#8c1c1c", "-draw", "rectangle 200,300 1400,700",
                    "-font", "DejaVu-Sans", "-pointsize", "80", "-fill", "#e8e0e0"]
        for (i, l) in wideLines.enumerated() { args += ["-annotate", "+300+\(470 + 150 * i)", l] }
        return try Self.photographing(args, drawn: [(200, 300), (1400, 300), (1400, 700), (200, 700)], as: wideTilted)
    }

    @Test func aWidePanelPhotographedFromOneSideAndTiltedIsFoundByItsOutline() throws {
        // The case itself: the wall in its box's corners leaves the panel less of its box than a
        // panel must fill (`PanelFinder.minSolidity`).
        let outline = Self.quad(Self.wideTilted)
        let xs = Self.wideTilted.map(\.0), ys = Self.wideTilted.map(\.1)
        let box = (xs.max()! - xs.min()!) * (ys.max()! - ys.min()!)
        try #require(outline.area < PanelFinder.minSolidity * box)
        guard let pix = LeptonicaImage(try Self.wideTiltedSign()), let grey = pix.grey() else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        let found = PanelFinder.find(grey, colour: pix)
        let panel = try #require(found.first { $0.quad != nil }, "\(found.map(\.rect))")
        let q = try #require(panel.quad)
        for (corner, truth) in zip([q.topLeft, q.topRight, q.bottomRight, q.bottomLeft], Self.wideTilted) {
            #expect(abs(corner.x - truth.0) <= 16 && abs(corner.y - truth.1) <= 16, "\(corner) vs \(truth)")
        }
        // On trial: kept as a panel where something on it reads surely, as its two lines do.
        #expect(panel.isDark && panel.byOutline)
        let result = try TesseractEngine().recognize(try Self.wideTiltedSign())
        #expect(result.lines.map(\.text) == Self.wideLines)
    }

    @Test func aQuadHoldsThePointsInsideIt() {
        let seen = Self.quad([(0, 0), (400, 20), (400, 180), (0, 200)])
        #expect(seen.contains(x: 200, y: 100))
        #expect(seen.contains(x: 390, y: 25))
        #expect(!seen.contains(x: 390, y: 5))    // above the far side, sloping down
        #expect(!seen.contains(x: 410, y: 100))
        #expect(!seen.contains(x: 200, y: 199))  // below the bottom side, sloping up
    }

    static let pageLines = ["Opening hours of the museum", "Monday to Friday 9:00 - 18:00",
                            "Saturday 10:00 - 14:00", "Closed on public holidays",
                            "Guided tours every hour", "Tickets at the front desk"]

    /// A page photographed close up from the left: its left edge runs off the photo, its right side
    /// a fifth shorter than its left.
    static func closeUpPage() throws -> Raster {
        var args = ["-size", "1600x1200", "xc:#3a3430", "-fill", "#efece4", "-draw", "rectangle 0,60 1480,1140",
                    "-font", "DejaVu-Sans", "-pointsize", "44", "-fill", "#161616"]
        for (i, l) in pageLines.enumerated() { args += ["-annotate", "+120+\(220 + 150 * i)", l] }
        let map = "0,60 0,20  1480,60 1480,140  1480,1140 1480,1060  0,1140 0,1180"
        args += ["-virtual-pixel", "edge", "-distort", "Perspective", map,
                 "-seed", "7", "-attenuate", "0.4", "+noise", "Gaussian", "ppm:-"]
        return try OCRFixtures.magick(args)
    }

    @Test func aPageRunningOffThePhotoIsStretchedBackAndReadInOrder() throws {
        let image = try Self.closeUpPage()
        guard let pix = LeptonicaImage(image), let grey = pix.grey() else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        let quads = PanelFinder.find(grey).compactMap(\.quad)
        // Sides of 1160 and 920 px: a keystone of 0.21.
        #expect(quads.count == 1 && abs((quads.first?.keystone ?? 0) - 0.21) < 0.04, "\(quads)")
        let result = try TesseractEngine().recognize(image)
        #expect(result.lines.map(\.text) == Self.pageLines)
    }

    @Test func aWallRunningOffThePhotoIsNotStretchedAsAPage() throws {
        // The sign wall itself photographed from the left, its left side running off the photo: the
        // wall's outline is a keystoned quadrilateral as a page's would be, but it holds a panel.
        var args = ["-size", "1600x1000", "xc:#6b6560", "-fill", "#ece9e2", "-draw", "rectangle 200,150 1400,850",
                    "-font", "DejaVu-Sans", "-pointsize", "64", "-fill", "#1a1a1a"]
        for (i, l) in Self.lines.enumerated() { args += ["-annotate", "+280+\(290 + 150 * i)", l] }
        args += ["-virtual-pixel", "background", "-background", "#1c1c1c", "-distort", "Perspective",
                 "0,0 0,0  1600,0 1600,80  1600,1000 1600,920  0,1000 0,1000",
                 "-seed", "7", "-attenuate", "0.4", "+noise", "Gaussian", "ppm:-"]
        let image = try OCRFixtures.magick(args)
        guard let pix = LeptonicaImage(image), let grey = pix.grey() else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        let panels = PanelFinder.find(grey)
        #expect(panels.contains { $0.quad != nil && $0.rect.width < 1300 }, "\(panels.map(\.rect))")
        #expect(!panels.contains { $0.quad != nil && $0.rect.width >= 1300 }, "\(panels.map(\.rect))")
        #expect(try TesseractEngine().recognize(image).lines.map(\.text) == Self.lines)
    }

    /// Twenty-four lines of small print (13 pt, letters 7 px high), ten words each.
    static let smallPrint: [String] = {
        let words = ["museum", "garden", "visitors", "ticket", "entrance", "morning", "evening", "guided",
                     "tours", "library", "station", "bridge", "river", "summer", "winter", "open", "closed",
                     "monday", "tuesday", "children", "adults", "public", "office", "north", "south", "parking"]
        return (0..<24).map { i in
            (0..<10).map { j in words[(i * 7 + j * 11 + i * j * 3) % words.count] }.joined(separator: " ")
        }
    }()

    /// The small print on a light page (150,100–1450,1300) on a dark table, 1600×1400, the page's corners
    /// moved by ImageMagick's perspective distortion (`corners`: "x,y x',y'" for each), the photo blurred
    /// by `blur` px and grainy (noise seeded by `seed`).
    static func smallPrintPage(corners: String, blur: String, seed: String) throws -> Raster {
        var args = ["-size", "1600x1400", "xc:#3a3430", "-fill", "#efece4", "-draw", "rectangle 150,100 1450,1300",
                    "-font", "DejaVu-Sans", "-pointsize", "13", "-fill", "#161616"]
        for (i, l) in smallPrint.enumerated() { args += ["-annotate", "+220+\(160 + 20 * i)", l] }
        args += ["-virtual-pixel", "edge", "-distort", "Perspective", corners,
                 "-blur", "0x\(blur)", "-seed", seed, "-attenuate", "0.4", "+noise", "Gaussian", "ppm:-"]
        return try OCRFixtures.magick(args)
    }

    /// A light page (`page`: "x0,y0 x1,y1", grey `colours.page`) on a dark table filling a 1536×2048 photo,
    /// `text` on it (grey `colours.ink`) in two columns 700 px apart of `perColumn` lines `pitch` px apart,
    /// photographed from one side (`corners`, as for `smallPrintPage`), blurred by `blur` px and grainy
    /// (`grain`, ImageMagick's attenuation).
    static func twoColumnPage(_ text: [String], perColumn: Int, pitch: Int, font: String, points: Int, page: String,
                              colours: (page: String, ink: String), corners: String, blur: String, seed: String,
                              grain: String) throws -> Raster {
        var args = ["-size", "1536x2048", "xc:#3a3430", "-fill", colours.page, "-draw", "rectangle \(page)",
                    "-font", font, "-pointsize", "\(points)", "-fill", colours.ink]
        for (i, l) in text.enumerated() {
            args += ["-annotate", "+\(110 + 700 * (i / perColumn))+\(200 + pitch * (i % perColumn))", l]
        }
        args += ["-virtual-pixel", "edge", "-distort", "Perspective", corners,
                 "-blur", "0x\(blur)", "-seed", seed, "-attenuate", grain, "+noise", "Gaussian", "ppm:-"]
        return try OCRFixtures.magick(args)
    }

    @Test func smallPrintOnAPagePhotographedFromBelowIsReadWhereStretchingBlurredIt() throws {
        // The page's far (bottom) side 900 px wide against its near side's 1300, the photo a little
        // out of focus: stretched back to a rectangle, the bottom lines' letters (5 px high in the photo)
        // are enlarged and run into each other. Read unsharpened: 20 of the 24 lines, 16% of the
        // characters wrong; sharpened: all 24, 1%.
        let image = try Self.smallPrintPage(
            corners: "150,100 150,100  1450,100 1450,100  1450,1300 1250,1250  150,1300 350,1250", blur: "0.9", seed: "7")
        let read = try TesseractEngine().recognize(image).lines.map(\.text)
        #expect(OCRFixtures.linesReadInOrder(read, Self.smallPrint) >= 23, "\(read.joined(separator: "\n"))")
        let page = Self.smallPrint.joined(separator: " ")
        let errors = OCRFixtures.edits(read.joined(separator: " "), page)
        #expect(Double(errors) <= 0.05 * Double(page.count), "\(errors) characters wrong")
    }

    @Test func smallPrintOnAPagePhotographedFromOneSideKeepsEveryLine() throws {
        // The page's far (right) side 1000 px tall against its near side's 1200: each line of small print
        // slants across the photo, and the box around it there covers the lines above and below. Its
        // lines share most of their words: compared by those boxes, neighbouring lines were dropped as
        // the same line read twice (21 of the 24 kept); compared where they were read, on the page
        // stretched flat, all 24 stay.
        let image = try Self.smallPrintPage(
            corners: "150,100 150,100  1450,100 1450,200  1450,1300 1450,1200  150,1300 150,1300", blur: "0.6", seed: "11")
        let read = try TesseractEngine().recognize(image).lines.map(\.text)
        #expect(OCRFixtures.linesReadInOrder(read, Self.smallPrint) >= 23, "\(read.joined(separator: "\n"))")
    }

    @Test func aGrainyPageOfDenseSerifPrintKeepsItsHairlines() throws {
        // Two columns of 15 pt Liberation Serif, 22 px apart, on a page photographed from one side in
        // dim light (grainy). Its lines are too close to be told apart by their ink, so the panel's line
        // height is unknown; a grainy panel of unknown lines was smoothed with a 3×3 mean, as a grainy
        // sign is, and the serif's hairlines went with the grain: 140 of the 154 lines read. Not
        // smoothed (and sharpened, as small print stretched flat is), 154.
        let text = SkewTests.lines(154, seed: 9)
        let image = try Self.twoColumnPage(text, perColumn: 77, pitch: 22, font: "Liberation-Serif", points: 15,
                                           page: "60,60 1476,1990", colours: ("#e9e6de", "#262626"),
                                           corners: "60,60 60,60  1476,60 1476,160  1476,1990 1476,1890  60,1990 60,1990",
                                           blur: "0.6", seed: "5", grain: "1.4")
        let read = try TesseractEngine().recognize(image).lines.map(\.text)
        #expect(OCRFixtures.linesReadInOrder(read, text) >= 150, "\(read.joined(separator: "\n"))")
    }

    @Test func aPageWhollyInThePhotoAndMildlyKeystonedIsReadStretched() throws {
        // A two-column page of small print (85 lines a column, 20 px apart) photographed a little from
        // its right, its outline as measured on a harness page that lost a quarter of its lines: the far
        // (left) side 1836 px tall against the near side's 1950 (a keystone of 0.058), all of it inside
        // the photo. Read unstretched, Tesseract's one deskew angle does not fit the slanted lines of the
        // far side, which ran into their neighbours: 148 of the 170 lines read. Stretched back to a
        // rectangle (as a panel with that keystone is), 165. Seven draws of the words, prepared with
        // `prepare-photo`, read 80–157 lines unstretched, 163–168 stretched.
        let lines = SkewTests.lines(170, seed: 3)
        let image = try Self.twoColumnPage(lines, perColumn: 85, pitch: 20, font: "DejaVu-Sans", points: 13,
                                           page: "54,54 1494,2004", colours: ("#efece4", "#161616"),
                                           corners: "54,54 54,102  1494,54 1494,54  1494,2004 1482,2004  54,2004 36,1938",
                                           blur: "0.6", seed: "11", grain: "0.4")
        let read = try TesseractEngine().recognize(image).lines.map(\.text)
        #expect(OCRFixtures.linesReadInOrder(read, lines) >= 160, "\(read.joined(separator: "\n"))")
    }

    /// A page photographed from one side and shaken (held-out seed 3434's pages-03: a title over two columns,
    /// 89 lines, measured 29 px high once stretched). Stretched back to a rectangle, its far column is the
    /// more blurred; under Sauvola's threshold at Tesseract's k (0.34) its strokes fell apart, its lines were
    /// read in pieces ("ffice enur", "profit fi"): 62 of the 89 were read in order, beside 22 lines of junk.
    /// At 0.3, all 89 in order and no junk.
    @Test func aPageWhoseFarColumnIsBlurredByStretchingReadsWhole() throws {
        let page = try OCRFixtures.committed("page-far-column-faded.jpg")
        let truth = try OCRFixtures.committedLines("page-far-column-faded.txt")
        let read = try TesseractEngine().recognize(page).lines.map(\.text)
        #expect(OCRFixtures.linesReadInOrder(read, truth) >= 86, "\(read.joined(separator: "\n"))")
        let junk = OCRFixtures.junk(read, against: truth)
        #expect(junk.count <= 2, "\(junk)")
    }
}
