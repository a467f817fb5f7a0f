import Foundation

/// The record of one prepared moment: `moment.json`, schema 1 of the contract (section 2).
///
/// Absent values are encoded as `null`, never left out and never invented.
public struct Moment: Codable, Sendable, Equatable {
    public var schema: Int = 1
    public var id: String
    public var kind: String = "photo"
    public var clientRequestId: String
    /// UTC instant, ISO 8601 with milliseconds and `Z`.
    public var capturedAt: String
    /// IANA zone name, or a fixed offset such as `+09:00` when only the offset is known.
    public var timezone: String
    /// The capture's calendar date in `timezone`, `YYYY-MM-DD`.
    public var localDate: String
    public var situation: String?
    public var placeName: String?
    public var location: Location?
    public var crumb: String?
    public var source: Source
    public var original: ImageInfo
    public var copy: ImageInfo
    public var ocr: OCRInfo
    public var lines: [Line]
    public var preparedAt: String
    /// What was wrong with the input but did not stop it being prepared (damaged EXIF, …).
    public var warnings: [String]

    public struct Location: Codable, Sendable, Equatable {
        public var lat: Double
        public var lon: Double
        public var accuracyM: Double?
        public var altitudeM: Double?
        public var sampledAt: String?
        /// `flags`, `exif` or `gpx`.
        public var source: String

        public init(lat: Double, lon: Double, accuracyM: Double? = nil, altitudeM: Double? = nil,
                    sampledAt: String? = nil, source: String) {
            self.lat = lat; self.lon = lon; self.accuracyM = accuracyM; self.altitudeM = altitudeM
            self.sampledAt = sampledAt; self.source = source
        }

        enum CodingKeys: String, CodingKey { case lat, lon, accuracyM, altitudeM, sampledAt, source }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(lat, forKey: .lat)
            try c.encode(lon, forKey: .lon)
            try c.encode(accuracyM, forKey: .accuracyM)
            try c.encode(altitudeM, forKey: .altitudeM)
            try c.encode(sampledAt, forKey: .sampledAt)
            try c.encode(source, forKey: .source)
        }
    }

    public struct Source: Codable, Sendable, Equatable {
        public var name: String
        public var sha256: String
        /// `jpeg`, `png`, `tiff`, `webp`, `bmp`, `pnm` or `gif`.
        public var format: String
        public init(name: String, sha256: String, format: String) {
            self.name = name; self.sha256 = sha256; self.format = format
        }
    }

    public struct ImageInfo: Codable, Sendable, Equatable {
        public var file: String
        public var width: Int
        public var height: Int
        /// The EXIF orientation the original is stored with (original only).
        public var orientation: Int?
        public init(file: String, width: Int, height: Int, orientation: Int? = nil) {
            self.file = file; self.width = width; self.height = height; self.orientation = orientation
        }
        enum CodingKeys: String, CodingKey { case file, width, height, orientation }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(file, forKey: .file)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            if file == "original.jpg" { try c.encode(orientation, forKey: .orientation) }
        }
    }

    public struct OCRInfo: Codable, Sendable, Equatable {
        public var engine: String
        public var languages: String
        /// Degrees clockwise the text stood rotated in the copy (0, 90, 180, 270).
        public var textRotation: Int
        public init(engine: String, languages: String, textRotation: Int) {
            self.engine = engine; self.languages = languages; self.textRotation = textRotation
        }
    }

    public struct Line: Codable, Sendable, Equatable {
        public var number: Int
        public var text: String
        public var confidence: Double
        public var box: Box
        public init(number: Int, text: String, confidence: Double, box: Box) {
            self.number = number; self.text = text; self.confidence = confidence; self.box = box
        }
    }

    /// A rectangle in the copy's upright pixels, origin top-left.
    public struct Box: Codable, Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
    }

    public init(id: String, capturedAt: String, timezone: String, localDate: String,
                situation: String? = nil, placeName: String? = nil, location: Location? = nil,
                crumb: String? = nil, source: Source, original: ImageInfo, copy: ImageInfo,
                ocr: OCRInfo, lines: [Line], preparedAt: String, warnings: [String] = []) {
        self.id = id
        self.clientRequestId = "photo-\(id)"
        self.capturedAt = capturedAt; self.timezone = timezone; self.localDate = localDate
        self.situation = situation; self.placeName = placeName; self.location = location
        self.crumb = crumb; self.source = source; self.original = original; self.copy = copy
        self.ocr = ocr; self.lines = lines; self.preparedAt = preparedAt; self.warnings = warnings
    }

    enum CodingKeys: String, CodingKey {
        case schema, id, kind, clientRequestId, capturedAt, timezone, localDate, situation, placeName,
             location, crumb, source, original, copy, ocr, lines, preparedAt, warnings
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schema = try c.decode(Int.self, forKey: .schema)
        id = try c.decode(String.self, forKey: .id)
        kind = try c.decode(String.self, forKey: .kind)
        clientRequestId = try c.decode(String.self, forKey: .clientRequestId)
        capturedAt = try c.decode(String.self, forKey: .capturedAt)
        timezone = try c.decode(String.self, forKey: .timezone)
        localDate = try c.decode(String.self, forKey: .localDate)
        situation = try c.decodeIfPresent(String.self, forKey: .situation)
        placeName = try c.decodeIfPresent(String.self, forKey: .placeName)
        location = try c.decodeIfPresent(Location.self, forKey: .location)
        crumb = try c.decodeIfPresent(String.self, forKey: .crumb)
        source = try c.decode(Source.self, forKey: .source)
        original = try c.decode(ImageInfo.self, forKey: .original)
        copy = try c.decode(ImageInfo.self, forKey: .copy)
        ocr = try c.decode(OCRInfo.self, forKey: .ocr)
        lines = try c.decode([Line].self, forKey: .lines)
        preparedAt = try c.decode(String.self, forKey: .preparedAt)
        warnings = try c.decodeIfPresent([String].self, forKey: .warnings) ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(clientRequestId, forKey: .clientRequestId)
        try c.encode(capturedAt, forKey: .capturedAt)
        try c.encode(timezone, forKey: .timezone)
        try c.encode(localDate, forKey: .localDate)
        try c.encode(situation, forKey: .situation)
        try c.encode(placeName, forKey: .placeName)
        try c.encode(location, forKey: .location)
        try c.encode(crumb, forKey: .crumb)
        try c.encode(source, forKey: .source)
        try c.encode(original, forKey: .original)
        try c.encode(copy, forKey: .copy)
        try c.encode(ocr, forKey: .ocr)
        try c.encode(lines, forKey: .lines)
        try c.encode(preparedAt, forKey: .preparedAt)
        if !warnings.isEmpty { try c.encode(warnings, forKey: .warnings) }
    }

    /// The record as `moment.json` holds it: UTF-8 JSON, keys in a stable order, no escaped slashes.
    public func jsonData(pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    public static func decode(_ data: Data) throws -> Moment {
        try JSONDecoder().decode(Moment.self, from: data)
    }
}
