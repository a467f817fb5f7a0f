import Foundation
import Testing

@testable import PhotoPrep

@Suite struct CaptureTruthResolverTests {
    static let camera = CameraMetadata(
        orientation: 6, dateTimeOriginal: "2024:05:01 09:58:07", offsetTimeOriginal: "+02:00",
        subSecTimeOriginal: "42",
        gps: GPSFix(
            latitude: 35.5, longitude: 139.25, altitude: 40.5, accuracy: 3,
            timestamp: Date(timeIntervalSince1970: 1_714_550_285)))
    static let fileDate = Date(timeIntervalSince1970: 1_700_000_000)

    static func resolve(
        _ options: CaptureOptions = CaptureOptions(), camera: CameraMetadata = camera,
        file: Date? = fileDate, now: Date = Date(timeIntervalSince1970: 1_800_000_000)
    ) throws -> CaptureTruth {
        try CaptureTruthResolver.resolve(options: options, camera: camera, fileModified: file, now: now)
    }

    @Test("--captured-at beats the camera; its offset gives the zone when --timezone is absent")
    func flagTime() throws {
        let t = try Self.resolve(CaptureOptions(capturedAt: "2026-11-29T15:45:00.123+09:00"))
        #expect(t.capturedAtString == "2026-11-29T06:45:00.123Z")
        #expect(t.zoneName == "+09:00")
        #expect(t.localDate == "2026-11-29")
        #expect(t.exifDateTime == "2026:11:29 15:45:00" && t.exifOffset == "+09:00" && t.exifSubSeconds == "123")
        let z = try Self.resolve(CaptureOptions(capturedAt: "2026-11-29T23:30:00Z", timezone: "Asia/Seoul"))
        #expect(z.zoneName == "Asia/Seoul")
        #expect(z.localDate == "2026-11-30")
        #expect(z.exifDateTime == "2026:11:30 08:30:00" && z.exifOffset == "+09:00")
    }

    @Test("The camera's time, offset and sub-seconds come next; its offset is the zone")
    func cameraTime() throws {
        let t = try Self.resolve()
        #expect(t.capturedAtString == "2024-05-01T07:58:07.420Z")
        #expect(t.zoneName == "+02:00")
        #expect(t.exifDateTime == "2024:05:01 09:58:07" && t.exifSubSeconds == "42")
        #expect(t.warnings.isEmpty)
        let seoul = try Self.resolve(CaptureOptions(timezone: "Asia/Seoul"))
        #expect(seoul.capturedAtString == "2024-05-01T07:58:07.420Z")
        #expect(seoul.zoneName == "Asia/Seoul" && seoul.exifDateTime == "2024:05:01 16:58:07")
    }

    @Test("A camera time without an offset is local time in --timezone (else the system zone), and says so")
    func cameraTimeWithoutOffset() throws {
        var camera = Self.camera
        camera.offsetTimeOriginal = nil
        let t = try Self.resolve(CaptureOptions(timezone: "America/New_York"), camera: camera)
        #expect(t.capturedAtString == "2024-05-01T13:58:07.420Z")  // EDT, UTC-4
        #expect(t.zoneName == "America/New_York")
        #expect(t.warnings.contains { $0.contains("no UTC offset") && $0.contains("America/New_York") })
        let system = try Self.resolve(camera: camera)
        #expect(system.zoneName == TimeZone.current.identifier)
        #expect(system.warnings.contains { $0.contains("no UTC offset") })
    }

    @Test("No camera time: the file's modification time, then (standard input) now")
    func fallbacks() throws {
        let none = CameraMetadata()
        #expect(try Self.resolve(camera: none).instant == Self.fileDate)
        let stdin = try Self.resolve(camera: none, file: nil)
        #expect(stdin.capturedAtString == "2027-01-15T08:00:00.000Z")
        #expect(!stdin.warnings.isEmpty)
        var broken = Self.camera
        broken.dateTimeOriginal = "0000:00:00 00:00:00"
        let t = try Self.resolve(camera: broken)
        #expect(t.instant == Self.fileDate)
        #expect(t.warnings.contains { $0.contains("0000:00:00") })
    }

    @Test("Place: flags > the photo's GPS > GPX > none; --place names it")
    func placePrecedence() throws {
        let track = GPXTrack(
            name: "t.gpx",
            fixes: [
                .init(time: Date(timeIntervalSince1970: 1_714_550_000), lat: 10, lon: 20),
                .init(time: Date(timeIntervalSince1970: 1_714_551_000), lat: 11, lon: 21),
            ])
        let flags = try Self.resolve(CaptureOptions(lat: -1.25, lon: -2.5, accuracy: 8, placeName: "Here", gpx: track))
        #expect(
            flags.place
                == Place(lat: -1.25, lon: -2.5, accuracyM: 8, sampledAt: flags.instant, source: "flags", name: "Here"))
        #expect(flags.placeName == "Here")
        let exif = try Self.resolve(CaptureOptions(placeName: "There", gpx: track))
        #expect(exif.place?.source == "exif" && exif.place?.lat == 35.5 && exif.place?.altitudeM == 40.5)
        #expect(exif.place?.accuracyM == 3 && exif.place?.name == "There")
        var noGPS = Self.camera
        noGPS.gps = nil
        let gpx = try Self.resolve(CaptureOptions(gpx: track), camera: noGPS)
        #expect(gpx.place?.source == "gpx")
        #expect(gpx.momentLocation?.source == "gpx")
        let none = try Self.resolve(camera: noGPS)
        #expect(none.place == nil && none.momentLocation == nil)
        let named = try Self.resolve(CaptureOptions(placeName: "Only a name"), camera: noGPS)
        #expect(named.place == nil && named.placeName == "Only a name")
    }

    @Test(
        "Bad flags are errors that say what is wrong",
        arguments: [
            CaptureOptions(capturedAt: "2026-11-29T15:45:00"),
            CaptureOptions(capturedAt: "yesterday"),
            CaptureOptions(timezone: "Mars/Olympus_Mons"),
            CaptureOptions(timezone: "KST"),
            CaptureOptions(lat: 37.5),
            CaptureOptions(lat: 95, lon: 0),
        ])
    func badFlags(_ options: CaptureOptions) throws {
        #expect(throws: CaptureError.self) { try Self.resolve(options) }
    }

    @Test(
        "--timezone takes IANA names, UTC and fixed offsets",
        arguments: [
            ("Asia/Seoul", "Asia/Seoul", "2024:05:01 16:58:07"), ("UTC", "UTC", "2024:05:01 07:58:07"),
            ("+05:30", "+05:30", "2024:05:01 13:28:07"), ("Etc/GMT-9", "Etc/GMT-9", "2024:05:01 16:58:07"),
        ])
    func zones(_ z: (String, String, String)) throws {
        let t = try Self.resolve(CaptureOptions(timezone: z.0))
        #expect(t.zoneName == z.1 && t.exifDateTime == z.2)
    }

    @Test("moment.json's location value")
    func momentLocation() throws {
        let t = try Self.resolve(
            CaptureOptions(
                capturedAt: "2026-11-29T15:45:00+09:00", lat: 37.5547, lon: 126.9707,
                accuracy: 12))
        #expect(
            t.momentLocation
                == Moment.Location(
                    lat: 37.5547, lon: 126.9707, accuracyM: 12, altitudeM: nil,
                    sampledAt: "2026-11-29T06:45:00.000Z", source: "flags"))
    }
}

extension CaptureOptions: CustomTestStringConvertible {
    public var testDescription: String {
        [
            capturedAt.map { "--captured-at \($0)" }, timezone.map { "--timezone \($0)" }, lat.map { "--lat \($0)" },
            lon.map { "--lon \($0)" },
        ].compactMap { $0 }.joined(separator: " ")
    }
}
