import Foundation
import Testing
@testable import PhotoPrep

@Suite struct DecodingTests {
    @Test("Formats are recognised by their bytes, not their names")
    func sniffing() throws {
        let dir = try TestSupport.temporaryFolder("sniff")
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("frame.jpg")  // a PNG named .jpg
        try TestSupport.run("convert", ["-size", "40x30", "xc:orange", "png:" + png.path])
        let bytes = [UInt8](try Data(contentsOf: png))
        #expect(ImageFormat.sniff(bytes) == .png)
        let decoded = try CopyMaker.decode(bytes)
        #expect(decoded.format == .png && decoded.copy.width == 40 && decoded.copy.height == 30)
        #expect(decoded.fullResolution != nil)
    }

    @Test("PNG, TIFF, WebP, BMP, PNM and GIF decode through Leptonica to the right colour",
          arguments: ["png", "tiff", "webp", "bmp", "ppm", "gif"])
    func otherFormats(_ ext: String) throws {
        let dir = try TestSupport.temporaryFolder("formats")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("picture.\(ext)")
        let made = try TestSupport.run("convert", ["-size", "64x48", "xc:#1060C0", file.path])
        try #require(made.status == 0, "convert could not write \(ext): \(made.stderr)")
        let decoded = try CopyMaker.decode([UInt8](try Data(contentsOf: file)))
        #expect(decoded.copy.width == 64 && decoded.copy.height == 48)
        let p = decoded.copy.rgb().pixels
        #expect(abs(Int(p[0]) - 0x10) <= 8 && abs(Int(p[1]) - 0x60) <= 8 && abs(Int(p[2]) - 0xC0) <= 8)
    }

    @Test("Grey and CMYK JPEGs decode; CMYK comes out as RGB")
    func greyAndCMYK() throws {
        let dir = try TestSupport.temporaryFolder("cmyk")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cmyk = dir.appendingPathComponent("cmyk.jpg")
        try TestSupport.run("convert", ["-size", "64x48", "xc:#C02020", "-colorspace", "CMYK", cmyk.path])
        let decoded = try CopyMaker.decode([UInt8](try Data(contentsOf: cmyk)))
        #expect(decoded.copy.channels == 3)
        let p = decoded.copy.pixels
        #expect(p[0] > 150 && p[1] < 80 && p[2] < 80, "red stays red: \(p[0]) \(p[1]) \(p[2])")
        let grey = try CopyMaker.decode(try JPEGEncoder.encode(Raster(width: 30, height: 20, channels: 1), quality: 80))
        #expect(grey.copy.channels == 1)
    }

    @Test("Bad bytes give a clear error, never a crash", arguments: [
        ("empty", [UInt8]()),
        ("text", Array("hello, this is not a photo\n".utf8)),
        ("SOI then nothing", [0xFF, 0xD8, 0x00]),
        ("PNG header with garbage", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0x41, count: 64)),
    ])
    func badBytes(_ label: String, _ bytes: [UInt8]) {
        #expect(throws: DecodeError.self, "\(label)") { try CopyMaker.decode(bytes) }
    }

    @Test("A truncated JPEG is damage, not a grey-filled picture", arguments: [0.3, 0.6, 0.95])
    func truncated(_ fraction: Double) throws {
        let full = try TestSupport.jpeg(TestSupport.photoLike(width: 640, height: 480), quality: 90)
        let cut = Array(full.prefix(Int(Double(full.count) * fraction)))
        #expect(throws: DecodeError.self) { try CopyMaker.decode(cut) }
    }

    @Test("A header claiming 65535×65535 pixels is refused before decoding, naming size and limit")
    func hugeHeader() throws {
        var jpeg = try JPEGEncoder.encode(Raster(width: 16, height: 16, channels: 1), quality: 80)
        // Patch the SOF0 frame size to 65535×65535.
        var i = 2
        while i + 9 < jpeg.count {
            if jpeg[i] == 0xFF && jpeg[i + 1] == 0xC0 { jpeg[i + 5] = 0xFF; jpeg[i + 6] = 0xFF; jpeg[i + 7] = 0xFF; jpeg[i + 8] = 0xFF; break }
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        let error = #expect(throws: DecodeError.self) { try CopyMaker.decode(jpeg) }
        #expect(error == .tooLarge(width: 65535, height: 65535, limit: CopyMaker.defaultMaxPixels))
        #expect(error?.description.contains("65535×65535") == true)
    }

    @Test("SHA-256 agrees with sha256sum", arguments: [0, 1, 55, 56, 63, 64, 65, 1000, 100_003])
    func sha256(_ length: Int) throws {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let expected = try TestSupport.run("sha256sum", [], stdin: Data(bytes)).text.prefix(64)
        #expect(SHA256.hex(bytes) == String(expected))
    }
}
