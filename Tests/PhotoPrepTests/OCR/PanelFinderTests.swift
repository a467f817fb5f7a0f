import Foundation
import Testing
@testable import PhotoPrep

/// Sign walls as people photograph them: panels of both polarities on a textured wall, lit from one
/// side, grainy, slightly turned.
@Suite struct PanelFinderTests {
    /// The drawn panels (x0, y0, x1, y1) of `wall`, before the whole picture is turned by `tilt` degrees.
    static let panels: [(Int, Int, Int, Int)] = [(60, 60, 760, 500), (840, 60, 1540, 500), (60, 580, 1540, 1020)]

    /// A brick wall with a dark blue panel (white text), a light panel lit from the left (black text)
    /// and a wide red panel (yellow text) below, with grain and uneven light.
    static func wall(tilt: Double = 0, grain: Double = 0.6) throws -> Raster {
        try OCRFixtures.magick([
            "-size", "1600x1080", "pattern:bricks", "-scale", "400%", "-crop", "1600x1080+0+0", "+repage",
            "+level-colors", "#5a4a40,#9a8a80",
            "-fill", "#1c3f94", "-draw", "rectangle 60,60 760,500",
            "(", "-size", "440x700", "gradient:#f4f4f0-#a8a8a4", "-rotate", "-90", ")",
            "-geometry", "+840+60", "-composite",
            "-fill", "#8c1c1c", "-draw", "rectangle 60,580 1540,1020",
            "-font", "DejaVu-Sans-Bold", "-pointsize", "56",
            "-fill", "white", "-annotate", "+120+250", "Platform 3", "-annotate", "+120+360", "Seoul Station",
            "-fill", "#111111", "-annotate", "+900+250", "Exit 7", "-annotate", "+900+360", "City Hall",
            "-fill", "#e8c82a", "-annotate", "+120+780", "Trains every 5 minutes",
            "-annotate", "+120+900", "Lost property",
            "-background", "#8a8580", "-rotate", String(tilt), "-gravity", "center", "-extent", "1600x1080",
            "-gravity", "northwest",
            "-seed", "7", "-attenuate", String(grain), "+noise", "Gaussian", "ppm:-",
        ])
    }

    @Test("Each panel of a sign wall is found whole, with its ground's polarity", arguments: [0.0, 2.5])
    func panelsOfASignWall(tilt: Double) throws {
        let image = try Self.wall(tilt: tilt)
        guard let pix = LeptonicaImage(image), let grey = pix.grey() else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        let found = PanelFinder.find(grey)
        // Turning the picture leaves flat corners of fill colour, which may count as panels of their own.
        if tilt == 0 { #expect(found.count == 3, "\(found.map(\.rect))") }
        // Every drawn panel matches one found panel (tilt widens its bounds by a few pixels).
        for (i, (x0, y0, x1, y1)) in Self.panels.enumerated() {
            let drawn = PixelRect(minX: Double(x0), minY: Double(y0), maxX: Double(x1), maxY: Double(y1))
            let match = found.first { $0.rect.intersectionArea(drawn) > 0.85 * drawn.area }
            let panel = try #require(match, "panel \(i) \(drawn) not among \(found.map(\.rect))")
            #expect(panel.rect.area < 1.2 * drawn.area, "\(panel.rect) vs \(drawn)")
            #expect(panel.isDark == (i != 1), "panel \(i): ground \(panel.ground)")
        }
        // The light panel is lit from one side; the others are even.
        let lit = found.first { !$0.isDark && $0.rect.area > 100_000 }
        #expect((lit?.unevenness ?? 0) >= PanelFinder.unevenLight)
    }

    @Test("A page filling the photo (straight or tilted on a table), a brick wall and grain alone hold no panel")
    func noPanels() throws {
        let page = try OCRFixtures.magick(PhotoTextTests.pageArgs(PhotoTextTests.pageLines) + ["pgm:-"])
        let bricks = try OCRFixtures.magick([
            "-size", "1200x900", "pattern:bricks", "-scale", "400%", "-fill", "#9a5a40", "-tint", "60",
            "-seed", "7", "-attenuate", "1.5", "+noise", "Gaussian", "-blur", "0x1", "pgm:-",
        ])
        let grain = try OCRFixtures.magick(["-size", "800x600", "xc:gray50", "-seed", "7", "-attenuate", "2",
                                            "+noise", "Gaussian", "pgm:-"])
        // A page turned 4° on a dark table: the wedges of table at its sides fill half their bounds.
        let tilted = try OCRFixtures.magick(PhotoTextTests.pageArgs(PhotoTextTests.pageLines) + [
            "-background", "#3a2e28", "-rotate", "4", "-gravity", "center", "-extent", "1240x600", "pgm:-"])
        for (name, raster) in [("page", page), ("bricks", bricks), ("grain", grain), ("tilted page", tilted)] {
            guard let grey = LeptonicaImage(raster) else {
                Issue.record("Leptonica could not hold \(name)")
                continue
            }
            #expect(PanelFinder.find(grey).isEmpty, "\(name)")
        }
    }

    @Test("The wall is read panel by panel, each line once, and no line joins two panels", arguments: [0.0, 2.5])
    func wallIsReadPanelByPanel(tilt: Double) throws {
        let image = try Self.wall(tilt: tilt)
        let result = try TesseractEngine().recognize(image)
        let expected = ["Platform 3", "Seoul Station", "Exit 7", "City Hall", "Trains every 5 minutes", "Lost property"]
        // Letters as drawn, in order (Tesseract may read a bold "p" as "P" on a turned wall).
        #expect(result.lines.map { $0.text.lowercased() } == expected.map { $0.lowercased() })
    }

    @Test("A sign wall photographed upside down or turned a quarter either way", arguments: [90, 180, 270])
    func turnedSignWall(degrees: Int) throws {
        // Few words per panel: too few for Tesseract's orientation detection to be sure.
        var image = try Self.wall(tilt: 0)
        let pnm = try OCRFixtures.writePNM(image)
        defer { try? FileManager.default.removeItem(at: pnm) }
        image = try OCRFixtures.magick([pnm.path, "-rotate", String(degrees), "ppm:-"])
        let result = try TesseractEngine().recognize(image)
        #expect(result.textRotation == degrees)
        let expected = ["Platform 3", "Seoul Station", "Exit 7", "City Hall", "Trains every 5 minutes", "Lost property"]
        #expect(result.lines.map { $0.text.lowercased() } == expected.map { $0.lowercased() })
    }

    /// A mustard panel with black text beside a light blue one, as grey as each other's text is not.
    static func mustardAndBlue() throws -> Raster {
        try OCRFixtures.magick([
            "-size", "1600x1000", "xc:#6e6660",
            "-fill", "#b8981a", "-draw", "rectangle 60,60 760,940",
            "-fill", "#c4dcea", "-draw", "rectangle 840,60 1540,940",
            "-font", "DejaVu-Sans-Bold", "-pointsize", "64", "-fill", "#141414",
            "-annotate", "+120+300", "No smoking", "-font", "DejaVu-Serif", "-pointsize", "52",
            "-annotate", "+120+420", "Arrivals", "-font", "DejaVu-Sans", "-pointsize", "44",
            "-annotate", "+120+540", "Trains every 6 minutes",
            "-font", "DejaVu-Sans-Bold", "-pointsize", "64", "-annotate", "+900+300", "Gate B12",
            "-font", "DejaVu-Serif", "-pointsize", "52", "-annotate", "+900+420", "Next train 10:00",
            "-seed", "7", "-attenuate", "0.5", "+noise", "Gaussian", "ppm:-",
        ])
    }

    @Test("A panel's polarity comes from its text: black on mustard is read as it is")
    func mustardPanelPolarity() throws {
        guard let pix = LeptonicaImage(try Self.mustardAndBlue()), let grey = pix.grey() else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        let panels = PanelFinder.find(grey)
        #expect(panels.count == 2)
        for p in panels {
            #expect(!p.isDark, "ground \(p.ground), text \(String(describing: p.textLevel))")
        }
    }

    /// Two mustard panels with black text on a concrete wall whose light falls off down it: halfway
    /// down, the wall is as grey as the panels. The drawn panels, and their lines.
    static let mustardPanels = [PixelRect(minX: 80, minY: 260, maxX: 760, maxY: 820),
                                PixelRect(minX: 840, minY: 260, maxX: 1520, maxY: 820)]
    static let mustardLines = ["Lockers", "Left luggage", "No entry", "Staff only"]

    static func mustardOnConcrete() throws -> Raster {
        try OCRFixtures.magick([
            "-size", "1600x1080", "gradient:#c2c2be-#6a6a66",
            "-fill", "#c8a020", "-draw", "rectangle 80,260 760,820", "-draw", "rectangle 840,260 1520,820",
            "-font", "DejaVu-Sans-Bold", "-pointsize", "72", "-fill", "#161616",
            "-annotate", "+140+470", "Lockers", "-annotate", "+900+470", "No entry",
            "-font", "DejaVu-Serif", "-pointsize", "60",
            "-annotate", "+140+640", "Left luggage", "-annotate", "+900+640", "Staff only",
            "-seed", "7", "-attenuate", "0.5", "+noise", "Gaussian", "ppm:-",
        ])
    }

    @Test("Mustard panels on a wall as grey as they are are told from it by their colour")
    func panelsAsGreyAsTheirWall() throws {
        guard let pix = LeptonicaImage(try Self.mustardOnConcrete()), let grey = pix.grey() else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        func matches(_ found: [Panel], _ drawn: PixelRect) -> Bool {
            found.contains { $0.rect.intersectionArea(drawn) > 0.85 * drawn.area && $0.rect.area < 1.2 * drawn.area }
        }
        // The case itself: in grey alone, the panels' ground runs into the wall's.
        let byGrey = PanelFinder.find(grey)
        try #require(!Self.mustardPanels.allSatisfy { matches(byGrey, $0) }, "\(byGrey.map(\.rect))")
        let found = PanelFinder.find(grey, colour: pix)
        for drawn in Self.mustardPanels {
            #expect(matches(found, drawn), "\(drawn) not among \(found.map(\.rect))")
        }
        #expect(found.allSatisfy { !$0.isDark && $0.byColour }, "\(found.map { ($0.ground, $0.byColour) })")
        let result = try TesseractEngine().recognize(try Self.mustardOnConcrete())
        #expect(result.lines.map(\.text) == Self.mustardLines)
    }

    @Test("A panel told by its colour is a sign where a line reads surely or holds a sure dictionary word")
    func aPanelOnTrialIsASignWhereItReadsSurely() {
        func line(_ words: [(String, Double, Bool)]) -> FoundLine {
            let l = TextLine(words: words.enumerated().map { i, w in
                TextWord(text: w.0, confidence: w.1, rect: PixelRect(minX: Double(80 * i), minY: 0,
                                                                     maxX: Double(80 * i + 70), maxY: 60),
                         inDictionary: w.2)
            }, slope: 0)
            return FoundLine(line: l, rect: l.rect, textHeight: l.textHeight)
        }
        // A held-out street's yellow facade: "No Parking 13" painted on it read "to Parking 13", 81% (the N
        // at the facade's edge): "to" 44%, "Parking" 90%, "13" 90%.
        let parking = line([("to", 44, true), ("Parking", 90, true), ("13", 90, false)])
        #expect(parking.line.confidence < LineFilter.sure)
        #expect(TesseractEngine.readsAsSign([parking]))
        // Another facade's rows of windows read as scraps, and a sure word too short to tell: no sign.
        let windows = [line([("Rin", 51, true), ("Baa", 50, true)]), line([("ee", 28, false)])]
        #expect(!TesseractEngine.readsAsSign(windows))
        #expect(!TesseractEngine.readsAsSign([line([("Ta", 60, true), ("Rin", 95, true)])]))
        // A line read surely is a sign as before.
        #expect(TesseractEngine.readsAsSign([line([("Exit", 92, false), ("7", 96, false)])]))
    }

    @Test("Panels grey tells from their wall are found as grey finds them, with colours or not")
    func colourKeepsWhatGreyFinds() throws {
        for image in [try Self.wall(), try Self.mustardAndBlue()] {
            guard let pix = LeptonicaImage(image), let grey = pix.grey() else {
                Issue.record("Leptonica could not hold the picture")
                continue
            }
            let plain = PanelFinder.find(grey)
            #expect(!plain.isEmpty)
            #expect(PanelFinder.find(grey, colour: pix) == plain)
        }
    }

    @Test("A wide light panel lit from one side, its text on the bright side, is read as it is")
    func panelLitFromOneSidePolarity() throws {
        // The panel's ground runs from near white to mid grey; its dark text, on the bright side, is
        // lighter than the panel's ground taken as a whole.
        let image = try OCRFixtures.magick([
            "-size", "1600x1000", "xc:#2c2824",
            "(", "-size", "460x1500", "gradient:#e6eef2-#6c747a", "-rotate", "-90", ")",
            "-geometry", "+50+270", "-composite",
            "-font", "DejaVu-Sans", "-pointsize", "40", "-fill", "#141414",
            "-annotate", "+90+370", "Entrance", "-font", "DejaVu-Serif", "-annotate", "+90+560", "Lost and Found",
            "-seed", "7", "-attenuate", "0.5", "+noise", "Gaussian", "ppm:-",
        ])
        guard let pix = LeptonicaImage(image), let grey = pix.grey() else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        let drawn = PixelRect(minX: 50, minY: 270, maxX: 1550, maxY: 730)
        let panel = try #require(PanelFinder.find(grey).first { $0.rect.intersectionArea(drawn) > 0.85 * drawn.area })
        #expect(!panel.isDark, "ground \(panel.ground), text \(String(describing: panel.textLevel))")
        let result = try TesseractEngine().recognize(image)
        #expect(result.lines.map(\.text) == ["Entrance", "Lost and Found"])
    }

    @Test("Sign panels photographed upside down, read as a few unsure words, are turned and read")
    func upsideDownMustardSign() throws {
        let pnm = try OCRFixtures.writePNM(try Self.mustardAndBlue())
        defer { try? FileManager.default.removeItem(at: pnm) }
        let image = try OCRFixtures.magick([pnm.path, "-rotate", "180", "ppm:-"])
        let result = try TesseractEngine().recognize(image)
        #expect(result.textRotation == 180)
        #expect(result.lines.map(\.text) == ["No smoking", "Arrivals", "Trains every 6 minutes", "Gate B12",
                                            "Next train 10:00"])
    }

    @Test("A poster filling the photo is one even ground; a page lit from one side and a sign wall are not")
    func evenGround() throws {
        let poster = try OCRFixtures.magick([
            "-size", "1600x1000", "xc:#24204e", "-font", "DejaVu-Serif", "-pointsize", "40", "-fill", "#c8c8d0",
            "-annotate", "+80+300", "Emergency exit", "-seed", "7", "-attenuate", "0.5", "+noise", "Gaussian", "pgm:-",
        ])
        let litPage = try OCRFixtures.magick([
            "-size", "1000x1600", "gradient:#f8f8f4-#8c8c88", "-rotate", "-90", "-font", "DejaVu-Sans",
            "-pointsize", "30", "-fill", "#111111", "-annotate", "+80+300", "Opening hours", "pgm:-",
        ])
        for (name, raster, even) in [("poster", poster, true), ("lit page", litPage, false),
                                     ("sign wall", try Self.wall(), false)] {
            guard let pix = LeptonicaImage(raster), let grey = pix.grey() else {
                Issue.record("Leptonica could not hold \(name)")
                continue
            }
            #expect(PanelFinder.layout(grey).evenGround == even, "\(name)")
        }
    }

    @Test("Text painted on the wall beside a panel is read too, after the panel")
    func textOnTheWallBesideAPanel() throws {
        let image = try OCRFixtures.magick([
            "-size", "1600x1000", "xc:#d8d0c0", "-fill", "#1c3f94", "-draw", "rectangle 300,80 1300,520",
            "-font", "DejaVu-Sans-Bold", "-pointsize", "60", "-fill", "white",
            "-annotate", "+400+260", "Seoul Station", "-annotate", "+400+400", "Exit 4",
            "-fill", "#202020", "-annotate", "+400+800", "Platforms 9 and 10",
            "-seed", "7", "-attenuate", "0.4", "+noise", "Gaussian", "ppm:-",
        ])
        let result = try TesseractEngine().recognize(image)
        #expect(result.lines.map(\.text) == ["Seoul Station", "Exit 4", "Platforms 9 and 10"])
    }

    @Test("A dark poster filling the photo: its light text, and dark text on a small light label on it")
    func darkPosterWithALabel() throws {
        let image = try OCRFixtures.magick([
            "-size", "1600x1000", "xc:#202428", "-font", "DejaVu-Sans-Bold", "-pointsize", "64",
            "-fill", "#e8e8e0", "-annotate", "+120+200", "Night Market", "-annotate", "+120+320", "Open until midnight",
            "-fill", "#f4f4f0", "-draw", "rectangle 1100,700 1400,790",
            "-font", "DejaVu-Sans", "-pointsize", "40", "-fill", "#111111", "-annotate", "+1150+762", "Exit 7",
            "-seed", "7", "-attenuate", "0.4", "+noise", "Gaussian", "ppm:-",
        ])
        let result = try TesseractEngine().recognize(image)
        #expect(result.lines.map(\.text) == ["Night Market", "Open until midnight", "Exit 7"])
    }

    @Test("Any size and any pixels: panels lie inside the picture, their wall corners inside them")
    func anySizeAnyPixels() throws {
        var rng = SeededGenerator(seed: 11)
        let sizes = [(1, 1), (15, 15), (16, 16), (17, 400), (400, 17), (401, 300), (1200, 16), (64, 48), (823, 611)]
        for (w, h) in sizes {
            for trial in 0..<4 {
                // Flat rectangles of random greys over noise (trial 0: noise only, trial 3: no noise).
                var pixels = (0..<(w * h)).map { _ in trial == 3 ? UInt8(128) : UInt8(truncatingIfNeeded: rng.next()) }
                for _ in 0..<(trial * 3) {
                    let x0 = Int(rng.next() % UInt64(w)), y0 = Int(rng.next() % UInt64(h))
                    let x1 = min(w, x0 + 1 + Int(rng.next() % UInt64(w)))
                    let y1 = min(h, y0 + 1 + Int(rng.next() % UInt64(h)))
                    let level = UInt8(truncatingIfNeeded: rng.next())
                    for y in y0..<y1 { for x in x0..<x1 { pixels[y * w + x] = level } }
                }
                guard let grey = LeptonicaImage(Raster(width: w, height: h, channels: 1, pixels: pixels)) else {
                    Issue.record("Leptonica could not hold \(w)×\(h)")
                    continue
                }
                // The same pixels as colours: a grey picture's, and one of random colours.
                let colours = (0..<(w * h * 3)).map { i in
                    trial == 1 ? UInt8(truncatingIfNeeded: rng.next()) : pixels[i / 3]
                }
                guard let colour = LeptonicaImage(Raster(width: w, height: h, channels: 3, pixels: colours)) else {
                    Issue.record("Leptonica could not hold \(w)×\(h) in colour")
                    continue
                }
                for p in PanelFinder.find(grey) + PanelFinder.find(grey, colour: colour) {
                    let inside = p.rect.minX >= 0 && p.rect.minY >= 0 && p.rect.maxX <= Double(w) && p.rect.maxY <= Double(h)
                    #expect(inside, "\(w)×\(h): \(p.rect)")
                    #expect(p.rect.width >= Double(PanelFinder.minSide) && p.rect.height >= Double(PanelFinder.minSide))
                    for o in p.outside {
                        #expect(p.rect.intersectionArea(o) == o.area, "\(w)×\(h): \(o) outside \(p.rect)")
                    }
                }
            }
        }
    }
}
