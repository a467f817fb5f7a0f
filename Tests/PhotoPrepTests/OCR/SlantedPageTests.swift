import Foundation
import Testing
@testable import PhotoPrep

/// A page whose lines Tesseract's layout analysis breaks because they are slanted is read again level.
@Suite struct SlantedPageTests {
    /// A page of `count` lines read at `confidence`, of which `pieces` are cut short (a third of a line).
    static func page(_ count: Int, confidence: Double, pieces: Int = 0) -> [FoundLine] {
        let words = ["visitors", "during", "please", "made", "years", "photography", "permit", "group"]
        return (0..<count).map { i in
            let n = i < pieces ? 3 : words.count
            return UprightReadingTests.line(words.prefix(n).map { ($0, confidence, true) }, y: 100 + Double(i) * 20)
        }
    }

    @Test func aPageReadVeryUnsurelyOrInPiecesLooksBrokenBySlant() {
        // Read unsurely, but in whole lines (a paragraph's end here and there): a faint page, not a broken one.
        #expect(!TesseractEngine.readAsIfBrokenBySlant(Self.page(40, confidence: 85, pieces: 4)))
        // The same page with a fifth of its lines in pieces, or read very unsurely.
        #expect(TesseractEngine.readAsIfBrokenBySlant(Self.page(40, confidence: 85, pieces: 8)))
        #expect(TesseractEngine.readAsIfBrokenBySlant(Self.page(40, confidence: 70)))
        // Read surely, pieces and all (a page with a table's short cells), or not a page at all.
        #expect(!TesseractEngine.readAsIfBrokenBySlant(Self.page(40, confidence: 95, pieces: 12)))
        #expect(!TesseractEngine.readAsIfBrokenBySlant(Self.page(19, confidence: 60, pieces: 10)))
    }

    @Test func aSlantedPageOfSmallPrintIsReadLevel() throws {
        // Part of a page rendered by the evaluation harness (seed 99, small-06), in grey: dense, blurred
        // small print (lines 20 px apart, letters 7 px high) tilted 2.2°. Tesseract's layout analysis broke
        // it into pieces and lost most of its lines while reading the others surely; read as it was, 7 of
        // these 28 lines were read.
        let image = try OCRFixtures.committed("tilted-small-print.jpg")
        let read = try TesseractEngine(languages: "eng").recognize(image).lines.map(\.text)
        // The lines the renderer set there, whole in the crop (the rows cut by its top and bottom left out).
        let truth = [
            "visitors during all please made years as photography permit group ticket season to school",
            "will phone ticket garden people over state by season train before collection there residents;",
            "cleaning history was under building west that; local group reading you adults address local",
            "between century where their Cleaning thank other bridge Every monday visitors first Garden",
            "will number many Bridge children river except. Modern but residents that council library",
            "been collection from weather through exhibition free market public, Evening School built",
            "ticket years also season more address except area ticket; daily by paintings season first",
            "where permit water meeting later built some except most tuesday also many visitors house",
            "entrance. visitors as on water time address, more by phone for visitors had winter or, Daily",
            "has Morning cleaning bridge inside area river; Market address; for reading will. could",
            "children opened discount guided building group have Also which inside river where council",
            "service where train museum such before website; to permit public during train, west has",
            "river study history open where house all you north children which except garden holidays",
            "between street thank train exhibition but But is collection be other many which Local parking",
            "quiet group group ancient while you not cleaning east holidays there. address could winter",
            "in library Such two garden water except garden monday opened Paintings bridge tuesday",
            "contact new season under study every be East are at cooperation thank Of hours except",
            "World Tours reading winter the could summer Two while was since on winter note study by",
            "quiet council all quiet later State as but museum from free study state library library",
            "information and other made open required residents built more between; world residents",
            "their monday free on; world library, entrance council than this available to tours other time",
            "museum built. customers opened cleaning season information school Reading season had",
            "summer website made collection area winter address notice holidays design one were first",
            "more bridge summer street had service tours cleaning are contact guided tours opened",
            "council street building council collection exhibition were not Street, under group it available",
            "as winter Monday that of ticket quiet reading train daily modern century service than house",
            "photography group design had Residents. would school same public collection permit permit",
            "such every; Could by. please train such Been building there address contact please which",
        ]
        let found = OCRFixtures.found(truth, in: read)
        #expect(found.count >= 26, "read \(found.count) of \(truth.count): \(read)")
    }

    /// A page whose slant Leptonica finds as surely as a page's is read level at once: part of a held-out
    /// harness page (seed 6060, small-01, in grey: 6 px letters tilted 1.8°, a slant found at a confidence
    /// of 23). Read as it was first, it read broken (72%) and was read again level: the page and the level
    /// page each with fainter ink too, 6.8 whole readings' work with its unsure lines read alone, for the
    /// same 87 lines as read level at once in 4.8.
    @Test func aSurelySlantedPageIsReadLevelOnly() throws {
        let (read, readings) = try UprightReadingTests.readingWithWork("slanted-small-print-page.jpg")
        #expect(read.lines.count >= 80)
        #expect(readings < 5.5, "the page was read \(readings) times over")
    }

    /// A page whose slant the first reading finds as surely as a page's is read level, and only so, though
    /// it reads little level (`ReadingPlan.restReadLevel`): read as it was, it reads no more. Held-out pages of
    /// small print a shaking camera smeared past reading were read level and then as they were, 5 s each time.
    /// The page here: 40 lines tilted 2°, smeared 12 px along them, read as nothing.
    @Test func aPageReadingLittleLevelIsNotReadAsItWasToo() throws {
        let lines = MotionBlurTests.pageLines(40, seed: 5)
        let page = try OCRFixtures.magick([
            "-size", "1400x\(lines.count * 34 + 120)", "xc:#ecebe6", "-font", "DejaVu-Sans", "-pointsize", "21",
            "-fill", "#26262a", "-annotate", "+60+70", lines.joined(separator: "\n"), "-background", "#ecebe6",
            "-rotate", "2", "-colorspace", "gray", "pgm:-",
        ])
        let smeared = MotionBlurTests.streaked(page, length: 12, angle: 0)
        let engine = try TesseractEngine()
        guard let pix = LeptonicaImage(smeared), let grey = pix.grey() else { throw MissedBlocksTests.NoPicture() }
        var before = engine.pixelsRecognized
        let (found, plan) = try engine.findLines(in: grey, colour: pix, quarterTurns: 0, invert: false)
        #expect(TesseractEngine.readableCharacters(found) < TesseractEngine.littleRead)
        #expect(plan.restReadLevel.value == true, "the first reading did not read the page level")
        // One reading of the picture (turned level, so a little larger), not two.
        let once = Double(engine.pixelsRecognized - before) / Double(smeared.width * smeared.height)
        #expect(once < 1.5, "read \(once) times the picture")
        before = engine.pixelsRecognized
        #expect(try engine.levelledPage(found, plan: plan, in: grey) == nil)
        #expect(engine.pixelsRecognized == before, "read level again")
        // Read as it was, the page reads as little.
        let asItWas = try engine.pass(grey, scale: 1)
        #expect(TesseractEngine.readableCharacters(asItWas) < TesseractEngine.littleRead)
    }
}
