import Foundation

/// The GPX reader (PhotoPrep's own XML scanner, GPXScanner) and the position lookup on what it read.
/// Properties: a track read holds at least one fix, in time order, every one on the globe; a place
/// found is on the globe.
enum FuzzGPX {
    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        guard let track = try? GPXTrack.parse(Data(buffer: data), name: "fuzz.gpx") else { return }
        if track.fixes.isEmpty { FuzzTargets.violated("a track read without fixes") }
        if zip(track.fixes, track.fixes.dropFirst()).contains(where: { $0.time > $1.time }) {
            FuzzTargets.violated("fixes out of time order")
        }
        for f in track.fixes where !(abs(f.lat) <= 90 && abs(f.lon) <= 180) {
            FuzzTargets.violated("fix off the globe: \(f.lat), \(f.lon)")
        }
        guard let first = track.fixes.first, let last = track.fixes.last else { return }
        for t in [first.time, last.time, first.time.addingTimeInterval(last.time.timeIntervalSince(first.time) / 2),
                  first.time.addingTimeInterval(-100), last.time.addingTimeInterval(100)] {
            let (place, _) = track.position(at: t, maxGap: 1800)
            if let place, !(abs(place.lat) <= 90 && abs(place.lon) <= 180) {
                FuzzTargets.violated("place off the globe: \(place.lat), \(place.lon)")
            }
        }
    }
}
