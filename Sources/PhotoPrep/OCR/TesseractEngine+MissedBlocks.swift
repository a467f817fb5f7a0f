import Foundation

extension TesseractEngine {
    /// A page's reading under this mean confidence is no page read well but for a block: reading its missed
    /// blocks read more junk. (A held-out page that lost a block read at 92% elsewhere; a page of blurred
    /// bold print that read nothing right, at 60%, gained 47 junk lines so.)
    static let missedBlocksConfidence = 80.0

    /// `found` with the blocks of lines it missed read: where a page was read (`pageLines` lines or more,
    /// surely: `missedBlocksConfidence`), rows of dark marks (the spotter's, `plan.spottingMarks`) that no
    /// line read touches, standing as the lines of a block (`SpottingMarks.darkTextBlocks`), are cut out and
    /// read as one uniform block of text (PSM 6).
    ///
    /// Tesseract's page layout analysis can drop a whole block of a page: on a held-out page of small
    /// print in two columns (Open Sans, grainy, tilted 1°), forty lines in the middle of its right column
    /// were never read, by Tesseract's defaults nor by our reading; with ImageMagick's grey of the same
    /// photo (41.7 dB from Leptonica's) the tesseract CLI read them. The block cut out and read by layout
    /// analysis again lost the same lines with Sauvola's threshold (4 of 40 read); read as one block,
    /// all of them (seed 4402's small-03, another such page: 100 → 149 of its 149 lines). Its lines are cut
    /// at gaps as every line is (`LineSplitter`), so a block reaching across a gutter does not join two
    /// columns.
    func readingMissedBlocks(_ found: [FoundLine], plan: ReadingPlan, in upright: borrowing LeptonicaImage)
        throws(OCRError) -> [FoundLine]
    {
        guard options.readMissedBlocks, found.count >= Self.pageLines,
              Self.meanConfidence(found) >= Self.missedBlocksConfidence,
              let marks = plan.spottingMarks(of: upright)
        else { return found }
        // A sign's panel was read on its own, as a panel, its missed lines too (`readingMissedLines`): rows of
        // dark marks on it that no line touches are its ground's texture, or the gaps around light letters on
        // a dark panel. On a wall of five panels (21 lines read at 95%), two blocks on its dark panels were read
        // as "AIC LOCK" and "Da", for 7 of the photo's 9 s (one across the wall between panels still is). A page
        // found as a panel (half the picture or more) is still a page.
        let area = Double(upright.width * upright.height)
        let signs = plan.signPanels.map(\.rect).filter { $0.area < Self.pagePanelShare * area }
        var more: [FoundLine] = []
        for block in marks.darkTextBlocks(missedBy: found)
        where !signs.contains(where: { $0.intersectionArea(block) >= 0.5 * block.area }) {
            guard let crop = upright.clipped(to: block), let at = upright.pixels(clamping: block) else { continue }
            more += try pass(crop, scale: 1, origin: (Double(at.x.lowerBound), Double(at.y.lowerBound)),
                             layout: .block)
        }
        return more.isEmpty ? found : FoundLine.merge(found + more)
    }
}
