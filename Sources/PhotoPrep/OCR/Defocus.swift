/// A photo out of focus: how wide its edges are, and the picture with them steepened.
///
/// A sharp edge rises from ground to ink within 2–6 px in the harness's photos; a page photographed out of focus
/// (a Gaussian blur of 2 px more) takes 7–10, and Tesseract misreads its letters ("luxury" as "howry"), merges and
/// splits its lines: 43 of a page's 99 lines read, and 97 lines of junk. With its edges steepened (an unsharp
/// mask), all 99. The width is measured the way Marziliano et al.'s perceptual blur metric does: from each steep
/// step in a row or column of the picture, out along it to where the levels stop rising.
enum Defocus {
    /// Edges wider than this (the median, in pixels) are out of focus: sharp and shaken harness photos measure 2–6
    /// (two shaken signs 7), the ICDAR street photos 2–6, three of the eight camera photos (no text) 7, pages blurred
    /// 2 px more 7–10.
    static let blurredEdge = 6.5
    /// A step of at least this between neighbouring pixels starts an edge…
    static let steepStep = 12
    /// …and an edge rises by at least this from its foot to its top: ink on a ground, not grain.
    static let rise = 60
    /// Edges needed for a median that says something.
    static let minimumEdges = 200

    /// The median width of the picture's steep edges across its columns (measured along every fourth row of
    /// `grey`, 8-bit) and across its rows (along every fourth column), the narrower of the two: a photo out of
    /// focus is blurred both ways, a camera's shake along one line mostly across it (`MotionBlur`). `nil` where
    /// fewer than `minimumEdges` are found either way.
    static func edgeWidth(_ grey: Raster) -> Double? {
        precondition(grey.channels == 1, "edge widths are measured in grey")
        var across = [Int](repeating: 0, count: 64), down = across
        grey.pixels.withUnsafeBufferPointer { p in
            for y in stride(from: 0, to: grey.height, by: 4) {
                widths(p, start: y * grey.width, step: 1, count: grey.width, into: &across)
            }
            for x in stride(from: 0, to: grey.width, by: 4) {
                widths(p, start: x, step: grey.width, count: grey.height, into: &down)
            }
        }
        guard let a = median(across), let d = median(down) else { return nil }
        return min(a, d)
    }

    /// The median of a histogram of widths; `nil` under `minimumEdges`.
    private static func median(_ counts: [Int]) -> Double? {
        let total = counts.reduce(0, +)
        guard total >= minimumEdges else { return nil }
        var seen = 0
        for (width, n) in counts.enumerated() {
            seen += n
            if 2 * seen >= total { return Double(width) }
        }
        return nil
    }

    /// Counts into `counts` (by width, the last bin for all wider) the edges along the `count` pixels of `p`
    /// from `start`, `step` apart.
    private static func widths(_ p: UnsafeBufferPointer<UInt8>, start: Int, step: Int, count: Int,
                               into counts: inout [Int])
    {
        guard count > 3 else { return }
        @inline(__always) func level(_ i: Int) -> Int { Int(p[start + i * step]) }
        @inline(__always) func gradient(_ i: Int) -> Int { level(i + 1) - level(i) }
        var i = 1
        while i < count - 2 {
            let g = gradient(i)
            guard abs(g) >= steepStep, abs(g) >= abs(gradient(i - 1)), abs(g) > abs(gradient(i + 1)) else {
                i += 1
                continue
            }
            let up = g > 0
            var low = i, high = i
            while low > 0, up ? gradient(low - 1) > 0 : gradient(low - 1) < 0 { low -= 1 }
            while high < count - 2, up ? gradient(high + 1) > 0 : gradient(high + 1) < 0 { high += 1 }
            if abs(level(high + 1) - level(low)) >= rise {
                counts[min(counts.count - 1, high + 1 - low)] += 1
            }
            i = high + 1
        }
    }

    /// `grey` with its edges steepened: the difference from the mean of its 9×9 neighbourhood added back one and a
    /// half times (Leptonica's unsharp mask, `LeptonicaImage.sharpened`). A page blurred 2 px more read as sharp
    /// again so (87 of 87, 99 of 99 lines). `nil` where Leptonica fails.
    static func sharpened(_ grey: Raster) -> Raster? {
        precondition(grey.channels == 1, "sharpened in grey")
        return LeptonicaImage(grey)?.sharpened(halfWidth: 4, fraction: 1.5)?.greyRaster()
    }
}
