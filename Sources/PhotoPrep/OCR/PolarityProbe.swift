internal import CTesseract

/// Tells whether a picture may hold light text on a dark ground (white on blue, yellow on black),
/// which Tesseract reads only once the picture is inverted.
///
/// The picture is cut into cells; a cell votes "light text" when its few outlying pixels are brighter
/// than its ground, as glyph strokes on a dark panel are. Pages and dark-on-light signs get no votes,
/// which saves them the second, inverted reading.
enum PolarityProbe {
    /// Whether at least `minShare` of the picture's cells (and at least two) hold light text on dark.
    static func hasDarkRegions(_ grey: borrowing LeptonicaImage, minShare: Double = 0.005) -> Bool {
        let w = grey.width, h = grey.height
        guard grey.depth == 8, let data = pixGetData(grey.pix) else { return true }
        let wpl = Int(pixGetWpl(grey.pix))
        let cell = max(16, min(w, h) / 40)
        var votes = 0, cells = 0
        var hist = [Int](repeating: 0, count: 256)
        var cy = 0
        while cy + cell <= h {
            var cx = 0
            while cx + cell <= w {
                for i in 0..<256 { hist[i] = 0 }
                var y = cy
                while y < cy + cell {
                    let row = data + y * wpl
                    var x = cx
                    while x < cx + cell {
                        hist[Int(LeptonicaImage.byte(row, x))] += 1
                        x += 2
                    }
                    y += 2
                }
                cells += 1
                if lightStrokesOnDark(hist) { votes += 1 }
                cx += cell
            }
            cy += cell
        }
        return votes >= max(2, Int((Double(cells) * minShare).rounded(.up)))
    }

    /// The median is the ground; strokes are pixels far from it. Light strokes on a darker ground win.
    static func lightStrokesOnDark(_ hist: [Int]) -> Bool {
        let n = hist.reduce(0, +)
        guard n > 0 else { return false }
        var acc = 0, median = 0
        for (v, c) in hist.enumerated() {
            acc += c
            if acc * 2 >= n { median = v; break }
        }
        guard median < 170 else { return false }
        let brighter = hist[min(255, median + 60)...].reduce(0, +)
        let darker = hist[...max(0, median - 60)].reduce(0, +)
        return brighter * 50 >= n && brighter > 2 * darker
    }
}
