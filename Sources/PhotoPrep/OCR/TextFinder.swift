import Foundation

/// How the engine looks for text in a photo; the defaults are what the evaluation harness measured best.
struct TextFinderOptions: Sendable {
    /// Tesseract's own layout analysis keeps page lines whole; sparse mode cut them into pieces.
    var layout: PageLayout = .auto
    /// Also read the inverted picture for light text on dark: `nil` decides from the picture.
    var invert: Bool? = nil
    /// Tesseract's `thresholding_method`: 0 Otsu (its default), 1 local Otsu, 2 Sauvola.
    /// Sauvola: a local threshold, so uneven light does not erase the darker side of a photo.
    var thresholding = 2
    /// Even out uneven light with Leptonica before reading (each polarity separately).
    var normalizeBackground = false
    /// Look for turned text when the upright reading finds little.
    var detectRotation = true
    /// Text shorter than this (median word height, pixels) is read again enlarged. Tesseract still
    /// reads 13 px body text on a 2048 px photo well, so only smaller text pays for a second reading.
    var smallTextHeight = 10.0
}

/// One candidate line in the upright frame, ready to be merged, filtered and ordered.
struct FoundLine {
    var line: TextLine
    /// The line's rectangle in the upright (turned, unscaled) frame.
    var rect: PixelRect
    var textHeight: Double

    var score: Double { line.confidence * Double(line.text.filter { $0.isLetter || $0.isNumber }.count) }
}

extension FoundLine {
    /// Keeps the better of lines that cover the same text (read twice: normal and inverted, or at
    /// two scales), dropping a line when most of it lies under a better one.
    static func merge(_ lines: [FoundLine]) -> [FoundLine] {
        var kept: [FoundLine] = []
        for l in lines.sorted(by: { $0.score > $1.score }) {
            let clash = kept.contains { k in
                let inter = k.rect.intersectionArea(l.rect)
                return inter > 0.4 * min(k.rect.area, l.rect.area)
            }
            if !clash { kept.append(l) }
        }
        return kept
    }
}
