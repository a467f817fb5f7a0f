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

    /// The typical height of the lines of text of `oriented` (dark text on a light ground `ground`,
    /// its text about `text`): the height of the bands of rows with ink, measured in strips a quarter
    /// as wide (a line tilted 3° across the panel is not counted 50 px taller), leaving out specks and
    /// bands as tall as half the panel; the 90th percentile, as a strip crossing only stacked jamo
    /// (금: ㄱ over ㅡ over ㅁ) or a short word's x-height sees bands lower than the line. With it, how
    /// many lines a strip crosses (the bands counted, over the strips): dozens on a page, a few on a sign.
    /// `nil` when no band is found.
    static func lines(_ oriented: borrowing LeptonicaImage, ground: UInt8, text: UInt8) -> (height: Double, count: Int)? {
        guard text < ground else { return nil }
        let threshold = inkThreshold(ground: ground, text: text)
        let strips = 4
        let minInk = max(2, oriented.width / strips / 100)
        let bands = oriented.inkBandHeights(below: threshold, strips: strips, minInk: minInk)
            .filter { $0 >= 8 && $0 * 2 <= oriented.height }.sorted()
        guard !bands.isEmpty else { return nil }
        return (Double(bands[bands.count * 9 / 10]), bands.count / strips)
    }

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

    /// The factor to read lines `lineHeight` tall at besides 1: less than 1 when they stand taller than
    /// `largest`.
    static func readingScale(lineHeight line: Double) -> Double {
        line > largest ? max(0.2, target / line) : 1
    }
}
