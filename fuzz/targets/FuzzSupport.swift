import Foundation

/// Inputs the targets share: a tiny real JPEG to wrap fuzzed metadata into, and a capture truth.
enum FuzzSupport {
    /// A 16×8 baseline JPEG with a JFIF APP0, made once.
    static let plainJPEG: [UInt8] = {
        var r = Raster(width: 16, height: 8, channels: 3)
        for i in 0..<r.pixels.count { r.pixels[i] = UInt8(truncatingIfNeeded: i &* 37) }
        return (try? JPEGEncoder.encode(r, quality: 80)) ?? []
    }()

    /// `plainJPEG` with `payload` as an APP segment of `marker` right after the JFIF APP0
    /// (cut to the 65533 bytes a segment holds).
    static func jpeg(withSegment marker: UInt8, payload: [UInt8]) -> [UInt8] {
        var bytes = plainJPEG
        let p = Array(payload.prefix(65533))
        let length = p.count + 2
        let app0Length = Int(bytes[4]) << 8 | Int(bytes[5])
        bytes.insert(contentsOf: [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + p, at: 4 + app0Length)
        return bytes
    }

    /// Capture truths the stamp targets write: flags with a place and a name, and one without a place.
    static let truths: [CaptureTruth] = {
        let withPlace = CaptureOptions(
            capturedAt: "2026-11-29T15:45:00.123+09:00", timezone: "Asia/Seoul", lat: 37.5547, lon: 126.9707,
            accuracy: 12.5, altitude: -3.75, placeName: "Seoul <Station> & \"Hall\"")
        let bare = CaptureOptions(capturedAt: "2026-11-29T06:45:00Z")
        return [withPlace, bare].compactMap {
            try? CaptureTruthResolver.resolve(options: $0, camera: CameraMetadata(), fileModified: nil)
        }
    }()
}
