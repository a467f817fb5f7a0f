import Foundation
import Testing
@testable import PhotoPrep

@Suite struct CopyMakerTests {
    /// How ImageMagick turns an upright picture into what a camera stores with orientation N.
    static let storedFromUpright: [Int: [String]] = [
        1: [], 2: ["-flop"], 3: ["-rotate", "180"], 4: ["-flip"],
        5: ["-transpose"], 6: ["-rotate", "-90"], 7: ["-transverse"], 8: ["-rotate", "90"],
    ]

    @Test("Every EXIF orientation gives an upright copy", arguments: 1...8)
    func orientation(_ value: Int) throws {
        let dir = try TestSupport.temporaryFolder("orient")
        defer { try? FileManager.default.removeItem(at: dir) }
        let upright = TestSupport.quadrants(width: 96, height: 64)
        let uprightFile = dir.appendingPathComponent("upright.jpg")
        try Data(TestSupport.jpeg(upright, quality: 98)).write(to: uprightFile)
        // Stored pixels made by ImageMagick, tagged with exiftool: outside oracles for the fixture.
        let stored = dir.appendingPathComponent("stored.jpg")
        try TestSupport.run("convert", [uprightFile.path] + Self.storedFromUpright[value]! + ["-quality", "98",
                                        "-sampling-factor", "1x1", stored.path])
        let tag = try TestSupport.run("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=\(value)", stored.path])
        #expect(tag.status == 0)
        // The fixture is right when ImageMagick's own -auto-orient shows the upright picture.
        let reference = try TestSupport.readWithImageMagick(stored, autoOrient: true)
        #expect(reference.width == 96 && reference.height == 64)
        #expect(TestSupport.meanDifference(reference, upright) < 6)

        let decoded = try CopyMaker.decode([UInt8](try Data(contentsOf: stored)))
        #expect(decoded.copy.width == 96 && decoded.copy.height == 64)
        #expect(TestSupport.meanDifference(decoded.copy, upright) < 6, "orientation \(value) not applied")
    }

    @Test("Orientation 0 and unknown values mean as stored", arguments: [0, 9, 300])
    func unknownOrientation(_ value: Int) throws {
        let picture = TestSupport.quadrants(width: 80, height: 40)
        let decoded = try CopyMaker.decode(try TestSupport.jpeg(picture, orientation: value, quality: 98))
        #expect(decoded.copy.width == 80 && decoded.copy.height == 40)
        #expect(TestSupport.meanDifference(decoded.copy, picture) < 6)
    }

    @Test("Copy sizes follow the upright shape, long edge 2048, never enlarged", arguments: [
        (4032, 3024, 1, 2048, 1536), (3024, 4032, 6, 2048, 1536), (3024, 4032, 1, 1536, 2048),
        (1000, 700, 1, 1000, 700), (2048, 1000, 1, 2048, 1000), (700, 1000, 8, 1000, 700),
    ])
    func sizes(_ w: Int, _ h: Int, _ orientation: Int, _ ew: Int, _ eh: Int) throws {
        let jpeg = try TestSupport.jpeg(Raster(width: w, height: h, channels: 1), orientation: orientation, quality: 50)
        let decoded = try CopyMaker.decode(jpeg)
        #expect(decoded.copy.width == ew && decoded.copy.height == eh)
        #expect(decoded.storedWidth == w && decoded.storedHeight == h)
    }

    @Test("The DCT scale is the smallest M/8 that keeps the long edge at or above the target")
    func dctScale() throws {
        let decoder = try JPEGDecoder()
        let header = JPEGHeader(width: 4032, height: 3024, isGrey: false, isCMYK: false)
        let s = decoder.scale(for: header, targetLongEdge: 2048)
        #expect(s.num * 8 == s.denom * 5)  // 5/8: 2520 px; 4/8 would give 2016 < 2048
        let big = JPEGHeader(width: 8064, height: 6048, isGrey: false, isCMYK: false)
        let b = decoder.scale(for: big, targetLongEdge: 2048)
        #expect(b.num * 8 == b.denom * 3)  // 3/8: 3024 px
        let small = JPEGHeader(width: 1000, height: 700, isGrey: false, isCMYK: false)
        #expect(decoder.scale(for: small, targetLongEdge: 1000) == (1, 1))
    }

    @Test("Odd sizes: no coloured line on the right or bottom edge after a scaled decode")
    func oddSizeEdges() throws {
        // A uniform grey picture whose size is not a whole number of MCUs, scaled by 5/8.
        var grey = Raster(width: 3277, height: 2459, channels: 3)
        for i in 0..<grey.pixels.count { grey.pixels[i] = 128 }
        let jpeg = try JPEGEncoder.encode(grey, quality: 90)
        let copy = try CopyMaker.decode(jpeg).copy
        let w = copy.width, h = copy.height
        for (x, y) in [(w - 1, h / 2), (w / 2, h - 1), (w - 1, h - 1), (0, 0)] {
            for c in 0..<3 { #expect(abs(Int(copy.pixels[(y * w + x) * 3 + c]) - 128) <= 3) }
        }
    }

    @Test("The copy is as close to ImageMagick's Lanczos reference as vipsthumbnail's, within 1 dB")
    func qualityAgainstReference() throws {
        let dir = try TestSupport.temporaryFolder("psnr")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("photo.jpg")
        try Data(try JPEGEncoder.encode(TestSupport.photoLike(width: 3000, height: 2000), quality: 92)).write(to: source)
        let ref = dir.appendingPathComponent("ref.png")
        try TestSupport.run("convert", [source.path, "-auto-orient", "-filter", "Lanczos", "-resize", "2048x2048>", ref.path])
        let ours = dir.appendingPathComponent("ours.png")
        let copy = try CopyMaker.decode([UInt8](try Data(contentsOf: source))).copy
        try Data(try JPEGEncoder.encode(copy, quality: 90)).write(to: dir.appendingPathComponent("ours.jpg"))
        try TestSupport.run("convert", [dir.appendingPathComponent("ours.jpg").path, ours.path])
        let vips = dir.appendingPathComponent("vips.jpg")
        let v = try TestSupport.run("vipsthumbnail", [source.path, "-s", "2048x2048>", "-o", vips.path + "[Q=90]"])
        try #require(v.status == 0, "vipsthumbnail: \(v.stderr)")
        func psnr(_ file: URL) throws -> Double {
            let r = try TestSupport.run("compare", ["-metric", "PSNR", file.path, ref.path, "null:"])
            return Double(r.stderr.split(separator: " ").first ?? "") ?? 0
        }
        let oursPSNR = try psnr(ours), vipsPSNR = try psnr(vips)
        #expect(oursPSNR > 20)
        #expect(oursPSNR >= vipsPSNR - 1.0, "ours \(oursPSNR) dB, vipsthumbnail \(vipsPSNR) dB")
    }
}
