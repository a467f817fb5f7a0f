internal import CTesseract

/// Decodes PNG, TIFF, WebP, BMP, PNM and GIF through Leptonica, to grey or RGB.
///
/// The header is read first so that a file claiming an absurd size is refused before Leptonica
/// allocates for it. Transparency is flattened onto white, as a viewer shows it.
public enum LeptonicaDecoder {
    /// The picture's size from its header. The corresponding C function is `pixReadHeaderMem`.
    public static func size(_ bytes: [UInt8], format: ImageFormat) throws(DecodeError) -> (width: Int, height: Int) {
        quietLeptonica()
        var fmt: Int32 = 0, w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, cmap: Int32 = 0
        let rc = bytes.withUnsafeBufferPointer { buf in
            pixReadHeaderMem(buf.baseAddress, buf.count, &fmt, &w, &h, &bps, &spp, &cmap)
        }
        guard rc == 0, w > 0, h > 0 else {
            throw .damaged(format: format, detail: "its header cannot be read")
        }
        return (Int(w), Int(h))
    }

    /// Decodes the first picture in the file. The corresponding C function is `pixReadMem`.
    public static func decode(_ bytes: [UInt8], format: ImageFormat) throws(DecodeError) -> Raster {
        quietLeptonica()
        let pixOrNil = bytes.withUnsafeBufferPointer { buf in pixReadMem(buf.baseAddress, buf.count) }
        guard let decoded = pixOrNil else {
            throw .damaged(format: format, detail: "Leptonica could not decode it")
        }
        var original: UnsafeMutablePointer<PIX>? = decoded
        defer { pixDestroy(&original) }
        // A palette picture (GIF, 1-bit PNG) is expanded first: pixConvertTo32 reads a 1-bit
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

    /// Leptonica prints its own errors on stderr; PhotoPrep reports them itself.
    static func quietLeptonica() {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }
}
