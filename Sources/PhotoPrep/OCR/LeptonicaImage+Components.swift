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
    /// The dark marks of this 8-bit picture: pixels darker than their neighbourhood (Sauvola's local
    /// threshold over a `window`-pixel square, with `factor` its sensitivity to contrast), joined
    /// 8-connected; only those `keep` accepts by their box are measured. Flat ground gives none,
    /// whatever its level.
    func darkMarks(window: Int, factor: Double, keep: (PixelRect) -> Bool) -> [Mark] {
        guard depth == 8, width > 2 * window + 2, height > 2 * window + 2 else { return [] }
        var binary: UnsafeMutablePointer<Pix>? = nil
        guard pixSauvolaBinarize(pix, Int32(window), Float(factor), 1, nil, nil, nil, &binary) == 0,
              binary != nil
        else { return [] }
        defer { pixDestroy(&binary) }
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

    /// The 10th percentile, median and 90th percentile grey levels in `rect` of this 8-bit picture.
    private func levels(in rect: PixelRect) -> (low: Int, median: Int, high: Int)? {
        guard depth == 8, let data = pixGetData(pix), let p = pixels(clamping: rect) else { return nil }
        let wpl = Int(pixGetWpl(pix))
        var hist = [Int](repeating: 0, count: 256)
        for y in p.y {
            let row = data + y * wpl
            for x in p.x { hist[Int(Self.byte(row, x))] += 1 }
        }
        let n = p.x.count * p.y.count
        var acc = 0, lo = -1, mid = -1, hi = 255
        for (v, c) in hist.enumerated() {
            acc += c
            if lo < 0, acc * 10 >= n { lo = v }
            if mid < 0, acc * 2 >= n { mid = v }
            if acc * 10 >= 9 * n { hi = v; break }
        }
        return (lo, mid, hi)
    }
}
