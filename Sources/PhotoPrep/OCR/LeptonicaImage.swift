internal import CTesseract

/// An owned Leptonica `Pix` holding 8-bit grey or 32-bit RGB pixels, freed when it goes out of scope.
///
/// OCR prepares variants of the copy (inverted, enlarged, turned) as Leptonica images so Tesseract
/// reads them in place without another copy through files.
struct LeptonicaImage: ~Copyable {
    let pix: UnsafeMutablePointer<Pix>

    /// Takes ownership of a Pix returned by Leptonica; `nil` when Leptonica failed.
    init?(owning pix: UnsafeMutablePointer<Pix>?) {
        guard let pix else { return nil }
        self.pix = pix
    }

    /// Copies the raster's pixels into a new Pix (8 bpp for grey, 32 bpp for RGB).
    init?(_ raster: Raster) {
        let w = raster.width, h = raster.height
        guard w > 0, h > 0 else { return nil }
        let depth: Int32 = raster.channels == 1 ? 8 : 32
        guard let pix = pixCreate(Int32(w), Int32(h), depth), let data = pixGetData(pix) else { return nil }
        let wpl = Int(pixGetWpl(pix))
        raster.pixels.withUnsafeBufferPointer { src in
            if raster.channels == 1 {
                for y in 0..<h {
                    let row = data + y * wpl
                    let base = y * w
                    var x = 0
                    while x < w {
                        var word: UInt32 = 0
                        for k in 0..<4 {
                            let v: UInt32 = x + k < w ? UInt32(src[base + x + k]) : 0
                            word |= v << UInt32(24 - 8 * k)
                        }
                        row[x >> 2] = word
                        x += 4
                    }
                }
            } else {
                for y in 0..<h {
                    let row = data + y * wpl
                    let base = y * w * 3
                    for x in 0..<w {
                        let r = UInt32(src[base + 3 * x]), g = UInt32(src[base + 3 * x + 1])
                        let b = UInt32(src[base + 3 * x + 2])
                        row[x] = (r << 24) | (g << 16) | (b << 8)
                    }
                }
            }
        }
        self.pix = pix
    }

    deinit {
        var p: UnsafeMutablePointer<Pix>? = pix
        pixDestroy(&p)
    }

    /// The grey level at `x` of a row of an 8-bit Pix: Leptonica packs four pixels in a 32-bit word,
    /// the first in its top byte (its `GET_DATA_BYTE`).
    @inline(__always)
    static func byte(_ row: UnsafeMutablePointer<UInt32>, _ x: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: row[x >> 2] >> UInt32(24 - 8 * (x & 3)))
    }

    /// The whole pixels `rect` covers, clamped to the picture (`nil` when nothing is left).
    func pixels(clamping rect: PixelRect) -> (x: Range<Int>, y: Range<Int>)? {
        let x0 = max(0, Int(rect.minX)), y0 = max(0, Int(rect.minY))
        let x1 = min(width, Int(rect.maxX.rounded(.up))), y1 = min(height, Int(rect.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0..<x1, y0..<y1)
    }

    /// A Leptonica box for `rect` clamped to the picture (`nil` when nothing is left), to be destroyed
    /// by the caller.
    private func box(clamping rect: PixelRect) -> UnsafeMutablePointer<Box>? {
        guard let p = pixels(clamping: rect) else { return nil }
        return boxCreate(Int32(p.x.lowerBound), Int32(p.y.lowerBound), Int32(p.x.count), Int32(p.y.count))
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }
    var depth: Int { Int(pixGetDepth(pix)) }

    /// 8-bit luminance of this image (itself copied when already grey).
    func grey() -> LeptonicaImage? {
        if depth == 8 { return LeptonicaImage(owning: pixCopy(nil, pix)) }
        return LeptonicaImage(owning: pixConvertRGBToLuminance(pix))
    }

    /// Dark becomes light and light becomes dark.
    func inverted() -> LeptonicaImage? {
        LeptonicaImage(owning: pixInvert(nil, pix))
    }

    /// Enlarged or reduced by `factor` with Leptonica's smooth scaling.
    func scaled(by factor: Double) -> LeptonicaImage? {
        LeptonicaImage(owning: pixScale(pix, Float(factor), Float(factor)))
    }

    /// This 8-bit picture framed by `width` pixels of grey `level` on every side.
    func framed(by width: Int, level: UInt8) -> LeptonicaImage? {
        let w = Int32(width)
        return LeptonicaImage(owning: pixAddBorderGeneral(pix, w, w, w, w, l_uint32(level)))
    }

    /// Turned clockwise by `quarterTurns` × 90°.
    func rotated(quarterTurns: Int) -> LeptonicaImage? {
        LeptonicaImage(owning: pixRotateOrth(pix, Int32(((quarterTurns % 4) + 4) % 4)))
    }

    /// The picture with uneven light evened out: the local background brought to one level, so a
    /// global threshold works across a photo lit from one side. 8-bit grey only.
    func backgroundNormalized() -> LeptonicaImage? {
        LeptonicaImage(owning: pixBackgroundNormSimple(pix, nil, nil))
    }

    /// `body` run on this 8-bit picture with its ground evened out (`backgroundNormalized`: Leptonica brings the
    /// ground to 200 and scales each pixel with it) and smoothed (evening out scales the grain up too), and with
    /// `threshold`, an ink threshold for its ground at `ground`, scaled the same way: where shade or grain took the
    /// ground for ink and ran its lines into one band, the ink found again. `nil` when Leptonica fails.
    func withGroundEvened<T>(threshold: UInt8, ground: UInt8, _ body: (borrowing LeptonicaImage, UInt8) -> T) -> T? {
        guard let evened = backgroundNormalized()?.smoothed() else { return nil }
        return body(evened, UInt8(min(255, Int(threshold) * 200 / max(1, Int(ground)))))
    }

    /// The part of the picture inside `rect` (clamped to the picture), as a new image.
    func clipped(to rect: PixelRect) -> LeptonicaImage? {
        var b = box(clamping: rect)
        guard b != nil else { return nil }
        defer { boxDestroy(&b) }
        return LeptonicaImage(owning: pixClipRectangle(pix, b, nil))
    }

    /// A copy of this 8-bit picture with `rects` filled with their grey levels.
    func painted(_ rects: [(PixelRect, UInt8)]) -> LeptonicaImage? {
        guard let copy = LeptonicaImage(owning: pixCopy(nil, pix)) else { return nil }
        for (rect, level) in rects {
            var b = box(clamping: rect)
            guard b != nil else { continue }
            _ = pixSetInRectArbitrary(copy.pix, b, l_uint32(level))
            boxDestroy(&b)
        }
        return copy
    }

    /// How grainy this 8-bit picture is: the median difference between horizontal neighbours (a few
    /// levels on a clean photo; sensor noise in dim light raises it, text and edges hardly move it).
    func graininess() -> Int {
        guard depth == 8, let data = pixGetData(pix) else { return 0 }
        let w = width, h = height, wpl = Int(pixGetWpl(pix))
        guard w > 2, h > 0 else { return 0 }
        var hist = [Int](repeating: 0, count: 256)
        var n = 0
        var y = 0
        while y < h {
            let row = data + y * wpl
            var prev = Int(Self.byte(row, 0))
            for x in 1..<w {
                let v = Int(Self.byte(row, x))
                hist[abs(v - prev)] += 1
                prev = v
                n += 1
            }
            y += 3
        }
        var acc = 0
        for (d, c) in hist.enumerated() {
            acc += c
            if acc * 2 >= n { return d }
        }
        return 0
    }

    /// Each pixel replaced by the mean of its 3×3 neighbourhood: grain that a global threshold would
    /// turn into specks is smoothed away, strokes a few pixels wide stay. 8-bit grey only.
    func smoothed() -> LeptonicaImage? {
        LeptonicaImage(owning: pixBlockconv(pix, 1, 1))
    }

    /// This 8-bit picture with its edges steepened (an unsharp mask: the difference from the mean of the
    /// (2·`halfWidth`+1)² square around each pixel added back `fraction` times). At 7×7, added back whole: small print
    /// blurred by stretching, the far side of a page photographed from one side, enlarged when it is stretched back to
    /// a rectangle. A photo out of focus: `Defocus.sharpened`.
    func sharpened(halfWidth: Int32 = 3, fraction: Float = 1.0) -> LeptonicaImage? {
        LeptonicaImage(owning: pixUnsharpMaskingGray(pix, halfWidth, fraction))
    }

    /// The pixels of this 8-bit picture, as a grey raster.
    func greyRaster() -> Raster? {
        guard depth == 8, let data = pixGetData(pix) else { return nil }
        let w = width, h = height, wpl = Int(pixGetWpl(pix))
        var out = Raster(width: w, height: h, channels: 1)
        out.pixels.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let row = data + y * wpl
                for x in 0..<w { dst[y * w + x] = Self.byte(row, x) }
            }
        }
        return out
    }

    /// This 8-bit picture closed by a `size` × `size` square (a maximum, then a minimum): dark marks narrower than
    /// it (print, and the gaps between its lines) filled with the ground around them, steps of light kept where
    /// they are.
    func closed(size: Int) -> LeptonicaImage? {
        let odd = Int32(size | 1)
        return LeptonicaImage(owning: pixCloseGray(pix, odd, odd))
    }

    /// This 8-bit picture with its dark strokes grown by a pixel on each side (a 3×3 minimum): thin
    /// strokes of big letters in a light weight stay whole when the picture is reduced and thresholded.
    func thickened() -> LeptonicaImage? {
        LeptonicaImage(owning: pixErodeGray(pix, 3, 3))
    }

    /// The heights of the bands of rows holding dark ink (pixels darker than `threshold`, at least
    /// `minInk` of them in a row) in each of `strips` vertical strips of this 8-bit picture: the
    /// heights of its lines of dark text, measured in strips so a tilted line is not as tall as
    /// its whole slant.
    func inkBandHeights(below threshold: UInt8, strips: Int, minInk: Int) -> [Int] {
        guard strips > 0, width >= strips else { return [] }
        return (0..<strips).flatMap { s in
            inkBands(below: threshold, columns: s * width / strips..<(s + 1) * width / strips, minInk: minInk)
                .map(\.count)
        }
    }

    /// The bands of rows holding dark ink (pixels darker than `threshold`, at least `minInk` of them
    /// in a row between `columns`) of this 8-bit picture, top to bottom.
    func inkBands(below threshold: UInt8, columns: Range<Int>, minInk: Int) -> [Range<Int>] {
        guard depth == 8, let data = pixGetData(pix), columns.lowerBound >= 0, columns.upperBound <= width
        else { return [] }
        let wpl = Int(pixGetWpl(pix))
        var out: [Range<Int>] = []
        var start: Int? = nil
        for y in 0..<height {
            let row = data + y * wpl
            var ink = 0
            for x in columns where Self.byte(row, x) < threshold {
                ink += 1
            }
            if ink >= minInk {
                if start == nil { start = y }
            } else if let s = start {
                out.append(s..<y)
                start = nil
            }
        }
        if let s = start { out.append(s..<height) }
        return out
    }
}
