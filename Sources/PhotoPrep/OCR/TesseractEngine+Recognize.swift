import Foundation
internal import CTesseract

extension TesseractEngine {
    /// A first reading of `grey` with its text turned upright by `quarterTurns`: its panels (found with
    /// the colours of `colour`, the same picture as read), then the rest, merged across polarities and
    /// cleaned of junk, in the upright frame, not yet ordered; with the plan it followed, for `completing`
    /// once the turn is settled.
    func findLines(in grey: borrowing LeptonicaImage, colour: borrowing LeptonicaImage, quarterTurns: Int,
                   invert: Bool) throws(OCRError) -> (lines: [FoundLine], plan: ReadingPlan)
    {
        guard let upright = quarterTurns == 0 ? grey.grey() : grey.rotated(quarterTurns: quarterTurns) else {
            throw .recognitionFailed(reason: "Leptonica could not turn the picture")
        }
        let plan = readingPlan(upright, colour: colour, quarterTurns: quarterTurns, invert: invert)
        let found = try read(plan, upright, scale: 1, panels: true, thresholding: options.thresholding)
        // The lines read, unmerged: merged again with the reading left, they merge as they would have.
        fainterInkLeft?.read = found
        return (FoundLine.merge(found), plan)
    }

    /// A page's reading keeping fainter ink, left to be made later (`leavesFainterInk`): the picture, as
    /// `readKeepingFainterInk` takes it, and the lines its first reading read besides, unmerged.
    struct LeftReading: ~Copyable {
        var image: LeptonicaImage
        var scale: Double
        var map: ProjectiveMap?
        var read: [FoundLine] = []
    }

    /// The plan for reading `upright`, the picture turned by `quarterTurns`; its panels found with the
    /// colours of `colour` (the picture unturned, 32-bit RGB or 8-bit) turned alike.
    func readingPlan(_ upright: borrowing LeptonicaImage, colour: borrowing LeptonicaImage, quarterTurns: Int,
                     invert: Bool) -> ReadingPlan
    {
        let panels = options.readPanels
        if panels, quarterTurns % 4 != 0, colour.depth == 32, let turned = colour.rotated(quarterTurns: quarterTurns) {
            return ReadingPlan(upright, colour: turned, quarterTurns: quarterTurns, invert: invert, findPanels: panels)
        }
        // (Unturned, or turned in grey only: colours of another size are left out.)
        return ReadingPlan(upright, colour: colour, quarterTurns: quarterTurns, invert: invert, findPanels: panels)
    }

    /// Sauvola suits pages under uneven light but can lose big sign letters on textured walls to
    /// layout analysis: where little was read, the rest of the picture (outside panels, which are
    /// always read with it) is read again with Tesseract's global (Otsu) threshold.
    /// When panels cover nearly all of the picture there is little rest to read again, and a few lines
    /// read with high confidence (a short sign; Korean words are few characters) are not "little read".
    /// Nor are a page's lines found but not read (`linesFoundUnread`).
    func needsGlobalThreshold(_ found: [FoundLine], _ plan: ReadingPlan) -> Bool {
        options.thresholding != 0 && !plan.restIsEvenGround && Self.readableCharacters(found) < Self.littleRead
            && plan.restShare > 0.25 && (found.isEmpty || Self.meanConfidence(found) < 90)
            && !Self.linesFoundUnread(found)
    }

    /// Lines found but not read: `unreadLines` lines or more, two in three of them holding no readable word
    /// (`readableCharacters`), as a page of print a moving camera smeared reads. Layout analysis found the lines, and
    /// the global threshold finds them again, read as little. Of 140 shaken harness photos (pages, small print, turned
    /// pages), 16 were read again so, 0.3–8.4 s each; the 15 read as lines found but not read took 230 → 178 s without
    /// that. They found the same lines of their truth (one more on one, one fewer on another), and 16 fewer of its
    /// words (2,851 → 2,835 of 26,576): scraps of lines it had read, "danger" and "Listen" on seed 8787's small-01. Of
    /// 202 unshaken photos and shaken signs, posters and streets, 30 were read again so; the streets had found three
    /// lines at most, and the two Korean signs 7 and 11 lines, 3 and 4 of them without a readable word.
    static func linesFoundUnread(_ found: [FoundLine]) -> Bool {
        found.count >= unreadLines && 3 * found.count(where: holdsNoReadableWord) >= 2 * found.count
    }

    /// Lines that make a reading of lines found but not read (`linesFoundUnread`): fewer are a street's or a sign's.
    static let unreadLines = 4

    /// `found`, the first reading at the settled turn (`plan.quarterTurns`, which stands `upright`),
    /// completed: the rest read again turned level where it is a slanted page read unsurely or lost
    /// (`levelledPage`), or with the global threshold where little was read; then small text read again
    /// enlarged. None repeats the first reading.
    ///
    /// Without `levelling` (a picture with its streak removed), the rest is not read again level. A page with its
    /// streak removed reads unsurely for what is left of the smear, not for a slant: of 140 shaken harness photos
    /// (pages, small print, turned pages), three such pages had a slant found surely enough to be read level, 1.2–2.3°,
    /// and none read a tenth more so (6,860 → 6,965 readable characters, 2,366 → 2,421, 2,176 → 1,984). Without it,
    /// they read the same lines in 3.9–4.4 s less each (12.5 → 8.6 s, seed 7575's pages-02).
    func completing(_ found: [FoundLine], plan: ReadingPlan, in upright: borrowing LeptonicaImage,
                    levelling: Bool = true) throws(OCRError) -> [FoundLine]
    {
        let width = upright.width, height = upright.height
        // A slanted page that reads better level is read level from then on (enlarged too).
        let levelled = levelling ? try levelledPage(found, plan: plan, in: upright) : nil
        // (Its slant was found surely enough for it to be kept, or the first reading read it level: the later
        // readings level it alike.)
        let level: Double? = levelled == nil && plan.restReadLevel.value != true ? nil : Skew.sure
        var out = levelled ?? found
        let global = needsGlobalThreshold(out, plan)
        let small = options.smallTextHeight > 0
        guard global || small && enlargement(for: out, width: width, height: height) != nil else { return out }
        if global {
            // In one polarity, the one Tesseract's defaults read: dark on light, unless the rest holds only
            // light text. Read inverted as well, it found no word more on 40 rendered streets, the ICDAR
            // photos or the camera photos, for a fifth of a street photo's time.
            var once = plan
            once.invertRest = plan.invertRest && !plan.readRestAsIs
            // Where little was read, a global threshold makes words of a photo's textures too ("MOY ry",
            // "44 y" from a window's reflections): only the words a spotted row would keep stay.
            let again = try read(once, upright, scale: 1, panels: false, thresholding: 0, level: level)
            out = FoundLine.merge(out + again.compactMap { $0.keepingSureWords() })
        }
        if small, let factor = enlargement(for: out, width: width, height: height),
           !(try enlargedReadsAsScraps(out, factor: factor, in: upright, invert: plan.invertRest))
        {
            out = FoundLine.merge(out + (try read(plan, upright, scale: factor, panels: true,
                                                  thresholding: options.thresholding, level: level)))
        }
        return out
    }

    /// Whether a page read as junk (`found`, see `readsAsJunkPage`) reads as scraps enlarged by `factor` too, across
    /// the middle quarter of the rows its lines were read in (`readsAsScraps`; a band that holds three of its lines
    /// or more and reads nothing at all enlarged reads no better): then it is not read again whole so. Held-out seed
    /// 5151's page of 147 lines of blurred small print (x-height about 7 px) read as 53 lines of junk, three of them
    /// credible (`enlargement`), and enlarged ×2.3 it read 34 readable characters against 195, for 28 s of its 54.
    func enlargedReadsAsScraps(_ found: [FoundLine], factor: Double, in upright: borrowing LeptonicaImage,
                               invert: Bool) throws(OCRError) -> Bool
    {
        guard Self.readsAsJunkPage(lines: found.count, confidence: Self.meanConfidence(found)),
              let top = found.map(\.rect.minY).min(), let bottom = found.map(\.rect.maxY).max()
        else { return false }
        let rows = PixelRect(minX: 0, minY: top + (bottom - top) * 3 / 8, maxX: Double(upright.width),
                             maxY: top + (bottom - top) * 5 / 8)
        guard let band = upright.clipped(to: rows) else { return false }
        let held = found.count { rows.contains(x: $0.rect.midX, y: $0.rect.midY) }
        return try readsAsScraps(band, scale: factor, invert: invert, emptyIsScraps: held >= 3)
    }

    /// The band across the middle quarter of an upright picture (its lines run across it).
    static func middleBand(of upright: borrowing LeptonicaImage) -> LeptonicaImage? {
        let w = Double(upright.width), h = Double(upright.height)
        return upright.clipped(to: PixelRect(minX: 0, minY: h * 3 / 8, maxX: w, maxY: h * 5 / 8))
    }

    /// Reads every panel of the plan on its own, dark text on light (`panels`), then the rest of the
    /// picture (the panels read painted over with the wall around them) in the polarities it needs, with
    /// Tesseract's `thresholding` method; `scale` enlarges for small text; with `level`, the rest is read
    /// turned level (`Skew`) where its slant is found with at least that confidence, and else not at all.
    private func read(_ plan: ReadingPlan, _ upright: borrowing LeptonicaImage, scale: Double, panels: Bool,
                      thresholding: Int, level: Double? = nil) throws(OCRError) -> [FoundLine]
    {
        var out: [FoundLine] = []
        var unread: Set<Int> = []
        defer { setVariable("thresholding_method", String(options.thresholding)) }
        if panels, !plan.panels.isEmpty {
            for (i, panel) in plan.panels.enumerated() {
                if plan.noSigns.value?.contains(i) == true {
                    unread.insert(i)
                    continue
                }
                // On an evenly lit panel the global (Otsu) threshold separates the text cleanly, where a
                // local one can break bold strokes; a panel lit from one side needs the local one.
                let local = panel.unevenness >= PanelFinder.unevenLight && options.thresholding != 0
                setVariable("thresholding_method", local ? String(options.thresholding) : "0")
                let origin = (x: panel.rect.minX.rounded(.down), y: panel.rect.minY.rounded(.down))
                let wall = panel.outside.map { r in
                    (r.moved(by: -origin.x, -origin.y), panel.ground)
                }
                // A keystoned panel is stretched back to a rectangle: its lines level and its letters
                // one size again; its lines' boxes are mapped back to the picture.
                var map: ProjectiveMap? = nil
                let flat = panel.quad.flatMap { upright.rectified($0, fill: panel.ground, map: &map) }
                guard let crop = flat ?? upright.clipped(to: panel.rect)?.painted(wall) else {
                    unread.insert(i)
                    continue
                }
                // Read once, dark on light: Tesseract already reads a word of the other polarity inside a
                // block by inverting it (`tessedit_do_invert`), and a dark title bar on a light poster is a
                // panel of its own. A panel Tesseract cannot read is left to the reading of the rest.
                guard var oriented = panel.isDark ? crop.inverted() : crop.grey() else {
                    unread.insert(i)
                    continue
                }
                // Grain on a panel photographed in dim light becomes specks under a global threshold
                // and hides low-contrast text (yellow on red); a 3×3 mean removes it, but also the
                // strokes of small print (a page photographed from one side, read as a panel).
                let page = panel.rect.area >= Self.pagePanelShare * Double(upright.width * upright.height)
                let measured = measuredLines(oriented, panel, page: page)
                let lines = measured.map { LetterSize.lineHeight($0, page: page && !panel.isDark) }
                // Small print (see `LetterSize.smoothable`): short lines; a page's dozens of lines a little
                // taller; or a page whose lines cannot be told apart: on a page of small print, dense and
                // grainy, the ink between lines runs them into one band, and smoothed its print was lost
                // (three such pages photographed from one side: 119, 95 and 58 lines smoothed; 147, 116,
                // 106 not). A sign panel of unknown lines is still smoothed: not, two Korean signs lost a
                // line each.
                let smallPrint = (lines ?? (page ? 0 : LetterSize.smoothable)) < LetterSize.smoothable
                    || (measured?.count ?? 0) >= Self.pageLines && (lines ?? 0) < LetterSize.denseSmallPrint
                if !smallPrint, oriented.graininess() >= PanelFinder.grainy, let smooth = oriented.smoothed() {
                    oriented = smooth
                } else if map != nil, smallPrint, let sharp = oriented.sharpened() {
                    // Small print on a keystoned page is blurred where stretching enlarged it (its far
                    // side), and blurred letters 5–9 px high run into each other. Sharpened, the harness's
                    // small-print pages photographed from one side (two a seed) read 76 → 90% of their
                    // lines (seed 8080), 68 → 87% (seed 2026, and in 7 s a page, not 21), 92 → 99% (23).
                    oriented = sharp
                }
                // A page's print, not small print, is thresholded nearer its local mean (`pagePrintK`).
                let pageOfPrint = page && !panel.isDark && !smallPrint && (measured?.count ?? 0) >= Self.pageLines
                let k = pageOfPrint ? Self.pagePrintK : Self.sauvolaK
                setVariable("thresholding_kfactor", k)
                defer { setVariable("thresholding_kfactor", Self.sauvolaK) }
                do {
                    if scale == 1 {
                        // Big letters are read reduced too (see `LetterSize`); the better reading of
                        // each line is kept when the readings are merged.
                        let reduce = lines.map(LetterSize.readingScale(lineHeight:)) ?? 1
                        // Big Hangul in a light weight loses its thin strokes to the threshold, most a
                        // final ㅇ ("승강장" read "스가자", "강남" "가나"): its strokes are grown first.
                        // Small print beside it ("Convenience Store" under 편의점) would lose its
                        // counters so: a panel read reduced keeps its strokes at full size.
                        let light = readsKorean && (lines ?? 0) >= LetterSize.thickenedHangul
                        if light, reduce == 1, let bold = oriented.thickened() { oriented = bold }
                        var read = try pass(oriented, scale: 1, origin: origin, panel: panel.rect, map: map)
                        if reduce < 1,
                           let small = light ? oriented.thickened()?.scaled(by: reduce) : oriented.scaled(by: reduce)
                        {
                            read += try pass(small, scale: reduce, origin: origin, panel: panel.rect, map: map)
                        }
                        // A panel told by its colour alone, or solid only within its outline, is a sign only
                        // where something on it reads surely; else it is read with the rest, as grey sees it
                        // (a street's coloured facade, or one seen at an angle).
                        if panel.onTrial, !Self.readsAsSign(read) {
                            plan.noSigns.value = (plan.noSigns.value ?? []).union([i])
                            unread.insert(i)
                            continue
                        }
                        // Tesseract's page layout analysis can find no text at all on a clean panel (a
                        // line of light Hangul, "버스 정류장", made a whole panel "Empty page!!" at any
                        // size); read as one column of text, the same panel reads whole (its big Hangul
                        // thickened: unthickened, "Bus Stop" under it was read "645 5100"). Where the column
                        // finds nothing either, the panel is read as one uniform block of text, with no
                        // layout analysis: faint print on a grainy panel, smeared along its lines by a
                        // shaking camera (held-out seed 7575's green panel, its four lines 22 grey levels
                        // over the ground), was no text to both, and reads whole as a block (94–96%). Only
                        // lines of two characters or more read surely are kept: read so, a street's facade
                        // found as an even panel read its texture as "ae" (75%) and "met" (35%), and a dark
                        // corner of an ICDAR photo as "a" (94%). And only a panel whose ink measured as lines
                        // is: a block is read blob by blob, and a street's upper half, found as a panel with no
                        // text level, took 3.8 s so (for "Sata" at 39%).
                        func asColumnOrBlock(_ image: borrowing LeptonicaImage) throws(OCRError) -> [FoundLine] {
                            let column = try pass(image, scale: 1, origin: origin, panel: panel.rect, map: map,
                                                  layout: .column)
                            guard column.isEmpty, (measured?.count ?? 0) > 0 else { return column }
                            let block = try pass(image, scale: 1, origin: origin, panel: panel.rect, map: map,
                                                 layout: .block)
                            return block.filter(\.readsSurely)
                        }
                        if read.isEmpty {
                            // (Read at full size, a light panel's `oriented` is thickened already.)
                            if light, reduce < 1, let bold = oriented.thickened() {
                                read = try asColumnOrBlock(bold)
                            } else {
                                read = try asColumnOrBlock(oriented)
                            }
                        }
                        // Lines a sign's layout analysis left out at every size are read alone: on a sign's panel
                        // (not a page) read as a few lines, however many lines its grain measured. Held-out seed
                        // 7373's blue panel, measured as 29 lines, read its thin 탑승구 as "HO" (77%) under
                        // "Boarding Gate", and the rest of the picture read its top as "탄스"; alone, 탑승구 reads.
                        if let levels = panel.darkOnLightLevels,
                           (measured?.count ?? 0) < Self.pageLines || !page && read.count < Self.pageLines
                        {
                            read += try readingMissedLines(oriented, besides: read, levels: levels, origin: origin,
                                                           panel: panel.rect, map: map)
                        }
                        out += read
                    } else if let big = oriented.scaled(by: scale) {
                        out += try pass(big, scale: scale, origin: origin, panel: panel.rect, map: map)
                    }
                } catch {
                    unread.insert(i)
                }
            }
        }
        let restThresholding = plan.restIsEvenGround ? 0 : thresholding
        setVariable("thresholding_method", String(restThresholding))
        let rest: LeptonicaImage
        let noSigns = plan.noSigns.value ?? []
        let painted = plan.panels.indices.filter { !unread.contains($0) && !noSigns.contains($0) }
            .map { plan.panels[$0] }
        if painted.isEmpty {
            guard let whole = upright.grey() else { return out }
            rest = whole
        } else {
            guard let image = upright.painted(painted.map { ($0.rect, $0.surround) }) else { return out }
            rest = image
        }
        func readRest(_ image: borrowing LeptonicaImage, map: ProjectiveMap?) throws(OCRError) -> [FoundLine] {
            if scale == 1 {
                return try readBothPolarities(image, scale: 1, invert: plan.invertRest, asIs: plan.readRestAsIs,
                                              local: restThresholding == 2, map: map) {
                    plan.spottingMarks(of: upright)?.lightTextBlocks ?? []
                }
            }
            guard let big = image.scaled(by: scale) else { return [] }
            return try readBothPolarities(big, scale: scale, invert: plan.invertRest, asIs: plan.readRestAsIs,
                                          map: map)
        }
        // The rest turned level and read, its lines' boxes mapped back; `nil` when it has no slant to level
        // found with the `least` confidence.
        func readLevel(_ least: Double) throws(OCRError) -> [FoundLine]? {
            var map: ProjectiveMap? = nil
            guard let slant = plan.slant(ofRest: rest), slant.confidence >= least,
                  let turned = rest.turned(by: slant.degrees, map: &map)
            else { return nil }
            return try readRest(turned, map: map)
        }
        if let least = level { return out + (try readLevel(least) ?? []) }
        // A page filling the picture (no panel painted over) whose lines Leptonica finds slanted as surely as
        // a page's is read level at once, and only so: Tesseract's own deskewing can break dense small print
        // tilted 2° into pieces (`readAsIfBrokenBySlant`), and such a page was read twice, as it was and then
        // level. One that reads little level reads no more as it was: over 19 of the harness's sets and the
        // flipped, ICDAR and camera photos only three pages did, each smeared past reading by a shaking camera
        // (0–16 readable characters level, 2–16 as they were, 5 s a reading).
        var lines: [FoundLine]
        if scale == 1, panels, painted.isEmpty, let levelled = try readLevel(Skew.page) {
            plan.restReadLevel.value = true
            lines = levelled
        } else {
            lines = try readRest(rest, map: nil)
        }
        // A poster filling the photo is read with the global threshold (`restIsEvenGround`). On a dark one
        // photographed in dim light its grain is most of what there is, and Otsu's threshold can split the
        // grain rather than the text from the ground: nothing was read ("Mind the gap", in 60 px letters,
        // was lost; the tesseract CLI, thresholding the red channel where the grain was clipped, read it).
        // Where little was read on such a ground, it is read again with the grain smoothed away.
        if scale == 1, plan.restIsEvenGround, Self.readableCharacters(lines) < Self.littleRead,
           rest.graininess() >= PanelFinder.grainy, let smooth = rest.smoothed()
        {
            lines += try readRest(smooth, map: nil)
        }
        return out + lines
    }

    /// `found` with the rest of the picture read again turned level (`Skew`), when Leptonica finds its
    /// lines slanted and it is a page read as a slanted page's layout analysis fails: broken
    /// (`readAsIfBrokenBySlant`), where the level reading must read a tenth more, or lost (fewer than
    /// `pageLines` lines read), where its slant must be a page's (`Skew.page`: no line read says it is
    /// one) and the level reading must read twice as much and `littleRead` more; else `nil`. Once kept,
    /// the rest's later readings (global threshold, enlarged) read it level too (`completing`).
    ///
    /// Tesseract deskews a page itself, but on dense, blurred small print tilted 2° its layout analysis
    /// can break the lines into pieces and lose many while reading others surely: the harness's page of
    /// 161 lines tilted 2.2° (seed 99, small-06) read 63 of them, level 161. It can also lose nearly
    /// all of them: seed 4242's page tilted 2.3° read nothing, level all its 161 lines. A street's rows
    /// of windows can pass for slanted lines too, and its few words read level were a little worse (seed
    /// 5: 78.3 → 76.4%): a lost page's level reading is kept only when it reads far more, and made only
    /// when its slant is found as surely as a page's; a street's, found less surely, cost seed 5's streets
    /// a tenth of their time in level readings never kept.
    ///
    /// Tried once, at the settled turn. Tried on every reading (each turn tried, the global threshold's),
    /// it read an upside-down page of seed 8181 level before its turn was found (3.9 s of its 8.6), and
    /// a street slanted by its windows level twice; over the harness's sets 53 such readings were made,
    /// and the three kept were all a first reading's at the turn it stood in.
    func levelledPage(_ found: [FoundLine], plan: ReadingPlan, in upright: borrowing LeptonicaImage)
        throws(OCRError) -> [FoundLine]?
    {
        // (Not a page read level already.)
        guard plan.restReadLevel.value != true else { return nil }
        let rest = found.filter { $0.panel == nil }
        let broken = Self.readAsIfBrokenBySlant(rest)
        guard broken || rest.count < Self.pageLines else { return nil }
        // A page read as junk whose middle, turned level, reads as scraps too is not read level whole (see
        // `readsAsScraps`): held-out seed 5151's page of blurred small print under a shadow read 41 readable
        // characters level against 153, for 19 s of its 56. (Only a page without panels: the rest is the picture.)
        if broken, plan.panels.isEmpty, Self.readsAsJunkPage(lines: rest.count, confidence: Self.meanConfidence(rest)),
           let slant = plan.slant(ofRest: upright), slant.confidence >= Skew.sure
        {
            var map: ProjectiveMap? = nil
            if let turned = upright.turned(by: slant.degrees, map: &map), let band = Self.middleBand(of: turned),
               try readsAsScraps(band, scale: 1, invert: plan.invertRest)
            {
                return nil
            }
        }
        let again = FoundLine.merge(try read(plan, upright, scale: 1, panels: false,
                                             thresholding: options.thresholding,
                                             level: broken ? Skew.sure : Skew.page))
        let before = Self.readableCharacters(rest), after = Self.readableCharacters(again)
        guard broken ? after > 1.1 * before : after >= 2 * before + Self.littleRead else { return nil }
        return FoundLine.merge(found.filter { $0.panel != nil } + again)
    }

    /// Whether `lines`, read outside panels, are a page (`pageLines` lines or more) read as Tesseract reads
    /// a slanted page whose layout analysis failed: very unsurely (`brokenPageConfidence`), or unsurely
    /// (`brokenPiecesConfidence`) with many lines in pieces (`brokenPieces`). A page read so is worth a
    /// reading turned level: of the harness's pages of small print (its eighteen sets, and seeds 99, 5,
    /// 77 and 1234 at 20 a type), the seven that read clearly better level (3 to 98 lines more) read at
    /// 59–67%, or at 71–89% with 16–42% of their lines in pieces; the fifteen read unsurely that read no
    /// better level, at 71–90% with 0–3% in pieces (two 19% and 24%). A page read surely is left alone:
    /// a reading level costs as much as the first.
    static func readAsIfBrokenBySlant(_ lines: [FoundLine]) -> Bool {
        guard lines.count >= pageLines else { return false }
        let confidence = meanConfidence(lines)
        if confidence < brokenPageConfidence { return true }
        guard confidence < brokenPiecesConfidence else { return false }
        let widths = lines.map(\.rect.width).sorted()
        let long = widths[widths.count * 9 / 10]
        let pieces = widths.count(where: { $0 < Self.pieceWidth * long })
        return Double(pieces) >= brokenPieces * Double(widths.count)
    }

    /// The mean confidence under which a page is read again level whatever its lines look like.
    static let brokenPageConfidence = 75.0
    /// The mean confidence under which a page with many lines in pieces is read again level.
    static let brokenPiecesConfidence = 90.0
    /// A line narrower than this share of the page's long lines (the 90th percentile) is a piece.
    static let pieceWidth = 0.6
    /// The share of a page's lines in pieces that asks for a reading level (a page's paragraph ends make
    /// fewer: the harness's pages read surely, 0–3%).
    static let brokenPieces = 0.15

    /// Whether Korean is among the languages read.
    var readsKorean: Bool { languages.split(separator: "+").contains("kor") }

    /// Whether the engine reads more than one language (`kor+eng`).
    var readsSeveralLanguages: Bool { languages.contains("+") }

    /// The height and number of the lines of text of a panel (cut out and turned dark on light as
    /// `oriented`), measured with the panel's ground and text levels turned the same way; `nil` when
    /// unknown.
    private func measuredLines(_ oriented: borrowing LeptonicaImage, _ panel: Panel, page: Bool) -> LetterSize.Lines? {
        guard let levels = panel.darkOnLightLevels else { return nil }
        return LetterSize.lines(oriented, ground: levels.ground, text: levels.text, page: page)
    }

    /// Small text is read again at the size Tesseract reads best (x-height about 20–30 px; only for OCR,
    /// the copy is untouched): the factor, or `nil` when the text found is big enough or not credible.
    ///
    /// A line is credible read at 60% or more with a readable word in it (`readableCharacters`): a page of
    /// small print a shaking camera smeared, read as 30 lines of junk (40% on the whole, three lines over 60%
    /// but two characters readable in all), measured 9 px and was read again enlarged ×2.3, for 12 s of junk.
    func enlargement(for lines: [FoundLine], width: Int, height: Int) -> Double? {
        let credible = lines.filter { $0.line.confidence >= 60 && Self.readableCharacters([$0]) > 0 }
        guard credible.count >= 2 else { return nil }
        let heights = credible.map(\.textHeight).sorted()
        let median = heights[heights.count / 2]
        guard median < options.smallTextHeight else { return nil }
        let maxPixels = 16_000_000.0
        let factor = min(3, max(1.5, 28 / max(median, 1)), (maxPixels / Double(width * height)).squareRoot())
        return factor >= 1.4 ? factor : nil
    }

    /// Reads `image` (already upright, scaled by `scale`) when `asIs`, and its inverse when `invert`;
    /// `local` when Tesseract thresholds it with Sauvola's method (only the reading at its own size is).
    /// `lightBlocks` tells where its blocks of light lines stand (`SpottingMarks.lightTextBlocks`): where
    /// little reads as it is, only those are read inverted.
    private func readBothPolarities(_ image: borrowing LeptonicaImage, scale: Double, invert: Bool, asIs: Bool = true,
                                    local: Bool = false, map: ProjectiveMap? = nil,
                                    lightBlocks: () -> [PixelRect] = { [] }) throws(OCRError) -> [FoundLine]
    {
        var out = asIs ? try pass(image, scale: scale, map: map) : []
        // A page read as it is (dozens of lines) is not read inverted: the light "text" the probe saw
        // was its edges against a dark table, and Tesseract already reads a dark banner's words inside a
        // block by inverting them (`tessedit_do_invert`). Read inverted, a page costs as much again.
        if out.count >= Self.pageLines {
            if local, scale == 1 { out = try readingRowsApart(image, map: map, over: out) }
            // (Not a page whose lines run vertically and hold few words: it stands turned, and is read again
            // at its turn. Read with fainter ink as it stood, each of the harness's pages turned a quarter
            // anticlockwise took a third longer for lines no reading kept. Lines Tesseract read sideways as
            // words are kept, moved into the turned frame, and never read again: those still get it.)
            if local, Self.meanConfidence(out) < Self.unsurePage, !Self.mostlyVertical(out) || Self.mostlyWords(out) {
                if leavesFainterInk, fainterInkLeft == nil, let copy = image.grey() {
                    fainterInkLeft = LeftReading(image: copy, scale: scale, map: map)
                } else {
                    out += try readKeepingFainterInk(image, scale: scale, map: map)
                }
            }
            return out
        }
        guard invert, let inv = image.inverted() else { return out }
        // Where little was read as it is (a street, a wall), the inverse is read only around blocks of light
        // lines (a menu lettered on a brick wall): light words scattered over a street are left to the
        // spotter, which reads them one by one. Read whole, the inverse took nearly a fifth of a street photo's
        // time and read its textures as junk; the streets' words were found as often without it. (The blocks
        // come from the spotter's marks, measured once: a block on a panel is read painted over, flat.)
        if asIs, scale == 1, map == nil, Self.readableCharacters(out) < Self.littleRead {
            for block in lightBlocks() {
                guard let crop = inv.clipped(to: block), let at = inv.pixels(clamping: block) else { continue }
                out += try pass(crop, scale: 1, origin: (Double(at.x.lowerBound), Double(at.y.lowerBound)))
            }
            return out
        }
        out += try pass(inv, scale: scale, map: map)
        return out
    }

    /// Whether the picture turned by `turns` is worth reading whole: the part around the line read with
    /// the most characters (three text heights above and below it), cut out, turned and read alone
    /// (inverted too where the photo has light text), holds clearly more readable characters than the
    /// lines read there — as a page or a sign turned upside down does, and a texture read as scraps
    /// does not (a whole trial turn cost as much as the first reading, three of them on a busy photo).
    ///
    /// With `all`, the part around every line read (a few scraps read sideways: their text may stand
    /// in several panels, and each scrap alone reads too little turned).
    ///
    /// Lines read on panels are also sampled within their panels, one part per panel across its width, when
    /// the part around them does not read better: turned upright, a part across two panels of a sign and the wall
    /// between them read as nothing at all ("Lifts to all floo" beside "e & Tea", 40–60 px letters,
    /// clean: Tesseract's layout analysis found no text), while each panel's part alone reads. Not
    /// instead: so small a sample reads differently for a few pixels more or less, and cut at its panels'
    /// edges, two signs' samples read too little ("Floor 12" alone, "Icy exit" lost) and stayed turned.
    func turnLooksBetter(_ turns: Int, in grey: borrowing LeptonicaImage, around found: [FoundLine], invert: Bool,
                         all: Bool = false) throws(OCRError) -> Bool
    {
        guard let longest = found.max(by: { $0.characters < $1.characters }) else { return false }
        let sampled = all ? found : [longest]
        func around(_ lines: [FoundLine]) -> PixelRect {
            if all {
                let r = lines.dropFirst().reduce(lines[0].rect) { $0.union($1.rect) }
                let m = lines.map(\.textHeight).max() ?? 0
                return PixelRect(minX: r.minX - m, minY: r.minY - m, maxX: r.maxX + m, maxY: r.maxY + m)
            }
            let r = longest.rect, m = 3 * longest.textHeight
            return PixelRect(minX: r.minX - longest.textHeight, minY: r.minY - m,
                             maxX: r.maxX + longest.textHeight, maxY: r.maxY + m)
        }
        var samples = [[around(sampled)]]
        if sampled.contains(where: { $0.panel != nil }) {
            var panels: [PixelRect?] = []
            for line in sampled where !panels.contains(line.panel) { panels.append(line.panel) }
            // Across the panel's width: read upside down, a line can come in pieces ("UOM 00Z", the "won 700"
            // of a sign's "Children 700 won", its "Children" left out), and the part around a piece holds only
            // a piece of the line turned upright, too little to tell (six letters).
            let parts = panels.map { panel in
                let part = around(sampled.filter { $0.panel == panel })
                return panel.map { p in
                    PixelRect(minX: p.minX, minY: max(part.minY, p.minY), maxX: p.maxX, maxY: min(part.maxY, p.maxY))
                } ?? part
            }
            // (Not again when the part around them lay within their one panel.)
            if parts != samples[0] { samples.append(parts) }
        }
        // A sample's parts, read (inverted too where the photo has light text), read clearly more; or more,
        // and words where there were none: upside down, digits read as digits ("10:00 - 16:00" as "00:91 -
        // 00:01", 85–95%), and a poster's "Open daily 10:00 - 16:00" read upright only 10.5 → 16.3 readable
        // characters, two dictionary words among them, against none. (A sample only asks for the whole
        // turn to be read: that reading must still read clearly more to be taken.)
        func readsBetter(_ grey: borrowing LeptonicaImage, _ parts: [PixelRect]) throws(OCRError) -> Bool {
            var before = 0.0, after = 0.0, wordsBefore = 0.0, wordsAfter = 0.0
            for part in parts {
                guard let crop = grey.clipped(to: part), let turned = crop.rotated(quarterTurns: turns) else {
                    return true
                }
                let there = found.filter { $0.rect.intersectionArea(part) >= 0.5 * $0.rect.area }
                before += Self.readableCharacters(there)
                wordsBefore += Self.dictionaryCharacters(there)
                var read = try pass(turned, scale: 1)
                if invert, let inverse = turned.inverted() { read = FoundLine.merge(read + (try pass(inverse, scale: 1))) }
                after += Self.readableCharacters(read)
                wordsAfter += Self.dictionaryCharacters(read)
            }
            return after > max(1.5 * before, before + 6)
                || after > before && wordsBefore == 0 && wordsAfter >= Self.sampleWords
        }
        for parts in samples where try readsBetter(grey, parts) { return true }
        // Sauvola's threshold can leave little of a cut-out of big clean letters turned the right way up (a
        // sign's "Harbour Bridge" and "Waiting room", 96 px tall, read as nothing at all; "Exit 12" and
        // "Arrivals", 85 px, as "Exit [2" and an unsure "Arrivals"): the cut-out is mostly one ground, as an
        // evenly lit panel is, and the global threshold reads it whole. Only for big letters (`LetterSize
        // .largest`): on street photos most samples are of smaller scraps, and reading each again cost time.
        guard options.thresholding != 0, longest.textHeight >= LetterSize.largest else { return false }
        setVariable("thresholding_method", "0")
        defer { setVariable("thresholding_method", String(options.thresholding)) }
        for parts in samples where try readsBetter(grey, parts) { return true }
        return false
    }

    /// The letters of dictionary words (`dictionaryCharacters`) a turned sample must read, where the first
    /// reading read none there, to be read whole at that turn (`turnLooksBetter`).
    static let sampleWords = 6.0

    /// One reading of `image`, its lines' boxes brought back to the upright picture: divided by `scale`,
    /// moved by `offset` (`image` cut out of the panel there), then moved by `origin` or, for a
    /// rectified panel, through `map`; found with `layout` when given, else with the options' layout.
    /// Junk is dropped (`LineFilter`); unsure Korean lines are read again alone (`readingAlone`). With `rows`,
    /// the rows of `image` its text lies in, its words' boxes end there.
    func pass(_ image: borrowing LeptonicaImage, scale: Double, offset: (x: Double, y: Double) = (0, 0),
                      origin: (x: Double, y: Double) = (0, 0), panel: PixelRect? = nil, map: ProjectiveMap? = nil,
                      layout: PageLayout? = nil, rows: ClosedRange<Double>? = nil)
        throws(OCRError) -> [FoundLine]
    {
        let lines: [TextLine]
        if options.normalizeBackground, let even = image.backgroundNormalized() {
            lines = try readLines(even, layout: layout ?? options.layout)
        } else {
            lines = try readLines(image, layout: layout ?? options.layout)
        }
        var kept: [TextLine] = []
        var secondLooks = 0
        for line in lines {
            for piece in LineSplitter.split(line) {
                if let clean = LineFilter.clean(piece) {
                    kept.append(clean)
                    // Not small print: a slanted page's short lines read alone took its work from 5.2 whole
                    // readings to 5.6 (`SlantedPageTests`).
                    if clean.textHeight / scale >= LetterSize.smoothable, secondLooks < Self.secondLooks,
                       LineFilter.lostLetterAtEnd(piece, cleaned: clean)
                    {
                        secondLooks += 1
                        kept += try readingAlone(piece, in: image)
                    }
                } else {
                    linesDropped += 1
                    if LineFilter.deservesSecondLook(piece), secondLooks < Self.secondLooks {
                        secondLooks += 1
                        kept += try readingAlone(piece, in: image)
                    }
                }
            }
        }
        if readsSeveralLanguages { kept = try readingInFirstLanguage(kept, in: image) }
        return kept.map { clean in
            var line = clean
            if let rows {
                for i in line.words.indices {
                    let r = line.words[i].rect
                    line.words[i].rect.minY = min(max(r.minY, rows.lowerBound), rows.upperBound)
                    line.words[i].rect.maxY = min(max(r.maxY, rows.lowerBound), rows.upperBound)
                }
            }
            let unscaled = line.rect.divided(by: scale).moved(by: offset.x, offset.y)
            let rect: PixelRect
            if let map {
                rect = map.map(unscaled)
                // Its slope as it lies in the picture (reading order deskews panels by it), not
                // the level it was read at.
                let a = map.map(unscaled.minX, unscaled.midY)
                let b = map.map(unscaled.maxX, unscaled.midY + clean.slope * unscaled.width)
                line.slope = b.x > a.x ? (b.y - a.y) / (b.x - a.x) : clean.slope
            } else {
                rect = unscaled.moved(by: origin.x, origin.y)
            }
            return FoundLine(line: line, rect: rect, textHeight: line.textHeight / scale, panel: panel,
                             flat: map == nil ? nil : unscaled)
        }
    }

    /// How much readable text a set of lines holds: letters and digits of words that are either in the
    /// dictionary or read with high confidence, weighted by confidence. Text read upside down or
    /// sideways scores low even when Tesseract returns many characters.
    ///
    /// The words are a reader's (`TextLine.readerWords`): Tesseract's Korean model reads a word it does not know a
    /// syllable to a word (흡연실 as 흡, 연, 실, each at 89–93%), and counted as words of one letter, a Korean sign's
    /// surest lines counted for nothing. Held-out seed 9494's korean-04 read so 59.8 readable characters, under
    /// `littleRead`, and its spotter added a line of junk ("000"); counted as a reader's words, its Hangul counts as
    /// it reads. A reader's word of several of Tesseract's counts at their confidence weighted by their letters, in
    /// the dictionary where all of them are. Latin words are a reader's words as they are.
    static func readableCharacters(_ lines: [FoundLine]) -> Double {
        var total = 0.0
        for l in lines {
            for group in l.line.readerWords {
                let text = group.map(\.text).joined()
                let n = text.filter { $0.isLetter || $0.isNumber }.count
                guard n >= 2 || text.allSatisfy(\.isNumber) else { continue }
                // (A word alone at its own confidence, exactly: a weighted mean of one can round differently.)
                let confidence = group.count == 1 ? group[0].confidence : TextLine(words: group, slope: 0).confidence
                if (group.allSatisfy(\.inDictionary) && confidence >= 60) || confidence >= 85 {
                    total += Double(n) * confidence / 100
                }
            }
        }
        return total
    }

    /// Whether `line` holds no readable word (`readableCharacters`).
    static func holdsNoReadableWord(_ line: FoundLine) -> Bool { readableCharacters([line]) == 0 }

    /// Fewer readable characters (`readableCharacters`) than this is little read: the rest of the picture is
    /// read again with the global threshold, and rows of marks are spotted all over it.
    static let littleRead = 60.0

    /// Lines read as it is that make a picture a page of text, not read inverted as well.
    static let pageLines = 20

    /// A panel covering this share of the picture or more is a page photographed on a darker ground, not a sign.
    static let pagePanelShare = 0.5

    /// A page read at a mean confidence under this is read again keeping fainter ink
    /// (`readKeepingFainterInk`): the harness's straight small-print pages read at 68–81 where lines were
    /// lost, at 91–96 where none was.
    static let unsurePage = 85.0

    /// Sauvola's k for a page read unsurely: Tesseract's 0.34 sets the threshold well below the local
    /// mean, and the thin strokes of light, grainy small print (a typewriter face photographed in dim
    /// light) fall apart above it; at 0.2 they stay whole.
    static let fainterInk = "0.2"

    /// `image`, a page read unsurely with Sauvola's threshold, read again with a threshold nearer its
    /// local mean; the better reading of each line is kept when the readings are merged. Tesseract alone
    /// read 70 of the 165 lines of a grainy typewriter page at 0.34 and 165 at 0.2, but 140 of the 163 of
    /// a page of dark serif print at 0.34 and 10 at 0.2: the first reading is kept beside it.
    func readKeepingFainterInk(_ image: borrowing LeptonicaImage, scale: Double, map: ProjectiveMap?)
        throws(OCRError) -> [FoundLine]
    {
        setVariable("thresholding_kfactor", Self.fainterInk)
        defer { setVariable("thresholding_kfactor", Self.sauvolaK) }
        return try pass(image, scale: scale, map: map)
    }

    /// Sauvola's k (`thresholding_kfactor`) everywhere else: Tesseract's own, set when the engine starts.
    static let sauvolaK = "0.34"

    /// Sauvola's window (`thresholding_window_size`, inches at the 70 dpi declared), set when the engine
    /// starts: 1 inch (70 px). Tesseract's own, 0.33 (23 px), hollows out the thick strokes of big sign letters.
    static let sauvolaWindow = "1.0"

    /// Sauvola's window for a page whose rows ran together (`readingRowsApart`): Tesseract's own.
    static let printWindow = "0.33"

    /// `first`, a page's reading of `image` (at its own size, with Sauvola's threshold), or a reading with a smaller
    /// window (`printWindow`) where that reads clearly more (`clearlyMore`). A page read surely (`unsurePage`) that
    /// skips lines in its columns (`FoundLine.skippedLines`, `rowsRunTogether` places or more) had its rows run
    /// together: over a window as tall as two lines of bold print set close, the threshold falls under the gaps between
    /// them, and Tesseract's layout analysis takes two rows for one line and reads one of them. Held-out seed 9292's
    /// shaken pages-04 read 78 of its 93 lines, every third or fourth left out, and all 93 with the window a line tall.
    /// Not every page reads better so: with the smaller window everywhere, 88 pages, pages of small print and turned
    /// pages of nine harness sets read 6,313 → 6,211 lines and 207 → 316 lines of junk, and seed 7's shaken pages-04
    /// read 46 of its 87 lines and 51 of junk. Nor is an unsure reading read again so: over the pages, pages of small
    /// print and turned pages of eighteen harness sets (180 photos), 34 unsure readings skipped 3 places or more
    /// (42–74%, up to 65 places), and the three that read a tenth more with the smaller window were shaken pages read
    /// as scraps, with more junk (seed 4242's small-02: 7 junk lines more). Of the six sure readings that skipped so
    /// (85–90%), one read more, seed 9292's; the other five cost 1.5–4.3 s each for nothing.
    func readingRowsApart(_ image: borrowing LeptonicaImage, map: ProjectiveMap?, over first: [FoundLine])
        throws(OCRError) -> [FoundLine]
    {
        let skipped = FoundLine.skippedLines(in: first)
        guard skipped >= Self.rowsRunTogether, Self.meanConfidence(first) >= Self.unsurePage else { return first }
        setVariable("thresholding_window_size", Self.printWindow)
        defer { setVariable("thresholding_window_size", Self.sauvolaWindow) }
        let again = try pass(image, scale: 1, map: map)
        return Self.readableCharacters(again) > Self.clearlyMore * Self.readableCharacters(first) ? again : first
    }

    /// Places a page's reading skips lines (`FoundLine.skippedLines`) from which its rows ran together.
    static let rowsRunTogether = 3

    /// How much more a page read with the smaller window must read to be taken (`readingRowsApart`).
    static let clearlyMore = 1.1

    /// Sauvola's k for a light page of print read as a panel (20 lines or more measured, not small print): a
    /// little under Tesseract's, the threshold a little nearer the local mean. A page photographed from one
    /// side is blurred where stretching it back enlarged it (its far side); at 0.34 the threshold falls under
    /// the faded strokes there, its letters fall apart and Tesseract's layout breaks their lines into pieces.
    /// Held-out seed 3434's pages-03 read 69 of its 89 lines, its far column in pieces ("ffice enur", "profit
    /// fi"), and 89 at 0.3. Over the six sets photographed from one side, such pages read 34 lines more (seed
    /// 2323's pages-02 and rotated-01: 5 and 4; 1616's pages-01: 5, in 13.4 s, not 10.4) and none fewer.
    /// Not for small print: at 0.3 its pages read as many lines more as fewer. Nor for a page of fewer lines
    /// measured: a shaken sign panel filling its picture read its bold 은행 as "으"; of three pages measured
    /// at 15–18 lines, two read a line fewer and one 3 more; a page smeared past reading, its lines run into
    /// 19 bands, read its title alone at 0.34 and 28 lines of junk beside it at 0.3.
    static let pagePrintK = "0.3"

    /// Lines a sideways reading seems to skip (`FoundLine.skippedLines`), or rows it splits
    /// (`FoundLine.splitRows`), before the picture is read turned.
    static let skippedToReread = 2

    /// The share of a sideways reading's readable characters that a reading standing, splitting fewer rows,
    /// must read to be taken instead.
    static let nearlyAsMuch = 0.95

    /// The readable characters (`readableCharacters`) a reading in another turn must reach to be taken.
    static let turnEvidence = 12.0

    /// The letters and digits a reading of mostly vertical lines needs before both quarter turns are
    /// read whole; with fewer, each is sampled first (`turnLooksBetter`).
    static let sidewaysEvidence = 30

    /// Whether a first reading (`found`, holding `readable` readable characters, `fewWords` when few of its
    /// letters are dictionary words) stands the right way up for sure: the turn search (OSD on both
    /// polarities, then trial turns) is skipped for it, as it cost a photo with a few clear words three
    /// times tesseract's whole reading.
    ///
    /// Confident dictionary words lying flat are not turned text. Upside-down text can read confidently
    /// ("9 Alana sures)") but is seldom dictionary words: few of them asks for the turn search too. So is
    /// one sure dictionary word lying flat ("Coffee", 94%, beside a scrap read from a busy street): upside
    /// down, Tesseract reads scraps and short words ("SSOID" 81%, "OT" 93%, "Wood" 66%). But a page upside
    /// down reads as thousands of letters, among them a sure word or four by chance ("woos", "ease", "ying"
    /// at 91–96% among 1,076–2,448 letters): sure words count when they are a real share of what was read.
    ///
    /// Nor is a sign of a few flat lines each read surely (`sureLines`), dictionary words or not: a street
    /// plate's "세 종대로 175" and "Sejong-daero" (90%; Hangul syllables are words of one letter, and
    /// names are in no dictionary) went through the whole turn search, 2.5 s of its 3.4. Read upside down,
    /// no sign of two lines or more read so: of 58 signs, posters and Korean signs upside down (nine sets'
    /// upside-down signs; 48 upright scenes of six sets and that plate turned 180°), the surest read its
    /// least sure line at 71%.
    static func standsUpright(_ found: [FoundLine], readable: Double, fewWords: Bool) -> Bool {
        let flat = found.filter { $0.rect.width > $0.rect.height }
        if readable >= 15, !fewWords, flat.count == found.count, found.allSatisfy({ $0.line.confidence >= 80 }) {
            return true
        }
        if found.count >= 2, flat.count == found.count, found.reduce(0, { $0 + $1.characters }) >= 10,
           found.allSatisfy({ $0.line.confidence >= sureLines })
        {
            return true
        }
        let letters = found.reduce(0) { $0 + $1.line.text.count(where: \.isLetter) }
        let sure = flat.flatMap(\.line.words).filter(isSureWord).reduce(0) { $0 + $1.text.count(where: \.isLetter) }
        return sure > 0 && Double(sure) >= sureShare * Double(letters)
    }

    /// The confidence at which every line of a reading of a few lines says it stands upright (`standsUpright`).
    static let sureLines = 88.0

    /// The share of the letters read that sure words (`isSureWord`) lying flat must make for a reading to
    /// stand the right way up: on the harness's street photos they made 27–100% where there were any, on
    /// pages read upside down under 1%.
    static let sureShare = 0.1

    /// Whether the reading of a panel on trial (`Panel.onTrial`) makes it a sign: a line of two letters or
    /// more read surely (`LineFilter.sure`), or a line holding a sure dictionary word (`isSureWord`). A
    /// street's facade taken for a panel by its colour, "No Parking 13" painted on it, read "to Parking 13" at
    /// 81% (the "N" at the facade's edge) with "Parking" sure; read with the rest of the street instead, the
    /// windows under it broke the line, and it read "No Park".
    static func readsAsSign(_ read: [FoundLine]) -> Bool {
        read.contains { l in
            l.readsSurely || l.line.words.contains(where: isSureWord)
        }
    }

    /// A word Tesseract is sure of and found in its dictionary, four letters or more: text standing the
    /// right way up.
    static func isSureWord(_ w: TextWord) -> Bool {
        w.inDictionary && w.confidence >= 90 && w.text.count(where: \.isLetter) >= 4
    }

    /// The confidence of the lines read, weighted by their characters.
    static func meanConfidence(_ lines: [FoundLine]) -> Double {
        let n = lines.reduce(0) { $0 + $1.line.text.count }
        guard n > 0 else { return 0 }
        return lines.reduce(0) { $0 + $1.line.confidence * Double($1.line.text.count) } / Double(n)
    }

    /// Whether `lines` are mostly dictionary words (by letters, and ten at least): lines read sideways so are
    /// a page Tesseract read turned by itself.
    static func mostlyWords(_ lines: [FoundLine]) -> Bool {
        let letters = Double(lines.reduce(0) { $0 + $1.line.text.count { $0.isLetter } })
        return dictionaryCharacters(lines) >= max(10, 0.5 * letters)
    }

    /// Letters of the words Tesseract found in its dictionary (three letters or more, read with some
    /// confidence): text standing the right way up.
    static func dictionaryCharacters(_ lines: [FoundLine]) -> Double {
        var total = 0.0
        for l in lines {
            for w in l.line.words where w.inDictionary && w.confidence >= 60 {
                let n = w.text.filter(\.isLetter).count
                if n >= 3 { total += Double(n) }
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
