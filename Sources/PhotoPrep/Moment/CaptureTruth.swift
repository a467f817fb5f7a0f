import Foundation

/// The resolved truth about when and where a photo was captured: what `moment.json` says and what
/// is stamped into both images. Built by `CaptureTruthResolver` from flags, the camera's EXIF,
/// a GPX track and the file's date.
public struct CaptureTruth: Sendable, Equatable {
    /// The capture instant (kept to the millisecond).
    public var instant: Date
    /// The zone whose wall time `DateTimeOriginal` and `localDate` use.
    public var zone: TimeZone
    /// What `moment.json`'s `timezone` says: an IANA name, or a fixed offset such as `+09:00`.
    public var zoneName: String
    public var place: Place?
    public var placeName: String?
    /// How the truth was found when it needs saying (camera time without an offset, GPX gaps, …).
    public var warnings: [String]
    /// The digits to write as `SubSecTimeOriginal`; nil writes the instant's three millisecond digits.
    /// Set when the time came from the camera, so its own sub-second digits are kept as written.
    public var subSecondDigits: String?

    public init(
        instant: Date, zone: TimeZone, zoneName: String, place: Place? = nil, placeName: String? = nil,
        warnings: [String] = [], subSecondDigits: String? = nil
    ) {
        self.instant = Date(timeIntervalSince1970: Double(EXIFDateTime.ms(instant)) / 1000)
        self.zone = zone
        self.zoneName = zoneName
        self.place = place
        self.placeName = placeName
        self.warnings = warnings
        self.subSecondDigits = subSecondDigits
    }

    /// Where the photo was taken.
    public struct Place: Sendable, Equatable {
        /// Signed decimal degrees: south and west negative.
        public var lat: Double
        public var lon: Double
        public var accuracyM: Double?
        public var altitudeM: Double?
        /// When this position was measured (UTC); written as `GPSDateStamp`/`GPSTimeStamp`.
        public var sampledAt: Date?
        /// `flags`, `exif` or `gpx`.
        public var source: String
        public var name: String?

        public init(
            lat: Double, lon: Double, accuracyM: Double? = nil, altitudeM: Double? = nil,
            sampledAt: Date? = nil, source: String, name: String? = nil
        ) {
            self.lat = lat
            self.lon = lon
            self.accuracyM = accuracyM
            self.altitudeM = altitudeM
            self.sampledAt = sampledAt
            self.source = source
            self.name = name
        }
    }

    var instantMS: Int64 { EXIFDateTime.ms(instant) }

    /// `capturedAt`: UTC, ISO 8601 with milliseconds and `Z`.
    public var capturedAtString: String { EXIFDateTime.utcISO(ms: instantMS) }

    /// The capture's calendar date in `zone`, `YYYY-MM-DD`.
    public var localDate: String { EXIFDateTime.wall(ms: instantMS, in: zone).wall.dateString }

    /// `DateTimeOriginal`: the wall time in `zone`, `YYYY:MM:DD HH:MM:SS`.
    public var exifDateTime: String { EXIFDateTime.wall(ms: instantMS, in: zone).wall.exifString }

    /// `OffsetTimeOriginal`: the zone's offset at the instant, `+09:00`.
    public var exifOffset: String { EXIFDateTime.formatOffset(EXIFDateTime.wall(ms: instantMS, in: zone).offset) }

    /// `SubSecTimeOriginal`.
    public var exifSubSeconds: String {
        subSecondDigits ?? String(format: "%03d", Int(((instantMS % 1000) + 1000) % 1000))
    }

    /// `moment.json`'s `location`, or nil when there is no place.
    public var momentLocation: Moment.Location? {
        guard let p = place else { return nil }
        return Moment.Location(
            lat: p.lat, lon: p.lon, accuracyM: p.accuracyM, altitudeM: p.altitudeM,
            sampledAt: p.sampledAt.map { EXIFDateTime.utcISO(ms: EXIFDateTime.ms($0)) },
            source: p.source)
    }
}

public typealias Place = CaptureTruth.Place
