import Foundation

/// The GPX reader (Foundation's XMLParser underneath) and the position lookup on what it read.
/// Property: every fix read is on the globe; a place found is on the globe.
enum FuzzGPX {
    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        guard let track = try? GPXTrack.parse(Data(buffer: data), name: "fuzz.gpx") else { return }
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
