/// Decoded pixels in memory, rows top to bottom, no padding between rows.
///
/// `channels` is 1 (grey) or 3 (RGB, 8 bits each). Every stage after decoding — orientation,
/// resampling, OCR, encoding — works on this one type, so pixels are handed over in memory and a
/// file is never read twice.
public struct Raster: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var channels: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, channels: Int, pixels: [UInt8]) {
        precondition(channels == 1 || channels == 3, "Raster holds grey or RGB")
        precondition(pixels.count == width * height * channels, "Raster pixel count does not match its size")
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }

    /// A raster of the given size filled with zeros.
    public init(width: Int, height: Int, channels: Int) {
        self.init(width: width, height: height, channels: channels,
                  pixels: [UInt8](repeating: 0, count: width * height * channels))
    }

    public var rowBytes: Int { width * channels }

    /// The same picture with three channels (grey is repeated).
    public func rgb() -> Raster {
        if channels == 3 { return self }
        var out = [UInt8](repeating: 0, count: width * height * 3)
        out.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                for i in 0..<(width * height) {
                    let v = src[i]
                    dst[3 * i] = v; dst[3 * i + 1] = v; dst[3 * i + 2] = v
                }
            }
        }
        return Raster(width: width, height: height, channels: 3, pixels: out)
    }

    /// The same picture as 8-bit luminance (Rec. 601 weights, as JPEG uses).
    public func grey() -> Raster {
        if channels == 1 { return self }
        var out = [UInt8](repeating: 0, count: width * height)
        out.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                for i in 0..<(width * height) {
                    let r = Int(src[3 * i]), g = Int(src[3 * i + 1]), b = Int(src[3 * i + 2])
                    dst[i] = UInt8((r * 19595 + g * 38470 + b * 7471 + 32768) >> 16)
                }
            }
        }
        return Raster(width: width, height: height, channels: 1, pixels: out)
    }
}
