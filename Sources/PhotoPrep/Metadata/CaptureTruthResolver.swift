import Foundation

/// Decides when and where a photo was captured, from the command line, the camera and the file.
public enum CaptureTruthResolver {
    /// Precedence (issue 3):
    /// - instant: `--captured-at` > the camera's `DateTimeOriginal` (+ `OffsetTimeOriginal`, `SubSecTimeOriginal`)
    ///   > `fileModified` > `now` (standard input, `fileModified` nil). A camera time without an offset
    ///   is read as wall time in `--timezone`, else the system zone, and a warning says so.
    /// - zone: `--timezone` > the offset written with `--captured-at` (unless `Z`) > the camera's offset
    ///   (as a fixed offset, `+09:00`) > the system zone (`TimeZone.current`).
    /// - place: `--lat/--lon` (with `--accuracy`, `--altitude`) > the camera's GPS > `--gpx` > none.
    ///   `--place` names whichever place there is.
    public static func resolve(
        options: CaptureOptions, camera: CameraMetadata, fileModified: Date?,
        now: Date = Date()
    ) throws(CaptureError) -> CaptureTruth {
        var warnings: [String] = []
        let flagZone = try options.timezone.map { (s) throws(CaptureError) in try timeZone(named: s) }
        let system = (TimeZone.current, TimeZone.current.identifier)

        var ms: Int64
        var zone: (TimeZone, String)
        var subSecondDigits: String?
        if let text = options.capturedAt {
            guard let parsed = EXIFDateTime.parseISO8601(text), let offset = parsed.offset else {
                throw .badCapturedAt(text)
            }
            ms = parsed.ms
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let isZ = trimmed.hasSuffix("Z") || trimmed.hasSuffix("z")
            zone = flagZone ?? (isZ ? nil : fixed(offset)) ?? cameraZone(camera) ?? system
        } else if let cam = cameraInstant(camera, flagZone: flagZone, system: system, warnings: &warnings) {
            ms = cam.ms
            subSecondDigits = cam.subSeconds
            zone = flagZone ?? cam.zone ?? system
        } else if let fileModified {
            ms = EXIFDateTime.ms(fileModified)
            zone = flagZone ?? system
            warnings.append("no capture time in the photo; the file's modification time was used")
        } else {
            ms = EXIFDateTime.ms(now)
            zone = flagZone ?? system
            warnings.append("no capture time in the photo; the time it was prepared was used")
        }
        let instant = EXIFDateTime.date(ms: ms)

        var place: Place?
        if options.lat != nil || options.lon != nil {
            guard let lat = options.lat, let lon = options.lon else {
                throw .badLocation("--lat and --lon must be given together")
            }
            guard lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
                throw .badLocation(
                    "--lat \(lat) --lon \(lon) is not a place on Earth (latitude -90…90, longitude -180…180)")
            }
            if let a = options.accuracy, !(a.isFinite && a >= 0) {
                throw .badLocation("--accuracy \(a) is not a distance in metres")
            }
            if let a = options.altitude, !a.isFinite { throw .badLocation("--altitude \(a) is not a height in metres") }
            place = Place(
                lat: lat, lon: lon, accuracyM: options.accuracy, altitudeM: options.altitude,
                sampledAt: instant, source: "flags")
        } else if let gps = camera.gps {
            place = Place(
                lat: gps.latitude, lon: gps.longitude, accuracyM: gps.accuracy, altitudeM: gps.altitude,
                sampledAt: gps.timestamp, source: "exif")
        } else if let track = options.gpx {
            let (p, warning) = track.position(at: instant, maxGap: options.gpxMaxGap)
            place = p
            if let warning { warnings.append(warning) }
        }
        let name = options.placeName.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        place?.name = name
        return CaptureTruth(
            instant: instant, zone: zone.0, zoneName: zone.1, place: place, placeName: name,
            warnings: warnings, subSecondDigits: subSecondDigits)
    }

    /// An IANA zone, `UTC`, or a fixed offset such as `+09:00`.
    static func timeZone(named name: String) throws(CaptureError) -> (TimeZone, String) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if let offset = EXIFDateTime.parseOffset(trimmed), trimmed != "Z" { return fixed(offset) }
        if trimmed == "UTC" || trimmed == "GMT", let tz = TimeZone(identifier: "UTC") { return (tz, trimmed) }
        // Only a name the zone database knows as given (not an abbreviation such as `KST`, not `GMT+9`).
        if let tz = TimeZone(identifier: trimmed), tz.identifier == trimmed { return (tz, trimmed) }
        throw .badTimezone(name)
    }

    static func fixed(_ offset: Int) -> (TimeZone, String) {
        (TimeZone(secondsFromGMT: offset) ?? TimeZone(identifier: "UTC")!, EXIFDateTime.formatOffset(offset))
    }

    private static func cameraZone(_ camera: CameraMetadata) -> (TimeZone, String)? {
        camera.offsetTimeOriginal.flatMap { EXIFDateTime.parseOffset($0) }.map(fixed)
    }

    private static func cameraInstant(
        _ camera: CameraMetadata, flagZone: (TimeZone, String)?,
        system: (TimeZone, String), warnings: inout [String]
    )
        -> (ms: Int64, zone: (TimeZone, String)?, subSeconds: String?)?
    {
        guard let text = camera.dateTimeOriginal else { return nil }
        guard var wall = EXIFDateTime.parseWall(text) else {
            warnings.append("the photo's capture time \"\(text)\" is not a valid date; it was not used")
            return nil
        }
        let subMS = EXIFDateTime.subSecMilliseconds(camera.subSecTimeOriginal)
        wall.millisecond = subMS ?? 0
        let subDigits = subMS == nil ? nil : camera.subSecTimeOriginal?.trimmingCharacters(in: .whitespaces)
        if let offsetText = camera.offsetTimeOriginal {
            if let offset = EXIFDateTime.parseOffset(offsetText) {
                return (wall.msAsUTC - Int64(offset) * 1000, fixed(offset), subDigits)
            }
            warnings.append("the photo's time offset \"\(offsetText)\" is not valid; it was ignored")
        }
        let local = flagZone ?? system
        warnings.append("the photo's capture time has no UTC offset; it was read as local time in \(local.1)")
        return (EXIFDateTime.instant(of: wall, in: local.0), nil, subDigits)
    }
}
