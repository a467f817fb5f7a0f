import Foundation

/// Calendar arithmetic for capture times, done in whole milliseconds in the proleptic Gregorian
/// calendar so that what is written reads back exactly (no locale, no floating-point drift).
enum EXIFDateTime {
    /// A wall-clock reading: what a clock in some zone showed.
    struct Wall: Sendable, Equatable {
        var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
        var millisecond: Int = 0

        /// Milliseconds since 1970 were this wall time in UTC.
        var msAsUTC: Int64 {
            let days = EXIFDateTime.daysFromCivil(year, month, day)
            return ((Int64(days) * 24 + Int64(hour)) * 60 + Int64(minute)) * 60_000 + Int64(second) * 1000
                + Int64(millisecond)
        }

        init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int = 0) {
            self.year = year
            self.month = month
            self.day = day
            self.hour = hour
            self.minute = minute
            self.second = second
            self.millisecond = millisecond
        }

        init(msAsUTC ms: Int64) {
            let days = Int(ms >= 0 ? ms / 86_400_000 : (ms - 86_399_999) / 86_400_000)
            var rest = Int(ms - Int64(days) * 86_400_000)
            (year, month, day) = EXIFDateTime.civil(fromDays: days)
            hour = rest / 3_600_000
            rest %= 3_600_000
            minute = rest / 60_000
            rest %= 60_000
            second = rest / 1000
            millisecond = rest % 1000
        }

        var exifString: String {
            String(format: "%04d:%02d:%02d %02d:%02d:%02d", year, month, day, hour, minute, second)
        }
        var dateString: String { String(format: "%04d-%02d-%02d", year, month, day) }

        var isValid: Bool {
            (1...9999).contains(year) && (1...12).contains(month) && (1...31).contains(day)
                && day <= EXIFDateTime.daysIn(month: month, year: year)
                && (0...23).contains(hour) && (0...59).contains(minute) && (0...60).contains(second)
        }
    }

    static func ms(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    static func date(ms: Int64) -> Date { Date(timeIntervalSince1970: Double(ms) / 1000) }

    /// `YYYY:MM:DD HH:MM:SS` (also with `-` in the date, or `T`); nil for blanks, zeros and nonsense.
    static func parseWall(_ text: String) -> Wall? {
        let digits = text.split(whereSeparator: { ":- T".contains($0) }).map(String.init)
        guard digits.count == 6, let n = digits.map({ Int($0) }) as [Int?]?, n.allSatisfy({ $0 != nil }) else {
            return nil
        }
        let w = Wall(year: n[0]!, month: n[1]!, day: n[2]!, hour: n[3]!, minute: n[4]!, second: min(n[5]!, 59))
        return w.isValid ? w : nil
    }

    /// `+09:00`, `-0530`, `+09`, `Z` → seconds east of UTC.
    static func parseOffset(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t == "Z" || t == "z" { return 0 }
        guard let sign = t.first, sign == "+" || sign == "-" else { return nil }
        let body = t.dropFirst().replacingOccurrences(of: ":", with: "")
        guard body.count == 2 || body.count == 4, body.allSatisfy(\.isASCII), let v = Int(body) else { return nil }
        let h = body.count == 2 ? v : v / 100
        let m = body.count == 2 ? 0 : v % 100
        guard h <= 14, m < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
    }

    static func formatOffset(_ seconds: Int) -> String {
        let a = abs(seconds) / 60
        return String(format: "%@%02d:%02d", seconds < 0 ? "-" : "+", a / 60, a % 60)
    }

    /// Milliseconds of a `SubSecTime` string (`5` → 500, `123456` → 123); nil when not digits.
    static func subSecMilliseconds(_ text: String?) -> Int? {
        guard let t = text?.trimmingCharacters(in: .whitespaces), !t.isEmpty, t.allSatisfy(\.isNumber),
            t.allSatisfy(\.isASCII)
        else { return nil }
        let three = String((t + "000").prefix(3))
        return Int(three)
    }

    /// ISO 8601 date-time: `2026-11-29T15:45:00+09:00`, `…T06:45:00.123Z`, `…15:45+09:00`.
    /// Returns the instant and the offset it was written with (nil when it carries none).
    static func parseISO8601(_ text: String) -> (ms: Int64, offset: Int?, wall: Wall)? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard t.count >= 16 else { return nil }
        var body = t
        var offset: Int?
        if body.hasSuffix("Z") || body.hasSuffix("z") {
            offset = 0
            body.removeLast()
        } else if let idx = body.lastIndex(where: { $0 == "+" || $0 == "-" }),
            body.distance(from: body.startIndex, to: idx) > 10
        {
            guard let o = parseOffset(String(body[idx...])) else { return nil }
            offset = o
            body = String(body[..<idx])
        }
        let parts = body.split(whereSeparator: { $0 == "T" || $0 == "t" || $0 == " " }).map(String.init)
        guard parts.count == 2 else { return nil }
        let d = parts[0].split(separator: "-").compactMap { Int($0) }
        guard d.count == 3, parts[0].count == 10 else { return nil }
        var timeText = parts[1]
        var ms = 0
        if let dot = timeText.firstIndex(where: { $0 == "." || $0 == "," }) {
            let frac = String(timeText[timeText.index(after: dot)...])
            guard !frac.isEmpty, frac.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            ms = Int(String((frac + "000").prefix(3)))!
            timeText = String(timeText[..<dot])
        }
        let hms = timeText.split(separator: ":").compactMap { Int($0) }
        guard hms.count == 2 || hms.count == 3 else { return nil }
        let wall = Wall(
            year: d[0], month: d[1], day: d[2], hour: hms[0], minute: hms[1],
            second: hms.count == 3 ? hms[2] : 0, millisecond: ms)
        guard wall.isValid, wall.second < 60 else { return nil }
        return (wall.msAsUTC - Int64((offset ?? 0) * 1000), offset, wall)
    }

    /// `2026-11-29T06:45:00.123Z`.
    static func utcISO(ms: Int64) -> String {
        let w = Wall(msAsUTC: ms)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", w.year, w.month, w.day, w.hour, w.minute,
            w.second, w.millisecond)
    }

    /// The wall time a clock in `zone` showed at the instant.
    static func wall(ms: Int64, in zone: TimeZone) -> (wall: Wall, offset: Int) {
        let offset = zone.secondsFromGMT(for: date(ms: ms))
        return (Wall(msAsUTC: ms + Int64(offset) * 1000), offset)
    }

    /// The instant at which a clock in `zone` showed `wall` (the earlier one in a repeated hour).
    static func instant(of wall: Wall, in zone: TimeZone) -> Int64 {
        let asUTC = wall.msAsUTC
        let first = asUTC - Int64(zone.secondsFromGMT(for: date(ms: asUTC))) * 1000
        return asUTC - Int64(zone.secondsFromGMT(for: date(ms: first))) * 1000
    }

    /// `GPSDateStamp` (`YYYY:MM:DD`) and `GPSTimeStamp` (UTC hours, minutes, seconds) as an instant.
    static func gpsDate(_ dateStamp: String, hours: Double, minutes: Double, seconds: Double) -> Date? {
        let d = dateStamp.split(whereSeparator: { $0 == ":" || $0 == "-" }).compactMap { Int($0) }
        guard d.count == 3, hours >= 0, hours < 24, minutes >= 0, minutes < 60, seconds >= 0, seconds < 61 else {
            return nil
        }
        let wall = Wall(year: d[0], month: d[1], day: d[2], hour: 0, minute: 0, second: 0)
        guard wall.isValid else { return nil }
        let ms = wall.msAsUTC + Int64(((hours * 60 + minutes) * 60 + seconds) * 1000 + 0.5)
        return date(ms: ms)
    }

    // Howard Hinnant's days-from-civil and its inverse.
    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
