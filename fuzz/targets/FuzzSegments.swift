/// The JPEG segment walker and what reads segments: frame size, the SOF pre-check, ICC reassembly,
/// MPF offset shifting. Property: the walk never loses bytes (segments + tail re-serialise to a
/// file no longer than the input; with no warnings and no fill bytes, to the input exactly).
enum FuzzSegments {
    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        let bytes = Array(data)
        _ = JPEGDecoder.claimedSize(bytes)
        _ = ICCProfile.extract(fromJPEG: bytes)
        guard let parsed = JPEGSegments(bytes) else { return }
        _ = parsed.frameSize
        _ = parsed.metadataInsertionIndex
        let again = parsed.bytes
        if again.count > bytes.count { FuzzTargets.violated("segments re-serialise longer than the input") }
        let hasFill = bytes.indices.dropLast().contains { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xFF }
        if parsed.warnings.isEmpty, !hasFill, again != bytes {
            FuzzTargets.violated("segments re-serialise to different bytes")
        }
        for s in parsed.segments where s.isMPF {
            _ = MPFOffsets.shifted(s, by: 17)
            _ = MPFOffsets.shifted(s, by: -3)
        }
        if let icc = ICCProfile.extract(fromJPEG: bytes) {
            let embedded = ICCProfile.embed(icc, intoJPEG: FuzzSupport.plainJPEG)
            if ICCProfile.extract(fromJPEG: embedded) != icc { FuzzTargets.violated("ICC profile not carried") }
        }
    }
}
