import Foundation
import Testing

@testable import PhotoPrep

@Suite struct StampCopyTests {
    @Test(
        "The copy carries the stamp, Orientation 1, its own size, the camera's descriptive tags, no thumbnail or MakerNote",
        arguments: [false, true])
    func copy(bigEndian: Bool) throws {
        let dir = try TestSupport.temporaryFolder("stamp-copy")
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try CameraFixture(bigEndian: bigEndian, withGPS: true).jpeg()
        let fresh = try CameraFixture.plainJPEG(width: 48, height: 64, seed: 3)  // as if rotated by 90°
        let profile = CameraFixture.iccProfile(size: 300)
        let withICC = ICCProfile.embed(profile, intoJPEG: fresh)
        let truth = try StampOriginalTests.flagsTruth()
        let copy = try MetadataStamper.stampCopy(
            copyJPEG: withICC, originalJPEG: original, truth: truth,
            width: 48, height: 64)
        let file = try write(copy, "copy.jpg", in: dir)
        let tags = try ExifTool.read(file)
        #expect(ExifTool.double(tags["IFD0:Orientation"]) == 1)
        #expect(ExifTool.double(tags["ExifIFD:ExifImageWidth"]) == 48)
        #expect(ExifTool.double(tags["ExifIFD:ExifImageHeight"]) == 64)
        #expect(ExifTool.text(tags["ExifIFD:DateTimeOriginal"]) == "2026:11:29 15:45:00")
        #expect(ExifTool.text(tags["IFD0:Model"]) == "Canon EOS Fixture")
        #expect(ExifTool.text(tags["ExifIFD:ExposureTime"]) == "0.004")
        #expect(ExifTool.text(tags["XMP-iptcCore:Location"]) == "Seoul Station")
        #expect(
            !tags.keys.contains { $0.hasPrefix("IFD1:") || $0.hasPrefix("Canon:") || $0 == "ExifIFD:MakerNoteUnknown" })
        // Flags beat the camera's own GPS.
        #expect(ExifTool.double(tags["GPS:GPSLatitude"]).map { abs($0 - 37.5547) < 1e-7 } == true)
        let validation = try ExifTool.validationWarnings(file)
        #expect(validation.isEmpty, "\(validation)")
        // The copy's own segments (its ICC profile, its pictures) are kept.
        #expect(ICCProfile.extract(fromJPEG: copy) == profile)
        #expect(JPEGSegments(copy)?.tail == JPEGSegments(withICC)?.tail)
        // EXIF right after the JFIF APP0.
        let markers = try #require(JPEGSegments(copy)).segments.prefix(2).map(\.marker)
        #expect(markers == [0xE0, 0xE1])
    }

    @Test("The copy of a photo whose place came from its own GPS carries the camera's GPS tags unchanged")
    func cameraGPS() throws {
        let dir = try TestSupport.temporaryFolder("stamp-copy-gps")
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try CameraFixture(bigEndian: false, withGPS: true).jpeg()
        let truth = try CaptureTruthResolver.resolve(
            options: CaptureOptions(), camera: MetadataReader.read(jpeg: original),
            fileModified: nil)
        let copy = try MetadataStamper.stampCopy(
            copyJPEG: try CameraFixture.plainJPEG(), originalJPEG: original,
            truth: truth, width: 64, height: 48)
        let tags = try ExifTool.read([write(original, "o.jpg", in: dir), write(copy, "c.jpg", in: dir)])
        let gps = tags[0].filter { $0.key.hasPrefix("GPS:") }
        #expect(gps.count >= 8)
        for (k, v) in gps { #expect(ExifTool.text(tags[1][k]) == ExifTool.text(v), "\(k)") }
        #expect(ExifTool.text(tags[1]["Composite:SubSecDateTimeOriginal"]) == "2024:05:01 09:58:07.042+02:00")
    }

    @Test("A copy without an original EXIF (a scanner still) still gets a complete, valid EXIF")
    func noCameraEXIF() throws {
        let dir = try TestSupport.temporaryFolder("stamp-copy-plain")
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try CameraFixture.plainJPEG()
        let truth = try CaptureTruthResolver.resolve(
            options: CaptureOptions(timezone: "America/New_York"),
            camera: CameraMetadata(), fileModified: Date(timeIntervalSince1970: 1_700_000_000.25))
        let copy = try MetadataStamper.stampCopy(
            copyJPEG: plain, originalJPEG: plain, truth: truth, width: 64, height: 48)
        let file = try write(copy, "c.jpg", in: dir)
        let tags = try ExifTool.read(file)
        #expect(ExifTool.text(tags["Composite:SubSecDateTimeOriginal"]) == "2023:11:14 17:13:20.250-05:00")
        #expect(!tags.keys.contains { $0.hasPrefix("GPS:") })
        #expect(!tags.keys.contains { $0.hasPrefix("XMP") })
        #expect(try ExifTool.validationWarnings(file).isEmpty)
    }
}
