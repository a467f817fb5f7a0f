import Foundation

/// Reads the capture facts a camera wrote into a JPEG's EXIF.
public enum MetadataReader {
    /// Orientation, capture time and GPS from the first EXIF APP1 segment. Never throws and never
    /// trusts an offset: whatever is damaged is skipped and described in `warnings`.
    public static func read(jpeg: [UInt8]) -> CameraMetadata {
        var meta = CameraMetadata()
        guard let jpegSegments = JPEGSegments(jpeg) else {
            meta.warnings.append("not a JPEG file: no metadata read")
            return meta
        }
        meta.warnings += jpegSegments.warnings
        guard let app1 = jpegSegments.segments.first(where: { $0.isEXIF }),
            let tiff = EXIFStructure.tiff(fromAPP1: app1.payload)
        else { return meta }
        guard let exif = EXIFStructure(tiff: tiff) else {
            meta.warnings.append("EXIF: no valid TIFF header (byte-order mark); the camera's EXIF was not read")
            return meta
        }
        meta.warnings += exif.warnings
        read(exif, into: &meta)
        if meta.offsetTimeOriginal == nil, let wall = meta.dateTimeOriginal,
            let xmp = jpegSegments.segments.first(where: { $0.isXMP })
        {
            meta.offsetTimeOriginal = xmpOffset(matching: wall, in: xmp)
        }
        return meta
    }

    /// The UTC offset of the XMP `exif:DateTimeOriginal` (as Lightroom and others write it) when it
    /// names the same wall time, to the second, as the EXIF `DateTimeOriginal` that has no offset.
    static func xmpOffset(matching exifWall: String, in xmp: JPEGSegments.Segment) -> String? {
        let text = String(decoding: xmp.payload.dropFirst(JPEGSegments.xmpSignature.count), as: UTF8.self)
        guard let r = text.range(of: "exif:DateTimeOriginal") else { return nil }
        var rest = text[r.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        guard let opener = rest.first, opener == "=" || opener == ">" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        if opener == "=" {
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
            rest = rest.dropFirst()
        }
        let value = String(rest.prefix { $0 != "\"" && $0 != "'" && $0 != "<" })
        guard let parsed = EXIFDateTime.parseISO8601(value), let offset = parsed.offset,
            let wall = EXIFDateTime.parseWall(exifWall)
        else { return nil }
        var xmpWall = parsed.wall
        xmpWall.millisecond = 0
        return xmpWall == wall ? EXIFDateTime.formatOffset(offset) : nil
    }

    static func read(_ exif: EXIFStructure, into meta: inout CameraMetadata) {
        let b = exif.block
        typealias T = EXIFStructure.Tag
        if let o = b.integers(exif.ifd0?[T.orientation])?.first, (1...8).contains(o) {
            meta.orientation = o
        } else if exif.ifd0?[T.orientation] != nil {
            meta.warnings.append("EXIF: orientation value not in 1...8; treated as 1")
        }
        meta.dateTimeOriginal = b.string(exif.exif?[T.dateTimeOriginal])
        meta.offsetTimeOriginal = b.string(exif.exif?[T.offsetTimeOriginal])
        meta.subSecTimeOriginal = b.string(exif.exif?[T.subSecTimeOriginal])
        if let gps = exif.gps { meta.gps = readGPS(gps, b, &meta.warnings) }
    }

    private static func degrees(_ values: [Double?]?) -> Double? {
        guard let v = values, !v.isEmpty, v.allSatisfy({ $0 != nil }) else { return nil }
        let d = v[0]!
        let m = v.count > 1 ? v[1]! : 0
        let s = v.count > 2 ? v[2]! : 0
        return d + m / 60 + s / 3600
    }

    private static func readGPS(_ gps: TIFFDirectory, _ b: TIFFBlock, _ warnings: inout [String]) -> GPSFix? {
        guard var lat = degrees(b.rationals(gps[0x0002])), var lon = degrees(b.rationals(gps[0x0004])) else {
            return nil
        }
        let latRef = b.string(gps[0x0001])?.uppercased()
        let lonRef = b.string(gps[0x0003])?.uppercased()
        if latRef == "S" { lat = -abs(lat) }
        if lonRef == "W" { lon = -abs(lon) }
        if latRef == nil || lonRef == nil {
            warnings.append("EXIF: GPS position without a hemisphere reference; read as north/east")
        }
        guard abs(lat) <= 90, abs(lon) <= 180, lat.isFinite, lon.isFinite else {
            warnings.append("EXIF: GPS position out of range; ignored")
            return nil
        }
        var fix = GPSFix(latitude: lat, longitude: lon)
        if let alt = b.rationals(gps[0x0006])?.first ?? nil {
            fix.altitude = b.integers(gps[0x0005])?.first == 1 ? -alt : alt
        }
        fix.accuracy = b.rationals(gps[0x001F])?.first ?? nil
        if let date = b.string(gps[0x001D]), let time = b.rationals(gps[0x0007]), time.count == 3,
            let h = time[0], let m = time[1], let s = time[2]
        {
            fix.timestamp = EXIFDateTime.gpsDate(date, hours: h, minutes: m, seconds: s)
        }
        return fix
    }
}
