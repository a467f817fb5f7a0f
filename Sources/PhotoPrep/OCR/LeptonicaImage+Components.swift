internal import CTesseract

/// A connected mark of one polarity, as the text spotter sees it.
struct Mark: Equatable {
    var rect: PixelRect
    /// Its inked pixels (within its box).
    var ink: Int
    /// Runs of ink across its middle row: one for most letters, one per stem of a word whose letters touch.
    var runs: Int

    var fill: Double { Double(ink) / max(1, rect.area) }
}

extension LeptonicaImage {
    /// The dark marks of this 8-bit picture (`dark`) and of its inverse (`light`): pixels darker (lighter)
    /// than their neighbourhood by Sauvola's local threshold over a `window`-pixel square, with `factor`
    /// its sensitivity to contrast, joined 8-connected; only those `keep` accepts by their box are
    /// measured. Flat ground gives none, whatever its level.
    ///
    /// Each polarity is thresholded exactly as Leptonica's `pixSauvolaBinarize` (with a mirrored border)
    /// would threshold it, but the sums of the pixels and of their squares around each pixel are taken
    /// once: the inverse's follow from them. Run on each polarity, Leptonica took those sums twice, and
    /// the picture was reduced twice: a third of the text spotter's own time on a street photo.
    func marks(window: Int, factor: Double, keep: (PixelRect) -> Bool) -> (dark: [Mark], light: [Mark]) {
        guard depth == 8, width > 2 * window + 2, height > 2 * window + 2 else { return ([], []) }
        let border = window + 1
        var framed = pixAddMirroredBorder(pix, Int32(border), Int32(border), Int32(border), Int32(border))
        guard framed != nil, let ground = pixGetData(framed), let src = pixGetData(pix) else { return ([], []) }
        defer { pixDestroy(&framed) }
        var dark = pixCreate(Int32(width), Int32(height), 1)
        var light = pixCreate(Int32(width), Int32(height), 1)
        defer { pixDestroy(&dark); pixDestroy(&light) }
        guard dark != nil, light != nil, let inkDark = pixGetData(dark), let inkLight = pixGetData(light) else {
            return ([], [])
        }
        // Running sums over the framed picture, with a row and a column of zeros before it: the sum over
        // any rectangle is four lookups (Leptonica's block accumulators).
        let fw = width + 2 * border, fh = height + 2 * border, stride = fw + 1
        let wplFramed = Int(pixGetWpl(framed))
        var sums = [UInt32](repeating: 0, count: stride * (fh + 1))
        var squares = [UInt64](repeating: 0, count: stride * (fh + 1))
        let side = 2 * window + 1, n = side * side
        // Leptonica's normalisations, in its precisions: the mean in single precision and truncated,
        // the mean square in double and rounded (Debian's Leptonica 1.82, checked against it).
        let meanNorm = Float(1.0 / Double(Float(side) * Float(side)))
        let squareNorm = 1.0 / Double(Float(side) * Float(side))
        let k = Double(Float(factor))
        // `pixSauvolaGetThreshold`: t = m (1 - k (1 - s / 128)), from the window's sum and sum of squares.
        func threshold(_ sum: UInt32, _ square: UInt64) -> Int32 {
            let mean = Int32(UInt8(truncatingIfNeeded: UInt32(meanNorm * Float(sum))))
            let meanSquare = Int32(truncatingIfNeeded: UInt32(squareNorm * Double(square) + 0.5))
            let sd = Float(max(0, meanSquare - mean * mean)).squareRoot()
            return Int32(Double(mean) * (1.0 - k * (1.0 - Double(sd) / 128.0)))
        }
        let wpl = Int(pixGetWpl(pix)), wplInk = Int(pixGetWpl(dark))
        sums.withUnsafeMutableBufferPointer { s in
            squares.withUnsafeMutableBufferPointer { q in
                for y in 0..<fh {
                    let row = ground + y * wplFramed, above = y * stride, here = (y + 1) * stride
                    var rowSum: UInt32 = 0, rowSquares: UInt64 = 0
                    for x in 0..<fw {
                        let v = UInt32(Self.byte(row, x))
                        rowSum &+= v
                        rowSquares &+= UInt64(v * v)
                        s[here + x + 1] = s[above + x + 1] &+ rowSum
                        q[here + x + 1] = q[above + x + 1] &+ rowSquares
                    }
                }
                // The window of the picture's pixel (x, y) is the framed picture's rows y+1…y+side and
                // columns x+1…x+side, as in Leptonica's `pixWindowedMean`.
                for y in 0..<height {
                    let top = (y + 1) * stride, bottom = (y + side + 1) * stride
                    let row = src + y * wpl, rowDark = inkDark + y * wplInk, rowLight = inkLight + y * wplInk
                    for x in 0..<width {
                        let left = x + 1, right = x + side + 1
                        let sum = s[bottom + right] &- s[bottom + left] &- s[top + right] &+ s[top + left]
                        let square = q[bottom + right] &- q[bottom + left] &- q[top + right] &+ q[top + left]
                        let v = Int32(Self.byte(row, x)), bit = UInt32(1) << UInt32(31 - (x & 31))
                        if v < threshold(sum, square) { rowDark[x >> 5] |= bit }
                        // The inverse's pixels are 255 - v: its sums follow from these.
                        let inverseSum = UInt32(n * 255) &- sum
                        let inverseSquare = UInt64(n * 255 * 255) &- 510 &* UInt64(sum) &+ square
                        if 255 - v < threshold(inverseSum, inverseSquare) { rowLight[x >> 5] |= bit }
                    }
                }
            }
        }
        return (Self.marks(in: dark!, keep: keep), Self.marks(in: light!, keep: keep))
    }

    /// The 8-connected marks of a 1-bit picture that `keep` accepts by their box, measured.
    private static func marks(in binary: UnsafeMutablePointer<Pix>, keep: (PixelRect) -> Bool) -> [Mark] {
        var boxes = pixConnCompBB(binary, 8)
        guard boxes != nil, let data = pixGetData(binary) else { return [] }
        defer { boxaDestroy(&boxes) }
        let wpl = Int(pixGetWpl(binary))
        // One bit per pixel, the first in a 32-bit word's top bit (Leptonica's `GET_DATA_BIT`).
        func bit(_ x: Int, _ y: Int) -> Bool { (data[y * wpl + (x >> 5)] >> UInt32(31 - (x & 31))) & 1 != 0 }
        var out: [Mark] = []
        for i in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxes, i, &x, &y, &w, &h) == 0 else { continue }
            let rect = PixelRect(minX: Double(x), minY: Double(y), maxX: Double(x + w), maxY: Double(y + h))
            guard keep(rect) else { continue }
            let x0 = Int(x), x1 = Int(x + w), y0 = Int(y), y1 = Int(y + h)
            var ink = 0
            for yy in y0..<y1 {
                for xx in x0..<x1 where bit(xx, yy) { ink += 1 }
            }
            var runs = 0, inside = false
            let mid = (y0 + y1) / 2
            for xx in x0..<x1 {
                let b = bit(xx, mid)
                if b && !inside { runs += 1 }
                inside = b
            }
            out.append(Mark(rect: rect, ink: ink, runs: runs))
        }
        return out
    }

    /// The contrast in `rect` of this 8-bit picture: its 90th percentile grey level less its 10th.
    func contrast(in rect: PixelRect) -> Int {
        guard let p = levels(in: rect) else { return 0 }
        return p.high - p.low
    }

    /// The median grey level of this 8-bit picture (its ground, where text covers less than half of it).
    func medianLevel() -> UInt8 {
        UInt8(levels(in: PixelRect(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height)))?.median ?? 255)
    }

    /// Whether the text in `rect` of this 8-bit picture is light on a darker ground: its strokes (the
    /// 10% of pixels furthest from the median, the ground) lie above the ground rather than below it.
    func holdsLightText(in rect: PixelRect) -> Bool {
        guard let p = levels(in: rect) else { return false }
        return p.high - p.median > p.median - p.low
    }

    /// This 8-bit picture of dark text in black and white (8-bit, 0 and 255), thresholded near its text's own level
    /// as it stands in `rect` (the text's box): ink where a pixel lies less than `share` of the way from the ink
    /// there (its 2nd percentile: the text's darkest) up to the ground (its median). `nil` where the two lie less
    /// than `least` levels apart.
    func thresholdedNearInk(measuredIn rect: PixelRect, share: Double, least: Int) -> LeptonicaImage? {
        guard let h = histogram(in: rect) else { return nil }
        let ink = Self.level(1, in: 50, of: h), ground = Self.level(1, in: 2, of: h)
        guard ground - ink >= least else { return nil }
        var binary = pixThresholdToBinary(pix, Int32(ink + Int((share * Double(ground - ink)).rounded())))
        guard binary != nil else { return nil }
        defer { pixDestroy(&binary) }
        return LeptonicaImage(owning: pixConvert1To8(nil, binary, 255, 0))
    }

    /// The 10th percentile, median and 90th percentile grey levels in `rect` of this 8-bit picture.
    private func levels(in rect: PixelRect) -> (low: Int, median: Int, high: Int)? {
        guard let h = histogram(in: rect) else { return nil }
        return (Self.level(1, in: 10, of: h), Self.level(1, in: 2, of: h), Self.level(9, in: 10, of: h))
    }

    /// How many pixels of this 8-bit picture in `rect` stand at each grey level, and how many there are.
    private func histogram(in rect: PixelRect) -> (counts: [Int], total: Int)? {
        guard depth == 8, let data = pixGetData(pix), let p = pixels(clamping: rect) else { return nil }
        let wpl = Int(pixGetWpl(pix))
        var counts = [Int](repeating: 0, count: 256)
        for y in p.y {
            let row = data + y * wpl
            for x in p.x { counts[Int(Self.byte(row, x))] += 1 }
        }
        return (counts, p.x.count * p.y.count)
    }

    /// The lowest grey level at or under which `parts` in `whole` of the pixels `histogram` counts stand.
    private static func level(_ parts: Int, in whole: Int, of histogram: (counts: [Int], total: Int)) -> Int {
        var acc = 0
        for (v, c) in histogram.counts.enumerated() {
            acc += c
            if acc * whole >= parts * histogram.total { return v }
        }
        return 255
    }
}
