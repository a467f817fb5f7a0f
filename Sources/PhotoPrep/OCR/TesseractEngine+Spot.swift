import Foundation
internal import CTesseract

extension TesseractEngine {
    /// Lines read in the rows of marks `TextSpotter` finds in `upright` (text of either polarity) that
    /// `found` does not cover yet: the likeliest rows first (letters on a baseline, then the most
    /// contrast), at most `TextSpotter.maxRows`, each cut out, turned dark on light, enlarged to the
    /// letter size Tesseract reads best and read as a single line; only the words `TextSpotter.keeps`.
    func spottedLines(in upright: borrowing LeptonicaImage, besides found: [FoundLine]) throws(OCRError)
        -> [FoundLine]
    {
        guard let inverse = upright.inverted() else { return [] }
        let maxHeight = Double(min(upright.width, upright.height)) / 8
        func candidates(_ image: borrowing LeptonicaImage, darkText: Bool) -> [Candidate] {
            let marks = image.darkMarks(window: 15, factor: 0.15) { TextSpotter.mayBeText($0, maxHeight: maxHeight) }
            return TextSpotter.rows(marks, maxHeight: maxHeight).compactMap { row in
                guard !found.contains(where: { $0.rect.intersectionArea(row.rect) >= 0.5 * row.rect.area }) else {
                    return nil
                }
                let h = row.markHeight
                let around = PixelRect(minX: max(0, (row.rect.minX - 0.6 * h).rounded(.down)),
                                       minY: max(0, (row.rect.minY - 0.4 * h).rounded(.down)),
                                       maxX: row.rect.maxX + 0.6 * h, maxY: row.rect.maxY + 0.4 * h)
                return Candidate(row: row, around: around, darkText: darkText, contrast: image.contrast(in: around))
            }
        }
        let likeliest = (candidates(upright, darkText: true) + candidates(inverse, darkText: false))
            .sorted { ($0.row.aligned ? 1 : 0, $0.contrast) > ($1.row.aligned ? 1 : 0, $1.contrast) }
            .prefix(TextSpotter.maxRows)
        // A cut-out row is one ground and its letters: the global (Otsu) threshold separates them.
        setVariable("thresholding_method", "0")
        defer { setVariable("thresholding_method", String(options.thresholding)) }
        var out: [FoundLine] = []
        for c in likeliest {
            let factor = min(4, max(1, 30 / c.row.markHeight))
            let crop = c.darkText ? upright.clipped(to: c.around) : inverse.clipped(to: c.around)
            guard let crop, let big = crop.scaled(by: factor) else { continue }
            for line in try readLines(big, layout: .line) {
                var words = line.words.filter(TextSpotter.keeps)
                guard !words.isEmpty else { continue }
                for i in words.indices {
                    let b = words[i].rect, o = c.around
                    words[i].rect = PixelRect(minX: o.minX + b.minX / factor, minY: o.minY + b.minY / factor,
                                              maxX: o.minX + b.maxX / factor, maxY: o.minY + b.maxY / factor)
                }
                let kept = TextLine(words: words, slope: line.slope)
                out.append(FoundLine(line: kept, rect: kept.rect, textHeight: kept.textHeight))
            }
        }
        return out
    }
}

/// A spotted row with what reading it needs: the rectangle cut out around it, the polarity of its text
/// and its contrast there.
private struct Candidate {
    var row: TextSpotter.Row
    var around: PixelRect
    var darkText: Bool
    var contrast: Int
}
