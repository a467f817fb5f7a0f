import Foundation
import Testing

@testable import PhotoPrep

/// Inputs the fuzz targets (fuzz/run.sh) found trouble with, kept in Fixtures/hostile/ and named
/// `<target>-<what went wrong>.<ext>`; each goes through the same path its target exercises.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/hostile")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static let truth: CaptureTruth = {
        let o = CaptureOptions(capturedAt: "2026-11-29T15:45:00.123+09:00", timezone: "Asia/Seoul", lat: 37.5547,
                               lon: 126.9707, placeName: "Seoul Station")
        return try! CaptureTruthResolver.resolve(options: o, camera: CameraMetadata(), fileModified: nil)
    }()

    @Test("The fixtures are there (a wrong path would make every regression test pass)")
    func present() {
        #expect(Self.fixtures.count >= 2, "\(Self.folder.path)")
    }

    @Test("A GPX that names its encoding (ISO-8859-1, not UTF-8) is still read")
    func latin1GPX() throws {
        let text = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx><trk><name>Z\u{FC}rich</name><trkseg>"
            + "<trkpt lat=\"47.37\" lon=\"8.54\"><time>2026-11-29T06:40:00Z</time></trkpt></trkseg></trk></gpx>"
        let latin1 = try #require(text.data(using: .isoLatin1))
        #expect(String(data: latin1, encoding: .utf8) == nil, "the fixture really is not UTF-8")
        let track = try GPXTrack.parse(latin1, name: "zurich.gpx")
        #expect(track.fixes.map(\.lat) == [47.37])
    }

    @Test("A fuzz-found input no longer breaks its target", arguments: fixtures)
    func regression(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let target = String(name.prefix { $0 != "-" })
        let plain = try CameraFixture.plainJPEG()
        switch name {
        case _ where name.hasPrefix("xmp-merge-"):
            // The place name goes into the photo: merged where the packet can be followed, else a
            // fresh packet and a warning; the stamp reads back either way.
            let jpeg = CameraFixture.inserting(app1: JPEGSegments.xmpSignature + bytes, into: plain)
            let (stamped, warnings) = try MetadataStamper.stampOriginal(jpeg: jpeg, truth: Self.truth)
            #expect(MetadataReader.read(jpeg: stamped).dateTimeOriginal == "2026:11:29 15:45:00")
            let xmp = try #require(JPEGSegments(stamped)?.segments.first { $0.isXMP })
            let text = String(decoding: xmp.payload, as: UTF8.self)
            #expect(text.contains("<Iptc4xmpCore:Location>Seoul Station</Iptc4xmpCore:Location>"))
            if XMPPacket.merging(location: "Seoul Station", into: String(decoding: bytes, as: UTF8.self)) == nil {
                #expect(warnings.contains { $0.contains("XMP could not be read") })
            }
        case _ where name.hasPrefix("gpx-"):
            // Unreadable GPX: an error naming the file, never a crash.
            let error = #expect(throws: CaptureError.self) { try GPXTrack.parse(Data(bytes), name: name) }
            #expect(error?.description.contains(name) == true, "\(String(describing: error))")
        case _ where name.hasPrefix("prepare-"):
            do { _ = try CopyMaker.decode(bytes, longEdge: 64, maxPixels: 4_000_000) } catch {
                #expect(!error.description.isEmpty)
            }
        case _ where name.hasPrefix("exif-"):
            let jpeg = CameraFixture.inserting(app1: JPEGSegments.exifSignature + bytes, into: plain)
            #expect((1...8).contains(MetadataReader.read(jpeg: jpeg).orientation))
            let (stamped, _) = try MetadataStamper.stampOriginal(jpeg: jpeg, truth: Self.truth)
            #expect(MetadataReader.read(jpeg: stamped).dateTimeOriginal == "2026:11:29 15:45:00")
        case _ where name.hasPrefix("segments-"):
            if let parsed = JPEGSegments(bytes) { #expect(parsed.bytes.count <= bytes.count) }
            _ = ICCProfile.extract(fromJPEG: bytes)
        default:
            Issue.record("no check for target \(target) (\(name))")
        }
    }
}
