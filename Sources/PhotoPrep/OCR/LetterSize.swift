/// How tall the lines of text on a panel stand, measured on its ink before reading, so big text is
/// also read at a size Tesseract reads well.
///
/// Tesseract reads lines up to about 50 px tall reliably; on taller ones its layout analysis
/// falters, most with Korean, whose syllables stack jamo that it takes for lines of their own: on a
/// rendered station sign 금연 100 px tall read at confidence 21 and 분실물 센터 (bold, 100 px) not at
/// all, both at 96 reduced to about 50 px. Latin lines 100 px tall still read, and read as well reduced.
/// Measured on the harness's Korean signs (four seeds): line recall 88% → 95%.
enum LetterSize {
    /// Panels whose lines of text stand taller than this (pixels, ascender to descender) are also
    /// read reduced.
    static let largest = 48.0
    /// The line height big text is reduced to.
    static let target = 40.0

    /// The lines of text of a panel as measured on its ink (`lines`): `height`, the height of its tallest
    /// tenth of bands of ink; `typical`, the median band's; `count`, how many a strip crosses.
    struct Lines: Equatable {
        var height: Double
        var typical: Double
        var count: Int
    }

    /// The typical height of the lines of text of `oriented` (dark text on a light ground `ground`,
    /// its text about `text`): the height of the bands of rows with ink, measured in strips a quarter
    /// as wide (a line tilted 3° across the panel is not counted 50 px taller), leaving out specks and
    /// bands as tall as half the panel; the 90th percentile, as a strip crossing only stacked jamo
    /// (금: ㄱ over ㅡ over ㅁ) or a short word's x-height sees bands lower than the line. With it, how
    /// many lines a strip crosses (the bands counted, over the strips): dozens on a page, a few on a sign.
    /// `nil` when no band is found. `page`: `oriented` is a page (see below).
    static func lines(_ oriented: borrowing LeptonicaImage, ground: UInt8, text: UInt8, page: Bool = false) -> Lines? {
        guard text < ground else { return nil }
        let threshold = inkThreshold(ground: ground, text: text)
        let strips = 4
        let minInk = max(2, oriented.width / strips / 100)
        var all = oriented.inkBandHeights(below: threshold, strips: strips, minInk: minInk)
        // Where the threshold lies within the ground's grain, or shade darkens part of the ground past it, the
        // ground counts as ink and a strip's lines run into one band: then a sign's lines are measured on its ground
        // evened out (`LeptonicaImage.withGroundEvened`, as `TesseractEngine.readingMissedLines` finds its bands).
        // Yellow on a grainy green panel, its text's level blended 33 below its ground, measured one band 610–629
        // px tall in each strip and its lines 24 px, for 108 px lines of Hangul (read at full size, its layout
        // analysis found one line of four). Not a page's: one whose lines all run together is small print, blurred
        // (see `lineHeight`); a shaken page of small print so measured read as 26 lines of junk.
        if !page, all.filter({ $0 * 2 > oriented.height }).count * 2 > strips,
           let again = oriented.withGroundEvened(threshold: threshold, ground: ground, { evened, below in
               evened.inkBandHeights(below: below, strips: strips, minInk: minInk)
           })
        {
            all = again
        }
        let bands = all.filter { $0 >= 8 && $0 * 2 <= oriented.height }.sorted()
        guard !bands.isEmpty else { return nil }
        return Lines(height: Double(bands[bands.count * 9 / 10]), typical: Double(bands[bands.count / 2]),
                     count: bands.count / strips)
    }

    /// The height a panel's lines are taken to stand (`measured`; `page` when the panel is a page: dark
    /// print on a light ground covering half the picture or more): its tallest tenth's, unless it is a
    /// page of dozens of lines of small print whose tallest tenth stands `runTogether` times as tall as
    /// its typical line or more. There the panel's one ink threshold, between its ground and text levels,
    /// took the darker ground between dense, blurred lines for ink where the page was lit less, and ran
    /// two and more lines into one band: the typical line is the page's.
    ///
    /// A page of small serif print photographed from one side, lit unevenly, measured 16 px typical and
    /// 71 px at the 90th percentile (its lower and right parts run together): taken for 71 px lines, it
    /// was read reduced as well and not sharpened, and 45 of its 169 lines were found; as small print,
    /// 142. Of the harness's other page-sized panels (80), only one more measures so (16 and 45 px: small
    /// print that read whole either way). Dark sign panels turned dark on light can measure so too, their
    /// grain a few dozen speck bands under a few tall lines (sixteen of the harness's, at most 45% of the
    /// picture): they are not pages.
    static func lineHeight(_ measured: Lines, page: Bool) -> Double {
        let runTogether = page && measured.count >= TesseractEngine.pageLines && measured.typical < denseSmallPrint
            && measured.height >= Self.runTogether * measured.typical
        return runTogether ? measured.typical : measured.height
    }

    /// How many times its typical line a page's tallest tenth of bands must stand to be lines run together.
    static let runTogether = 2.0

    /// The grey level halfway between dark text `text` and its ground `ground`: darker is ink.
    static func inkThreshold(ground: UInt8, text: UInt8) -> UInt8 {
        UInt8((Int(ground) + Int(text) + 1) / 2)
    }

    /// Lines at least this tall (pixels) keep their strokes through a 3×3 mean; small print (a page
    /// read as a panel: lines of 12–18 px) loses them: two grainy pages photographed from one side read
    /// 130 of 308 lines smoothed, 262 not. A grainy sign panel with 22 px lines needs the mean.
    static let smoothable = 20.0

    /// On a page (`TesseractEngine.pageLines` lines or more) lines up to this tall are small print too:
    /// fine serif print standing 21 px lost its hairlines to the mean (83 of a page's 147 lines read, 173
    /// lines of junk; 147 and none unsmoothed), while the harness's body text, 26–30 px, reads as well
    /// smoothed (and lost three lines sharpened, as small print stretched flat is).
    static let denseSmallPrint = 24.0

    /// Panels whose lines stand at least this tall (pixels) have their strokes grown before their
    /// Hangul is read (`LeptonicaImage.thickened`): Korean signs of thirteen seed sets of the harness,
    /// 93.7% → 95.6% of lines; none lost more than one line.
    static let thickenedHangul = 30.0

    /// The factor to read a line `lineHeight` tall at, cut out alone: to `target`, enlarged at most 3×.
    static func aloneScale(lineHeight line: Double) -> Double {
        min(3, max(0.2, target / line))
    }

    /// The factor a quarter larger than `factor` (`aloneScale`), to read a line cut out alone again at,
    /// within the same bound of 3×.
    static func aloneLarger(_ factor: Double) -> Double {
        min(3, 1.25 * factor)
    }

    /// The factor to read lines `lineHeight` tall at besides 1: less than 1 when they stand taller than
    /// `largest`.
    static func readingScale(lineHeight line: Double) -> Double {
        line > largest ? max(0.2, target / line) : 1
    }
}
