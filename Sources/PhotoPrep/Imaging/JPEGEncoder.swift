internal import CJPEG

/// Why pixels could not be written as a JPEG.
public struct EncodeError: Error, Sendable, CustomStringConvertible {
    public var detail: String
    public var description: String { "the JPEG could not be written (\(detail))" }
}

/// Compresses a raster to baseline JPEG with TurboJPEG.
public enum JPEGEncoder {
    /// JPEG bytes (JFIF APP0, no EXIF). At quality 90 and above chroma is kept at full
    /// resolution (4:4:4), as libvips does, so red and blue text edges stay sharp.
    /// The corresponding C function is `tjCompress2`.
    public static func encode(_ raster: Raster, quality: Int = 90) throws(EncodeError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw EncodeError(detail: "TurboJPEG could not start") }
        defer { tjDestroy(handle) }
        var jpegBuf: UnsafeMutablePointer<UInt8>? = nil
        var jpegSize: UInt = 0
        defer { if let b = jpegBuf { tjFree(b) } }
        let grey = raster.channels == 1
        let subsamp = grey ? TJSAMP_GRAY : (quality >= 90 ? TJSAMP_444 : TJSAMP_420)
        let rc = raster.pixels.withUnsafeBufferPointer { src in
            tjCompress2(handle, src.baseAddress, Int32(raster.width), Int32(raster.rowBytes), Int32(raster.height),
                        (grey ? TJPF_GRAY : TJPF_RGB).rawValue, &jpegBuf, &jpegSize,
                        Int32(subsamp.rawValue), Int32(quality), 0)
        }
        guard rc == 0, let out = jpegBuf else {
            let msg = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown"
            throw EncodeError(detail: msg)
        }
        return Array(UnsafeBufferPointer(start: out, count: Int(jpegSize)))
    }
}
