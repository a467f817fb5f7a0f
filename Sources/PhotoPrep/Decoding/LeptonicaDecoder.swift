internal import CTesseract

/// Decodes TIFF, WebP, BMP, PNM and GIF through Leptonica, and PNG through libpng, to RGB.
///
/// The header is read first so that a file claiming an absurd size is refused before Leptonica
/// allocates for it. Transparency is flattened onto white, as a viewer shows it. Nothing is
/// printed: what libtiff and Leptonica say is collected (`DecoderMessages`) and becomes the
/// error's detail. A TIFF for which libtiff reports any error is refused, even when Leptonica
/// hands back a picture: Leptonica reads RGB strips without stopping on errors and fills what
/// libtiff could not decode with black.
public enum LeptonicaDecoder {
    /// The picture's size from its header. The corresponding C function is `pixReadHeaderMem`
    /// (`png_image_begin_read_from_memory` for PNG).
    public static func size(_ bytes: [UInt8], format: ImageFormat) throws(DecodeError) -> (width: Int, height: Int) {
        if format == .png { return try PNGDecoder.size(bytes) }
        var fmt: Int32 = 0, w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, cmap: Int32 = 0
        let (rc, messages) = DecoderMessages.collecting {
            bytes.withUnsafeBufferPointer { buf in
                pixReadHeaderMem(buf.baseAddress, buf.count, &fmt, &w, &h, &bps, &spp, &cmap)
            }
        }
        try refuseTIFF(format, messages)
        guard rc == 0, w > 0, h > 0 else {
            throw .damaged(format: format, detail: messages.firstError.map { "its header cannot be read: \($0)" }
                ?? "its header cannot be read")
        }
        return (Int(w), Int(h))
    }

    /// Decodes the first picture in the file. The corresponding C function is `pixReadMem`
    /// (`png_image_finish_read` for PNG).
    public static func decode(_ bytes: [UInt8], format: ImageFormat) throws(DecodeError) -> Raster {
        if format == .png { return try PNGDecoder.decode(bytes) }
        let (pixOrNil, messages) = DecoderMessages.collecting {
            bytes.withUnsafeBufferPointer { buf in pixReadMem(buf.baseAddress, buf.count) }
        }
        var original: UnsafeMutablePointer<PIX>? = pixOrNil
        defer { pixDestroy(&original) }
        try refuseTIFF(format, messages)
        guard let decoded = pixOrNil else {
            throw .damaged(format: format, detail: messages.firstError?.description ?? "Leptonica could not decode it")
        }
        // A palette picture (GIF, palette TIFF or BMP) is expanded first: pixConvertTo32 reads a 1-bit
        // palette picture as black and white, ignoring its colours.
        guard let full = pixGetColormap(decoded) != nil
            ? pixRemoveColormap(decoded, Int32(REMOVE_CMAP_TO_FULL_COLOR)) : pixClone(decoded) else {
            throw .damaged(format: format, detail: "its palette cannot be read")
        }
        var pix: UnsafeMutablePointer<PIX>? = full
        defer { pixDestroy(&pix) }
        var flat = full
        let hasAlpha = pixGetSpp(full) == 4
        if hasAlpha {
            guard let blended = pixAlphaBlendUniform(full, 0xFFFF_FF00) else {
                throw .damaged(format: format, detail: "its transparency cannot be flattened")
            }
            flat = blended
        }
        defer { if hasAlpha { var b: UnsafeMutablePointer<PIX>? = flat; pixDestroy(&b) } }
        guard let converted = pixConvertTo32(flat) else {
            throw .unsupported(format: format, detail: "pixel depth \(pixGetDepth(flat)) cannot be converted")
        }
        var rgba: UnsafeMutablePointer<PIX>? = converted
        defer { pixDestroy(&rgba) }
        let w = Int(pixGetWidth(converted)), h = Int(pixGetHeight(converted)), wpl = Int(pixGetWpl(converted))
        guard let data = pixGetData(converted) else { throw .damaged(format: format, detail: "no pixel data") }
        var out = [UInt8](repeating: 0, count: w * h * 3)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let row = data + y * wpl
                for x in 0..<w {
                    let word = row[x]  // Leptonica: red in the most significant byte
                    let o = (y * w + x) * 3
                    dst[o] = UInt8(truncatingIfNeeded: word >> 24)
                    dst[o + 1] = UInt8(truncatingIfNeeded: word >> 16)
                    dst[o + 2] = UInt8(truncatingIfNeeded: word >> 8)
                }
            }
        }
        return Raster(width: w, height: h, channels: 3, pixels: out)
    }

    /// Any libtiff error refuses a TIFF, naming libtiff's first reason. A compression scheme
    /// libtiff does not have is "not supported"; anything else is damage.
    static func refuseTIFF(_ format: ImageFormat, _ messages: DecoderMessages) throws(DecodeError) {
        guard format == .tiff, let first = messages.errors(from: "libtiff").first else { return }
        let detail = first.description
        if detail.contains("not implemented") || detail.contains("not configured") {
            throw .unsupported(format: .tiff, detail: detail)
        }
        throw .damaged(format: .tiff, detail: detail)
    }
}
