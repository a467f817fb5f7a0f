import Foundation

/// Collects the timed points of a GPX file from the events of `GPXScanner`, as `GPXTrack.parse` promises:
/// `trkpt` and `rtept` elements (any namespace prefix) with `lat` and `lon` attributes, their direct
/// `<time>` and `<ele>` children. A point without a usable time, or off the globe, is skipped.
///
/// Keeps at most `maxValue` bytes of a value (a time or elevation longer than that is not one), so
/// memory stays bounded by the number of points read.
struct GPXPointReader {
    private(set) var fixes: [GPXTrack.Fix] = []

    /// Longer values are not numbers or times GPX writes.
    static let maxValue = 256

    private struct Point {
        var depth: Int
        var lat: Double?
        var lon: Double?
        var time: Date?
        var elevation: Double?
    }

    private enum Field { case time, elevation }

    private var point: Point?
    private var field: Field?
    private var value: [UInt8] = []
    private var valueFits = true

    mutating func take(_ event: GPXScanner.Event, from scanner: GPXScanner) {
        switch event {
        case .start(let name):
            let local = scanner.localName(name)
            if let p = point {
                guard scanner.depth == p.depth + 1 else { return }
                if local.elementsEqual("time".utf8) {
                    field = .time
                } else if local.elementsEqual("ele".utf8) {
                    field = .elevation
                } else {
                    return
                }
                value.removeAll(keepingCapacity: true)
                valueFits = true
            } else if local.elementsEqual("trkpt".utf8) || local.elementsEqual("rtept".utf8) {
                point = Point(
                    depth: scanner.depth, lat: number(scanner.attribute("lat"), in: scanner),
                    lon: number(scanner.attribute("lon"), in: scanner))
            }
        case .text(let range, let verbatim):
            guard field != nil, let p = point, scanner.depth == p.depth + 1, valueFits else { return }
            // Leading white space is not kept, so an indented value does not count against the limit.
            var start = range.lowerBound
            if value.isEmpty {
                while start < range.upperBound, GPXScanner.isSpace(scanner.bytes[start]) { start += 1 }
            }
            valueFits = scanner.decode(start..<range.upperBound, verbatim: verbatim, into: &value, limit: Self.maxValue)
        case .end:
            guard let p = point else { return }
            let depth = scanner.depth + 1  // of the element just closed
            if let f = field, depth == p.depth + 1 {
                finish(f)
                field = nil
            } else if depth == p.depth {
                if let lat = p.lat, let lon = p.lon, let time = p.time, abs(lat) <= 90, abs(lon) <= 180 {
                    fixes.append(GPXTrack.Fix(time: time, lat: lat, lon: lon, elevation: p.elevation))
                }
                point = nil
            }
        }
    }

    /// Ends a `<time>` or `<ele>` of the current point: the last one given counts.
    private mutating func finish(_ f: Field) {
        let text = valueFits ? Self.trimmed(value[...]) : []
        switch f {
        case .time:
            point?.time = EXIFDateTime.parseISO8601(String(decoding: text, as: UTF8.self)).map {
                EXIFDateTime.date(ms: $0.ms)
            }
        case .elevation:
            point?.elevation = Self.decimal(text)
        }
    }

    private func number(_ range: Range<Int>?, in scanner: GPXScanner) -> Double? {
        guard let range else { return nil }
        var out: [UInt8] = []
        guard scanner.decode(range, verbatim: false, into: &out, limit: Self.maxValue) else { return nil }
        return Self.decimal(Self.trimmed(out[...]))
    }

    /// A decimal number as GPX writes them (`-33.8`, `12`, `1.5e2`): no `nan`, `inf` or hex.
    static func decimal(_ text: ArraySlice<UInt8>) -> Double? {
        guard !text.isEmpty,
            text.allSatisfy({
                ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D || $0 == 0x65 || $0 == 0x45
            })
        else { return nil }
        return Double(String(decoding: text, as: UTF8.self))
    }

    private static func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var t = text
        while let c = t.first, GPXScanner.isSpace(c) { t.removeFirst() }
        while let c = t.last, GPXScanner.isSpace(c) { t.removeLast() }
        return t
    }
}
