/// Drops what textures, edges and noise make Tesseract "read": low-confidence fragments that are not
/// words. A line a person would read has letters or digits and either a confident reading or real
/// words in it.
enum LineFilter {
    /// Lines at or above this confidence are kept when they hold any letter or digit.
    static let confident = 70.0
    /// Below this a line is dropped whatever it says.
    static let hopeless = 35.0

    /// The line without noise words at its ends, or `nil` when nothing worth reading is left.
    static func clean(_ line: TextLine) -> TextLine? {
        var words = line.words
        while let w = words.first, isNoise(w) { words.removeFirst() }
        while let w = words.last, isNoise(w) { words.removeLast() }
        guard !words.isEmpty else { return nil }
        let l = TextLine(words: words, slope: line.slope)
        return keeps(l) ? l : nil
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

    /// A word that is only a symbol or a single low-confidence mark, as panel edges and bricks give.
    static func isNoise(_ w: TextWord) -> Bool {
        let alnum = w.text.filter { $0.isLetter || $0.isNumber }.count
        if alnum == 0 { return w.confidence < 80 || w.text.count == 1 }
        if alnum == 1 && w.text.count <= 2 && w.confidence < 50 { return true }
        // One letter over and over ("HHHHH", "eee"): the courses of a brick wall, railings, blinds.
        let letters = w.text.filter(\.isLetter).map { $0.lowercased() }
        if letters.count >= 3, letters.count == alnum, Set(letters).count == 1 { return true }
        // Two letters mixed, read unsure ("EOE", "REE", "nen", 35–39%): a honeycomb, a grid of windows.
        // Words of two letters ("all", "see", "off") read as text do better than that.
        if letters.count >= 3, letters.count == alnum, Set(letters).count == 2, w.confidence < 50 { return true }
        return w.confidence < 20
    }
}
