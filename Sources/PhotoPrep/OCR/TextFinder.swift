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
    /// Read each sign panel (an even ground with text on it) on its own.
    var readPanels = true
    /// Where little was read, look for rows of letters scattered over the photo (`TextSpotter`) and
    /// read them one by one.
    var spotText = true
    /// Where a page was read, read the blocks of its lines that no line read touches again, each as one
    /// block of text (`TesseractEngine.readingMissedBlocks`).
    var readMissedBlocks = true
    /// Where a page reads unsurely or little and its spectrum shows a camera's straight motion blur along or
    /// aslant its lines, remove the blur (`MotionBlur`) and read it again, keeping the reading that reads more.
    var removeMotionBlur = true
}

/// What one reading of an upright picture reads: its panels, each once in the polarity that makes
/// its text dark on light, then the rest of the picture in the polarities its text needs.
struct ReadingPlan {
    var panels: [Panel]
    /// Clockwise quarter turns from the copy to the picture the plan is for.
    var quarterTurns: Int
    /// Whether the rest of the picture is also read inverted.
    var invertRest: Bool
    /// Whether most of the picture is one evenly lit ground (a poster or page filling the photo): read
    /// with the global threshold, as panels are; Sauvola breaks thin light strokes on such a ground.
    var restIsEvenGround: Bool
    /// Whether the rest of the picture is read as it is: not when it holds light text on dark and
    /// no dark text on light (a dark poster filling the photo), where that reading finds only noise
    /// and costs most.
    var readRestAsIs: Bool
    /// The share of the picture outside every panel's bounds (about: overlapping panels count twice).
    var restShare: Double
    /// The slant of the rest's lines (`LeptonicaImage.slant`), measured the first time a reading of the
    /// rest asks for it; its readings with the global threshold and enlarged ask again.
    let restSlant = Measured<Slant?>()
    /// Whether the first reading read the rest turned level (a page whose slant is sure, see
    /// `TesseractEngine.read`): its later readings level it alike, and it is not read level again.
    let restReadLevel = Measured<Bool>()

    /// The marks the text spotter looks for rows among (`TesseractEngine.spottingMarks`) in the upright
    /// picture the plan is for, measured the first time a reading asks for them: where little is read as
    /// it is, for blocks of light lines to read inverted; then the spotter's.
    let marks = Measured<SpottingMarks?>()

    /// `marks`, measured on `upright` (the picture the plan is for) the first time.
    func spottingMarks(of upright: borrowing LeptonicaImage) -> SpottingMarks? {
        if marks.value == nil { marks.value = .some(TesseractEngine.spottingMarks(upright)) }
        return marks.value ?? nil
    }

    /// Panels on trial (`Panel.onTrial`) that did not read as signs, by index: the first
    /// reading marks them, and they are read with the rest from then on.
    let noSigns = Measured<Set<Int>>()

    /// The panels read on their own: all but those marked in `noSigns`.
    var signPanels: [Panel] {
        let marked = noSigns.value ?? []
        return panels.indices.filter { !marked.contains($0) }.map { panels[$0] }
    }

    /// `restSlant`, measured on `rest` (the picture with its panels painted over) the first time.
    func slant(ofRest rest: borrowing LeptonicaImage) -> Slant? {
        if restSlant.value == nil { restSlant.value = .some(rest.slant()) }
        return restSlant.value ?? nil
    }

    /// The plan for `upright` (8-bit), whose panels are found with the colours of `colour` (the same
    /// picture in 32-bit RGB; an 8-bit picture has none).
    init(_ upright: borrowing LeptonicaImage, colour: borrowing LeptonicaImage, quarterTurns: Int, invert: Bool,
         findPanels: Bool = true)
    {
        self.quarterTurns = quarterTurns
        let layout = findPanels ? PanelFinder.layout(upright, colour: colour) : (panels: [], evenGround: false)
        panels = layout.panels
        restIsEvenGround = layout.evenGround
        invertRest = invert
        // The rest is probed as it is read at first: a panel on trial (told by its colour alone, or solid
        // only within its outline) may yet be read with it.
        let firmPanels = panels.filter { !$0.onTrial }
        if invert, let inverse = upright.inverted() {
            // Cells inside the thick strokes of big light letters look like dark text on light too:
            // only a real share of such cells (2%, a page's text fills far more) asks for that reading,
            // which costs most on a grainy dark picture (Sauvola makes its grain thousands of specks).
            readRestAsIs = PolarityProbe.hasDarkRegions(inverse, minShare: 0.02)
        } else {
            readRestAsIs = true
        }
        let area = Double(max(1, upright.width * upright.height))
        restShare = max(0, 1 - firmPanels.reduce(0) { $0 + $1.rect.area } / area)
        // Around panels (painted over, as the rest is read) the rest is read only in the polarities its
        // own cells show text in, and not at all when they show none: a bare wall costs a reading per
        // polarity with nothing to find (a third of a sign's time with Korean).
        if !firmPanels.isEmpty, let rest = upright.painted(firmPanels.map { ($0.rect, $0.surround) }),
           let inverse = rest.inverted()
        {
            invertRest = invert && PolarityProbe.hasDarkRegions(rest)
            readRestAsIs = PolarityProbe.hasDarkRegions(inverse)
        }
    }
}

/// A value measured once, when first needed, then kept: `nil` until then.
final class Measured<Value> {
    var value: Value?
}

/// One candidate line in the upright frame, ready to be merged, filtered and ordered.
struct FoundLine {
    var line: TextLine
    /// The line's rectangle in the upright (turned, unscaled) frame.
    var rect: PixelRect
    var textHeight: Double
    /// The rectangle of the panel it was read in (upright frame), `nil` outside panels.
    var panel: PixelRect? = nil
    /// Read through a map (on a keystoned panel stretched flat, or on the rest turned level), its
    /// rectangle where it was read (unscaled). Its `rect` in the picture bounds the line as it lies there,
    /// slanted: on a page of small print photographed from one side that box covers the lines above and
    /// below it too.
    var flat: PixelRect? = nil

    /// Its letters and digits.
    var characters: Int { line.text.count { $0.isLetter || $0.isNumber } }
    /// What it says: its letters and digits, a CJK syllable counted as two (one carries what two or three
    /// Latin letters do, in as much room), and a lone Hangul jamo as minus two: a piece of a syllable read
    /// as a letter of its own is a misreading, a sign's 출입금지 read "출입금ㅅ지" at 91% beside "출입금지" at 90%.
    var weight: Int {
        characters + line.text.unicodeScalars.reduce(0) { w, s in
            w + (TextLine.isJamo(s) ? -3 : TextLine.isCJK(s) ? 1 : 0)
        }
    }
    /// What a reading of the line is worth beside another of the same place: its confidence times what it
    /// says (`weight`). By letters alone a sign's "안전문" read 93% lost to "OF 전문" read 80%, a block of
    /// Hangul taken for two Latin letters.
    var score: Double { line.confidence * Double(weight) }
}

extension FoundLine {
    /// The line as read in the copy's frame, moved into the upright frame of `geometry` (its words too,
    /// so its text height is measured across the turned words).
    func turned(by geometry: PassGeometry) -> FoundLine {
        var words = line.words
        for i in words.indices { words[i].rect = geometry.fromCopy(words[i].rect) }
        let l = TextLine(words: words, slope: 0)
        return FoundLine(line: l, rect: geometry.fromCopy(rect), textHeight: l.textHeight,
                         panel: panel.map { geometry.fromCopy($0) })
    }

    /// The line with only the words a spotted row would keep (`TextSpotter.keptWords`), or `nil` when none
    /// is left; for a line read at scale 1 outside panels (its words' boxes are in the upright frame).
    func keepingSureWords() -> FoundLine? {
        let words = TextSpotter.keptWords(of: line)
        guard !words.isEmpty else { return nil }
        let kept = TextLine(words: words, slope: line.slope)
        return FoundLine(line: kept, rect: kept.rect, textHeight: kept.textHeight, panel: panel)
    }

    /// Keeps the better of lines that cover the same text (read twice: normal and inverted, or at
    /// two scales), dropping a line when most of it lies under a better one that reads the same
    /// place: centred on the same row, lying within it on its row (a piece of it), or sharing its
    /// words. Neighbouring lines of small print overlap too (their ascenders and descenders), but
    /// none of those.
    ///
    /// A piece of a taller line read on its own is dropped whatever its score: at full size Tesseract
    /// reads the top jamo of a big Hangul syllable as a line ("그" of 금연) that the reduced reading
    /// reads whole. So is an unsure reading around a sure line: the reduced reading of a street plate
    /// read its lower row and arrow as "Gee oe =>" (52%) around "Sejong-daero" (92%).
    ///
    /// A piece gives way only to a reading that stays: a sure "Carpark" (95%) lay inside an unsure
    /// reading of the same word in a box three times its height (51%), each dropped the other, and the
    /// photo lost the word.
    ///
    /// Two lines read through the same map (one keystoned panel stretched flat, or the rest turned
    /// level) are compared where they were read (`places`).
    static func merge(_ lines: [FoundLine]) -> [FoundLine] {
        let whole = lines.filter { l in
            !lines.contains { o in l.isMisreading(around: o) || l.isFragment(of: o) && !o.isMisreading(around: l) }
        }
        var kept: [FoundLine] = []
        // Each line's score taken once: it is built from its words' text.
        for (l, _) in whole.map({ ($0, $0.score) }).sorted(by: { $0.1 > $1.1 }) {
            let clash = kept.contains { k in
                let (kr, lr) = places(k, l)
                let inter = kr.intersectionArea(lr)
                guard inter > 0.4 * min(kr.area, lr.area) else { return false }
                let rowShift = abs(kr.midY - lr.midY)
                // A piece of a line lying within it, on its row: small print read whole by one reading
                // and in pieces by another ("Train 49 sone cou" under "Train is some could south…"),
                // whose boxes differ in height by its descenders.
                let piece = inter >= 0.8 * min(kr.area, lr.area)
                    && rowShift < 0.5 * min(k.textHeight, l.textHeight)
                return rowShift < 0.3 * min(kr.height, lr.height) || piece || sharedWords(k.line, l.line) >= 0.5
            }
            if !clash { kept.append(l) }
        }
        return kept
    }

    /// Whether this line lies inside `other` (give or take a tenth of its text height: boxes of two
    /// readings differ by a few pixels), a straight line (its box hardly taller than its text) whose
    /// text stands at least 1.5 times as tall, saying no more than it (`weight`: the top of a sign's "공원"
    /// read as "370." is a piece of it, though it has more characters), or read unsurely (under
    /// `LineFilter.confident`) inside a sure line (`LineFilter.sure`) whatever it says: the bottom of a sign's
    /// 식당 read at 42% as "bag fe)". A line holding a lone Hangul jamo (a syllable's piece read as a letter of its
    /// own) need only stand no taller than the other's text: held-out seed 8383's 수하물 찾는 곳 (text 94 px) had its
    /// top read as "ㅅ =1 13" (73%, a box 65 px tall), which stayed beside it as a line of junk.
    ///
    /// Where the two lie first, what they say after: most pairs of a page's lines lie apart, and the text and its
    /// weight are built from the words at each call. With what they say measured first, `merge` took 1.4% of the CPU
    /// time of held-out seed 2323's shaken small-01 (0.6 s of 43), nearly all of it building text; so, 0.03%.
    func isFragment(of other: FoundLine) -> Bool {
        let (mine, theirs) = Self.places(self, other)
        let m = 0.1 * other.textHeight
        let around = PixelRect(minX: theirs.minX - m, minY: theirs.minY - m, maxX: theirs.maxX + m, maxY: theirs.maxY + m)
        // No taller than the other's text: the bound for a line holding a jamo, and so for any.
        guard mine.height <= other.textHeight, theirs.height <= 1.5 * other.textHeight,
              mine.intersectionArea(around) >= 0.9 * mine.area
        else { return false }
        let short = line.text.unicodeScalars.contains(where: TextLine.isJamo) ? 1.0 : 1.5
        guard mine.height * short <= other.textHeight else { return false }
        let unsurePiece = line.confidence < LineFilter.confident && other.line.confidence >= LineFilter.sure
        return weight <= other.weight || unsurePiece
    }

    /// Whether this is an unsure reading (under `LineFilter.confident`) of a place where a sure line
    /// (85% or more), read better, lies within it.
    func isMisreading(around other: FoundLine) -> Bool {
        let (mine, theirs) = Self.places(self, other)
        return theirs.intersectionArea(mine) >= 0.9 * theirs.area
            && line.confidence < LineFilter.confident && other.line.confidence >= 85 && other.score > score
    }

    /// Whether this line reads surely (`LineFilter.sure`) and holds two characters or more: one letter read surely
    /// can be the top of a syllable row ("으" of a shaken sign's 은행) or a texture's mark ("a" at 94%).
    var readsSurely: Bool { line.confidence >= LineFilter.sure && characters >= 2 }

    /// Whether a line of `read` says something else over the same place as this one: over half of the smaller
    /// of the two boxes, sharing none of its words. Two readings of a panel (at its size and reduced) that agree
    /// read the same words; ones that disagree so read at least one of them wrong.
    func isContradicted(by read: [FoundLine]) -> Bool {
        read.contains { other in
            let (a, b) = Self.places(self, other)
            return Self.sharedWords(line, other.line) == 0 && a.intersectionArea(b) >= 0.5 * min(a.area, b.area)
        }
    }

    /// Where lines `a` and `b` lie, to be compared: where both were read, when that was through a map
    /// (`flat`: their panel stretched flat, or the rest turned level), else in the picture.
    static func places(_ a: FoundLine, _ b: FoundLine) -> (PixelRect, PixelRect) {
        if a.panel == b.panel, let fa = a.flat, let fb = b.flat { return (fa, fb) }
        return (a.rect, b.rect)
    }

    /// The share of the shorter line's words (letters and digits, any case) that the other holds.
    static func sharedWords(_ a: TextLine, _ b: TextLine) -> Double {
        let wa = words(a), wb = words(b)
        guard !wa.isEmpty, !wb.isEmpty else { return 1 }
        return Double(wa.intersection(wb).count) / Double(min(wa.count, wb.count))
    }

    /// The share of `line`'s words (letters and digits, any case) that `others` hold between them; 1 for a
    /// line of no words. Tesseract reads Hangul a syllable a word: "연" holds a word of three of "흡연실".
    static func wordsRead(_ line: TextLine, by others: [TextLine]) -> Double {
        let mine = words(line)
        guard !mine.isEmpty else { return 1 }
        let read = others.reduce(into: Set<String>()) { $0.formUnion(words($1)) }
        return Double(mine.intersection(read).count) / Double(mine.count)
    }

    /// A line's words, their letters and digits only, lower-cased; words of neither left out.
    private static func words(_ l: TextLine) -> Set<String> {
        Set(l.words.map { $0.text.lowercased().filter { $0.isLetter || $0.isNumber } }.filter { !$0.isEmpty })
    }
}
