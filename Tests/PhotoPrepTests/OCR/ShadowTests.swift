import Foundation
import Testing
@testable import PhotoPrep

/// A hard-edged shadow (a hand's, a phone's) across a sign wall, found and lifted for a second reading.
@Suite struct ShadowTests {
    /// `PanelFinderTests.wall()` with a shadow 55% dark over its left side, its edge (softened 6 px) running from
    /// (1000, 0) to (700, 1080): through "Exit 7" and "City Hall" on the light panel and "Trains every 5 minutes" on
    /// the red one.
    static func shadowedWall() throws -> Raster {
        let wall = try OCRFixtures.writePNM(try PanelFinderTests.wall())
        defer { try? FileManager.default.removeItem(at: wall) }
        return try OCRFixtures.magick([
            wall.path, "(", "-size", "1600x1080", "xc:white", "-fill", "gray45",
            "-draw", "polygon 0,0 1000,0 700,1080 0,1080", "-blur", "0x6", ")",
            "-compose", "multiply", "-composite", "ppm:-",
        ])
    }

    @Test func aShadowsEdgeIsFoundWhereItFallsAndLiftedToTheLitSidesLight() throws {
        let shadowed = try Self.shadowedWall()
        let edge = try #require(Shadow.edge(in: shadowed))
        // As drawn: 45% of the light, the edge 300 px across over 1080 down (normal about 16° from the x axis).
        #expect(abs(edge.ratio - 0.45) <= 0.05, "\(edge.ratio)")
        let drawn = (x: 1080.0, y: 300.0), length = (1080.0 * 1080 + 300 * 300).squareRoot()
        #expect(abs(edge.normal.x - drawn.x / length) <= 0.03 && abs(edge.normal.y - drawn.y / length) <= 0.03,
                "\(edge.normal)")
        // The wall beside the edge on either side (the gap between the panels, rows 520–560) is as light lifted.
        guard let lifted = Shadow.lifted(shadowed)?.grey() else {
            Issue.record("not lifted")
            return
        }
        func mean(_ x0: Int, _ x1: Int) -> Double {
            var sum = 0, count = 0
            for y in 520..<560 { for x in x0..<x1 { sum += Int(lifted.pixels[y * lifted.width + x]); count += 1 } }
            return Double(sum) / Double(count)
        }
        let dark = mean(700, 800), lit = mean(900, 1000)
        #expect(abs(dark - lit) <= 0.08 * lit, "shadowed side \(dark), lit side \(lit)")
    }

    /// Read as it is, the shadow's edge cut the light panel and the red one in two, and each half was read on its
    /// own: "City Hall" read "‘ity Hall", and of "Trains every 5 minutes" and "Lost property" only "es" (on the
    /// harness's signs under such a shadow, 82% of lines were read; lifted, 91%).
    @Test func aSignWallUnderAHardShadowIsReadWhole() throws {
        let result = try TesseractEngine().recognize(try Self.shadowedWall())
        #expect(result.lines.map(\.text)
            == ["Platform 3", "Seoul Station", "Exit 7", "City Hall", "Trains every 5 minutes", "Lost property"])
    }

    /// Straight edges that keep one ratio along them are not shadows' unless they cut grounds of one hue: a wall
    /// with a panel lit from one side, a mustard panel beside a blue one, a page on a dark table.
    @Test func noShadowWhereNoneFalls() throws {
        let tilted = try OCRFixtures.magick(PhotoTextTests.pageArgs(PhotoTextTests.pageLines) + [
            "-background", "#3a2e28", "-rotate", "4", "-gravity", "center", "-extent", "1240x600", "ppm:-"])
        let page = try OCRFixtures.magick(PhotoTextTests.pageArgs(PhotoTextTests.pageLines) + [
            "-background", "#3a2e28", "-gravity", "center", "-extent", "1300x900", "ppm:-"])
        let pictures = [("wall", try PanelFinderTests.wall()),
                        ("mustard and blue", try PanelFinderTests.mustardAndBlue()),
                        ("tilted page", tilted), ("page on a table", page)]
        for (name, image) in pictures {
            let edge = Shadow.edge(in: image)
            #expect(edge == nil, "\(name): \(edge.map { "ratio \($0.ratio), normal \($0.normal)" } ?? "")")
        }
    }
}
