/// The EXIF/TIFF reader on a fuzzed TIFF block inside a real JPEG's APP1. Never crashes, never
/// hangs; orientation always in 1…8; a GPS fix, when read, is on the globe.
enum FuzzEXIFRead {
    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        let tiff = Array(data)
        _ = EXIFStructure(tiff: tiff)
        let jpeg = FuzzSupport.jpeg(withSegment: 0xE1, payload: JPEGSegments.exifSignature + tiff)
        let meta = MetadataReader.read(jpeg: jpeg)
        if !(1...8).contains(meta.orientation) { FuzzTargets.violated("orientation \(meta.orientation)") }
        if let gps = meta.gps, !(abs(gps.latitude) <= 90 && abs(gps.longitude) <= 180) {
            FuzzTargets.violated("GPS off the globe: \(gps.latitude), \(gps.longitude)")
        }
    }
}
