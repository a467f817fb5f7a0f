import Foundation
internal import CTesseract

extension TesseractEngine {
    /// The lines found in `grey` with its text turned upright by `quarterTurns`, in the upright frame,
    /// merged across polarities (and, with `allowEnlarging`, scales), cleaned of junk, not yet ordered.
    /// `thorough: false` skips the second (Otsu) reading, for quick trials of other turns.
    func findLines(in grey: borrowing LeptonicaImage, quarterTurns: Int, invert: Bool, allowEnlarging: Bool,
                   thorough: Bool = true) throws(OCRError) -> [FoundLine]
    {
        guard let upright = quarterTurns == 0 ? grey.grey() : grey.rotated(quarterTurns: quarterTurns) else {
            throw .recognitionFailed(reason: "Leptonica could not turn the picture")
        }
        var found = try readBothPolarities(upright, scale: 1, invert: invert)
        // Sauvola suits pages under uneven light but can lose big sign letters on textured walls to
        // layout analysis; where little was read, read again with Tesseract's global (Otsu) threshold.
        if thorough, options.thresholding != 0, Self.readableCharacters(found) < 60 {
            setVariable("thresholding_method", "0")
            defer { setVariable("thresholding_method", String(options.thresholding)) }
            found += try readBothPolarities(upright, scale: 1, invert: invert)
            found = FoundLine.merge(found)
        }
        if allowEnlarging, let factor = enlargement(for: found, width: upright.width, height: upright.height),
           let big = upright.scaled(by: factor)
        {
            found += try readBothPolarities(big, scale: factor, invert: invert)
        }
        return FoundLine.merge(found)
    }

    /// Small text is read again at the size Tesseract reads best (x-height about 20–30 px; only for OCR,
    /// the copy is untouched): the factor, or `nil` when the text found is big enough or not credible.
    func enlargement(for lines: [FoundLine], width: Int, height: Int) -> Double? {
        let credible = lines.filter { $0.line.confidence >= 60 }
        guard credible.count >= 2 else { return nil }
        let heights = credible.map(\.textHeight).sorted()
        let median = heights[heights.count / 2]
        guard median < options.smallTextHeight else { return nil }
        let maxPixels = 16_000_000.0
        let factor = min(3, max(1.5, 28 / max(median, 1)), (maxPixels / Double(width * height)).squareRoot())
        return factor >= 1.4 ? factor : nil
    }

    /// Reads `image` (already upright, scaled by `scale`) and, when asked, its inverse.
    private func readBothPolarities(_ image: borrowing LeptonicaImage, scale: Double, invert: Bool)
        throws(OCRError) -> [FoundLine]
    {
        var out = try pass(image, scale: scale)
        if invert, let inv = image.inverted() {
            out += try pass(inv, scale: scale)
        }
        return out
    }

    private func pass(_ image: borrowing LeptonicaImage, scale: Double) throws(OCRError) -> [FoundLine] {
        let lines: [TextLine]
        if options.normalizeBackground, let even = image.backgroundNormalized() {
            lines = try readLines(even, layout: options.layout)
        } else {
            lines = try readLines(image, layout: options.layout)
        }
        var out: [FoundLine] = []
        for line in lines {
            for piece in LineSplitter.split(line) {
                guard let clean = LineFilter.clean(piece) else { continue }
                let r = clean.rect
                out.append(FoundLine(
                    line: clean,
                    rect: PixelRect(minX: r.minX / scale, minY: r.minY / scale, maxX: r.maxX / scale, maxY: r.maxY / scale),
                    textHeight: clean.textHeight / scale))
            }
        }
        return out
    }

    /// How much readable text a set of lines holds: letters and digits of words that are either in the
    /// dictionary or read with high confidence, weighted by confidence. Text read upside down or
    /// sideways scores low even when Tesseract returns many characters.
    static func readableCharacters(_ lines: [FoundLine]) -> Double {
        var total = 0.0
        for l in lines {
            for w in l.line.words {
                let n = w.text.filter { $0.isLetter || $0.isNumber }.count
                guard n >= 2 || w.text.allSatisfy(\.isNumber) else { continue }
                if (w.inDictionary && w.confidence >= 60) || w.confidence >= 85 {
                    total += Double(n) * w.confidence / 100
                }
            }
        }
        return total
    }

    /// Whether most of the text (by characters) lies in lines much taller than wide.
    static func mostlyVertical(_ lines: [FoundLine]) -> Bool {
        var vertical = 0, total = 0
        for l in lines {
            let n = l.line.text.count
            total += n
            if l.rect.height > 1.5 * l.rect.width && n >= 3 { vertical += n }
        }
        return total >= 6 && vertical * 2 > total
    }
}
