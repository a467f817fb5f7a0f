import Foundation
import Testing

@testable import PhotoPrep

@Suite struct GPXTrackTests {
    /// Two segments: the first with elevations, the second without, one hour apart.
    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="fixture" xmlns="http://www.topografix.com/GPX/1/1">
          <trk><name>walk</name>
            <trkseg>
              <trkpt lat="37.5000" lon="126.9000"><ele>10</ele><time>2026-11-29T06:40:00Z</time></trkpt>
              <trkpt lat="37.5100" lon="126.9200"><ele>30</ele><time>2026-11-29T06:50:00Z</time></trkpt>
            </trkseg>
            <trkseg>
              <trkpt lat="-33.0" lon="151.0"><time>2026-11-29T08:00:00.000Z</time></trkpt>
              <trkpt lat="-33.2" lon="151.4"><time>2026-11-29T08:10:00Z</time></trkpt>
            </trkseg>
          </trk>
        </gpx>
        """

    static func date(_ s: String) -> Date { EXIFDateTime.date(ms: EXIFDateTime.parseISO8601(s)!.ms) }

    @Test("A capture between two fixes interpolates linearly, elevation included")
    func interpolates() throws {
        let track = try GPXTrack.parse(Data(Self.gpx.utf8), name: "walk.gpx")
        #expect(track.fixes.count == 4)
        let (place, warning) = track.position(at: Self.date("2026-11-29T06:45:00Z"), maxGap: 1800)
        let p = try #require(place)
        #expect(warning == nil)
        #expect(abs(p.lat - 37.505) < 1e-9 && abs(p.lon - 126.91) < 1e-9)
        #expect(p.altitudeM == 20)
        #expect(p.source == "gpx")
        let (south, _) = track.position(at: Self.date("2026-11-29T08:02:30Z"), maxGap: 1800)
        #expect(abs(south!.lat - -33.05) < 1e-9 && abs(south!.lon - 151.1) < 1e-9)
        #expect(south!.altitudeM == nil)
    }

    @Test("A capture in a gap or beyond the track, farther than the limit, gives no place and says how far")
    func gapLimit() throws {
        let track = try GPXTrack.parse(Data(Self.gpx.utf8), name: "walk.gpx")
        // 06:50 → 08:00 is a 70-minute gap; 07:25 is 35 minutes from both ends.
        let (none, warning) = track.position(at: Self.date("2026-11-29T07:25:00Z"), maxGap: 1800)
        #expect(none == nil)
        #expect(warning?.contains("35 min") == true)
        // With a wider limit the nearest fix is used (as exiftool does), with a warning.
        let (near, w2) = track.position(at: Self.date("2026-11-29T07:20:00Z"), maxGap: 2000)
        #expect(near?.lat == 37.51 && w2 != nil)
        let (after, w3) = track.position(at: Self.date("2026-11-29T09:00:00Z"), maxGap: 1800)
        #expect(after == nil && w3?.contains("after the track ends") == true)
        let (justAfter, _) = track.position(at: Self.date("2026-11-29T08:20:00Z"), maxGap: 1800)
        #expect(justAfter?.lat == -33.2)
    }

    @Test("Through the resolver: the GPX place is stamped and reads back with exiftool")
    func resolvedAndStamped() throws {
        let dir = try TestSupport.temporaryFolder("gpx")
        defer { try? FileManager.default.removeItem(at: dir) }
        let track = try GPXTrack.parse(Data(Self.gpx.utf8), name: "walk.gpx")
        let truth = try CaptureTruthResolver.resolve(
            options: CaptureOptions(capturedAt: "2026-11-29T15:45:00+09:00", gpx: track),
            camera: CameraMetadata(), fileModified: nil)
        let (jpeg, _) = try MetadataStamper.stampOriginal(jpeg: try CameraFixture.plainJPEG(), truth: truth)
        let tags = try ExifTool.read(try write(jpeg, "g.jpg", in: dir), ["-G1", "-n"])
        #expect(ExifTool.double(tags["Composite:GPSLatitude"]).map { abs($0 - 37.505) < 1e-7 } == true)
        #expect(ExifTool.double(tags["Composite:GPSAltitude"]) == 20)
        let far = try CaptureTruthResolver.resolve(
            options: CaptureOptions(capturedAt: "2026-11-29T16:25:00+09:00", gpx: track),
            camera: CameraMetadata(), fileModified: nil)
        #expect(far.place == nil)
        #expect(far.warnings.contains { $0.contains("walk.gpx") && $0.contains("no place") })
    }

    @Test(
        "A file that is not GPX, or holds no timed point, is an error naming it",
        arguments: ["not xml at all <", "<gpx><trk><trkseg><trkpt lat='1' lon='2'/></trkseg></trk></gpx>"])
    func bad(_ text: String) throws {
        #expect(throws: CaptureError.self) { try GPXTrack.parse(Data(text.utf8), name: "bad.gpx") }
    }
}
