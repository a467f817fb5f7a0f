import Foundation
import Synchronization
import Testing

@testable import PhotoPrep

/// Damaged, lying and absurd pictures through decoding, metadata reading and stamping: each ends
/// in a `DecodeError` that says what is wrong, or in a picture of the size the file really has;
/// never a crash, a hang or a huge allocation.
@Suite struct HostileDecodeTests {
    /// A camera-like JPEG: APP0, EXIF (with GPS and a thumbnail), a 3-segment ICC profile, then the
    /// picture, so that cut points fall inside each part.
    static func cameraJPEG() throws -> [UInt8] {
        let camera = try CameraFixture(bigEndian: false, withGPS: true).jpeg()
        return ICCProfile.embed(CameraFixture.iccProfile(size: 2000), intoJPEG: camera)
    }

    static let truth: CaptureTruth = {
        let o = CaptureOptions(capturedAt: "2026-11-29T15:45:00.250+09:00", timezone: "Asia/Seoul", lat: -33.5, lon: 151.25)
        return try! CaptureTruthResolver.resolve(options: o, camera: CameraMetadata(), fileModified: nil)
    }()

    /// What a user is owed for any input: an error that names the trouble, or a sound picture.
    static func decodeOrExplain(_ bytes: [UInt8], _ label: String) {
        do {
            let d = try CopyMaker.decode(bytes, longEdge: 256, maxPixels: 50_000_000)
            #expect(d.copy.width >= 1 && d.copy.height >= 1 && max(d.copy.width, d.copy.height) <= 256, "\(label)")
            #expect(d.copy.pixels.count == d.copy.width * d.copy.height * d.copy.channels, "\(label)")
        } catch {
            #expect(!error.description.isEmpty, "\(label)")
        }
    }

    @Test("A JPEG cut every 97 bytes: damage or a picture; metadata reading and stamping always work")
    func truncatedEverywhere() throws {
        let full = try Self.cameraJPEG()
        let sos = try #require(HostileInputs.sosIndex(full))
        var damaged = 0
        for cut in stride(from: 2, to: full.count, by: 97) {
            let bytes = Array(full.prefix(cut))
            do { _ = try CopyMaker.decode(bytes, longEdge: 256) } catch { damaged += 1 }
            let meta = MetadataReader.read(jpeg: bytes)
            #expect((1...8).contains(meta.orientation))
            // The stamp still goes in (a fresh EXIF when the camera's is cut), and reads back.
            let (stamped, _) = try MetadataStamper.stampOriginal(jpeg: bytes, truth: Self.truth)
            #expect(MetadataReader.read(jpeg: stamped).dateTimeOriginal == "2026:11:29 15:45:00", "cut at \(cut)")
            if cut > sos {  // the picture data is kept exactly as far as it goes
                #expect(stamped.suffix(cut - sos) == bytes.suffix(cut - sos), "cut at \(cut)")
            }
        }
        #expect(damaged == (full.count - 2 + 96) / 97, "every cut JPEG is reported as damaged")
    }

    @Test("Cut inside the EXIF block, inside the ICC profile, inside the scan, just before EOI",
          arguments: ["exif", "icc", "scan", "before EOI"])
    func truncatedAt(_ place: String) throws {
        let full = try Self.cameraJPEG()
        let parsed = try #require(JPEGSegments(full))
        var offset = 2
        var starts: [String: Int] = [:]
        for s in parsed.segments {
            if s.isEXIF, starts["exif"] == nil { starts["exif"] = offset + s.bytes.count / 2 }
            if s.isICC, starts["icc"] == nil { starts["icc"] = offset + s.bytes.count / 2 }
            offset += s.bytes.count
        }
        starts["scan"] = offset + (full.count - offset) / 2
        starts["before EOI"] = full.count - 2
        let cut = Array(full.prefix(try #require(starts[place])))
        let error = #expect(throws: DecodeError.self) { try CopyMaker.decode(cut) }
        #expect(error?.description.contains("damaged or cut short") == true, "\(String(describing: error))")
        let meta = MetadataReader.read(jpeg: cut)
        if place == "exif" { #expect(meta.warnings.contains { $0.contains("past the end") }) }
        if place == "scan" || place == "before EOI" {
            #expect(meta.gps != nil && meta.dateTimeOriginal == "2024:05:01 09:58:07", "the camera's EXIF is still read")
        }
    }

    @Test("Every bit of the headers flipped, one at a time: damage or a picture, never a crash")
    func bitFlips() throws {
        let full = try CameraFixture.plainJPEG(width: 40, height: 30)
        let sos = try #require(HostileInputs.sosIndex(full))
        var outcomes = (decoded: 0, refused: 0)
        for i in 2..<(sos + 14) {
            for bit in 0..<8 {
                var b = full
                b[i] ^= 1 << bit
                do {
                    let d = try CopyMaker.decode(b, longEdge: 64, maxPixels: 20_000_000)
                    #expect(d.copy.pixels.count == d.copy.width * d.copy.height * d.copy.channels)
                    outcomes.decoded += 1
                } catch {
                    outcomes.refused += 1
                }
            }
        }
        #expect(outcomes.decoded > 0 && outcomes.refused > 0, "\(outcomes)")
    }

    @Test("Zero bytes: an empty file, a file of zeros, a JPEG whose scan is zeroed")
    func zeros() throws {
        #expect(throws: DecodeError.empty) { try CopyMaker.decode([]) }
        let error = #expect(throws: DecodeError.self) { try CopyMaker.decode([UInt8](repeating: 0, count: 4096)) }
        #expect(error?.description.contains("00 00 00 00") == true, "\(String(describing: error))")
        var jpeg = try CameraFixture.plainJPEG(width: 64, height: 48)
        let sos = try #require(HostileInputs.sosIndex(jpeg))
        for i in (sos + 20)..<(jpeg.count - 2) { jpeg[i] = 0 }
        Self.decodeOrExplain(jpeg, "zeroed scan")
        var soiOnly: [UInt8] = [0xFF, 0xD8, 0xFF]
        soiOnly += [UInt8](repeating: 0, count: 100)
        #expect(throws: DecodeError.self) { try CopyMaker.decode(soiOnly) }
    }

    @Test("Text in a file named .jpg is not a photo, and the message says it looks like text")
    func textFile() throws {
        let error = #expect(throws: DecodeError.self) {
            try CopyMaker.decode(Array("Dear diary, today I took no photos.\n".utf8))
        }
        #expect(error?.description.contains("\"Dear dia\" (text?)") == true, "\(String(describing: error))")
    }

    @Test("A PNG whose chunks lie", arguments: HostileInputs.lyingPNGs().map(\.0))
    func lyingPNG(_ name: String) throws {
        let bytes = try #require(HostileInputs.lyingPNGs().first { $0.0 == name }?.1)
        #expect(ImageFormat.sniff(bytes) == .png)
        do {
            let d = try CopyMaker.decode(bytes, maxPixels: 1_000_000)
            // Whatever is decoded is the size the file really holds (24×16), never the lie.
            #expect(d.storedWidth == 24 && d.storedHeight == 16, "\(name): \(d.storedWidth)×\(d.storedHeight)")
        } catch {
            #expect(error.description.contains("PNG"), "\(name): \(error)")
        }
    }

    @Test("The hand-built PNG and TIFF are sound before they are made to lie")
    func controls() throws {
        let png = try CopyMaker.decode(HostileInputs.png())
        #expect(png.storedWidth == 24 && png.storedHeight == 16)
        #expect(png.copy.pixels[3 * (5 * 24 + 7)] == 70 && png.copy.pixels[3 * (5 * 24 + 7) + 1] == 75)
        let tiff = try CopyMaker.decode(HostileInputs.tiff())
        #expect(tiff.format == .tiff && tiff.storedWidth == 16 && tiff.storedHeight == 16)
        #expect(tiff.copy.pixels[0...5] == [0, 5, 10, 15, 20, 25])
    }

    @Test("A TIFF with absurd strip counts and offsets", arguments: HostileInputs.absurdTIFFs().map(\.0))
    func absurdTIFF(_ name: String) throws {
        let bytes = try #require(HostileInputs.absurdTIFFs().first { $0.0 == name }?.1)
        let control = try CopyMaker.decode(HostileInputs.tiff()).copy
        do {
            let d = try CopyMaker.decode(bytes, maxPixels: 1_000_000)
            // A picture comes back only if it is the one the file holds, not a black or half-filled stand-in.
            #expect(d.copy == control, "\(name)")
        } catch {
            #expect(error.description.contains("TIFF"), "\(name): \(error)")
        }
    }

    /// TIFFs whose strips libtiff cannot decode, and the words of libtiff's reason. Leptonica
    /// reads RGB strips without stopping on errors: these came back all black (the strips could
    /// not be decompressed) or half black (the strip sizes disagree), with no error at all.
    static let stripsLibtiffCannotDecode: [String: String] = [
        "compression 50000 (ZSTD) on raw strips": "ZSTD",
        "compression 40000 (unknown)": "Compression scheme 40000",
        "strip counts disagree": "Not enough data",
    ]

    @Test("A TIFF whose strips libtiff cannot decode is refused with libtiff's reason, not prepared as a black picture",
          arguments: stripsLibtiffCannotDecode.keys.sorted())
    func undecodableStrips(_ name: String) throws {
        let bytes = try #require(HostileInputs.absurdTIFFs().first { $0.0 == name }?.1)
        let reason = try #require(Self.stripsLibtiffCannotDecode[name])
        let error = #expect(throws: DecodeError.self, "\(name)") { try CopyMaker.decode(bytes, maxPixels: 1_000_000) }
        let text = error?.description ?? ""
        #expect(text.contains("TIFF") && text.contains("libtiff: ") && text.contains(reason), "\(name): \(text)")
        #expect(!text.contains("tifferror"), "Leptonica's name for its memory stream says nothing: \(text)")
    }

    @Test("Decoding on many threads at once: each file's error carries its own library's reason")
    func reasonsStayWithTheirFile() throws {
        let inputs = (HostileInputs.absurdTIFFs() + HostileInputs.lyingPNGs()).map(\.1)
        let alone = inputs.map { Self.outcome($0) }
        #expect(alone.filter { $0.contains("libtiff: ") }.count >= 8, "\(alone)")
        let rounds = 6
        let together = Mutex([String?](repeating: nil, count: inputs.count * rounds))
        DispatchQueue.concurrentPerform(iterations: inputs.count * rounds) { k in
            let said = Self.outcome(inputs[k % inputs.count])
            together.withLock { $0[k] = said }
        }
        let results = together.withLock { $0 }
        for k in results.indices { #expect(results[k] == alone[k % inputs.count], "input \(k % inputs.count)") }
    }

    /// The error's text, or the picture's size.
    static func outcome(_ bytes: [UInt8]) -> String {
        do {
            let d = try CopyMaker.decode(bytes, maxPixels: 1_000_000)
            return "\(d.storedWidth)×\(d.storedHeight)"
        } catch {
            return error.description
        }
    }

    @Test("A PNG's damage is told in libpng's words", arguments: [
        ("IHDR CRC wrong", "IHDR: CRC error"), ("IDAT CRC wrong", "IDAT: CRC error"),
        ("bit depth 3", "Invalid IHDR data"), ("cut in IDAT", "read beyond end of data"),
    ])
    func pngReason(_ name: String, _ reason: String) throws {
        let bytes = try #require(HostileInputs.lyingPNGs().first { $0.0 == name }?.1)
        let error = #expect(throws: DecodeError.self, "\(name)") { try CopyMaker.decode(bytes) }
        #expect(error?.description == "the PNG file is damaged or cut short (libpng: \(reason))", "\(name)")
    }

    /// ImageMagick arguments that draw each kind of PNG, 40×30.
    static let pngKinds: [String: [String]] = [
        "16-bit RGB": ["-size", "40x30", "gradient:#102030-#E0C0A0", "-depth", "16", "png48:"],
        "16-bit RGB without gAMA": ["-size", "40x30", "gradient:#102030-#E0C0A0", "-depth", "16",
                                    "-define", "png:exclude-chunks=gAMA,cHRM,sRGB,bKGD,date,tIME", "png48:"],
        "16-bit grey": ["-size", "40x30", "gradient:#000000-#FFFFFF", "-colorspace", "Gray", "-depth", "16", "png:"],
        "grey with alpha": ["-size", "40x30", "gradient:#101010-#F0F0F0", "-colorspace", "Gray", "-alpha", "set",
                            "-channel", "A", "-evaluate", "set", "50%", "+channel", "png:"],
        "palette with tRNS": ["-size", "40x30", "xc:#1060C0", "-fill", "#C02020", "-draw", "rectangle 5,5 20,20",
                              "-transparent", "#C02020", "-colors", "4", "png8:"],
        "interlaced": ["-size", "40x30", "plasma:fractal", "-seed", "2", "-interlace", "PNG", "png24:"],
    ]

    @Test("Every kind of PNG keeps its colours (transparency over white), as ImageMagick shows it",
          arguments: pngKinds.keys.sorted())
    func pngKind(_ kind: String) throws {
        let dir = try TestSupport.temporaryFolder("png-kinds")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("kind.png")
        var args = try #require(Self.pngKinds[kind])
        args[args.count - 1] += file.path
        let made = try TestSupport.run("convert", args)
        try #require(made.status == 0, "\(made.stderr)")
        let reference = try TestSupport.run("convert", [file.path, "-background", "white", "-flatten", "-depth", "8",
                                                         "rgb:-"])
        let expected = [UInt8](reference.stdout)
        let decoded = try CopyMaker.decode([UInt8](try Data(contentsOf: file)))
        let full = try #require(decoded.fullResolution).rgb()
        #expect(full.width == 40 && full.height == 30 && expected.count == full.pixels.count, "\(kind)")
        let worst = zip(full.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 2, "\(kind): off by up to \(worst)")
    }

    @Test("Headers claiming 65535×65535 (JPEG) or 100000×100000 (PNG, TIFF) are refused, naming size and limit",
          arguments: ["jpeg 65535", "png 100000", "tiff 100000", "png 65535x1"])
    func hugeClaims(_ which: String) throws {
        let bytes: [UInt8]
        let size: (Int, Int)
        switch which {
        case "jpeg 65535":
            size = (65535, 65535)
            bytes = HostileInputs.claiming(65535, 65535, try CameraFixture.plainJPEG())
        case "png 100000":
            size = (100_000, 100_000)
            bytes = HostileInputs.png(claimed: size)
        case "tiff 100000":
            size = (100_000, 100_000)
            bytes = HostileInputs.tiff(patch: [0x0100: (4, 1, 100_000), 0x0101: (4, 1, 100_000)])
        default:  // long and thin: 65535 wide, 5000 high: 327 MP
            size = (65535, 5000)
            bytes = HostileInputs.png(claimed: size)
        }
        let error = #expect(throws: DecodeError.self) { try CopyMaker.decode(bytes) }
        // Formats decoded at full size (everything but JPEG) are held to a third of the limit.
        let limit = which.hasPrefix("jpeg") ? CopyMaker.defaultMaxPixels : CopyMaker.defaultMaxPixels / 3
        #expect(error == .tooLarge(width: size.0, height: size.1, limit: limit))
        let text = error?.description ?? ""
        #expect(text.contains("\(size.0)×\(size.1)") && text.contains("\(limit / 1_000_000) MP")
                && text.contains("--max-pixels"), "\(text)")
    }

    @Test("A lower --max-pixels refuses a real photo above it, and one at the limit passes")
    func limitIsInclusive() throws {
        let jpeg = try CameraFixture.plainJPEG(width: 100, height: 50)
        #expect(throws: DecodeError.tooLarge(width: 100, height: 50, limit: 4999)) {
            try CopyMaker.decode(jpeg, maxPixels: 4999)
        }
        #expect(try CopyMaker.decode(jpeg, maxPixels: 5000).storedWidth == 100)
    }

    @Test("12-bit and lossless JPEGs: a clear \"not supported\", not \"damaged\"", arguments: ["12-bit", "lossless"])
    func unsupportedJPEG(_ kind: String) throws {
        let plain = try CameraFixture.plainJPEG()
        let bytes = kind == "12-bit" ? HostileInputs.twelveBit(plain) : HostileInputs.lossless(plain)
        let error = #expect(throws: DecodeError.self) { try CopyMaker.decode(bytes) }
        guard case .unsupported(.jpeg, _) = error else {
            Issue.record("expected unsupported, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("not supported") == true)
        #expect(error?.description.contains("12-bit or lossless") == true, "\(String(describing: error))")
    }
}
