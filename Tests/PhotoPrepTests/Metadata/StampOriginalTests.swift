import Foundation
import Testing

@testable import PhotoPrep

@Suite struct StampOriginalTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    /// A truth as flags give it: 2026-11-29T15:45:00.123+09:00 in Asia/Seoul at `lat`, `lon`.
    static func flagsTruth(lat: Double = 37.5547, lon: Double = 126.9707, name: String? = "Seoul Station") throws
        -> CaptureTruth
    {
        let options = CaptureOptions(
            capturedAt: "2026-11-29T15:45:00.123+09:00", timezone: "Asia/Seoul", lat: lat,
            lon: lon, accuracy: 12.5, altitude: -3.75, placeName: name)
        return try CaptureTruthResolver.resolve(options: options, camera: CameraMetadata(), fileModified: nil)
    }

    /// Tags this tool sets, which may differ after stamping.
    static func isOurs(_ key: String) -> Bool {
        key.hasPrefix("GPS:") || key.hasPrefix("System:") || key.hasPrefix("File:") || key.hasPrefix("Composite:")
            || key.hasPrefix("ExifTool:") || key == "SourceFile" || key == "XMP-iptcCore:Location"
            || [
                "ExifIFD:DateTimeOriginal", "ExifIFD:OffsetTimeOriginal", "ExifIFD:SubSecTimeOriginal",
                "ExifIFD:ExifVersion", "XMP-x:XMPToolkit",
            ].contains(key)
    }

    @Test(
        "Camera JPEG: every tag exiftool read before (MakerNote, thumbnail, interop) reads the same after",
        arguments: [false, true])
    func cameraTagsKept(bigEndian: Bool) throws {
        let dir = try TestSupport.temporaryFolder("stamp-keep")
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try CameraFixture(bigEndian: bigEndian, withGPS: false).jpeg()
        let (stamped, warnings) = try MetadataStamper.stampOriginal(jpeg: original, truth: Self.flagsTruth())
        #expect(warnings.isEmpty)
        let a = try write(original, "before.jpg", in: dir)
        let b = try write(stamped, "after.jpg", in: dir)
        let tags = try ExifTool.read([a, b])
        let before = tags[0]
        let after = tags[1]
        // The fixture is what it claims: exiftool finds the MakerNote values and the thumbnail.
        #expect(ExifTool.text(before["Canon:CanonFirmwareVersion"]) == "Firmware Version 1.2.3")
        #expect(ExifTool.text(before["Canon:OwnerName"]) == "Jane Q. Photographer")
        #expect(before["IFD1:ThumbnailImage"] != nil)
        var compared = 0
        for (key, value) in before where !Self.isOurs(key) {
            #expect(ExifTool.text(after[key]) == ExifTool.text(value), "\(key) changed")
            compared += 1
        }
        #expect(compared > 30)
        #expect(try ExifTool.validationWarnings(b).subtracting(ExifTool.validationWarnings(a)).isEmpty)
        // Image data and every segment but EXIF are byte for byte the same.
        let s0 = try #require(JPEGSegments(original))
        let s1 = try #require(JPEGSegments(stamped))
        #expect(s0.tail == s1.tail)
        #expect(s0.segments.filter { !$0.isEXIF } == s1.segments.filter { !$0.isEXIF && !$0.isXMP })
    }

    @Test(
        "The capture truth reads back exactly with exiftool",
        arguments: [
            (37.5547, 126.9707), (-33.8568, 151.2153), (40.7128, -74.0060), (-22.9519, -43.2105),
        ])
    func readBack(place: (Double, Double)) throws {
        let dir = try TestSupport.temporaryFolder("stamp-readback")
        defer { try? FileManager.default.removeItem(at: dir) }
        let truth = try Self.flagsTruth(lat: place.0, lon: place.1)
        let camera = try CameraFixture(bigEndian: place.0 < 0, withGPS: true).jpeg()
        let plain = try CameraFixture.plainJPEG()
        let files = try [
            write(try MetadataStamper.stampOriginal(jpeg: camera, truth: truth).jpeg, "camera.jpg", in: dir),
            write(try MetadataStamper.stampOriginal(jpeg: plain, truth: truth).jpeg, "plain.jpg", in: dir),
            write(
                try MetadataStamper.stampCopy(
                    copyJPEG: plain, originalJPEG: camera, truth: truth, width: 64, height: 48),
                "copy.jpg", in: dir),
        ]
        for tags in try ExifTool.read(files, ["-G1", "-n"]) {
            let file = ExifTool.text(tags["SourceFile"]) ?? "?"
            #expect(ExifTool.text(tags["ExifIFD:DateTimeOriginal"]) == "2026:11:29 15:45:00", "\(file)")
            #expect(ExifTool.text(tags["ExifIFD:OffsetTimeOriginal"]) == "+09:00", "\(file)")
            #expect(ExifTool.text(tags["ExifIFD:SubSecTimeOriginal"]) == "123", "\(file)")
            #expect(
                ExifTool.text(tags["Composite:SubSecDateTimeOriginal"]) == "2026:11:29 15:45:00.123+09:00", "\(file)")
            #expect(ExifTool.text(tags["GPS:GPSLatitudeRef"]) == (place.0 < 0 ? "S" : "N"), "\(file)")
            #expect(ExifTool.text(tags["GPS:GPSLongitudeRef"]) == (place.1 < 0 ? "W" : "E"), "\(file)")
            let lat = try #require(ExifTool.double(tags["Composite:GPSLatitude"]))
            let lon = try #require(ExifTool.double(tags["Composite:GPSLongitude"]))
            #expect(abs(lat - place.0) < 1e-7 && abs(lon - place.1) < 1e-7, "\(file): \(lat), \(lon)")
            #expect(ExifTool.double(tags["GPS:GPSHPositioningError"]) == 12.5, "\(file)")
            #expect(ExifTool.double(tags["Composite:GPSAltitude"]) == -3.75, "\(file)")
            #expect(ExifTool.text(tags["GPS:GPSVersionID"]) == "2 3 0 0", "\(file)")
            #expect(ExifTool.text(tags["Composite:GPSDateTime"]) == "2026:11:29 06:45:00.123Z", "\(file)")
            #expect(ExifTool.text(tags["XMP-iptcCore:Location"]) == "Seoul Station", "\(file)")
        }
        for file in files { #expect(try ExifTool.validationWarnings(file).isEmpty, "\(file.lastPathComponent)") }
    }

    @Test("A photo's own GPS stays untouched when no flag gives a place")
    func cameraGPSKept() throws {
        let dir = try TestSupport.temporaryFolder("stamp-gps")
        defer { try? FileManager.default.removeItem(at: dir) }
        let camera = try CameraFixture(bigEndian: false, withGPS: true).jpeg()
        let meta = MetadataReader.read(jpeg: camera)
        let truth = try CaptureTruthResolver.resolve(options: CaptureOptions(), camera: meta, fileModified: nil)
        #expect(truth.place?.source == "exif")
        let (stamped, _) = try MetadataStamper.stampOriginal(jpeg: camera, truth: truth)
        let tags = try ExifTool.read([write(camera, "a.jpg", in: dir), write(stamped, "b.jpg", in: dir)])
        let gpsBefore = tags[0].filter { $0.key.hasPrefix("GPS:") }
        #expect(gpsBefore.count >= 8)
        for (key, value) in gpsBefore { #expect(ExifTool.text(tags[1][key]) == ExifTool.text(value), "\(key)") }
        #expect(ExifTool.text(tags[1]["ExifIFD:DateTimeOriginal"]) == "2024:05:01 09:58:07")
        #expect(ExifTool.text(tags[1]["ExifIFD:OffsetTimeOriginal"]) == "+02:00")
        #expect(ExifTool.text(tags[1]["ExifIFD:SubSecTimeOriginal"]) == "042")
    }

    @Test("An existing XMP packet keeps its other properties when the place name is merged in")
    func xmpMerged() throws {
        let dir = try TestSupport.temporaryFolder("stamp-xmp")
        defer { try? FileManager.default.removeItem(at: dir) }
        let packet = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
             xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/" Iptc4xmpCore:Location="Old Name">
            <dc:creator><rdf:Seq><rdf:li>Jane Q. Photographer</rdf:li></rdf:Seq></dc:creator>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            <?xpacket end="w"?>
            """
        let jpeg = CameraFixture.inserting(
            app1: JPEGSegments.xmpSignature + Array(packet.utf8),
            into: try CameraFixture(bigEndian: true).jpeg())
        let (stamped, _) = try MetadataStamper.stampOriginal(
            jpeg: jpeg, truth: Self.flagsTruth(name: "Busan & Sea <Port>"))
        let file = try write(stamped, "xmp.jpg", in: dir)
        let tags = try ExifTool.read(file, ["-G1", "-a"])
        #expect(ExifTool.text(tags["XMP-iptcCore:Location"]) == "Busan & Sea <Port>")
        #expect(ExifTool.text(tags["XMP-dc:Creator"]) == "Jane Q. Photographer")
        #expect(try ExifTool.validationWarnings(file).isEmpty)
    }

    @Test("A place name in any script reads back; characters XML cannot hold are dropped")
    func placeNameText() throws {
        let dir = try TestSupport.temporaryFolder("stamp-name")
        defer { try? FileManager.default.removeItem(at: dir) }
        let truth = try Self.flagsTruth(name: "서울역 \u{1}2번 출구 & \"Gate\"")
        let plain = try CameraFixture.plainJPEG()
        let files = [
            try write(try MetadataStamper.stampOriginal(jpeg: plain, truth: truth).jpeg, "o.jpg", in: dir),
            try write(
                try MetadataStamper.stampCopy(copyJPEG: plain, originalJPEG: nil, truth: truth, width: 64, height: 48),
                "c.jpg", in: dir),
        ]
        for tags in try ExifTool.read(files, ["-G1"]) {
            #expect(ExifTool.text(tags["XMP-iptcCore:Location"]) == "서울역 2번 출구 & \"Gate\"")
        }
        for file in files { #expect(try ExifTool.validationWarnings(file).isEmpty) }
    }

    @Test("Pictures after the end of the image stay where the MPF index says they are")
    func mpfKept() throws {
        let dir = try TestSupport.temporaryFolder("stamp-mpf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let second = try CameraFixture.plainJPEG(width: 32, height: 24, seed: 9)
        // Camera order: APP0, EXIF, MPF APP2, then an XMP segment after the MPF index.
        var jpeg = try CameraFixture(bigEndian: false).jpeg()
        let mpf = Self.mpfSegment(primarySize: 0, secondSize: UInt32(second.count), secondOffset: 0)
        var parsed = try #require(JPEGSegments(jpeg))
        let exifAt = try #require(parsed.segments.firstIndex { $0.isEXIF })
        parsed.segments.insert(mpf, at: exifAt + 1)
        parsed.segments.insert(
            JPEGSegments.Segment(
                marker: 0xE1,
                payload: JPEGSegments.xmpSignature
                    + Array(XMPPacket.fresh(location: "x").utf8))!, at: exifAt + 2)
        jpeg = parsed.bytes
        // Point the MPF index at the second picture appended after EOI.
        let mpfHeader = Self.mpfHeaderPosition(in: jpeg)
        let fixed = Self.mpfSegment(
            primarySize: UInt32(jpeg.count), secondSize: UInt32(second.count),
            secondOffset: UInt32(jpeg.count - mpfHeader))
        parsed.segments[exifAt + 1] = fixed
        jpeg = parsed.bytes + second

        let (stamped, warnings) = try MetadataStamper.stampOriginal(
            jpeg: jpeg, truth: Self.flagsTruth(name: "A longer place name"))
        #expect(warnings.isEmpty)
        let file = try write(stamped, "mpf.jpg", in: dir)
        let input = try write(jpeg, "mpf-input.jpg", in: dir)
        // The fixture is right (exiftool finds the second picture before), and stamping keeps it found.
        for url in [input, file] {
            let extracted = try TestSupport.run("exiftool", ["-b", "-MPImage2:PreviewImage", url.path]).stdout
            #expect(extracted == Data(second), "\(url.lastPathComponent): \(extracted.count) bytes extracted")
        }
        #expect(try ExifTool.validationWarnings(file).isEmpty)
    }

    static func mpfSegment(primarySize: UInt32, secondSize: UInt32, secondOffset: UInt32) -> JPEGSegments.Segment {
        func be32(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        }
        var tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 3]
        tiff += [0xB0, 0x00, 0, 7] + be32(4) + Array("0100".utf8)
        tiff += [0xB0, 0x01, 0, 4] + be32(1) + be32(2)
        tiff += [0xB0, 0x02, 0, 7] + be32(32) + be32(8 + 2 + 36 + 4)
        tiff += be32(0)
        tiff += be32(0x2003_0000) + be32(primarySize) + be32(0) + [0, 0, 0, 0]
        tiff += be32(0x0001_0000) + be32(secondSize) + be32(secondOffset) + [0, 0, 0, 0]
        return JPEGSegments.Segment(marker: 0xE2, payload: JPEGSegments.mpfSignature + tiff)!
    }

    static func mpfHeaderPosition(in jpeg: [UInt8]) -> Int {
        var at = 2
        while at < jpeg.count {
            let len = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
            if jpeg[at + 1] == 0xE2, Array(jpeg[(at + 4)..<(at + 8)]) == JPEGSegments.mpfSignature { return at + 8 }
            at += 2 + len
        }
        return 0
    }
}

@Suite struct FullEXIFTests {
    @Test(
        "An EXIF block at the 64 KiB limit: the stamp goes where the thumbnail was, MakerNote and all else kept",
        arguments: [false, true])
    func full(bigEndian: Bool) throws {
        let dir = try TestSupport.temporaryFolder("stamp-full")
        defer { try? FileManager.default.removeItem(at: dir) }
        let thumb = try CameraFixture.plainJPEG(width: 96, height: 72, seed: 5)
        var fixture = CameraFixture(bigEndian: bigEndian, withGPS: false)
        let base = fixture.tiff(thumbnail: thumb).count
        fixture.makerNotePadding = 65527 - 300 - base
        let tiff = fixture.tiff(thumbnail: thumb)
        #expect(tiff.count + 6 <= 65533 && tiff.count + 6 > 65533 - 400)
        let original = CameraFixture.inserting(
            app1: Array("Exif".utf8) + [0, 0] + tiff, into: try CameraFixture.plainJPEG())
        let (stamped, warnings) = try MetadataStamper.stampOriginal(
            jpeg: original, truth: StampOriginalTests.flagsTruth())
        #expect(warnings.contains { $0.contains("thumbnail") })
        let a = try write(original, "before.jpg", in: dir)
        let b = try write(stamped, "after.jpg", in: dir)
        let tags = try ExifTool.read([a, b])
        #expect(ExifTool.text(tags[0]["Canon:OwnerName"]) == "Jane Q. Photographer")
        for (key, value) in tags[0] where !StampOriginalTests.isOurs(key) && !key.hasPrefix("IFD1:") {
            #expect(ExifTool.text(tags[1][key]) == ExifTool.text(value), "\(key) changed")
        }
        #expect(ExifTool.text(tags[1]["Composite:SubSecDateTimeOriginal"]) == "2026:11:29 15:45:00.123+09:00")
        #expect(ExifTool.double(tags[1]["Composite:GPSLatitude"]).map { abs($0 - 37.5547) < 1e-7 } == true)
        #expect(try ExifTool.validationWarnings(b).subtracting(ExifTool.validationWarnings(a)).isEmpty)
    }
}
