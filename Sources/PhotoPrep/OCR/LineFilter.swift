/// Drops what textures, edges and noise make Tesseract "read": low-confidence fragments that are not
/// words. A line a person would read has letters or digits and either a confident reading or real
/// words in it.
enum LineFilter {
    /// Lines at or above this confidence are kept when they hold any letter or digit.
    static let confident = 70.0
    /// Below this a line is dropped whatever it says.
    static let hopeless = 35.0

    /// The line without noise words at its ends, or `nil` when nothing worth reading is left. A line of
    /// running text keeps the words at its ends that `isRunningTextWord` says are its own.
    static func clean(_ line: TextLine) -> TextLine? {
        var start = line.words.startIndex, end = line.words.endIndex
        while start < end, isNoise(line.words[start]) { start += 1 }
        while end > start, isNoise(line.words[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        let core = TextLine(words: Array(line.words[start..<end]), slope: line.slope)
        guard keeps(core) else { return nil }
        // Judged on its own words, the line keeps the unsure words it runs on into.
        guard core.words.count >= runningText else {
            if end < line.words.count,
               isSureWordsNeighbour(line.words[end], after: line.words[end - 1],
                                    vertical: LineSplitter.Axis(line).vertical) { end += 1 }
            return TextLine(words: Array(line.words[start..<end]), slope: line.slope)
        }
        let height = core.textHeight
        while start > 0, isRunningTextWord(line.words[start - 1], height: height) { start -= 1 }
        while end < line.words.count, isRunningTextWord(line.words[end], height: height) { end += 1 }
        return TextLine(words: Array(line.words[start..<end]), slope: line.slope)
    }

    /// A line of at least this many words is running text: a page's, a poster's body.
    static let runningText = 4

    /// Whether `w`, a word at the end of a line of running text whose words stand `height` tall, is the
    /// line's own though `isNoise` takes it for noise: a word of three letters or more, of the line's
    /// height, that is noise only for its confidence. Tesseract's LSTM gives the first or last word of a
    /// line of small print 0–20% however well it reads it ("council" 0%, "bridge" 6%, "guided" 8% on a
    /// page photographed from one side), and dropping them cost such lines a word each.
    ///
    /// The line's height is its words' middle one, which ascenders and descenders make: a word of x-height
    /// letters alone stands about 0.6 of it ("aware", 11 px in a poster's line of 19). Half of it will do: at
    /// 0.7, a poster's "Smooth aware steady driver degree" lost "Smooth" (read "iooth", 0%, boxed 10 px),
    /// and over 24 harness sets 5 lines more read and 6 junk lines fewer, every photo that changed with
    /// fewer character errors.
    static func isRunningTextWord(_ w: TextWord, height: Double) -> Bool {
        let letters = w.text.filter(\.isLetter).count
        return letters >= 3 && Double(letters) >= 0.75 * Double(w.text.count)
            && w.rect.height >= runningWordHeight * height && w.rect.height <= 1.4 * height
            && !isNoise(w, confidence: 100)
    }

    /// The least height, in a line's text heights, of an unsure word `isRunningTextWord` keeps.
    static let runningWordHeight = 0.5

    /// Whether `w`, the word after a short line's last (`sure`), is the line's own though `isNoise` takes
    /// it for noise: a dictionary word of three letters or more, only its confidence noise, after a sure
    /// dictionary word and standing within its height. Tesseract can give the last word of a big line
    /// next to nothing however well it reads it: a poster's "Waiting room", 128 px tall, read "Waiting"
    /// 96% and "room" 9%. Not the word before a line's first: a row cut out of a street photo read a
    /// shop sign's "Dental Clinic" cut at its edge as "ental" (11%, a dictionary word to Tesseract) and
    /// "Clinic" (91%).
    ///
    /// Across a line that runs down the picture (`vertical`, read sideways), its words stand side by side
    /// instead: a shaken, turned poster's "Buses to University Hospital", read down the picture, its
    /// "Hospital" at 0%, lost the word, though it stood as wide as "University" (96%) right under it.
    static func isSureWordsNeighbour(_ w: TextWord, after sure: TextWord, vertical: Bool) -> Bool {
        let letters = w.text.filter(\.isLetter).count
        // Each word's extent across the line.
        let across = { (r: PixelRect) in vertical ? (r.minX, r.maxX) : (r.minY, r.maxY) }
        let (sureFrom, sureTo) = across(sure.rect), (from, to) = across(w.rect)
        let size = sureTo - sureFrom
        return w.inDictionary && letters >= 3 && letters == w.text.count
            && sure.inDictionary && sure.confidence >= 90 && sure.text.count(where: \.isLetter) >= 3
            && from >= sureFrom - 0.2 * size && to <= sureTo + 0.2 * size && to - from >= 0.4 * size
            && !isNoise(w, confidence: 100)
    }

    static func keeps(_ line: TextLine) -> Bool {
        let text = line.text
        let alnum = text.filter { $0.isLetter || $0.isNumber }.count
        guard alnum > 0 else { return false }
        let conf = line.confidence
        if conf < hopeless { return false }
        // Mostly symbols: "|| ~—", "=#=".
        if Double(alnum) < 0.5 * Double(text.filter { !$0.isWhitespace }.count) { return false }
        if alnum == 1 && conf < 85 { return false }
        if conf >= confident { return true }
        // Unsure: keep when it holds a real word or a number, not scattered letters.
        return line.words.contains { w in
            let letters = w.text.filter(\.isLetter).count
            let digits = w.text.filter(\.isNumber).count
            return (w.inDictionary && letters >= 3) || digits >= 2 || (letters >= 4 && w.confidence >= 60)
        }
    }

    /// A reading alone that confirms an unsure line has at least this confidence.
    static let sure = 85.0

    /// Whether a line `clean` drops is worth reading again alone: an unsure reading of CJK syllables,
    /// not one syllable repeated. One Hangul syllable carries what two or three Latin letters do, and
    /// Korean signs are full of words of two (금연, 시청, 입구) that the unsure rule's words of three
    /// letters or four never admit; a texture read as Korean gives one syllable over and over ("이이").
    static func deservesSecondLook(_ line: TextLine) -> Bool {
        let syllables = line.text.unicodeScalars.filter { TextLine.isCJK($0) }
        guard syllables.count >= 2, line.textHeight >= 8 else { return false }
        let letters = line.text.filter { $0.isLetter || $0.isNumber }
        return syllables.count * 2 >= letters.count && Set(syllables).count >= 2
    }

    /// Whether `clean`, a short line (under `runningText` words) that `clean(_:)` made of `line`, lost a word at
    /// an end that stands as a letter of the line would: as tall as its words (0.7–1.4×), as wide as half that or
    /// more, within a word space of them. Tesseract can read a sign's first or last letter as a mark, dropped as
    /// noise, where the line alone reads whole: a sign's 탑승구 read "-: 승구" in its panel, and 탑승구 alone.
    static func lostLetterAtEnd(_ line: TextLine, cleaned clean: TextLine) -> Bool {
        guard clean.words.count < runningText, let first = clean.words.first, let last = clean.words.last,
              let i = line.words.firstIndex(of: first), let j = line.words.lastIndex(of: last)
        else { return false }
        let h = clean.textHeight
        func letterBeside(_ w: TextWord, _ k: TextWord) -> Bool {
            w.rect.height >= 0.7 * h && w.rect.height <= 1.4 * h && w.rect.width >= 0.5 * h
                && max(k.rect.minX - w.rect.maxX, w.rect.minX - k.rect.maxX) <= h
        }
        return i > 0 && letterBeside(line.words[i - 1], first)
            || j + 1 < line.words.count && letterBeside(line.words[j + 1], last)
    }

    /// A word that is only a symbol or a single low-confidence mark, as panel edges and bricks give.
    static func isNoise(_ w: TextWord) -> Bool { isNoise(w, confidence: w.confidence) }

    /// `isNoise` for `w` read with `confidence`.
    static func isNoise(_ w: TextWord, confidence: Double) -> Bool {
        let alnum = w.text.filter { $0.isLetter || $0.isNumber }.count
        if alnum == 0 { return confidence < 80 || w.text.count == 1 }
        if alnum == 1 && w.text.count <= 2 && confidence < 50 { return true }
        // One letter over and over ("HHHHH", "eee"): the courses of a brick wall, railings, blinds.
        let letters = w.text.filter(\.isLetter).map { $0.lowercased() }
        if letters.count >= 3, letters.count == alnum, Set(letters).count == 1 { return true }
        // Two letters mixed, read unsure ("EOE", "REE", "nen", 35–39%): a honeycomb, a grid of windows.
        // Words of two letters ("all", "see", "off") read as text do better than that.
        if letters.count >= 3, letters.count == alnum, Set(letters).count == 2, confidence < 50 { return true }
        return confidence < 20
    }
}
