import Foundation
import Testing
@testable import PhotoPrep

/// The whole tool, run as a user runs it: `prepare-photo` on files, checked with outside tools.
@Suite(.serialized) struct PrepareCommandTests {
    /// JPEG segments as an independent walker sees them: (marker, whole segment bytes), then the
    /// entropy-coded scan through EOI, then whatever follows EOI.
    static func segments(_ b: [UInt8]) -> (segments: [(UInt8, [UInt8])], scan: [UInt8], trailer: [UInt8]) {
        var out: [(UInt8, [UInt8])] = []
        var i = 2
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            let len = Int(b[i + 2]) << 8 | Int(b[i + 3])
            out.append((marker, Array(b[i..<(i + 2 + len)])))
            i += 2 + len
            if marker == 0xDA { break }
        }
        // The scan ends at the first FF D9 not preceded by a stuffed/RST context.
        var j = i
        while j + 1 < b.count && !(b[j] == 0xFF && b[j + 1] == 0xD9) { j += 1 }
        return (out, Array(b[i..<(j + 2)]), Array(b[(j + 2)...]))
    }

    static func isMetadataAPP1(_ seg: (UInt8, [UInt8])) -> Bool {
        guard seg.0 == 0xE1 else { return false }
        let body = seg.1.dropFirst(4)
        return body.starts(with: Array("Exif\0".utf8)) || body.starts(with: Array("http://ns.adobe.com/xap/1.0/".utf8))
    }

    static func prepare(_ args: [String]) throws -> TestSupport.ToolResult {
        try TestSupport.run(TestSupport.preparePhoto.path, args)
    }

    @Test("A JPEG original keeps every byte outside EXIF/XMP: segments, scan and data after EOI")
    func originalBytesKept() throws {
        let dir = try TestSupport.temporaryFolder("orig")
        defer { try? FileManager.default.removeItem(at: dir) }
        var jpeg = try TestSupport.jpeg(TestSupport.photoLike(width: 900, height: 600), orientation: 6, quality: 90)
        // An APP2 ICC-like segment, a COM, an APP13, and a gain-map-like trailer after EOI.
        let extras: [[UInt8]] = [
            [0xFF, 0xE2, 0x00, 0x10] + Array("ICC_PROFILE\0".utf8) + [1, 1],
            [0xFF, 0xFE, 0x00, 0x07] + Array("hello".utf8),
            [0xFF, 0xED, 0x00, 0x08] + Array("Photo\0".utf8),
        ]
        let sof = jpeg.firstIndex(where: { $0 == 0xDB })! - 1  // before the first DQT
        jpeg.insert(contentsOf: extras.flatMap { $0 }, at: sof)
        jpeg += [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02] + Array("gain map bytes".utf8) + [0xFF, 0xD9]
        let input = dir.appendingPathComponent("IMG_0001.jpg")
        try Data(jpeg).write(to: input)
        let out = dir.appendingPathComponent("out")
        let r = try Self.prepare(["--out", out.path, "--quiet", "--captured-at", "2026-11-29T15:45:00+09:00",
                                  "--lat", "-33.8568", "--lon", "151.2153", input.path])
        #expect(r.status == 0, "\(r.stderr)")
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
        let original = [UInt8](try Data(contentsOf: out.appendingPathComponent(folder).appendingPathComponent("original.jpg")))
        let before = Self.segments(jpeg), after = Self.segments(original)
        let keptBefore = before.segments.filter { !Self.isMetadataAPP1($0) }
        let keptAfter = after.segments.filter { !Self.isMetadataAPP1($0) }
        #expect(keptBefore.map(\.0) == keptAfter.map(\.0))
        #expect(keptBefore.map(\.1) == keptAfter.map(\.1))
        #expect(before.scan == after.scan)
        #expect(before.trailer == after.trailer && !after.trailer.isEmpty)
    }

    @Test("moment.json follows the contract: ULID, request id, sizes, sha256, nulls for unknowns")
    func momentRecord() throws {
        let dir = try TestSupport.temporaryFolder("record")
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("portrait.jpg")
        try Data(try TestSupport.jpeg(TestSupport.photoLike(width: 3024, height: 4032), orientation: 1, quality: 85))
            .write(to: input)
        let r = try Self.prepare(["--out", dir.appendingPathComponent("out").path, "--json", "--quiet",
                                  "--captured-at", "2026-11-29T15:45:00.123+09:00", "--timezone", "Asia/Seoul", input.path])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.text.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let id = try #require(object["id"] as? String)
        #expect(ULIDGenerator.isValid(id))
        #expect(object["clientRequestId"] as? String == "photo-\(id)")
        #expect(object["capturedAt"] as? String == "2026-11-29T06:45:00.123Z")
        #expect(object["timezone"] as? String == "Asia/Seoul")
        #expect(object["localDate"] as? String == "2026-11-29")
        for key in ["situation", "placeName", "location", "crumb"] { #expect(object[key] is NSNull, "\(key) is null") }
        let copy = try #require(object["copy"] as? [String: Any])
        #expect(copy["width"] as? Int == 1536 && copy["height"] as? Int == 2048)
        let source = try #require(object["source"] as? [String: Any])
        let sha = try TestSupport.run("sha256sum", [input.path]).text.prefix(64)
        #expect(source["sha256"] as? String == String(sha))
        #expect(source["name"] as? String == "portrait.jpg" && source["format"] as? String == "jpeg")
        // The folder holds exactly the three files, and the copy really is 1536×2048.
        let folder = dir.appendingPathComponent("out").appendingPathComponent(id)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["copy.jpg", "moment.json", "original.jpg"])
        let size = try TestSupport.run("identify", ["-format", "%w %h", folder.appendingPathComponent("copy.jpg").path]).text
        #expect(size == "1536 2048")
    }

    @Test("Bad inputs fail with a clear error naming the file; the good photo is still prepared")
    func badInputsInABatch() throws {
        let dir = try TestSupport.temporaryFolder("bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = try TestSupport.jpeg(TestSupport.quadrants(width: 320, height: 240), quality: 90)
        let bad: [String: [UInt8]] = [
            "empty.jpg": [],
            "notes.jpg": Array("shopping list: milk, eggs\n".utf8),
            "soi.jpg": [0xFF, 0xD8, 0x00],
            "truncated.jpg": Array(try TestSupport.jpeg(TestSupport.photoLike(width: 400, height: 300)).prefix(900)),
            "garbage.png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0x42, count: 200),
        ]
        var paths: [String] = []
        for (name, bytes) in bad.sorted(by: { $0.key < $1.key }) {
            let url = dir.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            paths.append(url.path)
        }
        let goodURL = dir.appendingPathComponent("good.jpg")
        try Data(good).write(to: goodURL)
        let outbox = dir.appendingPathComponent("outbox")
        let r = try Self.prepare(["--outbox", outbox.path, "--quiet"] + paths + [goodURL.path])
        #expect(r.status == 1)
        for path in paths { #expect(r.stderr.contains("prepare-photo: \(path): "), "error names \(path)") }
        #expect(!r.stderr.contains("Fatal error"))
        let pending = try FileManager.default.contentsOfDirectory(atPath: outbox.appendingPathComponent("pending").path)
        #expect(pending.count == 1, "only the good photo became a moment")
        let tmp = try FileManager.default.contentsOfDirectory(atPath: outbox.appendingPathComponent("tmp").path)
        #expect(tmp.isEmpty, "nothing half-written left behind")
    }

    @Test("Usage errors and missing inputs give the contract's exit codes")
    func exitCodes() throws {
        #expect(try Self.prepare(["--jobs", "zero", "x.jpg"]).status == 64)
        #expect(try Self.prepare(["--captured-at", "yesterday", "x.jpg"]).status == 64)
        let missing = try Self.prepare(["--out", FileManager.default.temporaryDirectory.path, "/no/such/photo.jpg"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/no/such/photo.jpg"))
        let help = try Self.prepare(["--help"])
        #expect(help.status == 0 && help.text.contains("--outbox") && help.text.contains("--captured-at"))
    }

    @Test("A rendered sign: its lines come out numbered in reading order, boxed where the text is")
    func renderedSign() throws {
        let dir = try TestSupport.temporaryFolder("sign")
        defer { try? FileManager.default.removeItem(at: dir) }
        let sign = dir.appendingPathComponent("sign.png")
        // Three lines of dark text on a light board, drawn by ImageMagick at known places.
        let r0 = try TestSupport.run("convert", [
            "-size", "1600x1000", "xc:#F4F1E8", "-fill", "#202020", "-font", "DejaVu-Sans-Bold",
            "-pointsize", "90", "-annotate", "+120+220", "PLATFORM 3",
            "-pointsize", "64", "-annotate", "+120+480", "Trains to Busan",
            "-annotate", "+120+700", "Mind the gap", sign.path])
        try #require(r0.status == 0, "\(r0.stderr)")
        let out = dir.appendingPathComponent("out")
        let r = try Self.prepare(["--out", out.path, "--json", "--quiet", "--annotate", sign.path])
        #expect(r.status == 0, "\(r.stderr)")
        let moment = try Moment.decode(Data(r.stdout))
        let texts = moment.lines.map(\.text)
        #expect(texts == ["PLATFORM 3", "Trains to Busan", "Mind the gap"])
        #expect(moment.lines.map(\.number) == Array(1...moment.lines.count))
        // Copy is 1600×1000 (not enlarged): the first line's box holds the baseline drawn at y=220.
        if let first = moment.lines.first {
            #expect(first.box.y < 220 && first.box.y + first.box.height >= 200 && first.box.x >= 100 && first.box.x <= 140)
            // --annotate: annotated.jpg shows the box in its colour along the line's bottom edge.
            let annotated = try TestSupport.readWithImageMagick(
                out.appendingPathComponent(moment.id).appendingPathComponent("annotated.jpg"))
            let y = first.box.y + first.box.height - 1, x = first.box.x + first.box.width / 2
            let o = (y * annotated.width + x) * 3
            let (red, green, blue) = (annotated.pixels[o], annotated.pixels[o + 1], annotated.pixels[o + 2])
            #expect(red > 180 && green < 80 && blue > 70, "box colour at the line's edge: \(red) \(green) \(blue)")
        }
    }
}
