import Foundation
import Testing
@testable import PhotoPrep

@Suite struct TesseractEngineTests {
    static let signLines = ["PLATFORM 3", "Exit to Seoul Station", "Trains every 5 minutes"]

    /// A plain sign: black DejaVu text on white, one line per 100-pixel band.
    static func renderSign(lines: [String], width: Int = 900) throws -> Raster {
        var args = ["-size", "\(width)x\(100 * lines.count + 100)", "xc:white", "-font", "DejaVu-Sans",
                    "-pointsize", "40", "-fill", "black"]
        for (i, line) in lines.enumerated() {
            args += ["-annotate", "+60+\(100 * i + 110)", line]
        }
        return try OCRFixtures.magick(args + ["-colorspace", "gray", "pgm:-"])
    }

    @Test func aRenderedSignHasItsLinesInOrderBoxedWhereTheTextIs() throws {
        let image = try Self.renderSign(lines: Self.signLines)
        let engine = try TesseractEngine()
        let result = try engine.recognize(image)

        #expect(result.lines.map(\.text) == Self.signLines)
        #expect(result.textRotation == 0)
        #expect(result.engine.hasPrefix("tesseract 5"))
        #expect(result.languages == "eng")
        for (i, line) in result.lines.enumerated() {
            // Line i was drawn in the band 100·i+50 ..< 100·i+150.
            let ink = try #require(OCRFixtures.inkBox(image, rows: (100 * i + 50)..<(100 * i + 150)))
            #expect(OCRFixtures.overlap(line.box, ink) > 0.8, "line \(i + 1) box \(line.box) vs ink \(ink)")
            #expect(line.confidence > 80 && line.confidence <= 100)
        }
    }

    @Test func findsAtLeastWhatTheTesseractCLIFindsOnTheSamePixels() throws {
        let image = try OCRFixtures.magick([
            "-size", "1200x700", "xc:#d8d8d0", "-font", "DejaVu-Serif", "-pointsize", "34", "-fill", "#202020",
            "-annotate", "+70+120", "Opening hours", "-pointsize", "26",
            "-annotate", "+70+220", "Monday to Friday 9:00 - 18:00",
            "-annotate", "+70+290", "Saturday 10:00 - 14:00",
            "-annotate", "+70+360", "Closed on Sundays and holidays",
            "-seed", "7", "-attenuate", "0.4", "+noise", "Gaussian", "-blur", "0x0.7", "ppm:-",
        ])
        let oracle = try OCRFixtures.tesseractCLILines(image)
        #expect(oracle.count >= 3, "the oracle itself should read this sign")
        let ours = try TesseractEngine().recognize(image).lines.map(\.text)
        for line in oracle {
            #expect(ours.contains(line), "the CLI found '\(line)'; we found \(ours)")
        }
    }

    @Test func aBlankPictureHasNoLines() throws {
        let image = Raster(width: 640, height: 480, channels: 3,
                           pixels: [UInt8](repeating: 200, count: 640 * 480 * 3))
        #expect(try TesseractEngine().recognize(image).lines.isEmpty)
    }

    @Test func oneEngineReadsManyPhotos() throws {
        let engine = try TesseractEngine()
        let first = try engine.recognize(Self.renderSign(lines: ["FIRST SIGN"]))
        let second = try engine.recognize(Self.renderSign(lines: ["SECOND SIGN", "with two lines"]))
        #expect(first.lines.map(\.text) == ["FIRST SIGN"])
        #expect(second.lines.map(\.text) == ["SECOND SIGN", "with two lines"])
    }

    /// Tesseract's table finder merges ruled lines into cells, and the mortar of a grainy brick wall,
    /// thresholded into dotted lines, kept it busy for 15 s of a held-out sign wall's 19 (seed 6060,
    /// korean-02: 1.4 s without it, the same 18 lines and one junk line fewer). Nothing we read is a table.
    @Test func theEngineRunsNoTableFinder() throws {
        let engine = try TesseractEngine(languages: "kor+eng")
        #expect(engine.boolVariable("textord_tabfind_find_tables") == false)
        #expect(engine.boolVariable("no_such_parameter") == nil)
        // Still off after a reading (readings set and restore other parameters).
        _ = try engine.recognize(Self.renderSign(lines: ["FIRST SIGN"]))
        #expect(engine.boolVariable("textord_tabfind_find_tables") == false)
    }

    /// Tesseract's Korean model can read a word's syllables as words of their own, farther apart than
    /// `TextLine.text` joins: two, neither in its dictionary, are one word where together they are one it
    /// knows. The words as it read 종합운동장 on a harness sign (boxes as it gave them, 35 px Hangul).
    @Test func twoSyllablesReadAsWordsAreOneWhereTogetherTheyAreAWord() throws {
        let engine = try TesseractEngine(languages: "kor+eng")
        func word(_ text: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, known: Bool = false) -> TextWord {
            TextWord(text: text, confidence: 93, rect: PixelRect(minX: x, minY: y, maxX: x + w, maxY: y + h),
                     inDictionary: known)
        }
        func line(_ words: [TextWord]) -> String { engine.joiningSplitSyllables(TextLine(words: words, slope: 0)).text }
        let read = [word("종", 12, 24, 33, 33), word("합", 54, 23, 26, 35), word("운동장", 89, 29, 87, 31, known: true)]
        #expect(TextLine(words: read, slope: 0).text == "종 합 운동장")
        #expect(line(read) == "종합 운동장")
        // Joined so, each syllable keeps its box: 관리사무소, as another sign's words were read (리 and 사 one pitch
        // apart, 리's ink narrower than 관's), stays one word.
        #expect(line([word("관", 129, 56, 62, 63), word("리", 199, 53, 48, 65), word("사", 265, 51, 57, 65),
                      word("무소", 325, 53, 127, 61, known: true)]) == "관리사무소")
        // Two syllables that make no word together stay two (곳 and 실); so do two that would, far apart.
        #expect(line([word("찾는", 0, 24, 60, 34, known: true), word("곳", 72, 24, 30, 34), word("실", 120, 24, 30, 34)])
            == "찾는 곳 실")
        #expect(line([word("종", 12, 24, 33, 33), word("합", 150, 23, 26, 35), word("운동장", 189, 29, 87, 31, known: true)])
            == "종 합 운동장")
        // Latin letters are not joined.
        #expect(line([word("A", 0, 24, 30, 34), word("B", 40, 24, 30, 34)]) == "A B")
    }

    /// Hangul read a syllable to a word counts as readable text: Tesseract's Korean model reads words it does not
    /// know so (흡연실 as 흡, 연, 실), and counted as words of one letter, a Korean sign's surest lines counted for
    /// nothing, sending it to the spotter (`littleRead`) and its junk. The tesseract CLI, on the same pixels, is the
    /// oracle that the syllables are words of their own.
    @Test func hangulReadASyllableToAWordCountsAsReadableText() throws {
        let sign = try OCRFixtures.magick([
            "-size", "1400x300", "xc:white", "-fill", "black",
            "-font", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "-pointsize", "60",
            "-annotate", "+60+190", "흡연실 수유실 화장실 안내", "-colorspace", "gray", "pgm:-",
        ])
        let url = try OCRFixtures.writePNM(sign)
        defer { try? FileManager.default.removeItem(at: url) }
        let tsv = String(decoding: try OCRFixtures.run("tesseract", [url.path, "-", "-l", "kor+eng", "--psm", "7",
                                                                     "tsv"]), as: UTF8.self)
        // TSV rows of level 5 are words; the text is the twelfth column.
        let rows: [[Substring]] = tsv.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        let cliWords: [String] = rows.filter { $0.count == 12 && $0[0] == "5" }.map { String($0[11]) }
        #expect(cliWords.filter { $0.count == 1 }.count >= 3, "\(cliWords)")
        // The engine reads the line as the CLI does (one line, PSM 7): the same words.
        let engine = try TesseractEngine(languages: "kor+eng")
        guard let grey = LeptonicaImage(sign)?.grey() else { throw MissedBlocksTests.NoPicture() }
        let found = try engine.readLines(grey, layout: .line).map {
            FoundLine(line: $0, rect: $0.rect, textHeight: $0.textHeight)
        }
        #expect(found.flatMap(\.line.words).map(\.text) == cliWords)
        // Every syllable read surely counts (they read at 93–97%): 11 syllables, 9.35 readable characters at least.
        // Counted as Tesseract's words, only 화장실 and 안내 counted (4.85).
        let syllables = found.flatMap(\.line.words).reduce(0) { $0 + $1.text.count(where: \.isLetter) }
        #expect(syllables == 11, "\(cliWords)")
        #expect(TesseractEngine.readableCharacters(found) >= 0.85 * Double(syllables))
    }

    /// A page's words are walked in layout order (`CTesseractWords`), not with Tesseract's reading-order
    /// iterator, which walked the page's results from the start again for every word. On a page of two
    /// columns with a title and a line of Hangul, the tesseract CLI's own walk (its TSV, the same settings
    /// on the same pixels) is the oracle: the same words, in the same lines, in the same order, in the same
    /// boxes. Paragraphs found from the layout alone (`paragraph_text_based` off) change none of them.
    @Test func wordsAreWalkedAsTesseractsOwnIteratorWalksThem() throws {
        let left = "Trains leave every five minutes from the upper platform and every ten from the lower one"
        let right = "Tickets are sold at the machines beside the stairs and at the office near the main exit"
        let image = try OCRFixtures.magick([
            "-size", "1400x900", "xc:white", "-fill", "black", "-font", "DejaVu-Serif", "-pointsize", "40",
            "-annotate", "+80+90", "Station notices for the winter",
            "-font", "DejaVu-Sans", "-pointsize", "22",
            "(", "-size", "560x", "-background", "white", "caption:\(left) \(left) \(left)", ")",
            "-geometry", "+80+160", "-composite",
            "(", "-size", "560x", "-background", "white", "caption:\(right) \(right) \(right)", ")",
            "-geometry", "+760+160", "-composite",
            "-font", "Noto-Sans-CJK-KR", "-pointsize", "30", "-annotate", "+80+820", "서울역 방향 열차 안내",
            "-colorspace", "gray", "pgm:-",
        ])
        let engine = try TesseractEngine(languages: "kor+eng")
        guard let pix = LeptonicaImage(image), let grey = pix.grey() else {
            Issue.record("Leptonica could not take the page")
            return
        }
        let ours = try engine.readLines(grey, layout: .auto)
        #expect(engine.boolVariable("paragraph_text_based") == false)

        let url = try OCRFixtures.writePNM(image)
        defer { try? FileManager.default.removeItem(at: url) }
        let tsv = String(decoding: try OCRFixtures.run("tesseract", [
            url.path, "-", "-l", "kor+eng", "--psm", "3", "--dpi", "70",
            "-c", "thresholding_method=\(TextFinderOptions().thresholding)", "-c", "thresholding_window_size=1.0",
            "-c", "thresholding_kfactor=\(TesseractEngine.sauvolaK)", "-c", "textord_tabfind_find_tables=0", "tsv",
        ]), as: UTF8.self)
        // Level 5 rows are words: block, paragraph and line numbers, then the box and the text.
        var theirs: [[String]] = [], line = "", words: [String] = []
        for row in tsv.split(separator: "\n").map({ $0.split(separator: "\t", omittingEmptySubsequences: false) })
        where row.count == 12 && row[0] == "5" {
            let text = row[11].trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let at = "\(row[2]).\(row[3]).\(row[4])"
            if at != line, !words.isEmpty { theirs.append(words); words = [] }
            line = at
            words.append("\(text) \(row[6]),\(row[7]) \(row[8])x\(row[9])")
        }
        if !words.isEmpty { theirs.append(words) }
        let mine = ours.map { l in
            l.words.map { w in
                "\(w.text) \(Int(w.rect.minX)),\(Int(w.rect.minY)) \(Int(w.rect.width))x\(Int(w.rect.height))"
            }
        }
        #expect(theirs.count >= 10, "the oracle should read the page's lines: \(theirs)")
        #expect(theirs.joined().count >= 100)
        #expect(mine == theirs)
    }

    @Test func aMissingLanguageSaysWhichAndHowToInstallIt() throws {
        #expect(throws: OCRError.languageNotInstalled(language: "xyz", dataPath: try TessdataLocator.locate(explicit: nil))) {
            try TesseractEngine(languages: "eng+xyz")
        }
        let error = OCRError.languageNotInstalled(language: "chi_sim", dataPath: "/d")
        #expect(error.description.contains("chi_sim"))
        #expect(error.description.contains("apt-get install tesseract-ocr-chi-sim"))
    }

    @Test(arguments: ["", "eng+", "+eng", "eng kor", "../eng"])
    func aMalformedLanguageListIsRefused(languages: String) {
        #expect(throws: OCRError.invalidLanguages(languages)) { try TesseractEngine(languages: languages) }
    }

    @Test(arguments: [(1, 1), (3, 400), (100, 5), (5, 100), (2048, 6)])
    func aPictureTooSmallForTextHasNoLines(width: Int, height: Int) throws {
        // A strip of a photo, or a thumbnail: no text, and not an error (the photo is still prepared).
        let image = Raster(width: width, height: height, channels: 1,
                           pixels: [UInt8](repeating: 200, count: width * height))
        #expect(try TesseractEngine().recognize(image).lines.isEmpty)
    }

    @Test func anEmptyPictureIsAnErrorNotACrash() throws {
        let engine = try TesseractEngine()
        #expect(throws: OCRError.emptyImage(width: 0, height: 0)) {
            try engine.recognize(Raster(width: 0, height: 0, channels: 1, pixels: []))
        }
    }

    /// Small print is read again enlarged when lines read surely enough measure it small, and those lines
    /// hold something readable. A page of small print a shaking camera smeared read as 30 lines of junk at
    /// about 40%, three of them over 60% ("ee", "Bia", "eng"): measured 9 px by those three, it was read
    /// again ×2.3, for 12 s of more junk. Three lines of dictionary words read as surely are small print.
    @Test func onlyLinesWithReadableWordsMeasureTextForEnlarging() throws {
        // Lines of 9 px text.
        func line(_ words: [(String, Double, Bool)], y: Double) -> FoundLine {
            var l = UprightReadingTests.line(words, y: y)
            l.textHeight = 9
            return l
        }
        let junk = (0..<30).map {
            line([("Gwe", 40, false), ("anes", 38, false), ("wed", 42, true)], y: 80 + 60 * Double($0))
        }
        let scraps = [line([("ee", 70, false)], y: 20), line([("Bia", 64, false)], y: 40),
                      line([("eng", 62, false)], y: 60)]
        let engine = try TesseractEngine()
        #expect(engine.enlargement(for: junk + scraps, width: 1536, height: 2048) == nil)
        let words = [line([("north", 75, true), ("bridge", 72, true)], y: 20),
                     line([("along", 70, true), ("the", 68, true)], y: 40), line([("river", 66, true)], y: 60)]
        let factor = try #require(engine.enlargement(for: junk + words, width: 1536, height: 2048))
        #expect(factor >= 2, "enlarged ×\(factor)")
    }
}
