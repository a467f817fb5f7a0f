/// What the command line says about a capture; every field is optional and overrides the photo.
public struct CaptureOptions: Sendable {
    /// `--captured-at`: ISO 8601 with a UTC offset.
    public var capturedAt: String?
    /// `--timezone`: an IANA name (`Asia/Seoul`) or a fixed offset (`+09:00`).
    public var timezone: String?
    public var lat: Double?
    public var lon: Double?
    /// `--accuracy`, metres; applies to `--lat/--lon`.
    public var accuracy: Double?
    /// `--altitude`, metres; applies to `--lat/--lon`.
    public var altitude: Double?
    /// `--place`: the place's name, whatever the position's source.
    public var placeName: String?
    /// `--gpx`: the track, parsed once for the whole batch.
    public var gpx: GPXTrack?
    /// `--gpx-max-gap`: seconds from the nearest fix beyond which the track gives no place.
    public var gpxMaxGap: Double

    public init(
        capturedAt: String? = nil, timezone: String? = nil, lat: Double? = nil, lon: Double? = nil,
        accuracy: Double? = nil, altitude: Double? = nil, placeName: String? = nil, gpx: GPXTrack? = nil,
        gpxMaxGap: Double = 1800
    ) {
        self.capturedAt = capturedAt
        self.timezone = timezone
        self.lat = lat
        self.lon = lon
        self.accuracy = accuracy
        self.altitude = altitude
        self.placeName = placeName
        self.gpx = gpx
        self.gpxMaxGap = gpxMaxGap
    }
}
