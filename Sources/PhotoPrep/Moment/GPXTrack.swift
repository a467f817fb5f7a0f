import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

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

    /// Reads `trkpt` and `rtept` points with `lat`, `lon`, `<time>` (UTC) and optional `<ele>`.
    /// Throws when the file is not XML or holds no timed point.
    public static func parse(_ data: Data, name: String) throws(CaptureError) -> GPXTrack {
        // Foundation's XMLParser on Linux crashes (a force unwrap) on an element name that is not
        // UTF-8, e.g. `<trkp\u{D5}t>`: bytes that are not UTF-8 are refused first, unless the file
        // names another encoding (ISO-8859-1), which libxml2 converts to UTF-8 itself.
        if String(validating: data, as: UTF8.self) == nil, !declaresOtherEncoding(data) {
            throw .badGPX(file: name, reason: "not a readable GPX (XML) file: it is not UTF-8 text")
        }
        // It also crashes (strlen of a null pointer) on a processing instruction with no data, `<?x?>`.
        if hasEmptyProcessingInstruction(data) {
            throw .badGPX(file: name, reason: "not a readable GPX (XML) file: it holds an empty processing instruction")
        }
        let reader = GPXReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        // On Linux `parse()` can return true after an error (content after the root element is
        // dropped with only `parserError` set): a track broken part-way must not pass as whole.
        guard parser.parse(), parser.parserError == nil else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "unreadable"
            throw .badGPX(file: name, reason: "not a readable GPX (XML) file: \(reason), line \(parser.lineNumber)")
        }
        guard !reader.fixes.isEmpty else {
            throw .badGPX(file: name, reason: "holds no track point with a position and a time")
        }
        return GPXTrack(name: name, fixes: reader.fixes)
    }

    /// Whether the bytes hold `<?name?>`: a processing instruction with a target and no data (fuzz input
    /// `<?x?>`), which Foundation's XMLParser on Linux hands to `strlen` as a null pointer.
    static func hasEmptyProcessingInstruction(_ data: Data) -> Bool {
        let b = [UInt8](data)
        var i = 0
        while i + 1 < b.count {
            if b[i] == UInt8(ascii: "<"), b[i + 1] == UInt8(ascii: "?") {
                var j = i + 2
                while j < b.count, !isXMLSpace(b[j]), b[j] != UInt8(ascii: "?") { j += 1 }  // the target
                while j < b.count, isXMLSpace(b[j]) { j += 1 }
                if j + 1 < b.count, b[j] == UInt8(ascii: "?"), b[j + 1] == UInt8(ascii: ">") { return true }
                i += 2  // not past the target: `<?<?x?>` holds one inside (fuzz input)
            } else {
                i += 1
            }
        }
        return false
    }

    private static func isXMLSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    /// Whether the XML declaration names, exactly, an encoding other than UTF-8 that libxml2
    /// converts to UTF-8 itself (ISO-8859-x, Windows-125x, UTF-16). Anything looser let a file
    /// declaring `encoding="UT<?xmlF-8"` through to the crash (fuzz input).
    static func declaresOtherEncoding(_ data: Data) -> Bool {
        guard let end = data.prefix(200).firstIndex(of: UInt8(ascii: ">")),
            let head = String(validating: data[data.startIndex..<end], as: UTF8.self)?.lowercased(),
            head.hasPrefix("<?xml "), let at = head.range(of: " encoding=")
        else { return false }
        let rest = head[at.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return false }
        let value = rest.dropFirst().prefix { $0 != quote }
        guard value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return false
        }
        let known = ["utf-16", "utf-16le", "utf-16be", "latin1"] + (1...16).map { "iso-8859-\($0)" }
            + (1250...1258).map { "windows-\($0)" }
        return known.contains(String(value))
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

/// Collects timed points while `XMLParser` walks a GPX file.
private final class GPXReader: NSObject, XMLParserDelegate {
    var fixes: [GPXTrack.Fix] = []
    private var lat: Double?, lon: Double?, ele: Double?, time: Date?
    private var inPoint = false
    private var text = ""

    private func local(_ name: String) -> String { name.split(separator: ":").last.map(String.init) ?? name }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes: [String: String] = [:]
    ) {
        let n = local(elementName)
        if n == "trkpt" || n == "rtept" {
            inPoint = true
            lat = attributes["lat"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            lon = attributes["lon"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            ele = nil
            time = nil
        }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        let n = local(elementName)
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch n {
        case "ele" where inPoint: ele = Double(value)
        case "time" where inPoint:
            if let p = EXIFDateTime.parseISO8601(value) { time = EXIFDateTime.date(ms: p.ms) }
        case "trkpt", "rtept":
            if let lat, let lon, let time, abs(lat) <= 90, abs(lon) <= 180 {
                fixes.append(GPXTrack.Fix(time: time, lat: lat, lon: lon, elevation: ele))
            }
            inPoint = false
        default: break
        }
        text = ""
    }
}
