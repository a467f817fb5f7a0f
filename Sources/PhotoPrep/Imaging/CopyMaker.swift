/// A photo decoded for preparation: its stored size and the upright copy's pixels.
public struct DecodedPhoto: Sendable {
    public var format: ImageFormat
    /// Size of the picture as stored (before orientation).
    public var storedWidth: Int
    public var storedHeight: Int
    /// The upright copy, long edge at most the target, never enlarged.
    public var copy: Raster
    /// The full-resolution pixels, kept only for formats whose original must be re-encoded
    /// (everything but JPEG, whose bytes are kept as they are).
    public var fullResolution: Raster?
    /// Harmless decoder complaints worth keeping in the moment.
    public var warnings: [String]
}

/// Makes the upright copy of a photo.
///
/// A JPEG is decoded straight to the smallest DCT scale whose long edge is still at or above the
/// target, so a 48 MP photo costs what a 3 MP decode costs; Lanczos-3 finishes the reduction and
/// the orientation is applied last, on the small picture.
public enum CopyMaker {
    /// Phones today reach 200 MP; a header claiming more than this is refused before decoding.
    /// Formats other than JPEG, decoded at full size, are held to a third of the limit.
    public static let defaultMaxPixels = 300_000_000

    /// The size of the copy for a picture whose upright size is `width`×`height`.
    public static func copySize(width: Int, height: Int, longEdge: Int) -> (width: Int, height: Int) {
        let long = max(width, height)
        guard long > longEdge else { return (width, height) }
        let s = Double(longEdge) / Double(long)
        let w = width >= height ? longEdge : max(1, Int((Double(width) * s).rounded()))
        let h = height > width ? longEdge : max(1, Int((Double(height) * s).rounded()))
        return (w, h)
    }

    /// Decodes `bytes` and makes the copy. `orientation` nil means: read it from the JPEG's EXIF.
    public static func decode(_ bytes: [UInt8], orientation: Orientation? = nil, longEdge: Int = 2048,
                              maxPixels: Int = defaultMaxPixels) throws(DecodeError) -> DecodedPhoto {
        guard !bytes.isEmpty else { throw .empty }
        guard let format = ImageFormat.sniff(bytes) else {
            throw .notAPhoto(firstBytes: DecodeError.describeFirstBytes(bytes))
        }
        if format == .jpeg {
            if let claimed = JPEGDecoder.claimedSize(bytes) { try checkSize(claimed.width, claimed.height, maxPixels) }
            let decoder = try JPEGDecoder()
            let header = try decoder.header(bytes)
            try checkSize(header.width, header.height, maxPixels)
            let turn = orientation ?? Orientation(exifValue: MetadataReader.read(jpeg: bytes).orientation)
            let upright = turn.uprightSize(width: header.width, height: header.height)
            let target = copySize(width: upright.width, height: upright.height, longEdge: longEdge)
            let scale = decoder.scale(for: header, targetLongEdge: max(target.width, target.height))
            let (scaled, warnings) = try decoder.decode(bytes, header: header, scale: scale)
            let copy = finish(scaled, orientation: turn, target: target)
            return DecodedPhoto(format: format, storedWidth: header.width, storedHeight: header.height,
                                copy: copy, fullResolution: nil, warnings: warnings)
        }
        let size = try LeptonicaDecoder.size(bytes, format: format)
        // Other formats are decoded at full size (Leptonica's 32-bit picture, then ours): about
        // three times a JPEG's cost per pixel, so a third of the limit.
        try checkSize(size.width, size.height, maxPixels / 3)
        let full = try LeptonicaDecoder.decode(bytes, format: format)
        let turn = orientation ?? Orientation(exifValue: 1)
        let upright = turn.uprightSize(width: full.width, height: full.height)
        let target = copySize(width: upright.width, height: upright.height, longEdge: longEdge)
        return DecodedPhoto(format: format, storedWidth: full.width, storedHeight: full.height,
                            copy: finish(full, orientation: turn, target: target), fullResolution: full, warnings: [])
    }

    /// The upright copy alone (for benchmarks and callers that need only pixels).
    public static func makeCopy(from bytes: [UInt8], longEdge: Int = 2048) throws(DecodeError) -> Raster {
        try decode(bytes, longEdge: longEdge).copy
    }

    /// Resample in stored orientation (the target swapped back when the axes trade places), then turn upright.
    static func finish(_ stored: Raster, orientation: Orientation, target: (width: Int, height: Int)) -> Raster {
        let storedTarget = orientation.swapsAxes ? (target.height, target.width) : (target.width, target.height)
        let resized = LanczosResampler.resize(stored, width: storedTarget.0, height: storedTarget.1)
        return orientation.apply(to: resized)
    }

    static func checkSize(_ w: Int, _ h: Int, _ limit: Int) throws(DecodeError) {
        if w * h > limit {
            throw .tooLarge(width: w, height: h, limit: limit)
        }
    }
}
