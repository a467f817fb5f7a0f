import Foundation

/// Second looks: lines one reading of a picture or panel let slip, read again alone as single lines.
extension TesseractEngine {
    /// A line the filter dropped as unsure (`LineFilter.deservesSecondLook`), or read in another language than the
    /// first (`readingInFirstLanguage`), read again alone: cut out of `image` with two text heights beside it and half
    /// of one above and below, brought to the size Tesseract reads best (`LetterSize.target`), read as a single line.
    /// Its readings kept only when sure (`LineFilter.sure`), in `image`'s coordinates. A sign's 금연 read at 45% within
    /// its panel reads at 97% alone; a 110 px 주차장 read at 28% reads at 93% reduced.
    func readingAlone(_ line: TextLine, in image: borrowing LeptonicaImage) throws(OCRError) -> [TextLine] {
        let h = line.textHeight, r = line.rect
        let around = PixelRect(minX: max(0, (r.minX - 2 * h).rounded(.down)), minY: max(0, (r.minY - 0.5 * h).rounded(.down)),
                               maxX: min(Double(image.width), r.maxX + 2 * h),
                               maxY: min(Double(image.height), r.maxY + 0.5 * h))
        let factor = LetterSize.aloneScale(lineHeight: h)
        guard let crop = image.clipped(to: around), let big = crop.scaled(by: factor) else { return [] }
        return try readCutOut(big, factor: factor, origin: (around.minX, around.minY)).flatMap { again in
            LineSplitter.split(again).compactMap { piece in
                LineFilter.clean(piece).flatMap { $0.confidence >= LineFilter.sure ? $0 : nil }
            }
        }
    }

    /// `lines`, one reading of `image` with several languages, with each short line that Tesseract read mostly in
    /// another of them than the first read again alone (`readingAlone`), where it read some of the line's letters in
    /// the first language too or read it unsurely (`otherLanguageDoubt`); the reading alone is taken where it reads
    /// fewer words in the other languages, at least as surely. (Digits are of no language.)
    ///
    /// Tesseract keeps the first acceptable reading of each word in any of its languages, trying first the language
    /// of the word before it (the first on a new picture). On Korean signs read `kor+eng`, rows of Hangul, read whole
    /// or in halves, passed for Latin letters: 고속버스 as "DAWA" (76%) beside 터미널, 식당 as "Al 당", 시장 as "Ala"
    /// (84%), the top half of 수유실 as "A. OA" (73%). Alone, each read in Korean at 91–97%. Over the 80 Korean sign
    /// walls of twenty of the harness's sets, 71 lines were read again so and five photos read other lines (1,002 →
    /// 1,008 of 1,022 found, junk 25 → 19), for 2% more time.
    /// (Only a sign's short lines: an English page read `kor+eng` would be read again line by line where it reads
    /// unsurely.)
    func readingInFirstLanguage(_ lines: [TextLine], in image: borrowing LeptonicaImage) throws(OCRError)
        -> [TextLine]
    {
        var out = lines, looks = 0
        func otherWords(_ line: TextLine) -> Int {
            line.words.count { $0.otherLanguage && $0.text.contains(where: \.isLetter) }
        }
        for (i, line) in lines.enumerated() where looks < Self.firstLanguageLooks {
            let other = otherWords(line)
            guard other > 0, 2 * other >= line.words.count, line.words.count <= Self.signLineWords,
                  line.words.contains(where: { !$0.otherLanguage && $0.text.contains(where: \.isLetter) })
                    || line.confidence < Self.otherLanguageDoubt
            else { continue }
            looks += 1
            let again = try readingAlone(line, in: image)
            guard !again.isEmpty, again.map(otherWords).reduce(0, +) < other,
                  again.map(\.confidence).reduce(0, +) / Double(again.count) >= line.confidence
            else { continue }
            out[i] = again[0]
            out += again.dropFirst()
        }
        return out
    }

    /// The lines of a sign panel (`image`, dark on light, its corner at `origin` or mapped by `map`) that
    /// Tesseract's page layout analysis left out of its reading `read`: bands of rows holding ink darker than
    /// halfway between its ground and text `levels` that the lines read surely leave mostly uncovered, each cut out
    /// across the panel, brought to the size Tesseract reads best and read as a single line; kept only when read
    /// surely, and most of its words not read surely already. Layout analysis can take a line of big Hangul, whose
    /// syllables stack jamo, for no text at all: a panel's 종합운동장 (100 px) was left out at every size, and read at
    /// 93–97% alone. An unsure line can reach into such a band without reading it: a sign's reduced reading "an
    /// Complex" (83%), its box from the middle of 종합운동장 down past "Sports Complex", hid it.
    func readingMissedLines(_ image: borrowing LeptonicaImage, besides read: [FoundLine],
                            levels: (ground: UInt8, text: UInt8), origin: (x: Double, y: Double), panel: PixelRect,
                            map: ProjectiveMap?) throws(OCRError) -> [FoundLine]
    {
        let threshold = LetterSize.inkThreshold(ground: levels.ground, text: levels.text)
        let sure = read.filter { $0.line.confidence >= LineFilter.sure }
        // (A line of one letter does not cover a band: the top of a syllable row can read surely alone, "으"
        // of a shaken sign's 은행, which the readings of the panel took for two lines, "OSH" above "ㄴㅇ". Nor
        // does a line another reading contradicts, `isContradicted`: a shaken sign's bold 공원 read as "Fo" (86%)
        // over "고으" (85%); alone, 공원 at 97%.)
        let rows = read.filter { $0.readsSurely && !$0.isContradicted(by: read) }.map { l in
            let r = l.flat ?? l.rect.moved(by: -origin.x, -origin.y)
            return r.minY...r.maxY
        }.sorted { $0.lowerBound < $1.lowerBound }
        // The panel's edges (its frame, the wall a keystone leaves at its corners) are no line's ink.
        let inset = image.width / 25
        let columns = inset..<image.width - inset, minInk = max(3, image.width / 200)
        let ink = image.inkBands(below: threshold, columns: columns, minInk: minInk)
        var bands = Self.textBands(ink, height: image.height)
        // Light falling off across the panel (a shadow over its lower half) takes the ground for ink where it
        // is darker, and the lines' bands run into one, over half the panel: then they are found on its ground
        // evened out (`LeptonicaImage.withGroundEvened`). A shaken sign's 은행 over "Bank", its ground measured
        // 136 and its text 100, lay in one band of ink down to its bottom. (Only then: a band's reading alone
        // depends on its bounds, and bounds a few pixels off read "eee" at 24% where 종합운동장 read at 95%.)
        if ink.contains(where: { $0.count * 2 > image.height }),
           let again = image.withGroundEvened(threshold: threshold, ground: levels.ground, { evened, below in
               evened.inkBands(below: below, columns: columns, minInk: minInk)
           })
        {
            bands = Self.textBands(again, height: image.height)
        }
        // Missed: the lines read cover less than `coveredBand` of its height. And not much lower than the
        // lines read: grain and scratches make thin bands, and a line left out is a big one. (A sure line over
        // the top of a syllable row does not cover it: a sign's light 은행 read as "10" at 93% and "Ol!".)
        let heights = rows.map { $0.upperBound - $0.lowerBound }.sorted()
        let least = heights.isEmpty ? 0 : 0.6 * heights[heights.count / 2]
        let missed = bands.filter { band in
            let top = Double(band.lowerBound), bottom = Double(band.upperBound)
            var covered = 0.0, reached = top
            for r in rows where r.upperBound > reached {
                covered += max(0, min(r.upperBound, bottom) - max(r.lowerBound, reached))
                reached = max(reached, min(r.upperBound, bottom))
            }
            return Double(band.count) >= least && covered < Self.coveredBand * (bottom - top)
        }
        var out: [FoundLine] = []
        for band in missed.prefix(Self.missedLineReads) {
            let h = Double(band.count)
            let top = max(0, (Double(band.lowerBound) - 0.3 * h).rounded(.down))
            let cut = PixelRect(minX: 0, minY: top, maxX: Double(image.width),
                                maxY: min(Double(image.height), Double(band.upperBound) + 0.3 * h))
            // The lines above and below blanked out, halfway to them: a strip holding the tops of "Smoking Room"
            // under a sign's 흡연실 read "Soe" (18%), and the next one's "Smoking Room" boxed 흡연실's bottom in.
            // (Blanked, not cut off: a strip cut that close read 수하물 찾는 곳 as "Soe 젖는 주", 58%.)
            let above = bands.last { $0.upperBound <= band.lowerBound }
                .map { Double($0.upperBound + band.lowerBound) / 2 - top } ?? 0
            let below = bands.first { $0.lowerBound >= band.upperBound }
                .map { Double(band.upperBound + $0.lowerBound) / 2 - top } ?? cut.height
            let blank = [PixelRect(minX: 0, minY: 0, maxX: cut.width, maxY: above),
                         PixelRect(minX: 0, minY: below, maxX: cut.width, maxY: cut.height)]
                .filter { $0.height >= 1 }.map { ($0, levels.ground) }
            guard let strip = image.clipped(to: cut)?.painted(blank) else { continue }
            // Read at the size Tesseract reads best and, when that reads nothing (no line the filter keeps), a
            // quarter larger: its reading of a big syllable row can fail at one size alone. A sign's bold 수유실
            // (109 px), cut out and read at 0.37 (40 px), read "AOA" (27%) and at 0.46 (50 px) 수유실 (91%); by the
            // command line (the same strip, Sauvola's threshold) it read 수유실 at 0.25, 0.3, 0.45, 0.55 and 0.7,
            // "24" at 0.37. (Not when it reads a line unsurely: a shaken sign's "‘Trains every [1 minutes" (64%),
            // read again larger at 86%, took the place of the panel's "Trains every 11 minutes" (83%), its quote
            // mark and all.)
            let factor = LetterSize.aloneScale(lineHeight: h), larger = LetterSize.aloneLarger(factor)
            for scale in larger > factor ? [factor, larger] : [factor] {
                guard let sized = strip.scaled(by: scale) else { break }
                // Boxed within its band (a tenth of its height beyond): Tesseract boxed 흡연실 read alone across
                // its whole strip, over the top of "Smoking Room" below it.
                let rows = (Double(band.lowerBound) - 0.1 * h - top) * scale
                    ... (Double(band.upperBound) + 0.1 * h - top) * scale
                let lines = try pass(sized, scale: scale, offset: (0, top), origin: origin, panel: panel, map: map,
                                     layout: .line, rows: rows)
                // Not a line read surely already: a band of two lines blur ran together, read as one, boxes
                // both. Most of its words are new: a syllable read surely, "연" of a sign's 흡연실, holds one
                // word of three.
                out += lines.filter { l in
                    l.line.confidence >= LineFilter.sure && FoundLine.wordsRead(l.line, by: sure.map(\.line)) < 0.5
                }
                if !lines.isEmpty { break }
            }
        }
        return out
    }

    /// The bands of rows of ink (`LeptonicaImage.inkBands`) of a picture `height` tall that can be lines
    /// of text: bands a few pixels apart joined (the jamo of a Hangul syllable, an i's dot), then those
    /// from 12 px to half the picture kept, not touching its top or bottom (the panel's edge).
    static func textBands(_ bands: [Range<Int>], height: Int) -> [Range<Int>] {
        var joined: [Range<Int>] = []
        for b in bands {
            if let last = joined.last, b.lowerBound - last.upperBound <= max(3, min(last.count, b.count) / 8) {
                joined[joined.count - 1] = last.lowerBound..<b.upperBound
            } else {
                joined.append(b)
            }
        }
        return joined.filter { $0.count >= 12 && $0.count * 2 <= height && $0.lowerBound > 0 && $0.upperBound < height }
    }

    /// The share of a band of ink's height that the lines read surely must cover for it to be read
    /// (`readingMissedLines`).
    static let coveredBand = 0.7

    /// At most this many bands of a panel are read alone (`readingMissedLines`).
    static let missedLineReads = 8

    /// At most this many lines of one reading are read again alone (`readingAlone`): a texture read in
    /// Korean can give dozens of unsure lines.
    static let secondLooks = 6

    /// At most this many lines of one reading are read again in the first language (`readingInFirstLanguage`).
    static let firstLanguageLooks = 4

    /// A line read wholly in another language than the first is read again alone when read under this confidence: on
    /// the harness's Korean signs, Hangul read as Latin letters at 36–87%, their English lines mostly at 94–97%.
    static let otherLanguageDoubt = 90.0

    /// A sign's line holds at most this many words (`readingInFirstLanguage`): "Express Bus Terminal".
    static let signLineWords = 3
}
