/// Prepare from bytes without OCR: decode and make the copy (pixel limit kept small so a fuzzed
/// header cannot make each run slow), encode it, stamp original and copy, carry the ICC profile.
/// Property: either a DecodeError, or a copy within the long edge that stamps and reads back.
enum FuzzPrepare {
    static let maxPixels = 4_000_000

    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        let bytes = Array(data)
        let decoded: DecodedPhoto
        do { decoded = try CopyMaker.decode(bytes, longEdge: 64, maxPixels: maxPixels) } catch { return }
        if max(decoded.copy.width, decoded.copy.height) > 64 { FuzzTargets.violated("copy larger than the long edge") }
        if decoded.storedWidth * decoded.storedHeight > maxPixels { FuzzTargets.violated("pixel limit not kept") }
        guard let truth = FuzzSupport.truths.first else { return }
        do {
            let original = decoded.format == .jpeg ? bytes : try JPEGEncoder.encode(decoded.fullResolution!, quality: 95)
            var copy = try JPEGEncoder.encode(decoded.copy, quality: 90)
            if decoded.format == .jpeg, let icc = ICCProfile.extract(fromJPEG: bytes),
               ICCProfile.describes(icc, channels: decoded.copy.channels) {
                copy = ICCProfile.embed(icc, intoJPEG: copy)
            }
            let stamped = try MetadataStamper.stampOriginal(jpeg: original, truth: truth).jpeg
            FuzzEXIFStamp.check(stamped, truth, "prepared original")
            let stampedCopy = try MetadataStamper.stampCopy(
                copyJPEG: copy, originalJPEG: decoded.format == .jpeg ? bytes : nil, truth: truth,
                width: decoded.copy.width, height: decoded.copy.height)
            FuzzEXIFStamp.check(stampedCopy, truth, "prepared copy")
        } catch {
            FuzzTargets.violated("a decoded photo could not be encoded or stamped: \(error)")
        }
    }
}
