import Testing
@testable import PhotoPrep

/// Whether a first reading stands the right way up for sure, so the turn search is skipped for it.
@Suite struct UprightReadingTests {
    /// A line of `words` (text, confidence, in the dictionary) from x = 100 at `y`, 20 px tall, each word
    /// 12 px a letter.
    static func line(_ words: [(String, Double, Bool)], y: Double) -> FoundLine {
        var x = 100.0
        let read = words.map { text, confidence, inDictionary in
            defer { x += Double(text.count) * 12 + 10 }
            return TextWord(text: text, confidence: confidence,
                            rect: PixelRect(minX: x, minY: y, maxX: x + Double(text.count) * 12, maxY: y + 20),
                            inDictionary: inDictionary)
        }
        let l = TextLine(words: read, slope: 0)
        return FoundLine(line: l, rect: l.rect, textHeight: 20)
    }

    static func verdict(_ found: [FoundLine]) -> Bool {
        let letters = Double(found.reduce(0) { $0 + $1.line.text.count(where: \.isLetter) })
        let inDictionary = TesseractEngine.dictionaryCharacters(found)
        return TesseractEngine.standsUpright(found, readable: TesseractEngine.readableCharacters(found),
                                             fewWords: inDictionary < 0.3 * letters)
    }

    /// A page of small print upside down reads as thousands of letters, nearly none of them words, but a
    /// sure dictionary word turns up among them by chance ("woos" at 91% on a rendered two-column page):
    /// one such word does not make the page upright (it was read upside down, 0 of 99 lines).
    @Test func aSureWordByChanceOnAPageUpsideDownIsNoSign() {
        let gibberish = "aq siaip pue aiem aBpug san Apmis si sGuaured sfepyoy ae uado Aepsam".split(separator: " ")
        var page = (0..<40).map { i in
            Self.line(gibberish.map { (String($0), 40 + Double(i % 5), false) }, y: 100 + Double(i) * 30)
        }
        page.append(Self.line([("aiem", 41, false), ("woos", 91, true), ("aBpug", 38, false)], y: 1400))
        #expect(!Self.verdict(page))
    }

    /// One sure word beside a scrap from a busy street, or a page of confident words, stands upright.
    @Test func aSureWordThatIsMuchOfTheReadingOrAConfidentPageStandsUpright() {
        let street = [Self.line([("Coffee", 94, true)], y: 300), Self.line([("BREESE", 41, false), ("Ss", 30, false)], y: 700)]
        #expect(Self.verdict(street))
        let page = (0..<30).map { i in
            Self.line([("museum", 95, true), ("garden", 93, true), ("opened", 96, true), ("daily", 92, true)],
                      y: 100 + Double(i) * 30)
        }
        #expect(Self.verdict(page))
        // Scraps alone, however confident, are no sign.
        #expect(!Self.verdict([Self.line([("SSOID", 81, false), ("OT", 93, true)], y: 300)]))
    }
}
