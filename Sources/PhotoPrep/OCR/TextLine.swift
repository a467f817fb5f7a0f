import Foundation

/// A rectangle in some image's pixels, with the geometry the OCR stages need. Internal working type;
/// the public result uses `Moment.Box`.
struct PixelRect: Equatable, Sendable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
    var area: Double { max(0, width) * max(0, height) }
    var midX: Double { (minX + maxX) / 2 }
    var midY: Double { (minY + maxY) / 2 }

    func union(_ o: PixelRect) -> PixelRect {
        PixelRect(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    /// Its coordinates divided by `factor`: from a picture scaled by `factor` back to the picture.
    func divided(by factor: Double) -> PixelRect {
        PixelRect(minX: minX / factor, minY: minY / factor, maxX: maxX / factor, maxY: maxY / factor)
    }

    /// Moved by `dx`, `dy`: from a part cut out of a picture at that offset back to the picture.
    func moved(by dx: Double, _ dy: Double) -> PixelRect {
        PixelRect(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }

    /// Carried by the map that takes `from` to `to` (scaled and moved along each axis): near `from`, a
    /// stretch's map is nearly that.
    func carried(from: PixelRect, to: PixelRect) -> PixelRect {
        let sx = to.width / max(from.width, 1), sy = to.height / max(from.height, 1)
        return PixelRect(minX: to.minX + (minX - from.minX) * sx, minY: to.minY + (minY - from.minY) * sy,
                         maxX: to.minX + (maxX - from.minX) * sx, maxY: to.minY + (maxY - from.minY) * sy)
    }

    /// The distance between its centre and `o`'s.
    func distance(to o: PixelRect) -> Double { hypot(midX - o.midX, midY - o.midY) }

    func contains(x: Double, y: Double) -> Bool { x >= minX && x <= maxX && y >= minY && y <= maxY }

    /// The part it shares with `o` (empty, of no area, when they do not meet).
    func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(minX: max(minX, o.minX), minY: max(minY, o.minY), maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
    }

    func intersectionArea(_ o: PixelRect) -> Double {
        max(0, min(maxX, o.maxX) - max(minX, o.minX)) * max(0, min(maxY, o.maxY) - max(minY, o.minY))
    }

    /// Rounded outward to whole pixels and clamped to `width`×`height`.
    func box(clampedTo width: Int, _ height: Int) -> Moment.Box {
        let x0 = max(0, Int(minX.rounded(.down))), y0 = max(0, Int(minY.rounded(.down)))
        let x1 = min(width, Int(maxX.rounded(.up))), y1 = min(height, Int(maxY.rounded(.up)))
        return Moment.Box(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

/// A word Tesseract read, with its confidence (0–100) and box.
struct TextWord: Equatable, Sendable {
    var text: String
    var confidence: Double
    var rect: PixelRect
    /// Whether Tesseract found the word in its dictionary.
    var inDictionary: Bool
    /// Whether it is one word with the word before it, however far apart they stand: two syllables Tesseract
    /// read as words that its dictionary knows as one (`TesseractEngine.joiningSplitSyllables`).
    var joinsPrevious = false
    /// Whether Tesseract read it in another of the engine's languages than the first: in `eng`, reading `kor+eng`.
    var otherLanguage = false
}

/// A line of words as one recognition pass found it, in that pass's image coordinates.
struct TextLine: Equatable, Sendable {
    var words: [TextWord]
    /// Slope of the baseline (dy/dx), for skew estimation.
    var slope: Double

    /// The words joined by spaces, except between Hangul, Han or Kana words that stand as close as the
    /// syllables of one word: Tesseract's Korean model often reads each syllable of a word as a word of
    /// its own ("홍 대 입 구" for 홍대입구), where a real space is wider.
    var text: String {
        readerWords.map { $0.map(\.text).joined() }.joined(separator: " ")
    }

    /// The words as a reader sees them, each the words Tesseract read it in: Hangul, Han or Kana words
    /// standing as close as one word's syllables are one (see `text`).
    ///
    /// Two measures, either enough. The ink gap under a quarter of the text height. Or the pitch —
    /// from the middle of the one word's last syllable to the middle of the next one's first — under
    /// 1.1 text heights: CJK syllables sit on a square em, so within a word the pitch is about one
    /// height whatever ink each syllable has (입 and 구 leave a gap of 0.27 heights at a pitch of
    /// 1.05), while a space adds a third of an em (pitches of 1.14–1.5 across the harness's signs,
    /// in Noto and Nanum fonts). Or the dictionary's word (`TextWord.joinsPrevious`).
    var readerWords: [[TextWord]] {
        guard let first = words.first else { return [] }
        if isLetterSpacedWord { return [words] }
        var out: [[TextWord]] = [[first]]
        let h = max(textHeight, 1)
        for (prev, w) in zip(words, words.dropFirst()) {
            let cjk = Self.isCJK(prev.text.unicodeScalars.last) && Self.isCJK(w.text.unicodeScalars.first)
            let tight = w.rect.minX - prev.rect.maxX < 0.25 * h
            let lastMiddle = prev.rect.maxX - prev.rect.width / Double(2 * max(prev.text.count, 1))
            let firstMiddle = w.rect.minX + w.rect.width / Double(2 * max(w.text.count, 1))
            let onePitch = firstMiddle - lastMiddle < 1.1 * h
            if cjk && (tight || onePitch || w.joinsPrevious) { out[out.count - 1].append(w) } else { out.append([w]) }
        }
        return out
    }

    /// Whether the line is one Hangul, Han or Kana word set letter-spaced, as signs often set a short one
    /// ("안 전 문", "화 장 실"): two or more words of one syllable each, evenly spaced (pitches, middle to
    /// middle, within a quarter of each other) and no farther apart than `letterSpacedPitch` text heights.
    /// Spaced so, the syllables stand as far apart as words do (a pitch of 1.31 heights for 안전문 on a
    /// sign in a held-out font), but a line of single syllables each a word of its own is rare.
    ///
    /// The syllables' em is the longest side of their boxes: a syllable stands on a square em, but Tesseract
    /// can box only part of one (a held-out sign's 100 px 수유실 boxed 45, 48 and 102 px tall, 99, 82 and 69
    /// wide), and measured by such heights its syllables stood 2.3 heights apart. Smeared by a moving camera,
    /// the same word boxed 15, 16 and 35 px tall and 28, 16 and 24 wide, its pitches 38 and 39 px: 1.6 of
    /// the middle width, 1.1 of the tallest box.
    var isLetterSpacedWord: Bool {
        guard words.count >= 2,
              words.allSatisfy({ $0.text.unicodeScalars.count == 1 && Self.isCJK($0.text.unicodeScalars.first) })
        else { return false }
        let h = max(words.map { max($0.rect.width, $0.rect.height) }.max() ?? 0, 1)
        let pitches = zip(words, words.dropFirst()).map { $1.rect.midX - $0.rect.midX }
        guard let low = pitches.min(), let high = pitches.max() else { return false }
        return low > 0 && high <= Self.letterSpacedPitch * h && high <= 1.25 * low
    }

    /// The widest pitch (in text heights) of a letter-spaced word's syllables (`isLetterSpacedWord`).
    static let letterSpacedPitch = 1.6

    /// Hangul syllables and jamo, CJK ideographs, Hiragana and Katakana.
    static func isCJK(_ s: Unicode.Scalar?) -> Bool {
        guard let v = s?.value else { return false }
        return (0xAC00...0xD7A3).contains(v) || (0x1100...0x11FF).contains(v) || (0x3130...0x318F).contains(v)
            || (0x4E00...0x9FFF).contains(v) || (0x3040...0x30FF).contains(v)
    }
    /// A Hangul letter standing alone (a compatibility jamo, "ㅅ"), not composed into a syllable. (Conjoining
    /// jamo compose syllables in decomposed text.)
    static func isJamo(_ s: Unicode.Scalar) -> Bool { (0x3130...0x318F).contains(s.value) }

    var rect: PixelRect { words.dropFirst().reduce(words[0].rect) { $0.union($1.rect) } }

    /// Character-weighted mean of the word confidences.
    var confidence: Double {
        let n = words.reduce(0) { $0 + max(1, $1.text.count) }
        guard n > 0 else { return 0 }
        return words.reduce(0) { $0 + $1.confidence * Double(max(1, $1.text.count)) } / Double(n)
    }

    /// Height of the line's words, ignoring the skew that makes its box taller.
    var textHeight: Double {
        let hs = words.map(\.rect.height).sorted()
        return hs.isEmpty ? 0 : hs[hs.count / 2]
    }
}
