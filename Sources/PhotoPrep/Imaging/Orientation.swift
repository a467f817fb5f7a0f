/// EXIF orientation (TIFF tag 274): how the stored pixels must be turned to stand upright.
///
/// 1 as stored; 2 mirrored left–right; 3 turned 180°; 4 mirrored top–bottom; 5 transposed;
/// 6 turned 90° clockwise to view; 7 transversed; 8 turned 90° counter-clockwise to view.
/// 0 and unknown values mean "as stored", as every viewer treats them.
public struct Orientation: Sendable, Equatable {
    public let rawValue: Int

    public init(exifValue: Int) { rawValue = (1...8).contains(exifValue) ? exifValue : 1 }

    /// Whether width and height trade places when the picture stands upright.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of a stored `width`×`height` picture.
    public func uprightSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The picture turned upright.
    public func apply(to src: Raster) -> Raster {
        if rawValue == 1 { return src }
        let (W, H) = (src.width, src.height)
        let (ow, oh) = uprightSize(width: W, height: H)
        let c = src.channels
        var out = [UInt8](repeating: 0, count: src.pixels.count)
        let mode = rawValue
        src.pixels.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                for y in 0..<oh {
                    for x in 0..<ow {
                        // Source pixel shown at upright (x, y).
                        let sx: Int, sy: Int
                        switch mode {
                        case 2: sx = W - 1 - x; sy = y
                        case 3: sx = W - 1 - x; sy = H - 1 - y
                        case 4: sx = x; sy = H - 1 - y
                        case 5: sx = y; sy = x
                        case 6: sx = y; sy = H - 1 - x
                        case 7: sx = W - 1 - y; sy = H - 1 - x
                        default: sx = W - 1 - y; sy = x  // 8
                        }
                        let si = (sy * W + sx) * c, di = (y * ow + x) * c
                        for k in 0..<c { d[di + k] = s[si + k] }
                    }
                }
            }
        }
        return Raster(width: ow, height: oh, channels: c, pixels: out)
    }
}
