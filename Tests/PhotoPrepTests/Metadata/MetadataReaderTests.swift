import Foundation
import Testing

@testable import PhotoPrep

@Suite struct MetadataReaderTests {
    @Test("Orientation, capture time and GPS are read in both byte orders", arguments: [false, true])
    func camera(bigEndian: Bool) throws {
        let meta = MetadataReader.read(jpeg: try CameraFixture(bigEndian: bigEndian, withGPS: true).jpeg())
        #expect(meta.orientation == 6)
        #expect(meta.dateTimeOriginal == "2024:05:01 09:58:07")
        #expect(meta.offsetTimeOriginal == "+02:00")
        #expect(meta.subSecTimeOriginal == "042")
        let gps = try #require(meta.gps)
        #expect(abs(gps.latitude - (35 + 39.0 / 60 + 29.16 / 3600)) < 1e-12)
        #expect(abs(gps.longitude - (139 + 46.0 / 60 + 1.56 / 3600)) < 1e-12)
        #expect(gps.altitude == 40.5)
        #expect(gps.timestamp == Date(timeIntervalSince1970: 1_714_550_285))
        #expect(meta.warnings.isEmpty)
    }

    @Test("What exiftool writes, we read: south/west GPS, orientation, offset")
    func exiftoolWritten() throws {
        let dir = try TestSupport.temporaryFolder("reader")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try write(try CameraFixture.plainJPEG(), "e.jpg", in: dir)
        let r = try TestSupport.run(
            "exiftool",
            [
                "-q", "-overwrite_original", "-n", "-Orientation=8",
                "-DateTimeOriginal=2025:02:03 04:05:06", "-OffsetTimeOriginal=-03:30", "-SubSecTimeOriginal=7",
                "-GPSLatitude=12.345678", "-GPSLatitudeRef=S", "-GPSLongitude=98.765432", "-GPSLongitudeRef=W",
                "-GPSAltitude=5", "-GPSAltitudeRef=1", "-GPSHPositioningError=4.5", file.path,
            ])
        #expect(r.status == 0)
        let meta = MetadataReader.read(jpeg: [UInt8](try Data(contentsOf: file)))
        #expect(meta.orientation == 8)
        #expect(meta.dateTimeOriginal == "2025:02:03 04:05:06" && meta.offsetTimeOriginal == "-03:30")
        #expect(meta.subSecTimeOriginal == "7")
        let gps = try #require(meta.gps)
        #expect(abs(gps.latitude + 12.345678) < 1e-6 && abs(gps.longitude + 98.765432) < 1e-6)
        #expect(gps.altitude == -5 && gps.accuracy == 4.5)
    }

    @Test("No EXIF: orientation 1, nothing else, no warning")
    func none() throws {
        let meta = MetadataReader.read(jpeg: try CameraFixture.plainJPEG())
        #expect(meta == CameraMetadata())
    }
}

@Suite struct XMPOffsetTests {
    static func jpeg(xmpDate: String, attribute: Bool) throws -> [UInt8] {
        var fixture = CameraFixture(bigEndian: false)
        fixture.offsetTimeOriginal = nil
        let body =
            attribute
            ? "<rdf:Description rdf:about=\"\" xmlns:exif=\"http://ns.adobe.com/exif/1.0/\" exif:DateTimeOriginal=\"\(xmpDate)\"/>"
            : "<rdf:Description rdf:about=\"\" xmlns:exif=\"http://ns.adobe.com/exif/1.0/\"><exif:DateTimeOriginal>\(xmpDate)</exif:DateTimeOriginal></rdf:Description>"
        let packet =
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\(body)</rdf:RDF></x:xmpmeta>"
        return CameraFixture.inserting(app1: JPEGSegments.xmpSignature + Array(packet.utf8), into: try fixture.jpeg())
    }

    @Test(
        "An EXIF time without offset takes the offset of the XMP DateTimeOriginal naming the same wall time",
        arguments: [true, false])
    func sameWallTime(attribute: Bool) throws {
        let meta = MetadataReader.read(
            jpeg: try Self.jpeg(xmpDate: "2024-05-01T09:58:07.04+01:00", attribute: attribute))
        #expect(meta.offsetTimeOriginal == "+01:00")
        let truth = try CaptureTruthResolver.resolve(options: CaptureOptions(), camera: meta, fileModified: nil)
        #expect(truth.capturedAtString == "2024-05-01T08:58:07.042Z" && truth.zoneName == "+01:00")
        #expect(truth.warnings.isEmpty)
    }

    @Test("An XMP time that names another wall time is not used")
    func otherWallTime() throws {
        let meta = MetadataReader.read(jpeg: try Self.jpeg(xmpDate: "2024-05-01T10:58:07+01:00", attribute: true))
        #expect(meta.offsetTimeOriginal == nil)
    }
}
