import Foundation
import Testing
@testable import PhotoPrep

/// Pages photographed a little askew: the slant of their lines measured, the page read turned level,
/// its lines' boxes brought back to the photo.
@Suite struct SkewTests {
    /// `count` lines of nine words drawn (a fixed linear congruential sequence) from the keystone tests'
    /// small print.
    static func lines(_ count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let vocabulary = Array(Set(KeystoneTests.smallPrint.joined(separator: " ").split(separator: " "))).sorted()
        return (0..<count).map { _ in (0..<9).map { _ in String(vocabulary[next(vocabulary.count)]) }.joined(separator: " ") }
    }

    /// A page of small bold print in two columns of 75 lines (13 pt, 22 px apart) filling a 1536×2048
    /// photo, turned clockwise by `degrees`, blurred by `blur` px and grainy.
    static func tiltedPage(_ lines: [String], degrees: Double, blur: String) throws -> Raster {
        var args = ["-size", "1536x2048", "xc:#e8e4da", "-font", "DejaVu-Sans-Bold", "-pointsize", "13",
                    "-fill", "#202020"]
        for (i, l) in lines.enumerated() { args += ["-annotate", "+\(90 + 720 * (i / 75))+\(220 + 22 * (i % 75))", l] }
        args += ["-background", "#e8e4da", "-rotate", "\(degrees)", "-gravity", "center", "-extent", "1536x2048",
                 "-blur", "0x\(blur)", "-seed", "5", "-attenuate", "0.4", "+noise", "Gaussian", "ppm:-"]
        return try OCRFixtures.magick(args)
    }

    @Test func theSlantOfAPageIsMeasuredAndALevelPageHasNone() throws {
        let text = Self.lines(150, seed: 5)
        for degrees in [2.0, -2.5] {
            guard let page = LeptonicaImage(try Self.tiltedPage(text, degrees: degrees, blur: "0.8"))?.grey() else {
                Issue.record("Leptonica could not hold the picture")
                return
            }
            let measured = page.slant()
            let slant = try #require(measured, "no slant found at \(degrees)°")
            // The turn that levels the page undoes ImageMagick's, and its lines are a page's.
            #expect(abs(slant.degrees + degrees) <= 0.2, "\(slant.degrees) for a page turned \(degrees)°")
            #expect(slant.confidence >= Skew.page, "confidence \(slant.confidence) at \(degrees)°")
        }
        guard let level = LeptonicaImage(try Self.tiltedPage(text, degrees: 0, blur: "0.8"))?.grey() else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        let none = level.slant()
        #expect(none == nil)
    }

    @Test func aStreetsRowsOfWindowsTiltedLikeAPageAreNotTakenForOne() throws {
        // Two buildings side by side, each with its own rows of dark windows (storeys of another height,
        // starting at another level), tilted by 2°: their rows run level as a page's lines do, but they are
        // few and broken by the walls between the windows. The slant is found, less surely than a page's:
        // where Tesseract read no line, it is not worth reading the photo again turned level. (One
        // building's regular windows filling the photo score as a page does, 14–18: such a photo is still
        // read level, and its reading kept only when it reads far more.)
        var args = ["-size", "2048x1536", "xc:#9a9a9a"]
        let buildings = [(x: 0, width: 1500, wall: "#b8a890", window: (90, 110), pitch: 170, top: 260),
                         (x: 1500, width: 548, wall: "#a06a50", window: (70, 120), pitch: 200, top: 180)]
        for b in buildings {
            args += ["-fill", b.wall, "-draw", "rectangle \(b.x),\(b.top - 80) \(b.x + b.width),1300",
                     "-fill", "#403a36"]
            for y in stride(from: b.top, to: 1300 - b.window.1, by: b.pitch) {
                for x in stride(from: b.x + 50, to: b.x + b.width - b.window.0, by: b.window.0 + 60) {
                    args += ["-draw", "rectangle \(x),\(y) \(x + b.window.0),\(y + b.window.1)"]
                }
            }
        }
        args += ["-fill", "#6b6b6b", "-draw", "rectangle 0,1300 2048,1536", "-background", "#9a9a9a",
                 "-rotate", "2", "-gravity", "center", "-extent", "2048x1536", "-blur", "0x1",
                 "-seed", "5", "-attenuate", "0.4", "+noise", "Gaussian", "ppm:-"]
        guard let street = LeptonicaImage(try OCRFixtures.magick(args))?.grey() else {
            Issue.record("Leptonica could not hold the picture")
            return
        }
        let measured = street.slant()
        let slant = try #require(measured, "no slant found")
        #expect(abs(slant.degrees + 2) <= 0.2, "\(slant.degrees)")
        #expect(slant.confidence < Skew.page, "confidence \(slant.confidence)")
    }

    @Test func aPictureTurnedLevelMapsItsInkBackToWhereItWas() throws {
        // One dark bar far from the centre (600,450) of the picture: turned by 5°, it moves by about
        // 45 px; mapped back through the turn with the wrong sense, it would land 50 px off.
        let drawn = PixelRect(minX: 1000, minY: 760, maxX: 1100, maxY: 790)
        let raster = try OCRFixtures.magick(["-size", "1200x900", "xc:#f0f0f0", "-fill", "#101010", "-draw",
                                             "rectangle 1000,760 1099,789", "ppm:-"])
        var map: ProjectiveMap? = nil
        guard let picture = LeptonicaImage(raster)?.grey(), let turned = picture.turned(by: 5, map: &map) else {
            Issue.record("Leptonica could not turn the picture")
            return
        }
        let size = (turned.width, turned.height)
        #expect(size == (1200, 900))
        let marks = turned.marks(window: 15, factor: 0.34) { $0.width > 50 }.dark
        let bar = try #require(marks.max { $0.ink < $1.ink })
        #expect(abs(bar.rect.midX - drawn.midX) + abs(bar.rect.midY - drawn.midY) > 30, "the bar did not move")
        let back = try #require(map).map(bar.rect.midX, bar.rect.midY)
        #expect(abs(back.x - drawn.midX) <= 2 && abs(back.y - drawn.midY) <= 2, "\(back) vs \(drawn)")
    }

    @Test func denseSmallPrintTiltedAFewDegreesIsReadLevel() throws {
        // Tesseract deskews a page itself, but on dense bold small print, a little blurred and tilted by
        // 2.5°, its layout analysis lost nearly every line: 5 of these 150 read as the photo stands. Turned
        // level first (by shearing, which keeps thin strokes sharp), 148.
        let text = Self.lines(150, seed: 3)
        let image = try Self.tiltedPage(text, degrees: 2.5, blur: "1.2")
        let result = try TesseractEngine().recognize(image)
        let read = result.lines.map(\.text)
        #expect(OCRFixtures.linesReadInOrder(read, text) >= 140, "\(read.joined(separator: "\n"))")
        // Boxes in the photo: each line's box slants with it, so it is taller than the line by about
        // 2.5° of its 630 px; it stays in its column.
        for (i, line) in result.lines.enumerated() where line.text.count > 20 {
            #expect(line.box.height <= 60 && line.box.width <= 720, "line \(i + 1) box \(line.box)")
        }
    }
}
