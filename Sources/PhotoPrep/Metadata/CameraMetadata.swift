import Foundation

/// What the camera wrote that PhotoPrep needs. Damage never throws: it becomes `warnings`.
public struct CameraMetadata: Sendable, Equatable {
    /// EXIF orientation 1...8; 1 when absent, 0 or out of range.
    public var orientation: Int
    /// `YYYY:MM:DD HH:MM:SS`, the camera's local wall time, as written.
    public var dateTimeOriginal: String?
    /// `+09:00`, as written in EXIF; when EXIF has none, the offset of the XMP `exif:DateTimeOriginal`
    /// if that names the same wall time (photo editors such as Lightroom record it there).
    public var offsetTimeOriginal: String?
    /// Fractional seconds digits, as written (`123`).
    public var subSecTimeOriginal: String?
    public var gps: GPSFix?
    public var warnings: [String]

    public init(
        orientation: Int = 1, dateTimeOriginal: String? = nil, offsetTimeOriginal: String? = nil,
        subSecTimeOriginal: String? = nil, gps: GPSFix? = nil, warnings: [String] = []
    ) {
        self.orientation = orientation
        self.dateTimeOriginal = dateTimeOriginal
        self.offsetTimeOriginal = offsetTimeOriginal
        self.subSecTimeOriginal = subSecTimeOriginal
        self.gps = gps
        self.warnings = warnings
    }
}

/// A position the camera recorded: signed decimal degrees (south and west negative).
public struct GPSFix: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level (negative below).
    public var altitude: Double?
    /// `GPSHPositioningError`, metres.
    public var accuracy: Double?
    /// `GPSDateStamp` + `GPSTimeStamp`, which are UTC.
    public var timestamp: Date?

    public init(
        latitude: Double, longitude: Double, altitude: Double? = nil, accuracy: Double? = nil,
        timestamp: Date? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.accuracy = accuracy
        self.timestamp = timestamp
    }
}
