import Foundation
internal import CTesseract

extension TesseractEngine {
    /// `found`, its doubtful lines (read with less than `doubtful` confidence) read again alone: the part
    /// of the picture along each, cut out, turned dark on light, enlarged to the size Tesseract reads
    /// best and read as a single line with the global threshold. A reading of the whole picture can
    /// mangle a line of thin letters on a grainy ground ("valle" for "Wi-Fi available", 61%) that it
    /// reads cleanly alone; the better reading of each line is kept (`FoundLine.merge`).
    ///
    /// The cut-out reaches three text heights beyond the line on either side (a word the first
    /// reading dropped) but not into another line or out of the line's panel.
    func rereadingDoubtful(_ found: [FoundLine], in upright: borrowing LeptonicaImage) throws(OCRError) -> [FoundLine] {
        let doubtful = found.indices.filter { i in
            found[i].line.confidence < Self.doubtful && found[i].characters >= 3 && found[i].textHeight >= 8
        }.sorted { found[$0].characters > found[$1].characters }.prefix(Self.doubtfulRereads)
        guard !doubtful.isEmpty else { return found }
        setVariable("thresholding_method", "0")
        defer { setVariable("thresholding_method", String(options.thresholding)) }
        var again: [FoundLine] = []
        for i in doubtful {
            let l = found[i], h = l.textHeight
            var around = PixelRect(minX: max(0, (l.rect.minX - 3 * h).rounded(.down)),
                                   minY: max(0, (l.rect.minY - 0.5 * h).rounded(.down)),
                                   maxX: min(Double(upright.width), l.rect.maxX + 3 * h),
                                   maxY: min(Double(upright.height), l.rect.maxY + 0.5 * h))
            // Not out of its panel, nor into the lines beside it: the cut-out stops where another line begins.
            if let panel = l.panel {
                around = PixelRect(minX: max(around.minX, panel.minX), minY: max(around.minY, panel.minY),
                                   maxX: min(around.maxX, panel.maxX), maxY: min(around.maxY, panel.maxY))
            }
            for (j, o) in found.enumerated() where j != i && o.rect.maxY > around.minY && o.rect.minY < around.maxY {
                if o.rect.maxX <= l.rect.minX { around.minX = max(around.minX, o.rect.maxX) }
                if o.rect.minX >= l.rect.maxX { around.maxX = min(around.maxX, o.rect.minX) }
            }
            // Whole pixels: the cut-out's corner is where its words' boxes are moved back to.
            around.minX = around.minX.rounded(.down)
            around.minY = around.minY.rounded(.down)
            let factor = min(3, max(1, 40 / h))
            // Only the cut-out is turned dark on light.
            let light = upright.holdsLightText(in: l.rect)
            guard let crop = upright.clipped(to: around),
                  let big = light ? crop.inverted()?.scaled(by: factor) : crop.scaled(by: factor)
            else { continue }
            var lines = try readCutOut(big, factor: factor, origin: (around.minX, around.minY))
            // Light letters that read no surer alone are read again near their own level (`nearInk`).
            if light, !lines.contains(where: { $0.confidence >= LineFilter.sure }),
               let sharp = nearInk(big, text: l.rect, cutOutAt: around, factor: factor)
            {
                lines += try readCutOut(sharp, factor: factor, origin: (around.minX, around.minY))
            }
            for line in lines {
                for piece in LineSplitter.split(line) {
                    guard let clean = LineFilter.clean(piece), clean.confidence > l.line.confidence else { continue }
                    // Its text stands as tall as the line's, and lies where the line was read through a stretch
                    // (`flat`) as the line does: the cut-out's words can take in a neighbour's descenders
                    // ("Credit Article billion", 56 px tall, 36 read in the page), and a line of a stretched page
                    // whose height is a title's, or that is not in its frame, is ordered apart from its column.
                    let flat = l.flat.map { clean.rect.carried(from: l.rect, to: $0) }
                    again.append(FoundLine(line: clean, rect: clean.rect,
                                           textHeight: min(clean.textHeight, l.textHeight), panel: l.panel, flat: flat))
                }
            }
        }
        return again.isEmpty ? found : FoundLine.merge(found + again)
    }

    /// Lines read with less confidence than this are read again alone (`rereadingDoubtful`).
    static let doubtful = 80.0

    /// At most this many doubtful lines are read again, the longest first.
    static let doubtfulRereads = 8
}
