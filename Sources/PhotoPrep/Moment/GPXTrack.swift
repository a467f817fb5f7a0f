import Foundation

/// A GPS track from a GPX file: every fix of every track and segment (and route), ordered by time.
///
/// Positions are matched to a capture instant the way exiftool's geotagging does: linear
/// interpolation between the two fixes around the instant, the nearest fix when the photo lies
/// just outside the track or in a long gap, nothing when the nearest fix is farther than the gap limit.
public struct GPXTrack: Sendable, Equatable {
    public struct Fix: Sendable, Equatable {
        public var time: Date
        public var lat: Double
        public var lon: Double
        public var elevation: Double?

        public init(time: Date, lat: Double, lon: Double, elevation: Double? = nil) {
            self.time = time
            self.lat = lat
            self.lon = lon
            self.elevation = elevation
        }
    }

    /// The file's name, for warnings.
    public var name: String
    /// Fixes with a time, sorted by time.
    public var fixes: [Fix]

    public init(name: String, fixes: [Fix]) {
        self.name = name
        self.fixes = fixes.sorted { $0.time < $1.time }
    }

    /// Reads `trkpt` and `rtept` points (not `wpt`) with `lat`, `lon`, a `<time>` child (ISO 8601; UTC
    /// when it names no offset) and an optional `<ele>` child; namespace prefixes are ignored, as in
    /// `<gpx:trkpt>`. Points without a time, or off the globe, are skipped.
    /// Throws when the file is not well-formed XML — a track broken part-way never passes as whole —
    /// or holds no timed point. Our own scanner (`GPXScanner`), not libxml2: no input can crash the process.
    public static func parse(_ data: Data, name: String) throws(CaptureError) -> GPXTrack {
        var reader = GPXPointReader()
        do throws(GPXScanner.Failure) {
            var scanner = try GPXScanner([UInt8](data))
            while let event = try scanner.next() { reader.take(event, from: scanner) }
        } catch {
            let line = 1 + data.prefix(max(error.offset, 0)).lazy.filter { $0 == 0x0A }.count
            throw .badGPX(file: name, reason: "not a readable GPX (XML) file: \(error.reason), line \(line)")
        }
        guard !reader.fixes.isEmpty else {
            throw .badGPX(file: name, reason: "holds no track point with a position and a time")
        }
        return GPXTrack(name: name, fixes: reader.fixes)
    }

    /// The place at `instant`, or nil with a warning saying how far the photo was from the track.
    /// `maxGap` is in seconds (exiftool's GeoMaxIntSecs and GeoMaxExtSecs, 1800 by default).
    public func position(at instant: Date, maxGap: Double) -> (place: Place?, warning: String?) {
        guard let first = fixes.first, let last = fixes.last else {
            return (nil, "GPX track \(name) has no points; no place")
        }
        let t = instant.timeIntervalSince1970
        func place(_ f: Fix) -> Place {
            Place(lat: f.lat, lon: f.lon, altitudeM: f.elevation, sampledAt: f.time, source: "gpx")
        }
        if t < first.time.timeIntervalSince1970 {
            let d = first.time.timeIntervalSince1970 - t
            if d > maxGap {
                return (
                    nil,
                    "GPX track \(name): the photo was taken \(Self.duration(d)) before the track starts"
                        + " (limit \(Self.duration(maxGap))); no place"
                )
            }
            return (
                place(first),
                "GPX track \(name): the photo was taken \(Self.duration(d)) before the track"
                    + " starts; its first point is used"
            )
        }
        if t > last.time.timeIntervalSince1970 {
            let d = t - last.time.timeIntervalSince1970
            if d > maxGap {
                return (
                    nil,
                    "GPX track \(name): the photo was taken \(Self.duration(d)) after the track ends"
                        + " (limit \(Self.duration(maxGap))); no place"
                )
            }
            return (
                place(last),
                "GPX track \(name): the photo was taken \(Self.duration(d)) after the track"
                    + " ends; its last point is used"
            )
        }
        // Binary search for the fixes around t: fixes[i0].time <= t <= fixes[i1].time.
        var i0 = 0
        var i1 = fixes.count - 1
        while i1 > i0 + 1 {
            let mid = (i0 + i1) / 2
            if t < fixes[mid].time.timeIntervalSince1970 { i1 = mid } else { i0 = mid }
        }
        let a = fixes[i0]
        let b = fixes[i1]
        let ta = a.time.timeIntervalSince1970
        let tb = b.time.timeIntervalSince1970
        if tb - ta > maxGap {
            let nearest = t - ta < tb - t ? a : b
            let d = abs(t - nearest.time.timeIntervalSince1970)
            if d > maxGap {
                return (
                    nil,
                    "GPX track \(name): the photo was taken \(Self.duration(d)) from the nearest track"
                        + " point (limit \(Self.duration(maxGap))); no place"
                )
            }
            return (
                place(nearest),
                "GPX track \(name): the photo falls in a \(Self.duration(tb - ta)) gap of the"
                    + " track; the nearest point, \(Self.duration(d)) away, is used"
            )
        }
        let f = tb == ta ? 0 : (t - ta) / (tb - ta)
        var dlon = b.lon - a.lon
        if dlon > 180 { dlon -= 360 } else if dlon < -180 { dlon += 360 }
        var lon = a.lon + f * dlon
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        var ele: Double?
        if let ea = a.elevation, let eb = b.elevation {
            ele = ea + f * (eb - ea)
        } else {
            ele = f < 0.5 ? a.elevation : b.elevation
        }
        return (
            Place(lat: a.lat + f * (b.lat - a.lat), lon: lon, altitudeM: ele, sampledAt: instant, source: "gpx"), nil
        )
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s < 120 { return "\(s) s" }
        if s < 7200 { return "\(s / 60) min \(s % 60) s" }
        return "\(s / 3600) h \((s % 3600) / 60) min"
    }
}
