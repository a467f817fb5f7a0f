/// The grey levels of a photo taken in dim light or through haze, stretched for a second reading.
///
/// Such a photo spans a narrow band of levels (ink at 90 on paper at 170), and Tesseract's Sauvola threshold,
/// which reads pages lit from one side and the rest of a picture, assumes a dynamic range of 128: there its
/// threshold falls below thin strokes, and a page of clean print read 1–2 of its 99 lines. Stretched so its
/// darkest and lightest thousandth reach 0 and 255, it read all 99. A photo whose levels already span most of the
/// scale is left as it is: stretching every picture turned a brick wall's mortar into a line of zeros. The photo is
/// read as it is first, and the stretched reading kept only where it reads more (`keeps`): stretched at once, a
/// grainy panel and a slanted page of faint small print read worse, their grain stretched with their strokes.
enum Levels {
    /// Below this span (0.1% tails) a photo is stretched: rendered, camera and street photos span 170–255 levels;
    /// the harness's dim-light copies of them 102–151.
    static let narrowSpan = 160
    /// A picture spanning fewer levels holds no text to bring out, only grain to amplify.
    static let flatSpan = 24
    /// The share of pixels at either end that may be clipped: specks and highlights.
    static let tail = 0.001

    /// A reading of the photo stretched reads this much more than the first (`readableCharacters`)…
    static let readsMore = 1.1
    /// …and at most this much less surely (mean confidence) to be kept: the same picture with its strokes
    /// brought out. Dim signs read 19–54% more at −0.4 to +1.6 (a line or three more of 8–15), a dim page 15% more
    /// at +1.5; a grainy panel read an extra scrap of its grain (4% more at −3.5).
    static let lessSurely = 1.0

    /// Or it reads as much at least, this much surer (mean confidence, in points). Lines read across a bend, a
    /// shadow's edge or a dim page's dark end come in pieces, each read about as surely as a word goes, so the page
    /// made plainer reads not much more but more surely, its lines whole: the harness's bent pages 1.02–1.41× the
    /// readable characters at 1.6–10 points surer, a dim page on its side (73 of its 85 lines, and 22 pieces) 1.08×
    /// at +2.1, pages under a shadow (2 lines in pieces, or 1) 1.03× at +1.0 and 1.04× at +2.2.
    static let surerBy = 1.0

    /// Whether `second`, a reading of the photo stretched, lifted out of a shadow or straightened, is kept over one
    /// that read `readable` characters at a mean confidence of `confidence`. (A reading with a streak removed must
    /// read much more to be kept, as smeared small print reads as scraps either way; a sign reads little, and a line
    /// more is what is wanted.)
    static func keeps(_ second: TesseractEngine.Reading, over readable: Double, _ confidence: Double) -> Bool {
        second.readable >= readsMore * readable && second.confidence >= confidence - lessSurely
            || second.readable >= readable && second.confidence >= confidence + surerBy
    }

    /// `image` with its levels stretched to the whole scale where they span a narrow band, the same table applied
    /// to every channel so colours keep their hue; `nil` where they need not be (or cannot usefully be).
    static func stretched(_ image: Raster) -> Raster? {
        guard let (low, high) = span(of: image) else { return nil }
        let width = high - low
        guard width < narrowSpan, width >= flatSpan else { return nil }
        let table = (0..<256).map { v in UInt8(max(0, min(255, ((v - low) * 255 + width / 2) / width))) }
        var out = image
        out.pixels.withUnsafeMutableBufferPointer { p in
            for i in p.indices { p[i] = table[Int(p[i])] }
        }
        return out
    }

    /// `grey` (a photo's stretched grey) with its grain smoothed by a 3×3 mean where it is grainy
    /// (`LeptonicaImage.graininess`, `PanelFinder.grainy`); `nil` where it is not. Stretching a dim photo's levels
    /// stretches its sensor noise as much as its strokes (the harness's dim set: σ 9 to about 17): smoothed, seed
    /// 8181's dim small print read 91.6 → 98.1% of its lines, and a dim sign's "Waiting room" read whole, not as
    /// "Wai aiting".
    static func ungrained(_ grey: Raster) -> Raster? {
        guard let pix = LeptonicaImage(grey), pix.graininess() >= PanelFinder.grainy else { return nil }
        return pix.smoothed()?.greyRaster()
    }

    /// The levels of `image`'s luminance below which and above which `tail` of its pixels lie (every other
    /// pixel of every other row counted); `nil` for an empty picture.
    static func span(of image: Raster) -> (low: Int, high: Int)? {
        var histogram = [Int](repeating: 0, count: 256)
        let c = image.channels
        image.pixels.withUnsafeBufferPointer { p in
            for y in stride(from: 0, to: image.height, by: 2) {
                let row = y * image.width * c
                for x in stride(from: 0, to: image.width, by: 2) {
                    let i = row + x * c
                    let level = c == 1 ? Int(p[i])
                        : (Int(p[i]) * 19595 + Int(p[i + 1]) * 38470 + Int(p[i + 2]) * 7471 + 32768) >> 16
                    histogram[level] += 1
                }
            }
        }
        let total = histogram.reduce(0, +)
        guard total > 0 else { return nil }
        let clipped = Int(Double(total) * tail)
        var low = 0, seen = 0
        while low < 255, seen + histogram[low] <= clipped { seen += histogram[low]; low += 1 }
        var high = 255
        seen = 0
        while high > 0, seen + histogram[high] <= clipped { seen += histogram[high]; high -= 1 }
        return (low, max(low, high))
    }
}
