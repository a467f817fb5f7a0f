import Foundation
internal import CTesseract

/// The slant of a picture's lines of text, and the turn that levels them.
///
/// Tesseract deskews a page by one angle it finds itself, and on dense small print tilted by 2° or so
/// that can fail outright: the harness's blurred two-column page tilted 2.3° (seed 4242) read 1 of its
/// 161 lines (the tesseract CLI 0–8, at either threshold and any resolution); turned level first, 158.
/// Leptonica measures such a slant reliably where lines are many (`pixFindSkew`: a sweep of angles, each
/// scored by how sharply the rows of ink separate from the gaps between them).
enum Skew {
    /// Slants smaller than this (degrees) are left to Tesseract, which reads them well.
    static let smallest = 1.0
    /// Leptonica's confidence (the best angle's score over the worst's, less one) a slant needs: pages of
    /// text score 8–35 (blurred bold print the least), sign walls and streets, whose few lines run every
    /// way, mostly 2–7 (a street's rows of windows up to 9.3).
    static let sure = 7.0
    /// The confidence a slant needs to be a page's where no page was read (`TesseractEngine.levelledPage`):
    /// over the harness's sets, the three pages whose lines Tesseract lost read level scored 28–40; the
    /// streets whose rows of windows pass for slanted lines, 7.2–9.3 (ten of 200), and sign walls whose
    /// rest read no line, 7–27 (49, 28 of them under 14), none reading a line more level.
    static let page = 14.0
    /// The sweep, ± degrees: a photo held by hand is tilted by a few.
    static let range = 7.0
}

/// The slant of a picture's lines: the turn that levels them (degrees, clockwise) and how surely
/// Leptonica found it (`Skew.sure`).
struct Slant: Equatable {
    var degrees: Double
    var confidence: Double
}

extension LeptonicaImage {
    /// The slant of the lines of dark text of this 8-bit picture when it holds enough of them to be sure
    /// (`Skew`), else `nil`: Leptonica's `pixFindSkewSweepAndSearch` on the picture halved and binarized
    /// with Sauvola's threshold (20 ms on a copy; 90 at full size, for the same angles to 0.1°).
    func slant() -> Slant? {
        guard depth == 8, width >= 64, height >= 64 else { return nil }
        var half = pixScaleAreaMap2(pix)
        guard half != nil else { return nil }
        defer { pixDestroy(&half) }
        var binary: UnsafeMutablePointer<Pix>? = nil
        guard pixSauvolaBinarizeTiled(half, 12, 0.34, 1, 1, nil, &binary) == 0, binary != nil else { return nil }
        defer { pixDestroy(&binary) }
        var angle: Float = 0, confidence: Float = 0
        // Swept at the halved size: Leptonica's default, a sweep on the whole picture reduced 4×, leaves
        // lines of small print 22 px apart 5 px apart, and found a page turned 2.5° at 4.1°.
        guard pixFindSkewSweepAndSearch(binary, &angle, &confidence, 1, 1, Float(Skew.range), 1, 0.01) == 0,
              Double(confidence) >= Skew.sure, abs(Double(angle)) >= Skew.smallest
        else { return nil }
        return Slant(degrees: Double(angle), confidence: Double(confidence))
    }

    /// This 8-bit picture turned clockwise by `degrees` about its centre, as large as it was (white comes
    /// in at the corners); `map` is set to the map from its pixels back to this picture's.
    ///
    /// Turned by shearing (Leptonica's `L_ROTATE_SHEAR`: rows and columns shifted whole pixels), not
    /// interpolated: interpolation greys the thin strokes of small serif print (a page of it tilted 1.8°,
    /// read by the tesseract CLI: 147 of 147 lines as it was, 130 turned level interpolated, 147 sheared).
    func turned(by degrees: Double, map: inout ProjectiveMap?) -> LeptonicaImage? {
        guard depth == 8 else { return nil }
        let radians = degrees * .pi / 180
        guard let image = LeptonicaImage(owning: pixRotate(pix, Float(radians), Int32(L_ROTATE_SHEAR),
                                                           Int32(L_BRING_IN_WHITE), 0, 0))
        else { return nil }
        // Leptonica turns about the centre: a point p of the picture lands at c + R(θ)(p − c), so a
        // pixel q of the turned picture came from c + R(−θ)(q − c).
        let cx = Double(width) / 2, cy = Double(height) / 2
        let cs = cos(radians), sn = sin(radians)
        map = ProjectiveMap(c: [cs, sn, cx - cs * cx - sn * cy, -sn, cs, cy + sn * cx - cs * cy, 0, 0])
        return image
    }
}
