import Foundation
internal import CTesseract
internal import CTesseractWords

/// How Tesseract finds the text on a page before reading it.
enum PageLayout: Sendable {
    /// Tesseract's default (PSM 3): blocks, columns and lines found by its page layout analysis.
    case auto
    /// Sparse text (PSM 11): as much text as possible, in no particular order.
    case sparse
    /// One column of text of various sizes (PSM 4).
    case column
    /// One uniform block of text (PSM 6).
    case block
    /// One line of text (PSM 7).
    case line

    var mode: TessPageSegMode {
        switch self {
        case .auto: return PSM_AUTO
        case .sparse: return PSM_SPARSE_TEXT
        case .column: return PSM_SINGLE_COLUMN
        case .block: return PSM_SINGLE_BLOCK
        case .line: return PSM_SINGLE_LINE
        }
    }
}

extension TesseractEngine {
    /// One recognition pass over `image`: its text lines with their words, in Tesseract's order, in
    /// `image`'s pixel coordinates. Blank words and lines are left out; syllables read as words that make one
    /// word are marked so (`joiningSplitSyllables`), for every reading alike.
    ///
    /// The corresponding C functions are `TessBaseAPISetImage2`, `TessBaseAPIRecognize` and the
    /// `TessResultIterator` functions at `RIL_WORD`.
    func readLines(_ image: borrowing LeptonicaImage, layout: PageLayout, resolution: Int = 70)
        throws(OCRError) -> [TextLine]
    {
        // No line of text fits in fewer pixels, and Tesseract fails on such a picture ("Image too small
        // to scale"): a photo 100×5 px failed to be prepared at all.
        guard image.width >= Self.minimumSide, image.height >= Self.minimumSide else { return [] }
        TessBaseAPISetPageSegMode(api, layout.mode)
        TessBaseAPISetImage2(api, image.pix)
        TessBaseAPISetSourceResolution(api, Int32(resolution))
        defer { TessBaseAPIClear(api) }
        guard let monitor = TessMonitorCreate() else {
            throw .recognitionFailed(reason: "Tesseract could not create a progress monitor")
        }
        defer { TessMonitorDelete(monitor) }
        let watch = PassWatch(budget: passBudget)
        watch.install(on: monitor)
        pixelsRecognized += image.width * image.height
        let failed = withExtendedLifetime(watch) { TessBaseAPIRecognize(api, monitor) != 0 }
        if failed { throw .recognitionFailed(reason: watch.failure) }
        guard let it = TessBaseAPIGetIterator(api) else { return [] }
        defer { TessResultIteratorDelete(it) }
        let page = TessResultIteratorGetPageIterator(it)
        // Each line's words in layout order, walked a word at a time (`CTesseractWords`), unless a word is
        // written right to left: then in Tesseract's reading order, whose every step walks the page again.
        let layoutOrder = CTesseractWords_leftToRight(it) != 0
        if layoutOrder { CTesseractWords_begin(it) }
        var lines: [TextLine] = []
        var current: [TextWord] = []
        var slope = 0.0
        func flush() {
            if !current.isEmpty { lines.append(joiningSplitSyllables(TextLine(words: current, slope: slope))) }
            current = []
        }
        repeat {
            let startsLine = layoutOrder ? CTesseractWords_startsLine(it)
                : TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE)
            if startsLine != 0 {
                flush()
                var x1: Int32 = 0, y1: Int32 = 0, x2: Int32 = 0, y2: Int32 = 0
                if TessPageIteratorBaseline(page, RIL_TEXTLINE, &x1, &y1, &x2, &y2) != 0, x2 != x1 {
                    slope = Double(y2 - y1) / Double(x2 - x1)
                } else {
                    slope = 0
                }
            }
            let word = layoutOrder ? CTesseractWords_text(it) : TessResultIteratorGetUTF8Text(it, RIL_WORD)
            guard let cText = word else { continue }
            let text = String(cString: cText).trimmingCharacters(in: .whitespacesAndNewlines)
            TessDeleteText(cText)
            if text.isEmpty { continue }
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            guard TessPageIteratorBoundingBox(page, RIL_WORD, &l, &t, &r, &b) != 0 else { continue }
            var read = TextWord(
                text: text, confidence: Double(TessResultIteratorConfidence(it, RIL_WORD)),
                rect: PixelRect(minX: Double(l), minY: Double(t), maxX: Double(r), maxY: Double(b)),
                inDictionary: TessResultIteratorWordIsFromDictionary(it) != 0)
            if readsSeveralLanguages, let language = TessResultIteratorWordRecognitionLanguage(it) {
                read.otherLanguage = String(cString: language) != firstLanguage
            }
            current.append(read)
        } while (layoutOrder ? CTesseractWords_next(it) : TessResultIteratorNext(it, RIL_WORD)) != 0
        flush()
        return lines
    }

    /// `line` with each two Hangul, Han or Kana syllables that Tesseract read as words of their own, neither
    /// in its dictionary, read as one word (`TextWord.joinsPrevious`) where together they are a word it knows
    /// (`TessBaseAPIIsValidWord`) and stand no farther apart than a letter-spaced word's syllables
    /// (`TextLine.letterSpacedPitch` ems, the longest side of their boxes). Its Korean model read 종합운동장 on
    /// three harness signs as "종 합 운동장", 종 and 합 1.1 ems apart: as far as a space can be
    /// (`TextLine.readerWords`). 종합 is a word. The words keep their boxes, which `readerWords` measures.
    func joiningSplitSyllables(_ line: TextLine) -> TextLine {
        guard line.words.count >= 2, !line.isLetterSpacedWord else { return line }
        func alone(_ w: TextWord) -> Bool {
            !w.inDictionary && w.text.unicodeScalars.count == 1 && TextLine.isCJK(w.text.unicodeScalars.first)
        }
        var out = line
        for i in out.words.indices.dropFirst() {
            let prev = out.words[i - 1], w = out.words[i]
            guard alone(prev), alone(w), !prev.joinsPrevious else { continue }
            let em = max(prev.rect.width, prev.rect.height, w.rect.width, w.rect.height)
            let pitch = w.rect.midX - prev.rect.midX
            if pitch > 0, pitch <= TextLine.letterSpacedPitch * em,
               TessBaseAPIIsValidWord(api, prev.text + w.text) != 0
            {
                out.words[i].joinsPrevious = true
            }
        }
        return out
    }

    /// The lines of a part of the picture cut out with its corner at `origin`, enlarged by `factor` and
    /// framed by `frame` pixels (`image`), read as a single line; their words' boxes brought back to the
    /// picture's pixels.
    func readCutOut(_ image: borrowing LeptonicaImage, factor: Double, frame: Int = 0, origin: (x: Double, y: Double))
        throws(OCRError) -> [TextLine]
    {
        try readLines(image, layout: .line).map { line in
            var line = line
            for i in line.words.indices {
                line.words[i].rect = line.words[i].rect.moved(by: -Double(frame), -Double(frame))
                    .divided(by: factor).moved(by: origin.x, origin.y)
            }
            return line
        }
    }

    /// The smallest width and height, in pixels, of a picture worth reading.
    static let minimumSide = 8

    /// Sets a Tesseract parameter by name; false when Tesseract does not know it.
    /// The corresponding C function is `TessBaseAPISetVariable`.
    @discardableResult
    func setVariable(_ name: String, _ value: String) -> Bool {
        TessBaseAPISetVariable(api, name, value) != 0
    }

    /// A Tesseract parameter of type bool by name; `nil` when Tesseract has no such parameter.
    /// The corresponding C function is `TessBaseAPIGetBoolVariable`.
    func boolVariable(_ name: String) -> Bool? {
        var value: Int32 = 0
        return TessBaseAPIGetBoolVariable(api, name, &value) != 0 ? value != 0 : nil
    }
}
