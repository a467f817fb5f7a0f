/// A capture time, zone, place or track given on the command line that cannot be used.
public enum CaptureError: Error, Sendable, CustomStringConvertible, Equatable {
    case badCapturedAt(String)
    case badTimezone(String)
    case badLocation(String)
    case badGPX(file: String, reason: String)

    public var description: String {
        switch self {
        case .badCapturedAt(let s):
            "--captured-at \"\(s)\" is not an ISO 8601 date and time with a UTC offset, such as 2026-11-29T15:45:00+09:00"
        case .badTimezone(let s):
            "--timezone \"\(s)\" is not a known time zone; use an IANA name such as Asia/Seoul, or an offset such as +09:00"
        case .badLocation(let s): s
        case .badGPX(let file, let reason): "GPX track \(file): \(reason)"
        }
    }
}
