import Foundation
import Synchronization

/// Universally unique, lexicographically sortable identifiers: 48 bits of milliseconds and 80
/// random bits in Crockford base32, 26 characters.
///
/// Ids from one generator are strictly increasing, even when several are made within one
/// millisecond or the clock steps back: the random part is then incremented instead of redrawn.
/// Two processes never collide in practice: each draws its 80 bits from the system's generator.
public final class ULIDGenerator: Sendable {
    public static let shared = ULIDGenerator()

    private struct State { var lastMillis: UInt64 = 0; var random: (hi: UInt16, lo: UInt64) = (0, 0) }
    private let state = Mutex(State())

    public init() {}

    /// The next id. `now` is injectable for tests.
    public func next(now: Date = Date()) -> String {
        let millis = UInt64(max(0, now.timeIntervalSince1970 * 1000))
        let (ms, hi, lo) = state.withLock { s -> (UInt64, UInt16, UInt64) in
            if millis > s.lastMillis {
                var rng = SystemRandomNumberGenerator()
                s.lastMillis = millis
                s.random = (UInt16.random(in: 0...UInt16.max, using: &rng), rng.next())
            } else {
                // Same millisecond or a clock that stepped back: keep the last time, count up.
                let (lo, overflow) = s.random.lo.addingReportingOverflow(1)
                s.random.lo = lo
                if overflow {
                    let (hi, o2) = s.random.hi.addingReportingOverflow(1)
                    s.random.hi = hi
                    if o2 { s.lastMillis += 1 }
                }
            }
            return (s.lastMillis, s.random.hi, s.random.lo)
        }
        return ULIDGenerator.encode(millis: ms, randomHigh: hi, randomLow: lo)
    }

    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    static func encode(millis: UInt64, randomHigh: UInt16, randomLow: UInt64) -> String {
        var out = [UInt8](repeating: 0, count: 26)
        // 48-bit time → 10 characters (50 bits, top 2 zero).
        var t = millis & 0xFFFF_FFFF_FFFF
        for i in stride(from: 9, through: 0, by: -1) { out[i] = alphabet[Int(t & 31)]; t >>= 5 }
        // 80-bit random → 16 characters.
        var lo = randomLow, hi = UInt64(randomHigh)
        for i in stride(from: 25, through: 10, by: -1) {
            out[i] = alphabet[Int(lo & 31)]
            lo = (lo >> 5) | ((hi & 31) << 59)
            hi >>= 5
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `s` has the form of a ULID (26 Crockford base32 characters, first at most `7`).
    public static func isValid(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count == 26, let first = u.first, first <= UInt8(ascii: "7") else { return false }
        return u.allSatisfy { alphabet.contains($0) }
    }
}
