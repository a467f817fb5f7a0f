internal import CJPEG

/// The size and kind of a JPEG, read from its header without decoding the scan.
public struct JPEGHeader: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// TurboJPEG's colour space: grey, YCbCr/RGB, or CMYK/YCCK.
    public var isGrey: Bool
    public var isCMYK: Bool
}

/// Decodes JPEGs with TurboJPEG, straight to a reduced size when that is all that is needed.
///
/// A big photo is never decoded at full size for a 2048-pixel copy: TurboJPEG's DCT scaling
/// (M/8 for M = 1…16) decodes to the smallest scale whose long edge stays at or above the
/// target, and a real filter does the rest. CMYK and YCCK (Adobe) JPEGs come out as RGB.
public struct JPEGDecoder: ~Copyable {
    private let handle: tjhandle

    public init() throws(DecodeError) {
        guard let h = tjInitDecompress() else {
            throw .unsupported(format: .jpeg, detail: "TurboJPEG could not start")
        }
        handle = h
    }

    deinit { tjDestroy(handle) }

    /// The frame size a JPEG's SOF marker claims, read without TurboJPEG (which refuses sizes over
    /// 65500 with a message that does not say the size), so the pixel limit can be checked first.
    public static func claimedSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var i = 2
        while i + 9 < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            if marker == 0xD9 || marker == 0xDA { return nil }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                let h = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
                let w = Int(bytes[i + 7]) << 8 | Int(bytes[i + 8])
                return (w, h)
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    /// Reads the header. A header that claims 0×0 (TurboJPEG accepts `FF D8 00`) is damage.
    /// The corresponding C function is `tjDecompressHeader3`.
    public func header(_ bytes: [UInt8]) throws(DecodeError) -> JPEGHeader {
        var w: Int32 = 0, h: Int32 = 0, subsamp: Int32 = 0, colorspace: Int32 = 0
        let rc = bytes.withUnsafeBufferPointer { buf in
            tjDecompressHeader3(handle, buf.baseAddress, UInt(buf.count), &w, &h, &subsamp, &colorspace)
        }
        if rc != 0 {
            let message = lastError()
            // libjpeg-turbo 2.1 reads neither 12-bit nor lossless JPEG: name them for what they are.
            if message.contains("Unsupported JPEG process") || message.contains("precision") {
                throw .unsupported(format: .jpeg, detail: "12-bit or lossless JPEG: \(message)")
            }
            throw .damaged(format: .jpeg, detail: message)
        }
        guard w > 0, h > 0 else { throw .damaged(format: .jpeg, detail: "the header gives no picture size") }
        return JPEGHeader(width: Int(w), height: Int(h),
                          isGrey: colorspace == Int32(TJCS_GRAY.rawValue),
                          isCMYK: colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue))
    }

    /// The scale factor (num/denom) TurboJPEG offers that gives the smallest picture whose long
    /// edge is still at least `targetLongEdge`; 1/1 when the picture is already small.
    public func scale(for header: JPEGHeader, targetLongEdge: Int) -> (num: Int, denom: Int) {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return (1, 1) }
        let long = max(header.width, header.height)
        var best = (num: 1, denom: 1)
        var bestEdge = long
        for i in 0..<Int(count) {
            let f = factors[i]
            guard f.num <= f.denom else { continue }  // never enlarge in the decoder
            let edge = Int(CJPEG_scaled(Int32(long), f.num, f.denom))
            if edge >= targetLongEdge && edge < bestEdge {
                best = (Int(f.num), Int(f.denom)); bestEdge = edge
            }
        }
        return best
    }

    /// Decodes the whole scan at `num/denom` of full size. A truncated or corrupt scan is an
    /// error (TurboJPEG only warns and fills in grey); harmless warnings are returned.
    /// The corresponding C function is `tjDecompress2`.
    public func decode(_ bytes: [UInt8], header: JPEGHeader, scale: (num: Int, denom: Int) = (1, 1))
        throws(DecodeError) -> (raster: Raster, warnings: [String])
    {
        let w = Int(CJPEG_scaled(Int32(header.width), Int32(scale.num), Int32(scale.denom)))
        let h = Int(CJPEG_scaled(Int32(header.height), Int32(scale.num), Int32(scale.denom)))
        let format: TJPF = header.isGrey ? TJPF_GRAY : (header.isCMYK ? TJPF_CMYK : TJPF_RGB)
        let pixelSize = Int(CJPEG_pixelSize(format.rawValue))
        // TurboJPEG writes every pixel (a corrupt scan is filled in), so no zero-fill first.
        var out = LanczosResampler.uninitialized(UInt8.self, count: w * h * pixelSize)
        let rc = bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                tjDecompress2(handle, src.baseAddress, UInt(src.count), dst.baseAddress,
                              Int32(w), Int32(w * pixelSize), Int32(h), format.rawValue, 0)
            }
        }
        var warnings: [String] = []
        if rc != 0 {
            let message = lastError()
            let isWarning = tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
            let cutShort = message.localizedLowercase.contains("premature end")
            if !isWarning || cutShort {
                throw .damaged(format: .jpeg, detail: message)
            }
            warnings.append("JPEG decoder: \(message)")
        }
        if header.isCMYK {
            return (JPEGDecoder.rgb(fromInvertedCMYK: out, width: w, height: h), warnings)
        }
        return (Raster(width: w, height: h, channels: header.isGrey ? 1 : 3, pixels: out), warnings)
    }

    /// Adobe writes CMYK JPEGs inverted (APP14), which is what every CMYK JPEG in the wild is:
    /// the stored value is 255 − ink, so R = C·K/255 on the stored values. Without colour
    /// management this is the usual approximation (Pillow, libvips without a profile).
    static func rgb(fromInvertedCMYK cmyk: [UInt8], width: Int, height: Int) -> Raster {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        cmyk.withUnsafeBufferPointer { s in
            rgb.withUnsafeMutableBufferPointer { d in
                for i in 0..<(width * height) {
                    let k = UInt32(s[4 * i + 3])
                    d[3 * i] = UInt8((UInt32(s[4 * i]) * k + 127) / 255)
                    d[3 * i + 1] = UInt8((UInt32(s[4 * i + 1]) * k + 127) / 255)
                    d[3 * i + 2] = UInt8((UInt32(s[4 * i + 2]) * k + 127) / 255)
                }
            }
        }
        return Raster(width: width, height: height, channels: 3, pixels: rgb)
    }

    private func lastError() -> String {
        guard let c = tjGetErrorStr2(handle) else { return "unknown TurboJPEG error" }
        return String(cString: c)
    }
}
