internal import CPNG

/// Decodes PNG with libpng's simplified API, to RGB, transparency flattened onto white.
///
/// Leptonica reads PNG with libpng's default handlers, which print "libpng error: …" on standard
/// error and leave the caller only "could not decode". The simplified API keeps libpng's message
/// in the `png_image` instead, so a damaged PNG becomes a `DecodeError` carrying libpng's reason
/// and nothing is printed. Every check libpng makes still applies: chunk CRCs, IHDR's fields,
/// zlib's stream, enough image data for the size IHDR claims.
enum PNGDecoder {
    /// The picture's size from IHDR, read by libpng (which checks IHDR's CRC and fields).
    /// The corresponding C function is `png_image_begin_read_from_memory`.
    static func size(_ bytes: [UInt8]) throws(DecodeError) -> (width: Int, height: Int) {
        try bytes.withUnsafeBufferPointer { (buf) throws(DecodeError) -> (width: Int, height: Int) in
            let image = try PNGImage(reading: buf)
            return (Int(image.pointer.pointee.width), Int(image.pointer.pointee.height))
        }
    }

    /// Decodes the whole picture. 16-bit samples without gAMA or sRGB are taken as sRGB-encoded,
    /// as cameras and editors write them. The corresponding C function is `png_image_finish_read`.
    static func decode(_ bytes: [UInt8]) throws(DecodeError) -> Raster {
        try bytes.withUnsafeBufferPointer { (buf) throws(DecodeError) -> Raster in
            let image = try PNGImage(reading: buf)
            let width = Int(image.pointer.pointee.width), height = Int(image.pointer.pointee.height)
            let hasAlpha = image.pointer.pointee.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
            let channels = hasAlpha ? 4 : 3
            let (count, overflow) = (width * height).multipliedReportingOverflow(by: channels)
            guard width > 0, height > 0, !overflow else {
                throw .damaged(format: .png, detail: "IHDR claims \(width)×\(height) pixels")
            }
            image.pointer.pointee.format = hasAlpha ? CPNG_formatRGBA() : UInt32(PNG_FORMAT_FLAG_COLOR)
            image.pointer.pointee.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            var pixels = [UInt8](repeating: 0, count: count)
            let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(image.pointer, nil, $0.baseAddress, 0, nil) }
            guard ok != 0 else { throw .damaged(format: .png, detail: "libpng: \(image.message)") }
            return Raster(width: width, height: height, channels: 3,
                          pixels: hasAlpha ? flattenedOntoWhite(pixels, pixelCount: width * height) : pixels)
        }
    }

    /// RGBA to RGB over white, as a viewer shows a transparent picture.
    static func flattenedOntoWhite(_ rgba: [UInt8], pixelCount: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixelCount * 3)
        out.withUnsafeMutableBufferPointer { dst in
            rgba.withUnsafeBufferPointer { src in
                for i in 0..<pixelCount {
                    let a = UInt32(src[4 * i + 3])
                    for c in 0..<3 {
                        dst[3 * i + c] = UInt8((UInt32(src[4 * i + c]) * a + 255 * (255 - a) + 127) / 255)
                    }
                }
            }
        }
        return out
    }
}

/// One `png_image` being read, at a fixed address: libpng keeps a pointer to it (its error
/// handler writes the message there), so it must never move while libpng holds it.
private struct PNGImage: ~Copyable {
    let pointer: UnsafeMutablePointer<png_image>

    /// Reads the signature and IHDR from `bytes`, which must outlive the image.
    /// The corresponding C function is `png_image_begin_read_from_memory`.
    init(reading bytes: UnsafeBufferPointer<UInt8>) throws(DecodeError) {
        let image = UnsafeMutablePointer<png_image>.allocate(capacity: 1)
        image.initialize(to: png_image())
        image.pointee.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_memory(image, bytes.baseAddress, bytes.count) != 0 else {
            let reason = Self.message(image)
            png_image_free(image)
            image.deallocate()
            throw .damaged(format: .png, detail: "libpng: \(reason)")
        }
        pointer = image
    }

    deinit {
        png_image_free(pointer)
        pointer.deallocate()
    }

    /// libpng's message, kept in the image (a C array of 64 characters).
    var message: String { Self.message(pointer) }

    private static func message(_ image: UnsafeMutablePointer<png_image>) -> String {
        let text = withUnsafeBytes(of: image.pointee.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unknown error" : text
    }
}
