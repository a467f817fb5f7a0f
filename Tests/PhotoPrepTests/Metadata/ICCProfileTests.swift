import Foundation
import Testing

@testable import PhotoPrep

@Suite struct ICCProfileTests {
    @Test(
        "A profile larger than one segment is split over APP2 segments that exiftool reassembles",
        arguments: [300, 65519, 150_000])
    func roundTrip(size: Int) throws {
        let dir = try TestSupport.temporaryFolder("icc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let profile = CameraFixture.iccProfile(size: size)
        let camera = try CameraFixture(bigEndian: false).jpeg()
        let jpeg = ICCProfile.embed(profile, intoJPEG: camera)
        #expect(ICCProfile.extract(fromJPEG: jpeg) == profile)
        let segments = try #require(JPEGSegments(jpeg)).segments
        #expect(segments.filter(\.isICC).count == (size + 65518) / 65519)
        // After the APP0 and the APP1 (EXIF), before the image's tables.
        #expect(segments.prefix(2).map(\.marker) == [0xE0, 0xE1] && segments[2].isICC)
        let extracted = try TestSupport.run(
            "exiftool", ["-b", "-ICC_Profile", try write(jpeg, "icc.jpg", in: dir).path])
        #expect(extracted.stdout == Data(profile))
        // Embedding again replaces, never duplicates.
        let again = ICCProfile.embed(CameraFixture.iccProfile(size: 200), intoJPEG: jpeg)
        #expect(ICCProfile.extract(fromJPEG: again) == CameraFixture.iccProfile(size: 200))
        #expect(JPEGSegments(again)?.tail == JPEGSegments(camera)?.tail)
    }

    @Test("Chunks stored out of order are put back in sequence; an incomplete set is no profile")
    func order() throws {
        let profile = CameraFixture.iccProfile(size: 100_000)
        var parsed = try #require(JPEGSegments(ICCProfile.embed(profile, intoJPEG: try CameraFixture.plainJPEG())))
        let idx = parsed.segments.indices.filter { parsed.segments[$0].isICC }
        parsed.segments.swapAt(idx[0], idx[1])
        #expect(ICCProfile.extract(fromJPEG: parsed.bytes) == profile)
        parsed.segments.remove(at: idx[0])
        #expect(ICCProfile.extract(fromJPEG: parsed.bytes) == nil)
        #expect(ICCProfile.extract(fromJPEG: try CameraFixture.plainJPEG()) == nil)
    }
}
